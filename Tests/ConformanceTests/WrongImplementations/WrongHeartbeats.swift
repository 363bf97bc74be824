import SpecConformance
import SpecModel
import Testing

// Wrong heartbeats: the seed's own timer loop, its "90s" read literally, and the model with one
// thing changed the way an app's heartbeat might get it wrong.

/// The seed's `startHeartbeat` loop as written: sleep 30 s, ping, then reconnect if
/// `timeSinceLastPong > maxMissedPongs × 30`; the round trip from whatever time the pong echoes (O-04).
private struct SeedHeartbeat: HeartbeatScheduling {
    var nextTick: Timestamp?
    var lastPongReceived = Timestamp(epochMilliseconds: 0)

    mutating func start(at now: Timestamp) {
        nextTick = now.adding(milliseconds: 30_000)
        lastPongReceived = now
    }

    var deadline: Timestamp? { nextTick }

    mutating func fire(at now: Timestamp) -> Heartbeat.Action {
        guard let tick = nextTick, now >= tick else { return .nothing }
        nextTick = now.adding(milliseconds: 30_000)
        // `sendPing()` then `checkHeartbeatHealth()`: the check's reconnect is what the tick ends with.
        if Double(now.epochMilliseconds - lastPongReceived.epochMilliseconds) > Double(3) * 30_000 {
            nextTick = nil
            return .reconnect(missedPongs: 3)
        }
        return .sendPing(clientTime: now.epochMilliseconds)
    }

    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        guard nextTick != nil else { return .ignored }
        lastPongReceived = now
        guard let clientTime else { return .unmeasured }
        return .roundTrip(milliseconds: now.epochMilliseconds &- clientTime)
    }
}

/// The model with `fire`'s or `pongReceived`'s answer changed by the closures.
private struct EditedHeartbeat: HeartbeatScheduling {
    var inner = Heartbeat()
    /// Pings sent since the last pong.
    var unanswered = 0
    var lastPingAt: Timestamp?
    var stopped = false
    let onPing: @Sendable (inout EditedHeartbeat, Int64, Timestamp) -> Heartbeat.Action
    let onPong: @Sendable (inout EditedHeartbeat, Int64?, Timestamp) -> Heartbeat.PongOutcome

    init(onPing: @escaping @Sendable (inout EditedHeartbeat, Int64, Timestamp) -> Heartbeat.Action = { _, clientTime, _ in .sendPing(clientTime: clientTime) },
         onPong: @escaping @Sendable (inout EditedHeartbeat, Int64?, Timestamp) -> Heartbeat.PongOutcome = { heartbeat, clientTime, now in heartbeat.inner.pongReceived(clientTime: clientTime, at: now) }) {
        self.onPing = onPing
        self.onPong = onPong
    }

    mutating func start(at now: Timestamp) {
        inner.start(at: now)
        unanswered = 0
        stopped = false
    }

    var deadline: Timestamp? { stopped ? nil : inner.deadline }

    mutating func fire(at now: Timestamp) -> Heartbeat.Action {
        guard !stopped else { return .nothing }
        let action = inner.fire(at: now)
        guard case let .sendPing(clientTime) = action else { return action }
        let answer = onPing(&self, clientTime, now)
        unanswered += 1
        lastPingAt = now
        return answer
    }

    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome {
        guard !stopped else { return .ignored }
        let outcome = onPong(&self, clientTime, now)
        unanswered = 0
        return outcome
    }
}

/// Production has no heartbeat: nothing is ever due.
private struct NoHeartbeat: HeartbeatScheduling {
    mutating func start(at now: Timestamp) {}

    var deadline: Timestamp? { nil }

    mutating func fire(at now: Timestamp) -> Heartbeat.Action { .nothing }

    mutating func pongReceived(clientTime: Int64?, at now: Timestamp) -> Heartbeat.PongOutcome { .ignored }
}

