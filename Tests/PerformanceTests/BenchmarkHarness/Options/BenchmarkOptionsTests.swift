import BenchmarkHarness
import CommandLineParsing
import Testing

// benchrunner's command line: every option's effect, and the usage error, naming the option and the
// value it got, for every kind of bad input.
@Suite struct BenchmarkOptionsTests {
    private func parse(_ arguments: [String], _ configuration: BuildConfiguration = .release) throws(UsageError) -> BenchmarkOptions {
        try BenchmarkOptions.parse(arguments, configuration: configuration)
    }

    @Test func noArgumentsRunEverythingWithTheDefaults() throws {
        let options = try parse([])
        #expect(options == BenchmarkOptions(reportPath: ".build/benchmark-results/latest-release.json"))
        #expect(options.action == .run)
        #expect(options.filters.isEmpty)
        #expect(options.iterations == 10)
        #expect(options.warmupIterations == 2)
        #expect(!options.smoke)
        #expect(options.baselinePath == nil)
        #expect(options.thresholdPercent == 15)
        #expect(!options.strict)
    }

    /// The README's `swift run -c release benchrunner` must leave the committed files as they were: the
    /// report goes to an untracked place, and the committed baseline changes only when asked.
    @Test func theDefaultReportPathIsUntrackedAndNamesTheBuildConfiguration() throws {
        #expect(try parse([], .debug).reportPath == ".build/benchmark-results/latest-debug.json")
        #expect(try parse([], .release).reportPath == ".build/benchmark-results/latest-release.json")
    }

    @Test func updateBaselineWritesTheCommittedReport() throws {
        #expect(try parse(["--update-baseline"], .release).reportPath == "Benchmarks/results/latest-release.json")
        #expect(try parse(["--update-baseline"], .debug).reportPath == "Benchmarks/results/latest-debug.json")
        #expect(throws: Self.error("--update-baseline and --json cannot be used together")) { try parse(["--update-baseline", "--json", "x.json"]) }
        #expect(throws: Self.error("--update-baseline and --no-json cannot be used together")) { try parse(["--no-json", "--update-baseline"]) }
        #expect(throws: Self.error("--update-baseline takes no value, got yes")) { try parse(["--update-baseline=yes"]) }
    }

    @Test func listAsksForTheListAndKeepsTheFilters() throws {
        let options = try parse(["--list", "--filter", "prng"])
        #expect(options.action == .list)
        #expect(options.filters == ["prng"])
    }

    @Test(arguments: ["--help", "-h"])
    func helpStopsParsingWhateverFollows(flag: String) throws {
        #expect(try parse([flag, "--bogus"]).action == .help)
    }

    @Test func filtersAccumulateAcrossRepeatsAndCommas() throws {
        let options = try parse(["--filter", "prng", "--filter", "shrink, sim", "--filter=csv"])
        #expect(options.filters == ["prng", "shrink", "sim", "csv"])
    }

    @Test func iterationsAndWarmupTakeTheirValuesInEitherForm() throws {
        let options = try parse(["--iterations", "25", "--warmup=0"])
        #expect(options.iterations == 25)
        #expect(options.warmupIterations == 0)
    }

    @Test func theLastOfARepeatedValueOptionWins() throws {
        #expect(try parse(["--iterations", "3", "--iterations", "4"]).iterations == 4)
    }

    @Test func smokeMeansOneSampleAndNoWarmup() throws {
        let options = try parse(["--smoke"])
        #expect(options.smoke)
        #expect(options.iterations == 1)
        #expect(options.warmupIterations == 0)
    }

    @Test func jsonSetsTheReportPathAndNoJsonClearsIt() throws {
        #expect(try parse(["--json", "out/report.json"]).reportPath == "out/report.json")
        #expect(try parse(["--no-json"]).reportPath == nil)
    }

    @Test func compareThresholdAndStrictAreRecorded() throws {
        let options = try parse(["--compare", "base.json", "--threshold", "7.5", "--strict"])
        #expect(options.baselinePath == "base.json")
        #expect(options.thresholdPercent == 7.5)
        #expect(options.strict)
    }

    @Test func aZeroThresholdIsAllowed() throws {
        #expect(try parse(["--threshold", "0"]).thresholdPercent == 0)
    }

    @Test func theLimitsThemselvesAreAccepted() throws {
        let options = try parse(["--iterations", "\(BenchmarkOptions.iterationsMax)", "--warmup", "\(BenchmarkOptions.warmupIterationsMax)"])
        #expect(options.iterations == BenchmarkOptions.iterationsMax)
        #expect(options.warmupIterations == BenchmarkOptions.warmupIterationsMax)
    }

