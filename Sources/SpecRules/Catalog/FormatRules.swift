/// The rules of export-format detection (seed 004_…, User Story 1; D-065, D-066).
public enum FormatRules {
    static let story = "User Story 1: Import CSV from Goodreads/LibraryThing/StoryGraph"

    public static let goodreads = Rule(
        "FORMAT-01", .must, "Goodreads' header is Goodreads, with Title, Author, Author l-f, Additional Authors, ISBN, ISBN13, My Rating, Exclusive Shelf and Date Read mapped.",
        basis: .seed(.csvImport, story, "Given valid Goodreads CSV, when user selects file, then app auto-detects \"Title\", \"Author\", \"ISBN\", \"My Rating\", \"Exclusive Shelf\" columns"))
    public static let libraryThing = Rule(
        "FORMAT-02", .must, "LibraryThing's header as the seed lists it is LibraryThing, with TITLE, AUTHOR (first, last), ISBN and RATING mapped.",
        basis: .seed(.csvImport, story, "Given valid LibraryThing CSV, when user selects file, then app auto-detects \"TITLE\", \"AUTHOR (first, last)\", \"ISBN\", \"RATING\" columns"))
    public static let libraryThingLater = Rule(
        "FORMAT-03", .must, "LibraryThing's later header is LibraryThing too, its `Primary Author` read as \"Last, First\"; when both author columns are present, `AUTHOR (first, last)` wins.",
        basis: .decided("D-065"))
    public static let storyGraph = Rule(
        "FORMAT-04", .must, "StoryGraph's header is StoryGraph, with Title, Authors (a list), ISBN/UID (which may hold StoryGraph's own identifiers), Star Rating and Read Status mapped.",
        basis: .decided("D-066"))
    public static let spreadsheet = Rule(
        "FORMAT-05", .must, "An unknown header with a recognisable title and author column is read as a spreadsheet, its columns mapped by their names.",
        basis: .seed(.csvImport, "Secondary Persona: The Spreadsheet Organizer", "Users who maintain personal book inventories in Excel/Google Sheets"))
    public static let missingColumns = Rule(
        "FORMAT-06", .must, "A header without a title or an author column is refused with the missing required columns (Title, then Author) and the columns found.",
        basis: .seed(.csvImport, story, "Edge case: Given malformed CSV (missing headers), when parsed, system shows clear error message with format requirements"))
    public static let namesAsWritten = Rule(
        "FORMAT-07", .must, "Column names are compared trimmed and ignoring ASCII case, wherever the columns stand: a shuffled, re-cased or padded export header is the same format with the same columns.",
        basis: .seed(.csvImport, story, "I don't have to manually map columns or re-enter hundreds of books"))
    public static let threshold = Rule(
        "FORMAT-08", .must, "A known format needs at least 60% of its signature columns (`knownFormatConfidenceMin`), or every column the seed names for it: exactly 60% is that format, less is read as a spreadsheet.",
        basis: .decided("D-118"))
    public static let confidence = Rule(
        "FORMAT-09", .must, "The confidence of a known format is the share of its signature columns present; a spreadsheet's is the share of its columns recognised.",
        basis: .decided("D-118"))
    public static let agreesWithModel = Rule(
        "FORMAT-10", .must, "On any header, the format, confidence and columns (or the missing columns) are the model's.",
        basis: .decided("D-065"))
}
