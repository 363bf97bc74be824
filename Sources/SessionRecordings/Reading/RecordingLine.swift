import SpecModel

/// One line of a session recording (JSON Lines, format version 1, `Docs/Recordings.md`): a frame one
/// side sent or received, a cancel request with its response, or a change of the app's socket.
///
/// A line may lack what no rule needs: without `t_ms` the timing rules pass over it, and a frame's job
/// is taken from the frame when `jobId` is absent. The original text is kept for witnesses.
public struct RecordingLine: Equatable, Sendable {
    /// The format version this checker reads and the simulator writes.
    public static let formatVersion: Int64 = 1
    /// The longest line read, in bytes: a frame of `ProgressMessageCodec.messageBytesMax` plus the
    /// line's own fields, escaped.
    public static let lineBytesMax = 4 * ProgressMessageCodec.messageBytesMax

    /// Who recorded the line.
    public enum Side: String, Sendable, CaseIterable {
        /// The app: frames it received (with their receive time) and sent, and its socket's changes.
        case app
        /// The backend: frames it sent (with their send time) and received, and cancel requests.
        case server

        var index: Int { self == .app ? 0 : 1 }
    }

    /// What a line records, one case per `kind` of the schema (`Docs/recording.schema.json`).
    public enum Kind: Equatable, Sendable {
        /// A WebSocket frame: the message, or why its bytes are not one.
        indirect case frame(Frame)
        /// `POST /api/enrichment/cancel` and its answer.
        case cancel(status: Int, alreadyCanceled: Bool)
        /// The app begins opening its socket (`reconnect` says whether it is a retry, when recorded).
        case connect(reconnect: Bool?)
        /// The app's socket opened.
        case open
        /// The app's socket closed or dropped, or an open attempt failed; `refusedWith` is the HTTP
        /// status when the server refused the open (its `status` field), which makes it final.
        case disconnect(refusedWith: Int?)
    }

    /// A recorded frame, decoded by the protocol codec.
    public enum Frame: Equatable, Sendable {
        /// The frame decoded to this protocol message.
        case message(ProgressMessage)
        /// The frame is not a protocol message; the codec's error says why (a CODEC-01 violation).
        case undecodable(ProgressMessageError)
    }

    /// 1-based line number in the file.
    public var number: Int
    public var side: Side
    /// The time on the recording side's clock, when recorded.
    public var time: Timestamp?
    /// The job the line belongs to: its `jobId` field, else the frame's or the cancel request's job.
    public var jobId: String
    /// What the line records: a frame, a cancel, or a change of the app's socket.
    public var kind: Kind
    /// The line as read, for witnesses.
    public var text: String
    /// What the checker added to the recorded time to take the side's clock steps out (0 as read):
    /// `time` minus this is the time the line was written at.
    public var clockStepsMilliseconds: Int64 = 0

    /// Creates a line from its already read fields.
    public init(number: Int, side: Side, time: Timestamp?, jobId: String, kind: Kind, text: String) {
        self.number = number
        self.side = side
        self.time = time
        self.jobId = jobId
        self.kind = kind
        self.text = text
    }

    /// The frame's message, if the line is a frame that decoded.
    public var message: ProgressMessage? {
        if case let .frame(.message(message)) = kind { return message }
        return nil
    }
}

/// Why a line is not a recording line (the check goes on without it, unless strict).
public struct RecordingLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the line.
    public enum Problem: Hashable, Sendable, CustomStringConvertible {
        /// The line is longer than `RecordingLine.lineBytesMax`.
        case tooLong(bytes: Int)
        /// Not JSON (the parser's error carries the byte offset).
        case notJSON(JSONParseError)
        /// JSON, but not an object.
        case notAnObject
        /// A field of the line is of the wrong kind or out of range.
        case invalidField(name: String, reason: String)

        public var description: String {
            switch self {
            case let .tooLong(bytes): return "the line is \(bytes) bytes; the limit is \(RecordingLine.lineBytesMax)"
            case let .notJSON(error): return "the line is not JSON: \(error)"
            case .notAnObject: return "the line is JSON but not an object"
            case let .invalidField(name, reason): return "field \(name) \(reason)"
            }
        }
    }

    /// The 1-based line number in the file.
    public var line: Int
    /// What is wrong with the line.
    public var problem: Problem

    public init(line: Int, problem: Problem) {
        self.line = line
        self.problem = problem
    }

    public var description: String { "line \(line): \(problem)" }
}

