import SpecConformance
import SpecModel
import Testing

// Wrong job sockets: production's behaviour where the seeds go further (one message per book, a 1002
// close on a bad frame, a cancel that closes the socket), the seed's own handler and throttle, and one
// slip each the way a Worker team might make it. They share a backend-like socket written from the
// seeds and the decisions, which passes every rule when it has no flaw
// (`ProgressJobSocketTests.theReimplementationWithoutAFlawPasses`).

/// One flaw of the backend-like socket.
enum SocketFlaw: Sendable, Hashable {
    /// The pong reads `clientTime` from the envelope instead of the payload, so it never has one.
    case pongWithoutClientTime
    /// The token is left to a route that never checks it: any token opens the socket.
    case anyToken
    /// The refusal says which job the token failed for.
    case refusalNamesJob
    /// `sync_response` reports the latest count as if the job were still running, never the ending.
    case syncWithoutEnding
    /// The seed's `handleWebSocketMessage`: `handleSyncRequest` is never defined, so a `sync_request`
    /// throws inside the `try`, is logged and dropped, like an unknown type.
    case seedHandlerDropsSync
    /// Production: an unknown or malformed client message closes the socket with 1002.
    case closesOnBadFrame
    /// The ending is sent and the socket left open for the client to close.
    case endingLeftOpen
    /// Production: a cancel marks the job canceled and closes the socket with 1001, broadcasting nothing.
    case cancelClosesSocket
    /// `this.webSocket = webSocket`: a reconnect forgets the old socket without closing it.
    case keepsReplacedSocket
    /// A reconnect to an ended job gets the ending again at once, as well as in the sync answer.
    case replaysEndingOnConnect
    /// The pong's `serverTime` in seconds (`Date.now() / 1000`).
    case serverTimeInSeconds
    /// The seed's `handlePing`: any frame whose `type` is `ping` is answered, whatever its version or job.
    case seedPingHandler
    /// The job's reports after a cancel are still sent.
    case reportsAfterCancel
}

/// A Durable Object's socket logic as a Worker team would write it from the seeds: the token check, one
/// socket per job, `handleWebSocketMessage` with ping and sync, the throttled progress of
/// `updateProgressV2Throttled`, `completeV2`, `sendError`, `cancelJob` and the idle close, with at most
/// one flaw.
struct BackendLikeJobSocket<Throttle: ProgressThrottling>: ProgressJobSocketServing {
    var throttle: Throttle
    var flaw: SocketFlaw?
    var idleCloseMilliseconds: Int64
    var job: ProgressJobTicket?
    var totalCount = 0
    var status = JobStatus.running
    var processedCount = 0
    /// `job_complete` or `error`, once the job ended; `terminalSent` once it went out.
    var terminal: ProgressPayload?
    var terminalSent = false
    /// `this.webSocket`, and when the client last sent a frame on it.
    var webSocket: (id: Int, lastMessageAt: Timestamp)?

    init(throttle: Throttle, flaw: SocketFlaw? = nil, idleCloseMilliseconds: Int64 = 100_000) {
        self.throttle = throttle
        self.flaw = flaw
        self.idleCloseMilliseconds = idleCloseMilliseconds
    }

    mutating func create(_ job: ProgressJobTicket, totalCount: Int, at now: Timestamp) {
        guard self.job == nil else { return }
        self.job = job
        self.totalCount = totalCount
    }

    mutating func connect(_ connection: Int, token: String?, at now: Timestamp) -> ProgressSocketUpgrade {
        guard let job else { return .refused(status: 404, .jobNotFound()) }
        guard flaw == .anyToken || token == job.token else {
            if flaw == .refusalNamesJob {
                return .refused(status: 401, StructuredError(code: .unauthorized, message: "Token does not match job \(job.jobId)",
                                                             userMessage: ProgressErrorCode.unauthorized.defaultUserMessage))
            }
            return .refused(status: 401, .unauthorized())
        }
        var actions: [ProgressSocketAction] = []
        if let old = webSocket, flaw != .keepsReplacedSocket { actions.append(.close(connection: old.id, code: 1001)) }
        webSocket = (connection, now)
        if flaw == .replaysEndingOnConnect, terminalSent, let terminal { actions += send(terminal, at: now) }
        return .accepted(actions)
    }

