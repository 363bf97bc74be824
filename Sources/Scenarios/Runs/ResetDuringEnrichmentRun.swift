import Generators
import Simulator
import SpecModel

/// A Library Reset while the backend enriches the library's books (Seed: 000_…, "Backend Cancellation
/// Flow" and its error table; issue 7: "a reset cancels the job, or with the network down the job
/// finishes harmlessly").
///
/// The backend's job processes one book every `itemIntervalNanoseconds`. At `resetAtNanoseconds` the
/// user confirms the reset on the app: the app sends `POST /api/enrichment/cancel` with the job's token
/// over a link with the run's faults, and waits for the answer or the HTTP timeout; either way it then
/// runs the reset's local steps (D-021). The properties: the app's library and queue are empty after the
/// reset, whatever the network did; if the cancel reached the backend, the job is canceled and its loop
/// stops at its next turn with `complete` and `canceled: true`; if it did not, the job runs to its end
/// and nothing of it comes back into the app (the app no longer follows the job).
public enum ResetDuringEnrichmentRun {
    /// The app's node: the device where the user resets the library.
    public static let app = NodeID(1)
    /// The backend's node: the enrichment job and the cancel endpoint.
    public static let backend = NodeID(2)
    /// The ID of the enrichment job every run follows: a fixed UUID.
    public static let jobId = "6ba7b810-9dad-41d1-80b4-00c04fd430c8"
    /// The job's token, which the cancel request carries.
    public static let token = "token-of-the-enrichment-job"

    /// What a run does: the job's size and pace, when the user resets, and the network's faults.
    public struct Configuration: Hashable, Sendable {
        /// The books in the library and in the job, inserted and saved before the run starts (50 by default).
        public var books: Int
        /// True time between two books of the job's loop (600 ms: 100 books a minute, D-062).
        public var itemIntervalNanoseconds: UInt64
        /// When the user confirms the reset, in true time (10 s by default).
        public var resetAtNanoseconds: UInt64
        /// The faults on the cancel request and its answer, HTTP timeout included.
        public var faults: FaultOptions
        /// The most events a run may take: a bound on everything.
        public var eventsMax: Int
        /// Whether to record a trace (`Result.trace`): one event per simulation event.
        public var recordsTrace = false
        /// The canary: the app sends the cancel without its timeout, so a cancel or answer that never
        /// arrives leaves the reset waiting for good. `false` runs the model.
        public var forgetsCancelTimeout = false

        /// Creates a configuration; by default 50 books, one every 600 ms, reset at 10 s on a calm network.
        public init(books: Int = 50, itemIntervalNanoseconds: UInt64 = 600 * FaultOptions.millisecond, resetAtNanoseconds: UInt64 = 10_000 * FaultOptions.millisecond, faults: FaultOptions = .calm, eventsMax: Int = 100_000) {
            precondition(books >= 1, "the job needs books")
            self.books = books
            self.itemIntervalNanoseconds = itemIntervalNanoseconds
            self.resetAtNanoseconds = resetAtNanoseconds
            self.faults = faults
            self.eventsMax = eventsMax
        }
    }

    /// What a run did: the app and the job as the run left them, and what the cancel request met.
    public struct Result: Hashable, Sendable {
        /// The app's state after the reset.
        public var app: AppState
        /// The backend's job as the run left it.
        public var job: EnrichmentJob
        /// Where the reset flow ended: `succeeded` in a correct run, whatever the network did.
        public var resetPhase: LibraryReset.Phase
        /// The reset's steps in order, the cancel request's result first when one was sent.
        public var resetLog: [ResetLogEntry]
        /// When the cancel request reached the backend, if it did.
        public var cancelArrivedAtNanoseconds: UInt64?
        /// Whether the job was still running when the cancel arrived (else it had already completed, and
        /// the backend answered 404).
        public var cancelFoundJobRunning: Bool
        /// Books the loop processed after the cancel arrived.
        public var booksProcessedAfterCancel: Int
        /// The digest of every event the run took, in order: equal for equal (seed, configuration).
        public var digest: TraceDigest
        /// The number of events the run took.
        public var eventsRun: Int = 0
        /// The trace, when the configuration asked for one.
        public var trace: [SimulationTraceEvent] = []
        /// The frames the random faults hit, as a script that does the same to them (`Link.fates`).
        public var frameFates: [FaultOptions.ScriptedFrame] = []

        /// The properties the run breaks, each as a sentence; empty when the reset and the job behaved.
        public func violations() -> [String] {
            failures().map(\.message)
        }

        /// The same as `violations()`, each with its property's id and actor.
        public func failures() -> [ScenarioFailure] {
            var found: [ScenarioFailure] = []
            if resetPhase != .succeeded { found.append(ScenarioFailure("reset.succeeds", at: "app", "the reset ended \(resetPhase), not succeeded")) }
            if !app.store.isEmptyOfLibraryObjects { found.append(ScenarioFailure("reset.library-empty", at: "app", "the app's library is not empty after the reset")) }
            if !app.enrichmentQueue.isEmpty { found.append(ScenarioFailure("reset.queue-empty", at: "app", "the enrichment queue still holds work or follows a job")) }
            if cancelArrivedAtNanoseconds != nil, cancelFoundJobRunning {
                if job.status != .canceled { found.append(ScenarioFailure("reset.cancel-stops-job", at: "backend", "the cancel reached the backend but the job is \(job.status)")) }
                if booksProcessedAfterCancel > 0 { found.append(ScenarioFailure("reset.no-book-after-cancel", at: "backend", "the loop processed \(booksProcessedAfterCancel) books after the cancel")) }
                if !job.loopFinished { found.append(ScenarioFailure("reset.loop-ends", at: "backend", "the canceled job's loop did not end")) }
            } else if job.status != .complete {
                found.append(ScenarioFailure("reset.uncanceled-job-completes", at: "backend", "the cancel never reached the running job, yet the job is \(job.status), not complete"))
            }
            if case let .complete(done)? = job.outbox.last, done.canceled != (job.status == .canceled) {
                found.append(ScenarioFailure("reset.final-message-says-canceled", at: "backend", "the job's final message says canceled: \(done.canceled) for a job \(job.status)"))
            }
            return found
        }
    }

