import Generators
import SpecTesting
import Testing
import Workloads

/// Shrinking reaches small, exact counterexamples through every combinator, because it works on the
/// recorded choices rather than on values.
@Suite struct ShrinkerTests {
    static func shrunk<Value>(_ generator: Gen<Value>, cases: Int = 1_000, seed: UInt64 = 1, _ holds: @escaping (Value) -> Bool) -> String? {
        checkPredicate(generator, settings: PropertySettings(name: "shrink", cases: cases, seed: seed), predicate: holds).failure?.shrunk
    }

    @Test func integersShrinkToTheBoundary() {
        #expect(Self.shrunk(Gen.int) { $0 < 1_000 } == "1000")
        #expect(Self.shrunk(Gen.int) { $0 > -1_000 } == "-1000")
        #expect(Self.shrunk(Gen<UInt8>.anyInteger) { $0 < 200 } == "200")
    }

    @Test func shrinkingWorksThroughMap() {
        #expect(Self.shrunk(Gen.int(in: 0...10_000).map { $0 * 3 }) { $0 < 100 } == "102")
        #expect(Self.shrunk(Gen.array(of: Gen.int).map { $0.sorted() }) { $0.count < 3 } == "[0, 0, 0]")
    }

    @Test func shrinkingWorksThroughFlatMap() {
        let dependent = Gen.int(in: 1...20).flatMap { n in Gen.array(of: Gen.int(in: 0...100), count: n...n) }
        #expect(Self.shrunk(dependent) { $0.reduce(0, +) < 150 } == "[50, 100]")
    }

    @Test func shrinkingWorksThroughFilter() {
        let evens = Gen.int(in: 0...10_000).filter("even") { $0 % 2 == 0 }
        #expect(Self.shrunk(evens) { $0 < 777 } == "778")
    }

    @Test func shrinkingWorksThroughOneOfTowardTheFirstBranch() {
        // Both branches fail from 10 up; switching a failing "big" value to the first branch keeps
        // its choices, so shrinking reaches the first branch's boundary.
        let generator = Gen.oneOf(Gen.int(in: 0...1_000).map { ("small", $0) }, Gen.int(in: 0...1_000).map { ("big", $0 * 1_000) })
        #expect(Self.shrunk(generator) { $0.1 < 10 } == "(\"small\", 10)")
    }

    @Test func recursiveStructuresShrinkToTheSmallestFailingSubtree() {
        indirect enum Expression: Sendable, CustomStringConvertible {
            case number(Int)
            case sum(Expression, Expression)

            var value: Int {
                switch self {
                case let .number(n): return n
                case let .sum(a, b): return a.value + b.value
                }
            }

            var description: String {
                switch self {
                case let .number(n): return "\(n)"
                case let .sum(a, b): return "(\(a) + \(b))"
                }
            }
        }
        let expressions = Gen<Expression>.recursive(depthMax: 5, leaf: Gen.int(in: 0...100).map(Expression.number)) { child in
            Gen.zip(child, child).map { Expression.sum($0, $1) }
        }
        let result = checkPredicate(expressions, settings: PropertySettings(name: "expressions", cases: 1_000, seed: 4), describe: { $0.description }) { $0.value < 150 }
        #expect(result.failure?.shrunk == "(50 + 100)")
    }

    @Test(arguments: ShrinkChallenge.all.map(\.name))
    func challengeReachesItsNormalFormFromSeedOne(name: String) throws {
        let challenge = try #require(ShrinkChallenge.all.first { $0.name == name })
        let attempt = challenge.attempt(1, 1_000)
        #expect(attempt.counterexample == challenge.expected)
    }

    @Test func shrinkingIsDeterministic() throws {
        let first = ShrinkChallenge.bound5.attempt(77, 1_000)
        let second = ShrinkChallenge.bound5.attempt(77, 1_000)
        #expect(first.counterexample == second.counterexample)
        #expect(first.shrink == second.shrink)
    }

    @Test func theShrunkRecordReplaysToTheShrunkValue() {
        property(Gen<UInt64>.word, cases: 50) { seed in
            let report = checkPredicate(Gen.array(of: Gen.int(in: -500...500)), settings: PropertySettings(name: "inner", cases: 200, seed: seed)) { list in
                list.reduce(0, +) < 600
            }
            guard let failure = report.failure else { return }
            let replayed = try Gen.array(of: Gen.int(in: -500...500)).replay(failure.token.choices).value
            try requireEqual(String(reflecting: replayed), failure.shrunk)
            try require(replayed.reduce(0, +) >= 600, "the shrunk value \(replayed) passes")
        }
    }

    @Test func everyAcceptedStepIsStrictlyShortlexSmaller() throws {
        let generator = Gen.array(of: Gen.int(in: 0...1_000), count: 0...30)
        property(Gen<UInt64>.word, cases: 30) { seed in
            var source = ChoiceSource(seed: seed, recording: true)
            let value = try generator.run(&source)
            try assume(value.reduce(0, +) >= 2_000, "the case must fail")
            var shrinker = Shrinker<[Int], String>(generator: generator, record: source.record, value: value, failure: "") { candidate in
                candidate.reduce(0, +) >= 2_000 ? "sum" : nil
            }
            shrinker._acceptedHistory = []
            let outcome = shrinker.shrink()
            let history = [source.record.choices] + (shrinker._acceptedHistory ?? [])
            try requireEqual(history.count - 1, outcome.steps, "accepted steps")
            for (earlier, later) in zip(history, history.dropFirst()) {
                try require(shortlexPrecedes(later, earlier), "step \(later) is not smaller than \(earlier)")
            }
            try requireEqual(outcome.value.reduce(0, +), 2_000)
        }
    }
}
