import Foundation
import Scenarios
import Simulator
import SpecModel
import Testing

/// The declarative scenarios kept in the repository (`Scenarios/*.json`) and simrunner's logic: every
/// file decodes, every one of its seeds keeps the protocol's properties through the final liveness
/// check and reproduces its digest exactly, traces come out in both formats, and sweeps shard cleanly
/// (issue 7, "Scenarios, traces and replay").
@Suite struct ScenarioFileTests {
    static let scenariosFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    static var files: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: scenariosFolder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    @Test func theRepositoryKeepsItsScenarioFiles() {
        #expect(Self.files.count >= 6, "found \(Self.files.map(\.lastPathComponent)) in \(Self.scenariosFolder.path)")
    }

    /// Each file's seeds, each run twice: no violation, the same digest.
    @Test func everyScenarioKeepsEveryPropertyAndRepeatsItsDigest() throws {
        for file in Self.files {
            let scenario = try ScenarioFile(decoding: try #require(Self.read(file.path)))
            #expect(scenario.name == file.deletingPathExtension().lastPathComponent)
            for seed in scenario.seeds {
                let result = scenario.run(seed: seed)
                #expect(result.violations.isEmpty, "\(scenario.name) seed \(seed): \(result.violations)")
                #expect(scenario.run(seed: seed).digest == result.digest, "\(scenario.name) seed \(seed) did not repeat")
                #expect(scenario.run(seed: seed, recordsTrace: true).digest == result.digest, "\(scenario.name): tracing changed the run")
            }
        }
    }

    /// `simrunner run` reproduces a run from its seed and writes its trace as JSON Lines and as a Chrome
    /// trace; recording the trace does not change the run.
    @Test func runReplaysASeedAndWritesBothTraceFormats() throws {
        let path = Self.scenariosFolder.appendingPathComponent("progress-outage-at-completion.json").path
        let plain = ScenarioCommand.run(arguments: ["run", path, "--seed", "2"], readFile: Self.read)
        let traced = ScenarioCommand.run(arguments: ["run", path, "--seed", "2", "--trace", "t.jsonl", "--chrome-trace", "t.json"], readFile: Self.read)
        #expect(plain.status == 0)
        #expect(plain.output == traced.output, "recording the trace changed the run")
        #expect(plain.output.contains("kept every property"))
        #expect(traced.files.map(\.path) == ["t.jsonl", "t.json"])
        let lines = traced.files[0].contents.split(separator: "\n")
        #expect(lines.count > 100)
        var times: [Int64] = []
        for line in lines {
            let event = try JSONValue(parsing: String(line))
            times.append(try #require(event["t_ns"]?.int64))
            #expect(event["node"]?.string == "app" || event["node"]?.string == "backend")
        }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "trace times go backwards")
        #expect(lines.contains { $0.contains("\"event\":\"frame.lost\"") }, "the outage loses frames")
        #expect(lines.contains { $0.contains("\"event\":\"socket.opened\"") })
        let chrome = try JSONValue(parsing: traced.files[1].contents)
        let events = try #require(chrome["traceEvents"]?.array)
        #expect(events.contains { $0["ph"]?.string == "M" && $0["args"]?["name"]?.string == "app" })
        #expect(events.contains { $0["ph"]?.string == "C" })
        #expect(events.filter { $0["ph"]?.string == "i" }.count == lines.count)
        // Frames in flight are spans from sending to arrival, with a flow arrow to the receiver's
        // track (issue 24); lost frames are spans of their own.
        let sent = lines.filter { $0.contains("\"event\":\"frame.sent\"") && $0.contains("arrives_ns") }.count
        let spans = events.filter { $0["ph"]?.string == "X" && ($0["name"]?.string ?? "").hasSuffix(" in flight") }
        #expect(sent > 0 && spans.count == sent)
        #expect(spans.allSatisfy { ($0["dur"]?.int64 ?? 0) >= 1 })
        let starts = events.filter { $0["ph"]?.string == "s" }, finishes = events.filter { $0["ph"]?.string == "f" }
        #expect(starts.count == sent && finishes.count == sent)
        #expect(zip(starts, finishes).allSatisfy { $0["id"] == $1["id"] && $0["tid"] != $1["tid"] && ($0["ts"]?.int64 ?? 0) < ($1["ts"]?.int64 ?? 0) })
        #expect(events.contains { $0["ph"]?.string == "X" && ($0["name"]?.string ?? "").hasSuffix(" lost") })
    }

    /// Shards split a sweep's seeds exactly: every seed in one shard, none twice.
    @Test func shardsSplitASweepExactly() {
        let path = Self.scenariosFolder.appendingPathComponent("progress-swarm.json").path
        var runs = 0
        for shard in 1...3 {
            let outcome = ScenarioCommand.run(arguments: ["sweep", path, "--seeds", "0..<10", "--shard", "\(shard)/3"], readFile: Self.read)
            #expect(outcome.status == 0, "\(outcome.output)")
            let count = outcome.output.split(separator: "\n").last.flatMap { line in line.split(separator: ":").dropFirst().first }.flatMap { Int($0.split(separator: " ").first ?? "") }
            runs += count ?? 0
        }
        #expect(runs == 10)
    }

    /// Usage errors and bad files exit 2 and say what is wrong, naming the field.
    @Test(arguments: [
        ([], "USAGE"),
        (["run"], "USAGE"),
        (["run", "missing.json"], "cannot read missing.json: no such file"),
        (["sweep", "FILE", "--seeds", "5..<1"], "--seeds must be a range A..<B of seeds with A ≤ B, got 5..<1"),
        (["sweep", "FILE"], "simrunner sweep needs --seeds A..<B: the seeds, A included and B not"),
        (["sweep", "FILE", "--seeds", "5..3"], "--seeds must be a range A..<B of seeds with A ≤ B, got 5..3"),
        (["run", "FILE", "--seeds", "0..<4"], "unknown option --seeds (did you mean --seed?); simrunner run takes --seed, --trace, --chrome-trace, --recording"),
        (["swep", "FILE"], "unknown command swep (did you mean sweep?); simrunner takes run, sweep, shrink, record or interleave"),
        (["walk", "FILE"], "unknown command walk; simrunner takes run, sweep, shrink, record or interleave"),
        (["run", "FILE", "other.json"], "simrunner run takes at most 1 argument, but got other.json as well"),
        (["sweep", "FILE", "--seeds", "0..<4", "--shard", "0/2"], "--shard must be I/N"),
        (["run", "FILE", "--verbose", "1"], "unknown option --verbose"),
        (["run", "FILE", "--trace", ""], "--trace must be a path, got nothing"),
        (["record", "--out", ""], "--out must be a path, got nothing"),
        (["shrink", "FILE", "--property", ""], "--property must be a property and its actor, ID@ACTOR, got nothing"),
    ] as [([String], String)])
    func usageErrorsExitTwo(arguments: [String], message: String) {
        let file = Array(#"{"name":"x","scenario":"progress","items":3}"#.utf8)
        let outcome = ScenarioCommand.run(arguments: arguments) { path in path == "FILE" ? file : nil }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(message), "\(outcome.output)")
    }

    /// `--help` prints the usage and succeeds; a call without arguments is a usage error.
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpPrintsTheUsageAndExitsZero(arguments: [String]) {
        let outcome = ScenarioCommand.run(arguments: arguments) { _ in nil }
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("USAGE: simrunner run FILE"))
        #expect(ScenarioCommand.run(arguments: []) { _ in nil }.status == 2)
    }

