import Fixtures
import SpecModel
import Testing
import Workloads

/// Every behaviour of the parser on exact bytes: the rows (number, line, offset, fields) or the
/// error and its offset, the same in one chunk, in 1-, 2- and 3-byte chunks and by pulling
/// (Seed: 004_…, Feature Specifications §1 and User Story 1; the production notes on Goodreads,
/// LibraryThing and StoryGraph exports).
@Suite struct CSVExactCaseTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let dialect: CSVDialect
        let limits: CSVLimits
        let rows: [CSVRow]
        let error: CSVParseError?

        init(_ name: String, _ text: String, dialect: CSVDialect = .comma, limits: CSVLimits = .default, _ rows: [CSVRow], error: CSVParseError? = nil) {
            self.init(name, bytes: Array(text.utf8), dialect: dialect, limits: limits, rows, error: error)
        }

        init(_ name: String, bytes: [UInt8], dialect: CSVDialect = .comma, limits: CSVLimits = .default, _ rows: [CSVRow], error: CSVParseError? = nil) {
            self.name = name
            self.bytes = bytes
            self.dialect = dialect
            self.limits = limits
            self.rows = rows
            self.error = error
        }

        var testDescription: String { name }
    }

    /// A row: record number, line, byte offset, fields.
    static func row(_ number: Int, _ line: Int, _ offset: Int, _ fields: [String]) -> CSVRow {
        CSVRow(number: number, lineNumber: line, byteOffset: offset, fields: fields)
    }

    static let parsed: [Example] = [
        // Records and terminators.
        Example("two records ending in LF", "a,b,c\n1,2,3\n", [row(1, 1, 0, ["a", "b", "c"]), row(2, 2, 6, ["1", "2", "3"])]),
        Example("CRLF terminators", "a,b\r\nc,d\r\n", [row(1, 1, 0, ["a", "b"]), row(2, 2, 5, ["c", "d"])]),
        Example("CR-only terminators (old Mac exports)", "a,b\rc,d\r", [row(1, 1, 0, ["a", "b"]), row(2, 2, 4, ["c", "d"])]),
        Example("LF, CRLF and CR mixed in one file", "a\nb\r\nc\rd", [row(1, 1, 0, ["a"]), row(2, 2, 2, ["b"]), row(3, 3, 5, ["c"]), row(4, 4, 7, ["d"])]),
        Example("no final line break", "a,b\nc,d", [row(1, 1, 0, ["a", "b"]), row(2, 2, 4, ["c", "d"])]),
        Example("empty file", "", []),
        Example("only blank lines", "\n\r\n\r\n", []),
        Example("blank lines at the start", "\n\r\na\n", [row(1, 3, 3, ["a"])]),
        Example("blank lines in the middle and at the end", "a\n\n\r\n\rb\n\n\n", [row(1, 1, 0, ["a"]), row(2, 5, 6, ["b"])]),
        Example("a line of spaces is a record of one field", "a\n  \nb\n", [row(1, 1, 0, ["a"]), row(2, 2, 2, ["  "]), row(3, 3, 5, ["b"])]),
        // Fields.
        Example("a trailing delimiter ends with an empty field", "a,b,\n", [row(1, 1, 0, ["a", "b", ""])]),
        Example("a trailing delimiter at the end of the file", "a,", [row(1, 1, 0, ["a", ""])]),
        Example("delimiters only", ",,\n", [row(1, 1, 0, ["", "", ""])]),
        Example("whitespace around fields is kept", " a , b \n", [row(1, 1, 0, [" a ", " b "])]),
        Example("control characters and a tab are text in a comma file", "a\u{1}b\tc,d\n", [row(1, 1, 0, ["a\u{1}b\tc", "d"])]),
        Example("non-ASCII text", "Café,Мир,三体,😀\n", [row(1, 1, 0, ["Café", "Мир", "三体", "😀"])]),
        // Quotes.
        Example("a quoted field holds the delimiter", "\"a,b\",c\n", [row(1, 1, 0, ["a,b", "c"])]),
        Example("doubled quotes are one quote", "\"say \"\"hi\"\"\"\n", [row(1, 1, 0, ["say \"hi\""])]),
        Example("an empty quoted field", "\"\",a\n", [row(1, 1, 0, ["", "a"])]),
        Example("a lone empty quoted field is a record, not a blank line", "\"\"\n", [row(1, 1, 0, [""])]),
        Example("a field of one escaped quote", "a,\"\"\"\"\n", [row(1, 1, 0, ["a", "\""])]),
        Example("a quoted field closed at the end of the file", "\"abc\"", [row(1, 1, 0, ["abc"])]),
        Example("LF inside quotes", "\"a\nb\",c\nd\n", [row(1, 1, 0, ["a\nb", "c"]), row(2, 3, 8, ["d"])]),
        Example("CRLF inside quotes is one line break", "\"a\r\nb\",c\nd\n", [row(1, 1, 0, ["a\r\nb", "c"]), row(2, 3, 9, ["d"])]),
        Example("CR inside quotes", "\"a\rb\",c\rd\r", [row(1, 1, 0, ["a\rb", "c"]), row(2, 3, 8, ["d"])]),
        Example("a quote inside an unquoted field is text, as Excel reads it", "ab\"c,d\"\n", [row(1, 1, 0, ["ab\"c", "d\""])]),
        Example("spaces before an opening quote make it text", " \"a\",b\n", [row(1, 1, 0, [" \"a\"", "b"])]),
        // Goodreads' Excel guard on ISBNs (production notes).
        Example("Goodreads ISBN guard", "\"=\"\"0525540679\"\"\"\n", [row(1, 1, 0, ["=\"0525540679\""])]),
        Example("Goodreads empty ISBN guard", "\"=\"\"\"\"\"\n", [row(1, 1, 0, ["=\"\""])]),
        Example(
            "the fields after a guarded ISBN are intact (the production bug read the closing quotes as a new opening quote)",
            "1,\"=\"\"0525540679\"\"\",\"=\"\"9780525540670\"\"\",4,x\n2,\"=\"\"\"\"\",\"=\"\"\"\"\",0,y\n",
            [
                row(1, 1, 0, ["1", "=\"0525540679\"", "=\"9780525540670\"", "4", "x"]),
                row(2, 2, 45, ["2", "=\"\"", "=\"\"", "0", "y"]),
            ]
        ),
        // Byte-order marks.
        Example("a byte-order mark is skipped, and offsets count it", "\u{FEFF}a,b\nc\n", [row(1, 1, 3, ["a", "b"]), row(2, 2, 7, ["c"])]),
        Example("a byte-order mark alone", "\u{FEFF}", []),
        Example("a byte-order mark before a blank line", "\u{FEFF}\na\n", [row(1, 2, 4, ["a"])]),
        Example("U+FEFF after the start is text", "a\n\u{FEFF}b\n", [row(1, 1, 0, ["a"]), row(2, 2, 2, ["\u{FEFF}b"])]),
        Example("two byte-order marks: the second is text", "\u{FEFF}\u{FEFF}a\n", [row(1, 1, 3, ["\u{FEFF}a"])]),
        // Short files that start like a signature are text.
        Example("PK alone is text", "PK\n", [row(1, 1, 0, ["PK"])]),
        Example("%PDF without its dash is text", "%PDF\n", [row(1, 1, 0, ["%PDF"])]),
        // Tab-separated.
        Example("tab-separated with a quoted tab", "a\tb\t\"c\td\"\n", dialect: .tab, [row(1, 1, 0, ["a", "b", "c\td"])]),
        Example("commas are text in a tab-separated file", "a,b\tc\n", dialect: .tab, [row(1, 1, 0, ["a,b", "c"])]),
        Example(
            "LibraryThing's tab-separated export",
            "Title\tPrimary Author\tISBN\tRating\tDate Started\tDate Read\tTags\n"
                + "The Night Watchman\tErdrich, Louise\t9780525540670\t4.5\t2021-01-02\t2021-01-20\tfiction, book-club\n",
            dialect: .tab,
            [
                row(1, 1, 0, ["Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags"]),
                row(2, 2, 61, ["The Night Watchman", "Erdrich, Louise", "9780525540670", "4.5", "2021-01-02", "2021-01-20", "fiction, book-club"]),
            ]
        ),
        Example(
            "LibraryThing's columns as the seed lists them",
            "TITLE,\"AUTHOR (first, last)\",ISBN,RATING\r\nCirce,Madeline Miller,0316556343,5\r\n",
            [row(1, 1, 0, ["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"]), row(2, 2, 42, ["Circe", "Madeline Miller", "0316556343", "5"])]
        ),
        Example(
            "StoryGraph's quarter stars and statuses",
            "Title,Authors,ISBN/UID,Star Rating,Read Status\nPiranesi,Susanna Clarke,9781635575637,3.75,did-not-finish\n",
            [
                row(1, 1, 0, ["Title", "Authors", "ISBN/UID", "Star Rating", "Read Status"]),
                row(2, 2, 47, ["Piranesi", "Susanna Clarke", "9781635575637", "3.75", "did-not-finish"]),
            ]
        ),
        Example(
            "Goodreads' real header and a row with guarded ISBNs and a review of commas, quotes and line breaks",
            goodreadsHeaderLine + "\n" + goodreadsRowLine + "\n",
            [row(1, 1, 0, goodreadsHeader), row(2, 2, goodreadsHeaderLine.utf8.count + 1, goodreadsRowFields)]
        ),
    ]

    static let goodreadsHeaderLine = "Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,"
        + "Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
        + "Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies"
    static let goodreadsHeader = [
        "Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating", "Average Rating",
        "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year", "Date Read", "Date Added",
        "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review", "Spoiler", "Private Notes", "Read Count",
        "Owned Copies",
    ]
    static let goodreadsRowLine = CSVTableFixture.goodreadsRowLine
    static let goodreadsRowFields = CSVTableFixture.goodreadsRowFields

    @Test(arguments: parsed)
    func validFilesGiveExactlyTheseRowsInAnyChunking(example: Example) {
        expectOutcome(example)
    }

    static let rejected: [Example] = [
        // Quotes.
        Example("text after a closing quote", "\"ab\"c,d\n", [], error: .textAfterClosingQuote(byte: UInt8(ascii: "c"), offset: 4, record: 1, line: 1)),
        Example("a space after a closing quote", "\"ab\" ,d\n", [], error: .textAfterClosingQuote(byte: 0x20, offset: 4, record: 1, line: 1)),
        Example(
            "text after a closing quote in a later record, after a line break inside quotes",
            "x\n\"a\nb\"c\n", [row(1, 1, 0, ["x"])], error: .textAfterClosingQuote(byte: UInt8(ascii: "c"), offset: 7, record: 2, line: 3)
        ),
        Example("an unterminated quoted field, at its opening quote", "a,\"bc", [], error: .unterminatedQuotedField(offset: 2, record: 1, line: 1)),
        Example(
            "an unterminated quoted field spanning lines",
            "a\n\"b\nc,d\n", [row(1, 1, 0, ["a"])], error: .unterminatedQuotedField(offset: 2, record: 2, line: 2)
        ),
        Example("an unterminated field ending in an escaped quote", "\"a\"\"", [], error: .unterminatedQuotedField(offset: 0, record: 1, line: 1)),
        // UTF-8.
        Example("a lone continuation byte", bytes: [0x61, 0x80, 0x0A], [], error: .invalidUTF8(.unexpectedContinuationByte, offset: 1, record: 1, line: 1)),
        Example("an overlong two-byte form", bytes: [0x61, 0x2C, 0xC0, 0x80], [], error: .invalidUTF8(.overlongEncoding, offset: 2, record: 1, line: 1)),
        Example("an overlong three-byte form", bytes: [0xE0, 0x80, 0x80], [], error: .invalidUTF8(.overlongEncoding, offset: 0, record: 1, line: 1)),
        Example("an overlong four-byte form", bytes: [0xF0, 0x80, 0x80, 0x80], [], error: .invalidUTF8(.overlongEncoding, offset: 0, record: 1, line: 1)),
        Example("an encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], [], error: .invalidUTF8(.encodedSurrogate, offset: 1, record: 1, line: 1)),
        Example("a code point above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], [], error: .invalidUTF8(.beyondUnicode, offset: 0, record: 1, line: 1)),
        Example("a byte that never appears in UTF-8", bytes: [0x61, 0x0A, 0x62, 0xF5], [row(1, 1, 0, ["a"])], error: .invalidUTF8(.invalidLeadByte, offset: 3, record: 2, line: 2)),
        Example("0xFF inside a quoted field", bytes: [0x22, 0x0A, 0xFF, 0x22], [], error: .invalidUTF8(.invalidLeadByte, offset: 2, record: 1, line: 2)),
        Example("a sequence cut by a delimiter", bytes: [0xE2, 0x82, 0x2C], [], error: .invalidUTF8(.truncatedSequence, offset: 0, record: 1, line: 1)),
        Example("a sequence cut by a line break", bytes: [0x61, 0xC3, 0x0A], [], error: .invalidUTF8(.truncatedSequence, offset: 1, record: 1, line: 1)),
        Example("a sequence cut by the end of the file", bytes: [0x61, 0xE2, 0x82], [], error: .invalidUTF8(.truncatedSequence, offset: 1, record: 1, line: 1)),
        Example("Latin-1 text (é as 0xE9)", bytes: Array("Caf".utf8) + [0xE9, 0x2C, 0x78], [], error: .invalidUTF8(.truncatedSequence, offset: 3, record: 1, line: 1)),
        // Not CSV.
        Example("a NUL byte", bytes: [0x61, 0x00, 0x62], [], error: .notCSV(reason: .nulByte, offset: 1)),
        Example("a NUL byte inside quotes, after a row", bytes: Array("a\n\"".utf8) + [0x00, 0x22], [row(1, 1, 0, ["a"])], error: .notCSV(reason: .nulByte, offset: 3)),
        Example("UTF-16 little-endian text", bytes: [0xFF, 0xFE, 0x61, 0x00, 0x2C, 0x00], [], error: .notCSV(reason: .utf16ByteOrderMark, offset: 0)),
        Example("UTF-16 big-endian text", bytes: [0xFE, 0xFF, 0x00, 0x61], [], error: .notCSV(reason: .utf16ByteOrderMark, offset: 0)),
        Example("a PDF", "%PDF-1.7\n%âãÏÓ\n", [], error: .notCSV(reason: .pdfDocument, offset: 0)),
        Example("an .xlsx (a ZIP archive)", bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08], [], error: .notCSV(reason: .zipArchive, offset: 0)),
        Example("a legacy .xls", bytes: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0x00], [], error: .notCSV(reason: .legacyExcelWorkbook, offset: 0)),
        Example("gzip", bytes: [0x1F, 0x8B, 0x08, 0x00], [], error: .notCSV(reason: .gzipArchive, offset: 0)),
        Example("a PNG", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], [], error: .notCSV(reason: .pngImage, offset: 0)),
        Example("a JPEG", bytes: [0xFF, 0xD8, 0xFF, 0xE0], [], error: .notCSV(reason: .jpegImage, offset: 0)),
        Example("a GIF", "GIF89a\u{1}", [], error: .notCSV(reason: .gifImage, offset: 0)),
        Example("a 3-byte JPEG signature and nothing else", bytes: [0xFF, 0xD8, 0xFF], [], error: .notCSV(reason: .jpegImage, offset: 0)),
        // Limits.
        Example(
            "a field over fieldBytesMax, at the field's first byte", "ab,cdef,g\n", limits: CSVLimits(fieldBytesMax: 3),
            [], error: .fieldTooLong(fieldBytesMax: 3, offset: 3, record: 1, line: 1)
        ),
        Example(
            "a quoted field over fieldBytesMax, at its opening quote", "x\n\"a\"\"bc\"\n", limits: CSVLimits(fieldBytesMax: 3),
            [row(1, 1, 0, ["x"])], error: .fieldTooLong(fieldBytesMax: 3, offset: 2, record: 2, line: 2)
        ),
        Example(
            "a record over rowBytesMax, at its first byte", "ab\nabc,de\n", limits: CSVLimits(rowBytesMax: 5),
            [row(1, 1, 0, ["ab"])], error: .rowTooLong(rowBytesMax: 5, offset: 3, record: 2, line: 2)
        ),
        Example(
            "a record over rowBytesMax inside quotes", "\"a\nbcdef\"\n", limits: CSVLimits(rowBytesMax: 5),
            [], error: .rowTooLong(rowBytesMax: 5, offset: 0, record: 1, line: 1)
        ),
        Example(
            "the second quote of an escaped pair beyond rowBytesMax, at the end of the file", "\"a\"\"", limits: CSVLimits(rowBytesMax: 3),
            [], error: .rowTooLong(rowBytesMax: 3, offset: 0, record: 1, line: 1)
        ),
        Example(
            "a field beyond columnsMax, at its first byte", "a,b\nc,d,e\n", limits: CSVLimits(columnsMax: 2),
            [row(1, 1, 0, ["a", "b"])], error: .tooManyColumns(columnsMax: 2, offset: 8, record: 2, line: 2)
        ),
        Example(
            "an empty field beyond columnsMax", "a,b,\n", limits: CSVLimits(columnsMax: 2),
            [], error: .tooManyColumns(columnsMax: 2, offset: 4, record: 1, line: 1)
        ),
    ]

    @Test(arguments: rejected)
    func invalidFilesGiveExactlyThisErrorInAnyChunking(example: Example) {
        expectOutcome(example)
    }

    static let atTheLimits: [Example] = [
        Example("a field of exactly fieldBytesMax", "abc,\"a\"\"b\"\n", limits: CSVLimits(fieldBytesMax: 3), [row(1, 1, 0, ["abc", "a\"b"])]),
        Example("a record of exactly rowBytesMax, its CRLF excluded", "abc,d\r\nx\n", limits: CSVLimits(rowBytesMax: 5), [row(1, 1, 0, ["abc", "d"]), row(2, 2, 7, ["x"])]),
        Example("a record of exactly columnsMax fields", "a,b\n,\n", limits: CSVLimits(columnsMax: 2), [row(1, 1, 0, ["a", "b"]), row(2, 2, 4, ["", ""])]),
        Example(
            "limits of Int.max are no limits", "a,\"b\"\nc\n", limits: CSVLimits(fieldBytesMax: .max, rowBytesMax: .max, columnsMax: .max),
            [row(1, 1, 0, ["a", "b"]), row(2, 2, 6, ["c"])]
        ),
    ]

    @Test(arguments: atTheLimits)
    func filesAtTheLimitsAreAccepted(example: Example) {
        expectOutcome(example)
    }

    /// The error stops the parser: later calls throw it again, and later bytes are not read.
    @Test func afterAnErrorEveryCallThrowsTheSameError() throws {
        var parser = CSVParser()
        let expected = CSVParseError.textAfterClosingQuote(byte: UInt8(ascii: "x"), offset: 11, record: 2, line: 2)
        var rows: [[String]] = []
        #expect(throws: expected) { try parser.feed(Array("a,b,c,d\n\"a\"x".utf8)) { rows.append($0.fields) } }
        #expect(rows == [["a", "b", "c", "d"]])
        #expect(throws: expected) { try parser.feed(Array("\nb,c\n".utf8)) { _ in Issue.record("a row after the error") } }
        #expect(throws: expected) { try parser.finish { _ in Issue.record("a row after the error") } }

        var reader = CSVRowReader(bytes: Array("ok\n\"a\"x\nb\n".utf8))
        #expect(try reader.next()?.fields == ["ok"])
        let later = CSVParseError.textAfterClosingQuote(byte: UInt8(ascii: "x"), offset: 6, record: 2, line: 2)
        #expect(throws: later) { try reader.next() }
        #expect(throws: later) { try reader.next() }
    }

    /// The first 8 bytes are held until the file's signature is checked, so a record inside them
    /// arrives with the 8th byte or at `finish`, never before.
    @Test func theFirstEightBytesWaitForTheSignatureCheck() throws {
        var parser = CSVParser()
        var rows: [[String]] = []
        try parser.feed(Array("a\nb\n".utf8)) { rows.append($0.fields) }
        #expect(rows.isEmpty)
        #expect(parser._bufferedBytes == 4)
        try parser.feed(Array("cd\ne".utf8)) { rows.append($0.fields) }
        #expect(rows == [["a"], ["b"], ["cd"]])
        try parser.finish { rows.append($0.fields) }
        #expect(rows == [["a"], ["b"], ["cd"], ["e"]])
    }

    /// An error thrown by the consumer stops the parse the same way.
    @Test func anErrorFromTheConsumerStopsTheParse() {
        var parser = CSVParser()
        let stop = CSVParseError.rowTooLong(rowBytesMax: 0, offset: 0, record: 1, line: 1)
        #expect(throws: stop) { try parser.feed(Array("a\nb\nc\nd\n".utf8)) { (_: CSVRow) throws(CSVParseError) in throw stop } }
        #expect(throws: stop) { try parser.finish { _ in } }
    }

    /// After the last row, the reader returns nil as often as it is asked.
    @Test func theReaderKeepsReturningNilAtTheEnd() throws {
        var reader = CSVRowReader(bytes: Array("a\nb".utf8))
        #expect(try reader.next()?.fields == ["a"])
        #expect(try reader.next()?.fields == ["b"])
        #expect(try reader.next() == nil)
        #expect(try reader.next() == nil)
        #expect(reader.byteOffset == 3)
    }

    /// Every error names what went wrong, where, and (inside a record) which record and line.
    @Test(arguments: rejected)
    func errorDescriptionsNameTheOffset(example: Example) throws {
        let error = try #require(example.error)
        #expect(error.description.contains("byte \(error.offset)"))
        if let record = error.record { #expect(error.description.contains("record \(record)")) }
    }

    func expectOutcome(_ example: Example, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = CSVParsingOutcome(rows: example.rows, error: example.error)
        #expect(CSVParsing.plain(example.bytes, dialect: example.dialect, limits: example.limits) == expected, "the plain reader", sourceLocation: sourceLocation)
        #expect(CSVParsing.parse(example.bytes, dialect: example.dialect, limits: example.limits) == expected, "one chunk", sourceLocation: sourceLocation)
        for size in 1...3 {
            #expect(
                CSVParsing.parse(example.bytes, chunkSizes: [size], dialect: example.dialect, limits: example.limits) == expected,
                "\(size)-byte chunks", sourceLocation: sourceLocation
            )
        }
        #expect(CSVParsing.read(example.bytes, dialect: example.dialect, limits: example.limits) == expected, "pulled", sourceLocation: sourceLocation)
    }
}
