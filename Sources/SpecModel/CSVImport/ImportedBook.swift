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
    public let isbn: ISBNValue?
    /// Stars from 0.25 to 5 in quarter steps, or `nil` when unrated.
    public let rating: Double?
    public let readingStatus: ReadingStatus?
    public let dateRead: Timestamp?
    public let dateAdded: Timestamp?
    public internal(set) var publisher: String?
    public let pages: Int?
    public let year: Int?
    public let originalYear: Int?
    public internal(set) var notes: String?
    /// Fields that could not be read and were left out, in column order.
    public let warnings: [String]

    /// The primary author.
    public var primaryAuthor: String { authors.first ?? "" }
}

/// A row that was not imported, or a field that was left out, with the reason.
public struct RowIssue: Error, Hashable, Sendable, CustomStringConvertible {
    public let rowNumber: Int
    public let reason: String

    public init(rowNumber: Int, reason: String) {
        self.rowNumber = rowNumber
        self.reason = reason
    }

    public var description: String { "row \(rowNumber): \(reason)" }
}
