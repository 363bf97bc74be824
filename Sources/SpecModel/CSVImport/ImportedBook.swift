/// A book read from one row of an export, before deduplication and insertion.
public struct ImportedBook: Hashable, Sendable {
    /// The row's record number in the file (the header is 1).
    public let rowNumber: Int
    /// The title as written, trimmed at both ends (the library keeps and shows it).
    ///
    /// The title, publisher and notes are variables so that the import can move them into the
    /// objects it makes, rather than copy them and release the book's.
    public internal(set) var title: String
    /// The title for metadata searches (`TitleNormalization`).
    public let normalizedTitle: String
    /// The authors, primary first, cleaned.
    public let authors: [String]
    /// The first valid ISBN in the row, ISBN-13 column first; `nil` when it has none.
    public let isbn: ISBNValue?
    /// Stars from 0.25 to 5 in quarter steps, or `nil` when unrated.
    public let rating: Double?
    /// The status from the row's status column, else its shelves; `nil` when neither gives one the app
    /// knows, and the entry is then "to read".
    public let readingStatus: ReadingStatus?
    /// When the user finished the book, at midnight UTC; the entry keeps it only for a book read.
    public let dateRead: Timestamp?
    /// When the user added the book to the exported library, at midnight UTC.
    public let dateAdded: Timestamp?
    /// The publisher, trimmed; it goes to the edition.
    public internal(set) var publisher: String?
    /// The page count, 1 to 100,000; it goes to the edition.
    public let pages: Int?
    /// The year this edition was published, -3,000 to 3,000.
    public let year: Int?
    /// The year the work was first published, -3,000 to 3,000; the work's year when present.
    public let originalYear: Int?
    /// The user's review, or else their private notes, kept as the entry's notes.
    public internal(set) var notes: String?
    /// Fields that could not be read and were left out, in column order.
    public let warnings: [String]

    public var primaryAuthor: String { authors.first ?? "" }
}

/// A row that was not imported, or a field that was left out, with the reason.
public struct RowIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// The row's record number in the file (the header is 1).
    public let rowNumber: Int
    /// Why the row was not imported or the field was left out.
    public let reason: String

    public init(rowNumber: Int, reason: String) {
        self.rowNumber = rowNumber
        self.reason = reason
    }

    public var description: String { "row \(rowNumber): \(reason)" }
}
