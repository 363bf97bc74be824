/// The rules of status messages and the time-remaining estimate (seed 003_…, Task 4; D-084, D-088 to
/// D-091).
public enum StatusMessageRules {
    static let section = "Task 4: User-Friendly Status Messages"

    public static let enrichment = Rule(
        "STATUS-01", .must, "Enrichment progress reads \"Finding details for <title>... <p> of <t> books complete\" for the user and \"Enriching (<p>/<t>): <title>\" for the logs.",
        basis: .decided("D-088"))
    public static let notFound = Rule(
        "STATUS-02", .must, "A book not found reads \"⚠️ Couldn't find details for <title>\" (U+26A0 U+FE0F) and \"Enrichment failed (<p>/<t>): <title>\", and keeps the percentage and the books remaining.",
        basis: .decided("D-090"))
    public static let percentage = Rule(
        "STATUS-03", .must, "Counts are clamped (negative is 0, processed at most total) in the text as in the figures, the percentage is the exact floor of processed × 100 / total, a total of 0 is 100%, and remaining is total minus processed.",
        basis: .decided("D-088"))
    public static let csvImport = Rule(
        "STATUS-04", .must, "A CSV import reads the seed's line for its phase (📄 parsing, ✅ validating, 💾 saving) with floor(fraction × 100)%, the fraction clamped to 0...1 and NaN taken as 0.",
        basis: .decided("D-089"))
    public static let aiScan = Rule(
        "STATUS-05", .must, "An AI scan reads the seed's line for each of its five phases, \"AI scan: <phase>\" for the logs, and carries its phase and no figures.",
        basis: .decided("D-089"))
    public static let titleLimit = Rule(
        "STATUS-06", .must, "A title over 1,000 UTF-8 bytes is quoted as its longest prefix of whole Unicode scalars within 1,000 bytes, and one within the limit whole.",
        basis: .decided("D-084"))
    public static let estimate = Rule(
        "ETA-01", .must, "Given the job's start, the estimate is ceil(remaining × elapsed / (processed × 1000)) seconds, computed exactly.",
        basis: .decided("D-091"))
    public static let estimateUnknown = Rule(
        "ETA-02", .must, "The estimate is 0 when nothing remains whatever the clock, and unknown before the first item is done or when the clock is before the job's start.",
        basis: .decided("D-091"))
    public static let estimateBounds = Rule(
        "ETA-03", .must, "For any counts and times the estimate is never negative, saturates at Int.max rather than overflowing, and never falls as time passes with the same counts.",
        basis: .decided("D-091"))
}
