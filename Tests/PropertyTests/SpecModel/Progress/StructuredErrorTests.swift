import Generators
import SpecModel
import SpecTesting
import Testing

/// Structured error payloads: their codes, the seed's situations and rules, the payload's limits, and
/// a strict decoder that accepts what the seed and production send (Seed: 003_…, Task 3, "Enhanced
/// Error Messages with Structured Codes").
@Suite struct StructuredErrorTests {
    typealias Fixture = StructuredErrorFixture

    // MARK: - The seed's own tests

    /// The seed's backend test "sends structured error with all fields": the sent payload carries the
    /// code, both affected items and the retry flag; and its bytes are the canonical encoding.
    @Test func theSeedsBackendTestSendsAStructuredErrorWithAllFields() throws {
        let error = StructuredError(
            code: .enrichmentFailed,
            message: "Technical error message",
            userMessage: "User-friendly message",
            affectedItems: ["Book 1", "Book 2"],
            retryable: true,
            details: ErrorDetails(failureCount: 2)
        )
        let sent = try JSONValue(parsing: error.payload.encodedString())
        #expect(sent["code"] == "E_ENRICHMENT_FAILED")
        #expect(sent["affectedItems"]?.array?.count == 2)
        #expect(sent["retryable"] == true)
        #expect(sent["details"]?["failureCount"]?.int64 == 2)
        #expect(error.payload.encodedString() == #"{"affectedItems":["Book 1","Book 2"],"code":"E_ENRICHMENT_FAILED","details":{"failureCount":2},"message":"Technical error message","retryable":true,"userMessage":"User-friendly message"}"#)
    }

    /// The seed's example payload, with every detail the seed shows, decodes with its values.
    @Test func theSeedsExamplePayloadDecodesWithEveryDetail() throws {
        let payload: JSONValue = [
            "code": "E_ENRICHMENT_FAILED",
            "message": "Failed to enrich 5 books: API timeout",
            "userMessage": "Some books couldn't be found. You can retry these manually.",
            "affectedItems": ["The Great Gatsby", "1984"],
            "retryable": true,
            "details": ["failureCount": 5, "successCount": 45, "provider": "Google Books", "statusCode": 503],
        ]
        let error = try StructuredError(decoding: JSONField(payload, path: "payload"))
        #expect(error.details == ErrorDetails(successCount: 45, failureCount: 5, provider: "Google Books", statusCode: 503))
        #expect(error.details.failureCount == 5)
        #expect(error.details.successCount == 45)
        #expect(error.details.provider == "Google Books")
        #expect(error.details.statusCode == 503)
        #expect(error.payload == payload)
    }

    // MARK: - Codes

    @Test func theSeedsCodesAreSpelledAsTheSeedSpellsThem() {
        #expect(ProgressErrorCode.enrichmentFailed.rawValue == "E_ENRICHMENT_FAILED")
        #expect(ProgressErrorCode.csvParseFailed.rawValue == "E_CSV_PARSE_FAILED")
        #expect(ProgressErrorCode.invalidCSVFormat.rawValue == "E_INVALID_CSV_FORMAT")
        #expect(ProgressErrorCode.geminiTimeout.rawValue == "E_GEMINI_TIMEOUT")
        #expect(ProgressErrorCode.geminiAPIError.rawValue == "E_GEMINI_API_ERROR")
        #expect(ProgressErrorCode.noBooksDetected.rawValue == "E_NO_BOOKS_DETECTED")
        #expect(ProgressErrorCode.known.count == 12)
        #expect(!ProgressErrorCode.known.map(\.rawValue).contains("E_JOB_CANCELED"))
    }

    /// The constants skip validation, so each is checked here to be well formed, known and distinct.
    @Test func everyKnownCodeIsWellFormedKnownAndDistinct() throws {
        for code in ProgressErrorCode.known {
            #expect(try ProgressErrorCode(validating: code.rawValue) == code)
            #expect(ProgressErrorCode(rawValue: code.rawValue) == code)
            #expect(code.isKnown)
            #expect(code.description == code.rawValue)
            #expect(!code.defaultUserMessage.isEmpty)
        }
        #expect(Set(ProgressErrorCode.known.map(\.rawValue)).count == ProgressErrorCode.known.count)
    }

