import CommandLineParsing

/// `benchrunner side-by-side OLD NEW`: runs two builds' benchrunners alternately, round by round, on
/// this machine, and judges each workload's change against the noise the rounds measured
/// (`SideBySide`). The builds are given as executables, so any two revisions can be compared: build
/// each (`Benchmarks/side-by-side` does it for two git revisions) and pass their benchrunners.
package struct SideBySideCommand {
    /// Runs one build's benchrunner with arguments and returns its report, or why it could not.
    package typealias RunBuild = (_ executable: String, _ arguments: [String]) -> Result<BenchmarkReport, SideBySideError>

    /// Where the comparison writes its tables, progress and errors.
    package var console: Console
    /// Runs one build's benchrunner and returns its report, or why it could not.
    package var runBuild: RunBuild

    /// Builds the command from a console and the function that runs a build.
    package init(console: Console, runBuild: @escaping RunBuild) {
        self.console = console
        self.runBuild = runBuild
    }

    /// The word after `benchrunner` that selects this command.
    package static let verb = "side-by-side"

    /// The command line: two executables and the options, from which come `--help` and usage errors.
    package static let command = Command(
        "benchrunner \(verb)",
        "Runs the benchrunner executables OLD and NEW alternately on this machine and compares each timed workload.",
        arguments: [.init("OLD", "the old build's benchrunner"), .init("NEW", "the new build's benchrunner")],
        options: [
            .value("--rounds", "N", "Rounds, each running both builds, the first to run alternating (default 3, at most 100)."),
            .values("--filter", "SUBSTRING", "Passed to both builds: the workloads to run."),
            .value("--iterations", "N", "Passed to both builds: timed samples per workload."),
            .value("--warmup", "N", "Passed to both builds: untimed iterations before the samples."),
            .value("--threshold", "PERCENT", "The slowdown beyond which a change is a regression (default 10)."),
        ],
        discussion: """
            Each timed workload is judged by the ratio of NEW's median time to OLD's, with a 95% bootstrap
            interval. A workload regressed when the ratio exceeds 1 + PERCENT/100 and the whole interval
            is above 1; the run then exits 1. Build two revisions with Benchmarks/side-by-side OLD_REV [NEW_REV].
            """
    )

    /// The `--help` text.
    package static var usage: String { command.help }

    /// Runs the comparison with `arguments` (after `side-by-side`) and returns the exit status.
    package func run(arguments: [String]) -> ExitCode {
        let parsed: ParsedArguments
        let rounds: Int
        let threshold: Double
        do {
            parsed = try Self.command.parse(arguments)
            if parsed.wantsHelp {
                console.output(Self.usage)
                return .success
            }
            rounds = try parsed.value("--rounds", "a whole number from 1 to 100") { Int($0).flatMap { (1...100).contains($0) ? $0 : nil } } ?? 3
            threshold = try parsed.value("--threshold", "a non-negative percentage") { Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } } ?? 10
        } catch {
            console.error("benchrunner side-by-side: error: \(error)")
            return .usageError
        }
        let passed = (parsed.allValues["--filter"] ?? []).flatMap { ["--filter", $0] }
            + ["--iterations", "--warmup"].flatMap { name in parsed.values[name].map { [name, $0] } ?? [] }
        do {
            // The options passed on are read as each build will read them, so a bad value is named
            // here, before any build runs.
            _ = try BenchmarkOptions.parse(passed, configuration: .release)
        } catch {
            console.error("benchrunner side-by-side: error: \(UsageError(error.message, command: Self.command))")
            return .usageError
        }
        let positional = parsed.positionals
        let builds = (old: positional[0], new: positional[1])
        var samples: (old: [String: [Double]], new: [String: [Double]]) = ([:], [:])
        var order: [String] = []
        for round in 1...rounds {
            let sides = round.isMultiple(of: 2) ? [(false, builds.new), (true, builds.old)] : [(true, builds.old), (false, builds.new)]
            for (isOld, executable) in sides {
                console.error("[round \(round)/\(rounds)] \(isOld ? "old" : "new"): \(executable)")
                let report: BenchmarkReport
                switch runBuild(executable, passed) {
                case let .success(made): report = made
                case let .failure(error):
                    // A build that cannot be started is a wrong argument, found before any figure.
                    guard case .notStarted = error else {
                        console.error("benchrunner side-by-side: error: \(error)")
                        return .failure
                    }
                    console.error("benchrunner side-by-side: error: \(isOld ? "OLD" : "NEW"): \(error)")
                    return .usageError
                }
                for workload in report.workloads {
                    guard let timed = workload.timed else { continue }
                    if !order.contains(workload.name) { order.append(workload.name) }
                    let seconds = timed.samples.map(\.seconds)
                    if isOld { samples.old[workload.name, default: []] += seconds } else { samples.new[workload.name, default: []] += seconds }
                }
            }
        }
        let comparison = SideBySide(
            old: order.compactMap { name in samples.old[name].map { (name, $0) } },
            new: order.compactMap { name in samples.new[name].map { (name, $0) } },
            thresholdPercent: threshold
        )
        console.output(ReportTables.sideBySide(comparison, rounds: rounds))
        let regressions = comparison.changes.filter { $0.verdict == .regression }.count
        console.output(regressions == 0
            ? "\nresult: PASS (no workload slower by more than \(Formatting.number(threshold))% beyond the noise)"
            : "\nresult: FAIL (\(regressions) \(regressions == 1 ? "regression" : "regressions"))")
        return regressions == 0 ? .success : .failure
    }
}

/// Why one build's run gave no report.
package enum SideBySideError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The executable could not be started.
    case notStarted(executable: String, reason: String)
    /// It exited with a status other than 0 or 1 (1 is a verdict of its own run, and its figures count).
    case failed(executable: String, status: Int32)
    /// Its report could not be read.
    case report(ReportFileError)

    package var description: String {
        switch self {
        case let .notStarted(executable, reason): return "cannot run \(executable): \(reason)"
        case let .failed(executable, status): return "\(executable) exited with status \(status)"
        case let .report(error): return "\(error)"
        }
    }
}
