import Generators
import Simulator
import SpecModel
import TestSupport
import Testing

/// The progress protocol end to end on the simulator: a job's throttled socket and the app's client
/// over links with faults, each node on its own clock (issue 7, "Actors" and "Properties under generated
/// fault schedules").
@Suite struct ProgressRunTests {
    static let ms = FaultOptions.millisecond

    /// Safety and liveness on one result: the rate of the progress messages the client applied, by when
    /// the server sent them (network jitter can bunch arrivals, which no server-side throttle prevents), counts within the job's,
    /// and, after the heal, the ending and the final count at the client within the bound.
    static func check(_ result: ProgressRun.Result, _ configuration: ProgressRun.Configuration) throws {
        let sent = result.progressSentAt
        for index in sent.indices.dropFirst(2) where sent[index] - sent[index - 2] < 1_000 * Self.ms {
            try require(false, "the client applied 3 progress messages sent within a second: at \(sent[index - 2]), \(sent[index - 1]), \(sent[index]) ns")
        }
        try require(result.client.view.processedCount <= result.processed, "the client shows \(result.client.view.processedCount) of \(result.processed)")
        try require(result.end != .reachedEventLimit, "the run hit its event bound")
        try require(result.jobEndedAtNanoseconds != nil, "the job did not end")
        try require(result.clientKnewEndingAtNanoseconds != nil, "the client never learned the ending (state \(result.client.state), \(result.framesLost) of \(result.framesSent) frames lost)")
        try requireEqual(result.client.view.processedCount, result.processed)
        let readyAt = max(result.jobEndedAtNanoseconds ?? 0, configuration.healAtNanoseconds ?? 0)
        try require(result.clientKnewEndingAtNanoseconds! <= readyAt + configuration.livenessBoundNanoseconds, "the ending arrived too late")
    }

    /// A calm 1,500-book job: one open, the final count and the completion at the client, messages 500 ms
    /// apart, pings answered; the same seed twice gives the same digest.
    @Test func aCalmFifteenHundredBookJobDeliversEverythingAndRepeatsExactly() throws {
        let configuration = ProgressRun.Configuration(items: 1_500)
        let result = ProgressRun.run(seed: 1, configuration)
        try Self.check(result, configuration)
        #expect(result.opens == 1)
        #expect(result.client.view.completion?.totalProcessed == 1_500)
        #expect(result.framesLost == 0)
        #expect(result.progressSentAt.count > 1_000 && result.progressSentAt.count < 1_600)
        #expect(result.client.heartbeat.pingsSent == 29)
        #expect(result.client.heartbeat.lastRoundTripMilliseconds == 80)
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
}
