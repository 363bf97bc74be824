import SpecModel
import Testing

/// Preconditions that a sequence of app events used to reach (issue 37, part 5; D-204): each one is
/// now a typed error, a no-op or a state that cannot arise, and the sequence that reached it is a
/// regression test here.
@Suite struct ReachablePreconditionTests {
    static let start = Timestamp(epochMilliseconds: 1_700_000_000_000)

    static func libraryOfTwo() throws -> (AppState, PersistentIdentifier, PersistentIdentifier) {
        var app = AppState()
        let dune = app.store.insertWork(WorkDraft(title: "Dune"))
        let emma = app.store.insertWork(WorkDraft(title: "Emma"))
        try app.store.save()
        return (app, dune, emma)
    }

    /// The queue cleared under an awaited request (a reset), then new works: the worker rightly sends
    /// a second request, and the run no longer holds the first as awaited.
    @Test func aRequestLetGoOfByTheWorkerIsNoLongerAwaited() throws {
        let (app, dune, emma) = try Self.libraryOfTwo()
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add([dune])
        run.changeApp { $0.enrichmentQueue.clearAll() }
        run.add([emma])
        run.advance(byMilliseconds: 600)
        #expect(run.requestLog.map(\.request.work) == [dune, emma])
        #expect(run.outcomeLog.contains { $0.outcome == .dropped(dune) })
    }

    /// An answer arriving twice: the second is stale, not a trap.
    @Test func anAnswerArrivingTwiceIsStale() throws {
        let (app, dune, _) = try Self.libraryOfTwo()
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add([dune])
        run.answer(.timedOut)
        let second = run.answer(.timedOut)
        #expect(second.outcomes == [.staleAnswerIgnored(requestID: 1)])
    }

    /// The device's clock set back a second: the worker's time stands still.
    @Test func aClockSetBackLeavesTheWorkersTimeStill() throws {
        var (app, dune, _) = try Self.libraryOfTwo()
        var worker = EnrichmentWorker()
        _ = worker.handle(.launched(online: true), at: Self.start, &app)
        let step = worker.handle(.worksAdded([dune]), at: Self.start.adding(milliseconds: -1_000), &app)
        #expect(step.requests.map(\.work) == [dune])
        #expect(app.enrichmentRecords.lastRequestStartedAt == Self.start)
    }

    /// A status that is no error (304), passed on by the network layer, fails the work as refused.
    @Test(arguments: [304, 200, 600, 418])
    func aStatusOutsideTheErrorsIsARefusal(status: Int) throws {
        var (app, dune, _) = try Self.libraryOfTwo()
        var worker = EnrichmentWorker()
        _ = worker.handle(.launched(online: true), at: Self.start, &app)
        let sent = worker.handle(.worksAdded([dune]), at: Self.start, &app)
        let answered = worker.handle(.metadataResult(requestID: sent.requests[0].id, .httpError(status: status)), at: Self.start, &app)
        #expect(answered.outcomes.first == .failed(dune, .rejected(status: status)))
    }

    /// The backend's clock stepped back under a job: its completion lasted 0 ms, not -1.
    @Test func aJobWhoseClockSteppedBackReportsNoNegativeDuration() {
        var job = EnrichmentJob(jobId: "550e8400-e29b-41d4-a716-446655440000", books: [], startedAt: Timestamp(epochMilliseconds: 1_000))
        _ = job.loopStep(at: Timestamp(epochMilliseconds: 999)) { _ in .enriched }
        guard case let .complete(completion) = ProgressMessage(job.outbox[0]).payload else {
            Issue.record("the job's first message is \(job.outbox[0])")
            return
        }
        #expect(completion.durationMilliseconds == 0)
    }

    /// A job that reports more items than its socket was opened with: the socket's total follows, so a
    /// client's `sync_request` and the cancel hold.
    @Test func aJobCountingPastItsOpeningTotalStaysConsistent() {
        var socket = ProgressJobSocket(jobId: "job-1", pipeline: .csvImport, token: "secret", totalCount: 10, at: Self.start)
        guard case let .accepted(connection, _) = socket.connect(token: "secret", at: Self.start) else {
            Issue.record("the socket refused its token")
            return
        }
        _ = socket.report(ProgressUpdate(processedCount: 12, totalCount: 12), at: Self.start)
        let sync = #"{"type":"sync_request","jobId":"job-1","pipeline":"csv_import","timestamp":0,"version":"1.0.0","payload":{}}"#
        _ = socket.received(Array(sync.utf8), on: connection, at: Self.start)
        _ = socket.cancel(at: Self.start)
        #expect(socket.processedCount == 12)
        #expect(socket.totalCount == 12)
    }

