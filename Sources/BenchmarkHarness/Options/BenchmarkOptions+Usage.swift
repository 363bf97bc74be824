extension BenchmarkOptions {
    /// The text `--help` prints.
    package static let usage = """
        USAGE: benchrunner [options]
               benchrunner side-by-side OLD NEW [options]   (see benchrunner side-by-side --help)

        Runs the benchmark workloads, prints their figures, and writes a JSON report.
        Build in release mode for meaningful figures: swift run -c release benchrunner

        OPTIONS:
          --list                 Print the workloads' names and summaries, then stop.
          --filter SUBSTRING     Run only workloads whose name contains SUBSTRING. Repeatable;
                                 several substrings may also be comma-separated. A SUBSTRING
                                 ending in $ matches the end of the name only.
          --iterations N         Timed samples per workload (default \(iterationsDefault), at most \(iterationsMax)).
          --warmup N             Untimed iterations before the samples (default \(warmupIterationsDefault)).
          --smoke                One sample, no warm-up, measured workloads in their quick mode (for CI).
          --json PATH            Write the JSON report to PATH (default, untracked:
                                 .build/benchmark-results/latest-<debug|release>.json).
          --no-json              Do not write a JSON report.
          --update-baseline      Write the report over the committed baseline,
                                 Benchmarks/results/latest-<debug|release>.json.
          --format github-action-benchmark
                                 Also write the report as github-action-benchmark's custom
                                 lists, beside it: X.smaller-is-better.json (median times) and
                                 X.bigger-is-better.json (throughputs).
          --compare BASELINE     Compare with a previous JSON report; a timed workload whose median
                                 time per iteration grew beyond the threshold is a regression.
          --threshold PERCENT    Regression threshold for --compare (default \(Int(thresholdPercentDefault))).
          --strict               A timed workload missing its throughput target fails the run.
          -h, --help             Print this text.

        EXIT STATUS:
          0  every check held
          1  a regression, a measured metric out of its bound, a missed target under --strict,
             or the report could not be written
          2  a usage error: bad option or value, a filter matching nothing, an unreadable baseline
        """
}
