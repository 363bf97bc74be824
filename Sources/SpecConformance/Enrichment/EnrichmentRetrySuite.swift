import Generators
import SpecModel

extension ConformanceSuite where Implementation: EnrichmentRetryPolicy {
    /// The retry suite: every class of failure on every attempt, the delays and the attempt count on
    /// both sides of their boundaries, connectivity loss, the 600 ms rate on both sides, and the
    /// model's decisions on generated failures.
    public static var enrichmentRetry: ConformanceSuite {
        typealias R = EnrichmentRetryRules
        typealias Case = EnrichmentRetryCase
        let model = ModelEnrichmentRetryPolicy()
        func decisions(_ rule: Rule, _ about: String, _ cases: [(String, Case, String)]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, cases.map { ConformanceExample($0.0, $0.1, pins: $0.2) }) { policy, example in
                try example.check(policy)
            }
        }
        func law(_ rule: Rule, _ about: String, _ generator: Gen<(EnrichmentAttemptFailure, Int)>, exercises: @escaping (EnrichmentAttemptFailure, Int) -> Bool,
                 expected: @escaping @Sendable (EnrichmentAttemptFailure, Int) -> EnrichmentRetryDecision) -> ConformanceCheck<Implementation> {
            .property(rule, about, cases: 25, generator, describe: { "\($0.0) on attempt \($0.1)" }, exercises: { exercises($0.0, $0.1) }) { policy, pair in
                try Case(pair.0, pair.1, expected(pair.0, pair.1)).check(policy)
            }
        }
        let seedBackoff = "seed: \"Retry with exponential backoff (1s, 2s, 4s, 8s)\""
        let start = Timestamp(epochMilliseconds: 1_761_921_000_000)
        func slot(_ name: String, due: Int64?, previous: Int64?, expected: Int64, pins: String) -> ConformanceExample<EnrichmentRateCase> {
            ConformanceExample(name, EnrichmentRateCase(due: start.adding(milliseconds: due ?? 0), previous: previous.map { start.adding(milliseconds: $0) }, expected: start.adding(milliseconds: expected)), pins: pins)
        }
        func failsAtOnce(_ rule: Rule, _ about: String, _ cases: [(String, EnrichmentAttemptFailure, Int, String)]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, cases.map { ConformanceExample($0.0, ($0.1, $0.2), pins: $0.3) }) { policy, pair in
                try Case.failsAtOnce(policy, pair.0, pair.1)
            }
        }
        func sentAgainOnline(_ rule: Rule, _ about: String, _ cases: [(String, Int, String)]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, cases.map { ConformanceExample($0.0, $0.1, pins: $0.2) }) { policy, attempt in
                try Case.sentAgainOnline(policy, attempt)
            }
        }
        return ConformanceSuite(id: "enrichment-retry", title: "Enrichment retries and rate", seam: "EnrichmentRetryPolicy", checks: [
            failsAtOnce(R.notFound, "404 on the first, a middle and the last attempt", [
                ("404 on attempt 1", .httpStatus(404), 1, "seed: \"API 404 → Mark as failed, don't retry\""),
                ("404 on attempt 3", .httpStatus(404), 3, "seed: \"API 404 → Mark as failed, don't retry\""),
                ("404 on attempt 5", .httpStatus(404), 5, "seed: \"API 404 → Mark as failed, don't retry\""),
            ]),
            .property(R.notFound, "404 on attempts 1 to 5", cases: 25, Gen<Int>.int(in: 1...5), describe: { "HTTP 404 on attempt \($0)" }, exercises: Case.attempts.contains) { policy, attempt in
                try Case.failsAtOnce(policy, .httpStatus(404), attempt)
            },
            decisions(R.notFoundReason, "not found on the first and the last attempt", [
                ("404 on attempt 1", Case(.httpStatus(404), 1, .fail(.notFound)), "D-054"),
                ("404 on attempt 5", Case(.httpStatus(404), 5, .fail(.notFound)), "D-054"),
                ("no candidate on attempt 1", Case(.noCandidates, 1, .fail(.notFound)), "D-054"),
                ("no candidate on attempt 5", Case(.noCandidates, 5, .fail(.notFound)), "D-054"),
            ]),
            law(R.notFoundReason, "404 or no candidate on attempts 1 to 5", Gen<(EnrichmentAttemptFailure, Int)>.zip(
                Gen<EnrichmentAttemptFailure>.element(of: [.httpStatus(404), .noCandidates]), Gen<Int>.int(in: 1...5)), exercises: { failure, _ in failure.isNotFound }) { _, _ in .fail(.notFound) },
            decisions(R.clientErrors, "client errors around 404 and 429", [
                ("400", Case(.httpStatus(400), 1, .fail(.rejected(status: 400))), "D-054"),
                ("403", Case(.httpStatus(403), 1, .fail(.rejected(status: 403))), "D-054"),
                ("403 on attempt 5", Case(.httpStatus(403), 5, .fail(.rejected(status: 403))), "D-054"),
                ("405", Case(.httpStatus(405), 2, .fail(.rejected(status: 405))), "D-054"),
                ("428, just below 429", Case(.httpStatus(428), 1, .fail(.rejected(status: 428))), "D-054"),
                ("430, just above 429", Case(.httpStatus(430), 1, .fail(.rejected(status: 430))), "D-054"),
                ("499, just below 500", Case(.httpStatus(499), 1, .fail(.rejected(status: 499))), "D-054"),
            ]),
            law(R.clientErrors, "4xx but 404 and 429 on attempts 1 to 5", Gen<(EnrichmentAttemptFailure, Int)>.zip(
                Gen<Int>.int(in: 400...499).filter("not 404 or 429") { $0 != 404 && $0 != 429 }.map { EnrichmentAttemptFailure.httpStatus($0) }, Gen<Int>.int(in: 1...5)),
                exercises: { failure, _ in failure.isRejected }) { failure, _ in
                guard case let .httpStatus(status) = failure else { preconditionFailure("the generator makes statuses only") }
                return .fail(.rejected(status: status))
            },
            decisions(R.backoff, "the four delays", [
                ("a timeout on attempt 1: 1 s", Case(.timedOut, 1, .retry(attempt: 2, afterMilliseconds: 1_000)), seedBackoff),
                ("a timeout on attempt 2: 2 s", Case(.timedOut, 2, .retry(attempt: 3, afterMilliseconds: 2_000)), seedBackoff),
                ("a timeout on attempt 3: 4 s", Case(.timedOut, 3, .retry(attempt: 4, afterMilliseconds: 4_000)), seedBackoff),
                ("a timeout on attempt 4: 8 s", Case(.timedOut, 4, .retry(attempt: 5, afterMilliseconds: 8_000)), seedBackoff),
            ]),
            law(R.backoff, "timeouts on attempts 1 to 4", Gen<(EnrichmentAttemptFailure, Int)>.zip(Gen<EnrichmentAttemptFailure>.constant(.timedOut), Gen<Int>.int(in: 1...4)),
                exercises: { failure, attempt in failure == .timedOut && attempt < Case.attempts.upperBound }) { _, attempt in
                .retry(attempt: attempt + 1, afterMilliseconds: 1_000 << Int64(attempt - 1))
            },
            decisions(R.transientLikeTimeouts, "429 and 5xx at their boundaries", [
                ("429", Case(.httpStatus(429), 1, .retry(attempt: 2, afterMilliseconds: 1_000)), "D-055"),
                ("500, the first 5xx", Case(.httpStatus(500), 2, .retry(attempt: 3, afterMilliseconds: 2_000)), "D-055"),
                ("503", Case(.httpStatus(503), 3, .retry(attempt: 4, afterMilliseconds: 4_000)), "D-055"),
                ("599, the last 5xx", Case(.httpStatus(599), 4, .retry(attempt: 5, afterMilliseconds: 8_000)), "D-055"),
            ]),
            law(R.transientLikeTimeouts, "429 and 5xx on attempts 1 to 4", Gen<(EnrichmentAttemptFailure, Int)>.zip(EnrichmentRetryGenerators.statusesRetried, Gen<Int>.int(in: 1...4)),
                exercises: { failure, attempt in failure.isRetriedStatus && attempt < Case.attempts.upperBound }) { _, attempt in
                .retry(attempt: attempt + 1, afterMilliseconds: 1_000 << Int64(attempt - 1))
            },
            .examples(R.fiveAttempts, "the fourth failure retried as the fifth attempt", label: "RETRY-04.fourth", [
                ConformanceExample("a timeout on attempt 4", EnrichmentAttemptFailure.timedOut, pins: "D-055"),
                ConformanceExample("a 503 on attempt 4", .httpStatus(503), pins: "D-055"),
            ]) { policy, failure in
                try Case.retried(policy, failure, onAttempt: 4)
            },
            decisions(R.fiveAttempts, "the fifth failure not retried", [
                ("a timeout on attempt 5 fails", Case(.timedOut, 5, .fail(.retriesExhausted(attempts: 5, last: .timedOut))), "D-055"),
                ("a 503 on attempt 5 fails", Case(.httpStatus(503), 5, .fail(.retriesExhausted(attempts: 5, last: .serverError(status: 503)))), "D-055"),
                ("a 429 on attempt 5 fails", Case(.httpStatus(429), 5, .fail(.retriesExhausted(attempts: 5, last: .serverError(status: 429)))), "D-055"),
            ]),
            law(R.fiveAttempts, "timeouts, 429 and 5xx on attempt 5", Gen<(EnrichmentAttemptFailure, Int)>.zip(EnrichmentRetryGenerators.transient, Gen<Int>.constant(5)),
                exercises: { failure, attempt in (failure == .timedOut || failure.isRetriedStatus) && attempt == Case.attempts.upperBound }) { failure, attempt in
                switch failure {
                case let .httpStatus(status): return .fail(.retriesExhausted(attempts: attempt, last: .serverError(status: status)))
                default: return .fail(.retriesExhausted(attempts: attempt, last: .timedOut))
                }
            },
            sentAgainOnline(R.offline, "connectivity lost on the first, a middle and the last attempt", [
                ("attempt 1", 1, "seed: \"jobs queued for retry when connectivity restored\""),
                ("attempt 3", 3, "seed: \"jobs queued for retry when connectivity restored\""),
                ("attempt 5, the last", 5, "seed: \"jobs queued for retry when connectivity restored\""),
            ]),
            decisions(R.offlineNotAnAttempt, "connectivity lost on the first, middle and last attempts", [
                ("attempt 1", Case(.connectivityLost, 1, .resendWhenOnline(attempt: 1)), "D-056"),
                ("attempt 3", Case(.connectivityLost, 3, .resendWhenOnline(attempt: 3)), "D-056"),
                ("attempt 5, the last", Case(.connectivityLost, 5, .resendWhenOnline(attempt: 5)), "D-056"),
            ]),
            .examples(R.rate, "request starts around the 600 ms interval", [
                slot("the first request starts when due", due: 0, previous: nil, expected: 0, pins: "D-059"),
                slot("due with the previous start: 600 ms later", due: 0, previous: 0, expected: 600, pins: "D-059"),
                slot("due 599 ms after: at 600 ms", due: 599, previous: 0, expected: 600, pins: "D-059"),
                slot("due 600 ms after: at once", due: 600, previous: 0, expected: 600, pins: "D-059"),
                slot("due 601 ms after: at once", due: 601, previous: 0, expected: 601, pins: "D-059"),
                slot("a retry 1 s after a failure that came 100 ms in", due: 1_100, previous: 0, expected: 1_100, pins: "D-059"),
            ]) { policy, example in
                try example.check(policy)
            },
            .property(R.rate, "generated previous starts and due times", cases: 30, EnrichmentRetryGenerators.rateCases, describe: { "due \($0.due), previous start \(String(describing: $0.previous))" },
                // Without a previous start the rule still holds: the request starts when due.
                exercises: { _ in true }) { policy, pair in
                // The rule's words, written out here rather than read from the model.
                let expected = pair.previous.map { max(pair.due, $0.adding(milliseconds: 600)) } ?? pair.due
                try EnrichmentRateCase(due: pair.due, previous: pair.previous, expected: expected).check(policy)
            },
            .property(R.decisions, "generated failures on attempts 1 to 5", method: .differential, cases: 40, EnrichmentRetryGenerators.failures, describe: { "\($0.0) on attempt \($0.1)" }) { policy, pair in
                try Case(pair.0, pair.1, model.decision(after: pair.0, onAttempt: pair.1)).check(policy)
            },
        ])
    }
}

