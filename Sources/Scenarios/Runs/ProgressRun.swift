import Generators
import SessionRecordings
import Simulator
import SpecModel

/// A long job's progress socket end to end on the simulator: the backend's job reports items through its
/// throttled socket, the app's client keeps its heartbeat and reconnects, and every frame, open and close
/// crosses a `Link` under the run's `FaultOptions`, each node reading its own `NodeClock`.
///
/// The run has a safety phase, with the faults, and then (from `healAtNanoseconds`) a liveness phase
/// with calm options, which must bring the client the job's final count within `livenessBoundNanoseconds`.
/// Everything random comes from the seed, so a run is reproduced exactly from (seed, configuration), and
/// `ProgressRun.Result.digest` sums it up.
public enum ProgressRun {
    /// The app's node: the device running the progress socket's client.
    public static let app = NodeID(1)
    /// The backend's node: the job and its throttled socket.
    public static let backend = NodeID(2)
    /// The ID of the job every run follows: a fixed UUID.
    public static let jobId = "550e8400-e29b-41d4-a716-446655440000"
    /// The job's token, which the client presents to open the socket (D-080).
    public static let token = "job-token"

    /// The job, the client and the network of one run; every field has the default a calm run uses.
    public struct Configuration: Hashable, Sendable {
        /// The number of items the job processes before it ends.
        public var items: Int
        /// True time between two items of the job (600 ms: 100 books a minute, D-062).
        public var itemIntervalNanoseconds: UInt64
        /// How the job ends after its last item: complete, or fail.
        public var failsAtEnd: Bool
        /// The faults of the safety phase, until the heal; `.calm` by default.
        public var faults: FaultOptions
        /// The app's clock, which its heartbeat, reconnect and sync timers read.
        public var appClock: NodeClock
        /// The backend's clock, which its throttle and idle close read.
        public var backendClock: NodeClock
        /// When the faults are healed; `nil` keeps them to the end.
        public var healAtNanoseconds: UInt64?
        /// How long after the heal (or after the job ends, if later) the client has to know the ending.
        public var livenessBoundNanoseconds: UInt64
        /// The most events a run may take: a bound on everything (a run that needs more is a bug).
        public var eventsMax: Int
        /// The client's sync retry (`nil`: ask once per open, the canary).
        public var clientSyncRetryMilliseconds: Int64?
        /// From when the server refuses the app's opens, and with what status; `nil`: never (D-138).
        public var openRefusal: OpenRefusal?
        /// Whether to record a trace (`Result.trace`); it never changes the run or its digest.
        public var recordsTrace = false
        /// Whether to write a session recording (`Result.recording`, `Docs/Recordings.md`): each side's
        /// frames and the app's socket changes, at each node's clock; it never changes the run.
        public var recordsRecording = false

        /// Creates a configuration of `items` items; the other settings default to a calm run with perfect clocks.
        public init(
            items: Int, itemIntervalNanoseconds: UInt64 = 600 * FaultOptions.millisecond, failsAtEnd: Bool = false,
            faults: FaultOptions = .calm, appClock: NodeClock = .perfect, backendClock: NodeClock = .perfect,
            healAtNanoseconds: UInt64? = nil, livenessBoundNanoseconds: UInt64 = 180_000 * FaultOptions.millisecond, eventsMax: Int = 10_000_000,
            clientSyncRetryMilliseconds: Int64? = ProgressSocketClient.syncRetryMillisecondsDefault
        ) {
            self.clientSyncRetryMilliseconds = clientSyncRetryMilliseconds
            self.items = items
            self.itemIntervalNanoseconds = itemIntervalNanoseconds
            self.failsAtEnd = failsAtEnd
            self.faults = faults
            self.appClock = appClock
            self.backendClock = backendClock
            self.healAtNanoseconds = healAtNanoseconds
            self.livenessBoundNanoseconds = livenessBoundNanoseconds
            self.eventsMax = eventsMax
        }
    }

