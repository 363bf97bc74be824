/// The long-running pipelines that report progress over a socket (Seed: 003_…; production's `pipeline`).
public enum ProgressPipeline: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Enriching a batch of books with metadata from the providers.
    case batchEnrichment = "batch_enrichment"
    /// Importing books from a CSV file.
    case csvImport = "csv_import"
    /// Detecting the books in a photo of a bookshelf (the AI scanner).
    case aiScan = "ai_scan"

    public var description: String { rawValue }
}

/// Who sends a message on the progress socket.
public enum ProgressSender: String, Hashable, Sendable, CustomStringConvertible {
    /// The backend's job (the Durable Object).
    case server
    /// The app.
    case client

    public var description: String { rawValue }
}

/// Every message type of the progress protocol, as the envelope's `type` names it.
///
/// The seeds use or imply these (Seed: 003_…, "Unified message schema" and Tasks 1–3; Seed: 000_…,
/// "WebSocket Message (After Cancellation)"); the names follow production where it has them
/// (`job_progress`, `job_complete`, `error`) and the seeds elsewhere (`ping`, `pong`, `canceled`,
/// `sync_request`). `job_started` and `sync_response` are implied: the client must learn the job's size
/// and, after a reconnect, the job's state (D-076).
public enum ProgressMessageType: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The job accepted its items and started.
    case jobStarted = "job_started"
    /// Items processed so far (throttled, D-071).
    case jobProgress = "job_progress"
    /// The job ended, normally or because it was canceled (`canceled: true`).
    case jobComplete = "job_complete"
    /// The job failed; a structured error (Task 3).
    case error
    /// The job was canceled; the loop's `job_complete` with `canceled: true` follows.
    case canceled
    /// The client's heartbeat (Task 1).
    case ping
    /// The server's answer to a ping, echoing the client's time.
    case pong
    /// The client, after reconnecting, asks for the job's state.
    case syncRequest = "sync_request"
    /// The server's answer: the job's state, with its final message if it has ended.
    case syncResponse = "sync_response"

    /// Who sends this type.
    public var sender: ProgressSender {
        switch self {
        case .ping, .syncRequest: return .client
        case .jobStarted, .jobProgress, .jobComplete, .error, .canceled, .pong, .syncResponse: return .server
        }
    }

    /// Whether the job has ended once a client sees this type.
    public var isTerminal: Bool {
        switch self {
        case .jobComplete, .error: return true
        default: return false
        }
    }

    public var description: String { rawValue }
}
