import CommandLineParsing
import Foundation
import Workloads

/// benchrunner from arguments to exit status, with the clock and memory counters supplied from outside.
///
/// A run parses the options, selects the workloads, loads the baseline (before running anything, so
/// a wrong path fails at once), runs each workload, compares with the baseline, writes the JSON report,
/// and prints the report: the verdict and what missed, how many targets and bounds held, the parse
/// beside Python's csv, and the verdict again as the last line. The report goes to standard output;
/// progress, each workload's one-line result, and usage errors to standard error. `--verbose` prints
/// each workload's full figures to standard output as it finishes, and the tables of timings and bounds.
package struct BenchmarkCommand {
    /// The build configuration benchrunner was compiled in, which decides the targets that apply.
    package var configuration: BuildConfiguration
    /// Every workload benchrunner can run; `--filter` selects among them.
    package var workloads: [Workload]
    /// The wall clock, memory counters, date and machine the run reads.
    package var environment: any BenchmarkEnvironment
    /// Where tables, results, progress and errors are written.
    package var console: Console

    /// Builds the command from the build configuration, the workloads, the environment and the console.
    package init(
        configuration: BuildConfiguration,
        workloads: [Workload],
        environment: any BenchmarkEnvironment,
        console: Console
    ) {
        self.configuration = configuration
        self.workloads = workloads
        self.environment = environment
        self.console = console
    }

    /// Runs benchrunner with `arguments` (without the program name) and returns its exit status.
    package func run(arguments: [String]) -> ExitCode {
        let options: BenchmarkOptions
        let selected: [Workload]
        var candidates = workloads
        do {
            options = try BenchmarkOptions.parse(arguments, configuration: configuration)
            if options.action == .help {
                console.output(BenchmarkOptions.usage)
                return .success
            }
            candidates = try userWorkloads(options) ?? workloads
            selected = try Self.select(candidates, filters: options.filters)
        } catch {
            console.error("benchrunner: error: \(error)")
            return .usageError
        }
        for filter in options.filters where !candidates.contains(where: { Self.name($0.name, matches: filter) }) {
            console.error("benchrunner: note: --filter \(quoted(filter)) matched no workload")
        }
        if options.action == .list {
            console.output(ReportTables.list(selected))
            return .success
        }

        var baseline: BenchmarkReport?
        if let path = options.baselinePath {
            do {
                baseline = try BenchmarkReport.load(from: path)
            } catch {
                console.error("benchrunner: error: --compare: \(error)")
                return .usageError
            }
            if let reportPath = options.reportPath, Self.samePath(reportPath, path) {
                console.error("benchrunner: note: this run's report replaces the baseline \(path); "
                    + "copy the baseline elsewhere to keep comparing against it")
            }
        }

        if configuration == .debug { console.output(Self.debugWarning) }
        let report = measure(selected, options: options, arguments: arguments)
        let comparison = baseline.map { BaselineComparison(baseline: $0, current: report, thresholdPercent: options.thresholdPercent) }
        let verdict = Verdict(report: report, comparison: comparison, strict: options.strict)
        let (written, writeFailed) = writeReport(report, options: options)

        // The answer first, then what ran and held (with --verbose, the tables of timings and bounds),
        // the parse beside Python's, the comparison, and the answer again as the last line, for a log's tail.
        var sections = [verdict.summary]
        sections += options.verbose
            ? [ReportTables.timings(report), ReportTables.pythonCSV(report), ReportTables.measuredSummary(report)].compactMap { $0 }
            : [ReportTables.totals(report), ReportTables.pythonCSV(report)].compactMap { $0 }
        if let comparison, let path = options.baselinePath, let baseline {
            sections.append(Self.acrossRunsNote(baseline: baseline, current: report))
            sections.append(ReportTables.comparison(comparison, baselinePath: path))
        }
        var closing = ["process peak memory: " + (report.processPeakResidentMebibytes.map { Formatting.mebibytes($0) + " MiB" } ?? "n/a")]
        closing += written
        if !options.verbose { closing.append("every workload's figures: benchrunner --verbose, or the JSON report") }
        sections.append(closing.joined(separator: "\n"))
        sections.append(verdict.headline)
        console.output((options.verbose ? "\n" : "") + sections.joined(separator: "\n\n"))
        if configuration == .debug { console.output(Self.debugWarning) }
        return verdict.passed && !writeFailed ? .success : .failure
    }

    /// Writes the JSON report, and github-action-benchmark's lists when asked: the lines saying what
    /// was written, and whether a write failed (said on standard error).
    private func writeReport(_ report: BenchmarkReport, options: BenchmarkOptions) -> (written: [String], failed: Bool) {
        guard let path = options.reportPath else { return ([], false) }
        var written: [String] = []
        do {
            try report.write(to: path)
            written.append("report written to \(path)")
            if options.githubActionBenchmark {
                let lists = GitHubActionBenchmark(report)
                let paths = GitHubActionBenchmark.paths(besideReport: path)
                for (entries, file) in [(lists.smallerIsBetter, paths.smaller), (lists.biggerIsBetter, paths.bigger)] {
                    try Self.write(entries, to: file)
                    written.append("github-action-benchmark list written to \(file)")
                }
            }
        } catch {
            console.error("benchrunner: error: \(error)")
            return (written, true)
        }
        return (written, false)
    }

    /// With `--csv FILE`, the workloads of the user's file; nil without. A file that cannot be read, or
    /// that the import refuses, is a usage error naming it and why.
    private func userWorkloads(_ options: BenchmarkOptions) throws(UsageError) -> [Workload]? {
        guard let path = options.csvPath else { return nil }
        let bytes: [UInt8]
        switch environment.readFile(path, bytesMax: BenchmarkOptions.csvBytesMax) {
        case let .success(read): bytes = read
        case let .failure(error): throw UsageError("--csv: \(error)", command: BenchmarkOptions.command)
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch UserFileWorkloads.make(name: name, bytes: bytes) {
        case let .success(workloads): return workloads
        case let .failure(refusal): throw UsageError("--csv: the import refuses \(quoted(path)): \(refusal)", command: BenchmarkOptions.command)
        }
    }

    /// Writes one github-action-benchmark list.
    static func write(_ entries: [GitHubActionBenchmark.Entry], to path: String) throws(ReportFileError) {
        let data: Data
        do {
            data = try GitHubActionBenchmark.jsonData(entries)
        } catch {
            throw .unwritable(path: path, reason: "cannot encode it: \(error)")
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .unwritable(path: path, reason: "the file could not be written")
        }
    }

    /// What `--compare` is: a comparison with a run made at another time, perhaps on another
    /// machine, whose figures on a shared machine move by 20% or more from hour to hour.
    package static func acrossRunsNote(baseline: BenchmarkReport, current: BenchmarkReport) -> String {
        let machine = baseline.machine.hostName == current.machine.hostName
            ? "on this machine (\(baseline.machine.hostName)), at another time"
            : "on another machine (\(baseline.machine.hostName), \(baseline.machine.activeProcessorCount) cores; this is "
                + "\(current.machine.hostName), \(current.machine.activeProcessorCount) cores)"
        let lines = [
            "note: --compare judges against a report made \(machine).",
            "      Shared machines move by 20% or more from hour to hour, so a change within that is",
            "      noise, not a regression: to judge a change, run the old and new builds alternately",
            "      on one machine in one session (Benchmarks/README.md).",
        ]
        return lines.joined(separator: "\n")
    }

    /// The workloads whose name matches any of `filters` (`name(_:matches:)`), in their original
    /// order; all of them when `filters` is empty.
    package static func select(_ workloads: [Workload], filters: [String]) throws(UsageError) -> [Workload] {
        guard !filters.isEmpty else { return workloads }
        let selected = workloads.filter { workload in filters.contains { name(workload.name, matches: $0) } }
        guard !selected.isEmpty else {
            throw UsageError("--filter matched no workload: \(filters.map(quoted).joined(separator: ", ")); run benchrunner --list to see the names", command: BenchmarkOptions.command)
        }
        return selected
    }

    /// Whether a workload's name contains `filter` or, for a filter ending in `$`, ends with what comes
    /// before the `$` (`goodreads-1500$` leaves out `goodreads-15000`).
    package static func name(_ name: String, matches filter: String) -> Bool {
        filter.hasSuffix("$") ? name.hasSuffix(filter.dropLast()) : name.contains(filter)
    }

    /// Runs `selected` and returns their report, telling progress on standard error.
    ///
    /// Each workload's peak memory is its own: the peak is reset before it and read after it. The
    /// process's peak is the highest of every reading, taken before each reset and at the end, so no
    /// stretch of the run escapes it. Where the reset fails, a workload's peak would include the ones
    /// before it, so it is reported as unavailable.
    package func measure(_ selected: [Workload], options: BenchmarkOptions, arguments: [String]) -> BenchmarkReport {
        let date = environment.currentDate()
        var processPeakKibibytes: Int?
        var reports: [WorkloadReport] = []

        for (index, workload) in selected.enumerated() {
            processPeakKibibytes = Self.higher(processPeakKibibytes, environment.peakResidentKibibytes())
            let resetWorked = environment.resetPeakResidentMemory()
            // Right after a reset the high-water mark is the current resident size: the baseline.
            let baselineKibibytes = resetWorked ? environment.peakResidentKibibytes() : nil
            let outcome: WorkloadReport.Outcome
            switch workload {
            case let .timed(timed):
                console.error("[\(index + 1)/\(selected.count)] \(timed.name): "
                    + "\(options.warmupIterations) warm-up, \(options.iterations) timed")
                outcome = .timed(time(timed, options: options))
            case let .measured(measured):
                console.error("[\(index + 1)/\(selected.count)] \(measured.name): measuring"
                    + (options.smoke ? " (smoke)" : ""))
                outcome = .measured(measured.measure(options.smoke).map(MetricReport.init))
            }
            let peakKibibytes = environment.peakResidentKibibytes()
            processPeakKibibytes = Self.higher(processPeakKibibytes, peakKibibytes)
            var perItem: Double?
            var perItemMax: Double?
            if case let .timed(timed) = workload, let items = timed.memoryItemCount, items > 0 {
                perItemMax = timed.peakBytesPerItemMax
                if let peakKibibytes, let baselineKibibytes {
                    perItem = Double(max(0, peakKibibytes - baselineKibibytes)) * 1024 / Double(items)
                }
            }
            var finished = WorkloadReport(
                name: workload.name,
                summary: workload.summary,
                peakResidentMebibytes: resetWorked ? peakKibibytes.map(Self.mebibytes) : nil,
                peakBytesPerItem: perItem,
                peakBytesPerItemMax: perItemMax,
                outcome: outcome
            )
            if case let .timed(timed) = workload, let file = timed.csvFile {
                let python = PythonCSVComparison(timePythonCSV(file(), iterations: options.iterations))
                finished.pythonCSV = python
                if case let .timed(result) = finished.outcome, let seconds = python.medianSeconds {
                    console.error("    Python's csv on the same bytes: \(ReportTables.pythonRate(result, seconds: seconds))")
                } else {
                    console.error("    Python's csv not timed: \(python.unavailable ?? "no figure")")
                }
            }
            // Each result as soon as it is known, so a long run shows its figures as it goes: in full
            // with --verbose, else one line beside the progress.
            if options.verbose {
                console.output(ReportTables.finished(finished, configuration: configuration))
            } else {
                console.error("    " + ReportTables.brief(finished))
            }
            reports.append(finished)
        }
        processPeakKibibytes = Self.higher(processPeakKibibytes, environment.peakResidentKibibytes())

        return BenchmarkReport(
            buildConfiguration: configuration,
            date: date,
            machine: environment.machineInfo(),
            arguments: arguments,
            smoke: options.smoke,
            workloads: reports,
            processPeakResidentMebibytes: processPeakKibibytes.map(Self.mebibytes)
        )
    }

    /// Python's `csv` on `file`, its answer checked (`PythonCSV.timing`).
    private func timePythonCSV(_ file: CSVFile, iterations: Int) -> Result<PythonCSV.Timing, PythonCSVError> {
        switch environment.runPythonCSV(file, iterations: iterations) {
        case let .failure(error): return .failure(error)
        case let .success(output):
            do {
                return .success(try PythonCSV.timing(fromOutput: output, iterations: iterations, records: file.records))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs the warm-up iterations untimed, then times the samples.
    private func time(_ workload: TimedWorkload, options: BenchmarkOptions) -> TimedResult {
        for _ in 0..<options.warmupIterations { blackHole(workload.makeIteration()()) }
        var samples: [Sample] = []
        samples.reserveCapacity(options.iterations)
        for _ in 0..<options.iterations {
            let iteration = workload.makeIteration()  // untimed preparation
            let (duration, items) = environment.measure(iteration)
            samples.append(Sample(seconds: duration.seconds, items: items))
        }
        let target = configuration == .release ? workload.releaseTargetPerSecond : workload.debugTargetPerSecond
        return TimedResult(
            unit: workload.unit,
            warmupIterations: options.warmupIterations,
            samples: samples,
            targetItemsPerSecond: target
        )
    }

    /// The banner a debug build prints before and after its figures.
    package static let debugWarning: String = {
        let lines = [
            "WARNING: debug build — figures are not representative;",
            "use `swift run -c release benchrunner`",
        ]
        let width = lines.map(\.count).max() ?? 0
        let rule = String(repeating: "!", count: width + 8)
        let body = lines.map { "!!  " + $0 + String(repeating: " ", count: width - $0.count) + "  !!" }
        return ([""] + [rule] + body + [rule]).joined(separator: "\n")
    }()

    private static func higher(_ first: Int?, _ second: Int?) -> Int? {
        guard let first else { return second }
        guard let second else { return first }
        return max(first, second)
    }

    private static func mebibytes(_ kibibytes: Int) -> Double {
        Double(kibibytes) / 1024
    }

    private static func samePath(_ first: String, _ second: String) -> Bool {
        URL(fileURLWithPath: first).standardizedFileURL.path == URL(fileURLWithPath: second).standardizedFileURL.path
    }
}
