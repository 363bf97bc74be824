import Fixtures
import Generators
import SpecModel

/// One fixed file of the record reading suite and what a reader must make of it.
struct CSVReadingCase: Sendable {
    enum Expectation: Sendable {
        /// Must be read, to exactly these records.
        case accept([[String]])
        /// Must be rejected with this error, after delivering these records.
        case reject(before: [[String]], error: CSVReadError)
        /// May be read (to exactly `ifAccepted`) or rejected (after delivering exactly `before`).
        case either(before: [[String]], ifAccepted: [[String]])
    }

    let name: String
    let bytes: [UInt8]
    let dialect: CSVDialect
    let expectation: Expectation
    let pins: String
    /// The chunkings the case is read in: chunk sizes, cycled (see `CSVReadingCases.chunks`).
    let chunkings: [[Int]]

    static let smallChunkings: [[Int]] = [[], [1], [2], [3], [0, 1, 5, 2]]

    init(_ name: String, bytes: [UInt8], dialect: CSVDialect = .comma, _ expectation: Expectation, pins: String, chunkings: [[Int]] = smallChunkings) {
        self.name = name
        self.bytes = bytes
        self.dialect = dialect
        self.expectation = expectation
        self.pins = pins
        self.chunkings = chunkings
    }

    init(_ name: String, _ text: String, dialect: CSVDialect = .comma, _ expectation: Expectation, pins: String) {
        self.init(name, bytes: Array(text.utf8), dialect: dialect, expectation, pins: pins)
    }

    var example: ConformanceExample<CSVReadingCase> { ConformanceExample(name, self, pins: pins) }
}

/// The fixed files and generators of the record reading suite.
enum CSVReadingCases {
    /// The pin of a file whose records RFC 4180 fixes (the vectors mark such a case RFC 4180's).
    static let rfc = "RFC 4180"

    static func accept(_ name: String, _ text: String, _ records: [[String]], dialect: CSVDialect = .comma, pins: String = rfc) -> CSVReadingCase {
        CSVReadingCase(name, text, dialect: dialect, .accept(records), pins: pins)
    }

    static func reject(_ name: String, _ text: String, before: [[String]] = [], _ kind: CSVReadError.Kind, _ offset: Int, record: Int?, line: Int?, pins: String) -> CSVReadingCase {
        reject(name, bytes: Array(text.utf8), before: before, kind, offset, record: record, line: line, pins: pins)
    }

    static func reject(_ name: String, bytes: [UInt8], before: [[String]] = [], _ kind: CSVReadError.Kind, _ offset: Int, record: Int?, line: Int?, pins: String) -> CSVReadingCase {
        CSVReadingCase(name, bytes: bytes, .reject(before: before, error: CSVReadError(kind: kind, offset: offset, record: record, line: line)), pins: pins)
    }

    // MARK: Files every reader must accept (JSONTestSuite's `y_`), one list per rule

    /// RFC 4180's files (CSV-01): CRLF, or no line break at all.
    static let rfc4180: [CSVReadingCase] = [
        accept("two records ending in CRLF", "a,b,c\r\n1,2,3\r\n", [["a", "b", "c"], ["1", "2", "3"]]),
        accept("no final line break", "a,b\r\nc,d", [["a", "b"], ["c", "d"]]),
        accept("one record without a line break", "a,b", [["a", "b"]]),
        accept("a trailing delimiter ends with an empty field", "a,b,\r\n", [["a", "b", ""]]),
        accept("a trailing delimiter at the end of the file", "a,", [["a", ""]]),
        accept("delimiters only", ",,\r\n", [["", "", ""]]),
        accept("records of different lengths", "Title,Author\r\nDune\r\nEmma,Jane Austen,extra\r\n", [["Title", "Author"], ["Dune"], ["Emma", "Jane Austen", "extra"]]),
        accept("a quoted field holds the delimiter", "\"a,b\",c\r\n", [["a,b", "c"]]),
        accept("doubled quotes are one quote", "\"say \"\"hi\"\"\"\r\n", [["say \"hi\""]]),
        accept("an empty quoted field", "\"\",a\r\n", [["", "a"]]),
        accept("a lone empty quoted field is a record", "\"\"\r\n", [[""]]),
        accept("a field of one escaped quote", "a,\"\"\"\"\r\n", [["a", "\""]]),
        accept("a quoted field closed at the end of the file", "\"abc\"", [["abc"]]),
        accept("every field quoted", "\"a\",\"b\"\r\n\"c\",\"d\"\r\n", [["a", "b"], ["c", "d"]]),
        accept("CRLF inside quotes", "\"a\r\nb\",c\r\nd\r\n", [["a\r\nb", "c"], ["d"]]),
        accept("LF inside quotes", "\"a\nb\",c\r\nd\r\n", [["a\nb", "c"], ["d"]]),
        accept("CR inside quotes", "\"a\rb\",c\r\nd\r\n", [["a\rb", "c"], ["d"]]),
        accept(
            "LibraryThing's columns as the seed lists them",
            "TITLE,\"AUTHOR (first, last)\",ISBN,RATING\r\nCirce,Madeline Miller,0316556343,5\r\n",
            [["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"], ["Circe", "Madeline Miller", "0316556343", "5"]]
        ),
        accept(
            "StoryGraph's quarter stars and statuses",
            "Title,Authors,ISBN/UID,Star Rating,Read Status\r\nPiranesi,Susanna Clarke,9781635575637,3.75,did-not-finish\r\n",
            [["Title", "Authors", "ISBN/UID", "Star Rating", "Read Status"], ["Piranesi", "Susanna Clarke", "9781635575637", "3.75", "did-not-finish"]]
        ),
    ]

