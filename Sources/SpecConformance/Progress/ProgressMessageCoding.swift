import SpecModel

/// Seam: writing progress messages, as the backend's job puts them on a progress socket.
///
/// Seed 003_…, "Dependencies" (Phase 1 Task 2, the unified message schema) and Tasks 1 to 3, with seed
/// 000_…'s `canceled` broadcast: every message in the envelope `{type, jobId, pipeline, timestamp,
/// version, payload}` (D-075, D-076). A backend wraps its serializer; the bytes are what the socket
/// sends:
///
///     struct BackendMessages: ProgressMessageEncoding {
///         func encode(_ message: ProgressMessage) -> [UInt8] {
///             Array(WebSocketMessageFactory.wire(message).utf8)   // the backend's JSON.stringify
///         }
///     }
public protocol ProgressMessageEncoding {
    /// The message as UTF-8 JSON, exactly as the socket sends it.
    func encode(_ message: ProgressMessage) -> [UInt8]
}

/// Seam: reading progress messages, as the app (or the backend, for the client's messages) reads a
/// socket's frames.
///
/// Seed 003_…, Task 1 (`TypedWebSocketMessage(from: data)`) and Task 3 ("Parse error message with
/// affected items"): a frame is a message or a typed refusal naming the field at fault, never a crash
/// (D-076, D-092). The app's adapter maps its own decoding error onto a `ProgressMessageRejection`:
///
///     struct AppMessages: ProgressMessageDecoding {
///         func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
///             do { return try TypedWebSocketMessage(from: Data(bytes)).specMessage(expecting: sender) }
///             catch { throw error.progressRejection }   // the app's mapping of its errors
///         }
///     }
public protocol ProgressMessageDecoding {
    /// The message `bytes` hold, which `sender` must have sent (an app reads `.server` messages, a
    /// backend `.client` ones).
    ///
    /// - Throws: the reason and the field, when the bytes are not a message this protocol accepts.
    func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage
}

/// Why a frame is not a progress message, and the field at fault: what a decoder reports instead of a
/// message.
///
/// `field` is the path as JavaScript writes it (`version`, `payload.processedCount`,
/// `payload.affectedItems[1]`, `payload.details.failureCount`), or `nil` when the frame as a whole is
/// at fault (too large, not JSON).
public struct ProgressMessageRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of refusal, as `ProgressMessageError` distinguishes them.
    public enum Reason: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Larger than `ProgressMessageCodec.messageBytesMax`.
        case oversized
        /// Not one JSON document within the limits (depth 8 among them).
        case notJSON
        /// `version` is not `1.x.y`.
        case unsupportedVersion
        /// `type` names no message of the protocol.
        case unknownType
        /// `type` is one the other side sends.
        case unexpectedSender
        /// A required field is absent.
        case missingField
        /// A field has the wrong JSON kind.
        case wrongType
        /// A field has the right kind but a value the protocol does not allow.
        case invalidValue

        public var description: String { rawValue }
    }

    /// The kind of refusal.
    public var reason: Reason
    /// The path of the field at fault, or `nil` for the frame as a whole.
    public var field: String?

    /// A refusal for `reason` at `field` (`nil`: the frame as a whole).
    public init(_ reason: Reason, field: String? = nil) {
        self.reason = reason
        self.field = field
    }

    /// The refusal the model's codec makes with `error`.
    public init(_ error: ProgressMessageError) {
        switch error {
        case .oversized: self.init(.oversized)
        case .notJSON: self.init(.notJSON)
        case .unsupportedVersion: self.init(.unsupportedVersion, field: "version")
        case .unknownType: self.init(.unknownType, field: "type")
        case .unexpectedSender: self.init(.unexpectedSender, field: "type")
        case let .invalidField(.missing(path)): self.init(.missingField, field: path)
        case let .invalidField(.wrongType(path, _, _)): self.init(.wrongType, field: path)
        case let .invalidField(.invalidValue(path, _)): self.init(.invalidValue, field: path)
        }
    }

    public var description: String { field.map { "\(reason) at \($0)" } ?? reason.rawValue }
}

/// The model's codec, the reference both codec suites compare with: `ProgressMessageCodec`.
public struct ModelProgressMessageCodec: ProgressMessageEncoding, ProgressMessageDecoding {
    /// The model's codec.
    public init() {}

