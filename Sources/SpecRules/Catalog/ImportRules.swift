/// The rules of importing a file with a duplicate strategy (seed 004_…, User Stories 2 and 4, the
/// high-level flow and the file checks; D-030 to D-038, D-120 to D-122).
public enum ImportRules {
    static let story2 = "User Story 2: Handle Duplicate Books Intelligently"
    static let story4 = "User Story 4: Import Progress Visibility"

    public static let everyRowCounted = Rule(
        "IMPORT-01", .must, "Every data row ends as exactly one of imported, duplicate or error: the three add up to the file's data rows, each error row reported once by its record number.",
        basis: .decided("D-035"))
    public static let skip = Rule(
        "IMPORT-02", .must, "Skip leaves the library book a row duplicates as it was and counts the row as a duplicate, so importing a file twice adds nothing the second time.",
        basis: .decided("D-030"))
    public static let smart = Rule(
        "IMPORT-03", .must, "Smart merges a duplicate row into the library book: the library's values win, the row fills its gaps (ISBN, year, rating, notes, new authors not 80% like one it has), and a \"to read\" status gives way to the row's.",
        basis: .decided("D-031"))
    public static let replaceAll = Rule(
        "IMPORT-04", .must, "Replace All deletes the library book a row duplicates and inserts the row's book as written: nothing of the old book (its ISBN, year, rating, notes) remains.",
        basis: .decided("D-032"))
    public static let insideTheFile = Rule(
        "IMPORT-05", .must, "A row duplicating an earlier row of the same file, in the same batch or an earlier one, follows the strategy: Skip keeps the first, Smart merges into it, Replace All keeps the last.",
        basis: .decided("D-032"))
    public static let batchSaves = Rule(
        "IMPORT-06", .must, "The library is saved once per batch of 50 rows: 49 and 50 rows take one save, 51 and 100 two, 101 three.",
        basis: .decided("D-030"))
    public static let progress = Rule(
        "IMPORT-07", .must, "After each saved batch the progress reads \"Imported N/M books (P%)\": the rows handled so far, the data rows, and the whole percent rounded down; the last reads 100%.",
        basis: .decided("D-030"))
    public static let refusals = Rule(
        "IMPORT-08", .must, "A file is refused, with nothing imported and nothing saved, when its name does not end in .csv, .tsv or .txt (any case), when it is empty, holds only a header, lacks a title or author column, or cannot be read to its end.",
        basis: .decided("D-036"))
    public static let rowErrors = Rule(
        "IMPORT-09", .must, "A row without a title, without an author, or missing a mapped column is an error reported by its record number (the header is 1, blank lines are no records); a row with extra fields, or with a field that cannot be read (an invalid ISBN, a rating of \"abc\", an unknown status), is imported without them.",
        basis: .decided("D-035"))
    public static let agreesWithModel = Rule(
        "IMPORT-10", .must, "On any library, file and strategy, the report, the library's books and the number of saves are the model's.",
        basis: .decided("D-031"))
    public static let replacedAuthors = Rule(
        "IMPORT-11", .must, "Replace All deletes the authors of a replaced book that the replacement leaves with no works; an author with another book, or one the row names again (by name key), stays as they were.",
        basis: .decided("D-015"))
    public static let lookAlikes = Rule(
        "IMPORT-12", .must, "Books that duplicate detection tells apart (valid ISBNs that differ, different subtitles or series positions) are two books under every strategy: Skip imports the row, Smart merges nothing into the other, Replace All deletes nothing; two editions of one title and author are one work, and Smart adds the row's ISBN as another edition.",
        basis: .decided("D-031"))
}
