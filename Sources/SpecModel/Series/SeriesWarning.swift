/// Something detection skipped or corrected, for the log: the seed's "If parsing fails (e.g.,
/// "Foundation Book 1" without #), log warning and skip auto-assignment".
///
/// Warnings never stop detection: the other entries of the same book are still read.
public enum SeriesWarning: Hashable, Sendable, CustomStringConvertible {
    /// An OpenLibrary series string without a `#` and a place the parser accepts (an excerpt of it).
    case unparseableOpenLibrarySeries(String)
    /// A Google Books `volumeSeries` entry that cannot place the book.
    case invalidGoogleBooksSeries(seriesID: String, GoogleBooksSeriesProblem)
    /// A Google Books series that no lookup named, no known series has, and no other source names.
    case unnamedGoogleBooksSeries(seriesID: String)
    /// A series name longer than `SeriesName.utf8BytesMax` bytes.
    case nameTooLong(SeriesEvidence, utf8Bytes: Int)
    /// Two sources place the book in the same series at different places; the first is kept.
    case conflictingPlaces(series: String, kept: SeriesPlace, keptFrom: SeriesEvidence, ignored: SeriesPlace, ignoredFrom: SeriesEvidence)
    /// A book was placed past the series' total, so the total was raised to include it.
    case totalRaised(SeriesID, from: Int, to: Int)
    /// The book's metadata names more series than `SeriesLibrary.claimsPerBookMax`, or a source has more
    /// entries than `SeriesLibrary.entriesPerSourceMax`; the rest are dropped.
    case tooManySeries(dropped: Int)
    /// The work is not in the store (deleted, or never saved).
    case workNotFound(PersistentIdentifier)

    public static let excerptScalarsMax = SeriesLimits.warningExcerptScalarsMax

    /// `text` cut to `excerptScalarsMax` scalars, so a hostile string cannot swell the log.
    static func excerpt(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text.unicodeScalars.prefix(excerptScalarsMax))
        return String(view)
    }

    /// The log line.
    public var description: String {
        switch self {
        case let .unparseableOpenLibrarySeries(text):
            return "series: OpenLibrary series \"\(text)\" has no \"#\" and number; skipped"
        case let .invalidGoogleBooksSeries(id, problem):
            return "series: Google Books series \"\(id)\" \(problem); skipped"
        case let .unnamedGoogleBooksSeries(id):
            return "series: Google Books series \"\(id)\" has no name from a lookup or another source; skipped"
        case let .nameTooLong(evidence, bytes):
            return "series: a \(evidence) series name of \(bytes) bytes is longer than \(SeriesName.utf8BytesMax); skipped"
        case let .conflictingPlaces(series, kept, keptFrom, ignored, ignoredFrom):
            return "series: \(keptFrom) places the book at #\(kept) of \"\(series)\", \(ignoredFrom) at #\(ignored); kept #\(kept)"
        case let .totalRaised(id, from, to):
            return "series: \(id) had \(from) books; a book at #\(to) raised the total to \(to)"
        case let .tooManySeries(dropped):
            return "series: the book names more series than are read (\(SeriesLibrary.claimsPerBookMax) a book, \(SeriesLibrary.entriesPerSourceMax) entries a source); \(dropped) skipped"
        case let .workNotFound(id):
            return "series: \(id) is not in the library; nothing detected"
        }
    }
}

/// Why a Google Books `volumeSeries` entry cannot place its book.
public enum GoogleBooksSeriesProblem: Hashable, Sendable, CustomStringConvertible {
    /// The entry has no `seriesId`, or an empty one.
    case missingSeriesID
    /// The `seriesId` is longer than `SeriesClaim.googleBooksSeriesIDUTF8BytesMax` bytes.
    case seriesIDTooLong(utf8Bytes: Int)
    /// The entry has no `orderNumber`.
    case missingOrderNumber
    /// The `orderNumber` is outside 0...`SeriesPlace.numberMax`.
    case orderNumberOutOfRange(Int)

    public var description: String {
        switch self {
        case .missingSeriesID: return "has no seriesId"
        case let .seriesIDTooLong(bytes): return "has a seriesId of \(bytes) bytes"
        case .missingOrderNumber: return "has no orderNumber"
        case let .orderNumberOutOfRange(number): return "has orderNumber \(number), outside 0...\(SeriesPlace.numberMax)"
        }
    }
}