    /// Each subcommand's `--help` is its declaration's help, and exits 0 even with a file missing.
    @Test(arguments: ["run", "sweep", "shrink", "interleave"])
    func aCommandsHelpListsItsOptions(verb: String) throws {
        let outcome = ScenarioCommand.run(arguments: [verb, "--help"]) { _ in nil }
        let command = try #require(ScenarioCommand.commands.first { $0.name == "simrunner \(verb)" })
        #expect(outcome.status == 0)
        #expect(outcome.output == command.help)
        for option in command.options { #expect(outcome.output.contains(option.name), "\(option.name) missing from \(verb)'s help") }
    }

    /// Issue 22: a file larger than a scenario can be is refused by its size, before it is read, and
    /// a file error is one line ending in a line break; a usage error's first line names the option and its value.
    @Test func aFileTooLargeIsRefusedBeforeItIsRead() {
        var readAsked = false
        let outcome = ScenarioCommand.run(arguments: ["run", "big.json"]) { path, bytesMax -> ScenarioCommand.FileRead in
            #expect(bytesMax == ScenarioFile.bytesMax)
            readAsked = true
            return .tooLarge(bytes: 50_000_000)
        }
        #expect(readAsked)
        #expect(outcome.status == 2)
        #expect(outcome.output == "cannot read big.json: it is 50000000 bytes, and a scenario file holds at most 1048576\n")
        let atTheLimit = ScenarioCommand.run(arguments: ["run", "FILE"]) { _ in Array(repeating: UInt8(ascii: " "), count: ScenarioFile.bytesMax + 1) }
        #expect(atTheLimit.output.hasPrefix("cannot read FILE: it is 1048577 bytes"))
        let missing = ScenarioCommand.run(arguments: ["run", "missing.json"]) { _ in nil }
        #expect(missing.status == 2 && missing.output == "cannot read missing.json: no such file\n")
        // A usage error's first line names the option and the value; the usage line follows.
        for (arguments, first) in [(["run", "FILE", "--seed", "x"], "--seed must be a non-negative integer, got x"), (["sweep", "FILE", "--seeds", "0..<2", "--shard", "3/2"], "--shard must be I/N with 1 ≤ I ≤ N, got 3/2")] {
            let failed = ScenarioCommand.run(arguments: arguments) { path in path == "FILE" ? Array(#"{"name":"x","scenario":"progress","items":3}"#.utf8) : nil }
            #expect(failed.status == 2 && failed.output.split(separator: "\n").first.map(String.init) == first, "\(arguments): \(failed.output)")
        }
    }

    @Test(arguments: [
        (#"{"scenario":"progress","items":3}"#, "missing required field name"),
        (#"{"name":"x","scenario":"chat","items":3}"#, "field scenario is invalid"),
        (#"{"name":"x","scenario":"progress","items":0}"#, "field items is invalid: must be in 1...1000000"),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"partitions":[{"from":"app","to":"app","startMilliseconds":0,"endMilliseconds":1}]}}"#, "field faults.partitions[0] is invalid"),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"latency":{"uniform":[9,1]}}}"#, "field faults.latency.uniform is invalid"),
        (#"{"name":"x","scenario":"progress","items":3,"clocks":{"app":{"driftPpm":"fast"}}}"#, "field clocks.app.driftPpm should be an integer"),
        ("{not json", "not JSON"),
    ])
    func aBadScenarioFileIsRefusedNamingTheField(json: String, message: String) {
        let outcome = ScenarioCommand.run(arguments: ["run", "FILE"]) { _ in Array(json.utf8) }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(message), "\(outcome.output)")
    }

    /// Issue 24: a key the loader does not read is an error naming the file, the key and the nearest
    /// key it reads, at every level, for every kind of scenario; a typo never runs without its fault.
    @Test(arguments: [
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"losPpm":1000}}"#, #"field faults.losPpm is invalid: faults has no key "losPpm"; the nearest it has is "lossPpm""#),
        (#"{"name":"x","scenario":"progress","itemz":3,"items":3}"#, #"field itemz is invalid: a progress scenario has no key "itemz"; the nearest it has is "items""#),
        (#"{"name":"x","scenario":"cloudkit","device":3}"#, #"field device is invalid: a cloudkit scenario has no key "device"; the nearest it has is "devices""#),
        (#"{"name":"x","scenario":"reset-during-enrichment","book":3}"#, #"the nearest it has is "books""#),
        (#"{"name":"x","scenario":"import-and-enrich","csv":"a","stratgy":"skip"}"#, #"the nearest it has is "strategy""#),
        (#"{"name":"x","scenario":"progress","items":3,"clocks":{"ap":{}}}"#, #"field clocks.ap is invalid: clocks has no key "ap"; the nearest it has is "app""#),
        (#"{"name":"x","scenario":"progress","items":3,"clocks":{"app":{"drift":1}}}"#, #"the nearest it has is "driftPpm""#),
        (#"{"name":"x","scenario":"progress","items":3,"clocks":{"app":{"jumps":[{"at":1,"byMilliseconds":1}]}}}"#, #"field clocks.app.jumps[0].at is invalid"#),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"partitions":[{"from":"app","to":"backend","start":0,"endMilliseconds":1}]}}"#, #"the nearest it has is "startMilliseconds""#),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"offline":[{"nodes":"app","startMilliseconds":0,"endMilliseconds":1}]}}"#, #"the nearest it has is "node""#),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"latency":{"fixd":5}}}"#, #"the nearest it has is "fixed""#),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"latency":{"fixed":5,"uniform":[1,2]}}}"#, #"must have exactly one of"#),
        (#"{"name":"x","scenario":"progress","items":3,"faults":{"latency":{"longTailed":{"floor":1,"scale":1,"shapeTenths":10,"cap":9,"tail":1}}}}"#, #"the nearest it has is "#),
    ])
    func anUnknownKeyIsRefusedNamingTheFileTheKeyAndTheNearestKnownOne(json: String, message: String) {
        let outcome = ScenarioCommand.run(arguments: ["run", "typo.json"]) { _ in Array(json.utf8) }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(message), "\(outcome.output)")
        #expect(outcome.output.hasPrefix("cannot load typo.json: ") && outcome.output.hasSuffix("\n") && !outcome.output.dropLast().contains("\n"), "\(outcome.output)")
    }

    /// D-138: `refuseOpens` takes a client error's status, 400 through 499, and a time from 0; either
    /// side of each limit, and an unknown key inside it, is refused naming the field. An accepted
    /// refusal is written back and read again to the same scenario.
    @Test(arguments: [
        (399, 0, "field refuseOpens.status is invalid: must be in 400...499"),
        (400, 0, nil),
        (499, 86_400_000, nil),
        (500, 0, "field refuseOpens.status is invalid: must be in 400...499"),
        (401, -1, "field refuseOpens.fromMilliseconds is invalid"),
        (401, 86_400_001, "field refuseOpens.fromMilliseconds is invalid"),
    ] as [(Int, Int, String?)])
    func aRefusalOfOpensIsReadWithinItsLimits(status: Int, from: Int, error: String?) throws {
        let json = #"{"name":"x","scenario":"progress","items":3,"refuseOpens":{"fromMilliseconds":\#(from),"status":\#(status)}}"#
        let outcome = ScenarioCommand.run(arguments: ["run", "refusal.json"]) { _ in Array(json.utf8) }
        if let error {
            #expect(outcome.status == 2)
            #expect(outcome.output.contains(error), "\(outcome.output)")
            return
        }
        let scenario = try ScenarioFile(decoding: Array(json.utf8))
        #expect(scenario == scenario.refusingOpens(fromMilliseconds: UInt64(from), status: status))
        #expect(scenario != ScenarioFile.progress(named: "x", items: 3))
        #expect(try ScenarioFile(decoding: Array(try scenario.fileText().utf8)) == scenario)
        let typo = #"{"name":"x","scenario":"progress","items":3,"refuseOpens":{"fromMilliseconds":0,"statu":401}}"#
        let refused = ScenarioCommand.run(arguments: ["run", "typo.json"]) { _ in Array(typo.utf8) }
        #expect(refused.status == 2 && refused.output.contains(#"refuseOpens has no key "statu""#), "\(refused.output)")
    }

    /// A hostile key is named cut to 60 characters, so the error line stays short.
    @Test func aLongUnknownKeyIsNamedCut() {
        let key = String(repeating: "k", count: 10_000)
        let outcome = ScenarioCommand.run(arguments: ["run", "FILE"]) { _ in Array(#"{"name":"x","scenario":"progress","items":3,"\#(key)":1}"#.utf8) }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(String(repeating: "k", count: 60) + "…\""))
        #expect(outcome.output.utf8.count < 20_400, "\(outcome.output.utf8.count) bytes")
    }

    /// The Swift builder and the JSON file describe the same scenario: a scenario built in code runs
    /// exactly as the repository's file does.
    @Test func aScenarioBuiltInSwiftRunsAsItsFileDoes() throws {
        let file = try ScenarioFile(decoding: try #require(Self.read(Self.scenariosFolder.appendingPathComponent("progress-outage-at-completion.json").path)))
        let built = ScenarioFile.progress(named: "progress-outage-at-completion", items: 300)
            .faults(FaultOptions.calm
                .latency(.uniform(minimum: 20 * FaultOptions.millisecond, maximum: 120 * FaultOptions.millisecond))
                .partitioned(ProgressRun.app, ProgressRun.backend, from: 170_000, to: 230_000))
            .healing(atMilliseconds: 240_000)
            .seeds([1, 2])
        for seed in file.seeds {
            let fromFile = file.run(seed: seed)
            let fromSwift = built.run(seed: seed)
            #expect(fromSwift.digest == fromFile.digest, "seed \(seed)")
            #expect(fromSwift.violations.isEmpty)
        }
        let airplane = ScenarioFile.resetDuringEnrichment(named: "airplane", ResetDuringEnrichmentRun.Configuration(
            faults: FaultOptions.calm.latency(.fixed(nanoseconds: 80 * FaultOptions.millisecond)).offline(ResetDuringEnrichmentRun.app, from: 9_000, to: 120_000)
        ))
        let airplaneFile = try ScenarioFile(decoding: try #require(Self.read(Self.scenariosFolder.appendingPathComponent("reset-during-enrichment-airplane.json").path)))
        #expect(airplane.run(seed: 1).digest == airplaneFile.run(seed: 1).digest)
    }
}
