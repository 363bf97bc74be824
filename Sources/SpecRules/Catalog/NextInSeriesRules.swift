/// The rules of next in series (seed 002_…, User Story 5 and "Testing Strategy"; Decisions D-094,
/// D-095, D-104, D-105).
public enum NextInSeriesRules {
    static let storyFive = "User Story 5: \"Next in Series\" Recommendations"

    public static let firstUnreadAfter = Rule(
        "SERIESNEXT-01", .must, "After a book is finished, the suggestion is the first unread counted book after the number it reaches, owned or not, so finishing Book 1 with Books 2-3 missing and Book 4 owned suggests Book 2.",
        basis: .decided("D-104"))
    public static let skippedBook = Rule(
        "SERIESNEXT-02", .must, "When every counted book after it is read, the suggestion is the lowest unread book, one skipped earlier.",
        basis: .decided("D-104"))
    public static let prompts = Rule(
        "SERIESNEXT-03", .must, "An owned book is prompted \"Continue with Book N?\", a book the series knows but the user does not own \"Add 'Title (Book N)' to your library?\" with its title's Goodreads marker removed, and an unknown book \"Add Book N?\".",
        basis: .decided("D-104"))
    public static let relatedSeries = Rule(
        "SERIESNEXT-04", .must, "When every counted book is read, the suggestion is the unfinished series whose author has the same name key, alphabetically, at most 3, prompted \"More series by Author: A, B\", and none without an author.",
        basis: .decided("D-104"))
    public static let celebration = Rule(
        "SERIESNEXT-05", .must, "Reading the last unread book of a series of known total celebrates \"You finished Name! 🎉\", with confetti unless the user reduces motion, and nothing else celebrates.",
        basis: .decided("D-103"))
    public static let uncountedPlaces = Rule(
        "SERIESNEXT-06", .must, "Book 0 and novellas are never suggested, a series with no counted book has no suggestion, and finishing a novella or an omnibus counts from the whole book it reaches (#2.5 reaches 2, #1-3 reaches 3).",
        basis: .decided("D-094"))
    public static let sameAsModel = Rule(
        "SERIESNEXT-07", .must, "On any series, the suggestion, its prompt and the celebration are the model's.",
        basis: .decided("D-104"))
}
