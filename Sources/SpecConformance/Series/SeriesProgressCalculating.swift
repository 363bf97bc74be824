import SpecModel

/// Seam: series progress, the figures and texts of a series' progress bar, badge and gaps.
///
/// Seed 002_…, User Stories 2 and 4 ("57% complete", "Completed! 🎉", gaps with "Add Missing Books")
/// and the seed's `SeriesProgressCalculator`. Wrap the app's calculator:
///
///     struct AppProgress: SeriesProgressCalculating {
///         func progress(of series: SeriesShelf) -> SeriesProgressReport {
///             SeriesProgressCalculator(BookSeries(series)).conformanceReport  // the app's type, mapped field by field
///         }
///     }
public protocol SeriesProgressCalculating {
    /// The counts, percentage, gaps and next book of `series`, as the series view shows them. The
    /// suites call it with every shelf they make, empty ones included, and never with a book read and
    /// not owned.
    func progress(of series: SeriesShelf) -> SeriesProgressReport
}

/// What a series' progress shows: counts, percentage, gaps, and the texts the seed writes.
public struct SeriesProgressReport: Hashable, Sendable, CustomStringConvertible {
    /// Counted books owned: numbers 1 through the total (or the highest placed) that an owned book covers.
    public var ownedCount: Int
    /// Counted books read.
    public var readCount: Int
    /// `floor(owned × 100 / total)`, or `nil` when the total is unknown.
    public var percentComplete: Int?
    /// Counted numbers no owned book covers, ascending.
    public var missingNumbers: [Int]
    /// The list card's progress: "4/7 books", or "4 books" when the total is unknown.
    public var progressText: String
    /// The progress bar's label: "57% complete", or `nil` when the total is unknown.
    public var percentText: String?
    /// The screen reader's announcement: "4 of 7 books complete", or "4 books, total unknown".
    public var accessibilityLabel: String
    /// "Completed! 🎉" when every book is read, "All Books Owned ✅" when every book is owned, else `nil`.
    public var badge: String?
    /// The gaps: "books 2 and 4 missing", or `nil` without gaps.
    public var gapsText: String?
    /// Whether the detail offers "Add Missing Books".
    public var offersAddMissingBooks: Bool

    /// Builds a report from its counts, percentage, missing numbers, texts and whether "Add Missing Books" shows.
    public init(
        ownedCount: Int, readCount: Int, percentComplete: Int?, missingNumbers: [Int], progressText: String, percentText: String?,
        accessibilityLabel: String, badge: String?, gapsText: String?, offersAddMissingBooks: Bool
    ) {
        self.ownedCount = ownedCount
        self.readCount = readCount
        self.percentComplete = percentComplete
        self.missingNumbers = missingNumbers
        self.progressText = progressText
        self.percentText = percentText
        self.accessibilityLabel = accessibilityLabel
        self.badge = badge
        self.gapsText = gapsText
        self.offersAddMissingBooks = offersAddMissingBooks
    }

    /// `owned 4, read 0, 57%, missing [5, 6, 7], "4/7 books", …`.
    public var description: String {
        "owned \(ownedCount), read \(readCount), \(percentComplete.map { "\($0)%" } ?? "no percentage"), missing \(missingNumbers), "
            + [progressText, percentText ?? "nil", accessibilityLabel, badge ?? "no badge", gapsText ?? "no gaps"].map { String(reflecting: $0) }.joined(separator: ", ")
            + (offersAddMissingBooks ? ", Add Missing Books" : "")
    }
}

/// The model's series progress (`SeriesProgress`), the reference every suite compares with.
public struct ModelSeriesProgressCalculator: SeriesProgressCalculating {
    /// The model's calculator; it holds no state.
    public init() {}

    /// The model's progress of `series` (`SeriesProgress`, see the protocol).
    public func progress(of series: SeriesShelf) -> SeriesProgressReport {
        let progress = SeriesProgress(totalBooks: series.totalBooks, books: series.books.map { ($0.place, $0.modelState) })
        return SeriesProgressReport(
            ownedCount: progress.ownedCount, readCount: progress.readCount, percentComplete: progress.percentComplete,
            missingNumbers: progress.missingNumbers, progressText: progress.progressText, percentText: progress.percentText,
            accessibilityLabel: progress.accessibilityLabel, badge: progress.badge, gapsText: progress.gapsText,
            offersAddMissingBooks: progress.hasGaps
        )
    }
}
