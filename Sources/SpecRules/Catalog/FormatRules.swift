/// The rules of export-format detection (seed 004_…, User Story 1; D-065, D-118, D-142, D-143).
///
/// The seed names each export's format by the columns it auto-detects (FORMAT-01, FORMAT-02, FORMAT-04)
/// and asks for a clear error when the header lacks what an import needs (FORMAT-06). How a later
/// LibraryThing export, a partial header, a spreadsheet's names and the columns the seed does not name
/// are read are decisions.
public enum FormatRules {
    static let story = "User Story 1: Import CSV from Goodreads/LibraryThing/StoryGraph"

    public static let goodreads = Rule(
        "FORMAT-01", .must, "Goodreads' header is Goodreads, with the columns the seed names found where they stand: Title, Author, ISBN, My Rating and Exclusive Shelf.",
        basis: .seed(.csvImport, story, "Given valid Goodreads CSV, when user selects file, then app auto-detects \"Title\", \"Author\", \"ISBN\", \"My Rating\", \"Exclusive Shelf\" columns"))
    public static let libraryThing = Rule(
        "FORMAT-02", .must, "LibraryThing's header as the seed lists it is LibraryThing, with TITLE, AUTHOR (first, last), ISBN and RATING found where they stand.",
        basis: .seed(.csvImport, story, "Given valid LibraryThing CSV, when user selects file, then app auto-detects \"TITLE\", \"AUTHOR (first, last)\", \"ISBN\", \"RATING\" columns"))
    public static let libraryThingLater = Rule(
        "FORMAT-03", .must, "LibraryThing's later header is LibraryThing too, its `Primary Author` read as \"Last, First\"; when both author columns are present, `AUTHOR (first, last)` wins.",
        basis: .decided("D-065"), requires: ["FORMAT-07"])
    public static let storyGraph = Rule(
        "FORMAT-04", .must, "StoryGraph's header is StoryGraph, with Title, Authors, ISBN/UID, Star Rating and Read Status found where they stand.",
        basis: .seed(.csvImport, story, "Given valid StoryGraph CSV, when user selects file, then app auto-detects \"Title\", \"Authors\", \"ISBN/UID\", \"Star Rating\", \"Read Status\" columns"))
    public static let spreadsheet = Rule(
        "FORMAT-05", .must, "An unknown header with a recognisable title and author column is read as a spreadsheet, its columns mapped by their names, its confidence the share of its columns recognised.",
        basis: .decided("D-143"), requires: ["FORMAT-07"])
    public static let missingColumns = Rule(
        "FORMAT-06", .must, "A header without a title column is refused with a clear error: the required columns it lacks (Title among them), not a format.",
        basis: .seed(.csvImport, story, "Edge case: Given malformed CSV (missing headers), when parsed, system shows clear error message with format requirements"))
    public static let namesAsWritten = Rule(
        "FORMAT-07", .must, "Column names are compared trimmed and ignoring ASCII case, wherever the columns stand: a shuffled, re-cased or padded export header is the same format with the same columns as the header written as exported.",
        basis: .decided("D-143"))
    public static let threshold = Rule(
        "FORMAT-08", .must, "A known format needs at least 60% of its signature columns (`knownFormatConfidenceMin`), or every column the seed names for it: exactly 60% is that format, less is read as a spreadsheet.",
        basis: .decided("D-118"), requires: ["FORMAT-07"])
    public static let confidence = Rule(
        "FORMAT-09", .must, "The confidence of a known format is the share of its signature columns present.",
        basis: .decided("D-118"))
    public static let agreesWithModel = Rule(
        "FORMAT-10", .must, "On any header, the format, confidence and columns (or the missing columns) are the model's (informational).",
        basis: .reference)
    public static let otherColumns = Rule(
        "FORMAT-11", .must, "The columns the seed does not name are read as the exports write them: Goodreads' `ISBN` as ISBN-10s beside `ISBN13`, `Author l-f`, `Additional Authors` and `Date Read`; LibraryThing's `ISBN` as either form and its later `Date Read`; StoryGraph's `Authors` as a list, `ISBN/UID` as holding other identifiers too, and `Last Date Read`.",
        basis: .decided("D-142"), requires: ["FORMAT-03"])
    public static let refusalText = Rule(
        "FORMAT-12", .must, "Title and Author are both required: a refusal names every one missing, Title before Author, and the header's names trimmed.",
        basis: .decided("D-143"), requires: ["FORMAT-07"])
}
