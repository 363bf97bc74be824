// The messages of a job's progress socket, as the app holds them (seed 003, Phase 1's unified schema:
// `{type, jobId, pipeline, timestamp, version, payload}`; seed 000's `canceled` broadcast).

/// The pipelines that report progress over the socket.
public enum JobPipeline: String, Sendable, Hashable, CaseIterable {
    case batchEnrichment = "batch_enrichment"
    case csvImport = "csv_import"
    case aiScan = "ai_scan"
}

/// Who sent a message.
public enum SocketSide: Sendable, Hashable {
    /// The backend's Durable Object.
    case server
    /// The app.
    case client
}

/// Every `type` the socket carries.
public enum SocketMessageType: String, Sendable, Hashable, CaseIterable {
    case jobStarted = "job_started"
    case jobProgress = "job_progress"
    case jobComplete = "job_complete"
    case error
    case canceled
    case ping
    case pong
    case syncRequest = "sync_request"
    case syncResponse = "sync_response"

    /// Who sends this type.
    public var sentBy: SocketSide {
        switch self {
        case .ping, .syncRequest: return .client
        default: return .server
        }
    }
}

/// `job_progress`.
public struct JobProgressPayload: Sendable, Hashable {
    public var processedCount: Int
    public var totalCount: Int
    public var currentTitle: String?
    public var userMessage: String?
    /// The server repeated its last count after a silence.
    public var keepAlive: Bool

    public init(processedCount: Int, totalCount: Int, currentTitle: String? = nil, userMessage: String? = nil, keepAlive: Bool = false) {
        self.processedCount = processedCount
        self.totalCount = totalCount
        self.currentTitle = currentTitle
        self.userMessage = userMessage
        self.keepAlive = keepAlive
    }
}

/// `job_complete` (also the loop's final message after a cancel, `canceled: true`).
public struct JobCompletePayload: Sendable, Hashable {
    public var canceled: Bool
    public var totalProcessed: Int
    public var totalCount: Int
    public var successCount: Int
    public var failureCount: Int
    /// How long the job ran, in milliseconds.
    public var durationMilliseconds: Int64
    /// The seed's `summary` line ("Added 45 books. 5 couldn't be found.").
    public var summary: String?

    public init(canceled: Bool, totalProcessed: Int, totalCount: Int, successCount: Int, failureCount: Int, durationMilliseconds: Int64, summary: String?) {
        self.canceled = canceled
        self.totalProcessed = totalProcessed
        self.totalCount = totalCount
        self.successCount = successCount
        self.failureCount = failureCount
        self.durationMilliseconds = durationMilliseconds
        self.summary = summary
    }
}

/// The `details` of a structured error (seed 003, Task 3).
public struct JobErrorDetails: Sendable, Hashable {
    public var successCount: Int?
    public var failureCount: Int?
    public var affectedItemsTotal: Int?
    public var provider: String?
    public var statusCode: Int?
    public var fileName: String?
    public var fileSize: Int?
    public var imageSize: Int?
    public var apiEndpoint: String?

    public init(
        successCount: Int? = nil, failureCount: Int? = nil, affectedItemsTotal: Int? = nil, provider: String? = nil, statusCode: Int? = nil,
        fileName: String? = nil, fileSize: Int? = nil, imageSize: Int? = nil, apiEndpoint: String? = nil
    ) {
        self.successCount = successCount
        self.failureCount = failureCount
        self.affectedItemsTotal = affectedItemsTotal
        self.provider = provider
        self.statusCode = statusCode
        self.fileName = fileName
        self.fileSize = fileSize
        self.imageSize = imageSize
        self.apiEndpoint = apiEndpoint
    }
}

/// `error`: a structured error (seed 003, Task 3).
public struct JobErrorPayload: Sendable, Hashable {
    public var code: String
    public var message: String
    public var userMessage: String
    public var affectedItems: [String]
    public var retryable: Bool
    public var details: JobErrorDetails

    public init(code: String, message: String, userMessage: String, affectedItems: [String] = [], retryable: Bool, details: JobErrorDetails = JobErrorDetails()) {
        self.code = code
        self.message = message
        self.userMessage = userMessage
        self.affectedItems = affectedItems
        self.retryable = retryable
        self.details = details
    }
}

/// `canceled` (seed 000: `message`, `processedItems`, `totalItems`).
public struct JobCanceledPayload: Sendable, Hashable {
    public var message: String
    public var processedItems: Int
    public var totalItems: Int

    public init(message: String, processedItems: Int, totalItems: Int) {
        self.message = message
        self.processedItems = processedItems
        self.totalItems = totalItems
    }
}

/// The job's state as the server reports it after a reconnect.
public enum JobState: String, Sendable, Hashable, CaseIterable {
    case running, complete, canceled, failed
}

/// `sync_response`.
public struct SyncResponsePayload: Sendable, Hashable {
    public var status: JobState
    public var processedCount: Int
    public var totalCount: Int
    public var completion: JobCompletePayload?
    public var error: JobErrorPayload?

    public init(status: JobState, processedCount: Int, totalCount: Int, completion: JobCompletePayload? = nil, error: JobErrorPayload? = nil) {
        self.status = status
        self.processedCount = processedCount
        self.totalCount = totalCount
        self.completion = completion
        self.error = error
    }
}

/// A message's typed content.
public enum SocketPayload: Sendable, Hashable {
    case jobStarted(totalCount: Int)
    case progress(JobProgressPayload)
    case complete(JobCompletePayload)
    case error(JobErrorPayload)
    case canceled(JobCanceledPayload)
    case ping(clientTime: Int64?)
    case pong(clientTime: Int64?, serverTime: Int64)
    case syncRequest(lastProcessedCount: Int?)
    case syncResponse(SyncResponsePayload)

    public var type: SocketMessageType {
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
}

/// One message of the socket.
public struct SocketMessage: Sendable, Hashable {
    /// The version the app writes.
    public static let protocolVersion = "1.0.0"

    public var jobId: String
    public var pipeline: JobPipeline
    /// Milliseconds since 1970 on the sender's clock.
    public var timestamp: Int64
    public var payload: SocketPayload

    public init(jobId: String, pipeline: JobPipeline, timestamp: Int64, payload: SocketPayload) {
        self.jobId = jobId
        self.pipeline = pipeline
        self.timestamp = timestamp
        self.payload = payload
    }

    public var type: SocketMessageType { payload.type }
}