/// One decision the suite asks for, with the answer it expects.
struct EnrichmentRetryCase: Sendable {
    /// The attempts a work gets, the seed's four retries after the first.
    static let attempts = 1...EnrichmentWorker.Configuration().attemptsMax


    let failure: EnrichmentAttemptFailure
    let attempt: Int
    let expected: EnrichmentRetryDecision

    init(_ failure: EnrichmentAttemptFailure, _ attempt: Int, _ expected: EnrichmentRetryDecision) {
        self.failure = failure
        self.attempt = attempt
        self.expected = expected
    }

    func check(_ policy: some EnrichmentRetryPolicy) throws {
        try ensureSame(policy.decision(after: failure, onAttempt: attempt), expected, "decision(after: \(failure), onAttempt: \(attempt))", show: { $0.description })
    }

    /// The failure is retried as the next attempt, after any delay (RETRY-04: the delays are RETRY-03's).
    static func retried(_ policy: some EnrichmentRetryPolicy, _ failure: EnrichmentAttemptFailure, onAttempt attempt: Int) throws {
        let decision = policy.decision(after: failure, onAttempt: attempt)
        guard case .retry(attempt + 1, _) = decision else {
            throw ConformanceViolation("\(failure) on attempt \(attempt) was not retried as attempt \(attempt + 1)", question: "decision(after: \(failure), onAttempt: \(attempt))",
                model: "retry attempt \(attempt + 1) (after any delay)", implementation: decision.description, kind: "not retried as the next attempt")
        }
    }

