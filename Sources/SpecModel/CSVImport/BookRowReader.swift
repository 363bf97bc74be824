import TextFormats

/// Reads a book from one row of an export with a column mapping.
///
/// Seed 004_…, User Story 1 (the columns each format's books are read from) and Feature
/// Specifications §1 ("`[ParsedRow]` array with normalized titles"), with Decision D-035: a row is an
/// error, and not imported, when it has no title or no author, or when it has fewer fields than the
/// header *and* a mapped column is missing from it; a row with extra fields is read with the header's
/// columns and a warning. A field that cannot be read (an ISBN that fails its check digit, a rating of
/// "abc", an impossible date) is left out with a warning, and the book is still imported. Goodreads'
/// rating 0 means unrated. Statuses follow production's free-text mapping (`ReadingStatus.fromExport`);
/// an unknown one leaves the entry "to read" with a warning.
///
/// The import's engine reads rows from the file's bytes with `BookRowReaderEngine`, held to this by
/// `PlainAgainstEngineTests`.
public enum BookRowReader {
    /// The book of a row whose fields are `fields`, or why the row cannot be imported.
    public static func read(fields: [String], rowNumber: Int, headerCount: Int, mapping: ColumnMapping) -> Result<ImportedBook, RowIssue> {
        let fieldCount = fields.count
        if fieldCount < headerCount, mapping.highestColumn >= fieldCount {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the row has \(fieldCount) fields but the header has \(headerCount)"))
        }
        var warnings: [String] = []
        if fieldCount > headerCount {
            warnings.append("the row has \(fieldCount) fields but the header has \(headerCount); the extra fields were ignored")
        }
        /// A mapped field, trimmed; `nil` when the row has no such field or it is blank.
        func field(_ column: Int?) -> String? {
            guard let column, column < fieldCount else { return nil }
            let text = fields[column].trimmingSpaces()
            return text.isEmpty ? nil : text
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
        authors.removeAll(where: \.isEmpty)
        guard !authors.isEmpty else {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the author is empty"))
        }

        // The first ISBN found, ISBN-13 column first, then ISBN-10, then a column of either.
        var isbn: ISBNValue?
        for column in [mapping.isbn13, mapping.isbn10, mapping.isbn] where isbn == nil {
            guard let text = field(column) else { continue }
            switch ISBNValue.parse(text) {
            case let .valid(value):
                isbn = value
            case let .invalid(reason):
                // StoryGraph's `ISBN/UID` holds its own identifiers for books without an ISBN (D-066).
                if column == mapping.isbn, mapping.isbnColumnHoldsOtherIdentifiers, !ISBNValue.isWrittenWithISBNCharacters(text) { continue }
                warnings.append("ISBN left out: \(reason)")
            case .empty:
                continue
            }
        }
        let rating = field(mapping.rating).flatMap { readRating($0, zeroIsUnrated: mapping.zeroRatingIsUnrated, warnings: &warnings) }
        // The status column, else the first status among the shelves.
        var status: ReadingStatus?
        if let text = field(mapping.readingStatus) ?? field(mapping.shelves).flatMap(firstKnownShelf) {
            status = ReadingStatus.fromExport(text)
            if status == nil { warnings.append("reading status \"\(text)\" is not one the app knows; the book is \"to read\"") }
        }
        let dateRead = field(mapping.dateRead).flatMap { readDate($0, name: "date read", warnings: &warnings) }
        let dateAdded = field(mapping.dateAdded).flatMap { readDate($0, name: "date added", warnings: &warnings) }
        let pages = field(mapping.pages).flatMap { readInteger($0, name: "number of pages", range: 1...100_000, warnings: &warnings) }
        let year = field(mapping.year).flatMap { readInteger($0, name: "year", range: -3_000...3_000, warnings: &warnings) }
        let originalYear = field(mapping.originalYear).flatMap {
            readInteger($0, name: "original publication year", range: -3_000...3_000, warnings: &warnings)
        }
        return .success(ImportedBook(
            rowNumber: rowNumber,
            title: title,
            normalizedTitle: TitleNormalization.normalizedForSearch(title),
            authors: authors,
            isbn: isbn,
            rating: rating,
            readingStatus: status,
            dateRead: dateRead,
            dateAdded: dateAdded,
            publisher: field(mapping.publisher),
            pages: pages,
            year: year,
            originalYear: originalYear,
            notes: field(mapping.review) ?? field(mapping.privateNotes),
            warnings: warnings
        ))
    }

    /// The first shelf in a shelves list that is a status (`favorites, to-read` → `to-read`), read
    /// without Goodreads' position (`currently-reading (#2)` → `currently-reading`).
    static func firstKnownShelf(_ shelves: String) -> String? {
        AuthorNames.split(shelves).map { shelf in
            shelf.split(separator: "(").first.map { String($0).trimmingSpaces() } ?? shelf
        }.first { ReadingStatus.fromExport($0) != nil }
    }

    /// A rating in stars, rounded to the nearest quarter, from 0.25 to 5; 0 is unrated when the format
    /// says so.
    static func readRating(_ text: String, zeroIsUnrated: Bool, warnings: inout [String]) -> Double? {
        guard let value = Double(text), value.isFinite else {
            warnings.append("rating \"\(text)\" is not a number; left out")
            return nil
        }
        if value == 0, zeroIsUnrated { return nil }
        guard value > 0, value <= 5 else {
            warnings.append("rating \(text) is outside 0 to 5 stars; left out")
            return nil
        }
        let rounded = Double(Int(value * 4 + 0.5)) / 4
        if rounded != value { warnings.append("rating \(text) was rounded to \(rounded) (quarter stars)") }
        return rounded
    }

    /// A whole number within `range`.
    static func readInteger(_ text: String, name: String, range: ClosedRange<Int>, warnings: inout [String]) -> Int? {
        guard let value = Int(text), range.contains(value) else {
            warnings.append("\(name) \"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound); left out")
            return nil
        }
        return value
    }

    /// A date written `yyyy/MM/dd` (Goodreads) or `yyyy-MM-dd`, as midnight UTC: four digits of year,
    /// then a month of 1 to 12 and a day of 1 to 31 as `Int` reads them (a leading `+` allowed), the
    /// day existing in that month.
    static func readDate(_ text: String, name: String, warnings: inout [String]) -> Timestamp? {
        let parts = text.unicodeScalars.split(omittingEmptySubsequences: false) { $0 == "/" || $0 == "-" }.map(TitleNormalization.string)
        guard parts.count == 3, parts[0].unicodeScalars.count == 4, parts[0].unicodeScalars.allSatisfy(TitleNormalization.isASCIIDigit),
            let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]), (1...31).contains(day)
        else {
            warnings.append("\(name) \"\(text)\" is not a date like 2024/05/31; left out")
            return nil
        }
        guard day <= ISO8601Timestamp.daysInMonth(year: Int64(year), month: Int64(month)) else {
            warnings.append("\(name) \"\(text)\" does not exist; left out")
            return nil
        }
        return Timestamp(epochMilliseconds: ISO8601Timestamp.days(fromCivil: Int64(year), Int64(month), Int64(day)) * 86_400_000)
    }
}

