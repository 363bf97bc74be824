import SpecConformance
import SpecModel
import Testing

// Wrong backends: the model's jobs and endpoint with one thing done the way a Worker's code might,
// production's own answers among them.

/// The model's backend with one flaw in its endpoint, its loop or its broadcasts.
struct FlawedJobBackend: EnrichmentJobBackend {
    enum Flaw {
        // The endpoint.
        /// Production: an unknown job "succeeds".
        case unknownJobsSucceed
        /// Production: a body that is not JSON gets 500.
        case nonJSONIs500
        /// A second cancel is "not found".
        case secondCancelIs404
        /// A second cancel broadcasts `canceled` again.
        case secondCancelBroadcastsAgain
        /// Exactly 16,384 bytes is already too large.
        case bodyLimitInclusive
        /// The job's token is never checked.
        case tokenIgnored
        /// Job IDs match only in the case they were started with.
        case jobIdsMatchedExactly
        /// The answer names the job by the requested ID, not as it was started.
        case answerEchoesRequestedID
        /// Production never built the `canceled` broadcast.
        case canceledBroadcastMissing
        /// A completed or failed job is "canceled" too.
        case endedJobsCanceled
        /// The body's size is checked before the method.
        case sizeCheckedBeforeMethod
        /// `meta.timestamp` keeps its milliseconds (`…T14:14:20.000Z`).
        case timestampWithMilliseconds
        /// A body that starts with a UTF-8 byte-order mark is read past it.
        case byteOrderMarkSkipped
        /// GET is handled like POST.
        case getCancels
        /// `INVALID_JSON` says where nothing went wrong: no `details.offset`.
        case invalidJSONWithoutOffset
        /// A cancel of a job that ended broadcasts `canceled` anyway.
        case cancelAfterEndBroadcasts
        // The loop.
        /// The loop checks cancellation after enriching a book, so one more book goes through.
        case oneMoreBookAfterCancel
        /// The loop asks the provider about the next book before checking cancellation.
        case providerAskedBeforeCheck
        /// The loop breaks on cancellation without the final `complete`.
        case noFinalCompleteOnCancel
        /// The final `complete` after a cancel says `canceled: false`.
        case finalCompleteNotMarkedCanceled
        /// Every turn after the end sends the final `complete` again.
        case completeRepeatedAfterTheEnd
        /// Progress counts the books done before the current one.
        case progressCountedBeforeTheBook
        /// The final `complete` gives its duration in seconds, seed 003's `Math.floor(… / 1000)` (O-06).
        case durationInSeconds
        /// The loop never checks for cancellation: it processes every book and completes as if never canceled.
        case cancellationNeverChecked
        /// Any cancel request naming the job stops its loop, even one refused for want of its token.
        case refusedCancelStopsTheLoop
    }

    let flaw: Flaw
    var model = ModelEnrichmentJobBackend()
    /// Job IDs as started.
    var started: [String] = []
    /// Messages ready for `takeBroadcasts`, by job ID as started.
    var outgoing: [String: [JobMessage]] = [:]
    /// Jobs whose extra book after the cancel went through.
    var extraBookDone: [String] = []
    /// Books processed after a cancel the loop never noticed, by job ID as started.
    var unnoticed: [String: (processed: Int, enriched: Int)] = [:]
    /// Jobs whose loop the flaw ended.
    var endedByFlaw: [String] = []
    /// Jobs a refused cancel stopped.
    var stoppedByRefusal: [String] = []

    init(_ flaw: Flaw) {
        self.flaw = flaw
    }

    static let jobNotFound = HTTPResponse(status: 404, body: ["success": false, "error": ["code": "JOB_NOT_FOUND", "message": "No active job found with this ID"]])

    static func success(_ jobId: String, at now: Timestamp) -> HTTPResponse {
        let timestamp: String
        do {
            timestamp = try ISO8601Timestamp.format(epochMilliseconds: now.epochMilliseconds)
        } catch {
            preconditionFailure("the suite's time \(now) has no ISO 8601 form: \(error)")
        }
        return HTTPResponse(status: 200, body: ["success": true, "data": ["jobId": .string(jobId), "status": "canceled"], "meta": ["timestamp": .string(timestamp)]])
    }

