import SpecModel

/// Seam: detecting an export's format from its header, and where each field of a book is.
///
/// Seed 004_…, User Story 1 ("auto-detect the format": Goodreads, LibraryThing, StoryGraph; "Given
/// unknown CSV format … manual column mapping"; "malformed CSV (missing headers) … clear error message
/// with format requirements"), Decisions D-065 and D-066. Wrap the app's detector:
///
///     struct AppFormats: ExportFormatDetecting {
///         func detectFormat(header: [String]) -> Result<ExportDetection, MissingColumns> {
///             guard let found = CSVFormatDetector.detect(header) else { return .failure(MissingColumns(missing: ["Title", "Author"], found: header)) }
///             return .success(ExportDetection(format: found.kind.conformance, confidence: found.score, columns: found.columns.conformance))
///         }
///     }
public protocol ExportFormatDetecting {
    /// The format of a file whose header row is `header`, with its columns, or the required columns
    /// the header lacks.
    func detectFormat(header: [String]) -> Result<ExportDetection, MissingColumns>
}

/// What a header says: the export's format, how sure that is, and the book's columns.
public struct ExportDetection: Hashable, Sendable, CustomStringConvertible {
    /// `.goodreads`, `.libraryThing`, `.storyGraph`, or `.generic` for a spreadsheet read by its
    /// column names (never `.manual`, which is the user's choice).
    public var format: ExportFormat
    /// For a known format, the share of its signature columns present, 0…1; for a spreadsheet, the
    /// share of its columns recognised.
    public var confidence: Double
    /// Where each field of a book is.
    public var columns: ExportColumns

    /// A value with the given fields.
    public init(format: ExportFormat, confidence: Double, columns: ExportColumns) {
        self.format = format
        self.confidence = confidence
        self.columns = columns
    }

    /// One line for reports.
    public var description: String { "\(format) (confidence \(confidence)), \(columns)" }
}

/// Which column (0-based) holds each field of a book; `nil` when the header has none.
public struct ExportColumns: Hashable, Sendable, CustomStringConvertible {
    /// The title (required).
    public var title: Int
    /// The primary author written "First Last".
    public var author: Int?
    /// The primary author written "Last, First" (Goodreads' `Author l-f`, LibraryThing's later
    /// `Primary Author`).
    public var authorLastFirst: Int?
    /// Whether the author column is a comma-separated list, primary author first (StoryGraph's `Authors`).
    public var authorColumnIsList: Bool
    /// Further authors, comma-separated (Goodreads' `Additional Authors`).
    public var additionalAuthors: Int?
    /// A column holding ISBN-10s (Goodreads' `ISBN`).
    public var isbn10: Int?
    /// A column holding ISBN-13s (Goodreads' `ISBN13`, a spreadsheet's `ISBN-13`).
    public var isbn13: Int?
    /// A column that may hold either ISBN form.
    public var isbn: Int?
    /// Whether `isbn` may hold identifiers that are not ISBNs (StoryGraph's `ISBN/UID`, D-066).
    public var isbnColumnMayHoldOtherIdentifiers: Bool
    /// The user's rating.
    public var rating: Int?
    /// The reading status (Goodreads' `Exclusive Shelf`, StoryGraph's `Read Status`).
    public var readingStatus: Int?
    /// The date the book was finished.
    public var dateRead: Int?

    /// A value with the given fields.
    public init(
        title: Int, author: Int? = nil, authorLastFirst: Int? = nil, authorColumnIsList: Bool = false, additionalAuthors: Int? = nil,
        isbn10: Int? = nil, isbn13: Int? = nil, isbn: Int? = nil, isbnColumnMayHoldOtherIdentifiers: Bool = false,
        rating: Int? = nil, readingStatus: Int? = nil, dateRead: Int? = nil
    ) {
        self.title = title
        self.author = author
        self.authorLastFirst = authorLastFirst
        self.authorColumnIsList = authorColumnIsList
        self.additionalAuthors = additionalAuthors
        self.isbn10 = isbn10
        self.isbn13 = isbn13
        self.isbn = isbn
        self.isbnColumnMayHoldOtherIdentifiers = isbnColumnMayHoldOtherIdentifiers
        self.rating = rating
        self.readingStatus = readingStatus
        self.dateRead = dateRead
    }

    /// The columns of a model mapping.
    public init(_ mapping: ColumnMapping) {
        self.init(
            title: mapping.title, author: mapping.author, authorLastFirst: mapping.authorLastFirst, authorColumnIsList: mapping.authorColumnIsList,
            additionalAuthors: mapping.additionalAuthors, isbn10: mapping.isbn10, isbn13: mapping.isbn13, isbn: mapping.isbn,
            isbnColumnMayHoldOtherIdentifiers: mapping.isbnColumnHoldsOtherIdentifiers, rating: mapping.rating,
            readingStatus: mapping.readingStatus, dateRead: mapping.dateRead
        )
    }

    /// One line for reports.
    public var description: String {
        var parts = ["title \(title)"]
        func add(_ name: String, _ column: Int?) { if let column { parts.append("\(name) \(column)") } }
        add(authorColumnIsList ? "author list" : "author", author)
        add("author last-first", authorLastFirst)
        add("additional authors", additionalAuthors)
        add("ISBN-10", isbn10)
        add("ISBN-13", isbn13)
        add(isbnColumnMayHoldOtherIdentifiers ? "ISBN or other identifier" : "ISBN", isbn)
        add("rating", rating)
        add("status", readingStatus)
        add("date read", dateRead)
        return parts.joined(separator: ", ")
    }
}

/// The model's format detection (`FormatDetection.detect`), the reference every suite compares with.
public struct ModelExportFormatDetector: ExportFormatDetecting, Sendable {
    /// The model's adapter, over a fresh model.
    public init() {}

    /// The model's answer (see the protocol).
    public func detectFormat(header: [String]) -> Result<ExportDetection, MissingColumns> {
        do throws(MissingColumns) {
            let detection = try FormatDetection.detect(header: header)
            return .success(ExportDetection(format: detection.format, confidence: detection.confidence, columns: ExportColumns(detection.mapping)))
        } catch {
            return .failure(error)
        }
    }
}
