import Generators
import SpecModel

// The job socket suite's inputs (scripts of connects, client frames and job events, with gaps between
// them) and its driver, which runs a script against any `ProgressJobSocketServing` on virtual time and
// records what every connection received.

/// Which of the client's connections sends a frame.
enum SocketSide: String, Hashable, Sendable, CustomStringConvertible {
    /// The connection the client opened last, while it is open; a step is skipped when there is none.
    case current
    /// The connection opened before it, open or not: a frame still in flight when the socket replaced
    /// or closed it.
    case previous

    var description: String { rawValue }
}

/// The token a client presents when it opens the socket.
enum SocketToken: Hashable, Sendable, CustomStringConvertible {
    case own
    case none
    case empty
    /// Another job's token (D-080: "or another job's").
    case otherJobs
    case ownUppercased
    /// The job's token less its last character: one short of the length.
    case ownShort
    /// The job's token and one more character: one past the length.
    case ownLong
    case ownWithTrailingSpace
    case literal(String)

    static let otherJobsToken = "token-of-job-b"

    func presented(for job: ProgressJobTicket) -> String? {
        switch self {
        case .own: return job.token
        case .none: return nil
        case .empty: return ""
        case .otherJobs: return Self.otherJobsToken
        case .ownUppercased: return job.token.uppercased()
        case .ownShort: return String(job.token.dropLast())
        case .ownLong: return job.token + "0"
        case .ownWithTrailingSpace: return job.token + " "
        case let .literal(token): return token
        }
    }

    var description: String {
        switch self {
        case .own: return "own token"
        case .none: return "no token"
        case .empty: return "empty token"
        case .otherJobs: return "another job's token"
        case .ownUppercased: return "own token in capitals"
        case .ownShort: return "own token less its last character"
        case .ownLong: return "own token and one more character"
        case .ownWithTrailingSpace: return "own token and a space"
        case let .literal(token): return String(reflecting: token)
        }
    }
}

/// A client frame that must not decode as a client message for the job.
enum BadClientFrame: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case notJSON = "not JSON"
    case empty = "an empty frame"
    case emptyObject = "{}"
    case unknownType = "an unknown type (job_paused)"
    case serverType = "a server's type (job_progress)"
    case pongFromClient = "a pong from the client"
    case wrongVersion = "a ping of version 2.0.0"
    case otherJob = "a ping naming another job"
    case truncated = "a ping cut short"
    case invalidUTF8 = "bytes that are not UTF-8"
    case negativeCount = "a sync_request with a negative count"
    case textClientTime = "a ping whose clientTime is text"

    var description: String { rawValue }

    /// The frame's bytes for `job` at `now`.
    func bytes(for job: ProgressJobTicket, at now: Timestamp) -> [UInt8] {
        let time = now.epochMilliseconds
        let ping = ProgressMessageCodec.encodeString(ProgressMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .ping(Ping(clientTime: time))))
        switch self {
        case .notJSON: return Array("not json".utf8)
        case .empty: return []
        case .emptyObject: return Array("{}".utf8)
        case .unknownType: return SocketFrame.envelope(job, type: "job_paused", payload: "{}", at: now)
        case .serverType:
            return ProgressMessageCodec.encode(ProgressMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .progress(ProgressUpdate(processedCount: 0, totalCount: 1))))
        case .pongFromClient:
            return ProgressMessageCodec.encode(ProgressMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .pong(Pong(clientTime: time, serverTime: time))))
        case .wrongVersion: return Array(ping.replacing("\"version\":\"1.0.0\"", with: "\"version\":\"2.0.0\"").utf8)
        case .otherJob:
            return ProgressMessageCodec.encode(ProgressMessage(jobId: "job-b", pipeline: job.pipeline, timestamp: now, payload: .ping(Ping(clientTime: time))))
        case .truncated: return Array(ping.utf8.dropLast())
        case .invalidUTF8: return [0xFF, 0xFE, 0x7B, 0x22]
        case .negativeCount: return SocketFrame.envelope(job, type: "sync_request", payload: #"{"lastProcessedCount":-1}"#, at: now)
        case .textClientTime: return SocketFrame.envelope(job, type: "ping", payload: #"{"clientTime":"1234"}"#, at: now)
        }
    }
}

