/// A recorded run of a generator: its choices, their kinds and the spans that group them.
///
/// This is the unit the shrinker works on and the replay token carries (choices only). The generated
/// value is a pure function of `choices`: replaying them through the same generator gives the same
/// value, and any sequence at all replays to *some* valid value, because each choice is clamped to its
/// kind's range and a sequence that runs out is padded with zeros (the simplest choices).
public struct ChoiceRecord: Sendable, Hashable {
    /// The choice indices, in the order the generator drew them.
    public var choices: [UInt64]
    /// The kind of each choice; empty when the record was made without kinds.
    public var kinds: [ChoiceKind]
    /// The spans, in the order they were opened (parents before children).
    public var spans: [Span]

    /// Creates a record from its choices, their kinds and their spans; each defaults to empty.
    public init(choices: [UInt64] = [], kinds: [ChoiceKind] = [], spans: [Span] = []) {
        self.choices = choices
        self.kinds = kinds
        self.spans = spans
    }
}

/// A contiguous run of choices made by one generator call: a list element, a `flatMap`, a command.
///
/// Spans let the shrinker delete, zero, reorder or replace whole values rather than single choices.
public struct Span: Sendable, Hashable {
    /// The index of the first choice in the span.
    public var start: Int
    /// One past the index of the last choice in the span.
    public var end: Int
    /// What kind of generator made the span; siblings with equal labels are interchangeable.
    public var label: SpanLabel
    /// The index of the enclosing span in `ChoiceRecord.spans`, or -1 at top level.
    public var parent: Int
    /// Nesting depth: 0 at top level.
    public var depth: Int

    /// Creates a span over choices `start..<end` with its label and its place in the span tree.
    @inlinable
    public init(start: Int, end: Int, label: SpanLabel, parent: Int, depth: Int) {
        (self.start, self.end, self.label, self.parent, self.depth) = (start, end, label, parent, depth)
    }

    /// The number of choices the span covers.
    @inlinable public var count: Int { end - start }
    /// The positions of the span's choices in `ChoiceRecord.choices`.
    @inlinable public var range: Range<Int> { start..<end }
}

/// Identifies the generator that opened a span. Labels are compared, never ordered or iterated.
public struct SpanLabel: Hashable, Sendable, CustomStringConvertible {
    /// The label's 64-bit value: 1 through 10 for the built-in labels, an FNV-1a hash for named ones.
    public let rawValue: UInt64

    /// Creates a label from its raw value; the built-in labels use 1 through 10.
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// A label derived from a name by FNV-1a, so it is the same in every process.
    public init(_ name: String) {
        rawValue = FNV1a.hash(name)
    }

    public var description: String { "SpanLabel(0x\(String(rawValue, radix: 16)))" }

    /// One element of `Gen.array`, together with the "one more?" flag drawn before it.
    @inlinable public static var arrayElement: SpanLabel { SpanLabel(rawValue: 1) }
    /// A whole array from `Gen.array`, enclosing all its element spans.
    @inlinable public static var array: SpanLabel { SpanLabel(rawValue: 2) }
    /// A `Gen.flatMap` draw: the first value and the value generated from it.
    @inlinable public static var flatMap: SpanLabel { SpanLabel(rawValue: 3) }
    /// One attempt of `Gen.filter` or of a state machine's command draw, kept or rejected.
    @inlinable public static var filterAttempt: SpanLabel { SpanLabel(rawValue: 4) }
    /// A `Gen.oneOf` or `Gen.frequency` draw: the generator index and the value it made.
    @inlinable public static var oneOf: SpanLabel { SpanLabel(rawValue: 5) }
    /// A `Gen.optional` draw: the nil-or-value flag and, when not nil, the value.
    @inlinable public static var optional: SpanLabel { SpanLabel(rawValue: 6) }
    /// One element of `Gen.set`, together with the "one more?" flag drawn before it.
    @inlinable public static var setElement: SpanLabel { SpanLabel(rawValue: 7) }
    /// One level of `Gen.recursive`; all levels share it, so a node can be replaced by a descendant.
    @inlinable public static var recursion: SpanLabel { SpanLabel(rawValue: 8) }
    /// One command of a state-machine program: its "one more?" flag and its attempts.
    @inlinable public static var command: SpanLabel { SpanLabel(rawValue: 9) }
    /// A whole string from the string generators, so the shrinker can swap or copy whole strings.
    @inlinable public static var string: SpanLabel { SpanLabel(rawValue: 10) }
}

/// The 64-bit FNV-1a hash: stable across processes, unlike `Hasher`.
public enum FNV1a {
    /// Hashes the UTF-8 bytes of `text`: span labels, property seeds and the name a replay token is bound to.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Hashes the bytes of `words`, each word least significant byte first.
    public static func hash(_ words: [UInt64]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for word in words {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash ^= (word >> UInt64(shift)) & 0xFF
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        return hash
    }
}

/// Shortlex order on choice sequences: shorter first, then lexicographically smaller.
///
/// The shrinker accepts a candidate only when it is shortlex-smaller than the current best, so
/// shrinking always terminates and converges toward one normal form.
@inlinable
public func shortlexPrecedes(_ a: [UInt64], _ b: [UInt64]) -> Bool {
    if a.count != b.count { return a.count < b.count }
    for i in a.indices where a[i] != b[i] {
        return a[i] < b[i]
    }
    return false
}
