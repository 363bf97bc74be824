import TextFormats

/// The export formats the importer recognises, and how it recognises them.
///
/// Seed 004_…, User Story 1: Goodreads (`Title`, `Author`, `ISBN`, `My Rating`, `Exclusive Shelf`),
/// LibraryThing (`TITLE`, `AUTHOR (first, last)`, `ISBN`, `RATING`) and StoryGraph (`Title`, `Authors`,
/// `ISBN/UID`, `Star Rating`, `Read Status`); the full headers are in production-notes.md. An unknown
/// header with recognisable title and author columns is read as a generic spreadsheet; otherwise the
/// user maps columns by hand (`ColumnMapping.manual`).
public enum ExportFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A Goodreads library export.
    case goodreads
    /// A LibraryThing export, in the seed's columns or the later export's.
    case libraryThing
    case storyGraph
    /// A hand-made spreadsheet or an unknown export whose columns were recognised by name.
    case generic
    /// Columns mapped by hand.
    case manual

    public var description: String {
        switch self {
        case .goodreads: return "Goodreads"
        case .libraryThing: return "LibraryThing"
        case .storyGraph: return "StoryGraph"
        case .generic: return "spreadsheet"
        case .manual: return "manual mapping"
        }
    }

    /// Goodreads' 24 columns, in export order.
    public static let goodreadsColumns = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
        "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
        "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
        "Spoiler", "Private Notes", "Read Count", "Owned Copies",
    ]
    /// LibraryThing's columns as seed 004 lists them.
    public static let libraryThingColumns = ["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"]
    /// LibraryThing's later export's columns.
    public static let libraryThingLaterColumns = ["Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags"]
    /// The columns seed 004's acceptance criteria name for Goodreads: a header holding all five is
    /// Goodreads, whatever else it lacks (D-118; LibraryThing's are its whole seed header).
    public static let goodreadsSeedColumns = ["Title", "Author", "ISBN", "My Rating", "Exclusive Shelf"]
    /// The columns seed 004's acceptance criteria name for StoryGraph (D-118).
    public static let storyGraphSeedColumns = ["Title", "Authors", "ISBN/UID", "Star Rating", "Read Status"]
    /// StoryGraph's columns (the seed's five, then the others production-notes.md lists).
    public static let storyGraphColumns = [
        "Title", "Authors", "ISBN/UID", "Star Rating", "Read Status", "Format", "Date Added", "Last Date Read",
        "Dates Read", "Read Count", "Moods", "Pace", "Review", "Tags", "Owned?",
    ]
}

/// What the header says about a file: its format, how sure that is, and where each field is.
public struct FormatDetection: Hashable, Sendable {
    /// The format the header was recognised as.
    public let format: ExportFormat
    /// The share of the format's signature columns found in the header, 0…1 (generic: see `detect`).
    public let confidence: Double
    /// Where each field of a book is in the file's rows.
    public let mapping: ColumnMapping
}

/// Why a header cannot be imported without a manual mapping.
public struct MissingColumns: Error, Hashable, Sendable, CustomStringConvertible {
    /// The required fields not found, as the user reads them.
    public let missing: [String]
    /// The header as found.
    public let found: [String]

    /// An error naming the `missing` required fields and the `found` header.
    public init(missing: [String], found: [String]) {
        self.missing = missing
        self.found = found
    }

    public static let foundListBytesMax = ImportLimits.foundColumnsListBytesMax
    public static let columnNameBytesMax = ImportLimits.columnNameBytesMax

    /// The message: what is missing, what is required, and the columns found, at most
    /// `foundListBytesMax` bytes of them (a megabyte of header gives a short message). Bytes, not
    /// characters: one character may carry any number of combining marks.
    public var description: String {
        var listed: [String] = []
        var length = 0
        for name in found {
            let shown = TextExcerpt.shown(name, utf8BytesMax: Self.columnNameBytesMax)
            if !listed.isEmpty, length + 2 + shown.utf8.count > Self.foundListBytesMax { break }
            length += (listed.isEmpty ? 0 : 2) + shown.utf8.count
            listed.append(shown)
        }
        let rest = found.count - listed.count
        let list = found.isEmpty ? "none" : listed.joined(separator: ", ") + (rest > 0 ? ", and \(rest) more" : "")
        return "This file has no \(missing.joined(separator: " or ")) column. A book list needs a Title column and an Author column; the columns found are: \(list)"
    }
}

extension FormatDetection {
    public static let knownFormatConfidenceMin = ImportLimits.knownFormatConfidenceMin

    /// Detects the format of a header row.
    ///
    /// Each known format scores the share of its signature columns present (names compared after
    /// trimming, ignoring ASCII case); a format qualifies with a score at or above
    /// `knownFormatConfidenceMin`, or when the header holds every column the seed's acceptance
    /// criteria name for it (D-118), and the best score among those that qualify wins,
    /// ties going to the format listed first (Goodreads, LibraryThing, StoryGraph). Otherwise the header is
    /// read as a generic spreadsheet when a title and an author column are recognised by name, with a
    /// confidence of the share of its columns recognised. Otherwise: `MissingColumns`.
    public static func detect(header: [String]) throws(MissingColumns) -> FormatDetection {
        let names = header.map { $0.trimmingSpaces().lowercased() }
        func share(_ signature: [String]) -> Double {
            let present = signature.filter { names.contains($0.lowercased()) }.count
            return Double(present) / Double(signature.count)
        }
        let candidates: [(ExportFormat, Double, Bool)] = [
            (.goodreads, share(ExportFormat.goodreadsColumns), share(ExportFormat.goodreadsSeedColumns) == 1),
            (.libraryThing, share(ExportFormat.libraryThingColumns), false),
            (.libraryThing, share(ExportFormat.libraryThingLaterColumns), false),
            (.storyGraph, share(ExportFormat.storyGraphColumns), share(ExportFormat.storyGraphSeedColumns) == 1),
        ]
        var best: (ExportFormat, Double)?
        for (format, confidence, holdsSeedColumns) in candidates where confidence >= knownFormatConfidenceMin || holdsSeedColumns {
            if best == nil || confidence > best!.1 { best = (format, confidence) }
        }
        if let (format, confidence) = best, let mapping = ColumnMapping.known(format, header: names) {
            return FormatDetection(format: format, confidence: confidence, mapping: mapping)
        }
        let mapping = try ColumnMapping.generic(header: names, original: header)
        let recognised = mapping.mappedColumnCount
        return FormatDetection(format: .generic, confidence: Double(recognised) / Double(Swift.max(header.count, 1)), mapping: mapping)
    }
}
