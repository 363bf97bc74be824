import SpecModel

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
    /// The socket opened.
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

    /// A ticket for the job `jobId`.
    public init(jobId: String, pipeline: ProgressPipeline, token: String) {
        self.jobId = jobId
        self.pipeline = pipeline
        self.token = token
    }
}

/// The model's client, the reference the suite compares with: `ProgressSocketClient`.
public struct ModelProgressSocketClient: ProgressSocketConnecting {
    /// The client's backoff and limit.
    public let policy: ReconnectPolicy
    /// The client's heartbeat timing.
    public let heartbeat: Heartbeat
    /// How long the client waits for a sync answer before asking again; `nil` asks once per open.
    public let syncRetryMilliseconds: Int64?
    /// The client, once started.
    public private(set) var client: ProgressSocketClient?

    /// A client with the model's policy, heartbeat and sync retry, or others (for canaries).
    public init(policy: ReconnectPolicy = ReconnectPolicy(), heartbeat: Heartbeat = Heartbeat(),
                syncRetryMilliseconds: Int64? = ProgressSocketClient.syncRetryMillisecondsDefault) {
        self.policy = policy
        self.heartbeat = heartbeat
        self.syncRetryMilliseconds = syncRetryMilliseconds
    }

    /// Creates and starts the model's client for `job` (`ProgressSocketClient.start(at:)`); a second call does nothing.
    public mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action] {
        guard client == nil else { return [] }
        var started = ProgressSocketClient(jobId: job.jobId, pipeline: job.pipeline, token: job.token, policy: policy, heartbeat: heartbeat,
                                           syncRetryMilliseconds: syncRetryMilliseconds)
        let actions = started.start(at: now)
        client = started
        return actions
    }

    /// Tells the model's client the socket opened (`ProgressSocketClient.opened(at:)`).
    public mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action] {
        client?.opened(at: now) ?? []
    }

    /// Tells the model's client the open failed (`ProgressSocketClient.openFailed(status:at:)`).
    public mutating func openFailed(status: Int?, at now: Timestamp) -> [ProgressSocketClient.Action] {
        client?.openFailed(status: status, at: now) ?? []
    }

    /// Tells the model's client the socket closed or dropped (`ProgressSocketClient.connectionLost(at:)`).
    public mutating func connectionLost(at now: Timestamp) -> [ProgressSocketClient.Action] {
        client?.connectionLost(at: now) ?? []
    }

    /// When the model's client next has timer work (`ProgressSocketClient.deadline`), or `nil` before `start`.
    public var deadline: Timestamp? { client?.deadline }

    /// Runs the model's client timers at `now` (`ProgressSocketClient.fire(at:)`).
    public mutating func fire(at now: Timestamp) -> [ProgressSocketClient.Action] {
        client?.fire(at: now) ?? []
    }

    /// Hands the model's client a server frame (`ProgressSocketClient.received(_:at:)`): an applied message's actions, else none.
    public mutating func received(_ frame: [UInt8], at now: Timestamp) -> [ProgressSocketClient.Action] {
        guard case let .applied(_, actions)? = client?.received(frame, at: now) else { return [] }
        return actions
    }
}
