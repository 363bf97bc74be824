import Fixtures
import Generators
import SpecModel

extension ConformanceSuite where Implementation: ProgressMessageEncoding {
    /// The encoding suite: the envelope on generated messages of all nine types, the model reading
    /// back what the implementation writes, the error payload's six members, durations in
    /// milliseconds, and the text limit on both sides.
    public static var progressMessageEncoding: ConformanceSuite {
        typealias R = ProgressMessageEncodingRules
        let messages = ProgressMessageFixture.generator()
        let describe: (ProgressMessage) -> String = { "\($0)" }
        let carriesAnError: @Sendable (ProgressMessage) -> Bool = { !ProgressEncodingChecks.errorPayloads(in: $0.json).isEmpty }
        let carriesACompletion: @Sendable (ProgressMessage) -> Bool = { ProgressEncodingChecks.completion(of: $0) != nil }
        return ConformanceSuite(id: "progress-message-encoding", title: "Progress message encoding", seam: "ProgressMessageEncoding", checks: [
            .property(R.envelope, "generated messages of all nine types", messages, describe: describe,
                      // Every message, of any type, is written in the envelope: every message exercises it.
                      exercises: { _ in true }) { implementation, message in
                try ProgressEncodingChecks.checkEnvelope(implementation.encode(message), of: message)
            },
            .examples(R.envelope, "the seeds' messages", ProgressEncodingChecks.envelopeExamples) { implementation, message in
                try ProgressEncodingChecks.checkEnvelope(implementation.encode(message), of: message)
                if case let .canceled(cancellation) = message.payload {
                    // Seed 000's `data` travels as the envelope's `payload` (D-075, O-05).
                    let payload = ProgressConformance.json(implementation.encode(message))?["payload"]
                    try ensure(
                        payload?["message"]?.string == cancellation.message && payload?["processedItems"]?.int64 == Int64(cancellation.processedItems)
                            && payload?["totalItems"]?.int64 == Int64(cancellation.totalItems),
                        "the canceled message does not carry seed 000's message, processedItems and totalItems in its payload",
                        question: "encode(\(message))", implementation: ProgressConformance.show(implementation.encode(message)))
                }
            },
            .differential(R.roundTrip, "generated messages of all nine types", messages, describe: describe,
                // Every message the encoder is given must read back as itself: every message exercises it.
                exercises: { _ in true },
                question: { "ProgressMessageCodec.decode(encode(\($0)), from: .\($0.type.sender))" },
                model: { .success($0) },
                implementation: { implementation, message in ProgressConformance.modelDecode(implementation.encode(message), from: message.type.sender) },
                show: ProgressConformance.show),
            .property(R.errorMembers, "generated messages carrying structured errors", messages.filter("carries an error", carriesAnError), describe: describe,
                      exercises: carriesAnError) { implementation, message in
                try ProgressEncodingChecks.checkErrorMembers(implementation.encode(message), of: message)
            },
            .examples(R.errorMembers, "errors without affected items or details", ProgressEncodingChecks.errorMemberExamples) { implementation, message in
                try ProgressEncodingChecks.checkErrorMembers(implementation.encode(message), of: message)
            },
            .property(R.durationMilliseconds, "generated completions", messages.filter("carries a completion", carriesACompletion), describe: describe,
                      exercises: carriesACompletion) { implementation, message in
                try ProgressEncodingChecks.checkDuration(implementation.encode(message), of: message)
            },
            .examples(R.durationMilliseconds, "durations around a second", ProgressEncodingChecks.durationExamples) { implementation, message in
                try ProgressEncodingChecks.checkDuration(implementation.encode(message), of: message)
            },
            .examples(R.textLimits, "titles and status lines at and past 4,096 bytes", ProgressEncodingChecks.textLimitExamples) { implementation, message in
                let bytes = implementation.encode(message)
                let decoded = ProgressConformance.modelDecode(bytes, from: .server)
                guard case let .success(read) = decoded else {
                    throw ConformanceViolation("the model refuses what the implementation wrote for an over-long text", question: "encode(\(message))",
                        model: "a message whose texts are cut to 4,096 bytes", implementation: ProgressConformance.show(decoded))
                }
                try ensureSame(ProgressEncodingChecks.texts(of: read), ProgressEncodingChecks.texts(of: message).map { TextExcerpt.prefix($0, utf8BytesMax: ProgressMessage.textBytesMax) },
                    "the texts of encode(\(message)) as the model reads them", show: { $0.map { "\($0.utf8.count) bytes ending \(String(reflecting: String($0.unicodeScalars.suffix(3))))" }.joined(separator: ", ") })
            },
        ])
    }
}

