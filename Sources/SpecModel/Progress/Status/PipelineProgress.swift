/// The `job_progress` reports of the two pipelines that have no items to count while they run: what
/// `processedCount` and `totalCount` are for a CSV import's fraction and an AI scan's phase (D-124).
///
/// Seed: 003_…, Task 4: the CSV import reports `processedCount: Math.floor(progress * totalRows)`, and
/// the AI scanner reports `processedCount` 0, 50 and 75 for its analyzing, extracting and enriching
/// phases without a total, percentages passed as counts. A count is always a count of `totalCount`: the
/// CSV import counts rows of the file, and the AI scan counts percent of the scan, out of 100, so the
/// app's bar, the throttle's quarters and "counts never go backwards" mean the same on every pipeline.
public enum PipelineProgress {
    /// The AI scan's total: its counts are percent of the scan.
    public static let aiScanTotal = 100

    /// A CSV import `fraction` of the way through a file of `totalRows` data rows, in `phase`:
    /// `floor(fraction × totalRows)` rows of `totalRows` (the fraction clamped to 0...1, NaN as 0), with
    /// the phase's status line as the user message.
    ///
    /// - Precondition: `totalRows` is not negative.
    public static func csvImport(fraction: Double, totalRows: Int, phase: CSVImportPhase = .parsing) -> ProgressUpdate {
        precondition(totalRows >= 0, "a file has no negative number of rows, got \(totalRows)")
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        // In doubles, as the seed's `Math.floor(progress * totalRows)`; a product past the total
        // (impossible after clamping, but for rounding) is held to it.
        let processed = min(Int((clamped * Double(totalRows)).rounded(.down)), totalRows)
        let status = StatusMessageFormatter.csvImportProgress(fraction: fraction, phase: phase)
        return ProgressUpdate(processedCount: processed, totalCount: totalRows, userMessage: status.userMessage)
    }

    /// The percent of an AI scan each phase stands for: the seed's 0 (analyzing), 50 (extracting) and
    /// 75 (enriching); uploading is 0 as well, and complete is 100.
    public static func percent(of phase: AIScanPhase) -> Int {
        switch phase {
        case .uploading, .analyzing: 0
        case .extracting: 50
        case .enriching: 75
        case .complete: 100
        }
    }

    /// An AI scan in `phase`: `percent(of:)` of 100, with the phase's status line as the user message.
    public static func aiScan(phase: AIScanPhase) -> ProgressUpdate {
        ProgressUpdate(processedCount: percent(of: phase), totalCount: aiScanTotal, userMessage: StatusMessageFormatter.aiScanProgress(phase: phase).userMessage)
    }
}
