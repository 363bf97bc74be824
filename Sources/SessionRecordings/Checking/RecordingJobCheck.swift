import SpecModel

/// A rule broken at a line: which, where, what happened, and the job's state just before the line.
public struct RecordingFailure: Hashable, Sendable {
    /// The rule that was broken.
    public var rule: RecordingRule
    /// The line that broke the rule (for a consequence that never came: the line that called for it).
    public var line: Int
    /// What happened, with the counts, times and lines involved, for the report.
    public var message: String
    /// The job's state, as the checker's model of it, just before the line.
    public var stateBefore: String
}

/// One job's recorded session checked line by line: the job's state as both sides recorded it, and
/// each rule a small function over that state and the next line.
///
/// Lines arrive in time order per side (the checker's reorder buffer sees to that). The server's
/// rules read the server's lines on the server's clock, the app's rules the app's lines on the app's
/// clock: the two clocks may differ, so no rule compares a time of one side with a time of the other.
///
/// - Complexity: O(1) time and memory per line; pending expectations are at most a few per connection.
public struct RecordingJobCheck: Sendable {
    /// The job checked, as its first line spelled it.
    public let jobId: String
    let limits: RecordingLimits
    let enabled: Set<String>

    // The server's side.
    /// The send times of the last `messagesPerWindowMax` progress messages, oldest first.
    var recentProgress: [(line: Int, at: Timestamp)] = []
    var lastProgressCount: (count: Int, line: Int)?
    /// The highest count the client was sent before the terminal message (progress, sync, canceled).
    var highestCountSent: Int?
    var terminal: (line: Int, type: ProgressMessageType)?
    /// When the terminal message was sent, on the server's clock.
    public private(set) var endedAt: Timestamp?
    var canceledBroadcast: Int?
    var progressSent = 0
    /// The send time of the last progress message, and of the last one before that time (a message
    /// sent to two connections is two lines at one time), for THROTTLE-06.
    var lastProgressAt: Timestamp?
    var progressBeforeLastAt: Timestamp?
    /// The last server line of the job, and whether a `sync_response` carried its ending (a client that
    /// was away when the terminal message went out learns it so), for SOCKET-09 on a complete recording.
    var lastServerLine: Int?
    var endingSentInSync = false

    // The app's side.
    var appConnected = false
    var openedAt: Timestamp?
    var lastPingAt: Timestamp?
    /// Consecutive pings of this connection whose pong did not come within the timeout.
    var missedPongs = 0
    var unansweredPing: (line: Int, at: Timestamp, clientTime: Int64?)?
    /// Failures since the last open, when the first and the last one were.
    var failuresSinceOpen = 0
    var firstFailureAt: Timestamp?
    var lastFailureAt: Timestamp?
    /// Whether the app received the job's terminal message (it then closes and does not reopen).
    var appSawTerminal = false
    /// The line and status of the refusal of the app's open, once there was one (it then never reopens).
    var refusal: (line: Int, status: Int)?
    /// Whether the app's socket opened or failed before (the next open is then a reopen: RECONNECT-03,
    /// not RECONNECT-11), or its last `connect` said it reconnects.
    var appOpenedOrFailed = false
    var lastConnectReconnects = false

    /// Consequences the rules wait for, each with its deadline on one side's clock.
    var expectations: [Expectation] = []

    struct Expectation: Sendable {
        var rule: RecordingRule
        var side: RecordingLine.Side
        var line: Int
        var due: Timestamp
        var message: String
        var stateBefore: String
        /// What fulfils it.
        var awaiting: Awaiting
    }

    enum Awaiting: Equatable, Sendable {
        case pong(clientTime: Int64?)
        case syncRequest
        case canceledBroadcast
        case disconnect
        /// A `sync_response` received or the `sync_request` sent again (RECONNECT-04).
        case syncAnswerOrRetry
        /// The open completing or failing (RECONNECT-05).
        case openOrFailure
        /// The app opening again after a failure (RECONNECT-02).
        case reconnect
    }