    /// The request's `jobId`, if its body is a JSON object with a string there.
    static func jobId(of request: HTTPRequest) -> String? {
        do {
            return try JSONValue(parsing: request.body)["jobId"]?.string
        } catch {
            return nil  // a body that is not JSON names no job
        }
    }

    func startedID(_ jobId: String) -> String? {
        started.first { BackendJobRegistry.sameJob($0, jobId) }
    }

    mutating func startJob(_ jobId: String, token: String?, books: [JobBook], at now: Timestamp) {
        model.startJob(jobId, token: flaw == .tokenIgnored ? nil : token, books: books, at: now)
        started.append(jobId)
        absorb()
    }

    mutating func handleCancelRequest(_ request: HTTPRequest, at now: Timestamp) -> HTTPResponse {
        defer { absorb() }
        var request = request
        if flaw == .byteOrderMarkSkipped, request.body.starts(with: [0xEF, 0xBB, 0xBF]) { request.body.removeFirst(3) }
        if flaw == .getCancels, request.method == "GET" { request.method = "POST" }
        if flaw == .sizeCheckedBeforeMethod, request.body.count > CancelEndpoint.requestBytesMax {
            return HTTPResponse(status: 413, body: ["success": false, "error": ["code": "PAYLOAD_TOO_LARGE", "message": "Request body too large"]])
        }
        if flaw == .bodyLimitInclusive, request.method == "POST", request.body.count == CancelEndpoint.requestBytesMax {
            return HTTPResponse(status: 413, body: ["success": false, "error": ["code": "PAYLOAD_TOO_LARGE", "message": "Request body too large"]])
        }
        let requested = Self.jobId(of: request)
        if flaw == .jobIdsMatchedExactly, request.method == "POST", let requested, let known = startedID(requested), known != requested {
            return Self.jobNotFound
        }
        let job = requested.flatMap { model.registry.job($0) }
        var response = model.handleCancelRequest(request, at: now)
        let alreadyCanceled = response.body["data"]?["alreadyCanceled"]?.bool == true
        switch flaw {
        case .unknownJobsSucceed:
            if response.errorCode == "JOB_NOT_FOUND", job == nil, let requested { response = Self.success(requested, at: now) }
        case .nonJSONIs500:
            if response.errorCode == "INVALID_JSON" { response = HTTPResponse(status: 500, body: ["success": false, "error": ["code": "INTERNAL_ERROR", "message": "Unexpected token in JSON"]]) }
        case .secondCancelIs404:
            if alreadyCanceled { response = Self.jobNotFound }
        case .secondCancelBroadcastsAgain:
            if alreadyCanceled, let job, let id = startedID(job.jobId) {
                outgoing[id, default: []].append(.canceled(JobCanceledMessage(jobId: job.jobId, timestamp: now, message: "Job canceled by user", processedItems: job.processedCount, totalItems: job.totalCount)))
            }
        case .answerEchoesRequestedID:
            if response.status == 200, let requested { response = Self.success(requested, at: now) }
        case .endedJobsCanceled:
            if response.errorCode == "JOB_NOT_FOUND", let job, job.status == .complete || job.status == .failed { response = Self.success(job.jobId, at: now) }
        case .cancelAfterEndBroadcasts:
            if response.errorCode == "JOB_NOT_FOUND", let job, job.status != .running, let id = startedID(job.jobId) {
                outgoing[id, default: []].append(.canceled(JobCanceledMessage(jobId: job.jobId, timestamp: now, message: "Job canceled by user", processedItems: job.processedCount, totalItems: job.totalCount)))
            }
        case .timestampWithMilliseconds:
            if response.status == 200, let data = response.body["data"], let stamp = response.body["meta"]?["timestamp"]?.string {
                response = HTTPResponse(status: 200, body: ["success": true, "data": data, "meta": ["timestamp": .string(String(stamp.dropLast()) + ".000Z")]])
            }
        case .invalidJSONWithoutOffset:
            if response.errorCode == "INVALID_JSON", let message = response.body["error"]?["message"]?.string {
                response = HTTPResponse(status: 400, body: ["success": false, "error": ["code": "INVALID_JSON", "message": .string(message)]])
            }
        case .refusedCancelStopsTheLoop:
            if response.errorCode == "JOB_NOT_FOUND", let job, job.status == .running, let id = startedID(job.jobId), !stoppedByRefusal.contains(id) {
                stoppedByRefusal.append(id)
            }
        default:
            break
        }
        return response
    }

