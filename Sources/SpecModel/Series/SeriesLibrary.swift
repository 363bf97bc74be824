/// The user's series: every series by ID, and the indexes that detection, views and edits read.
///
/// Seed: 002_…, "Series Data Model" (`BookSeries` and the many-to-many `SeriesMembership`) and
/// "Data Integrity: Series persists across library resets (separate entity)". The library is a value
/// of its own beside the store (`LibraryStore`), as the seed's separate table is: deleting works, or
/// the whole library, never touches it; `removeDeletedWorks(in:at:)` then drops the memberships of
/// works that are gone and keeps every series, its name, total and author (Decision D-100).
///
/// Transitions are `mutating` methods that take the time as a value and return what happened:
/// detection (`detectSeries`, in `SeriesDetection.swift`) and the manual edits (`SeriesEdit`). Views
/// are pure functions of the library and the store (`SeriesProgress`, `SeriesSummary`,
/// `SeriesDetail`, `NextInSeries`).
///
/// Indexes, kept in step by every transition and checked by `_checkInvariants`:
/// - series by ID, and the IDs in creation order;
/// - series by name key (`SeriesName.key`, current names and earlier names) and by Google Books ID;
/// - for each work, the series it is in (ascending IDs), so a book's badges and the prompts after
///   finishing it cost O(its series), not O(library).
///
/// - Complexity: lookups by ID, name, Google Books ID or work O(1); the list of every series
///   O(series + books) (`summaries`); one series' detail O(its books + its total).
public struct SeriesLibrary: Hashable, Sendable {
    public static let seriesCountMax = SeriesLimits.seriesCountMax
    public static let booksPerSeriesMax = SeriesLimits.booksPerSeriesMax
    public static let seriesPerBookMax = SeriesLimits.seriesPerBookMax
    public static let claimsPerBookMax = SeriesLimits.claimsPerBookMax
    public static let nameKeysPerSeriesMax = SeriesLimits.nameKeysPerSeriesMax
    public static let relatedSeriesMax = SeriesLimits.relatedSeriesMax
    public static let searchResultsMax = SeriesLimits.searchResultsMax

    var seriesByID: [SeriesID: Series] = [:]
    /// Every series' ID in creation order (ascending).
    public private(set) var seriesIDs: [SeriesID] = []
    var idByNameKey: [String: SeriesID] = [:]
    var idByGoogleBooksID: [String: SeriesID] = [:]
    /// For each work in a series, those series in ascending order.
    var idsByWork: [PersistentIdentifier: [SeriesID]] = [:]
    /// Name keys and Google Books IDs of series the user deleted: detection does not bring them back
    /// (Decision D-099); creating a series by hand under the name does.
    var deletedNameKeys: Set<String> = []
    var deletedGoogleBooksIDs: Set<String> = []
    /// The next raw series ID; never decreases.
    public private(set) var nextRawIdentifier: UInt64 = 1

    /// An empty library: no series, the first to be numbered 1.
    public init() {}

    // MARK: - Queries

    /// The number of series.
    public var count: Int { seriesIDs.count }

    /// The series with this ID, or `nil`.
    public func series(_ id: SeriesID) -> Series? { seriesByID[id] }

    /// Every series in creation order.
    public var allSeries: [Series] { seriesIDs.map { seriesByID[$0]! } }

    /// The series a work is in, in creation order.
    public func seriesIDs(containing work: PersistentIdentifier) -> [SeriesID] { idsByWork[work] ?? [] }

    /// The series detection would link a claim of this name to (its current or an earlier name).
    public func series(named name: String) -> Series? {
        idByNameKey[SeriesName.key(name)].flatMap { seriesByID[$0] }
    }

    /// The series known by this Google Books series ID.
    public func series(googleBooksSeriesID id: String) -> Series? {
        idByGoogleBooksID[id].flatMap { seriesByID[$0] }
    }

    /// The badges a library card shows for a work, one per series: "Book 3 of 7" (seed 002_…, User
    /// Story 4), "Book 3" when the total is unknown, "Books 1-3 of 7" for an omnibus.
    public func badges(for work: PersistentIdentifier) -> [SeriesBadge] {
        seriesIDs(containing: work).compactMap { id in
            guard let series = seriesByID[id], let place = series.place(of: work) else { return nil }
            let text = place.label + (series.totalBooks.map { " of \($0)" } ?? "")
            return SeriesBadge(seriesID: id, text: text)
        }
    }

    // MARK: - Changing (for the transitions)

    mutating func allocateID() -> SeriesID {
        let id = SeriesID(rawValue: nextRawIdentifier)
        nextRawIdentifier += 1
        return id
    }

    /// Adds a new series (no books yet), indexing its name key and Google Books IDs.
    mutating func insert(_ series: Series) {
        // Callers insert a series just made by `Series.init`, which has no books, under an ID just
        // taken from `allocateID()`, whose counter only grows.
        precondition(seriesByID[series.id] == nil, "\(series.id) already exists")
        precondition(series.books.isEmpty, "\(series.id) is inserted with books")
        seriesByID[series.id] = series
        seriesIDs.append(series.id)
        for key in series.nameKeys { idByNameKey[key] = series.id }
        for id in series.googleBooksSeriesIDs { idByGoogleBooksID[id] = series.id }
    }