/// The encoding suite's checks and inputs.
enum ProgressEncodingChecks {
    static func checkEnvelope(_ bytes: [UInt8], of message: ProgressMessage) throws {
        let question = "encode(\(message))"
        guard let document = ProgressConformance.json(bytes), let object = document.object else {
            throw ConformanceViolation("the implementation did not write one JSON object within the message limits", question: question,
                model: ProgressMessageCodec.encodeString(message), implementation: ProgressConformance.show(bytes))
        }
        func fail(_ what: String) -> ConformanceViolation {
            ConformanceViolation("the envelope is wrong: \(what)", question: question, model: ProgressMessageCodec.encodeString(message), implementation: ProgressConformance.show(bytes))
        }
        guard object["type"]?.string == message.type.rawValue else { throw fail("`type` is not \"\(message.type.rawValue)\"") }
        guard object["jobId"]?.string == message.jobId else { throw fail("`jobId` is not the message's job") }
        guard object["pipeline"]?.string == message.pipeline.rawValue else { throw fail("`pipeline` is not \"\(message.pipeline.rawValue)\"") }
        guard object["timestamp"]?.int64 == message.timestamp.epochMilliseconds else {
            throw fail("`timestamp` is not the integer \(message.timestamp.epochMilliseconds) (milliseconds since 1970)")
        }
        guard let version = object["version"]?.string, ProgressMessageCodec.isSupported(version: version) else { throw fail("`version` is not a 1.x.y version") }
        guard object["payload"]?.object != nil else { throw fail("`payload` is not an object") }
    }

    static func checkErrorMembers(_ bytes: [UInt8], of message: ProgressMessage) throws {
        let question = "encode(\(message))"
        guard let document = ProgressConformance.json(bytes) else {
            throw ConformanceViolation("the implementation did not write JSON", question: question, implementation: ProgressConformance.show(bytes))
        }
        let expected = errorPayloads(in: message.json).count
        let written = errorPayloads(in: document)
        try ensure(written.count == expected, "the message should carry \(expected) error payload(s), found \(written.count)", question: question,
            model: ProgressMessageCodec.encodeString(message), implementation: ProgressConformance.show(bytes))
        for (path, payload) in written {
            let kinds: [(String, JSONValue.Kind)] = [("code", .string), ("message", .string), ("userMessage", .string), ("affectedItems", .array), ("retryable", .boolean), ("details", .object)]
            for (key, kind) in kinds {
                try ensure(payload[key]?.kind == kind, "the error payload at \(path) has no \(kind) `\(key)`", question: question,
                    model: ProgressMessageCodec.encodeString(message), implementation: ProgressConformance.show(bytes))
            }
        }
    }

    static func checkDuration(_ bytes: [UInt8], of message: ProgressMessage) throws {
        guard let expected = completion(of: message)?.durationMilliseconds else { return }
        let document = ProgressConformance.json(bytes)
        let summary = message.type == .jobComplete ? document?["payload"]?["summary"] : document?["payload"]?["completion"]?["summary"]
        try ensureSame(summary?["duration"]?.int64, expected, "summary.duration in encode(\(message))", show: { $0.map { "\($0)" } ?? "absent" })
    }

    // MARK: - Inputs

