/// The rules of status messages and the time-remaining estimate (seed 003_…, Task 4; D-088 to D-091).
///
/// The seed's `StatusMessageFormatter` states every text and, for counts and fractions in range, the
/// figures; counts and fractions out of range, the exact percentage, the figures of a book not found, the
/// title limit and an estimate that is given the job's start are decided (the seed's formatter never
/// passes one, so its estimate is always `null`).
public enum StatusMessageRules {
    static let section = "Task 4: User-Friendly Status Messages"

    public static let enrichment = Rule(
        "STATUS-01", .must, "Enrichment progress reads \"Finding details for <title>... <p> of <t> books complete\" for the user and \"Enriching (<p>/<t>): <title>\" for the logs.",
        basis: .seed(.progressProtocol, section, "userMessage: `Finding details for ${currentTitle}... ${processedCount} of ${totalCount} books complete`,"))
    public static let notFound = Rule(
        "STATUS-02", .must, "A book not found reads \"⚠️ Couldn't find details for <title>\" (U+26A0 U+FE0F, which the seed's text carries mis-encoded) for the user and \"Enrichment failed (<p>/<t>): <title>\" for the logs.",
        basis: .seed(.progressProtocol, section, "Couldn't find details for ${currentTitle}"))
    public static let percentage = Rule(
        "STATUS-03", .must, "Counts are clamped (negative is 0, processed at most total) in the text as in the figures, the percentage is the exact floor of processed × 100 / total, a total of 0 is 100%, and remaining is total minus processed.",
        basis: .decided("D-088"), requires: ["STATUS-01", "STATUS-02", "STATUS-08"])
    public static let csvImport = Rule(
        "STATUS-04", .must, "A CSV import at a fraction from 0 to 1 reads the seed's line for its phase (📄 parsing, ✅ validating, 💾 saving) with the seed's floor(fraction × 100)%, and \"CSV <phase> (<n>%)\" for the logs.",
        basis: .seed(.progressProtocol, section, "Reading your library export... ${percentage}% complete"))
    public static let aiScan = Rule(
        "STATUS-05", .must, "An AI scan reads the seed's line for each of its five phases, \"AI scan: <phase>\" for the logs, and carries its phase and no figures.",
        basis: .seed(.progressProtocol, section, "Analyzing bookshelf with AI..."))
    public static let titleLimit = Rule(
        "STATUS-06", .must, "A title over 1,000 UTF-8 bytes is quoted as its longest prefix of whole Unicode scalars within 1,000 bytes, and one within the limit whole.",
        basis: .decided("D-088"))
    public static let notFoundFigures = Rule(
        "STATUS-07", .must, "A book not found keeps the percentage and the books remaining, as when it is found.",
        basis: .decided("D-090"), requires: ["STATUS-08"])
    public static let figures = Rule(
        "STATUS-08", .must, "For counts in range (0 ≤ processed ≤ total, total above 0), remaining is total minus processed and the percentage is floor(processed / total × 100) wherever the seed's floating-point formula and exact arithmetic agree.",
        basis: .seed(.progressProtocol, section, "const percentage = Math.floor((processedCount / totalCount) * 100);"))
    public static let csvFraction = Rule(
        "STATUS-09", .must, "A CSV fraction below 0 is 0, above 1 is 1, and NaN is 0, before the seed's formula.",
        basis: .decided("D-089"), requires: ["STATUS-04"])
    public static let csvFractionInDoubles = Rule(
        "STATUS-10", .must, "The seed's `Math.floor(progress * 100)` is computed on the fraction's double: 0.29, stored as 0.2899…, reads 28%.",
        basis: .decided("D-089"), requires: ["STATUS-04"])
    public static let estimate = Rule(
        "ETA-01", .must, "Given the job's start, the estimate is ceil(remaining × elapsed / (processed × 1000)) seconds, computed exactly.",
        basis: .decided("D-091"))
    public static let estimateUnknown = Rule(
        "ETA-02", .must, "The estimate is 0 when nothing remains whatever the clock, and unknown before the first item is done or when the clock is before the job's start.",
        basis: .decided("D-091"))
    public static let estimateBounds = Rule(
        "ETA-03", .must, "For any counts and times the estimate is never negative, saturates at Int.max rather than overflowing, and never falls as time passes with the same counts.",
        basis: .decided("D-091"), requires: ["ETA-01"])
}
