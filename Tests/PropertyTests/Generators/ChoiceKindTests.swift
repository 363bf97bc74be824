import Generators
import SpecTesting
import Testing

/// Choice indices zigzag around the shrink target: index 0 is the target, smaller indices are values
/// closer to it, and the mapping is a bijection on the range. Shrinking relies on all three.
@Suite struct ChoiceKindTests {
    /// Kinds with every shape of range: empty sides, lopsided, full 64-bit.
    static let kinds: Gen<ChoiceKind> = Gen.oneOf(
        Gen<UInt64>.word.flatMap { width in Gen.integer(in: 0...width).map { ChoiceKind(offsetMax: width, targetOffset: $0) } },
        Gen.integer(in: UInt64(0)...64).flatMap { width in Gen.integer(in: 0...width).map { ChoiceKind(offsetMax: width, targetOffset: $0) } }
    )

    @Test func indexAndOffsetAreInverseBijections() {
        property(Self.kinds.flatMap { kind in Gen.integer(in: 0...kind.offsetMax).map { (kind, $0) } }) { kind, offset in
            let index = kind.index(forOffset: offset)
            try require(index <= kind.indexMax, "index \(index) beyond \(kind.indexMax)")
            try requireEqual(kind.offset(forIndex: index), offset, "round trip through index \(index)")
        }
    }

    @Test func smallerIndicesAreNeverFartherFromTheTarget() {
        property(Self.kinds.flatMap { kind in Gen.integer(in: 0...kind.indexMax).map { (kind, $0) } }) { kind, index in
            guard index > 0 else { return }
            let here = kind.signedDistance(forOffset: kind.offset(forIndex: index)).magnitude
            let before = kind.signedDistance(forOffset: kind.offset(forIndex: index - 1)).magnitude
            try require(before <= here, "index \(index - 1) is farther (\(before)) than index \(index) (\(here))")
        }
    }

    @Test func smallRangeEnumeratesEveryValueOnce() {
        let kind = ChoiceKind(offsetMax: 6, targetOffset: 2)
        #expect((0...6).map { kind.offset(forIndex: $0) } == [2, 3, 1, 4, 0, 5, 6])
    }

    @Test func integersShrinkTowardZeroAndTryPositiveFirst() throws {
        let generator = Gen.int(in: -3...3)
        let values = try (0...6).map { index in try generator.replay([UInt64(index)]).value }
        #expect(values == [0, 1, -1, 2, -2, 3, -3])
    }

    @Test func rangesAwayFromZeroShrinkTowardTheBoundNearestZero() throws {
        #expect(try Gen.int(in: 10...20).replay([0]).value == 10)
        #expect(try Gen.int(in: -20 ... -10).replay([0]).value == -10)
        #expect(try Gen<Int8>.anyInteger.replay([255]).value == Int8.min)
        #expect(try Gen<UInt64>.anyInteger.replay([UInt64.max]).value == UInt64.max)
    }

    @Test func replayClampsOutOfRangeChoicesAndPadsWithZeros() throws {
        let pair = Gen.zip(Gen.int(in: 0...5), Gen.int(in: 0...5))
        #expect(try pair.replay([99]).value == (5, 0))
        #expect(try pair.replay([]).value == (0, 0))
    }
}