    /// The error payloads a message's JSON carries, by path: an `error`'s payload, a failed job's
    /// snapshot's `error`.
    static func errorPayloads(in document: JSONValue) -> [(String, JSONValue)] {
        switch document["type"]?.string {
        case ProgressMessageType.error.rawValue?:
            return document["payload"].map { [("payload", $0)] } ?? [("payload", .null)]
        case ProgressMessageType.syncResponse.rawValue?:
            if document["payload"]?["status"]?.string == JobStatus.failed.rawValue {
                return [("payload.error", document["payload"]?["error"] ?? .null)]
            }
            return []
        default:
            return []
        }
    }

    static func completion(of message: ProgressMessage) -> JobCompletion? {
        switch message.payload {
        case let .complete(completion): return completion
        case let .syncResponse(snapshot): return snapshot.completion
        default: return nil
        }
    }

    static func errorMessage(_ error: StructuredError) -> ProgressMessage {
        ProgressMessage(jobId: ProgressConformance.jobId, pipeline: .batchEnrichment, timestamp: ProgressConformance.at(0), payload: .error(error))
    }

    static func completionMessage(durationMilliseconds: Int64) -> ProgressMessage {
        ProgressMessage(jobId: ProgressConformance.jobId, pipeline: .batchEnrichment, timestamp: ProgressConformance.at(durationMilliseconds),
            payload: .complete(JobCompletion(canceled: false, totalProcessed: 50, totalCount: 50, successCount: 45, failureCount: 5,
                durationMilliseconds: durationMilliseconds, userMessage: "Added 45 books. 5 couldn't be found.")))
    }

    /// CODEC-03's: errors without affected items or details (D-093).
    static var errorMemberExamples: [ConformanceExample<ProgressMessage>] {
        [
            ConformanceExample("job not found: no items, no details", ProgressEncodingChecks.errorMessage(.jobNotFound()), pins: "D-093"),
            ConformanceExample("the seed's CSV failure: details, no items", ProgressEncodingChecks.errorMessage(.csvImportFailed(reason: "Unexpected token", fileName: "export.csv", fileSize: 48_213)), pins: "D-093"),
            ConformanceExample("a failed job's snapshot", ProgressMessage(jobId: ProgressConformance.jobId, pipeline: .aiScan, timestamp: ProgressConformance.at(0),
                payload: .syncResponse(JobSnapshot(status: .failed, processedCount: 0, totalCount: 3, error: .noBooksDetected(imageSize: 1_024)))), pins: "D-093"),
        ]
    }

    /// CODEC-04's: durations around a second (D-075), each against the seed's seconds.
    static var durationExamples: [ConformanceExample<ProgressMessage>] {
        [0, 1, 900, 999, 1_000, 1_001, 86_400_000].map { milliseconds in
            ConformanceExample("\(milliseconds) ms", completionMessage(durationMilliseconds: Int64(milliseconds)), pins: milliseconds == 900 ? "D-075" : "seed: \"duration: Math.floor((Date.now() - startTime) / 1000)\"")
        }
    }

