import Generators
import SpecTesting
import Testing

/// Combinators keep their contracts on every generated value, and replay reproduces values exactly.
@Suite struct CombinatorTests {
    @Test func integersStayInTheirRange() {
        property(Gen.int.flatMap { a in Gen.int.map { b in (Swift.min(a, b), Swift.max(a, b)) } }.flatMap { low, high in
            Gen.int(in: low...high).map { (low, high, $0) }
        }) { low, high, value in
            try require(low <= value && value <= high, "\(value) outside \(low)...\(high)")
        }
    }

    @Test func integerGenerationHitsEdgesAndSmallValues() {
        property(
            Gen.int(in: -1_000_000...1_000_000), cases: 2_000,
            coverage: [
                CoverageRequirement("lower bound", atLeastPercent: 0.5),
                CoverageRequirement("upper bound", atLeastPercent: 0.5),
                CoverageRequirement("zero", atLeastPercent: 0.5),
                CoverageRequirement("small", atLeastPercent: 20),
            ],
            labels: { value in
                var labels: [String] = []
                if value == -1_000_000 { labels.append("lower bound") }
                if value == 1_000_000 { labels.append("upper bound") }
                if value == 0 { labels.append("zero") }
                if value.magnitude < 64 { labels.append("small") }
                return labels
            }
        ) { _ in }
    }

    @Test func arraysRespectTheirCountRange() {
        property(Gen.int(in: 0...20).flatMap { low in Gen.int(in: low...(low + 30)).map { (low, $0) } }.flatMap { low, high in
            Gen.array(of: Gen.bool, count: low...high).map { (low, high, $0) }
        }) { low, high, array in
            try require((low...high).contains(array.count), "count \(array.count) outside \(low)...\(high)")
        }
    }

    @Test func arraysReachTheirEmptyAndFullEdges() {
        property(
            Gen.array(of: Gen.bool, count: 0...10), cases: 500,
            coverage: [CoverageRequirement("empty", atLeastPercent: 3), CoverageRequirement("full", atLeastPercent: 3)],
            labels: { $0.isEmpty ? ["empty"] : ($0.count == 10 ? ["full"] : []) }
        ) { _ in }
    }

    @Test func setsHaveDistinctElementsWithinTheirCountRange() {
        property(Gen.set(of: Gen.int(in: 0...1_000), count: 2...12)) { set in
            try require((2...12).contains(set.count), "count \(set.count)")
        }
    }

    @Test func setOfTooFewDistinctValuesStopsWithAClearError() {
        let report = checkProperty(Gen.set(of: Gen.int(in: 0...2), count: 5...5), settings: PropertySettings(name: "set")) { _ in }
        guard case let .generationFailed(stop, _) = report.outcome else {
            Issue.record("expected a generation failure, got \(report.outcome)")
            return
        }
        #expect(stop == .filterExhausted(label: "set(of:) distinct elements", attempts: 100))
    }

    @Test func filterKeepsOnlyIncludedValues() {
        property(Gen.int(in: 0...1_000).filter("even") { $0 % 2 == 0 }) { value in
            try require(value % 2 == 0, "\(value) is odd")
        }
    }

    @Test func exhaustedFilterNamesItselfInTheError() {
        let impossible = Gen.int(in: 0...10).filter("greater than ten", attemptsMax: 7) { $0 > 10 }
        let report = checkProperty(impossible, settings: PropertySettings(name: "impossible")) { _ in }
        guard case let .generationFailed(stop, caseIndex) = report.outcome else {
            Issue.record("expected a generation failure, got \(report.outcome)")
            return
        }
        #expect(stop == .filterExhausted(label: "greater than ten", attempts: 7))
        #expect(caseIndex == 0)
        #expect(report.failureMessage(replayCommand: { "\($0)" })?.contains("filter \"greater than ten\" rejected 7 values") == true)
    }

