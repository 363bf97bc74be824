/// A book read from one row of an export, before deduplication and insertion.
public struct ImportedBook: Hashable, Sendable {
    /// The row's record number in the file (the header is 1).
    public let rowNumber: Int
    /// The title as written, trimmed at both ends (the library keeps and shows it).
    public let title: String
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
    public let publisher: String?
    public let pages: Int?
    public let year: Int?
    public let originalYear: Int?
    public let notes: String?
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

/// Reads books from rows with a column mapping.
///
/// Rules (Decision D-035): a row is an error, and not imported, when it has no title or no author or
/// when its field count differs from the header's *and* a mapped column is missing from it; a row with
/// extra fields is read with the header's columns and a warning. A field that cannot be read (an ISBN
/// that fails its check digit, a rating of "abc", an impossible date) is left out with a warning; the
/// book is still imported. Goodreads' rating 0 means unrated. Reading statuses follow production's
/// free-text mapping (`ReadingStatus.fromExport`); an unknown status leaves the entry at "to read" with a
/// warning.
public enum BookRowReader {
    public static func read(fields: [String], rowNumber: Int, headerCount: Int, mapping: ColumnMapping) -> Result<ImportedBook, RowIssue> {
        if fields.count < headerCount, mapping.highestColumn >= fields.count {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the row has \(fields.count) fields but the header has \(headerCount)"))
        }
        var warnings: [String] = []
        if fields.count > headerCount {
            warnings.append("the row has \(fields.count) fields but the header has \(headerCount); the extra fields were ignored")
        }
        func field(_ column: Int?) -> String? {
            guard let column, column < fields.count else { return nil }
            let value = fields[column].trimmingSpaces()
            return value.isEmpty ? nil : value
        }
        guard let title = field(mapping.title) else {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the title is empty"))
        }
        var authors: [String] = []
        if let primary = field(mapping.author) {
            authors = mapping.authorColumnIsList ? AuthorNames.split(primary) : [AuthorNames.cleaned(primary)]
        } else if let lastFirst = field(mapping.authorLastFirst) {
            authors = [AuthorNames.firstLast(fromLastFirst: lastFirst)]
        }
        if let additional = field(mapping.additionalAuthors) {
            for name in AuthorNames.split(additional) where !authors.contains(name) { authors.append(name) }
        }
        authors = authors.filter { !$0.isEmpty }
        guard !authors.isEmpty else {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the author is empty"))
        }
        var isbn: ISBNValue?
        for column in [mapping.isbn13, mapping.isbn10, mapping.isbn] {
            guard isbn == nil, let text = field(column) else { continue }
            switch ISBNValue.parse(text) {
            case let .valid(value): isbn = value
            case .empty: break
            case let .invalid(reason):
                if column == mapping.isbn, mapping.isbnColumnHoldsOtherIdentifiers, !ISBNValue.isWrittenWithISBNCharacters(text) { continue }
                warnings.append("ISBN left out: \(reason)")
            }
        }
        let rating = readRating(field(mapping.rating), zeroIsUnrated: mapping.zeroRatingIsUnrated, warnings: &warnings)
        var status: ReadingStatus?
        if let text = field(mapping.readingStatus) ?? field(mapping.shelves).flatMap(firstKnownShelf) {
            status = ReadingStatus.fromExport(text)
            if status == nil { warnings.append("reading status \"\(text)\" is not one the app knows; the book is \"to read\"") }
        }
        return .success(ImportedBook(
            rowNumber: rowNumber,
            title: title,
            normalizedTitle: TitleNormalization.normalizedForSearch(title),
            authors: authors,
            isbn: isbn,
            rating: rating,
            readingStatus: status,
            dateRead: readDate(field(mapping.dateRead), name: "date read", warnings: &warnings),
            dateAdded: readDate(field(mapping.dateAdded), name: "date added", warnings: &warnings),
            publisher: field(mapping.publisher),
            pages: readInteger(field(mapping.pages), name: "number of pages", range: 1...100_000, warnings: &warnings),
            year: readInteger(field(mapping.year), name: "year", range: -3_000...3_000, warnings: &warnings),
            originalYear: readInteger(field(mapping.originalYear), name: "original publication year", range: -3_000...3_000, warnings: &warnings),
            notes: field(mapping.review) ?? field(mapping.privateNotes),
            warnings: warnings
        ))
    }

    /// The first shelf in a shelves list that is a status (`to-read, favorites` → `to-read`).
    static func firstKnownShelf(_ shelves: String) -> String? {
        AuthorNames.split(shelves).map { shelf in
            // Goodreads' "Bookshelves with positions" form: "currently-reading (#2)".
            shelf.split(separator: "(").first.map { String($0).trimmingSpaces() } ?? shelf
        }.first { ReadingStatus.fromExport($0) != nil }
    }

    /// A rating in quarter stars, 0.25 to 5; 0 is unrated when the format says so.
    static func readRating(_ text: String?, zeroIsUnrated: Bool, warnings: inout [String]) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite else {
            warnings.append("rating \"\(text)\" is not a number; left out")
            return nil
        }
        if value == 0, zeroIsUnrated { return nil }
        guard value > 0, value <= 5 else {
            warnings.append("rating \(text) is outside 0 to 5 stars; left out")
            return nil
        }
        let quarters = Int(value * 4 + 0.5)
        if Double(quarters) / 4 != value { warnings.append("rating \(text) was rounded to \(Double(quarters) / 4) (quarter stars)") }
        return Double(quarters) / 4
    }

