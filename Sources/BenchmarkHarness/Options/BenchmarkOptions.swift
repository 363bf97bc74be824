/// What one benchrunner invocation asks for, parsed from its command-line arguments.
///
/// Parsing is by hand (the package has no dependencies) and total: every argument list yields either
/// options or a `UsageError` naming the offending option, never a crash. Options that take a value
/// accept it as the next argument or after `=` (`--iterations 5`, `--iterations=5`). When a
/// value-taking option is repeated, the last one wins, except `--filter`, whose values accumulate.
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

    /// The committed baseline, written only with `--update-baseline`:
    /// `Benchmarks/results/latest-<configuration>.json`.
    package static func baselineReportPath(for configuration: BuildConfiguration) -> String {
        "Benchmarks/results/latest-\(configuration.rawValue).json"
    }

    /// Parses benchrunner's arguments, without the program name.
    ///
    /// `--help` (or `-h`) stops parsing and asks for the usage text, whatever follows it.
    package static func parse(
        _ arguments: [String],
        configuration: BuildConfiguration
    ) throws(UsageError) -> BenchmarkOptions {
        var options = BenchmarkOptions(reportPath: defaultReportPath(for: configuration))
        var explicitIterations: Int?
        var explicitWarmup: Int?
        var explicitReportPath: String?
        var noReport = false
        var updateBaseline = false
        var list = false

        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                throw .unexpectedArgument(argument)
            }
            // Split `--option=value`; a value given that way is the option's, even if it starts with "--".
            let option: String
            let attached: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                option = String(argument[..<equals])
                attached = String(argument[argument.index(after: equals)...])
            } else {
                option = argument
                attached = nil
            }

            func flag() throws(UsageError) {
                if let attached { throw .unexpectedValue(option: option, value: attached) }
            }
            func value(_ expected: String) throws(UsageError) -> String {
                if let attached { return attached }
                // A following option means this one's value was forgotten; no valid value starts with "--".
                guard let next = remaining.first, !next.hasPrefix("--") else {
                    throw .missingValue(option: option, expected: expected)
                }
                remaining.removeFirst()
                return next
            }

            func integer(in range: ClosedRange<Int>, _ expected: String) throws(UsageError) -> Int {
                let text = try value(expected)
                guard let number = Int(text), range.contains(number) else {
                    throw .invalidValue(option: option, value: text, expected: expected)
                }
                return number
            }

            switch option {
            case "--help", "-h":
                try flag()
                options.action = .help
                return options
            case "--list":
                try flag()
                list = true
            case "--filter":
                let expected = "a substring of a workload name (several may be comma-separated)"
                let text = try value(expected)
                let pieces = text.split(separator: ",").map(trimmed).filter { !$0.isEmpty }
                guard !pieces.isEmpty else {
                    throw .invalidValue(option: option, value: text, expected: expected)
                }
                options.filters.append(contentsOf: pieces)
            case "--iterations":
                explicitIterations = try integer(in: 1...iterationsMax, "a positive integer no greater than \(iterationsMax)")
            case "--warmup":
                explicitWarmup = try integer(in: 0...warmupIterationsMax, "a non-negative integer no greater than \(warmupIterationsMax)")
            case "--smoke":
                try flag()
                options.smoke = true
            case "--json":
                let expected = "a file path for the JSON report"
                let path = try value(expected)
                guard !path.isEmpty else { throw .invalidValue(option: option, value: path, expected: expected) }
                explicitReportPath = path
            case "--no-json":
                try flag()
                noReport = true
            case "--update-baseline":
                try flag()
                updateBaseline = true
            case "--compare":
                let expected = "the path of a previous JSON report"
                let path = try value(expected)
                guard !path.isEmpty else { throw .invalidValue(option: option, value: path, expected: expected) }
                options.baselinePath = path
            case "--threshold":
                let expected = "a non-negative percentage such as 15 or 7.5"
                let text = try value(expected)
                guard let percent = Double(text), percent.isFinite, percent >= 0 else {
                    throw .invalidValue(option: option, value: text, expected: expected)
                }
                options.thresholdPercent = percent
            case "--strict":
                try flag()
                options.strict = true
            case "--format":
                let expected = "github-action-benchmark"
                let text = try value(expected)
                guard text == "github-action-benchmark" else { throw .invalidValue(option: option, value: text, expected: expected) }
                options.githubActionBenchmark = true
            default:
                throw .unknownOption(option)
            }
        }

        if noReport, explicitReportPath != nil { throw .conflictingOptions("--json", "--no-json") }
        if updateBaseline, explicitReportPath != nil { throw .conflictingOptions("--update-baseline", "--json") }
        if updateBaseline, noReport { throw .conflictingOptions("--update-baseline", "--no-json") }
        if updateBaseline { options.reportPath = baselineReportPath(for: configuration) }
        if options.githubActionBenchmark, noReport { throw .conflictingOptions("--format", "--no-json") }
        if options.smoke, explicitIterations != nil { throw .conflictingOptions("--smoke", "--iterations") }
        if options.smoke, explicitWarmup != nil { throw .conflictingOptions("--smoke", "--warmup") }

        if list { options.action = .list }
        options.iterations = options.smoke ? 1 : explicitIterations ?? iterationsDefault
        options.warmupIterations = options.smoke ? 0 : explicitWarmup ?? warmupIterationsDefault
        options.reportPath = noReport ? nil : explicitReportPath ?? options.reportPath
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
