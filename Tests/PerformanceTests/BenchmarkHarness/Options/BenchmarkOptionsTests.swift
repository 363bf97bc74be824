import BenchmarkHarness
import Testing

// benchrunner's command line: every option's effect, and the typed error for every kind of bad input.
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
        #expect(throws: UsageError.conflictingOptions("--update-baseline", "--json")) { try parse(["--update-baseline", "--json", "x.json"]) }
        #expect(throws: UsageError.conflictingOptions("--update-baseline", "--no-json")) { try parse(["--no-json", "--update-baseline"]) }
        #expect(throws: UsageError.unexpectedValue(option: "--update-baseline", value: "yes")) { try parse(["--update-baseline=yes"]) }
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

    static let positiveInteger = "a positive integer no greater than \(BenchmarkOptions.iterationsMax)"
    static let nonNegativeInteger = "a non-negative integer no greater than \(BenchmarkOptions.warmupIterationsMax)"
    static let percentage = "a non-negative percentage such as 15 or 7.5"
    static let substring = "a substring of a workload name (several may be comma-separated)"

    static let badInputs: [([String], UsageError)] = [
        (["--bogus"], .unknownOption("--bogus")),
        (["-x"], .unknownOption("-x")),
        (["--bogus=1"], .unknownOption("--bogus")),
        (["prng"], .unexpectedArgument("prng")),
        (["--iterations", "abc"], .invalidValue(option: "--iterations", value: "abc", expected: positiveInteger)),
        (["--iterations", "0"], .invalidValue(option: "--iterations", value: "0", expected: positiveInteger)),
        (["--iterations", "-3"], .invalidValue(option: "--iterations", value: "-3", expected: positiveInteger)),
        (["--iterations", "10001"], .invalidValue(option: "--iterations", value: "10001", expected: positiveInteger)),
        (["--iterations", "99999999999999999999"], .invalidValue(option: "--iterations", value: "99999999999999999999", expected: positiveInteger)),
        (["--iterations"], .missingValue(option: "--iterations", expected: positiveInteger)),
        (["--iterations", "--smoke"], .missingValue(option: "--iterations", expected: positiveInteger)),
        (["--warmup", "-1"], .invalidValue(option: "--warmup", value: "-1", expected: nonNegativeInteger)),
        (["--warmup", "2.5"], .invalidValue(option: "--warmup", value: "2.5", expected: nonNegativeInteger)),
        (["--warmup"], .missingValue(option: "--warmup", expected: nonNegativeInteger)),
        (["--threshold", "ten"], .invalidValue(option: "--threshold", value: "ten", expected: percentage)),
        (["--threshold", "-5"], .invalidValue(option: "--threshold", value: "-5", expected: percentage)),
        (["--threshold", "nan"], .invalidValue(option: "--threshold", value: "nan", expected: percentage)),
        (["--threshold", "inf"], .invalidValue(option: "--threshold", value: "inf", expected: percentage)),
        (["--threshold"], .missingValue(option: "--threshold", expected: percentage)),
        (["--filter"], .missingValue(option: "--filter", expected: substring)),
        (["--filter", ""], .invalidValue(option: "--filter", value: "", expected: substring)),
        (["--filter", " , "], .invalidValue(option: "--filter", value: " , ", expected: substring)),
        (["--json"], .missingValue(option: "--json", expected: "a file path for the JSON report")),
        (["--json="], .invalidValue(option: "--json", value: "", expected: "a file path for the JSON report")),
        (["--compare"], .missingValue(option: "--compare", expected: "the path of a previous JSON report")),
        (["--compare", "--strict"], .missingValue(option: "--compare", expected: "the path of a previous JSON report")),
        (["--smoke=yes"], .unexpectedValue(option: "--smoke", value: "yes")),
        (["--help=1"], .unexpectedValue(option: "--help", value: "1")),
        (["--json", "a.json", "--no-json"], .conflictingOptions("--json", "--no-json")),
        (["--smoke", "--iterations", "5"], .conflictingOptions("--smoke", "--iterations")),
        (["--warmup", "1", "--smoke"], .conflictingOptions("--smoke", "--warmup")),
    ]

    @Test(arguments: badInputs)
    func badInputIsRejectedWithATypedError(arguments: [String], expected: UsageError) {
        #expect(throws: expected) { try parse(arguments) }
    }

    @Test func unknownOptionIsRejectedWithItsName() {
        let error = UsageError.unknownOption("--bogus")
        #expect(error.description == #"unknown option "--bogus"; run benchrunner --help to see the options"#)
    }

    @Test func aBadValueMessageNamesTheOptionTheExpectedFormAndTheValue() {
        let error = UsageError.invalidValue(option: "--iterations", value: "abc", expected: "a positive integer")
        #expect(error.description == #"--iterations expects a positive integer, got "abc""#)
    }

    @Test func aMissingValueMessageSaysNothingWasGiven() {
        let error = UsageError.missingValue(option: "--json", expected: "a file path for the JSON report")
        #expect(error.description == "--json expects a file path for the JSON report, got nothing")
    }

    @Test func aFilterMatchingNothingIsNamedInItsMessage() {
        let error = UsageError.noWorkloadMatches(filters: ["nomatch", "other"])
        #expect(error.description == #"--filter matched no workload: "nomatch", "other"; run benchrunner --list to see the names"#)
    }

    @Test func usageTextMentionsEveryOption() {
        for option in ["--list", "--filter", "--iterations", "--warmup", "--smoke", "--json", "--no-json",
                       "--compare", "--threshold", "--strict", "--help", "-h"] {
            #expect(BenchmarkOptions.usage.contains(option), "usage text lacks \(option)")
        }
    }
}
