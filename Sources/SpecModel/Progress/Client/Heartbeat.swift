/// The client's heartbeat: a ping every 30 s, a pong expected within 5 s, the round trip measured from
/// the echoed client time, and a reconnect after three missed pongs.
///
/// Seed: 003_…, Task 1, "Timing Strategy" and `GenericWebSocketHandler`. The seed says "If no pong after
/// 3 attempts (90s), trigger reconnect", but its code sleeps 30 s, pings, then checks
/// `timeSinceLastPong > 3 × 30`, which is first true at the 120 s tick (O-04). Here each ping has its own
/// 5 s deadline, and the third consecutive ping without a pong asks for a reconnect at its deadline:
/// pings at 30, 60 and 90 s after the last sign of life, reconnect at 95 s, before the server's ~100 s
/// idle close (D-077).
///
/// Any pong proves the connection alive and clears the count, even a late one; the round trip is
/// measured only from a pong that echoes a time this client sent and that is not in its future.
public struct Heartbeat: Hashable, Sendable {

    public static let pingIntervalMilliseconds = ProgressLimits.pingIntervalMilliseconds
    public static let pongTimeoutMilliseconds = ProgressLimits.pongTimeoutMilliseconds
    public static let missedPongsMax = ProgressLimits.missedPongsMax

    /// The time between pings, in milliseconds, counted from the previous ping (or from the start).
    public let pingIntervalMilliseconds: Int64
    /// How long each ping waits for its pong before it counts as missed, in milliseconds.
    public let pongTimeoutMilliseconds: Int64
    /// How many consecutive missed pongs ask for a reconnect.
    public let missedPongsMax: Int

    /// When the next ping goes out, or `nil` when stopped.
    public private(set) var nextPingAt: Timestamp?
    /// When the pong of the unanswered latest ping is due, if one is awaited.
    public private(set) var pongDueAt: Timestamp?
    /// The client time of the latest ping, answered or not: a late pong for it is still measured.
    public private(set) var lastPingClientTime: Int64?
    /// Consecutive pings whose pong did not arrive in time.
    public private(set) var missedPongs = 0
    /// The last measured round trip.
    public private(set) var lastRoundTripMilliseconds: Int64?
    /// Pings sent since the heartbeat started.
    public private(set) var pingsSent = 0

    /// - Precondition: the interval and timeout are positive, the timeout shorter than the interval, and
    ///   at least one missed pong is tolerated.
    public init(pingIntervalMilliseconds: Int64 = pingIntervalMilliseconds, pongTimeoutMilliseconds: Int64 = pongTimeoutMilliseconds, missedPongsMax: Int = missedPongsMax) {
        precondition(pingIntervalMilliseconds > 0 && pongTimeoutMilliseconds > 0, "heartbeat periods must be positive: \(pingIntervalMilliseconds), \(pongTimeoutMilliseconds) ms")
        precondition(pongTimeoutMilliseconds < pingIntervalMilliseconds, "the pong timeout (\(pongTimeoutMilliseconds) ms) must be shorter than the ping interval (\(pingIntervalMilliseconds) ms)")
        precondition(missedPongsMax >= 1, "at least one missed pong must be tolerated, got \(missedPongsMax)")
        self.pingIntervalMilliseconds = pingIntervalMilliseconds
        self.pongTimeoutMilliseconds = pongTimeoutMilliseconds
        self.missedPongsMax = missedPongsMax
    }

    public var isRunning: Bool { nextPingAt != nil }

    /// When `fire` next has something to do.
    public var deadline: Timestamp? {
        guard let nextPingAt else { return nil }
        guard let dueAt = pongDueAt else { return nextPingAt }
        return min(nextPingAt, dueAt)
    }

    /// Starts (or restarts) the heartbeat on a fresh connection: the first ping one interval from now.
    public mutating func start(at now: Timestamp) {
        nextPingAt = now.adding(milliseconds: pingIntervalMilliseconds)
        pongDueAt = nil
        missedPongs = 0
    }

    /// Stops the heartbeat (the connection closed).
    public mutating func stop() {
        nextPingAt = nil
        pongDueAt = nil
    }

    /// What the heartbeat asks for when its deadline comes.
    public enum Action: Hashable, Sendable {
        /// Nothing is due yet.
        case nothing
        /// Send a ping carrying `clientTime` (this clock's milliseconds).
        case sendPing(clientTime: Int64)
        /// `missedPongs` pings in a row went unanswered: reconnect. The heartbeat has stopped.
        case reconnect(missedPongs: Int)
    }

    /// Runs the heartbeat at `now`: a pong deadline passing counts a miss (and may ask for a reconnect);
    /// the ping time sends a ping.
    public mutating func fire(at now: Timestamp) -> Action {
        if let due = pongDueAt, due <= now {
            pongDueAt = nil
            missedPongs += 1
            if missedPongs >= missedPongsMax {
                stop()
                return .reconnect(missedPongs: missedPongs)
            }
        }
        guard let nextPingAt, nextPingAt <= now else { return .nothing }
        // From now, not from the missed deadline: a clock that jumped forward must not set off a burst
        // of catch-up pings.
        self.nextPingAt = now.adding(milliseconds: pingIntervalMilliseconds)
        pongDueAt = now.adding(milliseconds: pongTimeoutMilliseconds)
        lastPingClientTime = now.epochMilliseconds
        pingsSent += 1
        return .sendPing(clientTime: now.epochMilliseconds)
    }

    /// What a pong told the heartbeat.
    public enum PongOutcome: Hashable, Sendable {
        /// The round trip, measured on this client's clock from the echoed time.
        case roundTrip(milliseconds: Int64)
        /// The pong echoed no time, or a time this client did not send or that lies in its future; the
        /// connection is alive but nothing is measured.
        case unmeasured
        /// The heartbeat is stopped; the pong is ignored.
        case ignored
    }

    /// A pong arrived at `now`.
    public mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> PongOutcome {
        guard isRunning else { return .ignored }
        missedPongs = 0
        pongDueAt = nil
        guard let clientTime, clientTime == lastPingClientTime, clientTime <= now.epochMilliseconds else { return .unmeasured }
        let roundTrip = now.epochMilliseconds - clientTime
        lastRoundTripMilliseconds = roundTrip
        return .roundTrip(milliseconds: roundTrip)
    }
}
