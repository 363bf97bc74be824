extension Gen where Value: FixedWidthInteger & Sendable {
    /// Generates integers in `range`, shrinking toward the value closest to zero.
    ///
    /// Generation is biased toward the range's edges, the target and its neighbours, small values and
    /// values drawn earlier in the same case (see `ChoiceSource.drawInteger`), so relations such as
    /// `a == b` and `abs(a - b) == 1` are found in a few hundred cases rather than never.
    @inlinable
    public static func integer(in range: ClosedRange<Value>) -> Gen {
        let lowerBits = UInt64(truncatingIfNeeded: range.lowerBound)
        let width = UInt64(truncatingIfNeeded: range.upperBound) &- lowerBits
        let target: UInt64
        if range.lowerBound > 0 {
            target = 0
        } else if range.upperBound < 0 {
            target = width
        } else {
            target = 0 &- lowerBits  // the offset of zero
        }
        let kind = ChoiceKind(offsetMax: width, targetOffset: target)
        return Gen { source throws(GenerationStop) in
            let offset = try source.drawInteger(kind, lowerBits: lowerBits)
            return Value(truncatingIfNeeded: lowerBits &+ offset)
        }
    }

    /// Generates integers over the type's whole range.
    public static var anyInteger: Gen { integer(in: Value.min...Value.max) }
}

extension Gen where Value == Int {
    /// Generates `Int`s in `range`, shrinking toward the value closest to zero.
    public static func int(in range: ClosedRange<Int>) -> Gen { integer(in: range) }

    /// Generates `Int`s over the whole range.
    public static var int: Gen { integer(in: Int.min...Int.max) }

    /// Generates positive `Int`s, shrinking toward 1.
    public static var positiveInt: Gen { integer(in: 1...Int.max) }
}

extension Gen where Value == UInt64 {
    /// Generates 64-bit words uniformly, with no bias; shrinks toward 0.
    public static var word: Gen {
        let kind = ChoiceKind(offsetMax: .max)
        return Gen { source throws(GenerationStop) in try source.drawUniformIndex(kind) }
    }
}

extension Gen where Value == Bool {
    /// Generates booleans, `false` being the simpler value.
    public static var bool: Gen { Gen { source throws(GenerationStop) in try source.drawFlag(probability: 0.5) } }

    /// Generates `true` with `probability`; `false` is the simpler value.
    public static func bool(probability: Double) -> Gen {
        Gen { source throws(GenerationStop) in try source.drawFlag(probability: probability) }
    }
}

extension Gen where Value == Double {
    /// Generates doubles in `range`, uniform on a grid of 2^53 steps, shrinking toward the lower bound.
    public static func double(in range: ClosedRange<Double>) -> Gen {
        precondition(range.lowerBound.isFinite && range.upperBound.isFinite, "double(in:) needs a finite range, got \(range)")
        let kind = ChoiceKind(offsetMax: (1 << 53) - 1)
        let lower = range.lowerBound
        let width = range.upperBound - range.lowerBound
        return Gen { source throws(GenerationStop) in
            let step = try source.drawInteger(kind, lowerBits: 0)
            return Swift.min(range.upperBound, lower + width * (Double(step) * 0x1.0p-53) * (1 + 0x1.0p-52))
        }
    }
}
