import LibraryFeatures
import Testing

/// Seed 003, the app's side of the progress socket.
@Suite struct ProgressSocketTests {
    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Decoding

    @Test func decodesTheSeedsErrorMessage() throws {
        let json = """
        {
          "type": "error",
          "jobId": "test-123",
          "pipeline": "batch_enrichment",
          "timestamp": 1699564820000,
          "version": "1.0.0",
          "payload": {
            "code": "E_ENRICHMENT_FAILED",
            "message": "Technical message",
            "userMessage": "Some books couldn't be found",
            "affectedItems": ["Book 1", "Book 2"],
            "retryable": true,
            "details": { "failureCount": 2, "stack": "at line 1" }
          }
        }
        """
        let message = try SocketMessageDecoder().decode(bytes(json))
        guard case let .error(error) = message.payload else { Issue.record("expected an error"); return }
        #expect(error.code == "E_ENRICHMENT_FAILED")
        #expect(error.affectedItems.count == 2)
        #expect(error.retryable)
        #expect(error.details.failureCount == 2)
    }

    @Test func decodesAPong() throws {
        let json = #"{"type":"pong","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"1.2.0","payload":{"clientTime":3}}"#
        let message = try SocketMessageDecoder().decode(bytes(json))
        #expect(message.payload == .pong(clientTime: 3, serverTime: 5))
    }

    @Test(arguments: [
        ("not json", SocketDecodingError(.notJSON)),
        (#"{"type":"pong","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"2.0.0","payload":{}}"#, SocketDecodingError(.unsupportedVersion, "version")),
        (#"{"type":"nope","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"1.0.0","payload":{}}"#, SocketDecodingError(.unknownType, "type")),
        (#"{"type":"ping","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"1.0.0","payload":{}}"#, SocketDecodingError(.unexpectedSender, "type")),
        (#"{"type":"job_progress","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"1.0.0","payload":{"totalCount":3}}"#, SocketDecodingError(.missingField, "payload.processedCount")),
        (#"{"type":"job_progress","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"1.0.0","payload":{"processedCount":"1","totalCount":3}}"#, SocketDecodingError(.wrongType, "payload.processedCount")),
        (#"{"type":"error","jobId":"j","pipeline":"csv_import","timestamp":5,"version":"1.0.0","payload":{"code":"E_X","message":"m","userMessage":"u","affectedItems":["a",2],"retryable":true}}"#, SocketDecodingError(.wrongType, "payload.affectedItems[1]")),
    ])
    func refusesWithTheFieldAtFault(json: String, expected: SocketDecodingError) {
        #expect(throws: expected) { try SocketMessageDecoder().decode(Array(json.utf8)) }
    }

    @Test func refusesOversizedFrames() {
        let frame = [UInt8](repeating: 0x20, count: SocketMessageDecoder.frameBytesMax + 1)
        #expect(throws: SocketDecodingError(.oversized)) { try SocketMessageDecoder().decode(frame) }
    }

    // MARK: Heartbeat

    @Test func pingsEvery30sAndReconnectsAfterThreeMissedPongs() {
        var heartbeat = HeartbeatLogic()
        heartbeat.reset(now: 0)
        var log: [(Int64, HeartbeatLogic.Action)] = []
        while let wake = heartbeat.nextWake {
            let action = heartbeat.tick(now: wake)
            if action != .nothing { log.append((wake, action)) }
        }
        #expect(log.map(\.0) == [30_000, 60_000, 90_000, 95_000])
        #expect(log.last?.1 == .reconnect(missedPongs: 3))
    }

    @Test func aPongMeasuresTheRoundTripAndClearsMisses() {
        var heartbeat = HeartbeatLogic()
        heartbeat.reset(now: 0)
        #expect(heartbeat.tick(now: 30_000) == .sendPing(clientTime: 30_000))
        #expect(heartbeat.pong(clientTime: 30_000, now: 30_120) == .roundTrip(milliseconds: 120))
        #expect(heartbeat.nextWake == 60_000)
        #expect(heartbeat.pong(clientTime: 99, now: 30_200) == .unmeasured)
    }

    // MARK: Reconnect

    let job = FollowedSocketJob(jobId: "550e8400-e29b-41d4-a716-446655440000", pipeline: .batchEnrichment, token: "tok")

    @Test func opensThenSyncsAndBacksOffOnFailures() {
        var socket = ProgressSocketLogic()
        #expect(socket.connect(job, now: 0) == [.open(reconnect: false)])
        let opened = socket.didOpen(now: 100)
        #expect(opened.count == 1)
        guard case let .send(sync)? = opened.first else { Issue.record("expected a sync request"); return }
        #expect(sync.type == .syncRequest)
        #expect(socket.didLoseConnection(now: 1_000) == [.open(reconnect: true)])
        #expect(socket.didFailToOpen(status: nil, now: 1_500).isEmpty)
        #expect(socket.nextWake == 2_500)
        #expect(socket.fire(now: 2_500) == [.open(reconnect: true)])
        #expect(socket.didFailToOpen(status: nil, now: 3_000).isEmpty)
        #expect(socket.nextWake == 5_000)
        #expect(socket.didFailToOpen(status: 401, now: 5_000).isEmpty)  // not connecting: ignored
        #expect(socket.fire(now: 5_000) == [.open(reconnect: true)])
        #expect(socket.didFailToOpen(status: 401, now: 5_100).isEmpty)
        #expect(socket.phase == .refused(status: 401))
        #expect(socket.nextWake == nil)
    }

    @Test func theJobsEndClosesTheSocket() {
        var socket = ProgressSocketLogic()
        _ = socket.connect(job, now: 0)
        _ = socket.didOpen(now: 10)
        let progress = #"{"type":"job_progress","jobId":"550E8400-E29B-41D4-A716-446655440000","pipeline":"batch_enrichment","timestamp":20,"version":"1.0.0","payload":{"processedCount":5,"totalCount":50}}"#
        #expect(socket.didReceive(bytes(progress), now: 20).isEmpty)
        #expect(socket.progress.processedCount == 5)
        let complete = #"{"type":"job_complete","jobId":"550e8400-e29b-41d4-a716-446655440000","pipeline":"batch_enrichment","timestamp":30,"version":"1.0.0","payload":{"canceled":true,"successCount":5,"failureCount":0,"duration":1200,"totalCount":50}}"#
        #expect(socket.didReceive(bytes(complete), now: 30) == [.close])
        #expect(socket.phase == .finished)
        #expect(socket.progress.completion?.canceled == true)
    }
}
