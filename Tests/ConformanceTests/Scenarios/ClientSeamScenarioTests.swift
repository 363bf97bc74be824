import Foundation
import ProcessAdapter
import Scenarios
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

    /// Every shipped progress scenario, every seed: the same digest, summary (the client's count, its
    /// ending, its opens) and recording, line for line, and nothing broken.
    @Test func theModelsClientThroughTheSeamRunsTheModelsRunsExactly() throws {
        let scenarios = try Self.progressScenarios()
        try #require(scenarios.count >= 8)
        for scenario in scenarios {
            for seed in scenario.seeds {
                let model = scenario.run(seed: seed, recordsRecording: true)
                let seam = try #require(scenario.run(seed: seed, seams: ProgressRun.Seams(client: ModelProgressSocketClient()), recordsRecording: true))
                #expect(seam.digest == model.digest, "\(scenario.name) seed \(seed)")
                #expect(seam.summary == model.summary, "\(scenario.name) seed \(seed)")
                #expect(seam.recording == model.recording, "\(scenario.name) seed \(seed)")
                #expect(Self.broken(seam).isEmpty, "\(scenario.name) seed \(seed): \(Self.broken(seam))")
            }
        }
    }

    /// Each of the kit's wrong clients (`WrongProgressSocketClients`) and what catches it in the shipped
    /// scenarios: a recording rule on the run's recording, or one of the run's properties.
    /// `RefusalRetriedClient` needs a server that refuses its open: `progress-refused-reopen` (D-138).
    /// Each names the scenario that must catch it, or any shipped one (`""`).
    static let catches: [(client: String, by: String, scenario: String)] = [
        ("ProductionFiveTriesClient", "progress.client-learns-ending", "progress-long-outage"),
        ("NoSyncAfterReconnectClient", "RECONNECT-03", ""),
        ("MillisecondDelaysClient", "RECONNECT-01", ""),
        ("UncappedBackoffClient", "RECONNECT-01", ""),
        ("NoHandshakeTimeoutClient", "progress.client-learns-ending", ""),
        ("EndingIgnoredClient", "progress.client-stops", ""),
        ("FourMissedPongsClient", "HEART-04", ""),
        ("SyncOnceClient", "RECONNECT-04", ""),
        ("NoReconnectClient", "progress.client-learns-ending", ""),
        ("NoFirstSyncClient", "RECONNECT-11", ""),
        ("RefusalRetriedClient", "progress.refusal-final", "progress-refused-reopen"),
        ("RefusalRetriedClient", "RECONNECT-06", "progress-refused-reopen"),
    ]

    @Test func everyWrongClientIsListed() {
        let listed = Set(Self.catches.map(\.client))
        #expect(Set(WrongProgressSocketClients.clients.map(\.name)) == listed)
        #expect(Set(WrongProgressSocketClients.clients.map(\.name)) == Set(WrongProgressSocketClients.all.map(\.name)))
    }

    @Test(arguments: catches)
    func aWrongClientIsCaughtInAShippedScenario(client: String, by id: String, scenario named: String) throws {
        let make = try #require(WrongProgressSocketClients.clients.first { $0.name == client }?.make)
        var seen: [String: Set<String>] = [:]
        for scenario in try Self.progressScenarios() where named.isEmpty || scenario.name == named {
            for seed in scenario.seeds {
                let outcome = try #require(scenario.run(seed: seed, seams: ProgressRun.Seams(client: make()), recordsRecording: true))
                let broken = Self.broken(outcome)
                if broken.contains(id) { return }
                if !broken.isEmpty { seen["\(scenario.name)#\(seed)"] = broken }
            }
        }
        Issue.record("no shipped scenario caught \(client) by \(id); what the runs broke: \(seen)")
    }

    // MARK: - What a seam cannot do to the run

    /// The model's client with its answers changed.
    struct EditedClient: ProgressSocketConnecting {
        var inner = ModelProgressSocketClient()
        var stuckDeadline = false
        var floodOnOpen = false
        /// Opens again, with its socket open, at the `reopenAt`-th frame it receives.
        var reopenAt: Int?
        var received = 0

        mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action] { inner.start(job, at: now) }
        mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action] {
            let actions = inner.opened(at: now)
            return floodOnOpen ? Array(repeating: actions[0], count: 100) : actions
        }
        mutating func openFailed(status: Int?, at now: Timestamp) -> [ProgressSocketClient.Action] { inner.openFailed(status: status, at: now) }
        mutating func connectionLost(at now: Timestamp) -> [ProgressSocketClient.Action] { inner.connectionLost(at: now) }
        var deadline: Timestamp? { stuckDeadline ? Timestamp(epochMilliseconds: 0) : inner.deadline }
        mutating func fire(at now: Timestamp) -> [ProgressSocketClient.Action] { stuckDeadline ? [] : inner.fire(at: now) }
        mutating func received(_ frame: [UInt8], at now: Timestamp) -> [ProgressSocketClient.Action] {
            received += 1
            if received == reopenAt { return [.open(reconnect: true)] }
            return inner.received(frame, at: now)
        }
    }

    static let calm = ScenarioFile.progress(named: "seam-calm", items: 40)

    /// A deadline that never moves on would fire forever at one instant: the run stops after 1,000
    /// fires with a failure that says so.
    @Test func aClientTimerThatNeverMovesOnStopsTheRun() throws {
        let outcome = try #require(Self.calm.run(seed: 1, seams: ProgressRun.Seams(client: EditedClient(stuckDeadline: true))))
        #expect(outcome.failures.map(\.property) == ["progress.timers-advance"], "\(outcome.failures)")
        #expect(outcome.failures.first?.message.contains("fired 1000 times at 0 ns") == true, "\(outcome.failures)")
        #expect(outcome.eventsRun < 1_100)
    }

    /// 100 actions from one call: the run carries out none of them and stops, with a failure.
    @Test func aClientThatAnswersAFloodStopsTheRun() throws {
        let outcome = try #require(Self.calm.run(seed: 1, seams: ProgressRun.Seams(client: EditedClient(floodOnOpen: true))))
        #expect(outcome.failures.map(\.property) == ["progress.client-actions"], "\(outcome.failures)")
        #expect(outcome.failures.first?.message.contains("answered 100 actions; at most 64") == true)
    }

    /// A client that opens again with its socket open: the old socket is closed and the recording says
    /// so before the new `connect`.
    @Test func aClientThatOpensAgainClosesItsOpenSocketFirst() throws {
        let outcome = try #require(Self.calm.run(seed: 1, seams: ProgressRun.Seams(client: EditedClient(reopenAt: 3)), recordsRecording: true))
        let index = try #require(outcome.recording.firstIndex { $0.contains(#""reason":"opened again""#) }, "\(outcome.recording.prefix(12))")
        #expect(outcome.recording[index + 1].contains(#""kind":"connect""#) && outcome.recording[index + 1].contains(#""reconnect":true"#))
        #expect(outcome.recording[..<index].filter { $0.contains(#""kind":"disconnect""#) }.isEmpty)
    }

    /// An offline phone's open fails at once (D-137): a `connect`, then 1 ms later a `disconnect` that
    /// says the open failed; a cut link's open is left to the handshake timeout instead.
    @Test func anOfflinePhonesOpenFailsAtOnceAndACutLinksTimesOut() throws {
        let offline = ScenarioFile.progress(named: "offline", items: 400)
            .faults(FaultOptions.calm.offline(ProgressRun.app, from: 20_000, to: 200_000)).healing(atMilliseconds: 200_000)
        let lines = offline.run(seed: 1, recordsRecording: true).recording
        let failed = try #require(lines.firstIndex { $0.contains(#""reason":"open failed""#) }, "no failed open")
        let connect = try #require(lines[..<failed].lastIndex { $0.contains(#""kind":"connect""#) })
        #expect(Self.milliseconds(lines[failed]) - Self.milliseconds(lines[connect]) == 1)
        let cut = ScenarioFile.progress(named: "cut", items: 400)
            .faults(FaultOptions.calm.partitioned(ProgressRun.app, ProgressRun.backend, from: 20_000, to: 200_000)).healing(atMilliseconds: 200_000)
        let cutLines = cut.run(seed: 1, recordsRecording: true).recording
        #expect(!cutLines.contains { $0.contains(#""reason":"open failed""#) })
        let reconnect = try #require(cutLines.firstIndex { $0.contains(#""kind":"connect""#) && $0.contains(#""reconnect":true"#) })
        let closed = try #require(cutLines[reconnect...].firstIndex { $0.contains(#""kind":"disconnect""#) })
        #expect(cutLines[closed].contains(#""reason":"closed by the app""#), "\(cutLines[closed])")
        #expect(Self.milliseconds(cutLines[closed]) - Self.milliseconds(cutLines[reconnect]) == 10_000, "the handshake timeout")
    }

    static func milliseconds(_ line: String) -> Int64 {
        guard let range = line.firstRange(of: #""t_ms":"#) else { return -1 }
        return Int64(line[range.upperBound...].prefix { $0.isNumber }) ?? -1
    }
}
