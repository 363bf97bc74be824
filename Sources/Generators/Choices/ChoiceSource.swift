/// The stream of choices a generator draws from: fresh from a seeded PRNG, or replayed from a record.
///
/// Generators never touch the PRNG directly; they ask the source for a choice of some `ChoiceKind`,
/// and the source either makes one up (generation) or reads the next one from a prefix (replay). In
/// replay, each choice is clamped to its kind's range and a prefix that runs out is padded with zeros,
/// so *every* sequence replays to a valid value: this is what lets the shrinker mutate sequences
/// freely and still shrink through `map`, `filter` and `flatMap`.
///
/// Generation decides *how* a fresh choice is made (biased toward edges, small values and values drawn
/// earlier in the same case); only the resulting index is recorded. Recording is optional: the property
/// runner generates without recording, and re-generates a failing case from its seed with recording on,
/// which gives the same choices because recording never influences a random decision.
public struct ChoiceSource {
    @usableFromInline var rng: Xoshiro256StarStar
    @usableFromInline let prefix: [UInt64]
    /// Whether choices come from `prefix` (replay) rather than from the PRNG (generation).
    public let isReplaying: Bool
    /// Whether choices, kinds and spans are written to `record`.
    public let isRecording: Bool
    /// The number of choices drawn so far.
    @inlinable public var position: Int { _position }
    @usableFromInline var _position: Int = 0
    /// The largest number of choices one value may draw before generation stops with `.overrun`.
    public let choicesMax: Int
    /// How large collections may grow in generation, from 0 (smallest) to 1 (full ranges).
    ///
    /// The property runner grows it over a run so early cases are small. Replay ignores it: the
    /// recorded choices alone decide sizes.
    public let sizeScale: Double
    /// What has been drawn, when `isRecording`.
    @inlinable public var record: ChoiceRecord { _record }
    @usableFromInline var _record = ChoiceRecord()
    @usableFromInline var openSpans: [Int] = []
    /// The most recent integer values drawn (as 64-bit patterns), reused to hit `a == b` cases.
    /// Inline storage: a fresh source per case must not allocate for it.
    @usableFromInline var recentValues = InlineArray<8, UInt64>(repeating: 0)
    @usableFromInline var recentCount = 0
    @usableFromInline var recentCursor = 0

    /// The number of recent integer values generation remembers for reuse (a power of two).
    public static var recentValuesMax: Int { 8 }
    /// The default bound on choices per generated value.
    public static let defaultChoicesMax = 100_000

    /// Creates a source that generates fresh choices from `seed`.
    public init(seed: UInt64, sizeScale: Double = 1, recording: Bool = false, choicesMax: Int = defaultChoicesMax) {
        precondition(sizeScale >= 0 && sizeScale <= 1, "sizeScale \(sizeScale) is outside 0...1")
        precondition(choicesMax > 0, "choicesMax must be positive, got \(choicesMax)")
        rng = Xoshiro256StarStar(seed: seed)
        prefix = []
        isReplaying = false
        isRecording = recording
        self.choicesMax = choicesMax
        self.sizeScale = sizeScale
    }

    /// Creates a source that replays `choices`, clamping each to its kind and padding with zeros.
    public init(replaying choices: [UInt64], recording: Bool = true, choicesMax: Int = defaultChoicesMax) {
        precondition(choicesMax > 0, "choicesMax must be positive, got \(choicesMax)")
        rng = Xoshiro256StarStar(seed: 0)  // Never drawn from: replay decides everything.
        prefix = choices
        isReplaying = true
        isRecording = recording
        self.choicesMax = choicesMax
        sizeScale = 1
    }

    // MARK: - The single commit point

    /// Records choice `fresh` (generation) or reads the next prefix choice (replay); returns the index.
    @inlinable
    mutating func commit(_ kind: ChoiceKind, fresh: UInt64) throws(GenerationStop) -> UInt64 {
        guard position < choicesMax else { throw .overrun(choicesMax: choicesMax) }
        var k = fresh
        if isReplaying {
            k = position < prefix.count ? Swift.min(prefix[position], kind.indexMax) : 0
        }
        _position &+= 1
        if isRecording {
            _record.choices.append(k)
            _record.kinds.append(kind)
        }
        return k
    }

    // MARK: - Choices

    /// Draws an index of `kind` uniformly in generation; returns the index.
    @inlinable
    public mutating func drawUniformIndex(_ kind: ChoiceKind) throws(GenerationStop) -> UInt64 {
        let fresh = isReplaying ? 0 : rng.nextBounded(through: kind.indexMax)
        return try commit(kind, fresh: fresh)
    }