    /// Spaces in fields (CSV-18, RFC 4180's SHOULD).
    static let spaces: [CSVReadingCase] = [
        accept("spaces around fields are kept", " a , b \r\n", [[" a ", " b "]]),
        accept("a line of spaces is a record of one field", "a\r\n  \r\nb\r\n", [["a"], ["  "], ["b"]]),
    ]

    /// LF and CR line breaks (CSV-14, D-049).
    static let lineBreaks: [CSVReadingCase] = [
        accept("two records ending in LF", "a,b,c\n1,2,3\n", [["a", "b", "c"], ["1", "2", "3"]], pins: "D-049"),
        accept("CR line breaks (old Mac exports)", "a,b\rc,d\r", [["a", "b"], ["c", "d"]], pins: "D-049"),
        accept("LF, CRLF and CR mixed", "a\nb\r\nc\rd", [["a"], ["b"], ["c"], ["d"]], pins: "D-049"),
        accept("LF inside quotes, LF between records", "\"a\nb\",c\nd\n", [["a\nb", "c"], ["d"]], pins: "D-049"),
        accept("CRLF inside quotes, LF between records", "\"a\r\nb\",c\nd\n", [["a\r\nb", "c"], ["d"]], pins: "D-049"),
        accept("CR inside quotes, CR between records", "\"a\rb\",c\rd\r", [["a\rb", "c"], ["d"]], pins: "D-049"),
    ]

    /// Blank lines (CSV-15, D-041), written with CRLF.
    static let blankLines: [CSVReadingCase] = [
        accept("an empty file", "", [], pins: "D-041"),
        accept("only blank lines", "\r\n\r\n", [], pins: "D-041"),
        accept("blank lines at the start", "\r\n\r\na\r\n", [["a"]], pins: "D-041"),
        accept("blank lines in the middle and at the end", "a\r\n\r\nb\r\n\r\n\r\n", [["a"], ["b"]], pins: "D-041"),
    ]

    /// A byte-order mark at byte 0 (CSV-16, D-043).
    static let byteOrderMarks: [CSVReadingCase] = [
        accept("a byte-order mark is skipped", "\u{FEFF}a,b\r\nc\r\n", [["a", "b"], ["c"]], pins: "D-043"),
        accept("a byte-order mark alone", "\u{FEFF}", [], pins: "D-043"),
        accept("a byte-order mark before a blank line", "\u{FEFF}\r\na\r\n", [["a"]], pins: "D-043"),
    ]

    /// Tab-separated files (CSV-17, D-050), written with CRLF.
    static let tabSeparated: [CSVReadingCase] = [
        accept("tab-separated, with a quoted tab", "a\tb\t\"c\td\"\r\n", [["a", "b", "c\td"]], dialect: .tab, pins: "D-050"),
        accept("commas are text in a tab-separated file", "a,b\tc\r\n", [["a,b", "c"]], dialect: .tab, pins: "D-050"),
        accept(
            "LibraryThing's tab-separated export",
            "Title\tPrimary Author\tISBN\tRating\tDate Started\tDate Read\tTags\r\n"
                + "The Night Watchman\tErdrich, Louise\t9780525540670\t4.5\t2021-01-02\t2021-01-20\tfiction, book-club\r\n",
            [
                ["Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags"],
                ["The Night Watchman", "Erdrich, Louise", "9780525540670", "4.5", "2021-01-02", "2021-01-20", "fiction, book-club"],
            ],
            dialect: .tab, pins: "D-050"
        ),
    ]

    /// UTF-8 text (CSV-12, D-044).
    static let utf8Text: [CSVReadingCase] = [
        accept("non-ASCII text", "Café,Мир,三体,😀\r\n", [["Café", "Мир", "三体", "😀"]], pins: "D-044"),
    ]

    /// Text that begins as a binary signature does (CSV-13, D-042).
    static let signaturePrefixes: [CSVReadingCase] = [
        accept("PK alone is text", "PK\r\n", [["PK"]], pins: "D-042"),
        accept("%PDF without its dash is text", "%PDF\r\n", [["%PDF"]], pins: "D-042"),
    ]

    /// Every file a reader must accept, each list's rule apart.
    static var mustAccept: [CSVReadingCase] {
        rfc4180 + spaces + lineBreaks + blankLines + byteOrderMarks + tabSeparated + utf8Text + signaturePrefixes
    }

    /// The odd records of the implementation-defined files, each between a header and a plain record.
    static let implementationDefined: [CSVReadingCase] = [
        ("a quote inside an unquoted field, as Excel reads it", "ab\"c,d\"", ["ab\"c", "d\""], "D-039"),
        ("spaces before an opening quote", " \"a\",b", [" \"a\"", "b"], "D-039"),
        ("an escaped quote in an unquoted field", "a\"\"b,c", ["a\"\"b", "c"], "D-039"),
        ("U+FEFF inside the file", "\u{FEFF}b,c", ["\u{FEFF}b", "c"], "D-043"),
        ("control characters and a tab in a comma-separated file", "a\u{1}b\tc,d", ["a\u{1}b\tc", "d"], "D-039"),
    ].map { name, odd, fields, pins in
        CSVReadingCase(
            name, "Title,Author\r\n" + odd + "\r\nx,y\r\n",
            .either(before: [["Title", "Author"]], ifAccepted: [["Title", "Author"], fields, ["x", "y"]]), pins: pins
        )
    }

    // MARK: Files every reader must reject (JSONTestSuite's `n_`), with the model's error, one list per rule