/// A frame the client sends.
enum SocketFrame: Hashable, Sendable, CustomStringConvertible {
    case ping(clientTime: Int64?)
    case sync(lastProcessedCount: Int?)
    case bad(BadClientFrame)
    /// Any bytes, named for reports.
    case raw(name: String, bytes: [UInt8])

    func bytes(for job: ProgressJobTicket, at now: Timestamp) -> [UInt8] {
        switch self {
        case let .ping(clientTime):
            return ProgressMessageCodec.encode(ProgressMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .ping(Ping(clientTime: clientTime))))
        case let .sync(count):
            return ProgressMessageCodec.encode(ProgressMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .syncRequest(SyncRequest(lastProcessedCount: count))))
        case let .bad(frame):
            return frame.bytes(for: job, at: now)
        case let .raw(_, bytes):
            return bytes
        }
    }

    /// A message envelope written by hand, for frames the encoder would never write.
    static func envelope(_ job: ProgressJobTicket, type: String, payload: String, at now: Timestamp, version: String = ProgressMessage.version) -> [UInt8] {
        Array(#"{"jobId":"\#(job.jobId)","payload":\#(payload),"pipeline":"\#(job.pipeline.rawValue)","timestamp":\#(now.epochMilliseconds),"type":"\#(type)","version":"\#(version)"}"#.utf8)
    }

    var description: String {
        switch self {
        case let .ping(clientTime): return "ping " + (clientTime.map(String.init) ?? "without clientTime")
        case let .sync(count): return "sync_request" + (count.map { " (last seen \($0))" } ?? "")
        case let .bad(frame): return frame.description
        case let .raw(name, _): return name
        }
    }
}

/// A progress report of a script, as the job's loop makes it.
enum SocketReport: Hashable, Sendable, CustomStringConvertible {
    /// The job's count moves forward by `by` (0 repeats it), and it reports it.
    case advance(by: Int)
    /// A late report, `by` below the job's count (ten books run at once in the seed).
    case late(by: Int)
    /// The job's count moves to `count` if that is higher, and it reports `count`.
    case count(Int)

    var description: String {
        switch self {
        case let .advance(by): return "report +\(by)"
        case let .late(by): return "late report -\(by)"
        case let .count(count): return "report \(count)"
        }
    }
}

/// One thing that happens in a script.
enum SocketCommand: Hashable, Sendable, CustomStringConvertible {
    /// A client opens a connection (the suite numbers them 1, 2, 3…).
    case connect(SocketToken)
    /// The client opens a connection with the job's token and asks for the job's state at once, as it
    /// does after every open (D-079).
    case resume
    /// A client frame arrives on one of the client's connections.
    case send(SocketSide, SocketFrame)
    /// The client closes its current connection.
    case disconnect
    /// The job starts (`job_started`).
    case start
    case report(SocketReport)
    /// The job's loop ends with its counts (`canceled: true` after a cancel).
    case complete
    /// The job fails with its counts.
    case fail
    case cancel
    /// Nothing: time passes.
    case wait

    var description: String {
        switch self {
        case let .connect(token): return "connect with \(token)"
        case .resume: return "reconnect and sync"
        case let .send(side, frame): return "\(frame) on the \(side) connection"
        case .disconnect: return "the client closes"
        case .start: return "start"
        case let .report(report): return report.description
        case .complete: return "complete"
        case .fail: return "fail"
        case .cancel: return "cancel"
        case .wait: return "wait"
        }
    }
}

/// A gap in milliseconds after the previous step, then a command.
struct SocketStep: Hashable, Sendable, CustomStringConvertible {
    var gapMilliseconds: Int64
    var command: SocketCommand

    var description: String { "+\(gapMilliseconds) \(command)" }
}