    /// Draws an index below `count` (uniform in generation); shrinks toward 0.
    @inlinable
    public mutating func drawIndex(below count: Int) throws(GenerationStop) -> Int {
        precondition(count > 0, "drawIndex(below:) needs a positive count, got \(count)")
        return Int(try drawUniformIndex(ChoiceKind(offsetMax: UInt64(count - 1))))
    }

    /// Draws an index below `weights.count`, chosen in proportion to `weights` in generation.
    public mutating func drawWeightedIndex(_ weights: [UInt64], total: UInt64) throws(GenerationStop) -> Int {
        precondition(!weights.isEmpty && total > 0, "weighted choice needs a positive total weight")
        var fresh: UInt64 = 0
        if !isReplaying {
            var roll = rng.nextBounded(below: total)
            for (i, weight) in weights.enumerated() {
                if roll < weight { fresh = UInt64(i); break }
                roll -= weight
            }
        }
        return Int(try commit(ChoiceKind(offsetMax: UInt64(weights.count - 1)), fresh: fresh))
    }

    /// Draws a yes/no choice, yes with `probability` in generation; "no" is the simpler answer.
    @inlinable
    public mutating func drawFlag(probability: Double) throws(GenerationStop) -> Bool {
        let fresh: UInt64 = isReplaying ? 0 : (rng.nextBool(probability: probability) ? 1 : 0)
        return try commit(.flag, fresh: fresh) == 1
    }

    /// Draws an index of `kind` chosen by `choose` in generation; in replay, reads the recorded one.
    ///
    /// For generators with their own distribution (Unicode scalars weighted toward awkward blocks,
    /// dates weighted toward month ends): `choose` decides from the PRNG, only the index is recorded,
    /// and replay never calls it.
    /// - Precondition: `choose` returns an index no larger than `kind.indexMax`.
    @inlinable
    public mutating func drawIndex(_ kind: ChoiceKind, generatingWith choose: (inout Xoshiro256StarStar) -> UInt64) throws(GenerationStop) -> UInt64 {
        let fresh = isReplaying ? 0 : choose(&rng)
        precondition(fresh <= kind.indexMax, "chosen index \(fresh) exceeds the kind's maximum \(kind.indexMax)")
        return try commit(kind, fresh: fresh)
    }

    /// Records `value` as the answer in generation (a decision already taken, such as a planned
    /// collection size); in replay, reads the recorded answer instead.
    @inlinable
    public mutating func drawForced(_ kind: ChoiceKind, generating value: UInt64) throws(GenerationStop) -> UInt64 {
        try commit(kind, fresh: value)
    }

    /// Draws an integer offset of `kind`, biased toward edges, small values and recent values.
    ///
    /// - Parameter kind: the choice's range and shrink target; the offset lies in `0...kind.offsetMax`.
    /// - Parameter lowerBits: the bit pattern of the range's lower bound, so offsets can be compared
    ///   with recent values of other ranges.
    /// - Returns: the offset (value minus lower bound) in `0...kind.offsetMax`.
    @inlinable
    public mutating func drawInteger(_ kind: ChoiceKind, lowerBits: UInt64) throws(GenerationStop) -> UInt64 {
        if isReplaying {
            return kind.offset(forIndex: try commit(kind, fresh: 0))
        }
        guard position < choicesMax else { throw .overrun(choicesMax: choicesMax) }
        let offset = biasedOffset(kind, lowerBits: lowerBits)
        _position &+= 1
        if isRecording {
            _record.choices.append(kind.index(forOffset: offset))
            _record.kinds.append(kind)
        }
        remember(lowerBits &+ offset)
        return offset
    }

    @inlinable
    mutating func remember(_ valueBits: UInt64) {
        recentValues[recentCursor] = valueBits
        recentCursor = (recentCursor &+ 1) & (Self.recentValuesMax - 1)
        if recentCount < Self.recentValuesMax { recentCount &+= 1 }
    }

