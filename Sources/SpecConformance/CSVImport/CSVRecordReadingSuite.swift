import Generators
import SpecModel
import Workloads

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
    static let rfc = "seed: \"High-performance streaming CSV parser\""

    static func accept(_ name: String, _ text: String, _ records: [[String]], dialect: CSVDialect = .comma, pins: String = rfc) -> CSVReadingCase {
        CSVReadingCase(name, text, dialect: dialect, .accept(records), pins: pins)
    }

    static func reject(_ name: String, _ text: String, before: [[String]] = [], _ kind: CSVReadError.Kind, _ offset: Int, record: Int?, line: Int?, pins: String) -> CSVReadingCase {
        reject(name, bytes: Array(text.utf8), before: before, kind, offset, record: record, line: line, pins: pins)
    }

    static func reject(_ name: String, bytes: [UInt8], before: [[String]] = [], _ kind: CSVReadError.Kind, _ offset: Int, record: Int?, line: Int?, pins: String) -> CSVReadingCase {
        CSVReadingCase(name, bytes: bytes, .reject(before: before, error: CSVReadError(kind: kind, offset: offset, record: record, line: line)), pins: pins)
    }

    /// Files every reader must accept (JSONTestSuite's `y_`).
    static let mustAccept: [CSVReadingCase] = [
        accept("two records ending in LF", "a,b,c\n1,2,3\n", [["a", "b", "c"], ["1", "2", "3"]], pins: "D-049"),
        accept("CRLF line breaks", "a,b\r\nc,d\r\n", [["a", "b"], ["c", "d"]], pins: "D-049"),
        accept("CR line breaks (old Mac exports)", "a,b\rc,d\r", [["a", "b"], ["c", "d"]], pins: "D-049"),
        accept("LF, CRLF and CR mixed", "a\nb\r\nc\rd", [["a"], ["b"], ["c"], ["d"]], pins: "D-049"),
        accept("no final line break", "a,b\nc,d", [["a", "b"], ["c", "d"]], pins: "D-049"),
        accept("an empty file", "", [], pins: "D-041"),
        accept("only blank lines", "\n\r\n\r\n", [], pins: "D-041"),
        accept("blank lines at the start", "\n\r\na\n", [["a"]], pins: "D-041"),
        accept("blank lines in the middle and at the end", "a\n\n\r\n\rb\n\n\n", [["a"], ["b"]], pins: "D-041"),
        accept("a line of spaces is a record of one field", "a\n  \nb\n", [["a"], ["  "], ["b"]], pins: "D-041"),
        accept("a trailing delimiter ends with an empty field", "a,b,\n", [["a", "b", ""]]),
        accept("a trailing delimiter at the end of the file", "a,", [["a", ""]]),
        accept("delimiters only", ",,\n", [["", "", ""]]),
        accept("records of different lengths", "Title,Author\nDune\nEmma,Jane Austen,extra\n", [["Title", "Author"], ["Dune"], ["Emma", "Jane Austen", "extra"]], pins: "D-035"),
        accept("whitespace around fields is kept", " a , b \n", [[" a ", " b "]], pins: "D-039"),
        accept("non-ASCII text", "Café,Мир,三体,😀\n", [["Café", "Мир", "三体", "😀"]], pins: "D-044"),
        accept("a quoted field holds the delimiter", "\"a,b\",c\n", [["a,b", "c"]]),
        accept("doubled quotes are one quote", "\"say \"\"hi\"\"\"\n", [["say \"hi\""]]),
        accept("an empty quoted field", "\"\",a\n", [["", "a"]]),
        accept("a lone empty quoted field is a record, not a blank line", "\"\"\n", [[""]], pins: "D-041"),
        accept("a field of one escaped quote", "a,\"\"\"\"\n", [["a", "\""]]),
        accept("a quoted field closed at the end of the file", "\"abc\"", [["abc"]]),
        accept("LF inside quotes", "\"a\nb\",c\nd\n", [["a\nb", "c"], ["d"]], pins: "D-049"),
        accept("CRLF inside quotes", "\"a\r\nb\",c\nd\n", [["a\r\nb", "c"], ["d"]], pins: "D-049"),
        accept("CR inside quotes", "\"a\rb\",c\rd\r", [["a\rb", "c"], ["d"]], pins: "D-049"),
        accept("a byte-order mark is skipped", "\u{FEFF}a,b\nc\n", [["a", "b"], ["c"]], pins: "D-043"),
        accept("a byte-order mark alone", "\u{FEFF}", [], pins: "D-043"),
        accept("a byte-order mark before a blank line", "\u{FEFF}\na\n", [["a"]], pins: "D-043"),
        accept("PK alone is text", "PK\n", [["PK"]], pins: "D-042"),
        accept("%PDF without its dash is text", "%PDF\n", [["%PDF"]], pins: "D-042"),
        accept("tab-separated, with a quoted tab", "a\tb\t\"c\td\"\n", [["a", "b", "c\td"]], dialect: .tab, pins: "D-050"),
        accept("commas are text in a tab-separated file", "a,b\tc\n", [["a,b", "c"]], dialect: .tab, pins: "D-050"),
        accept(
            "LibraryThing's tab-separated export",
            "Title\tPrimary Author\tISBN\tRating\tDate Started\tDate Read\tTags\n"
                + "The Night Watchman\tErdrich, Louise\t9780525540670\t4.5\t2021-01-02\t2021-01-20\tfiction, book-club\n",
            [
                ["Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags"],
                ["The Night Watchman", "Erdrich, Louise", "9780525540670", "4.5", "2021-01-02", "2021-01-20", "fiction, book-club"],
            ],
            dialect: .tab, pins: "D-050"
        ),
        accept(
            "LibraryThing's columns as the seed lists them, with CRLF",
            "TITLE,\"AUTHOR (first, last)\",ISBN,RATING\r\nCirce,Madeline Miller,0316556343,5\r\n",
            [["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"], ["Circe", "Madeline Miller", "0316556343", "5"]],
            pins: "seed: \"auto-detects \\\"TITLE\\\", \\\"AUTHOR (first, last)\\\", \\\"ISBN\\\", \\\"RATING\\\" columns\""
        ),
        accept(
            "StoryGraph's quarter stars and statuses",
            "Title,Authors,ISBN/UID,Star Rating,Read Status\nPiranesi,Susanna Clarke,9781635575637,3.75,did-not-finish\n",
            [["Title", "Authors", "ISBN/UID", "Star Rating", "Read Status"], ["Piranesi", "Susanna Clarke", "9781635575637", "3.75", "did-not-finish"]],
            pins: "seed: \"auto-detects \\\"Title\\\", \\\"Authors\\\", \\\"ISBN/UID\\\", \\\"Star Rating\\\", \\\"Read Status\\\" columns\""
        ),
    ]

    /// The odd records of the implementation-defined files, each between a header and a plain record.
    static let implementationDefined: [CSVReadingCase] = [
        ("a quote inside an unquoted field, as Excel reads it", "ab\"c,d\"", ["ab\"c", "d\""], "D-039"),
        ("spaces before an opening quote", " \"a\",b", [" \"a\"", "b"], "D-039"),
        ("an escaped quote in an unquoted field", "a\"\"b,c", ["a\"\"b", "c"], "D-039"),
        ("U+FEFF inside the file", "\u{FEFF}b,c", ["\u{FEFF}b", "c"], "D-043"),
        ("control characters and a tab in a comma-separated file", "a\u{1}b\tc,d", ["a\u{1}b\tc", "d"], "D-039"),
    ].map { name, odd, fields, pins in
        CSVReadingCase(
            name, "Title,Author\n" + odd + "\nx,y\n",
            .either(before: [["Title", "Author"]], ifAccepted: [["Title", "Author"], fields, ["x", "y"]]), pins: pins
        )
    }

    /// Files every reader must reject (JSONTestSuite's `n_`), with the model's error.
    static let mustReject: [CSVReadingCase] = [
        reject("text after a closing quote", "\"ab\"c,d\n", .textAfterClosingQuote, 4, record: 1, line: 1, pins: "D-040"),
        reject("a space after a closing quote", "\"ab\" ,d\n", .textAfterClosingQuote, 4, record: 1, line: 1, pins: "D-040"),
        reject("text after a closing quote after a line break inside quotes", "x\n\"a\nb\"c\n", before: [["x"]], .textAfterClosingQuote, 7, record: 2, line: 3, pins: "D-040"),
        reject("an unterminated quoted field, at its opening quote", "a,\"bc", .unterminatedQuotedField, 2, record: 1, line: 1, pins: "D-049"),
        reject("an unterminated quoted field spanning lines", "a\n\"b\nc,d\n", before: [["a"]], .unterminatedQuotedField, 2, record: 2, line: 2, pins: "D-049"),
        reject("an unterminated field ending in an escaped quote", "\"a\"\"", .unterminatedQuotedField, 0, record: 1, line: 1, pins: "D-049"),
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

    /// Goodreads' guarded ISBN fields (the production notes' parser bug).
    static let goodreadsGuards: [CSVReadingCase] = [
        accept("Goodreads' ISBN guard", "\"=\"\"0525540679\"\"\"\n", [["=\"0525540679\""]], pins: "D-051"),
        accept("Goodreads' empty ISBN guard", "\"=\"\"\"\"\"\n", [["=\"\""]], pins: "D-051"),
        accept(
            "the fields after guarded ISBNs are intact",
            "1,\"=\"\"0525540679\"\"\",\"=\"\"9780525540670\"\"\",4,x\n2,\"=\"\"\"\"\",\"=\"\"\"\"\",0,y\n",
            [["1", "=\"0525540679\"", "=\"9780525540670\"", "4", "x"], ["2", "=\"\"", "=\"\"", "0", "y"]], pins: "D-040"
        ),
        accept(
            "Goodreads' header and a row with guarded ISBNs and a review of commas, quotes and line breaks",
            ExportFormat.goodreadsColumns.joined(separator: ",") + "\n" + goodreadsRowLine + "\n",
            [ExportFormat.goodreadsColumns, goodreadsRowFields], pins: "D-051"
        ),
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

    /// A file: a written table (any line break, any quoting) or hostile bytes, with a dialect.
    static let file: Gen<([UInt8], CSVDialect)> = Gen<([UInt8], CSVDialect)>.oneOf(
        Gen<([[String]], CSVDialect, CSVWriter.Terminator, CSVWriter.Quoting)>.zip(
            table, dialect, Gen<CSVWriter.Terminator>.element(of: CSVWriter.Terminator.allCases), Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases)
        ).map { table, dialect, terminator, quoting in (CSVWriter.encode(rows: table, dialect: dialect, terminator: terminator, quoting: quoting), dialect) },
        Gen<([UInt8], CSVDialect)>.zip(hostileBytes, dialect)
    )

    /// Byte sequences that are never UTF-8, wherever they stand, and NUL.
    static let brokenBytes: [[UInt8]] = [[0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5], [0x00]]
}

