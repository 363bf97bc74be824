import Fixtures
import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The progress protocol's messages and their JSON codec: the envelope around every type, canonical
/// encoding, and strict decoding whose errors name the field and the problem (Seed: 003_…, Tasks 1–3;
/// Seed: 000_…, "WebSocket Message (After Cancellation)"; issue 5, "Messages").
@Suite struct ProgressMessageCodecTests {
    static let messages = ProgressMessageFixture.generator()
    static let jobId = ProgressMessageFixture.jobId

    static func envelope(type: String = "job_progress", version: String = "1.0.0", pipeline: String = "batch_enrichment", jobId: String = jobId, payload: String) -> String {
        #"{"type":"\#(type)","jobId":"\#(jobId)","pipeline":"\#(pipeline)","timestamp":1699564820000,"version":"\#(version)","payload":\#(payload)}"#
    }

    // MARK: - Round trip and canonical bytes

    /// Every message decodes back to itself, and encoding is canonical: re-encoding the decoded message
    /// gives the same bytes.
    @Test func everyMessageRoundTripsAndEncodesToTheSameBytes() {
        property(Self.messages, cases: 500, labels: { [$0.type.rawValue] }) { message in
            let bytes = ProgressMessageCodec.encode(message)
            let decoded = try ProgressMessageCodec.decode(bytes)
            try requireEqual(decoded, message)
            try requireEqual(ProgressMessageCodec.encode(decoded), bytes)
            try require(try ProgressMessageCodec.decode(bytes, from: message.type.sender) == message, "decoding as from its sender failed")
        }
    }

    /// Keys are written in a stable order (sorted by their UTF-8 bytes), with no whitespace, so traces
    /// compare byte for byte.
    @Test func encodingWritesKeysInAStableOrder() {
        let message = ProgressMessage(
            jobId: Self.jobId, pipeline: .csvImport, timestamp: Timestamp(epochMilliseconds: 1_699_564_820_000),
            payload: .progress(ProgressUpdate(processedCount: 250, totalCount: 500, currentTitle: "Dune", keepAlive: true))
        )
        #expect(ProgressMessageCodec.encodeString(message) == #"{"jobId":"550e8400-e29b-41d4-a716-446655440000","payload":{"currentTitle":"Dune","keepAlive":true,"processedCount":250,"totalCount":500},"pipeline":"csv_import","timestamp":1699564820000,"type":"job_progress","version":"1.0.0"}"#)
    }

    // MARK: - The seeds' messages

