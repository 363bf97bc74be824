import InternalChecks
import TextFormats

/// The import's row reader: `BookRowReader` on a record's fields as bytes of the file, making a
/// `String` only of the values the book keeps; numbers, dates, statuses and ISBNs are read from the
/// bytes (Decisions D-110, D-111). `PlainAgainstEngineTests` holds it to `BookRowReader`.
package enum BookRowReaderEngine {
    /// `BookRowReader.read(fields:…)`, through the same byte path the import takes.
    package static func read(fields: [String], rowNumber: Int, headerCount: Int, mapping: ColumnMapping) -> Result<ImportedBook, RowIssue> {
        read(StringRowFields(fields: fields), rowNumber: rowNumber, headerCount: headerCount, mapping: mapping)
    }

    /// The book of every data record of a file, read from the fields the parser lends, as the import
    /// reads them; for tests.
    package static func _readRecords(of bytes: [UInt8], dialect: CSVDialect, mapping: ColumnMapping) throws(CSVParseError) -> [Result<ImportedBook, RowIssue>] {
        var reader = CSVRowReader(bytes: bytes, dialect: dialect)
        guard let header = try reader.next() else { return [] }
        var books: [Result<ImportedBook, RowIssue>] = []
        while let book = try reader.withNextRecord({ row, fields throws(CSVParseError) in
            read(fields, rowNumber: row.number, headerCount: header.fields.count, mapping: mapping)
        }) {
            books.append(book)
        }
        return books
    }

    /// `BookRowReader.read(fields:…)` on a row's fields as bytes.
    static func read(_ fields: some BookRowFields, rowNumber: Int, headerCount: Int, mapping: ColumnMapping) -> Result<ImportedBook, RowIssue> {
        let fieldCount = fields.count
        if fieldCount < headerCount, mapping.highestColumn >= fieldCount {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the row has \(fieldCount) fields but the header has \(headerCount)"))
        }
        var warnings: [String] = []
        if fieldCount > headerCount {
            warnings.append("the row has \(fieldCount) fields but the header has \(headerCount); the extra fields were ignored")
        }
        /// Gives `body` a mapped field's bytes, trimmed; `nil` when the row has no such field or it is blank.
        func withField<Value>(_ column: Int?, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value? {
            guard let column, column < fieldCount else { return nil }
            return fields.withBytes(of: column) { TrimmedField.with($0, body) }
        }
        func field(_ column: Int?) -> String? {
            withField(column) { String(checkedUTF8: $0) }
        }
        guard let title = field(mapping.title) else {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the title is empty"))
        }
        var authors: [String] = []
        if let primary = field(mapping.author) {
            authors = mapping.authorColumnIsList ? AuthorNamesEngine.split(primary) : [AuthorNamesEngine.cleaned(primary)]
        } else if let lastFirst = field(mapping.authorLastFirst) {
            authors = [AuthorNamesEngine.firstLast(fromLastFirst: lastFirst)]
        }
        if let additional = field(mapping.additionalAuthors) {
            for name in AuthorNamesEngine.split(additional) where !authors.contains(name) { authors.append(name) }
        }
        if authors.contains(where: \.isEmpty) { authors.removeAll(where: \.isEmpty) }
        guard !authors.isEmpty else {
            return .failure(RowIssue(rowNumber: rowNumber, reason: "the author is empty"))
        }
        var isbn: ISBNValue?
        for choice in 0..<3 {  // ISBN-13, then ISBN-10, then a single ISBN column (no array per row)
            guard isbn == nil else { break }
            let column = choice == 0 ? mapping.isbn13 : choice == 1 ? mapping.isbn10 : mapping.isbn
            let parsed: ISBNValue.Parsed? = withField(column) { bytes in
                switch ISBNValueEngine.parse(bytes: bytes, field: String(checkedUTF8: bytes)) {
                case let .invalid(reason):
                    if column == mapping.isbn, mapping.isbnColumnHoldsOtherIdentifiers, !ISBNValueEngine.isWrittenWithISBNCharacters(bytes) { return .empty }
                    return .invalid(reason)
                case let other:
                    return other
                }
            }
            switch parsed {
            case let .valid(value)?: isbn = value
            case let .invalid(reason)?: warnings.append("ISBN left out: \(reason)")
            case .empty?, nil: break
            }
        }
        let rating = withField(mapping.rating) { readRating($0, zeroIsUnrated: mapping.zeroRatingIsUnrated, warnings: &warnings) } ?? nil
        var status: ReadingStatus?
        // The status column's text, read as packed bytes (its text made only for a warning), else
        // the first status among the shelves.
        let statusColumn: (status: ReadingStatus?, text: String)? = withField(mapping.readingStatus) { bytes in
            if let key = ExportStatusKey.pack(bytes), let known = exportStatus(key) { return (known, "") }
            let text = String(checkedUTF8: bytes)
            return (ReadingStatus.fromExport(text), text)
        }
        if let (known, text) = statusColumn ?? field(mapping.shelves).flatMap(firstKnownShelf).map({ (ReadingStatus.fromExport($0), $0) }) {
            status = known
            if status == nil { warnings.append("reading status \"\(text)\" is not one the app knows; the book is \"to read\"") }
        }
        let dateRead = withField(mapping.dateRead) { readDate($0, name: "date read", warnings: &warnings) } ?? nil
        let dateAdded = withField(mapping.dateAdded) { readDate($0, name: "date added", warnings: &warnings) } ?? nil
        let publisher = field(mapping.publisher)
        let pages = withField(mapping.pages) { readInteger($0, name: "number of pages", range: 1...100_000, warnings: &warnings) } ?? nil
        let year = withField(mapping.year) { readInteger($0, name: "year", range: -3_000...3_000, warnings: &warnings) } ?? nil
        let originalYear = withField(mapping.originalYear) {
            readInteger($0, name: "original publication year", range: -3_000...3_000, warnings: &warnings)
        } ?? nil
        return .success(ImportedBook(
            rowNumber: rowNumber,
            title: title,
            normalizedTitle: TitleNormalizationEngine.normalizedForSearch(title),
            authors: authors,
            isbn: isbn,
            rating: rating,
            readingStatus: status,
            dateRead: dateRead,
            dateAdded: dateAdded,
            publisher: publisher,
            pages: pages,
            year: year,
            originalYear: originalYear,
            notes: field(mapping.review) ?? field(mapping.privateNotes),
            warnings: warnings
        ))
    }

    /// The status a packed status text names, or `nil`.
    @inline(__always)
    static func exportStatus(_ key: (UInt64, UInt64, UInt64)) -> ReadingStatus? {
        exportKeys[ExportStatusKey(words: key)]
    }

    /// `ReadingStatus.exportTexts`, packed.
    static let exportKeys: [ExportStatusKey: ReadingStatus] = {
        var keys: [ExportStatusKey: ReadingStatus] = [:]
        for (text, status) in ReadingStatus.exportTexts {
            // The texts are constants, all ASCII and at most 18 bytes: within `pack`'s 24.
            guard let key = ExportStatusKey(text) else { preconditionFailure("the known status \(text) does not pack") }
            keys[key] = status
        }
        return keys
    }()

    /// `BookRowReader.firstKnownShelf`, splitting by the engine.
    static func firstKnownShelf(_ shelves: String) -> String? {
        AuthorNamesEngine.split(shelves).map { shelf in
            // Goodreads' "Bookshelves with positions" form: "currently-reading (#2)".
            shelf.split(separator: "(").first.map { String($0).trimmingSpaces() } ?? shelf
        }.first { ReadingStatus.fromExport($0) != nil }
    }

    /// A rating in quarter stars, 0.25 to 5; 0 is unrated when the format says so.
    static func readRating(_ bytes: UnsafeBufferPointer<UInt8>, zeroIsUnrated: Bool, warnings: inout [String]) -> Double? {
        guard let value = DecimalText.double(bytes) ?? Double(String(checkedUTF8: bytes)), value.isFinite else {
            warnings.append("rating \"\(String(checkedUTF8: bytes))\" is not a number; left out")
            return nil
        }
        if value == 0, zeroIsUnrated { return nil }
        guard value > 0, value <= 5 else {
            warnings.append("rating \(String(checkedUTF8: bytes)) is outside 0 to 5 stars; left out")
            return nil
        }
        let quarters = Int(value * 4 + 0.5)
        if Double(quarters) / 4 != value {
            warnings.append("rating \(String(checkedUTF8: bytes)) was rounded to \(Double(quarters) / 4) (quarter stars)")
        }
        return Double(quarters) / 4
    }

    static func readInteger(_ bytes: UnsafeBufferPointer<UInt8>, name: String, range: ClosedRange<Int>, warnings: inout [String]) -> Int? {
        guard let value = DecimalText.integer(bytes), range.contains(value) else {
            warnings.append("\(name) \"\(String(checkedUTF8: bytes))\" is not a whole number from \(range.lowerBound) to \(range.upperBound); left out")
            return nil
        }
        return value
    }

    /// A date written `yyyy/MM/dd` (Goodreads) or `yyyy-MM-dd`, as midnight UTC: four digits of year,
    /// then a month of 1 to 12 and a day of 1 to 31 in any number of digits, the day existing in that
    /// month.
    static func readDate(_ bytes: UnsafeBufferPointer<UInt8>, name: String, warnings: inout [String]) -> Timestamp? {
        let text = { String(checkedUTF8: bytes) }
        switch civilDate(bytes) {
        case let (year, month, day)?:
            guard day <= ISO8601Timestamp.daysInMonth(year: year, month: month) else {
                warnings.append("\(name) \"\(text())\" does not exist; left out")
                return nil
            }
            return Timestamp(epochMilliseconds: ISO8601Timestamp.days(fromCivil: year, month, day) * 86_400_000)
        case nil:
            warnings.append("\(name) \"\(text())\" is not a date like 2024/05/31; left out")
            return nil
        }
    }

    /// The year, month and day of `yyyy/MM/dd` or `yyyy-MM-dd`, read from the bytes, or `nil`.
    static func civilDate(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int64, Int64, Int64)? {
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
                // Capped far above any month or day, so leading zeros never overflow and a long
                // number is out of range, as `Int` reads them.
                value = Swift.min(value * 10 + Int64(byte - UInt8(ascii: "0")), 100_000)
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

    init(words: (UInt64, UInt64, UInt64)) {
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
            internalCheck(offset < 24, "ExportStatusKey.pack: byte \(offset) of a key of at most 24")
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

    // The dictionary of known statuses asks for this once per row: a fixed mix of the words costs a
    // fraction of a seeded hash, and the keys are the app's own texts, chosen by no one.
    func _rawHashValue(seed: Int) -> Int {
        let mixed = ByteHash.finish(words.0 ^ ByteHash.finish(words.1 ^ ByteHash.finish(words.2)))
        return Int(truncatingIfNeeded: mixed ^ UInt64(truncatingIfNeeded: seed))
    }
}
