/// The bounds a parse stays within, so a hostile document costs bounded time and memory.
///
/// Every limit is checked as the parser reads; the first one exceeded is reported as a
/// `JSONParseError` naming the limit and the byte where it was exceeded. The defaults suit the
/// model's request bodies and WebSocket messages, which are a few hundred bytes.
public struct JSONParseLimits: Sendable, Hashable {
    /// The most nesting any limits may allow, in arrays and objects.
    ///
    /// The parser itself is iterative and would take any depth, but the values it returns are
    /// released by Swift's recursive `deinit`, and callers walk them recursively; a thousand levels
    /// stay far within any thread's stack.
    public static let depthCeiling = 1_000

    /// The largest document, in bytes. Checked before reading anything.
    public let bytesMax: Int
    /// The deepest nesting of arrays and objects, in levels: `[]` is depth 1, `[[]]` depth 2.
    public let depthMax: Int
    /// The longest string (a value or a key), in UTF-8 bytes after unescaping.
    public let stringBytesMax: Int
    /// The most elements in one array, or members in one object.
    public let membersMax: Int
    /// The longest number, in bytes of its text (an `Int64` takes at most 20, a shortest-form double 24).
    public let numberBytesMax: Int

    /// The defaults: 1 MiB, depth 64, 64 KiB strings, 10,000 members, 100-byte numbers.
    public static let `default` = JSONParseLimits()

    /// Limits with the given bounds; each defaults to the value in `default`.
    ///
    /// - Precondition: every limit is at least 1, except `depthMax`, which may be 0 (no arrays or
    ///   objects at all) and at most `depthCeiling`.
    public init(
        bytesMax: Int = 1_048_576,
        depthMax: Int = 64,
        stringBytesMax: Int = 65_536,
        membersMax: Int = 10_000,
        numberBytesMax: Int = 100
    ) {
        precondition(bytesMax >= 1, "JSONParseLimits.bytesMax must be at least 1, got \(bytesMax)")
        precondition((0...Self.depthCeiling).contains(depthMax), "JSONParseLimits.depthMax must be in 0...\(Self.depthCeiling), got \(depthMax)")
        precondition(stringBytesMax >= 1, "JSONParseLimits.stringBytesMax must be at least 1, got \(stringBytesMax)")
        precondition(membersMax >= 1, "JSONParseLimits.membersMax must be at least 1, got \(membersMax)")
        precondition(numberBytesMax >= 1, "JSONParseLimits.numberBytesMax must be at least 1, got \(numberBytesMax)")
        self.bytesMax = bytesMax
        self.depthMax = depthMax
        self.stringBytesMax = stringBytesMax
        self.membersMax = membersMax
        self.numberBytesMax = numberBytesMax
    }
}
