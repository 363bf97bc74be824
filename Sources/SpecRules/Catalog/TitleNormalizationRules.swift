/// The rules of title normalization (seed 004_…, "Title Normalization for Better Enrichment"; D-033,
/// D-140).
///
/// The seed's five steps are its own words (TITLE-01 to TITLE-05, each the seed's example and what its
/// expression or sentence says on every reading); which length step 3 measures, what counts as an
/// abbreviation period and what a dash is are decisions (TITLE-06, TITLE-08 to TITLE-10).
public enum TitleNormalizationRules {
    static let section = "Title Normalization for Better Enrichment"

    public static let seriesMarkers = Rule(
        "TITLE-01", .must, "Series markers are removed as the seed's expression `\\s*\\([^)]*,\\s*#\\d+\\)` matches them, leftmost first, with the whitespace before them: `(Harry Potter, #1)` goes, `#0.5`, `#1-3` and `# 3` do not match.",
        basis: .seed(.csvImport, section, "Remove series markers: `\\s*\\([^)]*,\\s*#\\d+\\)` → `(Harry Potter, #1)` removed"))
    public static let editionMarkers = Rule(
        "TITLE-02", .must, "Edition markers are removed as the seed's expression `\\s*\\[[^\\]]*\\]` matches them, with the whitespace before them: every `[…]` goes, an unclosed `[` stays.",
        basis: .seed(.csvImport, section, "Remove edition markers: `\\s*\\[[^\\]]*\\]` → `[Special Edition]` removed"))
    public static let subtitles = Rule(
        "TITLE-03", .must, "A title of one `:` longer than 10 characters loses the subtitle after it (`Title: Subtitle` → `Title`); a title of 10 characters or fewer keeps it.",
        basis: .seed(.csvImport, section, "Strip subtitles after `:` if title length > 10 chars → `Title: Subtitle` → `Title`"))
    public static let abbreviationPeriods = Rule(
        "TITLE-04", .must, "Abbreviation periods are removed (`Dept.` → `Dept`, `Vol. 2` → `Vol 2`, `J.R.R.` → `JRR`); a decimal point is no abbreviation period and stays (`2.0`).",
        basis: .seed(.csvImport, section, "Remove abbreviation periods: `Dept.` → `Dept`"))
    public static let whitespace = Rule(
        "TITLE-05", .must, "Runs of whitespace become one space and the title is trimmed.",
        basis: .seed(.csvImport, section, "Normalize whitespace: multiple spaces → single space, trim"))
    public static let idempotent = Rule(
        "TITLE-06", .should, "Normalizing a normalized title changes nothing: the five steps run again until the title stops changing.",
        basis: .decided("D-033"))
    public static let fiveSteps = Rule(
        "TITLE-07", .must, "On any title, the five steps in the seed's order give the model's normalized title (informational: the seed leaves edge cases to D-033 and D-140).",
        basis: .reference)
    public static let subtitleMeasure = Rule(
        "TITLE-08", .must, "Step 3 measures the title after steps 1 and 2 with its whitespace collapsed, splits at the first `:`, and keeps a title with nothing but whitespace before the colon.",
        basis: .decided("D-033"), requires: ["TITLE-03", "TITLE-05"])
    public static let periodsAfterLetters = Rule(
        "TITLE-09", .must, "Step 4 removes every period that follows a letter unless a digit follows it, an ellipsis's and a sentence's last period included: `Wait... What?` → `Wait What?`.",
        basis: .decided("D-033"), requires: ["TITLE-04"])
    public static let dashes = Rule(
        "TITLE-10", .must, "A dash marks no subtitle: `Title - Subtitle` (hyphen, en dash or em dash) keeps both parts, and only a `:` splits, after a dash or not.",
        basis: .decided("D-140"))
}
