// The app's reader of progress socket frames (seed 003, Task 1's `TypedWebSocketMessage(from: data)` and
// Task 3's "Parse error message with affected items"). A frame either becomes a `SocketMessage` or is
// refused with the reason and the field at fault; it never crashes the app.

/// Why a frame was refused, and where.
public struct SocketDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        /// Larger than `SocketMessageDecoder.frameBytesMax`.
        case oversized
        /// Not one JSON document, or nested deeper than `SocketMessageDecoder.depthMax`.
        case notJSON
        /// `version` is not a 1.x.y version.
        case unsupportedVersion
        /// `type` is none the app knows.
        case unknownType
        /// `type` is one the reader's own side sends.
        case unexpectedSender
        /// A required field is absent (or `null`).
        case missingField
        /// A field has the wrong JSON kind.
        case wrongType
        /// A field has an impossible value.
        case invalidValue
    }

    public var reason: Reason
    /// The field's path as JavaScript writes it (`payload.affectedItems[1]`), `nil` for the whole frame.
    public var field: String?

    public init(_ reason: Reason, _ field: String? = nil) {
        self.reason = reason
        self.field = field
    }

    public var description: String { field.map { "\(reason.rawValue) at \($0)" } ?? reason.rawValue }
}

/// Decodes progress socket frames.
public struct SocketMessageDecoder: Sendable {
    /// The largest frame the app reads: 64 KiB. Progress messages are small; a 1,500-book result list
    /// never travels on the socket.
    public static let frameBytesMax = 65_536
    /// The deepest nesting the app reads (the envelope, the payload, a completion or error inside a
    /// sync response, its details: 4 levels are used).
    public static let depthMax = 8
    /// Texts shown to the user (titles, status lines, summaries) are cut to this many UTF-8 bytes.
    public static let textBytesMax = 4_096
    /// An affected item (a book title) is cut to this many UTF-8 bytes.
    public static let affectedItemBytesMax = 1_000
    /// The error payload lists at most this many affected items (seed 003: "Up to 10 items").
    public static let affectedItemsMax = 10
    /// A detail text (provider, file name, endpoint) is cut to this many UTF-8 bytes.
    public static let detailTextBytesMax = 1_000
    /// The longest job ID accepted (production's are 36-character UUIDs).
    public static let jobIdBytesMax = 128
    /// The largest integer JavaScript writes exactly.
    static let safeIntegerMax: Double = 9_007_199_254_740_991

    public init() {}

