// The structured errors of the seed's situations, built from plain values by the seed's rules.

extension StructuredError {
    /// The user-facing messages the seed writes, word for word (Seed: 003_…, Task 3).
    public enum UserMessages {
        /// The batch enrichment handler's catastrophic failure.
        public static let enrichmentFailed = "Something went wrong during enrichment. Please try again."
        /// The CSV import handler, for every code but `E_GEMINI_TIMEOUT`.
        public static let csvParseFailed = "Could not parse your CSV file. Please check the format."
        /// The CSV import handler, for `E_GEMINI_TIMEOUT`.
        public static let csvGeminiTimeout = "AI parsing took too long. Try a smaller file."
        /// The AI scanner, when Gemini detects no books.
        public static let noBooksDetected = "No books found. Try a clearer photo with better lighting."
        /// The AI scanner, when Gemini times out.
        public static let aiScanTimeout = "AI analysis took too long. Try a smaller photo."
        /// The AI scanner, when Gemini fails otherwise.
        public static let aiScanFailed = "AI analysis failed. Please try again."
    }

    /// The providers and endpoint the seed's handlers name in `details` (Seed: 003_…, Task 3).
    public enum Providers {
        /// The enrichment handler's: several providers were involved.
        public static let multiple = "Multiple"
        /// The CSV import and AI scanner handlers'.
        public static let gemini = "Gemini 2.0 Flash"
        /// The AI scanner's endpoint.
        public static let geminiEndpoint = "generateContent"
    }

    // MARK: - Batch enrichment

    /// A batch enrichment that failed as a whole, with the titles that had failed so far.
    ///
    /// Seed: 003_…, Task 3, the batch enrichment handler's `catch`: `E_ENRICHMENT_FAILED`, message
    /// "Batch enrichment failed: <reason>", the seed's user message, the first ten failed titles as
    /// affected items, retryable, and details with every failed title counted (`failureCount`, and
    /// `affectedItemsTotal` when more than ten), `successCount` and provider "Multiple". The seed's
    /// `stack` is not sent (D-086).
    ///
    /// - Parameter reason: why the batch failed, appended to the message "Batch enrichment failed: ".
    /// - Parameter failedTitles: the titles of the books that failed so far; the first ten become the
    ///   affected items, and all of them are counted in `failureCount`.
    /// - Parameter successCount: the books enriched (the seed's `books.length - failedBooks.length`).
    /// - Precondition: `successCount` is not negative.
    public static func enrichmentFailed(reason: String, failedTitles: [String], successCount: Int) -> StructuredError {
        StructuredError(
            code: .enrichmentFailed,
            message: "Batch enrichment failed: " + reason,
            userMessage: UserMessages.enrichmentFailed,
            affectedItems: failedTitles,
            retryable: true,
            details: ErrorDetails(successCount: successCount, failureCount: failedTitles.count, provider: Providers.multiple)
        )
    }

    // MARK: - CSV import

    /// A CSV import that failed to parse its file.
    ///
    /// Seed: 003_…, Task 3, the CSV import handler's `catch`: the error's code or `E_CSV_PARSE_FAILED`;
    /// the error's message; "AI parsing took too long. Try a smaller file." for `E_GEMINI_TIMEOUT`, else
    /// "Could not parse your CSV file. Please check the format."; retryable unless the code is
    /// `E_INVALID_CSV_FORMAT`; details with the file's name and size and provider "Gemini 2.0 Flash".
    ///
    /// - Parameters:
    ///   - code: the failure's own code; `nil` takes `E_CSV_PARSE_FAILED` (the seed's `error.code ||`).
    ///   - reason: the failure's message, used as the error's technical message.
    ///   - fileName: the name of the CSV file, reported in the details.
    ///   - fileSize: in bytes.
    /// - Precondition: `fileSize` is not negative.
    public static func csvImportFailed(code: ProgressErrorCode? = nil, reason: String, fileName: String, fileSize: Int) -> StructuredError {
        let code = code ?? .csvParseFailed
        return StructuredError(
            code: code,
            message: reason,
            userMessage: code == .geminiTimeout ? UserMessages.csvGeminiTimeout : UserMessages.csvParseFailed,
            retryable: code != .invalidCSVFormat,
            details: ErrorDetails(provider: Providers.gemini, fileName: fileName, fileSize: fileSize)
        )
    }

    // MARK: - AI scanner

