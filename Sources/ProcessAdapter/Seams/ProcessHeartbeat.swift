import SpecConformance
import SpecModel

/// A program's heartbeat timing, as a `HeartbeatScheduling`.
///
/// Methods, each at `now`: `start` → null; `deadline` → null or epoch milliseconds; `fire` →
/// `{"kind": "nothing"}`, `{"kind": "sendPing", "clientTime": ms}` or `{"kind": "reconnect",
/// "missedPongs": n}`; `pongReceived` with `{"clientTime": ms|null}` → `{"kind": "roundTrip",
/// "milliseconds": n}`, `{"kind": "unmeasured"}` or `{"kind": "ignored"}`.
public struct ProcessHeartbeat: HeartbeatScheduling {
    private var instance: AdapterInstance

    /// A fresh heartbeat in the program `session` talks to.
    public init(_ session: AdapterSession) {
        instance = AdapterInstance(.heartbeat, in: session)
    }

    /// Asks the program to start its heartbeat on a connection opened at `now` (`start`).
    public mutating func start(at now: Timestamp) {
        unique()
        _ = instance.call("start", now: now) { field throws(JSONFieldError) in try field.null() }
    }

    /// Asks the program when its heartbeat next fires (`deadline`); `nil` once the program has failed.
    public var deadline: Timestamp? {
        instance.call("deadline", now: nil) { field throws(JSONFieldError) in
            try field.nullable { field throws(JSONFieldError) in Timestamp(epochMilliseconds: try field.int64()) }
        } ?? nil
    }

    /// Asks the program to run its heartbeat at `now` (`fire`); nothing once the program has failed.
    public mutating func fire(at now: Timestamp) -> Heartbeat.Action {
        unique()
        return instance.call("fire", now: now) { field throws(JSONFieldError) in
            switch try field.kind() {
            case "nothing": return .nothing
            case "sendPing": return .sendPing(clientTime: try field.field("clientTime").int64())
            case "reconnect": return .reconnect(missedPongs: try field.field("missedPongs").int())
            case let other: throw try field.field("kind").invalid("\"\(other)\" is not an action; expected nothing, sendPing or reconnect")
            }
        } ?? .nothing
    }

    /// Hands the program a pong echoing `clientTime` (`pongReceived`); ignored once the program has failed.
    public mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        unique()
        return instance.call("pongReceived", now: now, input: .members([("clientTime", clientTime.map(JSONValue.integer) ?? .null)])) { field throws(JSONFieldError) in
            switch try field.kind() {
            case "roundTrip": return .roundTrip(milliseconds: try field.field("milliseconds").int64())
            case "unmeasured": return .unmeasured
            case "ignored": return .ignored
            case let other: throw try field.field("kind").invalid("\"\(other)\" is not a pong outcome; expected roundTrip, unmeasured or ignored")
            }
        } ?? .ignored
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&instance) { instance = instance.cloned() }
    }
}
