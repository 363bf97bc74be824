import TextFormats

/// User-friendly status messages for the three pipelines, with the technical message the logs keep.
///
/// Seed: 003_…, Task 4, `StatusMessageFormatter` (the backend's `status-messages.js`). The strings are
/// the seed's, emoji included; the seed's document is UTF-8 that was once decoded as Mac Roman, and the
/// intended emoji are 📄 ✅ 💾 📤 🔍 📚 ✨ and ⚠️ (U+26A0 followed by the emoji presentation
/// selector U+FE0F).
///
/// The inputs come from the wire (a progress payload's counts, a parser's fraction), so the formatter
/// never traps on them; it brings them into range (D-088, D-089):
/// - counts: negative becomes 0, and `processed` above `total` becomes `total`, in the text as in the
///   figures, so the message and its percentage always agree;
/// - `total` 0: 100 percent, "0 of 0" (the seed divides by zero);
/// - percentages are rounded down, and for counts computed exactly in integers (29 of 100 is 29%, where
///   the seed's floating-point `Math.floor(29 / 100 * 100)` gives 28);
/// - a CSV fraction below 0 or above 1 is clamped, and NaN is 0;
/// - a title longer than `titleBytesMax` UTF-8 bytes is cut at a Unicode scalar boundary.
public enum StatusMessageFormatter {
    public static let titleBytesMax = ProgressLimits.statusTitleBytesMax

    // The seed's emoji, by code point (see the type's documentation for how the seed's bytes read).
    private static let warningSign = "\u{26A0}\u{FE0F}" // ⚠️
    private static let pageFacingUp = "\u{1F4C4}" // 📄
    private static let checkMark = "\u{2705}" // ✅
    private static let floppyDisk = "\u{1F4BE}" // 💾
    private static let outboxTray = "\u{1F4E4}" // 📤
    private static let magnifyingGlass = "\u{1F50D}" // 🔍
    private static let books = "\u{1F4DA}" // 📚
    private static let sparkles = "\u{2728}" // ✨

    // MARK: - Batch enrichment

    /// The message after `processed` of `total` books, the last being `currentTitle`.
    ///
    /// Seed: 003_…, Task 4, `formatEnrichmentProgress`: "Finding details for <title>... <p> of <t> books
    /// complete" and "Enriching (<p>/<t>): <title>"; when the book was not found, "⚠️ Couldn't find
    /// details for <title>" and "Enrichment failed (<p>/<t>): <title>". The metadata carries the
    /// percentage, the books remaining and the estimate; the seed sends no metadata with the
    /// not-found message, here it carries the same figures, so a progress bar keeps its place (D-090).
    ///
    /// - Parameter processed: the books processed so far; brought into `0...total`.
    /// - Parameter total: the books in the job; a negative value is treated as 0.
    /// - Parameter currentTitle: the title of the book just processed; cut to `titleBytesMax` UTF-8 bytes.
    /// - Parameter hasError: whether that book was not found, which gives the warning message instead.
    /// - Parameter estimatedSecondsRemaining: from `TimeRemainingEstimate`; a negative value is
    ///   treated as unknown.
    public static func enrichmentProgress(
        processed: Int, total: Int, currentTitle: String, hasError: Bool = false, estimate estimatedSecondsRemaining: Int? = nil
    ) -> StatusMessage {
        let (processed, total) = clampedCounts(processed: processed, total: total)
        let title = TextExcerpt.prefix(currentTitle, utf8BytesMax: titleBytesMax)
        let metadata = StatusMetadata(
            percentage: percentage(processed: processed, total: total),
            remaining: total - processed,
            estimatedSecondsRemaining: estimatedSecondsRemaining.flatMap { $0 >= 0 ? $0 : nil }
        )
        if hasError {
            return StatusMessage(
                userMessage: "\(warningSign) Couldn't find details for \(title)",
                technicalMessage: "Enrichment failed (\(processed)/\(total)): \(title)",
                metadata: metadata
            )
        }
        return StatusMessage(
            userMessage: "Finding details for \(title)... \(processed) of \(total) books complete",
            technicalMessage: "Enriching (\(processed)/\(total)): \(title)",
            metadata: metadata
        )
    }

