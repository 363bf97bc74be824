/// Runs the enrichment worker as the app would, on a virtual clock: performs its effects (holds its one
/// timer, records the requests it sends), delivers answers, connectivity changes and relaunches.
///
/// For scenarios and benchmarks that drive the worker through whole imports, as `LibraryResetRun` does
/// for the reset. Every request start and every outcome is logged with its time, across relaunches.
public struct EnrichmentWorkerRun: Sendable {
    /// The app the worker runs in: its store, queue and records as the worker has left them.
    public private(set) var app: AppState
    /// The worker, as the last event left it.
    public private(set) var worker: EnrichmentWorker
    /// The virtual clock's time: the time of the next event delivered.
    public private(set) var now: Timestamp
    /// The wake-up timer the app holds for the worker.
    public private(set) var timer: Timestamp?
    /// The request the worker waits for, if any.
    public private(set) var awaiting: EnrichmentFetchRequest?
    /// Connectivity as the path monitor reports it.
    public private(set) var online: Bool
    /// Every request sent, in order, with when.
    public private(set) var requestLog: [RequestStart] = []
    /// Everything that happened to works, in order, with when.
    public private(set) var outcomeLog: [LoggedOutcome] = []

    /// A request and the time it was sent.
    public struct RequestStart: Hashable, Sendable {
        /// The request sent.
        public let request: EnrichmentFetchRequest
        /// When the worker sent it, on the virtual clock.
        public let at: Timestamp
    }

    /// An outcome and the time it happened.
    public struct LoggedOutcome: Hashable, Sendable {
        /// What happened to the work.
        public let outcome: EnrichmentWorker.Outcome
        /// When it happened, on the virtual clock.
        public let at: Timestamp
    }

    /// Launches `worker` on `app` at `start`.
    public init(app: AppState, worker: EnrichmentWorker = EnrichmentWorker(), at start: Timestamp, online: Bool = true) {
        self.app = app
        self.worker = worker
        now = start
        self.online = online
        deliver(.launched(online: online))
    }

    /// Delivers an event now and performs the effects it returns.
    @discardableResult
    public mutating func deliver(_ event: EnrichmentWorker.Event) -> EnrichmentWorker.Step {
        let step = worker.handle(event, at: now, &app)
        for outcome in step.outcomes {
            // The worker let go of the awaited request: its answer, if one comes, is stale.
            switch outcome {
            case let .requestAbandoned(request) where awaiting?.id == request.id: awaiting = nil
            case let .dropped(work) where awaiting?.work == work: awaiting = nil
            default: break
            }
        }
        for effect in step.effects {
            switch effect {
            case let .fetchMetadata(request):
                // The worker sends one request at a time, and the loop above cleared any it let go of.
                precondition(awaiting == nil, "request \(request.id) sent while request \(awaiting!.id) is still awaited")
                awaiting = request
                requestLog.append(RequestStart(request: request, at: now))
            case let .scheduleWake(at):
                timer = at
            case .cancelWake:
                timer = nil
            }
        }
        for outcome in step.outcomes {
            outcomeLog.append(LoggedOutcome(outcome: outcome, at: now))
        }
        return step
    }

    /// Queues works, as the import does after each batch it saves (Decision D-064).
    @discardableResult
    public mutating func add(_ works: [PersistentIdentifier]) -> EnrichmentWorker.Step {
        deliver(.worksAdded(works))
    }

    /// Lets time pass up to `instant`, firing the timer at its own instant on the way (as often as it
    /// is set again within the span).
    ///
    /// - Precondition: `instant` is not before `now`: the virtual clock only goes forward.
    public mutating func advance(to instant: Timestamp) {
        precondition(instant >= now, "time goes forward: \(instant) is before \(now)")
        while let timer, timer <= instant {
            now = timer
            self.timer = nil
            deliver(.timeElapsed)
        }
        now = instant
    }

    /// Lets `milliseconds` pass, firing the timer on the way (see `advance(to:)`).
    ///
    /// - Precondition: `milliseconds` is not negative.
    public mutating func advance(byMilliseconds milliseconds: Int64) {
        advance(to: now.adding(milliseconds: milliseconds))
    }

    /// The backend answers the awaited request `latencyMilliseconds` after now.
    ///
    /// - Precondition: `latencyMilliseconds` is not negative.
    @discardableResult
    public mutating func answer(_ outcome: EnrichmentFetchOutcome, afterMilliseconds latencyMilliseconds: Int64 = 0) -> EnrichmentWorker.Step {
        advance(byMilliseconds: latencyMilliseconds)
        // An answer with none awaited (a second one, or one to an abandoned request) answers the last
        // request sent; the worker ignores it as stale.
        let requestID = awaiting?.id ?? requestLog.last?.request.id ?? 0
        awaiting = nil
        return deliver(.metadataResult(requestID: requestID, outcome))
    }

    /// The path monitor reports connectivity.
    @discardableResult
    public mutating func setOnline(_ online: Bool) -> EnrichmentWorker.Step {
        self.online = online
        return deliver(.connectivityChanged(online: online))
    }

    /// The app crashes now and is launched again `downMilliseconds` later: unsaved store changes, the
    /// worker's memory, the timer and the request in flight are lost (its answer never arrives); the
    /// queue and the worker's records survive. `recovering` is what the app does at launch before the
    /// worker starts: an interrupted import is resumed and finished then (Decision D-130).
    ///
    /// - Precondition: `downMilliseconds` is not negative.
    @discardableResult
    public mutating func relaunch(afterMilliseconds downMilliseconds: Int64 = 0, recovering: (inout AppState) -> Void = { _ in }) -> EnrichmentWorker.Step {
        precondition(downMilliseconds >= 0, "time goes forward: down for \(downMilliseconds) ms")
        app = app.relaunchedAfterCrash()
        recovering(&app)
        worker = worker.relaunched()
        timer = nil
        awaiting = nil
        now = now.adding(milliseconds: downMilliseconds)
        return deliver(.launched(online: online))
    }

    /// Changes the app's store or queue from outside the worker (a deletion, a reset).
    public mutating func changeApp(_ change: (inout AppState) throws -> Void) rethrows {
        try change(&app)
    }

    /// Answers every request with `backend` (latency and outcome) and fires every timer, until nothing
    /// is awaited and no timer is set, or `eventsMax` events were delivered; returns the events
    /// delivered.
    @discardableResult
    public mutating func runUntilIdle(eventsMax: Int = 1_000_000, backend: (EnrichmentFetchRequest) -> (latencyMilliseconds: Int64, outcome: EnrichmentFetchOutcome)) -> Int {
        var events = 0
        while events < eventsMax {
            if let request = awaiting {
                let (latency, outcome) = backend(request)
                answer(outcome, afterMilliseconds: latency)
            } else if let timer {
                advance(to: timer)
            } else {
                break
            }
            events += 1
        }
        return events
    }

    /// Whether nothing is under way: no request awaited, no timer set, no work current or queued.
    public var isQuiescent: Bool {
        awaiting == nil && timer == nil && worker.current == nil && app.enrichmentQueue.pending.isEmpty && app.enrichmentQueue.inFlight == nil
    }

    /// The banner's progress now.
    public var progress: EnrichmentProgress? { worker.progress(app) }
}