    /// Creates the check of job `jobId` against the rules whose ids are in `enabled`.
    public init(jobId: String, limits: RecordingLimits = RecordingLimits(), enabled: Set<String>) {
        self.jobId = jobId
        self.limits = limits
        self.enabled = enabled
    }

    /// The job's state in a line, for reports.
    public var state: String { StateBefore(self).description }

    /// Checks the next line of this job (its frames compared with this job's ID for REC-01).
    public mutating func check(_ line: RecordingLine) -> [RecordingFailure] {
        check(RecordingEvent(line, jobId: jobId))
    }

    /// Checks the next line of this job, as the rules read it.
    public mutating func check(_ line: RecordingEvent) -> [RecordingFailure] {
        var failures: [RecordingFailure] = []
        // The state before the line, described only when a rule needs it: a copy of a few counters and
        // two short arrays, where the description would cost more than the rest of the check.
        let before = StateBefore(self)
        let enabled = self.enabled
        if let time = line.time { expire(side: line.side, through: time, into: &failures) }
        func fail(_ rule: RecordingRule, _ message: String) {
            guard enabled.contains(rule.id) else { return }
            failures.append(RecordingFailure(rule: rule, line: line.number, message: message, stateBefore: before.description))
        }
        if line.side == .server { lastServerLine = line.number }
        switch (line.side, line.what) {
        case let (_, .undecodable(error)):
            fail(.codec, "the frame is not a protocol message: \(error)")
        case let (.server, .frame(frame)):
            serverFrame(frame, line: line, before: before, fail)
        case let (.app, .frame(frame)):
            appFrame(frame, line: line, before: before, fail)
        case let (side, .frameOfJob(other, frame)):
            // REC-01: the frame belongs to the line's job.
            fail(.frameJob, "the frame names job \(TextExcerpt.prefix(other, utf8BytesMax: 64)), but the line is recorded for job \(TextExcerpt.prefix(jobId, utf8BytesMax: 64))")
            if side == .server {
                serverFrame(frame, line: line, before: before, fail)
            } else {
                appFrame(frame, line: line, before: before, fail)
            }
        case let (.server, .cancel(status, alreadyCanceled)):
            if status == 200, !alreadyCanceled, terminal == nil, let time = line.time {
                expect(.canceledBroadcast, rule: .canceledBroadcast, side: .server, line: line, due: time.adding(milliseconds: limits.atOnceMilliseconds),
                       message: "the cancel was answered 200 but no canceled message was sent within \(limits.atOnceMilliseconds) ms", before: before)
            }
        case (.app, .cancel):
            break
        case let (.app, .connect(reconnect)):
            appConnect(reconnect: reconnect, line: line, before: before, fail)
        case (.app, .open):
            let reopen = appOpenedOrFailed || lastConnectReconnects
            appOpenedOrFailed = true
            resolve(.openOrFailure, side: .app)
            appConnected = true
            openedAt = line.time
            failuresSinceOpen = 0
            firstFailureAt = nil
            lastFailureAt = nil
            lastPingAt = nil
            missedPongs = 0
            unansweredPing = nil
            if let time = line.time {
                expect(.syncRequest, rule: reopen ? .syncAfterOpen : .syncAfterFirstOpen, side: .app, line: line, due: time.adding(milliseconds: limits.atOnceMilliseconds),
                       message: "the socket " + (reopen ? "reopened" : "opened for the first time") + " but the app sent no sync_request within \(limits.atOnceMilliseconds) ms", before: before)
            }
        case let (.app, .disconnect(refusedWith)):
            appConnected = false
            appOpenedOrFailed = true
            if let status = refusedWith, refusal == nil { refusal = (line.number, status) }
            failuresSinceOpen += 1
            if failuresSinceOpen == 1 { firstFailureAt = line.time }
            lastFailureAt = line.time
            unansweredPing = nil
            resolve(.disconnect, side: .app)
            resolve(.openOrFailure, side: .app)
            // The socket's own expectations die with it.
            expectations.removeAll { $0.side == .app && ($0.awaiting == .syncRequest || $0.awaiting == .syncAnswerOrRetry) }
            // RECONNECT-02: until ten minutes of continuous failure, the app opens again after the
            // policy's delay; once it has seen the job end, it has no reason to.
            // A refusal is final (RECONNECT-06): nothing is awaited after it.
            if !appSawTerminal, refusal == nil, let time = line.time, let first = firstFailureAt, limits.reconnect.keepsTrying(failingSince: first, at: time) {
                let delay = limits.reconnect.delay(beforeAttempt: failuresSinceOpen)
                expect(.reconnect, rule: .keepsTrying, side: .app, line: line, due: time.adding(milliseconds: delay + limits.atOnceMilliseconds),
                       message: "the socket failed \(time.epochMilliseconds - first.epochMilliseconds) ms into its failures, but the app did not open again within the policy's \(delay) ms (+\(limits.atOnceMilliseconds) ms)", before: before)
            }
        case (.server, .connect), (.server, .open), (.server, .disconnect):
            break
        }
        return failures
    }

