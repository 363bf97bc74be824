import SpecModel
import Testing

/// The client's heartbeat and reconnect policy, and the server's answer to pings and its idle close
/// (Seed: 003_…, Task 1: "Heartbeat sends ping every 30s", "Reconnect after 3 missed pongs", the backend's
/// "responds to ping with pong"; Decisions D-077, D-078).
@Suite struct HeartbeatTests {
    static let start = ProgressUpdateStream.startDefault

    static func at(_ seconds: Double) -> Timestamp { start.adding(milliseconds: Int64(seconds * 1_000)) }

    /// "Heartbeat sends ping every 30s": the first ping 30 s after connecting, then every 30 s, each
    /// carrying the client's time.
    @Test func theHeartbeatSendsAPingEveryThirtySeconds() {
        var heartbeat = Heartbeat()
        heartbeat.start(at: Self.at(0))
        var pings: [Int64] = []
        for second in stride(from: 1.0, through: 100, by: 1) {
            if case let .sendPing(clientTime) = heartbeat.fire(at: Self.at(second)) {
                pings.append(clientTime)
                _ = heartbeat.pongReceived(clientTime: clientTime, at: Self.at(second + 0.08))
            }
        }
        #expect(pings == [30, 60, 90].map { Self.at($0).epochMilliseconds })
        #expect(heartbeat.lastRoundTripMilliseconds == 80)
        #expect(heartbeat.missedPongs == 0)
    }

    /// "Reconnect after 3 missed pongs": pings at 30, 60 and 90 s go unanswered; each misses its 5 s
    /// deadline, and the third miss asks for a reconnect at 95 s (D-077), not at the seed code's 120 s
    /// tick and before the server's 100 s idle close.
    @Test func threeMissedPongsAskForAReconnectAtNinetyFiveSeconds() {
        var heartbeat = Heartbeat()
        heartbeat.start(at: Self.at(0))
        var actions: [(Double, Heartbeat.Action)] = []
        var now = Self.at(0)
        while let deadline = heartbeat.deadline, deadline <= Self.at(200) {
            now = deadline
            actions.append((Double(now.epochMilliseconds - Self.start.epochMilliseconds) / 1_000, heartbeat.fire(at: now)))
        }
        #expect(actions.map(\.0) == [30, 35, 60, 65, 90, 95])
        #expect(actions.last?.1 == .reconnect(missedPongs: 3))
        #expect(!heartbeat.isRunning)
        #expect(Self.seedCodeReconnectsAt(seconds: 200) == 120, "the seed's check, transcribed, first fires at 120 s")
    }

    /// The seed's `checkHeartbeatHealth`, transcribed: sleep 30 s, ping, then reconnect if
    /// `timeSinceLastPong > 3 × 30`; with no pong ever, the first tick that sees it.
    static func seedCodeReconnectsAt(seconds limit: Int) -> Int? {
        let lastPongReceived = 0
        for tick in stride(from: 30, through: limit, by: 30) where Double(tick - lastPongReceived) > Double(3) * 30 {
            return tick
        }
        return nil
    }

    /// Any pong proves the connection alive, even a late one: the miss count starts again.
    @Test func aLatePongClearsTheMissesAndIsStillMeasured() {
        var heartbeat = Heartbeat()
        heartbeat.start(at: Self.at(0))
        #expect(heartbeat.fire(at: Self.at(30)) == .sendPing(clientTime: Self.at(30).epochMilliseconds))
        #expect(heartbeat.fire(at: Self.at(35)) == .nothing)
        #expect(heartbeat.missedPongs == 1)
        #expect(heartbeat.pongReceived(clientTime: Self.at(30).epochMilliseconds, at: Self.at(37)) == .roundTrip(milliseconds: 7_000))
        #expect(heartbeat.missedPongs == 0)
    }