    /// The work fails, for any reason: it is not retried nor sent again (RETRY-01).
    static func failsAtOnce(_ policy: some EnrichmentRetryPolicy, _ failure: EnrichmentAttemptFailure, _ attempt: Int) throws {
        let decision = policy.decision(after: failure, onAttempt: attempt)
        guard case .fail = decision else {
            throw ConformanceViolation("\(failure) on attempt \(attempt) was not failed at once", question: "decision(after: \(failure), onAttempt: \(attempt))",
                model: "fail (for any reason)", implementation: decision.description, kind: "not failed at once")
        }
    }

    /// The work is not failed: it goes again once connectivity returns (RETRY-05).
    static func sentAgainOnline(_ policy: some EnrichmentRetryPolicy, _ attempt: Int) throws {
        let decision = policy.decision(after: .connectivityLost, onAttempt: attempt)
        if case .fail = decision {
            throw ConformanceViolation("losing connectivity on attempt \(attempt) failed the work", question: "decision(after: connectivity lost, onAttempt: \(attempt))",
                model: "sent again when connectivity returns", implementation: decision.description, kind: "failed for losing connectivity")
        }
    }
}

/// One request start the suite asks for, with the instant it expects.
struct EnrichmentRateCase: Sendable {
    let due: Timestamp
    let previous: Timestamp?
    let expected: Timestamp