    static let malformedCodes: [(String, ProgressErrorCode.FormatError)] = [
        ("", .missingPrefix),
        ("ENRICHMENT_FAILED", .missingPrefix),
        ("e_enrichment_failed", .missingPrefix),
        (" E_X", .missingPrefix),
        ("E", .missingPrefix),
        ("E_", .emptyName),
        ("E_" + String(repeating: "A", count: 61), .nameTooLong(bytes: 61)),
        ("E_enrichment", .invalidCharacter(offset: 2)),
        ("E_A B", .invalidCharacter(offset: 3)),
        ("E_A-B", .invalidCharacter(offset: 3)),
        ("E_\u{C9}", .invalidCharacter(offset: 2)),
        ("E_X\n", .invalidCharacter(offset: 3)),
        ("E_X\u{0}", .invalidCharacter(offset: 3)),
    ]

    @Test(arguments: malformedCodes.map { (Shown($0.0), $0.1) })
    func aMalformedCodeIsRefusedWithTheRuleItBreaks(text: Shown<String>, expected: ProgressErrorCode.FormatError) {
        #expect(throws: expected) { try ProgressErrorCode(validating: text.value) }
        #expect(ProgressErrorCode(rawValue: text.value) == nil)
    }

    @Test(arguments: ["E_X", "E_1", "E__", "E_QUOTA_EXCEEDED_V2", "E_" + String(repeating: "Z", count: 60)])
    func aWellFormedCodeIsAcceptedKnownOrNot(text: String) throws {
        let code = try ProgressErrorCode(validating: text)
        #expect(code.rawValue == text)
        #expect(!code.isKnown)
        #expect(!code.defaultRetryable)
        #expect(code.defaultUserMessage == "An error occurred")
    }

    /// The seed's retry rules for its codes, and the project's for the rest (D-082).
    static let retryRules: [(ProgressErrorCode, Bool)] = [
        (.enrichmentFailed, true), (.csvParseFailed, true), (.invalidCSVFormat, false),
        (.geminiTimeout, true), (.geminiAPIError, true), (.noBooksDetected, true),
        (.invalidMessage, false), (.unauthorized, false), (.jobNotFound, false),
        (.providerTimeout, true), (.providerUnavailable, true), (.internalError, true),
    ]

    @Test(arguments: retryRules)
    func eachCodeHasTheDefaultRetryRuleOfTheSeed(code: ProgressErrorCode, retryable: Bool) {
        #expect(code.defaultRetryable == retryable)
    }

    @Test func everyKnownCodeHasARetryRule() {
        #expect(Self.retryRules.map(\.0) == ProgressErrorCode.known)
    }

    // MARK: - The seed's situations

    /// Seed: the batch enrichment handler's catastrophic failure.
    @Test func anEnrichmentFailureCarriesTheSeedsStringsAndCountsEveryFailedTitle() {
        let error = StructuredError.enrichmentFailed(reason: "API timeout", failedTitles: ["The Great Gatsby", "1984"], successCount: 45)
        #expect(error.code == .enrichmentFailed)
        #expect(error.message == "Batch enrichment failed: API timeout")
        #expect(error.userMessage == "Something went wrong during enrichment. Please try again.")
        #expect(error.affectedItems == ["The Great Gatsby", "1984"])
        #expect(error.retryable)
        #expect(error.details == ErrorDetails(successCount: 45, failureCount: 2, provider: "Multiple"))
        #expect(error.details.affectedItemsTotal == nil)
        #expect(error.affectedItemsCount == 2)
        #expect(error.payload["details"]?["stack"] == nil)
    }

