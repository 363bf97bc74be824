import SpecModel

/// How a job of a scenario stands when the suite's requests begin.
enum BackendJobEnd: String, Hashable, Sendable, CaseIterable {
    case running, canceled, complete, failed
}

/// A job the suite starts: its ID as started (lowercase, or Foundation's uppercase), its token, its
/// books, how many the loop has processed, and how it stands.
struct BackendJobSpec: Hashable, Sendable {
    var id: String
    var token: String?
    var books: Int
    /// Loop turns run before the requests (at most `books`).
    var turns: Int
    var end: BackendJobEnd

    /// Books processed when the requests begin.
    var processed: Int { end == .complete ? books : min(turns, books) }

    var bookList: [JobBook] { (0..<books).map { JobBook(workRawIdentifier: UInt64($0 + 1), title: "Book \($0 + 1)") } }
}

/// Jobs started, advanced and ended the same way on any backend before the suite's requests.
struct BackendScenario: Hashable, Sendable, CustomStringConvertible {
    var jobs: [BackendJobSpec]

    var description: String {
        jobs.enumerated().map { index, job in
            "job \(index + 1) \(job.id)\(job.token.map { " (token \($0))" } ?? ""): \(job.books) books, \(job.processed) processed, \(job.end.rawValue)"
        }.joined(separator: "; ")
    }

    /// The provider's answer for a book in setup turns: enriched, not found and failed in turn.
    static func outcome(_ book: JobBook) -> BookEnrichmentOutcome {
        switch book.workRawIdentifier % 3 {
        case 1: return .enriched
        case 2: return .notFound
        default: return .failed(reason: "provider timeout")
        }
    }
}

/// A body the suite sends, with `$1`, `$2`… standing for the scenario's job IDs as started.
enum CancelBody: Hashable, Sendable, CustomStringConvertible {
    case text(String)
    /// The valid body for a job, cut to its first `length` bytes.
    case truncated(job: Int, length: Int)
    case bytes([UInt8])

    func bytes(_ scenario: BackendScenario) -> [UInt8] {
        switch self {
        case let .text(text): return Array(CancelBody.substitute(text, scenario).utf8)
        case let .truncated(job, length): return Array(CancelBody.valid(for: scenario.id(job)).utf8.prefix(length))
        case let .bytes(bytes): return bytes
        }
    }

    static func valid(for jobId: String) -> String { #"{"jobId": "\#(jobId)"}"# }

    static func substitute(_ text: String, _ scenario: BackendScenario) -> String {
        var result = text
        for index in scenario.jobs.indices.reversed() {
            result = result.replacingAll("$\(index + 1)", with: scenario.jobs[index].id)
        }
        return result
    }

    var description: String {
        switch self {
        case let .text(text): return String(reflecting: text)
        case let .truncated(job, length): return "the valid body of job \(job + 1) cut to \(length) bytes"
        case let .bytes(bytes): return "bytes \(bytes.prefix(48).map { String($0, radix: 16) })\(bytes.count > 48 ? "… (\(bytes.count))" : "")"
        }
    }
}

/// How a request names a job's ID.
enum CancelIDCase: String, Hashable, Sendable, CaseIterable {
    case asStarted, lowercase, uppercase, mixed

