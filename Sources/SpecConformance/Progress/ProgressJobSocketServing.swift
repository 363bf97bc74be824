import SpecModel

/// Seam: the backend's side of one job's progress socket (the seed's `ProgressWebSocketDO`), as
/// decisions: whom to let in, what to answer, which progress to send and when to close.
///
/// Seed 003_…, Task 1 (`handleWebSocketMessage`, `handlePing`, the `sync_request` case) and Task 2
/// (`updateProgressV2Throttled`, `completeV2`); Seed 000_…, `cancelJob()` and its `canceled`
/// broadcast. The suite creates the job with `create` (its ID, pipeline, token and size come in as
/// values), opens connections it numbers itself with `connect`, delivers the client's frames with
/// `received`, drives the job with `start`, `report`, `complete`, `fail` and `cancel`, and calls `fire`
/// when `deadline` comes; each call returns the frames to send (their bytes) and the connections to
/// close, with time passed in. A Worker team wraps its Durable Object's logic, fed the suite's clock:
///
///     struct BackendSocket: ProgressJobSocketServing {
///         var object = ProgressSocketLogic()   // the Durable Object's logic, without the runtime
///         var deadline: Timestamp? { object.nextAlarm.map(Timestamp.init) }
///         mutating func create(_ job: ProgressJobTicket, totalCount: Int, at now: Timestamp) { object.setUp(job, totalCount, now) }
///         mutating func received(_ frame: [UInt8], on connection: Int, at now: Timestamp) -> [ProgressSocketAction] { object.onMessage(connection, frame, now) }
///         // … connect, disconnected, start, report, complete, fail, cancel and fire forward the same way
///     }
public protocol ProgressJobSocketServing {
    /// Creates the job's socket for `job`, a job of `totalCount` items, before any connection.
    mutating func create(_ job: ProgressJobTicket, totalCount: Int, at now: Timestamp)
    /// A client asks to open the job's socket as `connection` (a number the suite chooses, never reused),
    /// presenting `token` (or none).
    mutating func connect(_ connection: Int, token: String?, at now: Timestamp) -> ProgressSocketUpgrade
    /// The client closed `connection`, or the transport lost it.
    mutating func disconnected(_ connection: Int, at now: Timestamp)
    /// A frame arrived from the client on `connection`.
    mutating func received(_ frame: [UInt8], on connection: Int, at now: Timestamp) -> [ProgressSocketAction]
    /// The job started working.
    mutating func start(at now: Timestamp) -> [ProgressSocketAction]
    /// The job reports progress (the seed's `updateProgressV2Throttled`).
    mutating func report(_ update: ProgressUpdate, at now: Timestamp) -> [ProgressSocketAction]
    /// The job's loop ended: normally, or after a cancel with `canceled: true` (the seed's `completeV2`).
    mutating func complete(_ completion: JobCompletion, at now: Timestamp) -> [ProgressSocketAction]
    /// The job failed after `successCount` items succeeded and `failureCount` failed (the seed's `sendError`).
    mutating func fail(_ error: StructuredError, successCount: Int, failureCount: Int, at now: Timestamp) -> [ProgressSocketAction]
    /// The job was canceled (the seed's `cancelJob()`).
    mutating func cancel(at now: Timestamp) -> [ProgressSocketAction]
    /// When `fire` next has something to do (a held report, a keep-alive, an idle close), or `nil`.
    var deadline: Timestamp? { get }
    /// Runs the socket's timers at `now`.
    mutating func fire(at now: Timestamp) -> [ProgressSocketAction]
}

/// What the socket asks its transport to do.
public enum ProgressSocketAction: Hashable, Sendable {
    /// Send `frame` (a message's UTF-8 JSON) on `connection`.
    case send(connection: Int, frame: [UInt8])
    /// Close `connection` with a WebSocket close code (1000 normal, 1001 going away).
    case close(connection: Int, code: Int)
}

/// What a request to open the job's socket got.
public enum ProgressSocketUpgrade: Hashable, Sendable {
    /// The socket is open; carry out `actions` (closing the connection it replaces).
    case accepted([ProgressSocketAction])
    /// The upgrade is refused with an HTTP status and the structured error its body carries.
    case refused(status: Int, StructuredError)
}

/// The model's socket, the reference the suite compares with: `ProgressJobSocket`, with the suite's
/// connection numbers mapped to the model's and its messages encoded by `ProgressMessageCodec`.
public struct ModelProgressJobSocket: ProgressJobSocketServing {
    /// How long a connection may stay silent before the socket closes it.
    public let idleCloseMilliseconds: Int64
    /// The socket, once created.
    public private(set) var socket: ProgressJobSocket?
    /// The suite's number of each of the model's connections, and back; looked up, never iterated.
    private var suiteConnection: [Int: Int] = [:]
    private var modelConnection: [Int: Int] = [:]

