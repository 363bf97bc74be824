/// The rules of duplicate detection (seed 004_…, "Duplicate Detection Algorithm"; D-032, D-034, D-037,
/// D-120, D-121).
public enum DuplicateRules {
    static let section = "Duplicate Detection Algorithm"

    public static let tier1 = Rule(
        "DUP-01", .must, "A book with the same title and primary author, ignoring case and runs of whitespace, is a tier 1 duplicate, whatever characters the title holds.",
        basis: .decided("D-037"))
    public static let tier2 = Rule(
        "DUP-02", .must, "Otherwise a book with the same ISBN, ISBN-10 and ISBN-13 (hyphenated or guarded) being the same, is a tier 2 duplicate whatever its title; a missing or invalid ISBN matches nothing.",
        basis: .decided("D-051"))
    public static let tier3 = Rule(
        "DUP-03", .must, "Otherwise a book with the same normalized title and a primary author more than 80% similar is a tier 3 duplicate; exactly 80% is not.",
        basis: .decided("D-034"))
    public static let bestTier = Rule(
        "DUP-04", .must, "The best tier wins (1, then 2, then 3; within tier 3 the most similar author), then the book added first.",
        basis: .decided("D-037"))
    public static let noMatch = Rule(
        "DUP-05", .must, "A book that matches no library book by any tier is no duplicate.",
        basis: .decided("D-037"))
    public static let symmetric = Rule(
        "DUP-06", .must, "Matching is symmetric: if B found in a library of A is a duplicate of tier t, then A found in a library of B is too.",
        basis: .decided("D-034"))
    public static let agreesWithModel = Rule(
        "DUP-07", .must, "On any library and candidate, the best match (book and tier) is the model's.",
        basis: .decided("D-032"))
    public static let differentISBNs = Rule(
        "DUP-08", .must, "Two books whose valid ISBNs differ are never tier 3 duplicates, however alike their titles and authors; with the same title and primary author they stay a tier 1 duplicate (two editions of one work).",
        basis: .decided("D-120"))
    public static let distinctions = Rule(
        "DUP-09", .must, "Tier 3 takes two books whose subtitles (the part step 3 strips) or series positions are present on both and differ for different books; a subtitle or a series marker on one side only does not prevent a match.",
        basis: .decided("D-033"))
}
