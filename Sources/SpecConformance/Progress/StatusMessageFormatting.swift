import SpecModel

/// Seam: the backend's user-friendly status messages for the three pipelines, with the estimate of the
/// time remaining.
///
/// Seed 003_…, Task 4, "User-Friendly Status Messages" (`StatusMessageFormatter` in
/// `status-messages.js`: `formatEnrichmentProgress`, `formatCSVImportProgress`, `formatAIScanProgress`,
/// `estimateTimeRemaining`). The enrichment message is given the job's start and the time now as
/// values, so the estimate has what the seed's version never receives (D-091). A backend wraps its
/// formatter:
///
///     struct BackendStatus: StatusMessageFormatting {
///         func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine {
///             StatusLine(Formatter.enrichment(processed, total, currentTitle, hasError, start: jobStartedAt.epochMilliseconds, now: now.epochMilliseconds))
///         }
///         // … csvImportStatus and aiScanStatus likewise
///     }
public protocol StatusMessageFormatting {
    /// The message after `processed` of `total` books, the last being `currentTitle` (not found when
    /// `hasError`), for a job that started at `jobStartedAt`, at `now`.
    func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine
    /// The message for a CSV import `fraction` of the way through `phase`.
    func csvImportStatus(fraction: Double, phase: CSVImportPhase) -> StatusLine
    /// The message for an AI bookshelf scan in `phase`.
    func aiScanStatus(phase: AIScanPhase) -> StatusLine
}

/// A status message as plain values: the user's and the logs' texts and the figures behind them (the
/// seed's `{ userMessage, technicalMessage, metadata }`), without any check, so a suite can show a
/// wrong figure rather than trap on it.
public struct StatusLine: Hashable, Sendable, CustomStringConvertible {
    /// What the user sees.
    public var userMessage: String
    /// What the logs record.
    public var technicalMessage: String
    /// Percent complete, when the message has one.
    public var percentage: Int?
    /// Items still to process, when the message has them.
    public var remaining: Int?
    /// Seconds until done, when known.
    public var estimatedSecondsRemaining: Int?
    /// The phase's name (`"parsing"`, `"analyzing"`, …), when the message has one.
    public var phase: String?

    /// A line with these texts and figures, unchecked.
    public init(userMessage: String, technicalMessage: String, percentage: Int? = nil, remaining: Int? = nil, estimatedSecondsRemaining: Int? = nil, phase: String? = nil) {
        self.userMessage = userMessage
        self.technicalMessage = technicalMessage
        self.percentage = percentage
        self.remaining = remaining
        self.estimatedSecondsRemaining = estimatedSecondsRemaining
        self.phase = phase
    }

    /// The model's message as a line.
    public init(_ message: StatusMessage) {
        self.init(
            userMessage: message.userMessage, technicalMessage: message.technicalMessage, percentage: message.metadata.percentage,
            remaining: message.metadata.remaining, estimatedSecondsRemaining: message.metadata.estimatedSecondsRemaining, phase: message.metadata.phase?.rawValue
        )
    }

    public var description: String {
        func show(_ value: Int?) -> String { value.map(String.init) ?? "nil" }
        func clip(_ text: String) -> String {
            text.utf8.count <= 160 ? String(reflecting: text) : String(reflecting: TextExcerpt.prefix(text, utf8BytesMax: 60)) + "… (\(text.utf8.count) bytes)"
        }
        return "\(clip(userMessage)) / \(clip(technicalMessage)) / percentage \(show(percentage)), remaining \(show(remaining)), estimate \(show(estimatedSecondsRemaining)), phase \(phase ?? "nil")"
    }
}

/// The model's formatter, the reference the suite compares with: `StatusMessageFormatter`, with the
/// estimate from `TimeRemainingEstimate`.
public struct ModelStatusMessageFormatter: StatusMessageFormatting {
    /// The model's formatter.
    public init() {}

    /// The model's enrichment message, its estimate from `TimeRemainingEstimate` (see the protocol).
    public func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine {
        let estimate = TimeRemainingEstimate(start: jobStartedAt).secondsRemaining(processed: processed, total: total, now: now)
        return StatusLine(StatusMessageFormatter.enrichmentProgress(processed: processed, total: total, currentTitle: currentTitle, hasError: hasError, estimate: estimate))
    }

    /// The model's CSV import message (`StatusMessageFormatter.csvImportProgress`).
    public func csvImportStatus(fraction: Double, phase: CSVImportPhase) -> StatusLine {
        StatusLine(StatusMessageFormatter.csvImportProgress(fraction: fraction, phase: phase))
    }

    /// The model's AI scan message (`StatusMessageFormatter.aiScanProgress`).
    public func aiScanStatus(phase: AIScanPhase) -> StatusLine {
        StatusLine(StatusMessageFormatter.aiScanProgress(phase: phase))
    }
}
