import SpecModel

/// Seam: the enrichment worker's retry policy and rate limit, as two functions.
///
/// Seed 004_…, "Background Enrichment Queue": "Network timeout → Retry with exponential backoff (1s,
/// 2s, 4s, 8s)", "API 404 → Mark as failed, don't retry", "Process one work at a time (sequential,
/// respects API rate limits)", "Processing rate: ~100 books/min". Wrap the functions the app's
/// worker decides with:
///
///     struct AppRetries: EnrichmentRetryPolicy {
///         func decision(after failure: EnrichmentAttemptFailure, onAttempt attempt: Int) -> EnrichmentRetryDecision {
///             EnrichmentRetryDecision(RetryPolicy.standard.next(after: AppFailure(failure), attempt: attempt))
///         }
///         func earliestRequestStart(due: Timestamp, previousRequestStart: Timestamp?) -> Timestamp { RateLimiter.standard.slot(due, after: previousRequestStart) }
///     }
public protocol EnrichmentRetryPolicy {
    /// What the worker does after attempt `attempt` (1 for the first request) of a work ended with
    /// `failure`.
    func decision(after failure: EnrichmentAttemptFailure, onAttempt attempt: Int) -> EnrichmentRetryDecision

    /// The earliest instant the next request (a first attempt or a retry) may start, when it is due
    /// at `due` and the previous request started at `previousRequestStart` (`nil`: none yet);
    /// `due` is never before `previousRequestStart`.
    func earliestRequestStart(due: Timestamp, previousRequestStart: Timestamp?) -> Timestamp
}

/// How one metadata request for a work failed.
public enum EnrichmentAttemptFailure: Hashable, Sendable, CustomStringConvertible {
    /// The backend answered with an error status, 400 to 599.
    case httpStatus(Int)
    /// HTTP 200 with no candidate at all.
    case noCandidates
    /// The network layer gave up waiting for the answer.
    case timedOut
    /// Connectivity dropped while the request was in flight.
    case connectivityLost

    /// `HTTP 404`, `no candidates`, `timed out`, `connectivity lost`.
    public var description: String {
        switch self {
        case let .httpStatus(status): return "HTTP \(status)"
        case .noCandidates: return "no candidates"
        case .timedOut: return "timed out"
        case .connectivityLost: return "connectivity lost"
        }
    }
}

/// What the worker does after a failed attempt.
public enum EnrichmentRetryDecision: Hashable, Sendable, CustomStringConvertible {
    /// Send attempt `attempt` this many milliseconds after the failure (or later, when the rate or the
    /// network says so).
    case retry(attempt: Int, afterMilliseconds: Int64)
    /// The work fails for good, for this reason.
    case fail(EnrichmentFailure)
    /// The request is abandoned without counting: attempt `attempt` goes again when back online.
    case resendWhenOnline(attempt: Int)

    /// `retry attempt 2 after 1000 ms`, `fail: Not found`, `resend attempt 5 when online`.
    public var description: String {
        switch self {
        case let .retry(attempt, after): return "retry attempt \(attempt) after \(after) ms"
        case let .fail(failure): return "fail: \(failure)"
        case let .resendWhenOnline(attempt): return "resend attempt \(attempt) when online"
        }
    }
}

/// The model's retry policy: each answer is what `EnrichmentWorker` does, found by driving a worker
/// through the failures, so the reference is the worker itself and not a copy of its rules.
public struct ModelEnrichmentRetryPolicy: EnrichmentRetryPolicy {
    /// The worker's configuration: the seed's by default.
    public let configuration: EnrichmentWorker.Configuration

    public init(configuration: EnrichmentWorker.Configuration = EnrichmentWorker.Configuration()) {
        self.configuration = configuration
    }

