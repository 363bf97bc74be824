import SpecModel

/// Seam: series detection, reading the series a book belongs to from its enrichment metadata and
/// its title.
///
/// Seed 002_…, "Series Auto-Detection" (Google Books' `seriesInfo`, OpenLibrary's "Name #N", the
/// "Parsing Logic" and its "log warning and skip") and the seed's `SeriesParser`, as it reads one
/// book before the library is consulted. Wrap the app's parser:
///
///     struct AppDetection: SeriesDetecting {
///         func detectedSeries(title: String, metadata: SeriesMetadata) -> SeriesDetectionReport {
///             SeriesParser.parse(title: title, enrichment: EnrichmentSeries(metadata)).conformanceReport
///         }
///     }
public protocol SeriesDetecting {
    /// The series `metadata` and `title` (as imported, with any Goodreads marker) place the book in,
    /// one per series, and the warnings to log; as if the user's library had no series yet.
    func detectedSeries(title: String, metadata: SeriesMetadata) -> SeriesDetectionReport
}

/// One series a book's sources name, with the book's place in it.
public struct DetectedSeries: Hashable, Sendable, CustomStringConvertible {
    /// The series' name, whitespace collapsed: from the first source in precedence that names it.
    public var name: String
    /// The Google Books series IDs the book's sources give the series.
    public var googleBooksSeriesIDs: [String]
    /// The book's place, from the first source in precedence.
    public var place: SeriesPlace
    /// The number of books, when a series lookup gave it (raised to the book's number if below it).
    public var totalBooks: Int?

    /// Builds one detected series: its name, Google Books IDs, the book's place and the total, if known.
    public init(name: String, googleBooksSeriesIDs: [String] = [], place: SeriesPlace, totalBooks: Int? = nil) {
        self.name = name
        self.googleBooksSeriesIDs = googleBooksSeriesIDs
        self.place = place
        self.totalBooks = totalBooks
    }

    /// `"Foundation" #1 of 7 (Google Books HvfeEAAAQBAJ)`.
    public var description: String {
        String(reflecting: name) + " #\(place)" + (totalBooks.map { " of \($0)" } ?? "")
            + (googleBooksSeriesIDs.isEmpty ? "" : " (Google Books \(googleBooksSeriesIDs.joined(separator: ", ")))")
    }
}

/// What the detection of one book logs (seed: "log warning and skip auto-assignment").
public enum SeriesDetectionWarning: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// An entry of this source names a series but cannot place the book, or its name is over
    /// `SeriesName.utf8BytesMax` bytes; the entry is skipped.
    case unparseable(SeriesEvidence)
    /// A Google Books series that no lookup and no other source at the same place names; skipped.
    case unnamedGoogleBooksSeries(seriesID: String)
    /// Two sources place the book in one series at different places; the first in precedence is kept.
    case conflictingPlaces(kept: SeriesEvidence, ignored: SeriesEvidence)
    /// The lookup's total was below the book's number and was raised to it.
    case totalRaised(from: Int, to: Int)
    /// The sources name more series than are read (`SeriesLibrary.claimsPerBookMax`) or a source has
    /// more entries than `SeriesLibrary.entriesPerSourceMax`; the rest are skipped.
    case tooManySeries

    public var description: String {
        switch self {
        case let .unparseable(source): return "unparseable \(source) entry"
        case let .unnamedGoogleBooksSeries(id): return "unnamed Google Books series \(String(reflecting: id))"
        case let .conflictingPlaces(kept, ignored): return "conflicting places: \(kept) kept over \(ignored)"
        case let .totalRaised(from, to): return "total raised from \(from) to \(to)"
        case .tooManySeries: return "too many series"
        }
    }

    /// By description, so reports list warnings in one order whatever order they were logged in.
    public static func < (lhs: SeriesDetectionWarning, rhs: SeriesDetectionWarning) -> Bool { lhs.description < rhs.description }
}

/// The series detection reads for one book, and what it logs.
public struct SeriesDetectionReport: Hashable, Sendable, CustomStringConvertible {
    /// One entry per series, in any order.
    public var series: [DetectedSeries]
    /// In any order.
    public var warnings: [SeriesDetectionWarning]

    /// Builds a report of the series read and the warnings logged.
    public init(series: [DetectedSeries] = [], warnings: [SeriesDetectionWarning] = []) {
        self.series = series
        self.warnings = warnings
    }

    /// No series and no warning: the report for a book without series data.
    public static let none = SeriesDetectionReport()

    /// The report in one order: series by name key and place, their IDs sorted, warnings sorted; two
    /// reports that differ only in order are equal once normalized.
    public var normalized: SeriesDetectionReport {
        SeriesDetectionReport(
            series: series.map { DetectedSeries(name: $0.name, googleBooksSeriesIDs: $0.googleBooksSeriesIDs.sorted(), place: $0.place, totalBooks: $0.totalBooks) }
                .sorted { (SeriesName.key($0.name), $0.place, $0.name) < (SeriesName.key($1.name), $1.place, $1.name) },
            warnings: warnings.sorted()
        )
    }

    /// `["Foundation" #1 of 7]; warnings: [unparseable OpenLibrary entry]`.
    public var description: String {
        "[" + series.map(\.description).joined(separator: ", ") + "]" + (warnings.isEmpty ? "" : "; warnings: [" + warnings.map(\.description).joined(separator: ", ") + "]")
    }
}

/// The model's series detection (`SeriesLibrary.detectSeries(for:metadata:in:at:)` on an empty
/// library), the reference every suite compares with.
public struct ModelSeriesDetector: SeriesDetecting {
    /// The model's detector; it holds no state.
    public init() {}

    /// The model's answer, detected in an empty library (see the protocol).
    public func detectedSeries(title: String, metadata: SeriesMetadata) -> SeriesDetectionReport {
        var world = ModelSeriesWorld()
        let work = world.store.insertWork(WorkDraft(title: title))
        let detection = world.library.detectSeries(for: work, metadata: metadata, in: world.store, at: world.advance())
        var report = SeriesDetectionReport()
        for outcome in detection.outcomes {
            guard case let .created(id, place) = outcome, let series = world.library.series(id) else {
                preconditionFailure("detection in an empty library created no series: \(outcome)")
            }
            report.series.append(DetectedSeries(name: series.name, googleBooksSeriesIDs: series.googleBooksSeriesIDs, place: place, totalBooks: series.totalBooks))
        }
        report.warnings = detection.warnings.map(SeriesDetectionWarning.init)
        return report
    }
}

extension SeriesDetectionWarning {
    /// The seam's warning for a model's warning.
    init(_ warning: SeriesWarning) {
        switch warning {
        case .unparseableOpenLibrarySeries: self = .unparseable(.openLibrary)
        case .invalidGoogleBooksSeries: self = .unparseable(.googleBooks)
        case let .nameTooLong(source, _): self = .unparseable(source)
        case let .unnamedGoogleBooksSeries(id): self = .unnamedGoogleBooksSeries(seriesID: id)
        case let .conflictingPlaces(_, _, kept, _, ignored): self = .conflictingPlaces(kept: kept, ignored: ignored)
        case let .totalRaised(_, from, to): self = .totalRaised(from: from, to: to)
        case .tooManySeries: self = .tooManySeries
        case let .workNotFound(id): preconditionFailure("the work detected is in the store, yet \(id) was not found")
        }
    }
}