    mutating func runLoopTurn(of jobId: String, at now: Timestamp, provider: (JobBook) -> BookEnrichmentOutcome) {
        defer { absorb() }
        guard let job = model.registry.job(jobId), let id = startedID(jobId) else { return }
        let booksLeft = !job.loopFinished && job.processedCount < job.totalCount
        if endedByFlaw.contains(id) { return }
        switch flaw {
        case .cancellationNeverChecked:
            guard job.isCanceled, !job.loopFinished else { break }
            var done = unnoticed[id] ?? (job.processedCount, job.successCount)
            if done.processed < job.totalCount {
                let book = job.books[done.processed]
                if provider(book) == .enriched { done.enriched += 1 }
                done.processed += 1
                unnoticed[id] = done
                outgoing[id, default: []].append(.progress(JobProgressMessage(jobId: job.jobId, timestamp: now, processedCount: done.processed, totalCount: job.totalCount, currentTitle: book.title)))
            } else {
                endedByFlaw.append(id)
                outgoing[id, default: []].append(.complete(JobCompleteMessage(
                    jobId: job.jobId, timestamp: now, canceled: false, processedItems: done.processed, totalItems: job.totalCount,
                    successCount: done.enriched, failureCount: done.processed - done.enriched, durationMilliseconds: now.epochMilliseconds - job.startedAt.epochMilliseconds)))
            }
            return
        case .refusedCancelStopsTheLoop:
            guard stoppedByRefusal.contains(id), job.status == .running else { break }
            endedByFlaw.append(id)
            outgoing[id, default: []].append(.complete(JobCompleteMessage(
                jobId: job.jobId, timestamp: now, canceled: true, processedItems: job.processedCount, totalItems: job.totalCount,
                successCount: job.successCount, failureCount: job.failureCount, durationMilliseconds: now.epochMilliseconds - job.startedAt.epochMilliseconds)))
            return
        case .oneMoreBookAfterCancel:
            if job.isCanceled, booksLeft, !extraBookDone.contains(id) {
                let book = job.books[job.processedCount]
                _ = provider(book)
                extraBookDone.append(id)
                outgoing[id, default: []].append(.progress(JobProgressMessage(jobId: job.jobId, timestamp: now, processedCount: job.processedCount + 1, totalCount: job.totalCount, currentTitle: book.title)))
                return
            }
        case .providerAskedBeforeCheck:
            if job.isCanceled, booksLeft { _ = provider(job.books[job.processedCount]) }
        case .completeRepeatedAfterTheEnd:
            if job.loopFinished, case let .complete(last)? = job.outbox.last {
                outgoing[id, default: []].append(.complete(last))
                return
            }
        default:
            break
        }
        model.runLoopTurn(of: jobId, at: now, provider: provider)
    }

    mutating func failJob(_ jobId: String, at now: Timestamp, code: String, message: String) {
        model.failJob(jobId, at: now, code: code, message: message)
        absorb()
    }

    mutating func takeBroadcasts(of jobId: String) -> [JobMessage] {
        absorb()
        guard let id = startedID(jobId) else { return [] }
        defer { outgoing[id] = [] }
        return outgoing[id] ?? []
    }

    /// Moves the model's new messages to `outgoing`, edited by the flaw.
    mutating func absorb() {
        for id in started {
            for message in model.takeBroadcasts(of: id) {
                switch (flaw, message) {
                case (.canceledBroadcastMissing, .canceled):
                    continue
                case let (.noFinalCompleteOnCancel, .complete(complete)) where complete.canceled:
                    continue
                case let (.finalCompleteNotMarkedCanceled, .complete(c)) where c.canceled:
                    outgoing[id, default: []].append(.complete(JobCompleteMessage(
                        jobId: c.jobId, timestamp: c.timestamp, canceled: false, processedItems: c.processedItems, totalItems: c.totalItems,
                        successCount: c.successCount, failureCount: c.failureCount, durationMilliseconds: c.durationMilliseconds)))
                case let (.durationInSeconds, .complete(c)):
                    outgoing[id, default: []].append(.complete(JobCompleteMessage(
                        jobId: c.jobId, timestamp: c.timestamp, canceled: c.canceled, processedItems: c.processedItems, totalItems: c.totalItems,
                        successCount: c.successCount, failureCount: c.failureCount, durationMilliseconds: c.durationMilliseconds / 1_000)))
                case let (.progressCountedBeforeTheBook, .progress(p)):
                    outgoing[id, default: []].append(.progress(JobProgressMessage(jobId: p.jobId, timestamp: p.timestamp, processedCount: p.processedCount - 1, totalCount: p.totalCount, currentTitle: p.currentTitle)))
                default:
                    outgoing[id, default: []].append(message)
                }
            }
        }
    }
}

