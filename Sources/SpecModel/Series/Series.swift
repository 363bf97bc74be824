/// Identifies a series in a `SeriesLibrary`.
///
/// The seed's series ID is a UUID; the model numbers series from 1 in creation order, never reusing a
/// number (as the store does for objects), so a kept identifier names its own series or nothing and
/// runs are deterministic.
public struct SeriesID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The series' number: 1 for the library's first series, counting up in creation order.
    public let rawValue: UInt64

    /// The identifier with this number.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Series order by creation.
    public static func < (lhs: SeriesID, rhs: SeriesID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "Series#\(rawValue)" }
}

/// How a series came to be: the seed's `SeriesSource`.
public enum SeriesSource: String, Hashable, Sendable, CaseIterable {
    /// Made by detection from a book's series metadata.
    case autoDetected = "auto-detected"
    /// Made by the user.
    case manual = "manual"
}

/// A book of a series: the work and its place.
public struct SeriesBook: Hashable, Sendable, CustomStringConvertible {
    public let workID: PersistentIdentifier
    /// The book's place in the series' reading order: a number, a decimal or an omnibus's range.
    public internal(set) var place: SeriesPlace

    public init(workID: PersistentIdentifier, place: SeriesPlace) {
        self.workID = workID
        self.place = place
    }

    public var description: String { "#\(place) \(workID)" }
}

/// A series: its name, total, author, source, timestamps and books in reading order.
///
/// Seed: 002_…, "Series Data Model" and `BookSeries`. A series is changed only through its
/// `SeriesLibrary`, which keeps the library's indexes in step. What the seed caches per book (title,
/// cover, owned, read) is read from the store when a view is built, so it is never stale
/// (`SeriesProgress`, `SeriesDetail`).
///
/// Invariants (`SeriesLibrary._checkInvariants`): books in reading order (places never decrease; books
/// at the same place in the order they were placed); a work at most once; `totalBooks` nil or at least
/// the highest counted number any book covers; the name valid, its key first among `nameKeys`.
public struct Series: Hashable, Sendable, Identifiable {
    /// The series' identifier in its library, never reused.
    public let id: SeriesID
    /// The name as shown, cleaned (`SeriesName.cleaned`).
    public internal(set) var name: String
    /// The number of counted books, or `nil` when unknown.
    public internal(set) var totalBooks: Int?
    /// The author the series is attributed to, if known.
    public internal(set) var author: String?
    /// Whether detection or the user made the series.
    public let source: SeriesSource
    public let createdAt: Timestamp
    /// When the series itself last changed: its books, places, name or total (not its books'
    /// reading status, which lives in the store).
    public internal(set) var updatedAt: Timestamp
    /// The books in reading order.
    public internal(set) var books: [SeriesBook]
    /// The Google Books series IDs detection knows the series by.
    public internal(set) var googleBooksSeriesIDs: [String]
    /// The keys (`SeriesName.key`) detection finds the series by: the current name's first, then
    /// names it had before a rename, most recent first (Decision D-099).
    public internal(set) var nameKeys: [String]
    /// Works the user removed from the series; detection does not add them again (Decision D-099).
    public internal(set) var removedWorkIDs: Set<PersistentIdentifier>

    init(id: SeriesID, name: String, totalBooks: Int?, author: String?, source: SeriesSource, at now: Timestamp) {
        self.id = id
        self.name = name
        self.totalBooks = totalBooks
        self.author = author
        self.source = source
        createdAt = now
        updatedAt = now
        books = []
        googleBooksSeriesIDs = []
        nameKeys = [SeriesName.key(name)]
        removedWorkIDs = []
    }

    /// The name with the total, as the seed shows it: "Harry Potter (7 books)"; the name alone when
    /// the total is unknown.
    public var displayName: String {
        guard let totalBooks else { return name }
        return "\(name) (\(totalBooks) \(totalBooks == 1 ? "book" : "books"))"
    }

    /// The works in reading order.
    public var workIDs: [PersistentIdentifier] { books.map(\.workID) }

    /// The work's place in the series, or `nil` if it is not in it.
    ///
    /// - Complexity: O(books).
    public func place(of work: PersistentIdentifier) -> SeriesPlace? {
        books.first { $0.workID == work }?.place
    }

    public func contains(_ work: PersistentIdentifier) -> Bool {
        books.contains { $0.workID == work }
    }

    /// The highest counted number any book covers, or `nil` when no book is counted.
    public var highestCountedNumber: Int? {
        books.compactMap { $0.place.countedNumbers?.upperBound }.max()
    }

    /// The last counted number of the series: the total, or when it is unknown the highest number a
    /// book covers (0 for none). Progress, gaps and recommendations count books 1 through this.
    public var lastCountedNumber: Int {
        totalBooks ?? highestCountedNumber ?? 0
    }

    /// The index at which a book placed at `place` goes: after every book at the same place or before.
    func insertionIndex(for place: SeriesPlace) -> Int {
        var low = 0
        var high = books.count
        while low < high {
            let middle = (low + high) / 2
            if books[middle].place <= place { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The number after the last book: one past the highest whole number any book reaches (1 for an
    /// empty series).
    var numberAfterLast: Int {
        (books.map(\.place.reachedNumber).max()).map { $0 + 1 } ?? 1
    }
}
