/// What a manual series edit did, or why it changed nothing.
///
/// Seed: 002_…, User Story 3 and "Manual Series Management": create, assign books, drag to reorder,
/// rename, change the total, remove books, delete the series. A refused edit leaves the library
/// exactly as it was.
public enum SeriesEdit: Hashable, Sendable {
    // Applied.
    /// A manual series with this ID was created, with no books.
    case created(SeriesID)
    /// The book was assigned to the series at this place.
    case assigned(SeriesID, PersistentIdentifier, SeriesPlace)
    /// The book was given this place in the series.
    case moved(SeriesID, PersistentIdentifier, SeriesPlace)
    /// The series' books were put in the new reading order.
    case reordered(SeriesID)
    /// The series was renamed; this is its new name, cleaned.
    case renamed(SeriesID, to: String)
    /// The series' total was set to this number, or made unknown.
    case totalChanged(SeriesID, to: Int?)
    /// The book was taken out of the series; it stays in the library.
    case removed(SeriesID, PersistentIdentifier)
    /// The series is gone; its books stay in the library.
    case deleted(SeriesID, booksUnlinked: Int)

    // Refused.
    case seriesNotFound(SeriesID)
    /// The work is not in the store.
    case workNotFound(PersistentIdentifier)
    /// The book is already in the series, at this place.
    case alreadyInSeries(SeriesID, PersistentIdentifier, at: SeriesPlace)
    /// The book is not in the series.
    case notInSeries(SeriesID, PersistentIdentifier)
    /// The name is empty or too long.
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
    /// The index is outside the reading order's `0..<count`.
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
