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
    /// The `--help` text: the options, the seams, the environment and the exit statuses.
    public static let usage = """
        usage: adapterrun [options] -- PROGRAM [ARGUMENT]...

        Runs the conformance kit's suites against PROGRAM through the adapter protocol: newline-delimited
        JSON over its standard input and output (Docs/ProcessAdapter.md). Each seam's suite gets a fresh
        process. The verdicts carry the kit's rule ids and replay tokens.

        options:
          --seam ID            a seam to check (repeatable); default: every seam the program serves.
                               Seams: \(AdapterSeam.allCases.map(\.rawValue).joined(separator: ", "))
          --side SIDE          only the seams of one side: backend or client
          --strict             a decision not followed fails like a seed's rule (by default it is
                               reported apart, as differing from the decision, and does not fail)
          --timeout SECONDS    how long to wait for one answer (default 10)
          --report PATH        also write the conformance report as Markdown to PATH
          --scenario FILE      instead of the suites, run the program's progress throttle behind the
                               model's job socket, its client in the model client's place, or both,
                               in a simulated progress scenario (Scenarios/*.json), under its faults,
                               clocks and latencies, for each seed; the runs are judged by the
                               scenario's properties and by sessioncheck's rules on their recordings
          --seeds A..<B        the seeds for --scenario (default: the file's own)
                               With --scenario, --seam picks progress-throttle, progress-reconnect
                               or both (default: those of the two the program serves).
          --help               print this and exit

        environment: PROPERTY_SEED, PROPERTY_CASES, PROPERTY_CASES_SCALE, PROPERTY_REPLAY, as for swift test.
        exit status: 0 no seed or standard MUST broken (with --strict, no decision's either);
                     1 one broken or the program failed; 2 usage error.

        """

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
        var invocation = Invocation()
        var index = 0
        func value(_ option: String) -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .help
            case "--":
                invocation.program = Array(arguments[(index + 1)...])
                index = arguments.count
                continue
            case "--seam":
                guard let text = value(argument) else { return .usageError("--seam needs a seam id") }
                guard let seam = AdapterSeam(rawValue: text) else {
                    return .usageError("--seam \(text): no such seam; the seams are \(AdapterSeam.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                if !invocation.seams.contains(seam) { invocation.seams.append(seam) }
            case "--side":
                guard let text = value(argument), text == "backend" || text == "client" else { return .usageError("--side needs backend or client") }
                invocation.side = text
            case "--timeout":
                guard let text = value(argument), let seconds = Double(text), seconds > 0, seconds <= 3_600 else {
                    return .usageError("--timeout needs a number of seconds above 0 and at most 3600")
                }
                invocation.timeoutSeconds = seconds
            case "--strict":
                invocation.strict = true
            case "--report":
                guard let path = value(argument) else { return .usageError("--report needs a path") }
                invocation.reportPath = path
            case "--scenario":
                guard let path = value(argument) else { return .usageError("--scenario needs a scenario file") }
                invocation.scenarioPath = path
            case "--seeds":
                guard let text = value(argument) else { return .usageError("--seeds needs a range A..<B") }
                let parts = text.split(separator: "..<", omittingEmptySubsequences: false)
                guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low < high else {
                    return .usageError("--seeds needs a non-empty range A..<B of seeds, got \(text)")
                }
                invocation.seeds = low..<high
            default:
                return .usageError("unknown option \(argument); the program and its arguments go after --")
            }
            index += 1
        }
        guard !invocation.program.isEmpty else { return .usageError("no program: give it after --, as in adapterrun -- node adapter.js") }
        if invocation.scenarioPath == nil, invocation.seeds != nil { return .usageError("--seeds goes with --scenario") }
        if invocation.scenarioPath != nil {
            if invocation.side != nil || invocation.reportPath != nil || invocation.strict {
                return .usageError("--scenario runs the program's seams in a scenario; --side, --strict and --report are for the suites")
            }
            if let seam = invocation.seams.first(where: { !AdapterScenarioRun.seams.contains($0) }) {
                return .usageError("--seam \(seam.rawValue) does not run in a scenario; with --scenario, the seams are \(AdapterScenarioRun.seams.map(\.rawValue).joined(separator: ", "))")
            }
        }
        return .run(invocation)
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
