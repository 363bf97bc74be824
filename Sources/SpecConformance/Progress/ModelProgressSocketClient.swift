import SpecModel

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
