/// The app's heartbeat on a progress socket, as plain timing logic the socket handler drives (seed 003,
/// Task 1; the project's decision D-077): a ping every 30 s, each pong due within 5 s, a reconnect when
/// the third ping in a row goes unanswered (95 s after the last sign of life).
public struct ConnectionHeartbeat {
    public enum Tick: Equatable {
        case idle
        case ping(clientTime: Int64)
        case reconnect(missed: Int)
    }

    public private(set) var nextPingAt: Int64?
    var pongDueAt: Int64?
    var lastPingTime: Int64?
    var missed = 0

    public init() {}

    public mutating func connected(now: Int64) {
        nextPingAt = now + 30_000
        pongDueAt = nil
        missed = 0
    }

    public var wakeAt: Int64? {
        guard let nextPingAt else { return nil }
        return pongDueAt.map { min($0, nextPingAt) } ?? nextPingAt
    }

    public mutating func tick(now: Int64) -> Tick {
        if let due = pongDueAt, due <= now {
            pongDueAt = nil
            missed += 1
            if missed >= 3 {
                nextPingAt = nil
                return .reconnect(missed: missed)
            }
        }
        guard let next = nextPingAt, next <= now else { return .idle }
        nextPingAt = now + 30_000
        pongDueAt = now + 5_000
        lastPingTime = now
        return .ping(clientTime: now)
    }

    /// A pong arrived; returns the round trip in milliseconds when it echoes the latest ping's time.
    public mutating func pong(echoing clientTime: Int64?, now: Int64) -> (alive: Bool, roundTrip: Int64?) {
        guard nextPingAt != nil else { return (false, nil) }
        missed = 0
        pongDueAt = nil
        guard let clientTime, clientTime == lastPingTime, clientTime <= now else { return (true, nil) }
        return (true, now - clientTime)
    }
}

/// The heartbeat as the seed's plan writes it: sleep 30 s, ping, then reconnect when more than 90 s
/// have passed since the last pong. It checks only once per 30 s, so a dead connection is noticed at
/// 120 s, and it measures a round trip from any echoed time.
public struct LegacyHeartbeat {
    public private(set) var nextTickAt: Int64?
    var lastPongAt: Int64 = 0

    public init() {}

    public mutating func connected(now: Int64) {
        nextTickAt = now + 30_000
        lastPongAt = now
    }

    public mutating func tick(now: Int64) -> ConnectionHeartbeat.Tick {
        guard let next = nextTickAt, next <= now else { return .idle }
        if now - lastPongAt > 90_000 {
            nextTickAt = nil
            return .reconnect(missed: 3)
        }
        nextTickAt = now + 30_000
        return .ping(clientTime: now)
    }

    public mutating func pong(echoing clientTime: Int64?, now: Int64) -> (alive: Bool, roundTrip: Int64?) {
        guard nextTickAt != nil else { return (false, nil) }
        lastPongAt = now
        return (true, clientTime.map { now - $0 })
    }
}
