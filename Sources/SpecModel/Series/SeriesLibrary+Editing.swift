extension SeriesLibrary {
    /// Creates a manual series with no books: the seed's "Create Series" (name, total optional).
    ///
    /// Refused when the name has no letter or digit or is too long, the total is outside
    /// 1...`SeriesPlace.numberMax`, or a series already has this name or had it before a rename
    /// (`.duplicateName`: the app offers that series instead, so there is one "Foundation" whether
    /// the user or detection made it first; Decision D-098). Creating a series under the name of one
    /// the user deleted lets detection use that name again.
    public mutating func createSeries(named name: String, totalBooks: Int? = nil, author: String? = nil, at now: Timestamp) -> SeriesEdit {
        let cleaned: String
        switch SeriesName.validated(name) {
        case let .success(value): cleaned = value
        case let .failure(problem): return .invalidName(problem)
        }
        if let totalBooks, !(1...SeriesPlace.numberMax).contains(totalBooks) { return .invalidTotal(totalBooks) }
        let key = SeriesName.key(cleaned)
        if let existing = idByNameKey[key] { return .duplicateName(existing: existing) }
        guard count < Self.seriesCountMax else { return .libraryFull }
        let id = allocateID()
        insert(Series(id: id, name: cleaned, totalBooks: totalBooks, author: Self.cleanedAuthor(author), source: .manual, at: now))
        deletedNameKeys.remove(key)
        return .created(id)
    }

    /// Assigns a book of the library to a series: at `place`, or after the series' last book.
    ///
    /// Seed: "Given I tap 'Create Series,' when I enter series name, I can search my library to assign
    /// books" and "Given I assign a book to multiple series (e.g., 'The Hobbit' in both 'Middle-earth'
    /// and 'Standalone'), system allows dual assignment". A book is in a series once; it may share
    /// its place with another book (two editions kept as two works). A book the user had removed from
    /// the series may be assigned again, and detection may then keep it.
    public mutating func assign(_ work: PersistentIdentifier, to id: SeriesID, place: SeriesPlace? = nil, in store: LibraryStore, at now: Timestamp) -> SeriesEdit {
        guard let series = seriesByID[id] else { return .seriesNotFound(id) }
        guard store.work(work) != nil else { return .workNotFound(work) }
        if let existing = series.place(of: work) { return .alreadyInSeries(id, work, at: existing) }
        guard series.books.count < Self.booksPerSeriesMax else { return .seriesFull(id) }
        guard seriesIDs(containing: work).count < Self.seriesPerBookMax else { return .tooManySeriesForBook(work) }
        let chosen: SeriesPlace
        if let place {
            chosen = place
        } else {
            let next = series.numberAfterLast
            guard next <= SeriesPlace.numberMax else { return .seriesFull(id) }
            chosen = SeriesPlace(next)
        }
        if let total = series.totalBooks, let last = chosen.countedNumbers?.upperBound, last > total {
            return .placeBeyondTotal(chosen, total: total)
        }
        self.place(work, at: chosen, in: id, at: now)
        modify(id, at: now) { $0.removedWorkIDs.remove(work) }
        return .assigned(id, work, chosen)
    }

    /// Gives a book of the series another place (its number, as the user corrects it); the book moves
    /// after any book already at that place.
    public mutating func setPlace(of work: PersistentIdentifier, in id: SeriesID, to place: SeriesPlace, at now: Timestamp) -> SeriesEdit {
        guard let series = seriesByID[id] else { return .seriesNotFound(id) }
        guard let current = series.place(of: work) else { return .notInSeries(id, work) }
        if let total = series.totalBooks, let last = place.countedNumbers?.upperBound, last > total {
            return .placeBeyondTotal(place, total: total)
        }
        if current != place {
            unplace(work, from: id, at: now)
            self.place(work, at: place, in: id, at: now)
        }
        return .moved(id, work, place)
    }

    /// Puts the series' books in a new reading order: the seed's drag-to-reorder.
    ///
    /// The places stay and the books move between them (Decision D-101): the book first in
    /// `readingOrder` takes the first place, and so on. In a series numbered 1 to n this renumbers the
    /// books as the user ordered them; in a series with gaps (books 1, 3, 5) the gaps stay where they
    /// were. `readingOrder` must hold each book of the series exactly once.
    ///
    /// - Complexity: O(books).
    public mutating func reorder(_ id: SeriesID, readingOrder: [PersistentIdentifier], at now: Timestamp) -> SeriesEdit {
        guard let series = seriesByID[id] else { return .seriesNotFound(id) }
        guard readingOrder.count == series.books.count else { return .notAPermutation(id) }
        let present = Set(series.books.map(\.workID))
        var seen = Set<PersistentIdentifier>()
        for work in readingOrder {
            guard present.contains(work), seen.insert(work).inserted else { return .notAPermutation(id) }
        }
        modify(id, at: now) { series in
            let places = series.books.map(\.place)
            series.books = zip(readingOrder, places).map { SeriesBook(workID: $0, place: $1) }
        }
        return .reordered(id)
    }

    /// Moves one book to `index` in the reading order (SwiftUI's `.onMove`), the others keeping their
    /// order; then as `reorder`.
    public mutating func moveBook(_ work: PersistentIdentifier, in id: SeriesID, toIndex index: Int, at now: Timestamp) -> SeriesEdit {
        guard let series = seriesByID[id] else { return .seriesNotFound(id) }
        guard let from = series.books.firstIndex(where: { $0.workID == work }) else { return .notInSeries(id, work) }
        guard (0..<series.books.count).contains(index) else { return .indexOutOfRange(index, count: series.books.count) }
        var order = series.workIDs
        order.remove(at: from)
        order.insert(work, at: index)
        return reorder(id, readingOrder: order, at: now)
    }

    /// Renames a series. Detection keeps finding it by its earlier names (Decision D-099), so a series
    /// renamed "HP" still collects the next "Harry Potter #3".
    public mutating func rename(_ id: SeriesID, to name: String, at now: Timestamp) -> SeriesEdit {
        guard seriesByID[id] != nil else { return .seriesNotFound(id) }
        let cleaned: String
        switch SeriesName.validated(name) {
        case let .success(value): cleaned = value
        case let .failure(problem): return .invalidName(problem)
        }
        let key = SeriesName.key(cleaned)
        if let existing = idByNameKey[key], existing != id { return .duplicateName(existing: existing) }
        modify(id, at: now) { $0.name = cleaned }
        addNameKey(key, to: id, at: now)
        deletedNameKeys.remove(key)
        return .renamed(id, to: cleaned)
    }

    /// Sets the number of books, or makes it unknown (`nil`).
    public mutating func changeTotal(of id: SeriesID, to total: Int?, at now: Timestamp) -> SeriesEdit {
        guard let series = seriesByID[id] else { return .seriesNotFound(id) }
        if let total {
            guard (1...SeriesPlace.numberMax).contains(total) else { return .invalidTotal(total) }
            if let highest = series.highestCountedNumber, highest > total { return .totalBelowHighestPlace(total: total, highest: highest) }
        }
        modify(id, at: now) { $0.totalBooks = total }
        return .totalChanged(id, to: total)
    }

    /// Takes a book out of a series; the book stays in the library. Detection will not put it back
    /// (Decision D-099); assigning it by hand does.
    public mutating func remove(_ work: PersistentIdentifier, from id: SeriesID, at now: Timestamp) -> SeriesEdit {
        guard let series = seriesByID[id] else { return .seriesNotFound(id) }
        guard series.contains(work) else { return .notInSeries(id, work) }
        unplace(work, from: id, at: now)
        modify(id, at: now) { $0.removedWorkIDs.insert(work) }
        return .removed(id, work)
    }

    /// Deletes a series, manual or detected: "Delete 'Foundation' series? Books will remain in
    /// library." Only the grouping goes; no work, entry or other series changes. Detection will not
    /// recreate it under any of its names or Google Books IDs (Decision D-099).
    public mutating func deleteSeries(_ id: SeriesID, at now: Timestamp) -> SeriesEdit {
        guard seriesByID[id] != nil else { return .seriesNotFound(id) }
        let series = remove(id)
        deletedNameKeys.formUnion(series.nameKeys)
        deletedGoogleBooksIDs.formUnion(series.googleBooksSeriesIDs)
        return .deleted(id, booksUnlinked: series.books.count)
    }

    /// The seed's deletion prompt: "Delete 'Foundation' series? Books will remain in library."
    public func deletionPrompt(for id: SeriesID) -> String? {
        seriesByID[id].map { "Delete '\($0.name)' series? Books will remain in library." }
    }

    /// An author's name cleaned, cut to `SeriesName.utf8BytesMax` bytes at a scalar boundary; `nil`
    /// when blank.
    static func cleanedAuthor(_ author: String?) -> String? {
        guard let author else { return nil }
        let cleaned = SeriesName.cleaned(author)
        guard !cleaned.isEmpty else { return nil }
        guard cleaned.utf8.count > SeriesName.utf8BytesMax else { return cleaned }
        var view = String.UnicodeScalarView()
        var bytes = 0
        for scalar in cleaned.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > SeriesName.utf8BytesMax { break }
            view.append(scalar)
        }
        return String(view)
    }
}
