import Generators
import Testing

/// Generation's cost in choices, which is what shrinking and replay tokens pay for: each element costs
/// its own choices plus one flag, and the shrinker's evaluations grow slowly with the input's size.
@Suite struct GenerationCountTests {
    @Test func anArrayCostsOneFlagPerElementPlusOneStop() throws {
        let generator = Gen.array(of: Gen.int(in: 0...9), count: 0...50)
        for seed in UInt64(0)..<200 {
            var source = ChoiceSource(seed: seed, recording: true)
            let array = try generator.run(&source)
            #expect(source.record.choices.count == 2 * array.count + 1)
        }
    }

    @Test func aFixedSizeArrayDrawsNoFlags() throws {
        var source = ChoiceSource(seed: 3, recording: true)
        let array = try Gen.array(of: Gen.int(in: 0...9), count: 7...7).run(&source)
        #expect(array.count == 7)
        #expect(source.record.choices.count == 7)
    }

    @Test func aFullArrayStillRecordsAForcedStop() throws {
        let generator = Gen.array(of: Gen.int(in: 0...9), count: 0...3)
        let (value, record) = try generator.replay([1, 5, 1, 6, 1, 7, 1])
        #expect(value == [5, 6, 7])
        #expect(record.choices == [1, 5, 1, 6, 1, 7, 0])
        #expect(record.kinds.last == .forcedZero)
    }

    /// Shrinking costs logarithmically, not linearly, in the size of a list: deleting the harmless
    /// elements and zeroing a fixed-size list's harmless values both work on runs of siblings.
    @Test(arguments: [false, true])
    func shrinkEvaluationsGrowSublinearlyWithListLength(fixedSize: Bool) throws {
        func evaluations(length: Int) throws -> (evaluations: Int, value: [Int]) {
            let generator = Gen.array(of: Gen.int(in: 0...1_000), count: fixedSize ? length...length : 0...(length * 2))
            // Elements 1...9, then one offending element at the end.
            var choices: [UInt64] = []
            for i in 0..<(length - 1) { choices += fixedSize ? [UInt64(1 + i % 9)] : [1, UInt64(1 + i % 9)] }
            choices += fixedSize ? [1_000] : [1, 1_000, 0]
            let (value, record) = try generator.replay(choices)
            var shrinker = Shrinker<[Int], String>(generator: generator, record: record, value: value, failure: "") { candidate in
                candidate.contains { $0 >= 500 } ? "has a large element" : nil
            }
            let outcome = shrinker.shrink()
            return (outcome.evaluations, outcome.value)
        }
        let short = try evaluations(length: 8)
        let long = try evaluations(length: 512)
        let expectedLong = fixedSize ? Array(repeating: 0, count: 511) + [500] : [500]
        #expect(long.value == expectedLong)
        // 64 times the elements may cost at most 4 times the evaluations.
        #expect(long.evaluations < short.evaluations * 4, "8 elements: \(short.evaluations) evaluations; 512 elements: \(long.evaluations)")
    }
}