    /// A bookshelf photo in which Gemini detected no books.
    ///
    /// Seed: 003_…, Task 3, the AI scanner handler: `E_NO_BOOKS_DETECTED`, message "Gemini did not
    /// detect any books in the image", "No books found. Try a clearer photo with better lighting.",
    /// retryable, details with the image size and provider "Gemini 2.0 Flash".
    ///
    /// - Parameter imageSize: in bytes.
    /// - Precondition: `imageSize` is not negative.
    public static func noBooksDetected(imageSize: Int) -> StructuredError {
        StructuredError(
            code: .noBooksDetected,
            message: "Gemini did not detect any books in the image",
            userMessage: UserMessages.noBooksDetected,
            retryable: true,
            details: ErrorDetails(provider: Providers.gemini, imageSize: imageSize)
        )
    }

    /// A bookshelf scan whose call to Gemini failed, as a timeout when `reason` says so.
    ///
    /// Seed: 003_…, Task 3, the AI scanner handler's `catch`: a timeout when the error message
    /// includes "timeout", then `E_GEMINI_TIMEOUT` and "AI analysis took too long. Try a smaller
    /// photo.", else `E_GEMINI_API_ERROR` and "AI analysis failed. Please try again."; the error's
    /// message; retryable either way; details with the image size, provider "Gemini 2.0 Flash" and
    /// endpoint "generateContent".
    ///
    /// The seed's `includes('timeout')` is case-sensitive; here ASCII letters match in any case, so
    /// "Timeout", "TimeoutError" and "UND_ERR_HEADERS_TIMEOUT" are timeouts too (D-087). Both outcomes
    /// are retryable; only the code and the advice differ.
    ///
    /// - Parameter reason: the failure's message, used as the error's technical message; a timeout
    ///   when it contains "timeout".
    /// - Parameter imageSize: in bytes.
    /// - Precondition: `imageSize` is not negative.
    public static func aiScanFailed(reason: String, imageSize: Int) -> StructuredError {
        let isTimeout = isTimeoutReason(reason)
        return StructuredError(
            code: isTimeout ? .geminiTimeout : .geminiAPIError,
            message: reason,
            userMessage: isTimeout ? UserMessages.aiScanTimeout : UserMessages.aiScanFailed,
            retryable: true,
            details: ErrorDetails(provider: Providers.gemini, imageSize: imageSize, apiEndpoint: Providers.geminiEndpoint)
        )
    }

    /// Whether a failure's message says it timed out: it contains "timeout", ASCII letters in any case.
    public static func isTimeoutReason(_ reason: String) -> Bool {
        ProgressText.containsIgnoringASCIICase(reason, "timeout")
    }

    // MARK: - The protocol's own failures

    /// A frame from the client that the server could not decode (production closes such a socket
    /// with 1002); not retryable, since the same frame fails again.
    public static func invalidMessage(reason: String) -> StructuredError {
        StructuredError(code: .invalidMessage, message: "Could not decode the client's message: " + reason, userMessage: ProgressErrorCode.invalidMessage.defaultUserMessage)
    }

    /// A socket that did not present the job's token; not retryable with the same token.
    public static func unauthorized() -> StructuredError {
        StructuredError(code: .unauthorized, message: "The socket did not present the job's token", userMessage: ProgressErrorCode.unauthorized.defaultUserMessage)
    }

    /// A socket for a job that is not running (Seed: 000_…, `JOB_NOT_FOUND`: "No active job found with
    /// this ID"); not retryable.
    public static func jobNotFound() -> StructuredError {
        StructuredError(code: .jobNotFound, message: "No active job found with this ID", userMessage: ProgressErrorCode.jobNotFound.defaultUserMessage)
    }

    /// A provider that did not answer in time; retryable.
    public static func providerTimeout(provider: String) -> StructuredError {
        StructuredError(
            code: .providerTimeout,
            message: provider + " did not answer in time",
            userMessage: ProgressErrorCode.providerTimeout.defaultUserMessage,
            details: ErrorDetails(provider: provider)
        )
    }

    /// A provider that answered with an error status, such as Google Books with 503; retryable.
    ///
    /// - Precondition: `statusCode`, when given, is in `ErrorDetails.statusCodeRange`.
    public static func providerUnavailable(provider: String, statusCode: Int?) -> StructuredError {
        StructuredError(
            code: .providerUnavailable,
            message: provider + (statusCode.map { " answered with status \($0)" } ?? " is unavailable"),
            userMessage: ProgressErrorCode.providerUnavailable.defaultUserMessage,
            details: ErrorDetails(provider: provider, statusCode: statusCode)
        )
    }

    /// A failure of the server's own; retryable.
    public static func internalError(reason: String) -> StructuredError {
        StructuredError(code: .internalError, message: "Internal error: " + reason, userMessage: ProgressErrorCode.internalError.defaultUserMessage)
    }
}