extension ReadingStatus {
    /// The status an export's status or shelf text means, or `nil` for text the app does not know (a
    /// custom shelf): seed 004_…, User Story 1 (Goodreads' `Exclusive Shelf`, StoryGraph's `Read
    /// Status`), with production's mapping: `want to read`/`to-read` → to read, `currently reading`/`in
    /// progress` → reading, `finished`/`completed` → read, `paused` → on hold, `dnf`/`abandoned` → did
    /// not finish. The text is trimmed and lowercased, and `_` and spaces read as `-`.
    public static func fromExport(_ text: String) -> ReadingStatus? {
        exportStatuses[text.trimmingSpaces().lowercased().replacing("_", with: "-").replacing(" ", with: "-")]
    }

    /// The texts `fromExport` knows, and their statuses.
    static let exportTexts: [(String, ReadingStatus)] = [
        ("to-read", .toRead), ("want-to-read", .toRead), ("tbr", .toRead), ("to-be-read", .toRead), ("toread", .toRead),
        ("wishlist", .wishlist), ("wish-list", .wishlist), ("wanted", .wishlist),
        ("currently-reading", .reading), ("reading", .reading), ("in-progress", .reading), ("currently-reading-now", .reading),
        ("read", .read), ("finished", .read), ("completed", .read), ("done", .read),
        ("paused", .onHold), ("on-hold", .onHold), ("onhold", .onHold),
        ("did-not-finish", .didNotFinish), ("dnf", .didNotFinish), ("abandoned", .didNotFinish), ("did-not-finish-dnf", .didNotFinish),
    ]

    static let exportStatuses = Dictionary(uniqueKeysWithValues: exportTexts)
}
