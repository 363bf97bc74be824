import TextFormats

/// The app's side of one job's progress socket: connecting with the job's token, the heartbeat,
/// reconnecting with backoff, resuming by job ID, and what the user sees of the job.
///
/// Seed: 003_…, Task 1 (`GenericWebSocketHandler`: `connect`, `startHeartbeat`, `checkHeartbeatHealth`,
/// `connectWithRetry`, `handleMessage`) and the expert consensus ("Auto-reconnect with exponential backoff
/// and state sync"; "Include the job ID in reconnect queries to resume state"). A pure state machine: the
/// transport calls `opened`, `openFailed`, `received` and `connectionLost`; the owner calls `fire` at
/// `deadline`; each returns the actions to carry out.
///
/// - After every successful open the client sends `sync_request`, and the server answers with the job's
///   state and its ending if it has one, so nothing that matters is missed while disconnected (D-079).
/// - The user's count never goes backwards, whatever order or repetition messages arrive in.
/// - A frame that does not decode is recorded as a typed error and changes nothing else (issue 5).
/// - A refused open (wrong or missing token, unknown job) is final: retrying cannot help.
public struct ProgressSocketClient: Hashable, Sendable {
    /// The job the socket follows; a frame naming another job is rejected (ASCII case ignored).
    public let jobId: String
    /// The job's pipeline, written in the envelope of every message the client sends.
    public let pipeline: ProgressPipeline
    /// The job's token, sent when opening the socket (Phase 1, Task 1).
    public let token: String
    /// How long to wait before each reconnect, and when to give up.
    public let policy: ReconnectPolicy
    /// The ping schedule and the health check that decides when to reconnect.
    public private(set) var heartbeat: Heartbeat
    /// Where the connection stands; `idle` until `start`.
    public private(set) var state = State.idle
    /// What the user sees of the job.
    public private(set) var view = JobView()
    /// Tries since the last successful open (0 while connected).
    public private(set) var attempt = 0
    /// When the current run of failures began.
    public private(set) var failingSince: Timestamp?
    /// Successful opens.
    public private(set) var opens = 0
    /// Frames that did not decode or were not for this job, most recent last (at most
    /// `rejectedFramesKept`), and how many in all.
    public private(set) var rejectedFrames: [ProgressMessageError] = []
    /// How many frames were rejected in all, including those no longer kept.
    public private(set) var rejectedFrameCount = 0
    public static let rejectedFramesKept = ProgressLimits.rejectedFramesKept
    public static let syncRetryMillisecondsDefault = ProgressLimits.syncRetryMilliseconds
    /// This client's wait before asking for the job's state again; `nil` asks once per open (the
    /// simulator's canary, which loses the ending when that one request is lost).
    public let syncRetryMilliseconds: Int64?
    /// When the client asks for the job's state again if no answer has come.
    public private(set) var syncRetryAt: Timestamp?
    /// The last progress message applied, to drop a duplicate of it.
    var lastProgress: ProgressSignature?

    struct ProgressSignature: Hashable, Sendable {
        var timestamp: Timestamp
        var processedCount: Int
        var keepAlive: Bool
    }

    /// Where the client's connection stands.
    public enum State: Hashable, Sendable {
        /// Not started.
        case idle
        /// An open is under way; it fails if not done by `timesOutAt`.
        case connecting(timesOutAt: Timestamp)
        /// The socket is open, since this time.
        case connected(since: Timestamp)
        /// Waiting to try again at `retryAt`.
        case waiting(retryAt: Timestamp)
        /// The job ended and the client knows how; the socket is closed.
        case finished
        /// The server refused the socket (HTTP status); no retry.
        case refused(status: Int)
        /// Reconnecting failed for longer than the policy allows.
        case gaveUp
    }

    /// What the client asks its transport to do.
    public enum Action: Hashable, Sendable {
        /// Open the socket: `GET /ws/progress?jobId=…&token=…[&reconnect=true]`.
        case open(reconnect: Bool)
        case send(ProgressMessage)
        case close
    }

    /// A client for `jobId`, not yet started; a `nil` `syncRetryMilliseconds` asks for the job's state once
    /// per open.
    ///
    /// - Precondition: `syncRetryMilliseconds`, if given, is positive.
    public init(
        jobId: String, pipeline: ProgressPipeline, token: String, policy: ReconnectPolicy = ReconnectPolicy(), heartbeat: Heartbeat = Heartbeat(),
        syncRetryMilliseconds: Int64? = syncRetryMillisecondsDefault
    ) {
        precondition(syncRetryMilliseconds.map { $0 > 0 } ?? true, "the sync retry must be positive")
        self.syncRetryMilliseconds = syncRetryMilliseconds
        self.jobId = jobId
        self.pipeline = pipeline
        self.token = token
        self.policy = policy
        self.heartbeat = heartbeat
    }