    /// "Up to 10 items": the first ten titles are listed, and every failure is still counted.
    @Test(arguments: [10, 11, 25, 1_000])
    func anEnrichmentFailureListsTheFirstTenTitlesAndKeepsTheTotal(failures: Int) {
        let titles = (0..<failures).map { "Book \($0)" }
        let error = StructuredError.enrichmentFailed(reason: "boom", failedTitles: titles, successCount: 3)
        #expect(error.affectedItems == Array(titles.prefix(10)))
        #expect(error.details.failureCount == failures)
        #expect(error.details.successCount == 3)
        #expect(error.details.affectedItemsTotal == (failures > 10 ? failures : nil))
        #expect(error.affectedItemsCount == failures)
    }

    static let csvCases: [(ProgressErrorCode?, ProgressErrorCode, String, Bool)] = [
        (nil, .csvParseFailed, "Could not parse your CSV file. Please check the format.", true),
        (.csvParseFailed, .csvParseFailed, "Could not parse your CSV file. Please check the format.", true),
        (.geminiTimeout, .geminiTimeout, "AI parsing took too long. Try a smaller file.", true),
        (.invalidCSVFormat, .invalidCSVFormat, "Could not parse your CSV file. Please check the format.", false),
        (.geminiAPIError, .geminiAPIError, "Could not parse your CSV file. Please check the format.", true),
        (ProgressErrorCode(rawValue: "E_ROW_LIMIT"), ProgressErrorCode(rawValue: "E_ROW_LIMIT")!, "Could not parse your CSV file. Please check the format.", true),
    ]

    /// Seed: the CSV import handler: `error.code || E_CSV_PARSE_FAILED`, the timeout's own user
    /// message, retryable unless the format is invalid.
    @Test(arguments: csvCases)
    func aCSVImportFailureFollowsTheSeedsRules(given: ProgressErrorCode?, code: ProgressErrorCode, userMessage: String, retryable: Bool) {
        let error = StructuredError.csvImportFailed(code: given, reason: "Unexpected token at row 12", fileName: "goodreads_library_export.csv", fileSize: 48_213)
        #expect(error.code == code)
        #expect(error.message == "Unexpected token at row 12")
        #expect(error.userMessage == userMessage)
        #expect(error.retryable == retryable)
        #expect(error.affectedItems.isEmpty)
        #expect(error.details == ErrorDetails(provider: "Gemini 2.0 Flash", fileName: "goodreads_library_export.csv", fileSize: 48_213))
    }

    /// Seed: the AI scanner when Gemini sees no books.
    @Test func aPhotoWithNoBooksCarriesTheSeedsStrings() {
        let error = StructuredError.noBooksDetected(imageSize: 2_097_152)
        #expect(error.code == .noBooksDetected)
        #expect(error.message == "Gemini did not detect any books in the image")
        #expect(error.userMessage == "No books found. Try a clearer photo with better lighting.")
        #expect(error.retryable)
        #expect(error.details == ErrorDetails(provider: "Gemini 2.0 Flash", imageSize: 2_097_152))
    }

    static let scanReasons: [(String, Bool)] = [
        ("Request timeout after 30000ms", true),
        ("timeout", true),
        ("Gemini timeout", true),
        // D-087: ASCII letters match in any case, where the seed's `includes` is case-sensitive.
        ("Timeout", true),
        ("TimeoutError: The operation was aborted due to timeout", true),
        ("UND_ERR_HEADERS_TIMEOUT", true),
        ("Rate limit exceeded", false),
        ("The request timed out", false),
        ("time out", false),
        ("time-out", false),
        ("\u{FF54}\u{FF49}\u{FF4D}\u{FF45}\u{FF4F}\u{FF55}\u{FF54}", false), // fullwidth "timeout"
        ("", false),
    ]

