/// What a manual series edit did, or why it changed nothing.
///
/// Seed: 002_…, User Story 3 and "Manual Series Management": create, assign books, drag to reorder,
/// rename, change the total, remove books, delete the series. A refused edit leaves the library
/// exactly as it was.
public enum SeriesEdit: Hashable, Sendable {
    // Applied.
    case created(SeriesID)
    case assigned(SeriesID, PersistentIdentifier, SeriesPlace)
    case moved(SeriesID, PersistentIdentifier, SeriesPlace)
    case reordered(SeriesID)
    case renamed(SeriesID, to: String)
    case totalChanged(SeriesID, to: Int?)
    case removed(SeriesID, PersistentIdentifier)
    /// The series is gone; its books stay in the library.
    case deleted(SeriesID, booksUnlinked: Int)

    // Refused.
    case seriesNotFound(SeriesID)
    /// The work is not in the store.
    case workNotFound(PersistentIdentifier)
    case alreadyInSeries(SeriesID, PersistentIdentifier, at: SeriesPlace)
    case notInSeries(SeriesID, PersistentIdentifier)
    case invalidName(SeriesName.Problem)
    /// Another series has this name, or had it before a rename (Decision D-098).
    case duplicateName(existing: SeriesID)
    /// A total outside 1...`SeriesPlace.numberMax`.
    case invalidTotal(Int)
    /// A total below a book already placed; move or remove that book first.
    case totalBelowHighestPlace(total: Int, highest: Int)
    /// A place past the series' total; change the total first.
    case placeBeyondTotal(SeriesPlace, total: Int)
    /// A reading order that is not a permutation of the series' books.
    case notAPermutation(SeriesID)
    case indexOutOfRange(Int, count: Int)
    /// The series holds `SeriesLibrary.booksPerSeriesMax` books, or no whole number is left after its last.
    case seriesFull(SeriesID)
    /// The book is in `SeriesLibrary.seriesPerBookMax` series already.
    case tooManySeriesForBook(PersistentIdentifier)
    /// The library holds `SeriesLibrary.seriesCountMax` series.
    case libraryFull

    /// Whether the edit changed the library.
    public var isApplied: Bool {
        switch self {
        case .created, .assigned, .moved, .reordered, .renamed, .totalChanged, .removed, .deleted: return true
        default: return false
        }
    }
}
