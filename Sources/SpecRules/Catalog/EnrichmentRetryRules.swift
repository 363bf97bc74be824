/// The rules of enrichment retries and the request rate (seed 004_…, "Background Enrichment Queue";
/// D-054 to D-056, D-059).
public enum EnrichmentRetryRules {
    static let section = "4. Background Enrichment Queue"

    public static let notFound = Rule(
        "RETRY-01", .must, "HTTP 404 fails the work at once, on any attempt: it is never retried.",
        basis: .seed(.csvImport, section, "API 404 → Mark as failed, don't retry"))
    public static let clientErrors = Rule(
        "RETRY-02", .must, "Any other 4xx status except 429 fails the work at once as rejected with that status.",
        basis: .decided("D-054"))
    public static let backoff = Rule(
        "RETRY-03", .must, "A timeout on attempt n of 1 to 4 is retried as attempt n + 1, 1, 2, 4 or 8 seconds after the failure.",
        basis: .seed(.csvImport, section, "Network timeout → Retry with exponential backoff (1s, 2s, 4s, 8s)"))
    public static let fiveAttempts = Rule(
        "RETRY-04", .must, "Five attempts in all: a timeout, 429 or 5xx on the fifth attempt fails the work as retries exhausted after 5 attempts, with that last error.",
        basis: .decided("D-055"))
    public static let offline = Rule(
        "RETRY-05", .must, "Losing connectivity with a request in flight never fails the work: it is sent again when connectivity returns.",
        basis: .seed(.csvImport, "User Story 3: Automatic Background Metadata Enrichment", "Given network unavailable, when enrichment attempted, then jobs queued for retry when connectivity restored"))
    public static let rate = Rule(
        "RETRY-06", .must, "No request starts less than 600 ms after the previous one: a request starts at the later of when it is due and 600 ms after the previous start.",
        basis: .decided("D-059"))
    public static let decisions = Rule(
        "RETRY-07", .must, "For any failure on any attempt, the decision (retry when, fail why, or resend) is the model's.",
        basis: .reference)
    public static let transientLikeTimeouts = Rule(
        "RETRY-08", .must, "A 429 or a 5xx on attempt n of 1 to 4 is retried like a timeout: as attempt n + 1, 1, 2, 4 or 8 seconds after the failure.",
        basis: .decided("D-055"), requires: ["RETRY-03"])
    public static let offlineNotAnAttempt = Rule(
        "RETRY-09", .must, "A request cut off by the network is not an attempt: the same attempt is sent again when back online, even the fifth.",
        basis: .decided("D-056"), requires: ["RETRY-05"])
    public static let notFoundReason = Rule(
        "RETRY-10", .must, "An answer with no candidate fails the work at once like a 404, and both fail it as not found.",
        basis: .decided("D-054"), requires: ["RETRY-01"])
}