    /// The end of the job's lines: a consequence still awaited is a failure if its side's recording
    /// went on past its deadline (`through`), and otherwise the recording simply stopped first.
    public mutating func finish(through: [RecordingLine.Side: Timestamp]) -> [RecordingFailure] {
        var failures: [RecordingFailure] = []
        for side in RecordingLine.Side.allCases {
            if let time = through[side] { expire(side: side, through: time.adding(milliseconds: 1), into: &failures) }
        }
        // SOCKET-09 on a complete recording: the job sent its terminal message, unless the app's
        // open was refused, which left the ending no socket to go out on (D-138).
        if limits.sessionsComplete, terminal == nil, !endingSentInSync, refusal == nil, let last = lastServerLine, enabled.contains(RecordingRule.oneTerminal.id) {
            failures.append(RecordingFailure(rule: .oneTerminal, line: last, message: "the recording is complete, but the job sent no terminal message, nor a sync_response with its ending (its last server line is \(last))", stateBefore: state))
        }
        return failures
    }

    // MARK: - The rules

    /// The server's frames: the throttle's rate and order, the one ending, pongs and the cancel flow.
    private mutating func serverFrame(_ frame: RecordingEvent.Frame, line: RecordingEvent, before: StateBefore, _ fail: (RecordingRule, String) -> Void) {
        switch frame {
        case let .progress(processedCount, keepAlive):
            if let terminal {
                fail(.oneTerminal, "job_progress \(processedCount) was sent after the terminal \(terminal.type) at line \(terminal.line)")
            }
            progressSent += 1
            progressSentAt(line.time, keepAlive: keepAlive, fail)
            if let time = line.time {
                // THROTTLE-01: with this message, the last messagesPerWindowMax + 1 must span a second.
                let window = limits.throttle
                if recentProgress.count == window.messagesPerWindowMax, let oldest = recentProgress.first,
                    time.epochMilliseconds - oldest.at.epochMilliseconds < window.windowMilliseconds {
                    let times = (recentProgress.map(\.at.epochMilliseconds) + [time.epochMilliseconds]).map { "\($0)" }.joined(separator: ", ")
                    fail(.rate, "\(window.messagesPerWindowMax + 1) progress messages within \(window.windowMilliseconds) ms, sent at \(times) ms (lines \(recentProgress.map { "\($0.line)" }.joined(separator: ", ")), \(line.number))")
                }
                recentProgress.append((line.number, time))
                if recentProgress.count > window.messagesPerWindowMax { recentProgress.removeFirst() }
            }
            // THROTTLE-04: counts never go backwards.
            if let last = lastProgressCount, processedCount < last.count {
                fail(.countsForward, "job_progress \(processedCount) was sent after job_progress \(last.count) at line \(last.line)")
            }
            lastProgressCount = (processedCount, line.number)
            seeCount(processedCount)
        case let .canceled(processedItems):
            if let terminal { fail(.oneTerminal, "canceled was sent after the terminal \(terminal.type) at line \(terminal.line)") }
            canceledBroadcast = canceledBroadcast ?? line.number
            resolve(.canceledBroadcast, side: .server)
            seeCount(processedItems)
        case let .complete(totalProcessed, canceled):
            terminalSent(.jobComplete, finalCount: canceled ? nil : totalProcessed, line: line, fail)
            if canceledBroadcast != nil, !canceled {
                fail(.canceledCompletion, "the job was canceled (line \(canceledBroadcast!)) but completed with canceled: false")
            }
        case let .error(code, counted):
            terminalSent(.error, finalCount: counted, line: line, fail)
            if let canceled = canceledBroadcast {
                fail(.canceledCompletion, "the job was canceled (line \(canceled)) but ended with error \(code)")
            }
        case let .syncResponse(processedCount, carriesEnding):
            seeCount(processedCount)
            if carriesEnding { endingSentInSync = true }
        case let .ping(clientTime):
            // A ping the server received: a pong must answer it.
            if let time = line.time {
                expect(.pong(clientTime: clientTime), rule: .pongAnswer, side: .server, line: line, due: time.adding(milliseconds: limits.pongTimeoutMilliseconds),
                       message: "the ping (clientTime \(clientTime.map(String.init) ?? "none")) got no pong echoing it within \(limits.pongTimeoutMilliseconds) ms", before: before)
            }
        case let .pong(clientTime):
            resolve(.pong(clientTime: clientTime), side: .server)
        case .jobStarted, .syncRequest:
            break
        }
    }

