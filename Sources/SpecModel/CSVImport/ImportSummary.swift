/// The running tally of an import and, at the end, its summary.
///
/// Seed 004_…, User Story 4 ("Imported 250/500 books (50%)"; "displays: imported count, duplicates
/// skipped, errors encountered"), with Decisions D-030, D-035 and D-127. Every data row ends as
/// exactly one of imported, duplicate or error: `imported + duplicates + errors == dataRows` once the
/// import has finished.
public struct ImportSummary: Hashable, Sendable {
    /// The format the file was read as.
    public let format: ExportFormat
    /// How sure the format detection was (`FormatDetection.confidence`).
    public let confidence: Double
    /// Rows after the header: the books the file holds, well-formed or not.
    public let dataRows: Int
    /// Rows that made a new work (including replacements).
    public internal(set) var imported = 0
    /// Rows that matched a known book and made no new work (skipped or merged).
    public internal(set) var duplicates = 0
    /// Of the duplicates, the ones merged into the known book (Smart).
    public internal(set) var merged = 0
    /// Of the imported, the ones that replaced a known book (Replace All).
    public internal(set) var replaced = 0
    /// Rows not imported, with the reason.
    public internal(set) var errors: [RowIssue] = []
    /// Fields left out of imported rows, with the reason.
    public internal(set) var warnings: [RowIssue] = []
    /// The works each duplicate row matched, and how, by row number.
    public internal(set) var matches: [Int: DuplicateMatch] = [:]

    /// An empty tally for a file of `dataRows` rows read as `format`.
    init(format: ExportFormat, confidence: Double, dataRows: Int) {
        self.format = format
        self.confidence = confidence
        self.dataRows = dataRows
    }

    /// Rows handled so far.
    public var processed: Int { imported + duplicates + errors.count }

    /// Of the duplicates, the ones skipped (Skip): made nothing and changed nothing.
    public var skipped: Int { duplicates - merged }

    /// Adds a saved batch's tally.
    mutating func add(_ batch: ImportSummary) {
        imported += batch.imported
        duplicates += batch.duplicates
        merged += batch.merged
        replaced += batch.replaced
        errors += batch.errors
        warnings += batch.warnings
        matches.merge(batch.matches) { first, _ in first }
    }

    /// Counts every row not yet handled as an error, `not imported: ` and the reason (the import
    /// stopped: D-030). Records are numbered from 1, the header being 1, so the first row not handled
    /// is record `processed + 2`.
    mutating func countUnhandledRowsAsErrors(because reason: String) {
        let firstUnhandled = processed + 2
        for offset in 0..<(dataRows - processed) {
            errors.append(RowIssue(rowNumber: firstUnhandled + offset, reason: "not imported: \(reason)"))
        }
    }

    /// The progress line after a batch: rows handled of the file's data rows, "Imported 250/500 books
    /// (50%)", the percentage rounded down.
    public var progressLine: String {
        let percent = dataRows == 0 ? 100 : processed * 100 / dataRows
        return "Imported \(processed)/\(dataRows) books (\(percent)%)"
    }

    /// The summary line the app shows at the end: the seed's imported count, duplicates skipped and
    /// errors, with the merged duplicates (Smart) and the replacements (Replace All) named when there
    /// are any, so no row is called skipped that changed the library (D-127):
    /// "Imported 1 book, 3 duplicates merged, 0 duplicates skipped, 0 errors",
    /// "Imported 58 books, 4 of them replacing duplicates, 0 duplicates skipped, 0 errors".
    public var text: String {
        func count(_ number: Int, _ one: String, _ many: String) -> String { "\(number) \(number == 1 ? one : many)" }
        var parts = ["Imported " + count(imported, "book", "books")]
        if replaced > 0 { parts.append("\(replaced) of them replacing " + (replaced == 1 ? "a duplicate" : "duplicates")) }
        if merged > 0 { parts.append(count(merged, "duplicate", "duplicates") + " merged") }
        parts.append(count(skipped, "duplicate", "duplicates") + " skipped")
        parts.append(count(errors.count, "error", "errors"))
        return parts.joined(separator: ", ")
    }
}
