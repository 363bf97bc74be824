import Generators
import SpecModel

extension ConformanceSuite where Implementation: StructuredErrorBuilding {
    /// The structured error suite: codes, the six members, retry flags and user messages of every
    /// failure, ten affected items on both sides, the text limits on both sides, no stack traces, the
    /// AI scanner's timeout test, and the model's payload on generated failures.
    public static var structuredErrors: ConformanceSuite {
        typealias R = StructuredErrorRules
        typealias C = StructuredErrorChecks
        let failures = C.failures
        let describe: (ProgressFailure) -> String = { $0.description }
        func field<Value: Equatable>(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<(ProgressFailure, Value)>],
                                     _ read: @escaping (JSONValue) -> Value, show: @escaping (Value) -> String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, example in
                let payload = try C.parsed(implementation, example.0)
                try ensureSame(read(payload), example.1, "errorPayload(for: \(example.0))", show: show)
            }
        }
        return ConformanceSuite(id: "structured-errors", title: "Structured errors", seam: "StructuredErrorBuilding", checks: [
            .property(R.code, "generated failures", failures, describe: describe,
                      // Every failure's payload must carry a code: every failure exercises it.
                      exercises: { _ in true }) { implementation, failure in
                let payload = try C.parsed(implementation, failure)
                let code = payload["code"]?.string
                try ensure(!(code ?? "").isEmpty, "the payload carries no code", question: "errorPayload(for: \(failure))",
                    model: failure.modelError.code.rawValue, implementation: code.map { String(reflecting: $0) } ?? "no code", kind: "no code")
            },
            field(R.code, "a batch enrichment's code", C.seedCodeExamples, { $0["code"]?.string }, show: { $0 ?? "no code" }),
            .property(R.codeForm, "generated failures", failures, describe: describe,
                      // Every failure has its situation's code, written in the register's form: every failure exercises it.
                      exercises: { _ in true }) { implementation, failure in
                let payload = try C.parsed(implementation, failure)
                let code = payload["code"]?.string
                try ensure(code.map { ProgressErrorCode(rawValue: $0) != nil } ?? false, "the code is not written E_[A-Z0-9_]{1,60}",
                    question: "errorPayload(for: \(failure))", model: failure.modelError.code.rawValue, implementation: code.map { String(reflecting: $0) } ?? "no code")
            },
            field(R.codeForm, "each other failure's code", C.codeExamples, { $0["code"]?.string }, show: { $0 ?? "no code" }),
            .property(R.members, "generated failures", failures, describe: describe,
                      // Every payload must have all six members: every failure exercises it.
                      exercises: { _ in true }) { implementation, failure in
                try C.checkMembers(C.parsed(implementation, failure), failure)
            },
            .examples(R.members, "failures without items or details", StructuredErrorChecks.memberExamples) { implementation, failure in
                try C.checkMembers(C.parsed(implementation, failure), failure)
            },
            field(R.retryable, "each seed handler's retry flag", C.seedRetryExamples, { $0["retryable"]?.bool }, show: { $0.map(String.init) ?? "no flag" }),
            field(R.retryDefaults, "each protocol failure's retry flag", C.retryExamples, { $0["retryable"]?.bool }, show: { $0.map(String.init) ?? "no flag" }),
            field(R.userMessage, "each seed handler's user message", C.seedUserMessageExamples, { $0["userMessage"]?.string }, show: { $0.map { String(reflecting: $0) } ?? "no user message" }),
            field(R.userMessageDefaults, "each protocol failure's user message", C.userMessageExamples, { $0["userMessage"]?.string }, show: { $0.map { String(reflecting: $0) } ?? "no user message" }),
            .property(R.affectedItems, "generated enrichment failures", C.enrichmentFailures, describe: describe, exercises: C.isBatchEnrichment) { implementation, failure in
                try C.checkAffectedItems(C.parsed(implementation, failure), failure)
            },
            .examples(R.affectedItems, "0, 1, 10, 11 and 1,000 failed titles", C.titleCountExamples(pins: "seed: \"Up to 10 items\"")) { implementation, failure in
                try C.checkAffectedItems(C.parsed(implementation, failure), failure)
            },
            .property(R.affectedItemsTotal, "generated enrichment failures", C.enrichmentFailures, describe: describe,
                      exercises: { if case let .enrichmentFailed(_, titles, _) = $0 { return titles.count >= StructuredError.affectedItemsMax } else { return false } }) { implementation, failure in
                try C.checkAffectedItemsTotal(C.parsed(implementation, failure), failure)
            },
            .examples(R.affectedItemsTotal, "10, 11 and 1,000 failed titles", C.titleCountExamples(pins: "D-085").filter { $0.name != "0 failed titles" && $0.name != "1 failed titles" }) { implementation, failure in
                try C.checkAffectedItemsTotal(C.parsed(implementation, failure), failure)
            },
            .property(R.breakdown, "generated enrichment failures", C.enrichmentFailures, describe: describe, exercises: C.isBatchEnrichment) { implementation, failure in
                try C.checkBreakdown(C.parsed(implementation, failure), failure)
            },
            .examples(R.breakdown, "the seed's enrichment failure, and none failed", StructuredErrorChecks.breakdownExamples) { implementation, failure in
                try C.checkBreakdown(C.parsed(implementation, failure), failure)
            },
            .property(R.textLimits, "generated failures with hostile texts", failures, describe: describe,
                      // Every payload carries a message, cut past 4,096 bytes or kept whole: every failure exercises it.
                      exercises: { _ in true }) { implementation, failure in
                try C.checkTextLimits(C.parsed(implementation, failure), failure)
            },
            field(R.textLimits, "texts at and past their limits", C.textLimitExamples, C.texts, show: { C.showTexts($0) }),
            .property(R.noStackTraces, "generated failures", failures, describe: describe,
                      // No payload may carry a stack member, whatever its failure: every failure exercises it.
                      exercises: { _ in true }) { implementation, failure in
                let payload = try C.parsed(implementation, failure)
                try ensure(!C.hasStackMember(payload), "the payload carries a stack member", question: "errorPayload(for: \(failure))",
                    model: failure.modelError.payload.encodedString(), implementation: payload.encodedString())
            },
            .examples(R.noStackTraces, "failures whose reasons are stack traces", StructuredErrorChecks.stackTraceExamples) { implementation, failure in
                let payload = try C.parsed(implementation, failure)
                try ensure(!C.hasStackMember(payload), "the payload carries a stack member", question: "errorPayload(for: \(failure))",
                    model: failure.modelError.payload.encodedString(), implementation: payload.encodedString())
            },
            field(R.aiScanTimeout, "AI scan reasons both readings of the seed's test agree on", C.aiScanExamples(letterCase: false), { C.CodeAndAdvice($0) }, show: { $0.description }),
            field(R.timeoutLetterCase, "AI scan reasons with \"timeout\" in other letter cases", C.aiScanExamples(letterCase: true), { C.CodeAndAdvice($0) }, show: { $0.description }),
            .differential(R.payload, "generated failures", failures, describe: describe,
                question: { "errorPayload(for: \($0))" }, model: { Optional($0.modelError.payload) },
                implementation: { implementation, failure in ProgressConformance.looseJSON(implementation.errorPayload(for: failure)) },
                show: { $0.map { $0.encodedString() } ?? "not JSON" }),
        ])
    }
}

