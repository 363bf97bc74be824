import TextFormats

/// The backend's side of one job's progress socket (the seed's `ProgressWebSocketDO`): token checks,
/// the throttled progress, pings and pongs, state sync after a reconnect, and the idle close.
///
/// Seed: 003_…, Tasks 1 and 2 (`handleWebSocketMessage`, `handlePing`, `updateProgressV2Throttled`,
/// `completeV2`, `sendError`); Seed: 000_…, `cancelJob()` and its `canceled` broadcast. A pure state
/// machine: the job calls `start`, `report`, `complete`, `fail` and `cancel`; the transport calls
/// `connect`, `received` and `disconnected`; the owner calls `fire` at `deadline`. Each returns what to
/// send or close.
///
/// - A socket must present the job's token (Phase 1, Task 1); without it, or with another job's, the
///   upgrade is refused with 401 and the job is not revealed (D-080).
/// - One socket per job: a new one (a reconnect) replaces the old, which is closed.
/// - The job's state lives here, not in the socket: messages sent while no socket is open are lost, but
///   `sync_request` answers with the latest count and the ending, so the client misses nothing that
///   matters (D-079).
/// - A client frame that does not decode is dropped and recorded as a typed error; the socket stays
///   open (issue 5: "the connection state is unharmed").
/// - The server closes a socket after `idleCloseMilliseconds` without a frame from the client, as
///   Cloudflare does after ~100 s; the client's pings every 30 s keep it open.
/// - The reference throttle decides which reports travel; another `ProgressThrottling` (a team's own,
///   or a program's behind the process adapter) can take its place (`init(…, throttle:)`), so the
///   simulator runs it behind the model's socket.
public struct ProgressJobSocket: Hashable, Sendable {
    public static let idleTimeoutMilliseconds = ProgressLimits.idleTimeoutMilliseconds
    /// This socket's idle close (the simulator's fault options set it; 100 s by default).
    public let idleCloseMilliseconds: Int64
    /// WebSocket close codes (production: 1000 after completion, 1001 going away).
    public static let closeNormal = 1000
    /// The close code for a socket replaced by a reconnect or closed for idleness.
    public static let closeGoingAway = 1001

    /// The job the socket reports on; a client frame naming another job is rejected.
    public let jobId: String
    /// The job's pipeline, written in the envelope of every message sent.
    public let pipeline: ProgressPipeline
    let token: String
    /// When the job's socket was made, on the backend's clock.
    public let startedAt: Timestamp
    /// The throttle that decides which progress reports travel (the reference one, D-071), unless
    /// another one replaces it (`usesReferenceThrottle`).
    public private(set) var throttle = ProgressThrottle()
    /// The throttle in the reference one's place, if any: boxed, copied on write.
    private var replacement: ThrottleBox?

    /// Whether the reference throttle decides (rather than one given to `init(…, throttle:)`).
    public var usesReferenceThrottle: Bool { replacement == nil }
    /// Running, or how the job ended; it leaves `running` at once, even while the throttle defers the
    /// terminal message.
    public private(set) var status = JobStatus.running
    /// The highest count the job has reported, from progress, its completion or its failure's counts.
    public private(set) var processedCount = 0
    /// How many items the job has.
    public private(set) var totalCount: Int
    /// The completion, once its `job_complete` has gone out (or was due while no socket was open).
    public private(set) var completion: JobCompletion?
    /// The error, once its `error` message has gone out (or was due while no socket was open).
    public private(set) var error: StructuredError?
    /// The cancellation broadcast, once the job has been canceled.
    public private(set) var cancellation: JobCancellation?
    /// The terminal message waiting for the throttle's deferred finish.
    public private(set) var pendingTerminal: ProgressPayload?
    /// The open socket, if any.
    public private(set) var connection: Connection?
    /// The ID the next accepted socket gets; IDs count from 1 and are never reused.
    public private(set) var nextConnectionId = 1
    /// Client frames dropped, most recent last (at most `rejectedFramesKept`), and how many in all.
    public private(set) var rejectedFrames: [ProgressMessageError] = []
    /// How many client frames were rejected in all, including those no longer kept.
    public private(set) var rejectedFrameCount = 0
    public static let rejectedFramesKept = ProgressLimits.rejectedFramesKept
    /// Messages sent, for tests and benchmarks.
    public private(set) var sentCount = 0