    /// Seed: the AI scanner's `catch`: a timeout when the message says so, an API error otherwise,
    /// retryable either way.
    @Test(arguments: scanReasons)
    func anAIScanFailureIsATimeoutWhenItsReasonSaysSo(reason: String, isTimeout: Bool) {
        let error = StructuredError.aiScanFailed(reason: reason, imageSize: 512)
        #expect(StructuredError.isTimeoutReason(reason) == isTimeout)
        #expect(error.code == (isTimeout ? .geminiTimeout : .geminiAPIError))
        #expect(error.userMessage == (isTimeout ? "AI analysis took too long. Try a smaller photo." : "AI analysis failed. Please try again."))
        #expect(error.message == reason)
        #expect(error.retryable)
        #expect(error.details == ErrorDetails(provider: "Gemini 2.0 Flash", imageSize: 512, apiEndpoint: "generateContent"))
    }

    static let protocolFailures: [(StructuredError, ProgressErrorCode, Bool)] = [
        (.invalidMessage(reason: "unknown type \"pong2\""), .invalidMessage, false),
        (.unauthorized(), .unauthorized, false),
        (.jobNotFound(), .jobNotFound, false),
        (.providerTimeout(provider: "Google Books"), .providerTimeout, true),
        (.providerUnavailable(provider: "Google Books", statusCode: 503), .providerUnavailable, true),
        (.providerUnavailable(provider: "OpenLibrary", statusCode: nil), .providerUnavailable, true),
        (.internalError(reason: "storage write failed"), .internalError, true),
    ]

    /// The protocol's own failures take their code's retry rule and user message.
    @Test(arguments: protocolFailures)
    func theProtocolsOwnFailuresTakeTheirCodesDefaults(error: StructuredError, code: ProgressErrorCode, retryable: Bool) {
        #expect(error.code == code)
        #expect(error.retryable == retryable)
        #expect(error.userMessage == code.defaultUserMessage)
        #expect(!error.message.isEmpty)
    }

    @Test func aProviderOutageCarriesTheProviderAndItsStatus() {
        let error = StructuredError.providerUnavailable(provider: "Google Books", statusCode: 503)
        #expect(error.message == "Google Books answered with status 503")
        #expect(error.details == ErrorDetails(provider: "Google Books", statusCode: 503))
        #expect(error.payload["details"] == ["provider": "Google Books", "statusCode": 503])
        #expect(error.message != StructuredError.providerUnavailable(provider: "Google Books", statusCode: nil).message)
    }

    /// D-093: every payload has the same six members; an error with no items or details sends an
    /// empty array and an empty object.
    @Test func aPayloadAlwaysHasAllSixMembers() {
        #expect(StructuredError.jobNotFound().payload.encodedString()
            == #"{"affectedItems":[],"code":"E_JOB_NOT_FOUND","details":{},"message":"No active job found with this ID","retryable":false,"userMessage":"This job is no longer running."}"#)
    }

    /// D-086: the seed sends `details.stack`; no stack trace goes on the wire, and one received is ignored.
    @Test func aStackTraceNeverGoesOnTheWireAndIsIgnoredWhenReceived() throws {
        let payload: JSONValue = [
            "code": "E_ENRICHMENT_FAILED", "message": "Batch enrichment failed: x", "retryable": true,
            "details": ["failureCount": 1, "stack": "Error: x\n    at enrichBooksParallel (batch-enrichment.js:42:11)"],
        ]
        let error = try StructuredError(decoding: JSONField(payload, path: "payload"))
        #expect(error.details == ErrorDetails(failureCount: 1))
        #expect(error.payload["details"] == ["failureCount": 1])
        #expect(!error.payload.encodedString().contains("stack"))
    }

    // MARK: - Limits

    /// Messages are cut to 4,096 UTF-8 bytes at a scalar boundary: never more, never a partial scalar,
    /// and no shorter than the boundary forces.
    @Test(arguments: [("a", 4_096), ("\u{E9}", 4_096), ("\u{20AC}", 4_095), ("\u{1F600}", 4_096)])
    func aLongMessageIsCutAtAScalarBoundary(unit: String, expectedBytes: Int) {
        let long = String(repeating: unit, count: 5_000)
        let error = StructuredError(code: .internalError, message: long, userMessage: long)
        #expect(error.message.utf8.count == expectedBytes)
        #expect(error.userMessage.utf8.count == expectedBytes)
        #expect(long.unicodeScalars.starts(with: error.message.unicodeScalars))
    }

