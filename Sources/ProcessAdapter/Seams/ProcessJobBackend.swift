import SpecConformance
import SpecModel

/// A program's enrichment jobs, cancel endpoint and job loop, as an `EnrichmentJobBackend`.
///
/// Methods, each at `now`:
/// - `startJob` with `{"jobId", "token": string|null, "books": [Book]}` → null; a Book is
///   `{"workRawIdentifier": decimal string, "title", "author": string|null, "isbn": string|null}`;
/// - `handleCancelRequest` with `{"method", "path", "base64": body, "text"?: body, "authorization":
///   string|null}` → `{"status": n, "body": JSON}`;
/// - `runLoopTurn` with `{"jobId"}` → `{"kind": "needsOutcome", "book": Book}` when the turn would
///   enrich a book (the program changes nothing yet), else `{"kind": "done"}` after the turn (a
///   canceled, finished or unknown job); then, for `needsOutcome`, `runLoopTurn` again with
///   `{"jobId", "outcome": Outcome}` → `{"kind": "done"}`, the turn run with that book's outcome. An
///   Outcome is `{"kind": "enriched"}`, `{"kind": "notFound"}` or `{"kind": "failed", "reason"}`.
///   The suite asks the provider only about the book the loop would enrich, so the first call must not
///   ask for a book a canceled job would never reach;
/// - `failJob` with `{"jobId", "code", "message"}` → null;
/// - `takeBroadcasts` with `{"jobId"}` → `[JobMessage]`, the messages the job broadcast since the last
///   call: `{"type": "progress", "jobId", "timestamp", "processedCount", "totalCount",
///   "currentTitle"}`, `{"type": "complete", "jobId", "timestamp", "canceled", "processedItems",
///   "totalItems", "successCount", "failureCount", "durationMilliseconds"}`, `{"type": "canceled",
///   "jobId", "timestamp", "message", "processedItems", "totalItems"}` or `{"type": "error", "jobId",
///   "timestamp", "code", "message", "processedItems", "totalItems"}`.
public struct ProcessJobBackend: EnrichmentJobBackend {
    private var instance: AdapterInstance

    /// A fresh backend, with no jobs, in the program `session` talks to.
    public init(_ session: AdapterSession) {
        instance = AdapterInstance(.enrichmentJobBackend, in: session)
    }

    /// Asks the program to start the job `jobId` over `books` (`startJob`).
    public mutating func startJob(_ jobId: String, token: String?, books: [JobBook], at now: Timestamp) {
        unique()
        let input = JSONValue.members([("jobId", .string(jobId)), ("token", token.map(JSONValue.string) ?? .null), ("books", .array(books.map(Self.encode)))])
        _ = instance.call("startJob", now: now, input: input) { field throws(JSONFieldError) in try field.null() }
    }

    /// Hands the program a cancel request (`handleCancelRequest`); status 0 and a null body once the program has failed.
    public mutating func handleCancelRequest(_ request: HTTPRequest, at now: Timestamp) -> HTTPResponse {
        unique()
        var input: [(String, JSONValue?)] = [("method", .string(request.method)), ("path", .string(request.path)), ("base64", .string(Base64.encode(request.body)))]
        if let text = String(validating: request.body, as: UTF8.self) { input.append(("text", .string(text))) }
        input.append(("authorization", request.authorization.map(JSONValue.string) ?? .null))
        return instance.call("handleCancelRequest", now: now, input: .members(input)) { field throws(JSONFieldError) in
            HTTPResponse(status: try field.field("status").int(), body: try field.field("body").value)
        } ?? HTTPResponse(status: 0, body: .null)
    }

    /// Runs one turn of the program's job loop (`runLoopTurn`), asking `provider` only about the book the program names.
    public mutating func runLoopTurn(of jobId: String, at now: Timestamp, provider: (JobBook) -> BookEnrichmentOutcome) {
        unique()
        let first = instance.call("runLoopTurn", now: now, input: .members([("jobId", .string(jobId))])) { field throws(JSONFieldError) -> JobBook? in
            switch try field.kind() {
            case "needsOutcome": return try Self.decodeBook(field.field("book"))
            case "done": return nil
            case let other: throw try field.field("kind").invalid("\"\(other)\" is neither needsOutcome nor done")
            }
        }
        guard let book = first ?? nil else { return }
        let outcome = provider(book)
        _ = instance.call("runLoopTurn", now: now, input: .members([("jobId", .string(jobId)), ("outcome", Self.encode(outcome))])) { field throws(JSONFieldError) in
            guard try field.kind() == "done" else { throw try field.field("kind").invalid("a turn given its outcome answers done") }
        }
    }

    /// Asks the program to fail the job `jobId` with an error `code` and `message` (`failJob`).
    public mutating func failJob(_ jobId: String, at now: Timestamp, code: String, message: String) {
        unique()
        let input = JSONValue.members([("jobId", .string(jobId)), ("code", .string(code)), ("message", .string(message))])
        _ = instance.call("failJob", now: now, input: input) { field throws(JSONFieldError) in try field.null() }
    }