    /// The generation distribution of integers, in offsets.
    ///
    /// Uniform draws almost never produce `a == b`, off-by-one relations or range edges, which are
    /// where bugs live; so only about a fifth of draws are uniform. The rest: range edges and the
    /// target's neighbours (6%), a recent value or its neighbour (12%), small indices below 2^1...2^7
    /// (31%), and log-uniform indices (a bit width first, then a value of that width, 31%).
    ///
    /// One PRNG word decides the strategy and its small parameters (disjoint bit fields); a second
    /// word, when needed, is the value.
    @usableFromInline
    mutating func biasedOffset(_ kind: ChoiceKind, lowerBits: UInt64) -> UInt64 {
        let range = kind.offsetMax
        if range == 0 { return 0 }
        let word = rng.next()
        let roll = word >> 58  // 0..<64
        switch roll {
        case 0..<4:
            let t = kind.targetOffset
            switch (word & 0xFFFF) % 5 {
            case 0: return 0
            case 1: return range
            case 2: return t
            case 3: return t < range ? t + 1 : t
            default: return t > 0 ? t - 1 : t
            }
        case 4..<12 where recentCount > 0:
            let value = recentValues[Int((word & 0xFFFF) % UInt64(recentCount))]
            let nudge = ((word >> 16) & 0xFF) % 6
            let nudged = nudge == 0 ? value &+ 1 : (nudge == 1 ? value &- 1 : value)
            let offset = nudged &- lowerBits
            if offset <= range { return offset }
            return kind.offset(forIndex: boundedIndex(through: Swift.min(range, 127)))
        case 4..<32:
            let width = 1 + ((word >> 32) & 0xFF) % 7
            return kind.offset(forIndex: boundedIndex(through: Swift.min(range, (1 << width) - 1)))
        case 32..<52:
            let width = 1 + ((word >> 32) & 0xFF) % 64
            let widthMax: UInt64 = width == 64 ? .max : (1 << width) - 1
            return kind.offset(forIndex: boundedIndex(through: Swift.min(range, widthMax)))
        default:
            return rng.nextBounded(through: range)
        }
    }

    /// A uniform index in `0...maximum`; a mask when `maximum + 1` is a power of two, else Lemire.
    @inlinable
    mutating func boundedIndex(through maximum: UInt64) -> UInt64 {
        if maximum & (maximum &+ 1) == 0 { return rng.next() & maximum }
        return rng.nextBounded(through: maximum)
    }

    // MARK: - Collection sizes

    /// The collection size generation aims for in `range` (generation only; replay reads flags).
    ///
    /// Mostly uniform between the minimum and a maximum scaled by `sizeScale`, with the range's edges
    /// 1 time in 16 each. Ranges wider than `typicalCountMax` are generated up to that soft limit
    /// except at the edge rolls, so `0...Int.max` does not make giant values.
    public mutating func plannedCount(in range: ClosedRange<Int>) -> Int {
        let lower = range.lowerBound
        let upper = range.upperBound
        if lower == upper { return lower }
        let roll = rng.nextBounded(below: 16)
        if roll == 0 { return lower }
        let width = upper - lower
        if roll == 1, width <= Self.edgeCountMax { return upper }
        let typicalWidth = Swift.min(width, Self.typicalCountMax)
        // Truncation plus one rounds up without libm, which this module does not link.
        let scaledWidth = Swift.min(typicalWidth, Int(Double(typicalWidth) * sizeScale) + (sizeScale > 0 ? 1 : 0))
        return lower + Int(rng.nextBounded(through: UInt64(scaledWidth)))
    }

    /// Collections larger than this above their minimum are generated only at the range's edge.
    public static let typicalCountMax = 64
    /// The widest range whose upper edge generation still tries directly.
    public static let edgeCountMax = 1_000

    // MARK: - Spans

    /// Opens a span labelled `label`; returns a token for `endSpan(_:)` (-1 when not recording).
    @inlinable
    public mutating func beginSpan(_ label: SpanLabel) -> Int {
        guard isRecording else { return -1 }
        let index = _record.spans.count
        _record.spans.append(Span(start: position, end: position, label: label, parent: openSpans.last ?? -1, depth: openSpans.count))
        openSpans.append(index)
        return index
    }

    /// Closes the span opened with `token`.
    @inlinable
    public mutating func endSpan(_ token: Int) {
        guard token >= 0 else { return }
        precondition(openSpans.last == token, "spans must close in the order they opened (closing \(token), open \(openSpans))")
        openSpans.removeLast()
        _record.spans[token].end = _position
    }

    /// Runs `body` inside a span labelled `label`.
    @inlinable
    public mutating func withSpan<T>(_ label: SpanLabel, _ body: (inout ChoiceSource) throws(GenerationStop) -> T) throws(GenerationStop) -> T {
        let token = beginSpan(label)
        let value = try body(&self)
        endSpan(token)
        return value
    }

    /// Stops generating this value: the case is discarded, not failed.
    public func discard(_ reason: String) throws(GenerationStop) -> Never {
        throw .discarded(reason: reason)
    }
}
