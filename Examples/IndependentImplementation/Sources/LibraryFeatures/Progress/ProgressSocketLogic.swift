// The app's side of a job's progress socket (seed 003, Task 1, `GenericWebSocketHandler`: `connect`,
// `startHeartbeat`, `checkHeartbeatHealth`, `connectWithRetry`, `handleMessage`; and the experts'
// "auto-reconnect with exponential backoff and state sync", "include the job ID in reconnect queries to
// resume state"). Everything around `URLSessionWebSocketTask` is left out: the transport reports what
// happened, and each call returns what the transport should do.

/// The job the socket follows.
public struct FollowedSocketJob: Sendable, Hashable {
    public var jobId: String
    public var pipeline: JobPipeline
    /// Presented when the socket opens.
    public var token: String

    public init(jobId: String, pipeline: JobPipeline, token: String) {
        self.jobId = jobId
        self.pipeline = pipeline
        self.token = token
    }
}

/// How the app reconnects.
public struct ReconnectBackoff: Sendable, Hashable {
    /// The wait before the first retry after a failed open.
    public var baseDelayMilliseconds: Int64 = 1_000
    /// The longest wait between tries.
    public var maxDelayMilliseconds: Int64 = 30_000
    /// The app stops trying once it has failed to connect for this long (the job is long over by then,
    /// or the user will reopen the screen).
    public var giveUpAfterMilliseconds: Int64 = 600_000
    /// An open that has not completed after this long has failed (the seed's `waitForConnection(timeout: 10)`).
    public var openTimeoutMilliseconds: Int64 = 10_000

    public init() {}

    /// The wait after the `failures`-th failure in a row (1, 2, 4, 8, 16, 30, 30, … seconds).
    public func delay(afterFailures failures: Int) -> Int64 {
        let exponent = max(0, failures - 1)
        guard exponent < 30 else { return maxDelayMilliseconds }
        return min(maxDelayMilliseconds, baseDelayMilliseconds << Int64(exponent))
    }
}

/// What the user sees of the job.
public struct FollowedJobProgress: Sendable, Hashable {
    public var totalCount: Int?
    /// The highest count heard; never goes backwards.
    public var processedCount: Int?
    public var userMessage: String?
    public var cancellation: JobCanceledPayload?
    public var completion: JobCompletePayload?
    public var error: JobErrorPayload?

    public init() {}

    public var hasEnded: Bool { completion != nil || error != nil }
}

public struct ProgressSocketLogic: Sendable, Hashable {
    /// What the transport should do.
    public enum Command: Sendable, Hashable {
        /// Open `GET /ws/progress?jobId=…&token=…`, with `&reconnect=true` when resuming.
        case open(reconnect: Bool)
        case send(SocketMessage)
        case close
    }

    public enum Phase: Sendable, Hashable {
        case idle
        case connecting(timesOutAt: Int64)
        case connected(since: Int64)
        case waiting(retryAt: Int64)
        /// The job ended and the app knows how.
        case finished
        /// The server refused the socket; retrying cannot help.
        case refused(status: Int)
        case gaveUp
    }

    /// How long the app waits for `sync_response` before asking again.
    public static let syncRetryMilliseconds: Int64 = 5_000

    public private(set) var job: FollowedSocketJob?
    public private(set) var phase: Phase = .idle
    public private(set) var heartbeat = HeartbeatLogic()
    public private(set) var progress = FollowedJobProgress()
    public let backoff: ReconnectBackoff
    /// Failed opens since the last successful one.
    public private(set) var failures = 0
    /// When the current outage began.
    public private(set) var outageStartedAt: Int64?
    public private(set) var successfulOpens = 0
    /// When to ask for the job's state again, while a `sync_request` is unanswered.
    public private(set) var syncRetryAt: Int64?
    /// Frames refused, most recent last (a few kept for diagnostics).
    public private(set) var refusedFrames: [SocketDecodingError] = []
    public private(set) var refusedFrameCount = 0

    public init(backoff: ReconnectBackoff = ReconnectBackoff()) {
        self.backoff = backoff
    }

    /// When `fire` next has something to do.
    public var nextWake: Int64? {
        switch phase {
        case let .connecting(timesOutAt): return timesOutAt
        case let .waiting(retryAt): return retryAt
        case .connected:
            let times = [heartbeat.nextWake, syncRetryAt].compactMap { $0 }
            return times.min()
        case .idle, .finished, .refused, .gaveUp:
            return nil
        }
    }

    // MARK: Transport events

    /// Opens the socket for `job` for the first time.
    public mutating func connect(_ job: FollowedSocketJob, now: Int64) -> [Command] {
        guard case .idle = phase else { return [] }
        self.job = job
        outageStartedAt = now
        phase = .connecting(timesOutAt: now + backoff.openTimeoutMilliseconds)
        return [.open(reconnect: false)]
    }

    /// The socket opened: start the heartbeat and ask for the job's state.
    public mutating func didOpen(now: Int64) -> [Command] {
        guard case .connecting = phase else { return [] }
        phase = .connected(since: now)
        successfulOpens += 1
        failures = 0
        outageStartedAt = nil
        heartbeat.reset(now: now)
        return [requestSync(now: now)]
    }

    /// The open failed: `status` is the server's HTTP refusal, or `nil` for a network failure.
    public mutating func didFailToOpen(status: Int?, now: Int64) -> [Command] {
        guard case .connecting = phase else { return [] }
        if let status, Self.isFinalRefusal(status) {
            phase = .refused(status: status)
            heartbeat.stop()
            return []
        }
        return scheduleRetry(now: now)
    }

