import SpecModel
import Testing

/// Progress, badges, gaps, the detail view and the list (seed 002_…, User Stories 2 and 4, "Series View
/// UI", accessibility; Decisions D-094, D-095, D-102, D-103).
@Suite struct SeriesProgressTests {
    typealias Book = (place: SeriesPlace, state: SeriesBookState)

    static func books(_ numbers: [Int], _ state: SeriesBookState) -> [Book] {
        numbers.map { (SeriesPlace($0), state) }
    }

    /// Seed: "Given I own 4/7 Foundation books, when I view series, I see '57% complete' progress bar";
    /// "Screen reader announces series progress ('4 of 7 books complete')".
    @Test func fourOwnedOfSevenIs57PercentComplete() {
        let progress = SeriesProgress(totalBooks: 7, books: Self.books([1, 2, 3, 4], .owned))
        #expect(progress.ownedCount == 4)
        #expect(progress.readCount == 0)
        #expect(progress.percentComplete == 57)
        #expect(progress.percentText == "57% complete")
        #expect(progress.progressText == "4/7 books")
        #expect(progress.accessibilityLabel == "4 of 7 books complete")
        #expect(progress.badge == nil)
        #expect(progress.gapsText == "books 5-7 missing")
    }

    static let percentages: [(Int, Int, Int)] = [(0, 7, 0), (1, 7, 14), (4, 7, 57), (6, 7, 85), (7, 7, 100), (1, 3, 33), (2, 3, 66), (199, 200, 99)]

    /// The percentage is rounded down, so 100% means every book is owned.
    @Test(arguments: percentages)
    func thePercentageIsTheFloorOfOwnedOverTotal(_ owned: Int, _ total: Int, _ percent: Int) {
        let progress = SeriesProgress(totalBooks: total, books: Self.books(owned == 0 ? [] : Array(1...owned), .owned))
        #expect(progress.percentComplete == percent)
    }

    /// Decision D-103: owning every book shows "All Books Owned ✅"; reading every book "Completed! 🎉".
    @Test func everyBookOwnedAndEveryBookReadAreDifferentBadges() {
        let owned = SeriesProgress(totalBooks: 3, books: Self.books([1, 2], .read) + Self.books([3], .owned))
        #expect(owned.isAllOwned)
        #expect(!owned.isCompleted)
        #expect(owned.badge == "All Books Owned ✅")
        #expect(owned.percentComplete == 100)
        let read = SeriesProgress(totalBooks: 3, books: Self.books([1, 2, 3], .read))
        #expect(read.isCompleted)
        #expect(read.badge == "Completed! 🎉")
        #expect(read.readCount == 3)
    }

    /// Seed: "Given I own books 1, 3, 5 (missing 2, 4), series detail shows gaps with 'Add Missing
    /// Books' prompt".
    @Test func booksOneThreeAndFiveOwnedShowTwoAndFourMissing() {
        let progress = SeriesProgress(totalBooks: 5, books: Self.books([1, 3, 5], .owned))
        #expect(progress.missingNumbers == [2, 4])
        #expect(progress.gapsText == "books 2 and 4 missing")
        #expect(progress.progressText == "3/5 books")
    }

    static let gaps: [([Int], String?)] = [
        ([], nil),
        ([2], "book 2 missing"),
        ([2, 4], "books 2 and 4 missing"),
        ([2, 3], "books 2-3 missing"),
        ([2, 4, 6], "books 2, 4 and 6 missing"),
        ([2, 4, 5, 6, 9], "books 2, 4-6 and 9 missing"),
        (Array(2...7), "books 2-7 missing"),
    ]

    @Test(arguments: gaps)
    func gapsAreListedWithRunsAsRanges(_ missing: [Int], _ text: String?) {
        #expect(SeriesProgress.gapsText(missing) == text)
    }

    /// Decisions D-094 and D-095: an omnibus counts each book it collects; prequels and novellas count for nothing.
    @Test func anOmnibusCountsItsBooksAndANovellaCountsNone() {
        let progress = SeriesProgress(totalBooks: 5, books: [
            (SeriesPlace(omnibus: 1...3), .read), (SeriesPlace(thousandths: 3_500), .owned), (SeriesPlace(0), .read), (SeriesPlace(5), .owned),
        ])
        #expect(progress.ownedCount == 4)
        #expect(progress.readCount == 3)
        #expect(progress.missingNumbers == [4])
    }

    @Test func anUnknownTotalCountsToTheHighestBookWithoutAPercentage() {
        let progress = SeriesProgress(totalBooks: nil, books: Self.books([1, 4], .read))
        #expect(progress.lastCountedNumber == 4)
        #expect(progress.percentComplete == nil)
        #expect(progress.percentText == nil)
        #expect(progress.progressText == "2 books")
        #expect(progress.accessibilityLabel == "2 books, total unknown")
        #expect(progress.gapsText == "books 2-3 missing")
        #expect(!progress.isCompleted)
        #expect(progress.badge == nil)
        let empty = SeriesProgress(totalBooks: nil, books: [])
        #expect(empty.progressText == "0 books")
        #expect(empty.gapsText == nil)
    }

