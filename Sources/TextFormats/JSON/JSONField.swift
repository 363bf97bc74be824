/// A value at a path in a decoded document, with typed reads that fail with `JSONFieldError`s
/// naming that path.
///
///     let root = JSONField(try JSONValue(parsing: body))
///     let jobId = try root.field("jobId").string()
///     let count = try root.field("payload").optionalField("processedCount")?.int64()
///
/// It is the small, general layer under the model's message codecs: it checks kinds and presence,
/// and `invalid(_:)` lets a codec report a value it does not allow at the same path.
public struct JSONField: Sendable, Hashable {
    /// The value at `path`.
    public let value: JSONValue
    /// The path of the enclosing value, and how this one is reached from it. The path itself is built
    /// only when asked for (an error names it): decoding a valid message reads many fields and needs
    /// none of their paths.
    let parentPath: String
    let step: Step

    enum Step: Sendable, Hashable {
        /// `parentPath` is this value's whole path.
        case whole
        case member(String)
        case element(Int)
    }

    /// Where `value` is in the document (see `JSONFieldError` for the notation); empty for the root.
    public var path: String {
        switch step {
        case .whole: return parentPath
        case let .member(key): return Self.childPath(of: parentPath, key)
        case let .element(index): return parentPath + "[\(index)]"
        }
    }

    /// The top-level value of a document.
    public init(_ value: JSONValue) {
        self.init(value, path: "")
    }

    public init(_ value: JSONValue, path: String) {
        self.value = value
        self.parentPath = path
        self.step = .whole
    }

    init(_ value: JSONValue, parentPath: String, step: Step) {
        self.value = value
        self.parentPath = parentPath
        self.step = step
    }

    /// An object or array has fields of its own, which all need its path: build it once, now. A scalar
    /// keeps its path unbuilt until an error asks for it.
    func materializedIfContainer() -> JSONField {
        switch value {
        case .object, .array: return JSONField(value, path: path)
        default: return self
        }
    }

    public static func == (lhs: JSONField, rhs: JSONField) -> Bool {
        lhs.value == rhs.value && lhs.path == rhs.path
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
        hasher.combine(path)
    }

    // MARK: - Members and elements

    /// The required member `key` of this object.
    ///
    /// - Throws: `.wrongType` if this is not an object, `.missing` if it has no member `key`.
    public func field(_ key: String) throws(JSONFieldError) -> JSONField {
        guard let child = try optionalMember(key) else { throw .missing(path: childPath(key)) }
        return child
    }

    /// The optional member `key` of this object, or `nil` when it is absent or `null`.
    ///
    /// `null` counts as absent because JavaScript senders write either for "no value" (as
    /// `decodeIfPresent` does in Swift's Codable); use `field(_:)` to see a `null` as it is.
    ///
    /// - Throws: `.wrongType` if this is not an object.
    public func optionalField(_ key: String) throws(JSONFieldError) -> JSONField? {
        guard let child = try optionalMember(key), !child.value.isNull else { return nil }
        return child
    }

    private func optionalMember(_ key: String) throws(JSONFieldError) -> JSONField? {
        guard case let .object(object) = value else { throw wrongType(expected: JSONValue.Kind.object.rawValue) }
        guard let member = object[key] else { return nil }
        return JSONField(member, parentPath: path, step: .member(key)).materializedIfContainer()
    }

    /// The elements of this array, each with its path (`items[0]`, `items[1]`, …).
    ///
    /// - Throws: `.wrongType` if this is not an array.
    public func elements() throws(JSONFieldError) -> [JSONField] {
        guard case let .array(elements) = value else { throw wrongType(expected: JSONValue.Kind.array.rawValue) }
        let parent = path
        return elements.enumerated().map { index, element in JSONField(element, parentPath: parent, step: .element(index)).materializedIfContainer() }
    }

    /// The members of this object, in document order, each with its path.
    ///
    /// - Throws: `.wrongType` if this is not an object.
    public func members() throws(JSONFieldError) -> [(key: String, field: JSONField)] {
        guard case let .object(object) = value else { throw wrongType(expected: JSONValue.Kind.object.rawValue) }
        let parent = path
        return object.members.map { member in (member.key, JSONField(member.value, parentPath: parent, step: .member(member.key)).materializedIfContainer()) }
    }

    // MARK: - Scalars

    /// This value as a string. - Throws: `.wrongType` otherwise.
    public func string() throws(JSONFieldError) -> String {
        guard case let .string(text) = value else { throw wrongType(expected: JSONValue.Kind.string.rawValue) }
        return text
    }

    /// This value as a boolean. - Throws: `.wrongType` otherwise.
    public func bool() throws(JSONFieldError) -> Bool {
        guard case let .bool(flag) = value else { throw wrongType(expected: JSONValue.Kind.boolean.rawValue) }
        return flag
    }

    /// This value as an integer: a number written without fraction or exponent (see `JSONNumber.int64`).
    ///
    /// - Throws: `.wrongType(expected: "integer", found: "number")` for `1.5` or `1e3`, and
    ///   `found:` the kind for anything that is not a number.
    public func int64() throws(JSONFieldError) -> Int64 {
        guard let integer = value.int64 else { throw wrongType(expected: "integer") }
        return integer
    }

    /// This value as a `Double`; integers are converted (see `JSONNumber.double`).
    /// - Throws: `.wrongType` if this is not a number.
    public func double() throws(JSONFieldError) -> Double {
        guard let double = value.double else { throw wrongType(expected: JSONValue.Kind.number.rawValue) }
        return double
    }

    /// This value as a count: a non-negative integer.
    /// - Throws: `.wrongType` if it is not an integer, `.invalidValue` if it is negative.
    package func count() throws(JSONFieldError) -> Int {
        let value = try int64()
        guard value >= 0 else { throw invalid("must not be negative, got \(value)") }
        return Int(value)
    }

    /// This value as a string of at most `utf8BytesMax` UTF-8 bytes.
    /// - Throws: `.wrongType` if it is not a string, `.invalidValue` if it is longer.
    package func text(utf8BytesMax: Int) throws(JSONFieldError) -> String {
        let text = try string()
        let bytes = text.utf8.count
        guard bytes <= utf8BytesMax else {
            throw invalid("is \(bytes) UTF-8 bytes long; at most \(utf8BytesMax) are allowed")
        }
        return text
    }

    /// Requires `null`. - Throws: `.wrongType` otherwise.
    public func null() throws(JSONFieldError) {
        guard value.isNull else { throw wrongType(expected: JSONValue.Kind.null.rawValue) }
    }

    // MARK: - Errors at this path

    /// The error for a value of the right kind that is not allowed here, for codecs to throw.
    ///
    ///     guard (0...1).contains(progress) else { throw field.invalid("must be between 0 and 1, got \(progress)") }
    public func invalid(_ reason: String) -> JSONFieldError {
        .invalidValue(path: path, reason: reason)
    }

    public func wrongType(expected: String) -> JSONFieldError {
        .wrongType(path: path, expected: expected, found: value.kind.rawValue)
    }

    /// The path of member `key`: `path.key`, or `path["key"]` when `key` is not an identifier.
    public func childPath(_ key: String) -> String {
        Self.childPath(of: path, key)
    }

    static func childPath(of path: String, _ key: String) -> String {
        let isIdentifier = key.utf8.first.map { !Self.isDigit($0) } == true && key.utf8.allSatisfy(Self.isIdentifierByte)
        if isIdentifier { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONValue.string(key).encodedString() + "]"
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"):
            return true
        default:
            return false
        }
    }
}
