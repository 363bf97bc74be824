import CommandLineParsing
import Generators
import SpecConformance
import SpecModel

/// `adapterrun`'s command line: parsing, the run, and what it prints; `main.swift` only wires it to
/// the process.
///
///     adapterrun [--seam ID]... [--side backend|client] [--strict] [--timeout SECONDS] [--report PATH] -- PROGRAM [ARG]...
///     adapterrun --scenario FILE [--seeds A..<B] [--seam progress-throttle|progress-reconnect]... [--timeout SECONDS] -- PROGRAM [ARG]...
///
/// Exit status: 0 when the program serves every seam asked and breaks no MUST of the seeds or a standard
/// (nor, with `--strict`, of a decision); 1 when it does or fails at the protocol level; 2 for a usage error.
public enum AdapterRunCommand {
    /// The command line, declared: its options and the program after `--`.
    package static let command = Command(
        "adapterrun", "Runs the conformance kit's suites against PROGRAM through the adapter protocol: newline-delimited JSON over its standard input and output (Docs/ProcessAdapter.md). Each seam's suite gets a fresh process. The verdicts carry the kit's rule ids and replay tokens.",
        options: [
            .values("--seam", "ID", "a seam to check (default: every seam the program serves); the seams: \(AdapterSeam.allCases.map(\.rawValue).joined(separator: ", "))"),
            .value("--side", "SIDE", "only the seams of one side: backend or client"),
            .flag("--strict", "a decision not followed fails like a seed's rule (by default it is reported apart and does not fail)"),
            .value("--timeout", "SECONDS", "how long to wait for one answer (default 10)"),
            .value("--report", "PATH", "also write the conformance report as Markdown to PATH"),
            .value("--scenario", "FILE", "instead of the suites, run the program's progress throttle, client or both in a simulated progress scenario (Scenarios/*.json) for each seed, judged by its properties and sessioncheck's rules; --seam then picks progress-throttle, progress-reconnect or both"),
            .value("--seeds", "A..<B", "the seeds for --scenario (default: the file's own)"),
        ],
        trailing: .init("PROGRAM [ARGUMENT]...", "the adapter program and its arguments"),
        discussion: """
            Environment: PROPERTY_SEED, PROPERTY_CASES, PROPERTY_CASES_SCALE, PROPERTY_REPLAY, as for swift test.
            Exit status: 0 no seed or standard MUST broken (with --strict, no decision's either);
            1 one broken or the program failed; 2 usage error.
            """
    )

    /// The `--help` text: the options, the seams, the environment and the exit statuses.
    public static var usage: String { command.help }

    /// A parsed command line.
    public struct Invocation: Equatable, Sendable {
        /// The seams named with `--seam`, in order and without repeats; empty checks every seam the
        /// program serves. With `--scenario`, the seams that take the model's place in the runs.
        public var seams: [AdapterSeam] = []
        /// `backend` or `client` from `--side`, or `nil` for both sides.
        public var side: String?
        /// How long to wait for one answer, in seconds (`--timeout`, above 0 and at most 3,600; default 10).
        public var timeoutSeconds: Double = 10
        /// Where `--report` writes the Markdown report, or `nil` for no report.
        public var reportPath: String?
        /// The program and its arguments, everything after `--`.
        public var program: [String] = []
        /// The scenario file `--scenario` names: run the program's seams in it instead of the suites.
        public var scenarioPath: String?
        /// The seeds `--seeds A..<B` names for `--scenario`, or `nil` for the file's own.
        public var seeds: Range<UInt64>?
        /// `--strict`: a decision not followed fails.
        public var strict = false

        /// No seams named, no side, the default timeout, no report, no program yet.
        public init() {}
    }

    /// What the command line asks for.
    public enum Parsed: Equatable, Sendable {
        /// `--help` or `-h`: print the usage and exit.
        case help
        /// The arguments are wrong; the message says how.
        case usageError(String)
        /// Run the suites as the invocation says.
        case run(Invocation)
    }

    /// Parses the arguments after the program's name.
    public static func parse(_ arguments: [String]) -> Parsed {
        do {
            let parsed = try command.parse(arguments)
            if parsed.wantsHelp { return .help }
            return .run(try invocation(parsed))
        } catch {
            return .usageError(error.description)
        }
    }

