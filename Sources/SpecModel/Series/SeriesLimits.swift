/// Every limit of series tracking (seed 002), each stated once with its unit; the types that keep one
/// take it from here.
package enum SeriesLimits {
    // The library

    /// The most series a library holds.
    package static let seriesCountMax = 100_000
    /// The most books in one series.
    package static let booksPerSeriesMax = 1_000
    /// The most series one book is in.
    package static let seriesPerBookMax = 32
    /// The most names (current and earlier) a series is found by.
    package static let nameKeysPerSeriesMax = 8
    /// The most related series suggested after finishing a series.
    package static let relatedSeriesMax = 3
    /// The most works a library search for assignment returns.
    package static let searchResultsMax = 50
    /// The most covers on a card: the seed's "Cover grid (4 books)".
    package static let coverGridCount = 4

    // Names and places

    /// The longest name accepted, in UTF-8 bytes.
    package static let nameUTF8BytesMax = 200
    /// The largest whole number a place may hold.
    package static let placeNumberMax = 9_999
    /// The most digits after a decimal point (`#2.125`).
    package static let placeFractionDigitsMax = 3
    /// The most books one omnibus may collect.
    package static let omnibusBooksMax = 100

    // Detection

    /// The most series detection reads for one book; further claims are dropped with a warning.
    package static let claimsPerBookMax = 8
    /// The most entries read from each source; a book's metadata naming more is cut, with a warning.
    package static let entriesPerSourceMax = 32
    /// The longest OpenLibrary series string read, in UTF-8 bytes; longer strings are refused whole.
    package static let openLibrarySeriesUTF8BytesMax = 1_000
    /// The longest Google Books series ID accepted, in UTF-8 bytes.
    package static let googleBooksSeriesIDUTF8BytesMax = 200
    /// The longest excerpt of an input a warning keeps, in Unicode scalars.
    package static let warningExcerptScalarsMax = 100
}