    /// The model's bytes for `message` (`ProgressMessageCodec.encode`, see the protocol).
    public func encode(_ message: ProgressMessage) -> [UInt8] {
        ProgressMessageCodec.encode(message)
    }

    /// The model's reading of `bytes` (`ProgressMessageCodec.decode`), its errors mapped to rejections.
    public func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
        do {
            return try ProgressMessageCodec.decode(bytes, from: sender)
        } catch {
            throw ProgressMessageRejection(error)
        }
    }
}

/// What an encoder is given to encode, for code outside Swift (the test vectors, the process adapter):
/// the message in the wire's JSON shape, with its texts whole and an error's empty members left out.
public enum ProgressMessageEncoderInput {
    /// `message` as the model writes it, except that its texts (a progress message's `currentTitle`
    /// and `userMessage`, a completion's `userMessage`, whether in `job_complete` or a sync response's
    /// `completion`, and a cancellation's `message`) are whole rather than cut to
    /// `ProgressMessage.textBytesMax`: cutting them is the encoder's job (CODEC-05); and an error
    /// payload's `affectedItems` and `details` are left out when they are empty, as production's
    /// payload leaves them: writing `[]` and `{}` is the encoder's job (CODEC-03), so an encoder that
    /// only echoes what it is given is caught.
    public static func object(_ message: ProgressMessage) -> JSONObject {
        guard var envelope = message.json.object, var payload = envelope["payload"]?.object else {
            preconditionFailure("the model's message JSON is not an object with a payload object")
        }
        switch message.payload {
        case let .progress(update):
            if let title = update.currentTitle { payload["currentTitle"] = .string(title) }
            if let line = update.userMessage { payload["userMessage"] = .string(line) }
        case let .complete(completion):
            if let line = completion.userMessage { payload["userMessage"] = .string(line) }
        case let .canceled(cancellation):
            payload["message"] = .string(cancellation.message)
        case let .syncResponse(snapshot):
            if let line = snapshot.completion?.userMessage, var completion = payload["completion"]?.object {
                completion["userMessage"] = .string(line)
                payload["completion"] = .object(completion)
            }
            if let error = payload["error"]?.object { payload["error"] = .object(withoutEmptyMembers(error)) }
        case .error:
            payload = withoutEmptyMembers(payload)
        case .jobStarted, .ping, .pong, .syncRequest:
            break
        }
        envelope["payload"] = .object(payload)
        return envelope
    }

    /// An error payload without an empty `affectedItems` or `details`.
    static func withoutEmptyMembers(_ error: JSONObject) -> JSONObject {
        var error = error
        if error["affectedItems"]?.array?.isEmpty == true { error["affectedItems"] = nil }
        if error["details"]?.object?.isEmpty == true { error["details"] = nil }
        return error
    }

    /// The message an encoder given `object` encodes: `object` with its texts cut as the model cuts
    /// them, read by the model's codec. The reverse of `object(_:)`, for a Swift program that serves an
    /// encoder through the process adapter.
    public static func message(from object: JSONObject) throws(ProgressMessageError) -> ProgressMessage {
        var envelope = object
        func cut(_ value: JSONValue?) -> JSONValue? {
            value?.string.map { .string(TextExcerpt.prefix($0, utf8BytesMax: ProgressMessage.textBytesMax)) } ?? value
        }
        if var payload = envelope["payload"]?.object {
            switch envelope["type"]?.string {
            case ProgressMessageType.jobProgress.rawValue?:
                payload["currentTitle"] = cut(payload["currentTitle"])
                payload["userMessage"] = cut(payload["userMessage"])
            case ProgressMessageType.jobComplete.rawValue?:
                payload["userMessage"] = cut(payload["userMessage"])
            case ProgressMessageType.canceled.rawValue?:
                payload["message"] = cut(payload["message"])
            case ProgressMessageType.syncResponse.rawValue?:
                if var completion = payload["completion"]?.object {
                    completion["userMessage"] = cut(completion["userMessage"])
                    payload["completion"] = .object(completion)
                }
            default:
                break
            }
            envelope["payload"] = .object(payload)
        }
        return try ProgressMessageCodec.decode(JSONValue.object(envelope).encoded())
    }
}