    /// An open socket.
    public struct Connection: Hashable, Sendable {
        /// The socket's ID, unique within this job.
        public let id: Int
        /// When the socket was accepted.
        public let openedAt: Timestamp
        /// When the client last sent a frame (or opened).
        public var lastHeardAt: Timestamp
    }

    /// What the socket asks its transport to do.
    public enum Action: Hashable, Sendable {
        case send(connection: Int, ProgressMessage)
        /// Close the socket `connection` with this WebSocket close code.
        case close(connection: Int, code: Int)
    }

    /// - Precondition: the token is not empty, `idleCloseMilliseconds` is positive and `totalCount`
    ///   is not negative.
    public init(jobId: String, pipeline: ProgressPipeline, token: String, totalCount: Int, at now: Timestamp, idleCloseMilliseconds: Int64 = idleTimeoutMilliseconds) {
        precondition(!token.isEmpty, "a job's token must not be empty")
        precondition(idleCloseMilliseconds > 0, "the idle close must be positive")
        self.idleCloseMilliseconds = idleCloseMilliseconds
        precondition(totalCount >= 0, "a job has no negative number of items: \(totalCount)")
        self.jobId = jobId
        self.pipeline = pipeline
        self.token = token
        self.totalCount = totalCount
        self.startedAt = now
    }

    /// A socket whose progress reports `throttle` decides, in the reference throttle's place.
    /// - Precondition: as `init(jobId:pipeline:token:totalCount:at:idleCloseMilliseconds:)`.
    public init(jobId: String, pipeline: ProgressPipeline, token: String, totalCount: Int, at now: Timestamp, idleCloseMilliseconds: Int64 = idleTimeoutMilliseconds, throttle: any ProgressThrottling) {
        self.init(jobId: jobId, pipeline: pipeline, token: token, totalCount: totalCount, at: now, idleCloseMilliseconds: idleCloseMilliseconds)
        replacement = ThrottleBox(throttle)
    }

    /// The deciding throttle's deadline.
    private var throttleDeadline: Timestamp? {
        if let replacement { return replacement.throttle.deadline }
        return throttle.deadline
    }

    /// Runs `body` on the deciding throttle: the reference one, or the replacement, copied first if
    /// another socket shares its box.
    private mutating func withThrottle<Result>(_ body: (inout any ProgressThrottling) -> Result, reference: (inout ProgressThrottle) -> Result) -> Result {
        guard var box = replacement else { return reference(&throttle) }
        replacement = nil
        if !isKnownUniquelyReferenced(&box) { box = ThrottleBox(box.throttle) }
        defer { replacement = box }
        return body(&box.throttle)
    }

    /// When `fire` next has something to do: the throttle's timer or the idle close.
    public var deadline: Timestamp? {
        let idle = connection.map { $0.lastHeardAt.adding(milliseconds: idleCloseMilliseconds) }
        switch (throttleDeadline, idle) {
        case let (a?, b?): return min(a, b)
        case let (a?, nil): return a
        case let (nil, b?): return b
        case (nil, nil): return nil
        }
    }

    /// Whether the job has ended and its terminal message has gone out (or was due while no socket was open).
    public var hasEnded: Bool { completion != nil || error != nil }

    // MARK: - Sockets

    /// What an upgrade request got.
    public enum ConnectResult: Hashable, Sendable {
        /// The socket is open as `connection`; carry out `actions` (closing a replaced socket).
        case accepted(connection: Int, actions: [Action])
        /// The upgrade is refused with an HTTP status and the error the body carries.
        case refused(status: Int, StructuredError)
    }

    /// A client asks to open the job's socket with `token`.
    public mutating func connect(token presented: String?, at now: Timestamp) -> ConnectResult {
        guard let presented, Self.constantTimeEqual(presented, token) else {
            return .refused(status: 401, .unauthorized())
        }
        var actions: [Action] = []
        if let old = connection { actions.append(.close(connection: old.id, code: Self.closeGoingAway)) }
        let id = nextConnectionId
        nextConnectionId += 1
        connection = Connection(id: id, openedAt: now, lastHeardAt: now)
        return .accepted(connection: id, actions: actions)
    }

    /// The transport saw `connection` close.
    public mutating func disconnected(_ id: Int, at now: Timestamp) {
        if connection?.id == id { connection = nil }
    }