/// A job and what happens to it: created at the start, then the steps.
struct SocketScript: Hashable, Sendable, CustomStringConvertible {
    static let job = ProgressJobTicket(jobId: ProgressConformance.jobId, pipeline: .batchEnrichment, token: "token-7f3a9c")

    var job: ProgressJobTicket = Self.job
    var totalCount: Int
    var steps: [SocketStep]

    init(job: ProgressJobTicket = Self.job, totalCount: Int, steps: [SocketStep]) {
        self.job = job
        self.totalCount = totalCount
        self.steps = steps
    }

    /// A script whose commands happen at the given offsets from the start.
    init(job: ProgressJobTicket = Self.job, totalCount: Int, at commands: [(Int64, SocketCommand)]) {
        var previous: Int64 = 0
        let steps = commands.map { offset, command in
            precondition(offset >= previous, "a script's times never go backwards: +\(offset) after +\(previous)")
            defer { previous = offset }
            return SocketStep(gapMilliseconds: offset - previous, command: command)
        }
        self.init(job: job, totalCount: totalCount, steps: steps)
    }

    var description: String {
        (job == Self.job ? "" : "job \(job.jobId) (\(job.pipeline), token \(String(reflecting: job.token))), ")
            + "total \(totalCount): [" + steps.map(\.description).joined(separator: ", ") + "]"
    }
}

// MARK: - What a run records

/// Something that happened on one connection.
struct SocketEvent: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case sent(ProgressMessage)
        /// The socket sent bytes that do not decode as a server's message.
        case sentUndecodable([UInt8])
        /// The socket closed the connection.
        case closed(code: Int)
        /// The client's frame was delivered on the connection.
        case heard(SocketFrame)
        /// The client closed the connection.
        case clientClosed
    }

    let at: Timestamp
    let kind: Kind

    /// Whether the socket did it (rather than the client).
    var isSocketAction: Bool {
        switch kind {
        case .sent, .sentUndecodable, .closed: return true
        case .heard, .clientClosed: return false
        }
    }

    /// The message sent, if the socket sent one that decodes.
    var message: ProgressMessage? {
        if case let .sent(message) = kind { return message }
        return nil
    }

    /// The close code, if the socket closed the connection.
    var closeCode: Int? {
        // Not inlined: inlined into `ProgressJobSocketChecks.idleConnectionsClose`, it crashes the
        // Swift 6.3.1 optimiser ("Found ownership error" in CopyPropagation), which stopped every
        // release build of the test targets (`swift test -c release`).
        @inline(never) get {
            if case let .closed(code) = kind { return code }
            return nil
        }
    }
}

/// How a request to open a connection ended.
enum SocketUpgradeOutcome: Hashable, Sendable {
    case accepted(at: Timestamp)
    case refused(status: Int, StructuredError)
}

/// Everything one connection saw, in order.
struct SocketTranscript: Hashable, Sendable {
    let connection: Int
    let upgrade: SocketUpgradeOutcome
    var events: [SocketEvent] = []

    var openedAt: Timestamp? {
        if case let .accepted(at) = upgrade { return at }
        return nil
    }

    /// The socket's actions only.
    var socketEvents: [SocketEvent] { events.filter(\.isSocketAction) }
}

/// The job's state as the suite keeps it, independently of the implementation: what a `sync_response`
/// must report (D-079).
struct SocketJobState: Hashable, Sendable {
    var status = JobStatus.running
    /// The highest count the job reported while running, or its ending carried.
    var highest = 0
    var completion: JobCompletion?
    var error: StructuredError?

    var hasEnded: Bool { completion != nil || error != nil }

    func snapshot(totalCount: Int) -> JobSnapshot {
        JobSnapshot(status: status, processedCount: highest, totalCount: totalCount, completion: completion, error: error)
    }
}

/// One step as the driver ran it.
struct SocketStepRecord: Sendable {
    let index: Int
    let at: Timestamp
    let command: SocketCommand
    /// The connection the step concerned (the one opened, or the one a frame was delivered on).
    let connection: Int?
    /// For a frame, whether the client's transport had the connection open when it was delivered.
    let wasOpen: Bool
    /// The client's current connection, and the connections its transport had open, before the step.
    let currentBefore: Int?
    let openBefore: [Int]
    /// Whether the step opens a connection.
    var opens: Bool {
        switch command {
        case .connect, .resume: return true
        default: return false
        }
    }

