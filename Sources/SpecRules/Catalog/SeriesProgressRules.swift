/// The rules of series progress (seed 002_…, User Stories 2 and 4, "Series Detail", accessibility;
/// Decisions D-094, D-095, D-103, D-105).
public enum SeriesProgressRules {
    static let storyTwo = "User Story 2: View All Series with Completion Progress"
    static let storyFour = "User Story 4: Series Completion Visualization"

    public static let countedBooks = Rule(
        "SERIESPROG-01", .must, "Only whole numbers from 1 through the total (or the highest book placed) are counted: an omnibus counts each book it collects, and book 0 and decimals (novellas) count for nothing.",
        basis: .decided("D-094"))
    public static let percentage = Rule(
        "SERIESPROG-02", .must, "The percentage is floor(owned × 100 / total), shown as \"N% complete\", so 4 of 7 is \"57% complete\", 6 of 7 is 85% and 100% means every book is owned.",
        basis: .decided("D-103"))
    public static let ownedNotRead = Rule(
        "SERIESPROG-03", .must, "The bar, the percentage, \"N/T books\" and the screen reader's \"N of T books complete\" count books owned, whether read or not.",
        basis: .decided("D-103"))
    public static let badges = Rule(
        "SERIESPROG-04", .must, "\"Completed! 🎉\" shows exactly when the total is known and every counted book is read, and \"All Books Owned ✅\" when every counted book is owned but not every one read.",
        basis: .decided("D-103"))
    public static let gaps = Rule(
        "SERIESPROG-05", .must, "The missing numbers are the counted numbers no owned book covers, ascending, and \"Add Missing Books\" is offered exactly when there is one.",
        basis: .decided("D-102"))
    public static let gapsText = Rule(
        "SERIESPROG-06", .should, "The gaps read as runs joined by commas and a final \"and\": \"book 2 missing\", \"books 2 and 4 missing\", \"books 2-3 missing\".",
        basis: .decided("D-105"))
    public static let unknownTotal = Rule(
        "SERIESPROG-07", .must, "With an unknown total, books are counted up to the highest one placed, with no percentage and no badge: \"2 books\", \"2 books, total unknown\".",
        basis: .decided("D-103"))
    public static let sameAsModel = Rule(
        "SERIESPROG-08", .must, "On any series, the counts, percentage, gaps, badge and texts are the model's.",
        basis: .decided("D-103"))
}
