/// A JSON value, as RFC 8259 defines it: null, a boolean, a number, a string, an array or an object.
///
/// The model's wire formats (the backend's `POST /api/enrichment/cancel` bodies, the WebSocket
/// progress messages) are built from and decoded into `JSONValue`s (Seed: 000_…, API Specification;
/// Seed: 003_…, the WebSocket message protocol).
///
/// - Parsing (`init(parsing:limits:)`) is strict RFC 8259 over UTF-8 bytes, bounded by
///   `JSONParseLimits`, and reports every problem as a `JSONParseError` with its byte offset.
/// - Encoding (`encoded()`, `encodedString()`) is canonical: object keys sorted by their UTF-8 bytes,
///   no insignificant whitespace, minimal escapes. Equal values encode to identical bytes.
/// - Equality *is* canonical equality: two values are equal exactly when they encode to the same
///   bytes. So object member order does not matter, `1` differs from `1.0`, and strings compare by
///   their UTF-8 bytes, not by Swift's canonical equivalence ("é" as one scalar differs from "e"
///   followed by a combining acute accent, as it does on the wire).
/// - Reading (`value["jobId"]`, `.string`, `.int64`, and `JSONField` for errors that name the path)
///   never traps.
///
/// There is deliberately no `nil` literal (write `.null`): a type other than `Optional` that accepts
/// `nil` makes `JSONValue?` ambiguous.
public enum JSONValue: Sendable {
    /// The literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: an exact 64-bit integer or a finite double.
    case number(JSONNumber)
    /// A string, compared by its UTF-8 bytes.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; member order does not matter.
    case object(JSONObject)
}

// MARK: - Kinds

extension JSONValue {
    /// The six kinds of JSON value, named as error messages name them.
    public enum Kind: String, Sendable, Hashable, CustomStringConvertible {
        /// `null`, `true`/`false`, a number, a string, an array or an object.
        case null, boolean, number, string, array, object

        public var description: String { rawValue }
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .null: return .null
        case .bool: return .boolean
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }
}

// MARK: - Typed access

extension JSONValue {
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, if this is one.
    public var bool: Bool? {
        if case let .bool(value) = self { return value }
        return nil
    }

    public var number: JSONNumber? {
        if case let .number(value) = self { return value }
        return nil
    }

    /// The integer, if this is a number written as an integer (see `JSONNumber.int64`).
    public var int64: Int64? { number?.int64 }

    /// The number as a `Double`, if this is a number of either kind (see `JSONNumber.double`).
    public var double: Double? { number?.double }

    public var string: String? {
        if case let .string(value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [JSONValue]? {
        if case let .array(value) = self { return value }
        return nil
    }

    public var object: JSONObject? {
        if case let .object(value) = self { return value }
        return nil
    }

    /// The member named `key` (compared by UTF-8 bytes), or `nil` if this is not an object or has no
    /// such member.
    ///
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> JSONValue? {
        object?[key]
    }

    /// The element at `index`, or `nil` if this is not an array or `index` is out of bounds.
    public subscript(index: Int) -> JSONValue? {
        guard case let .array(elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

// MARK: - Construction

extension JSONValue {
    public static func integer(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

    /// A double number.
    /// - Precondition: `value` is finite (see `JSONNumber.init(_: Double)`).
    public static func double(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    public init(integerLiteral value: Int64) {
        self = .number(JSONNumber(value))
    }

    /// A double literal; JSON has no form for infinities, so this traps on one (never for a literal
    /// that compiles).
    public init(floatLiteral value: Double) {
        self = .number(JSONNumber(value))
    }

    public init(stringLiteral value: String) {
        self = .string(value)
    }

    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    /// An object with the members in the order written.
    /// - Precondition: the keys are distinct by UTF-8 bytes (see `JSONObject`).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

// MARK: - Equality

extension JSONValue: Hashable {
    /// Canonical equality: `lhs` and `rhs` are equal exactly when they encode to the same bytes.
    ///
    /// - Complexity: O(*n* log *n*) in the size of the values (keys are sorted to encode them). Iterative,
    ///   so no value is too deep to compare.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a.utf8.elementsEqual(b.utf8)
        case (.array, .array), (.object, .object): return lhs.encoded() == rhs.encoded()
        default: return false
        }
    }

    /// Hashes the canonical encoding, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(encoded())
    }
}

extension JSONValue: CustomStringConvertible, CustomDebugStringConvertible {
    /// The canonical encoding (`encodedString()`).
    public var description: String { encodedString() }

    /// The canonical encoding, so test failures show values as JSON.
    public var debugDescription: String { "JSONValue(" + encodedString() + ")" }
}
