import Foundation
import ProcessAdapter
import Scenarios
import Simulator
import SpecModel
import Testing

/// Issue 23: a program's seams in a simulated scenario, in the model's place, under the same faults,
/// clocks and latencies (`adapterrun --scenario`): its throttle behind the model's job socket, its
/// client in the model client's place, or both.
@Suite struct AdapterScenarioTests {
    static let scenario = ScenarioFile.progress(named: "adapter-lossy", items: 60)
        .faults(FaultOptions.calm.latency(.uniform(minimum: 20 * FaultOptions.millisecond, maximum: 300 * FaultOptions.millisecond)))
        .healing(atMilliseconds: 30_000)
        .seeds([1, 2])

    /// The phone offline for two minutes: the client's reconnects fail, then succeed.
    static let offline = ScenarioFile.progress(named: "adapter-offline", items: 200)
        .faults(FaultOptions.calm.latency(.uniform(minimum: 20 * FaultOptions.millisecond, maximum: 150 * FaultOptions.millisecond))
            .offline(ProgressRun.app, from: 40_000, to: 160_000))
        .healing(atMilliseconds: 160_000)

    /// The same flight, with the server refusing every open from 40 s with 404 (D-138): the client's
    /// reopen after the flight is refused, a status the protocol carries to the program.
    static var refused: ScenarioFile {
        var scenario = offline.refusingOpens(fromMilliseconds: 40_000, status: 404)
        scenario.name = "adapter-refused"
        return scenario
    }

    static func run(_ program: [String], scenario: ScenarioFile = scenario, seeds: [UInt64] = [1, 2], seams: [AdapterSeam] = []) -> (status: Int32, output: String) {
        var invocation = AdapterRunCommand.Invocation()
        invocation.program = program
        invocation.seams = seams
        invocation.scenarioPath = "adapter-lossy.json"
        var output = ""
        let status = AdapterScenarioRun.run(scenario, path: "adapter-lossy.json", seeds: seeds, invocation: invocation) { output += $0 }
        return (status, output)
    }

    /// The model behind the protocol decides as the model does, throttle and client both: every
    /// seed's run is the model's own run, digest for digest, and keeps every property and recording rule.
    @Test func theModelsProgramRunsTheModelsRunExactly() throws {
        let program = try #require(AdapterPrograms.command("adapter-model"))
        for scenario in [Self.scenario, Self.offline, Self.refused] {
            let (status, output) = Self.run(program, scenario: scenario)
            #expect(status == 0, "\(output)")
            #expect(output.hasPrefix("adapterrun: the program's progress-throttle and progress-reconnect in the model's place\n"), "\(output)")
            #expect(output.components(separatedBy: "the model's run exactly").count == 3, "\(output)")
            #expect(output.contains("adapterrun: PASS, 2 runs of \(scenario.name) kept every property and recording rule"), "\(output)")
        }
        let model = Self.refused.run(seed: 1, recordsRecording: true)
        #expect(model.summary.contains("not ended") && model.recording.contains { $0.contains(#""status":404"#) }, "\(model.summary)")
    }

    /// The wrong program's client, whose backoff is in milliseconds, in the model client's place: the
    /// run's recording breaks RECONNECT-01, with its witness and the line that replays the seed.
    @Test func aWrongProgramsClientBreaksTheRecordingsReconnectRule() throws {
        let program = try #require(AdapterPrograms.command("adapter-wrong"))
        let (status, output) = Self.run(program, scenario: Self.offline, seeds: [1], seams: [.progressReconnect])
        #expect(status == 1, "\(output)")
        #expect(output.hasPrefix("adapterrun: the program's progress-reconnect in the model's place\n"), "\(output)")
        #expect(output.contains("  VIOLATION RECONNECT-01 at line "), "\(output)")
        #expect(output.contains("  witness ("), "\(output)")
        #expect(output.contains("replay: swift run adapterrun --scenario adapter-lossy.json --seeds 1..<2 --seam progress-reconnect -- "), "\(output)")
        #expect(output.hasSuffix("adapterrun: FAIL\n"))
    }

