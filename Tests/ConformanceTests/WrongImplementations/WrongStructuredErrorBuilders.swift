import SpecConformance
import SpecModel

// Wrong structured error builders: the seed's own handler code where the decisions depart from it,
// production's payload shape, and the model with one rule changed.

/// The model's payload with one edit applied.
private struct EditedErrorBuilder: StructuredErrorBuilding {
    let edit: @Sendable (ProgressFailure, inout JSONObject) -> Void

    func errorPayload(for failure: ProgressFailure) -> [UInt8] {
        guard var object = failure.modelError.payload.object else { return ModelStructuredErrorBuilder().errorPayload(for: failure) }
        edit(failure, &object)
        return JSONValue.object(object).encoded()
    }
}

/// The longest prefix of whole `Character`s within `bytesMax` UTF-8 bytes: a cut at grapheme clusters.
private func characterPrefix(_ text: String, bytesMax: Int) -> String {
    var kept = ""
    for character in text {
        if kept.utf8.count + String(character).utf8.count > bytesMax { break }
        kept.append(character)
    }
    return kept
}

private let protocolFailureCodes = ["E_INVALID_MESSAGE", "E_UNAUTHORIZED", "E_JOB_NOT_FOUND", "E_PROVIDER_TIMEOUT", "E_PROVIDER_UNAVAILABLE", "E_INTERNAL"]

enum WrongStructuredErrorBuilders {
    static let all: [WrongImplementation] = [
        .of({ .structuredErrors }, "MissingPrefixCodesBuilder", flaw: "writes the `ErrorCodes` constants' names, `ENRICHMENT_FAILED`, without the `E_` prefix", breaks: "ERROR-01", "ERROR-10") {
            EditedErrorBuilder { _, object in
                if let code = object["code"]?.string, code.hasPrefix("E_") { object["code"] = .string(String(code.dropFirst(2))) }
            }
        },
        .of({ .structuredErrors }, "EmptyMembersOmittedBuilder", flaw: "production's shape: no `affectedItems` or `details` when there are none", breaks: "ERROR-02") {
            EditedErrorBuilder { _, object in
                if object["affectedItems"]?.array?.isEmpty == true { object["affectedItems"] = nil }
                if object["details"]?.object?.isEmpty == true { object["details"] = nil }
            }
        },
        .of({ .structuredErrors }, "InvalidFormatRetryableBuilder", flaw: "offers a retry for every failure, the invalid CSV format and a missing token included", breaks: "ERROR-03", "ERROR-11") {
            EditedErrorBuilder { _, object in object["retryable"] = true }
        },
        .of({ .structuredErrors }, "TechnicalMessageShownBuilder", flaw: "sends the technical message as the user's for the protocol's own failures", breaks: "ERROR-12") {
            EditedErrorBuilder { _, object in
                if let code = object["code"]?.string, protocolFailureCodes.contains(code) { object["userMessage"] = object["message"] }
            }
        },
        .of({ .structuredErrors }, "SlicedTitlesWithoutTotalBuilder", flaw: "the seed's `failedBooks.slice(0, 10)` with no `affectedItemsTotal`, so the count past ten is only in failureCount", breaks: "ERROR-13") {
            EditedErrorBuilder { _, object in
                guard var details = object["details"]?.object else { return }
                details["affectedItemsTotal"] = nil
                object["details"] = .object(details)
            }
        },
        .of({ .structuredErrors }, "EveryTitleListedBuilder", flaw: "lists every failed title, however many", breaks: "ERROR-05") {
            EditedErrorBuilder { failure, object in
                guard case let .enrichmentFailed(_, titles, _) = failure, titles.count > StructuredError.affectedItemsMax else { return }
                object["affectedItems"] = .array(titles.map { .string(TextExcerpt.prefix($0, utf8BytesMax: StructuredError.affectedItemBytesMax)) })
            }
        },
        .of({ .structuredErrors }, "FailedTitlesUncountedBuilder", flaw: "counts only the listed titles in failureCount, so failures past ten vanish from the breakdown", breaks: "ERROR-15") {
            EditedErrorBuilder { failure, object in
                guard case let .enrichmentFailed(_, titles, _) = failure, var details = object["details"]?.object else { return }
                details["failureCount"] = .integer(Int64(min(titles.count, StructuredError.affectedItemsMax)))
                object["details"] = .object(details)
            }
        },
        .of({ .structuredErrors }, "GraphemeCutBuilder", flaw: "cuts over-long texts at grapheme clusters (`Character`s), so a split cluster is dropped whole", breaks: "ERROR-06") {
            EditedErrorBuilder { failure, object in
                guard case let .enrichmentFailed(reason, titles, _) = failure else { return }
                object["message"] = .string(characterPrefix("Batch enrichment failed: " + reason, bytesMax: StructuredError.messageBytesMax))
                object["affectedItems"] = .array(titles.prefix(StructuredError.affectedItemsMax).map { .string(characterPrefix($0, bytesMax: StructuredError.affectedItemBytesMax)) })
            }
        },
        .of({ .structuredErrors }, "SeedStackTraceBuilder", flaw: "the seed's enrichment handler: `details.stack: error.stack`", breaks: "ERROR-07") {
            EditedErrorBuilder { failure, object in
                guard case let .enrichmentFailed(reason, _, _) = failure, var details = object["details"]?.object else { return }
                details["stack"] = .string("Error: \(reason)\n    at processBatchEnrichment (batch-enrichment.js:57:11)")
                object["details"] = .object(details)
            }
        },
        .of({ .structuredErrors }, "CaseSensitiveTimeoutBuilder", flaw: "the seed's `error.message.includes('timeout')`, so \"TimeoutError\" is an API error", breaks: "ERROR-14") {
            EditedErrorBuilder { failure, object in
                guard case let .aiScanFailed(reason, _) = failure else { return }
                let isTimeout = reason.contains("timeout")
                object["code"] = .string(isTimeout ? "E_GEMINI_TIMEOUT" : "E_GEMINI_API_ERROR")
                object["userMessage"] = .string(isTimeout ? "AI analysis took too long. Try a smaller photo." : "AI analysis failed. Please try again.")
            }
        },
    ]
}
