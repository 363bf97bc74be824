import Foundation
import ProcessAdapter
import Simulator
import SpecModel
import Testing

/// Issue 23: a program's throttle behind the model's job socket in a simulated scenario, in the
/// reference throttle's place, under the same faults, clocks and latencies (`adapterrun --scenario`).
@Suite struct AdapterScenarioTests {
    static let scenario = ScenarioFile.progress(named: "adapter-lossy", items: 60)
        .faults(FaultOptions.calm.latency(.uniform(minimum: 20 * FaultOptions.millisecond, maximum: 300 * FaultOptions.millisecond)))
        .healing(atMilliseconds: 30_000)
        .seeds([1, 2])

    static func run(_ program: [String], scenario: ScenarioFile = scenario, seeds: [UInt64] = [1, 2]) -> (status: Int32, output: String) {
        var invocation = AdapterRunCommand.Invocation()
        invocation.program = program
        invocation.scenarioPath = "adapter-lossy.json"
        var output = ""
        let status = AdapterScenarioRun.run(scenario, path: "adapter-lossy.json", seeds: seeds, invocation: invocation) { output += $0 }
        return (status, output)
    }

    /// The model behind the protocol decides as the reference throttle does: every seed's run is the
    /// model's own run, digest for digest, and keeps every property.
    @Test func theModelsProgramRunsTheModelsRunExactly() throws {
        let program = try #require(AdapterPrograms.command("adapter-model"))
        let (status, output) = Self.run(program)
        #expect(status == 0, "\(output)")
        #expect(output.components(separatedBy: "the model's run exactly").count == 3, "\(output)")
        #expect(output.contains("adapterrun: PASS, 2 runs of adapter-lossy kept every property"))
    }

    /// The seed's throttle as written, behind the socket: the client is sent three progress messages
    /// within a second, the simulator's own property, with the line that replays the seed.
    @Test func theSeedsThrottleBreaksTheRunsRateProperty() throws {
        let program = try #require(AdapterPrograms.command("adapter-wrong"))
        // Ten books a second: the seed's throttle lets milestones through on top of its interval.
        let fast = ScenarioFile.progress(named: "adapter-lossy", items: 60, itemIntervalMilliseconds: 100)
            .faults(FaultOptions.calm.latency(.uniform(minimum: 20 * FaultOptions.millisecond, maximum: 300 * FaultOptions.millisecond)))
        let (status, output) = Self.run(program, scenario: fast)
        #expect(status == 1, "\(output)")
        #expect(output.contains("VIOLATED [progress.two-per-second@app]"), "\(output)")
        #expect(output.contains("replay: swift run adapterrun --scenario adapter-lossy.json --seeds 1..<2 -- "), "\(output)")
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

    @Test func onlyAProgressScenarioHasAThrottle() throws {
        let program = try #require(AdapterPrograms.command("adapter-model"))
        let (status, output) = Self.run(program, scenario: ScenarioFile.resetDuringEnrichment(named: "reset", .init()))
        #expect(status == 2)
        #expect(output.contains("a reset-during-enrichment scenario; a program's throttle runs in progress scenarios only"), "\(output)")
    }

    @Test(arguments: [
        (["--scenario", "s.json", "--seeds", "5..<5", "--", "p"], "--seeds needs a non-empty range A..<B of seeds, got 5..<5"),
        (["--seeds", "1..<2", "--", "p"], "--seeds goes with --scenario"),
        (["--scenario", "s.json", "--seam", "progress-throttle", "--", "p"], "--seam, --side and --report are for the suites"),
    ])
    func scenarioArgumentsAreChecked(arguments: [String], message: String) {
        guard case let .usageError(text) = AdapterRunCommand.parse(arguments) else {
            Issue.record("\(arguments) parsed")
            return
        }
        #expect(text.contains(message), "\(text)")
    }

    @Test func aScenarioCommandLineParses() {
        guard case let .run(invocation) = AdapterRunCommand.parse(["--scenario", "s.json", "--seeds", "3..<7", "--", "node", "a.js"]) else {
            Issue.record("did not parse")
            return
        }
        #expect(invocation.scenarioPath == "s.json" && invocation.seeds == 3..<7 && invocation.program == ["node", "a.js"])
    }
}
