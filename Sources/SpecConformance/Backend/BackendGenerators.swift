import Generators
import SpecModel

/// The scenarios, requests and loop programs of the backend suites.
enum BackendGenerators {
    /// One to three jobs with fresh UUIDs (a quarter in Foundation's uppercase), half with a token,
    /// up to five books, some processed, running or already canceled, complete or failed.
    static var scenarios: Gen<BackendScenario> {
        let job = Gen<(UUIDv4, Bool, UUIDv4?, Int, Int, BackendJobEnd)>.zip(
            Gen<UUIDv4>.uuidV4, Gen<Bool>.bool(probability: 0.25), Gen<UUIDv4>.uuidV4.optional(nilProbability: 0.5),
            Gen<Int>.int(in: 0...5), Gen<Int>.int(in: 0...5),
            Gen<BackendJobEnd>.frequency([(3, Gen<BackendJobEnd>.constant(.running)), (1, Gen<BackendJobEnd>.constant(.canceled)),
                                          (1, Gen<BackendJobEnd>.constant(.complete)), (1, Gen<BackendJobEnd>.constant(.failed))])
        ).map { id, uppercase, token, books, turns, end in
            BackendJobSpec(id: id.text(uppercase: uppercase), token: token.map { "tok-" + $0.description }, books: books, turns: min(turns, books), end: end)
        }
        return Gen<BackendJobSpec>.array(of: job, count: 1...3).map { jobs in
            var distinct: [BackendJobSpec] = []
            for job in jobs where !distinct.contains(where: { BackendJobRegistry.sameJob($0.id, job.id) }) {
                distinct.append(job)
            }
            return BackendScenario(jobs: distinct)
        }
    }

    /// Scenarios whose first job is running (with at least one book when `books` says so).
    /// Whether `job` runs with every book processed: its final update is the next turn's in the kit's loop
    /// (D-152), where the seed's loop sends it after the last book.
    static func isAtItsLastTurn(_ job: BackendJobSpec) -> Bool {
        job.end == .running && job.processed >= job.books
    }

    static func scenarios(firstJob end: BackendJobEnd, token: Bool? = nil, minimumBooks: Int = 0) -> Gen<BackendScenario> {
        scenarios.map { scenario in
            var scenario = scenario
            scenario.jobs[0].end = end
            scenario.jobs[0].books = max(scenario.jobs[0].books, minimumBooks)
            if let token {
                scenario.jobs[0].token = token ? (scenario.jobs[0].token ?? "tok-\(scenario.jobs[0].id)") : nil
            }
            return scenario
        }
    }

    /// Whether the scenario's first job, the one the laws ask about, stands as one of `ends` when the
    /// requests begin.
    static func firstJob(_ ends: BackendJobEnd...) -> (BackendScenario) -> Bool {
        { ends.contains($0.jobs[0].end) }
    }

    /// The case CANCEL-05's law names a job's ID in: lowercase for an ID with capitals, mixed otherwise.
    static func anotherCase(for id: String) -> CancelIDCase {
        id.utf8.contains { (0x41...0x5A).contains($0) } ? .lowercase : .mixed
    }

    /// Whether naming the first job's ID in `anotherCase` changes it (an ID whose letters that case
    /// leaves alone is named as started, and says nothing about case).
    static func namesTheFirstJobInAnotherCase(_ scenario: BackendScenario) -> Bool {
        let id = scenario.jobs[0].id
        return anotherCase(for: id).apply(id) != id
    }

