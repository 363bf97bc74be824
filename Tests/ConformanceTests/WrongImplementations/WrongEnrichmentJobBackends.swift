import SpecConformance
import SpecModel

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
    }

    let flaw: Flaw
    var model = ModelEnrichmentJobBackend()
    /// Job IDs as started.
    var started: [String] = []
    /// Messages ready for `takeBroadcasts`, by job ID as started.
    var outgoing: [String: [JobMessage]] = [:]
    /// Jobs whose extra book after the cancel went through.
    var extraBookDone: [String] = []

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
        default:
            break
        }
        return response
    }

    mutating func runLoopTurn(of jobId: String, at now: Timestamp, provider: (JobBook) -> BookEnrichmentOutcome) {
        defer { absorb() }
        guard let job = model.registry.job(jobId), let id = startedID(jobId) else { return }
        let booksLeft = !job.loopFinished && job.processedCount < job.totalCount
        switch flaw {
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
        .of({ .cancelEndpoint }, "UnknownJobsSucceed", flaw: "answers 200 for a job no one started, as production does (D-023)", breaks: "CANCEL-04", "CANCEL-11") {
            FlawedJobBackend(.unknownJobsSucceed)
        },
        .of({ .cancelEndpoint }, "NonJSONBodyIs500", flaw: "answers 500 to a body that is not JSON, as production does (D-024)", breaks: "CANCEL-06") {
            FlawedJobBackend(.nonJSONIs500)
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
        .of({ .cancelEndpoint }, "TokenIgnored", flaw: "cancels a job by its ID alone, whatever token the request bears (D-080)", breaks: "CANCEL-10") {
            FlawedJobBackend(.tokenIgnored)
        },
        .of({ .cancelEndpoint }, "JobIdsMatchedExactly", flaw: "compares job IDs byte for byte, so Foundation's uppercase UUID misses the job (D-024)", breaks: "CANCEL-05") {
            FlawedJobBackend(.jobIdsMatchedExactly)
        },
        .of({ .cancelEndpoint }, "AnswerEchoesTheRequestedID", flaw: "names the job by the ID as requested, not as started (D-024)", breaks: "CANCEL-05") {
            FlawedJobBackend(.answerEchoesRequestedID)
        },
        .of({ .cancelEndpoint }, "NoCanceledBroadcast", flaw: "marks the job canceled but broadcasts nothing, as production does", breaks: "CANCEL-02") {
            FlawedJobBackend(.canceledBroadcastMissing)
        },
        .of({ .cancelEndpoint }, "EndedJobsCanceled", flaw: "answers 200 for a job that already completed or failed (D-023)", breaks: "CANCEL-04") {
            FlawedJobBackend(.endedJobsCanceled)
        },
        .of({ .cancelEndpoint }, "SizeCheckedBeforeMethod", flaw: "refuses an oversized GET with 413 rather than 405 (D-024)", breaks: "CANCEL-09") {
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
        .of({ .enrichmentJobLoop }, "ProgressCountedBeforeTheBook", flaw: "reports the books done before the current one (0/5 for the first book)", breaks: "JOB-03") {
            FlawedJobBackend(.progressCountedBeforeTheBook)
        },
    ]

    static let all = cancelEndpoint + jobLoop
}