extension ConformanceSuite where Implementation: CSVRecordReading {
    /// The CSV record reading suite: files to accept, to reject and left open; chunking invariance;
    /// round trips through a writer and the exports' fixtures; Goodreads' guards; the limits on both sides.
    public static var csvRecordReading: ConformanceSuite {
        typealias R = CSVRules
        typealias Cases = CSVReadingCases
        let model = ModelCSVRecordReader()

        /// The implementation's outcome for each of a case's chunkings, with the chunking's name.
        func outcomes(_ implementation: Implementation, _ testCase: CSVReadingCase) -> [(String, CSVReadOutcome)] {
            testCase.chunkings.map { sizes in
                (Cases.describe(sizes), implementation.readRecords(chunks: Cases.chunks(testCase.bytes, sizes: sizes), dialect: testCase.dialect))
            }
        }
        func question(_ testCase: CSVReadingCase, _ chunking: String) -> String {
            "readRecords(\(Cases.show(testCase.bytes)) in \(chunking), \(testCase.dialect))"
        }
        func accepted(_ cases: [CSVReadingCase], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, cases.map(\.example)) { implementation, testCase in
                guard case let .accept(records) = testCase.expectation else { return }
                for (chunking, outcome) in outcomes(implementation, testCase) {
                    try ensureSame(outcome, CSVReadOutcome(records: records), question(testCase, chunking))
                }
            }
        }
        /// Checks every rejected case's outcome with `body(outcome, before, error)`.
        func rejected(_ cases: [CSVReadingCase], _ rule: Rule, _ about: String, label: String? = nil, _ body: @escaping (CSVReadOutcome, [[String]], CSVReadError, String) throws -> Void) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, cases.map(\.example)) { implementation, testCase in
                guard case let .reject(before, error) = testCase.expectation else { return }
                for (chunking, outcome) in outcomes(implementation, testCase) {
                    try body(outcome, before, error, question(testCase, chunking))
                }
            }
        }
        let isRejected: (CSVReadOutcome, [[String]], CSVReadError, String) throws -> Void = { outcome, before, error, asked in
            try ensure(outcome.error != nil, "the file was accepted; it must be rejected", question: asked,
                model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
        }
        return ConformanceSuite(id: "csv-record-reading", title: "CSV record reading", seam: "CSVRecordReading", checks: [
            accepted(Cases.mustAccept, R.mustAccept, "files every reader must accept"),
            rejected(Cases.mustReject, R.mustReject, "files every reader must reject", isRejected),
            .property(R.mustReject, "written tables with a byte sequence that is never UTF-8 (or NUL) inserted anywhere", cases: 80,
                Gen<([[String]], Int, Int)>.zip(Cases.table, Gen<Int>.int(in: 0...10_000), Gen<Int>.int(in: 0...(Cases.brokenBytes.count - 1))).map { (value: ([[String]], Int, Int)) -> ([[String]], [UInt8]) in
                    let (table, position, broken) = value
                    var bytes = CSVWriter.encode(rows: table)
                    bytes.insert(contentsOf: Cases.brokenBytes[broken], at: position % (bytes.count + 1))
                    return (table, bytes)
                }, describe: { Cases.show($0.1) }) { implementation, value in
                let (table, bytes) = value
                let outcome = implementation.readRecords(chunks: [bytes], dialect: .comma)
                let asked = "readRecords(\(Cases.show(bytes)) in one chunk, comma-separated)"
                try ensure(outcome.error != nil, "a file with invalid UTF-8 or NUL was accepted", question: asked,
                    model: model.readRecords(chunks: [bytes], dialect: .comma).description, implementation: outcome.description)
                try ensure(table.starts(with: outcome.records), "records were delivered that the file does not hold before its broken byte", question: asked,
                    model: model.readRecords(chunks: [bytes], dialect: .comma).description, implementation: outcome.description)
            },
            rejected(Cases.everyRejection, R.errorKind, "every rejected fixed file") { outcome, before, error, asked in
                try ensure(outcome.error?.kind == error.kind, "the error is not the first problem in byte order", question: asked,
                    model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
            },
            rejected(Cases.everyRejection, R.errorPosition, "every rejected fixed file") { outcome, before, error, asked in
                let found = outcome.error
                try ensure(found?.offset == error.offset && found?.record == error.record && found?.line == error.line,
                    "the error names another place than the first problem's byte, record and line", question: asked,
                    model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
            },
            .property(R.errorPosition, "written tables and hostile bytes, in generated chunks", label: "CSV-04.property", cases: 80,
                Gen<(([UInt8], CSVDialect), [Int])>.zip(Cases.file, Cases.chunkSizes), describe: { "\(Cases.show($0.0.0)), \($0.0.1), \(Cases.describe($0.1))" }) { implementation, value in
                let ((bytes, dialect), sizes) = value
                let outcome = implementation.readRecords(chunks: Cases.chunks(bytes, sizes: sizes), dialect: dialect)
                guard let error = outcome.error else { return }
                let asked = "readRecords(\(Cases.show(bytes)) in \(Cases.describe(sizes)), \(dialect))"
                let modelAnswer = model.readRecords(chunks: [bytes], dialect: dialect).description
                try ensure((0...bytes.count).contains(error.offset), "the error's offset is outside the file", question: asked, model: modelAnswer, implementation: outcome.description)
                if let record = error.record {
                    try ensure(record == outcome.records.count + 1, "the error's record is not the one after the records delivered", question: asked, model: modelAnswer, implementation: outcome.description)
                }
                if let line = error.line {
                    try ensure(line == Cases.line(at: error.offset, in: bytes), "the error's line is not the line of its offset", question: asked, model: modelAnswer, implementation: outcome.description)
                }
            },
            .examples(R.implementationDefined, "files left to the implementation", Cases.implementationDefined.map(\.example)) { implementation, testCase in
                guard case let .either(before, ifAccepted) = testCase.expectation else { return }
                for (chunking, outcome) in outcomes(implementation, testCase) {
                    let asked = question(testCase, chunking)
                    if outcome.error == nil {
                        try ensure(outcome.records == ifAccepted, "the file was accepted with other records than the model's", question: asked,
                            model: CSVReadOutcome(records: ifAccepted).description, implementation: outcome.description)
                    } else {
                        try ensure(outcome.records == before, "the file was rejected, but the records before the odd one were not all delivered", question: asked,
                            model: CSVReadOutcome(records: before).description + " (or the file accepted whole)", implementation: outcome.description)
                    }
                }
            },
            .property(R.chunking, "written tables and hostile bytes, in two generated chunkings and 1-byte chunks", cases: 80,
                Gen<(([UInt8], CSVDialect), [Int], [Int])>.zip(Cases.file, Cases.chunkSizes, Cases.chunkSizes),
                describe: { "\(Cases.show($0.0.0)), \($0.0.1), \(Cases.describe($0.1)) and \(Cases.describe($0.2))" }) { implementation, value in
                let ((bytes, dialect), first, second) = value
                let whole = implementation.readRecords(chunks: [bytes], dialect: dialect)
                for sizes in [first, second, [1]] {
                    let chunked = implementation.readRecords(chunks: Cases.chunks(bytes, sizes: sizes), dialect: dialect)
                    try ensure(chunked == whole, "\(Cases.describe(sizes)) gave another outcome than one chunk",
                        question: "readRecords(\(Cases.show(bytes)) in \(Cases.describe(sizes)), \(dialect))",
                        model: "as in one chunk: \(whole)", implementation: chunked.description)
                }
            },
            .property(R.roundTrip, "tables of hostile text written with any line break, quoting and delimiter, read in generated chunks", cases: 80,
                Gen<([[String]], CSVDialect, CSVWriter.Terminator, CSVWriter.Quoting, Bool, [Int])>.zip(
                    Cases.table, Cases.dialect, Gen<CSVWriter.Terminator>.element(of: CSVWriter.Terminator.allCases),
                    Gen<CSVWriter.Quoting>.element(of: CSVWriter.Quoting.allCases), Gen<Bool>.bool(probability: 0.8), Cases.chunkSizes
                ), describe: { "\(String(reflecting: $0.0)), \($0.1), \($0.2), \($0.3) quoting, final line break: \($0.4), \(Cases.describe($0.5))" }) { implementation, value in
                let (table, dialect, terminator, quoting, endsWithTerminator, sizes) = value
                let bytes = CSVWriter.encode(rows: table, dialect: dialect, terminator: terminator, quoting: quoting, endsWithTerminator: endsWithTerminator)
                try ensureSame(implementation.readRecords(chunks: Cases.chunks(bytes, sizes: sizes), dialect: dialect), CSVReadOutcome(records: table),
                    "readRecords(\(Cases.show(bytes)) in \(Cases.describe(sizes)), \(dialect))")
            },
            .examples(R.roundTrip, "the four exports' fixtures", label: "CSV-07.fixtures", [
                ConformanceExample("a Goodreads export of 40 books", ExportFixture.goodreads(rows: 40, seed: 4), pins: "seed: \"Given valid Goodreads CSV\""),
                ConformanceExample("a LibraryThing export with the seed's columns", ExportFixture.libraryThing(rows: 20, seed: 5), pins: "seed: \"Given valid LibraryThing CSV\""),
                ConformanceExample("a tab-separated LibraryThing export with the later columns", ExportFixture.libraryThing(rows: 20, seed: 6, tabSeparated: true, columns: .later), pins: "D-050"),
                ConformanceExample("a StoryGraph export", ExportFixture.storyGraph(rows: 20, seed: 7), pins: "seed: \"Given valid StoryGraph CSV\""),
                ConformanceExample("a hand-made spreadsheet with extra fields", ExportFixture.spreadsheet(rows: 20, seed: 8, extraFieldShare: 0.2), pins: "D-035"),
            ]) { implementation, fixture in
                for sizes in [[], [7, 1, 64]] {
                    try ensureSame(implementation.readRecords(chunks: Cases.chunks(fixture.bytes, sizes: sizes), dialect: fixture.dialect),
                        CSVReadOutcome(records: [fixture.header] + fixture.records), "readRecords(\(Cases.show(fixture.bytes)) in \(Cases.describe(sizes)), \(fixture.dialect))")
                }
            },
            accepted(Cases.goodreadsGuards, R.goodreadsGuard, "Goodreads' guarded ISBN fields"),
            .property(R.goodreadsGuard, "generated Goodreads rows with guarded ISBN cells and a review, in generated chunks",
                Gen<([[String]], [Int])>.zip(Gen<[String]>.array(of: Gen<(String, String, String)>.zip(
                    Gen<String>.goodreadsISBNField(Gen<String>.isbn10), Gen<String>.goodreadsISBNField(Gen<String>.isbn13), Cases.field
                ).map { [$0, $1, "4", $2] }, count: 1...5), Cases.chunkSizes), describe: { "\(String(reflecting: $0.0)), \(Cases.describe($0.1))" }) { implementation, value in
                let (rows, sizes) = value
                let bytes = CSVWriter.encode(rows: [["ISBN", "ISBN13", "My Rating", "My Review"]] + rows)
                try ensureSame(implementation.readRecords(chunks: Cases.chunks(bytes, sizes: sizes), dialect: .comma),
                    CSVReadOutcome(records: [["ISBN", "ISBN13", "My Rating", "My Review"]] + rows), "readRecords(\(Cases.show(bytes)) in \(Cases.describe(sizes)), comma-separated)")
            },
            accepted(Cases.withinLimits, R.withinLimits, "files at each limit"),
            rejected(Cases.pastLimits, R.pastLimits, "files one byte or one field past each limit", isRejected),
            rejected(Cases.everyRejection, R.recordsBeforeAnError, "every rejected fixed file") { outcome, before, error, asked in
                try ensure(outcome.records == before, "the records before the first problem were not delivered exactly", question: asked,
                    model: CSVReadOutcome(records: before, error: error).description, implementation: outcome.description)
            },
        ])
    }
}
