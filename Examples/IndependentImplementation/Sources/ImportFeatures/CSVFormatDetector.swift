// Export-format auto-detection from the header row (seed 004, User Story 1).
//
// Goodreads: "Title", "Author", "ISBN", "My Rating", "Exclusive Shelf" …
// LibraryThing: "TITLE", "AUTHOR (first, last)", "ISBN", "RATING" … (and the later export's
//   "Title", "Primary Author", "ISBN", "Rating" …)
// StoryGraph: "Title", "Authors", "ISBN/UID", "Star Rating", "Read Status" …
// Anything else whose columns can be recognised by name is read as a spreadsheet; a header with no
// title or no author column is rejected with the format requirements.

/// Where a book's fields are in a row (0-based column indices).
public struct ImportColumnMapping: Hashable, Sendable {
    public var title: Int
    /// The primary author, written "First Last" (or the list of authors when `authorIsList`).
    public var author: Int?
    /// The primary author, written "Last, First".
    public var authorLastFirst: Int?
    /// Whether `author` is a comma-separated list of authors, primary first.
    public var authorIsList = false
    /// Further authors, comma-separated.
    public var additionalAuthors: Int?
    public var isbn10: Int?
    public var isbn13: Int?
    /// A column that may hold either ISBN form.
    public var isbn: Int?
    /// Whether `isbn` may also hold identifiers that are not ISBNs (StoryGraph's `ISBN/UID`).
    public var isbnMayHoldOtherIdentifiers = false
    public var rating: Int?
    public var readingStatus: Int?
    public var dateRead: Int?

    public init(title: Int) { self.title = title }
}

/// The export a file came from.
public enum ImportSource: String, Hashable, Sendable, CaseIterable {
    case goodreads, libraryThing, storyGraph
    /// A spreadsheet (or an unknown export) read by its column names.
    case spreadsheet
}

/// The detector's answer for a header.
public struct DetectedFormat: Hashable, Sendable {
    public var source: ImportSource
    /// Known export: the share of its signature columns present. Spreadsheet: the share of the header's
    /// columns recognised.
    public var confidence: Double
    public var columns: ImportColumnMapping
}

/// A header the app cannot import: the required columns it lacks. The UI shows the requirements and
/// offers manual column mapping.
public struct MissingRequiredColumns: Error, Hashable, Sendable, CustomStringConvertible {
    /// The required fields not found ("Title", "Author").
    public var missing: [String]
    /// The header as found.
    public var header: [String]

    public var description: String {
        "This CSV has no \(missing.joined(separator: " or ")) column. A book list needs a title column and an author column "
            + "(Goodreads, LibraryThing and StoryGraph exports have both)."
    }
}

public enum CSVFormatDetector {
    /// The fields a header names, by normalized column name.
    enum Field: Hashable {
        case title, author, authorList, authorLastFirst, additionalAuthors
        case isbn10, isbn13, isbn, isbnOrOther, rating, readingStatus, dateRead
    }

    struct Variant {
        /// The seed's signature columns of the export (normalized).
        let signature: [String]
        /// Columns only this export writes (normalized); one must be present for the export to be chosen.
        let distinctive: Set<String>
        /// The export's columns for each field (normalized), in preference order.
        let columns: [(String, Field)]
    }

    static let goodreads = Variant(
        signature: ["title", "author", "isbn", "my rating", "exclusive shelf"],
        distinctive: ["my rating", "exclusive shelf", "author l-f", "bookshelves", "bookshelves with positions"],
        columns: [
            ("title", .title), ("author", .author), ("author l-f", .authorLastFirst),
            ("additional authors", .additionalAuthors), ("isbn", .isbn10), ("isbn13", .isbn13),
            ("my rating", .rating), ("exclusive shelf", .readingStatus), ("date read", .dateRead),
        ]
    )

    static let libraryThingSeed = Variant(
        signature: ["title", "author (first, last)", "isbn", "rating"],
        distinctive: ["author (first, last)", "author (last, first)"],
        columns: [
            ("title", .title), ("author (first, last)", .author), ("author (last, first)", .authorLastFirst),
            ("isbn", .isbn), ("isbns", .isbn), ("rating", .rating), ("date read", .dateRead),
        ]
    )

    static let libraryThingLater = Variant(
        signature: ["title", "primary author", "isbn", "rating"],
        distinctive: ["primary author", "primary author role", "sort character", "secondary author"],
        columns: [
            ("title", .title), ("primary author", .authorLastFirst),
            ("isbn", .isbn), ("isbns", .isbn), ("rating", .rating), ("date read", .dateRead),
        ]
    )

    static let storyGraph = Variant(
        signature: ["title", "authors", "isbn/uid", "star rating", "read status"],
        distinctive: ["isbn/uid", "star rating", "read status", "last date read", "dates read", "moods", "pace"],
        columns: [
            ("title", .title), ("authors", .authorList), ("isbn/uid", .isbnOrOther),
            ("star rating", .rating), ("read status", .readingStatus), ("last date read", .dateRead),
        ]
    )

    /// Known exports in tie-break order.
    static let known: [(ImportSource, [Variant])] = [
        (.goodreads, [goodreads]),
        (.storyGraph, [storyGraph]),
        (.libraryThing, [libraryThingSeed, libraryThingLater]),
    ]