    /// The seed's throttle as written, behind the socket: the client is sent three progress messages
    /// within a second, the simulator's own property, with the line that replays the seed.
    @Test func theSeedsThrottleBreaksTheRunsRateProperty() throws {
        let program = try #require(AdapterPrograms.command("adapter-wrong"))
        // Ten books a second: the seed's throttle lets milestones through on top of its interval.
        let fast = ScenarioFile.progress(named: "adapter-lossy", items: 60, itemIntervalMilliseconds: 100)
            .faults(FaultOptions.calm.latency(.uniform(minimum: 20 * FaultOptions.millisecond, maximum: 300 * FaultOptions.millisecond)))
        let (status, output) = Self.run(program, scenario: fast, seams: [.progressThrottle])
        #expect(status == 1, "\(output)")
        #expect(output.contains("VIOLATED [progress.two-per-second@app]"), "\(output)")
        #expect(output.contains("replay: swift run adapterrun --scenario adapter-lossy.json --seeds 1..<2 --seam progress-throttle -- "), "\(output)")
        #expect(output.contains("not the model's run"))
    }

    /// A program that stops answering is reported as such, with its last exchanges; never a hang.
    @Test func aProgramThatFailsMidRunIsReported() throws {
        let program = try #require(AdapterPrograms.command("adapter-wrong", "--misbehave", "exit"))
        let (status, output) = Self.run(program)
        #expect(status == 1)
        #expect(output.contains("adapter-lossy seed 1: PROGRAM FAILED, the run is not judged"), "\(output)")
        #expect(output.contains("last exchanges") || output.contains("exchanges"), "\(output)")
    }

    @Test func onlyAProgressScenarioRunsAProgramsSeams() throws {
        let program = try #require(AdapterPrograms.command("adapter-model"))
        let (status, output) = Self.run(program, scenario: ScenarioFile.resetDuringEnrichment(named: "reset", .init()))
        #expect(status == 2)
        #expect(output.contains("a reset-during-enrichment scenario; a program's seams run in progress scenarios only"), "\(output)")
    }

    @Test(arguments: [
        (["--scenario", "s.json", "--seeds", "5..<5", "--", "p"], "--seeds must be a non-empty range A..<B of seeds, got 5..<5"),
        (["--seeds", "1..<2", "--", "p"], "--seeds goes with --scenario"),
        (["--scenario", "s.json", "--side", "backend", "--", "p"], "--side, --strict and --report are for the suites"),
        (["--scenario", "s.json", "--report", "r.md", "--", "p"], "--side, --strict and --report are for the suites"),
        (["--scenario", "s.json", "--seam", "heartbeat", "--", "p"], "--seam heartbeat does not run in a scenario; with --scenario, the seams are progress-throttle, progress-reconnect"),
    ])
    func scenarioArgumentsAreChecked(arguments: [String], message: String) {
        guard case let .usageError(text) = AdapterRunCommand.parse(arguments) else {
            Issue.record("\(arguments) parsed")
            return
        }
        #expect(text.contains(message), "\(text)")
    }

    @Test func aScenarioCommandLineWithItsSeamsParses() {
        guard case let .run(invocation) = AdapterRunCommand.parse(["--scenario", "s.json", "--seam", "progress-reconnect", "--seam", "progress-throttle", "--", "p"]) else {
            Issue.record("did not parse")
            return
        }
        #expect(invocation.seams == [.progressReconnect, .progressThrottle])
    }

    @Test func aScenarioCommandLineParses() {
        guard case let .run(invocation) = AdapterRunCommand.parse(["--scenario", "s.json", "--seeds", "3..<7", "--", "node", "a.js"]) else {
            Issue.record("did not parse")
            return
        }
        #expect(invocation.scenarioPath == "s.json" && invocation.seeds == 3..<7 && invocation.program == ["node", "a.js"])
    }
}
