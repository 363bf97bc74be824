import SpecConformance
import SpecModel

// Wrong retry policies: the model's policy with one decision made the way an app's code might.

/// The model's policy with its decisions or its rate edited.
struct EditedRetryPolicy: EnrichmentRetryPolicy {
    let model = ModelEnrichmentRetryPolicy()
    var decide: @Sendable (ModelEnrichmentRetryPolicy, EnrichmentAttemptFailure, Int) -> EnrichmentRetryDecision = { $0.decision(after: $1, onAttempt: $2) }
    var start: @Sendable (Timestamp, Timestamp?) -> Timestamp? = { _, _ in nil }

    func decision(after failure: EnrichmentAttemptFailure, onAttempt attempt: Int) -> EnrichmentRetryDecision {
        decide(model, failure, attempt)
    }

    func earliestRequestStart(due: Timestamp, previousRequestStart: Timestamp?) -> Timestamp {
        start(due, previousRequestStart) ?? model.earliestRequestStart(due: due, previousRequestStart: previousRequestStart)
    }

    /// The seed's delays, 1, 2, 4 and 8 s, as a failure on `attempt` of 1 to 4 waits them.
    static func delay(after attempt: Int) -> Int64 { 1_000 << Int64(attempt - 1) }
}

enum WrongEnrichmentRetryPolicies {
    static let all: [WrongImplementation] = [
        .of({ .enrichmentRetry }, "NotFoundRetried", flaw: "retries a 404 like a timeout (the canary of D-054)", breaks: "RETRY-01") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                failure == .httpStatus(404) ? model.decision(after: .httpStatus(503), onAttempt: attempt) : model.decision(after: failure, onAttempt: attempt)
            })
        },
        .of({ .enrichmentRetry }, "OtherClientErrorsRetried", flaw: "fails at once on 404 only and retries every other 4xx", breaks: "RETRY-02") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                if case let .httpStatus(status) = failure, (400...499).contains(status), status != 404 {
                    return model.decision(after: .httpStatus(429), onAttempt: attempt)
                }
                return model.decision(after: failure, onAttempt: attempt)
            })
        },
        .of({ .enrichmentRetry }, "TooManyRequestsRejected", flaw: "treats 429 as one more client error and fails at once (D-054)", breaks: "RETRY-08", "RETRY-04") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                failure == .httpStatus(429) ? .fail(.rejected(status: 429)) : model.decision(after: failure, onAttempt: attempt)
            })
        },
        .of({ .enrichmentRetry }, "BackoffInMilliseconds", flaw: "waits 1, 2, 4 and 8 milliseconds: the seed's seconds read as the timer's unit", breaks: "RETRY-03") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                guard case let .retry(next, after) = model.decision(after: failure, onAttempt: attempt) else { return model.decision(after: failure, onAttempt: attempt) }
                return .retry(attempt: next, afterMilliseconds: after / 1_000)
            })
        },
        .of({ .enrichmentRetry }, "BackoffOneDoublingAhead", flaw: "waits 2^attempt seconds, 2, 4, 8 and 16, counting attempts from zero", breaks: "RETRY-03") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                guard case let .retry(next, _) = model.decision(after: failure, onAttempt: attempt) else { return model.decision(after: failure, onAttempt: attempt) }
                return .retry(attempt: next, afterMilliseconds: EditedRetryPolicy.delay(after: attempt) * 2)
            })
        },
        .of({ .enrichmentRetry }, "FourAttemptsInAll", flaw: "reads the four delays as four attempts and gives up on the fourth failure, whose 8 s the seed names", breaks: "RETRY-03", "RETRY-04") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                let decision = model.decision(after: failure, onAttempt: attempt)
                guard attempt == 4, case .retry = decision else { return decision }
                switch failure {
                case let .httpStatus(status): return .fail(.retriesExhausted(attempts: 4, last: .serverError(status: status)))
                default: return .fail(.retriesExhausted(attempts: 4, last: .timedOut))
                }
            })
        },
        .of({ .enrichmentRetry }, "OfflineCountedAsATimeout", flaw: "counts a request cut off by the network as a timed-out attempt (D-056)", breaks: "RETRY-05") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                model.decision(after: failure == .connectivityLost ? .timedOut : failure, onAttempt: attempt)
            })
        },
        .of({ .enrichmentRetry }, "NoCandidateRetried", flaw: "retries an answer with no candidate like a timeout, as if the provider might find one later (D-054)", breaks: "RETRY-10") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                model.decision(after: failure == .noCandidates ? .timedOut : failure, onAttempt: attempt)
            })
        },
        .of({ .enrichmentRetry }, "OfflineResentAsTheNextAttempt", flaw: "resends a request cut off by the network as the next attempt, using one up (D-056)", breaks: "RETRY-09") {
            EditedRetryPolicy(decide: { model, failure, attempt in
                guard case let .resendWhenOnline(same) = model.decision(after: failure, onAttempt: attempt), same < 5 else { return model.decision(after: failure, onAttempt: attempt) }
                return .resendWhenOnline(attempt: same + 1)
            })
        },
        .of({ .enrichmentRetry }, "RateSlotOneMillisecondLate", flaw: "starts a request only more than 600 ms after the previous (> for >=)", breaks: "RETRY-06") {
            EditedRetryPolicy(start: { due, previous in
                guard let previous, due.epochMilliseconds - previous.epochMilliseconds <= 600 else { return nil }
                return previous.adding(milliseconds: 601)
            })
        },
        .of({ .enrichmentRetry }, "RateLimitIgnored", flaw: "sends each request when it is due, whatever the previous start (D-059)", breaks: "RETRY-06") {
            EditedRetryPolicy(start: { due, _ in due })
        },
    ]
}