/// The structured error suite's checks, generators and examples.
enum StructuredErrorChecks {
    /// The implementation's payload for `failure`, parsed; a payload that is not a JSON object fails.
    static func parsed(_ builder: some StructuredErrorBuilding, _ failure: ProgressFailure) throws -> JSONValue {
        let bytes = builder.errorPayload(for: failure)
        guard let payload = ProgressConformance.looseJSON(bytes), payload.object != nil else {
            throw ConformanceViolation("the payload is not a JSON object", question: "errorPayload(for: \(failure))",
                model: failure.modelError.payload.encodedString(), implementation: ProgressConformance.show(bytes))
        }
        return payload
    }

    /// Whether `failure` is a batch enrichment failure, whose affected items and breakdown ERROR-05 and
    /// ERROR-15 are about.
    static func isBatchEnrichment(_ failure: ProgressFailure) -> Bool {
        if case .enrichmentFailed = failure { return true } else { return false }
    }

    static func checkMembers(_ payload: JSONValue, _ failure: ProgressFailure) throws {
        let kinds: [(String, JSONValue.Kind)] = [("code", .string), ("message", .string), ("userMessage", .string), ("affectedItems", .array), ("retryable", .boolean), ("details", .object)]
        for (key, kind) in kinds {
            try ensure(payload[key]?.kind == kind, "the payload has no \(kind) `\(key)`", question: "errorPayload(for: \(failure))",
                model: failure.modelError.payload.encodedString(), implementation: payload.encodedString())
        }
        for (index, item) in (payload["affectedItems"]?.array ?? []).enumerated() {
            try ensure(item.string != nil, "affectedItems[\(index)] is not a string", question: "errorPayload(for: \(failure))",
                model: failure.modelError.payload.encodedString(), implementation: payload.encodedString())
        }
    }

