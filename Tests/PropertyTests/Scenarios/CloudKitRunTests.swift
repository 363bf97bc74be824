import Fixtures
import Generators
import Scenarios
import Simulator
import SpecTesting
import Testing
import Workloads

/// Devices syncing through CloudKit, with a Library Reset on one (Seed: 000_…: the reset empties the
/// library on every device once sync converges; issue 7, "CloudKit").
@Suite struct CloudKitRunTests {
    static let ms = FaultOptions.millisecond

    static func check(_ result: CloudKitRun.Result, _ configuration: CloudKitRun.Configuration) throws {
        let violations = result.violations(of: configuration)
        try require(violations.isEmpty, violations.joined(separator: "; "))
    }

    /// Calm links: device 1's books reach device 0 before its reset, the reset deletes all of them, and
    /// both devices and the server end empty.
    @Test func aResetOnOneDeviceEmptiesEveryDeviceOnceSyncConverges() throws {
        let configuration = CloudKitRun.Configuration(devices: 2, booksPerDevice: 10)
        let result = CloudKitRun.run(seed: 1, configuration)
        try Self.check(result, configuration)
        #expect(result.booksAtReset.count == 20, "device 0 held \(result.booksAtReset.count) books at the reset")
        #expect(result.devices.allSatisfy { $0.library.isEmpty })
        #expect(result.serverLibrary.isEmpty)
        #expect(CloudKitRun.run(seed: 1, configuration).digest == result.digest)
    }

    /// Books added after the reset, on any device, survive it and reach every device.
    @Test func booksAddedAfterTheResetSurviveAndSync() throws {
        let configuration = CloudKitRun.Configuration(devices: 3, booksPerDevice: 5, booksAfterReset: 2)
        let result = CloudKitRun.run(seed: 2, configuration)
        try Self.check(result, configuration)
        #expect(result.serverLibrary.count == 6)
        #expect(result.devices.allSatisfy { $0.library.count == 6 })
    }

    /// Under generated fault schedules (loss, duplication, reordering, partitions, offline devices) the
    /// devices converge after the heal, and nothing the reset deleted survives anywhere.
    @Test func underGeneratedFaultsDevicesConvergeAndTheResetHolds() {
        let nodes = [NodeID(1), NodeID(2), NodeID(3), CloudKitRun.server]
        let schedules = Gen<(FaultOptions, UInt64, Int)>.zip(
            FaultScheduleFixture.generator(nodes: nodes, horizonNanoseconds: 120_000 * Self.ms),
            Gen<UInt64>.integer(in: 0...1_000),
            Gen<Int>.int(in: 0...2)
        )
        property(schedules, cases: 60, describe: { "seed \($0.1), \($0.2) books after the reset: \($0.0)" }) { faults, seed, after in
            let configuration = CloudKitRun.Configuration(devices: 3, booksPerDevice: 8, booksAfterReset: after, faults: faults)
            try Self.check(CloudKitRun.run(seed: seed, configuration), configuration)
        }
    }
}
