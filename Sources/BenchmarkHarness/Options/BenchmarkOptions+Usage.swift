import CommandLineParsing

extension BenchmarkOptions {
    /// benchrunner's command line: its options, `--help` and its usage errors come from here.
    package static let command = Command(
        "benchrunner", "Runs the benchmark workloads, prints their figures, and writes a JSON report.",
        options: [
            .flag("--list", "Print the workloads' names and summaries, then stop."),
            .value("--csv", "FILE", "Time your own export instead: the parse beside Python's csv, the whole import with each duplicate strategy, and what the import found (report: .build/benchmark-results/csv-<debug|release>.json)."),
            .values("--filter", "SUBSTRING", "Run only workloads whose name contains SUBSTRING (several may be comma-separated; one ending in $ matches the end of the name)."),
            .value("--iterations", "N", "Timed samples per workload (default \(iterationsDefault), at most \(iterationsMax))."),
            .value("--warmup", "N", "Untimed iterations before the samples (default \(warmupIterationsDefault), at most \(warmupIterationsMax))."),
            .flag("--smoke", "One sample, no warm-up, measured workloads in their quick mode (for CI)."),
            .value("--json", "PATH", "Write the JSON report to PATH (default, untracked: .build/benchmark-results/latest-<debug|release>.json)."),
            .flag("--no-json", "Do not write a JSON report."),
            .flag("--update-baseline", "Write the report over the committed baseline, Benchmarks/results/latest-<debug|release>.json."),
            .value("--format", "github-action-benchmark", "Also write github-action-benchmark's custom lists beside the report: X.smaller-is-better.json (median times), X.bigger-is-better.json (throughputs)."),
            .value("--compare", "BASELINE", "Compare with a previous JSON report: a median time per iteration grown beyond the threshold is a regression."),
            .value("--threshold", "PERCENT", "Regression threshold for --compare (default \(Int(thresholdPercentDefault)))."),
            .flag("--strict", "A timed workload missing its throughput target fails the run."),
            .flag("--verbose", "Print each workload's full figures as it finishes (times, throughput, memory, every metric), and the tables of timings and bounds."),
        ],
        discussion: """
            Build in release mode for meaningful figures: swift run -c release benchrunner
            To compare two builds on this machine: benchrunner side-by-side OLD NEW (see its --help).

            EXIT STATUS:
              0  every check held
              1  a regression, a measured metric out of its bound, a missed target under --strict,
                 or the report could not be written
              2  a usage error: bad option or value, a filter matching nothing, an unreadable baseline
            """
    )

    /// The text `--help` prints.
    package static var usage: String { command.help }
}
