import Fixtures
import SpecModel
import Testing
import Workloads

/// Duplicate detection is indexed: the books compared per row do not grow with the library
/// (issue 4: "Indexed, so the cost per row does not grow with the library").
@Suite struct DuplicateIndexGrowthTests {
    static func comparisons(libraryBooks: Int) -> Int {
        var (app, _) = LibraryFixture.benchmarkLibrary(books: libraryBooks)
        app.store.rollback()
        var index = DuplicateIndex(store: app.store)
        let before = index._comparisons
        // 100 rows: a tenth duplicate a library book by title and author, the rest are new.
        for row in 0..<100 {
            let title = row % 10 == 0 ? "Book \(row)" : "New Book \(row)"
            let author = row % 10 == 0 ? "Author \(row / 4)" : "New Author \(row)"
            _ = index.bestMatch(for: DuplicateKeys(title: title, author: author, isbn13: nil))
        }
        return index._comparisons - before
    }

    @Test func comparisonsPerRowDoNotGrowWithTheLibrary() {
        let small = Self.comparisons(libraryBooks: 100)
        let large = Self.comparisons(libraryBooks: 10_000)
        #expect(small == large, "100 books: \(small) comparisons for 100 rows; 10,000 books: \(large)")
        #expect(large <= 100, "more than one comparison per row: \(large)")
    }
}
