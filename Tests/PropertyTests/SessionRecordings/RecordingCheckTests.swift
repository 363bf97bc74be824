import Foundation
import Generators
import Scenarios
import SessionRecordings
import Simulator
import SpecModel
import SpecRules
import SpecTesting
import Testing
import Workloads

/// The checker for recorded sessions (issue 23, part 2): the simulator's own recordings pass, wrong
/// servers and clients are caught by the rule they break, with a minimal witness, and bad lines are
/// typed errors that name their line.
@Suite struct RecordingCheckTests {
    static let jobId = ProgressRun.jobId
    static let start = ProgressUpdateStream.startDefault

    /// A read of the recording that fails.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "the disk went away" }
    }

    /// Checks `lines` as a file, in chunks of `chunkBytes`, and returns the exit status and the report.
    /// With `failingAfter`, the read fails (`Unreadable`) once that many bytes are read.
    static func check(_ lines: [String], arguments: [String] = [], chunkBytes: Int = 4_096, failingAfter readable: Int? = nil) -> (status: Int32, output: String) {
        guard case let .check(invocation) = SessionCheckCommand.parse(["recording.jsonl"] + arguments) else {
            Issue.record("the arguments \(arguments) did not parse")
            return (2, "")
        }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        let readable = readable ?? bytes.count
        var offset = 0
        var output = ""
        let status = SessionCheckCommand.check(invocation, nextChunk: {
            guard offset < readable else {
                if readable < bytes.count { throw Unreadable() }
                return nil
            }
            let end = min(offset + chunkBytes, readable)
            defer { offset = end }
            return Array(bytes[offset..<end])
        }, write: { output += $0 }, startThread: { Thread.detachNewThread($0) })
        return (status, output)
    }

    /// The violations of `lines`, checked by the library directly.
    static func violations(_ lines: [String], options: RecordingChecker.Options = .init()) -> [RecordingChecker.Violation] {
        var checker = RecordingChecker(options: options)
        var found: [RecordingChecker.Violation] = []
        for (index, line) in lines.enumerated() { found += checker.feed(Array(line.utf8), number: index + 1) }
        return found + checker.finish()
    }

    static func recording(_ configuration: ProgressRun.Configuration, seed: UInt64 = 1) -> [String] {
        var configuration = configuration
        configuration.recordsRecording = true
        return ProgressRun.run(seed: seed, configuration).recording
    }

    /// The stream where the seed's milestone bypasses the interval (O-01): 24 at once (first), 25 at
    /// +100 ms (a milestone, sent at once), 26 at +200 ms (held and flushed at +600 ms).
    static let milestoneStream = ProgressUpdateStream(totalCount: 100, events: [
        .init(gapMilliseconds: 0, kind: .report(processedCount: 24)),
        .init(gapMilliseconds: 100, kind: .report(processedCount: 25)),
        .init(gapMilliseconds: 100, kind: .report(processedCount: 26)),
        .init(gapMilliseconds: 2_000, kind: .finish),
    ])

    // MARK: - The model's own recordings pass

    /// A calm 200-book run of the model, both sides recorded: every line checked, nothing broken.
    @Test func theModelsCalmRunIsClean() {
        let lines = Self.recording(ProgressRun.Configuration(items: 200))
        #expect(lines.count > 300)
        let (status, output) = Self.check(lines)
        #expect(status == 0, "\(output)")
        #expect(output.contains("lines read \(lines.count), checked \(lines.count), skipped 0"))
        #expect(output.hasSuffix("clean\n"))
    }

    /// A recording with no line checked is neither clean nor broken: an empty one, and one of empty
    /// lines only, say there was nothing to check and exit 3; one checked line is enough to be clean.
    @Test func aRecordingWithNoLineCheckedSaysThereWasNothingToCheck() {
        let empty = Self.check([])
        #expect(empty.status == SessionCheckCommand.nothingCheckedStatus && empty.status == 3)
        #expect(empty.output == "lines read 0, checked 0, skipped 0\njobs 0; violations 0\nnothing to check: the recording is empty\n")
        let blank = Self.check(["", ""])
        #expect(blank.status == 3)
        #expect(blank.output.hasSuffix("skipped 2: 2 empty line\njobs 0; violations 0\nnothing to check: every line was skipped\n"), "\(blank.output)")
        let one = Self.check(["", Self.recording(ProgressRun.Configuration(items: 30))[0]])
        #expect(one.status == 0, "\(one.output)")
        #expect(one.output.hasSuffix("checked 1, skipped 1: 1 empty line\njobs 1; violations 0\nclean\n"), "\(one.output)")
        #expect(!empty.output.contains("clean") && !blank.output.contains("clean"))
    }

    /// A run that fails at the end, and one with a lossy network healed later: the model keeps the
    /// rules whatever the network does.
    @Test(arguments: [false, true]) func theModelsFaultyRunsAreClean(failsAtEnd: Bool) {
        var faults = FaultOptions.calm
        faults.lossPartsPerMillion = 50_000
        let configuration = ProgressRun.Configuration(
            items: 150, failsAtEnd: failsAtEnd, faults: faults, healAtNanoseconds: 60_000 * FaultOptions.millisecond
        )
        for seed: UInt64 in 1...3 {
            let lines = Self.recording(configuration, seed: seed)
            let found = Self.violations(lines)
            #expect(found.isEmpty, "seed \(seed): \(found.map(SessionCheckCommand.text).joined())")
        }
    }

    /// The reference throttle on the milestone stream keeps the rate.
    @Test func theReferenceThrottlesRecordingIsClean() {
        let trace = ThrottleRun.run(Self.milestoneStream, with: ProgressThrottle())
        #expect(Self.violations(SessionRecording.serverSide(of: trace, jobId: Self.jobId)).isEmpty)
    }

    // MARK: - Wrong servers and clients are caught

    /// The seed's literal throttle (`SeedProgressThrottle`) sends 24, 25 and 26 within 600 ms: flagged
    /// THROTTLE-01 at the third, with exactly those three messages as the witness.
    @Test func theSeedsLiteralThrottleIsFlaggedWithThreeMessagesInASecond() throws {
        let trace = ThrottleRun.run(Self.milestoneStream, with: SeedProgressThrottle())
        let lines = SessionRecording.serverSide(of: trace, jobId: Self.jobId)
        let found = Self.violations(lines)
        let rate = try #require(found.first { $0.failure.rule == .rate })
        #expect(rate.failure.line == 4)
        #expect(rate.witness.count == 3)
        #expect(rate.witness == Array(lines[1...3]))
        #expect(rate.witness.allSatisfy { $0.contains("\"job_progress\"") })
        #expect(rate.failure.stateBefore.contains("2 progress sent"))
        let (status, output) = Self.check(lines)
        #expect(status == 1)
        #expect(output.contains("VIOLATION THROTTLE-01 at line 4"))
        #expect(output.contains("witness (3 lines)"))
    }

    /// The seed's throttle still sends a report that comes after the completion: SOCKET-09, witnessed
    /// by the terminal message and the progress after it.
    @Test func aServerThatSendsAfterTheTerminalMessageIsFlagged() throws {
        let stream = ProgressUpdateStream(totalCount: 10, events: [
            .init(gapMilliseconds: 0, kind: .report(processedCount: 10)),
            .init(gapMilliseconds: 600, kind: .finish),
            .init(gapMilliseconds: 600, kind: .report(processedCount: 10)),
        ])
        let lines = SessionRecording.serverSide(of: ThrottleRun.run(stream, with: SeedProgressThrottle()), jobId: Self.jobId)
        let after = try #require(Self.violations(lines).first { $0.failure.rule == .oneTerminal })
        #expect(after.witness.count == 2)
        #expect(after.witness[0].contains("job_complete") && after.witness[1].contains("job_progress"))
        #expect(after.failure.stateBefore.contains("ended with job_complete"))
    }

    /// A client that does not send `sync_request` after its socket opens (the model's run with the
    /// app's sync requests taken out): RECONNECT-11 at the first open (RECONNECT-03 at a reopen).
    @Test func aClientThatDoesNotSyncAfterOpeningIsFlagged() throws {
        let lines = Self.recording(ProgressRun.Configuration(items: 100)).filter { !($0.contains("\"side\":\"app\"") && $0.contains("sync_request")) }
        let noSync = try #require(Self.violations(lines).first { $0.failure.rule == .syncAfterFirstOpen })
        #expect(lines[noSync.failure.line - 1].contains("\"kind\":\"open\""))
        #expect(noSync.witness.count == 2, "the open and an app line past its deadline: \(noSync.witness)")
    }

    /// A server that goes backwards, and one whose completion does not carry the count it sent.
    @Test func countsGoingBackAndAWrongFinalCountAreFlagged() {
        let message = { (at: Int64, payload: ProgressPayload) in
            SessionRecording.frame(.server, at: Self.start.adding(milliseconds: at), ProgressMessage(jobId: Self.jobId, pipeline: .csvImport, timestamp: Self.start.adding(milliseconds: at), payload: payload))
        }
        let lines = [
            message(0, .progress(ProgressUpdate(processedCount: 5, totalCount: 10))),
            message(600, .progress(ProgressUpdate(processedCount: 4, totalCount: 10))),
            message(1_200, .complete(JobCompletion(canceled: false, totalProcessed: 10, totalCount: 10, successCount: 10, failureCount: 0, durationMilliseconds: 1_200))),
        ]
        let rules = Self.violations(lines).map(\.failure.rule.id)
        #expect(rules == ["THROTTLE-04", "THROTTLE-03"])
    }

    // MARK: - Heartbeat and reconnect

    static func at(_ offset: Int64) -> Timestamp { start.adding(milliseconds: offset) }

    static func appSends(_ offset: Int64, _ payload: ProgressPayload, side: RecordingLine.Side = .app) -> String {
        SessionRecording.frame(side, at: at(offset), ProgressMessage(jobId: jobId, pipeline: .batchEnrichment, timestamp: at(offset), payload: payload))
    }

    static func ping(_ offset: Int64, side: RecordingLine.Side = .app) -> String {
        appSends(offset, .ping(Ping(clientTime: at(offset).epochMilliseconds)), side: side)
    }

    static let opened = [
        SessionRecording.connect(at: at(0), jobId: jobId, reconnect: false),
        SessionRecording.open(at: at(80), jobId: jobId),
        appSends(80, .syncRequest(SyncRequest(lastProcessedCount: nil))),
        appSends(160, .syncResponse(JobSnapshot(status: .running, processedCount: 0, totalCount: 10))),
    ]

    // MARK: - Rules added for issue 23: HEART-02, RECONNECT-02, -04, -05, THROTTLE-06, SOCKET-09 exactly once

    /// HEART-02: a ping without `clientTime`, or with one far off the app's clock, is flagged; one at
    /// the app's clock (the model's) and one within "at once" of it are not.
    @Test func aPingWithoutTheAppsClockIsFlagged() {
        let off = { (offset: Int64, clientTime: Int64?) in Self.appSends(offset, .ping(Ping(clientTime: clientTime))) }
        #expect(Self.violations(Self.opened + [off(30_080, Self.at(30_080).epochMilliseconds + 1_000)]).isEmpty)
        #expect(Self.violations(Self.opened + [off(30_080, Self.at(30_080).epochMilliseconds + 1_001)]).map(\.failure.rule.id) == ["HEART-02"])
        #expect(Self.violations(Self.opened + [off(30_080, nil)]).map(\.failure.rule.id) == ["HEART-02"])
        #expect(Self.violations(Self.opened + [off(30_080, 0)]).first?.failure.message.contains("off the app's clock") == true)
    }

    /// RECONNECT-04: a sync_request unanswered for 5 s is sent again; the 6,000 ms deadline (5 s and
    /// "at once") holds on both sides, and an answer or the socket closing ends the wait.
    @Test func aSyncRequestThatIsNotRetriedIsFlagged() {
        let base = Array(Self.opened.prefix(3))
        let request = { (offset: Int64) in Self.appSends(offset, .syncRequest(SyncRequest(lastProcessedCount: nil))) }
        let later = Self.appSends(20_000, .progress(ProgressUpdate(processedCount: 1, totalCount: 10)))
        #expect(Self.violations(base + [request(6_080), request(12_080), Self.opened[3].replacingOccurrences(of: "\"t_ms\":\(Self.at(160).epochMilliseconds)", with: "\"t_ms\":\(Self.at(12_100).epochMilliseconds)"), later]).isEmpty)
        let late = Self.violations(base + [request(6_081), later])
        #expect(late.map(\.failure.rule.id) == ["RECONNECT-04"], "\(late.map(\.failure))")
        #expect(late.first?.failure.line == 3)
        #expect(Self.violations(base + [SessionRecording.disconnect(at: Self.at(3_000), jobId: Self.jobId, reason: "dropped"), SessionRecording.connect(at: Self.at(4_000), jobId: Self.jobId, reconnect: true)]).isEmpty)
    }

    /// The simulator's `sync-once` canary, a client that never asks again, writes a recording that
    /// RECONNECT-04 flags: a wrong session from a wrong implementation, not an edited recording.
    @Test func theSyncOnceCanarysRecordingIsFlagged() throws {
        var configuration = ProgressRun.Configuration(items: 20, faults: FaultOptions.calm.scripting([
            .init(from: ProgressRun.backend, to: ProgressRun.app, frame: 1, message: "sync_response", fate: .lost),
        ]), clientSyncRetryMilliseconds: nil)
        configuration.recordsRecording = true
        let lines = ProgressRun.run(seed: 1, configuration).recording
        let found = Self.violations(lines)
        #expect(found.map(\.failure.rule.id).contains("RECONNECT-04"), "\(found.map(\.failure))")
        configuration.clientSyncRetryMilliseconds = ProgressSocketClient.syncRetryMillisecondsDefault
        #expect(Self.violations(ProgressRun.run(seed: 1, configuration).recording).isEmpty)
    }

    /// RECONNECT-05: an open that neither completes nor fails within 10 s (+1 s) is flagged.
    @Test func anOpenThatHangsIsFlagged() {
        let connect = SessionRecording.connect(at: Self.at(0), jobId: Self.jobId, reconnect: false)
        let later = { (offset: Int64) in Self.appSends(offset, .progress(ProgressUpdate(processedCount: 1, totalCount: 10))) }
        #expect(Self.violations([connect, SessionRecording.disconnect(at: Self.at(11_000), jobId: Self.jobId, reason: "timed out"), SessionRecording.connect(at: Self.at(12_000), jobId: Self.jobId, reconnect: true), SessionRecording.open(at: Self.at(12_100), jobId: Self.jobId), Self.appSends(12_100, .syncRequest(SyncRequest(lastProcessedCount: nil))), Self.appSends(12_200, .syncResponse(JobSnapshot(status: .running, processedCount: 0, totalCount: 10)))]).isEmpty)
        let found = Self.violations([connect, later(11_001)])
        #expect(found.map(\.failure.rule.id) == ["RECONNECT-05"])
    }

    /// RECONNECT-02: after a failure the app opens again; an app that stops after two failures a minute
    /// apart is flagged, one that stops at a failure ten minutes into its failures is not, and one that
    /// opens after that is.
    @Test func anAppThatGivesUpTooSoonOrTooLateIsFlagged() {
        let drop = { (offset: Int64) in SessionRecording.disconnect(at: Self.at(offset), jobId: Self.jobId, reason: "dropped") }
        let connect = { (offset: Int64) in SessionRecording.connect(at: Self.at(offset), jobId: Self.jobId, reconnect: true) }
        let later = { (offset: Int64) in Self.appSends(offset, .progress(ProgressUpdate(processedCount: 1, totalCount: 10))) }
        // Failures at 5 s and then every 30 s: the eleventh failure is 300 s in, the app must go on.
        var lines = Self.opened + [drop(5_000), connect(6_000), drop(6_100)]
        #expect(Self.violations(lines + [connect(8_100)]).isEmpty)
        let stopped = Self.violations(lines + [later(60_000)])
        #expect(stopped.map(\.failure.rule.id) == ["RECONNECT-02"], "\(stopped.map(\.failure))")
        // Failing from 5 s to 605 s: the app gives up; opening again is flagged.
        lines = Self.opened + [drop(5_000)]
        var time: Int64 = 5_000
        var attempt = 1
        while time - 5_000 < 600_000 {
            time += ReconnectPolicy().delay(beforeAttempt: attempt)
            attempt += 1
            lines += [connect(time), drop(time + 10)]
            time += 10
        }
        #expect(Self.violations(lines + [later(time + 60_000)]).isEmpty, "\(Self.violations(lines + [later(time + 60_000)]).map(\.failure))")
        #expect(Self.violations(lines + [connect(time + 30_000)]).map(\.failure.rule.id) == ["RECONNECT-02"])
        // After the job's end the app closes and does not come back.
        let ended = Self.opened + [Self.appSends(3_000, .complete(JobCompletion(canceled: false, totalProcessed: 10, totalCount: 10, successCount: 10, failureCount: 0, durationMilliseconds: 3_000))), drop(3_100), later(60_000)]
        #expect(Self.violations(ended).isEmpty)
    }

    /// RECONNECT-06: an open refused with an HTTP status is final. Nothing is awaited after the
    /// refusal (no RECONNECT-02), a complete recording needs no terminal message for a job whose app
    /// was refused (D-138), and an app that opens again is flagged, its witness the refusal and the
    /// open.
    @Test func anAppThatReopensAfterARefusalIsFlagged() throws {
        let connect = { (offset: Int64) in SessionRecording.connect(at: Self.at(offset), jobId: Self.jobId, reconnect: true) }
        let drop = SessionRecording.disconnect(at: Self.at(5_000), jobId: Self.jobId, reason: "dropped")
        let refused = SessionRecording.disconnect(at: Self.at(6_100), jobId: Self.jobId, reason: "open refused (HTTP 401)", refusedWith: 401)
        let progress = Self.appSends(7_000, .progress(ProgressUpdate(processedCount: 2, totalCount: 10)), side: .server)
        // The app's own line a minute later: its clock went past every deadline a failure would set.
        let appLater = Self.appSends(60_000, .progress(ProgressUpdate(processedCount: 1, totalCount: 10)))
        let stopped = Self.opened + [drop, connect(6_000), refused, progress, appLater, Self.appSends(90_000, .progress(ProgressUpdate(processedCount: 3, totalCount: 10)), side: .server)]
        var complete = RecordingChecker.Options()
        complete.limits.sessionsComplete = true
        #expect(Self.violations(stopped, options: complete).isEmpty, "\(Self.violations(stopped, options: complete).map(\.failure))")
        // The same failure without its status is a network failure: the app must open again.
        let unrefused = stopped.map { $0 == refused ? SessionRecording.disconnect(at: Self.at(6_100), jobId: Self.jobId, reason: "open failed") : $0 }
        #expect(Self.violations(unrefused).map(\.failure.rule.id) == ["RECONNECT-02"])
        let found = Self.violations(Self.opened + [drop, connect(6_000), refused, connect(8_100)])
        #expect(found.map(\.failure.rule.id) == ["RECONNECT-06"], "\(found.map(\.failure))")
        let violation = try #require(found.first)
        #expect(violation.failure.line == 8)
        #expect(violation.failure.message.contains("HTTP 401 at line 7"))
        #expect(violation.failure.stateBefore.contains("open refused with HTTP 401 at line 7"))
        #expect(violation.witness == [refused, connect(8_100)])
        // The refusal's status is read by the plain reader; a status that is not one is a typed error.
        let (status, output) = Self.check(Self.opened + [drop, connect(6_000), refused.replacing("\"status\":401", with: "\"status\":600")])
        #expect(status == 1 && output.contains("MALFORMED line 7: field status"), "\(output)")
        #expect(RecordingLineScanner._read(Array(refused.utf8), number: 1) == nil, "the scanner leaves the refusal to the plain reader")
    }

    /// THROTTLE-06: a keep-alive 10 s after the previous progress message is kept, one sooner is
    /// flagged; the same message to two connections (two lines at one time) is one message.
    @Test func aKeepAliveSoonerThanTenSecondsIsFlagged() {
        let progress = { (offset: Int64, keepAlive: Bool) in Self.appSends(offset, .progress(ProgressUpdate(processedCount: 3, totalCount: 10, keepAlive: keepAlive)), side: .server) }
        #expect(Self.violations([progress(0, false), progress(10_000, true), progress(10_000, true), progress(20_000, true)]).isEmpty)
        let found = Self.violations([progress(0, false), progress(9_999, true)])
        #expect(found.map(\.failure.rule.id) == ["THROTTLE-06"])
    }

    /// SOCKET-09 with `--complete`: a job that never sends its terminal message is flagged; without
    /// the flag the recording may simply have stopped first.
    @Test func aCompleteRecordingWithoutATerminalMessageIsFlagged() {
        let lines = Self.recording(ProgressRun.Configuration(items: 20)).filter { !$0.contains("job_complete") }
        #expect(Self.violations(lines).isEmpty)
        var options = RecordingChecker.Options()
        options.limits.sessionsComplete = true
        let found = Self.violations(lines, options: options)
        #expect(found.map(\.failure.rule.id) == ["SOCKET-09"], "\(found.map(\.failure))")
        #expect(found.first?.failure.message.contains("sent no terminal message") == true)
        #expect(Self.violations(Self.recording(ProgressRun.Configuration(items: 20)), options: options).isEmpty)
        let (status, output) = Self.check(lines, arguments: ["--complete"])
        #expect(status == 1 && output.contains("SOCKET-09"), "\(output)")
    }

    /// HEART-01: a ping 10 s after the open is too soon; pings 30 s apart are not.
    @Test func aPingSoonerThanTheIntervalIsFlagged() {
        #expect(Self.violations(Self.opened + [Self.ping(30_080), Self.ping(60_080)]).isEmpty)
        let found = Self.violations(Self.opened + [Self.ping(10_000)])
        #expect(found.map(\.failure.rule.id) == ["HEART-01"])
        #expect(found.first?.witness.count == 2)
    }

    /// HEART-04: three pings in a row without a pong, and the app still pinging 25 s after the third
    /// one's deadline instead of dropping the socket.
    @Test func anAppThatKeepsASilentSocketIsFlagged() {
        let pings = [30_080, 60_080, 90_080, 120_080].map { Self.ping(Int64($0)) }
        let found = Self.violations(Self.opened + pings)
        #expect(found.map(\.failure.rule.id) == ["HEART-04"])
        #expect(found.first?.failure.line == 7, "the third ping")
        let dropped = Self.opened + pings.prefix(3) + [SessionRecording.disconnect(at: Self.at(95_080), jobId: Self.jobId, reason: "missed pongs")]
        #expect(Self.violations(dropped).isEmpty)
    }

    /// RECONNECT-01: the first retry after a drop waits 1 s; one after 500 ms is flagged, one after
    /// 1 s is not.
    @Test func aReconnectSoonerThanThePolicyIsFlagged() {
        let drop = SessionRecording.disconnect(at: Self.at(5_000), jobId: Self.jobId, reason: "dropped")
        let retry = { (offset: Int64) in [SessionRecording.connect(at: Self.at(offset), jobId: Self.jobId, reconnect: true)] }
        #expect(Self.violations(Self.opened + [drop] + retry(6_000)).isEmpty)
        let found = Self.violations(Self.opened + [drop] + retry(5_500))
        #expect(found.map(\.failure.rule.id) == ["RECONNECT-01"])
        #expect(found.first?.witness.count == 2)
    }

    /// SOCKET-01: a ping the server received and never answered, seen once the server's recording goes
    /// past the pong timeout.
    @Test func aServerThatDoesNotAnswerAPingIsFlagged() {
        let progress = Self.appSends(40_000, .progress(ProgressUpdate(processedCount: 1, totalCount: 10)), side: .server)
        let answered = [Self.ping(30_000, side: .server), Self.appSends(30_000, .pong(Pong(clientTime: Self.at(30_000).epochMilliseconds, serverTime: 0)), side: .server), progress]
        #expect(Self.violations(answered).isEmpty)
        let found = Self.violations([Self.ping(30_000, side: .server), progress])
        #expect(found.map(\.failure.rule.id) == ["SOCKET-01"])
        #expect(found.first?.witness.count == 2)
        #expect(Self.violations([Self.ping(30_000, side: .server)]).isEmpty, "a recording that stops before the deadline proves nothing")
    }

    // MARK: - The cancel flow

    static func cancelFlow(broadcast: Bool, canceledCompletion: Bool) -> [String] {
        let at = { (offset: Int64) in Self.start.adding(milliseconds: offset) }
        var lines = [
            SessionRecording.frame(.server, at: at(0), ProgressMessage(jobId: Self.jobId, pipeline: .batchEnrichment, timestamp: at(0), payload: .progress(ProgressUpdate(processedCount: 3, totalCount: 10)))),
            SessionRecording.cancel(at: at(700), jobId: Self.jobId, status: 200),
        ]
        if broadcast {
            lines.append(SessionRecording.frame(.server, at: at(700), ProgressMessage(jobId: Self.jobId, pipeline: .batchEnrichment, timestamp: at(700), payload: .canceled(JobCancellation(message: "Job canceled by user", processedItems: 3, totalItems: 10)))))
        }
        lines.append(SessionRecording.frame(.server, at: at(2_000), ProgressMessage(jobId: Self.jobId, pipeline: .batchEnrichment, timestamp: at(2_000), payload: .complete(JobCompletion(
            canceled: canceledCompletion, totalProcessed: 3, totalCount: 10, successCount: 3, failureCount: 0, durationMilliseconds: 2_000
        )))))
        return lines
    }

    /// A cancel answered 200, the `canceled` broadcast, and the loop's `job_complete` with
    /// `canceled: true`: clean. Without the broadcast: CANCEL-02; completed as not canceled: REC-02.
    @Test func theCancelFlowIsChecked() {
        #expect(Self.violations(Self.cancelFlow(broadcast: true, canceledCompletion: true)).isEmpty)
        #expect(Self.violations(Self.cancelFlow(broadcast: false, canceledCompletion: true)).map(\.failure.rule.id) == ["CANCEL-02"])
        #expect(Self.violations(Self.cancelFlow(broadcast: true, canceledCompletion: false)).map(\.failure.rule.id) == ["REC-02"])
    }

    // MARK: - Lines: order, jobs, bad lines

    /// Lines shuffled within the tolerance are put back in order; several jobs interleaved are checked
    /// apart, and a violation names its job.
    @Test func interleavedJobsOutOfOrderWithinTheToleranceAreCheckedApart() throws {
        let clean = Self.recording(ProgressRun.Configuration(items: 60)).map { $0.replacingOccurrences(of: Self.jobId, with: "job-a") }
        let seedLines = SessionRecording.serverSide(of: ThrottleRun.run(Self.milestoneStream, with: SeedProgressThrottle()), jobId: "job-b")
        var merged = clean
        merged.insert(contentsOf: seedLines, at: 10)
        // Swap neighbours: each pair is at most a few hundred ms apart.
        for index in stride(from: 20, to: merged.count - 1, by: 7) { merged.swapAt(index, index + 1) }
        let found = Self.violations(merged)
        #expect(found.map(\.failure.rule.id) == ["THROTTLE-01"])
        #expect(found.first?.jobId == "job-b")
        #expect(found.first?.witness.count == 3)
        // Two of the server's progress frames, 600 ms apart, swapped in the file: put back in time
        // order, no count goes back; read in file order, THROTTLE-04 would break.
        var swapped = clean
        let server = swapped.indices.filter { swapped[$0].contains("\"job_progress\"") && swapped[$0].contains("\"side\":\"server\"") }
        swapped.swapAt(server[10], server[11])
        #expect(Self.violations(swapped).isEmpty, "\(Self.violations(swapped).map(\.failure.message))")
        var options = RecordingChecker.Options()
        options.toleranceMilliseconds = 0
        #expect(Self.violations(swapped, options: options).map(\.failure.rule.id).contains("THROTTLE-04"), "without the tolerance, the swap breaks THROTTLE-04")
    }

    /// A line further back than the tolerance is read as the side's clock stepping back: checked after
    /// the lines before it, reported, and not an error.
    @Test func aLineFurtherBackThanTheToleranceIsAClockStep() {
        let at = { (offset: Int64) in Self.start.adding(milliseconds: offset) }
        let progress = { (offset: Int64, count: Int) in
            SessionRecording.frame(.server, at: at(offset), ProgressMessage(jobId: Self.jobId, pipeline: .aiScan, timestamp: at(offset), payload: .progress(ProgressUpdate(processedCount: count, totalCount: 10))))
        }
        let lines = [progress(0, 1), progress(5_000, 2), progress(1_000, 3), progress(2_000, 4), progress(3_000, 5)]
        let (status, output) = Self.check(lines, arguments: ["--tolerance-ms", "100"])
        #expect(status == 0, "\(output)")
        #expect(output.contains("CLOCK line 3: the server side's t_ms steps back 4000 ms"))
        #expect(output.contains("clock steps back 1"))
    }

    /// The skewed-clocks scenario: the app's clock jumps back 20 s mid-job and the backend's forward a
    /// minute; the model's recording is clean, the app's step read as such.
    @Test func theModelsRunOnSkewedClocksIsClean() {
        let ms = FaultOptions.millisecond
        let lines = Self.recording(ProgressRun.Configuration(
            items: 300,
            appClock: NodeClock(offsetNanoseconds: 3_000 * Int64(ms), driftPartsPerMillion: 1_000, jumps: [.init(atTrueNanoseconds: 100_000 * ms, byNanoseconds: -20_000 * Int64(ms))]),
            backendClock: NodeClock(driftPartsPerMillion: -500, jumps: [.init(atTrueNanoseconds: 150_000 * ms, byNanoseconds: 60_000 * Int64(ms))])
        ))
        let (status, output) = Self.check(lines)
        #expect(status == 0, "\(output)")
        #expect(output.contains("clock steps back 1"))
    }

    /// A malformed line is a typed error naming its line, and the check goes on; with --strict it
    /// stops there. Unknown kinds and other versions are skipped with their reasons.
    @Test func badLinesAreTypedErrorsAndUnknownKindsAreSkipped() {
        let good = Self.recording(ProgressRun.Configuration(items: 10))
        let lines = [good[0], "{not json", "[1,2]", #"{"v":1,"side":"sideways","kind":"frame"}"#, #"{"v":1,"side":"app","kind":"screenshot","t_ms":1}"#,
                     #"{"v":2,"side":"app","kind":"frame"}"#, #"{"v":1,"side":"server","kind":"frame","t_ms":"soon","jobId":"x","frame":{}}"#] + good.dropFirst()
        let (status, output) = Self.check(lines)
        #expect(status == 1)
        #expect(output.contains("MALFORMED line 2: the line is not JSON"))
        #expect(output.contains("MALFORMED line 3: the line is JSON but not an object"))
        #expect(output.contains("MALFORMED line 4: field side"))
        #expect(output.contains("MALFORMED line 7: field t_ms"))
        #expect(output.contains("1 kind \"screenshot\""))
        #expect(output.contains("1 format version 2"))
        #expect(output.contains("4 malformed"))
        #expect(output.contains("violations 0"))
        let strict = Self.check(lines, arguments: ["--strict"])
        #expect(strict.status == 1)
        #expect(strict.output.contains("stopped at the first malformed line (--strict): line 2"))
    }

    /// A frame that is not a protocol message breaks REC-03, with the codec's reason.
    @Test func anUndecodableFrameBreaksTheCodecRule() {
        let line = #"{"v":1,"side":"server","kind":"frame","t_ms":5,"jobId":"j1","frame":{"type":"job_progress","jobId":"j1","version":"2.0.0"}}"#
        let found = Self.violations([line])
        #expect(found.map(\.failure.rule.id) == ["REC-03"])
        #expect(found.first?.failure.message.contains("version") == true)
        #expect(found.first?.witness == [line])
    }

    /// The splitter hands over lines across chunk boundaries, and a line over the limit is reported by
    /// its length without being kept.
    @Test(arguments: [1, 3, 64]) func theSplitterFindsLinesAcrossChunks(chunkBytes: Int) {
        var splitter = RecordingLineSplitter(lineBytesMax: 10)
        let text = Array("short\n0123456789abc\n\nlast".utf8)
        var found: [String] = []
        var offset = 0
        while offset < text.count {
            let end = min(offset + chunkBytes, text.count)
            splitter.split(Array(text[offset..<end])) { line in
                switch line {
                case let .bytes(bytes, number): found.append("\(number):\(String(decoding: bytes, as: UTF8.self))")
                case let .tooLong(bytes, number): found.append("\(number):too long \(bytes)")
                }
            }
            offset = end
        }
        if case let .bytes(bytes, number)? = splitter.finish() { found.append("\(number):\(String(decoding: bytes, as: UTF8.self))") }
        #expect(found == ["1:short", "2:too long 13", "3:", "4:last"])
    }

    /// Reading ahead on a second thread changes nothing: the report is byte for byte the one read and
    /// checked on one thread, whatever the chunks, with malformed and overlong lines, a last line
    /// without its newline, clock steps, violations, and a strict check that stops early.
    @Test(arguments: [13, 4_096, 1 << 20]) func aCheckReportsTheSameOnOneThreadAndOnTwo(chunkBytes: Int) {
        var flaky = FaultOptions.calm
        flaky.lossPartsPerMillion = 200_000
        var lines = Self.recording(ProgressRun.Configuration(items: 30, faults: flaky))
        lines.insert("{not json", at: 7)
        lines.insert(String(repeating: "x", count: RecordingLine.lineBytesMax + 1), at: 11)
        lines.insert("", at: 13)
        // A server line two seconds back: a clock step; a count going back: THROTTLE-04.
        lines.insert(#"{"v":1,"side":"server","kind":"open","t_ms":1,"jobId":"\#(Self.jobId)"}"#, at: 40)
        if let index = lines.lastIndex(where: { $0.contains("\"processedCount\":20,") && $0.contains("\"side\":\"server\"") }) {
            lines[index] = lines[index].replacingOccurrences(of: "\"processedCount\":20,", with: "\"processedCount\":2,")
        }
        for arguments in [[], ["--strict"], ["--complete"], ["--plain-reader"]] {
            let two = Self.check(lines, arguments: arguments, chunkBytes: chunkBytes)
            let one = Self.check(lines, arguments: arguments + ["--one-thread"], chunkBytes: chunkBytes)
            #expect(two.status == one.status, "\(arguments)")
            #expect(two.output == one.output, "\(arguments): the reports differ")
            #expect(two.output.contains("MALFORMED line 8"), "\(arguments)")
        }
        let report = Self.check(lines, chunkBytes: chunkBytes).output
        #expect(report.contains("VIOLATION THROTTLE-04"))
        #expect(report.contains("CLOCK line 41"))
        #expect(report.contains("MALFORMED line 12: the line is \(RecordingLine.lineBytesMax + 1) bytes"))
        // Every line is read, then checked or skipped: the overlong one too.
        #expect(report.contains("lines read \(lines.count), checked \(lines.count - 3), skipped 3: 1 empty line, 2 malformed"))
        // The last line without its newline is still read.
        var unterminated = Array(lines.map { $0 + "\n" }.joined().utf8)
        unterminated.removeLast()
        for readsAhead in [true, false] {
            guard case var .check(invocation) = SessionCheckCommand.parse(["r.jsonl"]) else { return }
            invocation.readsAhead = readsAhead
            var offset = 0
            var output = ""
            _ = SessionCheckCommand.check(invocation, nextChunk: {
                guard offset < unterminated.count else { return nil }
                let end = min(offset + chunkBytes, unterminated.count)
                defer { offset = end }
                return Array(unterminated[offset..<end])
            }, write: { output += $0 })
            #expect(output.contains("lines read \(lines.count),"), "reads ahead: \(readsAhead)")
        }
    }

    /// A recording that cannot be read to its end: the lines read whole before the failure are checked
    /// and counted, on one thread and on two; the line it cut short is not, and no job is ended, so a
    /// complete recording's jobs without their ending break nothing; the report names the byte and the
    /// reason, is not `clean`, and the status is 2. A failure at the first byte reads nothing, and one
    /// within a chunk (its bytes before the failure handed over first) counts those bytes.
    @Test(arguments: [0, 1_000, 3_000, 3_500]) func aReadThatFailsStopsTheCheckWithStatusTwo(readable: Int) throws {
        let lines = Self.recording(ProgressRun.Configuration(items: 30))
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        try #require(readable < bytes.count, "the failure comes before the end")
        // The lines whole within the bytes read before the failure.
        let whole = bytes[..<readable].filter { $0 == 0x0A }.count
        for arguments in [["--complete"], ["--complete", "--one-thread"]] {
            let (status, output) = Self.check(lines, arguments: arguments, chunkBytes: 1_000, failingAfter: readable)
            #expect(status == 2, "\(arguments)")
            #expect(output.contains("stopped: the recording could not be read past byte \(readable): the disk went away\n"), "\(arguments)")
            #expect(output.contains("lines read \(whole), checked \(whole), skipped 0\n"), "\(arguments): \(output.suffix(300))")
            #expect(output.contains("violations 0\n"), "\(arguments): no job is ended")
            #expect(!output.contains("clean"), "\(arguments)")
        }
    }

    /// With `--strict`, a malformed line before a failed read stops the check there, with status 1,
    /// whether the failed read came ahead of the check (on two threads) or was never asked for (on one):
    /// the same report either way.
    ///
    /// The failure comes at the second, third or fifth read: on two threads the third read comes before
    /// the first chunk is checked (`RecordingReadAhead.chunksAhead` is 2), so it fails ahead of the stop.
    @Test(arguments: [1_000, 2_000, 4_000]) func aStrictCheckStopsAtItsMalformedLineBeforeAReadThatFails(readable: Int) throws {
        var lines = Self.recording(ProgressRun.Configuration(items: 30))
        lines.insert("{not json", at: 2)
        try #require(lines.prefix(3).map { $0.utf8.count + 1 }.reduce(0, +) <= 1_000, "the malformed line is in the first chunk")
        let two = Self.check(lines, arguments: ["--strict"], chunkBytes: 1_000, failingAfter: readable)
        let one = Self.check(lines, arguments: ["--strict", "--one-thread"], chunkBytes: 1_000, failingAfter: readable)
        #expect(two.status == 1)
        #expect(two.output.contains("stopped at the first malformed line (--strict): line 3"))
        #expect(!two.output.contains("could not be read"))
        #expect(two.status == one.status)
        #expect(two.output == one.output, "the reports differ")
    }

    /// A frame naming another job than its line breaks REC-01, whether the scanner or the plain reader
    /// reads it; the same job in other capitals does not (D-024), its ID compared eight bytes at a time.
    @Test func aFrameOfAnotherJobBreaksTheFrameJobRule() {
        let line = { (frameJob: String) in
            #"{"frame":{"jobId":"\#(frameJob)","payload":{"totalCount":10},"pipeline":"batch_enrichment","timestamp":1000,"type":"job_started","version":"1.0.0"},"jobId":"JOB-0000000001","kind":"frame","side":"server","t_ms":1000,"v":1}"#
        }
        for arguments in [[], ["--plain-reader"]] {
            let same = Self.check([line("job-0000000001")], arguments: arguments)
            #expect(same.status == 0, "\(arguments): \(same.output)")
            let other = Self.check([line("job-0000000002")], arguments: arguments)
            #expect(other.output.contains("VIOLATION REC-01 at line 1 (job JOB-0000000001): the frame names job job-0000000002"), "\(arguments): \(other.output)")
        }
    }

    /// A job is named in the report as the first of its lines checked spells it: lines are checked in
    /// time order, so a later line of the file may name it.
    @Test func aJobIsNamedAsItsFirstCheckedLineSpellsIt() {
        let lines = [
            #"{"v":1,"side":"server","kind":"open","t_ms":2000,"jobId":"JOB-X"}"#,
            #"{"v":1,"side":"server","kind":"open","t_ms":1500,"jobId":"job-x"}"#,
        ]
        for arguments in [["--complete"], ["--complete", "--plain-reader"], ["--complete", "--one-thread"]] {
            let report = Self.check(lines, arguments: arguments).output
            #expect(report.contains("VIOLATION SOCKET-09 at line 1 (job job-x)"), "\(arguments): \(report)")
            #expect(report.contains("jobs 1;"), "\(arguments): \(report)")
        }
    }

    /// The checker's job table finds a job by its ID's bytes without regard to ASCII case (D-024),
    /// as a dictionary of lowercased IDs would, through growth and removals: random operations over a
    /// pool of 48 IDs of 1 to 40 bytes, each spelled with capitals anywhere (bytes beyond ASCII left
    /// alone), so IDs come back, in other cases, and share probe runs.
    @Test func theJobTableFindsJobsAsADictionaryOfLowercasedIDsWould() {
        let letters = Array("abcxyz-09é_".unicodeScalars)
        let pool = (0..<48).map { id in
            String(String.UnicodeScalarView((0..<(1 + id * 7 % 40)).map { place in letters[(id * 31 + place * 17) % letters.count] }))
        }
        let operation = Gen<(Int, [Bool], Bool)>.zip(.int(in: 0...(pool.count - 1)), Gen.array(of: .bool, count: 40...40), Gen.int(in: 0...4).map { $0 == 0 })
        property(Gen.array(of: operation, count: 1...400), cases: 200) { operations in
            var table = RecordingJobTable._Probe()
            var reference: [String: Int] = [:]
            for (index, capitals, removes) in operations {
                let key = pool[index]
                let id = String(String.UnicodeScalarView(key.unicodeScalars.enumerated().map { place, scalar in
                    capitals[place] && ("a"..."z").contains(scalar) ? Unicode.Scalar(scalar.value - 0x20)! : scalar
                }))
                let entry = table.intern(id)
                if let known = reference[key] {
                    try requireEqual(entry, known, "\(id) found again")
                } else {
                    try require(!reference.values.contains(entry), "\(id) is new but got entry \(entry), in use")
                    reference[key] = entry
                }
                if removes {
                    table.remove(entry)
                    reference[key] = nil
                }
                try requireEqual(table.count, reference.count, "entries in use")
            }
        }
    }

    /// The benchmark's generated recording (here 4 interleaved jobs) is clean, every line read, and a
    /// witness shrinks within its budget: the counts the workload relies on.
    @Test func theBenchmarksGeneratedRecordingIsClean() {
        let recording = RecordingFixture.make(jobs: 4, items: 120)
        let outcome = RecordingFixture.check(recording.bytes)
        #expect(outcome.status == 0, "\(outcome.report)")
        #expect(outcome.lines == recording.lines)
    }

    /// A witness found by shrinking is a recording of its own that breaks the same rule.
    @Test func aWitnessAloneBreaksItsRule() throws {
        var lines = Self.recording(ProgressRun.Configuration(items: 80))
        // A wrong server: a second completion at the end.
        let terminal = try #require(lines.last { $0.contains("\"job_complete\"") && $0.contains("\"side\":\"server\"") })
        lines.append(terminal)
        let found = try #require(Self.violations(lines).first { $0.failure.rule == .oneTerminal })
        #expect(found.witness.count == 2)
        #expect(Self.violations(found.witness).map(\.failure.rule) == [.oneTerminal])
    }

    /// The command's usage: help exits 0, usage errors 2.
    @Test func theCommandLineIsParsed() {
        if case .help = SessionCheckCommand.parse(["--help"]) {} else { Issue.record("--help is not help") }
        let wrong: [([String], String)] = [
            ([], "sessioncheck needs RECORDING.jsonl: the recording to check"),
            (["a", "b"], "sessioncheck takes at most 1 argument, but got b as well"),
            (["a", "--tolerance-ms", "x"], "--tolerance-ms must be a whole number of milliseconds from 0 to 86400000, got x"),
            (["a", "--tolerance-ms", "86400001"], "got 86400001"),
            (["a", "--rules", "NOPE"], "--rules: NOPE names no rule; the rules are "),
            (["a", "--rules", "REC-1"], "--rules: REC-1 names no rule (did you mean REC-01?); the rules are "),
            (["a", "--rules", ""], "--rules must be rule ids or prefixes, comma-separated, got nothing"),
            (["a", "--rules", " , "], "--rules must be rule ids or prefixes, comma-separated, got \" , \""),
            (["a", "--bogus"], "unknown option --bogus; sessioncheck takes --tolerance-ms, --rules, --complete"),
        ]
        for (arguments, message) in wrong {
            guard case let .usageError(text) = SessionCheckCommand.parse(arguments) else {
                Issue.record("\(arguments) parsed")
                continue
            }
            #expect(text.contains(message), "\(text)")
            #expect(text.contains("USAGE: sessioncheck RECORDING.jsonl [--tolerance-ms N]"), "\(text)")
        }
        if case .check = SessionCheckCommand.parse(["a", "--tolerance-ms", "86400000"]) {} else { Issue.record("86400000 ms refused") }
        guard case let .check(invocation) = SessionCheckCommand.parse(["r.jsonl", "--rules", "THROTTLE,CANCEL-02", "--tolerance-ms", "250"]) else {
            Issue.record("a good command line did not parse")
            return
        }
        #expect(invocation.options.toleranceMilliseconds == 250)
        #expect(invocation.options.rules == ["THROTTLE-01", "THROTTLE-03", "THROTTLE-04", "THROTTLE-06", "CANCEL-02"])
        #expect(!invocation.options.limits.sessionsComplete)
        guard case let .check(complete) = SessionCheckCommand.parse(["r.jsonl", "--complete"]) else {
            Issue.record("--complete did not parse")
            return
        }
        #expect(complete.options.limits.sessionsComplete)
        #expect(complete.readsAhead, "a check reads ahead on a second thread by default")
        guard case let .check(oneThread) = SessionCheckCommand.parse(["r.jsonl", "--one-thread"]) else {
            Issue.record("--one-thread did not parse")
            return
        }
        #expect(!oneThread.readsAhead)
    }
}

/// The session checker states each rule once, as the catalog does: its rules are the catalog's `Rule`s.
@Suite struct RecordingRuleCatalogTests {
    @Test func everyRecordingRuleIsTheCatalogsRule() {
        let catalog: [RuleID: Rule] = Dictionary(uniqueKeysWithValues: (RecordingRules.all + [
            ProgressThrottleRules.rate, ProgressThrottleRules.finalCount, ProgressThrottleRules.monotone, ProgressThrottleRules.keepAlive,
            ProgressJobSocketRules.ending, ProgressJobSocketRules.pong, HeartbeatRules.clientTime, HeartbeatRules.interval, HeartbeatRules.reconnect,
            ProgressReconnectRules.backoff, ProgressReconnectRules.giveUp, ProgressReconnectRules.syncRetry, ProgressReconnectRules.handshakeTimeout,
            ProgressReconnectRules.refusal, ProgressReconnectRules.syncAfterOpen, ProgressReconnectRules.syncAfterFirstOpen, CancelEndpointRules.canceledBroadcast,
        ]).map { ($0.id, $0) })
        #expect(Set(RecordingRule.all.map(\.id)).count == RecordingRule.all.count)
        for rule in RecordingRule.all {
            #expect(catalog[rule.rule.id] == rule.rule, "\(rule.id) is not the catalog's rule")
            #expect(rule.statement == rule.rule.statement)
        }
    }
}