    /// ERROR-05: the first ten failed titles, in order (each may be cut at its text limit: ERROR-06).
    static func checkAffectedItems(_ payload: JSONValue, _ failure: ProgressFailure) throws {
        guard case let .enrichmentFailed(_, titles, _) = failure else { return }
        let question = "errorPayload(for: \(failure))"
        // An absent list is no list here; ERROR-02 is the rule that asks for `[]`.
        let items = (payload["affectedItems"]?.array ?? []).map { $0.string ?? "" }
        try ensureSame(items.count, min(titles.count, StructuredError.affectedItemsMax), "the number of affected items of " + question, show: { "\($0)" })
        for (index, (item, title)) in zip(items, titles).enumerated() {
            try ensure(title.unicodeScalars.starts(with: item.unicodeScalars), "affectedItems[\(index)] is not the \(index + 1)th failed title", question: question,
                model: String(reflecting: TextExcerpt.prefix(title, utf8BytesMax: 40)), implementation: String(reflecting: TextExcerpt.prefix(item, utf8BytesMax: 40)))
        }
    }

    /// ERROR-13: `details.affectedItemsTotal` counts every failed title past ten, and is absent otherwise.
    static func checkAffectedItemsTotal(_ payload: JSONValue, _ failure: ProgressFailure) throws {
        guard case let .enrichmentFailed(_, titles, _) = failure else { return }
        let total: Int64? = titles.count > StructuredError.affectedItemsMax ? Int64(titles.count) : nil
        try ensureSame(payload["details"]?["affectedItemsTotal"]?.int64, total, "details.affectedItemsTotal of errorPayload(for: \(failure))", show: { $0.map(String.init) ?? "absent" })
    }

    /// ERROR-15: `details.failureCount` counts every failed title, `details.successCount` the books enriched.
    static func checkBreakdown(_ payload: JSONValue, _ failure: ProgressFailure) throws {
        guard case let .enrichmentFailed(_, titles, successes) = failure else { return }
        let question = "errorPayload(for: \(failure))"
        try ensureSame(payload["details"]?["failureCount"]?.int64, Int64(titles.count), "details.failureCount of " + question, show: { $0.map(String.init) ?? "absent" })
        try ensureSame(payload["details"]?["successCount"]?.int64, Int64(successes), "details.successCount of " + question, show: { $0.map(String.init) ?? "absent" })
    }

    static func titleCountExamples(pins: String) -> [ConformanceExample<ProgressFailure>] {
        [0, 1, 10, 11, 1_000].map { count in
            ConformanceExample("\(count) failed titles", ProgressFailure.enrichmentFailed(reason: "API timeout", failedTitles: (0..<count).map { "Book \($0)" }, successCount: 45), pins: pins)
        }
    }

    static func checkTextLimits(_ payload: JSONValue, _ failure: ProgressFailure) throws {
        let question = "errorPayload(for: \(failure))"
        func within(_ text: String?, _ limit: Int, _ name: String) throws {
            guard let text else { return }
            try ensure(text.utf8.count <= limit, "\(name) is \(text.utf8.count) UTF-8 bytes, over its limit of \(limit)", question: question,
                model: failure.modelError.payload.encodedString(), implementation: payload.encodedString())
        }
        try within(payload["message"]?.string, StructuredError.messageBytesMax, "message")
        try within(payload["userMessage"]?.string, StructuredError.messageBytesMax, "userMessage")
        for (index, item) in (payload["affectedItems"]?.array ?? []).enumerated() {
            try within(item.string, StructuredError.affectedItemBytesMax, "affectedItems[\(index)]")
        }
        for key in ["provider", "fileName", "apiEndpoint"] {
            try within(payload["details"]?[key]?.string, ErrorDetails.textBytesMax, "details.\(key)")
        }
        if case let .enrichmentFailed(_, titles, _) = failure {
            // Each listed title is the longest scalar prefix of the title within the limit.
            for (item, title) in zip(payload["affectedItems"]?.array ?? [], titles) {
                let expected = TextExcerpt.prefix(title, utf8BytesMax: StructuredError.affectedItemBytesMax)
                try ensure(item.string == expected, "an affected item is not the longest prefix of whole scalars of its title within 1,000 bytes", question: question,
                    model: "\(expected.utf8.count) bytes", implementation: item.string.map { "\($0.utf8.count) bytes" } ?? "not a string")
            }
        }
    }