enum WrongEnrichmentJobBackends {
    static let cancelEndpoint: [WrongImplementation] = [
        .of({ .cancelEndpoint }, "UnknownJobsSucceed", flaw: "answers 200 for a job no one started, as production does", breaks: "CANCEL-04") {
            FlawedJobBackend(.unknownJobsSucceed)
        },
        .of({ .cancelEndpoint }, "NonJSONBodyIs500", flaw: "answers 500 to a body that is not JSON, as production does", breaks: "CANCEL-14") {
            FlawedJobBackend(.nonJSONIs500)
        },
        .of({ .cancelEndpoint }, "InvalidJSONWithoutOffset", flaw: "answers INVALID_JSON without saying where parsing stopped (D-024)", breaks: "CANCEL-06") {
            FlawedJobBackend(.invalidJSONWithoutOffset)
        },
        .of({ .cancelEndpoint }, "ByteOrderMarkSkipped", flaw: "reads a body past a UTF-8 byte-order mark, as RFC 8259 allows and D-014 does not", breaks: "CANCEL-15") {
            FlawedJobBackend(.byteOrderMarkSkipped)
        },
        .of({ .cancelEndpoint }, "SecondCancelNotFound", flaw: "answers a second cancel with 404, the job being no longer running (D-023)", breaks: "CANCEL-03") {
            FlawedJobBackend(.secondCancelIs404)
        },
        .of({ .cancelEndpoint }, "SecondCancelBroadcastsAgain", flaw: "broadcasts `canceled` again on every cancel (D-023)", breaks: "CANCEL-03") {
            FlawedJobBackend(.secondCancelBroadcastsAgain)
        },
        .of({ .cancelEndpoint }, "BodyLimitInclusive", flaw: "refuses a body of exactly 16,384 bytes (>= for >)", breaks: "CANCEL-08") {
            FlawedJobBackend(.bodyLimitInclusive)
        },
        .of({ .cancelEndpoint }, "TokenIgnored", flaw: "cancels a job by its ID alone, whatever token the request bears (D-151)", breaks: "CANCEL-10") {
            FlawedJobBackend(.tokenIgnored)
        },
        .of({ .cancelEndpoint }, "JobIdsMatchedExactly", flaw: "compares job IDs byte for byte, so Foundation's uppercase UUID misses the job (D-024)", breaks: "CANCEL-05") {
            FlawedJobBackend(.jobIdsMatchedExactly)
        },
        .of({ .cancelEndpoint }, "AnswerEchoesTheRequestedID", flaw: "names the job by the ID as requested, not as started (D-024)", breaks: "CANCEL-05") {
            FlawedJobBackend(.answerEchoesRequestedID)
        },
        .of({ .cancelEndpoint }, "TimestampWithMilliseconds", flaw: "writes meta.timestamp with milliseconds (D-014)", breaks: "CANCEL-13") {
            FlawedJobBackend(.timestampWithMilliseconds)
        },
        .of({ .cancelEndpoint }, "NoCanceledBroadcast", flaw: "marks the job canceled but broadcasts nothing, as production does", breaks: "CANCEL-02") {
            FlawedJobBackend(.canceledBroadcastMissing)
        },
        .of({ .cancelEndpoint }, "EndedJobsCanceled", flaw: "answers 200 for a job that already completed or failed (D-023)", breaks: "CANCEL-12") {
            FlawedJobBackend(.endedJobsCanceled)
        },
        .of({ .cancelEndpoint }, "GetCancels", flaw: "handles GET like POST", breaks: "CANCEL-09") {
            FlawedJobBackend(.getCancels)
        },
        .of({ .cancelEndpoint }, "SizeCheckedBeforeMethod", flaw: "refuses an oversized GET with 413 rather than 405 (D-024)", breaks: "CANCEL-16") {
            FlawedJobBackend(.sizeCheckedBeforeMethod)
        },
    ]

