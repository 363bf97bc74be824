import BenchmarkHarness
import Foundation
import Testing
import Workloads

// benchrunner end to end with a scripted clock: exit statuses, what is printed, and what is reported.
@Suite struct BenchmarkCommandTests {
    private typealias F = HarnessFixtures

    private static func timedWorkload(
        _ name: String = "fixture.timed",
        unit: String = "items",
        counter: IterationCounter = IterationCounter(),
        releaseTarget: Double? = nil,
        debugTarget: Double? = nil
    ) -> Workload {
        .timed(TimedWorkload(
            name: name, summary: "counts to a thousand", unit: unit,
            releaseTargetPerSecond: releaseTarget, debugTargetPerSecond: debugTarget,
            iteration: { counter.increment(); return 1_000 }
        ))
    }

    private static func measuredWorkload(value: Double, limit: Double = 10) -> Workload {
        .measured(MeasuredWorkload(name: "fixture.measured", summary: "reports one metric") { smoke in
            [Metric(name: "evaluations", value: smoke ? value / 2 : value, unit: "evaluations", bound: .atMost(limit))]
        })
    }

    private func run(
        _ arguments: [String],
        workloads: [Workload] = [timedWorkload(), measuredWorkload(value: 4)],
        configuration: BuildConfiguration = .release,
        environment: ScriptedEnvironment = ScriptedEnvironment()
    ) -> (ExitCode, Transcript) {
        let transcript = Transcript()
        let command = BenchmarkCommand(
            configuration: configuration, workloads: workloads, environment: environment, console: transcript.console
        )
        return (command.run(arguments: arguments), transcript)
    }

    @Test func helpPrintsTheUsageAndSucceeds() {
        let (status, transcript) = run(["--help"])
        #expect(status == .success)
        #expect(transcript.output == [BenchmarkOptions.usage])
    }

    @Test func aBadOptionExitsWithStatusTwoAndSaysWhy() {
        let (status, transcript) = run(["--iterations", "abc"])
        #expect(status == .usageError)
        #expect(transcript.output.isEmpty)
        #expect(transcript.allError.hasPrefix("benchrunner: error: --iterations must be a positive integer no greater than 10000, got abc\n\nUSAGE: benchrunner "))
    }

    @Test func aFilterMatchingNothingExitsWithStatusTwo() {
        let (status, transcript) = run(["--filter", "nomatch"])
        #expect(status == .usageError)
        #expect(transcript.allError.contains(#"--filter matched no workload: "nomatch""#))
    }

    @Test func aFilterMatchingNothingBesideOneThatMatchesIsANote() {
        let (status, transcript) = run(["--list", "--filter", "timed,nomatch"])
        #expect(status == .success)
        #expect(transcript.allError.contains(#"note: --filter "nomatch" matched no workload"#))
    }

    @Test func listPrintsTheSelectedWorkloadsOnly() {
        let (status, transcript) = run(["--list", "--filter", "measured"])
        #expect(status == .success)
        #expect(transcript.allOutput.contains("fixture.measured"))
        #expect(!transcript.allOutput.contains("fixture.timed"))
    }

    @Test func aFilterEndingInADollarMatchesTheEndOfTheNameOnly() {
        let workloads = [Self.timedWorkload("fixture.rows-1500"), Self.timedWorkload("fixture.rows-15000")]
        let (status, transcript) = run(["--list", "--filter", "rows-1500$"], workloads: workloads)
        #expect(status == .success)
        #expect(transcript.allOutput.contains("fixture.rows-1500"))
        #expect(!transcript.allOutput.contains("fixture.rows-15000"))
        let (substringStatus, substringTranscript) = run(["--list", "--filter", "rows-1500"], workloads: workloads)
        #expect(substringStatus == .success)
        #expect(substringTranscript.allOutput.contains("fixture.rows-15000"))
    }

    @Test func aMissingBaselineExitsWithStatusTwoNamingThePath() {
        let environment = ScriptedEnvironment()
        let (status, transcript) = run(["--compare", "/nonexistent.json", "--no-json"], environment: environment)
        #expect(status == .usageError)
        #expect(transcript.allError.contains(#"--compare: no report at "/nonexistent.json""#))
        #expect(environment.measureCalls == 0, "the baseline is checked before anything runs")
    }

