/// The rules of enrichment retries and the request rate (seed 004_…, "Background Enrichment Queue";
/// D-054 to D-056, D-059, D-062).
public enum EnrichmentRetryRules {
    static let section = "4. Background Enrichment Queue"

    public static let notFound = Rule(
        "RETRY-01", .must, "HTTP 404, or an answer with no candidate, fails the work at once as not found, on any attempt.",
        basis: .decided("D-054"))
    public static let clientErrors = Rule(
        "RETRY-02", .must, "Any other 4xx status except 429 fails the work at once as rejected with that status.",
        basis: .decided("D-054"))
    public static let backoff = Rule(
        "RETRY-03", .must, "A timeout, a 429 or a 5xx on attempt n of 1 to 4 is retried as attempt n + 1, 1, 2, 4 or 8 seconds after the failure.",
        basis: .decided("D-055"))
    public static let fiveAttempts = Rule(
        "RETRY-04", .must, "Five attempts in all: a timeout, 429 or 5xx on the fifth attempt fails the work as retries exhausted after 5 attempts, with that last error.",
        basis: .decided("D-055"))
    public static let offline = Rule(
        "RETRY-05", .must, "Losing connectivity with a request in flight is not an attempt: the same attempt is sent again when back online, even the fifth.",
        basis: .decided("D-056"))
    public static let rate = Rule(
        "RETRY-06", .must, "No request starts less than 600 ms after the previous one: a request starts at the later of when it is due and 600 ms after the previous start.",
        basis: .decided("D-059"))
    public static let decisions = Rule(
        "RETRY-07", .must, "For any failure on any attempt, the decision (retry when, fail why, or resend) is the model's.",
        basis: .decided("D-054"))
}