    /// THROTTLE-06: a keep-alive only after `keepAliveMilliseconds` without a progress message.
    private mutating func progressSentAt(_ time: Timestamp?, keepAlive: Bool, _ fail: (RecordingRule, String) -> Void) {
        guard let time else { return }
        if lastProgressAt != time {
            progressBeforeLastAt = lastProgressAt
            lastProgressAt = time
        }
        if keepAlive, let previous = progressBeforeLastAt, time.epochMilliseconds - previous.epochMilliseconds < limits.keepAliveMilliseconds {
            fail(.keepAlive, "a keep-alive was sent \(time.epochMilliseconds - previous.epochMilliseconds) ms after the previous progress message; it waits \(limits.keepAliveMilliseconds) ms")
        }
    }

    /// THROTTLE-03 and SOCKET-09: one terminal message, carrying the count already sent.
    private mutating func terminalSent(_ type: ProgressMessageType, finalCount: Int?, line: RecordingEvent, _ fail: (RecordingRule, String) -> Void) {
        if let terminal {
            fail(.oneTerminal, "a second terminal message (\(type)) was sent after the \(terminal.type) at line \(terminal.line)")
            return
        }
        if let finalCount, let highest = highestCountSent, highest != finalCount {
            fail(.finalCount, "the terminal \(type) carries count \(finalCount), but the last count sent before it was \(highest)")
        }
        terminal = (line.number, type)
        endedAt = line.time
    }

    private mutating func seeCount(_ count: Int) {
        guard terminal == nil else { return }
        highestCountSent = max(highestCountSent ?? count, count)
    }