    /// What the step's call returned, in order, by connection.
    let answer: [(connection: Int, event: SocketEvent)]
    /// The job's state before and after the step.
    let jobBefore: SocketJobState
    let jobAfter: SocketJobState

    /// The events the step's call sent to `connection`.
    func answer(on connection: Int) -> [SocketEvent] { answer.filter { $0.connection == connection }.map(\.event) }
}

/// What a run did: the connections' transcripts (the differential's answer), the steps as run, and
/// anything the socket did that no connection can show.
struct SocketRun: Sendable, CustomStringConvertible {
    let script: SocketScript
    var transcripts: [SocketTranscript] = []
    var steps: [SocketStepRecord] = []
    /// Actions on connections the suite never opened or that were refused.
    var strays: [String] = []
    /// The socket's timers misbehaved: the run stopped firing them.
    var fault: String?
    var endedAt: Timestamp

    var wire: SocketWire {
        SocketWire(job: script.job, transcripts: transcripts.map(SocketWire.Transcript.init), strays: strays, fault: fault)
    }

    func transcript(_ connection: Int) -> SocketTranscript? {
        transcripts.first { $0.connection == connection }
    }

    var description: String { wire.description }
}

/// What the connections received: the job socket's answer to a script, compared byte for byte (after
/// decoding) with the model's.
struct SocketWire: Hashable, Sendable, CustomStringConvertible {
    /// A connection's transcript, a refusal compared by its status and code (SOCKET-03 judges the rest).
    struct Transcript: Hashable, Sendable {
        let connection: Int
        let openedAt: Timestamp?
        let refusal: String?
        let events: [SocketEvent]

        init(_ transcript: SocketTranscript) {
            connection = transcript.connection
            openedAt = transcript.openedAt
            switch transcript.upgrade {
            case .accepted: refusal = nil
            case let .refused(status, error): refusal = "refused \(status) \(error.code)"
            }
            events = transcript.events
        }
    }

    let job: ProgressJobTicket
    let transcripts: [Transcript]
    let strays: [String]
    let fault: String?

    var description: String {
        var parts = transcripts.map { transcript in
            let body = transcript.events.map { SocketText.describe($0, job: job) }.joined(separator: ", ")
            return "#\(transcript.connection) " + (transcript.refusal.map { $0 + (body.isEmpty ? "" : ", then ") } ?? "") + body
        }
        if !strays.isEmpty { parts.append("strays: " + strays.joined(separator: ", ")) }
        if let fault { parts.append("fault: \(fault)") }
        return parts.isEmpty ? "no connection" : parts.joined(separator: "; ")
    }
}

/// How the suite writes events: short, with times from the start.
enum SocketText {
    static func offset(_ time: Timestamp) -> Int64 { ProgressConformance.offset(time) }