    @Test func warmupIterationsRunUntimedBeforeTheSamples() throws {
        let counter = IterationCounter()
        let environment = ScriptedEnvironment()
        let command = BenchmarkCommand(
            configuration: .release, workloads: [Self.timedWorkload(counter: counter)],
            environment: environment, console: Transcript().console
        )
        let options = try BenchmarkOptions.parse(["--iterations", "4", "--warmup", "3"], configuration: .release)
        let report = command.measure(command.workloads, options: options, arguments: [])
        #expect(counter.count == 7)
        #expect(environment.measureCalls == 4)
        #expect(report.workloads.first?.timed?.samples.count == 4)
        #expect(report.workloads.first?.timed?.warmupIterations == 3)
    }

    @Test func theReportHoldsTheScriptedFigures() throws {
        let environment = ScriptedEnvironment(durations: [.milliseconds(4), .milliseconds(1), .milliseconds(2)])
        let command = BenchmarkCommand(
            configuration: .release, workloads: [Self.timedWorkload(releaseTarget: 1e5), Self.measuredWorkload(value: 4)],
            environment: environment, console: Transcript().console
        )
        let options = try BenchmarkOptions.parse(["--iterations", "3"], configuration: .release)
        let report = command.measure(command.workloads, options: options, arguments: ["--iterations", "3"])

        #expect(report.buildConfiguration == .release)
        #expect(report.date == F.date)
        #expect(report.machine == F.machine)
        #expect(report.arguments == ["--iterations", "3"])
        #expect(report.processPeakResidentMebibytes == 20)
        let timed = try #require(report.workloads.first?.timed)
        #expect(timed.samples.map(\.seconds) == [0.004, 0.001, 0.002])
        #expect(timed.secondsPerIteration.median == 0.002)
        #expect(timed.medianItemsPerSecond == 500_000)
        #expect(timed.targetItemsPerSecond == 1e5)
        #expect(report.workloads.first?.peakResidentMebibytes == 20)
        #expect(report.workloads.last?.metrics?.map(\.value) == [4])
    }

    @Test func smokeRunsMeasuredWorkloadsInSmokeModeAndTimesOneSample() throws {
        let environment = ScriptedEnvironment()
        let command = BenchmarkCommand(
            configuration: .release, workloads: [Self.timedWorkload(), Self.measuredWorkload(value: 4)],
            environment: environment, console: Transcript().console
        )
        let options = try BenchmarkOptions.parse(["--smoke"], configuration: .release)
        let report = command.measure(command.workloads, options: options, arguments: ["--smoke"])
        #expect(report.smoke)
        #expect(report.workloads.last?.metrics?.map(\.value) == [2])
        #expect(environment.measureCalls == 1)
    }

    @Test func aMetricOutOfItsBoundFailsTheRun() {
        let (status, transcript) = run(["--no-json"], workloads: [Self.measuredWorkload(value: 11)])
        #expect(status == .failure)
        #expect(transcript.allOutput.contains("FAIL: fixture.measured: evaluations is 11 evaluations, outside its bound ≤ 10"))
        #expect(transcript.allOutput.hasSuffix("\nresult: FAIL (1 failure)"))
    }

    @Test func aMissedTargetIsANoteWithoutStrictAndAFailureWithIt() {
        // 1000 items in 2 ms is 500 k items/s, short of a 1 M items/s target.
        let workloads = [Self.timedWorkload(releaseTarget: 1e6)]
        let (lenient, lenientTranscript) = run(["--no-json"], workloads: workloads)
        #expect(lenient == .success)
        #expect(lenientTranscript.allOutput.contains("\nMISS: fixture.timed: median 500.0 k items/s, release target 1.0 M items/s\n"))
        #expect(lenientTranscript.allOutput.hasSuffix("\nresult: PASS, with 1 throughput target missed (a failure only under --strict)"))
        let (strict, strictTranscript) = run(["--no-json", "--strict"], workloads: workloads)
        #expect(strict == .failure)
        #expect(strictTranscript.allOutput.hasSuffix("\nresult: FAIL (1 failure)"))
    }

