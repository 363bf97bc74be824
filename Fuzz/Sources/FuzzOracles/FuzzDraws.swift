import Generators

/// The choices an oracle makes for one input (chunk sizes, a strategy, a fault), drawn from the input.
///
/// A pure function of the bytes: SplitMix64 seeded with their FNV-1a hash. So an input replays exactly,
/// in the fuzzer, in the regression tests and on another machine, with no parameter stored beside it, and
/// every mutation of the input also moves its choices.
struct FuzzDraws {
    private var random: SplitMix64

    init(_ bytes: [UInt8], salt: UInt64 = 0) {
        random = SplitMix64(seed: FNV1a.hash(bytes: bytes) ^ salt)
    }

    /// A number in `range` (the slight modulo bias does not matter for choosing test parameters).
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(random.next() % width)
    }

    /// True with probability `numerator` / `denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        int(in: 1...denominator) <= numerator
    }

    mutating func element<T>(of elements: [T]) -> T {
        precondition(!elements.isEmpty, "FuzzDraws.element(of:) needs at least one element")
        return elements[int(in: 0...(elements.count - 1))]
    }

    mutating func next() -> UInt64 { random.next() }
}
