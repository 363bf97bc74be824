import SpecModel
import Testing

/// Comma or tab is picked from the header line, and the writer quotes exactly what the parser would
/// otherwise misread (Seed: 004_…, User Story 1, "auto-detect the format"; LibraryThing's
/// tab-separated export in the production notes).
@Suite struct CSVDialectAndWriterTests {
    @Test(arguments: [
        ("Title,Author,ISBN\nx", CSVDialect.comma),
        ("Title\tPrimary Author\tISBN\tRating\n", .tab),
        ("TITLE\t\"AUTHOR (first, last)\"\tISBN\tRATING\n", .tab),  // the commas are inside quotes
        ("\"Title, with comma\"\tAuthor\n", .tab),
        ("a\tb,c,d\n", .comma),  // more commas than tabs
        ("a\tb,c\n", .comma),  // a tie is comma
        ("Title\n", .comma),  // one column
        ("", .comma),
        ("\u{FEFF}Title\tAuthor\tISBN\n", .tab),
        ("Title,Author\r\nA\tB\tC\tD\n", .comma),  // only the first line counts
        ("a\tb\rc,d,e,f\n", .tab),  // a CR ends the first line too
    ] as [(Shown<String>, CSVDialect)])
    func theDialectIsPickedFromTheFirstLine(header: Shown<String>, expected: CSVDialect) {
        #expect(CSVDialect.detect(in: Array(header.value.utf8)) == expected)
    }

    /// Issue 22: a file with no line break is judged by its first 64 KiB, not read to its end: what lies
    /// past `detectionBytesMax` never counts, what lies at its last byte does.
    @Test func detectionReadsAtMostItsPrefix() {
        let limit = CSVDialect.detectionBytesMax
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: limit - 1) + [UInt8(ascii: ",")]
        bytes += [UInt8](repeating: 0x09, count: 8_000_000)
        #expect(CSVDialect.detect(in: bytes) == .comma)
        var tabAtTheLimit = [UInt8](repeating: UInt8(ascii: "a"), count: limit - 1) + [0x09]
        tabAtTheLimit += [UInt8](repeating: UInt8(ascii: ","), count: 1_000)
        #expect(CSVDialect.detect(in: tabAtTheLimit) == .tab)
    }

    @Test func theHeaderOfEveryExportIsDetected() {
        #expect(CSVDialect.detect(in: Array("Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13".utf8)) == .comma)
        #expect(CSVDialect.detect(in: Array("Title,Authors,ISBN/UID,Format,Read Status".utf8)) == .comma)
        #expect(CSVDialect.detect(in: Array("Title\tPrimary Author\tISBN\tRating\tDate Started\tDate Read\tTags".utf8)) == .tab)
    }

    @Test(arguments: [
        ([["a", "b"], ["c", "d"]], CSVWriter.Terminator.lf, CSVWriter.Quoting.minimal, "a,b\nc,d\n"),
        ([["a", "b"]], .crlf, .minimal, "a,b\r\n"),
        ([["a", "b"]], .cr, .all, "\"a\",\"b\"\r"),
        ([["a,b", "say \"hi\"", "line\nbreak", "cr\r"]], .lf, .minimal, "\"a,b\",\"say \"\"hi\"\"\",\"line\nbreak\",\"cr\r\"\n"),
        ([["  spaces  ", ""]], .lf, .minimal, "  spaces  ,\n"),
        ([["a"], [""], ["b"]], .lf, .minimal, "a\n\"\"\nb\n"),  // an empty line would be a blank line
        ([["=\"0525540679\"", "=\"\""]], .lf, .minimal, "\"=\"\"0525540679\"\"\",\"=\"\"\"\"\"\n"),
        ([["\u{FEFF}Title", "x"], ["\u{FEFF}y", "z"]], .lf, .minimal, "\"\u{FEFF}Title\",x\n\u{FEFF}y,z\n"),  // only at the start
        ([["%PDF-1.7"], ["%PDF-1.7"]], .lf, .minimal, "\"%PDF-1.7\"\n%PDF-1.7\n"),
        ([["GIF89a", "b"]], .lf, .minimal, "\"GIF89a\",b\n"),
    ] as [([[String]], CSVWriter.Terminator, CSVWriter.Quoting, Shown<String>)])
    func theWriterQuotesWhatTheParserWouldMisread(rows: [[String]], terminator: CSVWriter.Terminator, quoting: CSVWriter.Quoting, expected: Shown<String>) throws {
        let bytes = CSVWriter.encode(rows: rows, terminator: terminator, quoting: quoting)
        #expect(bytes == Array(expected.value.utf8))
        #expect(try CSVParser.rows(in: bytes).map(\.fields) == rows)
    }

    @Test func aTabSeparatedWriterQuotesTabsButNotCommas() throws {
        let rows = [["a,b", "c\td", "e"]]
        let bytes = CSVWriter.encode(rows: rows, dialect: .tab)
        #expect(bytes == Array("a,b\t\"c\td\"\te\n".utf8))
        #expect(try CSVParser.rows(in: bytes, dialect: .tab).map(\.fields) == rows)
    }

    @Test func withoutAFinalTerminatorTheLastRowEndsTheFile() throws {
        let bytes = CSVWriter.encode(rows: [["a", ""], ["b", ""]], endsWithTerminator: false)
        #expect(bytes == Array("a,\nb,".utf8))
        #expect(try CSVParser.rows(in: bytes).map(\.fields) == [["a", ""], ["b", ""]])
    }
}