    /// One message, with what the suite checks of it; envelope fields that are not the job's, or a
    /// timestamp other than the send time, are written out.
    static func describe(_ message: ProgressMessage, job: ProgressJobTicket, at: Timestamp, serverTime: Bool = true) -> String {
        var text = "\(message.type)"
        switch message.payload {
        case let .jobStarted(started): text += " \(started.totalCount)"
        case let .progress(update):
            text += " \(update.processedCount)/\(update.totalCount)" + (update.keepAlive ? " keep-alive" : "")
        case let .complete(done):
            text += " \(done.totalProcessed)/\(done.totalCount)" + (done.canceled ? " canceled" : "") + " (\(done.successCount) ok, \(done.failureCount) failed)"
        case let .error(error):
            text += " \(error.code) (\(error.details.successCount.map(String.init) ?? "-") ok, \(error.details.failureCount.map(String.init) ?? "-") failed)"
        case let .canceled(cancellation):
            text += " \(String(reflecting: cancellation.message)) \(cancellation.processedItems)/\(cancellation.totalItems)"
        case let .pong(pong):
            text += " " + (pong.clientTime.map(String.init) ?? "without clientTime")
            if serverTime, pong.serverTime != at.epochMilliseconds { text += " (serverTime +\(pong.serverTime &- ProgressConformance.start.epochMilliseconds))" }
        case let .syncResponse(snapshot):
            text += " \(snapshot.status) \(snapshot.processedCount)/\(snapshot.totalCount)"
            if let done = snapshot.completion { text += " with job_complete \(done.totalProcessed)/\(done.totalCount)" + (done.canceled ? " canceled" : "") }
            if let error = snapshot.error {
                text += " with error \(error.code) (\(error.details.successCount.map(String.init) ?? "-") ok, \(error.details.failureCount.map(String.init) ?? "-") failed)"
            }
        case let .ping(ping): text += " " + (ping.clientTime.map(String.init) ?? "without clientTime")
        case let .syncRequest(request): text += request.lastProcessedCount.map { " \($0)" } ?? ""
        }
        if message.jobId != job.jobId { text += " (jobId \(String(reflecting: TextExcerpt.prefix(message.jobId, utf8BytesMax: 64))))" }
        if message.pipeline != job.pipeline { text += " (pipeline \(message.pipeline))" }
        if message.timestamp != at { text += " (timestamp +\(offset(message.timestamp)))" }
        return text
    }

    static func describe(_ event: SocketEvent, job: ProgressJobTicket, serverTime: Bool = true) -> String {
        let time = "+\(offset(event.at))"
        switch event.kind {
        case let .sent(message): return "\(time) \(describe(message, job: job, at: event.at, serverTime: serverTime))"
        case let .sentUndecodable(bytes): return "\(time) undecodable \(ProgressConformance.show(bytes))"
        case let .closed(code): return "\(time) close \(code)"
        case let .heard(frame): return "\(time) ← \(frame)"
        case .clientClosed: return "\(time) ← the client closes"
        }
    }

    /// A connection's transcript; with `socketOnly`, the socket's actions alone, up to `until` ms, and
    /// of those only the messages of the types `showing` lists (all when `nil`) and the closes if `closes`.
    static func describe(_ transcript: SocketTranscript, job: ProgressJobTicket, socketOnly: Bool, until: Int64? = nil,
                         showing: [ProgressMessageType]? = nil, closes: Bool = true, serverTime: Bool = true) -> String {
        var events = socketOnly ? transcript.socketEvents : transcript.events
        if let until { events = events.filter { offset($0.at) <= until } }
        events = events.filter { event in
            if event.closeCode != nil { return closes }
            guard let showing, let message = event.message else { return true }
            return showing.contains(message.type)
        }
        let body = events.map { describe($0, job: job, serverTime: serverTime) }.joined(separator: ", ")
        switch transcript.upgrade {
        case .accepted: return body
        case let .refused(status, error): return "refused \(status) \(error.code)" + (body.isEmpty ? "" : ", then " + body)
        }
    }
}

// MARK: - The driver

/// Runs scripts against a socket on virtual time, as a Durable Object's runtime would: timers due at
/// or before a step fire first (at their deadline), then the step runs; after the last step, timers
/// run for `horizonMilliseconds`.
enum SocketDriver {
    /// How long timers keep running after the last step: `ThrottleRun`'s horizon, so the throttle
    /// properties see the same span.
    static let horizonMilliseconds = ThrottleRun.horizonMillisecondsDefault
    /// The most timer firings in one run; a socket whose timer keeps asking to fire is stopped there.
    static let firingsMax = 5_000

    static func run(_ script: SocketScript, _ socket: inout some ProgressJobSocketServing) -> SocketRun {
        var state = DriverState(script: script)
        state.run(&socket)
        return state.record
    }

    static func modelRun(_ script: SocketScript) -> SocketRun {
        var model = ModelProgressJobSocket()
        return run(script, &model)
    }
}