    /// The server refusing every open from a moment on: the job's token revoked, or the job unknown
    /// to the server (D-138). An open that arrives at or after `fromNanoseconds`, in true time, is
    /// answered with `status` and never reaches the job's socket.
    public struct OpenRefusal: Hashable, Sendable {
        /// The statuses a refusal may carry: the client errors, which say that retrying cannot help.
        public static let statuses: ClosedRange<Int> = 400...499

        /// The first nanosecond of true time at which an arriving open is refused.
        public var fromNanoseconds: UInt64
        /// The HTTP status of the refusal (401: the token; 404: the job).
        public var status: Int

        /// Refuses the opens arriving from `fromNanoseconds` with `status`.
        /// - Precondition: `status` is in `statuses`.
        public init(fromNanoseconds: UInt64, status: Int) {
            precondition(Self.statuses.contains(status), "a refusal's status is \(status), not a client error (400...499)")
            self.fromNanoseconds = fromNanoseconds
            self.status = status
        }
    }

    /// What a run did.
    public struct Result: Hashable, Sendable {
        /// The digest of every event the run took, in order: equal for equal (seed, configuration).
        public var digest: TraceDigest
        /// The number of events the run took.
        public var eventsRun: Int
        /// True time when the run ended.
        public var endedAtNanoseconds: UInt64
        /// The model's client as the run left it: its view of the job, its state and its counters; `nil`
        /// when a seam ran in its place.
        public var client: ProgressSocketClient?
        /// The count the client shows: the model's view, or for a seam the highest count the frames
        /// delivered to it carried (D-136).
        public var clientCount: Int
        /// Whether the client has stopped: no socket and nothing scheduled.
        public var clientStopped: Bool
        /// Where the client stands, in words: the model's state, or a seam's socket.
        public var clientState: String
        /// The backend's job socket as the run left it.
        public var server: ProgressJobSocket
        /// The job's processed count at the end.
        public var processed: Int
        /// When the job sent its ending, in true time.
        public var jobEndedAtNanoseconds: UInt64?
        /// When the client learned the ending, in true time.
        public var clientKnewEndingAtNanoseconds: UInt64?
        /// When the `job_progress` messages the client applied were sent, in true time.
        public var progressSentAt: [UInt64]
        /// When those messages arrived, in true time.
        public var progressArrivals: [UInt64]
        /// The WebSocket frames sent on both links, closes included; socket upgrade requests are not counted.
        public var framesSent: Int
        /// The frames the links lost, to loss, partitions or an offline node.
        public var framesLost: Int
        /// The client's successful socket opens.
        public var opens: Int
        /// When the first refusal of an open reached the client, in true time (D-138).
        public var refusedAtNanoseconds: UInt64?
        /// The opens the client began after that refusal; a refusal is final, so any is a failure.
        public var opensAfterRefusal = 0
        /// How the run ended: quiescent, past the liveness bound, or at `eventsMax`.
        public var end: Simulation<Event>.RunEnd
        /// The trace, when the configuration asked for one.
        public var trace: [SimulationTraceEvent]
        /// The session recording's lines, when the configuration asked for one.
        public var recording: [String]
        /// The frames the random faults hit, as a script that does the same to them (`Link.fates`).
        public var frameFates: [FaultOptions.ScriptedFrame] = []
        /// What stopped the run early, if a seam did: a timer that never moved on, or a flood of actions.
        public var fault: ScenarioFailure?
    }