    /// Asks the program for the job's broadcasts since the last call (`takeBroadcasts`); none once the program has failed.
    public mutating func takeBroadcasts(of jobId: String) -> [JobMessage] {
        unique()
        return instance.call("takeBroadcasts", now: nil, input: .members([("jobId", .string(jobId))])) { field throws(JSONFieldError) in
            try field.elements().map(Self.decodeMessage)
        } ?? []
    }

    private mutating func unique() {
        if !isKnownUniquelyReferenced(&instance) { instance = instance.cloned() }
    }

    // MARK: - Values

    static func encode(_ book: JobBook) -> JSONValue {
        .members([
            ("workRawIdentifier", .string(String(book.workRawIdentifier))), ("title", .string(book.title)),
            ("author", book.author.map(JSONValue.string) ?? .null), ("isbn", book.isbn.map(JSONValue.string) ?? .null),
        ])
    }

    static func decodeBook(_ field: JSONField) throws(JSONFieldError) -> JobBook {
        let identifier = try field.field("workRawIdentifier")
        guard let raw = UInt64(try identifier.string()) else { throw identifier.invalid("expected a decimal string of an unsigned 64-bit integer") }
        return JobBook(
            workRawIdentifier: raw, title: try field.field("title").string(),
            author: try field.optional("author") { field throws(JSONFieldError) in try field.string() },
            isbn: try field.optional("isbn") { field throws(JSONFieldError) in try field.string() }
        )
    }

    static func encode(_ outcome: BookEnrichmentOutcome) -> JSONValue {
        switch outcome {
        case .enriched: .members([("kind", .string("enriched"))])
        case .notFound: .members([("kind", .string("notFound"))])
        case let .failed(reason): .members([("kind", .string("failed")), ("reason", .string(reason))])
        }
    }

    static func decodeOutcome(_ field: JSONField) throws(JSONFieldError) -> BookEnrichmentOutcome {
        switch try field.kind() {
        case "enriched": return .enriched
        case "notFound": return .notFound
        case "failed": return .failed(reason: try field.field("reason").string())
        case let other: throw try field.field("kind").invalid("\"\(other)\" is not an outcome; expected enriched, notFound or failed")
        }
    }

    static func encode(_ message: JobMessage) -> JSONValue {
        switch message {
        case let .progress(progress):
            .members([
                ("type", .string("progress")), ("jobId", .string(progress.jobId)), ("timestamp", .timestamp(progress.timestamp)),
                ("processedCount", .int(progress.processedCount)), ("totalCount", .int(progress.totalCount)), ("currentTitle", .string(progress.currentTitle)),
            ])
        case let .complete(complete):
            .members([
                ("type", .string("complete")), ("jobId", .string(complete.jobId)), ("timestamp", .timestamp(complete.timestamp)),
                ("canceled", .bool(complete.canceled)), ("processedItems", .int(complete.processedItems)), ("totalItems", .int(complete.totalItems)),
                ("successCount", .int(complete.successCount)), ("failureCount", .int(complete.failureCount)),
                ("durationMilliseconds", .integer(complete.durationMilliseconds)),
            ])
        case let .canceled(canceled):
            .members([
                ("type", .string("canceled")), ("jobId", .string(canceled.jobId)), ("timestamp", .timestamp(canceled.timestamp)),
                ("message", .string(canceled.message)), ("processedItems", .int(canceled.processedItems)), ("totalItems", .int(canceled.totalItems)),
            ])
        case let .failed(failed):
            .members([
                ("type", .string("error")), ("jobId", .string(failed.jobId)), ("timestamp", .timestamp(failed.timestamp)),
                ("code", .string(failed.code)), ("message", .string(failed.message)),
                ("processedItems", .int(failed.processedItems)), ("totalItems", .int(failed.totalItems)),
            ])
        }
    }

    static func decodeMessage(_ field: JSONField) throws(JSONFieldError) -> JobMessage {
        let jobId = try field.field("jobId").string()
        let timestamp = Timestamp(epochMilliseconds: try field.field("timestamp").int64())
        func int(_ key: String) throws(JSONFieldError) -> Int { try field.field(key).int() }
        func text(_ key: String) throws(JSONFieldError) -> String { try field.field(key).string() }
        switch try field.field("type").string() {
        case "progress":
            return .progress(JobProgressMessage(jobId: jobId, timestamp: timestamp, processedCount: try int("processedCount"), totalCount: try int("totalCount"), currentTitle: try text("currentTitle")))
        case "complete":
            return .complete(JobCompleteMessage(
                jobId: jobId, timestamp: timestamp, canceled: try field.field("canceled").bool(), processedItems: try int("processedItems"),
                totalItems: try int("totalItems"), successCount: try int("successCount"), failureCount: try int("failureCount"),
                durationMilliseconds: try field.field("durationMilliseconds").int64()
            ))
        case "canceled":
            return .canceled(JobCanceledMessage(jobId: jobId, timestamp: timestamp, message: try text("message"), processedItems: try int("processedItems"), totalItems: try int("totalItems")))
        case "error":
            return .failed(JobFailedMessage(jobId: jobId, timestamp: timestamp, code: try text("code"), message: try text("message"), processedItems: try int("processedItems"), totalItems: try int("totalItems")))
        case let other:
            throw try field.field("type").invalid("\"\(other)\" is not a job message; expected progress, complete, canceled or error")
        }
    }
}
