/// One message on a job's progress socket: the Phase 1 envelope `{type, jobId, pipeline, timestamp,
/// version, payload}` around a typed payload.
///
/// Seed: 003_…, Task 1 (the ping built by the client shows the envelope), and production's unified
/// schema. The envelope is the one shape for every type, the seed 000 `canceled` message included
/// (its `data` member becomes `payload`, D-075). `timestamp` is milliseconds since 1970 on the
/// sender's clock. The codec is `ProgressMessageCodec`.
public struct ProgressMessage: Hashable, Sendable, CustomStringConvertible {
    /// The protocol version this model writes; it reads any `1.x.y` (D-076).
    public static let version = "1.0.0"
    public static let jobIdBytesMax = ProgressLimits.jobIdBytesMax

    /// The job this message is about: the backend's job ID, at most `jobIdBytesMax` UTF-8 bytes.
    public var jobId: String
    /// The pipeline the job runs (enrichment, CSV import or AI scan).
    public var pipeline: ProgressPipeline
    /// When the sender sent the message, in milliseconds since 1970 on the sender's clock.
    public var timestamp: Timestamp
    /// The type-specific content; it also determines the message's `type`.
    public var payload: ProgressPayload

    /// A message with these envelope fields around `payload`.
    public init(jobId: String, pipeline: ProgressPipeline, timestamp: Timestamp, payload: ProgressPayload) {
        self.jobId = jobId
        self.pipeline = pipeline
        self.timestamp = timestamp
        self.payload = payload
    }

    /// The message's type, which the payload determines.
    public var type: ProgressMessageType { payload.type }

    public var description: String { "\(type) \(jobId) \(pipeline) at \(timestamp.epochMilliseconds): \(payload)" }
}

/// The typed payload of each message type.
public enum ProgressPayload: Hashable, Sendable, CustomStringConvertible {
    /// `job_started`: the job's size.
    case jobStarted(JobStarted)
    /// `job_progress`: items processed so far.
    case progress(ProgressUpdate)
    /// `job_complete`: the final counts, also after a cancel.
    case complete(JobCompletion)
    /// `error`: the job failed with a structured error.
    case error(StructuredError)
    /// `canceled`: the job was canceled; a `job_complete` follows.
    case canceled(JobCancellation)
    /// `ping`: the client's heartbeat.
    case ping(Ping)
    /// `pong`: the server's answer to a ping.
    case pong(Pong)
    /// `sync_request`: the client asks for the job's state after a reconnect.
    case syncRequest(SyncRequest)
    /// `sync_response`: the job's state, with its ending if it has ended.
    case syncResponse(JobSnapshot)

    /// The message type this payload travels as.
    public var type: ProgressMessageType {
        switch self {
        case .jobStarted: return .jobStarted
        case .progress: return .jobProgress
        case .complete: return .jobComplete
        case .error: return .error
        case .canceled: return .canceled
        case .ping: return .ping
        case .pong: return .pong
        case .syncRequest: return .syncRequest
        case .syncResponse: return .syncResponse
        }
    }

    public var description: String {
        switch self {
        case let .jobStarted(started): return "\(started.totalCount) items"
        case let .progress(update): return update.description
        case let .complete(completion): return completion.description
        case let .error(error): return "\(error.code) \(error.message)"
        case let .canceled(cancellation): return "\(cancellation.processedItems)/\(cancellation.totalItems) \(cancellation.message)"
        case let .ping(ping): return "clientTime \(ping.clientTime.map(String.init) ?? "none")"
        case let .pong(pong): return "clientTime \(pong.clientTime.map(String.init) ?? "none") serverTime \(pong.serverTime)"
        case let .syncRequest(request): return "last seen \(request.lastProcessedCount.map(String.init) ?? "nothing")"
        case let .syncResponse(snapshot): return snapshot.description
        }
    }
}

/// `job_started`: the job's size.
public struct JobStarted: Hashable, Sendable {
    /// How many items the job will process.
    public var totalCount: Int

    /// A `job_started` payload for a job of `totalCount` items.
    ///
    /// - Precondition: `totalCount` is non-negative.
    public init(totalCount: Int) {
        if let problem = Self.problem(totalCount: totalCount) { preconditionFailure(problem.description) }
        self.totalCount = totalCount
    }

    /// The payload, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(totalCount: Int) throws(ProgressValueError) -> JobStarted {
        if let problem = problem(totalCount: totalCount) { throw problem }
        return JobStarted(totalCount: totalCount)
    }

    static func problem(totalCount: Int) -> ProgressValueError? {
        totalCount >= 0 ? nil : ProgressValueError("payload.totalCount", "a job has no negative number of items: \(totalCount)")
    }
}

