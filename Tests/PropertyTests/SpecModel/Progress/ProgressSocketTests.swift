import SpecModel
import Testing

/// The client and server sides of a job's progress socket: tokens, resume by job ID, bad frames, and
/// reconnecting through outages (Seed: 003_…, Task 1 and Phase 1's token authentication; Decisions
/// D-078 to D-080).
@Suite struct ProgressSocketTests {
    static let start = ProgressUpdateStream.startDefault

    static func at(_ milliseconds: Int64) -> Timestamp { start.adding(milliseconds: milliseconds) }

    // MARK: - Authentication

    /// A socket without the job's token, with a wrong one or with another job's is refused with 401, and
    /// the refusal says nothing about the job (D-080).
    @Test func aSocketWithoutTheJobsTokenIsRefused() {
        var mine = ProgressJobSocket(jobId: "job-a", pipeline: .csvImport, token: "secret-a", totalCount: 5, at: Self.at(0))
        let other = ProgressJobSocket(jobId: "job-b", pipeline: .csvImport, token: "secret-b", totalCount: 5, at: Self.at(0))
        for presented in [nil, "", "secret-", "secret-a ", "SECRET-A", "secret-b"] as [String?] {
            guard case let .refused(status, error) = mine.connect(token: presented, at: Self.at(1)) else {
                Issue.record("token \(String(describing: presented)) was accepted")
                continue
            }
            #expect(status == 401)
            #expect(error.code == .unauthorized)
            #expect(!error.message.contains("job-a") && !error.userMessage.contains("job-a"))
        }
        #expect(mine.connection == nil)
        if case .refused = mine.connect(token: "secret-a", at: Self.at(2)) { Issue.record("the right token was refused") }
        #expect(other.connection == nil)
    }