    /// The run's events.
    public enum Event: Hashable, Sendable {
        /// The job processes its next item, every `itemIntervalNanoseconds`.
        case jobStep
        /// The client's next deadline on the app's clock; ignored when a later schedule replaced it.
        case clientTimer(generation: Int)
        /// The job socket's next deadline (throttle or idle close) on the backend's clock; ignored when replaced.
        case serverTimer(generation: Int)
        /// A frame arrives at the client (from the server) or at the server, on a connection.
        case frameToClient([UInt8], connection: Int, sentAt: UInt64)
        /// A frame from the client arrives at the server on a connection.
        case frameToServer([UInt8], connection: Int)
        /// The server's close of a connection reaches the client.
        case closeToClient(connection: Int)
        /// The client's close of a connection reaches the server.
        case closeToServer(connection: Int)
        /// The client's open request reaches the server.
        case openArrives(attempt: Int)
        /// The server's answer to an open reaches the client.
        case openAnswered(attempt: Int, connection: Int?, status: Int?)
        /// The faults end: the run's options become `.calm` for the liveness phase.
        case heal
    }

    /// Runs one job, its socket and the app's client over the configured network until the run is
    /// quiescent, passes its liveness bound or reaches `eventsMax` events (`Result` says which). A pure
    /// function of `seed` and `configuration`: the same pair gives an equal result, its `digest`
    /// included, on every machine. `Result.violations(of:)` judges the run.
    public static func run(seed: UInt64, _ configuration: Configuration) -> Result {
        var state = RunState(configuration: configuration, seed: seed)
        return state.run()
    }

    /// What takes the model's place in a run: a team's own code, or a program's through the process
    /// adapter. `nil` leaves the model's.
    public struct Seams {
        /// The throttle behind the job's socket, in the reference throttle's place.
        public var throttle: (any ProgressThrottling)?
        /// The app's client, in the model client's place; started with the run's job (D-136).
        public var client: (any ProgressSocketConnecting)?

        /// Seams in the model's place; `nil` keeps the model's.
        public init(throttle: (any ProgressThrottling)? = nil, client: (any ProgressSocketConnecting)? = nil) {
            self.throttle = throttle
            self.client = client
        }
    }

    /// Runs the configuration with `seed` and `seams` in the model's place, under the run's faults,
    /// clocks and latencies. The run is as deterministic as the seams are.
    public static func run(seed: UInt64, _ configuration: Configuration, seams: Seams) -> Result {
        var state = RunState(configuration: configuration, seed: seed, seams: seams)
        return state.run()
    }

    /// `clients` jobs, each followed by its own client over its own links, running concurrently on one
    /// timeline: events of all the pairs are taken in (time, pair) order, so the fleet is one
    /// deterministic run. Pair `i` draws from seed `seed + i`; the pairs share no state (each job has its
    /// own socket, as each Durable Object does), so the fleet's results are each pair's.
    ///
    /// - Returns: each pair's result and the fleet's digest (the pairs' digests folded in order).
    public static func runFleet(seed: UInt64, clients: Int, _ configuration: Configuration) -> (results: [Result], digest: TraceDigest, eventsRun: Int) {
        precondition(clients >= 1, "a fleet needs a client")
        var pairs = (0..<clients).map { RunState(configuration: configuration, seed: seed &+ UInt64($0)) }
        var order = EventQueue<Int>()
        for index in pairs.indices {
            pairs[index].start()
            if let next = pairs[index].simulation.nextDeadline() { order.schedule(at: next, index) }
        }
        while let entry = order.popNext() {
            let index = entry.payload
            guard pairs[index].step() else { continue }
            if let next = pairs[index].simulation.nextDeadline() { order.schedule(at: next, index) }
        }
        var digest = TraceDigest()
        var events = 0
        let results = pairs.map { pair in pair.result() }
        for result in results {
            digest.record(result.digest.value)
            events += result.eventsRun
        }
        return (results, digest, events)
    }
}