    /// An error frame whose success and failure counts add up past `Int.max` reads as `Int.max`
    /// books processed; the client used to overflow adding them.
    @Test func countsThatOverflowWhenAddedDoNotTrapTheClient() {
        var client = ProgressSocketClient(jobId: "job-1", pipeline: .batchEnrichment, token: "t")
        _ = client.start(at: Self.start)
        _ = client.opened(at: Self.start)
        let failure = StructuredError(code: .enrichmentFailed, message: "m", userMessage: "u", details: ErrorDetails(successCount: .max, failureCount: 25))
        let frame = ProgressMessageCodec.encode(ProgressMessage(jobId: "job-1", pipeline: .batchEnrichment, timestamp: Self.start, payload: .error(failure)))
        guard case .applied = client.received(frame, at: Self.start) else {
            Issue.record("the error frame was not applied")
            return
        }
        #expect(client.view.processedCount == Int.max)
    }

    /// A request sent before a reset and answered after it is stale: request numbers go on across the
    /// reset, so the late answer no longer matches the new book's request.
    @Test func aLateAnswerToARequestFromBeforeAResetIsStale() {
        var app = WholeApp(devices: 1)
        #expect(app.perform(.startImport(device: 0, file: 1, strategy: .skip)) == nil)
        #expect(app.perform(.importNextBatch(device: 0)) == nil)
        #expect(app.devices[0].requestsOnTheWire == 1)
        for action: WholeAppAction in [.requestReset(device: 0), .confirmReset(device: 0)] { #expect(app.perform(action) == nil) }
        for _ in ResetStep.allCases { #expect(app.perform(.resetStep(device: 0)) == nil) }
        #expect(app.perform(.startImport(device: 0, file: 0, strategy: .skip)) == nil)
        #expect(app.perform(.importNextBatch(device: 0)) == nil)
        app.perform(.timePasses(milliseconds: 1_000))
        #expect(app.devices[0].requestsOnTheWire == 2)
        #expect(app.perform(.enrichmentAnswer(device: 0, .match)) == nil, "the old request's answer")
        #expect(app.worksEnriched == 0)
        #expect(app.perform(.enrichmentAnswer(device: 0, .match)) == nil, "the new request's answer")
        #expect(app.worksEnriched == 1)
        #expect(app.violations() == [])
    }
}

/// D-206: a candidate's confidence outside 0 to 100 fails the work as an invalid answer; the bounds
/// themselves are answers like any other.
@Suite struct CandidateConfidenceTests {
    static func answer(_ percents: [Int]) throws -> (EnrichmentWorker.Step, PersistentIdentifier) {
        var (app, dune, _) = try ReachablePreconditionTests.libraryOfTwo()
        var worker = EnrichmentWorker()
        _ = worker.handle(.launched(online: true), at: ReachablePreconditionTests.start, &app)
        let sent = worker.handle(.worksAdded([dune]), at: ReachablePreconditionTests.start, &app)
        let candidates = percents.map { EnrichmentCandidate(confidencePercent: $0, title: "Dune") }
        return (worker.handle(.metadataResult(requestID: sent.requests[0].id, .candidates(candidates)), at: ReachablePreconditionTests.start, &app), dune)
    }

    @Test(arguments: [([101], 101), ([-1], -1), ([90, 150], 150), ([Int.min], Int.min), ([Int.max, 50], Int.max)])
    func aConfidenceOutsideTheRangeFailsTheWork(percents: [Int], wrong: Int) throws {
        let (step, dune) = try Self.answer(percents)
        #expect(step.outcomes.first == .failed(dune, .invalidConfidence(percent: wrong)))
        #expect(EnrichmentFailure.invalidConfidence(percent: wrong).description == "Invalid answer (a confidence of \(wrong)%)")
    }

    @Test func theBoundsAreAnswers() throws {
        let (top, dune) = try Self.answer([100])
        guard case .enriched(dune, _)? = top.outcomes.first else {
            Issue.record("a confidence of 100: \(top.outcomes)")
            return
        }
        let (bottom, _) = try Self.answer([0])
        guard case .needsReview(dune, _)? = bottom.outcomes.first else {
            Issue.record("a confidence of 0: \(bottom.outcomes)")
            return
        }
    }
}