    /// When `fire` next has something to do.
    public var deadline: Timestamp? {
        switch state {
        case let .connecting(timesOutAt): return timesOutAt
        case let .waiting(retryAt): return retryAt
        case .connected:
            switch (heartbeat.deadline, syncRetryAt) {
            case let (a?, b?): return min(a, b)
            case let (a, b): return a ?? b
            }
        case .idle, .finished, .refused, .gaveUp: return nil
        }
    }

    /// Whether the client has stopped for good.
    public var hasStopped: Bool {
        switch state {
        case .finished, .refused, .gaveUp: return true
        default: return false
        }
    }

    // MARK: - Transitions

    /// Opens the socket for the first time.
    public mutating func start(at now: Timestamp) -> [Action] {
        guard state == .idle else { return [] }
        state = .connecting(timesOutAt: now.adding(milliseconds: ReconnectPolicy.handshakeTimeoutMilliseconds))
        return [.open(reconnect: false)]
    }

    /// The socket opened: start the heartbeat and ask for the job's state.
    public mutating func opened(at now: Timestamp) -> [Action] {
        guard case .connecting = state else { return [] }
        state = .connected(since: now)
        opens += 1
        attempt = 0
        failingSince = nil
        heartbeat.start(at: now)
        return [requestSync(at: now)]
    }

    /// The open failed: the network (retry) or a refusal with an HTTP status (401, 404: final).
    public mutating func openFailed(status: Int? = nil, at now: Timestamp) -> [Action] {
        guard case .connecting = state else { return [] }
        if let status {
            state = .refused(status: status)
            return []
        }
        return retryLater(at: now)
    }

    /// The socket closed or dropped (a close frame, a transport error, the server's idle close).
    public mutating func connectionLost(at now: Timestamp) -> [Action] {
        switch state {
        case .connected, .connecting:
            heartbeat.stop()
            return retryLater(at: now)
        default:
            return []
        }
    }

    /// Runs the client's timers at `now`.
    public mutating func fire(at now: Timestamp) -> [Action] {
        switch state {
        case let .connecting(timesOutAt) where timesOutAt <= now:
            return [.close] + retryLater(at: now)
        case let .waiting(retryAt) where retryAt <= now:
            state = .connecting(timesOutAt: now.adding(milliseconds: ReconnectPolicy.handshakeTimeoutMilliseconds))
            return [.open(reconnect: true)]
        case .connected:
            var actions: [Action] = []
            if let due = syncRetryAt, due <= now { actions.append(requestSync(at: now)) }
            switch heartbeat.fire(at: now) {
            case .nothing: break
            case let .sendPing(clientTime): actions.append(.send(message(.ping(Ping(clientTime: clientTime)), at: now)))
            case .reconnect: return actions + [.close] + retryLater(at: now)
            }
            return actions
        default:
            return []
        }
    }

    /// What a received frame did.
    public enum Receipt: Hashable, Sendable {
        /// The message was applied; carry out `actions`.
        case applied(ProgressMessageType, actions: [Action])
        /// The frame was refused with a typed error; nothing else changed.
        case rejected(ProgressMessageError)
        /// The client is not connected (or has stopped); the frame is ignored.
        case ignored
        /// A progress message with a lower count than the last one applied (overtaken on the network), or
        /// the very same message again (duplicated by the network): dropped, so the user sees neither a
        /// count going back nor a message twice (D-080).
        case stale
    }

    /// A frame arrived from the server.
    public mutating func received(_ bytes: some Collection<UInt8>, at now: Timestamp) -> Receipt {
        guard case .connected = state else { return .ignored }
        let message: ProgressMessage
        do {
            message = try ProgressMessageCodec.decode(bytes, from: .server)
        } catch {
            return reject(error)
        }
        guard BackendJobRegistry.sameJob(message.jobId, jobId) else {
            return reject(.invalidField(.invalidValue(path: "jobId", reason: "names job \(TextExcerpt.prefix(message.jobId, utf8BytesMax: 64)), not this socket's job \(jobId)")))
        }
        if case let .progress(update) = message.payload {
            let signature = ProgressSignature(timestamp: message.timestamp, processedCount: update.processedCount, keepAlive: update.keepAlive)
            if let last = lastProgress, signature == last || update.processedCount < last.processedCount { return .stale }
            lastProgress = signature
        }
        return .applied(message.type, actions: apply(message.payload, at: now))
    }

