/// Seam: the app's side of a job's progress socket, as decisions: when to open, reconnect, ping, ask
/// for the job's state and close.
///
/// Seed 003_…, Task 1 (`GenericWebSocketHandler`: `connect`, `startHeartbeat`, `connectWithRetry`) and
/// the expert consensus ("Auto-reconnect with exponential backoff and state sync"). The transport
/// reports what happened (`opened`, `openFailed`, `connectionLost`, a frame `received`), the owner calls
/// `fire` when `deadline` comes, and each call returns the actions to carry out; the job's ID and token
/// come in with `start`. An app wraps the connection logic it runs around `URLSessionWebSocketTask`:
///
///     struct AppSocket: ProgressSocketConnecting {
///         var logic = SocketLogic()   // the app's, without the URLSession calls
///         var deadline: Timestamp? { logic.nextWake }
///         mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action] { logic.connect(job, now) }
///         mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action] { logic.didOpen(now) }
///         // … openFailed, connectionLost, fire and received forward the same way
///     }
public protocol ProgressSocketConnecting {
    /// Opens the socket for `job` for the first time.
    mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action]
    mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action]
    /// The open failed: the network (`status` is `nil`), or the server refused it with an HTTP status.
    mutating func openFailed(status: Int?, at now: Timestamp) -> [ProgressSocketClient.Action]
    /// The socket closed or dropped, and the client saw it.
    mutating func connectionLost(at now: Timestamp) -> [ProgressSocketClient.Action]
    /// When `fire` next has something to do, or `nil` when nothing is scheduled.
    var deadline: Timestamp? { get }
    /// Runs the client's timers at `now`.
    mutating func fire(at now: Timestamp) -> [ProgressSocketClient.Action]
    /// A frame arrived from the server.
    mutating func received(_ frame: [UInt8], at now: Timestamp) -> [ProgressSocketClient.Action]
}

/// The job a client follows: its ID, pipeline and token, which a suite passes in rather than an
/// implementation drawing them.
public struct ProgressJobTicket: Hashable, Sendable {
    /// The job's ID, as production issues them.
    public var jobId: String
    /// The pipeline the job runs in.
    public var pipeline: ProgressPipeline
    /// The job's token, presented when the socket opens (seed 003_…, Phase 1 Task 1).
    public var token: String

    public init(jobId: String, pipeline: ProgressPipeline, token: String) {
        self.jobId = jobId
        self.pipeline = pipeline
        self.token = token
    }
}
