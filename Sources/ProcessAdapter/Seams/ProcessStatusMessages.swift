import SpecConformance
import SpecModel

/// A program's status texts and time-remaining estimate, as a `StatusMessageFormatting`.
///
/// - `enrichmentStatus` at `now` with `{"processed", "total", "currentTitle", "hasError",
///   "jobStartedAt"}` (epoch milliseconds);
/// - `csvImportStatus` with `{"fraction": number, or "NaN", "Infinity" or "-Infinity", "phase":
///   "parsing"|"validating"|"saving"}`;
/// - `aiScanStatus` with `{"phase": "uploading"|"analyzing"|"extracting"|"enriching"|"complete"}`;
///
/// each → a Line: `{"userMessage", "technicalMessage", "percentage"?, "remaining"?,
/// "estimatedSecondsRemaining"?, "phase"?}` (absent or null when the message has no such figure).
public struct ProcessStatusMessages: StatusMessageFormatting {
    private let instance: AdapterInstance

    /// A fresh formatter in the program `session` talks to.
    public init(_ session: AdapterSession) {
        instance = AdapterInstance(.statusMessages, in: session)
    }

    /// Asks the program for the enrichment status line (`enrichmentStatus`); an empty line once the program has failed.
    public func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine {
        let input = JSONValue.members([
            ("processed", .int(processed)), ("total", .int(total)), ("currentTitle", .string(currentTitle)),
            ("hasError", .bool(hasError)), ("jobStartedAt", .timestamp(jobStartedAt)),
        ])
        return instance.call("enrichmentStatus", now: now, input: input, Self.decodeLine) ?? Self.noLine
    }

    /// Asks the program for the CSV import status line (`csvImportStatus`); a non-finite `fraction` goes as text.
    public func csvImportStatus(fraction: Double, phase: CSVImportPhase) -> StatusLine {
        let number: JSONValue = JSONNumber(finite: fraction).map(JSONValue.number) ?? .string(fraction.isNaN ? "NaN" : fraction > 0 ? "Infinity" : "-Infinity")
        return instance.call("csvImportStatus", now: nil, input: .members([("fraction", number), ("phase", .string(phase.rawValue))]), Self.decodeLine) ?? Self.noLine
    }

    /// Asks the program for the AI scan status line (`aiScanStatus`).
    public func aiScanStatus(phase: AIScanPhase) -> StatusLine {
        instance.call("aiScanStatus", now: nil, input: .members([("phase", .string(phase.rawValue))]), Self.decodeLine) ?? Self.noLine
    }

    /// What a failed session answers: no texts, no figures.
    private static let noLine = StatusLine(userMessage: "", technicalMessage: "")

    static func decodeLine(_ field: JSONField) throws(JSONFieldError) -> StatusLine {
        StatusLine(
            userMessage: try field.field("userMessage").string(),
            technicalMessage: try field.field("technicalMessage").string(),
            percentage: try field.optional("percentage") { field throws(JSONFieldError) in try field.int() },
            remaining: try field.optional("remaining") { field throws(JSONFieldError) in try field.int() },
            estimatedSecondsRemaining: try field.optional("estimatedSecondsRemaining") { field throws(JSONFieldError) in try field.int() },
            phase: try field.optional("phase") { field throws(JSONFieldError) in try field.string() }
        )
    }
}
