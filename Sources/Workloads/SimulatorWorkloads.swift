import Fixtures
import Generators
import Scenarios
import Simulator
import SpecModel

/// The simulator's speed: raw events through the engine, and the progress protocol's 15-minute job in
/// virtual time.
///
/// Targets (issue 7, release build): at least 5M events a second through the engine. The issue's
/// 10,000× target is for a 1,500-book import plus enrichment with heartbeat and throttling over 15
/// simulated minutes; `simulator.progress.1500` runs the socket side of that job alone (the job's
/// reports, the throttle, the heartbeat, every frame encoded and decoded), so its figure, simulated
/// seconds per wall second, is reported without that target until the import and enrichment actors
/// are wired in.
package enum SimulatorWorkloads {
    /// Events the engine benchmark runs per iteration.
    package static let chainEvents = 1_000_000
    /// The engine benchmark's release target, in events per second.
    package static let eventsReleaseTargetPerSecond = 5_000_000.0

    /// Every simulator workload, in the order benchrunner runs them.
    package static var all: [Workload] { [engineEvents, progressRun, progressFleet, importEnrichProgress] }

    /// The 1,500-book file of the import-and-enrichment benchmark, built once.
    static let importFile = ImportFile(name: "goodreads_library_export.csv", bytes: ExportFixture.goodreads(rows: 1_500, seed: 1_500, duplicateShare: 0.05).bytes)

    /// Clients in the fleet benchmark, and the target time compression (issue 7: "100 concurrent
    /// WebSocket clients at 1,000× or better").
    package static let fleetClients = 100
    /// The fleet's release target, in simulated seconds per wall second (issue 7: 1,000× or better).
    package static let fleetReleaseTargetCompression = 1_000.0

    /// A million events: each schedules the next at a delay from the run's PRNG, a tenth of them also a
    /// timer that is canceled before it fires.
    package static let engineEvents = Workload.timed(TimedWorkload(
        name: "simulator.engine.events",
        summary: "Simulation run loop: 1,000,000 events, each scheduling the next (random delay), 10% with a canceled timer",
        unit: "events",
        releaseTargetPerSecond: eventsReleaseTargetPerSecond,
        makeIteration: {
            {
                let ran = chain(events: chainEvents, seed: 7)
                precondition(ran == chainEvents, "the chain ran \(ran) of \(chainEvents) events")
                return ran
            }
        }
    ))

    /// The chain behind `simulator.engine.events`; returns the events run.
    package static func chain(events: Int, seed: UInt64) -> Int {
        var simulation = Simulation<UInt32>(seed: seed)
        simulation.schedule(at: 0, 0)
        var scheduled = 1
        _ = simulation.run { simulation, _ in
            guard scheduled < events else { return }
            let delay = simulation.random.nextBounded(below: 1_000_000)
            simulation.schedule(after: delay, UInt32(truncatingIfNeeded: scheduled))
            scheduled += 1
            if delay % 10 == 0 {
                let id = simulation.schedule(after: delay + 1, 0)
                simulation.cancel(id)
            }
        }
        blackHole(simulation.digest.value ^ simulation.now)
        return simulation.eventsRun
    }

    /// The seed's 1,500-book job at 100 books a minute (15 simulated minutes), calm network: job, socket,
    /// throttle, client, heartbeat, every frame through the codec.
    package static let progressRun = Workload.timed(TimedWorkload(
        name: "simulator.progress.1500",
        summary: "ProgressRun: a 1,500-item job over 15 simulated minutes (socket, throttle, client, heartbeat, codec), calm links",
        unit: "simulated seconds",
        makeIteration: {
            {
                let result = ProgressRun.run(seed: 1, ProgressRun.Configuration(items: 1_500))
                precondition(result.clientCount == 1_500 && result.clientKnewEndingAtNanoseconds != nil, "the simulated job did not deliver its ending")
                blackHole(result.digest.value)
                return Int(result.endedAtNanoseconds / VirtualTime.nanosecondsPerSecond)
            }
        }
    ))

    /// 100 jobs of 1,500 books, each followed by its own client (socket, throttle, heartbeat, codec), on
    /// one timeline: 15 simulated minutes. The figure is simulated seconds per wall second, the time
    /// compression; the target is 1,000×.
    package static let progressFleet = Workload.timed(TimedWorkload(
        name: "simulator.progress.fleet-100",
        summary: "ProgressRun.runFleet: 100 concurrent 1,500-item jobs and their clients over 15 simulated minutes, calm links",
        unit: "simulated seconds",
        releaseTargetPerSecond: fleetReleaseTargetCompression,
        makeIteration: {
            {
                let fleet = ProgressRun.runFleet(seed: 1, clients: fleetClients, ProgressRun.Configuration(items: 1_500))
                precondition(fleet.results.allSatisfy { $0.clientCount == 1_500 && $0.clientKnewEndingAtNanoseconds != nil }, "a client of the fleet missed its ending")
                blackHole(fleet.digest.value)
                return Int(fleet.results.map(\.endedAtNanoseconds).max()! / VirtualTime.nanosecondsPerSecond)
            }
        }
    ))

    /// The seed's 1,500-book session end to end: the CSV import (50 rows every 15 s) and the enrichment
    /// of every imported book by the app's worker (one request every 600 ms, a provider over a link,
    /// with 404s, 503s and silences), together with the 1,500-item job's progress socket, throttle,
    /// client and heartbeat: about 18 simulated minutes of each. The figure is simulated seconds of the
    /// slower of the two per wall second; the target, 15 simulated minutes in at most 100 ms, is
    /// 9,000×.
    package static let importEnrichProgress = Workload.timed(TimedWorkload(
        name: "simulator.import-enrich-progress.1500",
        summary: "ImportAndEnrichRun (1,500-row import, worker, provider) and ProgressRun (1,500-item job's socket) over their simulated minutes",
        unit: "simulated seconds",
        releaseTargetPerSecond: 9_000,
        makeIteration: {
            {
                let enrich = ImportAndEnrichRun.run(seed: 1, ImportAndEnrichRun.Configuration(file: importFile))
                precondition(enrich.violations().isEmpty, "the simulated import broke: \(enrich.violations())")
                let progress = ProgressRun.run(seed: 1, ProgressRun.Configuration(items: 1_500))
                precondition(progress.clientKnewEndingAtNanoseconds != nil, "the simulated job's client missed its ending")
                blackHole(enrich.digest.value ^ progress.digest.value)
                return Int(max(enrich.endedAtNanoseconds, progress.endedAtNanoseconds) / VirtualTime.nanosecondsPerSecond)
            }
        }
    ))
}
