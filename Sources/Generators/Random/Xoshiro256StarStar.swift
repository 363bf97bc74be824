/// The project's pseudo-random number generator: xoshiro256** seeded through SplitMix64.
///
/// Every random decision in `Generators`, `SpecModel` and `Simulator` comes from this type, never from
/// the standard library's `SystemRandomNumberGenerator` or its `random(in:using:)` family, whose
/// algorithms may change between Swift versions. The same seed gives the same outputs on every
/// platform and toolchain; `RandomVectorTests` pins them against Vigna's reference C code.
///
/// - Seeding: the four state words are the first four outputs of `SplitMix64(seed:)`.
/// - Splitting: `split()` draws one output and seeds an independent child from it, so a root seed
///   fans out into a tree of generators (one per test case, per node, per link) whose streams do not
///   depend on the order in which siblings are used.
/// - Bounded integers use Lemire's nearly divisionless method; `nextDouble()` uses the top 53 bits.
///
/// The type deliberately does not conform to `RandomNumberGenerator`, so that the standard library's
/// unstable algorithms cannot be called on it by accident.
public struct Xoshiro256StarStar: Sendable, Hashable {
    @usableFromInline var s0: UInt64
    @usableFromInline var s1: UInt64
    @usableFromInline var s2: UInt64
    @usableFromInline var s3: UInt64

    /// Creates a generator from a 64-bit seed; every seed, including 0, is valid.
    public init(seed: UInt64) {
        var seeder = SplitMix64(seed: seed)
        s0 = seeder.next()
        s1 = seeder.next()
        s2 = seeder.next()
        s3 = seeder.next()
        // SplitMix64 is a bijection of its counter, so four consecutive outputs cannot all be zero;
        // the all-zero state is the one state xoshiro must never be in.
        precondition(s0 | s1 | s2 | s3 != 0, "xoshiro256** state is all zero for seed \(seed)")
    }

    /// Creates a generator from its raw state, for tests that pin the reference algorithm.
    package init(_state s0: UInt64, _ s1: UInt64, _ s2: UInt64, _ s3: UInt64) {
        precondition(s0 | s1 | s2 | s3 != 0, "xoshiro256** state must not be all zero")
        (self.s0, self.s1, self.s2, self.s3) = (s0, s1, s2, s3)
    }

    /// Returns the next 64 uniformly distributed bits.
    @inlinable
    public mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, by: 7) &* 9
        let t = s1 &<< 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, by: 45)
        return result
    }

    /// Returns an independent generator seeded from this one's next output.
    ///
    /// The parent advances by exactly one output, whatever the child later does.
    @inlinable
    public mutating func split() -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: next())
    }

    @inlinable @inline(__always)
    func rotateLeft(_ x: UInt64, by k: UInt64) -> UInt64 {
        (x &<< k) | (x &>> (64 &- k))
    }
}

extension Xoshiro256StarStar {
    /// Returns a uniformly distributed integer in `0..<bound`.
    ///
    /// Lemire's nearly divisionless method ("Fast Random Integer Generation in an Interval", 2019):
    /// one multiplication in the common case, and a rejection loop that removes the modulo bias.
    /// - Precondition: `bound > 0`.
    @inlinable
    public mutating func nextBounded(below bound: UInt64) -> UInt64 {
        precondition(bound > 0, "nextBounded(below:) needs a positive bound, got 0")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// Returns a uniformly distributed integer in `0...maximum`; the full `UInt64` range is allowed.
    @inlinable
    public mutating func nextBounded(through maximum: UInt64) -> UInt64 {
        maximum == .max ? next() : nextBounded(below: maximum &+ 1)
    }

    /// Returns a uniformly distributed `Int` in `range`.
    @inlinable
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound)) &- UInt64(bitPattern: Int64(range.lowerBound))
        let offset = nextBounded(through: span)
        return Int(truncatingIfNeeded: UInt64(bitPattern: Int64(range.lowerBound)) &+ offset)
    }

    /// Returns a double in `[0, 1)` made of the top 53 bits of the next output.
    @inlinable
    public mutating func nextDouble() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Returns `true` with the given probability; 0 is never and 1 is always.
    @inlinable
    public mutating func nextBool(probability: Double) -> Bool {
        precondition(probability >= 0 && probability <= 1, "probability \(probability) is outside 0...1")
        return nextDouble() < probability
    }

    /// Shuffles `elements` in place with the Fisher–Yates algorithm over `nextBounded(below:)`.
    public mutating func shuffle<Element>(_ elements: inout [Element]) {
        guard elements.count > 1 else { return }
        for i in stride(from: elements.count - 1, to: 0, by: -1) {
            let j = Int(nextBounded(below: UInt64(i + 1)))
            if i != j { elements.swapAt(i, j) }
        }
    }

    /// Returns a uniformly chosen element, or `nil` for an empty array.
    public mutating func element<Element>(of elements: [Element]) -> Element? {
        elements.isEmpty ? nil : elements[Int(nextBounded(below: UInt64(elements.count)))]
    }
}
