/// The rules of the client's reconnects and resume (seed 003_…, Task 1 and the expert consensus;
/// D-077 to D-079).
public enum ProgressReconnectRules {
    static let consensus = "Expert Consensus Summary"

    public static let backoff = Rule(
        "RECONNECT-01", .must, "After a lost connection or a failed open the client opens again 1, 2, 4, 8 and 16 s after each failure, then every 30 s, starting again at 1 s after every successful open.",
        basis: .decided("D-078"))
    public static let giveUp = Rule(
        "RECONNECT-02", .must, "The client keeps trying through ten minutes of continuous failure, and gives up at a failure ten minutes or more after the first.",
        basis: .decided("D-078"))
    public static let syncAfterOpen = Rule(
        "RECONNECT-03", .must, "Every successful open, the first included, is followed at once by a `sync_request` for the client's job.",
        basis: .decided("D-079"))
    public static let syncRetry = Rule(
        "RECONNECT-04", .must, "A `sync_request` without an answer is sent again every 5 s until a `sync_response` arrives.",
        basis: .decided("D-079"))
    public static let handshakeTimeout = Rule(
        "RECONNECT-05", .must, "An open that has not completed 10 s after it began is closed and retried as a failure.",
        basis: .decided("D-078"))
    public static let refusal = Rule(
        "RECONNECT-06", .must, "An open the server refuses with an HTTP status (401, 404) is final: the client never opens again.",
        basis: .decided("D-078"))
    public static let jobEnded = Rule(
        "RECONNECT-07", .must, "Once the job's ending arrives (a completion, an error, or a snapshot carrying either) the client closes and never opens again.",
        basis: .decided("D-079"))
    public static let deadConnection = Rule(
        "RECONNECT-08", .must, "A connection whose pongs stop is closed at the third missed pong's deadline, 95 s after the last pong, and reopened by the backoff.",
        basis: .decided("D-077"))
    public static let schedule = Rule(
        "RECONNECT-09", .must, "On any schedule of opens, failures, hangs, refusals, drops, silent outages and endings, the client opens, pings, syncs and closes at the model's times.",
        basis: .decided("D-077"))
}
