import CommandLineParsing
import Foundation
import SpecConformance
import SpecModel

/// The program's side of the adapter protocol, for Swift: serves seam implementations over standard
/// input and output.
///
/// A Swift program that wraps its own types (or, in this package, the model and a wrong
/// implementation: `adapter-model`, `adapter-wrong`) builds a server with a factory per seam it
/// serves and calls `serve()`. It reads one request line at a time, answers it, and returns when its
/// input ends. A request it cannot read is answered with `{"id": …, "error": …}` naming what was wrong;
/// the runner reports it as the program's failure.
public struct AdapterServer {
    /// How a seam's instances are made.
    public enum Factory {
        /// Makes progress throttles (`progress-throttle`).
        case progressThrottle(() -> any ProgressThrottling)
        /// Makes enrichment job backends (`enrichment-job-backend`).
        case enrichmentJobBackend(() -> any EnrichmentJobBackend)
        /// Makes progress socket clients (`progress-reconnect`).
        case progressReconnect(() -> any ProgressSocketConnecting)
        /// Makes progress message encoders (`progress-message-encoding`).
        case progressMessageEncoding(() -> any ProgressMessageEncoding)
        /// Makes structured error builders (`structured-errors`).
        case structuredErrors(() -> any StructuredErrorBuilding)
        /// Makes status message formatters (`status-messages`).
        case statusMessages(() -> any StatusMessageFormatting)
        /// Makes progress message decoders (`progress-message-decoding`).
        case progressMessageDecoding(() -> any ProgressMessageDecoding)
        case heartbeat(() -> any HeartbeatScheduling)

        var seam: AdapterSeam {
            switch self {
            case .progressThrottle: .progressThrottle
            case .enrichmentJobBackend: .enrichmentJobBackend
            case .progressReconnect: .progressReconnect
            case .progressMessageEncoding: .progressMessageEncoding
            case .structuredErrors: .structuredErrors
            case .statusMessages: .statusMessages
            case .progressMessageDecoding: .progressMessageDecoding
            case .heartbeat: .heartbeat
            }
        }
    }

    /// The name the program gives in its handshake.
    public let name: String
    private let factories: [AdapterSeam: Factory]
    private var instances: [Int: Instance] = [:]

    /// A server named `name` for the seams `factories` make.
    public init(name: String, _ factories: [Factory]) {
        self.name = name
        var bySeam: [AdapterSeam: Factory] = [:]
        for factory in factories {
            precondition(bySeam[factory.seam] == nil, "two factories for \(factory.seam)")
            bySeam[factory.seam] = factory
        }
        self.factories = bySeam
    }

    /// The model's implementation of every seam.
    public static func model(name: String = "the model") -> AdapterServer {
        AdapterServer(name: name, [
            .progressThrottle { ProgressThrottle() },
            .enrichmentJobBackend { ModelEnrichmentJobBackend() },
            .progressReconnect { ModelProgressSocketClient() },
            .progressMessageEncoding { ModelProgressMessageCodec() },
            .structuredErrors { ModelStructuredErrorBuilder() },
            .statusMessages { ModelStatusMessageFormatter() },
            .progressMessageDecoding { ModelProgressMessageCodec() },
            .heartbeat { ModelHeartbeat() },
        ])
    }

    /// Serves requests from standard input until it ends.
    public mutating func serve() {
        while let line = readLine(strippingNewline: true) {
            let answer = answer(line)
            StandardStream.output.write(answer + "\n")
        }
    }

    /// The answer line to one request line.
    public mutating func answer(_ line: String) -> String {
        let request: JSONField
        do {
            request = JSONField(try JSONValue(parsing: line, limits: AdapterProtocol.requestLimits))
        } catch {
            return Self.answerLine(id: .null, error: "the request is not JSON: \(error)")
        }
        let id = request.value["id"] ?? .null
        do {
            return Self.answerLine(id: id, ok: try perform(request))
        } catch {
            return Self.answerLine(id: id, error: error.description)
        }
    }

    private static func answerLine(id: JSONValue, ok: JSONValue) -> String {
        JSONValue.object(JSONObject([("id", id), ("ok", ok)])).encodedString()
    }

