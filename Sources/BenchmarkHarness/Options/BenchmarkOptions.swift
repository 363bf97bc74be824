import CommandLineParsing

/// What one benchrunner invocation asks for, read from its command line as `command` declares it.
///
/// Every argument list yields either options or a `UsageError` naming the option and the value it got,
/// never a crash. As every executable of the package reads them (`CommandLineParsing`): a value follows
/// its option or is attached with `=`, the last of a repeated option wins, and `--filter`'s values
/// accumulate.
package struct BenchmarkOptions: Sendable, Equatable {
    /// What the invocation does.
    package enum Action: Sendable, Equatable {
        /// Run the selected workloads and report them.
        case run
        /// Print the selected workloads' names and summaries.
        case list
        /// Print the usage text.
        case help
    }

    /// Timed samples per workload when `--iterations` is not given.
    package static let iterationsDefault = 10
    /// Warm-up iterations per timed workload when `--warmup` is not given.
    package static let warmupIterationsDefault = 2
    /// The slowdown, in percent of the baseline median, beyond which `--compare` reports a regression.
    package static let thresholdPercentDefault = 15.0
    /// The most timed samples one workload may take; it bounds the memory the samples use.
    package static let iterationsMax = 10_000
    /// The most warm-up iterations one workload may take.
    package static let warmupIterationsMax = 10_000

    /// Whether to run the workloads, list them (`--list`) or print the usage (`--help`).
    package var action: Action
    /// Substrings of workload names; a workload runs if its name contains any. Empty selects all.
    package var filters: [String]
    /// Timed samples per workload (1 under `--smoke`).
    package var iterations: Int
    /// Untimed iterations before the samples (0 under `--smoke`).
    package var warmupIterations: Int
    /// Whether this is a quick CI run: one sample, no warm-up, and measured workloads in smoke mode.
    package var smoke: Bool
    /// Where to write the JSON report, relative to the current directory; nil with `--no-json`.
    package var reportPath: String?
    /// The previous report to compare against, if any.
    package var baselinePath: String?
    /// The regression threshold for `--compare`, in percent of the baseline median.
    package var thresholdPercent: Double
    /// Whether a timed workload that misses its throughput target fails the run.
    package var strict: Bool
    /// Whether the report is also written in github-action-benchmark's formats, beside it.
    package var githubActionBenchmark = false
    /// Whether each workload's full figures are printed as it finishes (`--verbose`, and `--csv`).
    package var verbose = false
    /// A user's export to time instead of the generated workloads (`--csv FILE`).
    package var csvPath: String?
    /// The largest file `--csv` reads into memory, in bytes (2 GiB).
    package static let csvBytesMax = 1 << 31

    /// Builds options; by default a full run of every workload, 10 samples after 2 warm-up iterations, 15% threshold.
    package init(
        action: Action = .run,
        filters: [String] = [],
        iterations: Int = BenchmarkOptions.iterationsDefault,
        warmupIterations: Int = BenchmarkOptions.warmupIterationsDefault,
        smoke: Bool = false,
        reportPath: String?,
        baselinePath: String? = nil,
        thresholdPercent: Double = BenchmarkOptions.thresholdPercentDefault,
        strict: Bool = false
    ) {
        self.action = action
        self.filters = filters
        self.iterations = iterations
        self.warmupIterations = warmupIterations
        self.smoke = smoke
        self.reportPath = reportPath
        self.baselinePath = baselinePath
        self.thresholdPercent = thresholdPercent
        self.strict = strict
    }

    /// The report path used without `--json`: `.build/benchmark-results/latest-<configuration>.json`,
    /// untracked, so that a run leaves the committed files as they were.
    package static func defaultReportPath(for configuration: BuildConfiguration) -> String {
        ".build/benchmark-results/latest-\(configuration.rawValue).json"
    }

    /// The report path used with `--csv` and without `--json`, apart from the generated workloads' report:
    /// `.build/benchmark-results/csv-<configuration>.json`.
    package static func csvReportPath(for configuration: BuildConfiguration) -> String {
        ".build/benchmark-results/csv-\(configuration.rawValue).json"
    }

    /// The committed baseline, written only with `--update-baseline`:
    /// `Benchmarks/results/latest-<configuration>.json`.
    package static func baselineReportPath(for configuration: BuildConfiguration) -> String {
        "Benchmarks/results/latest-\(configuration.rawValue).json"
    }

    /// Parses benchrunner's arguments, without the program name.
    ///
    /// `--help` (or `-h`) stops parsing and asks for the usage text, whatever follows it.
    package static func parse(_ arguments: [String], configuration: BuildConfiguration) throws(UsageError) -> BenchmarkOptions {
        if let word = arguments.first, !word.hasPrefix("-"), let meant = NearestName.suggestion(for: word, in: [SideBySideCommand.verb]) {
            throw UsageError("unknown command \(word) (did you mean \(meant)?); benchrunner takes options, or \(meant) OLD NEW", command: command)
        }
        let parsed = try command.parse(arguments)
        var options = BenchmarkOptions(reportPath: defaultReportPath(for: configuration))
        if parsed.wantsHelp {
            options.action = .help
            return options
        }
        func conflict(_ first: String, _ second: String) -> UsageError {
            UsageError("\(first) and \(second) cannot be used together", command: command)
        }
        func given(_ name: String) -> Bool { parsed.has(name) || parsed.values[name] != nil }

        for text in parsed.allValues["--filter"] ?? [] {
            let pieces = text.split(separator: ",").map(trimmed).filter { !$0.isEmpty }
            guard !pieces.isEmpty else {
                throw UsageError("--filter must be a substring of a workload name (several may be comma-separated), got \"\(text)\"", command: command)
            }
            options.filters.append(contentsOf: pieces)
        }
        let iterations = try parsed.value("--iterations", "a positive integer no greater than \(iterationsMax)") { Int($0).flatMap { (1...iterationsMax).contains($0) ? $0 : nil } }
        let warmup = try parsed.value("--warmup", "a non-negative integer no greater than \(warmupIterationsMax)") { Int($0).flatMap { (0...warmupIterationsMax).contains($0) ? $0 : nil } }
        let reportPath = try parsed.value("--json", "a file path for the JSON report") { $0.isEmpty ? nil : $0 }
        options.baselinePath = try parsed.value("--compare", "the path of a previous JSON report") { $0.isEmpty ? nil : $0 }
        options.thresholdPercent = try parsed.value("--threshold", "a non-negative percentage such as 15 or 7.5") { Double($0).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } } ?? thresholdPercentDefault
        options.githubActionBenchmark = try parsed.value("--format", "github-action-benchmark") { $0 == "github-action-benchmark" ? true : nil } ?? false
        options.smoke = parsed.has("--smoke")
        options.strict = parsed.has("--strict")
        options.csvPath = try parsed.value("--csv", "the path of a CSV or TSV export") { $0.isEmpty ? nil : $0 }
        options.verbose = parsed.has("--verbose") || options.csvPath != nil
        let noReport = parsed.has("--no-json")
        let updateBaseline = parsed.has("--update-baseline")

        if noReport, reportPath != nil { throw conflict("--json", "--no-json") }
        if updateBaseline, reportPath != nil { throw conflict("--update-baseline", "--json") }
        if updateBaseline, noReport { throw conflict("--update-baseline", "--no-json") }
        if options.githubActionBenchmark, noReport { throw conflict("--format", "--no-json") }
        if options.smoke, given("--iterations") { throw conflict("--smoke", "--iterations") }
        if options.smoke, given("--warmup") { throw conflict("--smoke", "--warmup") }
        if options.csvPath != nil, updateBaseline { throw conflict("--csv", "--update-baseline") }

        if parsed.has("--list") { options.action = .list }
        options.iterations = options.smoke ? 1 : iterations ?? iterationsDefault
        options.warmupIterations = options.smoke ? 0 : warmup ?? warmupIterationsDefault
        let defaultPath = options.csvPath == nil ? options.reportPath : csvReportPath(for: configuration)
        options.reportPath = noReport ? nil : reportPath ?? (updateBaseline ? baselineReportPath(for: configuration) : defaultPath)
        return options
    }
}

/// Drops leading and trailing spaces and tabs, so `--filter "a, b"` means "a" and "b".
private func trimmed(_ text: Substring) -> String {
    String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
}

private func isBlank(_ character: Character) -> Bool {
    character == " " || character == "\t"
}
