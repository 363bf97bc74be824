import SpecModel

/// Seam: the backend's enrichment jobs, their cancel endpoint and their enrichment loop.
///
/// Seed 000_…, "API Specification" (`POST /api/enrichment/cancel`, its success and `JOB_NOT_FOUND`
/// bodies, the `canceled` WebSocket message) and "Backend Cancellation Flow" (the loop checks
/// `doStub.isCanceled()` before each book, breaks, and sends a final `{ type: "complete", canceled:
/// true }`). Job IDs and tokens, drawn at random in production, come from the suite; so does the
/// time. Wrap the Worker's handler and the Durable Object in a test harness:
///
///     struct WorkerHarness: EnrichmentJobBackend {
///         var env = TestEnvironment()
///         mutating func startJob(_ id: String, token: String?, books: [JobBook], at now: Timestamp) { env.start(id, token, books, now) }
///         mutating func handleCancelRequest(_ request: HTTPRequest, at now: Timestamp) -> HTTPResponse { env.fetch(request, now) }
///         mutating func takeBroadcasts(of id: String) -> [JobMessage] { env.socketFrames(id).map(JobMessage.init) }
///         // runLoopTurn and failJob drive the job's loop one book at a time
///     }
public protocol EnrichmentJobBackend {
    /// Starts a running job over these books, bound to `token` when it has one (D-080).
    mutating func startJob(_ jobId: String, token: String?, books: [JobBook], at now: Timestamp)

    /// Handles a request to `POST /api/enrichment/cancel` (the method and body as sent; the bearer
    /// token, if any, in `authorization`).
    mutating func handleCancelRequest(_ request: HTTPRequest, at now: Timestamp) -> HTTPResponse

    /// Runs one turn of the job's enrichment loop: check cancellation (if canceled, send the final
    /// `complete` with `canceled: true` and stop); otherwise enrich the next book, asking `provider`
    /// about it, and send its progress; with no book left, send `complete` and stop. A loop that has
    /// stopped does nothing.
    mutating func runLoopTurn(of jobId: String, at now: Timestamp, provider: (JobBook) -> BookEnrichmentOutcome)

    /// A catastrophic error ends the running job: it fails and broadcasts the error.
    mutating func failJob(_ jobId: String, at now: Timestamp, code: String, message: String)

    /// The messages the job broadcast on its progress socket since the last call, in order.
    mutating func takeBroadcasts(of jobId: String) -> [JobMessage]
}

/// The model's backend: `BackendJobRegistry` and `CancelEndpoint`, the reference the suites compare with.
public struct ModelEnrichmentJobBackend: EnrichmentJobBackend {
    /// The jobs.
    public private(set) var registry = BackendJobRegistry()
    /// How many of each job's messages were taken, by the registry's key.
    var delivered: [String: Int] = [:]

    public init() {}

    /// `BackendJobRegistry.startJob(_:books:at:token:)`.
    public mutating func startJob(_ jobId: String, token: String?, books: [JobBook], at now: Timestamp) {
        registry.startJob(jobId, books: books, at: now, token: token)
    }

    /// `CancelEndpoint.handle(_:jobs:at:)`.
    public mutating func handleCancelRequest(_ request: HTTPRequest, at now: Timestamp) -> HTTPResponse {
        CancelEndpoint.handle(request, jobs: &registry, at: now)
    }

    /// `BackendJobRegistry.loopStep(_:at:enrich:)`.
    public mutating func runLoopTurn(of jobId: String, at now: Timestamp, provider: (JobBook) -> BookEnrichmentOutcome) {
        _ = registry.loopStep(jobId, at: now, enrich: provider)
    }

    /// `BackendJobRegistry.fail(_:at:code:message:)`.
    public mutating func failJob(_ jobId: String, at now: Timestamp, code: String, message: String) {
        registry.fail(jobId, at: now, code: code, message: message)
    }

    /// The job's outbox since the last call.
    public mutating func takeBroadcasts(of jobId: String) -> [JobMessage] {
        guard let job = registry.job(jobId) else { return [] }
        let key = BackendJobRegistry.key(jobId)
        let from = delivered[key] ?? 0
        delivered[key] = job.outbox.count
        return Array(job.outbox[from...])
    }
}
