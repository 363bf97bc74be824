import SpecModel
import Testing

/// Detection: create or link, by Google Books ID or normalized name, with the sources' precedence and
/// every skip decided (seed 002_…, User Story 1 and "Series Auto-Detection"; Decisions D-096 to D-099).
@Suite struct SeriesDetectionTests {
    static func openLibrary(_ strings: String...) -> SeriesMetadata { SeriesMetadata(openLibrary: strings) }

    static func google(_ id: String, _ number: Int?, name: String? = nil, total: Int? = nil) -> SeriesMetadata {
        SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: id, orderNumber: number, seriesName: name, totalBooks: total)])
    }

    @Test func theFirstBookOfASeriesCreatesAnAutoDetectedSeriesWithItsAuthor() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Foundation", by: "Isaac Asimov")
        let detection = world.detect(book, Self.openLibrary("Foundation #1"))
        let id = try #require(detection.seriesIDs.first)
        #expect(detection.outcomes == [.created(id, SeriesPlace(1))])
        #expect(detection.warnings.isEmpty)
        let series = try world.series(id)
        #expect(series.name == "Foundation")
        #expect(series.source == .autoDetected)
        #expect(series.author == "Isaac Asimov")
        #expect(series.totalBooks == nil)
        #expect(series.books == [SeriesBook(workID: book, place: SeriesPlace(1))])
        #expect(series.createdAt == world.now)
        #expect(series.updatedAt == world.now)
        #expect(world.library.badges(for: book) == [SeriesBadge(seriesID: id, text: "Book 1")])
        try world.check()
    }

    @Test func aLaterBookLinksToTheSeriesOfTheSameNormalizedName() throws {
        var world = SeriesWorld()
        let first = try world.addBook("Leviathan Wakes")
        let second = try world.addBook("Caliban's War")
        let id = try #require(world.detect(first, Self.openLibrary("The Expanse #1")).seriesIDs.first)
        let detection = world.detect(second, Self.openLibrary("expanse series #2"))
        #expect(detection.outcomes == [.linked(id, SeriesPlace(2))])
        #expect(world.library.count == 1)
        #expect(try world.series(id).workIDs == [first, second])
        #expect(try world.series(id).name == "The Expanse")
        #expect(try world.series(id).updatedAt == world.now)
        try world.check()
    }

    @Test func aGoogleBooksIDLinksEvenWhenTheNamesDiffer() throws {
        var world = SeriesWorld()
        let first = try world.addBook("A")
        let second = try world.addBook("B")
        let id = try #require(world.detect(first, Self.google("GB1", 1, name: "Discworld")).seriesIDs.first)
        #expect(world.detect(second, Self.google("GB1", 2, name: "Discworld (Rincewind)")).outcomes == [.linked(id, SeriesPlace(2))])
        #expect(world.library.series(googleBooksSeriesID: "GB1")?.id == id)
        try world.check()
    }

    /// Decision D-098: one Google Books series ID is one series within a book too, when the book's own
    /// entries name it twice (found by the conformance kit's series suite).
    @Test func oneBooksEntriesWithTheSameGoogleBooksIDUnderTwoNamesAreOneSeries() throws {
        var world = SeriesWorld()
        let book = try world.addBook("A")
        let metadata = SeriesMetadata(googleBooks: [
            GoogleBooksVolumeSeries(seriesID: "GB1", orderNumber: 1, seriesName: "Discworld"),
            GoogleBooksVolumeSeries(seriesID: "GB1", orderNumber: 1, seriesName: "Discworld (Rincewind)"),
        ])
        let detection = world.detect(book, metadata)
        #expect(detection.seriesIDs.count == 1)
        let id = try #require(detection.seriesIDs.first)
        #expect(try world.series(id).googleBooksSeriesIDs == ["GB1"])
        #expect(world.library.count == 1)
        try world.check()
    }

    @Test func aLookupsTotalFillsAnUnknownTotalAndThePlaceIsTheOrderNumber() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Harry Potter and the Sorcerer's Stone")
        let id = try #require(world.detect(book, Self.google("HP", 1, name: "Harry Potter", total: 7)).seriesIDs.first)
        #expect(try world.series(id).displayName == "Harry Potter (7 books)")
        #expect(world.library.badges(for: book).map(\.text) == ["Book 1 of 7"])
        try world.check()
    }

    /// Decision D-096: an unnamed Google Books entry of an unknown series takes the name another source
    /// gives the same place.
    @Test func anUnnamedGoogleBooksEntryTakesTheNameOfTheMarkerAtTheSamePlace() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Dune (Dune Chronicles, #1)")
        let detection = world.detect(book, Self.google("DUNE", 1))
        let id = try #require(detection.seriesIDs.first)
        #expect(detection.outcomes == [.created(id, SeriesPlace(1))])
        #expect(try world.series(id).name == "Dune Chronicles")
        #expect(try world.series(id).googleBooksSeriesIDs == ["DUNE"])
        // The next book needs no name: the ID is known now.
        let second = try world.addBook("Dune Messiah")
        #expect(world.detect(second, Self.google("DUNE", 2)).outcomes == [.linked(id, SeriesPlace(2))])
        try world.check()
    }

    @Test func anUnnamedGoogleBooksEntryWithNoOtherNameIsSkippedWithAWarning() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Dune")
        let detection = world.detect(book, Self.google("DUNE", 1))
        #expect(detection.isUnassigned)
        #expect(detection.warnings == [.unnamedGoogleBooksSeries(seriesID: "DUNE")])
        #expect(world.library.count == 0)
        // A marker at another place does not name it.
        let other = try world.addBook("Dune (Dune Chronicles, #2)")
        let second = world.detect(other, Self.google("DUNE", 1))
        #expect(second.warnings == [.unnamedGoogleBooksSeries(seriesID: "DUNE")])
        #expect(second.outcomes.count == 1)
        try world.check()
    }

    /// Decision D-096: Google Books' place wins over OpenLibrary's, which wins over the title's.
    @Test func whenSourcesDisagreeOnThePlaceGoogleBooksWinsAndTheConflictIsLogged() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Prelude to Foundation (Foundation, #1)")
        let metadata = SeriesMetadata(
            googleBooks: [GoogleBooksVolumeSeries(seriesID: "F", orderNumber: 6, seriesName: "Foundation")],
            openLibrary: ["Foundation #7"]
        )
        let detection = world.detect(book, metadata)
        let id = try #require(detection.seriesIDs.first)
        #expect(detection.outcomes == [.created(id, SeriesPlace(6))])
        #expect(detection.warnings == [
            .conflictingPlaces(series: "Foundation", kept: SeriesPlace(6), keptFrom: .googleBooks, ignored: SeriesPlace(7), ignoredFrom: .openLibrary),
            .conflictingPlaces(series: "Foundation", kept: SeriesPlace(6), keptFrom: .googleBooks, ignored: SeriesPlace(1), ignoredFrom: .titleMarker),
        ])
        try world.check()
    }

    /// Decision D-097: every entry is read; a book may be in two series.
    @Test func aBookNamedInTwoSeriesJoinsBoth() throws {
        var world = SeriesWorld()
        let book = try world.addBook("The Hobbit")
        let detection = world.detect(book, Self.openLibrary("Middle-earth #0", "Tolkien Juniors #1"))
        #expect(detection.seriesIDs.count == 2)
        #expect(world.library.badges(for: book).map(\.text) == ["Book 0", "Book 1"])
        #expect(world.library.seriesIDs(containing: book) == detection.seriesIDs)
        try world.check()
    }

    @Test func noSeriesDataLeavesTheBookUnassignedAndAnUnparseableStringIsLogged() throws {
        var world = SeriesWorld()
        let hobbit = try world.addBook("The Hobbit")
        #expect(world.detect(hobbit) == SeriesDetection())
        let foundation = try world.addBook("Foundation")
        let detection = world.detect(foundation, Self.openLibrary("Foundation Book 1"))
        #expect(detection.isUnassigned)
        #expect(detection.outcomes.isEmpty)
        #expect(detection.warnings == [.unparseableOpenLibrarySeries("Foundation Book 1")])
        #expect(world.library.count == 0)
        try world.check()
    }

    @Test func aWorkNotInTheStoreIsNotDetected() throws {
        var world = SeriesWorld()
        let gone = try world.addBook("Gone (Gone, #1)")
        _ = try world.store.delete(gone)
        try world.store.save()
        #expect(world.detect(gone, Self.openLibrary("Gone #1")) == SeriesDetection(warnings: [.workNotFound(gone)]))
        #expect(world.library.count == 0)
    }

    /// Decision D-098: one series per normalized name, whoever made it first; the user's series keeps its
    /// name, source and total.
    @Test func detectionLinksToAManualSeriesOfTheSameName() throws {
        var world = SeriesWorld()
        let id = try world.create("Foundation", total: 7)
        let book = try world.addBook("Foundation", by: "Isaac Asimov")
        #expect(world.detect(book, Self.google("F", 1, name: "The Foundation Series", total: 8)).outcomes == [.linked(id, SeriesPlace(1))])
        let series = try world.series(id)
        #expect(series.source == .manual)
        #expect(series.name == "Foundation")
        #expect(series.totalBooks == 7)
        #expect(series.author == "Isaac Asimov")
        #expect(series.googleBooksSeriesIDs == ["F"])
        #expect(world.library.createSeries(named: "the foundation", at: world.now) == .duplicateName(existing: id))
        try world.check()
    }

    @Test func aBookAlreadyInTheSeriesKeepsItsPlace() throws {
        var world = SeriesWorld()
        let id = try world.create("Foundation")
        let book = try world.addBook("Foundation")
        try world.assign(book, to: id, at: SeriesPlace(3))
        let before = try world.series(id)
        #expect(world.detect(book, Self.openLibrary("Foundation #1")).outcomes == [.alreadyInSeries(id, SeriesPlace(3))])
        #expect(try world.series(id).books == before.books)
        try world.check()
    }

    @Test func aPlacePastTheTotalRaisesItWithAWarning() throws {
        var world = SeriesWorld()
        let id = try world.create("Foundation", total: 3)
        let book = try world.addBook("Foundation's Edge")
        let detection = world.detect(book, Self.openLibrary("Foundation #4"))
        #expect(detection.outcomes == [.linked(id, SeriesPlace(4))])
        #expect(detection.warnings == [.totalRaised(id, from: 3, to: 4)])
        #expect(try world.series(id).totalBooks == 4)
        try world.check()
    }

    /// Decision D-099: the user's removals and deletions stick.
    @Test func aBookTheUserRemovedIsNotAddedBackButCanBeAssignedByHand() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Foundation")
        let id = try #require(world.detect(book, Self.openLibrary("Foundation #1")).seriesIDs.first)
        #expect(world.library.remove(book, from: id, at: world.advance()) == .removed(id, book))
        #expect(world.detect(book, Self.openLibrary("Foundation #1")).outcomes == [.skippedRemovedByUser(id)])
        #expect(try world.series(id).books.isEmpty)
        try world.assign(book, to: id)
        #expect(world.detect(book, Self.openLibrary("Foundation #1")).outcomes == [.alreadyInSeries(id, SeriesPlace(1))])
        try world.check()
    }

    @Test func aDeletedSeriesIsNotRecreatedUntilTheUserCreatesItAgain() throws {
        var world = SeriesWorld()
        let first = try world.addBook("Foundation")
        let id = try #require(world.detect(first, Self.google("F", 1, name: "Foundation")).seriesIDs.first)
        #expect(world.library.deleteSeries(id, at: world.advance()) == .deleted(id, booksUnlinked: 1))
        let second = try world.addBook("Foundation and Empire")
        #expect(world.detect(second, Self.openLibrary("Foundation #2")).outcomes == [.skippedDeletedSeries(name: "Foundation")])
        #expect(world.detect(second, Self.google("F", 2, name: "Asimov's Foundation")).outcomes == [.skippedDeletedSeries(name: "Asimov's Foundation")])
        #expect(world.library.count == 0)
        let manual = try world.create("foundation")
        #expect(world.detect(second, Self.openLibrary("Foundation #2")).outcomes == [.linked(manual, SeriesPlace(2))])
        try world.check()
    }

    @Test func aRenamedSeriesIsStillFoundByItsEarlierName() throws {
        var world = SeriesWorld()
        let first = try world.addBook("Philosopher's Stone")
        let id = try #require(world.detect(first, Self.openLibrary("Harry Potter #1")).seriesIDs.first)
        #expect(world.library.rename(id, to: "HP", at: world.advance()) == .renamed(id, to: "HP"))
        let second = try world.addBook("Chamber of Secrets")
        #expect(world.detect(second, Self.openLibrary("Harry Potter #2")).outcomes == [.linked(id, SeriesPlace(2))])
        #expect(world.library.series(named: "harry potter")?.id == id)
        #expect(world.library.series(named: "HP")?.id == id)
        try world.check()
    }

    @Test func atMostEightSeriesAreReadForABook() throws {
        var world = SeriesWorld()
        let book = try world.addBook("Anthology")
        let strings = (1...10).map { "Series \($0) #1" }
        let detection = world.detect(book, SeriesMetadata(openLibrary: strings))
        #expect(detection.seriesIDs.count == SeriesLibrary.claimsPerBookMax)
        #expect(detection.warnings == [.tooManySeries(dropped: 2)])
        try world.check()
    }

    @Test func anOmnibusAndANovellaAreLinkedAtTheirPlaces() throws {
        var world = SeriesWorld()
        let omnibus = try world.addBook("The Lord of the Rings (The Lord of the Rings, #1-3)")
        let novella = try world.addBook("Twilight Novella")
        let rings = try #require(world.detect(omnibus).seriesIDs.first)
        #expect(try world.series(rings).books == [SeriesBook(workID: omnibus, place: SeriesPlace(omnibus: 1...3))])
        #expect(world.library.badges(for: omnibus).map(\.text) == ["Books 1-3"])
        let saga = try #require(world.detect(novella, Self.openLibrary("The Twilight Saga #0.5")).seriesIDs.first)
        #expect(world.library.badges(for: novella).map(\.text) == ["Book 0.5"])
        #expect(try world.series(saga).lastCountedNumber == 0)
        try world.check()
    }
}
