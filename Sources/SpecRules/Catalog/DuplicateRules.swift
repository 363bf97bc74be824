/// The rules of duplicate detection (seed 004_…, "Duplicate Detection Algorithm"; the ISBN standard;
/// D-034, D-037, D-051, D-120, D-121, D-144).
///
/// The seed's three tiers are its own words (DUP-01 to DUP-03, DUP-05), checked on books where every
/// reading of them agrees: exact titles and authors, the same ISBN written alike, titles that the seed's
/// normalization makes equal with the same author. What an ISBN is comes from the standard (DUP-11); how
/// names are keyed, what "similarity" is, which tier wins and what tells look-alike books apart are
/// decisions.
public enum DuplicateRules {
    static let section = "Duplicate Detection Algorithm"

    public static let tier1 = Rule(
        "DUP-01", .must, "A book with exactly the same title and author as a library book, ignoring case, is a tier 1 duplicate, whatever characters the title holds and whatever ISBNs the two have.",
        basis: .seed(.csvImport, section, "Exact title + author match (case-insensitive)"))
    public static let tier2 = Rule(
        "DUP-02", .must, "Otherwise a book with the same ISBN as a library book is a tier 2 duplicate whatever its title; a book without an ISBN matches nothing by ISBN.",
        basis: .seed(.csvImport, section, "ISBN match (if both books have ISBN)"))
    public static let tier3 = Rule(
        "DUP-03", .must, "Otherwise a book whose title normalizes to a library book's, by the same author, is a tier 3 duplicate; an author nothing like the library book's is no match.",
        basis: .seed(.csvImport, section, "Normalized title + fuzzy author match (>80% similarity score)"))
    public static let bestTier = Rule(
        "DUP-04", .must, "The best tier wins (1, then 2, then 3; within tier 3 the most similar author), then the book added first.",
        basis: .decided("D-037"), requires: ["DUP-01", "DUP-02", "DUP-03"])
    public static let noMatch = Rule(
        "DUP-05", .must, "A book that matches no library book by any tier is no duplicate: another title by the same author, or other titles and ISBNs.",
        basis: .seed(.csvImport, section, "Three-tier matching system to prevent duplicate entries"))
    public static let symmetric = Rule(
        "DUP-06", .must, "Matching is symmetric: if B found in a library of A is a duplicate of tier t, then A found in a library of B is too.",
        basis: .decided("D-034"), requires: ["DUP-01", "DUP-02", "DUP-03"])
    public static let agreesWithModel = Rule(
        "DUP-07", .must, "On any library and candidate, the best match (book and tier) is the model's (informational).",
        basis: .reference)
    public static let differentISBNs = Rule(
        "DUP-08", .must, "Two books whose valid ISBNs differ are never tier 3 duplicates, however alike their titles and authors.",
        basis: .decided("D-120"))
    public static let distinctions = Rule(
        "DUP-09", .must, "Tier 3 takes two books whose subtitles (the part step 3 strips, the 10-character rule included) or series positions are present on both and differ for different books; a subtitle or a series marker on one side only does not prevent a match.",
        basis: .decided("D-121"))
    public static let tier1Keys = Rule(
        "DUP-10", .must, "Tier 1 compares titles with runs of whitespace collapsed and the primary authors by their name keys (periods, commas and hyphens as spaces): `the  HOBBIT` by `j. r. r. tolkien` is `The Hobbit` by `J.R.R. Tolkien`; co-authors do not count.",
        basis: .decided("D-144"), requires: ["DUP-01"])
    public static let isbnStandard = Rule(
        "DUP-11", .must, "An ISBN-10 and the ISBN-13 of the same book are one ISBN for tier 2, and text that is no valid ISBN (a wrong length, a failed check digit) is no ISBN, even when both books hold the same text.",
        basis: .standard(.isbn, "Conversion of ISBN-10 to ISBN-13", "an ISBN-10 and the 978 ISBN-13 made from it identify the same publication; a number whose check digit fails is no ISBN"))
    public static let isbnAsExported = Rule(
        "DUP-12", .must, "Tier 2 reads ISBNs as exports write them (D-051): a hyphenated ISBN matches the same ISBN in Goodreads' `=\"…\"` guard.",
        basis: .decided("D-051"))
    public static let similarity = Rule(
        "DUP-13", .must, "Tier 3's similarity is D-034's (normalized Levenshtein of the author keys, or of their words sorted): more than 0.8 matches, exactly 0.8 does not, and \"Austen, Jane\" is \"Jane Austen\".",
        basis: .decided("D-034"), requires: ["DUP-03"])
}