/// The mutable state of one run.
struct RunState {
    typealias Event = ProgressRun.Event
    let configuration: ProgressRun.Configuration
    var simulation: Simulation<Event>
    var options: FaultOptions
    /// The model's client; unused when `seamClient` is given.
    var client: ProgressSocketClient
    /// A client seam in the model client's place.
    var seamClient: SeamClient?
    var server: ProgressJobSocket
    var toClient = Link(from: ProgressRun.backend, to: ProgressRun.app)
    var toServer = Link(from: ProgressRun.app, to: ProgressRun.backend)
    var processed = 0
    /// The server connection the client's transport is attached to.
    var clientConnection: Int?
    var openAttempt = 0
    var clientTimerGeneration = 0
    var serverTimerGeneration = 0
    var clientTimerAt: UInt64?
    var serverTimerAt: UInt64?
    var jobEndedAt: UInt64?
    var clientKnewEndingAt: UInt64?
    var refusedAt: UInt64?
    var opensAfterRefusal = 0
    /// Whether the app's socket is open or opening, as its recording says: its end is a `disconnect`.
    var appSocketUp = false
    /// Timer fires in a row at one instant, to stop a timer that never moves on.
    var firesAtThisInstant = 0
    var lastFireAt: UInt64?
    /// What stopped the run: a timer that did not move on, or a client answering with a flood.
    var seamFault: ScenarioFailure?
    var progressSent: [UInt64] = []
    var progressArrivals: [UInt64] = []
    var trace: [SimulationTraceEvent] = []
    var recording: [String] = []

    /// A run's state; `seams`, if given, decide in the model's place.
    init(configuration: ProgressRun.Configuration, seed: UInt64, seams: ProgressRun.Seams = ProgressRun.Seams()) {
        self.configuration = configuration
        simulation = Simulation(seed: seed)
        options = configuration.faults
        let start = configuration.backendClock.timestamp(at: 0)
        client = ProgressSocketClient(jobId: ProgressRun.jobId, pipeline: .batchEnrichment, token: ProgressRun.token, syncRetryMilliseconds: configuration.clientSyncRetryMilliseconds)
        seamClient = seams.client.map { SeamClient(seam: $0) }
        let idleClose = Int64(max(1, configuration.faults.idleCloseNanoseconds / FaultOptions.millisecond))
        if let throttle = seams.throttle {
            server = ProgressJobSocket(
                jobId: ProgressRun.jobId, pipeline: .batchEnrichment, token: ProgressRun.token, totalCount: configuration.items, at: start,
                idleCloseMilliseconds: idleClose, throttle: throttle
            )
        } else {
            server = ProgressJobSocket(
                jobId: ProgressRun.jobId, pipeline: .batchEnrichment, token: ProgressRun.token, totalCount: configuration.items, at: start,
                idleCloseMilliseconds: idleClose
            )
        }
    }

    var appNow: Timestamp { configuration.appClock.timestamp(at: simulation.now) }
    var backendNow: Timestamp { configuration.backendClock.timestamp(at: simulation.now) }

    mutating func run() -> ProgressRun.Result {
        start()
        while step() {}
        return result()
    }

    /// How the run ended, once `step` returned `false`.
    var end = Simulation<Event>.RunEnd.quiescent

    /// Starts the job and the client.
    mutating func start() {
        perform(server.start(at: backendNow))
        if seamClient != nil {
            let job = ProgressJobTicket(jobId: ProgressRun.jobId, pipeline: .batchEnrichment, token: ProgressRun.token)
            perform(seamClient!.seam.start(job, at: appNow))
        } else {
            perform(client.start(at: appNow))
        }
        simulation.schedule(after: configuration.itemIntervalNanoseconds, .jobStep)
        if let heal = configuration.healAtNanoseconds { simulation.schedule(at: heal, .heal) }
        rescheduleTimers()
    }

    /// Runs the next event; `false` when the run is over (see `end`).
    mutating func step() -> Bool {
        guard simulation.eventsRun < configuration.eventsMax else {
            end = .reachedEventLimit
            return false
        }
        guard let event = simulation.next() else { return false }
        handle(event)
        guard seamFault == nil else { return false }
        rescheduleTimers()
        if clientHasStopped, server.hasEnded, jobEndedAt != nil { return false }
        if let ended = jobEndedAt, simulation.now > max(ended, configuration.healAtNanoseconds ?? 0) + configuration.livenessBoundNanoseconds {
            end = .reachedTimeLimit
            return false
        }
        return true
    }

