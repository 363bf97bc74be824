/// A progress update told two ways, for the user and for the logs, with the figures behind it.
///
/// Seed: 003_…, Task 4, `StatusMessageFormatter`'s return value `{ userMessage, technicalMessage,
/// metadata }`. The user message goes on the wire (the progress payload's `userMessage`); the
/// technical message is logged.
public struct StatusMessage: Hashable, Sendable {
    /// What the user sees, such as "Finding details for The Great Gatsby... 5 of 10 books complete".
    public let userMessage: String
    /// What the log records, such as "Enriching (5/10): The Great Gatsby".
    public let technicalMessage: String
    /// The figures the message was built from.
    public let metadata: StatusMetadata

    /// A message with these texts and figures.
    public init(userMessage: String, technicalMessage: String, metadata: StatusMetadata) {
        self.userMessage = userMessage
        self.technicalMessage = technicalMessage
        self.metadata = metadata
    }
}

/// The figures behind a status message; each pipeline fills the ones it has.
///
/// Seed: 003_…, Task 4: batch enrichment's `{ percentage, remaining, estimatedTimeRemaining }`, CSV
/// import's `{ percentage, phase }`, the AI scanner's `{ phase }`.
public struct StatusMetadata: Hashable, Sendable {
    /// Percent complete, 0 to 100, rounded down.
    public let percentage: Int?
    /// Items still to process.
    public let remaining: Int?
    /// Seconds until done, when known (see `TimeRemainingEstimate`).
    public let estimatedSecondsRemaining: Int?
    /// The pipeline's phase.
    public let phase: StatusPhase?

    /// Figures with the given fields present.
    ///
    /// - Precondition: `percentage` is in 0...100; `remaining` and `estimatedSecondsRemaining` are not negative.
    public init(percentage: Int? = nil, remaining: Int? = nil, estimatedSecondsRemaining: Int? = nil, phase: StatusPhase? = nil) {
        if let percentage { precondition((0...100).contains(percentage), "StatusMetadata.percentage must be in 0...100, got \(percentage)") }
        if let remaining { precondition(remaining >= 0, "StatusMetadata.remaining must not be negative, got \(remaining)") }
        if let estimatedSecondsRemaining {
            precondition(estimatedSecondsRemaining >= 0, "StatusMetadata.estimatedSecondsRemaining must not be negative, got \(estimatedSecondsRemaining)")
        }
        self.percentage = percentage
        self.remaining = remaining
        self.estimatedSecondsRemaining = estimatedSecondsRemaining
        self.phase = phase
    }
}