enum WrongHeartbeats {
    static let all: [WrongImplementation] = [
        .of({ .heartbeat }, "SeedHeartbeat", flaw: "the seed's loop as written: notices the dead connection at the 120 s tick (O-04) and measures the round trip from any echoed time",
            breaks: "HEART-04", "HEART-09") {
            SeedHeartbeat()
        },
        .of({ .heartbeat }, "NinetySecondsHeartbeat", flaw: "reconnects at 90 s, when the third ping is due, before it could be answered (the seed's \"90s\" read literally)", breaks: "HEART-04") {
            EditedHeartbeat(onPing: { heartbeat, clientTime, _ in
                guard heartbeat.unanswered >= 2 else { return .sendPing(clientTime: clientTime) }
                heartbeat.stopped = true
                heartbeat.inner.stop()
                return .reconnect(missedPongs: 3)
            })
        },
        .of({ .heartbeat }, "LatePongIgnoredHeartbeat", flaw: "ignores a pong that comes after its 5 s deadline, so a slow network counts as a dead one", breaks: "HEART-05") {
            EditedHeartbeat(onPong: { heartbeat, clientTime, now in
                if let sent = heartbeat.lastPingAt, now.epochMilliseconds - sent.epochMilliseconds > Heartbeat.pongTimeoutMilliseconds { return .unmeasured }
                return heartbeat.inner.pongReceived(clientTime: clientTime, at: now)
            })
        },
        .of({ .heartbeat }, "PingAfterPongHeartbeat", flaw: "schedules the next ping 30 s after the pong rather than after the ping", breaks: "HEART-01") {
            EditedHeartbeat(onPong: { heartbeat, clientTime, now in
                let outcome = heartbeat.inner.pongReceived(clientTime: clientTime, at: now)
                heartbeat.inner.start(at: now)
                return outcome
            })
        },
        .of({ .heartbeat }, "SecondsClientTimeHeartbeat", flaw: "sends `clientTime` in seconds (`timeIntervalSince1970` without × 1000) and measures the round trip from any echoed time", breaks: "HEART-02", "HEART-09") {
            EditedHeartbeat(onPing: { _, clientTime, _ in .sendPing(clientTime: clientTime / 1_000) },
                            onPong: { heartbeat, clientTime, now in
                _ = heartbeat.inner.pongReceived(clientTime: nil, at: now)
                return clientTime.map { .roundTrip(milliseconds: now.epochMilliseconds &- $0) } ?? .unmeasured
            })
        },
        .of({ .heartbeat }, "SixSecondPongBudgetHeartbeat", flaw: "waits 6 s for a pong instead of 5, so it reconnects at 96 s", breaks: "HEART-04") {
            ModelHeartbeat(Heartbeat(pongTimeoutMilliseconds: 6_000))
        },
        .of({ .heartbeat }, "SixtySecondPingsHeartbeat", flaw: "pings every 60 s, the top of the expert's \"every 30-60 seconds\"", breaks: "HEART-01", "HEART-04") {
            ModelHeartbeat(Heartbeat(pingIntervalMilliseconds: 60_000))
        },
        .of({ .heartbeat }, "FourMissesHeartbeat", flaw: "tolerates a fourth missed pong, reconnecting at 125 s, after the server's 100 s idle close", breaks: "HEART-08", "HEART-04") {
            ModelHeartbeat(Heartbeat(missedPongsMax: 4))
        },
        .of({ .heartbeat }, "FourSecondPongBudgetHeartbeat", flaw: "counts a pong later than 4 s as a miss, so a slow but answering server is dropped", breaks: "HEART-03") {
            ModelHeartbeat(Heartbeat(pongTimeoutMilliseconds: 4_000))
        },
        .of({ .heartbeat }, "NoHeartbeat", flaw: "production: no heartbeat at all, no pings and no dead-connection check", breaks: "HEART-01") {
            NoHeartbeat()
        },
    ]
}

/// The seed's heartbeat says "90s" and its code notices at 120 s (O-04): a heartbeat that follows either
/// literally differs from D-077 and fails no rule; one with no heartbeat breaks the seed's 30 s ping.
@Suite struct HeartbeatSeedReadingTests {
    @Test func aHeartbeatFollowingTheSeedLiterallyDiffersButFailsNoRule() {
        for (wrong, result) in ConformanceCatalog.run.wrong where ["SeedHeartbeat", "NinetySecondsHeartbeat"].contains(wrong.name) {
            #expect(result.count(.fail) == 0, "\(wrong.name) fails \(result.rules.filter { $0.grade == .fail }.map(\.rule.id))")
        }
    }

    @Test func noHeartbeatAtAllFailsTheSeedsRule() {
        let result = ConformanceCatalog.run.wrong.first { $0.0.name == "NoHeartbeat" }?.1
        #expect(result?.grade(of: "HEART-01") == .fail)
    }
}
