import SpecModel
import Testing

/// The parser decisions of Docs/Decisions.md (D-039 to D-051) that the exact-case and round-trip
/// suites do not pin on their own: what blank lines mean to the importer, the default limits, which
/// error wins when several apply, that a not-CSV error is as sticky as any other, CRLF split across
/// fed chunks, and what the importer makes of the signature check and dialect detection (Seed: 004_…, Feature
/// Specifications §1, "Malformed CSV … clear error message"; Non-Functional Requirements, memory).
@Suite struct CSVParserDecisionTests {
    // MARK: - D-041: blank lines and `""`

    /// Blank lines are not books and take no row number: the importer's row numbers are record
    /// numbers (the header is 1), not line numbers. A line holding only `""` is a record (one empty
    /// field), so it is a book row, reported as an error.
    @Test func blankLinesAreNotBooksAndRowNumbersAreRecordNumbers() throws {
        let text = "Title,Author\n\nDune,Frank Herbert\n\n\r\n,Nobody\n\"\"\n"
        var app = AppState()
        var run = try CSVImport.prepare(ImportFile(name: "library.csv", bytes: Array(text.utf8)), library: app.store, strategy: .skip).get()
        #expect(run.summary.dataRows == 3)
        run.importAll(into: &app)
        #expect(run.summary.imported == 1)
        #expect(run.summary.errors == [
            RowIssue(rowNumber: 3, reason: "the title is empty"),  // on line 6
            RowIssue(rowNumber: 4, reason: "the row has 1 fields but the header has 2"),  // `""`, on line 7
        ])
        let rows = try CSVParser.rows(in: Array(text.utf8))
        #expect(rows.map(\.number) == [1, 2, 3, 4])
        #expect(rows.map(\.lineNumber) == [1, 3, 6, 7])
    }

    // MARK: - D-045: the default limits

    /// The defaults are 64 KiB fields, 1 MiB records and 512 columns.
    @Test func theDefaultLimitsAre64KiBFields1MiBRecordsAnd512Columns() {
        let limits = CSVLimits.default
        #expect(limits.fieldBytesMax == 65_536)
        #expect(limits.rowBytesMax == 1_048_576)
        #expect(limits.columnsMax == 512)
        #expect(CSVLimits() == limits)
    }

    /// A field of 65,536 bytes is read; one byte more is `fieldTooLong` at the field's first byte.
    @Test func aFieldOf64KiBIsReadAndOneByteMoreIsTooLong() throws {
        let longest = String(repeating: "a", count: 65_536)
        #expect(try CSVParser.rows(in: Array("x,\(longest)\n".utf8)).map { $0.fields[1].utf8.count } == [65_536])
        let outcome = CSVParsing.parse(Array("x,\(longest)a\n".utf8))
        #expect(outcome.rows.isEmpty)
        #expect(outcome.error == .fieldTooLong(fieldBytesMax: 65_536, offset: 2, record: 1, line: 1))
    }

    /// 512 fields are read; the 513th is `tooManyColumns` at its first byte.
    @Test func aRecordOf512FieldsIsReadAndThe513thIsTooMany() throws {
        let fields512 = Array(repeating: "x", count: 512).joined(separator: ",")
        #expect(try CSVParser.rows(in: Array((fields512 + "\n").utf8)).map(\.fields.count) == [512])
        // Field k starts at byte 2 (k - 1): the 513th at 1,024.
        let outcome = CSVParsing.parse(Array((fields512 + ",x\n").utf8))
        #expect(outcome.error == .tooManyColumns(columnsMax: 512, offset: 1_024, record: 1, line: 1))
    }

    /// A record of exactly 1 MiB (its line break excluded) is read; one byte more is `rowTooLong` at
    /// the record's first byte, whichever record it is.
    @Test func aRecordOf1MiBIsReadAndOneByteMoreIsTooLong() throws {
        // Sixteen fields, each within the field limit: 15 × 65,536 + 65,521 + 15 commas = 1,048,576.
        let exact = Array(repeating: String(repeating: "a", count: 65_536), count: 15) + [String(repeating: "b", count: 65_521)]
        let line = exact.joined(separator: ",")
        #expect(line.utf8.count == 1_048_576)
        let rows = try CSVParser.rows(in: Array("header\n\(line)\r\n".utf8))
        #expect(rows.map(\.fields.count) == [1, 16])
        let outcome = CSVParsing.parse(Array("header\n\(line)b\r\n".utf8))
        #expect(outcome.rows.map(\.fields) == [["header"]])
        #expect(outcome.error == .rowTooLong(rowBytesMax: 1_048_576, offset: 7, record: 2, line: 2))
    }

    // MARK: - D-046: which error wins

    /// Bytes that break two rules, the error the parser reports, and the error the losing rule gives
    /// when it is broken alone (so each case is a real conflict, not one rule unbroken).
    struct Conflict: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let limits: CSVLimits
        let winner: CSVParseError
        let loserBytes: [UInt8]
        let loserLimits: CSVLimits
        let loser: CSVParseError

        var testDescription: String { name }
    }

    static let conflicts: [Conflict] = [
        Conflict(
            name: "a field too long that makes its record too long is reported as the record (checked at every byte)",
            bytes: Array("abcdefg\n".utf8), limits: CSVLimits(fieldBytesMax: 3, rowBytesMax: 5),
            winner: .rowTooLong(rowBytesMax: 5, offset: 0, record: 1, line: 1),
            loserBytes: Array("abcdefg\n".utf8), loserLimits: CSVLimits(fieldBytesMax: 3),
            loser: .fieldTooLong(fieldBytesMax: 3, offset: 0, record: 1, line: 1)
        ),
        Conflict(
            name: "at one delimiter the field's length is checked before the column count",
            bytes: Array("a,bcde,g\n".utf8), limits: CSVLimits(fieldBytesMax: 3, columnsMax: 2),
            winner: .fieldTooLong(fieldBytesMax: 3, offset: 2, record: 1, line: 1),
            loserBytes: Array("a,bcde,g\n".utf8), loserLimits: CSVLimits(columnsMax: 2),
            loser: .tooManyColumns(columnsMax: 2, offset: 7, record: 1, line: 1)
        ),
        Conflict(
            name: "at one delimiter the record's length is checked before the column count",
            bytes: Array("a,b,c\n".utf8), limits: CSVLimits(rowBytesMax: 3, columnsMax: 2),
            winner: .rowTooLong(rowBytesMax: 3, offset: 0, record: 1, line: 1),
            loserBytes: Array("a,b,c\n".utf8), loserLimits: CSVLimits(columnsMax: 2),
            loser: .tooManyColumns(columnsMax: 2, offset: 4, record: 1, line: 1)
        ),
        Conflict(
            name: "at one byte the record's length is checked before UTF-8",
            bytes: Array("ab".utf8) + [0xFF, 0x0A], limits: CSVLimits(rowBytesMax: 2),
            winner: .rowTooLong(rowBytesMax: 2, offset: 0, record: 1, line: 1),
            loserBytes: Array("ab".utf8) + [0xFF, 0x0A], loserLimits: .default,
            loser: .invalidUTF8(.invalidLeadByte, offset: 2, record: 1, line: 1)
        ),
        Conflict(
            name: "at one byte the record's length is checked before a NUL",
            bytes: Array("ab".utf8) + [0x00, 0x0A], limits: CSVLimits(rowBytesMax: 2),
            winner: .rowTooLong(rowBytesMax: 2, offset: 0, record: 1, line: 1),
            loserBytes: Array("ab".utf8) + [0x00, 0x0A], loserLimits: .default,
            loser: .notCSV(reason: .nulByte, offset: 2)
        ),
        Conflict(
            name: "text after a closing quote is met before the field ends, so it beats the field's length",
            bytes: Array("\"abcd\"x\n".utf8), limits: CSVLimits(fieldBytesMax: 3),
            winner: .textAfterClosingQuote(byte: UInt8(ascii: "x"), offset: 6, record: 1, line: 1),
            loserBytes: Array("\"abcd\",x\n".utf8), loserLimits: CSVLimits(fieldBytesMax: 3),
            loser: .fieldTooLong(fieldBytesMax: 3, offset: 0, record: 1, line: 1)
        ),
        Conflict(
            name: "an earlier byte wins: invalid UTF-8 before the record's limit is reached",
            bytes: [0x61, 0xFF] + Array("bcdefgh\n".utf8), limits: CSVLimits(rowBytesMax: 4),
            winner: .invalidUTF8(.invalidLeadByte, offset: 1, record: 1, line: 1),
            loserBytes: Array("abbcdefgh\n".utf8), loserLimits: CSVLimits(rowBytesMax: 4),
            loser: .rowTooLong(rowBytesMax: 4, offset: 0, record: 1, line: 1)
        ),
    ]

    /// The error is the first check to fail reading bytes in order (at one byte: the record's
    /// length, then UTF-8, then the grammar; at a field's end: its length, then the column count),
    /// the same in any chunking and when pulled.
    @Test(arguments: conflicts)
    func whenSeveralRulesAreBrokenTheFirstCheckToFailInByteOrderWins(conflict: Conflict) {
        #expect(CSVParsing.parse(conflict.loserBytes, limits: conflict.loserLimits).error == conflict.loser, "the losing rule alone")
        let expected = CSVParsingOutcome(rows: [], error: conflict.winner)
        #expect(CSVParsing.parse(conflict.bytes, limits: conflict.limits) == expected, "one chunk")
        for size in 1...3 {
            #expect(CSVParsing.parse(conflict.bytes, chunkSizes: [size], limits: conflict.limits) == expected, "\(size)-byte chunks")
        }
        #expect(CSVParsing.read(conflict.bytes, limits: conflict.limits) == expected, "pulled")
    }

    // MARK: - D-042 and D-047: the signature check, and sticky errors

    /// A not-CSV error stops the parser like any other: valid bytes fed afterwards, `finish`, and
    /// every pull throw it again.
    @Test func aNotCSVErrorIsStickyLikeAnyOther() {
        let xlsx: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]
        let expected = CSVParseError.notCSV(reason: .zipArchive, offset: 0)
        var parser = CSVParser()
        #expect(throws: expected) { try parser.feed(xlsx) { _ in Issue.record("a row from a ZIP archive") } }
        #expect(throws: expected) { try parser.feed(Array("Title,Author\nDune,Frank Herbert\n".utf8)) { _ in Issue.record("a row after the error") } }
        #expect(throws: expected) { try parser.finish { _ in Issue.record("a row after the error") } }

        var reader = CSVRowReader(bytes: xlsx)
        #expect(throws: expected) { try reader.next() }
        #expect(throws: expected) { try reader.nextBatch(rowsMax: 50) }
        #expect(throws: expected) { try reader.next() }
    }

    /// A file shorter than the longest signature is checked when it ends: a bare JPEG signature fed
    /// in one chunk is accepted by `feed` and refused by `finish`.
    @Test func aFileShorterThanEightBytesIsCheckedAtFinish() throws {
        var parser = CSVParser()
        var rows: [CSVRow] = []
        try parser.feed([0xFF, 0xD8, 0xFF]) { rows.append($0) }
        #expect(throws: CSVParseError.notCSV(reason: .jpegImage, offset: 0)) { try parser.finish { rows.append($0) } }
        #expect(rows.isEmpty)
    }

    /// The importer refuses a spreadsheet saved with a `.csv` name with the parser's reason, before a
    /// row is read: the user is told what the file is.
    @Test func aSpreadsheetWithACSVNameIsRefusedAsNotCSV() {
        let xlsx: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0x00, 0x00]
        let result = CSVImport.prepare(ImportFile(name: "library.csv", bytes: xlsx), library: LibraryStore(), strategy: .skip)
        guard case let .failure(.unreadable(error)) = result else {
            Issue.record("expected the file to be refused as unreadable, got \(result)")
            return
        }
        #expect(error == .notCSV(reason: .zipArchive, offset: 0))
        #expect(ImportError.unreadable(error).description.contains("a ZIP archive (an .xlsx, .numbers or .ods spreadsheet?)"))
    }

    // MARK: - D-049: line counting across buffers

    /// A CRLF split between two fed chunks is one line break, between records, in a blank line and
    /// inside quotes alike; record numbers skip the blank line, line numbers do not.
    @Test func aCRLFSplitAcrossChunksIsOneLineBreak() throws {
        // The first chunk is longer than the 8 bytes held for the signature check, so every split
        // below reaches the scanner as a split.
        let chunks = ["Title,Author\r", "\nDune,Herbert\r", "\n\r", "\n\"a\r", "\nb\"\r", "\nx\n"]
        var parser = CSVParser()
        var rows: [CSVRow] = []
        for chunk in chunks { try parser.feed(Array(chunk.utf8)) { rows.append($0) } }
        try parser.finish { rows.append($0) }
        #expect(rows == [
            CSVRow(number: 1, lineNumber: 1, byteOffset: 0, fields: ["Title", "Author"]),
            CSVRow(number: 2, lineNumber: 2, byteOffset: 14, fields: ["Dune", "Herbert"]),
            CSVRow(number: 3, lineNumber: 4, byteOffset: 30, fields: ["a\r\nb"]),
            CSVRow(number: 4, lineNumber: 6, byteOffset: 38, fields: ["x"]),
        ])
        #expect(try CSVParser.rows(in: Array(chunks.joined().utf8)) == rows)
    }

    // MARK: - D-050: the dialect, as the importer uses it

    /// A tab-separated LibraryThing export is detected as tab-separated from its header, so its commas
    /// stay inside fields, and it imports like a comma-separated one.
    @Test func aTabSeparatedExportIsImportedWithItsDelimiterDetected() throws {
        let text = "Title\tPrimary Author\tISBN\tRating\tDate Started\tDate Read\tTags\n"
            + "The Night Watchman\tLouise Erdrich\t9780062671189\t4.5\t2021-01-02\t2021-01-20\tfiction, book-club\n"
            + "Circe, a Novel\tMadeline Miller\t\t5\t\t\tmyth\n"
        var app = AppState()
        var run = try CSVImport.prepare(ImportFile(name: "librarything.tsv", bytes: Array(text.utf8)), library: app.store, strategy: .skip).get()
        #expect(run.detection.format == .libraryThing)
        #expect(run.header.count == 7)
        run.importAll(into: &app)
        #expect(run.summary.imported == 2)
        #expect(run.summary.errors.isEmpty)
        #expect(app.store.works().map(\.title) == ["The Night Watchman", "Circe, a Novel"])
    }
}
