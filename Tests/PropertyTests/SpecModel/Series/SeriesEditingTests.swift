import SpecModel
import Testing

/// Manual series management, each edit and each refusal (seed 002_…, User Story 3 and "Manual Series
/// Management"; Decisions D-098, D-099, D-101).
@Suite struct SeriesEditingTests {
    /// A manual series and `count` books assigned in order, 1 to `count`.
    static func expanse(books count: Int, total: Int? = 9) throws -> (SeriesWorld, SeriesID, [PersistentIdentifier]) {
        var world = SeriesWorld()
        let id = try world.create("The Expanse", total: total, author: "James S. A. Corey")
        var works: [PersistentIdentifier] = []
        for index in 1...count {
            let work = try world.addBook("Expanse \(index)")
            try world.assign(work, to: id)
            works.append(work)
        }
        return (world, id, works)
    }

    @Test func creatingASeriesTakesANameAndAnOptionalTotal() throws {
        var world = SeriesWorld()
        let edit = world.library.createSeries(named: "  The   Expanse ", totalBooks: 9, author: " James S. A. Corey ", at: world.advance())
        guard case let .created(id) = edit else {
            Issue.record("not created: \(edit)")
            return
        }
        let series = try world.series(id)
        #expect(series.name == "The Expanse")
        #expect(series.displayName == "The Expanse (9 books)")
        #expect(series.author == "James S. A. Corey")
        #expect(series.source == .manual)
        #expect(series.books.isEmpty)
        #expect(series.createdAt == world.now)
        #expect(try world.progress(id).progressText == "0/9 books")
        try world.check()
    }

    static let refusedCreations: [(String, Int?, SeriesEdit)] = [
        ("", nil, .invalidName(.empty)),
        (" - ", nil, .invalidName(.empty)),
        (String(repeating: "x", count: 201), nil, .invalidName(.tooLong(utf8Bytes: 201))),
        ("Dune", 0, .invalidTotal(0)),
        ("Dune", 10_000, .invalidTotal(10_000)),
    ]

    @Test(arguments: refusedCreations)
    func creatingASeriesWithABadNameOrTotalIsRefused(_ name: String, _ total: Int?, _ expected: SeriesEdit) throws {
        var world = SeriesWorld()
        #expect(world.library.createSeries(named: name, totalBooks: total, at: world.advance()) == expected)
        #expect(world.library == SeriesLibrary())
    }

    @Test func assigningAppendsAfterTheLastBookAndAllowsDualMembership() throws {
        var world = SeriesWorld()
        let middleEarth = try world.create("Middle-earth")
        let standalone = try world.create("Standalone")
        let hobbit = try world.addBook("The Hobbit")
        let rings = try world.addBook("The Fellowship of the Ring")
        #expect(world.library.assign(hobbit, to: middleEarth, in: world.store, at: world.advance()) == .assigned(middleEarth, hobbit, SeriesPlace(1)))
        #expect(world.library.assign(rings, to: middleEarth, in: world.store, at: world.advance()) == .assigned(middleEarth, rings, SeriesPlace(2)))
        #expect(world.library.assign(hobbit, to: standalone, in: world.store, at: world.advance()) == .assigned(standalone, hobbit, SeriesPlace(1)))
        #expect(world.library.seriesIDs(containing: hobbit) == [middleEarth, standalone])
        #expect(world.library.assign(hobbit, to: standalone, in: world.store, at: world.advance()) == .alreadyInSeries(standalone, hobbit, at: SeriesPlace(1)))
        try world.check()
    }

    @Test func assigningIsRefusedForAnUnknownSeriesAMissingWorkOrAPlacePastTheTotal() throws {
        let (initial, id, works) = try Self.expanse(books: 9)
        var world = initial
        let extra = try world.addBook("Memory's Legion")
        let before = world.library
        #expect(world.library.assign(extra, to: id, in: world.store, at: world.now) == .placeBeyondTotal(SeriesPlace(10), total: 9))
        #expect(world.library.assign(extra, to: SeriesID(rawValue: 99), in: world.store, at: world.now) == .seriesNotFound(SeriesID(rawValue: 99)))
        let missing = PersistentIdentifier(kind: .work, rawValue: 9_999)
        #expect(world.library.assign(missing, to: id, in: world.store, at: world.now) == .workNotFound(missing))
        #expect(world.library == before)
        // A novella between books fits whatever the total.
        #expect(world.library.assign(extra, to: id, place: SeriesPlace(thousandths: 8_500), in: world.store, at: world.advance()) == .assigned(id, extra, SeriesPlace(thousandths: 8_500)))
        #expect(try world.series(id).workIDs == Array(works[0..<8]) + [extra, works[8]])
        try world.check()
    }

