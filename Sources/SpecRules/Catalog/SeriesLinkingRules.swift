/// The rules of linking books to the user's series (seed 002_…, the flow "Series Already Exists?",
/// User Stories 1 and 3, "Series Data Model", "Data Integrity"; Decisions D-096 to D-101, D-103,
/// D-106, D-170).
public enum SeriesLinkingRules {
    static let flow = "High-Level Flow"
    static let storyOne = "User Story 1: Auto-Detect Series from Metadata"
    static let storyThree = "User Story 3: Manual Series Creation and Assignment"
    static let dataModel = "Series Data Model"

    public static let createsSeries = Rule(
        "SERIES-11", .must, "A book whose metadata names a series the library does not have is auto-assigned to a new auto-detected series of that name and total (\"Harry Potter (7 books)\"), at its place.",
        basis: .seed(.seriesTracking, storyOne, "Given I add \"Harry Potter and the Sorcerer's Stone,\" when metadata is enriched, the book is auto-assigned to \"Harry Potter (7 books)\" series"))
    public static let linksExisting = Rule(
        "SERIES-12", .must, "A book naming a series by a name with the same key as a series the library has joins that series, manual or detected, which keeps its name, source and total and adopts the Google Books ID.",
        basis: .decided("D-098"), requires: ["SERIES-11", "SERIES-29"])
    public static let keepsPlace = Rule(
        "SERIES-13", .must, "Detecting a book already in a series keeps the place it has there, so the user's placement wins.",
        basis: .decided("D-098"), requires: ["SERIES-11", "SERIES-12"])
    public static let removalSticks = Rule(
        "SERIES-14", .must, "A book the user removed from a series is not put back by detection until the user assigns it there again; removing a book not in the series is refused.",
        basis: .decided("D-099"), requires: ["SERIES-11", "SERIES-13"])
    public static let deletionSticks = Rule(
        "SERIES-15", .must, "Detection never recreates a series the user deleted, under any of its names or Google Books IDs, until the user creates a series of that name.",
        basis: .decided("D-099"), requires: ["SERIES-11", "SERIES-12", "SERIES-35"])
    public static let renameSticks = Rule(
        "SERIES-16", .must, "A renamed series keeps collecting the books whose sources name it by an earlier name.",
        basis: .decided("D-099"), requires: ["SERIES-11", "SERIES-29"])
    public static let refusedEdits = Rule(
        "SERIES-17", .must, "Creating or renaming a series is refused, changing nothing, when the name's key is one another series has or had.",
        basis: .decided("D-098"), requires: ["SERIES-16"])
    public static let noFalsePositives = Rule(
        "SERIES-18", .must, "Detecting a book without series metadata changes no series, even when the book's title is a series' name.",
        basis: .seed(.seriesTracking, storyOne, "Given series metadata is missing, when enrichment fails, book remains unassigned (no false positives)"))
    public static let seriesOutliveBooks = Rule(
        "SERIES-19", .must, "When the library's books leave it (deleted, or the library reset), their series stay.",
        basis: .seed(.seriesTracking, "Reliability", "Series persists across library resets (separate entity)"))
    public static let readingOrder = Rule(
        "SERIES-20", .must, "Every series lists its books in reading order: the places' numbers never decrease.",
        basis: .seed(.seriesTracking, dataModel, "Books (array of Work IDs in reading order)"))
    public static let sameAsModel = Rule(
        "SERIES-21", .must, "After any sequence of books added, detected and deleted and of the user's edits, each edit is applied or refused as the model's is and the series are the model's.",
        basis: .reference)
    public static let assignAndReorder = Rule(
        "SERIES-22", .must, "Dragging a series' books into a new reading order moves them between its places, so gaps and a novella's slot stay where they were; an order that is not a permutation of its books is refused.",
        basis: .decided("D-101"), requires: ["SERIES-37"])
    public static let sameSeries = Rule(
        "SERIES-29", .must, "A later book whose metadata names a series the library has, by the same Google Books ID or the same name, joins that series instead of creating another.",
        basis: .seed(.seriesTracking, flow, "CreateOrLink -->|Yes| LinkBook[Link Book to Existing Series]"), requires: ["SERIES-11"])
    public static let twoSeries = Rule(
        "SERIES-30", .must, "A book whose sources name two series joins both, and a book is in a series at most once: assigning it again is refused.",
        basis: .decided("D-097"), requires: ["SERIES-11"])
    public static let author = Rule(
        "SERIES-31", .must, "A series without an author takes the first author of the first book detection links to it; a book without an author leaves it unknown.",
        basis: .decided("D-098"), requires: ["SERIES-11", "SERIES-12"])
    public static let totals = Rule(
        "SERIES-32", .must, "Detection placing a book past a series' total raises the total to it; assigning a book by hand past the total is refused.",
        basis: .decided("D-103"), requires: ["SERIES-11", "SERIES-12"])
    public static let limits = Rule(
        "SERIES-33", .must, "Names of up to 200 UTF-8 bytes and totals of 1 to 9999 are accepted, one past either is refused.",
        basis: .decided("D-106"))
    public static let cleanedNames = Rule(
        "SERIES-34", .must, "A name the user gives is trimmed and its whitespace collapsed, and a name without a letter or digit is refused.",
        basis: .decided("D-170"))
    public static let deletingKeepsBooks = Rule(
        "SERIES-35", .must, "Deleting a series removes only the grouping: its books stay in the library, where they can be assigned and detected again.",
        basis: .seed(.seriesTracking, storyThree, "Edge case: Given I delete a manual series, books remain in library (only series grouping removed)"))
    public static let dualAssignment = Rule(
        "SERIES-36", .must, "The user can assign one book to several series by hand (\"The Hobbit\" in both \"Middle-earth\" and \"Standalone\").",
        basis: .seed(.seriesTracking, storyThree, "Given I assign a book to multiple series (e.g., \"The Hobbit\" in both \"Middle-earth\" and \"Standalone\"), system allows dual assignment"))
    public static let dragToReorder = Rule(
        "SERIES-37", .must, "Dragging a manual series' books into a new order makes that order its reading sequence.",
        basis: .seed(.seriesTracking, storyThree, "Given I manually create \"The Expanse (9 books),\" when I assign books, I can drag-to-reorder reading sequence"))
    public static let booksLeave = Rule(
        "SERIES-38", .must, "A book that leaves the library leaves its series, which keep their names, totals and authors, and the same book added again joins them again.",
        basis: .decided("D-100"), requires: ["SERIES-19"])
    public static let everySource = Rule(
        "SERIES-39", .must, "Detection links by every source: a title's Goodreads marker creates or joins a series, and a Google Books entry named once by another source is found by its ID afterwards.",
        basis: .decided("D-096"), requires: ["SERIES-11", "SERIES-29"])
}
