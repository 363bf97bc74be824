import Generators
import SpecModel

/// The error payload vectors: a failure with the facts its handler has → the structured error's
/// payload, `{code, message, userMessage, affectedItems, retryable, details}` (seed 003_…, Task 3;
/// D-081 to D-087, D-093). The failures are the structured error suite's (`StructuredErrorChecks`), each
/// once, tagged with the rule of every list that holds it: the seed's handlers' (ERROR-01, ERROR-03 to
/// ERROR-05, ERROR-08, ERROR-15) and the decisions' (ERROR-06, ERROR-07, ERROR-10 to ERROR-14). A vector
/// holds the whole payload, so every case also names ERROR-02, the six members (D-093), and ERROR-09, the
/// model's payload member for member (informational). Every payload is the model's
/// (`ModelStructuredErrorBuilder`), parsed.
enum ErrorPayloadVectors {
    static let area = "error-payloads"

    static func file() -> TestVectorFile {
        typealias R = StructuredErrorRules
        typealias C = StructuredErrorChecks
        var list = TestVectorCaseList(prefix: "error")
        var failures = TestVectorExampleSet<ProgressFailure>(key: input)
        failures.add(C.seedCodeExamples, \.0, R.code)
        failures.add(C.codeExamples, \.0, R.codeForm)
        failures.add(C.memberExamples, R.members)
        failures.add(C.seedRetryExamples, \.0, R.retryable)
        failures.add(C.retryExamples, \.0, R.retryDefaults)
        failures.add(C.seedUserMessageExamples, \.0, R.userMessage)
        failures.add(C.userMessageExamples, \.0, R.userMessageDefaults)
        failures.add(C.titleCountExamples(pins: "seed: \"Up to 10 items\""), R.affectedItems)
        failures.add(C.titleCountExamples(pins: "D-085").filter { $0.name != "0 failed titles" && $0.name != "1 failed titles" }, R.affectedItemsTotal)
        failures.add(C.breakdownExamples, R.breakdown)
        failures.add(C.textLimitExamples, \.0, R.textLimits)
        failures.add(C.stackTraceExamples, R.noStackTraces)
        failures.add(C.aiScanExamples(letterCase: false), \.0, R.aiScanTimeout)
        failures.add(C.aiScanExamples(letterCase: true), \.0, R.timeoutLetterCase)
        failures.add(C.payloadExamples, \.0, R.payload)
        failures.write(to: &list, expected: expected, catchAll: [R.members, R.payload])
        for (index, failure) in TestVectorSampling.samples(C.failures, 10, salt: 1).enumerated() {
            list.add("gen", input: input(failure), expected: expected(failure), rules: [R.payload, R.members], note: "generated \(index + 1): a failure with hostile texts")
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
