import Fixtures
import Generators
import SpecModel

extension ConformanceSuite where Implementation: ProgressMessageDecoding {
    /// The decoding suite: the model's messages of all nine types read back, the version and type
    /// rules, strict fields with the path of the first fault, unknown members ignored, the limits on
    /// both sides, and malformed bytes accepted exactly when the model accepts them.
    public static var progressMessageDecoding: ConformanceSuite {
        typealias R = ProgressMessageDecodingRules
        typealias C = ProgressDecodingChecks
        let messages = ProgressMessageFixture.generator()
        /// Examples of frames from the sides the decoder reads; an example of a side it does not read holds
        /// vacuously, and a check none of whose examples' sides it reads does not apply.
        func expect(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<ProgressDecodeExample>]) -> ConformanceCheck<Implementation> {
            let senders = Set(examples.map(\.input.sender))
            return .examples(rule, about, examples, appliesTo: { C.notReading(senders, $0) }) { implementation, example in
                guard C.reads(implementation, example.sender) else { return }
                try example.check(ProgressConformance.answer(of: implementation, example.bytes, from: example.sender))
            }
        }
        /// Examples whose answer does not depend on the sender (bytes that are no message at all), asked
        /// from a side the decoder reads.
        func expectFromEitherSide(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<ProgressDecodeExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, example in
                let asked = example.from(C.reads(implementation, .server) ? .server : .client)
                try asked.check(ProgressConformance.answer(of: implementation, asked.bytes, from: asked.sender))
            }
        }
        /// The implementation's answer against the model's on generated frames from the sides it reads,
        /// as `reduce` sees them.
        func sameAsModel<Input, Answer: Equatable>(_ rule: Rule, _ about: String, cases: Int = 100, _ generator: Gen<Input>, bytes: @escaping (Input) -> [UInt8],
                                                   sender: @escaping (Input) -> ProgressSender, model: @escaping (Input) -> Result<ProgressMessage, ProgressMessageRejection>,
                                                   reduce: @escaping (Result<ProgressMessage, ProgressMessageRejection>) -> Answer, show: @escaping (Answer) -> String) -> ConformanceCheck<Implementation> {
            .property(rule, about, method: .differential, cases: cases, generator, describe: { ProgressConformance.show(bytes($0)) }) { implementation, input in
                guard C.reads(implementation, sender(input)) else { return }
                let question = "decode(\(ProgressConformance.show(bytes(input))), from: .\(sender(input)))"
                try ensureSame(reduce(ProgressConformance.answer(of: implementation, bytes(input), from: sender(input))), reduce(model(input)), question, show: show)
            }
        }
        return ConformanceSuite(id: "progress-message-decoding", title: "Progress message decoding", seam: "ProgressMessageDecoding", checks: [
            .choices(R.readsTheModel, "the plain message of each side", [ConformanceExample("a job_progress from the server, a ping from the client", 0, pins: "D-076")]) { implementation, _ in
                try C.sidesChoice(implementation)
            },
            .property(R.readsTheModel, "generated messages of all nine types", method: .differential, messages, describe: { "\($0)" },
                      // Every message is of one side's types; whether the decoder reads that side is the check's own guard.
                      exercises: { _ in true }) { implementation, message in
                let sender = message.type.sender
                guard C.reads(implementation, sender) else { return }
                try ensureSame(ProgressConformance.answer(of: implementation, ProgressMessageCodec.encode(message), from: sender), .success(message),
                    "decode(ProgressMessageCodec.encode(\(message)), from: .\(sender))", show: ProgressConformance.show)
            },
            expect(R.version, "versions on both sides of 1.x.y", C.versionExamples),
            expect(R.messageSet, "every type from each side, and unknown types", C.messageSetExamples),
            expect(R.strictFields, "one fault at a time, and null for absent", C.strictFieldExamples),
            .property(R.unknownMembers, "generated messages with unknown members added anywhere", method: .differential, C.withUnknownMembers(messages),
                      describe: { ProgressConformance.show($0.bytes) }, exercises: C.carriesUnknownMembers) { implementation, input in
                // Ignored members leave the answer as it is without them, whatever that is (CODEC-06's).
                let sender = input.message.type.sender
                guard C.reads(implementation, sender) else { return }
                let plain = ProgressConformance.answer(of: implementation, ProgressMessageCodec.encode(input.message), from: sender)
                try ensureSame(ProgressConformance.answer(of: implementation, input.bytes, from: sender), plain,
                    "decode(\(ProgressConformance.show(input.bytes)), from: .\(sender)), against the same message without the members", show: ProgressConformance.show)
            },
            expect(R.unknownMembers, "the shapes production and newer servers send", C.unknownMemberExamples),
            expect(R.limits, "each limit at its value and one past it", C.limitExamples),
            expectFromEitherSide(R.malformed, "bytes that are not one JSON text", C.malformedExamples),
            expectFromEitherSide(R.strictJSON, "a member name given twice", C.strictJSONExamples),
            sameAsModel(R.editedBytes, "generated messages with bytes replaced, inserted, deleted or cut", cases: 150, C.editedMessages(messages), bytes: \.bytes, sender: \.sender,
                model: { ProgressConformance.modelDecode($0.bytes, from: $0.sender) }, reduce: C.verdict, show: { $0.map { "decoded: \($0)" } ?? "refused" }),
            expect(R.durationMilliseconds, "durations around a second", C.durationExamples),
        ])
    }
}

