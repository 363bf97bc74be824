/// A message an enrichment job broadcasts to its progress socket.
///
/// These are the values the model produces; `ProgressMessage.init(_:pipeline:)` puts them in the
/// Phase 2 envelope, the one shape for every message (D-075), and `ProgressMessageCodec` writes them.
public enum JobMessage: Hashable, Sendable {
    /// A book was processed; the loop's `progress` broadcast.
    case progress(JobProgressMessage)
    /// The loop ended, normally or after a cancel; the final `complete`.
    case complete(JobCompleteMessage)
    /// The job was canceled; the `canceled` broadcast.
    case canceled(JobCanceledMessage)
    /// The job failed; sent as `error`.
    case failed(JobFailedMessage)

    /// The message's `type`.
    public var type: String {
        switch self {
        case .progress: return "progress"
        case .complete: return "complete"
        case .canceled: return "canceled"
        case .failed: return "error"
        }
    }
}

/// Progress after a book.
public struct JobProgressMessage: Hashable, Sendable {
    /// The job that processed the book.
    public let jobId: String
    /// When the book was processed, on the backend's clock.
    public let timestamp: Timestamp
    /// How many books the job has processed, this one included.
    public let processedCount: Int
    /// How many books the job was given.
    public let totalCount: Int
    /// The title of the book just processed.
    public let currentTitle: String

    /// A progress message with these fields.
    public init(jobId: String, timestamp: Timestamp, processedCount: Int, totalCount: Int, currentTitle: String) {
        self.jobId = jobId
        self.timestamp = timestamp
        self.processedCount = processedCount
        self.totalCount = totalCount
        self.currentTitle = currentTitle
    }
}

/// The loop's final message: `{ type: "complete", canceled: … }`.
public struct JobCompleteMessage: Hashable, Sendable {
    /// The job that ended.
    public let jobId: String
    /// When the loop ended, on the backend's clock.
    public let timestamp: Timestamp
    /// Whether the loop stopped because the job was canceled (the seed's `canceled: true`).
    public let canceled: Bool
    /// How many books the loop processed, enriched or failed.
    public let processedItems: Int
    /// How many books the job was given.
    public let totalItems: Int
    /// How many processed books were enriched.
    public let successCount: Int
    /// How many processed books were not found or failed.
    public let failureCount: Int
    /// Time from the job's start to this message, in milliseconds.
    public let durationMilliseconds: Int64

    /// A final message with these fields.
    public init(jobId: String, timestamp: Timestamp, canceled: Bool, processedItems: Int, totalItems: Int, successCount: Int, failureCount: Int, durationMilliseconds: Int64) {
        self.jobId = jobId
        self.timestamp = timestamp
        self.canceled = canceled
        self.processedItems = processedItems
        self.totalItems = totalItems
        self.successCount = successCount
        self.failureCount = failureCount
        self.durationMilliseconds = durationMilliseconds
    }
}

/// The broadcast on cancellation (seed 000_…, "WebSocket Message (After Cancellation)").
public struct JobCanceledMessage: Hashable, Sendable {
    public let jobId: String
    /// When the job was canceled, on the backend's clock.
    public let timestamp: Timestamp
    /// The broadcast's message; the job sends "Job canceled by user".
    public let message: String
    /// How many books the loop had processed when the job was canceled.
    public let processedItems: Int
    /// How many books the job was given.
    public let totalItems: Int

    /// A cancellation broadcast with these fields.
    public init(jobId: String, timestamp: Timestamp, message: String, processedItems: Int, totalItems: Int) {
        self.jobId = jobId
        self.timestamp = timestamp
        self.message = message
        self.processedItems = processedItems
        self.totalItems = totalItems
    }
}

/// A catastrophic failure of the job.
public struct JobFailedMessage: Hashable, Sendable {
    public let jobId: String
    /// When the job failed, on the backend's clock.
    public let timestamp: Timestamp
    /// The failure's code; an `E_…` `ProgressErrorCode` travels as is, any other becomes `E_INTERNAL`.
    public let code: String
    /// What went wrong, for developers and logs; the `error` message carries it as its `message`.
    public let message: String
    /// How many books the loop had processed when the job failed.
    public let processedItems: Int
    /// How many books the job was given.
    public let totalItems: Int

    /// A failure message with these fields.
    public init(jobId: String, timestamp: Timestamp, code: String, message: String, processedItems: Int, totalItems: Int) {
        self.jobId = jobId
        self.timestamp = timestamp
        self.code = code
        self.message = message
        self.processedItems = processedItems
        self.totalItems = totalItems
    }
}
