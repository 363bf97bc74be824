/// A JSON number: an exact 64-bit integer, or a finite `Double`.
///
/// A number written without a fraction or an exponent (`42`, `-7`) is an integer and is kept exactly
/// over the whole `Int64` range; every other number (`1.5`, `1e3`, `100.0`) is a `Double`. The two
/// never mix: `1` and `1.0` are different numbers, because they encode differently, and equality in
/// this module means "encodes to the same bytes" (so `0.0` and `-0.0` differ too).
///
/// A `JSONNumber` is never infinite or NaN, which JSON cannot express: the parser rejects numbers
/// that overflow a `Double`, `init?(finite:)` returns `nil` for them, and `init(_: Double)` treats
/// them as a programmer error. So encoding never has to invent a form for them.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// How the number is stored: exactly as an integer, or as a double.
    public enum Storage: Sendable {
        /// A number written without a fraction or exponent, kept exactly.
        case integer(Int64)
        /// Any other number, as a finite `Double`.
        case double(Double)
    }

    /// The stored number.
    public let storage: Storage

    /// An integer number, kept exactly.
    public init(_ value: Int64) {
        storage = .integer(value)
    }

    /// An integer number, kept exactly (`Int` is 64 bits wide on every platform this package supports).
    public init(_ value: Int) {
        storage = .integer(Int64(value))
    }

    /// A double number.
    ///
    /// - Precondition: `value` is finite. JSON has no form for infinities or NaN; use `init?(finite:)`
    ///   where the value comes from a computation that may overflow.
    public init(_ value: Double) {
        precondition(value.isFinite, "JSONNumber needs a finite Double, got \(value): JSON has no form for infinities or NaN; use JSONNumber(finite:) to handle it")
        storage = .double(value)
    }

    /// A double number, or `nil` when `value` is infinite or NaN.
    public init?(finite value: Double) {
        guard value.isFinite else { return nil }
        storage = .double(value)
    }

    /// The integer, when the number was written as one (no fraction, no exponent).
    ///
    /// A double with an integral value (`5.0`, `1e3`) is not an integer: JavaScript, which writes the
    /// backend's messages, never writes an integer that way, so such a number is a wrong type.
    public var int64: Int64? {
        if case let .integer(value) = storage { return value }
        return nil
    }

    /// The number as a `Double`; integers beyond ±2^53 are rounded to the nearest double.
    public var double: Double {
        switch storage {
        case let .integer(value): return Double(value)
        case let .double(value): return value
        }
    }

    /// Whether the number is stored as an exact integer.
    public var isInteger: Bool { int64 != nil }

    /// The number's JSON text: plain decimal for integers, Swift's shortest round-trip form for
    /// doubles (`1.0`, `0.1`, `1e+16`, `5e-324`, `-0.0`), all of which JSON accepts.
    public var description: String {
        switch storage {
        case let .integer(value): return String(value)
        case let .double(value): return value.description
        }
    }

    /// Equal when they encode to the same text: same storage kind and, for doubles, the same bits
    /// (a `JSONNumber` is never NaN, so this only separates `0.0` from `-0.0`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.integer(a), .integer(b)): return a == b
        case let (.double(a), .double(b)): return a.bitPattern == b.bitPattern
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch storage {
        case let .integer(value):
            hasher.combine(0 as UInt8)
            hasher.combine(value)
        case let .double(value):
            hasher.combine(1 as UInt8)
            hasher.combine(value.bitPattern)
        }
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) {
        self.init(value)
    }

    public init(floatLiteral value: Double) {
        self.init(value)
    }
}
