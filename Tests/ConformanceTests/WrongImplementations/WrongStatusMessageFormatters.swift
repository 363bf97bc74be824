import SpecConformance
import SpecModel

// Wrong status message formatters: the seed's `StatusMessageFormatter` as written, its text copied
// from the seed document's garbled bytes, and the model with one rule changed.

/// The seed's `status-messages.js`, transliterated: doubles for every figure, no guards, and an
/// estimate that never receives the job's start.
private struct SeedStatusFormatter: StatusMessageFormatting {
    /// A JavaScript number as the JSON `metadata` carries it: `NaN` and the infinities become `null`.
    static func integer(_ value: Double) -> Int? {
        guard value.isFinite, value >= -9.2e18, value <= 9.2e18 else { return nil }
        return Int(value)
    }

    /// How JavaScript's template literal writes a number.
    static func text(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
        return integer(value).map(String.init) ?? "\(value)"
    }

    func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine {
        if hasError {
            return StatusLine(userMessage: "\u{26A0}\u{FE0F} Couldn't find details for \(currentTitle)", technicalMessage: "Enrichment failed (\(processed)/\(total)): \(currentTitle)")
        }
        let percentage = (Double(processed) / Double(total) * 100).rounded(.down)
        return StatusLine(
            userMessage: "Finding details for \(currentTitle)... \(processed) of \(total) books complete",
            technicalMessage: "Enriching (\(processed)/\(total)): \(currentTitle)",
            percentage: Self.integer(percentage), remaining: Self.integer(Double(total) - Double(processed)),
            estimatedSecondsRemaining: nil // `estimateTimeRemaining(processedCount, totalCount)`: no start time, so null
        )
    }

    func csvImportStatus(fraction: Double, phase: CSVImportPhase) -> StatusLine {
        let percentage = (fraction * 100).rounded(.down)
        let shown = Self.text(percentage)
        let userMessage: String
        switch phase {
        case .parsing: userMessage = "\u{1F4C4} Reading your library export... \(shown)% complete"
        case .validating: userMessage = "\u{2705} Validating book data... \(shown)% complete"
        case .saving: userMessage = "\u{1F4BE} Adding books to your library... \(shown)% complete"
        }
        return StatusLine(userMessage: userMessage, technicalMessage: "CSV \(phase.rawValue) (\(shown)%)", percentage: Self.integer(percentage), phase: phase.rawValue)
    }

    func aiScanStatus(phase: AIScanPhase) -> StatusLine {
        ModelStatusMessageFormatter().aiScanStatus(phase: phase)
    }
}

/// The model's formatter with its lines changed by the closures.
private struct EditedFormatter: StatusMessageFormatting {
    var enrichment: @Sendable (EnrichmentCall, StatusLine) -> StatusLine = { $1 }
    var csv: @Sendable (Double, CSVImportPhase, StatusLine) -> StatusLine = { $2 }
    var aiScan: @Sendable (AIScanPhase, StatusLine) -> StatusLine = { $1 }

    func enrichmentStatus(processed: Int, total: Int, currentTitle: String, hasError: Bool, jobStartedAt: Timestamp, now: Timestamp) -> StatusLine {
        let call = EnrichmentCall(processed: processed, total: total, title: currentTitle, hasError: hasError, start: jobStartedAt, now: now)
        return enrichment(call, ModelStatusMessageFormatter().enrichmentStatus(processed: processed, total: total, currentTitle: currentTitle, hasError: hasError, jobStartedAt: jobStartedAt, now: now))
    }

    func csvImportStatus(fraction: Double, phase: CSVImportPhase) -> StatusLine {
        csv(fraction, phase, ModelStatusMessageFormatter().csvImportStatus(fraction: fraction, phase: phase))
    }

    func aiScanStatus(phase: AIScanPhase) -> StatusLine {
        aiScan(phase, ModelStatusMessageFormatter().aiScanStatus(phase: phase))
    }
}

/// The arguments of one `enrichmentStatus` call.
private struct EnrichmentCall: Sendable {
    let processed: Int
    let total: Int
    let title: String
    let hasError: Bool
    let start: Timestamp
    let now: Timestamp

    /// The counts as the model clamps them.
    var clamped: (processed: Int, total: Int) { StatusMessageFormatter.clampedCounts(processed: processed, total: total) }
}

