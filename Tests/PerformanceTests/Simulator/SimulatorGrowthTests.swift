import Fixtures
import Scenarios
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

    /// A fleet is its pairs run on one timeline: each pair's result is the single run with its seed, and
    /// the fleet's events are the sum of theirs, so its cost is linear in its clients.
    @Test func aFleetIsItsPairsOnOneTimeline() {
        let configuration = ProgressRun.Configuration(items: 150)
        let fleet = ProgressRun.runFleet(seed: 10, clients: 4, configuration)
        let singles = (0..<4).map { ProgressRun.run(seed: 10 + UInt64($0), configuration) }
        #expect(fleet.results == singles)
        #expect(fleet.eventsRun == singles.map(\.eventsRun).reduce(0, +))
        #expect(fleet.results.allSatisfy { $0.client?.view.hasEnded == true && $0.clientCount == 150 })
        #expect(Workloads.all.contains { $0.name == "simulator.progress.fleet-100" })
    }

    /// The import-and-enrichment run's events grow linearly with the file's rows.
    @Test func anImportAndEnrichmentRunsEventsGrowLinearlyWithItsRows() {
        func run(rows: Int) -> ImportAndEnrichRun.Result {
            let file = ImportFile(name: "goodreads_library_export.csv", bytes: ExportFixture.goodreads(rows: rows, seed: 5, duplicateShare: 0.05).bytes)
            return ImportAndEnrichRun.run(seed: 1, ImportAndEnrichRun.Configuration(file: file))
        }
        let small = run(rows: 100)
        let large = run(rows: 1_000)
        #expect(small.violations().isEmpty && large.violations().isEmpty)
        let smallPerRow = Double(small.eventsRun) / 100
        let largePerRow = Double(large.eventsRun) / 1_000
        #expect(largePerRow <= smallPerRow * 1.2, "\(smallPerRow) events per row at 100 rows, \(largePerRow) at 1,000")
        #expect(Workloads.all.contains { $0.name == "simulator.import-enrich-progress.1500" })
    }
}
