import SpecModel

/// Seam: series labels, the texts the Series views show for a series and its books.
///
/// Seed 002_…, User Story 4 (a library card's badge "Book 3 of 7"), User Story 2 and "Series Detail"
/// (every book in reading order with "Owned ✓, Read ✓✓, Missing ➕"; the header "Series name,
/// Author, Total books, Completion %") and User Story 1's "Harry Potter (7 books)". Wrap the app's
/// view models:
///
///     struct AppLabels: SeriesLabeling {
///         func labels(of series: SeriesShelf) -> SeriesLabels {
///             let detail = SeriesDetailViewModel(series: BookSeries(series))  // the app's type, mapped field by field
///             return SeriesLabels(displayName: detail.title, header: detail.header, rows: detail.rows.map(\.text), badges: detail.books.map(\.badge))
///         }
///     }
public protocol SeriesLabeling {
    /// The texts shown for `series`.
    func labels(of series: SeriesShelf) -> SeriesLabels
}

/// The texts of one series.
public struct SeriesLabels: Hashable, Sendable, CustomStringConvertible {
    /// The name with its total: "Harry Potter (7 books)", or the name alone when the total is unknown.
    public var displayName: String
    /// The detail's header: "Red Rising · Pierce Brown · 5 books · 40% complete".
    public var header: String
    /// The detail's rows, books and missing numbers in reading order: "Book 1 · Red Rising ✓✓", "Book 4 ➕".
    public var rows: [String]
    /// Each book's library-card badge, in the order of the series' books: "Book 3 of 7".
    public var badges: [String]

    /// Builds the texts of one series: its display name, header, rows and badges.
    public init(displayName: String, header: String, rows: [String], badges: [String]) {
        self.displayName = displayName
        self.header = header
        self.rows = rows
        self.badges = badges
    }

    public var description: String {
        "\(String(reflecting: displayName)), header \(String(reflecting: header)), rows \(rows), badges \(badges)"
    }
}

/// The model's series texts (`Series.displayName`, `SeriesLibrary.detail(of:in:)` and
/// `SeriesLibrary.badges(for:)`), the reference every suite compares with.
public struct ModelSeriesLabeler: SeriesLabeling {
    /// The model's labeler; it holds no state.
    public init() {}

    /// The model's texts for `series`, from a fresh library holding it (see the protocol).
    public func labels(of series: SeriesShelf) -> SeriesLabels {
        var world = ModelSeriesWorld()
        let (id, works) = world.add(series)
        guard let stored = world.library.series(id), let detail = world.library.detail(of: id, in: world.store) else {
            preconditionFailure("the model lost the series it created: \(series)")
        }
        return SeriesLabels(
            displayName: stored.displayName, header: detail.header, rows: detail.rows.map(\.text),
            badges: works.map { work in world.library.badges(for: work).first { $0.seriesID == id }?.text ?? "" }
        )
    }
}