    static let jobLoop: [WrongImplementation] = [
        .of({ .enrichmentJobLoop }, "OneMoreBookAfterCancel", flaw: "checks cancellation after enriching a book, so one more goes through", breaks: "JOB-01", "JOB-04") {
            FlawedJobBackend(.oneMoreBookAfterCancel)
        },
        .of({ .enrichmentJobLoop }, "ProviderAskedBeforeTheCheck", flaw: "asks the provider about the next book, then checks cancellation", breaks: "JOB-04") {
            FlawedJobBackend(.providerAskedBeforeCheck)
        },
        .of({ .enrichmentJobLoop }, "CancellationNeverChecked", flaw: "never checks doStub.isCanceled(): every book is processed and the job completes as if never canceled", breaks: "JOB-01", "JOB-04") {
            FlawedJobBackend(.cancellationNeverChecked)
        },
        .of({ .enrichmentJobLoop }, "NoFinalCompleteOnCancel", flaw: "breaks the loop without the final complete", breaks: "JOB-01") {
            FlawedJobBackend(.noFinalCompleteOnCancel)
        },
        .of({ .enrichmentJobLoop }, "FinalCompleteNotMarkedCanceled", flaw: "sends the final complete with canceled: false", breaks: "JOB-01") {
            FlawedJobBackend(.finalCompleteNotMarkedCanceled)
        },
        .of({ .enrichmentJobLoop }, "CompleteRepeatedAfterTheEnd", flaw: "sends the final complete again on every later turn", breaks: "JOB-02") {
            FlawedJobBackend(.completeRepeatedAfterTheEnd)
        },
        .of({ .enrichmentJobLoop }, "DurationInSeconds", flaw: "gives the final complete's duration in seconds, seed 003's own code (O-06, D-075)", breaks: "JOB-03") {
            FlawedJobBackend(.durationInSeconds)
        },
        .of({ .enrichmentJobLoop }, "ProgressCountedBeforeTheBook", flaw: "reports the books done before the current one (0/5 for the first book) (D-152)", breaks: "JOB-06") {
            FlawedJobBackend(.progressCountedBeforeTheBook)
        },
        .of({ .enrichmentJobLoop }, "CancelAfterTheEndBroadcasts", flaw: "broadcasts canceled for a job that already ended (D-023)", breaks: "JOB-07") {
            FlawedJobBackend(.cancelAfterEndBroadcasts)
        },
        .of({ .enrichmentJobLoop }, "RefusedCancelStopsTheLoop", flaw: "stops the loop on any cancel naming the job, even one refused for want of its token (D-151)", breaks: "JOB-08") {
            FlawedJobBackend(.refusedCancelStopsTheLoop)
        },
    ]

    static let all = cancelEndpoint + jobLoop
}

/// The seed's words fail a backend that breaks them: its API section's `JOB_NOT_FOUND` and `canceled`
/// broadcast, and its loop's check before each book.
@Suite struct EnrichmentJobBackendGradeTests {
    static func verdict(_ name: String) -> SuiteResult? {
        ConformanceCatalog.run.wrong.first { $0.0.name == name }?.1
    }

    @Test func anUnknownJobCanceledWith200FailsTheSeedsNotFound() throws {
        #expect(try #require(Self.verdict("UnknownJobsSucceed")).grade(of: "CANCEL-04") == .fail)
    }

    @Test func aCancelThatBroadcastsNothingFailsTheSeedsBroadcast() throws {
        #expect(try #require(Self.verdict("NoCanceledBroadcast")).grade(of: "CANCEL-02") == .fail)
    }

    @Test func aLoopThatNeverChecksForCancellationFailsTheSeedsLoop() throws {
        let result = try #require(Self.verdict("CancellationNeverChecked"))
        #expect(result.grade(of: "JOB-01") == .fail)
        #expect(result.grade(of: "JOB-04") == .fail)
    }
}