    @Test func anAffectedItemIsCutAtAThousandBytesAndDetailTextsAtAThousand() {
        let title = String(repeating: "\u{1F4DA}", count: 300) // 1,200 bytes
        let error = StructuredError(
            code: .enrichmentFailed, message: "m", userMessage: "u", affectedItems: [title, "short"],
            details: ErrorDetails(provider: title, fileName: title, apiEndpoint: title)
        )
        #expect(error.affectedItems[0].utf8.count == 1_000)
        #expect(error.affectedItems[0].unicodeScalars.count == 250)
        #expect(error.affectedItems[1] == "short")
        #expect(error.details.provider?.utf8.count == 1_000)
        #expect(error.details.fileName?.utf8.count == 1_000)
        #expect(error.details.apiEndpoint?.utf8.count == 1_000)
    }

    /// A text at the limit is kept whole, and a combining mark past it is dropped alone.
    @Test func aTextAtTheLimitIsKeptWholeAndTheCutMaySeparateACombiningMark() {
        let exact = String(repeating: "a", count: 4_096)
        #expect(StructuredError(code: .internalError, message: exact, userMessage: "u").message == exact)
        let accented = String(repeating: "a", count: 4_095) + "e\u{301}" // 4,098 bytes
        let cut = StructuredError(code: .internalError, message: accented, userMessage: "u").message
        #expect(Array(cut.unicodeScalars.suffix(2)) == ["a", "e"])
        #expect(cut.utf8.count == 4_096)
    }

    @Test func aGivenTotalLargerThanTheListIsKept() {
        let error = StructuredError(
            code: .enrichmentFailed, message: "m", userMessage: "u",
            affectedItems: (0..<12).map { "Book \($0)" }, details: ErrorDetails(affectedItemsTotal: 40)
        )
        #expect(error.affectedItems.count == 10)
        #expect(error.details.affectedItemsTotal == 40)
        #expect(error.affectedItemsCount == 40)
    }

    // MARK: - Decoding

    /// Production's payload `{code, message, details?, retryable?}` has no user message, and may omit
    /// the retry flag: the code's defaults fill them (D-083).
    @Test(arguments: ProgressErrorCode.known)
    func aPayloadWithoutUserMessageOrRetryableTakesTheCodesDefaults(code: ProgressErrorCode) throws {
        let payload: JSONValue = ["type": "error", "code": .string(code.rawValue), "message": "technical"]
        let error = try StructuredError(decoding: JSONField(payload, path: "payload"))
        #expect(error.code == code)
        #expect(error.message == "technical")
        #expect(error.userMessage == code.defaultUserMessage)
        #expect(error.retryable == code.defaultRetryable)
        #expect(error.affectedItems.isEmpty)
        #expect(error.details.isEmpty)
    }

    @Test func nullCountsAsAbsentAndAGivenRetryFlagOverridesTheDefault() throws {
        let payload: JSONValue = [
            "code": "E_INVALID_CSV_FORMAT", "message": "m", "userMessage": .null, "retryable": true,
            "affectedItems": .null, "details": .null,
        ]
        let error = try StructuredError(decoding: JSONField(payload, path: "payload"))
        #expect(error.userMessage == "Could not parse your CSV file. Please check the format.")
        #expect(error.retryable)
        #expect(!ProgressErrorCode.invalidCSVFormat.defaultRetryable)
        #expect(error.affectedItems.isEmpty)
        #expect(error.details.isEmpty)
    }