    @Test func flatMapGeneratesDependentValues() {
        property(Gen.int(in: 0...20).flatMap { n in Gen.array(of: Gen.int(in: 0...n), count: n...n).map { (n, $0) } }) { n, array in
            try requireEqual(array.count, n)
            try require(array.allSatisfy { $0 <= n }, "element above \(n) in \(array)")
        }
    }

    @Test func oneOfAndFrequencyOnlyPickTheirGenerators() {
        property(Gen.zip(Gen.oneOf(.constant(1), .constant(2)), Gen.frequency([(1, .constant("a")), (3, .constant("b"))]))) { number, letter in
            try require([1, 2].contains(number), "oneOf produced \(number)")
            try require(["a", "b"].contains(letter), "frequency produced \(letter)")
        }
    }

    @Test func frequencyFollowsItsWeights() {
        let generator = Gen.frequency([(1, Gen.constant(false)), (9, Gen.constant(true))])
        let values = generator.samples(10_000, seed: 11).compactMap { try? $0.get() }
        let share = Double(values.filter { $0 }.count) / Double(values.count)
        #expect(share > 0.85 && share < 0.95, "share of the weight-9 branch was \(share)")
    }

    @Test func optionalProducesBothNilAndValues() {
        property(
            Gen.int(in: 0...9).optional(nilProbability: 0.3), cases: 300,
            coverage: [CoverageRequirement("nil", atLeastPercent: 15), CoverageRequirement("value", atLeastPercent: 50)],
            labels: { [$0 == nil ? "nil" : "value"] }
        ) { _ in }
    }

    @Test func shuffledIsAPermutation() {
        property(Gen.array(of: Gen.int, count: 0...20).flatMap { array in Gen.shuffled(array).map { (array, $0) } }) { original, shuffled in
            try requireEqual(shuffled.sorted(), original.sorted())
        }
    }

    @Test func recursiveStructuresRespectTheirDepthBound() {
        indirect enum Tree: Sendable {
            case leaf(Int)
            case node([Tree])

            var depth: Int {
                switch self {
                case .leaf: return 0
                case let .node(children): return 1 + (children.map(\.depth).max() ?? 0)
                }
            }
        }
        let trees = Gen<Tree>.recursive(depthMax: 4, leaf: Gen.int(in: 0...9).map(Tree.leaf)) { children in
            Gen.array(of: children, count: 0...3).map(Tree.node)
        }
        property(trees, cases: 300, coverage: [CoverageRequirement("nested", atLeastPercent: 10)], labels: { $0.depth >= 2 ? ["nested"] : [] }) { tree in
            try require(tree.depth <= 4, "depth \(tree.depth) exceeds 4")
        }
    }

    @Test func replayingARecordGivesTheSameValue() {
        let generator = Gen.array(of: Gen.zip(Gen.int, Gen.bool.optional()), count: 0...10)
        property(Gen<UInt64>.word) { seed in
            var source = ChoiceSource(seed: seed, recording: true)
            let value = try generator.run(&source)
            let replayed = try generator.replay(source.record.choices)
            try requireEqual(String(reflecting: replayed.value), String(reflecting: value))
            try requireEqual(replayed.record.choices, source.record.choices)
        }
    }

    @Test func recordingNeverChangesWhatIsGenerated() {
        let generator = Gen.array(of: Gen.set(of: Gen.int(in: -50...50), count: 0...6), count: 0...6)
        property(Gen<UInt64>.word) { seed in
            var plain = ChoiceSource(seed: seed, sizeScale: 0.5, recording: false)
            var recorded = ChoiceSource(seed: seed, sizeScale: 0.5, recording: true)
            try requireEqual(try generator.run(&plain), try generator.run(&recorded))
            try requireEqual(plain.position, recorded.record.choices.count)
        }
    }

    @Test func overrunStopsGenerationAtTheChoiceBound() {
        var source = ChoiceSource(seed: 1, choicesMax: 10)
        #expect(throws: GenerationStop.overrun(choicesMax: 10)) {
            _ = try Gen.array(of: Gen.int, count: 20...20).run(&source)
        }
    }
}
