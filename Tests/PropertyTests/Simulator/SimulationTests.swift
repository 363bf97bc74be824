import Generators
import Simulator
import SpecModel
import SpecTesting
import Testing

/// The simulator's core: virtual time, timers, the run loop and the trace digest (issue 7, "Engine").
@Suite struct SimulationTests {
    /// A chain of timers whose delays and fan-out come from the run's seed: each event records itself in
    /// the digest and schedules up to two more, some of which it cancels again.
    static func chainRun(seed: UInt64, eventsMax: Int = 5_000) -> (digest: TraceDigest, times: [UInt64], events: Int) {
        var simulation = Simulation<UInt64>(seed: seed)
        for root in 0..<5 as Range<UInt64> { simulation.schedule(at: root, root) }
        var times: [UInt64] = []
        var label: UInt64 = 5
        _ = simulation.run(eventsMax: eventsMax) { simulation, event in
            times.append(simulation.now)
            simulation.digest.record(simulation.now)
            simulation.digest.record(event)
            for _ in 0..<simulation.random.nextBounded(below: 4) {
                let delay = simulation.random.nextBounded(below: 1_000_000)
                let id = simulation.schedule(after: delay, label)
                label += 1
                if simulation.random.nextBounded(below: 5) == 0 { simulation.cancel(id) }
            }
        }
        return (simulation.digest, times, simulation.eventsRun)
    }

    /// The same seed and scenario give the same digest: each of 20 seeds is run twice.
    @Test func theSameSeedGivesTheSameDigestTwice() {
        var digests: Set<UInt64> = []
        for seed in 0..<20 as Range<UInt64> {
            let first = Self.chainRun(seed: seed)
            let second = Self.chainRun(seed: seed)
            #expect(first.digest == second.digest, "seed \(seed)")
            #expect(first.events == second.events)
            #expect(first.digest.records > 2)
            digests.insert(first.digest.value)
        }
        #expect(digests.count == 20, "different seeds should give different traces")
    }

    /// Time never goes backwards, whatever the schedule.
    @Test func timeNeverGoesBackwards() {
        property(Gen<UInt64>.integer(in: 0...UInt64(Int64.max)), cases: 50) { seed in
            let run = Self.chainRun(seed: seed, eventsMax: 500)
            try require(zip(run.times, run.times.dropFirst()).allSatisfy { $0 <= $1 }, "time went backwards: \(run.times)")
        }
    }

    /// Events at the same instant run in the order they were scheduled; a canceled timer never runs.
    @Test func tiesRunInSchedulingOrderAndCanceledTimersNeverRun() {
        var simulation = Simulation<String>(seed: 1)
        simulation.schedule(at: 10, "a")
        let canceled = simulation.schedule(at: 5, "canceled")
        simulation.schedule(at: 10, "b")
        simulation.schedule(at: 3, "first")
        let first = simulation.cancel(canceled)
        let second = simulation.cancel(canceled)
        #expect(first)
        #expect(!second)
        var order: [String] = []
        let end = simulation.run { simulation, event in
            order.append("\(event)@\(simulation.now)")
            if event == "a" { simulation.schedule(after: 0, "c") }
        }
        #expect(order == ["first@3", "a@10", "b@10", "c@10"])
        #expect(end == .quiescent)
        #expect(simulation.isQuiescent)
    }

    /// A run bounded by time stops at the limit with later events still pending, and `now` is the limit.
    @Test func aRunStopsAtItsTimeLimitOrEventLimit() {
        var simulation = Simulation<Int>(seed: 2)
        for index in 0..<10 { simulation.schedule(at: UInt64(index) * 100, index) }
        var seen: [Int] = []
        #expect(simulation.run(until: 450) { _, event in seen.append(event) } == .reachedTimeLimit)
        #expect(seen == [0, 1, 2, 3, 4])
        #expect(simulation.now == 450)
        #expect(simulation.run(eventsMax: 2) { _, event in seen.append(event) } == .reachedEventLimit)
        #expect(seen.count == 7)
        #expect(simulation.pendingCount == 3)
        let next = simulation.nextDeadline()
        #expect(next == 700)
    }

    /// The digest separates records by their lengths and depends on order.
    @Test func theDigestDependsOnRecordBoundariesAndOrder() {
        func digest(_ records: [String]) -> UInt64 {
            var digest = TraceDigest()
            for record in records { digest.record(record) }
            return digest.value
        }
        #expect(digest(["ab", "c"]) != digest(["a", "bc"]))
        #expect(digest(["a", "b"]) != digest(["b", "a"]))
        #expect(digest(["a", "b"]) == digest(["a", "b"]))
        #expect(TraceDigest().description == "cbf29ce484222325")
    }
}