    /// Forward compatibility: a newer server's code decodes, and the client shows its user message.
    @Test func anUnknownWellFormedCodeDecodesAndKeepsItsUserMessage() throws {
        let payload: JSONValue = [
            "code": "E_QUOTA_EXCEEDED", "message": "daily quota used", "userMessage": "You've scanned a lot today. Try again tomorrow.",
            "retryable": false, "details": ["provider": "Gemini 2.0 Flash", "quotaResetAt": 1_699_600_000_000],
        ]
        let error = try StructuredError(decoding: JSONField(payload, path: "payload"))
        #expect(error.code.rawValue == "E_QUOTA_EXCEEDED")
        #expect(!error.code.isKnown)
        #expect(error.userMessage == "You've scanned a lot today. Try again tomorrow.")
        #expect(error.details == ErrorDetails(provider: "Gemini 2.0 Flash"))
        let bare = try StructuredError(decoding: JSONField(["code": "E_QUOTA_EXCEEDED", "message": "m"], path: "payload"))
        #expect(bare.userMessage == "An error occurred")
        #expect(!bare.retryable)
    }

    static let decodeFaults: [DecodeFault] = [
        DecodeFault("the payload is not an object", "a string", .wrongType(path: "payload", expected: "object", found: "string")),
        DecodeFault("code missing", ["message": "m"], .missing(path: "payload.code")),
        DecodeFault("code not a string", ["code": 42, "message": "m"], .wrongType(path: "payload.code", expected: "string", found: "number")),
        DecodeFault("code null", ["code": .null, "message": "m"], .wrongType(path: "payload.code", expected: "string", found: "null")),
        DecodeFault("code malformed", ["code": "enrichment_failed", "message": "m"],
                    .invalidValue(path: "payload.code", reason: ProgressErrorCode.FormatError.missingPrefix.description)),
        DecodeFault("code lowercase after the prefix", ["code": "E_oops", "message": "m"],
                    .invalidValue(path: "payload.code", reason: ProgressErrorCode.FormatError.invalidCharacter(offset: 2).description)),
        DecodeFault("message missing", ["code": "E_INTERNAL"], .missing(path: "payload.message")),
        DecodeFault("message not a string", ["code": "E_INTERNAL", "message": ["m"]], .wrongType(path: "payload.message", expected: "string", found: "array")),
        DecodeFault("message too long", ["code": "E_INTERNAL", "message": .string(String(repeating: "m", count: 4_097))],
                    .invalidValue(path: "payload.message", reason: "is 4097 UTF-8 bytes long; at most 4096 are allowed")),
        DecodeFault("userMessage not a string", ["code": "E_INTERNAL", "message": "m", "userMessage": false],
                    .wrongType(path: "payload.userMessage", expected: "string", found: "boolean")),
        DecodeFault("retryable not a boolean", ["code": "E_INTERNAL", "message": "m", "retryable": "yes"],
                    .wrongType(path: "payload.retryable", expected: "boolean", found: "string")),
        DecodeFault("eleven affected items", ["code": "E_INTERNAL", "message": "m", "affectedItems": .array((0..<11).map { .string("Book \($0)") })],
                    .invalidValue(path: "payload.affectedItems", reason: "lists 11 items; at most 10 are allowed (the total goes in details.affectedItemsTotal)")),
        DecodeFault("affected items not an array", ["code": "E_INTERNAL", "message": "m", "affectedItems": "Book 1"],
                    .wrongType(path: "payload.affectedItems", expected: "array", found: "string")),
        DecodeFault("an affected item not a string", ["code": "E_INTERNAL", "message": "m", "affectedItems": ["Book 1", 2]],
                    .wrongType(path: "payload.affectedItems[1]", expected: "string", found: "number")),
        DecodeFault("an affected item too long", ["code": "E_INTERNAL", "message": "m", "affectedItems": .array([.string(String(repeating: "\u{E9}", count: 501))])],
                    .invalidValue(path: "payload.affectedItems[0]", reason: "is 1002 UTF-8 bytes long; at most 1000 are allowed")),
        DecodeFault("details not an object", ["code": "E_INTERNAL", "message": "m", "details": [1]],
                    .wrongType(path: "payload.details", expected: "object", found: "array")),
        DecodeFault("a negative count", ["code": "E_INTERNAL", "message": "m", "details": ["failureCount": -1]],
                    .invalidValue(path: "payload.details.failureCount", reason: "must not be negative, got -1")),
        DecodeFault("a count that is not an integer", ["code": "E_INTERNAL", "message": "m", "details": ["successCount": 1.5]],
                    .wrongType(path: "payload.details.successCount", expected: "integer", found: "number")),
        DecodeFault("a count written with an exponent", ["code": "E_INTERNAL", "message": "m", "details": ["successCount": 1e3]],
                    .wrongType(path: "payload.details.successCount", expected: "integer", found: "number")),
        DecodeFault("a count that is a string", ["code": "E_INTERNAL", "message": "m", "details": ["fileSize": "12"]],
                    .wrongType(path: "payload.details.fileSize", expected: "integer", found: "string")),
        DecodeFault("a negative image size", ["code": "E_INTERNAL", "message": "m", "details": ["imageSize": -5]],
                    .invalidValue(path: "payload.details.imageSize", reason: "must not be negative, got -5")),
        DecodeFault("a status that is not HTTP's", ["code": "E_INTERNAL", "message": "m", "details": ["statusCode": 700]],
                    .invalidValue(path: "payload.details.statusCode", reason: "must be an HTTP status from 100 to 599, got 700")),
        DecodeFault("a provider that is not a string", ["code": "E_INTERNAL", "message": "m", "details": ["provider": ["Google Books"]]],
                    .wrongType(path: "payload.details.provider", expected: "string", found: "array")),
        DecodeFault("a total below the items listed", ["code": "E_INTERNAL", "message": "m", "affectedItems": ["a", "b"], "details": ["affectedItemsTotal": 1]],
                    .invalidValue(path: "payload.details.affectedItemsTotal", reason: "is 1, fewer than the 2 affected items listed")),
    ]

