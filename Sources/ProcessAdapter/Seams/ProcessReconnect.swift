import SpecConformance
import SpecModel

/// A program's progress socket client (its connect, reconnect and sync decisions), as a
/// `ProgressSocketConnecting`.
///
/// Methods, each at `now` and each answering `[Action]` (the actions to take, in order), except
/// `deadline`, which answers null or epoch milliseconds:
/// - `start` with `{"job": {"jobId", "pipeline", "token"}}`; `opened`; `openFailed` with
///   `{"status": n|null}`; `connectionLost`; `fire`; `received` with `{"base64": frame, "text"?:
///   frame}`.
/// - An Action is `{"kind": "open", "reconnect": bool}`, `{"kind": "send", "message": Message}` (the
///   message as the model's JSON object, as for the codec seams) or `{"kind": "close"}`.
public struct ProcessReconnect: ProgressSocketConnecting {
    private var instance: AdapterInstance

    /// A fresh client in the program `session` talks to.
    public init(_ session: AdapterSession) {
        instance = AdapterInstance(.progressReconnect, in: session)
    }

    /// Asks the program's client to open the socket for `job` (`start`).
    public mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action] {
        let ticket = JSONValue.members([("jobId", .string(job.jobId)), ("pipeline", .string(job.pipeline.rawValue)), ("token", .string(job.token))])
        return actions("start", now, .members([("job", ticket)]))
    }

    /// Tells the program's client the socket opened (`opened`).
    public mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action] {
        actions("opened", now, nil)
    }

    /// Tells the program's client the open failed, with the HTTP status or `nil` for the network (`openFailed`).
    public mutating func openFailed(status: Int?, at now: Timestamp) -> [ProgressSocketClient.Action] {
        actions("openFailed", now, .members([("status", status.map(JSONValue.int) ?? .null)]))
    }

    /// Tells the program's client the socket closed or dropped (`connectionLost`).
    public mutating func connectionLost(at now: Timestamp) -> [ProgressSocketClient.Action] {
        actions("connectionLost", now, nil)
    }

    /// Asks the program when its client next has work (`deadline`); `nil` once the program has failed.
    public var deadline: Timestamp? {
        instance.call("deadline", now: nil) { field throws(JSONFieldError) in
            try field.nullable { field throws(JSONFieldError) in Timestamp(epochMilliseconds: try field.int64()) }
        } ?? nil
    }

    /// Asks the program's client to run its timers at `now` (`fire`).
    public mutating func fire(at now: Timestamp) -> [ProgressSocketClient.Action] {
        actions("fire", now, nil)
    }

    /// Hands the program's client a frame from the server (`received`).
    public mutating func received(_ frame: [UInt8], at now: Timestamp) -> [ProgressSocketClient.Action] {
        var input: [(String, JSONValue?)] = [("base64", .string(Base64.encode(frame)))]
        if let text = String(validating: frame, as: UTF8.self) { input.append(("text", .string(text))) }
        return actions("received", now, .members(input))
    }

    private mutating func actions(_ method: String, _ now: Timestamp, _ input: JSONValue?) -> [ProgressSocketClient.Action] {
        if !isKnownUniquelyReferenced(&instance) { instance = instance.cloned() }
        return instance.call(method, now: now, input: input) { field throws(JSONFieldError) in
            try field.elements().map(Self.decodeAction)
        } ?? []
    }

    static func encode(_ action: ProgressSocketClient.Action) -> JSONValue {
        switch action {
        case let .open(reconnect): .members([("kind", .string("open")), ("reconnect", .bool(reconnect))])
        case let .send(message): .members([("kind", .string("send")), ("message", ProcessMessageCodec.object(of: message))])
        case .close: .members([("kind", .string("close"))])
        }
    }

    static func decodeAction(_ field: JSONField) throws(JSONFieldError) -> ProgressSocketClient.Action {
        switch try field.kind() {
        case "open": return .open(reconnect: try field.field("reconnect").bool())
        case "send": return .send(ProcessMessageCodec.message(from: try field.field("message")))
        case "close": return .close
        case let other: throw try field.field("kind").invalid("\"\(other)\" is not an action; expected open, send or close")
        }
    }
}