    static func readInteger(_ text: String?, name: String, range: ClosedRange<Int>, warnings: inout [String]) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            warnings.append("\(name) \"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound); left out")
            return nil
        }
        return value
    }

    /// A date written `yyyy/MM/dd` (Goodreads) or `yyyy-MM-dd`, as midnight UTC: four digits of year,
    /// then a month of 1 to 12 and a day of 1 to 31 in any number of digits, the day existing in that
    /// month.
    static func readDate(_ text: String?, name: String, warnings: inout [String]) -> Timestamp? {
        guard let text else { return nil }
        switch civilDate(text) {
        case let (year, month, day)?:
            guard day <= ISO8601Timestamp.daysInMonth(year: year, month: month) else {
                warnings.append("\(name) \"\(text)\" does not exist; left out")
                return nil
            }
            return Timestamp(epochMilliseconds: ISO8601Timestamp.days(fromCivil: year, month, day) * 86_400_000)
        case nil:
            warnings.append("\(name) \"\(text)\" is not a date like 2024/05/31; left out")
            return nil
        }
    }

    /// The year, month and day of `yyyy/MM/dd` or `yyyy-MM-dd`, read from the bytes, or `nil`.
    static func civilDate(_ text: String) -> (Int64, Int64, Int64)? {
        var text = text
        return text.withUTF8 { bytes -> (Int64, Int64, Int64)? in
            // The year and the month once read; `parts` of them so far.
            var year: Int64 = 0
            var month: Int64 = 0
            var parts = 0
            var value: Int64 = 0
            var digits = 0
            var partStart = 0
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") {
                    guard digits > 0, parts < 2, parts > 0 || digits == 4 else { return nil }
                    if parts == 0 { year = value } else { month = value }
                    parts += 1
                    value = 0
                    digits = 0
                    partStart = index + 1
                } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    guard digits < 12 else { return nil }
                    value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                    digits += 1
                } else if byte == UInt8(ascii: "+"), index == partStart, parts > 0 {
                    continue  // `Int("+5")` reads 5: a month or day may carry a plus sign
                } else {
                    return nil
                }
            }
            guard parts == 2, digits > 0, (1...12).contains(month), (1...31).contains(value) else { return nil }
            return (year, month, value)
        }
    }
}

extension ReadingStatus {
    /// The status an export's status or shelf text means, ignoring case, or `nil` for text the app does
    /// not know (a custom shelf). Production's mapping: `want to read`/`to-read` → to read,
    /// `currently reading`/`in progress` → reading, `finished`/`completed` → read, `paused` → on hold,
    /// `dnf`/`abandoned` → did not finish.
    public static func fromExport(_ text: String) -> ReadingStatus? {
        if let key = ExportStatusKey(text) { return exportKeys[key] }
        let key = text.trimmingSpaces().lowercased().replacing("_", with: "-").replacing(" ", with: "-")
        return ExportStatusKey(key).flatMap { exportKeys[$0] }
    }

    /// The texts `fromExport` knows, as keys.
    static let exportKeys: [ExportStatusKey: ReadingStatus] = {
        let texts: [(String, ReadingStatus)] = [
            ("to-read", .toRead), ("want-to-read", .toRead), ("tbr", .toRead), ("to-be-read", .toRead), ("toread", .toRead),
            ("wishlist", .wishlist), ("wish-list", .wishlist), ("wanted", .wishlist),
            ("currently-reading", .reading), ("reading", .reading), ("in-progress", .reading), ("currently-reading-now", .reading),
            ("read", .read), ("finished", .read), ("completed", .read), ("done", .read),
            ("paused", .onHold), ("on-hold", .onHold), ("onhold", .onHold),
            ("did-not-finish", .didNotFinish), ("dnf", .didNotFinish), ("abandoned", .didNotFinish), ("did-not-finish-dnf", .didNotFinish),
        ]
        return Dictionary(uniqueKeysWithValues: texts.map { (ExportStatusKey($0.0)!, $0.1) })
    }()
}

/// An export's status text as `ReadingStatus.fromExport` compares it: trimmed, ASCII lowercased, `_`
/// and space made `-`, packed into three words. Only all-ASCII text of at most 24 bytes has one (every
/// known status is shorter), so reading a status makes no string.
struct ExportStatusKey: Hashable {
    let words: (UInt64, UInt64, UInt64)

    init?(_ text: String) {
        var text = text
        guard let words = text.withUTF8(Self.pack) else { return nil }
        self.words = words
    }

    static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt64)? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start].isSpace { start += 1 }
        while end > start, bytes[end - 1].isSpace { end -= 1 }
        guard end - start <= 24 else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        for index in start..<end {
            var byte = bytes[index]
            guard byte < 0x80 else { return nil }
            byte = byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ") ? UInt8(ascii: "-") : TextUnits.asciiLowercased(byte)
            let offset = index - start
            let shifted = UInt64(byte) << (8 * UInt64(offset % 8))
            switch offset / 8 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            default: words.2 |= shifted
            }
        }
        return words
    }

    static func == (lhs: ExportStatusKey, rhs: ExportStatusKey) -> Bool { lhs.words == rhs.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
    }
}
