import Generators
import Scenarios
import Simulator
import SpecModel
import Testing

/// A day in the app (issue 37, part 4): every feature on two devices with the backend, under the
/// fault model, judged after every event by the app's invariants and at the end by its settling.
@Suite struct DayInTheAppRunTests {
    static let nodes = [DayInTheAppRun.node(ofDevice: 0), DayInTheAppRun.node(ofDevice: 1), DayInTheAppRun.backend, DayInTheAppRun.provider, DayInTheAppRun.cloudKit]

    /// The faults a seed draws (swarm), healed at 300 s.
    static func configuration(seed: UInt64, canary: WholeApp.Canary? = nil) -> DayInTheAppRun.Configuration {
        var root = Xoshiro256StarStar(seed: seed)
        var random = root.split()
        var configuration = DayInTheAppRun.Configuration(
            faults: FaultOptions.swarm(&random, nodes: nodes, horizonNanoseconds: 300_000 * FaultOptions.millisecond),
            healAtNanoseconds: 300_000 * FaultOptions.millisecond
        )
        configuration.canary = canary
        return configuration
    }

    @Test func aCalmDayKeepsEveryInvariantAndSettles() {
        let result = DayInTheAppRun.run(seed: 1, DayInTheAppRun.Configuration())
        #expect(result.failures.map(\.message) == [])
        #expect(result.actionsPerformed > 50)
    }

    @Test(arguments: 1...8)
    func aDayUnderGeneratedFaultsKeepsEveryInvariantAndSettles(seed: UInt64) {
        let result = DayInTheAppRun.run(seed: seed, Self.configuration(seed: seed))
        #expect(result.failures.map(\.description) == [], "seed \(seed): \(result.actionsPerformed) actions, \(result.eventsRun) events")
    }

    /// The planted wiring bug (`WholeApp.Canary.jobKeepsQueuedBooks`) is caught on some of the first
    /// days, and never by the model.
    @Test func theCanaryIsCaught() {
        let caught = (1...8).filter { seed in
            DayInTheAppRun.run(seed: UInt64(seed), Self.configuration(seed: UInt64(seed), canary: .jobKeepsQueuedBooks)).failures.contains { $0.property == WholeApp.Property.enrichedOnce.rawValue }
        }
        #expect(!caught.isEmpty)
    }
}