/// What reading one line gave.
public enum RecordingLineRead: Equatable, Sendable {
    case line(RecordingLine)
    /// A well-formed line the checker does not read, with the reason (an unknown kind, another version).
    case skipped(reason: String)
    /// The line is not a valid recording line.
    case malformed(RecordingLineError)
}

extension RecordingLine {
    /// The parser's limits for a line: a frame's depth plus the line's own level.
    static let parseLimits = JSONParseLimits(
        bytesMax: lineBytesMax, depthMax: 10, stringBytesMax: lineBytesMax, membersMax: 256
    )

    /// Reads one line (without its newline).
    public static func read(_ bytes: some Collection<UInt8>, number: Int) -> RecordingLineRead {
        guard bytes.count <= lineBytesMax else { return .malformed(.init(line: number, problem: .tooLong(bytes: bytes.count))) }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes, limits: parseLimits)
        } catch {
            return .malformed(.init(line: number, problem: .notJSON(error)))
        }
        return read(document, text: String(decoding: bytes, as: UTF8.self), number: number)
    }

    static func read(_ document: JSONValue, text: String, number: Int) -> RecordingLineRead {
        guard let object = document.object else { return .malformed(.init(line: number, problem: .notAnObject)) }
        func invalid(_ name: String, _ reason: String) -> RecordingLineRead {
            .malformed(.init(line: number, problem: .invalidField(name: name, reason: reason)))
        }
        if let version = object["v"], !version.isNull {
            guard let value = version.int64 else { return invalid("v", "must be an integer") }
            guard value == formatVersion else { return .skipped(reason: "format version \(value) (this checker reads \(formatVersion))") }
        }
        guard let kindName = object["kind"]?.string else { return invalid("kind", "must be a string naming the line's kind") }
        guard let sideName = object["side"]?.string else { return invalid("side", "must be \"app\" or \"server\"") }
        guard let side = Side(rawValue: sideName) else { return invalid("side", "is \"\(sideName.prefix(32))\"; expected \"app\" or \"server\"") }
        var time: Timestamp?
        if let value = object["t_ms"], !value.isNull {
            guard let milliseconds = value.int64 else { return invalid("t_ms", "must be an integer number of milliseconds") }
            guard milliseconds >= 0 else { return invalid("t_ms", "must not be negative, got \(milliseconds)") }
            time = Timestamp(epochMilliseconds: milliseconds)
        }
        var jobId: String?
        if let value = object["jobId"], !value.isNull {
            guard let text = value.string, !text.isEmpty else { return invalid("jobId", "must be a non-empty string") }
            jobId = text
        }
        let kind: Kind
        switch kindName {
        case "frame":
            guard let frameValue = object["frame"], !frameValue.isNull else { return invalid("frame", "is missing: a frame line carries the frame") }
            let frame: Frame
            do {
                if let raw = frameValue.string {
                    // A frame recorded as its text, for frames that are not JSON objects.
                    frame = .message(try ProgressMessageCodec.decode(raw))
                } else {
                    frame = .message(try ProgressMessageCodec.decode(frameValue))
                }
            } catch {
                frame = .undecodable(error)
            }
            if jobId == nil, case let .message(message) = frame { jobId = message.jobId }
            kind = .frame(frame)
        case "cancel":
            guard let response = object["response"]?.object else { return invalid("response", "must be the cancel request's answer, an object") }
            guard let status = response["status"]?.int64, (100...599).contains(status) else { return invalid("response.status", "must be an HTTP status") }
            let already = response["body"]?["data"]?["alreadyCanceled"]?.bool ?? response["alreadyCanceled"]?.bool ?? false
            if jobId == nil { jobId = object["request"]?["jobId"]?.string }
            kind = .cancel(status: Int(status), alreadyCanceled: already)
        case "connect":
            kind = .connect(reconnect: object["reconnect"]?.bool)
        case "open":
            kind = .open
        case "disconnect":
            var refusal: Int?
            if let value = object["status"], !value.isNull {
                guard let status = value.int64, (100...599).contains(status) else { return invalid("status", "must be the HTTP status the open was refused with") }
                refusal = Int(status)
            }
            kind = .disconnect(refusedWith: refusal)
        default:
            return .skipped(reason: "kind \"\(kindName.prefix(32))\"")
        }
        guard let jobId else { return .skipped(reason: "no jobId") }
        return .line(RecordingLine(number: number, side: side, time: time, jobId: jobId, kind: kind, text: text))
    }
}
