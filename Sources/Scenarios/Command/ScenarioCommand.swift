import CommandLineParsing
import Generators
import Simulator

/// simrunner's logic, without I/O: parse the arguments, run scenarios, say what happened, and name the
/// files to write. `Sources/simrunner` only reads and writes files and the terminal.
///
///     simrunner run FILE [--seed N] [--trace PATH] [--chrome-trace PATH] [--recording PATH]
///     simrunner sweep FILE --seeds A..<B [--shard I/N]
///     simrunner shrink FILE [--seed N] [--property ID@ACTOR] [--out PATH] [--runs-max N]
///     simrunner record [--jobs N] [--items N] [--out PATH]
///     simrunner interleave [--cases N] [--seed N] [--replay TOKEN]
///
/// `run` replays one run exactly from (file, seed) and prints its digest; `sweep` runs a range of seeds,
/// or the shard `I` of `N` of it (seeds whose index modulo N is I-1), so a CI matrix can fan a sweep out,
/// and prints the one command that replays each failure; `shrink` reduces a failing run to a smaller
/// scenario file that breaks the same property at the same actor (`ScenarioShrinker`); `record` writes
/// a large session recording of many jobs at once (`InterleavedRecording`); `interleave`
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

    /// The subcommands, declared: their arguments, options and help.
    package static let commands: [Command] = [
        Command(
            "simrunner run", "Runs a scenario file once, bit for bit from its seed, and prints its trace digest.",
            arguments: [file],
            options: [
                .value("--seed", "N", "the seed (default: the file's first)"),
                .value("--trace", "PATH.jsonl", "write the run's trace, one event a line"),
                .value("--chrome-trace", "PATH.json", "write the trace as Chrome trace events (Perfetto)"),
                .value("--recording", "PATH.jsonl", "write a progress scenario's session recording for sessioncheck"),
            ]),
        Command(
            "simrunner sweep", "Runs every seed of a range, or one shard of it, and prints the command that replays each failure.",
            arguments: [file],
            options: [
                .required("--seeds", "A..<B", "the seeds, A included and B not"),
                .value("--shard", "I/N", "only the seeds whose index modulo N is I-1, for a CI matrix"),
            ]),
        Command(
            "simrunner shrink", "Reduces a failing run to a smaller scenario file that breaks the same property at the same actor.",
            arguments: [file],
            options: [
                .value("--seed", "N", "the seed (default: the file's first)"),
                .value("--property", "ID@ACTOR", "the failure to keep (default: the run's first)"),
                .value("--out", "PATH.json", "where to write the shrunk file (default: NAME-seedN-shrunk.json)"),
                .value("--runs-max", "N", "the most runs shrinking may take (default 4000)"),
            ]),
        Command(
            "simrunner record", "Writes a large session recording for sessioncheck: many jobs at once, their lines in time order.",
            options: [
                .value("--jobs", "N", "concurrent jobs, each at its own pace (default \(recordJobsDefault))"),
                .value("--items", "N", "books per job (default \(recordItemsDefault), the seed's job)"),
                .value("--out", "PATH.jsonl", "where to write it (default \(recordOutDefault))"),
            ]),
        Command(
            "simrunner interleave", "Checks random interleavings of every action of the whole app on two devices.",
            options: [
                .value("--cases", "N", "how many (default \(interleavingsDefault))"),
                .value("--seed", "N", "the root seed (default: the property's)"),
                .value("--replay", "TOKEN", "replay one failure's token alone"),
            ]),
    ]

    static let file = Command.Argument("FILE", "a scenario file (Scenarios/*.json)")
    static let recordJobsDefault = 100
    static let recordItemsDefault = 1_500
    static let recordOutDefault = ".build/recording.jsonl"
    /// The most lines `record` writes: 10 million, about 3.4 GB.
    static let recordLinesMax = 10_000_000

    /// The help text `--help` prints and a command line without a subcommand gets.
    public static var usage: String {
        let lines = commands.enumerated().map { index, command in
            index == 0 ? command.usageLine : "       " + command.usageLine.dropFirst("USAGE: ".count)
        }
        return lines.joined(separator: "\n") + """


            Runs the scenario files (Scenarios/*.json) on the simulator. `run` reproduces one run bit for bit
            from its seed and prints its trace digest; `sweep` runs every seed of a range, or one shard of it.
            `shrink` reduces a failing run to a smaller scenario file that breaks the same property at the same
            actor, replays it twice and writes it. `record` writes a large recording of many jobs at once for
            sessioncheck. `interleave` checks random interleavings of the whole app's
            actions; a failure is shrunk to a minimal action list and printed with its replay token.
            `simrunner COMMAND --help` describes a command's options.
            Exit status: 0 all runs kept the properties (shrink: the shrunk file replays), 1 a run broke one
            (shrink: nothing to shrink), 2 a usage or file error.

            """
    }

    /// What reading a scenario file gave.
    public enum FileRead: Sendable {
        /// The file's bytes, within `ScenarioFile.bytesMax`.
        case contents([UInt8])
        /// No file at the path, or it could not be read; the reason as the system gives it.
        case unreadable(reason: String)
        /// The file is larger than `ScenarioFile.bytesMax`: its size, found before reading it.
        case tooLarge(bytes: Int)
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
        guard let verb = arguments.first, let command = commands.first(where: { $0.name == "simrunner " + verb }) else {
            let verbs = commands.map { String($0.name.dropFirst("simrunner ".count)) }
            let what = arguments.first.map { "unknown command \($0)\(NearestName.hint(for: $0, in: verbs)); " } ?? ""
            let takes = verbs.dropLast().joined(separator: ", ") + " or " + verbs[verbs.count - 1]
            return Outcome(status: UsageError.exitStatus, output: what + "simrunner takes \(takes)\n\n" + usage, files: [])
        }
        let parsed: ParsedArguments
        do {
            parsed = try command.parse(Array(arguments.dropFirst()))
        } catch {
            return Outcome(status: UsageError.exitStatus, output: error.description, files: [])
        }
        if parsed.wantsHelp { return Outcome(status: 0, output: command.help, files: []) }
        do {
            if verb == "interleave" { return try interleave(parsed) }
            if verb == "record" { return try record(parsed) }
            return try runScenario(verb, parsed, read: read)
        } catch {
            return Outcome(status: UsageError.exitStatus, output: error.description, files: [])
        }
    }

    /// `run`, `sweep` and `shrink`: reads the scenario file, then does what `verb` asks.
    static func runScenario(_ verb: String, _ options: ParsedArguments, read: (_ path: String, _ bytesMax: Int) -> FileRead) throws(UsageError) -> Outcome {
        let path = options.positionals[0]
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
        switch verb {
        case "run": return try runOnce(scenario, path: path, options: options)
        case "sweep": return try sweep(scenario, path: path, options: options)
        default: return try shrink(scenario, path: path, options: options)
        }
    }

    /// The seed `--seed` names, or the file's first.
    static func seed(_ options: ParsedArguments, _ scenario: ScenarioFile) throws(UsageError) -> UInt64 {
        guard let seed = try options.value("--seed", "a non-negative integer", { UInt64($0) }) ?? scenario.seeds.first else {
            throw UsageError("--seed is needed: the scenario names no seeds", command: options.command)
        }
        return seed
    }

    /// `simrunner run`: one run, with the files it was asked to write.
    static func runOnce(_ scenario: ScenarioFile, path: String, options: ParsedArguments) throws(UsageError) -> Outcome {
        let seed = try seed(options, scenario)
        let (recording, trace, chrome) = (try options.path("--recording"), try options.path("--trace"), try options.path("--chrome-trace"))
        if recording != nil, !scenario.recordsSessions {
            throw UsageError("--recording is for progress scenarios; \(path) is not one", command: options.command)
        }
        let result = scenario.run(seed: seed, recordsTrace: trace != nil || chrome != nil, recordsRecording: recording != nil)
        var files: [(String, String)] = []
        if let recording { files.append((recording, result.recording.map { $0 + "\n" }.joined())) }
        if let trace { files.append((trace, SimulationTrace.jsonLines(result.trace))) }
        if let chrome { files.append((chrome, SimulationTrace.chromeTrace(result.trace))) }
        var output = "\(scenario.name) seed \(seed): \(result.summary)\n"
        output += result.violations.isEmpty ? "kept every property\n" : result.violations.map { "VIOLATED: \($0)\n" }.joined()
        return Outcome(status: result.violations.isEmpty ? 0 : 1, output: output, files: files)
    }

    /// `simrunner record`: the interleaved recording of `--jobs` jobs of `--items` books.
    static func record(_ options: ParsedArguments) throws(UsageError) -> Outcome {
        let positive: (String) -> Int? = { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
        let jobs = try options.value("--jobs", "a positive integer", positive) ?? recordJobsDefault
        let items = try options.value("--items", "a positive integer", positive) ?? recordItemsDefault
        // A calm run of n books records about 2n lines; the bound is checked before anything runs.
        guard jobs <= recordLinesMax / (2 * items + 100) else {
            throw UsageError("--jobs \(jobs) of --items \(items) would write more than \(recordLinesMax) lines", command: options.command)
        }
        let out = try options.path("--out") ?? recordOutDefault
        let lines = InterleavedRecording.lines(jobs: jobs, items: items)
        let summary = "\(lines.count) lines: \(jobs) jobs of \(items) books, in time order; check it with sessioncheck \(out) --complete\n"
        return Outcome(status: 0, output: summary, files: [(out, lines.map { $0 + "\n" }.joined())])
    }

    /// `simrunner sweep`: every seed of the range, or of its shard.
    static func sweep(_ scenario: ScenarioFile, path: String, options: ParsedArguments) throws(UsageError) -> Outcome {
        guard let range = try options.value("--seeds", "a range A..<B of seeds with A ≤ B", parseRange) else {
            throw UsageError("simrunner sweep needs --seeds", command: options.command)  // the parse refuses it first
        }
        let shard = try options.value("--shard", "I/N with 1 ≤ I ≤ N", parseShard) ?? (1, 1)
        var output = ""
        var runs = 0
        var failures = 0
        for (offset, seed) in range.enumerated() where offset % shard.count == shard.index - 1 {
            runs += 1
            let violations = scenario.run(seed: seed).violations
            guard !violations.isEmpty else { continue }
            failures += 1
            output += "seed \(seed): \(violations.joined(separator: "; "))\n  replay: swift run -c release simrunner run \(path) --seed \(seed) --trace .build/run.jsonl\n"
        }
        output += "\(scenario.name): \(runs) runs (shard \(shard.index)/\(shard.count) of seeds \(range.lowerBound)..<\(range.upperBound)), \(failures) failed\n"
        return Outcome(status: failures == 0 ? 0 : 1, output: output, files: [])
    }

    /// `simrunner shrink`: shrinks the run, replays the file it writes twice, and says what it removed.
    static func shrink(_ scenario: ScenarioFile, path: String, options: ParsedArguments) throws(UsageError) -> Outcome {
        let seed = try seed(options, scenario)
        let runsMax = try options.value("--runs-max", "a positive integer", { Int($0).flatMap { $0 >= 1 ? $0 : nil } }) ?? 4_000
        let property = try options.value("--property", "a property and its actor, ID@ACTOR") { $0.isEmpty ? nil : $0 }
        let out = try options.path("--out") ?? "\(scenario.name)-seed\(seed)-shrunk.json"
        let shrunk: ScenarioShrinker.Shrunk
        do {
            shrunk = try ScenarioShrinker.shrink(scenario, seed: seed, keeping: property, runsMax: runsMax)
        } catch .keptEveryProperty {
            return Outcome(status: 1, output: "\(scenario.name) seed \(seed) kept every property: nothing to shrink\n", files: [])
        } catch {
            return Outcome(status: 2, output: "cannot shrink \(path) seed \(seed): \(error)\n", files: [])
        }
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
    static func interleave(_ options: ParsedArguments) throws(UsageError) -> Outcome {
        let casesMax = PropertyOverrides.casesMax
        let cases = try options.value("--cases", "an integer in 1...\(casesMax)", { Int($0).flatMap { (1...casesMax).contains($0) ? $0 : nil } }) ?? interleavingsDefault
        let seed = try options.value("--seed", "a non-negative integer") { UInt64($0) }
        var replay: ReplayToken?
        if let text = options.values["--replay"] {
            do {
                replay = try ReplayToken(parsing: text)
            } catch {
                throw UsageError("--replay: \(error)", command: options.command)
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

    static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else { return nil }
        return (index, count)
    }

    static func parseRange(_ text: String) -> Range<UInt64>? {
        let parts = text.split(separator: "..<", omittingEmptySubsequences: false)
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high else { return nil }
        return low..<high
    }
}