    /// The counts brought into range: neither negative, `processed` at most `total`.
    public static func clampedCounts(processed: Int, total: Int) -> (processed: Int, total: Int) {
        let total = max(total, 0)
        return (min(max(processed, 0), total), total)
    }

    /// `floor(processed / total × 100)`, exactly, after `clampedCounts`; 100 when `total` is 0.
    ///
    /// Computed in integers with a double-width product, so no count overflows it.
    public static func percentage(processed: Int, total: Int) -> Int {
        let (processed, total) = clampedCounts(processed: processed, total: total)
        guard total > 0 else { return 100 }
        let product = processed.multipliedFullWidth(by: 100)
        // processed ≤ total, so the quotient is at most 100 and the division cannot overflow.
        let (quotient, _) = total.dividingFullWidth(product)
        precondition((0...100).contains(quotient), "a percentage of \(processed) of \(total) came out as \(quotient)")
        return quotient
    }

    // MARK: - CSV import

    /// The message for a CSV import `fraction` of the way through `phase`.
    ///
    /// Seed: 003_…, Task 4, `formatCSVImportProgress`: "📄 Reading your library export... <n>% complete"
    /// (parsing), "✅ Validating book data... <n>% complete", "💾 Adding books to your library... <n>%
    /// complete", and "CSV <phase> (<n>%)"; the metadata carries the percentage and the phase.
    public static func csvImportProgress(fraction: Double, phase: CSVImportPhase = .parsing) -> StatusMessage {
        let percentage = Self.percentage(fraction: fraction)
        let userMessage: String
        switch phase {
        case .parsing: userMessage = "\(pageFacingUp) Reading your library export... \(percentage)% complete"
        case .validating: userMessage = "\(checkMark) Validating book data... \(percentage)% complete"
        case .saving: userMessage = "\(floppyDisk) Adding books to your library... \(percentage)% complete"
        }
        return StatusMessage(
            userMessage: userMessage,
            technicalMessage: "CSV \(phase.rawValue) (\(percentage)%)",
            metadata: StatusMetadata(percentage: percentage, phase: .csvImport(phase))
        )
    }

    /// `floor(fraction × 100)` as the seed computes it, in doubles, after clamping `fraction` to 0...1
    /// (NaN counts as 0).
    ///
    /// The product is the seed's (`Math.floor(progress * 100)`), so a fraction that is not exactly
    /// representable rounds as it does there: 0.29 is stored as 0.28999…, and gives 28.
    public static func percentage(fraction: Double) -> Int {
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        return Int((clamped * 100).rounded(.down))
    }

    // MARK: - AI scanner

    /// The message for an AI bookshelf scan in `phase`.
    ///
    /// Seed: 003_…, Task 4, `formatAIScanProgress`: "📤 Uploading photo...", "🔍 Analyzing bookshelf
    /// with AI...", "📚 Detecting book titles...", "✨ Finding cover art and details...", "✅ Scan
    /// complete!", and "AI scan: <phase>"; the metadata carries the phase.
    public static func aiScanProgress(phase: AIScanPhase = .analyzing) -> StatusMessage {
        let userMessage: String
        switch phase {
        case .uploading: userMessage = "\(outboxTray) Uploading photo..."
        case .analyzing: userMessage = "\(magnifyingGlass) Analyzing bookshelf with AI..."
        case .extracting: userMessage = "\(books) Detecting book titles..."
        case .enriching: userMessage = "\(sparkles) Finding cover art and details..."
        case .complete: userMessage = "\(checkMark) Scan complete!"
        }
        return StatusMessage(
            userMessage: userMessage,
            technicalMessage: "AI scan: \(phase.rawValue)",
            metadata: StatusMetadata(phase: .aiScan(phase))
        )
    }
}