    /// Bodies that are not a plain valid cancel: JSON of every kind, near misses, cut-off bodies and
    /// bytes from JSON's alphabet and beyond; `$1` to `$3` stand for the scenario's job IDs.
    static var hostileBodies: Gen<CancelBody> {
        let templates = [
            #"{"jobId": "$1"}"#, #"{"jobId":"$2"}"#, #"{"reason": "library reset", "jobId": "$1", "force": true}"#,
            #"{"jobId": "$1",}"#, #"{"jobId": "$1""#, #"{"jobId": "$1", "jobId": "$2"}"#, #"{"jobid": "$1"}"#,
            "{}", "[]", "null", "42", "false", #""$1""#, #"["$1"]"#,
            #"{"jobId": null}"#, #"{"jobId": 550}"#, #"{"jobId": 5.5e3}"#, #"{"jobId": true}"#, #"{"jobId": ["$1"]}"#,
            #"{"jobId": {"id": "$1"}}"#, #"{"jobId": ""}"#, #"{"jobId": "not-a-uuid"}"#, #"{"jobId": "{$1}"}"#,
            #"{"jobId": " $1"}"#, #"{"jobId": "$1 "}"#, #"{"jobId": "550e8400e29b41d4a716446655440000"}"#,
            "{'jobId': '$1'}", "", " \n\t", "{} {}", #"{"jobId": "550e\n"}"#,
        ]
        let alphabet = Array(#"{}[]":, jobId0123456789abcdefABCDEF-nultrsx\"#.utf8) + [0x0A, 0xEF, 0xBB, 0xBF, 0xFF, 0xC0, 0xAF, 0x00]
        return Gen<CancelBody>.frequency([
            (5, Gen<String>.element(of: templates).map { CancelBody.text($0) }),
            (2, Gen<(Int, Int)>.zip(Gen<Int>.int(in: 0...2), Gen<Int>.int(in: 0...50)).map { CancelBody.truncated(job: $0, length: $1) }),
            (1, Gen<String>.element(of: [#"{"jobId": "$1"}"#, #"{"jobId": "$2"}"#]).map { CancelBody.bytes([0xEF, 0xBB, 0xBF] + Array($0.utf8)) }),
            (2, Gen<UInt8>.array(of: Gen<UInt8>.element(of: alphabet), count: 0...24).map { CancelBody.bytes($0) }),
        ])
    }

    /// Any request the endpoint may meet.
    static var requests: Gen<CancelRequestCase> {
        let job = Gen<Int>.int(in: 0...2)
        return Gen<CancelRequestCase>.frequency([
            (5, Gen<(Int, CancelIDCase, CancelTokenChoice)>.zip(job, Gen<CancelIDCase>.element(of: CancelIDCase.allCases),
                Gen<CancelTokenChoice>.frequency([(4, Gen<CancelTokenChoice>.constant(.own)), (1, Gen<CancelTokenChoice>.constant(.none)), (1, Gen<CancelTokenChoice>.constant(.wrong))]))
                .map { CancelRequestCase.cancel(job: $0, idCase: $1, token: $2) }),
            (1, Gen<String>.uuidString.map { CancelRequestCase.unknownJob($0) }),
            (4, hostileBodies.map { CancelRequestCase.body($0) }),
            (1, Gen<(String, Int)>.zip(Gen<String>.element(of: ["GET", "PUT", "DELETE", "PATCH", "HEAD", "post", ""]), job).map { CancelRequestCase.method($0, job: $1) }),
            (1, Gen<(Int, Int)>.zip(job, Gen<Int>.element(of: [16_383, 16_384, 16_385, 16_386, 20_000])).map { CancelRequestCase.padded(job: $0, bytes: $1) }),
        ])
    }

    /// A step of a loop program: a turn with the provider's answer, a cancel, or a failure.
    static var loopSteps: Gen<BackendLoopStep> {
        let job = Gen<Int>.int(in: 0...1)
        let outcome = Gen<BookEnrichmentOutcome>.element(of: [.enriched, .notFound, .failed(reason: "provider timeout")])
        return Gen<BackendLoopStep>.frequency([
            (6, Gen<(Int, BookEnrichmentOutcome)>.zip(job, outcome).map { BackendLoopStep.turn(job: $0, $1) }),
            (2, Gen<(Int, CancelIDCase, CancelTokenChoice)>.zip(job, Gen<CancelIDCase>.element(of: CancelIDCase.allCases),
                Gen<CancelTokenChoice>.frequency([(4, Gen<CancelTokenChoice>.constant(.own)), (1, Gen<CancelTokenChoice>.constant(.wrong))]))
                .map { BackendLoopStep.cancel(job: $0, idCase: $1, token: $2) }),
            (1, job.map { BackendLoopStep.fail(job: $0) }),
        ])
    }
}

/// One step of a loop program.
enum BackendLoopStep: Hashable, Sendable, CustomStringConvertible {
    case turn(job: Int, BookEnrichmentOutcome)
    case cancel(job: Int, idCase: CancelIDCase, token: CancelTokenChoice)
    case fail(job: Int)

    var description: String {
        switch self {
        case let .turn(job, outcome): return "turn of job \(job + 1) (\(outcome))"
        case let .cancel(job, idCase, token): return "cancel job \(job + 1) (ID \(idCase.rawValue), token \(token.rawValue))"
        case let .fail(job): return "fail job \(job + 1)"
        }
    }
}