    mutating func disconnected(_ connection: Int, at now: Timestamp) {
        if webSocket?.id == connection { webSocket = nil }
    }

    mutating func received(_ frame: [UInt8], on connection: Int, at now: Timestamp) -> [ProgressSocketAction] {
        guard let job, webSocket?.id == connection else { return [] }
        webSocket?.lastMessageAt = now
        if flaw == .seedPingHandler, let parsed = try? JSONValue(parsing: frame), parsed["type"]?.string == "ping" {
            return send(.pong(Pong(clientTime: parsed["payload"]?["clientTime"]?.int64, serverTime: now.epochMilliseconds)), at: now)
        }
        let message: ProgressMessage
        do {
            message = try ProgressMessageCodec.decode(frame, from: .client)
        } catch {
            return badFrame(on: connection)
        }
        guard BackendJobRegistry.sameJob(message.jobId, job.jobId) else { return badFrame(on: connection) }
        switch message.payload {
        case let .ping(ping):
            let serverTime = flaw == .serverTimeInSeconds ? now.epochMilliseconds / 1_000 : now.epochMilliseconds
            return send(.pong(Pong(clientTime: flaw == .pongWithoutClientTime ? nil : ping.clientTime, serverTime: serverTime)), at: now)
        case .syncRequest:
            return flaw == .seedHandlerDropsSync ? [] : send(.syncResponse(snapshot), at: now)
        default:
            return []
        }
    }

    mutating func badFrame(on connection: Int) -> [ProgressSocketAction] {
        guard flaw == .closesOnBadFrame else { return [] }
        webSocket = nil
        return [.close(connection: connection, code: 1002)]
    }

    var snapshot: JobSnapshot {
        if flaw == .syncWithoutEnding { return JobSnapshot(status: .running, processedCount: processedCount, totalCount: totalCount) }
        switch terminal {
        case let .complete(completion)?: return JobSnapshot(status: status, processedCount: processedCount, totalCount: totalCount, completion: completion)
        case let .error(error)?: return JobSnapshot(status: status, processedCount: processedCount, totalCount: totalCount, error: error)
        default: return JobSnapshot(status: status, processedCount: processedCount, totalCount: totalCount)
        }
    }

    mutating func start(at now: Timestamp) -> [ProgressSocketAction] {
        send(.jobStarted(JobStarted(totalCount: totalCount)), at: now)
    }

    mutating func report(_ update: ProgressUpdate, at now: Timestamp) -> [ProgressSocketAction] {
        guard status == .running || (flaw == .reportsAfterCancel && status == .canceled && terminal == nil) else { return [] }
        processedCount = max(processedCount, update.processedCount)
        if case .sent = throttle.offer(update, at: now) { return send(.progress(update), at: now) }
        return []
    }

    mutating func complete(_ completion: JobCompletion, at now: Timestamp) -> [ProgressSocketAction] {
        guard terminal == nil else { return [] }
        status = completion.canceled ? .canceled : .complete
        processedCount = max(processedCount, completion.totalProcessed)
        return end(with: .complete(completion), at: now)
    }

    mutating func fail(_ error: StructuredError, successCount: Int, failureCount: Int, at now: Timestamp) -> [ProgressSocketAction] {
        guard terminal == nil else { return [] }
        status = .failed
        processedCount = max(processedCount, successCount + failureCount)
        let given = error.details
        let details = ErrorDetails(successCount: successCount, failureCount: failureCount, affectedItemsTotal: given.affectedItemsTotal, provider: given.provider,
                                   statusCode: given.statusCode, fileName: given.fileName, fileSize: given.fileSize, imageSize: given.imageSize, apiEndpoint: given.apiEndpoint)
        let counted = StructuredError(code: error.code, message: error.message, userMessage: error.userMessage, affectedItems: error.affectedItems,
                                      retryable: error.retryable, details: details)
        return end(with: .error(counted), at: now)
    }

    mutating func cancel(at now: Timestamp) -> [ProgressSocketAction] {
        guard status == .running, terminal == nil else { return [] }
        status = .canceled
        if flaw == .cancelClosesSocket {
            guard let open = webSocket else { return [] }
            webSocket = nil
            return [.close(connection: open.id, code: 1001)]
        }
        return send(.canceled(JobCancellation(message: "Job canceled by user", processedItems: processedCount, totalItems: totalCount)), at: now)
    }