    private mutating func apply(_ payload: ProgressPayload, at now: Timestamp) -> [Action] {
        switch payload {
        case let .jobStarted(started):
            view.totalCount = started.totalCount
        case let .progress(update):
            view.progressMessages += 1
            view.see(processed: update.processedCount, total: update.totalCount)
            if let line = update.userMessage { view.userMessage = line }
        case let .complete(completion):
            view.see(processed: completion.totalProcessed, total: completion.totalCount)
            view.completion = completion
            return finish()
        case let .error(error):
            view.see(error)
            return finish()
        case let .canceled(cancellation):
            view.see(processed: cancellation.processedItems, total: cancellation.totalItems)
            view.cancellation = cancellation
        case let .pong(pong):
            _ = heartbeat.pongReceived(clientTime: pong.clientTime, at: now)
        case let .syncResponse(snapshot):
            syncRetryAt = nil
            view.syncs += 1
            view.see(processed: snapshot.processedCount, total: snapshot.totalCount)
            if let completion = snapshot.completion {
                view.completion = completion
                return finish()
            }
            if let error = snapshot.error {
                view.see(error)
                return finish()
            }
        case .ping, .syncRequest:
            // `decode(_:from: .server)` refuses client messages.
            preconditionFailure("the codec let a client message through as a server message: \(payload)")
        }
        return []
    }

    /// Asks for the job's state, and again every `syncRetryMilliseconds` until the answer comes: a
    /// request or its answer may be lost, and the ending must not be (D-079).
    private mutating func requestSync(at now: Timestamp) -> Action {
        syncRetryAt = syncRetryMilliseconds.map { now.adding(milliseconds: $0) }
        return .send(message(.syncRequest(SyncRequest(lastProcessedCount: view.processedCount)), at: now))
    }

    private mutating func finish() -> [Action] {
        syncRetryAt = nil
        heartbeat.stop()
        state = .finished
        return [.close]
    }

    private mutating func reject(_ error: ProgressMessageError) -> Receipt {
        rejectedFrameCount += 1
        rejectedFrames.append(error)
        if rejectedFrames.count > Self.rejectedFramesKept { rejectedFrames.removeFirst() }
        return .rejected(error)
    }

    private mutating func retryLater(at now: Timestamp) -> [Action] {
        syncRetryAt = nil
        let since = failingSince ?? now
        failingSince = since
        attempt += 1
        guard policy.keepsTrying(failingSince: since, at: now) else {
            state = .gaveUp
            return []
        }
        state = .waiting(retryAt: now.adding(milliseconds: policy.delay(beforeAttempt: attempt)))
        return []
    }

    private func message(_ payload: ProgressPayload, at now: Timestamp) -> ProgressMessage {
        ProgressMessage(jobId: jobId, pipeline: pipeline, timestamp: now, payload: payload)
    }
}

/// What the user sees of a job: the latest count (never backwards), the status line, and the ending.
public struct JobView: Hashable, Sendable {
    /// How many items the job has, once a message has said.
    public var totalCount: Int?
    /// The highest count seen, from any message.
    public private(set) var processedCount = 0
    /// The latest status line a progress message carried, if any.
    public var userMessage: String?
    /// The job's completion, once it has completed or been canceled and its loop has ended.
    public var completion: JobCompletion?
    /// The job's error, once it has failed.
    public var error: StructuredError?
    /// The cancellation broadcast, once the job has been canceled; the completion follows it.
    public var cancellation: JobCancellation?
    /// `job_progress` messages received.
    public var progressMessages = 0
    /// `sync_response` messages received.
    public var syncs = 0

    /// A view of a job the client has heard nothing about.
    public init() {}

    /// Whether the user knows how the job ended.
    public var hasEnded: Bool { completion != nil || error != nil }

    mutating func see(processed: Int, total: Int) {
        processedCount = max(processedCount, processed)
        totalCount = total
    }

    /// The job failed: the error's details carry the final counts.
    mutating func see(_ failure: StructuredError) {
        error = failure
        if let successes = failure.details.successCount, let failures = failure.details.failureCount {
            // Counts from the network: a sum past `Int.max` reads as `Int.max`, never a trap.
            let (sum, overflow) = successes.addingReportingOverflow(failures)
            processedCount = max(processedCount, overflow ? Int.max : sum)
        }
    }
}
