/// The rules of series detection from one book's sources (seed 002_…, "Series Auto-Detection" and
/// User Story 1; seed 004_…'s Goodreads marker; Decisions D-094 to D-098, D-106).
public enum SeriesDetectionRules {
    static let detection = "Series Auto-Detection"

    public static let openLibrary = Rule(
        "SERIES-01", .must, "An OpenLibrary string \"Name #N\" names the series by everything before its last `#`, whitespace collapsed, and places the book at N (leading zeros allowed, no space after the `#`).",
        basis: .decided("D-094"))
    public static let googleBooks = Rule(
        "SERIES-02", .must, "A Google Books entry with a series ID and an order number places the book at that number in the series of that ID, named and counted by the app's series lookup when it made one, a total below the book's number being raised to it with a warning.",
        basis: .decided("D-096"))
    public static let titleMarker = Rule(
        "SERIES-03", .must, "A Goodreads marker \"(Name, #N)\" kept in an imported title names the series by the text before its last comma and places the book at N; other parentheses and brackets are not markers and log nothing.",
        basis: .decided("D-096"))
    public static let places = Rule(
        "SERIES-04", .must, "Book 0, decimals of up to three digits (novellas, `#0.5`) and ranges `#a-b` with 1 ≤ a < b and at most 100 books (omnibus editions) are places of their own, never rounded, cut to one number or refused.",
        basis: .decided("D-094"))
    public static let malformed = Rule(
        "SERIES-05", .must, "An entry without a place the rules accept (\"Foundation Book 1\", \"Foundation # 1\", `#1.2345`, `#10000`, `#1-101`, a Google Books entry without an ID or an order number, a name over 200 bytes) logs a warning and names no series: nothing is guessed.",
        basis: .decided("D-094"))
    public static let noSeries = Rule(
        "SERIES-06", .must, "A book whose metadata and title name no series is in no series, whatever its title or its malformed entries look like.",
        basis: .decided("D-096"))
    public static let precedence = Rule(
        "SERIES-07", .must, "When sources place the book in one series at different places, Google Books wins over OpenLibrary, which wins over the title's marker, and each conflict is logged.",
        basis: .decided("D-096"))
    public static let oneSeriesPerKey = Rule(
        "SERIES-08", .must, "Entries whose names share a name key (case, punctuation, apostrophes, a leading \"The\" and a trailing \"Series\" aside) are one series, keeping every Google Books ID they give, names that differ in a letter or digit are two, and every entry is read, up to 32 a source and 8 series a book.",
        basis: .decided("D-097"))
    public static let unnamedGoogleBooks = Rule(
        "SERIES-09", .must, "A Google Books entry that no lookup named takes the name another source gives the same place; with none, it is skipped with a warning.",
        basis: .decided("D-096"))
    public static let sameAsModel = Rule(
        "SERIES-10", .must, "On any title and metadata, the series, places, totals and warnings are the model's.",
        basis: .decided("D-096"))
}
