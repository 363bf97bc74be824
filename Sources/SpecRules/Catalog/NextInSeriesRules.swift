/// The rules of next in series (seed 002_…, User Stories 4 and 5, accessibility and "Testing
/// Strategy"; Decisions D-094, D-095, D-103, D-104).
public enum NextInSeriesRules {
    static let storyFive = "User Story 5: \"Next in Series\" Recommendations"

    public static let firstUnreadAfter = Rule(
        "SERIESNEXT-01", .must, "Finishing Book 1 with Books 2-3 missing and Book 4 owned suggests Book 2.",
        basis: .seed(.seriesTracking, storyFive, "Given I'm missing multiple books (e.g., finished Book 1, missing Books 2-3, own Book 4), system prioritizes Book 2 recommendation"))
    public static let skippedBook = Rule(
        "SERIESNEXT-02", .must, "When every counted book after it is read, the suggestion is the lowest unread book, one skipped earlier.",
        basis: .decided("D-104"), requires: ["SERIESNEXT-08"])
    public static let prompts = Rule(
        "SERIESNEXT-03", .must, "Finishing a book whose next book the series knows by title but the user does not own prompts \"Add 'Title (Book N)' to your library?\": \"Add 'Golden Son (Book 2)' to your library?\".",
        basis: .seed(.seriesTracking, storyFive, "Given I finish \"Red Rising (Book 1),\" when I mark it \"Read,\" I see prompt: \"Add 'Golden Son (Book 2)' to your library?\""))
    public static let relatedSeries = Rule(
        "SERIESNEXT-04", .must, "The related series are the unfinished series whose author has the same name key, alphabetically, at most 3, prompted \"More series by Author: A, B\", and none without an author.",
        basis: .decided("D-104"), requires: ["SERIESNEXT-11"])
    public static let celebration = Rule(
        "SERIESNEXT-05", .must, "Marking the last book of a series of known total read, every other book read, celebrates \"You finished Name! 🎉\" with confetti; a series with a book neither owned nor read does not celebrate.",
        basis: .seed(.seriesTracking, "User Story 4: Series Completion Visualization", "Given I complete a series, when the last book is marked \"Read,\" I see confetti animation + \"You finished Foundation!"))
    public static let uncountedPlaces = Rule(
        "SERIESNEXT-06", .must, "Book 0 and novellas are never suggested, a series with no counted book has no suggestion, and finishing a novella counts from the whole book it follows (#2.5 reaches 2).",
        basis: .decided("D-094"), requires: ["SERIESNEXT-08"])
    public static let sameAsModel = Rule(
        "SERIESNEXT-07", .must, "On any series, the suggestion, its prompt and the celebration are the model's.",
        basis: .reference)
    public static let firstUnreadRule = Rule(
        "SERIESNEXT-08", .must, "After a book is finished, the suggestion is the first unread counted book after the number it reaches, owned or not.",
        basis: .decided("D-104"), requires: ["SERIESNEXT-01", "SERIESNEXT-09"])
    public static let continueWith = Rule(
        "SERIESNEXT-09", .must, "Finishing Book N when Book N+1 is owned and unread prompts \"Continue with Book N+1?\".",
        basis: .seed(.seriesTracking, storyFive, "Given the next book is already owned, when I finish book N, system prompts \"Continue with Book N+1?\""))
    public static let promptForms = Rule(
        "SERIESNEXT-10", .must, "A suggested book the user owns is prompted \"Continue with Book N?\", one the series knows by title \"Add 'Title (Book N)' to your library?\" with the title's Goodreads marker removed, and an unknown one \"Add Book N?\".",
        basis: .decided("D-104"), requires: ["SERIESNEXT-01", "SERIESNEXT-03", "SERIESNEXT-09"])
    public static let sameAuthor = Rule(
        "SERIESNEXT-11", .must, "Finishing the last book of a series, every book read, suggests the user's unfinished series by the same author, and no series by another author.",
        basis: .seed(.seriesTracking, storyFive, "Edge case: Given I finish the last book in a series, system suggests related series by same author"))
    public static let reducedMotion = Rule(
        "SERIESNEXT-12", .must, "With Reduce Motion on, the completion throws no confetti.",
        basis: .seed(.seriesTracking, "Accessibility (WCAG AA Compliance)", "Reduced motion: Disable completion confetti"))
    public static let whenCelebrated = Rule(
        "SERIESNEXT-13", .must, "Only reading the last unread counted book of a series of known total celebrates: a series with an owned book unread, or of unknown total, does not.",
        basis: .decided("D-103"), requires: ["SERIESNEXT-05", "SERIESNEXT-12"])
    public static let omnibus = Rule(
        "SERIESNEXT-14", .must, "Finishing an omnibus counts from the last book it collects (#1-3 reaches 3), and a wanted omnibus covering the next book is added by its title.",
        basis: .decided("D-095"), requires: ["SERIESNEXT-08", "SERIESNEXT-10"])
}