/// `job_complete`: the job's final counts, also when it was canceled.
///
/// Seed: 003_…, `completeV2` (`successCount`, `failureCount`, `duration`, `summary`); Seed: 000_…, the
/// loop's final `{ type: "complete", canceled: true }`; production's `summary: {totalProcessed,
/// successCount, failureCount, duration}`. The duration is in milliseconds (D-075). The per-book
/// `results` of `completeV2` do not travel on the socket: 1,500 books' results would exceed the message
/// bound, and the app already holds the books (D-076).
public struct JobCompletion: Hashable, Sendable, CustomStringConvertible {
    /// Whether the job ended because it was canceled rather than by running out of items.
    public var canceled: Bool
    /// How many items were processed, successfully or not; `successCount + failureCount`.
    public var totalProcessed: Int
    /// How many items the job was given.
    public var totalCount: Int
    /// How many processed items succeeded.
    public var successCount: Int
    /// How many processed items failed.
    public var failureCount: Int
    /// How long the job ran, in milliseconds.
    public var durationMilliseconds: Int64
    /// The seed's `summary` line ("Added 45 books. 5 couldn't be found.").
    public var userMessage: String?

    /// - Precondition: counts are non-negative, `successCount + failureCount == totalProcessed`,
    ///   `totalProcessed <= totalCount`, and the duration is non-negative.
    public init(canceled: Bool, totalProcessed: Int, totalCount: Int, successCount: Int, failureCount: Int, durationMilliseconds: Int64, userMessage: String? = nil) {
        if let problem = Self.problem(totalProcessed: totalProcessed, totalCount: totalCount, successCount: successCount, failureCount: failureCount, durationMilliseconds: durationMilliseconds) {
            preconditionFailure(problem.description)
        }
        self.canceled = canceled
        self.totalProcessed = totalProcessed
        self.totalCount = totalCount
        self.successCount = successCount
        self.failureCount = failureCount
        self.durationMilliseconds = durationMilliseconds
        self.userMessage = userMessage
    }

    /// The payload, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(canceled: Bool, totalProcessed: Int, totalCount: Int, successCount: Int, failureCount: Int, durationMilliseconds: Int64, userMessage: String? = nil) throws(ProgressValueError) -> JobCompletion {
        if let problem = problem(totalProcessed: totalProcessed, totalCount: totalCount, successCount: successCount, failureCount: failureCount, durationMilliseconds: durationMilliseconds) {
            throw problem
        }
        return JobCompletion(canceled: canceled, totalProcessed: totalProcessed, totalCount: totalCount, successCount: successCount, failureCount: failureCount, durationMilliseconds: durationMilliseconds, userMessage: userMessage)
    }

    static func problem(totalProcessed: Int, totalCount: Int, successCount: Int, failureCount: Int, durationMilliseconds: Int64) -> ProgressValueError? {
        if successCount < 0 { return ProgressValueError("payload.successCount", "a count is never negative: \(successCount)") }
        if failureCount < 0 { return ProgressValueError("payload.failureCount", "a count is never negative: \(failureCount)") }
        if successCount + failureCount != totalProcessed {
            return ProgressValueError("payload.totalProcessed", "successes (\(successCount)) and failures (\(failureCount)) must add up to the processed count (\(totalProcessed))")
        }
        if totalProcessed > totalCount { return ProgressValueError("payload.totalProcessed", "processed \(totalProcessed) of only \(totalCount)") }
        if durationMilliseconds < 0 { return ProgressValueError("payload.duration", "a job takes no negative time: \(durationMilliseconds) ms") }
        return nil
    }

    public var description: String {
        "\(canceled ? "canceled" : "complete") \(totalProcessed)/\(totalCount) success \(successCount) failure \(failureCount) in \(durationMilliseconds) ms"
    }
}

/// `canceled`: the broadcast when the job is canceled (Seed: 000_…, "WebSocket Message (After
/// Cancellation)": `message`, `processedItems`, `totalItems`).
public struct JobCancellation: Hashable, Sendable {
    /// The broadcast's message; the backend sends "Job canceled by user".
    public var message: String
    /// How many items were processed before the cancel.
    public var processedItems: Int
    /// How many items the job was given.
    public var totalItems: Int

    /// A `canceled` payload with these fields.
    ///
    /// - Precondition: `0 <= processedItems <= totalItems`.
    public init(message: String, processedItems: Int, totalItems: Int) {
        if let problem = Self.problem(processedItems: processedItems, totalItems: totalItems) { preconditionFailure(problem.description) }
        self.message = message
        self.processedItems = processedItems
        self.totalItems = totalItems
    }

    /// The payload, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(message: String, processedItems: Int, totalItems: Int) throws(ProgressValueError) -> JobCancellation {
        if let problem = problem(processedItems: processedItems, totalItems: totalItems) { throw problem }
        return JobCancellation(message: message, processedItems: processedItems, totalItems: totalItems)
    }

    static func problem(processedItems: Int, totalItems: Int) -> ProgressValueError? {
        processedItems >= 0 && processedItems <= totalItems ? nil : ProgressValueError("payload.processedItems", "processed \(processedItems) of \(totalItems)")
    }
}

/// `ping`: the client's heartbeat, with its own time to be echoed (Seed: 003_…, Task 1,
/// `payload: {clientTime}`).
public struct Ping: Hashable, Sendable {
    /// Milliseconds since 1970 on the client's clock; the seed's backend tolerates its absence.
    public var clientTime: Int64?