    /// A socket with the model's 100 s idle close, or another (for canaries).
    public init(idleCloseMilliseconds: Int64 = ProgressJobSocket.idleTimeoutMilliseconds) {
        self.idleCloseMilliseconds = idleCloseMilliseconds
    }

    /// Creates the model's socket for `job` (`ProgressJobSocket.init`); a second call changes nothing.
    public mutating func create(_ job: ProgressJobTicket, totalCount: Int, at now: Timestamp) {
        guard socket == nil else { return }
        socket = ProgressJobSocket(jobId: job.jobId, pipeline: job.pipeline, token: job.token, totalCount: totalCount, at: now,
                                   idleCloseMilliseconds: idleCloseMilliseconds)
    }

    /// Lets `connection` in or refuses it (`ProgressJobSocket.connect(token:at:)`); 404 before `create`.
    public mutating func connect(_ connection: Int, token: String?, at now: Timestamp) -> ProgressSocketUpgrade {
        guard var open = socket else { return .refused(status: 404, .jobNotFound()) }
        let result = open.connect(token: token, at: now)
        socket = open
        switch result {
        case let .accepted(id, actions):
            suiteConnection[id] = connection
            modelConnection[connection] = id
            return .accepted(translate(actions))
        case let .refused(status, error):
            return .refused(status: status, error)
        }
    }

    /// Tells the model's socket that `connection` closed (`ProgressJobSocket.disconnected(_:at:)`); an unknown one is ignored.
    public mutating func disconnected(_ connection: Int, at now: Timestamp) {
        guard let id = modelConnection[connection] else { return }
        socket?.disconnected(id, at: now)
    }

    /// Hands the model's socket a client frame (`ProgressJobSocket.received(_:on:at:)`); one on an unknown connection gets nothing.
    public mutating func received(_ frame: [UInt8], on connection: Int, at now: Timestamp) -> [ProgressSocketAction] {
        guard let id = modelConnection[connection] else { return [] }
        return translate(socket?.received(frame, on: id, at: now) ?? [])
    }

    /// Tells the model's socket the job started (`ProgressJobSocket.start(at:)`).
    public mutating func start(at now: Timestamp) -> [ProgressSocketAction] {
        translate(socket?.start(at: now) ?? [])
    }

    /// Offers the model's socket a progress report, sent or held by its throttle (`ProgressJobSocket.report(_:at:)`).
    public mutating func report(_ update: ProgressUpdate, at now: Timestamp) -> [ProgressSocketAction] {
        translate(socket?.report(update, at: now) ?? [])
    }

    /// Tells the model's socket the job's loop ended (`ProgressJobSocket.complete(_:at:)`).
    public mutating func complete(_ completion: JobCompletion, at now: Timestamp) -> [ProgressSocketAction] {
        translate(socket?.complete(completion, at: now) ?? [])
    }

    /// Tells the model's socket the job failed (`ProgressJobSocket.fail(_:successCount:failureCount:at:)`).
    public mutating func fail(_ error: StructuredError, successCount: Int, failureCount: Int, at now: Timestamp) -> [ProgressSocketAction] {
        translate(socket?.fail(error, successCount: successCount, failureCount: failureCount, at: now) ?? [])
    }

    /// Tells the model's socket the job was canceled (`ProgressJobSocket.cancel(at:)`).
    public mutating func cancel(at now: Timestamp) -> [ProgressSocketAction] {
        translate(socket?.cancel(at: now) ?? [])
    }

    /// When the model's socket next has timer work (`ProgressJobSocket.deadline`), or `nil` before `create`.
    public var deadline: Timestamp? { socket?.deadline }

    /// Runs the model's socket timers at `now` (`ProgressJobSocket.fire(at:)`).
    public mutating func fire(at now: Timestamp) -> [ProgressSocketAction] {
        translate(socket?.fire(at: now) ?? [])
    }

    /// The model's actions with the suite's connection numbers and encoded messages.
    private func translate(_ actions: [ProgressJobSocket.Action]) -> [ProgressSocketAction] {
        actions.map { action in
            switch action {
            case let .send(id, message):
                return .send(connection: suiteNumber(of: id), frame: ProgressMessageCodec.encode(message))
            case let .close(id, code):
                return .close(connection: suiteNumber(of: id), code: code)
            }
        }
    }

    private func suiteNumber(of id: Int) -> Int {
        guard let number = suiteConnection[id] else {
            preconditionFailure("the model acted on its connection \(id), which it never accepted")
        }
        return number
    }
}