    func apply(_ id: String) -> String {
        switch self {
        case .asStarted: return id
        case .lowercase: return String(decoding: id.utf8.map { (0x41...0x5A).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        case .uppercase: return String(decoding: id.utf8.map { (0x61...0x7A).contains($0) ? $0 - 32 : $0 }, as: UTF8.self)
        case .mixed:
            return String(decoding: id.utf8.enumerated().map { index, byte in
                index % 2 == 0 ? ((0x61...0x7A).contains(byte) ? byte - 32 : byte) : ((0x41...0x5A).contains(byte) ? byte + 32 : byte)
            }, as: UTF8.self)
        }
    }
}

/// Which token a request bears.
enum CancelTokenChoice: String, Hashable, Sendable, CaseIterable {
    /// The job's own (none for a job started without one).
    case own
    case none
    /// A token that is not the job's.
    case wrong
}

/// One request the suite sends to the cancel endpoint.
enum CancelRequestCase: Hashable, Sendable, CustomStringConvertible {
    /// `{"jobId": …}` for a job of the scenario, its ID in some case, with some token.
    case cancel(job: Int, idCase: CancelIDCase, token: CancelTokenChoice)
    /// A valid cancel for a job no one started.
    case unknownJob(String)
    /// Any body, POSTed with no token.
    case body(CancelBody)
    /// A valid cancel for a job with another method.
    case method(String, job: Int)
    /// A valid cancel for a job, padded with spaces to exactly `bytes` bytes, with the job's token.
    case padded(job: Int, bytes: Int)

    var description: String {
        switch self {
        case let .cancel(job, idCase, token): return "cancel job \(job + 1) (ID \(idCase.rawValue), token \(token.rawValue))"
        case let .unknownJob(id): return "cancel unknown job \(id)"
        case let .body(body): return "POST \(body)"
        case let .method(method, job): return "\(String(reflecting: method)) with job \(job + 1)'s body"
        case let .padded(job, bytes): return "cancel job \(job + 1) in a body of \(bytes) bytes"
        }
    }

    func request(_ scenario: BackendScenario) -> HTTPRequest {
        func post(_ body: [UInt8], token: String?, method: String = "POST") -> HTTPRequest {
            HTTPRequest(method: method, path: CancelEndpoint.path, body: body, authorization: token)
        }
        switch self {
        case let .cancel(job, idCase, token):
            let spec = scenario.job(job)
            let bearer: String?
            switch token {
            case .own: bearer = spec.token
            case .none: bearer = nil
            case .wrong: bearer = "wrong-" + (spec.token ?? "token")
            }
            return post(Array(CancelBody.valid(for: idCase.apply(spec.id)).utf8), token: bearer)
        case let .unknownJob(id):
            return post(Array(CancelBody.valid(for: id).utf8), token: nil)
        case let .body(body):
            return post(body.bytes(scenario), token: nil)
        case let .method(method, job):
            let spec = scenario.job(job)
            return post(Array(CancelBody.valid(for: spec.id).utf8), token: spec.token, method: method)
        case let .padded(job, bytes):
            let spec = scenario.job(job)
            let text = CancelBody.valid(for: spec.id)
            return post(Array(text.utf8) + Array(repeating: 0x20, count: max(0, bytes - text.utf8.count)), token: spec.token)
        }
    }
}

extension BackendScenario {
    /// Job `index` (modulo the number of jobs).
    func job(_ index: Int) -> BackendJobSpec { jobs[index % jobs.count] }

    func id(_ index: Int) -> String { job(index).id }
}

/// Drives one backend through a scenario and the suite's requests and turns, writing each step in
/// terms any two backends share: responses as their status, code and (for a 200) canonical body;
/// broadcasts with jobs named by their place in the scenario and times relative to its start.
struct BackendDriver<Backend: EnrichmentJobBackend> {
    var backend: Backend
    let scenario: BackendScenario
    /// The number of steps after the setup.
    var steps = 0

    /// Where scenarios start.
    static var start: Timestamp { Timestamp(epochMilliseconds: 1_761_920_000_000) }

    init(_ backend: Backend, _ scenario: BackendScenario) {
        self.backend = backend
        self.scenario = scenario
    }

    /// The time of the next step: a second apart, from a minute after the start.
    var now: Timestamp { Self.start.adding(milliseconds: 60_000 + Int64(steps) * 1_000) }

    /// Starts and advances every job; returns what the backend answered and broadcast.
    mutating func setUp() -> String {
        var lines: [String] = []
        for job in scenario.jobs {
            backend.startJob(job.id, token: job.token, books: job.bookList, at: Self.start)
        }
        for (index, job) in scenario.jobs.enumerated() {
            for turn in 0..<min(job.turns, job.books) {
                backend.runLoopTurn(of: job.id, at: Self.start.adding(milliseconds: Int64(turn + 1) * 1_000), provider: BackendScenario.outcome)
            }
            switch job.end {
            case .running:
                break
            case .canceled:
                let response = backend.handleCancelRequest(CancelRequestCase.cancel(job: index, idCase: .asStarted, token: .own).request(scenario), at: Self.start.adding(milliseconds: 10_000))
                lines.append("job \(index + 1) canceled: \(Self.summary(response))")
            case .complete:
                for turn in 0...(job.books - min(job.turns, job.books)) {
                    backend.runLoopTurn(of: job.id, at: Self.start.adding(milliseconds: 20_000 + Int64(turn) * 1_000), provider: BackendScenario.outcome)
                }
            case .failed:
                backend.failJob(job.id, at: Self.start.adding(milliseconds: 30_000), code: "PROVIDER_DOWN", message: "The metadata provider is down")
            }
        }
        lines.append(takeBroadcasts())
        return lines.joined(separator: "; ")
    }

    /// Sends a request; returns the response, the broadcasts it caused, and the step as a line.
    mutating func send(_ request: CancelRequestCase) -> (response: HTTPResponse, broadcasts: String, line: String) {
        let response = backend.handleCancelRequest(request.request(scenario), at: now)
        steps += 1
        let broadcasts = takeBroadcasts()
        return (response, broadcasts, "\(Self.summary(response)); \(broadcasts)")
    }

    /// Runs a loop turn of a job with the provider answering `outcome`; returns the books the
    /// provider was asked about and the broadcasts.
    mutating func turn(_ job: Int, _ outcome: BookEnrichmentOutcome) -> String {
        var asked: [String] = []
        backend.runLoopTurn(of: scenario.id(job), at: now) { book in
            asked.append(book.title)
            return outcome
        }
        steps += 1
        return "provider asked about [\(asked.joined(separator: ", "))]; \(takeBroadcasts())"
    }

    /// Runs a loop turn of a job with the provider answering `outcome`; returns the books the
    /// provider was asked about and the messages the job's socket received.
    mutating func turnMessages(_ job: Int, _ outcome: BookEnrichmentOutcome) -> (asked: [String], messages: [JobMessage]) {
        var asked: [String] = []
        backend.runLoopTurn(of: scenario.id(job), at: now) { book in
            asked.append(book.title)
            return outcome
        }
        steps += 1
        return (asked, scenario.jobs.flatMap { backend.takeBroadcasts(of: $0.id) })
    }

    /// Runs one step of a loop program; returns the books the provider was asked about (for a turn)
    /// and every message broadcast.
    mutating func stepMessages(_ step: BackendLoopStep) -> (asked: [String], messages: [JobMessage]) {
        switch step {
        case let .turn(job, outcome):
            return turnMessages(job, outcome)
        case let .cancel(job, idCase, token):
            _ = backend.handleCancelRequest(CancelRequestCase.cancel(job: job, idCase: idCase, token: token).request(scenario), at: now)
            steps += 1
            return ([], scenario.jobs.flatMap { backend.takeBroadcasts(of: $0.id) })
        case let .fail(job):
            backend.failJob(scenario.id(job), at: now, code: "PROVIDER_DOWN", message: "The metadata provider is down")
            steps += 1
            return ([], scenario.jobs.flatMap { backend.takeBroadcasts(of: $0.id) })
        }
    }

    /// A message as `render` writes it, without its time and, for a `complete`, its duration.
    func renderUntimed(_ message: JobMessage) -> String {
        switch message {
        case let .progress(p):
            return "\(label(p.jobId)) progress \(p.processedCount)/\(p.totalCount) \(String(reflecting: p.currentTitle))"
        case let .complete(c):
            return "\(label(c.jobId)) complete(canceled: \(c.canceled)) \(c.processedItems)/\(c.totalItems), \(c.successCount) enriched, \(c.failureCount) failed"
        case let .canceled(c):
            return "\(label(c.jobId)) canceled \(c.processedItems)/\(c.totalItems) \(String(reflecting: c.message))"
        case let .failed(f):
            return "\(label(f.jobId)) error \(f.code) \(String(reflecting: f.message)) \(f.processedItems)/\(f.totalItems)"
        }
    }

    /// Fails a job; returns the broadcasts.
    mutating func fail(_ job: Int) -> String {
        backend.failJob(scenario.id(job), at: now, code: "PROVIDER_DOWN", message: "The metadata provider is down")
        steps += 1
        return takeBroadcasts()
    }

    /// Every job's broadcasts since the last look.
    mutating func takeBroadcasts() -> String {
        let all = scenario.jobs.flatMap { backend.takeBroadcasts(of: $0.id) }
        return "broadcasts [" + all.map(render).joined(separator: ", ") + "]"
    }

    /// The job's broadcasts since the last look, rendered.
    mutating func takeBroadcasts(of job: Int) -> [String] {
        backend.takeBroadcasts(of: scenario.id(job)).map(render)
    }

    func label(_ jobId: String) -> String {
        scenario.jobs.firstIndex { $0.id == jobId }.map { "job \($0 + 1)" } ?? "job \(String(reflecting: jobId))"
    }

    static func time(_ instant: Timestamp) -> String { "+\(instant.epochMilliseconds - start.epochMilliseconds) ms" }

    func render(_ message: JobMessage) -> String {
        Self.render(message, label: label)
    }

    static func render(_ message: JobMessage, label: (String) -> String) -> String {
        switch message {
        case let .progress(p):
            return "\(label(p.jobId)) progress \(p.processedCount)/\(p.totalCount) \(String(reflecting: p.currentTitle)) at \(time(p.timestamp))"
        case let .complete(c):
            return "\(label(c.jobId)) complete(canceled: \(c.canceled)) \(c.processedItems)/\(c.totalItems), \(c.successCount) enriched, \(c.failureCount) failed, \(c.durationMilliseconds) ms, at \(time(c.timestamp))"
        case let .canceled(c):
            return "\(label(c.jobId)) canceled \(c.processedItems)/\(c.totalItems) \(String(reflecting: c.message)) at \(time(c.timestamp))"
        case let .failed(f):
            return "\(label(f.jobId)) error \(f.code) \(String(reflecting: f.message)) \(f.processedItems)/\(f.totalItems) at \(time(f.timestamp))"
        }
    }

    /// A response as the suite compares it: a 200's canonical body; an error's status, code, shape,
    /// and the offset of `INVALID_JSON` or the message of `JOB_NOT_FOUND`.
    static func summary(_ response: HTTPResponse) -> String {
        if response.status == 200 { return "200 \(response.bodyText)" }
        var text = "\(response.status) \(response.errorCode ?? "(no error code)")"
        let message = response.body["error"]?["message"]?.string
        if response.body["success"]?.bool != false || message?.isEmpty != false {
            text += " in a body that is not {\"success\": false, \"error\": {\"code\", \"message\"}}: \(response.bodyText)"
        }
        switch response.errorCode {
        case "INVALID_JSON": text += " at offset \(response.body["error"]?["details"]?["offset"]?.int64.map(String.init) ?? "(none)")"
        case "JOB_NOT_FOUND": text += " \(String(reflecting: message ?? ""))"
        default: break
        }
        return text
    }
}

/// Runs the same steps on a backend and on the model, comparing every line.
struct BackendRun<Backend: EnrichmentJobBackend> {
    var implementation: BackendDriver<Backend>
    var model: BackendDriver<ModelEnrichmentJobBackend>
    var done: [String]

    init(_ backend: Backend, _ scenario: BackendScenario) throws {
        implementation = BackendDriver(backend, scenario)
        model = BackendDriver(ModelEnrichmentJobBackend(), scenario)
        done = ["set up \(scenario)"]
        try ensureSame(implementation.setUp(), model.setUp(), "setting up \(scenario)", show: { $0 })
    }

    var question: String { done.joined(separator: "; then ") }

    mutating func send(_ request: CancelRequestCase) throws {
        done.append(request.description)
        try ensureSame(implementation.send(request).line, model.send(request).line, question, show: { $0 })
    }

    mutating func turn(_ job: Int, _ outcome: BookEnrichmentOutcome) throws {
        done.append("loop turn of job \(job % implementation.scenario.jobs.count + 1) (provider: \(outcome))")
        try ensureSame(implementation.turn(job, outcome), model.turn(job, outcome), question, show: { $0 })
    }

    mutating func fail(_ job: Int) throws {
        done.append("fail job \(job % implementation.scenario.jobs.count + 1)")
        try ensureSame(implementation.fail(job), model.fail(job), question, show: { $0 })
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension BackendRun {
    /// Runs one step of a loop program on both, comparing what they answer and broadcast.
    mutating func run(_ step: BackendLoopStep) throws {
        switch step {
        case let .turn(job, outcome): try turn(job, outcome)
        case let .cancel(job, idCase, token): try send(.cancel(job: job, idCase: idCase, token: token))
        case let .fail(job): try fail(job)
        }
    }
}