    /// Every bad shape is refused with an error that names the field at fault.
    @Test(arguments: decodeFaults)
    func aBadPayloadIsRefusedNamingTheFieldAtFault(fault: DecodeFault) {
        #expect(throws: fault.expected) { try StructuredError(decoding: JSONField(fault.payload, path: "payload")) }
    }

    // MARK: - Properties

    /// Every error, whatever its texts, survives the wire: encoded, parsed and decoded, it is the same
    /// error with the same payload bytes; and it is within the payload's limits.
    @Test func everyErrorSurvivesEncodingParsingAndDecoding() {
        let coverage = [
            CoverageRequirement("unknown code", atLeastPercent: 10),
            CoverageRequirement("ten items", atLeastPercent: 5),
            CoverageRequirement("text at a limit", atLeastPercent: 5),
            CoverageRequirement("control characters", atLeastPercent: 10),
        ]
        property(ProgressGen.structuredError, coverage: coverage, labels: Fixture.labels) { error in
            try Fixture.requireWithinLimits(error)
            let bytes = error.payload.encoded()
            let parsed: JSONValue
            do { parsed = try JSONValue(parsing: bytes) } catch { throw PropertyViolation("the payload does not parse: \(error)") }
            let decoded: StructuredError
            do { decoded = try StructuredError(decoding: JSONField(parsed, path: "payload")) } catch {
                throw PropertyViolation("the payload does not decode: \(error)")
            }
            try requireEqual(decoded, error)
            try requireEqual(decoded.payload.encoded(), bytes, "payload bytes after the round trip")
            try requireEqual(decoded.affectedItemsCount, error.affectedItemsCount)
        }
    }

    /// The initializer keeps the first ten items, cut at scalar boundaries, and counts every item.
    @Test func theInitializerKeepsTheFirstTenItemsAndCountsThemAll() {
        property(Gen<String>.array(of: ProgressGen.text, count: 0...30)) { items in
            let error = StructuredError(code: .enrichmentFailed, message: "m", userMessage: "u", affectedItems: items)
            try requireEqual(error.affectedItems.count, min(items.count, 10))
            try requireEqual(error.affectedItemsCount, items.count)
            for (kept, given) in zip(error.affectedItems, items) {
                try require(given.unicodeScalars.starts(with: kept.unicodeScalars), "\(kept.debugDescription) is not a prefix of \(given.debugDescription)")
                // Maximal: the cut stops only where the next scalar would pass the limit.
                let next = given.unicodeScalars.dropFirst(kept.unicodeScalars.count).first
                try require(next.map { kept.utf8.count + UTF8.width($0) > StructuredError.affectedItemBytesMax } ?? true, "the cut of \(given.utf8.count) bytes stopped early at \(kept.utf8.count)")
            }
        }
    }