    /// A frame arrived from the client on `connection`.
    public mutating func received(_ bytes: some Collection<UInt8>, on id: Int, at now: Timestamp) -> [Action] {
        guard connection?.id == id else { return [] }
        connection?.lastHeardAt = now
        let message: ProgressMessage
        do {
            message = try ProgressMessageCodec.decode(bytes, from: .client)
        } catch {
            reject(error)
            return []
        }
        guard BackendJobRegistry.sameJob(message.jobId, jobId) else {
            reject(.invalidField(.invalidValue(path: "jobId", reason: "names job \(TextExcerpt.prefix(message.jobId, utf8BytesMax: 64)), not this socket's job")))
            return []
        }
        switch message.payload {
        case let .ping(ping):
            return send(.pong(Pong(clientTime: ping.clientTime, serverTime: now.epochMilliseconds)), at: now)
        case .syncRequest:
            return send(.syncResponse(snapshot), at: now)
        default:
            // `decode(_:from: .client)` throws `.unexpectedSender` for every type but ping and
            // sync_request, and decodes each type to its own payload case.
            preconditionFailure("the codec let a server message through as a client message: \(message)")
        }
    }

    /// The job's state as `sync_response` reports it. An ending the throttle has deferred is reported
    /// already: the job has ended, and a sync answer is not a progress message, so it does not count
    /// against the rate.
    public var snapshot: JobSnapshot {
        var ending = (completion: completion, error: error)
        switch pendingTerminal {
        case let .complete(done)?: ending.completion = done
        case let .error(failure)?: ending.error = failure
        default: break
        }
        return JobSnapshot(status: status, processedCount: processedCount, totalCount: totalCount, completion: ending.completion, error: ending.error)
    }

    // MARK: - The job

    /// The job started: `job_started` with its size.
    public mutating func start(at now: Timestamp) -> [Action] {
        send(.jobStarted(JobStarted(totalCount: totalCount)), at: now)
    }

    /// The job reports progress; the throttle decides whether it travels now.
    public mutating func report(_ update: ProgressUpdate, at now: Timestamp) -> [Action] {
        guard status == .running else { return [] }
        see(processed: update.processedCount)
        if case .sent = withThrottle({ $0.offer(update, at: now) }, reference: { $0.offer(update, at: now) }) { return send(.progress(update), at: now) }
        return []
    }

    /// The job's loop ended (normally, or after a cancel with `canceled: true`).
    public mutating func complete(_ completion: JobCompletion, at now: Timestamp) -> [Action] {
        guard !hasEnded, pendingTerminal == nil else { return [] }
        status = completion.canceled ? .canceled : .complete
        see(processed: completion.totalProcessed)
        return end(with: .complete(completion), at: now)
    }

    /// The job has processed `processed` items: a count never goes back, and a job that processed more
    /// items than it was opened with has that many in all, so its snapshot and cancellation hold.
    mutating func see(processed: Int) {
        processedCount = max(processedCount, processed)
        totalCount = max(totalCount, processedCount)
    }

    /// The job failed after `successCount` items succeeded and `failureCount` failed.
    ///
    /// The counts go into the error's details, overriding any there: the terminal message carries the
    /// final count, as the completion does, so a client whose last progress message was lost still ends
    /// with the right count (the seed: "success and failure counts in the details").
    ///
    /// - Precondition: both counts are not negative and their sum does not overflow.
    public mutating func fail(_ error: StructuredError, successCount: Int, failureCount: Int, at now: Timestamp) -> [Action] {
        guard !hasEnded, pendingTerminal == nil else { return [] }
        precondition(successCount >= 0 && failureCount >= 0, "counts are never negative: \(successCount), \(failureCount)")
        status = .failed
        see(processed: successCount + failureCount)
        var details = error.details
        details.successCount = successCount
        details.failureCount = failureCount
        let counted = StructuredError(
            code: error.code, message: error.message, userMessage: error.userMessage,
            affectedItems: error.affectedItems, retryable: error.retryable, details: details
        )
        return end(with: .error(counted), at: now)
    }

    /// The job was canceled (Seed: 000_…, `cancelJob()`): broadcast `canceled`; the loop then completes
    /// with `canceled: true`.
    public mutating func cancel(at now: Timestamp) -> [Action] {
        guard status == .running, pendingTerminal == nil else { return [] }
        status = .canceled
        let cancellation = JobCancellation(message: "Job canceled by user", processedItems: processedCount, totalItems: totalCount)
        self.cancellation = cancellation
        return send(.canceled(cancellation), at: now)
    }