    /// The app's frames: its pings and sync requests, and the pongs it received.
    private mutating func appFrame(_ frame: RecordingEvent.Frame, line: RecordingEvent, before: StateBefore, _ fail: (RecordingRule, String) -> Void) {
        switch frame {
        case let .ping(pingClientTime):
            guard let time = line.time else { return }
            // HEART-02: the ping carries the app's clock as it sends it.
            if let clientTime = pingClientTime {
                let written = time.epochMilliseconds - line.clockStepsMilliseconds
                if abs(clientTime - written) > limits.atOnceMilliseconds {
                    fail(.pingClock, "the ping's clientTime is \(clientTime), \(clientTime - written) ms off the app's clock when it was sent (\(written))")
                }
            } else {
                fail(.pingClock, "the ping carries no clientTime")
            }
            // HEART-01: never sooner than the interval after the open or the previous ping.
            if let previous = lastPingAt, time.epochMilliseconds - previous.epochMilliseconds < limits.pingIntervalMilliseconds {
                fail(.pingInterval, "a ping at \(time.epochMilliseconds) ms, \(time.epochMilliseconds - previous.epochMilliseconds) ms after the previous ping; the interval is \(limits.pingIntervalMilliseconds) ms")
            } else if lastPingAt == nil, let opened = openedAt, time.epochMilliseconds - opened.epochMilliseconds < limits.pingIntervalMilliseconds {
                fail(.pingInterval, "the first ping at \(time.epochMilliseconds) ms, \(time.epochMilliseconds - opened.epochMilliseconds) ms after the socket opened; the interval is \(limits.pingIntervalMilliseconds) ms")
            }
            lastPingAt = time
            unansweredPing = (line.number, time, pingClientTime)
        case .syncRequest:
            resolve(.syncRequest, side: .app)
            resolve(.syncAnswerOrRetry, side: .app)
            // RECONNECT-04: unanswered, it is sent again after the retry interval.
            if appConnected, !appSawTerminal, let time = line.time {
                expect(.syncAnswerOrRetry, rule: .syncRetry, side: .app, line: line, due: time.adding(milliseconds: limits.syncRetryMilliseconds + limits.atOnceMilliseconds),
                       message: "the sync_request got no sync_response and was not sent again within \(limits.syncRetryMilliseconds) ms (+\(limits.atOnceMilliseconds) ms)", before: before)
            }
        case .syncResponse:
            resolve(.syncAnswerOrRetry, side: .app)
        case .complete, .error:
            appSawTerminal = true
            expectations.removeAll { $0.side == .app && ($0.awaiting == .syncAnswerOrRetry || $0.awaiting == .reconnect) }
        case let .pong(clientTime):
            // Any pong proves the connection alive (HEART-05); a late one still counted as a miss.
            if let ping = unansweredPing, clientTime == nil || clientTime == ping.clientTime {
                unansweredPing = nil
            }
            missedPongs = 0
            expectations.removeAll { $0.side == .app && $0.awaiting == .disconnect }
        default:
            break
        }
    }

    /// RECONNECT-01: an open after failures waits the policy's delay for that attempt.
    private mutating func appConnect(reconnect: Bool?, line: RecordingEvent, before: StateBefore, _ fail: (RecordingRule, String) -> Void) {
        defer { appConnected = false }
        lastConnectReconnects = reconnect == true
        resolve(.reconnect, side: .app)
        if let refusal {
            fail(.refusalFinal, "the app opened again after the server refused its open with HTTP \(refusal.status) at line \(refusal.line)")
        }
        if let time = line.time {
            // RECONNECT-05: the open completes or fails within the handshake timeout.
            expect(.openOrFailure, rule: .openTimeout, side: .app, line: line, due: time.adding(milliseconds: limits.handshakeTimeoutMilliseconds + limits.atOnceMilliseconds),
                   message: "the open neither completed nor failed within \(limits.handshakeTimeoutMilliseconds) ms (+\(limits.atOnceMilliseconds) ms)", before: before)
            // RECONNECT-02: after a failure ten minutes or more into the failures, the app has given up.
            if failuresSinceOpen > 0, let first = firstFailureAt, let last = lastFailureAt, !limits.reconnect.keepsTrying(failingSince: first, at: last) {
                fail(.keepsTrying, "the app opened again after a failure \(last.epochMilliseconds - first.epochMilliseconds) ms into its failures; it gives up at \(limits.reconnect.giveUpAfterMilliseconds) ms")
            }
        }
        guard failuresSinceOpen > 0, let failedAt = lastFailureAt, let time = line.time else { return }
        let expected = limits.reconnect.delay(beforeAttempt: failuresSinceOpen)
        let waited = time.epochMilliseconds - failedAt.epochMilliseconds
        if waited < expected || waited > expected + limits.atOnceMilliseconds {
            fail(.reconnectDelay, "attempt \(failuresSinceOpen) opened \(waited) ms after the failure; the policy waits \(expected) ms")
        }
    }

    // MARK: - Expectations

    private mutating func expect(_ awaiting: Awaiting, rule: RecordingRule, side: RecordingLine.Side, line: RecordingEvent, due: Timestamp, message: String, before: StateBefore) {
        guard enabled.contains(rule.id) else { return }
        expectations.append(Expectation(rule: rule, side: side, line: line.number, due: due, message: message, stateBefore: before.description, awaiting: awaiting))
    }

