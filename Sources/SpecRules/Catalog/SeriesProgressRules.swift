/// The rules of series progress (seed 002_…, User Stories 2 and 4, "Series View UI", accessibility;
/// Decisions D-094, D-095, D-103, D-105).
public enum SeriesProgressRules {
    static let storyTwo = "User Story 2: View All Series with Completion Progress"
    static let storyFour = "User Story 4: Series Completion Visualization"

    public static let countedBooks = Rule(
        "SERIESPROG-01", .must, "Book 0 and decimals (novellas) are counted for nothing: they own no book, read no book and fill no gap.",
        basis: .decided("D-094"))
    public static let percentage = Rule(
        "SERIESPROG-02", .must, "The progress bar reads \"N% complete\": 4 books of 7 complete is \"57% complete\", none is 0% and all 100%.",
        basis: .seed(.seriesTracking, storyFour, "Given I own 4/7 Foundation books, when I view series, I see \"57% complete\" progress bar"))
    public static let ownedNotRead = Rule(
        "SERIESPROG-03", .must, "The bar, the percentage, \"N/T books\", the screen reader's \"N of T books complete\" and the missing books count books owned, whether read or not.",
        basis: .decided("D-103"))
    public static let badges = Rule(
        "SERIESPROG-04", .must, "A series of known total whose every book is owned and read shows \"Completed! 🎉\"; one with a book neither owned nor read does not.",
        basis: .seed(.seriesTracking, storyTwo, "Given I complete all books in a series, when viewing series detail, I see \"Completed!"))
    public static let gaps = Rule(
        "SERIESPROG-05", .must, "The missing numbers are the numbers 1 through the total that no owned book holds, ascending, and \"Add Missing Books\" is offered exactly when there is one: owning books 1, 3 and 5 of 5, 2 and 4 are missing.",
        basis: .seed(.seriesTracking, storyTwo, "Edge case: Given I own books 1, 3, 5 (missing 2, 4), series detail shows gaps with \"Add Missing Books\" prompt"))
    public static let gapsText = Rule(
        "SERIESPROG-06", .should, "The gaps read as runs joined by commas and a final \"and\": \"book 2 missing\", \"books 2 and 4 missing\", \"books 2-3 missing\".",
        basis: .decided("D-105"))
    public static let unknownTotal = Rule(
        "SERIESPROG-07", .must, "With an unknown total, books are counted up to the highest one placed, with no percentage and no badge: \"2 books\", \"2 books, total unknown\".",
        basis: .decided("D-103"))
    public static let sameAsModel = Rule(
        "SERIESPROG-08", .must, "On any series, the counts, percentage, gaps, badge and texts are the model's.",
        basis: .reference)
    public static let omnibus = Rule(
        "SERIESPROG-13", .must, "An omnibus counts each book it collects, and a single book at a number it covers counts that number once.",
        basis: .decided("D-095"))
    public static let floor = Rule(
        "SERIESPROG-14", .must, "The percentage is floor(counted × 100 / total) in integers: 6 of 7 is 85%, 2 of 3 is 66%, 199 of 200 is 99%, so 100% means every book.",
        basis: .decided("D-103"), requires: ["SERIESPROG-02"])
    public static let progressText = Rule(
        "SERIESPROG-15", .must, "The list card's progress reads \"N/T books\": \"4/7 books\".",
        basis: .seed(.seriesTracking, "Series View UI", "Progress bar (\"4/7 books\")"))
    public static let countsOfOne = Rule(
        "SERIESPROG-22", .must, "A total of one keeps the seed's words: \"0/1 books\" and \"1 of 1 books complete\".",
        basis: .decided("D-105"), requires: ["SERIESPROG-15", "SERIESPROG-16"])
    public static let accessibilityLabel = Rule(
        "SERIESPROG-16", .must, "The screen reader announces \"N of T books complete\": \"4 of 7 books complete\".",
        basis: .seed(.seriesTracking, "Accessibility (WCAG AA Compliance)", "Screen reader announces series progress (\"4 of 7 books complete\")"))
    public static let ownedBadge = Rule(
        "SERIESPROG-17", .must, "\"Completed! 🎉\" needs every counted book read and a known total; every counted book owned but not every one read shows \"All Books Owned ✅\"; otherwise there is no badge.",
        basis: .decided("D-103"), requires: ["SERIESPROG-04"])
}
