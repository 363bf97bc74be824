import Generators
import SpecModel

extension ConformanceSuite where Implementation: EnrichmentJobBackend {
    /// The cancel endpoint suite: the seed's bodies, the second cancel, unknown and ended jobs, job
    /// ID case, malformed and oversized bodies on both sides of the limit, methods, tokens, and
    /// generated requests against generated jobs compared with the model.
    public static var cancelEndpoint: ConformanceSuite {
        typealias R = CancelEndpointRules
        typealias G = BackendGenerators
        func examples(_ rule: Rule, _ about: String, _ list: [ConformanceExample<CancelExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { backend, example in try example.check(on: backend) }
        }
        func law(_ rule: Rule, _ about: String, _ scenarios: Gen<BackendScenario>, exercises: ((BackendScenario) -> Bool)? = nil,
                 _ body: @escaping (inout BackendDriver<Implementation>, BackendJobSpec) throws -> Void) -> ConformanceCheck<Implementation> {
            // A running job whose every book is processed exists only in the kit's loop of one book a turn
            // (D-152): the seed's loop sends its final update after the last book, so a seed's rule is not
            // asked about that moment.
            .property(rule, about, cases: 15, scenarios, describe: { $0.description },
                exercises: rule.basis.kind == .decision ? exercises : { !BackendGenerators.isAtItsLastTurn($0.jobs[0]) && (exercises?($0) ?? true) }) { backend, scenario in
                var driver = BackendDriver(backend, scenario)
                _ = driver.setUp()
                try body(&driver, scenario.jobs[0])
            }
        }
        let seed = CancelExample.seedScenario
        let withToken = CancelExample.tokenScenario
        let seedJobId = CancelExample.seedJobId
        let valid = #"{"jobId": "550e8400-e29b-41d4-a716-446655440000"}"#
        let seedSuccess = "seed: \"Response (Success)\": \"success\": true, \"status\": \"canceled\""
        return ConformanceSuite(id: "cancel-endpoint", title: "Cancel endpoint", seam: "EnrichmentJobBackend", checks: [
            examples(R.cancelsRunningJob, "the seed's success response", [
                ConformanceExample("the seed's job, two books in", CancelExample(seed, [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .seedSuccess(seedJobId)),
                ]), pins: seedSuccess),
                ConformanceExample("a job with a token, canceled with it", CancelExample(withToken, [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .seedSuccess(seedJobId)),
                ]), pins: seedSuccess),
            ]),
            law(R.cancelsRunningJob, "the first job of generated scenarios, running", G.scenarios(firstJob: .running)) { driver, job in
                let step = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                try CancelExample.expect(step.response, .seedSuccess(job.id), "canceling job 1 of \(driver.scenario)")
            },
            examples(R.successBody, "the success body to the byte", [
                ConformanceExample("the seed's job, two books in", CancelExample(seed, [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .body(200, CancelExample.success(seedJobId, "2025-10-31T14:14:20Z"))),
                ]), pins: "D-014"),
            ]),
            law(R.successBody, "the first job of generated scenarios, running", G.scenarios(firstJob: .running), exercises: G.firstJob(.running)) { driver, job in
                let now = driver.now
                let response = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own)).response
                try CancelExample.expect(response, .body(200, CancelExample.success(job.id, CancelExample.iso(now))), "canceling job 1 of \(driver.scenario)")
            },
            examples(R.canceledBroadcast, "the seed's canceled message", [
                ConformanceExample("five of fifty books processed", CancelExample(CancelExample.fiftyBooks, [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .untimedBroadcasts([#"job 1 canceled 5/50 "Job canceled by user""#])),
                ]), pins: "seed: \"processedItems\": 5, \"totalItems\": 50"),
            ]),
            law(R.canceledBroadcast, "the first job of generated scenarios, running", G.scenarios(firstJob: .running)) { driver, job in
                let broadcasts = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own)).broadcasts
                try ensureSame(CancelExample.untimed(broadcasts), "broadcasts [job 1 canceled \(job.processed)/\(job.books) \"Job canceled by user\"]",
                    "the broadcasts of canceling job 1 of \(driver.scenario), their times aside", show: { $0 })
            },
            examples(R.cancelTwice, "canceling twice", [
                ConformanceExample("the second answers alreadyCanceled and broadcasts nothing", CancelExample(seed, [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .any),
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .alreadyCanceled),
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .alreadyCanceled),
                ]), pins: "D-023"),
            ]),
            law(R.cancelTwice, "the first job of generated scenarios, canceled before", G.scenarios(firstJob: .canceled), exercises: G.firstJob(.canceled)) { driver, job in
                for _ in 0..<2 {
                    let step = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                    try CancelExample.expect(step.response, .alreadyCanceled, "canceling job 1 (\(job.id)) again in \(driver.scenario)")
                    try ensureSame(step.broadcasts, "broadcasts []", "the broadcasts of canceling job 1 again in \(driver.scenario)", show: { $0 })
                }
            },
            examples(R.notFound, "a job no one started", [
                ConformanceExample("no such job", CancelExample(seed, [(.unknownJob("6ba7b810-9dad-41d1-80b4-00c04fd430c8"), .seedNotFound)]), pins: "seed: \"JOB_NOT_FOUND\""),
                ConformanceExample("no job at all", CancelExample(BackendScenario(jobs: []), [(.unknownJob(seedJobId), .seedNotFound)]), pins: "seed: \"No active job found with this ID\""),
            ]),
            law(R.notFound, "unknown IDs against generated scenarios", G.scenarios) { driver, _ in
                let request = CancelRequestCase.unknownJob("00000000-0000-4000-8000-000000000000")
                let step = driver.send(request)
                try CancelExample.expect(step.response, .seedNotFound, "\(request) in \(driver.scenario)")
                try ensureSame(step.broadcasts, "broadcasts []", "the broadcasts of \(request) in \(driver.scenario)", show: { $0 })
            },
            examples(R.notActive, "jobs that are not active", [
                ConformanceExample("no such job", CancelExample(seed, [(.unknownJob("6ba7b810-9dad-41d1-80b4-00c04fd430c8"), .body(404, CancelExample.jobNotFound))]), pins: "D-023"),
                ConformanceExample("a completed job", CancelExample(BackendScenario(jobs: [BackendJobSpec(id: seedJobId, token: nil, books: 2, turns: 2, end: .complete)]), [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .body(404, CancelExample.jobNotFound)), (.cancel(job: 0, idCase: .asStarted, token: .own), .quiet(404)),
                ]), pins: "D-023"),
                ConformanceExample("a failed job", CancelExample(BackendScenario(jobs: [BackendJobSpec(id: seedJobId, token: nil, books: 2, turns: 1, end: .failed)]), [
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .body(404, CancelExample.jobNotFound)),
                ]), pins: "D-023"),
            ]),
            law(R.notActive, "generated scenarios whose first job ended, and unknown IDs", G.scenarios.map { scenario in
                var scenario = scenario
                scenario.jobs[0].end = scenario.jobs[0].books % 2 == 0 ? .complete : .failed
                return scenario
            }, exercises: G.firstJob(.complete, .failed)) { driver, _ in
                // Every case asks about its ended first job, and about an unknown ID.
                for request in [CancelRequestCase.cancel(job: 0, idCase: .asStarted, token: .own), .unknownJob("00000000-0000-4000-8000-000000000000")] {
                    let step = driver.send(request)
                    try CancelExample.expect(step.response, .body(404, CancelExample.jobNotFound), "\(request) in \(driver.scenario)")
                    try ensureSame(step.broadcasts, "broadcasts []", "the broadcasts of \(request) in \(driver.scenario)", show: { $0 })
                }
            },
            examples(R.jobIdCase, "job IDs in other cases", [
                ConformanceExample("an uppercase ID cancels a lowercase job", CancelExample(seed, [
                    (.cancel(job: 0, idCase: .uppercase, token: .own), .seedSuccess(seedJobId)),
                ]), pins: "D-024"),
                ConformanceExample("a job started uppercase is canceled by its lowercase ID and named as started", CancelExample(BackendScenario(jobs: [
                    BackendJobSpec(id: seedJobId.uppercased(), token: nil, books: 3, turns: 1, end: .running),
                ]), [
                    (.cancel(job: 0, idCase: .lowercase, token: .own), .seedSuccess(seedJobId.uppercased())),
                ]), pins: "D-024"),
                ConformanceExample("a job started lowercase is canceled by a mixed-case ID", CancelExample(seed, [
                    (.cancel(job: 0, idCase: .mixed, token: .own), .seedSuccess(seedJobId)),
                ]), pins: "D-024"),
            ]),
            law(R.jobIdCase, "the first job of generated scenarios, named in another case", G.scenarios(firstJob: .running), exercises: G.namesTheFirstJobInAnotherCase) { driver, job in
                let idCase = G.anotherCase(for: job.id)
                let response = driver.send(.cancel(job: 0, idCase: idCase, token: .own)).response
                try CancelExample.expect(response, .seedSuccess(job.id), "canceling job 1 by its \(idCase.rawValue) ID in \(driver.scenario)")
            },
            examples(R.clientErrors, "bodies that are not cancel requests", [
                ConformanceExample("cut off", CancelExample(seed, [(.body(.text(#"{"jobId": "550e8400-e29b"#)), .clientError)]), pins: "RFC 8259: not JSON"),
                ConformanceExample("a trailing comma", CancelExample(seed, [(.body(.text(#"{"jobId": "550e8400-e29b-41d4-a716-446655440000",}"#)), .clientError)]), pins: "RFC 8259: not JSON"),
                ConformanceExample("invalid UTF-8 in the ID", CancelExample(seed, [(.body(.bytes(Array(#"{"jobId": ""#.utf8) + [0xFF] + Array(#""}"#.utf8))), .clientError)]), pins: "RFC 8259 §8.1: JSON text is UTF-8"),
                ConformanceExample("empty", CancelExample(seed, [(.body(.text("")), .clientError)]), pins: "RFC 8259: not JSON"),
                ConformanceExample("single quotes", CancelExample(seed, [(.body(.text("{'jobId': '550e8400-e29b-41d4-a716-446655440000'}")), .clientError)]), pins: "RFC 8259: not JSON"),
                ConformanceExample("no jobId", CancelExample(seed, [(.body(.text("{}")), .clientError)]), pins: "RFC 9110 §15.5"),
                ConformanceExample("a number for the jobId", CancelExample(seed, [(.body(.text(#"{"jobId": 550}"#)), .clientError)]), pins: "RFC 9110 §15.5"),
                ConformanceExample("an array body", CancelExample(seed, [(.body(.text(#"["550e8400-e29b-41d4-a716-446655440000"]"#)), .clientError)]), pins: "RFC 9110 §15.5"),
            ]),
            .property(R.clientErrors, "generated hostile bodies against generated jobs", cases: 40,
                Gen<(BackendScenario, CancelBody)>.zip(G.scenarios, G.hostileBodies), describe: { "\($0.0) | POST \($0.1)" },
                // No request body may get a server error, and every case POSTs one: every case exercises it.
                exercises: { _ in true }) { backend, input in
                var driver = BackendDriver(backend, input.0)
                _ = driver.setUp()
                let request = CancelRequestCase.body(input.1)
                let response = driver.send(request).response
                try ensure(!(500...599).contains(response.status), "a request body got a server error", question: "\(request) in \(input.0)",
                    model: "a client error (4xx) or an answer", implementation: "\(response.status)", kind: "a server error for a request body")
            },
            examples(R.invalidJSON, "bodies that are not JSON", [
                ConformanceExample("cut off", CancelExample(seed, [(.body(.text(#"{"jobId": "550e8400-e29b"#)), .invalidJSON(offset: 24))]), pins: "D-024"),
                ConformanceExample("a trailing comma", CancelExample(seed, [(.body(.text(#"{"jobId": "550e8400-e29b-41d4-a716-446655440000",}"#)), .invalidJSON(offset: 49))]), pins: "D-024"),
                ConformanceExample("invalid UTF-8 in the ID", CancelExample(seed, [(.body(.bytes(Array(#"{"jobId": ""#.utf8) + [0xFF] + Array(#""}"#.utf8))), .invalidJSON(offset: 11))]), pins: "D-024"),
                ConformanceExample("empty", CancelExample(seed, [(.body(.text("")), .invalidJSON(offset: 0))]), pins: "D-024"),
                ConformanceExample("single quotes", CancelExample(seed, [(.body(.text("{'jobId': '550e8400-e29b-41d4-a716-446655440000'}")), .invalidJSON(offset: 1))]), pins: "D-024"),
                ConformanceExample("two documents", CancelExample(seed, [(.body(.text("{} {}")), .invalidJSON(offset: 3))]), pins: "D-024"),
            ]),
            examples(R.strictJSON, "JSON that a lenient parser would read", [
                ConformanceExample("a byte-order mark", CancelExample(seed, [(.body(.bytes([0xEF, 0xBB, 0xBF] + Array(valid.utf8))), .error(400, "INVALID_JSON"))]), pins: "D-014"),
                ConformanceExample("a duplicate key", CancelExample(seed, [(.body(.text(#"{"jobId": "a", "jobId": "b"}"#)), .error(400, "INVALID_JSON"))]), pins: "D-014"),
            ]),
            examples(R.invalidRequest, "JSON that is not a cancel request", [
                ConformanceExample("no jobId: production's answer", CancelExample(seed, [(.body(.text("{}")), .body(400, ["success": false, "error": ["code": "INVALID_REQUEST", "message": "Invalid request: jobId required"]]))]), pins: "D-024"),
                ConformanceExample("a null jobId", CancelExample(seed, [(.body(.text(#"{"jobId": null}"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("a number", CancelExample(seed, [(.body(.text(#"{"jobId": 550}"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("an array", CancelExample(seed, [(.body(.text(#"{"jobId": ["550e8400-e29b-41d4-a716-446655440000"]}"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("not a UUID", CancelExample(seed, [(.body(.text(#"{"jobId": "not-a-uuid"}"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("a UUID one digit short", CancelExample(seed, [(.body(.text(#"{"jobId": "550e8400-e29b-41d4-a716-44665544000"}"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("a UUID without hyphens", CancelExample(seed, [(.body(.text(#"{"jobId": "550e8400e29b41d4a716446655440000"}"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("an array body", CancelExample(seed, [(.body(.text(#"["550e8400-e29b-41d4-a716-446655440000"]"#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("a string body", CancelExample(seed, [(.body(.text(#""550e8400-e29b-41d4-a716-446655440000""#)), .invalidRequest)]), pins: "D-024"),
                ConformanceExample("the key in another case", CancelExample(seed, [(.body(.text(#"{"jobid": "550e8400-e29b-41d4-a716-446655440000"}"#)), .invalidRequest)]), pins: "D-024"),
            ]),
            examples(R.bodyLimit, "bodies around 16,384 bytes", [
                ConformanceExample("16,383 bytes: read", CancelExample(seed, [(.padded(job: 0, bytes: 16_383), .seedSuccess(seedJobId))]), pins: "D-024"),
                ConformanceExample("16,384 bytes: read", CancelExample(seed, [(.padded(job: 0, bytes: 16_384), .seedSuccess(seedJobId))]), pins: "D-024"),
                ConformanceExample("16,385 bytes: refused, the job runs on", CancelExample(seed, [
                    (.padded(job: 0, bytes: 16_385), .error(413, "PAYLOAD_TOO_LARGE")), (.cancel(job: 0, idCase: .asStarted, token: .own), .seedSuccess(seedJobId)),
                ]), pins: "D-024"),
                ConformanceExample("a megabyte of garbage", CancelExample(seed, [(.body(.bytes([UInt8](repeating: 0xFF, count: 1_048_576))), .error(413, "PAYLOAD_TOO_LARGE"))]), pins: "D-024"),
            ]),
            examples(R.method, "methods the endpoint knows but does not allow", ["GET", "HEAD", "PUT", "DELETE", "PATCH"].map { method in
                ConformanceExample("\(String(reflecting: method))", CancelExample(seed, [(.method(method, job: 0), .methodNotAllowed)]), pins: "RFC 9110 §15.5.6")
            }),
            examples(R.methodFirst, "other methods, their code, and the order of the checks", ["GET", "PUT", "DELETE", "PATCH", "post", ""].map { method in
                ConformanceExample("\(String(reflecting: method))", CancelExample(seed, [
                    (.method(method, job: 0), .error(405, "METHOD_NOT_ALLOWED")), (.cancel(job: 0, idCase: .asStarted, token: .own), .seedSuccess(seedJobId)),
                ]), pins: "D-024")
            } + [
                ConformanceExample("GET with a 20,000-byte body", CancelExample(seed, [(.method("GET", job: 0), .error(405, "METHOD_NOT_ALLOWED"))]).with(bytes: 20_000), pins: "D-024"),
            ]),
            examples(R.token, "tokens", [
                ConformanceExample("without the token: not found, and the job runs on", CancelExample(withToken, [
                    (.cancel(job: 0, idCase: .asStarted, token: .none), .refused),
                    (.cancel(job: 0, idCase: .asStarted, token: .wrong), .refused),
                    (.cancel(job: 0, idCase: .asStarted, token: .own), .seedSuccess(seedJobId)),
                ]), pins: "D-151"),
                ConformanceExample("another job's token", CancelExample(BackendScenario(jobs: withToken.jobs + [
                    BackendJobSpec(id: "6ba7b810-9dad-41d1-80b4-00c04fd430c8", token: "tok-b", books: 2, turns: 0, end: .running),
                ]), [(.body(.text(#"{"jobId": "$1"}"#)), .refused)]).bearing("tok-b"), pins: "D-151"),
                ConformanceExample("a job without a token is canceled by its ID alone", CancelExample(seed, [(.cancel(job: 0, idCase: .asStarted, token: .none), .seedSuccess(seedJobId))]), pins: "D-129"),
            ]),
            law(R.token, "the first job of generated scenarios, running with a token", G.scenarios(firstJob: .running, token: true), exercises: { $0.jobs[0].token != nil }) { driver, job in
                for choice in [CancelTokenChoice.none, .wrong] {
                    let step = driver.send(.cancel(job: 0, idCase: .asStarted, token: choice))
                    try CancelExample.expect(step.response, .refused, "canceling job 1 with token \(choice.rawValue) in \(driver.scenario)")
                    try ensureSame(step.broadcasts, "broadcasts []", "the broadcasts of canceling job 1 with token \(choice.rawValue)", show: { $0 })
                }
                let response = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own)).response
                try CancelExample.expect(response, .seedSuccess(job.id), "then canceling job 1 with its token in \(driver.scenario)")
            },
            .property(R.anyRequest, "generated requests against generated jobs", method: .differential, cases: 40,
                Gen<(BackendScenario, [CancelRequestCase])>.zip(G.scenarios, Gen<CancelRequestCase>.array(of: G.requests, count: 1...6)),
                describe: { "\($0.0) | " + $0.1.map(\.description).joined(separator: "; ") }) { backend, input in
                var run = try BackendRun(backend, input.0)
                for request in input.1 { try run.send(request) }
            },
        ])
    }
}

/// Requests against a scenario, with what each must answer, in the suite's own words.
struct CancelExample: Sendable {
    /// What a request must answer.
    enum Expectation: Sendable {
        /// This status (and, for an error, the error shape).
        case status(Int)
        /// This status and exactly this body.
        case body(Int, JSONValue)
        /// This status and no broadcast.
        case quiet(Int)
        /// This status, this error code, and no broadcast.
        case error(Int, String)
        /// 400 `INVALID_JSON` with this offset, and no broadcast.
        case invalidJSON(offset: Int)
        /// 400 `INVALID_REQUEST`, and no broadcast.
        case invalidRequest
        /// Any answer; the job's socket receives exactly these messages.
        case broadcasts([String])
        /// Any answer; the job's socket receives exactly these messages, their times aside.
        case untimedBroadcasts([String])
        /// The seed's success: a 2xx status, `success: true`, `data.jobId` this job, `data.status`
        /// `"canceled"` and a `meta.timestamp`; other members and the exact bytes are not checked.
        case seedSuccess(String)
        /// The seed's not found: `success: false` and `error.code` `JOB_NOT_FOUND`, and no broadcast;
        /// the status and the message are not checked.
        case seedNotFound
        /// A client error (4xx), and no broadcast.
        case clientError
        /// 405, whatever the body.
        case methodNotAllowed
        /// Not checked: a step that sets the scene.
        case any
        /// A second cancel's answer: 200 with `data.alreadyCanceled: true` and `data.status`
        /// `"canceled"`, and no broadcast; the other members are not checked.
        case alreadyCanceled
        /// A cancel refused as for an unknown job (D-151): 404 `JOB_NOT_FOUND`, and no broadcast.
        case refused
    }

    let scenario: BackendScenario
    let steps: [(CancelRequestCase, Expectation)]
    /// Overrides for the first request: a body of this many spaces, a token.
    var bytes: Int?
    var token: String?

    init(_ scenario: BackendScenario, _ steps: [(CancelRequestCase, Expectation)]) {
        self.scenario = scenario
        self.steps = steps
    }

    func with(bytes: Int) -> CancelExample {
        var copy = self
        copy.bytes = bytes
        return copy
    }

    func bearing(_ token: String) -> CancelExample {
        var copy = self
        copy.token = token
        return copy
    }

    static let seedJobId = "550e8400-e29b-41d4-a716-446655440000"
    /// The seed's job: five books, two processed, running.
    static let seedScenario = BackendScenario(jobs: [BackendJobSpec(id: seedJobId, token: nil, books: 5, turns: 2, end: .running)])
    /// The seed's `canceled` message: fifty books, five processed.
    static let fiftyBooks = BackendScenario(jobs: [BackendJobSpec(id: seedJobId, token: nil, books: 50, turns: 5, end: .running)])
    static let tokenScenario = BackendScenario(jobs: [BackendJobSpec(id: seedJobId, token: "tok-a", books: 5, turns: 2, end: .running)])

    static let jobNotFound: JSONValue = ["success": false, "error": ["code": "JOB_NOT_FOUND", "message": "No active job found with this ID"]]

    static func success(_ jobId: String, _ timestamp: String, alreadyCanceled: Bool = false) -> JSONValue {
        var data: JSONObject = ["jobId": .string(jobId), "status": "canceled"]
        if alreadyCanceled { data["alreadyCanceled"] = true }
        return ["success": true, "data": .object(data), "meta": ["timestamp": .string(timestamp)]]
    }

    static func iso(_ instant: Timestamp) -> String {
        do {
            return try ISO8601Timestamp.format(epochMilliseconds: instant.epochMilliseconds)
        } catch {
            preconditionFailure("the suite's time \(instant) has no ISO 8601 form: \(error)")
        }
    }

    func check<Backend: EnrichmentJobBackend>(on backend: Backend) throws {
        var driver = BackendDriver(backend, scenario)
        _ = driver.setUp()
        for (index, (request, expectation)) in steps.enumerated() {
            let asked = "\(request) (request \(index + 1)) in \(scenario)"
            var http = request.request(scenario)
            if index == 0 {
                if let bytes { http.body = [UInt8](repeating: 0x20, count: bytes) }
                if let token { http.authorization = token }
            }
            let response = driver.backend.handleCancelRequest(http, at: driver.now)
            driver.steps += 1
            let broadcasts = driver.takeBroadcasts()
            try Self.expect(response, expectation, asked)
            switch expectation {
            case let .broadcasts(lines):
                try ensureSame(broadcasts, "broadcasts [" + lines.joined(separator: ", ") + "]", "the broadcasts of \(asked)", show: { $0 })
            case let .untimedBroadcasts(lines):
                try ensureSame(Self.untimed(broadcasts), "broadcasts [" + lines.joined(separator: ", ") + "]", "the broadcasts of \(asked), their times aside", show: { $0 })
            case .quiet, .error, .invalidJSON, .invalidRequest, .seedNotFound, .clientError, .alreadyCanceled, .refused:
                try ensureSame(broadcasts, "broadcasts []", "the broadcasts of \(asked)", show: { $0 })
            case .status, .body, .seedSuccess, .methodNotAllowed, .any:
                break
            }
        }
    }

    static func expect(_ response: HTTPResponse, _ expectation: Expectation, _ asked: String) throws {
        let shown = BackendDriver<ModelEnrichmentJobBackend>.summary(response)
        func status(_ status: Int) throws {
            try ensure(response.status == status, "the status is \(response.status), not \(status)", question: asked, model: "\(status)", implementation: shown)
            if status != 200 {
                try ensure(response.body["success"]?.bool == false && response.body["error"]?["message"]?.string?.isEmpty == false,
                    "an error body is {\"success\": false, \"error\": {\"code\", \"message\"}}", question: asked, model: "the error shape", implementation: response.bodyText)
            }
        }
        func code(_ code: String) throws {
            try ensure(response.errorCode == code, "the error code is not \(code)", question: asked, model: code, implementation: shown)
        }
        switch expectation {
        case let .status(expected), let .quiet(expected):
            try status(expected)
        case let .body(expected, body):
            try status(expected)
            try ensureSame(response.bodyText, body.encodedString(), asked, show: { $0 })
        case let .error(expected, name):
            try status(expected)
            try code(name)
        case let .invalidJSON(offset):
            try status(400)
            try code("INVALID_JSON")
            let found = response.body["error"]?["details"]?["offset"]?.int64
            try ensure(found == Int64(offset), "error.details.offset is not where the parser stopped", question: asked, model: "\(offset)", implementation: found.map(String.init) ?? "absent")
        case .invalidRequest:
            try status(400)
            try code("INVALID_REQUEST")
        case .broadcasts, .untimedBroadcasts:
            break
        case let .seedSuccess(jobId):
            try ensure((200...299).contains(response.status), "the status of a success is \(response.status), not 2xx", question: asked, model: "2xx", implementation: shown, kind: "not a success status")
            let body = response.body
            let members = [
                ("success", body["success"]?.bool == true, "true"),
                ("data.status", body["data"]?["status"]?.string == "canceled", "\"canceled\""),
                ("data.jobId", body["data"]?["jobId"]?.string == jobId, String(reflecting: jobId)),
                ("meta.timestamp", body["meta"]?["timestamp"]?.string != nil, "a timestamp"),
            ]
            for (member, holds, wanted) in members {
                try ensure(holds, "the success body's \(member) is not the seed's", question: asked, model: "\(member): \(wanted)", implementation: response.bodyText, kind: "the success body's \(member)")
            }
        case .seedNotFound:
            try ensure(response.body["success"]?.bool == false, "the answer for a job no one started is not a failure", question: asked,
                model: "\"success\": false", implementation: shown, kind: "an unknown job's answer is not a failure")
            try ensure(response.body["error"]?["code"]?.string == "JOB_NOT_FOUND", "the error code is not JOB_NOT_FOUND", question: asked,
                model: "JOB_NOT_FOUND", implementation: shown, kind: "not JOB_NOT_FOUND")
        case .clientError:
            try ensure((400...499).contains(response.status), "the status is \(response.status), not a client error", question: asked, model: "4xx", implementation: shown,
                kind: (500...599).contains(response.status) ? "a server error for the client's error" : "not a client error")
        case .methodNotAllowed:
            try ensure(response.status == 405, "the status is \(response.status), not 405", question: asked, model: "405", implementation: shown)
        case .any:
            break
        case .alreadyCanceled:
            try status(200)
            try ensure(response.body["data"]?["alreadyCanceled"]?.bool == true && response.body["data"]?["status"]?.string == "canceled",
                "the answer does not say the job was already canceled", question: asked, model: "data: {\"alreadyCanceled\": true, \"status\": \"canceled\"}", implementation: response.bodyText)
        case .refused:
            try status(404)
            try code("JOB_NOT_FOUND")
        }
    }

    /// The broadcasts line with each message's time (`at +60000 ms`) taken out.
    static func untimed(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let at = rest.firstRange(of: " at +") {
            result += rest[..<at.lowerBound]
            rest = rest[at.upperBound...]
            guard let end = rest.firstRange(of: " ms") else { break }
            rest = rest[end.upperBound...]
        }
        return result + rest
    }
}
