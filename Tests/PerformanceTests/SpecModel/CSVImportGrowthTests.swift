import Fixtures
import SpecModel
import Testing
import Workloads

/// The import's cost is linear in the rows (issue 4): the store operations and the duplicate
/// candidates compared per row stay the same from a small export to one ten times larger, on the
/// benchmark's own Goodreads-like files (5% duplicates of every tier).
@Suite struct CSVImportGrowthTests {
    struct Cost: CustomStringConvertible {
        let rows: Int
        let objectOperations: Int
        let comparisons: Int

        var operationsPerRow: Double { Double(objectOperations) / Double(rows) }
        var comparisonsPerRow: Double { Double(comparisons) / Double(rows) }
        var description: String {
            "\(rows) rows: \(objectOperations) store operations, \(comparisons) comparisons"
        }
    }

    static func cost(rows: Int) throws -> Cost {
        let fixture = ExportFixture.goodreads(rows: rows, seed: UInt64(rows), duplicateShare: 0.05)
        var app = AppState()
        let before = app.store._objectOperations
        var run = try CSVImport.prepare(ImportFile(name: "goodreads_library_export.csv", bytes: fixture.bytes), library: app.store, strategy: .skip).get()
        run.importAll(into: &app)
        #expect(run.summary.processed == rows)
        #expect(run.summary.imported + run.summary.duplicates + run.summary.errors.count == rows)
        return Cost(rows: rows, objectOperations: app.store._objectOperations - before, comparisons: run._comparisons)
    }

    @Test func storeOperationsAndComparisonsPerRowStayFlatFromOneToTenThousandRows() throws {
        let small = try Self.cost(rows: 1_000)
        let large = try Self.cost(rows: 10_000)
        // A row costs a handful of store operations (work, author, edition, entry, links, save).
        #expect(small.operationsPerRow <= 12, "\(small)")
        #expect(large.operationsPerRow <= small.operationsPerRow * 1.1, "\(small); \(large)")
        // A row is compared only with the books sharing one of its keys: never the whole library. The
        // share grows a little with the file because the fixture's titles come from a finite vocabulary,
        // so more rows means more distinct books sharing a normalized title (0.08 a row at 1,000 rows,
        // 0.35 at 10,000); it stays under one comparison a row.
        #expect(small.comparisonsPerRow < 1, "\(small)")
        #expect(large.comparisonsPerRow < 1, "\(large)")
    }
}
