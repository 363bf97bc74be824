/// The rules of the client's reconnects and resume (seed 003_…, Task 1 and the expert consensus;
/// D-077 to D-079).
///
/// The seed asks for an automatic reconnect with exponential backoff and a state sync, a 10 s handshake
/// timeout and a reconnect when three pongs are missed; the delays, the limit, the sync on the first open
/// and its retry, what is final, and the 95 s dead-connection close are decided (D-077 to D-079).
public enum ProgressReconnectRules {
    static let consensus = "Expert Consensus Summary"
    static let heartbeat = "Task 1: Implement Heartbeat Mechanism (Ping/Pong)"

    public static let backoff = Rule(
        "RECONNECT-01", .must, "After a lost connection or a failed open the client opens again 1, 2, 4, 8 and 16 s after each failure, then every 30 s, starting again at 1 s after every successful open.",
        basis: .decided("D-078"), requires: ["RECONNECT-10"])
    public static let giveUp = Rule(
        "RECONNECT-02", .must, "The client keeps trying through ten minutes of continuous failure, and gives up at a failure ten minutes or more after the first.",
        basis: .decided("D-078"), requires: ["RECONNECT-10"])
    public static let syncAfterOpen = Rule(
        "RECONNECT-03", .must, "Every reopen (after a lost connection, a failed or timed-out open, or a dead connection) is followed at once by a `sync_request` for the client's job: the reconnect's state sync.",
        basis: .seed(.progressProtocol, consensus, "Auto-reconnect with exponential backoff and state sync."), requires: ["RECONNECT-10"])
    public static let syncRetry = Rule(
        "RECONNECT-04", .must, "A `sync_request` without an answer is sent again every 5 s until a `sync_response` arrives.",
        basis: .decided("D-079"), requires: ["RECONNECT-11"])
    public static let handshakeTimeout = Rule(
        "RECONNECT-05", .must, "An open that has not completed 10 s after it began is closed as a failure, and one that completes before then stands.",
        basis: .seed(.progressProtocol, heartbeat, "try await WebSocketHelpers.waitForConnection(webSocket, timeout: 10.0)"), requires: ["RECONNECT-10"])
    public static let refusal = Rule(
        "RECONNECT-06", .must, "An open the server refuses with an HTTP status (401, 404) is final: the client never opens again.",
        basis: .decided("D-078"), requires: ["RECONNECT-10"])
    public static let jobEnded = Rule(
        "RECONNECT-07", .must, "Once the job's ending arrives (a completion, an error, or a snapshot carrying either) the client closes and never opens again.",
        basis: .decided("D-079"))
    public static let deadConnection = Rule(
        "RECONNECT-08", .must, "A connection whose pongs stop is closed at the third missed pong's deadline, 95 s after the last pong, not sooner or later.",
        basis: .decided("D-077"), requires: ["RECONNECT-12"])
    public static let schedule = Rule(
        "RECONNECT-09", .must, "On any schedule of opens, failures, hangs, refusals, drops, silent outages and endings, the client opens, pings, syncs and closes at the model's times.",
        basis: .reference)
    public static let autoReconnect = Rule(
        "RECONNECT-10", .must, "A connection lost, or an open failed, before the job's ending is opened again by the client on its own, and after two failures in a row it waits longer before the second reopen than before the first (backoff).",
        basis: .seed(.progressProtocol, consensus, "Auto-reconnect with exponential backoff and state sync."))
    public static let syncAfterFirstOpen = Rule(
        "RECONNECT-11", .must, "The first open is followed at once by a `sync_request` too: the job may have reported before the socket opened.",
        basis: .decided("D-079"))
    public static let heartbeatReconnect = Rule(
        "RECONNECT-12", .must, "A connection whose pongs stop is closed, no later than 120 s after the last pong (the seed's \"90s\" and its code's 120 s tick), and opened again.",
        basis: .seed(.progressProtocol, heartbeat, "**Connection timeout:** If no pong after 3 attempts (90s), trigger reconnect"), requires: ["RECONNECT-10"])
}
