import TextFormats

/// The payload of a progress socket's `error` message: a code, a technical and a user-facing message,
/// the items affected, whether retrying may help, and typed details.
///
/// Seed: 003_…, Task 3, "Structured Error Payload":
///
///     { code: "E_ENRICHMENT_FAILED",
///       message: "Failed to enrich 5 books: API timeout",                              // technical
///       userMessage: "Some books couldn't be found. You can retry these manually.",   // user-facing
///       affectedItems: ["The Great Gatsby", "1984", ...],                               // up to 10 items
///       retryable: true,
///       details: { failureCount: 5, successCount: 45, provider: "Google Books", statusCode: 503 } }
///
/// Every value keeps the payload's limits, so it always encodes to a payload the decoder accepts and
/// decodes back to itself (D-084):
/// - at most `affectedItemsMax` affected items; the initializer keeps the first ten and records how
///   many there were in `details.affectedItemsTotal` (D-085);
/// - `message` and `userMessage` at most `messageBytesMax` UTF-8 bytes, each affected item at most
///   `affectedItemBytesMax`; the initializer cuts longer texts at a Unicode scalar boundary.
///
/// Texts are otherwise carried as given, control characters included: the JSON encoder escapes them,
/// and how to display them is the client's business. Equality compares the payloads, so texts compare
/// by their UTF-8 bytes, as on the wire (`JSONValue`).
///
/// The factories in `StructuredError+Factories.swift` build the seed's situations; `payload` and
/// `init(decoding:)` (in `StructuredError+JSON.swift`) are the wire form.
public struct StructuredError: Hashable, Sendable {
    public static let affectedItemsMax = ProgressLimits.affectedItemsMax
    public static let messageBytesMax = ProgressLimits.errorMessageBytesMax
    public static let affectedItemBytesMax = ProgressLimits.affectedItemBytesMax

    /// What went wrong, for code to act on.
    public let code: ProgressErrorCode
    /// What went wrong, for developers and logs.
    public let message: String
    /// What went wrong and what to do, for the user.
    public let userMessage: String
    /// The first items (book titles) the failure affected, at most `affectedItemsMax`.
    public let affectedItems: [String]
    /// Whether the client offers a retry.
    public let retryable: Bool
    /// Counts, provider and request facts; `details.affectedItemsTotal` counts every affected item
    /// when `affectedItems` was cut.
    public let details: ErrorDetails

    /// An error with these fields, brought within the payload's limits.
    ///
    /// - Parameters:
    ///   - code: what went wrong, for code to act on.
    ///   - message: what went wrong, for developers and logs; cut to `messageBytesMax` UTF-8 bytes.
    ///   - userMessage: what went wrong and what to do, for the user; cut to `messageBytesMax` UTF-8 bytes.
    ///   - retryable: `nil` takes `code.defaultRetryable`.
    ///   - affectedItems: any number; past `affectedItemsMax`, the first ten are kept and
    ///     `details.affectedItemsTotal` becomes the full count (or stays, if it was larger).
    ///   - details: counts, provider and request facts.
    /// - Precondition: `details.affectedItemsTotal`, when given, is at least the number of items kept.
    public init(
        code: ProgressErrorCode, message: String, userMessage: String,
        affectedItems: [String] = [], retryable: Bool? = nil, details: ErrorDetails = ErrorDetails()
    ) {
        var details = details
        if affectedItems.count > Self.affectedItemsMax {
            details.affectedItemsTotal = max(details.affectedItemsTotal ?? 0, affectedItems.count)
        }
        let kept = affectedItems.prefix(Self.affectedItemsMax).map { TextExcerpt.prefix($0, utf8BytesMax: Self.affectedItemBytesMax) }
        if let problem = Self.problem(affectedItemsTotal: details.affectedItemsTotal, kept: kept.count) { preconditionFailure(problem.description) }
        self.code = code
        self.message = TextExcerpt.prefix(message, utf8BytesMax: Self.messageBytesMax)
        self.userMessage = TextExcerpt.prefix(userMessage, utf8BytesMax: Self.messageBytesMax)
        self.affectedItems = kept
        self.retryable = retryable ?? code.defaultRetryable
        self.details = details
    }

    /// The error, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(
        code: ProgressErrorCode, message: String, userMessage: String,
        affectedItems: [String] = [], retryable: Bool? = nil, details: ErrorDetails = ErrorDetails()
    ) throws(ProgressValueError) -> StructuredError {
        let total = affectedItems.count > affectedItemsMax ? max(details.affectedItemsTotal ?? 0, affectedItems.count) : details.affectedItemsTotal
        if let problem = problem(affectedItemsTotal: total, kept: min(affectedItems.count, affectedItemsMax)) { throw problem }
        return StructuredError(code: code, message: message, userMessage: userMessage, affectedItems: affectedItems, retryable: retryable, details: details)
    }

    static func problem(affectedItemsTotal: Int?, kept: Int) -> ProgressValueError? {
        guard let total = affectedItemsTotal, total < kept else { return nil }
        return ProgressValueError("payload.details.affectedItemsTotal", "\(total) must count at least the \(kept) affected items listed")
    }

    /// Fields already known to be within the limits (the decoder checks them as it reads).
    init(validated code: ProgressErrorCode, message: String, userMessage: String, affectedItems: [String], retryable: Bool, details: ErrorDetails) {
        self.code = code
        self.message = message
        self.userMessage = userMessage
        self.affectedItems = affectedItems
        self.retryable = retryable
        self.details = details
    }

    /// How many items the failure affected in all: `details.affectedItemsTotal` when the list was
    /// cut, else the number listed.
    public var affectedItemsCount: Int { details.affectedItemsTotal ?? affectedItems.count }

    /// Equal when the payloads are (texts compared by UTF-8 bytes).
    public static func == (lhs: StructuredError, rhs: StructuredError) -> Bool {
        lhs.payload == rhs.payload
    }

    /// Hashes the payload, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        payload.hash(into: &hasher)
    }
}
