/// The rules of linking books to the user's series (seed 002_…, the flow "Series Already Exists?",
/// "Manual Series Management", "Data Integrity"; Decisions D-096 to D-100, D-103, D-106).
public enum SeriesLinkingRules {
    static let flow = "High-Level Flow"
    static let manual = "Manual Series Management"

    public static let createsSeries = Rule(
        "SERIES-11", .must, "A book whose sources name a series the library does not have gets a new auto-detected series with the sources' name and total and the book's first author, the book at its place, and a book named in two series joins both.",
        basis: .decided("D-096"))
    public static let linksExisting = Rule(
        "SERIES-12", .must, "A book naming a series the library has, by its Google Books ID or by a name with the same key, joins that series, manual or detected, which keeps its name, source and total (raised if the book lands past it), adopts the Google Books ID and takes the book's author if it had none.",
        basis: .decided("D-098"))
    public static let keepsPlace = Rule(
        "SERIES-13", .must, "Detecting a book already in a series keeps the place it has there, so the user's placement wins.",
        basis: .decided("D-098"))
    public static let removalSticks = Rule(
        "SERIES-14", .must, "A book the user removed from a series is not put back by detection until the user assigns it there again.",
        basis: .decided("D-099"))
    public static let deletionSticks = Rule(
        "SERIES-15", .must, "Detection never recreates a series the user deleted, under any of its names or Google Books IDs, until the user creates a series of that name, and deleting a series leaves its books in the library.",
        basis: .decided("D-099"))
    public static let renameSticks = Rule(
        "SERIES-16", .must, "A renamed series keeps collecting the books whose sources name it by an earlier name.",
        basis: .decided("D-099"))
    public static let refusedEdits = Rule(
        "SERIES-17", .must, "An edit is refused, changing nothing, when it would give a series a name whose key another series has or had, a name without a letter or digit or over 200 bytes, a total outside 1 to 9999, or a book past the series' total or already in it.",
        basis: .decided("D-098"))
    public static let noFalsePositives = Rule(
        "SERIES-18", .must, "Detecting a book whose sources name no series changes no series, even when the book's title is a series' name.",
        basis: .decided("D-096"))
    public static let seriesOutliveBooks = Rule(
        "SERIES-19", .must, "When books leave the library (deleted, or the library reset) their series stay with their names, totals and authors, without those books, and a book added again joins them again.",
        basis: .decided("D-100"))
    public static let readingOrder = Rule(
        "SERIES-20", .must, "Every series lists its books in reading order: places never decrease.",
        basis: .decided("D-101"))
    public static let assignAndReorder = Rule(
        "SERIES-22", .must, "A book may be assigned by hand to several series, and dragging a series' books into a new reading order moves them between its places, so gaps and a novella's slot stay where they were; an order that is not a permutation of its books is refused.",
        basis: .decided("D-097"))
    public static let sameAsModel = Rule(
        "SERIES-21", .must, "After any sequence of books added, detected and deleted and of the user's edits, each edit is applied or refused as the model's is and the series are the model's.",
        basis: .decided("D-098"))
}
