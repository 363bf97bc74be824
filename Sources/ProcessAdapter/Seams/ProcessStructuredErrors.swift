import SpecConformance
import SpecModel

/// A program's structured error payloads, as a `StructuredErrorBuilding`.
///
/// `errorPayload` with `{"failure": Failure}` → `{"text": payload}`: the JSON text of the error
/// message's payload (`code`, `message`, `userMessage`, `affectedItems`, `retryable`, `details`), as
/// the backend's `sendError` builds it. A Failure is tagged by `kind`, one per `ProgressFailure` case, with the case's facts:
/// `enrichmentFailed` (`reason`, `failedTitles`, `successCount`), `csvImportFailed` (`code` or null,
/// `reason`, `fileName`, `fileSize`), `noBooksDetected` (`imageSize`), `aiScanFailed` (`reason`,
/// `imageSize`), `invalidMessage` (`reason`), `unauthorized`, `jobNotFound`, `providerTimeout`
/// (`provider`), `providerUnavailable` (`provider`, `statusCode` or null), `internalError` (`reason`).
public struct ProcessStructuredErrors: StructuredErrorBuilding {
    private let instance: AdapterInstance

    /// A fresh error builder in the program `session` talks to.
    public init(_ session: AdapterSession) {
        instance = AdapterInstance(.structuredErrors, in: session)
    }

    /// Asks the program for the error payload of `failure` (`errorPayload`); no bytes once the program has failed.
    public func errorPayload(for failure: ProgressFailure) -> [UInt8] {
        instance.call("errorPayload", now: nil, input: .members([("failure", Self.encode(failure))])) { field throws(JSONFieldError) in
            Array(try field.field("text").string().utf8)
        } ?? []
    }

    /// A failure as the protocol writes it.
    static func encode(_ failure: ProgressFailure) -> JSONValue {
        switch failure {
        case let .enrichmentFailed(reason, titles, successes):
            .members([("kind", .string("enrichmentFailed")), ("reason", .string(reason)), ("failedTitles", .array(titles.map(JSONValue.string))), ("successCount", .int(successes))])
        case let .csvImportFailed(code, reason, fileName, fileSize):
            .members([("kind", .string("csvImportFailed")), ("code", code.map { .string($0.rawValue) } ?? .null), ("reason", .string(reason)), ("fileName", .string(fileName)), ("fileSize", .int(fileSize))])
        case let .noBooksDetected(imageSize):
            .members([("kind", .string("noBooksDetected")), ("imageSize", .int(imageSize))])
        case let .aiScanFailed(reason, imageSize):
            .members([("kind", .string("aiScanFailed")), ("reason", .string(reason)), ("imageSize", .int(imageSize))])
        case let .invalidMessage(reason):
            .members([("kind", .string("invalidMessage")), ("reason", .string(reason))])
        case .unauthorized:
            .members([("kind", .string("unauthorized"))])
        case .jobNotFound:
            .members([("kind", .string("jobNotFound"))])
        case let .providerTimeout(provider):
            .members([("kind", .string("providerTimeout")), ("provider", .string(provider))])
        case let .providerUnavailable(provider, statusCode):
            .members([("kind", .string("providerUnavailable")), ("provider", .string(provider)), ("statusCode", statusCode.map(JSONValue.int) ?? .null)])
        case let .internalError(reason):
            .members([("kind", .string("internalError")), ("reason", .string(reason))])
        }
    }
}
