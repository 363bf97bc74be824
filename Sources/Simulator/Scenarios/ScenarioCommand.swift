import Generators

/// simrunner's logic, without I/O: parse the arguments, run scenarios, say what happened, and name the
/// files to write. `Sources/simrunner` only reads and writes files and the terminal.
///
///     simrunner run FILE [--seed N] [--trace PATH] [--chrome-trace PATH] [--recording PATH]
///     simrunner sweep FILE --seeds A..<B [--shard I/N]
///     simrunner shrink FILE [--seed N] [--property ID@ACTOR] [--out PATH] [--runs-max N]
///     simrunner interleave [--cases N] [--seed N] [--replay TOKEN]
///
/// `run` replays one run exactly from (file, seed) and prints its digest; `sweep` runs a range of seeds,
/// or the shard `I` of `N` of it (seeds whose index modulo N is I-1), so a CI matrix can fan a sweep out,
/// and prints the one command that replays each failure; `shrink` reduces a failing run to a smaller
/// scenario file that breaks the same property at the same actor (`ScenarioShrinker`); `interleave`
/// checks random interleavings of the whole app's actions (`WholeAppInterleavings`). Exit status: 0 every run kept the properties,
/// 1 a run broke one, 2 a usage error or an unreadable scenario.
public enum ScenarioCommand {
    /// What a simrunner invocation comes to: its exit status, its terminal output and the files to write.
    public struct Outcome: Sendable {
        /// The exit status: 0 every run kept the properties, 1 a run broke one, 2 a usage or file error.
        public var status: Int32
        /// What simrunner prints: the usage, each run's summary and violations, or a sweep's failures and replay commands.
        public var output: String
        /// Files to write: (path, contents).
        public var files: [(path: String, contents: String)]
    }

    /// The help text `--help` prints and an invalid command line gets.
    public static let usage = """
        USAGE: simrunner run FILE [--seed N] [--trace PATH.jsonl] [--chrome-trace PATH.json] [--recording PATH.jsonl]
               simrunner sweep FILE --seeds A..<B [--shard I/N]
               simrunner shrink FILE [--seed N] [--property ID@ACTOR] [--out PATH.json] [--runs-max N]
               simrunner interleave [--cases N] [--seed N] [--replay TOKEN]

        Runs a scenario file (Scenarios/*.json) on the simulator. `run` reproduces one run bit for bit
        from its seed and prints its trace digest; `sweep` runs every seed of a range, or one shard of it.
        `--recording` writes a progress scenario's session recording for sessioncheck (Docs/Recordings.md).
        `shrink` reduces a failing run (its first broken property, or --property) to a smaller scenario
        file that breaks the same property at the same actor, replays it twice and writes it (--out,
        by default NAME-seedN-shrunk.json).
        `interleave` checks N random interleavings (default 10000) of every action of the whole app on two
        devices, the invariants judged after each action; a failure is shrunk to a minimal action list
        and printed with its replay token, which replays here (--replay) and in swift test.
        Exit status: 0 all runs kept the properties (shrink: the shrunk file replays), 1 a run broke one
        (shrink: nothing to shrink), 2 a usage or file error.

        """

    /// What reading a scenario file gave.
    public enum FileRead: Sendable {
        /// The file's bytes, within `ScenarioFile.bytesMax`.
        case contents([UInt8])
        /// No file at the path, or it could not be read; the reason as the system gives it.
        case unreadable(reason: String)
        /// The file is larger than `ScenarioFile.bytesMax`: its size, found before reading it.
        case tooLarge(bytes: Int)
    }

    /// What the file system says of a path simrunner could not write, found after the write failed.
    public struct WriteFailure: Sendable {
        /// The folder the file would be in (`.` for a bare name).
        public var folder: String
        /// Whether that folder exists.
        public var folderExists: Bool
        /// Whether the current user may create files in it.
        public var folderIsWritable: Bool
        /// Whether the path itself names a folder.
        public var pathIsFolder: Bool

        /// Creates the findings on a path that could not be written.
        public init(folder: String, folderExists: Bool, folderIsWritable: Bool, pathIsFolder: Bool) {
            self.folder = folder
            self.folderExists = folderExists
            self.folderIsWritable = folderIsWritable
            self.pathIsFolder = pathIsFolder
        }
    }

    /// The one plain line for a file simrunner could not write: the path and the reason, with no
    /// system error domain or code in it.
    public static func cannotWrite(_ path: String, _ failure: WriteFailure) -> String {
        let reason: String
        if failure.pathIsFolder {
            reason = "it is a folder"
        } else if !failure.folderExists {
            reason = "there is no folder \(failure.folder)"
        } else if !failure.folderIsWritable {
            reason = "the folder \(failure.folder) is not writable"
        } else {
            reason = "the file could not be written"
        }
        return "cannot write \(path): \(reason)\n"
    }