    private static func answerLine(id: JSONValue, error: String) -> String {
        JSONValue.object(JSONObject([("id", id), ("error", .string(error))])).encodedString()
    }

    private mutating func perform(_ request: JSONField) throws(JSONFieldError) -> JSONValue {
        if let released = try request.optionalField("release") {
            for id in try released.elements() { instances[try id.int()] = nil }
        }
        let operation = try request.field("op")
        switch try operation.string() {
        case "hello":
            let version = try request.field("protocol").int64()
            guard version == Int64(AdapterProtocol.version) else { throw try request.field("protocol").invalid("this program speaks version \(AdapterProtocol.version)") }
            return .members([
                ("protocol", .int(AdapterProtocol.version)), ("name", .string(name)),
                ("seams", .array(AdapterSeam.allCases.filter { factories[$0] != nil }.map { .string($0.rawValue) })),
            ])
        case "new":
            let seamField = try request.field("seam")
            guard let seam = AdapterSeam(rawValue: try seamField.string()), let factory = factories[seam] else {
                throw seamField.invalid("this program does not serve that seam")
            }
            instances[try request.field("instance").int()] = Instance(factory)
            return .null
        case "clone":
            let source = try request.field("from")
            guard let original = instances[try source.int()] else { throw source.invalid("no such instance") }
            instances[try request.field("instance").int()] = original
            return .null
        case "call":
            let idField = try request.field("instance")
            guard var instance = instances[try idField.int()] else { throw idField.invalid("no such instance") }
            let now = try request.optional("now") { field throws(JSONFieldError) in Timestamp(epochMilliseconds: try field.int64()) }
            let input = try request.optionalField("input") ?? JSONField(.object(JSONObject()), path: "input")
            let result = try instance.call(try request.field("method"), now: now, input: input)
            instances[try idField.int()] = instance
            return result
        default:
            throw operation.invalid("expected hello, new, clone or call")
        }
    }
}

/// One live instance of a seam in a Swift adapter program, and how each method's request is answered.
///
/// The inputs are read and the outputs written in exactly the shapes the runner's proxies write and
/// read (`ProcessThrottle`, `ProcessMessageCodec`, …), which Docs/ProcessAdapter.md documents.
private enum Instance {
    static let dayMilliseconds: Int64 = 86_400_000

    case throttle(any ProgressThrottling)
    case backend(any EnrichmentJobBackend)
    case reconnect(any ProgressSocketConnecting)
    case encoder(any ProgressMessageEncoding)
    case errors(any StructuredErrorBuilding)
    case status(any StatusMessageFormatting)
    case decoder(any ProgressMessageDecoding)
    case heartbeat(any HeartbeatScheduling)

    init(_ factory: AdapterServer.Factory) {
        switch factory {
        case let .progressThrottle(make): self = .throttle(make())
        case let .enrichmentJobBackend(make): self = .backend(make())
        case let .progressReconnect(make): self = .reconnect(make())
        case let .progressMessageEncoding(make): self = .encoder(make())
        case let .structuredErrors(make): self = .errors(make())
        case let .statusMessages(make): self = .status(make())
        case let .progressMessageDecoding(make): self = .decoder(make())
        case let .heartbeat(make): self = .heartbeat(make())
        }
    }

