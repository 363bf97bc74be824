import Generators
import SpecModel
import SpecTesting
import Testing

/// What a CSV import's fraction and an AI scan's phase report as counts (seed 003_…, Task 4; D-124).
@Suite struct PipelineProgressTests {
    @Test func theAIScansPhasesAreItsPercentOfAHundred() {
        let updates = AIScanPhase.allCases.map { PipelineProgress.aiScan(phase: $0) }
        #expect(updates.map(\.processedCount) == [0, 0, 50, 75, 100])
        #expect(updates.allSatisfy { $0.totalCount == 100 })
        #expect(updates[2].userMessage == StatusMessageFormatter.aiScanProgress(phase: .extracting).userMessage)
        // In the seed's order the counts never go backwards, and the throttle's quarters are phases.
        #expect(updates.map(\.quarter) == [0, 0, 2, 3, 4])
    }

    @Test func aCSVImportsFractionIsRowsOfTheFile() {
        #expect(PipelineProgress.csvImport(fraction: 0.5, totalRows: 500).processedCount == 250)
        #expect(PipelineProgress.csvImport(fraction: 0.5, totalRows: 500).totalCount == 500)
        // The seed's floor, in doubles: 0.29 × 100 is 28.999…
        #expect(PipelineProgress.csvImport(fraction: 0.29, totalRows: 100).processedCount == 28)
        #expect(PipelineProgress.csvImport(fraction: .nan, totalRows: 100).processedCount == 0)
        #expect(PipelineProgress.csvImport(fraction: 1.5, totalRows: 100).processedCount == 100)
        #expect(PipelineProgress.csvImport(fraction: -1, totalRows: 100).processedCount == 0)
        #expect(PipelineProgress.csvImport(fraction: 1, totalRows: 0).processedCount == 0)
        #expect(PipelineProgress.csvImport(fraction: 0.5, totalRows: 500, phase: .saving).userMessage?.hasSuffix("Adding books to your library... 50% complete") == true)
    }

    @Test func aCSVImportsCountsStayWithinTheFileAndNeverGoBackwards() {
        let fractions = Gen<Double>.array(of: Gen<Double>.double(in: -0.5...1.5), count: 1...20)
        property(Gen<([Double], Int)>.zip(fractions, Gen<Int>.int(in: 0...1_000_000))) { fractions, rows in
            let counts = fractions.sorted().map { PipelineProgress.csvImport(fraction: $0, totalRows: rows).processedCount }
            try require(counts.allSatisfy { (0...rows).contains($0) }, "a count outside 0...\(rows): \(counts)")
            try require(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "counts went backwards: \(counts)")
        }
    }
}