    func result() -> ProgressRun.Result {
        ProgressRun.Result(
            digest: simulation.digest, eventsRun: simulation.eventsRun, endedAtNanoseconds: simulation.now,
            client: seamClient == nil ? client : nil, clientCount: seamClient?.highestCount ?? client.view.processedCount,
            clientStopped: clientHasStopped, clientState: clientState, server: server, processed: processed, jobEndedAtNanoseconds: jobEndedAt,
            clientKnewEndingAtNanoseconds: clientKnewEndingAt, progressSentAt: progressSent,
            progressArrivals: progressArrivals, framesSent: toClient.framesSent + toServer.framesSent,
            framesLost: toClient.framesLost + toServer.framesLost, opens: seamClient?.opens ?? client.opens,
            refusedAtNanoseconds: refusedAt, opensAfterRefusal: opensAfterRefusal, end: end, trace: trace,
            recording: recording, frameFates: (toClient.fates + toServer.fates).sorted(), fault: seamFault
        )
    }

    mutating func handle(_ event: Event) {
        simulation.digest.record(simulation.now)
        switch event {
        case .jobStep:
            simulation.digest.record("job \(processed + 1)")
            processed += 1
            if tracing { note(ProgressRun.backend, "job.item", ["processed": .integer(Int64(processed))]) }
            perform(server.report(ProgressUpdate(processedCount: processed, totalCount: configuration.items, currentTitle: "Book \(processed)"), at: backendNow))
            if processed < configuration.items {
                simulation.schedule(after: configuration.itemIntervalNanoseconds, .jobStep)
            } else {
                endJob()
            }
        case let .clientTimer(generation):
            guard generation == clientTimerGeneration, timerMovesOn("client") else { return }
            clientTimerAt = nil
            if seamClient != nil {
                perform(seamClient!.seam.fire(at: appNow))
            } else {
                perform(client.fire(at: appNow))
            }
        case let .serverTimer(generation):
            guard generation == serverTimerGeneration, timerMovesOn("job socket") else { return }
            serverTimerAt = nil
            perform(server.fire(at: backendNow))
        case let .frameToClient(bytes, connection, sentAt):
            simulation.digest.record(bytes)
            guard connection == clientConnection else { return }
            if recordsRecording { recording.append(SessionRecording.frame(.app, at: appNow, jobId: ProgressRun.jobId, bytes: bytes)) }
            if seamClient != nil {
                deliverToSeam(bytes, sentAt: sentAt)
                return
            }
            let before = client.view.progressMessages
            let receipt = client.received(bytes, at: appNow)
            if tracing {
                let outcome: String
                switch receipt {
                case .applied: outcome = "applied"
                case .stale: outcome = "stale"
                case .rejected: outcome = "rejected"
                case .ignored: outcome = "ignored"
                }
                note(ProgressRun.app, "frame.received", ["type": .string(Self.typeName(bytes)), "outcome": .string(outcome), "processed": .integer(Int64(client.view.processedCount))])
            }
            if case let .applied(type, actions) = receipt {
                if type == .jobProgress, client.view.progressMessages > before {
                    progressSent.append(sentAt)
                    progressArrivals.append(simulation.now)
                }
                perform(actions)
            }
            noteEnding()
        case let .frameToServer(bytes, connection):
            simulation.digest.record(bytes)
            if tracing { note(ProgressRun.backend, "frame.received", ["type": .string(Self.typeName(bytes)), "connection": .integer(Int64(connection))]) }
            if recordsRecording, server.connection?.id == connection {
                recording.append(SessionRecording.frame(.server, at: backendNow, jobId: ProgressRun.jobId, bytes: bytes))
            }
            perform(server.received(bytes, on: connection, at: backendNow))
        case let .closeToClient(connection):
            guard connection == clientConnection else { return }
            clientConnection = nil
            if tracing { note(ProgressRun.app, "connection.lost", ["connection": .integer(Int64(connection))]) }
            socketDown("connection lost")
            if seamClient != nil {
                perform(seamClient!.seam.connectionLost(at: appNow))
            } else {
                perform(client.connectionLost(at: appNow))
            }
        case let .closeToServer(connection):
            server.disconnected(connection, at: backendNow)
        case let .openArrives(attempt):
            let answer: Event
            if let refusal = configuration.openRefusal, simulation.now >= refusal.fromNanoseconds {
                // The refusal is answered before the job's socket sees the open (D-138).
                if tracing { note(ProgressRun.backend, "socket.refused", ["status": .integer(Int64(refusal.status))]) }
                answer = .openAnswered(attempt: attempt, connection: nil, status: refusal.status)
            } else {
                switch server.connect(token: ProgressRun.token, at: backendNow) {
                case let .accepted(connection, actions):
                    perform(actions)
                    answer = .openAnswered(attempt: attempt, connection: connection, status: nil)
                case let .refused(status, _):
                    answer = .openAnswered(attempt: attempt, connection: nil, status: status)
                }
            }
            sendRequest(answer, from: ProgressRun.backend, to: ProgressRun.app)
        case let .openAnswered(attempt, connection, status):
            guard attempt == openAttempt, clientIsConnecting else {
                // A late answer to an abandoned attempt: the server's socket for it is closed.
                if let connection { sendClose(toServer: connection) }
                return
            }
            if let connection {
                clientConnection = connection
                if tracing { note(ProgressRun.app, "socket.opened", ["connection": .integer(Int64(connection))]) }
                if recordsRecording { recording.append(SessionRecording.open(at: appNow, jobId: ProgressRun.jobId)) }
                if seamClient != nil {
                    seamClient!.opens += 1
                    perform(seamClient!.seam.opened(at: appNow))
                } else {
                    perform(client.opened(at: appNow))
                }
            } else {
                if status != nil, refusedAt == nil { refusedAt = simulation.now }
                socketDown(status.map { "open refused (HTTP \($0))" } ?? "open failed", refusedWith: status)
                if seamClient != nil {
                    perform(seamClient!.seam.openFailed(status: status, at: appNow))
                } else {
                    perform(client.openFailed(status: status, at: appNow))
                }
            }
            noteEnding()
        case .heal:
            options = FaultOptions.calm
            simulation.digest.record("heal")
            if tracing { note(ProgressRun.app, "faults.healed") }
        }
    }