    /// Seed: "Given I manually create 'The Expanse (9 books),' when I assign books, I can
    /// drag-to-reorder reading sequence."
    @Test func draggingABookRenumbersTheBooksInTheirNewOrder() throws {
        let (initial, id, works) = try Self.expanse(books: 5)
        var world = initial
        #expect(world.library.moveBook(works[4], in: id, toIndex: 1, at: world.advance()) == .reordered(id))
        let series = try world.series(id)
        #expect(series.workIDs == [works[0], works[4], works[1], works[2], works[3]])
        #expect(series.books.map(\.place) == (1...5).map { SeriesPlace($0) })
        #expect(series.updatedAt == world.now)
        try world.check()
    }

    /// Decision D-101: the places stay and the books move between them.
    @Test func reorderingKeepsTheGapsWhereTheyWere() throws {
        var world = SeriesWorld()
        let id = try world.create("Odd", total: 5)
        let works = try [1, 3, 5].map { number -> PersistentIdentifier in
            let work = try world.addBook("Odd \(number)")
            try world.assign(work, to: id, at: SeriesPlace(number))
            return work
        }
        #expect(world.library.reorder(id, readingOrder: works.reversed(), at: world.advance()) == .reordered(id))
        #expect(try world.series(id).books == [
            SeriesBook(workID: works[2], place: SeriesPlace(1)),
            SeriesBook(workID: works[1], place: SeriesPlace(3)),
            SeriesBook(workID: works[0], place: SeriesPlace(5)),
        ])
        try world.check()
    }

    @Test func aReadingOrderThatIsNotAPermutationIsRefused() throws {
        let (initial, id, works) = try Self.expanse(books: 3)
        var world = initial
        let before = world.library
        let stranger = try world.addBook("Stranger")
        for order in [[works[0], works[1]], [works[0], works[1], works[1]], [works[0], works[1], stranger], works + [stranger]] {
            #expect(world.library.reorder(id, readingOrder: order, at: world.now) == .notAPermutation(id))
        }
        #expect(world.library.moveBook(works[0], in: id, toIndex: 3, at: world.now) == .indexOutOfRange(3, count: 3))
        #expect(world.library.moveBook(stranger, in: id, toIndex: 0, at: world.now) == .notInSeries(id, stranger))
        #expect(world.library == before)
    }

    @Test func settingABooksPlaceMovesItInReadingOrder() throws {
        let (initial, id, works) = try Self.expanse(books: 3)
        var world = initial
        #expect(world.library.setPlace(of: works[0], in: id, to: SeriesPlace(3), at: world.advance()) == .moved(id, works[0], SeriesPlace(3)))
        #expect(try world.series(id).books == [
            SeriesBook(workID: works[1], place: SeriesPlace(2)),
            SeriesBook(workID: works[2], place: SeriesPlace(3)),
            SeriesBook(workID: works[0], place: SeriesPlace(3)),
        ])
        #expect(world.library.setPlace(of: works[0], in: id, to: SeriesPlace(10), at: world.now) == .placeBeyondTotal(SeriesPlace(10), total: 9))
        try world.check()
    }

    @Test func renamingChecksTheNameAndKeepsTheEarlierNameForDetection() throws {
        var world = SeriesWorld()
        let expanse = try world.create("The Expanse")
        let dune = try world.create("Dune")
        #expect(world.library.rename(expanse, to: "Dune Series", at: world.advance()) == .duplicateName(existing: dune))
        #expect(world.library.rename(expanse, to: "?", at: world.now) == .invalidName(.empty))
        #expect(world.library.rename(expanse, to: "the expanse", at: world.advance()) == .renamed(expanse, to: "the expanse"))
        #expect(world.library.rename(expanse, to: "Expanse Saga", at: world.advance()) == .renamed(expanse, to: "Expanse Saga"))
        #expect(try world.series(expanse).nameKeys == ["expanse saga", "expanse"])
        #expect(world.library.createSeries(named: "Expanse", at: world.now) == .duplicateName(existing: expanse))
        try world.check()
    }

    @Test func theTotalCanBeChangedOrMadeUnknownButNotBelowAPlacedBook() throws {
        let (initial, id, _) = try Self.expanse(books: 5)
        var world = initial
        #expect(world.library.changeTotal(of: id, to: 4, at: world.now) == .totalBelowHighestPlace(total: 4, highest: 5))
        #expect(world.library.changeTotal(of: id, to: -1, at: world.now) == .invalidTotal(-1))
        #expect(world.library.changeTotal(of: id, to: 5, at: world.advance()) == .totalChanged(id, to: 5))
        #expect(try world.progress(id).progressText == "5/5 books")
        #expect(world.library.changeTotal(of: id, to: nil, at: world.advance()) == .totalChanged(id, to: nil))
        #expect(try world.series(id).displayName == "The Expanse")
        try world.check()
    }

    @Test func removingABookKeepsItInTheLibrary() throws {
        let (initial, id, works) = try Self.expanse(books: 3)
        var world = initial
        let store = world.store
        #expect(world.library.remove(works[1], from: id, at: world.advance()) == .removed(id, works[1]))
        #expect(world.library.remove(works[1], from: id, at: world.now) == .notInSeries(id, works[1]))
        #expect(try world.series(id).workIDs == [works[0], works[2]])
        #expect(world.library.seriesIDs(containing: works[1]).isEmpty)
        #expect(world.store == store)
        try world.check()
    }

    /// Seed: "Given I delete a manual series, books remain in library (only series grouping removed)".
    @Test func deletingASeriesRemovesOnlyTheGrouping() throws {
        let (initial, id, works) = try Self.expanse(books: 4)
        var world = initial
        let other = try world.create("Favourites")
        try world.assign(works[0], to: other)
        let store = world.store
        let otherBefore = try world.series(other)
        #expect(world.library.deletionPrompt(for: id) == "Delete 'The Expanse' series? Books will remain in library.")
        #expect(world.library.deleteSeries(id, at: world.advance()) == .deleted(id, booksUnlinked: 4))
        #expect(world.library.series(id) == nil)
        #expect(world.library.deleteSeries(id, at: world.now) == .seriesNotFound(id))
        #expect(world.store == store)
        #expect(works.allSatisfy { world.store.work($0) != nil })
        #expect(try world.series(other) == otherBefore)
        #expect(world.library.seriesIDs(containing: works[0]) == [other])
        #expect(world.library.seriesIDs(containing: works[1]).isEmpty)
        try world.check()
    }

    @Test func searchingTheLibraryOffersWorksNotYetInTheSeries() throws {
        let (initial, id, works) = try Self.expanse(books: 2)
        var world = initial
        let third = try world.addBook("Abaddon's Gate")
        let unrelated = try world.addBook("Dune")
        #expect(world.library.assignableWorks(to: id, matching: "  abaddon's  ", in: world.store) == [third])
        #expect(world.library.assignableWorks(to: id, matching: "", in: world.store) == [third, unrelated])
        #expect(world.library.assignableWorks(to: id, matching: "expanse", in: world.store).isEmpty)
        #expect(!works.isEmpty)
    }

    /// Decision D-100: works deleted from the store leave their series; the series stay.
    @Test func removingDeletedWorksDropsTheirMembershipsAndKeepsTheSeries() throws {
        let (initial, id, works) = try Self.expanse(books: 3)
        var world = initial
        _ = try world.store.delete(works[1])
        try world.store.save()
        // Before the clean-up the views already skip the deleted work.
        #expect(try world.progress(id).progressText == "2/9 books")
        #expect(world.library.detail(of: id, in: world.store)?.rows.contains { $0.place == SeriesPlace(2) && $0.icon == "➕" } == true)
        let unlinked = world.library.removeDeletedWorks(in: world.store, at: world.advance())
        #expect(unlinked == [SeriesUnlink(seriesID: id, workID: works[1], place: SeriesPlace(2))])
        #expect(try world.series(id).workIDs == [works[0], works[2]])
        #expect(try world.series(id).displayName == "The Expanse (9 books)")
        #expect(world.library.removeDeletedWorks(in: world.store, at: world.advance()).isEmpty)
        try world.check()
    }
}
