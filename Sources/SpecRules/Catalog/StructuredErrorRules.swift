/// The rules of structured errors (seed 003_…, Task 3; D-081 to D-087, D-093).
///
/// The seed's handlers state their codes, retry flags, user messages, the first ten failed titles, the
/// success and failure counts and the timeout test; the protocol's own failures, the code's form, the
/// total past ten items, the text limits, the stack trace and the timeout test's letter case are decided.
public enum StructuredErrorRules {
    static let section = "Task 3: Enhanced Error Messages with Structured Codes"

    public static let code = Rule(
        "ERROR-01", .must, "Every error payload carries a non-empty string `code`, and a batch enrichment failure's is the seed's `E_ENRICHMENT_FAILED`.",
        basis: .seed(.progressProtocol, section, "All error messages include structured codes"))
    public static let members = Rule(
        "ERROR-02", .must, "Every payload has all six members with their kinds: `code`, `message` and `userMessage` strings, `affectedItems` an array of strings (`[]` when none), `retryable` a boolean, `details` an object (`{}` when none).",
        basis: .decided("D-093"))
    public static let retryable = Rule(
        "ERROR-03", .must, "`retryable` is what the seed's handlers write: false for a CSV file in an invalid format, true for every other failure they report (a batch enrichment, the other CSV failures, a photo without books, an AI scan's timeout or API error).",
        basis: .seed(.progressProtocol, section, "retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT,"))
    public static let userMessage = Rule(
        "ERROR-04", .must, "`userMessage` is the seed's words for each failure its handlers report (\"Something went wrong during enrichment. Please try again.\", the CSV and AI scanner messages), never the technical message.",
        basis: .seed(.progressProtocol, section, "userMessage: 'Something went wrong during enrichment. Please try again.',"))
    public static let affectedItems = Rule(
        "ERROR-05", .must, "A batch enrichment failure lists at most ten affected items: the first ten failed titles, in order.",
        basis: .seed(.progressProtocol, section, "affectedItems: failedBooks.slice(0, 10), // Max 10 items"))
    public static let textLimits = Rule(
        "ERROR-06", .must, "Messages over 4,096 UTF-8 bytes, and affected items and detail texts over 1,000, are cut to their longest prefix of whole Unicode scalars within the limit; texts within it are kept whole.",
        basis: .decided("D-084"))
    public static let noStackTraces = Rule(
        "ERROR-07", .must, "No stack trace goes on the wire: no payload carries a `stack` member, in `details` or anywhere else.",
        basis: .decided("D-086"))
    public static let aiScanTimeout = Rule(
        "ERROR-08", .must, "An AI scan failure whose reason contains \"timeout\" is `E_GEMINI_TIMEOUT` with the timeout advice, and one whose reason has no \"timeout\" in any letter case is `E_GEMINI_API_ERROR` with the failure advice.",
        basis: .seed(.progressProtocol, section, "const isTimeout = error.message.includes('timeout');"), requires: ["ERROR-10"])
    public static let payload = Rule(
        "ERROR-09", .must, "For every failure the payload is the model's, member for member.",
        basis: .reference)
    public static let codeForm = Rule(
        "ERROR-10", .must, "Every failure's code is its situation's in the register (the seed's constants with their `E_` prefix, the protocol's own failures' codes, a newer server's code passed through), written `E_` and 1 to 60 of A-Z, 0-9 and `_`.",
        basis: .decided("D-081"), requires: ["ERROR-01"])
    public static let retryDefaults = Rule(
        "ERROR-11", .must, "The protocol's own failures take their code's retry flag: not retryable for an undecodable client frame, a missing token and an unknown job; retryable for a provider timing out or down and an internal failure.",
        basis: .decided("D-082"))
    public static let userMessageDefaults = Rule(
        "ERROR-12", .must, "The protocol's own failures carry their code's default user message, never the technical message.",
        basis: .decided("D-083"))
    public static let affectedItemsTotal = Rule(
        "ERROR-13", .must, "When more than ten titles failed, `details.affectedItemsTotal` counts them all, and not otherwise.",
        basis: .decided("D-085"), requires: ["ERROR-05"])
    public static let timeoutLetterCase = Rule(
        "ERROR-14", .must, "An AI scan failure whose reason contains \"timeout\" in another ASCII letter case (\"Timeout\", \"TIMEOUT\") is a timeout too: `E_GEMINI_TIMEOUT` with the timeout advice.",
        basis: .decided("D-087"), requires: ["ERROR-10"])
    public static let breakdown = Rule(
        "ERROR-15", .must, "A batch enrichment failure's details carry `failureCount`, every failed title counted, and `successCount`, the books enriched.",
        basis: .seed(.progressProtocol, section, "Success/failure breakdown in details"))
}