/// One frame a decoder is given, who sent it, and what the decoder must answer.
struct ProgressDecodeExample: Sendable {
    enum Expected: Sendable {
        /// Read, whatever message it is read as (what it is read as is CODEC-06's); the model reads it.
        case accepted
        /// Read, as exactly this message.
        case message(ProgressMessage)
        /// Refused, for this reason at this field.
        case refused(ProgressMessageRejection)
    }

    let bytes: [UInt8]
    let sender: ProgressSender
    let expected: Expected

    init(_ text: String, from sender: ProgressSender = .server, _ expected: Expected) {
        self.init(Array(text.utf8), from: sender, expected)
    }

    init(_ bytes: [UInt8], from sender: ProgressSender = .server, _ expected: Expected) {
        self.bytes = bytes
        self.sender = sender
        self.expected = expected
    }

    /// The same bytes and expectation, asked as sent by `sender`.
    func from(_ sender: ProgressSender) -> ProgressDecodeExample {
        ProgressDecodeExample(bytes, from: sender, expected)
    }

    /// Checks a decoder's answer; the model's must match too, so a wrong expectation fails the model.
    func check(_ answer: Result<ProgressMessage, ProgressMessageRejection>) throws {
        let question = "decode(\(ProgressConformance.show(bytes)), from: .\(sender))"
        let model = ProgressConformance.modelDecode(bytes, from: sender)
        switch expected {
        case .accepted:
            guard case .success = model else {
                throw ConformanceViolation("the suite expects this frame to be read, but the model refuses it", question: question, model: ProgressConformance.show(model))
            }
            guard case .success = answer else {
                throw ConformanceViolation("the implementation refuses a frame the protocol reads", question: question, model: ProgressConformance.show(model),
                    implementation: ProgressConformance.show(answer), kind: "a readable frame refused")
            }
        case let .message(message):
            try ensureSame(answer, .success(message), question, show: ProgressConformance.show)
        case let .refused(rejection):
            try ensureSame(answer, .failure(rejection), question, show: ProgressConformance.show)
        }
    }
}

/// Error frames whose code has `length` characters after `E_`: read up to 60, refused past it.
enum ProgressCodeLengthFrames {
    static func code(_ length: Int) -> ProgressDecodeExample {
        let frame = ProgressDecodingChecks.envelope(type: "error", payload: #"{"code":"E_\#(String(repeating: "Z", count: length))","message":"m"}"#)
        return ProgressDecodeExample(frame, length <= ProgressErrorCode.nameBytesMax ? .accepted : .refused(ProgressMessageRejection(.invalidValue, field: "payload.code")))
    }
}

/// A message's bytes after edits, and who sent the message.
struct ProgressEditedFrame: Sendable {
    let bytes: [UInt8]
    let sender: ProgressSender
}

/// A message, and its encoding with members it does not define added.
struct ProgressFrameWithUnknownMembers: Sendable {
    let message: ProgressMessage
    let bytes: [UInt8]
}

/// The decoding suite's inputs.
enum ProgressDecodingChecks {
    static let jobId = ProgressConformance.jobId

    /// A message's text with each envelope field given.
    static func envelope(
        type: String = "job_progress", version: String = "\"1.0.0\"", pipeline: String = "\"batch_enrichment\"", jobId: String = "\"\(jobId)\"",
        timestamp: String = "1699564820000", payload: String
    ) -> String {
        #"{"type":"\#(type)","jobId":\#(jobId),"pipeline":\#(pipeline),"timestamp":\#(timestamp),"version":\#(version),"payload":\#(payload)}"#
    }