    func check(_ policy: some EnrichmentRetryPolicy) throws {
        let base = previous ?? due
        func show(_ instant: Timestamp) -> String { "\(instant.epochMilliseconds - base.epochMilliseconds) ms after the previous start" }
        try ensureSame(policy.earliestRequestStart(due: due, previousRequestStart: previous), expected,
            "earliestRequestStart(due: \(show(due)), previousRequestStart: \(previous.map { _ in "0 ms" } ?? "nil"))", show: show)
    }
}

/// The generators of the retry suite.
enum EnrichmentRetryGenerators {
    /// A 429 or a 5xx.
    static var statusesRetried: Gen<EnrichmentAttemptFailure> {
        Gen<EnrichmentAttemptFailure>.frequency([
            (1, Gen<EnrichmentAttemptFailure>.constant(.httpStatus(429))),
            (3, Gen<Int>.int(in: 500...599).map { EnrichmentAttemptFailure.httpStatus($0) }),
        ])
    }

    /// A timeout, a 429 or a 5xx.
    static var transient: Gen<EnrichmentAttemptFailure> {
        Gen<EnrichmentAttemptFailure>.frequency([
            (2, Gen<EnrichmentAttemptFailure>.constant(.timedOut)),
            (1, Gen<EnrichmentAttemptFailure>.constant(.httpStatus(429))),
            (3, Gen<Int>.int(in: 500...599).map { EnrichmentAttemptFailure.httpStatus($0) }),
        ])
    }