    /// Decoding never traps: on any JSON value, and on valid payloads with members replaced or
    /// removed, it decodes or throws a `JSONFieldError` at a path inside the payload; what it decodes
    /// is within the limits and decodes again from its own payload.
    @Test func decodingNeverTrapsAndEveryErrorNamesAPathInsideThePayload() {
        property(ProgressGen.payloadLike, cases: 400, labels: { value in
            (try? StructuredError(decoding: JSONField(value, path: "payload"))) == nil ? ["refused"] : ["decoded"]
        }) { value in
            do {
                let error = try StructuredError(decoding: JSONField(value, path: "payload"))
                try Fixture.requireWithinLimits(error)
                let again: StructuredError
                do { again = try StructuredError(decoding: JSONField(error.payload, path: "payload")) } catch {
                    throw PropertyViolation("a decoded error's own payload does not decode: \(error)")
                }
                try requireEqual(again, error)
            } catch let error as JSONFieldError {
                try require(error.path == "payload" || error.path.hasPrefix("payload.") || error.path.hasPrefix("payload["), "the error \(error) names no path inside the payload")
            }
        }
    }
}

/// A payload the decoder must refuse, and the error it must refuse it with.
struct DecodeFault: Sendable, CustomTestStringConvertible {
    let name: String
    let payload: JSONValue
    let expected: JSONFieldError

    init(_ name: String, _ payload: JSONValue, _ expected: JSONFieldError) {
        self.name = name
        self.payload = payload
        self.expected = expected
    }

    var testDescription: String { name }
}

enum StructuredErrorFixture {
    /// What a generated error exercises, for the round trip's coverage requirements.
    static func labels(_ error: StructuredError) -> [String] {
        let texts = [error.message, error.userMessage] + error.affectedItems
        var labels: [String] = []
        if !error.code.isKnown { labels.append("unknown code") }
        if error.affectedItems.count == StructuredError.affectedItemsMax { labels.append("ten items") }
        if error.message.utf8.count > StructuredError.messageBytesMax - 4 || error.affectedItems.contains(where: { $0.utf8.count > StructuredError.affectedItemBytesMax - 4 }) {
            labels.append("text at a limit")
        }
        if texts.contains(where: { $0.unicodeScalars.contains { $0.value < 0x20 } }) { labels.append("control characters") }
        return labels
    }

    /// Checks the limits every `StructuredError` keeps.
    static func requireWithinLimits(_ error: StructuredError) throws(PropertyViolation) {
        try require(error.affectedItems.count <= StructuredError.affectedItemsMax, "\(error.affectedItems.count) affected items")
        try require(error.message.utf8.count <= StructuredError.messageBytesMax, "message of \(error.message.utf8.count) bytes")
        try require(error.userMessage.utf8.count <= StructuredError.messageBytesMax, "user message of \(error.userMessage.utf8.count) bytes")
        for item in error.affectedItems {
            try require(item.utf8.count <= StructuredError.affectedItemBytesMax, "affected item of \(item.utf8.count) bytes")
        }
        for text in [error.details.provider, error.details.fileName, error.details.apiEndpoint].compactMap({ $0 }) {
            try require(text.utf8.count <= ErrorDetails.textBytesMax, "detail text of \(text.utf8.count) bytes")
        }
        if let total = error.details.affectedItemsTotal {
            try require(total >= error.affectedItems.count, "affectedItemsTotal \(total) below the \(error.affectedItems.count) items listed")
        }
    }
}