/// The driver's state for one run.
private struct DriverState {
    let script: SocketScript
    var now = ProgressConformance.start
    var record: SocketRun
    var nextConnection = 1
    /// Connections the client's transport has open.
    var open: [Int] = []
    var current: Int?
    var last: Int?
    var previous: Int?
    var firings = 0
    /// The job's real count, and whether it was canceled (its loop then completes with `canceled: true`).
    var trueCount = 0
    var canceled = false
    var job = SocketJobState()

    init(script: SocketScript) {
        self.script = script
        self.record = SocketRun(script: script, endedAt: ProgressConformance.start)
    }

    var total: Int { script.totalCount }

    mutating func run(_ socket: inout some ProgressJobSocketServing) {
        socket.create(script.job, totalCount: total, at: now)
        for (index, step) in script.steps.enumerated() {
            let at = now.adding(milliseconds: step.gapMilliseconds)
            advance(&socket, to: at)
            perform(step.command, index: index, &socket)
        }
        advance(&socket, to: now.adding(milliseconds: SocketDriver.horizonMilliseconds))
        record.endedAt = now
    }

    /// Fires the socket's timers due up to `target`, each at its deadline.
    mutating func advance(_ socket: inout some ProgressJobSocketServing, to target: Timestamp) {
        while record.fault == nil, let due = socket.deadline, due <= target {
            firings += 1
            guard firings <= SocketDriver.firingsMax else {
                record.fault = "its timer fired \(SocketDriver.firingsMax) times in one run without settling"
                break
            }
            now = max(now, due)
            let actions = socket.fire(at: now)
            if actions.isEmpty, socket.deadline == due {
                record.fault = "its deadline +\(ProgressConformance.offset(due)) ms stays due after firing with nothing to do"
                break
            }
            _ = apply(actions)
        }
        now = max(now, target)
    }

    mutating func perform(_ command: SocketCommand, index: Int, _ socket: inout some ProgressJobSocketServing) {
        let before = job
        let currentBefore = current
        let openBefore = open
        var connection: Int?
        var wasOpen = false
        var answer: [(connection: Int, event: SocketEvent)] = []
        switch command {
        case let .connect(token):
            (connection, answer) = openConnection(with: token, &socket)
        case .resume:
            (connection, answer) = openConnection(with: .own, &socket)
            if let connection, current == connection {
                let frame = SocketFrame.sync(lastProcessedCount: nil)
                append(SocketEvent(at: now, kind: .heard(frame)), to: connection)
                answer += apply(socket.received(frame.bytes(for: script.job, at: now), on: connection, at: now))
            }
        case let .send(side, frame):
            if let target = side == .current ? current : previous {
                connection = target
                wasOpen = open.contains(target)
                append(SocketEvent(at: now, kind: .heard(frame)), to: target)
                answer = apply(socket.received(frame.bytes(for: script.job, at: now), on: target, at: now))
            }
        case .disconnect:
            if let target = current {
                connection = target
                wasOpen = true
                open.removeAll { $0 == target }
                current = nil
                append(SocketEvent(at: now, kind: .clientClosed), to: target)
                socket.disconnected(target, at: now)
            }
        case .start:
            answer = apply(socket.start(at: now))
        case let .report(report):
            let count: Int
            switch report {
            case let .advance(by):
                trueCount = min(total, trueCount + by)
                count = trueCount
            case let .late(by):
                count = max(0, trueCount - by)
            case let .count(reported):
                count = min(total, reported)
                trueCount = max(trueCount, count)
            }
            if job.status == .running { job.highest = max(job.highest, count) }
            answer = apply(socket.report(ProgressUpdate(processedCount: count, totalCount: total, currentTitle: "Book \(count)"), at: now))
        case .complete:
            let failures = trueCount / 5
            let completion = JobCompletion(canceled: canceled, totalProcessed: trueCount, totalCount: total, successCount: trueCount - failures,
                                           failureCount: failures, durationMilliseconds: ProgressConformance.offset(now))
            if !job.hasEnded {
                job.status = canceled ? .canceled : .complete
                job.highest = max(job.highest, trueCount)
                job.completion = completion
            }
            answer = apply(socket.complete(completion, at: now))
        case .fail:
            let failures = trueCount / 5
            if !job.hasEnded {
                job.status = .failed
                job.highest = max(job.highest, trueCount)
                job.error = SocketDriver.countedFailure(successCount: trueCount - failures, failureCount: failures)
            }
            answer = apply(socket.fail(SocketDriver.failure, successCount: trueCount - failures, failureCount: failures, at: now))
        case .cancel:
            if job.status == .running, !job.hasEnded {
                job.status = .canceled
                canceled = true
            }
            answer = apply(socket.cancel(at: now))
        case .wait:
            break
        }
        record.steps.append(SocketStepRecord(index: index, at: now, command: command, connection: connection, wasOpen: wasOpen,
                                             currentBefore: currentBefore, openBefore: openBefore, answer: answer, jobBefore: before, jobAfter: job))
    }