    /// The seed's iOS test "Parse error message with affected items", as a whole message (the
    /// structured-error tests cover the payload's other shapes).
    @Test func theSeedsErrorMessageParses() throws {
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
                "retryable": true
              }
            }
            """
        let message = try ProgressMessageCodec.decode(json)
        guard case let .error(payload) = message.payload else {
            Issue.record("expected an error message, got \(message)")
            return
        }
        #expect(message.type == .error)
        #expect(message.jobId == "test-123")
        #expect(payload.code.rawValue == "E_ENRICHMENT_FAILED")
        #expect(payload.code == .enrichmentFailed)
        #expect(payload.affectedItems.count == 2)
        #expect(payload.retryable)
        #expect(payload.message == "Technical message")
        #expect(payload.userMessage == "Some books couldn't be found")
        #expect(payload.affectedItems == ["Book 1", "Book 2"])
        #expect(payload.details.isEmpty)
    }

    /// The client's ping as the seed builds it (`payload: {clientTime}`), and the seed's backend test
    /// ping, which has no timestamp or version: that one is refused, naming the first missing field.
    @Test func theSeedsPingParsesAndAPingWithoutVersionIsRefused() throws {
        let ping = try ProgressMessageCodec.decode(Self.envelope(type: "ping", payload: #"{"clientTime":1699564820000}"#), from: .client)
        #expect(ping.payload == .ping(Ping(clientTime: 1_699_564_820_000)))
        let bare = #"{"type":"ping","jobId":"test-123","pipeline":"batch_enrichment","payload":{"clientTime":1}}"#
        #expect(throws: ProgressMessageError.invalidField(.missing(path: "version"))) { try ProgressMessageCodec.decode(bare) }
    }

    /// Seed 000's `canceled` broadcast travels in the Phase 2 envelope, its `data` as `payload` (D-075).
    @Test func theCanceledBroadcastUsesTheEnvelope() throws {
        let message = try ProgressMessageCodec.decode(Self.envelope(type: "canceled", payload: #"{"message":"Job canceled by user","processedItems":5,"totalItems":50}"#))
        #expect(message.payload == .canceled(JobCancellation(message: "Job canceled by user", processedItems: 5, totalItems: 50)))
        let seedShape = #"{"type":"canceled","jobId":"\#(Self.jobId)","timestamp":1699564820000,"data":{"message":"Job canceled by user","processedItems":5,"totalItems":50}}"#
        #expect(throws: ProgressMessageError.invalidField(.missing(path: "version"))) { try ProgressMessageCodec.decode(seedShape) }
    }

    /// Production's payloads repeat the type; that is accepted when it agrees and refused when it does not.
    @Test func aPayloadMayRepeatItsTypeOnlyIfItAgrees() throws {
        let agrees = Self.envelope(payload: #"{"type":"job_progress","processedCount":1,"totalCount":2}"#)
        #expect(try ProgressMessageCodec.decode(agrees).payload == .progress(ProgressUpdate(processedCount: 1, totalCount: 2)))
        let disagrees = Self.envelope(payload: #"{"type":"job_complete","processedCount":1,"totalCount":2}"#)
        #expect(throws: ProgressMessageError.invalidField(.invalidValue(path: "payload.type", reason: "repeats the type as \"job_complete\" but the message is job_progress"))) {
            try ProgressMessageCodec.decode(disagrees)
        }
    }

    /// What the backend's enrichment job broadcasts (seed 000's loop: progress, `canceled`, then
    /// `complete` with `canceled: true`; or a failure) travels in the envelope and decodes back.
    @Test func anEnrichmentJobsBroadcastsTravelInTheEnvelope() throws {
        var job = EnrichmentJob(jobId: Self.jobId, books: (0..<3).map { JobBook(workRawIdentifier: UInt64($0 + 1), title: "Book \($0)") }, startedAt: Timestamp(epochMilliseconds: 1_000))
        _ = job.loopStep(at: Timestamp(epochMilliseconds: 2_000)) { _ in .enriched }
        _ = job.loopStep(at: Timestamp(epochMilliseconds: 3_000)) { _ in .notFound }
        _ = job.cancelJob(at: Timestamp(epochMilliseconds: 3_500))
        _ = job.loopStep(at: Timestamp(epochMilliseconds: 4_000)) { _ in .enriched }
        var failing = EnrichmentJob(jobId: "job-2", books: [], startedAt: Timestamp(epochMilliseconds: 0))
        failing.fail(at: Timestamp(epochMilliseconds: 5), code: "PROVIDER_DOWN", message: "all providers failed")
        let messages = (job.outbox + failing.outbox).map { ProgressMessage($0) }
        #expect(messages.map(\.type) == [.jobProgress, .jobProgress, .canceled, .jobComplete, .error])
        for message in messages {
            #expect(try ProgressMessageCodec.decode(ProgressMessageCodec.encode(message), from: .server) == message)
        }
        #expect(messages[3].payload == .complete(JobCompletion(canceled: true, totalProcessed: 2, totalCount: 3, successCount: 1, failureCount: 1, durationMilliseconds: 3_000)))
        guard case let .error(error) = messages[4].payload else { return }
        #expect(error.code == .internalError)
        #expect(error.message == "PROVIDER_DOWN: all providers failed")
    }

    // MARK: - Typed errors

    /// Each kind of bad message gets its own error, naming the field (issue 5: "an unknown type, a missing
    /// or mistyped field, a wrong version, an oversized message or text that is not JSON").
    @Test(arguments: [
        (envelope(type: "job_paused", payload: "{}"), "type", "field type is \"job_paused\", which is not a message type"),
        (envelope(version: "2.0.0", payload: "{}"), "version", "field version is \"2.0.0\"; this protocol reads 1.x.y"),
        (envelope(version: "1.0", payload: "{}"), "version", "field version is \"1.0\""),
        (envelope(version: "1.0.0-beta", payload: "{}"), "version", "field version is \"1.0.0-beta\""),
        (envelope(pipeline: "ocr", payload: #"{"processedCount":1,"totalCount":2}"#), "pipeline", "field pipeline is invalid: \"ocr\" is not a pipeline"),
        (envelope(jobId: "", payload: "{}"), "jobId", "field jobId is invalid: must not be empty"),
        (envelope(jobId: "a b", payload: "{}"), "jobId", "field jobId is invalid: may hold only letters"),
        (envelope(payload: #"{"totalCount":2}"#), "payload.processedCount", "missing required field payload.processedCount"),
        (envelope(payload: #"{"processedCount":"1","totalCount":2}"#), "payload.processedCount", "field payload.processedCount should be an integer but is a string"),
        (envelope(payload: #"{"processedCount":1.5,"totalCount":2}"#), "payload.processedCount", "field payload.processedCount should be an integer but is a number"),
        (envelope(payload: #"{"processedCount":-1,"totalCount":2}"#), "payload.processedCount", "field payload.processedCount is invalid: must not be negative"),
        (envelope(payload: #"{"processedCount":3,"totalCount":2}"#), "payload.processedCount", "field payload.processedCount is invalid: is 3, more than totalCount 2"),
        (envelope(payload: #"{"processedCount":1,"totalCount":2,"keepAlive":"yes"}"#), "payload.keepAlive", "field payload.keepAlive should be a boolean but is a string"),
        (envelope(payload: "[]"), "payload", "field payload should be an object but is an array"),
        (envelope(type: "job_complete", payload: #"{"canceled":false,"summary":{"totalProcessed":3,"totalCount":3,"successCount":1,"failureCount":1,"duration":5}}"#), "payload.summary", "successCount 1 and failureCount 1 do not add up to totalProcessed 3"),
        (envelope(type: "pong", payload: #"{"clientTime":1}"#), "payload.serverTime", "missing required field payload.serverTime"),
        (envelope(type: "sync_response", payload: #"{"status":"complete","processedCount":1,"totalCount":1}"#), "payload.completion", "missing required field payload.completion"),
        (envelope(type: "sync_response", payload: #"{"status":"paused","processedCount":1,"totalCount":1}"#), "payload.status", "\"paused\" is not a job status"),
        (#"{"type":"ping","jobId":"j","pipeline":"ai_scan","timestamp":-5,"version":"1.0.0","payload":{}}"#, "timestamp", "field timestamp is invalid: must not be negative"),
        ("[1,2]", "", "the top-level value should be an object but is an array"),
    ] as [(String, String, String)])
    func aBadMessageGetsATypedErrorNamingItsField(json: String, path: String, message: String) {
        do {
            let decoded = try ProgressMessageCodec.decode(json)
            Issue.record("decoded \(decoded) from a bad message")
        } catch {
            #expect(error.path == path)
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    /// Text that is not JSON names the byte offset; an oversized message is refused before parsing.
    @Test func textThatIsNotJSONAndOversizedMessagesAreRefused() {
        #expect(throws: ProgressMessageError.self) { try ProgressMessageCodec.decode("{\"type\": ping}") }
        do {
            _ = try ProgressMessageCodec.decode("{\"type\": ping}")
        } catch {
            guard case let .notJSON(parseError) = error else {
                Issue.record("expected notJSON, got \(error)")
                return
            }
            #expect(parseError.offset == 9)
            #expect(error.path == nil)
        }
        let huge = Self.envelope(payload: #"{"processedCount":1,"totalCount":2,"currentTitle":""# + String(repeating: "x", count: 70_000) + #""}"#)
        #expect(throws: ProgressMessageError.oversized(bytes: huge.utf8.count, limit: ProgressMessageCodec.messageBytesMax)) { try ProgressMessageCodec.decode(huge) }
    }

    /// Issue 22: an error quotes at most 64 bytes of the value it refuses, whatever the value: a type, a
    /// version, a pipeline or a status of one letter with a thousand combining marks gives a short
    /// message (found by the message fuzz target; `prefix(64)` on a `String` counts `Character`s).
    @Test(arguments: ["type", "version", "pipeline", "status"])
    func anErrorQuotesAtMost64BytesOfTheValue(field: String) {
        let value = "e" + String(repeating: "\u{0301}", count: 1_000)
        let json = switch field {
        case "type": Self.envelope(type: value, payload: "{}")
        case "version": Self.envelope(version: value, payload: "{}")
        case "pipeline": Self.envelope(pipeline: value, payload: #"{"processedCount":1,"totalCount":2}"#)
        default: Self.envelope(type: "sync_response", payload: #"{"status":"\#(value)","processedCount":1,"totalCount":1}"#)
        }
        do {
            let decoded = try ProgressMessageCodec.decode(json)
            Issue.record("decoded \(decoded)")
        } catch {
            #expect(error.description.utf8.count < 64 + 200, "\(error.description.utf8.count) bytes")
            #expect(error.description.contains("e" + String(repeating: "\u{0301}", count: 31)), "\(error.description)")
            #expect(!error.description.contains("e" + String(repeating: "\u{0301}", count: 32)), "\(error.description)")
        }
    }

    /// A server refuses what only servers send, and a client what only clients send.
    @Test func aMessageFromTheWrongSideIsRefused() {
        let progress = Self.envelope(payload: #"{"processedCount":1,"totalCount":2}"#)
        #expect(throws: ProgressMessageError.unexpectedSender(type: .jobProgress, expected: .client)) { try ProgressMessageCodec.decode(progress, from: .client) }
        let ping = Self.envelope(type: "ping", payload: "{}")
        #expect(throws: ProgressMessageError.unexpectedSender(type: .ping, expected: .server)) { try ProgressMessageCodec.decode(ping, from: .server) }
    }

    /// Titles and status lines longer than the limit are cut at encoding, so everything encoded decodes.
    @Test func overlongTextIsCutAtEncodingSoItAlwaysDecodes() throws {
        let title = String(repeating: "é", count: ProgressMessage.textBytesMax)
        let message = ProgressMessage(jobId: "j", pipeline: .aiScan, timestamp: Timestamp(epochMilliseconds: 0), payload: .progress(ProgressUpdate(processedCount: 0, totalCount: 0, currentTitle: title)))
        let decoded = try ProgressMessageCodec.decode(ProgressMessageCodec.encode(message))
        guard case let .progress(update) = decoded.payload else {
            Issue.record("decoded \(decoded)")
            return
        }
        #expect(update.currentTitle?.utf8.count == ProgressMessage.textBytesMax)
        #expect(update.currentTitle?.unicodeScalars.allSatisfy { $0 == "é" } == true)
    }

    // MARK: - Hostile input

    /// Any bytes, and any edit of a valid message, either decode or fail with a `ProgressMessageError`;
    /// nothing traps, and a message that still decodes re-encodes canonically.
    @Test func editedMessagesDecodeOrFailWithATypedError() {
        let edits = Gen.array(of: ByteEdit.generator(favouring: Array(#"{}[]",:0123456789-."\e"#.utf8), positionMax: 400), count: 1...4)
        property(Gen<(ProgressMessage, [ByteEdit])>.zip(Self.messages, edits), cases: 400) { message, edits in
            let bytes = ByteEdit.apply(edits, to: ProgressMessageCodec.encode(message))
            switch Result(catching: { () throws(ProgressMessageError) in try ProgressMessageCodec.decode(bytes) }) {
            case let .success(decoded):
                try requireEqual(try ProgressMessageCodec.decode(ProgressMessageCodec.encode(decoded)), decoded)
            case let .failure(error):
                try require(!error.description.isEmpty, "an error without a description")
            }
        }
    }
}
