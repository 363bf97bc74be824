/// The rules of the Series views' texts (seed 002_…, User Stories 1, 2 and 4, "Series View UI";
/// Decisions D-103, D-105).
public enum SeriesLabelRules {
    public static let badge = Rule(
        "SERIESPROG-09", .must, "A library card's badge of a book of a series of known total reads \"Book N of T\": \"Book 3 of 7\".",
        basis: .seed(.seriesTracking, "User Story 4: Series Completion Visualization", "its card shows a subtle badge (e.g., \"Book 3 of 7\")"))
    public static let detailRows = Rule(
        "SERIESPROG-10", .must, "The detail lists every book of the series in reading order, a read book with ✓✓, an owned one with ✓ and one not owned with no checkmark (➕).",
        basis: .seed(.seriesTracking, "User Story 2: View All Series with Completion Progress", "Given I tap a series, when detail view opens, I see all books in reading order with checkmarks for owned/read books"))
    public static let nameAndHeader = Rule(
        "SERIESPROG-11", .must, "A series' name shows its total: \"Harry Potter (7 books)\".",
        basis: .seed(.seriesTracking, "User Story 1: Auto-Detect Series from Metadata", "the book is auto-assigned to \"Harry Potter (7 books)\" series"))
    public static let sameAsModel = Rule(
        "SERIESPROG-12", .must, "On any series, the name, header, rows and badges are the model's.",
        basis: .reference)
    public static let badgeForms = Rule(
        "SERIESPROG-18", .must, "A badge reads \"Book N\" when the total is unknown, \"Books A-B of T\" for an omnibus and \"Book 0.5 of T\" for a novella, places as written.",
        basis: .decided("D-105"), requires: ["SERIESPROG-09"])
    public static let rowTexts = Rule(
        "SERIESPROG-19", .must, "A detail row reads \"Book N · Title ✓\" with the title's Goodreads marker removed, and every counted number no book covers is a row \"Book N ➕\" in its place.",
        basis: .decided("D-105"), requires: ["SERIESPROG-10"])
    public static let header = Rule(
        "SERIESPROG-20", .must, "The detail's header shows the series' name, its author, its total and its completion percentage.",
        basis: .seed(.seriesTracking, "Series View UI", "Header: Series name, Author, Total books, Completion %"))
    public static let nameAndHeaderTexts = Rule(
        "SERIESPROG-21", .must, "A series of one book is named \"Name (1 book)\" and one of unknown total by its name alone; the header reads \"Name · Author · T books · P% complete\", leaving out what is unknown.",
        basis: .decided("D-105"), requires: ["SERIESPROG-11", "SERIESPROG-20"])
}