    var deadline: Timestamp? {
        let idle = webSocket.map { $0.lastMessageAt.adding(milliseconds: idleCloseMilliseconds) }
        return [throttle.deadline, idle].compactMap { $0 }.min()
    }

    mutating func fire(at now: Timestamp) -> [ProgressSocketAction] {
        var actions: [ProgressSocketAction] = []
        if let due = throttle.deadline, due <= now {
            switch throttle.fire(at: now) {
            case .nothingDue: break
            case let .flushed(update), let .keptAlive(update): actions += send(.progress(update), at: now)
            case let .finished(flushed):
                if let flushed { actions += send(.progress(flushed), at: now) }
                actions += sendTerminal(at: now)
            }
        }
        if let open = webSocket, open.lastMessageAt.adding(milliseconds: idleCloseMilliseconds) <= now {
            webSocket = nil
            actions.append(.close(connection: open.id, code: 1001))
        }
        return actions
    }

    mutating func end(with payload: ProgressPayload, at now: Timestamp) -> [ProgressSocketAction] {
        terminal = payload
        switch throttle.finish(at: now) {
        case let .now(flushed):
            return (flushed.map { send(.progress($0), at: now) } ?? []) + sendTerminal(at: now)
        case .deferred:
            return []
        case .alreadyFinished:
            return sendTerminal(at: now)
        }
    }

    mutating func sendTerminal(at now: Timestamp) -> [ProgressSocketAction] {
        guard let terminal, !terminalSent else { return [] }
        terminalSent = true
        var actions = send(terminal, at: now)
        if let open = webSocket, flaw != .endingLeftOpen {
            webSocket = nil
            actions.append(.close(connection: open.id, code: 1000))
        }
        return actions
    }

    func send(_ payload: ProgressPayload, at now: Timestamp) -> [ProgressSocketAction] {
        guard let job, let open = webSocket else { return [] }
        return [.send(connection: open.id, frame: ProgressMessageCodec.encode(ProgressMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: payload)))]
    }
}

/// Production's socket has no throttle: one `job_progress` per book, as the books finish.
struct EveryReportThrottle: ProgressThrottling {
    var finished = false

    var deadline: Timestamp? { nil }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision { finished ? .afterFinish : .sent(.interval) }

    mutating func fire(at now: Timestamp) -> ThrottleFire { .nothingDue }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        guard !finished else { return .alreadyFinished }
        finished = true
        return .now(flushed: nil)
    }
}

/// The reference throttle, except that the job's end drops the report it holds and lets the completion
/// carry the count (D-072's option b).
struct HeldReportDroppedAtEndThrottle: ProgressThrottling {
    var inner = ProgressThrottle()
    var finished = false

    var deadline: Timestamp? { finished ? nil : inner.deadline }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision { finished ? .afterFinish : inner.offer(update, at: now) }

    mutating func fire(at now: Timestamp) -> ThrottleFire { finished ? .nothingDue : inner.fire(at: now) }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        guard !finished else { return .alreadyFinished }
        finished = true
        if case let .now(flushed) = inner.finish(at: now) { return .now(flushed: flushed) }
        return .now(flushed: nil)
    }
}

enum WrongProgressJobSockets {
    static let suiteID = ConformanceSuite<BackendLikeJobSocket<ProgressThrottle>>.progressJobSocket.id

    /// The backend-like socket with the reference throttle and `flaw`.
    static func of(_ name: String, _ flaw: SocketFlaw, _ description: String, breaks: RuleID...) -> WrongImplementation {
        WrongImplementation(name: name, flaw: description, suiteID: suiteID, breaks: breaks) { settings in
            ConformanceSuite.progressJobSocket.run(name, settings: settings) { BackendLikeJobSocket(throttle: ProgressThrottle(), flaw: flaw) }
        }
    }