    /// Opens the next connection with `token`: its number, and what the socket answered.
    mutating func openConnection(with token: SocketToken, _ socket: inout some ProgressJobSocketServing) -> (Int?, [(connection: Int, event: SocketEvent)]) {
        let id = nextConnection
        nextConnection += 1
        switch socket.connect(id, token: token.presented(for: script.job), at: now) {
        case let .accepted(actions):
            record.transcripts.append(SocketTranscript(connection: id, upgrade: .accepted(at: now)))
            open.append(id)
            previous = last
            last = id
            current = id
            return (id, apply(actions))
        case let .refused(status, error):
            record.transcripts.append(SocketTranscript(connection: id, upgrade: .refused(status: status, error)))
            return (id, [])
        }
    }

    /// Carries out the socket's actions: records each on its connection, and closes connections.
    mutating func apply(_ actions: [ProgressSocketAction]) -> [(connection: Int, event: SocketEvent)] {
        var answer: [(connection: Int, event: SocketEvent)] = []
        for action in actions {
            let connection: Int
            let event: SocketEvent
            switch action {
            case let .send(target, frame):
                connection = target
                do {
                    event = SocketEvent(at: now, kind: .sent(try ProgressMessageCodec.decode(frame, from: .server)))
                } catch {
                    event = SocketEvent(at: now, kind: .sentUndecodable(frame))
                }
            case let .close(target, code):
                connection = target
                event = SocketEvent(at: now, kind: .closed(code: code))
                open.removeAll { $0 == target }
                if current == target { current = nil }
            }
            if append(event, to: connection) {
                answer.append((connection, event))
            } else {
                record.strays.append(SocketText.describe(event, job: script.job) + " on connection \(connection), which was never open")
            }
        }
        return answer
    }

    /// Adds `event` to an accepted connection's transcript; `false` if the suite never opened it.
    @discardableResult
    mutating func append(_ event: SocketEvent, to connection: Int) -> Bool {
        // Connections are numbered in the order their transcripts are made.
        let index = connection - 1
        guard record.transcripts.indices.contains(index), record.transcripts[index].openedAt != nil else { return false }
        record.transcripts[index].events.append(event)
        return true
    }
}

extension SocketDriver {
    /// The error a script's job fails with.
    static let failure = StructuredError.internalError(reason: "storage write failed")

    /// The error as the terminal message must carry it: the job's final counts in its details, over
    /// any there (the model's `fail`; the seed's "Success/failure breakdown in details").
    static func countedFailure(successCount: Int, failureCount: Int) -> StructuredError {
        let given = failure.details
        let details = ErrorDetails(successCount: successCount, failureCount: failureCount, affectedItemsTotal: given.affectedItemsTotal, provider: given.provider,
                                   statusCode: given.statusCode, fileName: given.fileName, fileSize: given.fileSize, imageSize: given.imageSize, apiEndpoint: given.apiEndpoint)
        return StructuredError(code: failure.code, message: failure.message, userMessage: failure.userMessage,
                               affectedItems: failure.affectedItems, retryable: failure.retryable, details: details)
    }
}
