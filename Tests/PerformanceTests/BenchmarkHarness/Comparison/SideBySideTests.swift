import BenchmarkHarness
import Foundation
import Testing

/// `benchrunner side-by-side`: two builds run alternately, each workload judged by the ratio of
/// median times and its bootstrap interval; a build against itself passes, a slowed one fails.
@Suite struct SideBySideTests {
    /// A report of one timed workload whose samples take `seconds`.
    static func report(_ seconds: [Double], name: String = "fixture.timed") -> BenchmarkReport {
        BenchmarkReport(
            buildConfiguration: .release, date: Date(timeIntervalSince1970: 0),
            machine: MachineInfo(hostName: "test", activeProcessorCount: 2, physicalMemoryBytes: 1, operatingSystem: "test"),
            arguments: [], smoke: false,
            workloads: [WorkloadReport(
                name: name, summary: "", peakResidentMebibytes: nil, peakBytesPerItem: nil, peakBytesPerItemMax: nil,
                outcome: .timed(TimedResult(unit: "items", warmupIterations: 0, samples: seconds.map { Sample(seconds: $0, items: 1) }, targetItemsPerSecond: nil))
            )],
            processPeakResidentMebibytes: nil
        )
    }

    /// Noisy samples around `base`: ±15%, spread the same way on every call with the same base.
    static func noisy(_ base: Double, count: Int = 10) -> [Double] {
        (0..<count).map { base * (0.85 + 0.3 * Double(($0 * 7) % count) / Double(count)) }
    }

    static func run(_ arguments: [String], old: [Double], new: [Double]) -> (ExitCode, Transcript, [String]) {
        let transcript = Transcript()
        var calls: [String] = []
        let command = SideBySideCommand(console: transcript.console) { executable, passed in
            calls.append(executable + " " + passed.joined(separator: " "))
            return .success(report(executable == "old" ? old : new))
        }
        return (command.run(arguments: arguments), transcript, calls)
    }

    @Test func aBuildAgainstItselfPassesWithinTheNoise() {
        let (status, transcript, calls) = Self.run(["old", "new", "--rounds", "4", "--filter", "csv"], old: Self.noisy(0.01), new: Self.noisy(0.01))
        #expect(status == .success)
        #expect(transcript.allOutput.contains("no change beyond the noise"))
        #expect(transcript.allOutput.hasSuffix("result: PASS (no workload slower by more than 10% beyond the noise)"))
        // Alternating, and the first to run alternates: old new, new old, ...
        #expect(calls == ["old --filter csv", "new --filter csv", "new --filter csv", "old --filter csv",
                          "old --filter csv", "new --filter csv", "new --filter csv", "old --filter csv"])
    }

    @Test func aBuildSlowerBeyondTheThresholdAndTheNoiseFails() {
        let (status, transcript, _) = Self.run(["old", "new"], old: Self.noisy(0.01), new: Self.noisy(0.013))
        #expect(status == .failure)
        #expect(transcript.allOutput.contains("REGRESSION"))
        #expect(transcript.allOutput.hasSuffix("result: FAIL (1 regression)"))
        // The same slowdown under a 40% threshold is not a regression.
        #expect(Self.run(["old", "new", "--threshold", "40"], old: Self.noisy(0.01), new: Self.noisy(0.013)).0 == .success)
    }

    @Test func aSlowdownInsideTheNoiseIsNotARegression() {
        // Medians 12% apart, but each side spread over ±45%: the interval reaches below 1.
        let old = (0..<6).map { 0.01 * [0.55, 1.0, 1.45, 0.6, 1.0, 1.4][$0] }
        let new = old.map { $0 * 1.12 }.reversed().map { $0 }
        let comparison = SideBySide(old: [("w", old)], new: [("w", new)], thresholdPercent: 10)
        #expect(comparison.changes.first?.ratio ?? 0 > 1.1)
        #expect(comparison.changes.first?.interval.lowerBound ?? 2 <= 1)
        #expect(comparison.changes.first?.verdict == .withinNoise)
    }

    @Test func theVerdictOnTheSameSamplesIsAlwaysTheSame() {
        let first = SideBySide(old: [("w", Self.noisy(1))], new: [("w", Self.noisy(1.2))], thresholdPercent: 10)
        let second = SideBySide(old: [("w", Self.noisy(1))], new: [("w", Self.noisy(1.2))], thresholdPercent: 10)
        #expect(first == second)
        #expect(first.changes.first?.verdict == .regression)
    }

    @Test func badArgumentsAndFailingBuildsAreSaidPlainly() {
        #expect(Self.run(["old"], old: [1], new: [1]).0 == .usageError)
        #expect(Self.run(["old", "new", "--rounds", "0"], old: [1], new: [1]).0 == .usageError)
        #expect(Self.run(["old", "new", "--bogus", "1"], old: [1], new: [1]).0 == .usageError)
        let (help, helpTranscript, _) = Self.run(["--help"], old: [1], new: [1])
        #expect(help == .success && helpTranscript.allOutput.hasPrefix("USAGE: benchrunner side-by-side"))
        let transcript = Transcript()
        let failing = SideBySideCommand(console: transcript.console) { executable, _ in .failure(.notStarted(executable: executable, reason: "no such file")) }
        #expect(failing.run(arguments: ["missing", "new"]) == .usageError)
        #expect(transcript.allError.contains("OLD: cannot run missing: no such file"))
        let crashing = Transcript()
        let crashes = SideBySideCommand(console: crashing.console) { executable, _ in .failure(.failed(executable: executable, status: 134)) }
        #expect(crashes.run(arguments: ["old", "new"]) == .failure)
        #expect(crashing.allError.contains("old exited with status 134"))
    }

    /// The options passed to both builds are read before either runs, with benchrunner's own messages.
    @Test(arguments: [
        (["old", "new", "--filter", ""], "--filter must be a substring of a workload name (several may be comma-separated), got \"\""),
        (["old", "new", "--iterations", "0"], "--iterations must be a positive integer no greater than 10000, got 0"),
        (["old", "new", "--warmup", "x"], "--warmup must be a non-negative integer no greater than 10000, got x"),
    ])
    func aBadValuePassedToTheBuildsIsNamedBeforeAnyRuns(arguments: [String], message: String) {
        let (status, transcript, calls) = Self.run(arguments, old: [1], new: [1])
        #expect(status == .usageError)
        #expect(transcript.allError.contains(message), "\(transcript.allError)")
        #expect(transcript.allError.contains("USAGE: benchrunner side-by-side OLD NEW"))
        #expect(calls.isEmpty, "\(calls)")
    }
}