    /// Decision D-102: owned is "in the library", except a book only on the wishlist; read is an entry marked read.
    @Test func aBooksStateComesFromItsEntries() throws {
        var world = SeriesWorld()
        let wished = try world.addBook("Wished", status: .wishlist)
        let reading = try world.addBook("Reading", status: .reading)
        let finished = try world.addBook("Finished", status: .read)
        let bare = try world.addBook("No entry", status: nil)
        let abandoned = try world.addBook("Abandoned", status: .didNotFinish)
        let gone = try world.addBook("Gone")
        _ = try world.store.delete(gone)
        try world.store.save()
        #expect(SeriesBookState(of: wished, in: world.store) == .wishlisted)
        #expect(SeriesBookState(of: reading, in: world.store) == .owned)
        #expect(SeriesBookState(of: finished, in: world.store) == .read)
        #expect(SeriesBookState(of: bare, in: world.store) == .owned)
        #expect(SeriesBookState(of: abandoned, in: world.store) == .owned)
        #expect(SeriesBookState(of: gone, in: world.store) == .notInLibrary)
        // A second entry, on the wishlist, does not unown a book.
        try world.store.insertEntry(EntryDraft(readingStatus: .wishlist), for: reading)
        #expect(SeriesBookState(of: reading, in: world.store) == .owned)
        #expect(SeriesBookState.allCases.map(\.icon) == ["➕", "➕", "✓", "✓✓"])
    }

    /// Seed: "Given I tap a series, when detail view opens, I see all books in reading order with
    /// checkmarks for owned/read books"; "Status icons (Owned ✓, Read ✓✓, Missing ➕)".
    @Test func theDetailListsBooksAndMissingNumbersInReadingOrder() throws {
        var world = SeriesWorld()
        let id = try world.create("Red Rising", total: 5, author: "Pierce Brown")
        let red = try world.addBook("Red Rising", status: .read, cover: "https://covers.example/1.jpg")
        let golden = try world.addBook("Golden Son", status: .wishlist)
        let morning = try world.addBook("Morning Star")
        let novella = try world.addBook("Dark Age Prelude")
        try world.assign(red, to: id, at: SeriesPlace(1))
        try world.assign(golden, to: id, at: SeriesPlace(2))
        try world.assign(morning, to: id, at: SeriesPlace(3))
        try world.assign(novella, to: id, at: SeriesPlace(thousandths: 3_500))
        let detail = try #require(world.library.detail(of: id, in: world.store))
        #expect(detail.rows.map(\.text) == [
            "Book 1 · Red Rising ✓✓",
            "Book 2 · Golden Son ➕",
            "Book 3 · Morning Star ✓",
            "Book 3.5 · Dark Age Prelude ✓",
            "Book 4 ➕",
            "Book 5 ➕",
        ])
        #expect(detail.header == "Red Rising · Pierce Brown · 5 books · 40% complete")
        #expect(detail.actions == ["Add Missing Books"])
        #expect(detail.progress.gapsText == "books 2 and 4-5 missing")
        #expect(world.library.detail(of: SeriesID(rawValue: 42), in: world.store) == nil)
    }

    /// Seed: "Given I have books from 5 series, when I tap 'Series' tab/section, I see a list showing:
    /// Series Name, Cover grid (4 books), Progress (3/7 books)"; sort and filter options.
    @Test func theListShowsEachSeriesWithCoversProgressSortsAndFilters() throws {
        var world = SeriesWorld()
        func series(_ name: String, total: Int, read: Int, owned: Int) throws -> SeriesID {
            let id = try world.create(name, total: total)
            for number in 1...owned {
                let work = try world.addBook("\(name) \(number)", status: number <= read ? .read : .toRead, cover: "https://covers.example/\(name)/\(number).jpg")
                try world.assign(work, to: id)
            }
            return id
        }
        let foundation = try series("Foundation", total: 7, read: 0, owned: 3)
        let expanse = try series("The Expanse", total: 9, read: 9, owned: 9)
        let dune = try series("Dune", total: 6, read: 2, owned: 6)
        let witcher = try series("Witcher", total: 8, read: 1, owned: 1)
        let potter = try series("Harry Potter", total: 7, read: 7, owned: 7)

        let cards = world.library.summaries(in: world.store)
        #expect(cards.map(\.name) == ["Dune", "The Expanse", "Foundation", "Harry Potter", "Witcher"])
        let foundationCard = try #require(cards.first { $0.id == foundation })
        #expect(foundationCard.progress.progressText == "3/7 books")
        #expect(foundationCard.coverURLs == (1...3).map { "https://covers.example/Foundation/\($0).jpg" })
        #expect(cards.first { $0.id == expanse }?.coverURLs.count == 4)

        #expect(world.library.summaries(sortedBy: .recentlyUpdated, in: world.store).map(\.id) == [potter, witcher, dune, expanse, foundation])
        #expect(world.library.summaries(sortedBy: .completion, in: world.store).map(\.id) == [dune, expanse, potter, foundation, witcher])
        #expect(world.library.summaries(filter: .completed, in: world.store).map(\.id) == [expanse, potter])
        #expect(world.library.summaries(filter: .inProgress, in: world.store).map(\.id) == [dune, witcher])
        #expect(world.library.summaries(filter: .notStarted, in: world.store).map(\.id) == [foundation])
    }
}