    /// Decodes `bytes`, a frame the `from` side sent.
    public func decode(_ bytes: [UInt8], from sender: SocketSide = .server) throws(SocketDecodingError) -> SocketMessage {
        guard bytes.count <= Self.frameBytesMax else { throw SocketDecodingError(.oversized) }
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, limits: JSONReadLimits(bytesMax: Self.frameBytesMax, depthMax: Self.depthMax))
        } catch {
            if case .tooLarge = error { throw SocketDecodingError(.oversized) }
            throw SocketDecodingError(.notJSON)
        }
        guard case .object = root else { throw SocketDecodingError(.wrongType) }
        let envelope = Fields(root, path: "")

        let version = try envelope.requiredString("version")
        guard Self.isSupportedVersion(version) else { throw SocketDecodingError(.unsupportedVersion, "version") }

        let typeName = try envelope.requiredString("type")
        guard let type = SocketMessageType(rawValue: typeName) else { throw SocketDecodingError(.unknownType, "type") }
        guard type.sentBy == sender else { throw SocketDecodingError(.unexpectedSender, "type") }

        let jobId = try envelope.requiredString("jobId")
        guard !jobId.isEmpty, jobId.utf8.count <= Self.jobIdBytesMax else { throw SocketDecodingError(.invalidValue, "jobId") }

        let pipelineName = try envelope.requiredString("pipeline")
        guard let pipeline = JobPipeline(rawValue: pipelineName) else { throw SocketDecodingError(.invalidValue, "pipeline") }

        let timestamp = try envelope.requiredInteger("timestamp")

        let payload = try envelope.requiredObject("payload")
        let content: SocketPayload
        switch type {
        case .jobStarted:
            content = .jobStarted(totalCount: try payload.requiredCount("totalCount"))
        case .jobProgress:
            let processed = try payload.requiredCount("processedCount")
            let total = try payload.requiredCount("totalCount")
            guard processed <= total else { throw SocketDecodingError(.invalidValue, payload.pathOf("processedCount")) }
            content = .progress(JobProgressPayload(
                processedCount: processed, totalCount: total,
                currentTitle: try payload.optionalString("currentTitle").map { Self.cut($0, Self.textBytesMax) },
                userMessage: try payload.optionalString("userMessage").map { Self.cut($0, Self.textBytesMax) },
                keepAlive: try payload.optionalBool("keepAlive") ?? false
            ))
        case .jobComplete:
            content = .complete(try Self.completion(payload))
        case .error:
            content = .error(try Self.structuredError(payload))
        case .canceled:
            let message = try payload.requiredString("message")
            let processed = try payload.requiredCount("processedItems")
            let total = try payload.requiredCount("totalItems")
            guard processed <= total else { throw SocketDecodingError(.invalidValue, payload.pathOf("processedItems")) }
            content = .canceled(JobCanceledPayload(message: Self.cut(message, Self.textBytesMax), processedItems: processed, totalItems: total))
        case .ping:
            content = .ping(clientTime: try payload.optionalInteger("clientTime"))
        case .pong:
            let clientTime = try payload.optionalInteger("clientTime")
            let serverTime = try payload.optionalInteger("serverTime") ?? timestamp
            content = .pong(clientTime: clientTime, serverTime: serverTime)
        case .syncRequest:
            content = .syncRequest(lastProcessedCount: try payload.optionalCount("lastProcessedCount"))
        case .syncResponse:
            content = .syncResponse(try Self.snapshot(payload))
        }
        return SocketMessage(jobId: jobId, pipeline: pipeline, timestamp: timestamp, payload: content)
    }

    /// `1.x.y`: the app reads any minor and patch version of protocol 1.
    static func isSupportedVersion(_ version: String) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "1" else { return false }
        return parts.dropFirst().allSatisfy { part in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
    }

    static func completion(_ payload: Fields) throws(SocketDecodingError) -> JobCompletePayload {
        let success = try payload.requiredCount("successCount")
        let failure = try payload.requiredCount("failureCount")
        let processed = try payload.optionalCount("totalProcessed") ?? (success + failure)
        guard processed == success + failure else { throw SocketDecodingError(.invalidValue, payload.pathOf("totalProcessed")) }
        let total = try payload.optionalCount("totalCount") ?? processed
        guard total >= processed else { throw SocketDecodingError(.invalidValue, payload.pathOf("totalCount")) }
        let duration = try payload.optionalInteger("duration") ?? 0
        guard duration >= 0 else { throw SocketDecodingError(.invalidValue, payload.pathOf("duration")) }
        let canceled = try payload.optionalBool("canceled") ?? false
        var summary = try payload.optionalString("summary")
        if summary == nil { summary = try payload.optionalString("userMessage") }
        return JobCompletePayload(
            canceled: canceled, totalProcessed: processed, totalCount: total, successCount: success, failureCount: failure,
            durationMilliseconds: duration, summary: summary.map { cut($0, textBytesMax) }
        )
    }

    /// Whether `code` looks like the backend's codes: `E_` and 1 to 60 of A-Z, 0-9 and `_`.
    static func isErrorCode(_ code: String) -> Bool {
        let bytes = Array(code.utf8)
        guard bytes.count >= 3, bytes.count <= 62, bytes[0] == UInt8(ascii: "E"), bytes[1] == UInt8(ascii: "_") else { return false }
        return bytes.dropFirst(2).allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_") }
    }

    static func structuredError(_ payload: Fields) throws(SocketDecodingError) -> JobErrorPayload {
        let code = try payload.requiredString("code")
        guard isErrorCode(code) else { throw SocketDecodingError(.invalidValue, payload.pathOf("code")) }
        let message = try payload.requiredString("message")
        let userMessage = try payload.requiredString("userMessage")
        var items: [String] = []
        if let list = try payload.optionalArray("affectedItems") {
            for (index, element) in list.enumerated() {
                guard case let .string(item) = element else {
                    throw SocketDecodingError(.wrongType, payload.pathOf("affectedItems") + "[\(index)]")
                }
                items.append(item)
            }
        }
        let retryable = try payload.requiredBool("retryable")
        var details = JobErrorDetails()
        if let detailFields = try payload.optionalObject("details") {
            details.successCount = try detailFields.optionalCount("successCount")
            details.failureCount = try detailFields.optionalCount("failureCount")
            details.affectedItemsTotal = try detailFields.optionalCount("affectedItemsTotal")
            details.provider = try detailFields.optionalString("provider").map { cut($0, detailTextBytesMax) }
            if let status = try detailFields.optionalInteger("statusCode") {
                guard (100...599).contains(status) else { throw SocketDecodingError(.invalidValue, detailFields.pathOf("statusCode")) }
                details.statusCode = Int(status)
            }
            details.fileName = try detailFields.optionalString("fileName").map { cut($0, detailTextBytesMax) }
            details.fileSize = try detailFields.optionalCount("fileSize")
            details.imageSize = try detailFields.optionalCount("imageSize")
            details.apiEndpoint = try detailFields.optionalString("apiEndpoint").map { cut($0, detailTextBytesMax) }
            // `stack` and anything else unknown is ignored: a stack trace is never shown to the user.
        }
        if let total = details.affectedItemsTotal, total < min(items.count, affectedItemsMax) {
            throw SocketDecodingError(.invalidValue, payload.pathOf("details") + ".affectedItemsTotal")
        }
        if items.count > affectedItemsMax {
            details.affectedItemsTotal = max(details.affectedItemsTotal ?? 0, items.count)
            items = Array(items.prefix(affectedItemsMax))
        }
        return JobErrorPayload(
            code: code, message: cut(message, textBytesMax), userMessage: cut(userMessage, textBytesMax),
            affectedItems: items.map { cut($0, affectedItemBytesMax) }, retryable: retryable, details: details
        )
    }

    static func snapshot(_ payload: Fields) throws(SocketDecodingError) -> SyncResponsePayload {
        let statusName = try payload.requiredString("status")
        guard let status = JobState(rawValue: statusName) else { throw SocketDecodingError(.invalidValue, payload.pathOf("status")) }
        let processed = try payload.requiredCount("processedCount")
        let total = try payload.requiredCount("totalCount")
        guard processed <= total else { throw SocketDecodingError(.invalidValue, payload.pathOf("processedCount")) }
        var completion: JobCompletePayload?
        if let fields = try payload.optionalObject("completion") { completion = try Self.completion(fields) }
        var error: JobErrorPayload?
        if let fields = try payload.optionalObject("error") { error = try structuredError(fields) }
        switch status {
        case .running:
            if completion != nil { throw SocketDecodingError(.invalidValue, payload.pathOf("completion")) }
            if error != nil { throw SocketDecodingError(.invalidValue, payload.pathOf("error")) }
        case .failed:
            if error == nil { throw SocketDecodingError(.missingField, payload.pathOf("error")) }
            if completion != nil { throw SocketDecodingError(.invalidValue, payload.pathOf("completion")) }
        case .complete, .canceled:
            if error != nil { throw SocketDecodingError(.invalidValue, payload.pathOf("error")) }
        }
        return SyncResponsePayload(status: status, processedCount: processed, totalCount: total, completion: completion, error: error)
    }

    /// `text` cut to at most `bytesMax` UTF-8 bytes, at a Unicode scalar boundary.
    public static func cut(_ text: String, _ bytesMax: Int) -> String {
        guard text.utf8.count > bytesMax else { return text }
        var result = String.UnicodeScalarView()
        var used = 0
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            if used + size > bytesMax { break }
            used += size
            result.append(scalar)
        }
        return String(result)
    }
}