/// Node clocks: offset, drift and jumps against true time, and when a node's timer fires in true time.
@Suite struct NodeClockTests {
    static let second = VirtualTime.nanosecondsPerSecond

    @Test func aPerfectClockReadsTheEpochStartPlusTrueTime() {
        let clock = NodeClock.perfect
        #expect(clock.timestamp(at: 0) == Timestamp(epochMilliseconds: NodeClock.epochStartDefaultMilliseconds))
        #expect(clock.timestamp(at: 1_500 * VirtualTime.nanosecondsPerMillisecond + 999_999) == Timestamp(epochMilliseconds: NodeClock.epochStartDefaultMilliseconds + 1_500))
    }

    @Test func offsetDriftAndJumpsAddUp() {
        let clock = NodeClock(epochStartMilliseconds: 0, offsetNanoseconds: -2 * Int64(Self.second), driftPartsPerMillion: 50, jumps: [
            .init(atTrueNanoseconds: 100 * Self.second, byNanoseconds: 30 * Int64(Self.second)),
            .init(atTrueNanoseconds: 200 * Self.second, byNanoseconds: -60 * Int64(Self.second)),
        ])
        // At 10 s: -2 s + 10 s + 500 µs.
        #expect(clock.localNanoseconds(at: 10 * Self.second) == 8_000_500_000)
        #expect(clock.localNanoseconds(at: 100 * Self.second) == 128_005_000_000)
        #expect(clock.localNanoseconds(at: 200 * Self.second) == 168_010_000_000)
        #expect(clock.timestamp(at: 200 * Self.second) == Timestamp(epochMilliseconds: 168_010))
    }

    /// A timer set for a reading fires at the earliest true time the clock reads it: never early, and not
    /// a nanosecond later than needed, across drift and jumps both ways.
    @Test func aTimerForAReadingFiresAtTheFirstTrueTimeTheClockReadsIt() {
        let clocks = Gen<(Int64, Int64, [NodeClock.Jump], Int64, UInt64)>.zip(
            Gen<Int64>.integer(in: -5_000_000_000...5_000_000_000),
            Gen<Int64>.integer(in: -1_000...1_000),
            Gen.array(of: Gen<(UInt64, Int64)>.zip(Gen<UInt64>.integer(in: 0...200_000_000_000), Gen<Int64>.integer(in: -20_000_000_000...20_000_000_000)).map { NodeClock.Jump(atTrueNanoseconds: $0, byNanoseconds: $1) }, count: 0...3),
            Gen<Int64>.integer(in: -10_000...300_000),
            Gen<UInt64>.integer(in: 0...100_000_000_000)
        )
        property(clocks, cases: 300) { offset, drift, jumps, deadlineMilliseconds, from in
            let clock = NodeClock(epochStartMilliseconds: 0, offsetNanoseconds: offset, driftPartsPerMillion: drift, jumps: jumps)
            let deadline = Timestamp(epochMilliseconds: deadlineMilliseconds)
            guard let fires = clock.trueNanoseconds(whenReading: deadline, from: from) else {
                throw PropertyFailureNote("no firing time for \(deadline) from \(from)")
            }
            try require(fires >= from, "fires at \(fires), before \(from)")
            try require(clock.localNanoseconds(at: fires) >= deadlineMilliseconds * 1_000_000, "fires at \(fires) but the clock reads \(clock.localNanoseconds(at: fires))")
            if fires > from {
                try require(clock.localNanoseconds(at: fires - 1) < deadlineMilliseconds * 1_000_000, "a nanosecond earlier, at \(fires - 1), the clock already read \(clock.localNanoseconds(at: fires - 1))")
            }
        }
    }
}

struct PropertyFailureNote: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The engine's traps: scheduling before now, and skipping a pending event, stop the process with the
/// times involved (exit tests run the body in a child process).
@Suite struct SimulationTrapTests {
    @Test func schedulingInThePastTraps() async {
        await #expect(processExitsWith: .failure) {
            var simulation = Simulation<Int>(seed: 1)
            simulation.schedule(at: 100, 1)
            _ = simulation.next()
            simulation.schedule(at: 99, 2)
        }
    }

    @Test func advancingPastAPendingEventTraps() async {
        await #expect(processExitsWith: .failure) {
            var simulation = Simulation<Int>(seed: 1)
            simulation.schedule(at: 100, 1)
            simulation.advance(to: 101)
        }
    }
}
