import BenchmarkHarness
import Testing

// Comparing a run with a baseline: what counts as a regression, and what is only listed.
@Suite struct BaselineComparisonTests {
    private typealias F = HarnessFixtures

    @Test func aSlowdownBeyondTheThresholdIsARegression() throws {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("a", seconds: 1.0)]),
            current: F.report([F.timed("a", seconds: 1.2)]),
            thresholdPercent: 15
        )
        let change = try #require(comparison.timed.first)
        #expect(change.workload == "a")
        #expect(change.baselineMedianSeconds == 1.0)
        #expect(change.currentMedianSeconds == 1.2)
        #expect(abs((change.changePercent ?? 0) - 20) < 1e-9)
        #expect(change.isRegression)
        #expect(comparison.hasRegression)
    }

    @Test func aSlowdownBelowTheThresholdIsNotARegression() {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("a", seconds: 1.0)]),
            current: F.report([F.timed("a", seconds: 1.1)]),
            thresholdPercent: 15
        )
        #expect(comparison.timed.map(\.isRegression) == [false])
        #expect(!comparison.hasRegression)
    }

    @Test func aSlowdownExactlyAtTheThresholdIsNotARegression() {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("a", seconds: 1.0)]),
            current: F.report([F.timed("a", seconds: 1.5)]),
            thresholdPercent: 50
        )
        #expect(comparison.timed.first?.changePercent == 50)
        #expect(!comparison.hasRegression)
    }

    @Test func aSpeedupIsNeverARegression() {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("a", seconds: 1.0)]),
            current: F.report([F.timed("a", seconds: 0.5)]),
            thresholdPercent: 0
        )
        #expect(comparison.timed.first?.changePercent == -50)
        #expect(!comparison.hasRegression)
    }

    @Test func workloadsOnOneSideOnlyAreListedNotFlagged() {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("kept", seconds: 1), F.timed("removed", seconds: 1)]),
            current: F.report([F.timed("added", seconds: 9), F.timed("kept", seconds: 1)]),
            thresholdPercent: 15
        )
        #expect(comparison.timed.map(\.workload) == ["kept"])
        #expect(comparison.onlyInBaseline == ["removed"])
        #expect(comparison.onlyInCurrent == ["added"])
        #expect(!comparison.hasRegression)
    }

    @Test func aMetricThatWorsensWithinItsBoundIsNotARegression() throws {
        let comparison = BaselineComparison(
            baseline: F.report([F.measured("m", [F.metric("evals", 100, atMost: 500)])]),
            current: F.report([F.measured("m", [F.metric("evals", 400, atMost: 500)])]),
            thresholdPercent: 15
        )
        let change = try #require(comparison.metrics.first)
        #expect(change.workload == "m")
        #expect(change.baselineValue == 100)
        #expect(change.current.value == 400)
        #expect(change.changePercent == 300)
        #expect(!change.isRegression)
        #expect(!comparison.hasRegression)
    }

    @Test func aMetricThatNowMissesItsBoundIsARegression() {
        let comparison = BaselineComparison(
            baseline: F.report([F.measured("m", [F.metric("evals", 100, atMost: 500)])]),
            current: F.report([F.measured("m", [F.metric("evals", 501, atMost: 500)])]),
            thresholdPercent: 15
        )
        #expect(comparison.metrics.map(\.isRegression) == [true])
        #expect(comparison.hasRegression)
    }

    @Test func metricsOnOneSideOnlyAreListedWithTheirWorkload() {
        let comparison = BaselineComparison(
            baseline: F.report([F.measured("m", [F.metric("old", 1, atMost: 5), F.metric("both", 1, atMost: 5)])]),
            current: F.report([F.measured("m", [F.metric("both", 1, atMost: 5), F.metric("new", 1, atMost: 5)])]),
            thresholdPercent: 15
        )
        #expect(comparison.metrics.map(\.current.name) == ["both"])
        #expect(comparison.onlyInBaseline == ["m: old"])
        #expect(comparison.onlyInCurrent == ["m: new"])
    }

    @Test func aChangedWorkloadKindIsNotedAndNotCompared() {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("x", seconds: 1)]),
            current: F.report([F.measured("x", [F.metric("evals", 1, atMost: 5)])]),
            thresholdPercent: 15
        )
        #expect(comparison.timed.isEmpty)
        #expect(comparison.metrics.isEmpty)
        #expect(comparison.notes == ["x changed kind between the reports and is not compared"])
    }

    @Test func differentConfigurationsRunModesAndHostsAreNoted() {
        let comparison = BaselineComparison(
            baseline: F.report([], configuration: .debug, smoke: true, hostName: "other"),
            current: F.report([]),
            thresholdPercent: 15
        )
        #expect(comparison.notes.count == 3)
    }

    @Test func aChangeInWorkPerIterationIsFlagged() {
        let comparison = BaselineComparison(
            baseline: F.report([F.timed("a", seconds: 1, items: 1_000)]),
            current: F.report([F.timed("a", seconds: 1, items: 2_000)]),
            thresholdPercent: 15
        )
        #expect(comparison.timed.first?.itemsPerIterationChanged == true)
    }

    @Test(arguments: [(0.0, 0.0, 0.0 as Double?), (0, 3, nil), (4, 3, -25), (-2, -1, 50)])
    func changePercentIsRelativeToTheBaseline(old: Double, new: Double, expected: Double?) {
        #expect(BaselineComparison.changePercent(from: old, to: new) == expected)
    }
}