    static let all: [WrongImplementation] = [
        of("PongWithoutClientTimeSocket", .pongWithoutClientTime, "reads clientTime from the ping's envelope, not its payload, so every pong lacks it", breaks: "SOCKET-01"),
        of("AnyTokenSocket", .anyToken, "leaves the token to a route that never checks it: any token, or none, opens the job's socket", breaks: "SOCKET-02"),
        of("RefusalNamingTheJobSocket", .refusalNamesJob, "refuses with \"Token does not match job <id>\", telling a guesser the job exists", breaks: "SOCKET-03"),
        of("SyncWithoutEndingSocket", .syncWithoutEnding, "answers sync_request with the latest count as if the job were running, so a client that missed the ending never learns it",
           breaks: "SOCKET-04"),
        of("SeedHandlerSocket", .seedHandlerDropsSync, "the seed's handleWebSocketMessage: handleSyncRequest is never defined, so a sync_request is caught, logged and dropped",
           breaks: "SOCKET-04"),
        of("BadFrameClosesSocket", .closesOnBadFrame, "production: an unknown or malformed client message closes the socket with 1002", breaks: "SOCKET-05", "SOCKET-16"),
        of("SeedPingHandlerSocket", .seedPingHandler, "the seed's handlePing: any frame of type ping is answered, another version's or another job's too", breaks: "SOCKET-16"),
        of("SecondsServerTimeSocket", .serverTimeInSeconds, "writes the pong's serverTime as Date.now() / 1000", breaks: "SOCKET-15"),
        of("ReportsAfterCancelSocket", .reportsAfterCancel, "still sends the reports of books that finish after the cancel", breaks: "SOCKET-21"),
        WrongImplementation.of({ .progressJobSocket }, "OneMessagePerBookSocket", flaw: "production: no throttle, a job_progress for every book as it finishes, out of order too, and no keep-alive",
                               breaks: "SOCKET-17", "SOCKET-06", "SOCKET-07", "SOCKET-20") {
            BackendLikeJobSocket(throttle: EveryReportThrottle())
        },
        WrongImplementation.of({ .progressJobSocket }, "SeedThrottleSocket", flaw: "the seed's updateProgressV2Throttled and completeV2 as written: milestones and the flush bypass the interval (O-01, O-03)",
                               breaks: "SOCKET-06", "SOCKET-07") {
            BackendLikeJobSocket(throttle: SeedProgressThrottle())
        },
        WrongImplementation.of({ .progressJobSocket }, "HeldReportDroppedAtEndSocket", flaw: "drops the report the throttle holds when the job ends, so the client's last count is not the final one",
                               breaks: "SOCKET-08") {
            BackendLikeJobSocket(throttle: HeldReportDroppedAtEndThrottle())
        },
        WrongImplementation.of({ .progressJobSocket }, "NinetySecondIdleSocket", flaw: "closes a silent connection after the client's 3 × 30 s, 90 s, instead of 100 s", breaks: "SOCKET-10") {
            BackendLikeJobSocket(throttle: ProgressThrottle(), idleCloseMilliseconds: 90_000)
        },
        WrongImplementation.of({ .progressJobSocket }, "StrictIdleSocket", flaw: "closes only after more than 100 s of silence (> instead of >=), a millisecond late", breaks: "SOCKET-10") {
            BackendLikeJobSocket(throttle: ProgressThrottle(), idleCloseMilliseconds: 100_001)
        },
        of("EndingLeftOpenSocket", .endingLeftOpen, "sends the ending and leaves the socket open for the client to close", breaks: "SOCKET-11"),
        of("CancelClosesSocket", .cancelClosesSocket, "production: a cancel closes the socket with 1001 and broadcasts nothing, so the app never sees canceled", breaks: "SOCKET-12"),
        of("ReplacedSocketLeftOpenSocket", .keepsReplacedSocket, "this.webSocket = webSocket: a reconnect forgets the old socket without closing it", breaks: "SOCKET-13"),
        of("EndingReplayedSocket", .replaysEndingOnConnect, "sends a reconnecting client the ending again at once, a second job_complete", breaks: "SOCKET-09"),
    ]
}

/// The backend-like socket the wrong sockets share is faithful when it has no flaw, so each wrong
/// socket is rejected for its flaw alone.
@Suite struct ProgressJobSocketTests {
    @Test func theReimplementationWithoutAFlawPasses() {
        let result = ConformanceSuite.progressJobSocket.run("BackendLikeJobSocket", settings: ConformanceCatalog.settings) { BackendLikeJobSocket(throttle: ProgressThrottle()) }
        for rule in result.rules {
            #expect(rule.grade == .pass, "\(rule.rule.id): \(result.failureText(for: rule) { "PROPERTY_REPLAY='\($0)' swift test --filter ConformanceTests" } ?? "")")
        }
    }
}