    static var envelopeExamples: [ConformanceExample<ProgressMessage>] {
        let job = ProgressConformance.jobId
        let at = Timestamp(epochMilliseconds: 1_698_764_400_000)
        return [
            ConformanceExample("seed 000's canceled broadcast", ProgressMessage(jobId: job, pipeline: .batchEnrichment, timestamp: at,
                payload: .canceled(JobCancellation(message: "Job canceled by user", processedItems: 5, totalItems: 50))), pins: "D-075"),
            ConformanceExample("the seed's ping", ProgressMessage(jobId: job, pipeline: .csvImport, timestamp: at, payload: .ping(Ping(clientTime: at.epochMilliseconds))),
                pins: "D-075"),
            ConformanceExample("the seed's pong", ProgressMessage(jobId: job, pipeline: .batchEnrichment, timestamp: at, payload: .pong(Pong(clientTime: at.epochMilliseconds - 80, serverTime: at.epochMilliseconds))), pins: "D-076"),
            ConformanceExample("the seed's error", errorMessage(StructuredError(code: .enrichmentFailed, message: "Technical message", userMessage: "Some books couldn't be found",
                affectedItems: ["Book 1", "Book 2"], retryable: true)), pins: "D-076"),
            ConformanceExample("a progress report with its status line", ProgressMessage(jobId: job, pipeline: .batchEnrichment, timestamp: at,
                payload: .progress(ProgressUpdate(processedCount: 5, totalCount: 10, currentTitle: "The Great Gatsby",
                    userMessage: "Finding details for The Great Gatsby... 5 of 10 books complete"))), pins: "D-076"),
            ConformanceExample("a keep-alive", ProgressMessage(jobId: job, pipeline: .csvImport, timestamp: at,
                payload: .progress(ProgressUpdate(processedCount: 7, totalCount: 9, keepAlive: true))), pins: "D-073"),
            ConformanceExample("a job of no items starts", ProgressMessage(jobId: "j", pipeline: .aiScan, timestamp: Timestamp(epochMilliseconds: 0),
                payload: .jobStarted(JobStarted(totalCount: 0))), pins: "D-076"),
        ]
    }

    static var textLimitExamples: [ConformanceExample<ProgressMessage>] {
        func progress(title: String?, line: String?) -> ProgressMessage {
            ProgressMessage(jobId: ProgressConformance.jobId, pipeline: .batchEnrichment, timestamp: ProgressConformance.at(0),
                payload: .progress(ProgressUpdate(processedCount: 1, totalCount: 2, currentTitle: title, userMessage: line)))
        }
        let limit = ProgressMessage.textBytesMax
        return [
            ConformanceExample("a title of exactly 4,096 bytes is kept whole", progress(title: String(repeating: "a", count: limit), line: nil), pins: "D-076"),
            ConformanceExample("a title of 4,097 bytes loses its last byte", progress(title: String(repeating: "a", count: limit + 1), line: nil), pins: "D-076"),
            ConformanceExample("two-byte scalars: 4,098 bytes cut to 4,096", progress(title: String(repeating: "\u{E9}", count: limit / 2 + 1), line: nil), pins: "D-084"),
            ConformanceExample("three-byte scalars: 4,098 bytes cut to 4,095", progress(title: String(repeating: "\u{20AC}", count: 1_366), line: nil), pins: "D-084"),
            ConformanceExample("a combining mark past the limit is dropped alone", progress(title: String(repeating: "a", count: limit - 1) + "e\u{301}", line: nil), pins: "D-084"),
            ConformanceExample("a status line of 4,100 bytes of emoji", progress(title: "Dune", line: String(repeating: "\u{1F4DA}", count: 1_025)), pins: "D-076"),
            ConformanceExample("a status line of exactly 4,096 bytes of emoji", progress(title: nil, line: String(repeating: "\u{1F4DA}", count: 1_024)), pins: "D-076"),
            ConformanceExample("a completion's summary line", ProgressMessage(jobId: "j", pipeline: .csvImport, timestamp: ProgressConformance.at(0),
                payload: .complete(JobCompletion(canceled: false, totalProcessed: 0, totalCount: 0, successCount: 0, failureCount: 0, durationMilliseconds: 0,
                    userMessage: String(repeating: "\u{E9}", count: 3_000)))), pins: "D-076"),
            ConformanceExample("a cancellation's message", ProgressMessage(jobId: "j", pipeline: .csvImport, timestamp: ProgressConformance.at(0),
                payload: .canceled(JobCancellation(message: String(repeating: "x", count: 5_000), processedItems: 0, totalItems: 1))), pins: "D-076"),
        ]
    }

    /// The titles and status lines a message carries, in a fixed order.
    static func texts(of message: ProgressMessage) -> [String] {
        switch message.payload {
        case let .progress(update): return [update.currentTitle, update.userMessage].compactMap { $0 }
        case let .complete(completion): return completion.userMessage.map { [$0] } ?? []
        case let .canceled(cancellation): return [cancellation.message]
        default: return []
        }
    }
}