    /// Text after a closing quote (CSV-02, D-040).
    static let textAfterClosingQuote: [CSVReadingCase] = [
        reject("text after a closing quote", "\"ab\"c,d\n", .textAfterClosingQuote, 4, record: 1, line: 1, pins: "D-040"),
        reject("a space after a closing quote", "\"ab\" ,d\n", .textAfterClosingQuote, 4, record: 1, line: 1, pins: "D-040"),
        reject("text after a closing quote after a line break inside quotes", "x\n\"a\nb\"c\n", before: [["x"]], .textAfterClosingQuote, 7, record: 2, line: 3, pins: "D-040"),
    ]

    /// A quoted field open at the end of the file (CSV-19, D-141).
    static let unterminatedQuotes: [CSVReadingCase] = [
        reject("an unterminated quoted field, at its opening quote", "a,\"bc", .unterminatedQuotedField, 2, record: 1, line: 1, pins: "D-141"),
        reject("an unterminated quoted field spanning lines", "a\n\"b\nc,d\n", before: [["a"]], .unterminatedQuotedField, 2, record: 2, line: 2, pins: "D-141"),
        reject("an unterminated field ending in an escaped quote", "\"a\"\"", .unterminatedQuotedField, 0, record: 1, line: 1, pins: "D-141"),
    ]

