/// The rules of structured errors (seed 003_…, Task 3; D-081 to D-087, D-093).
public enum StructuredErrorRules {
    static let section = "Task 3: Enhanced Error Messages with Structured Codes"

    public static let code = Rule(
        "ERROR-01", .must, "Every error carries its situation's code, written `E_` and 1 to 60 of A-Z, 0-9 and `_`.",
        basis: .decided("D-081"))
    public static let members = Rule(
        "ERROR-02", .must, "Every payload has all six members with their kinds: `code`, `message` and `userMessage` strings, `affectedItems` an array of strings (`[]` when none), `retryable` a boolean, `details` an object (`{}` when none).",
        basis: .decided("D-093"))
    public static let retryable = Rule(
        "ERROR-03", .must, "`retryable` follows the seed's handlers and each code's default: false only for an invalid CSV format, an undecodable client frame, a missing token and an unknown job.",
        basis: .decided("D-082"))
    public static let userMessage = Rule(
        "ERROR-04", .must, "`userMessage` is the seed's words for its situations and the code's default message for the protocol's own failures, never the technical message.",
        basis: .decided("D-083"))
    public static let affectedItems = Rule(
        "ERROR-05", .must, "At most ten affected items are listed, the first ten in order, and every failed title is still counted in `details.failureCount`, with `details.affectedItemsTotal` when more than ten.",
        basis: .decided("D-085"))
    public static let textLimits = Rule(
        "ERROR-06", .must, "Messages over 4,096 UTF-8 bytes, and affected items and detail texts over 1,000, are cut to their longest prefix of whole Unicode scalars within the limit; texts within it are kept whole.",
        basis: .decided("D-084"))
    public static let noStackTraces = Rule(
        "ERROR-07", .must, "No stack trace goes on the wire: no payload carries a `stack` member, in `details` or anywhere else.",
        basis: .decided("D-086"))
    public static let aiScanTimeout = Rule(
        "ERROR-08", .must, "An AI scan failure is `E_GEMINI_TIMEOUT` with the timeout advice exactly when its reason contains \"timeout\" in any ASCII case, and `E_GEMINI_API_ERROR` otherwise.",
        basis: .decided("D-087"))
    public static let payload = Rule(
        "ERROR-09", .must, "For every failure the payload is the model's, member for member.",
        basis: .decided("D-081"))
}
