import TextFormats

/// The typed `details` of a structured error: counts, the provider and what the failing request
/// carried, each present only when the situation has it.
///
/// Seed: 003_…, Task 3. The seed's payloads carry `failureCount`, `successCount`, `provider`,
/// `statusCode` (the batch enrichment example), `fileName` and `fileSize` (CSV import), `imageSize` and
/// `apiEndpoint` (AI scanner). `affectedItemsTotal` is the project's: how many items were affected in
/// all when more than `StructuredError.affectedItemsMax` were, so cutting the list loses no count
/// (D-085).
///
/// The seed's enrichment handler also sends `stack: error.stack`. Stack traces never go on the wire:
/// they tell an attacker about the server and tell the user nothing, so there is no such field, no
/// builder sends one, and the decoder ignores a `stack` member like any other unknown member (D-086).
///
/// Counts and sizes are never negative and `statusCode` is an HTTP status (`statusCodeRange`); a
/// builder passing anything else is a programmer error and traps, a payload carrying it is refused
/// with a `JSONFieldError`. Texts are cut to `textBytesMax` UTF-8 bytes by the initializer and refused
/// above it by the decoder. Equality compares texts by their UTF-8 bytes, as the JSON layer does.
public struct ErrorDetails: Hashable, Sendable {
    public static let textBytesMax = ProgressLimits.errorDetailTextBytesMax
    /// The statuses `statusCode` may hold: HTTP's.
    public static let statusCodeRange = 100...599

    /// How many items succeeded before or despite the failure.
    public internal(set) var successCount: Int?
    /// How many items failed, all of them (the affected items list may show fewer).
    public internal(set) var failureCount: Int?
    /// How many items were affected in all, when the affected items list was cut to its maximum.
    public internal(set) var affectedItemsTotal: Int?
    /// The provider involved, such as `"Google Books"`, `"Gemini 2.0 Flash"` or `"Multiple"`.
    public internal(set) var provider: String?
    /// The provider's HTTP status, such as 503.
    public internal(set) var statusCode: Int?
    /// The name of the file being imported.
    public internal(set) var fileName: String?
    /// The size of the file being imported, in bytes.
    public internal(set) var fileSize: Int?
    /// The size of the photo being scanned, in bytes.
    public internal(set) var imageSize: Int?
    /// The provider's endpoint that failed, such as `"generateContent"`.
    public internal(set) var apiEndpoint: String?

    /// Details with the given fields; texts longer than `textBytesMax` bytes are cut at a scalar boundary.
    ///
    /// - Precondition: counts and sizes are not negative; `statusCode` is in `statusCodeRange`.
    public init(
        successCount: Int? = nil, failureCount: Int? = nil, affectedItemsTotal: Int? = nil,
        provider: String? = nil, statusCode: Int? = nil,
        fileName: String? = nil, fileSize: Int? = nil, imageSize: Int? = nil, apiEndpoint: String? = nil
    ) {
        if let problem = Self.problem(successCount: successCount, failureCount: failureCount, affectedItemsTotal: affectedItemsTotal, statusCode: statusCode, fileSize: fileSize, imageSize: imageSize) {
            preconditionFailure(problem.description)
        }
        self.successCount = successCount
        self.failureCount = failureCount
        self.affectedItemsTotal = affectedItemsTotal
        self.provider = provider.map { TextExcerpt.prefix($0, utf8BytesMax: Self.textBytesMax) }
        self.statusCode = statusCode
        self.fileName = fileName.map { TextExcerpt.prefix($0, utf8BytesMax: Self.textBytesMax) }
        self.fileSize = fileSize
        self.imageSize = imageSize
        self.apiEndpoint = apiEndpoint.map { TextExcerpt.prefix($0, utf8BytesMax: Self.textBytesMax) }
    }

    /// The details, or why a frame's values cannot be them (a decoder's path: the initialiser traps).
    public static func checked(
        successCount: Int? = nil, failureCount: Int? = nil, affectedItemsTotal: Int? = nil,
        provider: String? = nil, statusCode: Int? = nil,
        fileName: String? = nil, fileSize: Int? = nil, imageSize: Int? = nil, apiEndpoint: String? = nil
    ) throws(ProgressValueError) -> ErrorDetails {
        if let problem = problem(successCount: successCount, failureCount: failureCount, affectedItemsTotal: affectedItemsTotal, statusCode: statusCode, fileSize: fileSize, imageSize: imageSize) {
            throw problem
        }
        return ErrorDetails(
            successCount: successCount, failureCount: failureCount, affectedItemsTotal: affectedItemsTotal, provider: provider,
            statusCode: statusCode, fileName: fileName, fileSize: fileSize, imageSize: imageSize, apiEndpoint: apiEndpoint
        )
    }