    /// Whether any object in `value` has a member named like a stack trace.
    static func hasStackMember(_ value: JSONValue) -> Bool {
        switch value {
        case let .object(object):
            return object.members.contains { member in
                let key = member.key.lowercased()
                return key == "stack" || key == "stacktrace" || hasStackMember(member.value)
            }
        case let .array(elements):
            return elements.contains(where: hasStackMember)
        default:
            return false
        }
    }

    /// The code and the user message, for the AI scanner's rule.
    struct CodeAndAdvice: Equatable, CustomStringConvertible {
        let code: String?
        let userMessage: String?

        init(code: String?, userMessage: String?) {
            self.code = code
            self.userMessage = userMessage
        }

        init(_ payload: JSONValue) {
            self.init(code: payload["code"]?.string, userMessage: payload["userMessage"]?.string)
        }

        var description: String { "\(code ?? "no code"): \(userMessage.map { String(reflecting: $0) } ?? "no user message")" }
    }

    /// The payload's texts that can be long: the message, the affected items and the detail texts.
    static func texts(_ payload: JSONValue) -> JSONValue {
        var texts = JSONObject()
        texts["message"] = payload["message"]
        texts["affectedItems"] = payload["affectedItems"] ?? .array([])
        for key in ["provider", "fileName", "apiEndpoint"] { texts[key] = payload["details"]?[key] }
        return .object(texts)
    }

    /// The payload's texts, in a line for reports.
    static func showTexts(_ payload: JSONValue) -> String {
        func show(_ text: String?) -> String {
            guard let text else { return "absent" }
            return "\(text.utf8.count) bytes ending \(String(reflecting: String(text.unicodeScalars.suffix(3))))"
        }
        return "message \(show(payload["message"]?.string)), items [\((payload["affectedItems"]?.array ?? []).map { show($0.string) }.joined(separator: ", "))], "
            + "provider \(show(payload["details"]?["provider"]?.string)), fileName \(show(payload["details"]?["fileName"]?.string))"
    }

    // MARK: - Generators

    /// Hostile texts: ASCII, any scalars, and runs long enough to pass every limit.
    static var text: Gen<String> {
        Gen<String>.frequency([
            (weight: 4, generator: Gen<String>.asciiString(count: 0...24)),
            (weight: 3, generator: Gen<String>.unicodeString(count: 0...12)),
            (weight: 1, generator: Gen<(String, Int)>.zip(Gen<String>.unicodeString(count: 1...3), Gen<Int>.int(in: 0...1_600)).map { piece, times in
                String(repeating: piece.isEmpty ? "\u{1F600}e\u{301}" : piece, count: times)
            }),
        ])
    }

    static var count: Gen<Int> { Gen<Int>.frequency([(weight: 4, generator: Gen<Int>.int(in: 0...200)), (weight: 1, generator: Gen<Int>.int(in: 0...Int(Int32.max)))]) }

    /// Known codes and well-formed codes no version of the model knows.
    static var code: Gen<ProgressErrorCode> {
        let name = Gen<String>.string(ofScalars: Gen<Unicode.Scalar>.element(of: Array("ABCXYZ0189_".unicodeScalars)), count: 1...20)
        return Gen<ProgressErrorCode>.frequency([
            (weight: 3, generator: Gen<ProgressErrorCode>.element(of: ProgressErrorCode.known)),
            (weight: 1, generator: name.map { ProgressErrorCode(rawValue: ProgressErrorCode.prefix + $0) ?? .internalError }),
        ])
    }

    /// AI scanner reasons: any text, and texts around the word "timeout".
    static var scanReason: Gen<String> {
        Gen<String>.frequency([
            (weight: 2, generator: text),
            (weight: 2, generator: Gen<String>.element(of: aiScanReasons.map(\.0))),
            (weight: 1, generator: Gen<(String, String, String)>.zip(Gen<String>.asciiString(count: 0...6), Gen<String>.element(of: ["timeout", "Timeout", "TIMEOUT", "tImEoUt", "time out", "timed out"]), Gen<String>.asciiString(count: 0...6))
                .map { $0 + $1 + $2 }),
        ])
    }

    static var enrichmentFailures: Gen<ProgressFailure> {
        let titles = Gen<[String]>.frequency([
            (weight: 3, generator: Gen<String>.array(of: text, count: 0...14)),
            (weight: 1, generator: Gen<String>.array(of: Gen<String>.asciiString(count: 0...8), count: 9...40)),
        ])
        return Gen<(String, [String], Int)>.zip(text, titles, count).map { ProgressFailure.enrichmentFailed(reason: $0, failedTitles: $1, successCount: $2) }
    }

