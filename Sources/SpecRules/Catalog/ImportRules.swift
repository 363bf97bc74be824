/// The rules of importing a file with a duplicate strategy (seed 004_…, User Stories 2 and 4, the
/// high-level flow and the file checks; D-030 to D-038, D-120 to D-127, D-143, D-145).
///
/// What the seed's criteria say in their own words are seed rules, checked on files where every
/// reading of them agrees (Skip, Replace All, the file's own duplicates, the progress text, the refused
/// files the seed names); how Smart merges, how the summary counts, when the library is saved and what
/// a row error is are decisions.
public enum ImportRules {
    static let story2 = "User Story 2: Handle Duplicate Books Intelligently"
    static let story4 = "User Story 4: Import Progress Visibility"
    static let parsing = "CSV Parsing (CSVParsingActor)"
    static let unitTests = "Unit Tests"

    public static let everyRowCounted = Rule(
        "IMPORT-01", .must, "Every data row ends as exactly one of imported, duplicate or error: the three add up to the file's data rows, each error row reported once by its record number.",
        basis: .decided("D-035"))
    public static let skip = Rule(
        "IMPORT-02", .must, "Skip leaves the library book a row duplicates as it was, adds no book for the row and counts it as a duplicate, so importing a file twice adds nothing the second time.",
        basis: .seed(.csvImport, story2, "Given duplicate strategy = \"Skip\", when duplicate detected, then skip new book and increment `duplicates` counter"))
    public static let smart = Rule(
        "IMPORT-03", .must, "Smart merges a duplicate row into the library book: the library's values win, the row fills its gaps (ISBN, year, rating, notes, new authors not 80% like one it has), and a \"to read\" status gives way to the row's.",
        basis: .decided("D-031"))
    public static let replaceAll = Rule(
        "IMPORT-04", .must, "Replace All deletes the library book a row duplicates and inserts the row's book: nothing of the old book (its title as written, ISBN, year, rating, notes) remains.",
        basis: .seed(.csvImport, story2, "Given duplicate strategy = \"Replace All\", when duplicate found, then delete old entry and insert new"))
    public static let insideTheFile = Rule(
        "IMPORT-05", .must, "Rows repeating an earlier row of the same file (the same title and author), in the same batch or a later one, leave one book whatever the strategy; with Skip it is the first row's, and the repeats count as duplicates.",
        basis: .seed(.csvImport, story2, "Edge case: Given CSV has internal duplicates, when imported, system deduplicates before SwiftData insertion"))
    public static let batchSaves = Rule(
        "IMPORT-06", .must, "The library is saved once per batch of 50 rows: 49 and 50 rows take one save, 51 and 100 two, 101 three.",
        basis: .decided("D-030"))
    public static let progress = Rule(
        "IMPORT-07", .must, "Progress reads \"Imported N/M books (P%)\": N the rows handled so far, M the file's data rows, P their percentage (250 of 500 is 50%).",
        basis: .seed(.csvImport, story4, "Given large import (500+ books), when processing, then progress shown as \"Imported 250/500 books (50%)\""))
    public static let refusals = Rule(
        "IMPORT-08", .must, "A file whose name does not end in .csv is refused as not a CSV file, with nothing imported and nothing saved.",
        basis: .seed(.csvImport, parsing, "Invalid file extension → Show \"Please select a .csv file\""))
    public static let rowErrors = Rule(
        "IMPORT-09", .must, "A row without a title, without an author, or missing a mapped column is an error reported by its record number (the header is 1, blank lines are no records); a row with extra fields, or with a field that cannot be read (an invalid ISBN, a rating of \"abc\", an unknown status), is imported without them.",
        basis: .decided("D-035"))
    public static let agreesWithModel = Rule(
        "IMPORT-10", .must, "On any library, file and strategy, the report, the library's books and the number of saves are the model's (informational).",
        basis: .reference)
    public static let replacedAuthors = Rule(
        "IMPORT-11", .must, "Replace All deletes the authors of a replaced book that the replacement leaves with no works; an author with another book, or one the row names again (by name key), stays as they were.",
        basis: .decided("D-122"), requires: ["IMPORT-04", "IMPORT-05"])
    public static let lookAlikes = Rule(
        "IMPORT-12", .must, "Books whose valid ISBNs differ are two books under every strategy unless their title and author are the same: Skip imports the row, Smart merges nothing into the other, Replace All deletes nothing; two editions of one title and author are one work, and Smart adds the row's ISBN as another edition.",
        basis: .decided("D-120"), requires: ["IMPORT-03"])
    public static let summaryCounts = Rule(
        "IMPORT-13", .must, "A row that replaces a duplicate counts as imported, a row merged into one as a duplicate.",
        basis: .decided("D-127"), requires: ["IMPORT-05"])
    public static let insideTheFileByStrategy = Rule(
        "IMPORT-14", .must, "The file's own duplicates follow the strategy: Smart merges a repeat into the first row's book, Replace All keeps the last row's, in the same batch or a later one.",
        basis: .decided("D-032"), requires: ["IMPORT-03", "IMPORT-04", "IMPORT-05"])
    public static let progressPerBatch = Rule(
        "IMPORT-15", .must, "A progress line follows each saved batch, the percentage rounded down: 50 of 120 is 41%, and the last line reads 100%.",
        basis: .decided("D-030"), requires: ["IMPORT-06"])
    public static let emptyFile = Rule(
        "IMPORT-16", .must, "An empty file is refused with an error, nothing imported and nothing saved.",
        basis: .seed(.csvImport, unitTests, "Empty CSV file - Shows appropriate error"))
    public static let onlyHeaders = Rule(
        "IMPORT-17", .must, "A file holding only its header is refused as \"No books found\", nothing imported and nothing saved.",
        basis: .seed(.csvImport, unitTests, "CSV with only headers - Shows \"No books found\""))
    public static let missingHeaders = Rule(
        "IMPORT-18", .must, "A file whose header has no title column is refused with the required columns it lacks (Title among them), nothing imported and nothing saved.",
        basis: .seed(.csvImport, parsing, "Malformed CSV (missing headers) → Show format requirements"))
    public static let acceptedNames = Rule(
        "IMPORT-19", .must, "Names ending in .csv, .tsv or .txt, in any case, are accepted.",
        basis: .decided("D-038"))
    public static let unreadable = Rule(
        "IMPORT-20", .must, "A file that cannot be read to its end (invalid UTF-8 in its last row, a spreadsheet named .csv) is refused as unreadable, nothing imported and nothing saved.",
        basis: .decided("D-036"))
    public static let blankFile = Rule(
        "IMPORT-21", .must, "A file of nothing but whitespace and line breaks, or only a byte-order mark, is refused as empty.",
        basis: .decided("D-145"))
    public static let distinctionsByStrategy = Rule(
        "IMPORT-22", .must, "Books that tier 3 tells apart by their subtitles or series positions are two books under every strategy: Smart merges nothing into the other.",
        basis: .decided("D-121"), requires: ["IMPORT-03"])
    public static let authorRequired = Rule(
        "IMPORT-23", .must, "A header without an author column is refused too, the missing columns named Title before Author.",
        basis: .decided("D-143"))
}
