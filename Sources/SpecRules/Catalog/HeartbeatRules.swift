/// The rules of the client's heartbeat (seed 003_…, Task 1; D-077, O-04).
///
/// The seed fixes the 30 s ping, the 5 s pong wait, the three missed pongs and the round trip from the
/// echoed `clientTime`; when the third miss reconnects (its "90s" against its code's 120 s tick) and what
/// a late or foreign pong counts for are decided (D-077).
public enum HeartbeatRules {
    static let section = "Task 1: Implement Heartbeat Mechanism (Ping/Pong)"

    public static let interval = Rule(
        "HEART-01", .must, "The first ping goes out 30 s after the connection opens and each next one 30 s after the previous ping, never sooner.",
        basis: .seed(.progressProtocol, section, "**Client sends ping:** Every 30 seconds"))
    public static let clientTime = Rule(
        "HEART-02", .must, "Each ping carries the client's clock when it is sent, in milliseconds since 1970, as `clientTime`.",
        basis: .seed(.progressProtocol, section, #""payload": ["clientTime": Int64(Date().timeIntervalSince1970 * 1000)]"#), requires: ["HEART-01"])
    public static let pongDeadline = Rule(
        "HEART-03", .must, "A pong that arrives within 5 s of its ping answers it: a heartbeat whose every ping is answered within 5 s never asks for a reconnect.",
        basis: .seed(.progressProtocol, section, "**Server responds pong:** Within 5 seconds"))
    public static let reconnect = Rule(
        "HEART-04", .must, "Three pings in a row without a pong by 5,000 ms ask for a reconnect at the third one's deadline, 95 s after the last sign of life (not at 90 s, not at the seed code's 120 s), and the heartbeat stops.",
        basis: .decided("D-077"), requires: ["HEART-01", "HEART-08"])
    public static let latePong = Rule(
        "HEART-05", .must, "Any pong, even a late one, proves the connection alive and clears the missed pongs.",
        basis: .decided("D-077"), requires: ["HEART-01", "HEART-04"])
    public static let roundTrip = Rule(
        "HEART-06", .must, "A pong echoing the latest ping's `clientTime`, late or not, gives the round trip: the client's clock when it arrives minus that `clientTime`.",
        basis: .seed(.progressProtocol, section, "let rtt = Date().timeIntervalSince1970 * 1000 - Double(clientTime)"), requires: ["HEART-01"])
    public static let schedule = Rule(
        "HEART-07", .must, "On any schedule of answered, late, lost and foreign pongs, the pings, round trips and reconnect come at the model's times.",
        basis: .reference)
    public static let missedPongs = Rule(
        "HEART-08", .must, "Three pings in a row without a pong ask for a reconnect, no later than when a fourth would be due (the seed's \"90s\" and its code's 120 s tick both do), and the heartbeat stops.",
        basis: .seed(.progressProtocol, section, "**Connection timeout:** If no pong after 3 attempts (90s), trigger reconnect"), requires: ["HEART-01"])
    public static let unmeasured = Rule(
        "HEART-09", .must, "No round trip is measured from a pong without a time, or echoing a time the client did not send, an earlier ping's time or a time in the client's future.",
        basis: .decided("D-077"), requires: ["HEART-01"])
}
