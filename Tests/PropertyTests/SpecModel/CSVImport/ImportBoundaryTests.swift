import SpecModel
import Testing

/// Every numeric limit of the import's rules, at the limit and one past it, in one place (issue 21,
/// "Boundaries"): the subtitle rule's 10 characters, tier 3's 80%, the batch of 50, the parser's field,
/// record and column limits, an ISBN's 10 and 13 digits, and a format's 60% (D-033, D-034, D-030,
/// D-045, D-051, D-118).
@Suite struct ImportBoundaryTests {
    /// "Strip subtitles after `:` if title length > 10 chars" (D-033: the whole title, spaces collapsed).
    @Test(arguments: [("Abcd: Efgh", "Abcd: Efgh"), ("Abcd: Efghi", "Abcd"), ("Ab  c: Efgh", "Ab c: Efgh"), ("Ab  c: Efghi", "Ab c")])
    func theSubtitleIsKeptAtTenCharactersAndStrippedAtEleven(title: String, normalized: String) {
        #expect(TitleNormalization.normalizedForSearch(title) == normalized)
    }

    /// "fuzzy author match (>80% similarity score)": exactly 80% is not a match (D-034).
    @Test func exactlyEightyPercentSimilarAuthorsAreNotTheSameAuthor() {
        #expect(AuthorSimilarity.score("Anne Tyler", "Anna Tylor") == 0.8)
        #expect(!(AuthorSimilarity.score("Anne Tyler", "Anna Tylor") > AuthorSimilarity.duplicateThreshold))
        #expect(AuthorSimilarity.score("Anne Tyler", "Anna Tyler") == 0.9)
        let a = DuplicateKeys(title: "Ladder of Years: A Novel", author: "Anne Tyler", isbn13: nil)
        #expect(DuplicateRule.match(a, DuplicateKeys(title: "Ladder of Years", author: "Anna Tylor", isbn13: nil)) == nil)
        #expect(DuplicateRule.match(a, DuplicateKeys(title: "Ladder of Years", author: "Anna Tyler", isbn13: nil))?.tier == .normalizedTitleAndSimilarAuthor)
    }

    /// "Batch Processing (50 rows/batch)": a batch and a save per 50 rows (D-030).
    @Test(arguments: [(49, 1), (50, 1), (51, 2), (100, 2), (101, 3)])
    func aFileOfNRowsIsImportedInCeilingOfNOverFiftyBatches(rows: Int, batches: Int) throws {
        var app = AppState()
        let lines = ["Title,Author"] + (0..<rows).map { "Book \($0),Author \($0)" }
        var run = try CSVImport.prepare(ImportFile(name: "b.csv", bytes: Array(lines.joined(separator: "\n").utf8)), library: app.store, strategy: .skip).get()
        var progress: [String] = []
        while let line = run.importNextBatch(into: &app) { progress.append(line) }
        #expect(progress.count == batches)
        #expect(progress.last == "Imported \(rows)/\(rows) books (100%)")
        #expect(app.store.count(of: .work) == rows)
    }

    /// D-045: a 65,536-byte field, a 1,048,576-byte record and 512 columns are read; one more is refused.
    @Test func theParsersLimitsAcceptTheirValueAndRefuseOneMore() {
        let limits = CSVLimits.default
        func read(_ text: String) -> Result<[CSVRow], CSVParseError> {
            Result { () throws(CSVParseError) in try CSVParser.rows(in: Array(text.utf8), limits: limits) }
        }
        let field = String(repeating: "a", count: limits.fieldBytesMax)
        #expect((try? read(field).get())?.first?.fields == [field])
        #expect(Self.isError(read(field + "a")) { if case .fieldTooLong = $0 { true } else { false } })
        let columns = Array(repeating: "x", count: limits.columnsMax)
        #expect((try? read(columns.joined(separator: ",")).get())?.first?.fields.count == limits.columnsMax)
        #expect(Self.isError(read((columns + ["x"]).joined(separator: ","))) { if case .tooManyColumns = $0 { true } else { false } })
        // A record of exactly 1 MiB: 16 full fields, and one field of what is left after the commas.
        let fields = Array(repeating: String(repeating: "b", count: limits.fieldBytesMax), count: 15)
        let rest = limits.rowBytesMax - fields.count * limits.fieldBytesMax - fields.count
        let record = (fields + [String(repeating: "c", count: rest)]).joined(separator: ",")
        #expect(record.utf8.count == limits.rowBytesMax)
        #expect((try? read(record).get())?.first?.fields.count == 16)
        #expect(Self.isError(read(record + "c")) { if case .rowTooLong = $0 { true } else { false } })
    }

    /// D-051: an ISBN has 10 or 13 digits; 9, 11, 12 and 14 are invalid.
    @Test(arguments: [("030640615", false), ("0306406152", true), ("03064061521", false), ("978030640615", false), ("9780306406157", true), ("97803064061570", false)])
    func anISBNHasTenOrThirteenDigits(field: String, valid: Bool) {
        if case .valid = ISBNValue.parse(field) { #expect(valid) } else { #expect(!valid) }
    }

    /// D-118: a known format needs 60% of its columns: exactly 60% is the format, less a spreadsheet.
    @Test func aFormatNeedsSixtyPercentOfItsColumns() throws {
        let nine = Array(ExportFormat.storyGraphColumns.prefix(10)).filter { $0 != "Read Status" }
        #expect(nine.count == 9)
        #expect(try FormatDetection.detect(header: nine).format == .storyGraph)
        #expect(try FormatDetection.detect(header: Array(nine.prefix(8))).format == .generic)
    }

    static func isError(_ result: Result<[CSVRow], CSVParseError>, _ matches: (CSVParseError) -> Bool) -> Bool {
        if case let .failure(error) = result { return matches(error) }
        return false
    }
}