    mutating func call(_ methodField: JSONField, now: Timestamp?, input: JSONField) throws(JSONFieldError) -> JSONValue {
        let method = try methodField.string()
        func time() throws(JSONFieldError) -> Timestamp {
            guard let now else { throw methodField.invalid("\(method) needs now") }
            return now
        }
        switch self {
        case var .throttle(throttle):
            defer { self = .throttle(throttle) }
            // The model's throttle adds its periods to the times it is given, and traps when that
            // overflows: a time within a day of Int64's ends is refused instead.
            if let now, now.epochMilliseconds > Int64.max - Self.dayMilliseconds || now.epochMilliseconds < Int64.min + Self.dayMilliseconds {
                throw methodField.invalid("now \(now.epochMilliseconds) is within a day of Int64's ends, where the throttle's deadlines overflow")
            }
            switch method {
            case "deadline": return throttle.deadline.map(JSONValue.timestamp) ?? .null
            case "offer": return AdapterServerValues.encode(throttle.offer(try ProcessThrottle.decodeUpdate(input.field("update")), at: try time()))
            case "fire": return AdapterServerValues.encode(throttle.fire(at: try time()))
            case "finish": return AdapterServerValues.encode(throttle.finish(at: try time()))
            default: throw methodField.invalid("a throttle has deadline, offer, fire and finish")
            }
        case var .backend(backend):
            defer { self = .backend(backend) }
            // The model's backend writes its times as ISO 8601 and subtracts them, and traps outside
            // the years 0000 to 9999: a request at such a time is refused instead.
            if let now, !(ISO8601Timestamp.epochMillisecondsMin...ISO8601Timestamp.epochMillisecondsMax).contains(now.epochMilliseconds) {
                throw methodField.invalid("now \(now.epochMilliseconds) is outside the years 0000 to 9999, which the backend's timestamps cover")
            }
            switch method {
            case "startJob":
                let token = try input.optional("token") { field throws(JSONFieldError) in try field.string() }
                let books = try input.field("books").elements().map(ProcessJobBackend.decodeBook)
                backend.startJob(try input.field("jobId").string(), token: token, books: books, at: try time())
                return .null
            case "handleCancelRequest":
                let base64 = try input.field("base64")
                guard let body = Base64.decode(try base64.string()) else { throw base64.invalid("not padded standard base64") }
                let request = HTTPRequest(
                    method: try input.field("method").string(), path: try input.field("path").string(), body: body,
                    authorization: try input.optional("authorization") { field throws(JSONFieldError) in try field.string() }
                )
                let response = backend.handleCancelRequest(request, at: try time())
                return .members([("status", .int(response.status)), ("body", response.body)])
            case "runLoopTurn":
                let jobId = try input.field("jobId").string()
                let now = try time()
                if let outcomeField = try input.optionalField("outcome") {
                    let outcome = try ProcessJobBackend.decodeOutcome(outcomeField)
                    backend.runLoopTurn(of: jobId, at: now) { _ in outcome }
                    return .members([("kind", .string("done"))])
                }
                // The turn on a copy: if it asks about a book, the runner asks its provider and calls
                // again with the outcome; if not, the turn is done and the copy is the new state.
                var trial = backend
                var asked: JobBook?
                trial.runLoopTurn(of: jobId, at: now) { book in
                    asked = book
                    return .enriched
                }
                if let asked { return .members([("kind", .string("needsOutcome")), ("book", ProcessJobBackend.encode(asked))]) }
                backend = trial
                return .members([("kind", .string("done"))])
            case "failJob":
                backend.failJob(try input.field("jobId").string(), at: try time(), code: try input.field("code").string(), message: try input.field("message").string())
                return .null
            case "takeBroadcasts":
                return .array(backend.takeBroadcasts(of: try input.field("jobId").string()).map(ProcessJobBackend.encode))
            default: throw methodField.invalid("a job backend has startJob, handleCancelRequest, runLoopTurn, failJob and takeBroadcasts")
            }
        case var .reconnect(client):
            defer { self = .reconnect(client) }
            func answer(_ actions: [ProgressSocketClient.Action]) -> JSONValue { .array(actions.map(ProcessReconnect.encode)) }
            switch method {
            case "start":
                let job = try input.field("job")
                let pipelineField = try job.field("pipeline")
                guard let pipeline = ProgressPipeline(rawValue: try pipelineField.string()) else { throw pipelineField.invalid("not a pipeline") }
                let ticket = ProgressJobTicket(jobId: try job.field("jobId").string(), pipeline: pipeline, token: try job.field("token").string())
                return answer(client.start(ticket, at: try time()))
            case "opened": return answer(client.opened(at: try time()))
            case "openFailed":
                return answer(client.openFailed(status: try input.optional("status") { field throws(JSONFieldError) in try field.int() }, at: try time()))
            case "connectionLost": return answer(client.connectionLost(at: try time()))
            case "deadline": return client.deadline.map(JSONValue.timestamp) ?? .null
            case "fire": return answer(client.fire(at: try time()))
            case "received":
                let base64 = try input.field("base64")
                guard let frame = Base64.decode(try base64.string()) else { throw base64.invalid("not padded standard base64") }
                return answer(client.received(frame, at: try time()))
            default: throw methodField.invalid("a socket client has start, opened, openFailed, connectionLost, deadline, fire and received")
            }
        case let .encoder(encoder):
            guard method == "encode" else { throw methodField.invalid("an encoder has encode") }
            let message = try ProcessMessageCodec.message(fromUncut: input.field("message"))
            return .members([("text", .string(String(decoding: encoder.encode(message), as: UTF8.self)))])
        case let .errors(builder):
            guard method == "errorPayload" else { throw methodField.invalid("an error builder has errorPayload") }
            let failure = try AdapterServerValues.failure(input.field("failure"))
            return .members([("text", .string(String(decoding: builder.errorPayload(for: failure), as: UTF8.self)))])
        case let .status(formatter):
            switch method {
            case "enrichmentStatus":
                let line = formatter.enrichmentStatus(
                    processed: try input.field("processed").int(), total: try input.field("total").int(),
                    currentTitle: try input.field("currentTitle").string(), hasError: try input.field("hasError").bool(),
                    jobStartedAt: Timestamp(epochMilliseconds: try input.field("jobStartedAt").int64()), now: try time()
                )
                return AdapterServerValues.encode(line)
            case "csvImportStatus":
                let phaseField = try input.field("phase")
                guard let phase = CSVImportPhase(rawValue: try phaseField.string()) else { throw phaseField.invalid("not a CSV import phase") }
                return AdapterServerValues.encode(formatter.csvImportStatus(fraction: try AdapterServerValues.double(input.field("fraction")), phase: phase))
            case "aiScanStatus":
                let phaseField = try input.field("phase")
                guard let phase = AIScanPhase(rawValue: try phaseField.string()) else { throw phaseField.invalid("not an AI scan phase") }
                return AdapterServerValues.encode(formatter.aiScanStatus(phase: phase))
            default: throw methodField.invalid("a status formatter has enrichmentStatus, csvImportStatus and aiScanStatus")
            }
        case let .decoder(decoder):
            guard method == "decode" else { throw methodField.invalid("a decoder has decode") }
            let base64 = try input.field("base64")
            guard let bytes = Base64.decode(try base64.string()) else { throw base64.invalid("not padded standard base64") }
            let fromField = try input.field("from")
            let sender: ProgressSender
            switch try fromField.string() {
            case "client": sender = .client
            case "server": sender = .server
            default: throw fromField.invalid("expected client or server")
            }
            do {
                let message = try decoder.decode(bytes, from: sender)
                return .members([("kind", .string("accepted")), ("message", ProcessMessageCodec.object(of: message))])
            } catch {
                return .members([("kind", .string("refused")), ("reason", .string(error.reason.rawValue)), ("field", error.field.map(JSONValue.string) ?? .null)])
            }
        case var .heartbeat(heartbeat):
            defer { self = .heartbeat(heartbeat) }
            switch method {
            case "start":
                heartbeat.start(at: try time())
                return .null
            case "deadline": return heartbeat.deadline.map(JSONValue.timestamp) ?? .null
            case "fire":
                switch heartbeat.fire(at: try time()) {
                case .nothing: return .members([("kind", .string("nothing"))])
                case let .sendPing(clientTime): return .members([("kind", .string("sendPing")), ("clientTime", .integer(clientTime))])
                case let .reconnect(missed): return .members([("kind", .string("reconnect")), ("missedPongs", .int(missed))])
                }
            case "pongReceived":
                let clientTime = try input.optional("clientTime") { field throws(JSONFieldError) in try field.int64() }
                switch heartbeat.pongReceived(clientTime: clientTime, at: try time()) {
                case let .roundTrip(milliseconds): return .members([("kind", .string("roundTrip")), ("milliseconds", .integer(milliseconds))])
                case .unmeasured: return .members([("kind", .string("unmeasured"))])
                case .ignored: return .members([("kind", .string("ignored"))])
                }
            default: throw methodField.invalid("a heartbeat has start, deadline, fire and pongReceived")
            }
        }
    }
}