    /// Invalid UTF-8 (CSV-12, D-044).
    static let invalidUTF8: [CSVReadingCase] = [
        reject("a lone continuation byte", bytes: [0x61, 0x80, 0x0A], .invalidUTF8, 1, record: 1, line: 1, pins: "D-044"),
        reject("an overlong two-byte form", bytes: [0x61, 0x2C, 0xC0, 0x80], .invalidUTF8, 2, record: 1, line: 1, pins: "D-044"),
        reject("an overlong three-byte form", bytes: [0xE0, 0x80, 0x80], .invalidUTF8, 0, record: 1, line: 1, pins: "D-044"),
        reject("an encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1, record: 1, line: 1, pins: "D-044"),
        reject("a code point above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], .invalidUTF8, 0, record: 1, line: 1, pins: "D-044"),
        reject("a byte that never appears in UTF-8, in record 2", bytes: [0x61, 0x0A, 0x62, 0xF5], before: [["a"]], .invalidUTF8, 3, record: 2, line: 2, pins: "D-044"),
        reject("0xFF inside a quoted field, on its second line", bytes: [0x22, 0x0A, 0xFF, 0x22], .invalidUTF8, 2, record: 1, line: 2, pins: "D-044"),
        reject("a sequence cut by a delimiter", bytes: [0xE2, 0x82, 0x2C], .invalidUTF8, 0, record: 1, line: 1, pins: "D-044"),
        reject("a sequence cut by the end of the file", bytes: [0x61, 0xE2, 0x82], .invalidUTF8, 1, record: 1, line: 1, pins: "D-044"),
        reject("Latin-1 text (é as 0xE9)", bytes: Array("Caf".utf8) + [0xE9, 0x2C, 0x78], .invalidUTF8, 3, record: 1, line: 1, pins: "D-044"),
    ]

    /// Files that are not text (CSV-13, D-042).
    static let notText: [CSVReadingCase] = [
        reject("a NUL byte", bytes: [0x61, 0x00, 0x62], .notCSV, 1, record: nil, line: nil, pins: "D-042"),
        reject("a NUL byte inside quotes, after a record", bytes: Array("a\n\"".utf8) + [0x00, 0x22], before: [["a"]], .notCSV, 3, record: nil, line: nil, pins: "D-042"),
        reject("UTF-16 little-endian text", bytes: [0xFF, 0xFE, 0x61, 0x00, 0x2C, 0x00], .notCSV, 0, record: nil, line: nil, pins: "D-042"),
        reject("a PDF", "%PDF-1.7\n%âãÏÓ\n", .notCSV, 0, record: nil, line: nil, pins: "D-042"),
        reject("an .xlsx (a ZIP archive)", bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08], .notCSV, 0, record: nil, line: nil, pins: "D-042"),
        reject("a legacy .xls", bytes: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0x00], .notCSV, 0, record: nil, line: nil, pins: "D-042"),
        reject("a PNG", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], .notCSV, 0, record: nil, line: nil, pins: "D-042"),
        reject("a 3-byte JPEG signature and nothing else", bytes: [0xFF, 0xD8, 0xFF], .notCSV, 0, record: nil, line: nil, pins: "D-042"),
        reject("a GIF", "GIF89a\u{1}", .notCSV, 0, record: nil, line: nil, pins: "D-042"),
    ]

    /// Every file a reader must reject, each list's rule apart.
    static var mustReject: [CSVReadingCase] {
        textAfterClosingQuote + unterminatedQuotes + invalidUTF8 + notText
    }

    /// Goodreads' guarded ISBN fields (the production notes' parser bug), as RFC 4180 reads them: CRLF
    /// between records, or none.
    static let goodreadsGuards: [CSVReadingCase] = [
        accept("Goodreads' ISBN guard", "\"=\"\"0525540679\"\"\"\r\n", [["=\"0525540679\""]]),
        accept("Goodreads' empty ISBN guard", "\"=\"\"\"\"\"\r\n", [["=\"\""]]),
        accept(
            "the fields after guarded ISBNs are intact",
            "1,\"=\"\"0525540679\"\"\",\"=\"\"9780525540670\"\"\",4,x\r\n2,\"=\"\"\"\"\",\"=\"\"\"\"\",0,y\r\n",
            [["1", "=\"0525540679\"", "=\"9780525540670\"", "4", "x"], ["2", "=\"\"", "=\"\"", "0", "y"]]
        ),
        accept("a Goodreads row of 24 fields, alone", nightWatchmanLine, [nightWatchmanFields]),
        accept(
            "Goodreads' header and a row of 24 fields",
            ExportFormat.goodreadsColumns.joined(separator: ",") + "\r\n" + nightWatchmanLine + "\r\n",
            [ExportFormat.goodreadsColumns, nightWatchmanFields]
        ),
        accept(
            "Goodreads' header and a row with guarded ISBNs and a review of commas, quotes and line breaks",
            ExportFormat.goodreadsColumns.joined(separator: ",") + "\r\n" + goodreadsRowLine + "\r\n",
            [ExportFormat.goodreadsColumns, goodreadsRowFields]
        ),
    ]

    /// A row of a Goodreads export as it writes one: 24 fields, its ISBNs guarded (`"=""0062671189"""`).
    static let nightWatchmanLine = "48953684,The Night Watchman,Louise Erdrich,\"Erdrich, Louise\",,\"=\"\"0062671189\"\"\",\"=\"\"9780062671189\"\"\","
        + "4,4.03,Harper,Hardcover,451,2020,2020,2020/04/12,2020/03/02,,,read,,,,1,0"
    /// The fields of `nightWatchmanLine`.
    static let nightWatchmanFields = [
        "48953684", "The Night Watchman", "Louise Erdrich", "Erdrich, Louise", "", "=\"0062671189\"", "=\"9780062671189\"",
        "4", "4.03", "Harper", "Hardcover", "451", "2020", "2020", "2020/04/12", "2020/03/02", "", "", "read", "", "", "", "1", "0",
    ]

    static let goodreadsRowLine = CSVTableFixture.goodreadsRowLine
    static let goodreadsRowFields = CSVTableFixture.goodreadsRowFields

    // MARK: Limits (D-045), at the limit and one past it

    static let fieldBytesMax = 65_536
    static let rowBytesMax = 1_048_576
    static let columnsMax = 512
    /// Large files are read whole and in 64 KiB chunks: 1-byte chunks of a megabyte cost more than they find.
    static let largeChunkings: [[Int]] = [[], [65_536, 7]]

    static let longestField = String(repeating: "a", count: fieldBytesMax)
    /// Sixteen fields within the field limit: 15 × 65,536 + 65,521 + 15 commas = 1,048,576 bytes.
    static let longestRecordFields = Array(repeating: longestField, count: 15) + [String(repeating: "b", count: 65_521)]
    static let widestRecord = (0..<columnsMax).map { String($0 % 10) }

    static let withinLimits: [CSVReadingCase] = [
        CSVReadingCase("a field of 65,536 bytes", bytes: Array("x,\(longestField)\n".utf8), .accept([["x", longestField]]), pins: "D-045", chunkings: largeChunkings),
        CSVReadingCase(
            "a quoted field of 65,536 bytes of text, an escaped quote counted once",
            bytes: Array(("\"" + String(repeating: "a", count: fieldBytesMax - 1) + "\"\"\"\n").utf8),
            .accept([[String(repeating: "a", count: fieldBytesMax - 1) + "\""]]), pins: "D-045", chunkings: largeChunkings
        ),
        CSVReadingCase(
            "a record of 1,048,576 bytes, its CRLF excluded", bytes: Array(("header\n" + longestRecordFields.joined(separator: ",") + "\r\n").utf8),
            .accept([["header"], longestRecordFields]), pins: "D-045", chunkings: largeChunkings
        ),
        CSVReadingCase("a record of 512 fields", bytes: Array((widestRecord.joined(separator: ",") + "\n").utf8), .accept([widestRecord]), pins: "D-045"),
        CSVReadingCase("a record of 512 empty fields", bytes: Array((String(repeating: ",", count: columnsMax - 1) + "\n").utf8), .accept([Array(repeating: "", count: columnsMax)]), pins: "D-045"),
    ]

    static let pastLimits: [CSVReadingCase] = [
        CSVReadingCase(
            "a field of 65,537 bytes", bytes: Array("x,\(longestField)a\n".utf8),
            .reject(before: [], error: CSVReadError(kind: .fieldTooLong, offset: 2, record: 1, line: 1)), pins: "D-045", chunkings: largeChunkings
        ),
        CSVReadingCase(
            "a quoted field of 65,537 bytes of text", bytes: Array(("h\n\"" + longestField + "\"\"\"\n").utf8),
            .reject(before: [["h"]], error: CSVReadError(kind: .fieldTooLong, offset: 2, record: 2, line: 2)), pins: "D-045", chunkings: largeChunkings
        ),
        CSVReadingCase(
            "a record of 1,048,577 bytes", bytes: Array(("header\n" + longestRecordFields.joined(separator: ",") + "b\r\n").utf8),
            .reject(before: [["header"]], error: CSVReadError(kind: .rowTooLong, offset: 7, record: 2, line: 2)), pins: "D-045", chunkings: [[]]
        ),
        CSVReadingCase(
            "a record of 513 fields", bytes: Array((widestRecord.joined(separator: ",") + ",x\n").utf8),
            .reject(before: [], error: CSVReadError(kind: .tooManyColumns, offset: 1_024, record: 1, line: 1)), pins: "D-045"
        ),
        CSVReadingCase(
            "a record of 513 empty fields", bytes: Array(("a\n" + String(repeating: ",", count: columnsMax) + "\n").utf8),
            .reject(before: [["a"]], error: CSVReadError(kind: .tooManyColumns, offset: 2 + columnsMax, record: 2, line: 2)), pins: "D-045"
        ),
    ]

    /// Every rejected fixed file, the small limit ones included (the 1 MiB record is left to CSV-10,
    /// which reads it once).
    static var everyRejection: [CSVReadingCase] {
        mustReject + pastLimits.filter { $0.bytes.count < 200_000 }
    }

    /// Every fixed file, for reading in chunks (CSV-06).
    static var everyFixedFile: [CSVReadingCase] {
        mustAccept + goodreadsGuards + implementationDefined + withinLimits + everyRejection
    }

    // MARK: Reading in chunks

    /// `bytes` cut into chunks of `sizes`, cycled (a size of 0 gives an empty chunk); no positive size
    /// gives one chunk.
    static func chunks(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
        guard sizes.contains(where: { $0 > 0 }) else { return [bytes] }
        var chunks: [[UInt8]] = []
        var start = 0
        var turn = 0
        while start < bytes.count {
            let end = min(bytes.count, start + sizes[turn % sizes.count])
            turn += 1
            chunks.append(Array(bytes[start..<end]))
            start = end
        }
        return chunks
    }

    static func describe(_ sizes: [Int]) -> String {
        sizes.isEmpty ? "one chunk" : "chunks of \(sizes) bytes"
    }

    /// The 1-based physical line of `offset` (LF, CR and CRLF each end one): an oracle independent of
    /// any reader.
    static func line(at offset: Int, in bytes: [UInt8]) -> Int {
        var line = 1
        var index = 0
        while index < min(offset, bytes.count) {
            if bytes[index] == 0x0D {
                line += 1
                if index + 1 < offset, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
            } else if bytes[index] == 0x0A {
                line += 1
            }
            index += 1
        }
        return line
    }

    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(400), as: UTF8.self)
        return String(reflecting: text) + (bytes.count > 400 ? " … (\(bytes.count) bytes)" : " (\(bytes.count) bytes)")
    }

    // MARK: Generators

    // The content generators are the fixtures' (`CSVTableFixture`), shared with the parser's own properties.
    static let field = CSVTableFixture.field
    static let table = CSVTableFixture.table(columns: 1...8, rows: 1...6)
    static let chunkSizes = CSVTableFixture.chunkSizes
    static let dialect = CSVTableFixture.dialect
    static let hostileBytes = CSVTableFixture.hostileBytes(piecesMax: 60)

    /// `text` without the whitespace at its edges: a field whose spaces RFC 4180's SHOULD keeps (CSV-18)
    /// has no place in a MUST's round trip.
    static func trimmed(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Printable ASCII text with RFC 4180's punctuation (commas, quotes, CR and LF) and Goodreads'
    /// guards, no whitespace at its edges: what an RFC 4180 file holds.
    static let asciiField: Gen<String> = Gen<String>.frequency([
        (5, Gen<String>.string(ofScalars: Gen<Unicode.Scalar>.element(of: Array("aZ9 ,\"\r\n=.-'#".unicodeScalars)), count: 0...8)),
        (2, Gen<String>.element(of: ["", "=\"\"", "=\"0525540679\"", "\"", "\"\"", "\"\"\"", "say \"hi\"", "a,b", "x\r\ny", "%PDF-1.7", "GIF89a"])),
    ]).map(trimmed)

    /// A table of `asciiField`s, every row with the same number of columns.
    static let asciiTable: Gen<[[String]]> = Gen<Int>.int(in: 1...6).flatMap { count in
        Gen<[String]>.array(of: Gen<String>.array(of: asciiField, count: count...count), count: 1...6)
    }

    /// Any Unicode text a field may hold but what RFC 4180 and the decisions leave open or refuse (C0
    /// and C1 controls other than CR and LF, U+FEFF, NUL), no whitespace at its edges.
    static let unicodeField: Gen<String> = field.map { text in
        trimmed(String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar == "\r" || scalar == "\n" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FEFF}")
        })))
    }

    /// A table of `unicodeField`s, every row with the same number of columns.
    static let unicodeTable: Gen<[[String]]> = Gen<Int>.int(in: 1...6).flatMap { count in
        Gen<[String]>.array(of: Gen<String>.array(of: unicodeField, count: count...count), count: 1...6)
    }

    /// Whether bytes are valid UTF-8: decoding them repairs nothing.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }

    /// Whether a table holds text beyond ASCII, so that reading it back exercises UTF-8.
    static func holdsNonASCII(_ table: [[String]]) -> Bool {
        table.contains { $0.contains { $0.unicodeScalars.contains { !$0.isASCII } } }
    }

    /// A file: a written table (any line break, any quoting) or hostile bytes, with a dialect.
    static let file: Gen<([UInt8], CSVDialect)> = Gen<([UInt8], CSVDialect)>.oneOf(
        Gen<([[String]], CSVDialect, CSVWriter.Terminator, CSVWriter.Quoting)>.zip(
            table, dialect, Gen<CSVWriter.Terminator>.element(of: CSVWriter.Terminator.allCases), Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases)
        ).map { table, dialect, terminator, quoting in (CSVWriter.encode(rows: table, dialect: dialect, terminator: terminator, quoting: quoting), dialect) },
        Gen<([UInt8], CSVDialect)>.zip(hostileBytes, dialect)
    )

    /// Byte sequences that are never UTF-8, wherever they stand, and NUL.
    static let brokenBytes: [[UInt8]] = [[0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0x00]]

    /// A written table with one of `brokenBytes` inserted somewhere.
    static func damaged(_ pieces: [[UInt8]]) -> Gen<([[String]], [UInt8])> {
        Gen<([[String]], Int, Int)>.zip(table, Gen<Int>.int(in: 0...10_000), Gen<Int>.int(in: 0...(pieces.count - 1))).map { table, position, which in
            var bytes = CSVWriter.encode(rows: table)
            bytes.insert(contentsOf: pieces[which], at: position % (bytes.count + 1))
            return (table, bytes)
        }
    }
}