/// The seed document's emoji as its bytes read when decoded as Mac Roman, copied literally.
private let mojibake: [(emoji: String, bytes: String)] = [
    ("\u{26A0}\u{FE0F}", "\u{201A}\u{F6}\u{2020}\u{D4}\u{220F}\u{E8}"),
    ("\u{1F4C4}", "\u{F8FF}\u{FC}\u{EC}\u{D1}"), ("\u{2705}", "\u{201A}\u{FA}\u{D6}"), ("\u{1F4BE}", "\u{F8FF}\u{FC}\u{ED}\u{E6}"),
    ("\u{1F4E4}", "\u{F8FF}\u{FC}\u{EC}\u{A7}"), ("\u{1F50D}", "\u{F8FF}\u{FC}\u{EE}\u{E7}"), ("\u{1F4DA}", "\u{F8FF}\u{FC}\u{EC}\u{F6}"),
    ("\u{2728}", "\u{201A}\u{FA}\u{AE}"),
]

private func garbled(_ line: StatusLine) -> StatusLine {
    var line = line
    for (emoji, bytes) in mojibake where line.userMessage.hasPrefix(emoji) {
        line.userMessage = bytes + line.userMessage.dropFirst(emoji.count)
        break
    }
    return line
}

/// ceil or floor of `remaining × elapsed / (processed × 1000)` in 128 bits, or `nil` when unknown.
private func estimate(_ call: EnrichmentCall, roundingUp: Bool) -> Int? {
    let (processed, total) = call.clamped
    let remaining = total - processed
    if remaining == 0 { return 0 }
    if call.now < call.start || processed == 0 { return nil }
    let elapsed = UInt64(bitPattern: call.now.epochMilliseconds &- call.start.epochMilliseconds)
    let product = UInt64(remaining).multipliedFullWidth(by: elapsed)
    let divisor = UInt64(processed)
    guard product.high < divisor else { return .max }
    let (milliseconds, remainder) = divisor.dividingFullWidth(product)
    let seconds = roundingUp
        ? milliseconds / 1_000 + (milliseconds % 1_000 == 0 && remainder == 0 ? 0 : 1)
        : milliseconds / 1_000
    return seconds > UInt64(Int.max) ? .max : Int(seconds)
}

/// The CSV line for `phase` with `shown` as its percentage.
private func csvLine(_ phase: CSVImportPhase, _ percentage: Int) -> StatusLine {
    let text: String
    switch phase {
    case .parsing: text = "\u{1F4C4} Reading your library export... \(percentage)% complete"
    case .validating: text = "\u{2705} Validating book data... \(percentage)% complete"
    case .saving: text = "\u{1F4BE} Adding books to your library... \(percentage)% complete"
    }
    return StatusLine(userMessage: text, technicalMessage: "CSV \(phase.rawValue) (\(percentage)%)", percentage: percentage, phase: phase.rawValue)
}

