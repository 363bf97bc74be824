/// What an enrichment answer says about a book's series: Google Books' structured series info and
/// OpenLibrary's series strings. The third source, the Goodreads marker in an imported title, is read
/// from the work itself (the import keeps the original title).
///
/// Seed: 002_…, "Series Auto-Detection", Metadata Fields:
/// - Google Books: `volumeInfo.seriesInfo.volumeSeries[0].seriesId`, `…orderNumber`;
/// - OpenLibrary: `series[0]` (e.g. "The Lord of the Rings #2").
///
/// Every entry is read, not only the first (Decision D-097: a book may be in two series).
public struct SeriesMetadata: Hashable, Sendable {
    /// `volumeInfo.seriesInfo.volumeSeries`, in order; empty when Google Books gave no series info.
    public var googleBooks: [GoogleBooksVolumeSeries]
    /// OpenLibrary's `series`, in order.
    public var openLibrary: [String]

    /// Metadata with these entries; by default none from either provider.
    public init(googleBooks: [GoogleBooksVolumeSeries] = [], openLibrary: [String] = []) {
        self.googleBooks = googleBooks
        self.openLibrary = openLibrary
    }

    /// No series information from either provider.
    public static let none = SeriesMetadata()
}

/// One entry of Google Books' `volumeInfo.seriesInfo.volumeSeries`, with what the app's series lookup
/// added.
///
/// A volume's series info carries an ID and an order number but no name; the name and the number of
/// books come from a series lookup ("Total Books: fetch from series lookup or default to unknown"),
/// which the app may not have made. An entry without a name links to a series already known by its
/// ID, or takes the name another source gives the same book (Decision D-096).
public struct GoogleBooksVolumeSeries: Hashable, Sendable {
    public var seriesID: String
    /// `orderNumber`; `nil` when absent.
    public var orderNumber: Int?
    /// The series' title from the lookup, if made.
    public var seriesName: String?
    /// The number of books from the lookup, if made.
    public var totalBooks: Int?

    /// An entry with Google Books' ID and order number, and what a series lookup added, if one was made.
    public init(seriesID: String, orderNumber: Int?, seriesName: String? = nil, totalBooks: Int? = nil) {
        self.seriesID = seriesID
        self.orderNumber = orderNumber
        self.seriesName = seriesName
        self.totalBooks = totalBooks
    }
}