    enum Event: Hashable, Sendable {
        case loopStep
        case confirmReset
        case cancelArrives
        case cancelAnswered(status: Int, errorCode: String?)
        case cancelTimedOut
    }

    /// Starts the reset while the backend job runs and follows both until no event is left or
    /// `eventsMax` events. A pure function of `seed` and `configuration`: the same pair gives an equal
    /// result, its `digest` included, on every machine. `Result.violations()` judges the run.
    public static func run(seed: UInt64, _ configuration: Configuration) -> Result {
        var simulation = Simulation<Event>(seed: seed)
        let clock = NodeClock.perfect
        var state = AppState()
        var books: [JobBook] = []
        for index in 0..<configuration.books {
            let work = state.store.insertWork(WorkDraft(title: "Book \(index + 1)"))
            _ = state.enrichmentQueue.add(work)
            books.append(JobBook(workRawIdentifier: work.rawValue, title: "Book \(index + 1)"))
        }
        do {
            try state.store.save()
        } catch {
            preconditionFailure("the run's library could not be saved: \(error)")
        }
        state.enrichmentQueue.setCurrentJobId(jobId, token: token)
        var registry = BackendJobRegistry()
        registry.startJob(jobId, books: books, at: clock.timestamp(at: 0), token: token)
        var reset = LibraryReset()
        var toBackend = Link(from: app, to: backend)
        var toApp = Link(from: backend, to: app)
        var cancelArrivedAt: UInt64?
        var foundRunning = false
        var processedAfterCancel = 0
        var awaitingAnswer = false

        simulation.schedule(after: configuration.itemIntervalNanoseconds, .loopStep)
        simulation.schedule(at: configuration.resetAtNanoseconds, .confirmReset)

        func answer(_ result: CancelRequestResult) {
            guard awaitingAnswer else { return }
            awaitingAnswer = false
            reset.receiveCancelResult(result, &state)
            reset.runSteps(&state)
        }

        var trace: [SimulationTraceEvent] = []
        while simulation.eventsRun < configuration.eventsMax, let event = simulation.next() {
            let now = clock.timestamp(at: simulation.now)
            simulation.digest.record(simulation.now)
            if configuration.recordsTrace {
                let node: String
                switch event {
                case .loopStep, .cancelArrives: node = "backend"
                case .confirmReset, .cancelAnswered, .cancelTimedOut: node = "app"
                }
                trace.append(SimulationTraceEvent(timeNanoseconds: simulation.now, node: node, name: "\(event)", details: ["processed": .integer(Int64(registry.job(jobId)?.processedCount ?? 0))]))
            }
            switch event {
            case .loopStep:
                guard let step = registry.loopStep(jobId, at: now, enrich: { _ in .enriched }) else { break }
                simulation.digest.record("\(step)")
                if case .processed = step {
                    if cancelArrivedAt != nil { processedAfterCancel += 1 }
                    simulation.schedule(after: configuration.itemIntervalNanoseconds, .loopStep)
                }
            case .confirmReset:
                reset.requestReset(&state)
                guard case .sendCancelRequest? = reset.confirm(&state) else {
                    reset.runSteps(&state)
                    break
                }
                awaitingAnswer = true
                if !configuration.forgetsCancelTimeout {
                    simulation.schedule(after: configuration.faults.httpTimeoutNanoseconds, .cancelTimedOut)
                }
                var random = simulation.random
                let delivery = toBackend.send(at: simulation.now, options: configuration.faults, latency: configuration.faults.requestLatency, random: &random, message: "cancel_request")
                simulation.random = random
                if let arrival = delivery.arrivals.first { simulation.schedule(at: arrival, .cancelArrives) }
            case .cancelArrives:
                if cancelArrivedAt == nil { foundRunning = registry.job(jobId)?.status == .running }
                let body = JSONValue.object(["jobId": .string(jobId)]).encoded()
                let response = CancelEndpoint.handle(HTTPRequest(method: "POST", path: CancelEndpoint.path, body: body, authorization: token), jobs: &registry, at: now)
                if cancelArrivedAt == nil { cancelArrivedAt = simulation.now }
                simulation.digest.record("cancel \(response.status)")
                var random = simulation.random
                let delivery = toApp.send(at: simulation.now, options: configuration.faults, latency: configuration.faults.requestLatency, random: &random, message: "cancel_response")
                simulation.random = random
                if let arrival = delivery.arrivals.first { simulation.schedule(at: arrival, .cancelAnswered(status: response.status, errorCode: response.errorCode)) }
            case let .cancelAnswered(status, errorCode):
                answer(.answered(status: status, errorCode: errorCode))
            case .cancelTimedOut:
                answer(.failed(reason: "The request timed out."))
            }
        }
        return Result(
            app: state, job: registry.job(jobId)!, resetPhase: reset.phase, resetLog: reset.log,
            cancelArrivedAtNanoseconds: cancelArrivedAt, cancelFoundJobRunning: foundRunning, booksProcessedAfterCancel: processedAfterCancel, digest: simulation.digest,
            eventsRun: simulation.eventsRun, trace: trace, frameFates: (toBackend.fates + toApp.fates).sorted()
        )
    }
}
