import Generators
import SpecModel

/// The error payload vectors: a failure with the facts its handler has → the structured error's
/// payload, `{code, message, userMessage, affectedItems, retryable, details}` (seed 003_…, Task 3;
/// D-081 to D-087, D-093). The failures are the structured error suite's (`StructuredErrorChecks`);
/// every payload is the model's (`ModelStructuredErrorBuilder`), parsed.
enum ErrorPayloadVectors {
    static let area = "error-payloads"

    static func file() -> TestVectorFile {
        typealias R = StructuredErrorRules
        typealias C = StructuredErrorChecks
        var list = TestVectorCaseList(prefix: "error")
        /// Every payload is compared whole, so every case exercises the members, the model's payload
        /// and the rule of its group.
        func add(_ failure: ProgressFailure, _ rule: Rule, _ name: String, _ pins: String?, group: String? = nil) {
            let pinned = TestVectorCaseList.pinned(name, pins)
            list.add(group, input: input(failure), expected: expected(failure), rules: [rule, R.members, R.payload].uniqued(),
                     decisions: pinned.decisions, note: pinned.note)
        }
        for example in C.seedCodeExamples { add(example.input.0, R.code, example.name, example.pins) }
        for example in C.codeExamples { add(example.input.0, R.codeForm, example.name, example.pins) }
        let csvFile = C.csvFile
        add(.csvImportFailed(code: .geminiTimeout, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), R.retryable, "a CSV timeout",
            "seed: \"retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT\"")
        add(.csvImportFailed(code: .geminiTimeout, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), R.userMessage, "a CSV timeout's advice",
            "seed: \"AI parsing took too long. Try a smaller file.\"")
        for count in [0, 1, 10, 11, 25] {
            add(.enrichmentFailed(reason: "API timeout", failedTitles: (0..<count).map { "Book \($0)" }, successCount: 45), count > 10 ? R.affectedItemsTotal : R.affectedItems,
                "\(count) failed titles", count > 10 ? "D-085" : "seed: \"Up to 10 items\"")
        }
        for example in C.textLimitExamples { add(example.input.0, R.textLimits, example.name, example.pins) }
        add(.enrichmentFailed(reason: "Cannot read properties of undefined (reading 'title')", failedTitles: ["The Great Gatsby"], successCount: 4), R.noStackTraces,
            "the seed's catastrophic enrichment failure", "D-086")
        add(.internalError(reason: "TypeError: x is not a function\n    at enrich (batch.js:1:1)"), R.noStackTraces, "an internal failure with a stack in its reason", "D-086")
        for example in C.aiScanExamples(letterCase: false) { add(example.input.0, R.aiScanTimeout, example.name, example.pins) }
        for example in C.aiScanExamples(letterCase: true) { add(example.input.0, R.timeoutLetterCase, example.name, example.pins) }
        for example in C.payloadExamples { add(example.input.0, R.payload, example.name, example.pins) }
        for (index, failure) in TestVectorSampling.samples(C.failures, 10, salt: 1).enumerated() {
            add(failure, R.payload, "generated \(index + 1): a failure with hostile texts", nil, group: "gen")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    /// The failure as `{"failure": kind, …its facts}`.
    static func input(_ failure: ProgressFailure) -> JSONValue {
        let members: [(String, JSONValue)]
        switch failure {
        case let .enrichmentFailed(reason, titles, successes):
            members = [("failure", "enrichmentFailed"), ("reason", .string(reason)), ("failedTitles", .array(titles.map(JSONValue.string))), ("successCount", .integer(Int64(successes)))]
        case let .csvImportFailed(code, reason, fileName, fileSize):
            members = [("failure", "csvImportFailed"), ("code", TestVectorValues.string(code?.rawValue)), ("reason", .string(reason)), ("fileName", .string(fileName)), ("fileSize", .integer(Int64(fileSize)))]
        case let .noBooksDetected(imageSize):
            members = [("failure", "noBooksDetected"), ("imageSize", .integer(Int64(imageSize)))]
        case let .aiScanFailed(reason, imageSize):
            members = [("failure", "aiScanFailed"), ("reason", .string(reason)), ("imageSize", .integer(Int64(imageSize)))]
        case let .invalidMessage(reason):
            members = [("failure", "invalidMessage"), ("reason", .string(reason))]
        case .unauthorized:
            members = [("failure", "unauthorized")]
        case .jobNotFound:
            members = [("failure", "jobNotFound")]
        case let .providerTimeout(provider):
            members = [("failure", "providerTimeout"), ("provider", .string(provider))]
        case let .providerUnavailable(provider, statusCode):
            members = [("failure", "providerUnavailable"), ("provider", .string(provider)), ("statusCode", TestVectorValues.integer(statusCode))]
        case let .internalError(reason):
            members = [("failure", "internalError"), ("reason", .string(reason))]
        }
        return TestVectorValues.object(members)
    }

    /// `{"payload": …}`: the model's payload bytes, parsed (its members in the canonical order).
    static func expected(_ failure: ProgressFailure) -> JSONValue {
        let bytes = ModelStructuredErrorBuilder().errorPayload(for: failure)
        let payload: JSONValue
        do {
            payload = try JSONValue(parsing: bytes, limits: TestVectorFile.parseLimits)
        } catch {
            preconditionFailure("the model's payload for \(failure) is not JSON: \(error)")
        }
        return TestVectorValues.object([("payload", payload)])
    }
}
