import SpecModel

/// The adapter protocol's constants: its version and the limits on what a program may write.
///
/// The protocol is newline-delimited JSON over the program's standard input and output, one request
/// and one answer at a time (Docs/ProcessAdapter.md, Docs/adapter-protocol.schema.json).
public enum AdapterProtocol {
    /// The protocol's version; the handshake refuses a program that speaks another.
    public static let version = 1
    /// The limits on one answer line's JSON.
    public static let answerLimits = JSONParseLimits(bytesMax: 4 * 1_048_576, depthMax: 64, stringBytesMax: 1_048_576, membersMax: 100_000)
    /// The limits on one request line's JSON, which a program should accept: larger than an answer's,
    /// since the suites send bodies and frames past the protocol's own limits to check that they are
    /// refused (a cancel body of over a megabyte is 1.4 MB of base64).
    public static let requestLimits = JSONParseLimits(bytesMax: 16 * 1_048_576, depthMax: 64, stringBytesMax: 16 * 1_048_576, membersMax: 100_000)
}

/// A seam a program can serve through the protocol: one kind of instance, checked by one or two of the
/// kit's suites. Its name is the suite's id, or (for the job backend, which two suites check) the
/// seam's own.
public enum AdapterSeam: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The backend's progress throttle (`ProgressThrottling`).
    case progressThrottle = "progress-throttle"
    /// The backend's jobs, cancel endpoint and job loop (`EnrichmentJobBackend`).
    case enrichmentJobBackend = "enrichment-job-backend"
    /// The backend's message encoder (`ProgressMessageEncoding`).
    case progressMessageEncoding = "progress-message-encoding"
    /// The backend's structured error payloads (`StructuredErrorBuilding`).
    case structuredErrors = "structured-errors"
    /// The backend's status texts and time-remaining estimate (`StatusMessageFormatting`).
    case statusMessages = "status-messages"
    /// The client's message decoder (`ProgressMessageDecoding`).
    case progressMessageDecoding = "progress-message-decoding"
    /// The client's heartbeat timing (`HeartbeatScheduling`).
    case heartbeat = "heartbeat"
    /// The client's connect, reconnect and sync decisions (`ProgressSocketConnecting`).
    case progressReconnect = "progress-reconnect"

    public var description: String { rawValue }

    /// Which side of the protocol implements the seam.
    public var side: String {
        switch self {
        case .progressThrottle, .enrichmentJobBackend, .progressMessageEncoding, .structuredErrors, .statusMessages: "backend"
        case .progressMessageDecoding, .heartbeat, .progressReconnect: "client"
        }
    }

    /// The ids of the kit's suites that check the seam.
    public var suiteIDs: [String] {
        switch self {
        case .enrichmentJobBackend: ["cancel-endpoint", "enrichment-job-loop"]
        default: [rawValue]
        }
    }
}

/// A program's instance of one seam, named by an id the runner chose.
///
/// A seam's proxy is a value type, as the kit's seams are: a copy of a proxy that is then changed asks
/// the program for a `clone` of the instance first, so the two evolve apart, as two copies of a Swift
/// value do. When the last copy goes, the program hears the id in the next request's `release` list.
final class AdapterInstance: @unchecked Sendable {
    let session: AdapterSession
    let id: Int

    init(_ seam: AdapterSeam, in session: AdapterSession) {
        self.session = session
        id = session.newInstance(of: seam)
    }

    private init(cloning source: AdapterInstance) {
        session = source.session
        id = source.session.cloneInstance(source.id)
    }

    deinit {
        session.releaseInstance(id)
    }

    /// A copy of this instance in the program.
    func cloned() -> AdapterInstance {
        AdapterInstance(cloning: self)
    }

    /// Calls `method` at `now` and decodes its answer; `nil` after a failure.
    func call<Output>(_ method: String, now: Timestamp?, input: JSONValue? = nil, _ decode: (JSONField) throws(JSONFieldError) -> Output) -> Output? {
        session.decode(session.call(id, method, now: now, input: input), of: method, decode)
    }
}

extension JSONField {
    /// The field's integer value as an `Int`.
    func int() throws(JSONFieldError) -> Int {
        let value = try int64()
        guard let result = Int(exactly: value) else { throw invalid("\(value) does not fit an Int") }
        return result
    }

    /// `nil` for a JSON null, else `read(self)`.
    func nullable<Value>(_ read: (JSONField) throws(JSONFieldError) -> Value) throws(JSONFieldError) -> Value? {
        if value.isNull { return nil }
        return try read(self)
    }

    /// The optional member `key`: `nil` when absent or null.
    func optional<Value>(_ key: String, _ read: (JSONField) throws(JSONFieldError) -> Value) throws(JSONFieldError) -> Value? {
        guard let member = try optionalField(key), !member.value.isNull else { return nil }
        return try read(member)
    }

    /// The `kind` member, which names the case of a tagged value.
    func kind() throws(JSONFieldError) -> String {
        try field("kind").string()
    }
}

extension JSONValue {
    /// An object of the members whose value is not `nil`, in order.
    static func members(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(JSONObject(members.compactMap { key, value in value.map { (key, $0) } }))
    }

    /// A timestamp as epoch milliseconds.
    static func timestamp(_ instant: Timestamp) -> JSONValue {
        .integer(instant.epochMilliseconds)
    }

    /// An integer.
    static func int(_ value: Int) -> JSONValue {
        .integer(Int64(value))
    }
}