    /// A ping carrying the client's time, or none.
    public init(clientTime: Int64?) {
        self.clientTime = clientTime
    }
}

/// `pong`: the server's answer, echoing the ping's `clientTime` so the client measures the round trip on
/// its own clock.
public struct Pong: Hashable, Sendable {
    /// The ping's `clientTime`, echoed unchanged, in milliseconds since 1970 on the client's clock.
    public var clientTime: Int64?
    /// When the server answered, on its clock (for logs; clocks differ, so it is not used for RTT).
    public var serverTime: Int64

    /// A pong echoing `clientTime` and stamped with the server's `serverTime`.
    public init(clientTime: Int64?, serverTime: Int64) {
        self.clientTime = clientTime
        self.serverTime = serverTime
    }
}

/// `sync_request`: after a reconnect, the client asks for the job's state (Seed: 003_…, Task 1's
/// `case 'sync_request'`; "Include the job ID in reconnect queries to resume state").
public struct SyncRequest: Hashable, Sendable {
    /// The highest count the client saw before the connection dropped, for the server's logs.
    public var lastProcessedCount: Int?

    /// A sync request with the last count the client saw, if any.
    ///
    /// - Precondition: `lastProcessedCount` is non-negative.
    public init(lastProcessedCount: Int?) {
        if let problem = Self.problem(lastProcessedCount: lastProcessedCount) { preconditionFailure(problem.description) }
        self.lastProcessedCount = lastProcessedCount
    }

    /// The payload, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(lastProcessedCount: Int?) throws(ProgressValueError) -> SyncRequest {
        if let problem = problem(lastProcessedCount: lastProcessedCount) { throw problem }
        return SyncRequest(lastProcessedCount: lastProcessedCount)
    }

    static func problem(lastProcessedCount: Int?) -> ProgressValueError? {
        guard let count = lastProcessedCount, count < 0 else { return nil }
        return ProgressValueError("payload.lastProcessedCount", "a count is never negative: \(count)")
    }
}

/// `sync_response`: the job's state, with its final message if it has ended, so a client that missed
/// messages while disconnected misses nothing that matters: the latest count and the ending.
public struct JobSnapshot: Hashable, Sendable, CustomStringConvertible {
    /// Whether the job is running or how it ended.
    public var status: JobStatus
    /// How many items the job has processed so far.
    public var processedCount: Int
    /// How many items the job was given.
    public var totalCount: Int
    /// The completion, when the job completed or was canceled and its loop has ended.
    public var completion: JobCompletion?
    /// The error, when the job failed.
    public var error: StructuredError?

    /// - Precondition: `processedCount <= totalCount`; a failed job carries its error and no completion;
    ///   a running job carries neither.
    public init(status: JobStatus, processedCount: Int, totalCount: Int, completion: JobCompletion? = nil, error: StructuredError? = nil) {
        if let problem = Self.problem(status: status, processedCount: processedCount, totalCount: totalCount, completion: completion, error: error) {
            preconditionFailure(problem.description)
        }
        self.status = status
        self.processedCount = processedCount
        self.totalCount = totalCount
        self.completion = completion
        self.error = error
    }

    /// The snapshot, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(status: JobStatus, processedCount: Int, totalCount: Int, completion: JobCompletion? = nil, error: StructuredError? = nil) throws(ProgressValueError) -> JobSnapshot {
        if let problem = problem(status: status, processedCount: processedCount, totalCount: totalCount, completion: completion, error: error) { throw problem }
        return JobSnapshot(status: status, processedCount: processedCount, totalCount: totalCount, completion: completion, error: error)
    }

    static func problem(status: JobStatus, processedCount: Int, totalCount: Int, completion: JobCompletion?, error: StructuredError?) -> ProgressValueError? {
        if processedCount < 0 || processedCount > totalCount { return ProgressValueError("payload.processedCount", "processed \(processedCount) of \(totalCount)") }
        if status == .failed, error == nil || completion != nil { return ProgressValueError("payload.error", "a failed job's snapshot carries its error and no completion") }
        if status == .running, error != nil || completion != nil { return ProgressValueError("payload.status", "a running job's snapshot carries no ending") }
        if status != .failed, error != nil { return ProgressValueError("payload.error", "only a failed job's snapshot carries an error") }
        if status == .complete, completion?.canceled != false { return ProgressValueError("payload.completion", "a completed job's snapshot carries its completion") }
        if status == .canceled, completion?.canceled == false { return ProgressValueError("payload.completion.canceled", "a canceled job's completion says canceled") }
        return nil
    }

    public var description: String {
        "\(status) \(processedCount)/\(totalCount)" + (completion.map { ", \($0)" } ?? "") + (error.map { ", \($0.code)" } ?? "")
    }
}

/// Why values read from a frame cannot make a protocol message: the field at fault and the invariant it
/// breaks. The messages' `checked` factories throw it where their initialisers trap, so that a decoder
/// written against the seam reports a bad frame instead of stopping the process.
public struct ProgressValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's path as JavaScript writes it: `payload.processedCount`.
    public let field: String
    /// The invariant the value breaks.
    public let problem: String

    init(_ field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field): \(problem)" }
}
