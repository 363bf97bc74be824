/// The Series detail view: the header, every book in reading order with its status, the gaps.
///
/// Seed: 002_…, "Series Detail": "Header: Series name, Author, Total books, Completion %"; "Book list:
/// Reading order, Cover + Title, Status icons (Owned ✓, Read ✓✓, Missing ➕)"; "Actions: 'Add Missing
/// Books' button". User Story 2: "I see all books in reading order with checkmarks for owned/read
/// books", and the gaps of books 1, 3, 5 owned.
public struct SeriesDetail: Hashable, Sendable {
    /// One line of the book list.
    public struct Row: Hashable, Sendable {
        /// What a line shows: a book of the library, or a counted number no book covers.
        public enum Content: Hashable, Sendable {
            /// A book of the series that is in the store (owned, read or wishlisted), with its title
            /// without Goodreads markers (the series says where it stands).
            case book(workID: PersistentIdentifier, title: String, coverURL: String?, state: SeriesBookState)
            /// A counted number no book in the library covers.
            case missing
        }

        /// The line's place in reading order: the book's place, or the missing number's.
        public let place: SeriesPlace
        /// The book on the line, or `missing`.
        public let content: Content

        /// "✓✓" read, "✓" owned, "➕" missing or wishlisted.
        public var icon: String {
            switch content {
            case let .book(_, _, _, state): return state.icon
            case .missing: return SeriesBookState.notInLibrary.icon
            }
        }

        /// "Book 2 · Golden Son ✓", "Book 4 ➕".
        public var text: String {
            switch content {
            case let .book(_, title, _, _): return "\(place.label) · \(title) \(icon)"
            case .missing: return "\(place.label) \(icon)"
            }
        }
    }

    /// The series shown.
    public let id: SeriesID
    /// The series' name, cleaned.
    public let name: String
    /// The author the series is attributed to, if known.
    public let author: String?
    /// The series' number of counted books, or `nil` when unknown.
    public let totalBooks: Int?
    /// Whether detection or the user made the series.
    public let source: SeriesSource
    /// Books owned and read, the percentage, the badge and the gaps (D-103).
    public let progress: SeriesProgress
    /// Books and missing numbers in reading order.
    public let rows: [Row]

    /// The header's figures: "Foundation · Isaac Asimov · 7 books · 57% complete".
    public var header: String {
        var parts = [name]
        if let author { parts.append(author) }
        if let totalBooks { parts.append("\(totalBooks) \(totalBooks == 1 ? "book" : "books")") }
        if let percent = progress.percentText { parts.append(percent) }
        return parts.joined(separator: " · ")
    }

    /// The actions offered: "Add Missing Books" when a counted book is missing.
    public var actions: [String] { progress.hasGaps ? [SeriesProgress.addMissingBooksAction] : [] }
}

extension SeriesLibrary {
    /// The detail of one series, with each book's state read from the store.
    ///
    /// Books whose work is gone from the store are left out (their numbers show as missing) even
    /// before `removeDeletedWorks` runs (Decision D-100).
    ///
    /// - Complexity: O(its books + its last counted number).
    public func detail(of id: SeriesID, in store: LibraryStore) -> SeriesDetail? {
        guard let series = seriesByID[id] else { return nil }
        var states: [(place: SeriesPlace, state: SeriesBookState)] = []
        var bookRows: [SeriesDetail.Row] = []
        states.reserveCapacity(series.books.count)
        bookRows.reserveCapacity(series.books.count)
        for book in series.books {
            let state = SeriesBookState(of: book.workID, in: store)
            states.append((book.place, state))
            guard let work = store.work(book.workID) else { continue }
            bookRows.append(SeriesDetail.Row(place: book.place, content: .book(workID: work.id, title: SeriesClaim.titleWithoutMarkers(work.title), coverURL: work.coverURL, state: state)))
        }
        let progress = SeriesProgress(totalBooks: series.totalBooks, books: states)
        var covered = [Bool](repeating: false, count: progress.lastCountedNumber + 1)
        for row in bookRows {
            guard let numbers = row.place.countedNumbers else { continue }
            for number in numbers where number <= progress.lastCountedNumber { covered[number] = true }
        }
        // Merge the books (in reading order) with the uncovered numbers (ascending) by place.
        var rows: [SeriesDetail.Row] = []
        rows.reserveCapacity(bookRows.count + progress.missingNumbers.count)
        var next = 0
        for number in 1...Swift.max(1, progress.lastCountedNumber) where number <= progress.lastCountedNumber && !covered[number] {
            let place = SeriesPlace(number)
            while next < bookRows.count, bookRows[next].place < place {
                rows.append(bookRows[next])
                next += 1
            }
            rows.append(SeriesDetail.Row(place: place, content: .missing))
        }
        rows.append(contentsOf: bookRows[next...])
        return SeriesDetail(
            id: id, name: series.name, author: series.author, totalBooks: series.totalBooks, source: series.source,
            progress: progress, rows: rows
        )
    }
}