    /// The round trip is measured only from a time this client sent and not in its future.
    @Test func aPongWithAForeignOrFutureTimeIsNotMeasured() {
        var heartbeat = Heartbeat()
        heartbeat.start(at: Self.at(0))
        _ = heartbeat.fire(at: Self.at(30))
        #expect(heartbeat.pongReceived(clientTime: 12, at: Self.at(30.1)) == .unmeasured)
        #expect(heartbeat.pongReceived(clientTime: nil, at: Self.at(30.1)) == .unmeasured)
        _ = heartbeat.fire(at: Self.at(60))
        #expect(heartbeat.pongReceived(clientTime: Self.at(90).epochMilliseconds, at: Self.at(60.1)) == .unmeasured)
        var stopped = Heartbeat()
        #expect(stopped.pongReceived(clientTime: 1, at: Self.at(1)) == .ignored)
    }

    /// The backend's "responds to ping with pong": the pong echoes the client's time and carries the
    /// server's; a ping without a time gets a pong without one.
    @Test func theServerAnswersAPingWithAPongEchoingTheClientTime() throws {
        var socket = ProgressJobSocket(jobId: "test-123", pipeline: .batchEnrichment, token: "t", totalCount: 3, at: Self.at(0))
        guard case let .accepted(id, _) = socket.connect(token: "t", at: Self.at(0)) else {
            Issue.record("the socket was refused")
            return
        }
        let ping = ProgressMessage(jobId: "test-123", pipeline: .batchEnrichment, timestamp: Self.at(1), payload: .ping(Ping(clientTime: 1_234)))
        let actions = socket.received(ProgressMessageCodec.encode(ping), on: id, at: Self.at(1))
        #expect(actions == [.send(connection: id, ProgressMessage(jobId: "test-123", pipeline: .batchEnrichment, timestamp: Self.at(1), payload: .pong(Pong(clientTime: 1_234, serverTime: Self.at(1).epochMilliseconds))))])
        let sent = try #require(actions.first)
        guard case let .send(_, message) = sent else { return }
        #expect(ProgressMessageCodec.encodeString(message).contains("\"type\":\"pong\""))
        let bare = ProgressMessage(jobId: "test-123", pipeline: .batchEnrichment, timestamp: Self.at(2), payload: .ping(Ping(clientTime: nil)))
        #expect(socket.received(ProgressMessageCodec.encode(bare), on: id, at: Self.at(2)).first == .send(connection: id, ProgressMessage(jobId: "test-123", pipeline: .batchEnrichment, timestamp: Self.at(2), payload: .pong(Pong(clientTime: nil, serverTime: Self.at(2).epochMilliseconds)))))
    }

    /// The server closes a socket after 100 s without a frame from the client; the heartbeat's pings
    /// every 30 s keep it open through a ten-minute job.
    @Test func pingsKeepTheSocketOpenAndSilenceClosesItAfterAHundredSeconds() {
        var silent = ProgressSession(total: 10, heartbeat: Heartbeat(pingIntervalMilliseconds: 1_000_000, pongTimeoutMilliseconds: 5_000))
        silent.advance(by: 99_999)
        #expect(silent.connection != nil)
        silent.advance(by: 1)
        #expect(silent.connection == nil, "closed at 100 s of silence")
        #expect(silent.server.connection == nil)

        var beating = ProgressSession(total: 10)
        beating.advance(by: 600_000)
        #expect(beating.connection != nil)
        #expect(beating.client.opens == 1)
        #expect(beating.client.heartbeat.pingsSent == 20)
        #expect(beating.client.heartbeat.lastRoundTripMilliseconds == 0)
    }

    /// Production's delays, then the cap, until ten minutes of failure (D-078).
    @Test func reconnectsBackOffOneTwoFourEightSixteenThenEveryThirtySeconds() {
        let policy = ReconnectPolicy()
        #expect((1...8).map { policy.delay(beforeAttempt: $0) } == [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000])
        #expect(policy.keepsTrying(failingSince: Self.at(0), at: Self.at(599.999)))
        #expect(!policy.keepsTrying(failingSince: Self.at(0), at: Self.at(600)))
    }
}