    /// Every kind of failure, with hostile texts.
    static var failures: Gen<ProgressFailure> {
        Gen<ProgressFailure>.oneOf([
            enrichmentFailures,
            Gen<(ProgressErrorCode?, String, String, Int)>.zip(code.optional(), text, text, count).map { ProgressFailure.csvImportFailed(code: $0, reason: $1, fileName: $2, fileSize: $3) },
            count.map { ProgressFailure.noBooksDetected(imageSize: $0) },
            Gen<(String, Int)>.zip(scanReason, count).map { ProgressFailure.aiScanFailed(reason: $0, imageSize: $1) },
            text.map { ProgressFailure.invalidMessage(reason: $0) },
            Gen<ProgressFailure>.element(of: [.unauthorized, .jobNotFound]),
            text.map { ProgressFailure.providerTimeout(provider: $0) },
            Gen<(String, Int?)>.zip(text, Gen<Int>.int(in: 100...599).optional()).map { ProgressFailure.providerUnavailable(provider: $0, statusCode: $1) },
            text.map { ProgressFailure.internalError(reason: $0) },
        ])
    }

    // MARK: - Examples

    static let csvFile = (name: "goodreads_library_export.csv", size: 48_213)
    /// A well-formed code at the length limit.
    static let longestCode = "E_" + String(repeating: "Z", count: ProgressErrorCode.nameBytesMax)

    /// ERROR-02's: failures without items or details (D-093).
    static var memberExamples: [ConformanceExample<ProgressFailure>] {
        [
            ConformanceExample("job not found", ProgressFailure.jobNotFound, pins: "D-093"),
            ConformanceExample("unauthorized", ProgressFailure.unauthorized, pins: "D-093"),
            ConformanceExample("a photo without books", ProgressFailure.noBooksDetected(imageSize: 0), pins: "D-093"),
        ]
    }

    /// ERROR-15's: the seed's enrichment failure, and none failed.
    static var breakdownExamples: [ConformanceExample<ProgressFailure>] {
        [
            ConformanceExample("the seed's 45 enriched, 5 failed", ProgressFailure.enrichmentFailed(reason: "API timeout", failedTitles: ["The Great Gatsby", "1984", "Dune", "Emma", "Beloved"], successCount: 45),
                pins: "seed: \"failureCount: 5\""),
            ConformanceExample("a catastrophic failure before any title failed", ProgressFailure.enrichmentFailed(reason: "storage down", failedTitles: [], successCount: 0),
                pins: "seed: \"failureCount: failedBooks.length\""),
        ]
    }

    /// ERROR-07's: failures whose reasons are stack traces (D-086).
    static var stackTraceExamples: [ConformanceExample<ProgressFailure>] {
        [
            ConformanceExample("the seed's catastrophic enrichment failure", ProgressFailure.enrichmentFailed(reason: "Cannot read properties of undefined (reading 'title')",
                failedTitles: ["The Great Gatsby"], successCount: 4), pins: "D-086"),
            ConformanceExample("an internal failure", ProgressFailure.internalError(reason: "TypeError: x is not a function"), pins: "D-086"),
        ]
    }

    static var seedCodeExamples: [ConformanceExample<(ProgressFailure, String?)>] {
        [
            ConformanceExample("a batch enrichment", (ProgressFailure.enrichmentFailed(reason: "API timeout", failedTitles: ["1984"], successCount: 45), Optional("E_ENRICHMENT_FAILED")),
                pins: "seed: \"code: \\\"E_ENRICHMENT_FAILED\\\"\""),
            ConformanceExample("the seed's backend test", (ProgressFailure.enrichmentFailed(reason: "Technical error message", failedTitles: ["Book 1", "Book 2"], successCount: 0), Optional("E_ENRICHMENT_FAILED")),
                pins: "seed: \"expect(sent.payload.code).toBe('E_ENRICHMENT_FAILED');\""),
        ]
    }

