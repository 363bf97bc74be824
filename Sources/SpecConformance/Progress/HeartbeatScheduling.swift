import SpecModel

/// Seam: the app's heartbeat on a progress socket, a ping every 30 s and a reconnect after three
/// missed pongs.
///
/// Seed 003_…, Task 1, "Timing Strategy" and `GenericWebSocketHandler` (`startHeartbeat`, `sendPing`,
/// `checkHeartbeatHealth`, the pong case of `handleMessage`). A pure timer: the suite starts it on a
/// fresh connection, calls `fire` when `deadline` comes and hands it the pongs, with time as a value.
/// An app wraps the timing logic it runs inside its `Task`:
///
///     struct AppHeartbeat: HeartbeatScheduling {
///         var logic = HeartbeatLogic()   // the app's, without the Task.sleep loop
///         var deadline: Timestamp? { logic.nextWake.map { Timestamp(epochMilliseconds: $0) } }
///         mutating func start(at now: Timestamp) { logic.reset(now: now.epochMilliseconds) }
///         mutating func fire(at now: Timestamp) -> Heartbeat.Action { logic.tick(now: now.epochMilliseconds).action }
///         mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome { logic.pong(clientTime, now.epochMilliseconds).outcome }
///     }
public protocol HeartbeatScheduling {
    /// Starts (or restarts) the heartbeat on a connection that opened at `now`.
    mutating func start(at now: Timestamp)
    /// When `fire` next has something to do, or `nil` when the heartbeat has stopped.
    var deadline: Timestamp? { get }
    /// Runs the heartbeat at `now`: send a ping, ask for a reconnect (which stops it), or nothing.
    mutating func fire(at now: Timestamp) -> Heartbeat.Action
    /// A pong arrived at `now`, echoing `clientTime`; returns the round trip it measured, if any.
    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome
}

/// The model's heartbeat, the reference the suite compares with: `Heartbeat`.
public struct ModelHeartbeat: HeartbeatScheduling {
    /// The model's heartbeat, as the calls have left it.
    public private(set) var heartbeat: Heartbeat

    /// The model's heartbeat with the seed's timing, or other timing (for canaries).
    public init(_ heartbeat: Heartbeat = Heartbeat()) {
        self.heartbeat = heartbeat
    }

    /// Starts the model's heartbeat: the first ping one interval after `now` (`Heartbeat.start(at:)`).
    public mutating func start(at now: Timestamp) { heartbeat.start(at: now) }

    /// When the model's heartbeat next pings or times out (`Heartbeat.deadline`).
    public var deadline: Timestamp? { heartbeat.deadline }

    /// Runs the model's heartbeat at `now` (`Heartbeat.fire(at:)`).
    public mutating func fire(at now: Timestamp) -> Heartbeat.Action { heartbeat.fire(at: now) }

    /// Hands the model's heartbeat a pong (`Heartbeat.pongReceived(clientTime:at:)`).
    public mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        heartbeat.pongReceived(clientTime: clientTime, at: now)
    }
}
