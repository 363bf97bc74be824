import Generators
import SpecModel
import SpecTesting
import Testing

/// The cancel endpoint answers each documented case with its exact status and body, and any body at all with a documented error (Seed: 000_…, "API Specification", POST /api/enrichment/cancel).
@Suite struct CancelEndpointTests {
    typealias Fixture = CancelEndpointFixture

    // MARK: - 200: the job was running and is now canceled

    /// The seed's success response, byte for byte once both are canonical, with `meta.timestamp` the
    /// request time (1761921000000 ms is 2025-10-31T14:30:00Z, the seed's own example).
    @Test func cancelingARunningJobAnswers200WithTheSeedsSuccessBody() throws {
        var registry = Fixture.registry(running: [Fixture.seedJobId], processed: 5)
        let response = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        let seedBody = try JSONValue(parsing: """
            {
              "success": true,
              "data": {
                "jobId": "550e8400-e29b-41d4-a716-446655440000",
                "status": "canceled"
              },
              "meta": {
                "timestamp": "2025-10-31T14:30:00Z"
              }
            }
            """)
        #expect(response.status == 200)
        #expect(response.body == seedBody)
        #expect(response.errorCode == nil)
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
    }

    /// The wire form is canonical: keys sorted, no whitespace, so two backends answer identical bytes.
    @Test func theSuccessBodyIsSentInItsCanonicalForm() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let response = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        #expect(response.bodyText == #"{"data":{"jobId":"550e8400-e29b-41d4-a716-446655440000","status":"canceled"},"meta":{"timestamp":"2025-10-31T14:30:00Z"},"success":true}"#)
    }

    /// `meta.timestamp` is the request time in ISO 8601, to the second that contains it.
    @Test(arguments: [
        (Int64(1_761_921_000_000), "2025-10-31T14:30:00Z"),
        (1_761_921_000_999, "2025-10-31T14:30:00Z"),
        (1_698_764_400_000, "2023-10-31T15:00:00Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"),
        (0, "1970-01-01T00:00:00Z"),
    ])
    func metaTimestampIsTheISO8601FormOfTheRequestTime(epochMilliseconds: Int64, expected: String) {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let response = CancelEndpoint.handle(
            Fixture.post(jobId: Fixture.seedJobId), jobs: &registry, at: Timestamp(epochMilliseconds: epochMilliseconds)
        )
        #expect(response.status == 200)
        #expect(response.body["meta"]?["timestamp"] == .string(expected))
    }

    /// The cancel broadcasts the seed's `canceled` message with the counts at that moment.
    @Test func cancelingBroadcastsTheCanceledMessageWithTheCountsAtThatMoment() throws {
        var registry = Fixture.registry(running: [Fixture.seedJobId], processed: 5)
        _ = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        let job = try #require(registry.job(Fixture.seedJobId))
        guard case let .canceled(message)? = job.outbox.last else {
            Issue.record("the last message is \(String(describing: job.outbox.last)), not a canceled broadcast")
            return
        }
        #expect(message.jobId == Fixture.seedJobId)
        #expect(message.message == "Job canceled by user")
        #expect(message.processedItems == 5)
        #expect(message.totalItems == 50)
        #expect(message.timestamp == Fixture.requestTime)
    }

    // MARK: - 200 with alreadyCanceled: canceling twice

    @Test func cancelingTwiceAnswersAlreadyCanceledAndBroadcastsOnce() throws {
        var registry = Fixture.registry(running: [Fixture.seedJobId], processed: 5)
        let first = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        let afterFirst = registry
        let second = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)

        #expect(first.status == 200)
        #expect(first.body["data"]?["alreadyCanceled"] == nil)
        #expect(second.status == 200)
        let expectedSecond = try JSONValue(parsing: """
            {"success": true,
             "data": {"jobId": "550e8400-e29b-41d4-a716-446655440000", "status": "canceled", "alreadyCanceled": true},
             "meta": {"timestamp": "2025-10-31T14:30:00Z"}}
            """)
        #expect(second.body == expectedSecond)
        // The second request changes nothing at all, and the job broadcast `canceled` once.
        #expect(registry == afterFirst)
        let job = try #require(registry.job(Fixture.seedJobId))
        #expect(job.status == .canceled)
        #expect(job.outbox.filter { $0.type == "canceled" }.count == 1)
    }

    // MARK: - 404: no such job, or it already ended

    /// The seed's `JOB_NOT_FOUND` response, for an ID no job has; the registry is untouched.
    @Test func cancelingAnUnknownJobAnswers404WithTheSeedsJobNotFoundBody() throws {
        var registry = Fixture.registry(running: [Fixture.otherJobId])
        let before = registry
        let response = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        let seedBody = try JSONValue(parsing: """
            {
              "success": false,
              "error": {
                "code": "JOB_NOT_FOUND",
                "message": "No active job found with this ID"
              }
            }
            """)
        #expect(response.status == 404)
        #expect(response.body == seedBody)
        #expect(registry == before)
    }

    /// A job that completed has no active run to cancel: the same 404, and the job is unchanged.
    @Test func cancelingACompletedJobAnswers404AndLeavesItUnchanged() throws {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        while case .processed? = registry.loopStep(Fixture.seedJobId, at: Fixture.startTime, enrich: { _ in .enriched }) {}
        let before = try #require(registry.job(Fixture.seedJobId))
        #expect(before.status == .complete)

        let response = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        #expect(response.status == 404)
        #expect(response.body == Fixture.jobNotFoundBody)
        #expect(registry.job(Fixture.seedJobId) == before)
    }

    /// A failed job cannot be canceled either. `BackendJobRegistry` offers no way to fail one of its
    /// jobs, so this row is checked where the endpoint's decision comes from: the job answers
    /// `.notActive(.failed)`, which the endpoint maps to 404 exactly as it does `.notActive(.complete)`
    /// (checked above through the registry).
    @Test func cancelingAFailedJobIsNotActiveAndLeavesItUnchanged() {
        var job = EnrichmentJob(jobId: Fixture.seedJobId, books: Fixture.books, startedAt: Fixture.startTime)
        job.fail(at: Fixture.startTime, code: "PROVIDER_DOWN", message: "The provider is down")
        let before = job
        #expect(job.cancelJob(at: Fixture.requestTime) == .notActive(.failed))
        #expect(job == before)
    }

    // MARK: - Job IDs and extra members

    /// Job IDs match case-insensitively; the answer names the job as the backend knows it (lowercase).
    @Test func anUppercaseJobIdCancelsTheLowercaseJob() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let response = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId.uppercased()), &registry)
        #expect(response.status == 200)
        #expect(response.body["data"]?["jobId"] == .string(Fixture.seedJobId))
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
    }

    @Test func aMixedCaseJobIdCancelsTheLowercaseJob() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let response = Fixture.handle(Fixture.post(jobId: "550E8400-e29B-41d4-A716-446655440000"), &registry)
        #expect(response.status == 200)
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
    }

    /// A job started under an uppercase UUID (Foundation's `uuidString` form) is canceled by that ID,
    /// and by its lowercase form, and the answer names it as it was started. (Found by this suite: the
    /// endpoint lowercased the ID while the registry matched it exactly; Decision D-024.)
    @Test func aJobRegisteredUnderAnUppercaseIdIsCanceledByThatId() {
        let uppercaseId = Fixture.seedJobId.uppercased()
        var registry = BackendJobRegistry()
        registry.startJob(uppercaseId, books: Fixture.books, at: Fixture.startTime)
        let response = Fixture.handle(Fixture.post(jobId: uppercaseId), &registry)
        #expect(response.status == 200)
        #expect(response.body["data"]?["jobId"] == .string(uppercaseId))
        #expect(registry.job(uppercaseId)?.status == .canceled)
        let again = Fixture.handle(Fixture.post(jobId: Fixture.seedJobId), &registry)
        #expect(again.status == 200)
        #expect(again.body["data"]?["alreadyCanceled"] == true)
        let startedAgain = registry.startJob(Fixture.seedJobId, books: [], at: Fixture.startTime)
        #expect(!startedAgain, "the same ID in another case is the same job")
    }

    /// Escapes are read as the text they stand for, in keys and in the job ID.
    @Test func anEscapedKeyAndJobIdAreReadAsTheirText() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let body = #"{"jobId": "550e8400-e29b-41d4-a716-446655440000"}"#
        let response = Fixture.handle(Fixture.post(body), &registry)
        #expect(response.status == 200)
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
    }

    /// Members other than `jobId` are ignored, as production ignores them.
    @Test func membersOtherThanJobIdAreIgnored() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let body = #"{"reason": "library reset", "jobId": "550e8400-e29b-41d4-a716-446655440000", "force": true, "nested": {"jobId": 7}, "list": [1, null]}"#
        let response = Fixture.handle(Fixture.post(body), &registry)
        #expect(response.status == 200)
        #expect(response.body["data"]?["jobId"] == .string(Fixture.seedJobId))
        #expect(registry.job(Fixture.seedJobId)?.status == .canceled)
    }

    // MARK: - 400 INVALID_REQUEST

    /// A `jobId` that is missing, `null`, not a string or not a UUID is refused with a message naming
    /// the problem; nothing changes.
    @Test(arguments: [
        (#"{}"#, ["jobId required"]),
        (#"{"jobId": null}"#, ["jobId required"]),
        (#"{"jobid": "550e8400-e29b-41d4-a716-446655440000"}"#, ["jobId required"]),
        (#"{"job_id": "550e8400-e29b-41d4-a716-446655440000"}"#, ["jobId required"]),
        (#"{"jobId": 550}"#, ["jobId must be a string", "number"]),
        (#"{"jobId": 5.5e3}"#, ["jobId must be a string", "number"]),
        (#"{"jobId": true}"#, ["jobId must be a string", "boolean"]),
        (#"{"jobId": ["550e8400-e29b-41d4-a716-446655440000"]}"#, ["jobId must be a string", "array"]),
        (#"{"jobId": {"id": "550e8400-e29b-41d4-a716-446655440000"}}"#, ["jobId must be a string", "object"]),
        (#"{"jobId": ""}"#, ["jobId must be a UUID", #"got """#]),
        (#"{"jobId": "not-a-uuid"}"#, ["jobId must be a UUID", #"got "not-a-uuid""#]),
        (#"{"jobId": "550e8400-e29b-41d4-a716-44665544000g"}"#, ["jobId must be a UUID", #"got "550e8400-e29b-41d4-a716-44665544000g""#]),
        (#"{"jobId": "550e8400-e29b-41d4-a716-44665544000"}"#, ["jobId must be a UUID", "44665544000\""]),
        (#"{"jobId": "550e8400-e29b-41d4-a716-4466554400000"}"#, ["jobId must be a UUID", "4466554400000\""]),
        (#"{"jobId": "550e8400e29b-41d4-a716-4466554400000"}"#, ["jobId must be a UUID"]),
        (#"{"jobId": "550e8400-e29b-41d4-a716_446655440000"}"#, ["jobId must be a UUID"]),
        (#"{"jobId": "{550e8400-e29b-41d4-a716-446655440000}"}"#, ["jobId must be a UUID"]),
        (#"{"jobId": " 550e8400-e29b-41d4-a716-446655440000"}"#, ["jobId must be a UUID"]),
        (#"{"jobId": "550e8400-e29b-41d4-a716-44665544000\u00e9"}"#, ["jobId must be a UUID"]),
        (#"{"jobId": "550e8400e29b41d4a716446655440000"}"#, ["jobId must be a UUID"]),
    ])
    func aMissingOrMalformedJobIdIs400InvalidRequestNamingTheProblem(body: String, fragments: [String]) {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let before = registry
        let response = Fixture.handle(Fixture.post(body), &registry)
        let message = Fixture.expectError(response, status: 400, code: "INVALID_REQUEST")
        #expect(message.hasPrefix("Invalid request: "))
        for fragment in fragments {
            #expect(message.contains(fragment), "\(message) does not name the problem (\(fragment))")
        }
        #expect(registry == before)
    }

    /// Production's own answer for a missing `jobId`, exactly.
    @Test func aMissingJobIdGetsProductionsExactAnswer() throws {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let response = Fixture.handle(Fixture.post("{}"), &registry)
        #expect(response.status == 400)
        #expect(response.body == (try JSONValue(parsing: #"{"success":false,"error":{"code":"INVALID_REQUEST","message":"Invalid request: jobId required"}}"#)))
    }

    /// A document that is JSON but not an object is an invalid request, not invalid JSON.
    @Test(arguments: [
        ("[]", "array"),
        (#"["550e8400-e29b-41d4-a716-446655440000"]"#, "array"),
        (#""550e8400-e29b-41d4-a716-446655440000""#, "string"),
        ("42", "number"),
        ("null", "null"),
        ("false", "boolean"),
    ])
    func aBodyThatIsNotAnObjectIs400InvalidRequest(body: String, kind: String) {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let before = registry
        let response = Fixture.handle(Fixture.post(body), &registry)
        let message = Fixture.expectError(response, status: 400, code: "INVALID_REQUEST")
        #expect(message == "Invalid request: the body must be a JSON object with a jobId, not \(kind)")
        #expect(registry == before)
    }

    // MARK: - 400 INVALID_JSON

    /// A body that is not JSON gets the parser's message and, in `error.details.offset`, the byte
    /// where the parser stopped.
    @Test(arguments: [
        ("truncated", Array(#"{"jobId": "550e8400-e29b"#.utf8), 24),
        ("truncated after the colon", Array(#"{"jobId":"#.utf8), 9),
        ("trailing comma", Array(#"{"jobId": "550e8400-e29b-41d4-a716-446655440000",}"#.utf8), 49),
        ("byte order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"jobId": "550e8400-e29b-41d4-a716-446655440000"}"#.utf8), 0),
        ("invalid UTF-8 in the job ID", Array(#"{"jobId": ""#.utf8) + [0xFF] + Array(#""}"#.utf8), 11),
        ("overlong UTF-8 in a key", Array(#"{""#.utf8) + [0xC0, 0xAF] + Array(#"": 1}"#.utf8), 2),
        ("invalid UTF-8 outside a string", [0xFF], 0),
        ("empty", [], 0),
        ("only whitespace", Array(" \n\t".utf8), 3),
        ("single quotes", Array("{'jobId': '550e8400-e29b-41d4-a716-446655440000'}".utf8), 1),
        ("two documents", Array("{} {}".utf8), 3),
        ("duplicate key", Array(#"{"jobId": "a", "jobId": "b"}"#.utf8), 15),
        ("raw newline in a string", Array("{\"jobId\": \"550e\n\"}".utf8), 15),
    ])
    func aBodyThatIsNotJSONIs400InvalidJSONWithTheParsersOffset(name: String, body: [UInt8], offset: Int) throws {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let before = registry
        let response = Fixture.handle(Fixture.post(bytes: body), &registry)
        let parseError: JSONParseError
        do {
            _ = try JSONValue(parsing: body)
            Issue.record("\(name): the body parsed; the case is wrong")
            return
        } catch {
            parseError = error
        }
        #expect(parseError.offset == offset, "\(name): the parser stopped at \(parseError.offset), not \(offset)")
        let expected: JSONValue = [
            "success": false,
            "error": [
                "code": "INVALID_JSON",
                "message": .string("Request body is not valid JSON: \(parseError)"),
                "details": ["offset": .integer(Int64(offset))],
            ],
        ]
        #expect(response.status == 400)
        #expect(response.body == expected)
        #expect(registry == before)
    }

    // MARK: - 413 and 405

    /// The limit is 16,384 bytes: one byte more is refused before it is parsed, exactly the limit is read.
    @Test func aBodyOver16384BytesIs413AndOneOfExactly16384IsRead() {
        let text = #"{"jobId": "550e8400-e29b-41d4-a716-446655440000"}"#
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let before = registry
        let tooLarge = Fixture.post(text + String(repeating: " ", count: CancelEndpoint.requestBytesMax + 1 - text.utf8.count))
        #expect(tooLarge.body.count == 16_385)
        let refused = Fixture.handle(tooLarge, &registry)
        let message = Fixture.expectError(refused, status: 413, code: "PAYLOAD_TOO_LARGE")
        #expect(message.contains("16385"))
        #expect(message.contains("16384"))
        #expect(registry == before)

        let atLimit = Fixture.post(text + String(repeating: " ", count: CancelEndpoint.requestBytesMax - text.utf8.count))
        #expect(atLimit.body.count == 16_384)
        #expect(Fixture.handle(atLimit, &registry).status == 200)
    }

    /// A megabyte of garbage is refused by its size: the parser never sees it.
    @Test func aMegabyteOfGarbageIs413() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let before = registry
        let response = Fixture.handle(Fixture.post(bytes: [UInt8](repeating: 0xFF, count: 1_048_576)), &registry)
        _ = Fixture.expectError(response, status: 413, code: "PAYLOAD_TOO_LARGE")
        #expect(registry == before)
    }

    /// Only POST cancels; the method is checked before anything else, so even a valid body is refused.
    @Test(arguments: ["GET", "PUT", "DELETE", "PATCH", "HEAD", "post", ""])
    func methodsOtherThanPostAre405(method: String) {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let before = registry
        let request = HTTPRequest(method: method, path: CancelEndpoint.path, bodyText: Fixture.body(jobId: Fixture.seedJobId))
        let response = Fixture.handle(request, &registry)
        let message = Fixture.expectError(response, status: 405, code: "METHOD_NOT_ALLOWED")
        #expect(message.contains("POST"))
        #expect(registry == before)
    }

    /// The method is quoted in at most 16 bytes (issue 22: every message bounded in bytes), so a method
    /// of one letter and a thousand combining marks gives a short message.
    @Test func theRefusedMethodIsQuotedInAtMost16Bytes() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let method = "G" + String(repeating: "\u{0301}", count: 1_000)
        let request = HTTPRequest(method: method, path: CancelEndpoint.path, bodyText: Fixture.body(jobId: Fixture.seedJobId))
        let message = Fixture.expectError(Fixture.handle(request, &registry), status: 405, code: "METHOD_NOT_ALLOWED")
        #expect(message == "Use POST to cancel a job, not G" + String(repeating: "\u{0301}", count: 7))
    }

    /// Job IDs are compared by their bytes (ASCII case aside), not by Swift's canonical equivalence:
    /// "é" as one scalar and as "e" with a combining accent are two IDs (D-014, D-024).
    @Test func canonicallyEquivalentJobIDsAreTwoJobs() {
        var registry = BackendJobRegistry()
        let composed = registry.startJob("job-\u{E9}", books: [], at: Timestamp(epochMilliseconds: 0))
        #expect(composed)
        #expect(registry.job("job-e\u{301}") == nil)
        let decomposed = registry.startJob("job-e\u{301}", books: [], at: Timestamp(epochMilliseconds: 0))
        #expect(decomposed)
        #expect(registry.jobs.count == 2)
        #expect(registry.job("JOB-\u{E9}")?.jobId == "job-\u{E9}")
        // `%` is escaped in the key, so an ID cannot spell another's escaped byte.
        let escaped = registry.startJob("job-%C3%A9", books: [], at: Timestamp(epochMilliseconds: 0))
        #expect(escaped)
        #expect(registry.jobs.count == 3)
    }

    @Test func aGetWithAnOversizedBodyIsStill405() {
        var registry = Fixture.registry(running: [Fixture.seedJobId])
        let request = HTTPRequest(method: "GET", path: CancelEndpoint.path, body: [UInt8](repeating: 0x20, count: 20_000))
        #expect(Fixture.handle(request, &registry).status == 405)
    }

    // MARK: - Hostile bodies

    /// Whatever body arrives (random bytes, edits of a valid body, arbitrary JSON, oversized
    /// padding), the endpoint answers 200, 400, 404 or 413 with a well-formed body, and only a 200
    /// changes a job: the one it names, now canceled.
    @Test func anyBodyGetsADocumentedAnswerAndOnlyA200ChangesAJob() {
        let base = Fixture.hostileRegistry()
        property(
            CancelHostileBody.generator, cases: 1_000,
            coverage: [
                // Floors at about 40% of the shares observed (7.5, 4.1, 37, 35, 10 and 5.4%).
                CoverageRequirement("200", atLeastPercent: 3),
                CoverageRequirement("200 already canceled", atLeastPercent: 1.5),
                CoverageRequirement("400 INVALID_JSON", atLeastPercent: 15),
                CoverageRequirement("400 INVALID_REQUEST", atLeastPercent: 15),
                CoverageRequirement("404 JOB_NOT_FOUND", atLeastPercent: 4),
                CoverageRequirement("413 PAYLOAD_TOO_LARGE", atLeastPercent: 2),
            ],
            labels: { body in [Fixture.outcomeLabel(body, against: base)] }
        ) { body in
            try Fixture.requireDocumentedAnswer(to: body.bytes, against: base)
        }
    }

    /// The same request against the same state gives byte-identical answers and the same state.
    @Test func theSameRequestAgainstTheSameStateGivesByteIdenticalAnswers() {
        let base = Fixture.hostileRegistry()
        property(CancelHostileBody.generator, cases: 300) { body in
            let request = Fixture.post(bytes: body.bytes)
            var first = base
            var second = base
            let firstText = Fixture.handle(request, &first).bodyText
            let secondText = Fixture.handle(request, &second).bodyText
            try require(Array(firstText.utf8) == Array(secondText.utf8), "two answers differ:\n\(firstText)\n\(secondText)")
            try require(first == second, "the same request left two different registries")
        }
    }
}

// MARK: - Fixture

/// Jobs, requests and checks shared by the cancel endpoint's tests.
enum CancelEndpointFixture {
    /// The seed's job ID.
    static let seedJobId = "550e8400-e29b-41d4-a716-446655440000"
    static let otherJobId = "6ba7b810-9dad-41d1-80b4-00c04fd430c8"
    /// The seed's response time, 2025-10-31T14:30:00Z.
    static let requestTime = Timestamp(epochMilliseconds: 1_761_921_000_000)
    static let startTime = Timestamp(epochMilliseconds: 1_761_920_000_000)
    /// Fifty books, as in the seed's `canceled` message (`totalItems: 50`).
    static let books = (0..<50).map { JobBook(workRawIdentifier: UInt64($0 + 1), title: "Book \($0)") }

    static let jobNotFoundBody: JSONValue = [
        "success": false,
        "error": ["code": "JOB_NOT_FOUND", "message": "No active job found with this ID"],
    ]

    /// The documented error codes, by status.
    static let errorCodes: [Int: Set<String>] = [
        400: ["INVALID_JSON", "INVALID_REQUEST"],
        404: ["JOB_NOT_FOUND"],
        413: ["PAYLOAD_TOO_LARGE"],
        405: ["METHOD_NOT_ALLOWED"],
    ]

    /// A registry whose jobs (50 books each) are running, with `processed` books done.
    static func registry(running jobIds: [String], processed: Int = 0) -> BackendJobRegistry {
        var registry = BackendJobRegistry()
        for jobId in jobIds {
            registry.startJob(jobId, books: books, at: startTime)
            for _ in 0..<processed {
                _ = registry.loopStep(jobId, at: startTime, enrich: { _ in .enriched })
            }
        }
        return registry
    }

    /// The jobs the hostile bodies aim at: two running, one canceled, one complete.
    static let hostileJobIds = [
        "550e8400-e29b-41d4-a716-446655440000",  // running
        "6ba7b810-9dad-41d1-80b4-00c04fd430c8",  // running
        "00000000-0000-4000-8000-000000000000",  // canceled
        "f47ac10b-58cc-4372-a567-0e02b2c3d479",  // complete
    ]

    static func hostileRegistry() -> BackendJobRegistry {
        var registry = BackendJobRegistry()
        for jobId in hostileJobIds {
            registry.startJob(jobId, books: Array(books.prefix(3)), at: startTime)
            _ = registry.loopStep(jobId, at: startTime, enrich: { _ in .enriched })
        }
        _ = registry.cancel(hostileJobIds[2], at: startTime)
        while case .processed? = registry.loopStep(hostileJobIds[3], at: startTime, enrich: { _ in .notFound }) {}
        return registry
    }

    static func body(jobId: String) -> String { #"{"jobId": "\#(jobId)"}"# }

    static func post(_ text: String) -> HTTPRequest {
        HTTPRequest(method: "POST", path: CancelEndpoint.path, bodyText: text)
    }

    static func post(bytes: [UInt8]) -> HTTPRequest {
        HTTPRequest(method: "POST", path: CancelEndpoint.path, body: bytes)
    }

    static func post(jobId: String) -> HTTPRequest { post(body(jobId: jobId)) }

    static func handle(_ request: HTTPRequest, _ registry: inout BackendJobRegistry) -> HTTPResponse {
        CancelEndpoint.handle(request, jobs: &registry, at: requestTime)
    }

    /// Checks an error response's status, code and shape; returns its message.
    static func expectError(_ response: HTTPResponse, status: Int, code: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.body["success"] == false, sourceLocation: sourceLocation)
        #expect(response.errorCode == code, sourceLocation: sourceLocation)
        #expect(response.body.object?.keys.sorted() == ["error", "success"], sourceLocation: sourceLocation)
        #expect(response.body["error"]?.object?.keys.sorted() == ["code", "message"], sourceLocation: sourceLocation)
        let message = response.body["error"]?["message"]?.string ?? ""
        #expect(!message.isEmpty, "the error has no message", sourceLocation: sourceLocation)
        return message
    }

    /// The status and code a body gets against `base`, for labels.
    static func outcomeLabel(_ body: CancelHostileBody, against base: BackendJobRegistry) -> String {
        var registry = base
        let response = handle(post(bytes: body.bytes), &registry)
        if response.status == 200 {
            return response.body["data"]?["alreadyCanceled"] == true ? "200 already canceled" : "200"
        }
        return "\(response.status) \(response.errorCode ?? "?")"
    }

    /// The hostile-body property: a documented status and body, and no change without a 200.
    static func requireDocumentedAnswer(to bytes: [UInt8], against base: BackendJobRegistry) throws {
        var registry = base
        let response = handle(post(bytes: bytes), &registry)
        try require([200, 400, 404, 413].contains(response.status), "status \(response.status) is not one of 200, 400, 404, 413")
        try requireEqual(try JSONValue(parsing: response.bodyText), response.body, "the body read back from its text")
        guard response.status == 200 else {
            try requireEqual(response.body["success"], .bool(false), "success of a \(response.status)")
            let code = response.errorCode ?? ""
            try require(errorCodes[response.status]?.contains(code) == true, "code \"\(code)\" is not documented for \(response.status)")
            let message = response.body["error"]?["message"]?.string ?? ""
            try require(!message.isEmpty, "a \(response.status) \(code) without a message")
            if code == "INVALID_JSON" {
                let offset = response.body["error"]?["details"]?["offset"]?.int64 ?? -1
                try require((0...Int64(bytes.count)).contains(offset), "offset \(offset) is outside the body of \(bytes.count) bytes")
            }
            try require(registry == base, "a \(response.status) changed the registry")
            return
        }
        try requireEqual(response.body["success"], .bool(true), "success of a 200")
        try requireEqual(response.body["data"]?["status"], .string("canceled"), "data.status")
        let jobId = response.body["data"]?["jobId"]?.string ?? ""
        let original = base.job(jobId)
        try require(original != nil, "a 200 for \"\(jobId)\", which the registry does not hold")
        try requireEqual(registry.job(jobId)?.status, .canceled, "status of the job canceled")
        let wasCanceled = original?.status == .canceled
        try requireEqual(response.body["data"]?["alreadyCanceled"], wasCanceled ? .bool(true) : nil, "data.alreadyCanceled")
        if wasCanceled {
            try require(registry == base, "canceling a canceled job changed the registry")
        }
        for other in hostileJobIds where other != jobId {
            try requireEqual(registry.job(other), base.job(other), "job \(other), which the request did not name")
        }
    }
}

// MARK: - Hostile bodies

/// A hostile request body and how it was made.
enum CancelHostileBody: Sendable, CustomStringConvertible {
    /// Arbitrary bytes, many of them JSON punctuation.
    case bytes([UInt8])
    /// A valid request with a few bytes edited.
    case edited(JSONValue, [ByteEdit])
    /// A JSON document, often shaped like a request.
    case json(JSONValue)
    /// A valid request padded with spaces to `totalBytes` (around the 16,384-byte limit).
    case padded(JSONValue, totalBytes: Int)

    var bytes: [UInt8] {
        switch self {
        case let .bytes(bytes): return bytes
        case let .edited(value, edits): return ByteEdit.apply(edits, to: value.encoded())
        case let .json(value): return value.encoded()
        case let .padded(value, totalBytes):
            let encoded = value.encoded()
            return encoded + [UInt8](repeating: 0x20, count: max(0, totalBytes - encoded.count))
        }
    }

    var description: String {
        switch self {
        case let .bytes(bytes): return "bytes \(bytes)"
        case let .edited(value, edits): return "\(value) edited: \(edits.map(\.description).joined(separator: ", "))"
        case let .json(value): return "json \(value)"
        case let .padded(value, totalBytes): return "\(value) padded to \(totalBytes) bytes"
        }
    }

    static var generator: Gen<CancelHostileBody> {
        let punctuation = Array(#"{}[]":, "jobId0123456789abcdefABCDEF-nultrufase\"#.utf8) + [0x00, 0x0A, 0xC3, 0xA9, 0xED, 0xA0, 0x80, 0xEF, 0xBB, 0xBF, 0xFF]
        let byte = Gen<UInt8>.frequency([(1, Gen<UInt8>.anyInteger), (2, Gen<UInt8>.element(of: punctuation))])
        let edit = ByteEdit.generator(favouring: punctuation, positionMax: 200)
        return Gen<CancelHostileBody>.frequency([
            (2, Gen<UInt8>.array(of: byte, count: 0...48).map { CancelHostileBody.bytes($0) }),
            (3, Gen<(JSONValue, [ByteEdit])>.zip(CancelRequestJSON.wellFormedRequest, Gen<ByteEdit>.array(of: edit, count: 1...3))
                .map { CancelHostileBody.edited($0, $1) }),
            (5, CancelRequestJSON.requestLike.map { CancelHostileBody.json($0) }),
            (1, Gen<(JSONValue, Int)>.zip(CancelRequestJSON.wellFormedRequest, Gen<Int>.int(in: 16_380...16_400))
                .map { CancelHostileBody.padded($0, totalBytes: $1) }),
        ])
    }
}

/// JSON documents for the cancel endpoint: well-formed requests for the hostile registry's jobs,
/// near misses, and arbitrary values.
enum CancelRequestJSON {
    /// A job ID the registry knows, in lowercase or uppercase, or a fresh UUID it does not know.
    static var knownOrFreshJobId: Gen<String> {
        Gen<String>.frequency([
            (4, Gen<String>.element(of: CancelEndpointFixture.hostileJobIds)),
            (1, Gen<String>.element(of: CancelEndpointFixture.hostileJobIds.map { $0.uppercased() })),
            (2, Gen<String>.uuidString),
        ])
    }

    /// `{"jobId": <id>}`, sometimes with other members.
    static var wellFormedRequest: Gen<JSONValue> {
        Gen<(String, JSONObject)>.zip(knownOrFreshJobId, extraMembers).map { jobId, extra in
            var object = extra
            object["jobId"] = .string(jobId)
            return .object(object)
        }
    }

    /// Near misses of a job ID: one character changed, dropped or added, padding, braces.
    static var nearMissJobId: Gen<String> {
        let character = Gen<Character>.element(of: Array("0a9fFgG-_ {}é\u{0}"))
        return Gen<(String, Int, Character, Int)>.zip(
            Gen<String>.element(of: CancelEndpointFixture.hostileJobIds), Gen<Int>.int(in: 0...35), character, Gen<Int>.int(in: 0...4)
        ).map { jobId, position, character, how in
            var characters = Array(jobId)
            switch how {
            case 0: characters[position] = character
            case 1: characters.remove(at: position)
            case 2: characters.insert(character, at: position)
            case 3: return "{" + jobId + "}"
            default: return jobId + " "
            }
            return String(characters)
        }
    }

    /// What a `jobId` member may hold.
    static var jobIdValue: Gen<JSONValue> {
        Gen<JSONValue>.frequency([
            (5, knownOrFreshJobId.map { JSONValue.string($0) }),
            (3, nearMissJobId.map { JSONValue.string($0) }),
            (2, scalar),
            (1, value(depthMax: 2)),
        ])
    }

    static var key: Gen<String> {
        Gen<String>.frequency([
            (3, Gen<String>.element(of: ["jobId", "jobid", "job_id", "JobId", "id", "", "reason", "jobId "])),
            (1, Gen<String>.unicodeString(count: 0...6)),
        ])
    }

    /// Members other than `jobId` (never `jobId` itself).
    static var extraMembers: Gen<JSONObject> {
        Gen<(String, JSONValue)>.array(of: Gen<(String, JSONValue)>.zip(key, value(depthMax: 1)), count: 0...3).map { members in
            var object = JSONObject()
            for (key, value) in members where key != "jobId" && object[key] == nil { object[key] = value }
            return object
        }
    }

    static var scalar: Gen<JSONValue> {
        Gen<JSONValue>.frequency([
            (1, Gen<JSONValue>.constant(.null)),
            (1, Gen<Bool>.bool.map { JSONValue.bool($0) }),
            (2, Gen<Int64>.anyInteger.map { JSONValue.integer($0) }),
            (1, Gen<Double>.double(in: -1e6...1e6).map { JSONValue.double($0) }),
            (2, Gen<String>.unicodeString(count: 0...40).map { JSONValue.string($0) }),
        ])
    }

    /// Any JSON value nested at most `depthMax` levels.
    static func value(depthMax: Int) -> Gen<JSONValue> {
        Gen<JSONValue>.recursive(depthMax: depthMax, nodeProbability: 0.3, leaf: scalar) { children in
            Gen<JSONValue>.oneOf(
                Gen<JSONValue>.array(of: children, count: 0...3).map { JSONValue.array($0) },
                Gen<(String, JSONValue)>.array(of: Gen<(String, JSONValue)>.zip(key, children), count: 0...3).map { members in
                    var object = JSONObject()
                    for (key, value) in members where object[key] == nil { object[key] = value }
                    return JSONValue.object(object)
                }
            )
        }
    }

    /// Documents shaped like requests (an object with a `jobId` of any kind, or none), or any value.
    static var requestLike: Gen<JSONValue> {
        Gen<JSONValue>.frequency([
            (4, Gen<(JSONValue, JSONObject)>.zip(jobIdValue, extraMembers).map { jobId, extra in
                var object = extra
                object["jobId"] = jobId
                return .object(object)
            }),
            (1, extraMembers.map { JSONValue.object($0) }),
            (1, value(depthMax: 3)),
        ])
    }
}