    static let progressPayload = #"{"processedCount":1,"totalCount":2}"#

    static func refused(_ reason: ProgressMessageRejection.Reason, _ field: String?) -> ProgressDecodeExample.Expected {
        .refused(ProgressMessageRejection(reason, field: field))
    }

    /// A decoder's answer reduced to what CODEC-15 compares: the message, or a refusal of any kind.
    static func verdict(_ answer: Result<ProgressMessage, ProgressMessageRejection>) -> ProgressMessage? {
        if case let .success(message) = answer { return message }
        return nil
    }

    // MARK: - The sides a decoder reads

    /// The plainest message of each side: a job's progress from the server, a ping from the client.
    static func plainMessage(from sender: ProgressSender) -> ProgressMessage {
        let at = Timestamp(epochMilliseconds: 1_699_564_820_000)
        switch sender {
        case .server: return ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .progress(ProgressUpdate(processedCount: 1, totalCount: 2)))
        case .client: return ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .ping(Ping(clientTime: at.epochMilliseconds)))
        }
    }

    /// Whether `decoder` reads `sender`'s messages: an app's decoder reads the server's, a backend's the
    /// client's; each says which by reading that side's plain message.
    static func reads(_ decoder: some ProgressMessageDecoding, _ sender: ProgressSender) -> Bool {
        if case .success = ProgressConformance.answer(of: decoder, ProgressMessageCodec.encode(plainMessage(from: sender)), from: sender) { return true }
        return false
    }

    /// Why a check whose examples come from `senders` does not apply to `decoder`, or `nil`.
    static func notReading(_ senders: Set<ProgressSender>, _ decoder: some ProgressMessageDecoding) -> String? {
        senders.contains { reads(decoder, $0) } ? nil : "the decoder reads no message of the " + senders.map(\.rawValue).sorted().joined(separator: " or the ") + " (it refuses the plain one)"
    }

    /// Which sides `decoder` reads, for CODEC-06's choices; neither is a failure.
    static func sidesChoice(_ decoder: some ProgressMessageDecoding) throws -> String {
        switch (reads(decoder, .server), reads(decoder, .client)) {
        case (true, true): return "reads both sides' messages"
        case (true, false): return "reads the server's messages (an app's decoder)"
        case (false, true): return "reads the client's messages (a backend's decoder)"
        case (false, false):
            throw ConformanceViolation("the decoder reads neither a job_progress from the server nor a ping from the client",
                question: "decode(\(ProgressConformance.show(ProgressMessageCodec.encode(plainMessage(from: .server)))), from: .server)",
                model: "decoded", implementation: ProgressConformance.show(ProgressConformance.answer(of: decoder, ProgressMessageCodec.encode(plainMessage(from: .server)), from: .server)),
                kind: "reads no side's messages")
        }
    }

    // MARK: - Examples

    static var versionExamples: [ConformanceExample<ProgressDecodeExample>] {
        let accepted = ["1.0.0", "1.1.0", "1.12.345", "1.0.99"].map { version in
            ConformanceExample("version \(version) is read", ProgressDecodeExample(envelope(version: "\"\(version)\"", payload: progressPayload), .accepted), pins: "D-076")
        }
        let refusedVersions = ["2.0.0", "0.9.0", "1.0", "1.0.0-beta", "", "1.0.0.0", " 1.0.0", "1.x.0", "1..0", "v1.0.0"].map { version in
            ConformanceExample("version \(String(reflecting: version)) is refused", ProgressDecodeExample(envelope(version: "\"\(version)\"", payload: progressPayload), refused(.unsupportedVersion, "version")), pins: "D-076")
        }
        return accepted + refusedVersions + [
            ConformanceExample("a version that is a number", ProgressDecodeExample(envelope(version: "1", payload: progressPayload), refused(.wrongType, "version")), pins: "D-076"),
        ]
    }

    static var messageSetExamples: [ConformanceExample<ProgressDecodeExample>] {
        let at = Timestamp(epochMilliseconds: 1_699_564_820_000)
        let payloads: [ProgressPayload] = [
            .jobStarted(JobStarted(totalCount: 50)),
            .progress(ProgressUpdate(processedCount: 5, totalCount: 50, currentTitle: "Dune")),
            .complete(JobCompletion(canceled: true, totalProcessed: 5, totalCount: 50, successCount: 4, failureCount: 1, durationMilliseconds: 3_000)),
            .error(.enrichmentFailed(reason: "API timeout", failedTitles: ["The Great Gatsby", "1984"], successCount: 45)),
            .canceled(JobCancellation(message: "Job canceled by user", processedItems: 5, totalItems: 50)),
            .ping(Ping(clientTime: at.epochMilliseconds)),
            .pong(Pong(clientTime: at.epochMilliseconds, serverTime: at.epochMilliseconds + 40)),
            .syncRequest(SyncRequest(lastProcessedCount: 5)),
            .syncResponse(JobSnapshot(status: .running, processedCount: 5, totalCount: 50)),
        ]
        var examples: [ConformanceExample<ProgressDecodeExample>] = []
        for payload in payloads {
            let message = ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: payload)
            let bytes = ProgressMessageCodec.encode(message)
            let other: ProgressSender = payload.type.sender == .server ? .client : .server
            examples.append(ConformanceExample("\(payload.type) from the \(payload.type.sender)", ProgressDecodeExample(bytes, from: payload.type.sender, .accepted), pins: "D-076"))
            examples.append(ConformanceExample("\(payload.type) from the \(other)", ProgressDecodeExample(bytes, from: other, refused(.unexpectedSender, "type")), pins: "D-076"))
        }
        for type in ["job_paused", "complete", "progress", "PING", "Job_Progress", ""] {
            examples.append(ConformanceExample("the unknown type \(String(reflecting: type))", ProgressDecodeExample(envelope(type: type, payload: "{}"), refused(.unknownType, "type")),
                pins: type == "complete" ? "seed: \"{ type: \\\"complete\\\", canceled: true }\"" : "D-076"))
        }
        return examples
    }

    static var strictFieldExamples: [ConformanceExample<ProgressDecodeExample>] {
        func example(_ name: String, _ text: String, _ expected: ProgressDecodeExample.Expected, pins: String = "D-092") -> ConformanceExample<ProgressDecodeExample> {
            ConformanceExample(name, ProgressDecodeExample(text, expected), pins: pins)
        }
        let complete = #"{"canceled":false,"summary":{"totalProcessed":3,"totalCount":3,"successCount":2,"failureCount":1,"duration":5}}"#
        return [
            example("processedCount missing", envelope(payload: #"{"totalCount":2}"#), refused(.missingField, "payload.processedCount")),
            example("processedCount null", envelope(payload: #"{"processedCount":null,"totalCount":2}"#), refused(.wrongType, "payload.processedCount")),
            example("processedCount a string", envelope(payload: #"{"processedCount":"1","totalCount":2}"#), refused(.wrongType, "payload.processedCount")),
            example("processedCount a fraction", envelope(payload: #"{"processedCount":1.5,"totalCount":2}"#), refused(.wrongType, "payload.processedCount")),
            example("processedCount negative", envelope(payload: #"{"processedCount":-1,"totalCount":2}"#), refused(.invalidValue, "payload.processedCount")),
            example("processedCount above totalCount", envelope(payload: #"{"processedCount":3,"totalCount":2}"#), refused(.invalidValue, "payload.processedCount"), pins: "D-076"),
            example("processedCount equal to totalCount", envelope(payload: #"{"processedCount":2,"totalCount":2}"#), .accepted, pins: "D-076"),
            example("keepAlive a string", envelope(payload: #"{"processedCount":1,"totalCount":2,"keepAlive":"yes"}"#), refused(.wrongType, "payload.keepAlive")),
            example("a null title is no title", envelope(payload: #"{"processedCount":1,"totalCount":2,"currentTitle":null,"userMessage":null}"#), .accepted),
            example("the payload an array", envelope(payload: "[]"), refused(.wrongType, "payload")),
            example("the payload missing", #"{"type":"job_progress","jobId":"j","pipeline":"ai_scan","timestamp":1,"version":"1.0.0"}"#, refused(.missingField, "payload")),
            example("a payload repeating another type", envelope(payload: #"{"type":"job_complete","processedCount":1,"totalCount":2}"#), refused(.invalidValue, "payload.type"), pins: "D-076"),
            example("counts that do not add up", envelope(type: "job_complete", payload: #"{"canceled":false,"summary":{"totalProcessed":3,"totalCount":3,"successCount":1,"failureCount":1,"duration":5}}"#),
                refused(.invalidValue, "payload.summary"), pins: "D-076"),
            example("counts that add up", envelope(type: "job_complete", payload: complete), .accepted, pins: "D-076"),
            example("a negative duration", envelope(type: "job_complete", payload: #"{"canceled":false,"summary":{"totalProcessed":0,"totalCount":0,"successCount":0,"failureCount":0,"duration":-1}}"#),
                refused(.invalidValue, "payload.summary.duration"), pins: "D-075"),
            example("canceled more than the total", envelope(type: "canceled", payload: #"{"message":"m","processedItems":6,"totalItems":5}"#), refused(.invalidValue, "payload.processedItems"), pins: "D-075"),
            example("a pong without serverTime", envelope(type: "pong", payload: #"{"clientTime":1}"#), refused(.missingField, "payload.serverTime")),
            example("a completed snapshot without its completion", envelope(type: "sync_response", payload: #"{"status":"complete","processedCount":1,"totalCount":1}"#),
                refused(.missingField, "payload.completion"), pins: "D-079"),
            example("an unknown job status", envelope(type: "sync_response", payload: #"{"status":"paused","processedCount":1,"totalCount":1}"#), refused(.invalidValue, "payload.status"), pins: "D-079"),
            example("a negative timestamp", envelope(timestamp: "-5", payload: progressPayload), refused(.invalidValue, "timestamp")),
            example("a timestamp as text", envelope(timestamp: "\"1699564820000\"", payload: progressPayload), refused(.wrongType, "timestamp"), pins: "D-075"),
            example("an unknown pipeline", envelope(pipeline: "\"ocr\"", payload: progressPayload), refused(.invalidValue, "pipeline")),
            example("a job ID with a space", envelope(jobId: "\"a b\"", payload: progressPayload), refused(.invalidValue, "jobId"), pins: "D-076"),
            example("the top level an array", "[1,2]", refused(.wrongType, "")),
            example("a bare string", "\"job_progress\"", refused(.wrongType, "")),
            example("seed 000's canceled shape, with data and no version",
                #"{"type":"canceled","jobId":"\#(jobId)","timestamp":1698764400000,"data":{"message":"Job canceled by user","processedItems":5,"totalItems":50}}"#,
                refused(.missingField, "version"), pins: "D-075"),
            example("the seed's backend test ping, without timestamp or version",
                #"{"type":"ping","jobId":"test-123","pipeline":"batch_enrichment","payload":{"clientTime":1699564820000}}"#, refused(.missingField, "version"), pins: "D-076"),
            example("an error code without its prefix", envelope(type: "error", payload: #"{"code":"ENRICHMENT_FAILED","message":"m"}"#), refused(.invalidValue, "payload.code"), pins: "D-081"),
            example("an error without its message", envelope(type: "error", payload: #"{"code":"E_INTERNAL"}"#), refused(.missingField, "payload.message")),
            example("an affected item that is a number", envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":["Book 1",2]}"#),
                refused(.wrongType, "payload.affectedItems[1]")),
            example("a negative failure count", envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","details":{"failureCount":-1}}"#),
                refused(.invalidValue, "payload.details.failureCount")),
            example("a status that is not HTTP's", envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","details":{"statusCode":700}}"#),
                refused(.invalidValue, "payload.details.statusCode")),
            example("the seed's iOS error message", """
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
                """, .message(ProgressMessage(jobId: "test-123", pipeline: .batchEnrichment, timestamp: Timestamp(epochMilliseconds: 1_699_564_820_000),
                    payload: .error(StructuredError(code: .enrichmentFailed, message: "Technical message", userMessage: "Some books couldn't be found",
                        affectedItems: ["Book 1", "Book 2"], retryable: true)))), pins: "seed: \"Parse error message with affected items\""),
            example("production's error, without userMessage or retryable", envelope(type: "error", payload: #"{"type":"error","code":"E_INVALID_CSV_FORMAT","message":"bad header"}"#),
                .message(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: Timestamp(epochMilliseconds: 1_699_564_820_000),
                    payload: .error(StructuredError(code: .invalidCSVFormat, message: "bad header", userMessage: "Could not parse your CSV file. Please check the format.", retryable: false)))),
                pins: "D-083"),
        ]
    }

    static var unknownMemberExamples: [ConformanceExample<ProgressDecodeExample>] {
        let at = Timestamp(epochMilliseconds: 1_699_564_820_000)
        return [
            ConformanceExample("production repeats the type in the payload", ProgressDecodeExample(envelope(payload: #"{"type":"job_progress","processedCount":1,"totalCount":2}"#),
                .message(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .progress(ProgressUpdate(processedCount: 1, totalCount: 2))))), pins: "D-076"),
            ConformanceExample("a stack trace in the details", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_ENRICHMENT_FAILED","message":"m","retryable":true,"details":{"failureCount":1,"stack":"Error: x\n    at enrichBooksParallel (batch-enrichment.js:42:11)"}}"#),
                .message(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .error(StructuredError(code: .enrichmentFailed, message: "m",
                    userMessage: ProgressErrorCode.enrichmentFailed.defaultUserMessage, retryable: true, details: ErrorDetails(failureCount: 1)))))), pins: "D-086"),
            ConformanceExample("a newer minor version with members of its own", ProgressDecodeExample(envelope(version: "\"1.3.0\"", payload: #"{"processedCount":1,"totalCount":2,"etaSeconds":12,"stage":{"name":"saving"}}"#).replacingFirst("{", with: #"{"traceId":"abc","#),
                .message(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .progress(ProgressUpdate(processedCount: 1, totalCount: 2))))), pins: "D-076"),
            ConformanceExample("an unknown code keeps its user message", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_QUOTA_EXCEEDED","message":"daily quota used","userMessage":"Try again tomorrow.","retryable":false,"details":{"quotaResetAt":1699600000000}}"#),
                .message(ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .error(StructuredError(code: ProgressErrorCode(rawValue: "E_QUOTA_EXCEEDED") ?? .internalError,
                    message: "daily quota used", userMessage: "Try again tomorrow.", retryable: false))))), pins: "D-081"),
        ]
    }

    static var limitExamples: [ConformanceExample<ProgressDecodeExample>] {
        let base = envelope(payload: progressPayload)
        func padded(to size: Int) -> String {
            // Whitespace before the closing brace keeps the message valid at any size.
            String(base.dropLast()) + String(repeating: " ", count: size - base.utf8.count) + "}"
        }
        func nested(depth: Int) -> String {
            // The envelope is depth 1 and the payload depth 2; the extra member adds the rest.
            let levels = depth - 2
            let extra = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            return envelope(payload: #"{"processedCount":1,"totalCount":2,"extra":\#(extra)}"#)
        }
        func title(_ bytes: Int, key: String = "currentTitle") -> String {
            envelope(payload: #"{"processedCount":1,"totalCount":2,"\#(key)":"\#(String(repeating: "a", count: bytes))"}"#)
        }
        let limit = ProgressMessageCodec.messageBytesMax
        let items = { (count: Int) in "[" + (0..<count).map { "\"Book \($0)\"" }.joined(separator: ",") + "]" }
        return [
            ConformanceExample("a message of exactly 65,536 bytes", ProgressDecodeExample(padded(to: limit), .accepted), pins: "D-076"),
            ConformanceExample("a message of 65,537 bytes", ProgressDecodeExample(padded(to: limit + 1), refused(.oversized, nil)), pins: "D-076"),
            ConformanceExample("depth 8", ProgressDecodeExample(nested(depth: 8), .accepted), pins: "D-076"),
            ConformanceExample("depth 9", ProgressDecodeExample(nested(depth: 9), refused(.notJSON, nil)), pins: "D-076"),
            ConformanceExample("a job ID of 128 bytes", ProgressDecodeExample(envelope(jobId: "\"\(String(repeating: "a", count: 128))\"", payload: progressPayload), .accepted), pins: "D-076"),
            ConformanceExample("a job ID of 129 bytes", ProgressDecodeExample(envelope(jobId: "\"\(String(repeating: "a", count: 129))\"", payload: progressPayload), refused(.invalidValue, "jobId")), pins: "D-076"),
            ConformanceExample("an empty job ID", ProgressDecodeExample(envelope(jobId: "\"\"", payload: progressPayload), refused(.invalidValue, "jobId")), pins: "D-076"),
            ConformanceExample("a title of 4,096 bytes", ProgressDecodeExample(title(4_096), .accepted), pins: "D-076"),
            ConformanceExample("a title of 4,097 bytes", ProgressDecodeExample(title(4_097), refused(.invalidValue, "payload.currentTitle")), pins: "D-076"),
            ConformanceExample("a status line of 4,096 bytes", ProgressDecodeExample(title(4_096, key: "userMessage"), .accepted), pins: "D-076"),
            ConformanceExample("a status line of 4,097 bytes", ProgressDecodeExample(title(4_097, key: "userMessage"), refused(.invalidValue, "payload.userMessage")), pins: "D-076"),
            ConformanceExample("ten affected items", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":\#(items(10))}"#), .accepted), pins: "D-085"),
            ConformanceExample("eleven affected items", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":\#(items(11))}"#),
                refused(.invalidValue, "payload.affectedItems")), pins: "D-085"),
            ConformanceExample("an affected item of 1,000 bytes", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":["\#(String(repeating: "b", count: 1_000))"]}"#), .accepted), pins: "D-084"),
            ConformanceExample("an affected item of 1,001 bytes", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":["\#(String(repeating: "b", count: 1_001))"]}"#),
                refused(.invalidValue, "payload.affectedItems[0]")), pins: "D-084"),
            ConformanceExample("an error message of 4,096 bytes", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"\#(String(repeating: "m", count: 4_096))"}"#), .accepted), pins: "D-084"),
            ConformanceExample("an error message of 4,097 bytes", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"\#(String(repeating: "m", count: 4_097))"}"#),
                refused(.invalidValue, "payload.message")), pins: "D-084"),
            ConformanceExample("an error code of 60 characters after E_", ProgressCodeLengthFrames.code(60), pins: "D-081"),
            ConformanceExample("an error code of 61 characters after E_", ProgressCodeLengthFrames.code(61), pins: "D-081"),
            ConformanceExample("a total that counts the items listed", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":["a","b"],"details":{"affectedItemsTotal":2}}"#), .accepted), pins: "D-085"),
            ConformanceExample("a total below the items listed", ProgressDecodeExample(envelope(type: "error", payload: #"{"code":"E_INTERNAL","message":"m","affectedItems":["a","b"],"details":{"affectedItemsTotal":1}}"#),
                refused(.invalidValue, "payload.details.affectedItemsTotal")), pins: "D-085"),
        ]
    }

    static var malformedExamples: [ConformanceExample<ProgressDecodeExample>] {
        let valid = Array(envelope(payload: progressPayload).utf8)
        return [
            ConformanceExample("no bytes", ProgressDecodeExample([UInt8](), refused(.notJSON, nil)), pins: "RFC 8259 §2"),
            ConformanceExample("text that is not JSON", ProgressDecodeExample(#"{"type": ping}"#, refused(.notJSON, nil)), pins: "RFC 8259 §3"),
            ConformanceExample("a message cut short", ProgressDecodeExample(Array(valid.dropLast(5)), refused(.notJSON, nil)), pins: "RFC 8259 §4"),
            ConformanceExample("invalid UTF-8 in a string", ProgressDecodeExample(Array(envelope(payload: #"{"processedCount":1,"totalCount":2,"currentTitle":"AB"}"#).utf8).replacingFirst(UInt8(ascii: "B"), with: 0xFF),
                refused(.notJSON, nil)), pins: "RFC 8259 §8.1"),
            ConformanceExample("two documents", ProgressDecodeExample(valid + valid, refused(.notJSON, nil)), pins: "RFC 8259 §2"),
        ]
    }

    static var strictJSONExamples: [ConformanceExample<ProgressDecodeExample>] {
        [
            ConformanceExample("a duplicate key", ProgressDecodeExample(envelope(payload: #"{"processedCount":1,"processedCount":2,"totalCount":2}"#), refused(.notJSON, nil)), pins: "D-014"),
        ]
    }

    static var durationExamples: [ConformanceExample<ProgressDecodeExample>] {
        let at = Timestamp(epochMilliseconds: 1_699_564_820_000)
        return [0, 900, 999, 1_000, 1_001, 86_400_000].map { milliseconds in
            let payload = #"{"canceled":false,"summary":{"totalProcessed":50,"totalCount":50,"successCount":45,"failureCount":5,"duration":\#(milliseconds)}}"#
            let message = ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at, payload: .complete(JobCompletion(
                canceled: false, totalProcessed: 50, totalCount: 50, successCount: 45, failureCount: 5, durationMilliseconds: Int64(milliseconds))))
            return ConformanceExample("duration \(milliseconds)", ProgressDecodeExample(envelope(type: "job_complete", payload: payload), .message(message)), pins: "D-075")
        }
    }

    // MARK: - Generators

    /// Keys no object of the protocol defines.
    static let unknownKeys = ["extra", "serverRegion", "traceId", "x-new-field", "stack", "schemaHint", "\u{E9}tape\u{1F511}"]

    /// Small JSON values of depth at most 2, so an addition anywhere stays within depth 8.
    static var smallValue: Gen<JSONValue> {
        Gen<JSONValue>.oneOf(
            Gen<JSONValue>.constant(.null),
            Gen<Bool>.bool.map { .bool($0) },
            Gen<Int64>.integer(in: -1_000...1_000_000).map { .integer($0) },
            Gen<String>.asciiString(count: 0...12).map { .string($0) },
            Gen<Int64>.array(of: Gen<Int64>.integer(in: 0...9), count: 0...3).map { .array($0.map { .integer($0) }) },
            Gen<String>.asciiString(count: 0...6).map { .object(["note": .string($0), "n": 1]) }
        )
    }

    /// Whether the frame carries members its message has not, members the protocol does not define.
    static func carriesUnknownMembers(_ frame: ProgressFrameWithUnknownMembers) -> Bool {
        ProgressConformance.looseJSON(frame.bytes) != frame.message.json
    }

    /// Generated messages with one to four unknown members added to any of their objects.
    static func withUnknownMembers(_ messages: Gen<ProgressMessage>) -> Gen<ProgressFrameWithUnknownMembers> {
        let addition = Gen<(Int, Int, JSONValue)>.zip(Gen<Int>.int(in: 0...15), Gen<Int>.int(in: 0...(unknownKeys.count - 1)), smallValue)
        return Gen<(ProgressMessage, [(Int, Int, JSONValue)])>.zip(messages, Gen<(Int, Int, JSONValue)>.array(of: addition, count: 1...4)).map { message, additions in
            var document = message.json
            for (site, key, value) in additions {
                let paths = objectPaths(in: document)
                document = adding(unknownKeys[key], value, at: paths[site % paths.count], to: document)
            }
            return ProgressFrameWithUnknownMembers(message: message, bytes: document.encoded())
        }
    }

    /// The paths (as member keys) of every object in `value`, the value itself first.
    static func objectPaths(in value: JSONValue) -> [[String]] {
        guard let object = value.object else { return [] }
        var paths: [[String]] = [[]]
        for member in object.members {
            paths += objectPaths(in: member.value).map { [member.key] + $0 }
        }
        return paths
    }

    static func adding(_ key: String, _ member: JSONValue, at path: [String], to value: JSONValue) -> JSONValue {
        guard var object = value.object else { return value }
        guard let first = path.first else {
            object[key] = member
            return .object(object)
        }
        if let inner = object[first] { object[first] = adding(key, member, at: Array(path.dropFirst()), to: inner) }
        return .object(object)
    }

    /// Generated messages' bytes with one to four edits: a byte replaced, inserted or deleted, or the
    /// frame cut short; the edited bytes favour JSON's punctuation and digits.
    static func editedMessages(_ messages: Gen<ProgressMessage>) -> Gen<ProgressEditedFrame> {
        let favoured = Array(#"{}[]",:0123456789-."\e"#.utf8)
        let byte = Gen<UInt8>.frequency([(weight: 3, generator: Gen<UInt8>.element(of: favoured)), (weight: 1, generator: Gen<UInt8>.integer(in: 0...255))])
        let edit = Gen<(Int, Int, UInt8)>.zip(Gen<Int>.int(in: 0...3), Gen<Int>.int(in: 0...2_000), byte)
        return Gen<(ProgressMessage, [(Int, Int, UInt8)])>.zip(messages, Gen<(Int, Int, UInt8)>.array(of: edit, count: 1...4)).map { message, edits in
            var bytes = ProgressMessageCodec.encode(message)
            for (kind, position, value) in edits {
                let at = position % (bytes.count + 1)
                switch kind {
                case 0: if at < bytes.count { bytes[at] = value }
                case 1: bytes.insert(value, at: at)
                case 2: if at < bytes.count { bytes.remove(at: at) }
                default: bytes.removeSubrange(at...)
                }
            }
            return ProgressEditedFrame(bytes: bytes, sender: message.type.sender)
        }
    }
}

fileprivate extension String {
    /// This text with its first `target` replaced by `replacement`.
    func replacingFirst(_ target: Character, with replacement: String) -> String {
        guard let index = firstIndex(of: target) else { return self }
        return String(self[..<index]) + replacement + String(self[self.index(after: index)...])
    }
}

fileprivate extension Array where Element == UInt8 {
    /// These bytes with the first `target` replaced by `replacement`.
    func replacingFirst(_ target: UInt8, with replacement: UInt8) -> [UInt8] {
        var bytes = self
        if let index = bytes.firstIndex(of: target) { bytes[index] = replacement }
        return bytes
    }
}