    /// No client observes another's job: with two jobs running, each client sees only its own job's
    /// messages, and a client holding job A's token cannot open job B's socket.
    @Test func noClientObservesAnotherClientsJob() {
        var a = ProgressSession(total: 4)
        var b = ProgressJobSocket(jobId: "job-b", pipeline: .batchEnrichment, token: "token-of-job-b", totalCount: 9, at: Self.at(0))
        guard case .refused = b.connect(token: a.client.token, at: Self.at(1)) else {
            Issue.record("job A's token opened job B's socket")
            return
        }
        guard case let .accepted(idB, _) = b.connect(token: "token-of-job-b", at: Self.at(1)) else {
            Issue.record("job B's own token was refused")
            return
        }
        let bActions = b.report(ProgressUpdate(processedCount: 7, totalCount: 9), at: Self.at(2))
        #expect(bActions.allSatisfy { action in
            if case let .send(connection, message) = action { return connection == idB && message.jobId == "job-b" }
            return true
        })
        a.work(items: 4, spacing: 600)
        #expect(a.client.view.processedCount == 4)
        #expect(a.client.view.totalCount == 4)
        // A message for job B delivered to A's client by mistake is refused, not applied.
        if case let .send(_, message)? = bActions.first {
            let receipt = a.client.received(ProgressMessageCodec.encode(message), at: a.now)
            guard case let .rejected(error) = receipt else {
                Issue.record("job B's message was applied to job A's client: \(receipt)")
                return
            }
            #expect(error.path == "jobId")
        }
        #expect(a.client.view.processedCount == 4)
    }

    // MARK: - Bad frames

    /// A frame that does not decode gets a typed error and changes nothing else, on either side.
    @Test(arguments: ["not json", #"{"type":"job_paused","jobId":"x","pipeline":"ai_scan","timestamp":1,"version":"1.0.0","payload":{}}"#, #"{"type":"job_progress","version":"9.0.0"}"#, ""])
    func aBadFrameIsRefusedWithoutHarmingTheConnection(_ frame: String) {
        var session = ProgressSession(total: 10)
        session.work(items: 3, spacing: 600)
        let clientBefore = session.client
        guard case .rejected = session.client.received(Array(frame.utf8), at: session.now) else {
            Issue.record("the client accepted \(frame)")
            return
        }
        #expect(session.client.state == clientBefore.state)
        #expect(session.client.view == clientBefore.view)
        #expect(session.client.heartbeat == clientBefore.heartbeat)
        #expect(session.client.rejectedFrameCount == clientBefore.rejectedFrameCount + 1)

        let id = session.connection!
        #expect(session.server.received(Array(frame.utf8), on: id, at: session.now).isEmpty)
        #expect(session.server.connection?.id == id)
        #expect(session.server.rejectedFrameCount == 1)
        session.work(items: 7, spacing: 600)
        session.complete()
        #expect(session.client.view.completion?.totalProcessed == 10)
    }

    // MARK: - Reconnect and resume

    /// A dropped connection is reopened after 1 s, and the `sync_request` that follows every open brings
    /// back the count reached meanwhile (D-079).
    @Test func aDroppedConnectionReopensAfterOneSecondAndResumesTheCount() {
        var session = ProgressSession(total: 100)
        session.work(items: 10, spacing: 600)
        session.linkUp = false
        session.dropConnection()
        session.work(items: 5, spacing: 100)
        #expect(session.client.view.processedCount == 10)
        session.linkUp = true
        session.advance(by: 499)
        #expect(session.client.opens == 1)
        session.advance(by: 1)
        #expect(session.client.opens == 2, "reopened 1 s after the drop")
        #expect(session.client.view.processedCount == 15)
        #expect(session.client.view.syncs == 2)
    }

    /// The completion sent while the client was away is not lost: the client reconnects and the sync
    /// answer carries it.
    @Test func aCompletionSentWhileDisconnectedArrivesWithTheResume() {
        var session = ProgressSession(total: 20)
        session.work(items: 12, spacing: 600)
        session.linkUp = false
        session.work(items: 8, spacing: 600)
        session.complete()
        session.advance(by: 1_000)
        #expect(session.client.view.completion == nil)
        session.advance(by: 120_000)
        session.linkUp = true
        session.advance(by: 60_000)
        #expect(session.client.state == .finished)
        #expect(session.client.view.completion?.totalProcessed == 20)
        #expect(session.client.view.processedCount == 20)
        #expect(session.client.opens == 2)
    }

    /// A silent outage (no close seen) is found by the heartbeat: three missed pongs, a reconnect at 95 s
    /// after the last pong, then the backoff while the link stays down.
    @Test func aSilentOutageIsFoundByTheHeartbeatAndRetriedWithBackoff() {
        var session = ProgressSession(total: 10)
        session.advance(by: 31_000)
        session.linkUp = false
        var reconnectAt: Timestamp?
        var waits: [Int64] = []
        var lastRetryAt: Timestamp?
        for _ in 0..<200_000 {
            session.advance(by: 1)
            if case let .waiting(retryAt) = session.client.state, retryAt != lastRetryAt {
                if reconnectAt == nil { reconnectAt = session.now }
                lastRetryAt = retryAt
                waits.append(retryAt.epochMilliseconds - session.now.epochMilliseconds)
            }
        }
        #expect(reconnectAt == Self.at(125_000), "pings at 60, 90 and 120 s unanswered; the last pong was at 30 s")
        #expect(waits.prefix(5) == [1_000, 2_000, 4_000, 8_000, 16_000])
    }

    /// After ten minutes of failed reconnects the client gives up; the job's state stays on the server.
    @Test func theClientGivesUpAfterTenMinutesOfFailure() {
        var session = ProgressSession(total: 10)
        session.linkUp = false
        session.dropConnection()
        session.advance(by: 700_000)
        #expect(session.client.state == .gaveUp)
        #expect(session.client.attempt > 5)
    }

    /// A refused open is final: retrying with the same token cannot help.
    @Test func aRefusedOpenIsNotRetried() {
        var client = ProgressSocketClient(jobId: "j", pipeline: .aiScan, token: "wrong")
        #expect(client.start(at: Self.at(0)) == [.open(reconnect: false)])
        #expect(client.openFailed(status: 401, at: Self.at(1)).isEmpty)
        #expect(client.state == .refused(status: 401))
        #expect(client.deadline == nil)
        #expect(client.fire(at: Self.at(100_000)).isEmpty)
    }

    /// An open that hangs is abandoned after the 10 s handshake timeout and retried.
    @Test func aHangingOpenTimesOutAfterTenSeconds() {
        var client = ProgressSocketClient(jobId: "j", pipeline: .aiScan, token: "t")
        _ = client.start(at: Self.at(0))
        #expect(client.deadline == Self.at(10_000))
        #expect(client.fire(at: Self.at(10_000)) == [.close])
        #expect(client.state == .waiting(retryAt: Self.at(11_000)))
        #expect(client.fire(at: Self.at(11_000)) == [.open(reconnect: true)])
    }

    /// Counts never go backwards for the user, whatever order messages arrive in, and a duplicated or
    /// overtaken progress message is dropped rather than shown.
    @Test func theUsersCountNeverGoesBackwards() {
        var client = ProgressSocketClient(jobId: "j", pipeline: .csvImport, token: "t")
        _ = client.start(at: Self.at(0))
        _ = client.opened(at: Self.at(1))
        var receipts: [String] = []
        for count in [5, 9, 7, 9, 2, 12] {
            let message = ProgressMessage(jobId: "j", pipeline: .csvImport, timestamp: Self.at(2), payload: .progress(ProgressUpdate(processedCount: count, totalCount: 20)))
            switch client.received(ProgressMessageCodec.encode(message), at: Self.at(2)) {
            case .applied: receipts.append("applied")
            case .stale: receipts.append("stale")
            default: receipts.append("other")
            }
        }
        // 7 and 2 were overtaken by 9; the second 9 is the first again (a duplicated frame).
        #expect(receipts == ["applied", "applied", "stale", "stale", "stale", "applied"])
        #expect(client.view.processedCount == 12)
        #expect(client.view.progressMessages == 3)
        // A keep-alive repeats the count with a new time: applied.
        let alive = ProgressMessage(jobId: "j", pipeline: .csvImport, timestamp: Self.at(10_000), payload: .progress(ProgressUpdate(processedCount: 12, totalCount: 20, keepAlive: true)))
        guard case .applied = client.received(ProgressMessageCodec.encode(alive), at: Self.at(10_000)) else {
            Issue.record("a keep-alive was dropped")
            return
        }
    }

    /// Cancel: the `canceled` broadcast, then the loop's completion with `canceled: true`, both seen.
    @Test func aCancelIsBroadcastThenTheLoopsCompletionSaysCanceled() {
        var session = ProgressSession(total: 50)
        session.work(items: 5, spacing: 600)
        session.cancel()
        #expect(session.client.view.cancellation == JobCancellation(message: "Job canceled by user", processedItems: 5, totalItems: 50))
        session.complete()
        #expect(session.client.view.completion?.canceled == true)
        #expect(session.client.state == .finished)
        #expect(session.server.status == .canceled)
    }

    // MARK: - Found by the stateful test

    /// A failure after the last progress message was lost still gives the user the final count: the
    /// error's details carry the success and failure counts (shrunk by the stateful test to "link down,
    /// work 1 item, link up, fail").
    @Test func aFailureCarriesTheFinalCountWhenTheLastProgressWasLost() {
        var session = ProgressSession(total: 5)
        session.linkUp = false
        session.work(items: 1, spacing: 0)
        session.linkUp = true
        session.fail()
        #expect(session.client.state == .finished)
        #expect(session.client.view.processedCount == 1)
        #expect(session.client.view.error?.details.successCount == 1)
        #expect(session.client.view.error?.details.failureCount == 0)
    }

    /// A sync that arrives while the finish waits behind a held report gets the ending at once (found at
    /// ten times the default cases: the snapshot once claimed "complete" without its completion).
    @Test func aSyncDuringADeferredFinishReportsTheEnding() {
        var session = ProgressSession(total: 3)
        session.work(items: 2, spacing: 10)
        session.complete()
        #expect(session.server.pendingTerminal != nil)
        #expect(session.client.state != .finished)
        let snapshot = session.server.snapshot
        #expect(snapshot.status == .complete)
        #expect(snapshot.completion?.totalProcessed == 2)
        session.dropConnection()
        session.advance(by: 1_000)
        #expect(session.client.state == .finished)
        #expect(session.client.view.processedCount == 2)
    }

    /// Job IDs match ignoring ASCII case only, as the registry's keys do (D-024).
    @Test(arguments: [
        ("550E8400-E29B-41D4-A716-446655440000", "550e8400-e29b-41d4-a716-446655440000", true),
        ("job-a", "job-a", true), ("job-a", "job-b", false), ("job-a", "job-a ", false),
        ("ab@", "ab`", false), ("ab[", "ab{", false), ("é", "É", false),
    ])
    func jobIdsMatchIgnoringASCIICaseOnly(a: String, b: String, same: Bool) {
        #expect(BackendJobRegistry.sameJob(a, b) == same)
        #expect((BackendJobRegistry.key(a) == BackendJobRegistry.key(b)) == same)
    }
}