    static var codeExamples: [ConformanceExample<(ProgressFailure, String?)>] {
        let cases: [(String, ProgressFailure, String)] = [
            ("a CSV file without a code of its own", .csvImportFailed(code: nil, reason: "Unexpected token", fileName: csvFile.name, fileSize: csvFile.size), "E_CSV_PARSE_FAILED"),
            ("a CSV file in an invalid format", .csvImportFailed(code: .invalidCSVFormat, reason: "no header", fileName: csvFile.name, fileSize: csvFile.size), "E_INVALID_CSV_FORMAT"),
            ("a CSV file with a newer server's code", .csvImportFailed(code: ProgressErrorCode(rawValue: "E_ROW_LIMIT"), reason: "too many rows", fileName: csvFile.name, fileSize: csvFile.size), "E_ROW_LIMIT"),
            ("a newer server's code of 60 characters after E_", .csvImportFailed(code: ProgressErrorCode(rawValue: longestCode), reason: "x", fileName: csvFile.name, fileSize: csvFile.size), longestCode),
            ("a photo without books", .noBooksDetected(imageSize: 2_097_152), "E_NO_BOOKS_DETECTED"),
            ("an AI scan timeout", .aiScanFailed(reason: "Request timeout after 30000ms", imageSize: 512), "E_GEMINI_TIMEOUT"),
            ("an AI scan error", .aiScanFailed(reason: "Rate limit exceeded", imageSize: 512), "E_GEMINI_API_ERROR"),
            ("an undecodable client frame", .invalidMessage(reason: "unknown type \"pong2\""), "E_INVALID_MESSAGE"),
            ("a socket without the job's token", .unauthorized, "E_UNAUTHORIZED"),
            ("an unknown job", .jobNotFound, "E_JOB_NOT_FOUND"),
            ("a provider timing out", .providerTimeout(provider: "Google Books"), "E_PROVIDER_TIMEOUT"),
            ("a provider down", .providerUnavailable(provider: "Google Books", statusCode: 503), "E_PROVIDER_UNAVAILABLE"),
            ("an internal failure", .internalError(reason: "storage write failed"), "E_INTERNAL"),
        ]
        return cases.map { name, failure, code in
            ConformanceExample(name, (failure, Optional(code)), pins: "D-081")
        }
    }

    static var seedRetryExamples: [ConformanceExample<(ProgressFailure, Bool?)>] {
        let cases: [(String, ProgressFailure, Bool, String)] = [
            ("a batch enrichment", .enrichmentFailed(reason: "boom", failedTitles: [], successCount: 0), true, "seed: \"retryable: true\""),
            ("a CSV parse failure", .csvImportFailed(code: nil, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), true,
                "seed: \"retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT\""),
            ("a CSV file in an invalid format", .csvImportFailed(code: .invalidCSVFormat, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), false,
                "seed: \"retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT\""),
            ("a CSV timeout", .csvImportFailed(code: .geminiTimeout, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), true,
                "seed: \"retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT\""),
            ("a CSV file with a newer server's code", .csvImportFailed(code: ProgressErrorCode(rawValue: "E_ROW_LIMIT"), reason: "x", fileName: csvFile.name, fileSize: csvFile.size), true,
                "seed: \"retryable: error.code !== ErrorCodes.INVALID_CSV_FORMAT\""),
            ("a photo without books", .noBooksDetected(imageSize: 1), true, "seed: \"retryable: true\""),
            ("an AI scan timeout", .aiScanFailed(reason: "timeout", imageSize: 1), true, "seed: \"retryable: true\""),
            ("an AI scan error", .aiScanFailed(reason: "quota", imageSize: 1), true, "seed: \"retryable: true\""),
        ]
        return cases.map { ConformanceExample($0.0, ($0.1, Optional($0.2)), pins: $0.3) }
    }

    static var retryExamples: [ConformanceExample<(ProgressFailure, Bool?)>] {
        let cases: [(String, ProgressFailure, Bool)] = [
            ("an undecodable client frame", .invalidMessage(reason: "x"), false),
            ("a socket without the job's token", .unauthorized, false),
            ("an unknown job", .jobNotFound, false),
            ("a provider timing out", .providerTimeout(provider: "Google Books"), true),
            ("a provider down", .providerUnavailable(provider: "OpenLibrary", statusCode: nil), true),
            ("an internal failure", .internalError(reason: "x"), true),
        ]
        return cases.map { ConformanceExample($0.0, ($0.1, Optional($0.2)), pins: "D-082") }
    }