    /// Records a trace event. Call sites test `tracing` first, so a run without a trace does not even
    /// build the details.
    mutating func note(_ node: NodeID, _ name: String, _ details: JSONObject = JSONObject()) {
        trace.append(SimulationTraceEvent(timeNanoseconds: simulation.now, node: node == ProgressRun.app ? "app" : "backend", name: name, details: details))
    }

    var tracing: Bool { configuration.recordsTrace }

    var recordsRecording: Bool { configuration.recordsRecording }

    /// Whether the app's client is waiting for an answer to its open.
    var clientIsConnecting: Bool {
        // A seam's socket is what its actions and the transport made it: opening until answered.
        if seamClient != nil { return appSocketUp && clientConnection == nil }
        if case .connecting = client.state { return true }
        return false
    }

    /// Whether the app's client has stopped for good (a seam: no socket, nothing scheduled).
    var clientHasStopped: Bool {
        guard let seamClient else { return client.hasStopped }
        return !appSocketUp && seamClient.seam.deadline == nil
    }

    /// Where the app's client stands, in words.
    var clientState: String {
        guard seamClient != nil else { return "\(client.state)" }
        return appSocketUp ? (clientConnection == nil ? "seam connecting" : "seam open") : "seam closed"
    }

    /// The app's socket closed, dropped or failed to open, if it was open or opening: the recording's
    /// `disconnect`, with what happened.
    mutating func socketDown(_ reason: String, refusedWith status: Int? = nil) {
        guard appSocketUp else { return }
        appSocketUp = false
        if recordsRecording { recording.append(SessionRecording.disconnect(at: appNow, jobId: ProgressRun.jobId, reason: reason, refusedWith: status)) }
    }

