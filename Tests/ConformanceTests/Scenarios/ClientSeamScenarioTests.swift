import Foundation
import ProcessAdapter
import Simulator
import SpecConformance
import SpecModel
import Testing

/// Issue 23: a client seam in the simulator, in the model client's place (`ProgressRun.Seams`, D-136).
/// The model's own client through the seam runs the model's runs exactly; the kit's wrong clients are
/// caught by the scenarios' properties or by the recording rules on the runs' recordings.
@Suite struct ClientSeamScenarioTests {
    static let scenariosFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios")

    /// Every shipped progress scenario, by name.
    static func progressScenarios() throws -> [ScenarioFile] {
        let files = try FileManager.default.contentsOfDirectory(at: scenariosFolder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        return try files.map { try ScenarioFile(decoding: Array(Data(contentsOf: $0))) }.filter(\.recordsSessions)
    }

    /// What a run broke: the properties' ids and the recording rules' ids.
    static func broken(_ outcome: ScenarioFile.Outcome) -> Set<String> {
        var ids = Set(outcome.failures.map(\.property))
        for text in AdapterScenarioRun.recordingReport(outcome.recording) {
            ids.insert(String(text.split(separator: " ")[1]))
        }
        return ids
    }

    @Test func theModelsClientThroughTheSeamRunsTheModelsRunsExactly() throws {
        let scenarios = try Self.progressScenarios()
        try #require(scenarios.count >= 7)
        for scenario in scenarios {
            for seed in scenario.seeds {
                let model = scenario.run(seed: seed)
                let seam = try #require(scenario.run(seed: seed, seams: ProgressRun.Seams(client: ModelProgressSocketClient()), recordsRecording: true))
                #expect(seam.digest == model.digest, "\(scenario.name) seed \(seed)")
                #expect(Self.broken(seam).isEmpty, "\(scenario.name) seed \(seed): \(Self.broken(seam))")
            }
        }
    }

    /// Each of the kit's wrong clients (`WrongProgressSocketClients`) and what catches it in the shipped
    /// scenarios: a recording rule on the run's recording, or one of the run's properties.
    /// `RefusalRetriedClient` is not here: nothing refuses a simulated client's open, since it always
    /// has the job's token, so only the kit's suite (RECONNECT-06) can catch it.
    static let catches: [(client: String, by: String)] = [
        ("ProductionFiveTriesClient", "progress.client-learns-ending"),
        ("NoSyncAfterReconnectClient", "RECONNECT-03"),
        ("MillisecondDelaysClient", "RECONNECT-01"),
        ("UncappedBackoffClient", "RECONNECT-01"),
        ("NoHandshakeTimeoutClient", "progress.client-learns-ending"),
        ("EndingIgnoredClient", "progress.client-stops"),
        ("FourMissedPongsClient", "HEART-04"),
        ("SyncOnceClient", "RECONNECT-04"),
    ]

    @Test func everyWrongClientButTheRefusedOneIsListed() {
        let listed = Set(Self.catches.map(\.client))
        #expect(Set(WrongProgressSocketClients.clients.map(\.name)).subtracting(listed) == ["RefusalRetriedClient"])
    }

    @Test(arguments: catches)
    func aWrongClientIsCaughtInAShippedScenario(client: String, by id: String) throws {
        let make = try #require(WrongProgressSocketClients.clients.first { $0.name == client }?.make)
        var seen: [String: Set<String>] = [:]
        for scenario in try Self.progressScenarios() {
            for seed in scenario.seeds {
                let outcome = try #require(scenario.run(seed: seed, seams: ProgressRun.Seams(client: make()), recordsRecording: true))
                let broken = Self.broken(outcome)
                if broken.contains(id) { return }
                if !broken.isEmpty { seen["\(scenario.name)#\(seed)"] = broken }
            }
        }
        Issue.record("no shipped scenario caught \(client) by \(id); what the runs broke: \(seen)")
    }
}
