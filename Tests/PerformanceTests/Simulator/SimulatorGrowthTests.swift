import Simulator
import SpecModel
import Testing
import Workloads

/// The simulator's cost in counts, not time: the engine runs exactly the events scheduled, and a
/// simulated job's events grow linearly with its items (issue 7, "Speed"; wall time is benchrunner's).
@Suite struct SimulatorGrowthTests {
    @Test func theEngineBenchmarkRunsExactlyTheEventsItSchedules() {
        #expect(SimulatorWorkloads.chain(events: 10_000, seed: 7) == 10_000)
        #expect(SimulatorWorkloads.chain(events: 1, seed: 7) == 1)
    }

    /// Events per item stay flat from 150 to 1,500 items: no per-event cost grows with the run.
    @Test func aSimulatedJobsEventsGrowLinearlyWithItsItems() {
        let small = ProgressRun.run(seed: 1, ProgressRun.Configuration(items: 150))
        let large = ProgressRun.run(seed: 1, ProgressRun.Configuration(items: 1_500))
        let smallPerItem = Double(small.eventsRun) / 150
        let largePerItem = Double(large.eventsRun) / 1_500
        #expect(largePerItem <= smallPerItem * 1.1, "\(smallPerItem) events per item at 150, \(largePerItem) at 1,500")
        #expect(largePerItem < 4, "\(largePerItem) events per item")
        #expect(Workloads.all.contains { $0.name == "simulator.engine.events" })
        #expect(Workloads.all.contains { $0.name == "simulator.progress.1500" })
    }
}