    /// Issue 39: the report opens with the verdict and what missed, and ends with it; each workload's
    /// figures are not in it, but in one line beside the progress on standard error.
    @Test func theReportOpensWithTheVerdictAndWhatMissed() {
        let workloads = [Self.timedWorkload(releaseTarget: 1e6), Self.measuredWorkload(value: 11)]
        let (status, transcript) = run(["--no-json"], workloads: workloads)
        #expect(status == .failure)
        let lines = transcript.allOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(Array(lines.prefix(3)) == [
            "result: FAIL (1 failure)",
            "FAIL: fixture.measured: evaluations is 11 evaluations, outside its bound ≤ 10",
            "MISS: fixture.timed: median 500.0 k items/s, release target 1.0 M items/s",
        ])
        #expect(lines.last == "result: FAIL (1 failure)")
        #expect(lines[4] == "ran 1 timed workload, targets met: 0 of 1; 1 measured, bounds held: 0 of 1")
        #expect(!transcript.allOutput.contains("    median "), "each workload's figures only with --verbose")
        #expect(!transcript.allOutput.contains("BOUNDS HELD") && !transcript.allOutput.contains("THROUGHPUT"), "the tables only with --verbose")
        let (_, verbose) = run(["--no-json", "--verbose"], workloads: workloads)
        #expect(verbose.allOutput.contains("fixture.measured        1       0 of 1  FAIL"))
        #expect(verbose.allOutput.contains("THROUGHPUT"))
        #expect(transcript.allError.contains("    median 2.000 ms, 500.0 k items/s (target 1.0 M items/s: MISS)"))
        #expect(transcript.allError.contains("    1 metrics, 0 of 1 bounds held"))
    }

    /// Issue 24: with `--verbose`, each workload's figures are printed as soon as it has run, before
    /// the next starts; every line benchrunner prints fits 100 columns, for the real workloads' names too.
    @Test func eachResultPrintsAsItsWorkloadFinishesWithinAHundredColumns() {
        let (_, transcript) = run(["--no-json", "--verbose"])
        let finished = transcript.output.firstIndex { $0.hasPrefix("fixture.timed\n    median ") }
        let measuredStarts = transcript.events.firstIndex { $0.contains("fixture.measured: measuring") }
        #expect(finished != nil && measuredStarts != nil)
        if let finished, let measuredStarts { #expect(transcript.events.firstIndex(of: transcript.output[finished])! < measuredStarts) }

        let longest = Workloads.all.map(\.name).max { $0.count < $1.count }!
        let names = [longest, "csv.import.duplicate-accuracy"]
        let units = Workloads.all.compactMap { workload -> String? in
            if case let .timed(timed) = workload { return timed.unit }
            return nil
        }
        let longestUnit = units.max { $0.count < $1.count }!
        let workloads = [Self.timedWorkload(names[0], unit: longestUnit, releaseTarget: 1e9), Self.measuredWorkload(value: 11)]
        let (_, wide) = run(["--no-json", "--verbose"], workloads: workloads)
        let (_, plain) = run(["--no-json"], workloads: workloads)
        #expect(plain.allOutput.contains("\(longestUnit)/s"))
        for line in plain.allOutput.split(separator: "\n") {
            #expect(line.count <= 100, "\(line.count) columns: \(line)")
        }
        let (_, listed) = run(["--list"], workloads: Workloads.all)
        for line in (wide.allOutput + "\n" + listed.allOutput).split(separator: "\n") {
            #expect(line.count <= 100, "\(line.count) columns: \(line)")
        }
    }

    @Test func aDebugBuildIsHeldToTheDebugTargetAndWarnsTwice() {
        let workloads = [Self.timedWorkload(releaseTarget: 1e9, debugTarget: 1e5)]
        let (status, transcript) = run(["--no-json", "--strict"], workloads: workloads, configuration: .debug)
        #expect(status == .success)
        #expect(transcript.output.filter { $0 == BenchmarkCommand.debugWarning }.count == 2)
        #expect(transcript.output.first == BenchmarkCommand.debugWarning)
        #expect(transcript.output.last == BenchmarkCommand.debugWarning)
    }

    @Test func aReleaseBuildDoesNotWarn() {
        let (_, transcript) = run(["--no-json"])
        #expect(!transcript.output.contains(BenchmarkCommand.debugWarning))
    }

    @Test func aWorkloadPeakIsUnavailableWhenThePeakCannotBeReset() throws {
        let environment = ScriptedEnvironment()
        environment.resetWorks = false
        let command = BenchmarkCommand(
            configuration: .release, workloads: [Self.timedWorkload()], environment: environment, console: Transcript().console
        )
        let report = command.measure(command.workloads, options: BenchmarkOptions(reportPath: nil), arguments: [])
        #expect(report.workloads.first?.peakResidentMebibytes == nil)
        #expect(report.processPeakResidentMebibytes == 20)
        #expect(environment.resetCalls == 1)
    }

    @Test func memoryIsNotAvailableWhereThePlatformDoesNotTell() {
        let environment = ScriptedEnvironment()
        environment.peakKibibytes = nil
        let (status, transcript) = run(["--no-json"], environment: environment)
        #expect(status == .success)
        #expect(transcript.allOutput.contains("process peak memory: n/a"))
    }

    @Test func theReportIsWrittenWhereAsked() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("results/run.json").path
        let (status, transcript) = run(["--json", path])
        #expect(status == .success)
        #expect(transcript.allOutput.contains("report written to \(path)"))
        let report = try BenchmarkReport.load(from: path)
        #expect(report.workloads.map(\.name) == ["fixture.timed", "fixture.measured"])
    }