    /// Whether a timer firing now may run: a timer that fires `SeamClient.firesPerInstantMax` times at
    /// one instant has not moved its deadline on (a seam's bug: the model's never does), and stops
    /// the run with a failure rather than loop.
    mutating func timerMovesOn(_ owner: String) -> Bool {
        if lastFireAt == simulation.now {
            firesAtThisInstant += 1
        } else {
            lastFireAt = simulation.now
            firesAtThisInstant = 1
        }
        guard firesAtThisInstant > SeamClient.firesPerInstantMax else { return true }
        seamFault = ScenarioFailure("progress.timers-advance", at: owner == "client" ? "app" : "backend", "the \(owner)'s timer fired \(SeamClient.firesPerInstantMax) times at \(simulation.now) ns without its deadline moving on; the run stops")
        return false
    }

    /// Hands a frame to the client seam, noting what it carries (D-136).
    mutating func deliverToSeam(_ bytes: [UInt8], sentAt: UInt64) {
        if seamClient!.observe(bytes) {
            progressSent.append(sentAt)
            progressArrivals.append(simulation.now)
        }
        if tracing {
            note(ProgressRun.app, "frame.received", ["type": .string(Self.typeName(bytes)), "outcome": "delivered", "processed": .integer(Int64(seamClient!.highestCount))])
        }
        perform(seamClient!.seam.received(bytes, at: appNow))
        noteEnding()
    }

    /// A frame's type, for the trace.
    static func typeName(_ bytes: [UInt8]) -> String {
        (try? ProgressMessageCodec.decode(bytes))?.type.rawValue ?? "undecodable"
    }

    mutating func endJob() {
        let failures = processed / 20
        if configuration.failsAtEnd {
            perform(server.fail(.enrichmentFailed(reason: "provider down", failedTitles: [], successCount: processed - failures), successCount: processed - failures, failureCount: failures, at: backendNow))
        } else {
            perform(server.complete(JobCompletion(
                canceled: false, totalProcessed: processed, totalCount: configuration.items, successCount: processed - failures,
                failureCount: failures, durationMilliseconds: max(0, backendNow.epochMilliseconds - server.startedAt.epochMilliseconds)
            ), at: backendNow))
        }
        jobEndedAt = simulation.now
        if tracing { note(ProgressRun.backend, configuration.failsAtEnd ? "job.failed" : "job.completed", ["processed": .integer(Int64(processed))]) }
    }

    mutating func noteEnding() {
        if clientKnewEndingAt == nil, seamClient?.knowsEnding ?? client.view.hasEnded { clientKnewEndingAt = simulation.now }
    }

    // MARK: - Actions onto links

    mutating func perform(_ actions: [ProgressSocketClient.Action]) {
        guard actions.count <= SeamClient.actionsPerCallMax else {
            seamFault = ScenarioFailure("progress.client-actions", at: "app", "one call of the client answered \(actions.count) actions; at most \(SeamClient.actionsPerCallMax) are carried out, and the run stops")
            return
        }
        for action in actions {
            switch action {
            case let .open(reconnect):
                if let connection = clientConnection {
                    // A seam that opens again with its socket open (the model never does): the old
                    // socket is closed first.
                    clientConnection = nil
                    sendClose(toServer: connection)
                }
                socketDown("opened again")
                appSocketUp = true
                openAttempt += 1
                if refusedAt != nil { opensAfterRefusal += 1 }
                if recordsRecording { recording.append(SessionRecording.connect(at: appNow, jobId: ProgressRun.jobId, reconnect: reconnect)) }
                if tracing { note(ProgressRun.app, "socket.open", ["attempt": .integer(Int64(openAttempt))]) }
                if options.isOffline(ProgressRun.app, at: simulation.now) {
                    // An offline device fails the open at once, as iOS does without a network; a cut
                    // link leaves it to the handshake timeout (D-137).
                    simulation.schedule(after: FaultOptions.millisecond, .openAnswered(attempt: openAttempt, connection: nil, status: nil))
                } else {
                    sendRequest(.openArrives(attempt: openAttempt), from: ProgressRun.app, to: ProgressRun.backend)
                }
            case let .send(message):
                guard let connection = clientConnection else { continue }
                if recordsRecording { recording.append(SessionRecording.frame(.app, at: appNow, message)) }
                send(.frameToServer(ProgressMessageCodec.encode(message), connection: connection), over: \.toServer, message: message.type.rawValue)
            case .close:
                socketDown("closed by the app")
                if let connection = clientConnection {
                    clientConnection = nil
                    sendClose(toServer: connection)
                }
            }
        }
    }