    /// Runs simrunner with files held in memory (tests): a file's size is checked after reading it.
    public static func run(arguments: [String], readFile: (String) -> [UInt8]?) -> Outcome {
        run(arguments: arguments) { path, bytesMax -> FileRead in
            guard let bytes = readFile(path) else { return .unreadable(reason: "no such file") }
            return bytes.count > bytesMax ? .tooLarge(bytes: bytes.count) : .contents(bytes)
        }
    }

    /// Runs simrunner: `read` is given a path and the most bytes a scenario may have, and checks the
    /// file's size before reading it, so a huge file is refused without being read.
    public static func run(arguments: [String], read: (_ path: String, _ bytesMax: Int) -> FileRead) -> Outcome {
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            return Outcome(status: 0, output: usage, files: [])
        }
        if arguments.first == "interleave" { return interleave(Array(arguments.dropFirst())) }
        guard let verb = arguments.first, ["run", "sweep", "shrink"].contains(verb), arguments.count >= 2 else {
            return Outcome(status: 2, output: usage, files: [])
        }
        let path = arguments[1]
        var options: [String: String] = [:]
        var index = 2
        while index < arguments.count {
            let flag = arguments[index]
            let flags = verb == "shrink" ? ["--seed", "--property", "--out", "--runs-max"] : ["--seed", "--trace", "--chrome-trace", "--recording", "--seeds", "--shard"]
            guard flags.contains(flag), index + 1 < arguments.count else {
                return Outcome(status: 2, output: "unknown or incomplete option \(flag)\n\n" + usage, files: [])
            }
            options[flag] = arguments[index + 1]
            index += 2
        }
        let bytes: [UInt8]
        switch read(path, ScenarioFile.bytesMax) {
        case let .contents(contents): bytes = contents
        case let .unreadable(reason): return Outcome(status: 2, output: "cannot read \(path): \(reason)\n", files: [])
        case let .tooLarge(size):
            return Outcome(status: 2, output: "cannot read \(path): it is \(size) bytes, and a scenario file holds at most \(ScenarioFile.bytesMax)\n", files: [])
        }
        let scenario: ScenarioFile
        do {
            scenario = try ScenarioFile(decoding: bytes)
        } catch {
            return Outcome(status: 2, output: "cannot load \(path): \(error)\n", files: [])
        }
        if verb == "shrink" { return shrink(scenario, path: path, options: options) }
        if verb == "run" {
            guard let seed = options["--seed"].map({ UInt64($0) }) ?? scenario.seeds.first else {
                return Outcome(status: 2, output: "--seed must be a non-negative integer\n", files: [])
            }
            let traced = options["--trace"] != nil || options["--chrome-trace"] != nil
            if options["--recording"] != nil, !scenario.recordsSessions {
                return Outcome(status: 2, output: "--recording is for progress scenarios; \(path) is not one\n", files: [])
            }
            let result = scenario.run(seed: seed, recordsTrace: traced, recordsRecording: options["--recording"] != nil)
            var files: [(String, String)] = []
            if let recording = options["--recording"] { files.append((recording, result.recording.map { $0 + "\n" }.joined())) }
            if let trace = options["--trace"] { files.append((trace, SimulationTrace.jsonLines(result.trace))) }
            if let chrome = options["--chrome-trace"] { files.append((chrome, SimulationTrace.chromeTrace(result.trace))) }
            var output = "\(scenario.name) seed \(seed): \(result.summary)\n"
            output += result.violations.isEmpty ? "kept every property\n" : result.violations.map { "VIOLATED: \($0)\n" }.joined()
            return Outcome(status: result.violations.isEmpty ? 0 : 1, output: output, files: files)
        }
        guard let range = options["--seeds"].flatMap(parseRange) else {
            return Outcome(status: 2, output: "sweep needs --seeds A..<B\n\n" + usage, files: [])
        }
        var shard = (index: 1, count: 1)
        if let text = options["--shard"] {
            let parts = text.split(separator: "/").compactMap { Int($0) }
            guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
                return Outcome(status: 2, output: "--shard must be I/N with 1 ≤ I ≤ N, got \(text)\n", files: [])
            }
            shard = (parts[0], parts[1])
        }
        var output = ""
        var runs = 0
        var failures = 0
        for (offset, seed) in range.enumerated() where offset % shard.count == shard.index - 1 {
            runs += 1
            let violations = scenario.run(seed: seed).violations
            guard !violations.isEmpty else { continue }
            failures += 1
            output += "seed \(seed): \(violations.joined(separator: "; "))\n  replay: swift run -c release simrunner run \(path) --seed \(seed) --trace run.jsonl\n"
        }
        output += "\(scenario.name): \(runs) runs (shard \(shard.index)/\(shard.count) of seeds \(range.lowerBound)..<\(range.upperBound)), \(failures) failed\n"
        return Outcome(status: failures == 0 ? 0 : 1, output: output, files: [])
    }

    /// `simrunner shrink`: shrinks the run, replays the file it writes twice, and says what it removed.
    static func shrink(_ scenario: ScenarioFile, path: String, options: [String: String]) -> Outcome {
        guard let seed = options["--seed"].map({ UInt64($0) }) ?? scenario.seeds.first else {
            return Outcome(status: 2, output: "--seed must be a non-negative integer\n", files: [])
        }
        guard let runsMax = options["--runs-max"].map({ Int($0) }) ?? 4_000, runsMax >= 1 else {
            return Outcome(status: 2, output: "--runs-max must be a positive integer\n", files: [])
        }
        let shrunk: ScenarioShrinker.Shrunk
        do {
            shrunk = try ScenarioShrinker.shrink(scenario, seed: seed, keeping: options["--property"], runsMax: runsMax)
        } catch .keptEveryProperty {
            return Outcome(status: 1, output: "\(scenario.name) seed \(seed) kept every property: nothing to shrink\n", files: [])
        } catch {
            return Outcome(status: 2, output: "cannot shrink \(path) seed \(seed): \(error)\n", files: [])
        }
        let out = options["--out"] ?? "\(scenario.name)-seed\(seed)-shrunk.json"
        var output = "\(scenario.name) seed \(seed) broke \(shrunk.failure)\n"
        output += "shrunk in \(shrunk.runs) runs: \(shrunk.eventsBefore) events -> \(shrunk.eventsAfter) (\(Self.ratio(shrunk.reduction)) fewer), "
        output += "fault elements \(shrunk.faultElementsBefore) -> \(shrunk.faultElementsAfter)\n"
        output += shrunk.steps.map { "  \($0)\n" }.joined()
        output += "the shrunk run breaks \(shrunk.shrunkFailure)\n"
        // The file as written, read back and run twice: the same digest and the same failure.
        let file: ScenarioFile
        do {
            file = try ScenarioFile(decoding: Array(shrunk.fileText.utf8))
        } catch {
            output += "the shrunk file does not load: \(error)\n"
            return Outcome(status: 1, output: output, files: [(out, shrunk.fileText)])
        }
        let (first, second) = (file.run(seed: seed), file.run(seed: seed))
        guard first.digest == second.digest, first.digest == shrunk.digest, first.failures.contains(where: { $0.key == shrunk.failure.key }) else {
            output += "the shrunk file did not replay the same run twice\n"
            return Outcome(status: 1, output: output, files: [(out, shrunk.fileText)])
        }
        output += "replayed twice from the file: digest \(first.digest) both times, \(first.eventsRun) events\n"
        output += "replay: swift run -c release simrunner run \(out) --seed \(seed)\n"
        return Outcome(status: 0, output: output, files: [(out, shrunk.fileText)])
    }

    /// The cases `interleave` checks when not told: the longer run issue 37 asks CI for.
    static let interleavingsDefault = 10_000

    /// `simrunner interleave`: the whole app's interleavings property, with more cases than `swift test`'s.
    static func interleave(_ arguments: [String]) -> Outcome {
        var options: [String: String] = [:]
        var index = 0
        while index < arguments.count {
            let flag = arguments[index]
            guard ["--cases", "--seed", "--replay"].contains(flag), index + 1 < arguments.count else {
                return Outcome(status: 2, output: "unknown or incomplete option \(flag)\n\n" + usage, files: [])
            }
            options[flag] = arguments[index + 1]
            index += 2
        }
        let casesMax = PropertyOverrides.casesMax
        guard let cases = options["--cases"].map({ Int($0) }) ?? interleavingsDefault, (1...casesMax).contains(cases) else {
            return Outcome(status: 2, output: "--cases must be an integer in 1...\(casesMax), got \(options["--cases"] ?? "")\n", files: [])
        }
        var seed: UInt64?
        if let text = options["--seed"] {
            guard let value = UInt64(text) else { return Outcome(status: 2, output: "--seed must be a non-negative integer, got \(text)\n", files: []) }
            seed = value
        }
        var replay: ReplayToken?
        if let text = options["--replay"] {
            do {
                replay = try ReplayToken(parsing: text)
            } catch {
                return Outcome(status: 2, output: "--replay: \(error)\n", files: [])
            }
        }
        let report = WholeAppInterleavings.check(cases: cases, seed: seed, replay: replay)
        var output = report.statisticsLine + "\n"
        if let message = report.failureMessage(replayCommand: { "swift run -c release simrunner interleave --replay '\($0)'" }) {
            output += message + "\n"
        } else {
            output += "\(report.casesChecked) interleavings kept every invariant\n"
        }
        return Outcome(status: report.passed ? 0 : 1, output: output, files: [])
    }

    /// A reduction as `12.5×`.
    static func ratio(_ value: Double) -> String {
        value >= 100 ? "\(Int(value.rounded()))×" : "\(Double(Int(value * 10)) / 10)×"
    }

    static func parseRange(_ text: String) -> Range<UInt64>? {
        let parts = text.split(separator: "..<", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high else { return nil }
        return low..<high
    }
}