    static let positiveInteger = "must be a positive integer no greater than \(BenchmarkOptions.iterationsMax)"
    static let nonNegativeInteger = "must be a non-negative integer no greater than \(BenchmarkOptions.warmupIterationsMax)"
    static let percentage = "must be a non-negative percentage such as 15 or 7.5"
    static let known = "benchrunner takes " + BenchmarkOptions.command.options.map(\.name).joined(separator: ", ")

    static func error(_ message: String) -> UsageError { UsageError(message, command: BenchmarkOptions.command) }

    static let badInputs: [([String], String)] = [
        (["--bogus"], "unknown option --bogus; \(known)"),
        (["-x"], "unknown option -x; \(known)"),
        (["--bogus=1"], "unknown option --bogus; \(known)"),
        (["prng"], "benchrunner takes no arguments, but got prng as well"),
        (["side-by-sid", "a", "b"], "unknown command side-by-sid (did you mean side-by-side?); benchrunner takes options, or side-by-side OLD NEW"),
        (["--iterations", "abc"], "--iterations \(positiveInteger), got abc"),
        (["--iterations", "0"], "--iterations \(positiveInteger), got 0"),
        (["--iterations", "-3"], "--iterations \(positiveInteger), got -3"),
        (["--iterations", "10001"], "--iterations \(positiveInteger), got 10001"),
        (["--iterations", "99999999999999999999"], "--iterations \(positiveInteger), got 99999999999999999999"),
        (["--iterations"], "--iterations needs a value (N)"),
        (["--iterations", "--smoke"], "--iterations needs a value (N)"),
        (["--warmup", "-1"], "--warmup \(nonNegativeInteger), got -1"),
        (["--warmup", "2.5"], "--warmup \(nonNegativeInteger), got 2.5"),
        (["--warmup"], "--warmup needs a value (N)"),
        (["--threshold", "ten"], "--threshold \(percentage), got ten"),
        (["--threshold", "-5"], "--threshold \(percentage), got -5"),
        (["--threshold", "nan"], "--threshold \(percentage), got nan"),
        (["--threshold", "inf"], "--threshold \(percentage), got inf"),
        (["--threshold"], "--threshold needs a value (PERCENT)"),
        (["--filter"], "--filter needs a value (SUBSTRING)"),
        (["--filter", ""], "--filter must be a substring of a workload name (several may be comma-separated), got \"\""),
        (["--filter", " , "], "--filter must be a substring of a workload name (several may be comma-separated), got \" , \""),
        (["--json"], "--json needs a value (PATH)"),
        (["--json="], "--json must be a file path for the JSON report, got nothing"),
        (["--compare"], "--compare needs a value (BASELINE)"),
        (["--compare", "--strict"], "--compare needs a value (BASELINE)"),
        (["--format", "csv"], "--format must be github-action-benchmark, got csv"),
        (["--smoke=yes"], "--smoke takes no value, got yes"),
        (["--help=1"], "--help takes no value, got 1"),
        (["--json", "a.json", "--no-json"], "--json and --no-json cannot be used together"),
        (["--smoke", "--iterations", "5"], "--smoke and --iterations cannot be used together"),
        (["--warmup", "1", "--smoke"], "--smoke and --warmup cannot be used together"),
        (["--format", "github-action-benchmark", "--no-json"], "--format and --no-json cannot be used together"),
    ]

    @Test(arguments: badInputs)
    func badInputIsRejectedNamingTheOptionAndTheValue(arguments: [String], message: String) {
        #expect(throws: Self.error(message)) { try parse(arguments) }
    }

    @Test func aUsageErrorPrintsItsMessageThenTheUsageLine() {
        let description = Self.error("--iterations needs a value (N)").description
        #expect(description.hasPrefix("--iterations needs a value (N)\n\nUSAGE: benchrunner [--list] [--csv FILE] [--filter SUBSTRING]..."))
        #expect(description.hasSuffix("See --help for more.\n"))
    }

    @Test func aFilterMatchingNothingIsNamedInItsMessage() throws {
        #expect(throws: Self.error(#"--filter matched no workload: "nomatch", "other"; run benchrunner --list to see the names"#)) {
            try BenchmarkCommand.select([], filters: ["nomatch", "other"])
        }
    }

    @Test func usageTextMentionsEveryOption() {
        for option in ["--list", "--filter", "--iterations", "--warmup", "--smoke", "--json", "--no-json",
                       "--compare", "--threshold", "--strict", "--help", "-h"] {
            #expect(BenchmarkOptions.usage.contains(option), "usage text lacks \(option)")
        }
    }
}