    @Test func aSlowdownAgainstTheBaselineFailsTheRunAndAnEqualRunPasses() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json").path
        #expect(run(["--json", baseline]).0 == .success)

        let (same, sameTranscript) = run(["--no-json", "--compare", baseline])
        #expect(same == .success)
        #expect(sameTranscript.allOutput.contains("+0.0%"))
        // It says plainly what it compares: another run, on this machine or another.
        #expect(sameTranscript.allOutput.contains("note: --compare judges against a report made on this machine"))

        let slower = ScriptedEnvironment(durations: [.milliseconds(3)])
        let (status, transcript) = run(["--no-json", "--compare", baseline], environment: slower)
        #expect(status == .failure)
        #expect(transcript.allOutput.contains("REGRESSION"))
        #expect(transcript.allOutput.contains("FAIL: fixture.timed: median time per iteration +50.0% against the baseline"))

        let (tolerant, _) = run(["--no-json", "--compare", baseline, "--threshold", "60"], environment: slower)
        #expect(tolerant == .success)
    }

    /// Issue 24: `--format github-action-benchmark` writes the action's two custom lists beside the
    /// report: median times (smaller is better) and throughputs and lower-bounded metrics (bigger).
    @Test func theGitHubActionBenchmarkListsAreWrittenBesideTheReport() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.json").path
        let (status, transcript) = run(["--json", path, "--format", "github-action-benchmark"], workloads: [
            Self.timedWorkload(releaseTarget: 1e3), Self.measuredWorkload(value: 4),
        ])
        #expect(status == .success)
        let paths = GitHubActionBenchmark.paths(besideReport: path)
        #expect(paths.smaller == directory.appendingPathComponent("run.smaller-is-better.json").path)
        #expect(transcript.allOutput.contains("github-action-benchmark list written to \(paths.bigger)"))
        let decoder = JSONDecoder()
        let smaller = try decoder.decode([GitHubActionBenchmark.Entry].self, from: Data(contentsOf: URL(fileURLWithPath: paths.smaller)))
        let bigger = try decoder.decode([GitHubActionBenchmark.Entry].self, from: Data(contentsOf: URL(fileURLWithPath: paths.bigger)))
        #expect(smaller.map(\.name) == ["fixture.timed", "fixture.measured: evaluations"])
        #expect(smaller.first?.unit == "ms" && smaller.first?.value == 2)
        #expect(bigger.map(\.name) == ["fixture.timed throughput"])
        #expect(bigger.first?.unit == "items/s" && bigger.first?.value == 500_000)
        #expect(run(["--no-json", "--format", "github-action-benchmark"]).0 == .usageError)
        #expect(run(["--format", "csv"]).0 == .usageError)
    }

    @Test func workloadsMissingFromTheBaselineAreListed() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let baseline = directory.appendingPathComponent("baseline.json").path
        #expect(run(["--json", baseline, "--filter", "timed"]).0 == .success)
        let (status, transcript) = run(["--no-json", "--compare", baseline])
        #expect(status == .success)
        #expect(transcript.allOutput.contains("Only in this run: fixture.measured"))
    }

    @Test func replacingTheBaselineWithThisRunsReportIsNoted() throws {
        let directory = try F.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("latest.json").path
        #expect(run(["--json", path]).0 == .success)
        let (status, transcript) = run(["--json", path, "--compare", path])
        #expect(status == .success)
        #expect(transcript.allError.contains("replaces the baseline"))
    }
}
