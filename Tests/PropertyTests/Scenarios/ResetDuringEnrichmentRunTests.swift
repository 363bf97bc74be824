import Fixtures
import Generators
import Scenarios
import Simulator
import SpecModel
import SpecTesting
import Testing
import Workloads

/// A Library Reset during the backend's enrichment of the library, on the simulator (Seed: 000_…,
/// "Backend Cancellation Flow" and the error table: a cancel that times out lets the local reset go
/// on; issue 7: "a reset cancels the job, or with the network down the job finishes harmlessly").
@Suite struct ResetDuringEnrichmentRunTests {
    static let ms = FaultOptions.millisecond

    static func check(_ result: ResetDuringEnrichmentRun.Result) throws {
        let violations = result.violations()
        try require(violations.isEmpty, violations.joined(separator: "; "))
    }

    /// Online: the cancel reaches the job, which stops at its next turn with `canceled: true`; the app's
    /// library is empty and the log shows the 200.
    @Test func onlineTheResetCancelsTheJob() throws {
        let result = ResetDuringEnrichmentRun.run(seed: 1, ResetDuringEnrichmentRun.Configuration())
        try Self.check(result)
        #expect(result.job.status == .canceled)
        #expect(result.job.processedCount < 50)
        #expect(result.resetLog.first == .backendJobCancel(jobId: ResetDuringEnrichmentRun.jobId, .answered(status: 200, errorCode: nil)))
    }

    /// Airplane mode through the reset and past the 30 s timeout: the cancel never arrives, the reset goes
    /// on after the timeout, and the job runs to its end without touching the app.
    @Test func offlineTheJobFinishesHarmlessly() throws {
        var faults = FaultOptions.calm
        faults.offline = [ResetDuringEnrichmentRun.app: [TimeWindow(start: 9_000 * Self.ms, end: 120_000 * Self.ms)]]
        let result = ResetDuringEnrichmentRun.run(seed: 1, ResetDuringEnrichmentRun.Configuration(faults: faults))
        try Self.check(result)
        #expect(result.cancelArrivedAtNanoseconds == nil)
        #expect(result.job.status == .complete)
        #expect(result.job.processedCount == 50)
        #expect(result.resetLog.first == .backendJobCancel(jobId: ResetDuringEnrichmentRun.jobId, .failed(reason: "The request timed out.")))
    }

    /// Under generated fault schedules, with the reset at any moment of the job: one of the two outcomes,
    /// always, and the app's library empty.
    @Test func underGeneratedFaultsTheResetCancelsOrTheJobFinishesHarmlessly() {
        let cases = Gen<(FaultOptions, UInt64, UInt64)>.zip(
            FaultScheduleFixture.generator(nodes: [ResetDuringEnrichmentRun.app, ResetDuringEnrichmentRun.backend], horizonNanoseconds: 60_000 * Self.ms),
            Gen<UInt64>.integer(in: 0...1_000),
            Gen<UInt64>.integer(in: 0...40_000)
        )
        property(cases, cases: 100, describe: { "seed \($0.1), reset at \($0.2) ms: \($0.0)" }, labels: { faults, seed, resetAt in
            let result = ResetDuringEnrichmentRun.run(seed: seed, ResetDuringEnrichmentRun.Configuration(resetAtNanoseconds: resetAt * Self.ms, faults: faults))
            return [result.cancelArrivedAtNanoseconds == nil ? "cancel lost" : "cancel arrived", "job \(result.job.status)"]
        }) { faults, seed, resetAt in
            try Self.check(ResetDuringEnrichmentRun.run(seed: seed, ResetDuringEnrichmentRun.Configuration(resetAtNanoseconds: resetAt * Self.ms, faults: faults)))
        }
    }
}
