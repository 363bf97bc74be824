/// The rules of the Series views' texts (seed 002_…, User Stories 1, 2 and 4, "Series Detail";
/// Decisions D-094, D-095, D-102, D-105).
public enum SeriesLabelRules {
    public static let badge = Rule(
        "SERIESPROG-09", .must, "A book's card badge reads \"Book N of T\", \"Book N\" when the total is unknown, \"Books A-B of T\" for an omnibus and \"Book 0.5\" for a novella.",
        basis: .decided("D-094"))
    public static let detailRows = Rule(
        "SERIESPROG-10", .must, "The detail lists every book and every missing counted number in reading order, a book as \"Book N · Title\" with its Goodreads marker removed and ✓✓ read, ✓ owned or ➕ not owned, a missing number as \"Book N ➕\".",
        basis: .decided("D-102"))
    public static let nameAndHeader = Rule(
        "SERIESPROG-11", .must, "A series' name shows its total, \"Harry Potter (7 books)\" or \"(1 book)\", and the detail's header reads \"Name · Author · T books · P% complete\", leaving out what is unknown.",
        basis: .decided("D-103"))
    public static let sameAsModel = Rule(
        "SERIESPROG-12", .must, "On any series, the name, header, rows and badges are the model's.",
        basis: .decided("D-105"))
}
