import SpecModel

/// Seam: the backend's structured errors, the `payload` of an `error` message for each failure the
/// seed's handlers meet.
///
/// Seed 003_…, Task 3, "Enhanced Error Messages with Structured Codes" (the batch enrichment, CSV
/// import and AI scanner handlers' `sendError` calls), with the protocol's own failures (a bad client
/// frame, a missing token, an unknown job, a provider timing out or down, an internal failure). The
/// answer is the payload as UTF-8 JSON, as the backend would put it on the wire. A backend wraps its
/// error factory:
///
///     struct BackendErrors: StructuredErrorBuilding {
///         func errorPayload(for failure: ProgressFailure) -> [UInt8] {
///             Array(ErrorPayloads.json(for: failure.backendError).utf8)   // the backend's JSON.stringify
///         }
///     }
public protocol StructuredErrorBuilding {
    /// The error payload for `failure`: `{code, message, userMessage, affectedItems, retryable, details}`
    /// as UTF-8 JSON.
    func errorPayload(for failure: ProgressFailure) -> [UInt8]
}

/// A failure a backend reports as a structured error, with the facts its handler has.
public enum ProgressFailure: Hashable, Sendable, CustomStringConvertible {
    /// A batch enrichment failed as a whole, after `failedTitles` had failed and `successCount` books
    /// were enriched (the seed's `processBatchEnrichment` `catch`).
    case enrichmentFailed(reason: String, failedTitles: [String], successCount: Int)
    /// A CSV import could not parse its file; `code` is the failure's own code, if it has one (the
    /// seed's `error.code || ErrorCodes.CSV_PARSE_FAILED`).
    case csvImportFailed(code: ProgressErrorCode?, reason: String, fileName: String, fileSize: Int)
    /// Gemini detected no books in a bookshelf photo of `imageSize` bytes.
    case noBooksDetected(imageSize: Int)
    /// The AI scanner's call to Gemini failed with `reason` (a timeout when the reason says so).
    case aiScanFailed(reason: String, imageSize: Int)
    /// The server could not decode a frame the client sent.
    case invalidMessage(reason: String)
    /// A socket did not present the job's token.
    case unauthorized
    /// No job has the socket's job ID.
    case jobNotFound
    /// A book data provider did not answer in time.
    case providerTimeout(provider: String)
    /// A book data provider answered with an error status, or could not be reached.
    case providerUnavailable(provider: String, statusCode: Int?)
    /// The server failed for a reason of its own.
    case internalError(reason: String)

    /// The model's structured error for this failure.
    public var modelError: StructuredError {
        switch self {
        case let .enrichmentFailed(reason, titles, successes): return .enrichmentFailed(reason: reason, failedTitles: titles, successCount: successes)
        case let .csvImportFailed(code, reason, fileName, fileSize): return .csvImportFailed(code: code, reason: reason, fileName: fileName, fileSize: fileSize)
        case let .noBooksDetected(imageSize): return .noBooksDetected(imageSize: imageSize)
        case let .aiScanFailed(reason, imageSize): return .aiScanFailed(reason: reason, imageSize: imageSize)
        case let .invalidMessage(reason): return .invalidMessage(reason: reason)
        case .unauthorized: return .unauthorized()
        case .jobNotFound: return .jobNotFound()
        case let .providerTimeout(provider): return .providerTimeout(provider: provider)
        case let .providerUnavailable(provider, status): return .providerUnavailable(provider: provider, statusCode: status)
        case let .internalError(reason): return .internalError(reason: reason)
        }
    }

    public var description: String {
        func text(_ value: String) -> String {
            value.utf8.count <= 80 ? String(reflecting: value) : String(reflecting: TextExcerpt.prefix(value, utf8BytesMax: 40)) + "… (\(value.utf8.count) bytes)"
        }
        switch self {
        case let .enrichmentFailed(reason, titles, successes):
            return "enrichmentFailed(reason: \(text(reason)), failedTitles: [\(titles.prefix(12).map(text).joined(separator: ", "))\(titles.count > 12 ? ", … \(titles.count) in all" : "")], successCount: \(successes))"
        case let .csvImportFailed(code, reason, fileName, fileSize):
            return "csvImportFailed(code: \(code.map(\.rawValue) ?? "nil"), reason: \(text(reason)), fileName: \(text(fileName)), fileSize: \(fileSize))"
        case let .noBooksDetected(imageSize): return "noBooksDetected(imageSize: \(imageSize))"
        case let .aiScanFailed(reason, imageSize): return "aiScanFailed(reason: \(text(reason)), imageSize: \(imageSize))"
        case let .invalidMessage(reason): return "invalidMessage(reason: \(text(reason)))"
        case .unauthorized: return "unauthorized"
        case .jobNotFound: return "jobNotFound"
        case let .providerTimeout(provider): return "providerTimeout(provider: \(text(provider)))"
        case let .providerUnavailable(provider, status): return "providerUnavailable(provider: \(text(provider)), statusCode: \(status.map(String.init) ?? "nil"))"
        case let .internalError(reason): return "internalError(reason: \(text(reason)))"
        }
    }
}

/// The model's error builder, the reference the suite compares with: `StructuredError`'s factories
/// and its canonical payload.
public struct ModelStructuredErrorBuilder: StructuredErrorBuilding {
    /// The model's builder.
    public init() {}

    /// The model's canonical payload of `failure`'s structured error (see the protocol).
    public func errorPayload(for failure: ProgressFailure) -> [UInt8] {
        failure.modelError.payload.encoded()
    }
}