    /// Column names a spreadsheet may use (normalized).
    static let spreadsheetColumns: [(String, Field)] = [
        ("title", .title), ("book title", .title), ("book name", .title), ("book", .title), ("name", .title),
        ("author", .author), ("author name", .author), ("writer", .author), ("author (first, last)", .author),
        ("author(s)", .authorList), ("authors", .authorList),
        ("author l-f", .authorLastFirst), ("author (last, first)", .authorLastFirst), ("author last, first", .authorLastFirst),
        ("additional authors", .additionalAuthors), ("other authors", .additionalAuthors), ("co-authors", .additionalAuthors),
        ("isbn10", .isbn10), ("isbn-10", .isbn10), ("isbn 10", .isbn10),
        ("isbn13", .isbn13), ("isbn-13", .isbn13), ("isbn 13", .isbn13), ("ean", .isbn13),
        ("isbn", .isbn), ("isbns", .isbn), ("isbn/uid", .isbnOrOther),
        ("rating", .rating), ("my rating", .rating), ("star rating", .rating), ("stars", .rating),
        ("status", .readingStatus), ("read status", .readingStatus), ("reading status", .readingStatus),
        ("exclusive shelf", .readingStatus), ("shelf", .readingStatus),
        ("date read", .dateRead), ("read date", .dateRead), ("last date read", .dateRead),
        ("date finished", .dateRead), ("finished", .dateRead), ("date completed", .dateRead),
    ]

    /// A header cell as compared: byte-order mark and surrounding whitespace removed, whitespace runs
    /// collapsed, lowercased.
    static func normalize(_ name: String) -> String {
        TitleNormalizer.collapseWhitespace(name.replacingBOM()).lowercased()
    }

    /// Detects the export format of a file from its header row.
    public static func detect(header: [String]) -> Result<DetectedFormat, MissingRequiredColumns> {
        let names = header.map(normalize)
        var firstIndex: [String: Int] = [:]
        for (i, name) in names.enumerated() where firstIndex[name] == nil && !name.isEmpty { firstIndex[name] = i }

        // The known export with the most of its signature present, among those with a column only it writes.
        var best: (source: ImportSource, variant: Variant, confidence: Double, distinctive: Int)?
        for (source, variants) in known {
            for variant in variants {
                let distinctive = variant.distinctive.filter { firstIndex[$0] != nil }.count
                guard distinctive > 0 else { continue }
                let present = variant.signature.filter { firstIndex[$0] != nil }.count
                let confidence = Double(present) / Double(variant.signature.count)
                if let b = best, (b.confidence, b.distinctive) >= (confidence, distinctive) { continue }
                best = (source, variant, confidence, distinctive)
            }
        }
        if let best {
            let (fields, _) = assign(best.variant.columns, firstIndex: firstIndex)
            return mapping(fields, header: header).map {
                DetectedFormat(source: best.source, confidence: best.confidence, columns: $0)
            }
        }

        // A spreadsheet, read by its column names.
        let (fields, recognised) = assign(spreadsheetColumns, firstIndex: firstIndex)
        return mapping(fields, header: header).map {
            DetectedFormat(source: .spreadsheet, confidence: header.isEmpty ? 0 : Double(recognised) / Double(header.count), columns: $0)
        }
    }

    /// Each field's column: the first listed name present, each column used once.
    static func assign(_ columns: [(String, Field)], firstIndex: [String: Int]) -> ([Field: Int], Int) {
        var fields: [Field: Int] = [:]
        var used: Set<Int> = []
        for (name, field) in columns {
            guard let index = firstIndex[name], !used.contains(index) else { continue }
            // The plain author and the author list are the same field.
            if field == .author || field == .authorList {
                guard fields[.author] == nil && fields[.authorList] == nil else { continue }
            } else if field == .isbn || field == .isbnOrOther {
                guard fields[.isbn] == nil && fields[.isbnOrOther] == nil else { continue }
            } else if fields[field] != nil {
                continue
            }
            fields[field] = index
            used.insert(index)
        }
        return (fields, used.count)
    }

    static func mapping(_ fields: [Field: Int], header: [String]) -> Result<ImportColumnMapping, MissingRequiredColumns> {
        var missing: [String] = []
        if fields[.title] == nil { missing.append("Title") }
        if fields[.author] == nil && fields[.authorList] == nil && fields[.authorLastFirst] == nil { missing.append("Author") }
        guard missing.isEmpty, let title = fields[.title] else {
            return .failure(MissingRequiredColumns(missing: missing, header: header))
        }
        var m = ImportColumnMapping(title: title)
        if let list = fields[.authorList] {
            m.author = list
            m.authorIsList = true
        } else {
            m.author = fields[.author]
        }
        m.authorLastFirst = fields[.authorLastFirst]
        m.additionalAuthors = fields[.additionalAuthors]
        m.isbn10 = fields[.isbn10]
        m.isbn13 = fields[.isbn13]
        if let other = fields[.isbnOrOther] {
            m.isbn = other
            m.isbnMayHoldOtherIdentifiers = true
        } else {
            m.isbn = fields[.isbn]
        }
        m.rating = fields[.rating]
        m.readingStatus = fields[.readingStatus]
        m.dateRead = fields[.dateRead]
        return .success(m)
    }
}

extension String {
    fileprivate func replacingBOM() -> String {
        var s = Substring(self)
        while s.first == "\u{FEFF}" { s.removeFirst() }
        return String(s)
    }
}
