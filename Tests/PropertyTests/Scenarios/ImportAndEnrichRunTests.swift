import Fixtures
import Generators
import Scenarios
import Simulator
import SpecModel
import SpecTesting
import Testing
import Workloads

/// A CSV import and the enrichment of every imported book on the simulator: no row is lost, and after
/// the heal every imported work reaches an end of enrichment (Seed: 004_…; issue 7).
@Suite struct ImportAndEnrichRunTests {
    static let ms = FaultOptions.millisecond

    static func file(rows: Int, seed: UInt64) -> ImportFile {
        ImportFile(name: "goodreads_library_export.csv", bytes: ExportFixture.goodreads(rows: rows, seed: seed, duplicateShare: 0.05).bytes)
    }

    static func check(_ result: ImportAndEnrichRun.Result) throws {
        let violations = result.violations()
        try require(violations.isEmpty, violations.joined(separator: "; "))
    }

    /// Calm: 300 rows imported in six batches, every work enriched, failed or left for review, and the
    /// same seed gives the same digest.
    @Test func aCalmImportEnrichesEveryImportedBook() throws {
        let configuration = ImportAndEnrichRun.Configuration(file: Self.file(rows: 300, seed: 3))
        let result = ImportAndEnrichRun.run(seed: 1, configuration)
        try Self.check(result)
        let summary = try #require(result.summary)
        #expect(summary.dataRows == 300)
        #expect(summary.imported > 250)
        #expect(result.finishedWorks.isSuperset(of: result.importedWorks))
        #expect(result.requestsSent >= summary.imported)
        #expect(ImportAndEnrichRun.run(seed: 1, configuration).digest == result.digest)
    }

    /// Under generated fault schedules (the app offline, lossy and long-tailed links) and any provider
    /// mix: no CSV row is lost, and the queue drains after the heal.
    @Test func underGeneratedFaultsNoRowIsLostAndTheQueueDrains() {
        let file = Self.file(rows: 200, seed: 7)
        let cases = Gen<(FaultOptions, UInt64, UInt64, UInt64)>.zip(
            FaultScheduleFixture.generator(nodes: [ImportAndEnrichRun.app, ImportAndEnrichRun.provider], horizonNanoseconds: 300_000 * Self.ms),
            Gen<UInt64>.integer(in: 0...1_000),
            Gen<UInt64>.integer(in: 0...300_000),
            Gen<UInt64>.integer(in: 0...200_000)
        )
        property(cases, cases: 30, describe: { "seed \($0.1), 404 \($0.2) ppm, silent \($0.3) ppm: \($0.0)" }) { faults, seed, notFound, silent in
            let configuration = ImportAndEnrichRun.Configuration(
                file: file, notFoundPartsPerMillion: notFound, silentPartsPerMillion: silent, faults: faults, healAtNanoseconds: 300_000 * Self.ms
            )
            try Self.check(ImportAndEnrichRun.run(seed: seed, configuration))
        }
    }
}
