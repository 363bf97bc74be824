import BenchmarkHarness
import Testing
import Workloads

/// A workload's peak memory per item is judged against its bound: over it fails the run, unmeasurable
/// is a note (issue 4: "peak memory for it at most 20 MB above the process's baseline").
@Suite struct MemoryBoundVerdictTests {
    static func workload(perItem: Double?, bound: Double?) -> WorkloadReport {
        var report = HarnessFixtures.timed("csv.import.goodreads-1500", seconds: 0.001, items: 1_500)
        report.peakBytesPerItem = perItem
        report.peakBytesPerItemMax = bound
        return report
    }

    @Test func peakMemoryOverItsBoundFailsTheRun() {
        let verdict = Verdict(report: HarnessFixtures.report([Self.workload(perItem: 15_000, bound: 13_981)]), comparison: nil, strict: false)
        #expect(!verdict.passed)
        #expect(verdict.failures.first?.contains("exceeds its bound") == true)
    }

    @Test func peakMemoryWithinItsBoundPasses() {
        let verdict = Verdict(report: HarnessFixtures.report([Self.workload(perItem: 9_000, bound: 13_981)]), comparison: nil, strict: false)
        #expect(verdict.passed)
        #expect(Self.workload(perItem: 9_000, bound: 13_981).meetsMemoryBound == true)
    }

    @Test func anUnmeasurablePeakIsANoteNotAFailure() {
        let verdict = Verdict(report: HarnessFixtures.report([Self.workload(perItem: nil, bound: 13_981)]), comparison: nil, strict: false)
        #expect(verdict.passed)
        #expect(verdict.notes.first?.contains("could not be measured") == true)
    }

    /// The default report's totals count the memory bounds held, an unmeasured one as not held.
    @Test func theTotalsCountTheMemoryBoundsHeld() {
        let report = HarnessFixtures.report([
            Self.workload(perItem: 9_000, bound: 13_981), Self.workload(perItem: 15_000, bound: 13_981),
            Self.workload(perItem: nil, bound: 13_981), Self.workload(perItem: 9_000, bound: nil),
        ])
        #expect(ReportTables.totals(report) == "ran 4 timed workloads, targets met: 0 of 0; memory bounds held: 1 of 3")
    }

    @Test func theBoundSurvivesTheJSONReport() throws {
        let report = HarnessFixtures.report([Self.workload(perItem: 9_000, bound: 13_981)])
        let decoded = try BenchmarkReport.decode(report.jsonData(), path: "memory.json")
        #expect(decoded.workloads.first?.peakBytesPerItemMax == 13_981)
        #expect(decoded == report)
    }
}
