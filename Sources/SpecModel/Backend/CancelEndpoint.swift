import TextFormats

/// `POST /api/enrichment/cancel`: cancels a backend enrichment job.
///
/// Seed: 000_…, "API Specification". The request is `{"jobId": "<uuid>"}`. Responses:
///
/// | case | status | body |
/// |---|---|---|
/// | job running, now canceled | 200 | `{"success": true, "data": {"jobId", "status": "canceled"}, "meta": {"timestamp"}}` (the seed's) |
/// | job already canceled | 200 | the same, with `"alreadyCanceled": true` in `data`: harmless, and says so |
/// | no such job, it already ended, or the job has a token and the request does not carry it (`Authorization: Bearer`) | 404 | `{"success": false, "error": {"code": "JOB_NOT_FOUND", "message": "No active job found with this ID"}}` (the seed's) |
/// | body not JSON | 400 | `INVALID_JSON`, with the parser's message and byte offset |
/// | body not an object, `jobId` missing, `null`, not a string or not a UUID | 400 | `INVALID_REQUEST`, naming the problem |
/// | body larger than `requestBytesMax` | 413 | `PAYLOAD_TOO_LARGE` |
/// | a method other than POST | 405 | `METHOD_NOT_ALLOWED` |
///
/// Job IDs are matched without regard to case, and the answer names the job by the ID it was started
/// with (production issues lowercase UUIDs; Foundation's are uppercase); members other than
/// `jobId` are ignored, as production ignores them. Decisions D-023 and D-024. A job started with a
/// token (Phase 1's token authentication) is canceled only by a request bearing it; without it the
/// answer is the unknown job's, so a client learns nothing about another client's job (D-080).
public enum CancelEndpoint {
    /// The endpoint's path (seed 000_…, "API Specification").
    public static let path = "/api/enrichment/cancel"
    public static let requestBytesMax = BackendLimits.cancelRequestBytesMax

    /// Handles a request against the backend's jobs at `now`.
    ///
    /// - Precondition: `now` is within the years 0000 to 9999 (`ISO8601Timestamp`'s range), as any
    ///   real clock's reading is.
    public static func handle(_ request: HTTPRequest, jobs: inout BackendJobRegistry, at now: Timestamp) -> HTTPResponse {
        guard request.method == "POST" else {
            return failure(405, "METHOD_NOT_ALLOWED", "Use POST to cancel a job, not \(TextExcerpt.prefix(request.method, utf8BytesMax: 16))")
        }
        guard request.body.count <= requestBytesMax else {
            return failure(413, "PAYLOAD_TOO_LARGE", "Request body of \(request.body.count) bytes exceeds the \(requestBytesMax)-byte limit")
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: request.body)
        } catch {
            return HTTPResponse(status: 400, body: errorBody(
                "INVALID_JSON", "Request body is not valid JSON: \(error)",
                details: ["offset": .integer(Int64(error.offset))]
            ))
        }
        let jobId: String
        do {
            jobId = try parseJobId(document)
        } catch {
            return failure(400, "INVALID_REQUEST", "Invalid request: \(error.message)")
        }
        guard jobs.authorizes(jobId, token: request.authorization) else {
            return failure(404, "JOB_NOT_FOUND", "No active job found with this ID")
        }
        // The answer names the job by the ID text it was started with.
        let name = jobs.job(jobId)?.jobId ?? jobId
        switch jobs.cancel(jobId, at: now) {
        case .canceled?:
            return success(name, alreadyCanceled: false, at: now)
        case .alreadyCanceled?:
            return success(name, alreadyCanceled: true, at: now)
        case .notActive?, nil:
            return failure(404, "JOB_NOT_FOUND", "No active job found with this ID")
        }
    }

    /// Why a request's `jobId` was refused.
    struct RequestProblem: Error {
        let message: String
    }

    /// The request's job ID, validated as a UUID (returned lowercased; the registry matches any case).
    static func parseJobId(_ document: JSONValue) throws(RequestProblem) -> String {
        guard case let .object(object) = document else {
            throw RequestProblem(message: "the body must be a JSON object with a jobId, not \(document.kind.rawValue)")
        }
        guard let value = object["jobId"], !value.isNull else {
            throw RequestProblem(message: "jobId required")
        }
        guard let text = value.string else {
            throw RequestProblem(message: "jobId must be a string, got \(value.kind.rawValue)")
        }
        guard let uuid = canonicalUUID(text) else {
            throw RequestProblem(message: "jobId must be a UUID like 550e8400-e29b-41d4-a716-446655440000, got \"\(TextExcerpt.prefix(text, utf8BytesMax: 64))\"")
        }
        return uuid
    }

    /// The lowercase form of a canonical 8-4-4-4-12 hexadecimal UUID, or `nil`.
    static func canonicalUUID(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return nil }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return nil }
                lowered.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): lowered.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): lowered.append(byte + 32)
            default: return nil
            }
        }
        return String(decoding: lowered, as: UTF8.self)
    }

    static func success(_ jobId: String, alreadyCanceled: Bool, at now: Timestamp) -> HTTPResponse {
        var data: JSONObject = ["jobId": .string(jobId), "status": "canceled"]
        if alreadyCanceled { data["alreadyCanceled"] = true }
        let timestamp: String
        do {
            timestamp = try ISO8601Timestamp.format(epochMilliseconds: now.epochMilliseconds)
        } catch {
            // The server's own clock outside years 0000 to 9999 is a bug in the caller, not a request error.
            preconditionFailure("the backend's time \(now) cannot be written as an ISO-8601 timestamp: \(error)")
        }
        return HTTPResponse(status: 200, body: .object([
            "success": true,
            "data": .object(data),
            "meta": .object(["timestamp": .string(timestamp)]),
        ]))
    }

    static func failure(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, body: errorBody(code, message, details: nil))
    }

    static func errorBody(_ code: String, _ message: String, details: JSONObject?) -> JSONValue {
        var error: JSONObject = ["code": .string(code), "message": .string(message)]
        if let details { error["details"] = .object(details) }
        return .object(["success": false, "error": .object(error)])
    }
}