    /// Runs the throttle's timer and the idle close at `now`.
    public mutating func fire(at now: Timestamp) -> [Action] {
        var actions: [Action] = []
        if let due = throttleDeadline, due <= now {
            switch withThrottle({ $0.fire(at: now) }, reference: { $0.fire(at: now) }) {
            case .nothingDue: break
            case let .flushed(update), let .keptAlive(update): actions += send(.progress(update), at: now)
            case let .finished(flushed):
                if let flushed { actions += send(.progress(flushed), at: now) }
                actions += sendTerminal(at: now)
            }
        }
        if let open = connection, open.lastHeardAt.adding(milliseconds: idleCloseMilliseconds) <= now {
            connection = nil
            actions.append(.close(connection: open.id, code: Self.closeGoingAway))
        }
        return actions
    }

    // MARK: - Sending

    private mutating func end(with terminal: ProgressPayload, at now: Timestamp) -> [Action] {
        pendingTerminal = terminal
        switch withThrottle({ $0.finish(at: now) }, reference: { $0.finish(at: now) }) {
        case let .now(flushed):
            var actions: [Action] = []
            if let flushed { actions += send(.progress(flushed), at: now) }
            return actions + sendTerminal(at: now)
        case .deferred:
            return []
        case .alreadyFinished:
            return sendTerminal(at: now)
        }
    }

    /// Sends the pending terminal message, records the ending, and closes the socket normally.
    private mutating func sendTerminal(at now: Timestamp) -> [Action] {
        guard let terminal = pendingTerminal else { return [] }
        pendingTerminal = nil
        switch terminal {
        case let .complete(done): completion = done
        case let .error(failure): error = failure
        // Only `end(with:)` sets `pendingTerminal`: `complete` passes `.complete`, `fail` `.error`.
        default: preconditionFailure("a terminal message is complete or error, not \(terminal)")
        }
        var actions = send(terminal, at: now)
        if let open = connection {
            connection = nil
            actions.append(.close(connection: open.id, code: Self.closeNormal))
        }
        return actions
    }

    private mutating func send(_ payload: ProgressPayload, at now: Timestamp) -> [Action] {
        guard let open = connection else { return [] }
        sentCount += 1
        return [.send(connection: open.id, ProgressMessage(jobId: jobId, pipeline: pipeline, timestamp: now, payload: payload))]
    }

    private mutating func reject(_ error: ProgressMessageError) {
        rejectedFrameCount += 1
        rejectedFrames.append(error)
        if rejectedFrames.count > Self.rejectedFramesKept { rejectedFrames.removeFirst() }
    }

    /// Compares a presented token with the job's secret in time that depends on the presented token's
    /// length only, never on the secret: neither where a guess first goes wrong nor the secret's length
    /// shows in the time taken (issue 22).
    static func constantTimeEqual(_ presented: String, _ secret: String) -> Bool {
        constantTimeEqual(Array(presented.utf8), Array(secret.utf8))
    }

    /// The comparison over bytes: every byte of `presented` is read once and compared with the secret's
    /// byte at the same place, wrapping round a shorter secret, so the work is `presented.count` steps
    /// whatever the secret holds; a length difference is folded into the result, not branched on.
    ///
    /// - Precondition: `secret` is not empty (a socket's token, which `init` requires).
    package static func constantTimeEqual<Secret: RandomAccessCollection<UInt8>>(_ presented: [UInt8], _ secret: Secret) -> Bool where Secret.Index == Int {
        precondition(!secret.isEmpty, "a job's token is never empty")
        var difference = UInt64(truncatingIfNeeded: presented.count ^ secret.count)
        let start = secret.startIndex
        for (index, byte) in presented.enumerated() {
            difference |= UInt64(byte ^ secret[start + index % secret.count])
        }
        return difference == 0
    }
}

/// A throttle in the reference one's place, shared by copies of a socket until one of them changes it.
/// Sockets are equal only if they share the box: a replacement is not compared by value.
final class ThrottleBox: Hashable, @unchecked Sendable {
    // Safe: a box is changed only through `withThrottle`, after a uniqueness check, so no two
    // sockets (and no two threads) ever change one box.
    var throttle: any ProgressThrottling

    init(_ throttle: any ProgressThrottling) {
        self.throttle = throttle
    }

    static func == (lhs: ThrottleBox, rhs: ThrottleBox) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