    /// The socket closed or dropped.
    public mutating func didLoseConnection(now: Int64) -> [Command] {
        switch phase {
        case .connected:
            return reconnectNow(now: now, closeFirst: false)
        case .connecting:
            return scheduleRetry(now: now)
        default:
            return []
        }
    }

    /// Runs the timers at `now`.
    public mutating func fire(now: Int64) -> [Command] {
        switch phase {
        case let .connecting(timesOutAt) where timesOutAt <= now:
            return [.close] + scheduleRetry(now: now)
        case let .waiting(retryAt) where retryAt <= now:
            phase = .connecting(timesOutAt: now + backoff.openTimeoutMilliseconds)
            return [.open(reconnect: successfulOpens > 0)]
        case .connected:
            guard let job else { return [] }
            var commands: [Command] = []
            if let wake = heartbeat.nextWake, wake <= now {
                switch heartbeat.tick(now: now) {
                case .nothing:
                    break
                case let .sendPing(clientTime):
                    commands.append(.send(SocketMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .ping(clientTime: clientTime))))
                case .reconnect:
                    return commands + reconnectNow(now: now, closeFirst: true)
                }
            }
            if let retry = syncRetryAt, retry <= now {
                commands.append(requestSync(now: now))
            }
            return commands
        default:
            return []
        }
    }

    /// A frame arrived from the server.
    public mutating func didReceive(_ frame: [UInt8], now: Int64) -> [Command] {
        guard case .connected = phase, let job else { return [] }
        let message: SocketMessage
        do {
            message = try SocketMessageDecoder().decode(frame, from: .server)
        } catch {
            refuse(error)
            return []
        }
        guard Self.sameJob(message.jobId, job.jobId) else {
            refuse(SocketDecodingError(.invalidValue, "jobId"))
            return []
        }
        switch message.payload {
        case let .jobStarted(total):
            progress.totalCount = total
            if progress.processedCount == nil { progress.processedCount = 0 }
        case let .progress(update):
            progress.totalCount = update.totalCount
            if update.processedCount >= (progress.processedCount ?? 0) {
                progress.processedCount = update.processedCount
                if let line = update.userMessage { progress.userMessage = line }
            }
        case let .canceled(cancellation):
            progress.cancellation = cancellation
            raiseCount(to: cancellation.processedItems, total: cancellation.totalItems)
        case let .complete(completion):
            progress.completion = completion
            raiseCount(to: completion.totalProcessed, total: completion.totalCount)
            return finish()
        case let .error(error):
            progress.error = error
            return finish()
        case let .pong(clientTime, _):
            _ = heartbeat.pong(clientTime: clientTime, now: now)
        case let .syncResponse(snapshot):
            syncRetryAt = nil
            raiseCount(to: snapshot.processedCount, total: snapshot.totalCount)
            switch snapshot.status {
            case .failed:
                progress.error = snapshot.error
                return finish()
            case .complete, .canceled:
                if let completion = snapshot.completion {
                    progress.completion = completion
                    return finish()
                }
            case .running:
                break
            }
        case .ping, .syncRequest:
            break  // the decoder refuses the app's own types
        }
        return []
    }

    // MARK: Helpers

    /// HTTP refusals that a retry cannot fix: a bad or missing token, an unknown job, a bad request.
    /// Timeouts (408), rate limits (429) and server errors are retried.
    public static func isFinalRefusal(_ status: Int) -> Bool {
        (400..<500).contains(status) && status != 408 && status != 429
    }

    /// Job IDs are UUIDs, whose letters may come in either case.
    static func sameJob(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    private mutating func raiseCount(to count: Int, total: Int) {
        progress.totalCount = total
        progress.processedCount = max(progress.processedCount ?? 0, count)
    }

    private mutating func refuse(_ error: SocketDecodingError) {
        refusedFrameCount += 1
        refusedFrames.append(error)
        if refusedFrames.count > 16 { refusedFrames.removeFirst() }
    }

    private mutating func requestSync(now: Int64) -> Command {
        syncRetryAt = now + Self.syncRetryMilliseconds
        let job = self.job!
        return .send(SocketMessage(jobId: job.jobId, pipeline: job.pipeline, timestamp: now, payload: .syncRequest(lastProcessedCount: progress.processedCount)))
    }

    private mutating func finish() -> [Command] {
        phase = .finished
        heartbeat.stop()
        syncRetryAt = nil
        return [.close]
    }

    /// A connection that was up is gone: try again at once (the seed's `disconnect(); connectWithRetry()`).
    private mutating func reconnectNow(now: Int64, closeFirst: Bool) -> [Command] {
        heartbeat.stop()
        syncRetryAt = nil
        failures = 0
        outageStartedAt = now
        phase = .connecting(timesOutAt: now + backoff.openTimeoutMilliseconds)
        return (closeFirst ? [.close] : []) + [.open(reconnect: successfulOpens > 0)]
    }

    /// An open failed: wait, longer after each failure, or give up after a long outage.
    private mutating func scheduleRetry(now: Int64) -> [Command] {
        failures += 1
        let started = outageStartedAt ?? now
        outageStartedAt = started
        if now - started >= backoff.giveUpAfterMilliseconds {
            phase = .gaveUp
            return []
        }
        phase = .waiting(retryAt: now + backoff.delay(afterFailures: failures))
        return []
    }
}
