// The heartbeat of a progress socket (seed 003, Task 1): a ping every 30 s, a pong expected within 5 s,
// the round trip measured from the echoed client time, a reconnect after 3 pongs missed in a row.
//
// This is the timing logic `GenericWebSocketHandler` runs in its `Task`, with time passed in as
// milliseconds since 1970 so it can be tested without sleeping.

public struct HeartbeatLogic: Sendable, Hashable {
    /// What the heartbeat asks the socket to do.
    public enum Action: Sendable, Hashable {
        case nothing
        /// Send a ping carrying `clientTime`.
        case sendPing(clientTime: Int64)
        /// Too many pongs were missed: tear the connection down and reconnect. The heartbeat stops.
        case reconnect(missedPongs: Int)
    }

    /// What a pong told the heartbeat.
    public enum PongResult: Sendable, Hashable {
        /// The round trip of the ping the pong answers.
        case roundTrip(milliseconds: Int64)
        /// The connection is alive, but the pong echoes no time of a ping this heartbeat sent.
        case unmeasured
        /// The heartbeat is not running; the pong is ignored.
        case ignored
    }

    public let pingIntervalMilliseconds: Int64
    public let pongTimeoutMilliseconds: Int64
    public let maxMissedPongs: Int

    /// When the next ping goes out; `nil` when stopped.
    public private(set) var nextPingAt: Int64?
    /// When the pong of the latest ping is due, while it is awaited.
    public private(set) var pongDueAt: Int64?
    /// Pings in a row whose pong did not come in time.
    public private(set) var missedPongs = 0
    /// The client times of recent pings (oldest first), which a pong may echo.
    public private(set) var recentPingTimes: [Int64] = []
    /// The last round trip measured.
    public private(set) var lastRoundTripMilliseconds: Int64?

    /// The seed's timing: 30 s between pings, 5 s for a pong, 3 misses.
    public init(pingIntervalMilliseconds: Int64 = 30_000, pongTimeoutMilliseconds: Int64 = 5_000, maxMissedPongs: Int = 3) {
        self.pingIntervalMilliseconds = pingIntervalMilliseconds
        self.pongTimeoutMilliseconds = pongTimeoutMilliseconds
        self.maxMissedPongs = maxMissedPongs
    }

    public var isRunning: Bool { nextPingAt != nil }

    /// When `tick` next has something to do.
    public var nextWake: Int64? {
        guard let nextPingAt else { return nil }
        return pongDueAt.map { min($0, nextPingAt) } ?? nextPingAt
    }

    /// Starts (or restarts) on a connection that opened at `now`: the first ping one interval later.
    public mutating func reset(now: Int64) {
        nextPingAt = now + pingIntervalMilliseconds
        pongDueAt = nil
        missedPongs = 0
        recentPingTimes = []
    }

    /// Stops the heartbeat (the socket closed).
    public mutating func stop() {
        nextPingAt = nil
        pongDueAt = nil
    }

    /// Runs the heartbeat at `now`.
    public mutating func tick(now: Int64) -> Action {
        guard let pingAt = nextPingAt else { return .nothing }
        if let due = pongDueAt, due <= now {
            pongDueAt = nil
            missedPongs += 1
            if missedPongs >= maxMissedPongs {
                let missed = missedPongs
                stop()
                return .reconnect(missedPongs: missed)
            }
        }
        guard pingAt <= now else { return .nothing }
        nextPingAt = now + pingIntervalMilliseconds
        pongDueAt = now + pongTimeoutMilliseconds
        recentPingTimes.append(now)
        if recentPingTimes.count > maxMissedPongs + 1 { recentPingTimes.removeFirst(recentPingTimes.count - maxMissedPongs - 1) }
        return .sendPing(clientTime: now)
    }

    /// A pong arrived at `now`, echoing `clientTime`. Any pong shows the connection is alive.
    public mutating func pong(clientTime: Int64?, now: Int64) -> PongResult {
        guard isRunning else { return .ignored }
        missedPongs = 0
        pongDueAt = nil
        guard let clientTime, clientTime <= now, let index = recentPingTimes.firstIndex(of: clientTime) else { return .unmeasured }
        recentPingTimes.removeFirst(index + 1)
        let roundTrip = now - clientTime
        lastRoundTripMilliseconds = roundTrip
        return .roundTrip(milliseconds: roundTrip)
    }
}
