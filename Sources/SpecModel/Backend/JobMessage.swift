/// A message an enrichment job broadcasts to its progress socket.
///
/// These are the values the model produces; `ProgressMessage.init(_:pipeline:)` puts them in the
/// Phase 2 envelope, the one shape for every message (D-075), and `ProgressMessageCodec` writes them.
public enum JobMessage: Hashable, Sendable {
    case progress(JobProgressMessage)
    case complete(JobCompleteMessage)
    case canceled(JobCanceledMessage)
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
    public let jobId: String
    public let timestamp: Timestamp
    public let processedCount: Int
    public let totalCount: Int
    public let currentTitle: String

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
    public let jobId: String
    public let timestamp: Timestamp
    public let canceled: Bool
    public let processedItems: Int
    public let totalItems: Int
    public let successCount: Int
    public let failureCount: Int
    public let durationMilliseconds: Int64

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
    public let timestamp: Timestamp
    public let message: String
    public let processedItems: Int
    public let totalItems: Int

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
    public let timestamp: Timestamp
    public let code: String
    public let message: String
    public let processedItems: Int
    public let totalItems: Int

    public init(jobId: String, timestamp: Timestamp, code: String, message: String, processedItems: Int, totalItems: Int) {
        self.jobId = jobId
        self.timestamp = timestamp
        self.code = code
        self.message = message
        self.processedItems = processedItems
        self.totalItems = totalItems
    }
}
