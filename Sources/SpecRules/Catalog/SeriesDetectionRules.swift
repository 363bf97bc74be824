/// The rules of series detection from one book's sources (seed 002_…, "Series Auto-Detection" and
/// User Story 1; seed 004_…'s Goodreads marker; Decisions D-094 to D-098, D-103, D-106, D-170).
public enum SeriesDetectionRules {
    static let detection = "Series Auto-Detection"
    static let storyOne = "User Story 1: Auto-Detect Series from Metadata"

    public static let openLibrary = Rule(
        "SERIES-01", .must, "An OpenLibrary string that the seed's expression `^(.+?)\\s*#(\\d+)$` matches (\"Foundation #1\") names the series by the text before its last `#` and places the book at the whole number after it, leading zeros allowed.",
        basis: .seed(.seriesTracking, detection, "Regex extraction: `^(.+?)\\s*#(\\d+)$` or structured `seriesInfo` object"))
    public static let googleBooks = Rule(
        "SERIES-02", .must, "A Google Books entry with a series ID and an order number places the book at that number in the series of that ID, named by the app's series lookup when it made one.",
        basis: .decided("D-096"))
    public static let titleMarker = Rule(
        "SERIES-03", .must, "A Goodreads marker \"(Name, #N)\" kept in an imported title names the series by the text before its last comma and places the book at N; other parentheses and brackets are not markers and log nothing.",
        basis: .decided("D-096"))
    public static let places = Rule(
        "SERIES-04", .must, "Book 0 and decimals of up to three digits (novellas, `#0.5`) are places of their own, never rounded or refused; `#1.` is no place.",
        basis: .decided("D-094"))
    public static let malformed = Rule(
        "SERIES-05", .must, "An entry that cannot be parsed (an OpenLibrary string without a `#` directly followed by the book's number at its end, \"Foundation Book 1\", \"Foundation # 1\", \"Book 1 of The Expanse\"; a Google Books entry without an ID or an order number) logs a warning and names no series: nothing is guessed.",
        basis: .seed(.seriesTracking, detection, "If parsing fails (e.g., \"Foundation Book 1\" without #), log warning and skip auto-assignment"))
    public static let noSeries = Rule(
        "SERIES-06", .must, "A book without series metadata (no entry that can be parsed, and no `#` in its title) is in no series: nothing is guessed from its title or its malformed entries.",
        basis: .seed(.seriesTracking, storyOne, "Given series metadata is missing, when enrichment fails, book remains unassigned (no false positives)"),
        requires: ["SERIES-05"])
    public static let precedence = Rule(
        "SERIES-07", .must, "When sources place the book in one series at different places, Google Books wins over OpenLibrary, which wins over the title's marker, and each conflict is logged.",
        basis: .decided("D-096"), requires: ["SERIES-08", "SERIES-09"])
    public static let oneSeriesPerKey = Rule(
        "SERIES-08", .must, "Entries whose names share a name key (case, punctuation, apostrophes, a leading \"The\" and a trailing \"Series\" aside) are one series, keeping every Google Books ID they give; names that differ in a letter or digit are two.",
        basis: .decided("D-098"), requires: ["SERIES-28"])
    public static let unnamedGoogleBooks = Rule(
        "SERIES-09", .must, "A Google Books entry that no lookup named takes the name another source gives the same place; with none, it is skipped with a warning.",
        basis: .decided("D-096"))
    public static let sameAsModel = Rule(
        "SERIES-10", .must, "On any title and metadata, the series, places, totals and warnings are the model's.",
        basis: .reference)
    public static let cleanedNames = Rule(
        "SERIES-23", .must, "An entry is read trimmed and its name with runs of whitespace collapsed (\"  Harry   Potter  #7 \" is Harry Potter, book 7); a name without a letter or digit (\"!!! #1\"), a blank Google Books ID or a blank lookup name names nothing.",
        basis: .decided("D-170"))
    public static let totalFromLookup = Rule(
        "SERIES-24", .must, "A series' total is the one the series lookup gave, or unknown when no lookup gave one (an OpenLibrary string or a marker alone).",
        basis: .seed(.seriesTracking, detection, "Total Books: (fetch from series lookup or default to unknown)"))
    public static let totalRaised = Rule(
        "SERIES-25", .must, "A lookup's total below the book's number is raised to that number with a warning; a book at the total leaves it.",
        basis: .decided("D-103"))
    public static let omnibus = Rule(
        "SERIES-26", .must, "A range `#a-b` (or with an en dash) with 1 ≤ a < b is an omnibus placed over the whole range; a backwards range, a range of one book or a range from 0 is no place.",
        basis: .decided("D-095"))
    public static let limits = Rule(
        "SERIES-27", .must, "The limits hold on both sides: numbers up to 9999, three decimals, omnibus editions of up to 100 books, names of up to 200 UTF-8 bytes, lookup totals of 1 to 9999 (others unknown), 32 entries a source and 8 series a book (what is cut logs \"too many series\").",
        basis: .decided("D-106"), requires: ["SERIES-04", "SERIES-26", "SERIES-28"])
    public static let everyEntry = Rule(
        "SERIES-28", .must, "Every entry of every source is read, not only `volumeSeries[0]` and `series[0]`: a book named in two series is detected in both.",
        basis: .decided("D-097"))
}
