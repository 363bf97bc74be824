import Generators
import Testing
import Workloads

/// The engine's quality targets on the public shrinking challenges, asserted as counts over the same
/// 100 fixed seeds benchrunner uses: how many distinct counterexamples each challenge ends at, and how
/// many property evaluations shrinking spends. No wall time is measured here.
@Suite struct ShrinkingChallengeTests {
    static let summaries: [ShrinkChallengeSummary] = ShrinkChallenge.all.map {
        ShrinkChallengeSummary(challenge: $0, seeds: ShrinkingChallengeWorkloads.seedsFull)
    }

    @Test(arguments: ShrinkChallenge.all.map(\.name))
    func everyRunFindsAndFullyShrinksACounterexample(name: String) throws {
        let summary = try #require(Self.summaries.first { $0.name == name })
        #expect(summary.found == 100, "\(name) found a counterexample in \(summary.found) of 100 runs within 1,000 cases")
        #expect(summary.partial == 0, "\(name) stopped at a budget in \(summary.partial) runs")
    }

    @Test(arguments: ShrinkChallenge.all.map(\.name))
    func everyChallengeEndsAtNoMoreThanTwoCounterexamples(name: String) throws {
        let summary = try #require(Self.summaries.first { $0.name == name })
        #expect(summary.distinctResults <= 2, "\(name) ended at \(summary.results)")
    }

    @Test func atLeastNineChallengesEndAtExactlyOneCounterexample() {
        let unique = Self.summaries.filter { $0.distinctResults == 1 }
        #expect(unique.count >= 9, "only \(unique.map(\.name)) end at one counterexample")
    }

    @Test(arguments: ShrinkChallenge.all.map(\.name))
    func shrinkingSpendsAtMost300EvaluationsOnAverageAndNever2000(name: String) throws {
        let summary = try #require(Self.summaries.first { $0.name == name })
        #expect(summary.meanEvaluations <= 300, "\(name) mean \(summary.meanEvaluations)")
        #expect(summary.maxEvaluations <= 2_000, "\(name) max \(summary.maxEvaluations)")
    }

    @Test(arguments: ShrinkChallenge.all.map(\.name))
    func theMostCommonResultIsTheDocumentedNormalForm(name: String) throws {
        let summary = try #require(Self.summaries.first { $0.name == name })
        let challenge = try #require(ShrinkChallenge.all.first { $0.name == name })
        #expect(summary.results.first?.counterexample == challenge.expected)
        #expect((summary.results.first?.count ?? 0) >= 95, "\(name): \(summary.results)")
    }
}