    static func invocation(_ parsed: ParsedArguments) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        for text in parsed.allValues["--seam"] ?? [] {
            guard let seam = AdapterSeam(rawValue: text) else {
                throw UsageError("--seam \(text): no such seam\(NearestName.hint(for: text, in: AdapterSeam.allCases.map(\.rawValue))); the seams are \(AdapterSeam.allCases.map(\.rawValue).joined(separator: ", "))", command: command)
            }
            if !invocation.seams.contains(seam) { invocation.seams.append(seam) }
        }
        invocation.side = try parsed.value("--side", "backend or client") { $0 == "backend" || $0 == "client" ? $0 : nil }
        invocation.timeoutSeconds = try parsed.value("--timeout", "a number of seconds above 0 and at most 3600") { Double($0).flatMap { $0 > 0 && $0 <= 3_600 ? $0 : nil } } ?? 10
        invocation.strict = parsed.has("--strict")
        invocation.reportPath = try parsed.path("--report")
        invocation.scenarioPath = try parsed.path("--scenario")
        invocation.seeds = try parsed.value("--seeds", "a non-empty range A..<B of seeds") { text in
            let parts = text.split(separator: "..<", omittingEmptySubsequences: false)
            guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low < high else { return nil }
            return low..<high
        }
        invocation.program = parsed.trailing
        guard !invocation.program.isEmpty else { throw UsageError("no program: give it after --, as in adapterrun -- node adapter.js", command: command) }
        if invocation.scenarioPath == nil, invocation.seeds != nil { throw UsageError("--seeds goes with --scenario", command: command) }
        if invocation.scenarioPath != nil {
            if invocation.side != nil || invocation.reportPath != nil || invocation.strict {
                throw UsageError("--scenario runs the program's seams in a scenario; --side, --strict and --report are for the suites", command: command)
            }
            if let seam = invocation.seams.first(where: { !AdapterScenarioRun.seams.contains($0) }) {
                throw UsageError("--seam \(seam.rawValue) does not run in a scenario; with --scenario, the seams are \(AdapterScenarioRun.seams.map(\.rawValue).joined(separator: ", "))", command: command)
            }
        }
        return invocation
    }

    /// The seams `program` serves, in `AdapterSeam`'s order, learned from one handshake asking for
    /// none; `nil` when it cannot shake hands, after writing why.
    static func servedSeams(_ program: [String], timeout: Duration, write: (String) -> Void) -> [AdapterSeam]? {
        let probe = AdapterSession(command: program, timeout: timeout)
        defer { probe.stop() }
        do {
            try probe.start(serving: [])
        } catch {
            write("adapterrun: \(AdapterFailureReport(failure: error, lastExchanges: probe.lastExchanges, errorStreamTail: probe.errorStreamTail))\n")
            return nil
        }
        return AdapterSeam.allCases.filter { probe.programSeams.contains($0.rawValue) }
    }

    /// Runs `invocation`: finds the seams, runs each suite, writes the verdicts; returns the exit status
    /// and the report's Markdown.
    public static func run(_ invocation: Invocation, overrides: PropertyOverrides, write: (String) -> Void) -> (status: Int32, markdown: String) {
        let runner = AdapterRunner(
            command: invocation.program,
            timeout: .milliseconds(Int64(invocation.timeoutSeconds * 1_000)),
            settings: ConformanceSettings(overrides: overrides, strict: invocation.strict)
        )
        var seams = invocation.seams
        if seams.isEmpty {
            guard let served = servedSeams(invocation.program, timeout: runner.timeout, write: write) else { return (1, "") }
            seams = served
            if seams.isEmpty {
                write("adapterrun: the program serves none of the seams this runner knows (\(AdapterSeam.allCases.map(\.rawValue).joined(separator: ", ")))\n")
                return (1, "")
            }
        }
        if let side = invocation.side {
            let all = seams
            seams = seams.filter { $0.side == side }
            if seams.isEmpty {
                write("adapterrun: none of the seams checked (\(all.map(\.rawValue).joined(separator: ", "))) is a \(side) seam; nothing to check is not a pass\n")
                return (1, "")
            }
        }
        var results: [SuiteResult] = []
        var programFailures: [(String, AdapterFailureReport)] = []
        var failed = false
        for result in runner.run(seams) {
            let seam = result.seam
            switch result.outcome {
            case let .judged(suite, requests):
                failed = failed || !suite.passed
                write("\(result.suiteID): \(suite.rules.count) rules: \(SuiteResult.countsText(Dictionary(uniqueKeysWithValues: Grade.allCases.map { ($0, suite.count($0)) }))); \(requests) requests\n")
                for rule in suite.rules {
                    if let text = suite.failureText(for: rule, replayCommand: { replayCommand($0, seam: seam, program: invocation.program) }) {
                        write(text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n")
                    }
                }
                results.append(suite)
            case let .programFailed(report):
                failed = true
                programFailures.append((result.suiteID, report))
                write("\(result.suiteID): PROGRAM FAILED, no rule judged\n")
                write(report.description.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n")
            }
        }
        let differing = results.reduce(0) { $0 + $1.count(.differs) }
        if failed {
            write("adapterrun: FAIL\n")
        } else if differing > 0 {
            write("adapterrun: PASS, no seed or standard MUST broken in \(seams.count) seam\(seams.count == 1 ? "" : "s"); \(differing) rule\(differing == 1 ? "" : "s") differ\(differing == 1 ? "s" : "") from decisions (--strict fails them)\n")
        } else {
            write("adapterrun: PASS, every rule of \(seams.count) seam\(seams.count == 1 ? "" : "s") kept\n")
        }
        var markdown = ConformanceReport(results: results).markdown(title: "Conformance report: \(AdapterText.command(invocation.program))") {
            replayCommand($0, seam: nil, program: invocation.program)
        }
        if !programFailures.isEmpty {
            // A seam whose program failed has no verdicts; the report says so rather than leave it out.
            markdown += "\n## Seams not judged: the program failed\n"
            for (suiteID, report) in programFailures {
                markdown += "\n### \(suiteID)\n\n```\n\(report)\n```\n"
            }
        }
        return (failed ? 1 : 0, markdown)
    }

    static func replayCommand(_ token: ReplayToken, seam: AdapterSeam?, program: [String]) -> String {
        "PROPERTY_REPLAY='\(token)' swift run adapterrun" + (seam.map { " --seam \($0.rawValue)" } ?? "") + " -- " + AdapterText.command(program)
    }
}
