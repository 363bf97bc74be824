/// The rules of reading an ISBN field (seed 004_…, "Duplicate Detection Algorithm", tier 2; D-051, D-066).
public enum ISBNRules {
    static let section = "Duplicate Detection Algorithm"
    static let tier2 = "ISBN match (if both books have ISBN)"

    public static let excelGuard = Rule(
        "ISBN-01", .must, "Goodreads' Excel guard is unwrapped: `=\"0525540679\"` reads as that ISBN, and `=\"\"` (or a bare `=`) is an empty field.",
        basis: .decided("D-051"))
    public static let formatting = Rule(
        "ISBN-02", .must, "Hyphens and spaces inside an ISBN, and spaces or tabs around it, are ignored: every way an export writes a valid ISBN reads as the same ISBN-13.",
        basis: .decided("D-051"))
    public static let bothForms = Rule(
        "ISBN-03", .must, "A valid ISBN-10 reads as the 978 ISBN-13 of the same book and keeps itself (a lowercase `x` as `X`) as the ISBN-10; a 978 ISBN-13 gives its ISBN-10, a 979 ISBN-13 has none.",
        basis: .decided("D-051"))
    public static let lengths = Rule(
        "ISBN-04", .must, "An ISBN has exactly 10 or 13 digits: 9, 11, 12 and 14 digits are invalid.",
        basis: .decided("D-051"))
    public static let checkDigits = Rule(
        "ISBN-05", .must, "A check digit off by one either way makes the ISBN invalid, for ISBN-10s and ISBN-13s alike.",
        basis: .decided("D-051"))
    public static let checkCharacterX = Rule(
        "ISBN-06", .must, "`X` is only an ISBN-10's check character: an `X` among the first nine characters, or in a 13-digit ISBN, makes it invalid.",
        basis: .decided("D-051"))
    public static let prefixes = Rule(
        "ISBN-07", .must, "A 13-digit ISBN starts with 978 or 979; any other prefix is invalid, even with a correct check digit.",
        basis: .decided("D-051"))
    public static let otherText = Rule(
        "ISBN-08", .must, "A field holding a character no ISBN is written with (a letter other than X, an ASIN, a word) is invalid, never valid; a blank field is empty.",
        basis: .decided("D-051"))
    public static let agreesWithModel = Rule(
        "ISBN-09", .must, "On any field, the reading (empty, invalid, or valid with both forms) is the model's.",
        basis: .decided("D-051"))
}
