/// The rules of the client's heartbeat (seed 003_…, Task 1; D-077, O-04).
public enum HeartbeatRules {
    static let section = "Task 1: Implement Heartbeat Mechanism (Ping/Pong)"

    public static let interval = Rule(
        "HEART-01", .must, "The first ping goes out 30 s after the connection opens and each next one 30 s after the previous ping, never sooner.",
        basis: .decided("D-077"))
    public static let clientTime = Rule(
        "HEART-02", .must, "Each ping carries the client's clock when it is sent, in milliseconds since 1970, as `clientTime`.",
        basis: .decided("D-075"))
    public static let pongDeadline = Rule(
        "HEART-03", .must, "A pong that arrives within 5 s of its ping answers it, and a ping without a pong by then is a miss.",
        basis: .decided("D-077"))
    public static let reconnect = Rule(
        "HEART-04", .must, "Three pings in a row without a pong ask for a reconnect at the third one's deadline, 95 s after the last sign of life (not at 90 s, not at the seed code's 120 s), and the heartbeat stops.",
        basis: .decided("D-077"))
    public static let latePong = Rule(
        "HEART-05", .must, "Any pong, even a late one, proves the connection alive and clears the missed pongs.",
        basis: .decided("D-077"))
    public static let roundTrip = Rule(
        "HEART-06", .must, "The round trip is measured from a pong echoing the latest ping's `clientTime`, late or not, and never from a time the client did not send or that lies in its future.",
        basis: .decided("D-077"))
    public static let schedule = Rule(
        "HEART-07", .must, "On any schedule of answered, late, lost and foreign pongs, the pings, round trips and reconnect come at the model's times.",
        basis: .decided("D-077"))
}
