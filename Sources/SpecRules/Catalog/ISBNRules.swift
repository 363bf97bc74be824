/// The rules of reading an ISBN field (seed 004_…, "Duplicate Detection Algorithm", tier 2; the ISBN
/// standard; D-051, D-066).
///
/// The seed says only that books with the same ISBN are duplicates; what an ISBN is (its lengths, check
/// digits, `X`, prefixes, how it is printed and how an ISBN-10 becomes an ISBN-13) is the ISBN standard's
/// (ISBN-02 to ISBN-08). Where the standard calls a field no ISBN, a reader may say "invalid" or
/// "empty" there: the seed's tier 2 asks only whether both books have an ISBN. Goodreads' guard, the
/// whitespace around a field, hyphens anywhere, a lowercase `x`, and saying "invalid" rather than
/// "empty" are decisions (ISBN-01, ISBN-10 to ISBN-12).
public enum ISBNRules {
    public static let excelGuard = Rule(
        "ISBN-01", .must, "Goodreads' Excel guard is unwrapped: `=\"0525540679\"` reads as that ISBN, and `=\"\"` (or a bare `=`) is an empty field.",
        basis: .decided("D-051"))
    public static let formatting = Rule(
        "ISBN-02", .must, "An ISBN printed with hyphens or spaces between its elements, as the standard prints it (`978-0-385-55036-9`, `0-439-02348-3`), reads as the same ISBN as its digits alone.",
        basis: .standard(.isbn, "Display of the ISBN", "when printed or displayed, the elements of the ISBN are separated by hyphens or spaces"))
    public static let bothForms = Rule(
        "ISBN-03", .must, "A valid ISBN-10 reads as the 978 ISBN-13 of the same book and as itself; a 978 ISBN-13 gives its ISBN-10, a 979 ISBN-13 has none.",
        basis: .standard(.isbn, "Conversion of ISBN-10 to ISBN-13", "an ISBN-10 becomes the ISBN-13 of the same publication by the prefix 978 and a recalculated check digit; an ISBN-13 with the prefix 979 has no ISBN-10"))
    public static let lengths = Rule(
        "ISBN-04", .must, "An ISBN has exactly 10 or 13 digits: 9, 11, 12 and 14 digits are no ISBN.",
        basis: .standard(.isbn, "Structure of the ISBN", "an ISBN-13 consists of 13 digits in five elements; the ISBN-10 it replaced, of 10 characters"))
    public static let checkDigits = Rule(
        "ISBN-05", .must, "A check digit off by one either way makes the field no ISBN, for ISBN-10s (modulus 11) and ISBN-13s (modulus 10) alike.",
        basis: .standard(.isbn, "Check digit", "the check digit is calculated on a modulus 10 with alternate weights 1 and 3 (ISBN-13), on a modulus 11 with weights 10 to 2 (ISBN-10)"))
    public static let checkCharacterX = Rule(
        "ISBN-06", .must, "`X` is only an ISBN-10's check character (the value 10): an `X` among the first nine characters, or in a 13-digit ISBN, makes the field no ISBN.",
        basis: .standard(.isbn, "Check digit", "an ISBN-10 check digit of 10 is written X; every other character of an ISBN is a digit"),
        requires: ["ISBN-05"])
    public static let prefixes = Rule(
        "ISBN-07", .must, "A 13-digit ISBN starts with 978 or 979; any other prefix is no ISBN, even with a correct check digit.",
        basis: .standard(.isbn, "Structure of the ISBN", "the prefix element of an ISBN-13 is 978 or 979"))
    public static let otherText = Rule(
        "ISBN-08", .must, "A field holding a character no ISBN is written with (a letter other than X, an ASIN, a StoryGraph UID) is never a valid ISBN.",
        basis: .standard(.isbn, "Structure of the ISBN", "an ISBN is written with the digits 0 to 9, and X only as an ISBN-10's check digit"),
        requires: ["ISBN-04"])
    public static let agreesWithModel = Rule(
        "ISBN-09", .must, "On any field, the reading (empty, invalid, or valid with both forms) is the model's (informational: the standard leaves \"invalid\" or \"empty\" open).",
        basis: .reference)
    public static let formattingAnywhere = Rule(
        "ISBN-10", .must, "Hyphens and spaces anywhere between an ISBN's characters, and spaces or tabs around the field, are ignored: every way an export writes a valid ISBN reads as that ISBN.",
        basis: .decided("D-051"))
    public static let lowercaseX = Rule(
        "ISBN-11", .must, "A lowercase `x` check character reads as `X`: `080442957x` is the ISBN-10 `080442957X`.",
        basis: .decided("D-051"))
    public static let invalidOrEmpty = Rule(
        "ISBN-12", .must, "A field that is no ISBN reads as invalid when it holds text (a wrong length, a failed check digit, a misplaced X, another prefix, a letter, a UID) and as empty when it is blank.",
        basis: .decided("D-051"))
}