    static var seedUserMessageExamples: [ConformanceExample<(ProgressFailure, String?)>] {
        let cases: [(String, ProgressFailure, String)] = [
            ("a batch enrichment", .enrichmentFailed(reason: "boom", failedTitles: ["1984"], successCount: 0), "Something went wrong during enrichment. Please try again."),
            ("a CSV parse failure", .csvImportFailed(code: nil, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), "Could not parse your CSV file. Please check the format."),
            ("a CSV timeout", .csvImportFailed(code: .geminiTimeout, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), "AI parsing took too long. Try a smaller file."),
            ("a CSV file in an invalid format", .csvImportFailed(code: .invalidCSVFormat, reason: "x", fileName: csvFile.name, fileSize: csvFile.size), "Could not parse your CSV file. Please check the format."),
            ("a photo without books", .noBooksDetected(imageSize: 1), "No books found. Try a clearer photo with better lighting."),
            ("an AI scan timeout", .aiScanFailed(reason: "timeout", imageSize: 1), "AI analysis took too long. Try a smaller photo."),
            ("an AI scan error", .aiScanFailed(reason: "quota", imageSize: 1), "AI analysis failed. Please try again."),
        ]
        return cases.map { ConformanceExample($0.0, ($0.1, Optional($0.2)), pins: "seed: \"\($0.2)\"") }
    }

    static var userMessageExamples: [ConformanceExample<(ProgressFailure, String?)>] {
        let cases: [(String, ProgressFailure, String)] = [
            ("an undecodable client frame", .invalidMessage(reason: "x"), "The app sent a request the server could not read. Please update the app."),
            ("a socket without the job's token", .unauthorized, "This job could not be verified. Please start it again."),
            ("an unknown job", .jobNotFound, "This job is no longer running."),
            ("a provider timing out", .providerTimeout(provider: "Google Books"), "A book service took too long to answer. Please try again."),
            ("a provider down", .providerUnavailable(provider: "Google Books", statusCode: 503), "A book service is unavailable right now. Please try again later."),
            ("an internal failure", .internalError(reason: "storage write failed"), "Something went wrong. Please try again."),
        ]
        return cases.map { ConformanceExample($0.0, ($0.1, Optional($0.2)), pins: "D-083") }
    }

    /// The texts a failure's payload must carry: the model's, whose cuts `StructuredErrorTests` pins.
    static var textLimitExamples: [ConformanceExample<(ProgressFailure, JSONValue)>] {
        let prefix = "Batch enrichment failed: " // 25 bytes
        let cases: [(String, ProgressFailure)] = [
            ("a message of exactly 4,096 bytes", .enrichmentFailed(reason: String(repeating: "a", count: 4_096 - prefix.utf8.count), failedTitles: [], successCount: 0)),
            ("a message of 4,097 bytes", .enrichmentFailed(reason: String(repeating: "a", count: 4_097 - prefix.utf8.count), failedTitles: [], successCount: 0)),
            ("a two-byte scalar across the limit", .enrichmentFailed(reason: String(repeating: "a", count: 4_095 - prefix.utf8.count) + "\u{E9}", failedTitles: [], successCount: 0)),
            ("a combining mark past the limit", .enrichmentFailed(reason: String(repeating: "a", count: 4_095 - prefix.utf8.count) + "e\u{301}", failedTitles: [], successCount: 0)),
            ("a reason passed through whole, at 4,096 bytes", .aiScanFailed(reason: String(repeating: "\u{1F4DA}", count: 1_024), imageSize: 1)),
            ("a reason passed through, 4,100 bytes of emoji", .aiScanFailed(reason: String(repeating: "\u{1F4DA}", count: 1_025), imageSize: 1)),
            ("titles of 1,000 and 1,001 bytes", .enrichmentFailed(reason: "x", failedTitles: [String(repeating: "b", count: 1_000), String(repeating: "b", count: 1_001)], successCount: 0)),
            ("a title of three-byte scalars over 1,000 bytes", .enrichmentFailed(reason: "x", failedTitles: [String(repeating: "\u{20AC}", count: 334)], successCount: 0)),
            ("a provider of 1,000 bytes", .providerTimeout(provider: String(repeating: "p", count: 1_000))),
            ("a provider of 1,001 bytes", .providerUnavailable(provider: String(repeating: "p", count: 1_001), statusCode: 503)),
            ("a file name of 1,001 bytes", .csvImportFailed(code: nil, reason: "x", fileName: String(repeating: "f", count: 1_001), fileSize: 1)),
        ]
        return cases.map { name, failure in ConformanceExample(name, (failure, texts(failure.modelError.payload)), pins: "D-084") }
    }

    static let aiScanReasons: [(String, Bool)] = [
        ("Request timeout after 30000ms", true),
        ("timeout", true),
        ("Timeout", true),
        ("TimeoutError: The operation was aborted due to timeout", true),
        ("UND_ERR_HEADERS_TIMEOUT", true),
        ("Rate limit exceeded", false),
        ("The request timed out", false),
        ("time out", false),
        ("time-out", false),
        ("\u{FF54}\u{FF49}\u{FF4D}\u{FF45}\u{FF4F}\u{FF55}\u{FF54}", false),
        ("", false),
    ]

