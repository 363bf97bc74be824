/// The machine-readable code of a structured error: `E_` followed by 1 to 60 capital letters,
/// digits or underscores.
///
/// Seed: 003_…, Task 3, "Structured Error Payload" (`code: "E_ENRICHMENT_FAILED"`) and the handlers
/// that send `ErrorCodes.*`. The seed names six codes; `known` adds the ones the other seeds and the
/// protocol imply (a client frame the server cannot decode, a socket without the job's token, a job
/// that does not exist, a provider that times out or is down, an internal failure). Cancellation is
/// not an error and has no code.
///
/// A code is *well formed* when it matches `E_[A-Z0-9_]{1,60}`. Decoding accepts any well-formed code,
/// known or not, because a newer server may add codes and the client must still show the payload's
/// user message; it rejects malformed ones with `FormatError` (D-081).
public struct ProgressErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as it travels on the wire, for example `"E_ENRICHMENT_FAILED"`.
    public let rawValue: String

    /// Every code begins with this prefix.
    public static let prefix = "E_"

    public static let nameBytesMax = ProgressLimits.errorCodeNameBytesMax

    /// The code `rawValue`, or `nil` when it is not well formed (see `init(validating:)`).
    public init?(rawValue: String) {
        guard let code = try? ProgressErrorCode(validating: rawValue) else { return nil }
        self = code
    }

    /// The code `rawValue`, checked to match `E_[A-Z0-9_]{1,60}`.
    ///
    /// - Throws: `FormatError`, naming the first rule the text breaks.
    public init(validating rawValue: String) throws(FormatError) {
        let bytes = Array(rawValue.utf8)
        let prefix = Array(Self.prefix.utf8)
        guard bytes.starts(with: prefix) else { throw .missingPrefix }
        let nameBytes = bytes.count - prefix.count
        guard nameBytes > 0 else { throw .emptyName }
        guard nameBytes <= Self.nameBytesMax else { throw .nameTooLong(bytes: nameBytes) }
        for offset in prefix.count..<bytes.count where !Self.isNameByte(bytes[offset]) {
            throw .invalidCharacter(offset: offset)
        }
        self.rawValue = rawValue
    }

    /// A constant from `known`, whose form `ProgressErrorCodeTests` checks.
    private init(constant rawValue: String) {
        self.rawValue = rawValue
    }

    /// The code as written on the wire (`rawValue`).
    public var description: String { rawValue }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): return true
        default: return false
        }
    }
}

// MARK: - Why a code is malformed

extension ProgressErrorCode {
    /// Why a text is not a well-formed error code, and how codes are written instead.
    public enum FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The text does not begin with `E_`.
        case missingPrefix
        /// The text is `E_` alone.
        case emptyName
        /// The text has `bytes` bytes after `E_`, more than `nameBytesMax`.
        case nameTooLong(bytes: Int)
        /// The byte at `offset` (counted in UTF-8 bytes from the start) is not A–Z, 0–9 or `_`.
        case invalidCharacter(offset: Int)

        /// The rule broken, with an example of a well-formed code.
        public var description: String {
            switch self {
            case .missingPrefix:
                return "an error code must begin with E_, like E_ENRICHMENT_FAILED"
            case .emptyName:
                return "an error code needs at least one character after E_, like E_ENRICHMENT_FAILED"
            case let .nameTooLong(bytes):
                return "an error code has at most \(ProgressErrorCode.nameBytesMax) characters after E_, this one has \(bytes)"
            case let .invalidCharacter(offset):
                return "an error code is written with A-Z, 0-9 and _ only (like E_ENRICHMENT_FAILED); byte \(offset) is not one of them"
            }
        }
    }
}

// MARK: - The known codes

