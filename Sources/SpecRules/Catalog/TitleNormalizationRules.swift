/// The rules of title normalization (seed 004_…, "Title Normalization for Better Enrichment"; D-033).
public enum TitleNormalizationRules {
    static let section = "Title Normalization for Better Enrichment"

    public static let seriesMarkers = Rule(
        "TITLE-01", .must, "Series markers `(Name, #N)` are removed, with the whitespace before them; `#0.5` and `#1-3` are not markers.",
        basis: .decided("D-033"))
    public static let editionMarkers = Rule(
        "TITLE-02", .must, "Edition markers `[…]` are removed, with the whitespace before them; an unclosed `[` stays.",
        basis: .decided("D-033"))
    public static let subtitles = Rule(
        "TITLE-03", .must, "The subtitle after the first `:` is stripped when the title (after steps 1 and 2, spaces collapsed) is longer than 10 characters, and kept when it is 10 or fewer.",
        basis: .decided("D-033"))
    public static let abbreviationPeriods = Rule(
        "TITLE-04", .must, "A period after a letter is removed unless a digit follows it: `Dept.` → `Dept`, `2.0` stays.",
        basis: .decided("D-033"))
    public static let whitespace = Rule(
        "TITLE-05", .must, "Runs of whitespace become one space and the title is trimmed.",
        basis: .seed(.csvImport, section, "Normalize whitespace: multiple spaces → single space, trim"))
    public static let idempotent = Rule(
        "TITLE-06", .should, "Normalizing a normalized title changes nothing.",
        basis: .decided("D-033"))
    public static let fiveSteps = Rule(
        "TITLE-07", .must, "On any title, the five steps in the seed's order give the model's normalized title.",
        basis: .decided("D-033"))
}