    private mutating func resolve(_ awaiting: Awaiting, side: RecordingLine.Side) {
        if let index = expectations.firstIndex(where: { $0.side == side && $0.awaiting == awaiting }) {
            expectations.remove(at: index)
        }
    }

    /// Fails the expectations of `side` whose deadline is before `time`, and counts missed pongs.
    private mutating func expire(side: RecordingLine.Side, through time: Timestamp, into failures: inout [RecordingFailure]) {
        if side == .app, let ping = unansweredPing, ping.at.adding(milliseconds: limits.pongTimeoutMilliseconds) < time {
            unansweredPing = nil
            missedPongs += 1
            if missedPongs >= limits.missedPongsMax, appConnected, enabled.contains(RecordingRule.missedPongs.id) {
                let due = ping.at.adding(milliseconds: limits.pongTimeoutMilliseconds + limits.atOnceMilliseconds)
                expectations.append(Expectation(
                    rule: .missedPongs, side: .app, line: ping.line, due: due,
                    message: "\(missedPongs) pings in a row without a pong, but the socket was not dropped at the last one's deadline", stateBefore: state, awaiting: .disconnect
                ))
            }
        }
        guard expectations.contains(where: { $0.side == side && $0.due < time }) else { return }
        var kept: [Expectation] = []
        for expectation in expectations {
            if expectation.side == side, expectation.due < time {
                failures.append(RecordingFailure(rule: expectation.rule, line: expectation.line, message: expectation.message, stateBefore: expectation.stateBefore))
            } else {
                kept.append(expectation)
            }
        }
        expectations = kept
    }
}

/// The job's state just before a line: a copy of what its description reads (counters and two short
/// arrays, not the whole check), described only when a rule needs it.
struct StateBefore {
    let progressSent: Int
    let lastProgressCount: (count: Int, line: Int)?
    let recentProgress: [(line: Int, at: Timestamp)]
    let canceledBroadcast: Int?
    let terminal: (line: Int, type: ProgressMessageType)?
    let appConnected: Bool
    let openedAt: Timestamp?
    let failuresSinceOpen: Int
    let missedPongs: Int
    let refusal: (line: Int, status: Int)?
    let expectations: [RecordingJobCheck.Expectation]

    /// Taken from the check where it is, not from a copy of it: a copy retains and releases each of
    /// the check's strings, sets and arrays, once a line.
    init(_ check: borrowing RecordingJobCheck) {
        progressSent = check.progressSent
        lastProgressCount = check.lastProgressCount
        recentProgress = check.recentProgress
        canceledBroadcast = check.canceledBroadcast
        terminal = check.terminal
        appConnected = check.appConnected
        openedAt = check.openedAt
        failuresSinceOpen = check.failuresSinceOpen
        missedPongs = check.missedPongs
        refusal = check.refusal
        expectations = check.expectations
    }

    var description: String {
        var parts: [String] = []
        parts.append("server: \(progressSent) progress sent")
        if let last = lastProgressCount { parts.append("last count \(last.count) (line \(last.line))") }
        if !recentProgress.isEmpty { parts.append("recent progress at " + recentProgress.map { "\($0.at.epochMilliseconds) ms (line \($0.line))" }.joined(separator: ", ")) }
        if let canceledBroadcast { parts.append("canceled broadcast at line \(canceledBroadcast)") }
        parts.append(terminal.map { "ended with \($0.type) at line \($0.line)" } ?? "not ended")
        var app = "app: " + (appConnected ? "connected since \(openedAt.map { "\($0.epochMilliseconds) ms" } ?? "?")" : "not connected")
        if failuresSinceOpen > 0 { app += ", \(failuresSinceOpen) failures since the last open" }
        if missedPongs > 0 { app += ", \(missedPongs) missed pongs" }
        if let refusal { app += ", open refused with HTTP \(refusal.status) at line \(refusal.line)" }
        parts.append(app)
        if !expectations.isEmpty { parts.append("awaiting " + expectations.map { "\($0.awaiting) by \($0.due.epochMilliseconds) ms" }.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}