/// The members of one JSON object, with its path, read with typed errors.
struct Fields {
    let node: JSONNode
    let path: String

    init(_ node: JSONNode, path: String) {
        self.node = node
        self.path = path
    }

    func pathOf(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The member, `nil` when absent or `null`.
    private func value(_ key: String) -> JSONNode? {
        guard let value = node[key], value != .null else { return nil }
        return value
    }

    private func required(_ key: String) throws(SocketDecodingError) -> JSONNode {
        guard let value = value(key) else { throw SocketDecodingError(.missingField, pathOf(key)) }
        return value
    }

    func requiredString(_ key: String) throws(SocketDecodingError) -> String {
        guard case let .string(text) = try required(key) else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return text
    }

    func optionalString(_ key: String) throws(SocketDecodingError) -> String? {
        guard let value = value(key) else { return nil }
        guard case let .string(text) = value else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return text
    }

    func requiredBool(_ key: String) throws(SocketDecodingError) -> Bool {
        guard case let .bool(flag) = try required(key) else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return flag
    }

    func optionalBool(_ key: String) throws(SocketDecodingError) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case let .bool(flag) = value else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return flag
    }

    private func integer(_ value: JSONNode, _ key: String) throws(SocketDecodingError) -> Int64 {
        guard case let .number(_, number) = value else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        guard number.isFinite, number == number.rounded(), abs(number) <= SocketMessageDecoder.safeIntegerMax else {
            throw SocketDecodingError(.invalidValue, pathOf(key))
        }
        return Int64(number)
    }

    func requiredInteger(_ key: String) throws(SocketDecodingError) -> Int64 {
        try integer(try required(key), key)
    }

    func optionalInteger(_ key: String) throws(SocketDecodingError) -> Int64? {
        guard let value = value(key) else { return nil }
        return try integer(value, key)
    }

    /// A non-negative integer.
    func requiredCount(_ key: String) throws(SocketDecodingError) -> Int {
        let value = try requiredInteger(key)
        guard value >= 0 else { throw SocketDecodingError(.invalidValue, pathOf(key)) }
        return Int(value)
    }

    func optionalCount(_ key: String) throws(SocketDecodingError) -> Int? {
        guard let value = try optionalInteger(key) else { return nil }
        guard value >= 0 else { throw SocketDecodingError(.invalidValue, pathOf(key)) }
        return Int(value)
    }

    func requiredObject(_ key: String) throws(SocketDecodingError) -> Fields {
        let value = try required(key)
        guard case .object = value else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return Fields(value, path: pathOf(key))
    }

    func optionalObject(_ key: String) throws(SocketDecodingError) -> Fields? {
        guard let value = value(key) else { return nil }
        guard case .object = value else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return Fields(value, path: pathOf(key))
    }

    func optionalArray(_ key: String) throws(SocketDecodingError) -> [JSONNode]? {
        guard let value = value(key) else { return nil }
        guard case let .array(elements) = value else { throw SocketDecodingError(.wrongType, pathOf(key)) }
        return elements
    }
}