    /// The AI scanner's reasons on which the seed's case-sensitive `includes('timeout')` and D-087's ASCII
    /// letters in any case agree (`letterCase: false`, ERROR-08), or differ (`true`, ERROR-14).
    static func aiScanExamples(letterCase: Bool) -> [ConformanceExample<(ProgressFailure, CodeAndAdvice)>] {
        aiScanReasons.filter { reason, isTimeout in (isTimeout != reason.contains("timeout")) == letterCase }.map { reason, isTimeout in
            ConformanceExample("reason \(String(reflecting: reason))", (
                ProgressFailure.aiScanFailed(reason: reason, imageSize: 2_048),
                CodeAndAdvice(code: isTimeout ? "E_GEMINI_TIMEOUT" : "E_GEMINI_API_ERROR",
                              userMessage: isTimeout ? "AI analysis took too long. Try a smaller photo." : "AI analysis failed. Please try again.")
            ), pins: letterCase ? "D-087" : "seed: \"error.message.includes('timeout')\"")
        }
    }

    /// The seed's payloads whole, as the model writes them: the reference's answers (ERROR-09 is
    /// informational), for the test vectors.
    static var payloadExamples: [ConformanceExample<(ProgressFailure, JSONValue)>] {
        func parse(_ text: String) -> JSONValue { ProgressConformance.looseJSON(Array(text.utf8)) ?? .null }
        return [
            ConformanceExample("the seed's enrichment failure", (
                ProgressFailure.enrichmentFailed(reason: "API timeout", failedTitles: ["The Great Gatsby", "1984"], successCount: 45),
                parse(#"{"affectedItems":["The Great Gatsby","1984"],"code":"E_ENRICHMENT_FAILED","details":{"failureCount":2,"provider":"Multiple","successCount":45},"message":"Batch enrichment failed: API timeout","retryable":true,"userMessage":"Something went wrong during enrichment. Please try again."}"#)
            ), pins: "seed: \"Success/failure breakdown in details\""),
            ConformanceExample("the seed's CSV failure", (
                ProgressFailure.csvImportFailed(code: nil, reason: "Unexpected token at row 12", fileName: csvFile.name, fileSize: csvFile.size),
                parse(#"{"affectedItems":[],"code":"E_CSV_PARSE_FAILED","details":{"fileName":"goodreads_library_export.csv","fileSize":48213,"provider":"Gemini 2.0 Flash"},"message":"Unexpected token at row 12","retryable":true,"userMessage":"Could not parse your CSV file. Please check the format."}"#)
            ), pins: "D-093"),
            ConformanceExample("the seed's photo without books", (
                ProgressFailure.noBooksDetected(imageSize: 2_097_152),
                parse(#"{"affectedItems":[],"code":"E_NO_BOOKS_DETECTED","details":{"imageSize":2097152,"provider":"Gemini 2.0 Flash"},"message":"Gemini did not detect any books in the image","retryable":true,"userMessage":"No books found. Try a clearer photo with better lighting."}"#)
            ), pins: "D-093"),
            ConformanceExample("the seed's AI scan timeout", (
                ProgressFailure.aiScanFailed(reason: "Gemini timeout", imageSize: 512),
                parse(#"{"affectedItems":[],"code":"E_GEMINI_TIMEOUT","details":{"apiEndpoint":"generateContent","imageSize":512,"provider":"Gemini 2.0 Flash"},"message":"Gemini timeout","retryable":true,"userMessage":"AI analysis took too long. Try a smaller photo."}"#)
            ), pins: "D-087"),
            ConformanceExample("an unknown job", (
                ProgressFailure.jobNotFound,
                parse(#"{"affectedItems":[],"code":"E_JOB_NOT_FOUND","details":{},"message":"No active job found with this ID","retryable":false,"userMessage":"This job is no longer running."}"#)
            ), pins: "D-093"),
            ConformanceExample("Google Books answering 503", (
                ProgressFailure.providerUnavailable(provider: "Google Books", statusCode: 503),
                parse(#"{"affectedItems":[],"code":"E_PROVIDER_UNAVAILABLE","details":{"provider":"Google Books","statusCode":503},"message":"Google Books answered with status 503","retryable":true,"userMessage":"A book service is unavailable right now. Please try again later."}"#)
            ), pins: "D-082"),
        ]
    }
}