    static func problem(successCount: Int?, failureCount: Int?, affectedItemsTotal: Int?, statusCode: Int?, fileSize: Int?, imageSize: Int?) -> ProgressValueError? {
        for (name, count) in [("successCount", successCount), ("failureCount", failureCount), ("affectedItemsTotal", affectedItemsTotal),
                              ("fileSize", fileSize), ("imageSize", imageSize)] {
            if let count, count < 0 { return ProgressValueError("payload.details.\(name)", "must not be negative, got \(count)") }
        }
        if let statusCode, !statusCodeRange.contains(statusCode) {
            return ProgressValueError("payload.details.statusCode", "must be an HTTP status (100-599), got \(statusCode)")
        }
        return nil
    }

    /// Whether no field is present.
    public var isEmpty: Bool { payloadObject.isEmpty }

    /// Equal when the payloads are: the same fields, texts with the same UTF-8 bytes.
    public static func == (lhs: ErrorDetails, rhs: ErrorDetails) -> Bool {
        lhs.payloadObject == rhs.payloadObject
    }

    /// Hashes the payload, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        payloadObject.hash(into: &hasher)
    }
}

// MARK: - JSON

extension ErrorDetails {
    /// The `details` object: the present fields only, under the seed's names.
    public var payload: JSONValue { .object(payloadObject) }

    var payloadObject: JSONObject {
        var object = JSONObject()
        object["successCount"] = successCount.map { .integer(Int64($0)) }
        object["failureCount"] = failureCount.map { .integer(Int64($0)) }
        object["affectedItemsTotal"] = affectedItemsTotal.map { .integer(Int64($0)) }
        object["provider"] = provider.map { .string($0) }
        object["statusCode"] = statusCode.map { .integer(Int64($0)) }
        object["fileName"] = fileName.map { .string($0) }
        object["fileSize"] = fileSize.map { .integer(Int64($0)) }
        object["imageSize"] = imageSize.map { .integer(Int64($0)) }
        object["apiEndpoint"] = apiEndpoint.map { .string($0) }
        return object
    }

    /// Decodes a `details` object: known fields are type-checked, unknown members (`stack` among
    /// them) are ignored, and an absent or `null` field is absent.
    ///
    /// - Throws: `JSONFieldError` naming the path: `.wrongType` when `details` is not an object or a
    ///   field has the wrong kind (counts must be integers written without fraction or exponent),
    ///   `.invalidValue` for a negative count or size, a status outside 100-599, or a text over
    ///   `textBytesMax` bytes.
    public init(decoding details: JSONField) throws(JSONFieldError) {
        guard case .object = details.value else { throw details.wrongType(expected: JSONValue.Kind.object.rawValue) }
        successCount = try Self.count(details, "successCount")
        failureCount = try Self.count(details, "failureCount")
        affectedItemsTotal = try Self.count(details, "affectedItemsTotal")
        provider = try Self.text(details, "provider")
        if let field = try details.optionalField("statusCode") {
            let status = try field.int64()
            guard Int64(Self.statusCodeRange.lowerBound)...Int64(Self.statusCodeRange.upperBound) ~= status else {
                throw field.invalid("must be an HTTP status from 100 to 599, got \(status)")
            }
            statusCode = Int(status)
        } else {
            statusCode = nil
        }
        fileName = try Self.text(details, "fileName")
        fileSize = try Self.count(details, "fileSize")
        imageSize = try Self.count(details, "imageSize")
        apiEndpoint = try Self.text(details, "apiEndpoint")
    }

    private static func count(_ details: JSONField, _ key: String) throws(JSONFieldError) -> Int? {
        try details.optionalField(key)?.count()
    }

    private static func text(_ details: JSONField, _ key: String) throws(JSONFieldError) -> String? {
        try details.optionalField(key)?.text(utf8BytesMax: textBytesMax)
    }
}