extension ConformanceSuite where Implementation: CSVRecordReading {
    /// The CSV record reading suite: RFC 4180's files, round trips and Goodreads' guarded fields, and
    /// the spaces of a field (a SHOULD); then the decisions (LF and CR, blank lines, a byte-order mark,
    /// tabs, UTF-8, files that are not text, malformed quoting, the limits on both sides, the error's
    /// kind, place and the records before it, files left open) and any chunking of the same bytes.
    ///
    /// Every fixed file is read in one chunk by its own rule; CSV-06 reads them all again in 1-, 2- and
    /// 3-byte and mixed chunks, so that a reader that loses its place between chunks fails that rule
    /// alone.
    public static var csvRecordReading: ConformanceSuite {
        typealias R = CSVRules
        typealias Cases = CSVReadingCases
        let model = ModelCSVRecordReader()

        func read(_ implementation: Implementation, _ testCase: CSVReadingCase, sizes: [Int] = []) -> CSVReadOutcome {
            implementation.readRecords(chunks: Cases.chunks(testCase.bytes, sizes: sizes), dialect: testCase.dialect)
        }
        func question(_ testCase: CSVReadingCase, _ sizes: [Int] = []) -> String {
            "readRecords(\(Cases.show(testCase.bytes)) in \(Cases.describe(sizes)), \(testCase.dialect))"
        }
        func accepted(_ cases: [CSVReadingCase], _ rule: Rule, _ about: String, label: String? = nil) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, cases.map(\.example)) { implementation, testCase in
                guard case let .accept(records) = testCase.expectation else { return }
                try ensureSame(read(implementation, testCase), CSVReadOutcome(records: records), question(testCase),
                    kind: "a file read to other records than its own")
            }
        }
        /// Checks every rejected case's outcome, read in one chunk, with `body(outcome, before, error)`.
        func rejected(_ cases: [CSVReadingCase], _ rule: Rule, _ about: String, label: String? = nil, _ body: @escaping (CSVReadOutcome, [[String]], CSVReadError, String) throws -> Void) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, cases.map(\.example)) { implementation, testCase in
                guard case let .reject(before, error) = testCase.expectation else { return }
                try body(read(implementation, testCase), before, error, question(testCase))
            }
        }
        let isRejected: (CSVReadOutcome, [[String]], CSVReadError, String) throws -> Void = { outcome, before, error, asked in
            try ensure(outcome.error != nil, "the file was accepted; it must be rejected", question: asked,
                model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description, kind: "a file accepted that must be rejected")
        }
        /// A generated table written with `dialect` and `terminator`, read in one chunk (chunks are
        /// CSV-06's), must read back as it was.
        func readsBack(_ implementation: Implementation, _ table: [[String]], _ dialect: CSVDialect, _ terminator: CSVWriter.Terminator, _ quoting: CSVWriter.Quoting, _ endsWithTerminator: Bool) throws {
            let bytes = CSVWriter.encode(rows: table, dialect: dialect, terminator: terminator, quoting: quoting, endsWithTerminator: endsWithTerminator)
            try ensureSame(implementation.readRecords(chunks: [bytes], dialect: dialect), CSVReadOutcome(records: table),
                "readRecords(\(Cases.show(bytes)) in one chunk, \(dialect))", kind: "a written table read back otherwise")
        }
        return ConformanceSuite(id: "csv-record-reading", title: "CSV record reading", seam: "CSVRecordReading", checks: [
            accepted(Cases.rfc4180, R.mustAccept, "RFC 4180's files"),
            rejected(Cases.textAfterClosingQuote, R.mustReject, "text after a closing quote", isRejected),
            rejected(Cases.everyRejection, R.errorKind, "every rejected fixed file") { outcome, before, error, asked in
                // A file accepted is its rejection rule's failure; this rule asks what a rejection names.
                guard let found = outcome.error else { return }
                try ensure(found.kind == error.kind, "the error is not the first problem in byte order", question: asked,
                    model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
            },
            rejected(Cases.everyRejection, R.errorPosition, "every rejected fixed file") { outcome, before, error, asked in
                guard let found = outcome.error else { return }
                try ensure(found.offset == error.offset && found.record == error.record && found.line == error.line,
                    "the error names another place than the first problem's byte, record and line", question: asked,
                    model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
            },
            .property(R.errorPosition, "written tables and hostile bytes that the model rejects", label: "CSV-04.property", cases: 80,
                Cases.file, describe: { "\(Cases.show($0.0)), \($0.1)" },
                exercises: { value in model.readRecords(chunks: [value.0], dialect: value.1).error != nil }) { implementation, value in
                let (bytes, dialect) = value
                let outcome = implementation.readRecords(chunks: [bytes], dialect: dialect)
                guard let error = outcome.error else { return }
                let asked = "readRecords(\(Cases.show(bytes)) in one chunk, \(dialect))"
                let modelAnswer = model.readRecords(chunks: [bytes], dialect: dialect).description
                try ensure((0...bytes.count).contains(error.offset), "the error's offset is outside the file", question: asked, model: modelAnswer, implementation: outcome.description, kind: "an offset outside the file")
                if let line = error.line {
                    try ensure(line == Cases.line(at: error.offset, in: bytes), "the error's line is not the line of its offset", question: asked, model: modelAnswer, implementation: outcome.description, kind: "a line not the offset's")
                }
            },
            .choices(R.implementationDefined, "files left to the implementation", Cases.implementationDefined.map(\.example)) { implementation, testCase in
                guard case let .either(before, ifAccepted) = testCase.expectation else { return "not a file left open" }
                let outcome = read(implementation, testCase)
                let asked = question(testCase)
                if outcome.error == nil {
                    try ensure(outcome.records == ifAccepted, "the file was accepted with other records than the model's", question: asked,
                        model: CSVReadOutcome(records: ifAccepted).description, implementation: outcome.description, kind: "accepted with other records")
                    return "accepts it with the model's records"
                }
                try ensure(outcome.records == before, "the file was rejected, but the records before the odd one were not all delivered", question: asked,
                    model: CSVReadOutcome(records: before).description + " (or the file accepted whole)", implementation: outcome.description, kind: "rejected, losing earlier records")
                return "rejects it after the records before the odd one"
            },
            .property(R.chunking, "written tables and hostile bytes, in two generated chunkings and 1-byte chunks", cases: 80,
                Gen<(([UInt8], CSVDialect), [Int], [Int])>.zip(Cases.file, Cases.chunkSizes, Cases.chunkSizes),
                describe: { "\(Cases.show($0.0.0)), \($0.0.1), \(Cases.describe($0.1)) and \(Cases.describe($0.2))" },
                // One of the chunkings read is not the one chunk itself (1-byte chunks of two bytes or more never are).
                exercises: { value in [value.1, value.2, [1]].contains { Cases.chunks(value.0.0, sizes: $0) != [value.0.0] } }) { implementation, value in
                let ((bytes, dialect), first, second) = value
                let whole = implementation.readRecords(chunks: [bytes], dialect: dialect)
                for sizes in [first, second, [1]] {
                    let chunked = implementation.readRecords(chunks: Cases.chunks(bytes, sizes: sizes), dialect: dialect)
                    try ensure(chunked == whole, "\(Cases.describe(sizes)) gave another outcome than one chunk",
                        question: "readRecords(\(Cases.show(bytes)) in \(Cases.describe(sizes)), \(dialect))",
                        model: "as in one chunk: \(whole)", implementation: chunked.description)
                }
            },
            .examples(R.chunking, "every fixed file in 1-, 2- and 3-byte and mixed chunks", label: "CSV-06.fixed", Cases.everyFixedFile.map(\.example)) { implementation, testCase in
                let whole = read(implementation, testCase)
                for sizes in testCase.chunkings where !sizes.isEmpty {
                    let chunked = read(implementation, testCase, sizes: sizes)
                    try ensure(chunked == whole, "\(Cases.describe(sizes)) gave another outcome than one chunk", question: question(testCase, sizes),
                        model: "as in one chunk: \(whole)", implementation: chunked.description)
                }
            },
            .property(R.roundTrip, "ASCII tables written as RFC 4180 writes them (CRLF, commas, minimal or full quoting)", cases: 80,
                Gen<([[String]], CSVWriter.Quoting, Bool)>.zip(Cases.asciiTable, Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases), Gen<Bool>.bool(probability: 0.8)),
                describe: { "\(String(reflecting: $0.0)), \($0.1) quoting, final line break: \($0.2)" },
                exercises: { !$0.0.isEmpty }) { implementation, value in
                let (table, quoting, endsWithTerminator) = value
                try readsBack(implementation, table, .comma, .crlf, quoting, endsWithTerminator)
            },
            accepted(Cases.goodreadsGuards, R.goodreadsGuard, "Goodreads' guarded ISBN fields"),
            .property(R.goodreadsGuard, "generated Goodreads rows with guarded ISBN cells and a review, written with CRLF",
                Gen<[String]>.array(of: Gen<(String, String, String)>.zip(
                    Gen<String>.goodreadsISBNField(Gen<String>.isbn10), Gen<String>.goodreadsISBNField(Gen<String>.isbn13), Cases.asciiField
                ).map { [$0, $1, "4", $2] }, count: 1...5), describe: { String(reflecting: $0) },
                exercises: { rows in rows.contains { $0.contains { $0.hasPrefix("=\"") } } }) { implementation, rows in
                let table = [["ISBN", "ISBN13", "My Rating", "My Review"]] + rows
                try readsBack(implementation, table, .comma, .crlf, .minimal, true)
            },
            accepted(Cases.withinLimits, R.withinLimits, "files at each limit"),
            rejected(Cases.pastLimits, R.pastLimits, "files one byte or one field past each limit", isRejected),
            rejected(Cases.everyRejection, R.recordsBeforeAnError, "every rejected fixed file") { outcome, before, error, asked in
                // A file accepted is its rejection rule's failure, and what each record holds is the reading rules'; this
                // rule asks that every record before the first problem is delivered, and none at or after it.
                guard outcome.error != nil else { return }
                try ensure(outcome.records.count == before.count, "\(outcome.records.count) records were delivered before the first problem, not \(before.count)", question: asked,
                    model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
            },
            .property(R.recordsBeforeAnError, "written tables with a byte sequence that is never UTF-8 (or NUL) inserted anywhere", label: "CSV-11.property", cases: 80,
                Cases.damaged(Cases.brokenBytes), describe: { Cases.show($0.1) },
                exercises: { model.readRecords(chunks: [$0.1], dialect: .comma).error != nil }) { implementation, value in
                let bytes = value.1
                let outcome = implementation.readRecords(chunks: [bytes], dialect: .comma)
                guard outcome.error != nil else { return }
                let expected = model.readRecords(chunks: [bytes], dialect: .comma)
                try ensure(outcome.records.count == expected.records.count, "\(outcome.records.count) records were delivered before the broken byte, not the \(expected.records.count) wholly before it",
                    question: "readRecords(\(Cases.show(bytes)) in one chunk, comma-separated)", model: expected.description, implementation: outcome.description)
            },
            accepted(Cases.utf8Text, R.utf8, "UTF-8 text"),
            rejected(Cases.invalidUTF8, R.utf8, "invalid UTF-8", label: "CSV-12.rejected", isRejected),
            .property(R.utf8, "written tables with a byte sequence that is never UTF-8 inserted anywhere", label: "CSV-12.property", cases: 80,
                Cases.damaged(Cases.brokenBytes.filter { $0 != [0x00] }), describe: { Cases.show($0.1) },
                exercises: { !Cases.isUTF8($0.1) }) { implementation, value in
                let bytes = value.1
                let outcome = implementation.readRecords(chunks: [bytes], dialect: .comma)
                try ensure(outcome.error != nil, "a file with invalid UTF-8 was accepted", question: "readRecords(\(Cases.show(bytes)) in one chunk, comma-separated)",
                    model: model.readRecords(chunks: [bytes], dialect: .comma).description, implementation: outcome.description)
            },
            .property(R.utf8, "tables of any Unicode text written with CRLF and commas", label: "CSV-12.roundTrip", cases: 80,
                Gen<([[String]], CSVWriter.Quoting)>.zip(Cases.unicodeTable, Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases)),
                describe: { "\(String(reflecting: $0.0)), \($0.1) quoting" },
                exercises: { Cases.holdsNonASCII($0.0) }) { implementation, value in
                let (table, quoting) = value
                try readsBack(implementation, table, .comma, .crlf, quoting, true)
            },
            accepted(Cases.signaturePrefixes, R.notText, "text that begins as a signature does"),
            rejected(Cases.notText, R.notText, "files that are not text", label: "CSV-13.rejected", isRejected),
            .property(R.notText, "written tables with a NUL byte inserted anywhere", label: "CSV-13.property", cases: 40,
                Cases.damaged([[0x00]]), describe: { Cases.show($0.1) },
                exercises: { $0.1.contains(0x00) }) { implementation, value in
                let bytes = value.1
                let outcome = implementation.readRecords(chunks: [bytes], dialect: .comma)
                try ensure(outcome.error != nil, "a file with a NUL byte was accepted", question: "readRecords(\(Cases.show(bytes)) in one chunk, comma-separated)",
                    model: model.readRecords(chunks: [bytes], dialect: .comma).description, implementation: outcome.description)
            },
            accepted(Cases.lineBreaks, R.lineBreaks, "LF and CR line breaks"),
            .property(R.lineBreaks, "ASCII tables written with LF or CR line breaks", label: "CSV-14.roundTrip", cases: 80,
                Gen<([[String]], CSVWriter.Terminator, CSVWriter.Quoting, Bool)>.zip(
                    Cases.asciiTable, Gen<CSVWriter.Terminator>.element(of: [.lf, .cr]), Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases),
                    Gen<Bool>.bool(probability: 0.8)
                ), describe: { "\(String(reflecting: $0.0)), \($0.1), \($0.2) quoting, final line break: \($0.3)" },
                exercises: { $0.0.count > 1 || $0.3 || $0.0.contains { $0.contains { $0.contains("\r") || $0.contains("\n") } } }) { implementation, value in
                let (table, terminator, quoting, endsWithTerminator) = value
                try readsBack(implementation, table, .comma, terminator, quoting, endsWithTerminator)
            },
            .examples(R.lineBreaks, "the exports' files, with LF line breaks as they write them", label: "CSV-14.fixtures", [
                ConformanceExample("a Goodreads export of 40 books", ExportFixture.goodreads(rows: 40, seed: 4), pins: "seed: \"Given valid Goodreads CSV\""),
                ConformanceExample("a LibraryThing export with the seed's columns", ExportFixture.libraryThing(rows: 20, seed: 5), pins: "seed: \"Given valid LibraryThing CSV\""),
                ConformanceExample("a StoryGraph export", ExportFixture.storyGraph(rows: 20, seed: 7), pins: "seed: \"Given valid StoryGraph CSV\""),
                ConformanceExample("a hand-made spreadsheet with extra fields", ExportFixture.spreadsheet(rows: 20, seed: 8, extraFieldShare: 0.2), pins: "D-035"),
            ]) { implementation, fixture in
                try ensureSame(implementation.readRecords(chunks: [fixture.bytes], dialect: fixture.dialect),
                    CSVReadOutcome(records: [fixture.header] + fixture.records), "readRecords(\(Cases.show(fixture.bytes)) in one chunk, \(fixture.dialect))")
            },
            accepted(Cases.blankLines, R.blankLines, "blank lines"),
            accepted(Cases.byteOrderMarks, R.byteOrderMark, "a byte-order mark at byte 0"),
            accepted(Cases.tabSeparated, R.tabs, "tab-separated files"),
            .property(R.tabs, "ASCII tables with tabs written tab-separated with CRLF", label: "CSV-17.roundTrip", cases: 60,
                Gen<([[String]], CSVWriter.Quoting)>.zip(Cases.asciiTable.map { table in table.map { row in row.map { Cases.trimmed(String($0.map { $0 == "#" ? "\t" : $0 })) } } },
                    Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases)),
                describe: { "\(String(reflecting: $0.0)), \($0.1) quoting" },
                exercises: { value in value.0.contains { row in row.count > 1 || row.contains { $0.contains("\t") } } }) { implementation, value in
                let (table, quoting) = value
                try readsBack(implementation, table, .tab, .crlf, quoting, true)
            },
            .examples(R.tabs, "a tab-separated LibraryThing export with the later columns", label: "CSV-17.fixtures", [
                ConformanceExample("a tab-separated LibraryThing export with the later columns", ExportFixture.libraryThing(rows: 20, seed: 6, tabSeparated: true, columns: .later), pins: "D-050"),
            ]) { implementation, fixture in
                let table = [fixture.header] + fixture.records
                try readsBack(implementation, table, .tab, .crlf, .minimal, true)
            },
            accepted(Cases.spaces, R.spaces, "spaces in fields"),
            rejected(Cases.unterminatedQuotes, R.unterminatedQuote, "a quoted field open at the end of the file", isRejected),
        ])
    }
}
