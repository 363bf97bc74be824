import Fixtures
import SpecModel
import Testing
import Workloads

/// The reset's cost in the model does not grow with the library: it deletes in one batch and saves
/// by dropping whole tables, so the objects it touches one by one stay at zero from 100 to 10,000
/// books (the runtime frees the objects; benchrunner times that, `library.reset.*`).
@Suite struct LibraryResetGrowthTests {
    @Test(arguments: [0, 100, 1_000, 10_000])
    func aResetTouchesNoObjectOneByOne(books: Int) {
        var (app, backend) = LibraryFixture.benchmarkLibrary(books: books)
        let before = app.store._objectOperations
        #expect(LibraryResetRun.run(&app, backend: &backend, at: LibraryFixture.builtAt) == .succeeded)
        #expect(app.store._objectOperations - before == 0)
        #expect(app.store.isEmptyOfLibraryObjects)
    }

    /// Building grows linearly: a fixed number of object writes per book (insert the work, edition
    /// and entry, link an author, update the work's lists), so the benchmark's preparation is linear.
    @Test func buildingALibraryCostsAFixedNumberOfObjectWritesPerBook() {
        let small = LibraryFixture.benchmarkLibrary(books: 1_000).app.store._objectOperations
        let large = LibraryFixture.benchmarkLibrary(books: 10_000).app.store._objectOperations
        #expect(large == small * 10, "1,000 books: \(small) writes; 10,000 books: \(large)")
    }

    /// Deleting works one by one, as the seed's code sample does, would cost per book: the batch
    /// delete is what keeps the reset flat (Decision D-028).
    @Test func deletingWorksOneByOneGrowsWithTheLibrary() throws {
        func perObjectDeleteCost(books: Int) throws -> Int {
            var (app, _) = LibraryFixture.benchmarkLibrary(books: books)
            let before = app.store._objectOperations
            for id in app.store.identifiers(of: .work) { try app.store.delete(id) }
            return app.store._objectOperations - before
        }
        let small = try perObjectDeleteCost(books: 100)
        let large = try perObjectDeleteCost(books: 1_000)
        #expect(large >= small * 9, "100 books: \(small) operations; 1,000 books: \(large)")
    }
}
