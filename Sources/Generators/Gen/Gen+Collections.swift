extension Gen {
    /// Generates arrays with a count in `count`, each element from `element`.
    ///
    /// Before every element beyond the minimum, and once at the end, the array draws a "one more?"
    /// flag (at the maximum, a choice forced to "no"); the flag and its element form one span. So deleting a span deletes an
    /// element, and a shorter array is a shorter choice sequence, which is what shortlex shrinking
    /// prefers. Generation plans a size first (`ChoiceSource.plannedCount`) and records the flags
    /// that produce it.
    @inlinable
    public static func array(of element: Gen, count: ClosedRange<Int> = 0...32) -> Gen<[Value]> {
        precondition(count.lowerBound >= 0, "array count must not be negative, got \(count)")
        let run = element.run
        let lower = count.lowerBound
        let upper = count.upperBound
        return Gen<[Value]> { source throws(GenerationStop) in
            let planned = source.isReplaying ? 0 : source.plannedCount(in: count)
            let token = source.beginSpan(.array)
            var values: [Value] = []
            values.reserveCapacity(source.isReplaying ? lower : planned)
            while true {
                let elementToken = source.beginSpan(.arrayElement)
                if values.count >= lower, lower < upper {
                    // A full array still draws its stop choice, forced to 0, so that deleting an
                    // element of a full array does not pull the next value's choices into it.
                    let kind = values.count < upper ? ChoiceKind.flag : .forcedZero
                    let more = try source.drawForced(kind, generating: values.count < planned ? 1 : 0)
                    if more == 0 {
                        source.endSpan(elementToken)
                        break
                    }
                } else if values.count == upper {
                    source.endSpan(elementToken)
                    break
                }
                values.append(try run(&source))
                source.endSpan(elementToken)
            }
            source.endSpan(token)
            return values
        }
    }

    /// Generates sets with a count in `count`; duplicates drawn along the way are discarded.
    ///
    /// - Parameter element: the generator of the set's members.
    /// - Parameter count: the range the set's count lies in; its lower bound must not be negative.
    /// - Parameter attemptsMax: how many duplicate draws in a row are tolerated before generation
    ///   stops with `.filterExhausted` (the element generator has too few distinct values).
    @inlinable
    public static func set(of element: Gen, count: ClosedRange<Int> = 0...32, attemptsMax: Int = 100) -> Gen<Set<Value>> where Value: Hashable & Sendable {
        precondition(count.lowerBound >= 0, "set count must not be negative, got \(count)")
        let run = element.run
        let lower = count.lowerBound
        let upper = count.upperBound
        return Gen<Set<Value>> { source throws(GenerationStop) in
            let planned = source.isReplaying ? 0 : source.plannedCount(in: count)
            var values = Set<Value>()
            var duplicatesInRow = 0
            while true {
                let token = source.beginSpan(.setElement)
                if values.count >= lower, lower < upper {
                    let kind = values.count < upper ? ChoiceKind.flag : .forcedZero
                    let more = try source.drawForced(kind, generating: values.count < planned ? 1 : 0)
                    if more == 0 {
                        source.endSpan(token)
                        break
                    }
                } else if values.count == upper {
                    source.endSpan(token)
                    break
                }
                let value = try run(&source)
                source.endSpan(token)
                if values.insert(value).inserted {
                    duplicatesInRow = 0
                } else {
                    duplicatesInRow += 1
                    if duplicatesInRow >= attemptsMax {
                        throw .filterExhausted(label: "set(of:) distinct elements", attempts: attemptsMax)
                    }
                }
            }
            return values
        }
    }

    /// Generates a permutation of `elements`; the identity permutation is the simplest.
    ///
    /// A Fisher–Yates shuffle whose choice at step `i` is the distance to the swapped position, so
    /// every zero choice leaves an element in place.
    public static func shuffled(_ elements: [Value]) -> Gen<[Value]> where Value: Sendable {
        Gen<[Value]> { source throws(GenerationStop) in
            var result = elements
            if result.count < 2 { return result }
            for i in 0..<(result.count - 1) {
                let distance = try source.drawIndex(below: result.count - i)
                if distance != 0 { result.swapAt(i, i + distance) }
            }
            return result
        }
    }
}
