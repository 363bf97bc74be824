import Generators
import Scenarios
import SpecModel
import SpecTesting
import Testing

/// The whole app under random interleavings of every feature's actions on two devices, the backend and
/// CloudKit (issue 37; `WholeAppInterleavings`): after every action, no crash and every global
/// invariant of `WholeApp.violations()` holds. A failure shrinks to a minimal action sequence and
/// prints the command that replays it. CI checks 10,000 programs with `simrunner interleave`.
@Suite struct WholeAppStateMachineTests {
    @Test func everyInterleavingKeepsTheAppsInvariants() {
        let report = stateMachine(WholeAppSpecification(), cases: 100, coverage: WholeAppInterleavings.coverage, labels: WholeAppSpecification.labels)
        #expect(report?.name == WholeAppInterleavings.propertyName, "simrunner interleave runs the property under another name; its tokens would not replay here")
    }
}

/// The longer run CI makes (`simrunner interleave`) is the same property: a planted wiring bug is
/// found and its token replays it, and the command names a bad option and its value.
@Suite struct WholeAppInterleaveCommandTests {
    @Test func aPlantedWiringBugIsFoundAndItsTokenReplaysIt() throws {
        let report = WholeAppInterleavings.check(cases: 100, canary: .jobKeepsQueuedBooks)
        let failure = try #require(report.failure, "\(report.statisticsLine)")
        #expect(failure.message.contains("app.queue-or-job") || failure.message.contains("app.enriched-once"), "\(failure.message)")
        let replayed = WholeAppInterleavings.check(cases: 100, replay: failure.token, canary: .jobKeepsQueuedBooks)
        #expect(replayed.failure?.message == failure.message)
        #expect(WholeAppInterleavings.check(cases: 100, replay: failure.token).passed, "the model fails the canary's program")
    }

    @Test func theCommandRunsTheProperty() {
        let outcome = ScenarioCommand.run(arguments: ["interleave", "--cases", "20", "--seed", "7"]) { _ in nil }
        let report = WholeAppInterleavings.check(cases: 20, seed: 7)
        #expect(outcome.status == (report.passed ? 0 : 1))
        #expect(outcome.output.hasPrefix(report.statisticsLine), "\(outcome.output)")
    }

    @Test(arguments: [
        (["interleave", "--cases", "0"], "--cases must be an integer in 1...100000000, got 0"),
        (["interleave", "--cases", "many"], "--cases must be an integer in 1...100000000, got many"),
        (["interleave", "--seed", "-1"], "--seed must be a non-negative integer, got -1"),
        (["interleave", "--replay", "nonsense"], "--replay: "),
        (["interleave", "--shard", "1/2"], "unknown option --shard"),
        (["interleave", "--cases"], "--cases needs a value (N)"),
    ])
    func aBadOptionIsNamedWithItsValue(arguments: [String], message: String) {
        let outcome = ScenarioCommand.run(arguments: arguments) { _ in nil }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(message), "\(outcome.output)")
    }
}