    mutating func perform(_ actions: [ProgressJobSocket.Action]) {
        for action in actions {
            switch action {
            case let .send(connection, message):
                if recordsRecording { recording.append(SessionRecording.frame(.server, at: backendNow, message)) }
                send(.frameToClient(ProgressMessageCodec.encode(message), connection: connection, sentAt: simulation.now), over: \.toClient, message: message.type.rawValue)
            case let .close(connection, _):
                send(.closeToClient(connection: connection), over: \.toClient, message: "close")
            }
        }
    }

    mutating func sendClose(toServer connection: Int) {
        send(.closeToServer(connection: connection), over: \.toServer, message: "close")
    }

    mutating func send(_ event: Event, over link: WritableKeyPath<RunState, Link>, message: String) {
        var random = simulation.random
        let delivery = self[keyPath: link].send(at: simulation.now, options: options, latency: options.frameLatency, random: &random, message: message)
        simulation.random = random
        if tracing {
            let sender = self[keyPath: link].from
            var details: JSONObject = ["delivered": .integer(Int64(delivery.arrivals.count))]
            switch event {
            case let .frameToClient(bytes, _, _), let .frameToServer(bytes, _): details["type"] = .string(Self.typeName(bytes))
            case .closeToClient, .closeToServer: details["type"] = "close"
            default: break
            }
            if let arrival = delivery.arrivals.first { details["arrives_ns"] = .integer(Int64(clamping: arrival)) }
            details["to"] = .string(self[keyPath: link].to == ProgressRun.app ? "app" : "backend")
            note(sender, delivery.lost ? "frame.lost" : "frame.sent", details)
        }
        for arrival in delivery.arrivals { simulation.schedule(at: arrival, event) }
    }

    /// An HTTP exchange (the socket upgrade): request latency, lost when cut.
    mutating func sendRequest(_ event: Event, from sender: NodeID, to receiver: NodeID) {
        let now = simulation.now
        if options.isCut(from: sender, to: receiver, at: now) || simulation.random.nextBounded(below: 1_000_000) < options.lossPartsPerMillion { return }
        let arrival = now + options.requestLatency.draw(&simulation.random)
        if options.isOffline(receiver, at: arrival) { return }
        simulation.schedule(at: arrival, event)
    }

    // MARK: - Timers on each node's clock

    mutating func rescheduleTimers() {
        let clientDue = (seamClient.map(\.seam.deadline) ?? client.deadline).flatMap { configuration.appClock.trueNanoseconds(whenReading: $0, from: simulation.now) }
        if clientDue != clientTimerAt {
            clientTimerGeneration += 1
            clientTimerAt = clientDue
            if let clientDue { simulation.schedule(at: clientDue, .clientTimer(generation: clientTimerGeneration)) }
        }
        let serverDue = server.deadline.flatMap { configuration.backendClock.trueNanoseconds(whenReading: $0, from: simulation.now) }
        if serverDue != serverTimerAt {
            serverTimerGeneration += 1
            serverTimerAt = serverDue
            if let serverDue { simulation.schedule(at: serverDue, .serverTimer(generation: serverTimerGeneration)) }
        }
    }
}