    /// Drives a worker to attempt `attempt` of one work (the earlier attempts time out) and reports
    /// what it does with `failure`.
    ///
    /// - Precondition: `attempt` is 1 up to the configuration's `attemptsMax`.
    public func decision(after failure: EnrichmentAttemptFailure, onAttempt attempt: Int) -> EnrichmentRetryDecision {
        precondition((1...configuration.attemptsMax).contains(attempt), "attempt \(attempt) is outside 1...\(configuration.attemptsMax)")
        var app = AppState()
        let work = app.store.insertWork(WorkDraft(title: "Dune"))
        do {
            try app.store.save()
        } catch {
            preconditionFailure("a fresh store failed to save: \(error)")
        }
        var worker = EnrichmentWorker(configuration: configuration)
        var now = Timestamp(epochMilliseconds: 0)
        _ = worker.handle(.launched(online: true), at: now, &app)
        var request = Self.request(worker.handle(.worksAdded([work]), at: now, &app))
        while request.attempt < attempt {
            let step = worker.handle(.metadataResult(requestID: request.id, .timedOut), at: now, &app)
            request = Self.nextRequest(after: step, &worker, &app, &now)
        }
        let outcome: EnrichmentFetchOutcome
        switch failure {
        case .connectivityLost:
            _ = worker.handle(.connectivityChanged(online: false), at: now, &app)
            let step = worker.handle(.connectivityChanged(online: true), at: now, &app)
            return .resendWhenOnline(attempt: Self.nextRequest(after: step, &worker, &app, &now).attempt)
        case let .httpStatus(status):
            precondition((400...599).contains(status), "an HTTP error status is 400...599, not \(status)")
            outcome = .httpError(status: status)
        case .noCandidates:
            outcome = .candidates([])
        case .timedOut:
            outcome = .timedOut
        }
        let step = worker.handle(.metadataResult(requestID: request.id, outcome), at: now, &app)
        for result in step.outcomes {
            switch result {
            case let .retryScheduled(_, next, at):
                return .retry(attempt: next, afterMilliseconds: at.epochMilliseconds - now.epochMilliseconds)
            case let .failed(_, reason):
                return .fail(reason)
            default:
                continue
            }
        }
        preconditionFailure("the worker neither retried nor failed after \(failure) on attempt \(attempt): \(step.outcomes)")
    }

    /// Drives a worker through two works: the first's request starts at `previousRequestStart` and
    /// fails at `due` (HTTP 404, not retried), so the second is due then; reports when its request starts.
    ///
    /// - Precondition: `due` is not before `previousRequestStart`.
    public func earliestRequestStart(due: Timestamp, previousRequestStart: Timestamp?) -> Timestamp {
        var app = AppState()
        let first = app.store.insertWork(WorkDraft(title: "Dune"))
        let second = app.store.insertWork(WorkDraft(title: "Emma"))
        do {
            try app.store.save()
        } catch {
            preconditionFailure("a fresh store failed to save: \(error)")
        }
        var worker = EnrichmentWorker(configuration: configuration)
        guard let previous = previousRequestStart else {
            _ = worker.handle(.launched(online: true), at: due, &app)
            _ = Self.request(worker.handle(.worksAdded([first]), at: due, &app))
            return due
        }
        precondition(previous <= due, "the request is due at \(due), before the previous one started at \(previous)")
        _ = worker.handle(.launched(online: true), at: previous, &app)
        let request = Self.request(worker.handle(.worksAdded([first, second]), at: previous, &app))
        let step = worker.handle(.metadataResult(requestID: request.id, .httpError(status: 404)), at: due, &app)
        if !step.requests.isEmpty { return due }
        guard let wake = worker.nextWake else { preconditionFailure("the worker neither sent the next request nor set a wake") }
        _ = Self.request(worker.handle(.timeElapsed, at: wake, &app))
        return wake
    }

    /// The request the step sent, or else the one the worker sends when its wake-up timer fires.
    static func nextRequest(after step: EnrichmentWorker.Step, _ worker: inout EnrichmentWorker, _ app: inout AppState, _ now: inout Timestamp) -> EnrichmentFetchRequest {
        if !step.requests.isEmpty { return request(step) }
        guard let wake = worker.nextWake else { preconditionFailure("the worker neither sent a request nor set a wake: \(step.outcomes)") }
        now = wake
        return request(worker.handle(.timeElapsed, at: now, &app))
    }

    /// The one request a step sends.
    static func request(_ step: EnrichmentWorker.Step) -> EnrichmentFetchRequest {
        guard step.requests.count == 1, let request = step.requests.first else {
            preconditionFailure("the worker sent \(step.requests.count) requests, not one: \(step.effects)")
        }
        return request
    }
}