    static var failures: Gen<(EnrichmentAttemptFailure, Int)> {
        let failure = Gen<EnrichmentAttemptFailure>.frequency([
            (4, Gen<Int>.int(in: 400...599).map { EnrichmentAttemptFailure.httpStatus($0) }),
            (1, Gen<EnrichmentAttemptFailure>.constant(.httpStatus(404))),
            (1, Gen<EnrichmentAttemptFailure>.constant(.httpStatus(429))),
            (1, Gen<EnrichmentAttemptFailure>.constant(.noCandidates)),
            (2, Gen<EnrichmentAttemptFailure>.constant(.timedOut)),
            (1, Gen<EnrichmentAttemptFailure>.constant(.connectivityLost)),
        ])
        return Gen<(EnrichmentAttemptFailure, Int)>.zip(failure, Gen<Int>.int(in: 1...5))
    }

    /// A previous start (or none) and a due time from 0 to 2 s after it, around the interval often.
    static var rateCases: Gen<(due: Timestamp, previous: Timestamp?)> {
        let start = Gen<Int>.int(in: 0...86_400_000).map { Timestamp(epochMilliseconds: 1_761_921_000_000 + Int64($0)) }
        let gap = Gen<Int>.frequency([(3, Gen<Int>.int(in: 0...2_000)), (2, Gen<Int>.int(in: 595...605))])
        return Gen<(Timestamp, Int, Bool)>.zip(start, gap, Gen<Bool>.bool(probability: 0.9)).map { previous, gap, hasPrevious in
            (due: previous.adding(milliseconds: Int64(gap)), previous: hasPrevious ? previous : nil)
        }
    }
}

extension EnrichmentAttemptFailure {
    /// HTTP 404 or no candidate: not found (RETRY-01, RETRY-10).
    var isNotFound: Bool { self == .httpStatus(404) || self == .noCandidates }

    /// A 4xx other than 404 and 429: rejected (RETRY-02).
    var isRejected: Bool {
        guard case let .httpStatus(status) = self else { return false }
        return (400...499).contains(status) && status != 404 && status != 429
    }

    /// A 429 or a 5xx, retried like a timeout (RETRY-08).
    var isRetriedStatus: Bool {
        guard case let .httpStatus(status) = self else { return false }
        return status == 429 || (500...599).contains(status)
    }
}