extension ProgressErrorCode {
    /// A batch enrichment failed as a whole (Seed: 003_…, Task 3, `ErrorCodes.ENRICHMENT_FAILED`).
    public static let enrichmentFailed = ProgressErrorCode(constant: "E_ENRICHMENT_FAILED")
    /// A CSV file could not be parsed (Seed: 003_…, Task 3, the CSV handler's default code).
    public static let csvParseFailed = ProgressErrorCode(constant: "E_CSV_PARSE_FAILED")
    /// A CSV file is not in a format the importer reads; the only CSV error not worth retrying
    /// (Seed: 003_…, Task 3, `retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT`).
    public static let invalidCSVFormat = ProgressErrorCode(constant: "E_INVALID_CSV_FORMAT")
    /// Gemini did not answer in time, while parsing a CSV file or scanning a photo (Seed: 003_…, Task 3).
    public static let geminiTimeout = ProgressErrorCode(constant: "E_GEMINI_TIMEOUT")
    /// Gemini failed other than by a timeout (Seed: 003_…, Task 3, the AI scanner handler).
    public static let geminiAPIError = ProgressErrorCode(constant: "E_GEMINI_API_ERROR")
    /// Gemini found no books in a bookshelf photo (Seed: 003_…, Task 3, the AI scanner handler).
    public static let noBooksDetected = ProgressErrorCode(constant: "E_NO_BOOKS_DETECTED")
    /// The server could not decode a frame the client sent (production closes the socket with 1002,
    /// "protocol error", for an unknown or malformed client message).
    public static let invalidMessage = ProgressErrorCode(constant: "E_INVALID_MESSAGE")
    /// The socket did not present the job's token (Seed: 003_…, Phase 1 Task 1, token authentication).
    public static let unauthorized = ProgressErrorCode(constant: "E_UNAUTHORIZED")
    /// No active job has the socket's job ID (Seed: 000_…, `JOB_NOT_FOUND`).
    public static let jobNotFound = ProgressErrorCode(constant: "E_JOB_NOT_FOUND")
    /// A book data provider did not answer in time (Seed: 003_…, Task 3, "API timeout").
    public static let providerTimeout = ProgressErrorCode(constant: "E_PROVIDER_TIMEOUT")
    /// A book data provider answered with an error status (Seed: 003_…, Task 3, the payload's
    /// `provider: "Google Books", statusCode: 503`).
    public static let providerUnavailable = ProgressErrorCode(constant: "E_PROVIDER_UNAVAILABLE")
    /// The server failed for a reason of its own.
    public static let internalError = ProgressErrorCode(constant: "E_INTERNAL")

    /// The codes this model knows, seed codes first, in a fixed order.
    public static let known: [ProgressErrorCode] = [
        .enrichmentFailed, .csvParseFailed, .invalidCSVFormat, .geminiTimeout, .geminiAPIError, .noBooksDetected,
        .invalidMessage, .unauthorized, .jobNotFound, .providerTimeout, .providerUnavailable, .internalError,
    ]

    /// Whether this code is one of `known`; a well-formed unknown code comes from a newer server.
    public var isKnown: Bool { Self.known.contains(self) }

    /// Whether the user is offered a retry when a payload with this code omits `retryable`.
    ///
    /// The seed's rules (Task 3): enrichment failures are retryable; CSV errors are, except
    /// `E_INVALID_CSV_FORMAT` (the same file fails again); the AI scanner's three codes are. The
    /// project decides the rest (D-082): a provider timeout or outage and an internal failure are
    /// transient, so retryable; an undecodable client frame, a missing token and an unknown job fail
    /// the same way again, so not; and an unknown code is not, because a retry button for a failure
    /// the client does not understand promises what it cannot know.
    public var defaultRetryable: Bool {
        switch self {
        case .enrichmentFailed, .csvParseFailed, .geminiTimeout, .geminiAPIError, .noBooksDetected,
            .providerTimeout, .providerUnavailable, .internalError:
            return true
        default:
            return false
        }
    }

    /// The user-facing message for a payload with this code that omits `userMessage`.
    ///
    /// Production's error payload is `{code, message, details?, retryable?}`, with no user message, so
    /// the client supplies one (D-083). Where the seed writes a user message for the code, it is the
    /// seed's; `E_GEMINI_TIMEOUT` has two in the seed (one for CSV files, one for photos), so it gets a
    /// pipeline-neutral one; an unknown code gets the seed's iOS fallback, "An error occurred".
    public var defaultUserMessage: String {
        switch self {
        case .enrichmentFailed: return StructuredError.UserMessages.enrichmentFailed
        case .csvParseFailed, .invalidCSVFormat: return StructuredError.UserMessages.csvParseFailed
        case .geminiTimeout: return "AI processing took too long. Please try again."
        case .geminiAPIError: return StructuredError.UserMessages.aiScanFailed
        case .noBooksDetected: return StructuredError.UserMessages.noBooksDetected
        case .invalidMessage: return "The app sent a request the server could not read. Please update the app."
        case .unauthorized: return "This job could not be verified. Please start it again."
        case .jobNotFound: return "This job is no longer running."
        case .providerTimeout: return "A book service took too long to answer. Please try again."
        case .providerUnavailable: return "A book service is unavailable right now. Please try again later."
        case .internalError: return "Something went wrong. Please try again."
        default: return "An error occurred"
        }
    }
}
