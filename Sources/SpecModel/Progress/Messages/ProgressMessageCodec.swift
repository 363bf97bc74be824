import TextFormats

/// Encodes and decodes progress messages: canonical bytes out, strict validation in.
///
/// Encoding is deterministic: keys sorted by their UTF-8 bytes, no whitespace, minimal escapes
/// (`JSONValue.encoded()`), so two traces compare byte for byte. Decoding checks, in order: the size,
/// that the bytes are JSON, the version, the type, the envelope's fields and the payload's, and the sender
/// when the caller says whom it expects. Every failure is a `ProgressMessageError` naming the field and the
/// problem; the codec has no state, so a bad frame changes nothing for the connection that received it.
public enum ProgressMessageCodec {
    public static let messageBytesMax = ProgressLimits.messageBytesMax

    /// The parser's limits for a message: the size above and a depth no message needs more than.
    public static let parseLimits = JSONParseLimits(bytesMax: messageBytesMax, depthMax: 8, stringBytesMax: messageBytesMax, membersMax: 256)

    /// The message's canonical UTF-8 JSON.
    public static func encode(_ message: ProgressMessage) -> [UInt8] {
        message.json.encoded()
    }

    /// The message's canonical JSON as text.
    public static func encodeString(_ message: ProgressMessage) -> String {
        message.json.encodedString()
    }

    /// Decodes one message, optionally requiring its sender.
    ///
    /// - Parameter bytes: the message's UTF-8 JSON, at most `messageBytesMax` bytes.
    /// - Parameter sender: who must have sent it: a server decodes with `.client`, so a client that
    ///   sends `job_progress` gets `.unexpectedSender`; `nil` accepts either.
    public static func decode(_ bytes: some Collection<UInt8>, from sender: ProgressSender? = nil) throws(ProgressMessageError) -> ProgressMessage {
        guard bytes.count <= messageBytesMax else { throw .oversized(bytes: bytes.count, limit: messageBytesMax) }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes, limits: parseLimits)
        } catch {
            throw .notJSON(error)
        }
        return try decode(document, from: sender)
    }

    /// Decodes one message from text.
    public static func decode(_ text: String, from sender: ProgressSender? = nil) throws(ProgressMessageError) -> ProgressMessage {
        try decode(Array(text.utf8), from: sender)
    }

    /// Decodes a message already parsed as JSON.
    public static func decode(_ document: JSONValue, from sender: ProgressSender? = nil) throws(ProgressMessageError) -> ProgressMessage {
        let root = JSONField(document)
        do {
            guard case .object = document else { throw root.wrongType(expected: JSONValue.Kind.object.rawValue) }
            let version = try root.field("version").string()
            guard isSupported(version: version) else { throw ProgressMessageError.unsupportedVersion(TextExcerpt.prefix(version, utf8BytesMax: 64)) }
            let typeName = try root.field("type").string()
            guard let type = ProgressMessageType(rawValue: typeName) else { throw ProgressMessageError.unknownType(TextExcerpt.prefix(typeName, utf8BytesMax: 64)) }
            if let sender, type.sender != sender { throw ProgressMessageError.unexpectedSender(type: type, expected: sender) }
            let jobId = try decodeJobId(root.field("jobId"))
            let pipelineField = try root.field("pipeline")
            let pipelineName = try pipelineField.string()
            guard let pipeline = ProgressPipeline(rawValue: pipelineName) else {
                throw pipelineField.invalid("\"\(TextExcerpt.prefix(pipelineName, utf8BytesMax: 64))\" is not a pipeline; expected one of \(ProgressPipeline.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let timestampField = try root.field("timestamp")
            let milliseconds = try timestampField.int64()
            guard milliseconds >= 0 else { throw timestampField.invalid("must not be negative, got \(milliseconds)") }
            let payload = try ProgressPayload(decoding: root.field("payload"), type: type)
            return ProgressMessage(jobId: jobId, pipeline: pipeline, timestamp: Timestamp(epochMilliseconds: milliseconds), payload: payload)
        } catch let error as JSONFieldError {
            throw .invalidField(error)
        } catch let error as ProgressMessageError {
            throw error
        } catch {
            // Every call in the `do` throws `JSONFieldError` (typed throws) or `ProgressMessageError`,
            // both caught above; a `do` over two error types is untyped, hence this clause.
            preconditionFailure("unexpected error \(error)")
        }
    }

    /// Whether this model reads `version`: any `1.<minor>.<patch>` (D-076).
    public static func isSupported(version: String) -> Bool {
        if version == ProgressMessage.version { return true }
        let parts = version.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].elementsEqual("1".utf8) else { return false }
        return parts.dropFirst().allSatisfy { part in
            !part.isEmpty && part.count <= 9 && part.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// Whether `byte` may be in a job ID: an ASCII letter or digit, `-`, `_`, `.` or `:`.
    @inlinable
    public static func isJobIdByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// A job ID: 1 to `jobIdBytesMax` bytes of letters, digits, `-`, `_`, `.` and `:`.
    static func decodeJobId(_ field: JSONField) throws(JSONFieldError) -> String {
        let text = try field.string()
        guard !text.isEmpty else { throw field.invalid("must not be empty") }
        guard text.utf8.count <= ProgressMessage.jobIdBytesMax else {
            throw field.invalid("is \(text.utf8.count) bytes long; the limit is \(ProgressMessage.jobIdBytesMax)")
        }
        guard text.utf8.allSatisfy(isJobIdByte) else { throw field.invalid("may hold only letters, digits, '-', '_', '.' and ':'") }
        return text
    }
}

/// Why bytes are not a progress message this model accepts.
public enum ProgressMessageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message is larger than `ProgressMessageCodec.messageBytesMax`.
    case oversized(bytes: Int, limit: Int)
    /// The bytes are not one JSON document (the parser's error carries the byte offset).
    case notJSON(JSONParseError)
    /// `version` is not `1.x.y`.
    case unsupportedVersion(String)
    /// `type` names no message type of the protocol.
    case unknownType(String)
    /// The type is sent by the other side.
    case unexpectedSender(type: ProgressMessageType, expected: ProgressSender)
    /// A field is missing, of the wrong kind, or not allowed (the error names its path).
    case invalidField(JSONFieldError)

    public var description: String {
        switch self {
        case let .oversized(bytes, limit):
            return "the message is \(bytes) bytes; the limit is \(limit)"
        case let .notJSON(error):
            return "the message is not JSON: \(error)"
        case let .unsupportedVersion(version):
            return "field version is \"\(version)\"; this protocol reads 1.x.y (writes \(ProgressMessage.version))"
        case let .unknownType(type):
            return "field type is \"\(type)\", which is not a message type; expected one of \(ProgressMessageType.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .unexpectedSender(type, expected):
            return "field type is \(type), which the \(type.sender) sends, but this message comes from the \(expected)"
        case let .invalidField(error):
            return error.description
        }
    }

    /// The path of the field at fault, when one is.
    public var path: String? {
        switch self {
        case .oversized, .notJSON: return nil
        case .unsupportedVersion: return "version"
        case .unknownType, .unexpectedSender: return "type"
        case let .invalidField(error): return error.path
        }
    }
}