enum WrongStatusMessageFormatters {
    static let all: [WrongImplementation] = [
        .of({ .statusMessages }, "SeedStatusFormatter", flaw: "the seed's formatter as written: floating-point percentages, NaN for 0 of 0, no clamping, no figures when not found, an estimate that never gets a start time",
            breaks: "STATUS-07", "STATUS-03", "STATUS-09", "ETA-01") {
            SeedStatusFormatter()
        },
        .of({ .statusMessages }, "NoStartTimeEstimateFormatter", flaw: "calls the estimate without the job's start, so it is always unknown (the seed's `formatEnrichmentProgress`)", breaks: "ETA-01") {
            EditedFormatter(enrichment: { _, line in
                var line = line
                line.estimatedSecondsRemaining = nil
                return line
            })
        },
        .of({ .statusMessages }, "FloatingPointPercentageFormatter", flaw: "computes the percentage as floor(p / t × 100) in doubles, so 29 of 100 is 28%", breaks: "STATUS-03") {
            EditedFormatter(enrichment: { call, line in
                var line = line
                let (processed, total) = call.clamped
                if total > 0 { line.percentage = Int((Double(processed) / Double(total) * 100).rounded(.down)) }
                return line
            })
        },
        .of({ .statusMessages }, "EmptyJobAtZeroPercentFormatter", flaw: "shows a job of no items at 0% rather than 100%", breaks: "STATUS-03") {
            EditedFormatter(enrichment: { call, line in
                var line = line
                if call.clamped.total == 0 { line.percentage = 0 }
                return line
            })
        },
        .of({ .statusMessages }, "UnclampedFractionFormatter", flaw: "guards NaN and the infinities but not fractions above 1 or below 0, so 1.5 is 150%", breaks: "STATUS-09") {
            EditedFormatter(csv: { fraction, phase, line in
                guard fraction.isFinite, fraction > 1 || fraction < 0, abs(fraction) < 1e15 else { return line }
                return csvLine(phase, Int((fraction * 100).rounded(.down)))
            })
        },
        .of({ .statusMessages }, "SeedDocumentEmojiFormatter", flaw: "copies the emoji from the seed document's garbled text (UTF-8 read as Mac Roman: \"\u{F8FF}\u{FC}\u{EC}\u{D1}\" for 📄)", breaks: "STATUS-02", "STATUS-04", "STATUS-05") {
            EditedFormatter(enrichment: { _, line in garbled(line) }, csv: { _, _, line in garbled(line) }, aiScan: { _, line in garbled(line) })
        },
        .of({ .statusMessages }, "NotFoundWithoutFiguresFormatter", flaw: "the seed's not-found message without its percentage and books remaining (D-090)", breaks: "STATUS-07") {
            EditedFormatter(enrichment: { call, line in
                guard call.hasError else { return line }
                var line = line
                line.percentage = nil
                line.remaining = nil
                return line
            })
        },
        .of({ .statusMessages }, "RemainingIsProcessedFormatter", flaw: "reports the books processed as the books remaining", breaks: "STATUS-08") {
            EditedFormatter(enrichment: { call, line in
                var line = line
                if line.remaining != nil { line.remaining = call.clamped.processed }
                return line
            })
        },
        .of({ .statusMessages }, "GraphemeTitleCutFormatter", flaw: "cuts a long title at grapheme clusters, dropping a split cluster whole", breaks: "STATUS-06") {
            EditedFormatter(enrichment: { call, line in
                guard call.title.utf8.count > StatusMessageFormatter.titleBytesMax else { return line }
                var kept = ""
                for character in call.title {
                    if kept.utf8.count + String(character).utf8.count > StatusMessageFormatter.titleBytesMax { break }
                    kept.append(character)
                }
                let (processed, total) = call.clamped
                var line = line
                line.userMessage = call.hasError ? "\u{26A0}\u{FE0F} Couldn't find details for \(kept)" : "Finding details for \(kept)... \(processed) of \(total) books complete"
                line.technicalMessage = call.hasError ? "Enrichment failed (\(processed)/\(total)): \(kept)" : "Enriching (\(processed)/\(total)): \(kept)"
                return line
            })
        },
        .of({ .statusMessages }, "EstimateRoundedDownFormatter", flaw: "rounds the estimate down (`Math.floor` for `Math.ceil`), so a job with 0.4 s left shows 0", breaks: "ETA-01") {
            EditedFormatter(enrichment: { call, line in
                var line = line
                line.estimatedSecondsRemaining = estimate(call, roundingUp: false)
                return line
            })
        },
        .of({ .statusMessages }, "BackwardsClockEstimateFormatter", flaw: "treats a clock before the job's start as no time elapsed and estimates 0 s", breaks: "ETA-02") {
            EditedFormatter(enrichment: { call, line in
                var line = line
                if call.now < call.start, call.clamped.processed > 0 { line.estimatedSecondsRemaining = 0 }
                return line
            })
        },
        .of({ .statusMessages }, "WrappingEstimateFormatter", flaw: "computes remaining × elapsed / processed with wrapping 64-bit arithmetic to avoid a crash, so large jobs get negative or wrong estimates", breaks: "ETA-03") {
            EditedFormatter(enrichment: { call, line in
                var line = line
                let (processed, total) = call.clamped
                guard line.estimatedSecondsRemaining != nil, processed > 0, total > processed else { return line }
                let elapsed = Int(truncatingIfNeeded: call.now.epochMilliseconds &- call.start.epochMilliseconds)
                let milliseconds = (total - processed) &* elapsed / processed
                line.estimatedSecondsRemaining = (milliseconds &+ 999) / 1_000
                return line
            })
        },
    ]
}
