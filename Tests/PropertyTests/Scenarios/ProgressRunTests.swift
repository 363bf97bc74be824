import Fixtures
import Generators
import Scenarios
import Simulator
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The progress protocol end to end on the simulator: a job's throttled socket and the app's client
/// over links with faults, each node on its own clock (issue 7, "Actors" and "Properties under generated
/// fault schedules").
@Suite struct ProgressRunTests {
    static let ms = FaultOptions.millisecond

    /// Safety and liveness on one result (`ProgressRun.Result.violations`, shared with simrunner).
    static func check(_ result: ProgressRun.Result, _ configuration: ProgressRun.Configuration) throws {
        let violations = result.violations(of: configuration)
        try require(violations.isEmpty, violations.joined(separator: "; "))
    }

    /// A calm 1,500-book job: one open, the final count and the completion at the client, messages 500 ms
    /// apart, pings answered; the same seed twice gives the same digest.
    @Test func aCalmFifteenHundredBookJobDeliversEverythingAndRepeatsExactly() throws {
        let configuration = ProgressRun.Configuration(items: 1_500)
        let result = ProgressRun.run(seed: 1, configuration)
        try Self.check(result, configuration)
        #expect(result.opens == 1)
        #expect(result.client?.view.completion?.totalProcessed == 1_500)
        #expect(result.framesLost == 0)
        #expect(result.progressSentAt.count > 1_000 && result.progressSentAt.count < 1_600)
        #expect(result.client?.heartbeat.pingsSent == 29)
        #expect(result.client?.heartbeat.lastRoundTripMilliseconds == 80)
        #expect(ProgressRun.run(seed: 1, configuration).digest == result.digest)
        #expect(ProgressRun.run(seed: 2, configuration).digest == result.digest, "a calm run draws nothing random")
    }

    /// Swarm: the fault options drawn from each seed, the job ending complete or failed; after the heal,
    /// the client always ends with the job's final count and its ending.
    @Test func underSwarmFaultsTheFinalCountAlwaysArrivesAfterTheHeal() {
        let seeds = Gen<(UInt64, Bool)>.zip(Gen<UInt64>.integer(in: 0...UInt64(Int64.max)), Gen<Bool>.bool)
        property(seeds, cases: 40) { seed, fails in
            var random = Xoshiro256StarStar(seed: seed)
            let faults = FaultOptions.swarm(&random, nodes: [ProgressRun.app, ProgressRun.backend], horizonNanoseconds: 240_000 * Self.ms)
            let configuration = ProgressRun.Configuration(items: 300, failsAtEnd: fails, faults: faults, healAtNanoseconds: 240_000 * Self.ms)
            let result = ProgressRun.run(seed: seed, configuration)
            try Self.check(result, configuration)
            try require(ProgressRun.run(seed: seed, configuration).digest == result.digest, "the same seed gave another digest")
        }
    }

    /// Skewed clocks: the app's runs 1,000 ppm fast and jumps back 20 s mid-job, the backend's jumps
    /// forward a minute; the protocol still delivers everything and the rate holds.
    @Test func skewedAndJumpingClocksStillDeliverTheFinalCount() throws {
        let configuration = ProgressRun.Configuration(
            items: 400,
            appClock: NodeClock(offsetNanoseconds: 3_000 * Int64(Self.ms), driftPartsPerMillion: 1_000, jumps: [.init(atTrueNanoseconds: 100_000 * Self.ms, byNanoseconds: -20_000 * Int64(Self.ms))]),
            backendClock: NodeClock(driftPartsPerMillion: -500, jumps: [.init(atTrueNanoseconds: 150_000 * Self.ms, byNanoseconds: 60_000 * Int64(Self.ms))])
        )
        let result = ProgressRun.run(seed: 3, configuration)
        try Self.check(result, configuration)
        #expect(result.opens == 1)
    }

    static let horizon = 240_000 * ms
    static let schedules = Gen<(FaultOptions, UInt64)>.zip(
        FaultScheduleFixture.generator(nodes: [ProgressRun.app, ProgressRun.backend], horizonNanoseconds: horizon),
        Gen<UInt64>.integer(in: 0...1_000)
    )

    static func configuration(_ faults: FaultOptions, syncRetry: Int64? = ProgressSocketClient.syncRetryMillisecondsDefault) -> ProgressRun.Configuration {
        ProgressRun.Configuration(items: 300, faults: faults, healAtNanoseconds: horizon, clientSyncRetryMilliseconds: syncRetry)
    }

    /// Generated fault schedules (shrinkable, unlike swarm seeds): the final count always arrives after
    /// the heal.
    @Test func underGeneratedFaultSchedulesTheFinalCountAlwaysArrives() {
        property(Self.schedules, cases: 40, describe: { "seed \($0.1): \($0.0)" }) { faults, seed in
            let configuration = Self.configuration(faults)
            try Self.check(ProgressRun.run(seed: seed, configuration), configuration)
        }
    }

    /// Canary: a client that asks for the job's state once per open loses the ending when that request
    /// is lost. The suite finds a schedule that shows it and shrinks it to a minimal one: every fault left
    /// in it is needed (without any one partition, offline period or probability the run passes).
    @Test func aClientThatAsksForSyncOnceIsCaughtWithAMinimalFaultSchedule() throws {
        let report = checkProperty(Self.schedules, settings: PropertySettings(name: "sync once", cases: 400), describe: { "seed \($0.1): \($0.0)" }) { faults, seed in
            let configuration = Self.configuration(faults, syncRetry: nil)
            try Self.check(ProgressRun.run(seed: seed, configuration), configuration)
        }
        let failure = try #require(report.failure, "the suite did not catch a client that asks for sync once")
        let (faults, seed) = try Self.schedules.replay(failure.token.choices).value
        func fails(_ options: FaultOptions) -> Bool {
            let configuration = Self.configuration(options, syncRetry: nil)
            return (try? Self.check(ProgressRun.run(seed: seed, configuration), configuration)) == nil
        }
        #expect(fails(faults))
        #expect(!fails(.calm), "calm links must not fail")
        for index in faults.partitions.indices {
            var fewer = faults
            fewer.partitions.remove(at: index)
            #expect(!fails(fewer), "partition \(index) is not needed")
        }
        for node in faults.offline.keys {
            var fewer = faults
            fewer.offline[node] = nil
            #expect(!fails(fewer), "the offline period of \(node) is not needed")
        }
        for keyPath in [\FaultOptions.lossPartsPerMillion, \.duplicationPartsPerMillion, \.reorderPartsPerMillion] where faults[keyPath: keyPath] > 0 {
            var fewer = faults
            fewer[keyPath: keyPath] = 0
            #expect(!fails(fewer), "\(keyPath) is not needed")
        }
        #expect(faults.partitions.count + faults.offline.count <= 2)
    }

    /// The fault options' idle close reaches the job's socket: with a 20 s idle close the socket closes
    /// between pings (30 s apart) and the client reconnects, and still ends with the final count.
    @Test func theIdleCloseOfTheFaultOptionsClosesSilentSockets() throws {
        var faults = FaultOptions.calm
        faults.idleCloseNanoseconds = 20_000 * Self.ms
        let configuration = ProgressRun.Configuration(items: 200, faults: faults)
        let result = ProgressRun.run(seed: 1, configuration)
        try Self.check(result, configuration)
        #expect(result.opens > 3, "the socket should be closed for idleness every 20 s, and reopened")
        #expect(ProgressRun.run(seed: 1, ProgressRun.Configuration(items: 200)).opens == 1)
    }
}
