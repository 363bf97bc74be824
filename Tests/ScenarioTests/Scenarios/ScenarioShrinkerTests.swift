import Foundation
import Generators
import Scenarios
import Simulator
import SpecModel
import Testing

/// Issue 24, "Minimal failing runs": the shipped canaries (`Scenarios/Canaries/`) each break a property,
/// `simrunner shrink` reduces each failing run at least 10× in events to a scenario file that breaks the
/// same property at the same actor and replays twice with the same digest, and what is left is
/// 1-minimal: taking away any one fault element, or one more of the inputs, loses the failure.
@Suite struct ScenarioShrinkerTests {
    static let canariesFolder = ScenarioFileTests.scenariosFolder.appendingPathComponent("Canaries")

    static var canaries: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: canariesFolder, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func load(_ file: URL) throws -> ScenarioFile {
        try ScenarioFile(decoding: try #require(ScenarioFileTests.read(file.path)))
    }

    @Test func everyCanaryKindIsShipped() throws {
        let kinds = try Set(Self.canaries.map { try Self.load($0).canary })
        #expect(kinds == Set(ScenarioFile.Canary.allCases.map(Optional.some)), "\(Self.canaries.map(\.lastPathComponent))")
    }

    /// Each canary's default seed breaks a property; the same file without its canary keeps them all.
    @Test func everyCanaryIsCaughtAndTheModelIsNot() throws {
        for file in Self.canaries {
            var scenario = try Self.load(file)
            let seed = try #require(scenario.seeds.first)
            #expect(!scenario.run(seed: seed).failures.isEmpty, "\(scenario.name) seed \(seed) kept every property")
            scenario.canary = nil
            #expect(scenario.run(seed: seed).failures.isEmpty, "\(scenario.name) without its canary: \(scenario.run(seed: seed).violations)")
        }
    }

    static var canaryNames: [String] { canaries.map(\.lastPathComponent) }

    /// Each canary's run shrinks at least tenfold to a file that breaks the same key and replays twice,
    /// and what is left is needed: removing any one scripted frame, partition, offline window or
    /// random rate each loses the failure (or grows the run).
    @Test(arguments: canaryNames)
    func aCanaryShrinksTenfoldToAOneMinimalRunThatReplays(name: String) throws {
        let scenario = try Self.load(Self.canariesFolder.appendingPathComponent(name))
        let seed = try #require(scenario.seeds.first)
        let shrunk = try ScenarioShrinker.shrink(scenario, seed: seed)
        #expect(shrunk.reduction >= 10, "\(scenario.name): \(shrunk.eventsBefore) -> \(shrunk.eventsAfter) events")
        #expect(shrunk.shrunkFailure.key == shrunk.failure.key)
        let written = try ScenarioFile(decoding: Array(shrunk.fileText.utf8))
        #expect(written == shrunk.scenario)
        #expect(written.seeds == [seed])
        let first = written.run(seed: seed), second = written.run(seed: seed)
        #expect(first.digest == second.digest && first.digest == shrunk.digest, "\(scenario.name) did not replay")
        #expect(first.eventsRun == shrunk.eventsAfter)
        #expect(first.failures.contains { $0.key == shrunk.failure.key }, "\(scenario.name): \(first.failures)")

        let options = try #require(shrunk.scenario.explicitFaults)
        var smaller: [(String, ScenarioFile)] = []
        for index in options.scriptedFrames.indices {
            var copy = options
            copy.scriptedFrames.remove(at: index)
            smaller.append(("scripted frame \(index) removed", shrunk.scenario.faults(copy)))
        }
        for index in options.partitions.indices {
            var copy = options
            copy.partitions.remove(at: index)
            smaller.append(("partition \(index) removed", shrunk.scenario.faults(copy)))
        }
        for node in options.offline.keys {
            var copy = options
            copy.offline[node] = nil
            smaller.append(("offline \(node) removed", shrunk.scenario.faults(copy)))
        }
        var calm = options
        (calm.lossPartsPerMillion, calm.duplicationPartsPerMillion, calm.reorderPartsPerMillion) = (0, 0, 0)
        if calm != options { smaller.append(("random rates at zero", shrunk.scenario.faults(calm))) }
        for (label, candidate) in smaller {
            let outcome = candidate.run(seed: seed)
            #expect(!outcome.failures.contains { $0.key == shrunk.failure.key } || outcome.eventsRun > shrunk.eventsAfter,
                    "\(scenario.name): with \(label) the run still breaks \(shrunk.failure.key) in \(outcome.eventsRun) events")
        }
        let faultElements = options.scriptedFrames.count + options.partitions.count + options.offline.count
        if try #require(scenario.canary).needsAFault {
            #expect(faultElements >= 1, "\(scenario.name) fails with no fault at all")
        } else {
            #expect(faultElements == 0, "\(scenario.name) keeps \(faultElements) fault elements its flaw does not need")
        }
    }

    /// A day can break two properties at once: the day canary breaks app.queue-or-job and
    /// app.enriched-once. Shrunk without a key it keeps the first (the test above); asked for the
    /// other, it keeps that one to the end, and the run it ends with is reduced tenfold (issue 37).
    @Test func aDayShrinksToTheFailureAskedForAndNotTheOther() throws {
        let scenario = try Self.load(Self.canariesFolder.appendingPathComponent("day-job-keeps-queued-books.json"))
        let seed = try #require(scenario.seeds.first)
        let keys = scenario.run(seed: seed).failures.map(\.key)
        #expect(Set(keys.map { String($0.prefix { $0 != "@" }) }) == [WholeApp.Property.oneQueueOrJob.rawValue, WholeApp.Property.enrichedOnce.rawValue], "\(keys)")
        let asked = try #require(keys.last)
        let shrunk = try ScenarioShrinker.shrink(scenario, seed: seed, keeping: asked)
        #expect(shrunk.failure.key == asked && shrunk.shrunkFailure.key == asked)
        #expect(shrunk.reduction >= 10, "\(shrunk.eventsBefore) -> \(shrunk.eventsAfter) events")
        #expect(try ScenarioFile(decoding: Array(shrunk.fileText.utf8)).run(seed: seed).failures.contains { $0.key == asked })
        #expect(try ScenarioShrinker.shrink(scenario, seed: seed, runsMax: 1).failure.key == keys.first)
    }

    @Test func shrinkingKeepsTheFailureAskedFor() throws {
        let scenario = try Self.load(Self.canariesFolder.appendingPathComponent("reset-forgets-cancel-timeout.json"))
        let seed = try #require(scenario.seeds.first)
        let keys = scenario.run(seed: seed).failures.map(\.key)
        #expect(keys.count >= 2, "\(keys)")
        let last = try #require(keys.last)
        let shrunk = try ScenarioShrinker.shrink(scenario, seed: seed, keeping: last)
        #expect(shrunk.failure.key == last)
        #expect(shrunk.scenario.run(seed: seed).failures.contains { $0.key == last })
        #expect(throws: ScenarioShrinker.Refusal.noSuchFailure(asked: "reset.nothing@app", broken: keys)) {
            try ScenarioShrinker.shrink(scenario, seed: seed, keeping: "reset.nothing@app")
        }
    }

    /// A refusal of opens the failure does not need is taken out (D-138); one it needs is kept.
    @Test func aRefusalTheFailureDoesNotNeedIsRemoved() throws {
        let canary = try Self.load(Self.canariesFolder.appendingPathComponent("progress-sync-once.json"))
        let seed = try #require(canary.seeds.first)
        let late = canary.refusingOpens(fromMilliseconds: 86_400_000, status: 401)
        #expect(try late.fileText().contains("refuseOpens"))
        let shrunk = try ScenarioShrinker.shrink(late, seed: seed)
        #expect(!shrunk.fileText.contains("refuseOpens"), "\(shrunk.fileText)")
        // From the start every open is refused: the client stops at once, and a client that opens
        // again breaks progress.refusal-final, which only the refusal makes possible.
        let refused = ScenarioFile.progress(named: "refused", items: 20).refusingOpens(fromMilliseconds: 0, status: 404)
        let run = refused.run(seed: 1)
        #expect(run.failures.isEmpty, "\(run.violations)")
        #expect(run.summary.contains("0 opens"), "\(run.summary)")
    }

    @Test func aRunThatKeepsEveryPropertyIsNotShrunk() throws {
        let scenario = try Self.load(ScenarioFileTests.scenariosFolder.appendingPathComponent("progress-calm-1500.json"))
        #expect(throws: ScenarioShrinker.Refusal.keptEveryProperty) { try ScenarioShrinker.shrink(scenario, seed: 1) }
        let outcome = ScenarioCommand.run(arguments: ["shrink", "calm.json"]) { _ in ScenarioFileTests.read(ScenarioFileTests.scenariosFolder.appendingPathComponent("progress-calm-1500.json").path) }
        #expect(outcome.status == 1 && outcome.files.isEmpty)
        #expect(outcome.output.contains("kept every property: nothing to shrink"), "\(outcome.output)")
    }

    /// Swarm faults are made explicit first: the shrunk file is fixed faults that replay the failure.
    /// (The budget is small to keep the debug build's test short: in 30 runs it only starts taking the
    /// 215 scripted frames away. `simrunner shrink` on this run, with its default budget, goes from 695
    /// to 528 events.)
    @Test func aSwarmRunShrinksToFixedFaults() throws {
        let scenario = try Self.load(Self.canariesFolder.appendingPathComponent("progress-sync-once.json")).swarm()
        let seed: UInt64 = 21  // the first seed of 0..<60 whose swarm faults catch the canary
        #expect(!scenario.run(seed: seed).failures.isEmpty)
        let shrunk = try ScenarioShrinker.shrink(scenario, seed: seed, runsMax: 30)
        #expect(shrunk.runs <= 30)
        #expect(!shrunk.fileText.contains("\"swarm\""))
        #expect(try ScenarioFile(decoding: Array(shrunk.fileText.utf8)).run(seed: seed).digest == shrunk.digest)
        #expect(shrunk.steps.count > 2, "no step kept after the faults were made explicit and scripted: \(shrunk.steps)")
    }

    @Test func simrunnerShrinkWritesTheFileAndTheReplayLine() throws {
        let path = Self.canariesFolder.appendingPathComponent("progress-sync-once.json").path
        let outcome = ScenarioCommand.run(arguments: ["shrink", path, "--out", "small.json"], readFile: ScenarioFileTests.read)
        #expect(outcome.status == 0, "\(outcome.output)")
        #expect(outcome.files.map(\.path) == ["small.json"])
        #expect(outcome.output.contains("broke [progress.client-learns-ending@app]"), "\(outcome.output)")
        #expect(outcome.output.contains("replayed twice from the file: digest "))
        #expect(outcome.output.contains("replay: swift run -c release simrunner run small.json --seed 7"))
        let written = try ScenarioFile(decoding: Array(try #require(outcome.files.first).contents.utf8))
        #expect(written.canary == .syncOnce)
        let byDefault = ScenarioCommand.run(arguments: ["shrink", path, "--runs-max", "5"], readFile: ScenarioFileTests.read)
        #expect(byDefault.files.map(\.path) == ["progress-sync-once-seed7-shrunk.json"])
        #expect(byDefault.output.contains("shrunk in 5 runs") || byDefault.output.contains("shrunk in 6 runs"), "\(byDefault.output)")
    }

    @Test(arguments: [
        (["shrink", "FILE", "--seed", "x"], "--seed must be a non-negative integer"),
        (["shrink", "FILE", "--runs-max", "0"], "--runs-max must be a positive integer"),
        (["shrink", "FILE", "--trace", "t.jsonl"], "unknown option --trace"),
        (["shrink", "FILE", "--runs-max"], "--runs-max needs a value (N)"),
        (["shrink", "FILE", "--property", "progress.nothing@app"], "did not break progress.nothing@app"),
    ])
    func shrinkRefusesBadArguments(arguments: [String], message: String) {
        let path = Self.canariesFolder.appendingPathComponent("progress-sync-once.json").path
        let outcome = ScenarioCommand.run(arguments: arguments.map { $0 == "FILE" ? path : $0 }, readFile: ScenarioFileTests.read)
        #expect(outcome.status == 2 && outcome.files.isEmpty)
        #expect(outcome.output.contains(message), "\(outcome.output)")
    }

    /// Every shipped scenario, canaries included, written back as a file and read again is the same scenario.
    @Test func everyShippedScenarioSurvivesAFileRoundTrip() throws {
        for file in ScenarioFileTests.files + Self.canaries {
            let scenario = try Self.load(file)
            let text = try scenario.fileText()
            #expect(try ScenarioFile(decoding: Array(text.utf8)) == scenario, "\(file.lastPathComponent):\n\(text)")
        }
    }

    @Test func aValueAFileCannotHoldIsRefusedByName() {
        let scenario = ScenarioFile.progress(named: "x", items: 3).faults(FaultOptions.calm.latency(.fixed(nanoseconds: 1_500_000)))
        #expect(throws: ScenarioFileError.notWritable("the latency is 1500000 ns, not a whole number of milliseconds")) { try scenario.fileText() }
    }

    @Test(arguments: [
        (#"{"from":"app","to":"backend","frame":1}"#, "must have either \"lost\" or one or both of \"heldMilliseconds\" and \"duplicatedAfterMilliseconds\""),
        (#"{"from":"app","to":"backend","frame":1,"lost":true,"heldMilliseconds":5}"#, "must have either"),
        (#"{"from":"app","to":"backend","frame":0,"lost":true}"#, "field faults.frames[0].frame is invalid: must be in 1...100000000"),
        (#"{"from":"app","to":"app","frame":1,"lost":true}"#, "a frame goes between two different nodes"),
        (#"{"from":"app","to":"backend","frame":1,"lost":false}"#, "must be true"),
        (#"{"from":"app","to":"backend","frame":1,"heldMilliseconds":0}"#, "must be in 1...600000"),
        (#"{"from":"app","to":"backend","frame":1,"message":"","lost":true}"#, "must be a message type of 1 to 64 bytes"),
        (#"{"from":"app","to":"backend","frame":1,"lots":true}"#, #"a scripted frame has no key "lots"; the nearest it has is "lost""#),
    ])
    func aBadScriptedFrameIsRefusedByName(frame: String, message: String) {
        let json = #"{"name":"x","scenario":"progress","items":3,"faults":{"frames":[\#(frame)]}}"#
        let outcome = ScenarioCommand.run(arguments: ["run", "FILE"]) { _ in Array(json.utf8) }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(message), "\(outcome.output)")
    }

    @Test func aFrameScriptedTwiceIsRefused() {
        let frame = #"{"from":"backend","to":"app","message":"job_complete","frame":1,"lost":true}"#
        let json = #"{"name":"x","scenario":"progress","items":3,"faults":{"frames":[\#(frame),\#(frame)]}}"#
        let outcome = ScenarioCommand.run(arguments: ["run", "FILE"]) { _ in Array(json.utf8) }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains("scripts frame 1 of the job_complete frames of its link a second time"), "\(outcome.output)")
    }

    @Test func aCanaryOfAnotherKindIsRefused() {
        let json = #"{"name":"x","scenario":"progress","items":3,"canary":"forgets-tombstones"}"#
        let outcome = ScenarioCommand.run(arguments: ["run", "FILE"]) { _ in Array(json.utf8) }
        #expect(outcome.status == 2)
        #expect(outcome.output.contains(#"must be "sync-once" for a progress scenario"#), "\(outcome.output)")
    }
}

/// A frame script decides exactly the frames it names, by number on the link or by number among the
/// frames of one message type, and nothing else.
@Suite struct FrameScriptTests {
    static let a = NodeID(1), b = NodeID(2)

    static func send(_ count: Int, script: [FaultOptions.ScriptedFrame], messages: [String?]? = nil) -> [Delivery] {
        var options = FaultOptions.calm
        options.scriptedFrames = script
        var link = Link(from: a, to: b)
        var random = Xoshiro256StarStar(seed: 1)
        return (0..<count).map { index in
            link.send(at: UInt64(index) * 1_000_000_000, options: options, latency: options.frameLatency, random: &random, message: messages?[index])
        }
    }

    @Test func aScriptedFrameIsLostHeldOrDuplicatedAndNoOtherIs() {
        let ms = FaultOptions.millisecond
        let deliveries = Self.send(5, script: [
            .init(from: Self.a, to: Self.b, frame: 2, fate: .lost),
            .init(from: Self.a, to: Self.b, frame: 3, fate: .held(nanoseconds: 5_000 * ms)),
            .init(from: Self.a, to: Self.b, frame: 4, fate: .duplicated(afterNanoseconds: 7 * ms)),
            .init(from: Self.b, to: Self.a, frame: 5, fate: .lost),
        ])
        #expect(deliveries[0].arrivals == [40 * ms])
        #expect(deliveries[1].lost)
        #expect(deliveries[2].arrivals == [2_000 * ms + 40 * ms + 5_000 * ms])
        #expect(deliveries[3].arrivals == [3_000 * ms + 40 * ms, 3_000 * ms + 47 * ms])
        #expect(deliveries[4].arrivals == [4_000 * ms + 40 * ms], "a frame scripted on the other link's direction was touched")
    }

    @Test func aFrameCountedByMessageTypeIsTheNthOfThatType() {
        let deliveries = Self.send(5, script: [.init(from: Self.a, to: Self.b, frame: 2, message: "ping", fate: .lost)], messages: ["ping", "pong", "pong", "ping", "ping"])
        #expect(deliveries.map(\.lost) == [false, false, false, true, false])
    }

    @Test func theFatesAFaultyLinkRecordsReplayTheSameDeliveries() {
        var options = FaultOptions.calm
        (options.lossPartsPerMillion, options.duplicationPartsPerMillion, options.reorderPartsPerMillion, options.reorderDelayMaxNanoseconds) = (200_000, 100_000, 100_000, 500 * FaultOptions.millisecond)
        var link = Link(from: Self.a, to: Self.b)
        var random = Xoshiro256StarStar(seed: 9)
        let drawn = (0..<200).map { link.send(at: UInt64($0) * 1_000_000_000, options: options, latency: options.frameLatency, random: &random) }
        #expect(link.fates.count > 20, "the faults hit \(link.fates.count) frames")
        var scripted = FaultOptions.calm
        scripted.scriptedFrames = link.fates
        var replay = Link(from: Self.a, to: Self.b)
        var other = Xoshiro256StarStar(seed: 12_345)
        let replayed = (0..<200).map { replay.send(at: UInt64($0) * 1_000_000_000, options: scripted, latency: scripted.frameLatency, random: &other) }
        #expect(replayed == drawn)
    }
}