    /// Changes a series' own fields in place (not its books, which `place` and `unplace` change).
    mutating func modify(_ id: SeriesID, at now: Timestamp, _ change: (inout Series) -> Void) {
        // Every caller has just found the series in `seriesByID` (directly, or through an index that
        // names only series it holds) or inserted it, in the same transition.
        guard let index = seriesByID.index(forKey: id) else { preconditionFailure("\(id) does not exist") }
        change(&seriesByID.values[index])
        seriesByID.values[index].updatedAt = Swift.max(seriesByID.values[index].updatedAt, now)
    }

    /// Places a work not yet in the series.
    mutating func place(_ work: PersistentIdentifier, at place: SeriesPlace, in id: SeriesID, at now: Timestamp) {
        modify(id, at: now) { series in
            // Callers place a work `place(of:)` just found absent (`assign`, `link`) or just unplaced
            // (`setPlace`).
            precondition(!series.contains(work), "\(work) is already in \(id)")
            series.books.insert(SeriesBook(workID: work, place: place), at: series.insertionIndex(for: place))
        }
        var ids = idsByWork[work] ?? []
        ids.insert(id, at: ids.firstIndex { $0 > id } ?? ids.count)
        idsByWork[work] = ids
    }

    /// Takes a work out of the series; returns its place.
    @discardableResult
    mutating func unplace(_ work: PersistentIdentifier, from id: SeriesID, at now: Timestamp) -> SeriesPlace {
        var removed: SeriesPlace?
        modify(id, at: now) { series in
            // Callers unplace a work the series was just found to hold (`remove`, `setPlace`), or one
            // of the books `removeDeletedWorks` iterates, each once (a work is in a series once).
            guard let index = series.books.firstIndex(where: { $0.workID == work }) else { preconditionFailure("\(work) is not in \(id)") }
            removed = series.books.remove(at: index).place
        }
        var ids = idsByWork[work] ?? []
        ids.removeAll { $0 == id }
        idsByWork[work] = ids.isEmpty ? nil : ids
        return removed!
    }

    /// Indexes a name key for a series, keeping at most `nameKeysPerSeriesMax` keys (the oldest
    /// earlier name is forgotten first; the current name's key is always kept).
    mutating func addNameKey(_ key: String, to id: SeriesID, at now: Timestamp) {
        var dropped: [String] = []
        modify(id, at: now) { series in
            series.nameKeys.removeAll { $0 == key }
            series.nameKeys.insert(key, at: 0)
            while series.nameKeys.count > Self.nameKeysPerSeriesMax { dropped.append(series.nameKeys.removeLast()) }
        }
        idByNameKey[key] = id
        for old in dropped where idByNameKey[old] == id { idByNameKey[old] = nil }
    }

    /// Indexes a Google Books series ID for a series.
    mutating func addGoogleBooksID(_ googleID: String, to id: SeriesID, at now: Timestamp) {
        guard idByGoogleBooksID[googleID] == nil else { return }
        modify(id, at: now) { $0.googleBooksSeriesIDs.append(googleID) }
        idByGoogleBooksID[googleID] = id
        deletedGoogleBooksIDs.remove(googleID)
    }

    /// Removes a series and every index entry naming it; returns it.
    mutating func remove(_ id: SeriesID) -> Series {
        // The one caller, `deleteSeries`, has checked that the series exists.
        guard let series = seriesByID.removeValue(forKey: id) else { preconditionFailure("\(id) does not exist") }
        let index = Self.lowerBound(of: id, in: seriesIDs)
        // `insert` appends each ID to `seriesIDs` in ascending order (IDs only grow), and only this
        // removes one, with its series.
        precondition(index < seriesIDs.count && seriesIDs[index] == id, "\(id) is missing from the creation order")
        seriesIDs.remove(at: index)
        for key in series.nameKeys where idByNameKey[key] == id { idByNameKey[key] = nil }
        for googleID in series.googleBooksSeriesIDs where idByGoogleBooksID[googleID] == id { idByGoogleBooksID[googleID] = nil }
        for book in series.books {
            var ids = idsByWork[book.workID] ?? []
            ids.removeAll { $0 == id }
            idsByWork[book.workID] = ids.isEmpty ? nil : ids
        }
        return series
    }

    /// The first index in ascending `ids` whose ID is not below `id`.
    static func lowerBound(of id: SeriesID, in ids: [SeriesID]) -> Int {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A series badge on a library card: "Book 3 of 7".
public struct SeriesBadge: Hashable, Sendable {
    public let seriesID: SeriesID
    /// The badge's text: "Book 3 of 7", "Book 3" with an unknown total, "Books 1-3 of 7" for an omnibus.
    public let text: String

    public init(seriesID: SeriesID, text: String) {
        self.seriesID = seriesID
        self.text = text
    }
}
