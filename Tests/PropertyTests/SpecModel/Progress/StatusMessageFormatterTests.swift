import Generators
import SpecModel
import SpecTesting
import Testing

/// User-friendly status messages for batch enrichment, CSV import and the AI scanner, and a working
/// time-remaining estimate (Seed: 003_…, Task 4, "User-Friendly Status Messages").
@Suite struct StatusMessageFormatterTests {
    // MARK: - The seed's own tests

    /// The seed's "formats enrichment progress", and the exact strings and figures behind it.
    @Test func theSeedsTestFormatsEnrichmentProgress() {
        let message = StatusMessageFormatter.enrichmentProgress(processed: 5, total: 10, currentTitle: "The Great Gatsby")
        #expect(message.userMessage.contains("Finding details"))
        #expect(message.userMessage.contains("5 of 10"))
        #expect(message.userMessage == "Finding details for The Great Gatsby... 5 of 10 books complete")
        #expect(message.technicalMessage == "Enriching (5/10): The Great Gatsby")
        #expect(message.metadata == StatusMetadata(percentage: 50, remaining: 5, estimatedSecondsRemaining: nil, phase: nil))
    }

    /// The seed's "formats error messages": the warning sign and "Couldn't find".
    @Test func theSeedsTestFormatsErrorMessages() {
        let message = StatusMessageFormatter.enrichmentProgress(processed: 5, total: 10, currentTitle: "Bad Title", hasError: true)
        #expect(message.userMessage.contains("⚠️"))
        #expect(message.userMessage.contains("Couldn't find"))
        #expect(message.userMessage == "⚠️ Couldn't find details for Bad Title")
        #expect(message.technicalMessage == "Enrichment failed (5/10): Bad Title")
        // D-090: the not-found message keeps the figures, where the seed sends none.
        #expect(message.metadata == StatusMetadata(percentage: 50, remaining: 5))
    }

    /// The warning sign is U+26A0 with the emoji presentation selector, as the seed's bytes decode.
    @Test func theWarningSignIsU26A0WithTheEmojiPresentationSelector() {
        let message = StatusMessageFormatter.enrichmentProgress(processed: 1, total: 2, currentTitle: "x", hasError: true)
        #expect(Array(message.userMessage.unicodeScalars.prefix(3).map(\.value)) == [0x26A0, 0xFE0F, 0x20])
    }

    @Test func theOldVerboseMessageBecomesTheTechnicalOne() {
        // Seed: "Old: Enriching (5/10): The Great Gatsby" is kept for the logs.
        let message = StatusMessageFormatter.enrichmentProgress(processed: 5, total: 10, currentTitle: "The Great Gatsby", estimate: 42)
        #expect(message.technicalMessage == "Enriching (5/10): The Great Gatsby")
        #expect(message.metadata.estimatedSecondsRemaining == 42)
    }

    // MARK: - CSV import and AI scanner

    static let csvCases: [(CSVImportPhase, Double, String, String, [UInt32])] = [
        (.parsing, 0.5, "📄 Reading your library export... 50% complete", "CSV parsing (50%)", [0x1F4C4]),
        (.validating, 0.5, "✅ Validating book data... 50% complete", "CSV validating (50%)", [0x2705]),
        (.saving, 0.5, "💾 Adding books to your library... 50% complete", "CSV saving (50%)", [0x1F4BE]),
        (.parsing, 0, "📄 Reading your library export... 0% complete", "CSV parsing (0%)", [0x1F4C4]),
        (.saving, 1, "💾 Adding books to your library... 100% complete", "CSV saving (100%)", [0x1F4BE]),
        (.validating, 0.999, "✅ Validating book data... 99% complete", "CSV validating (99%)", [0x2705]),
    ]

    /// Seed: `formatCSVImportProgress`, every phase, exactly; the emoji by code point.
    @Test(arguments: csvCases)
    func eachCSVPhaseHasTheSeedsMessage(phase: CSVImportPhase, fraction: Double, userMessage: String, technicalMessage: String, emoji: [UInt32]) {
        let message = StatusMessageFormatter.csvImportProgress(fraction: fraction, phase: phase)
        #expect(message.userMessage == userMessage)
        #expect(message.technicalMessage == technicalMessage)
        #expect(Array(message.userMessage.unicodeScalars.prefix(emoji.count + 1).map(\.value)) == emoji + [0x20])
        #expect(message.metadata == StatusMetadata(percentage: StatusMessageFormatter.percentage(fraction: fraction), phase: .csvImport(phase)))
        #expect(message.metadata.phase?.rawValue == phase.rawValue)
    }

    static let aiCases: [(AIScanPhase, String, [UInt32])] = [
        (.uploading, "📤 Uploading photo...", [0x1F4E4]),
        (.analyzing, "🔍 Analyzing bookshelf with AI...", [0x1F50D]),
        (.extracting, "📚 Detecting book titles...", [0x1F4DA]),
        (.enriching, "✨ Finding cover art and details...", [0x2728]),
        (.complete, "✅ Scan complete!", [0x2705]),
    ]

    /// Seed: `formatAIScanProgress`, every phase, exactly; the metadata is the phase alone.
    @Test(arguments: aiCases)
    func eachAIScanPhaseHasTheSeedsMessage(phase: AIScanPhase, userMessage: String, emoji: [UInt32]) {
        let message = StatusMessageFormatter.aiScanProgress(phase: phase)
        #expect(message.userMessage == userMessage)
        #expect(message.technicalMessage == "AI scan: \(phase.rawValue)")
        #expect(Array(message.userMessage.unicodeScalars.prefix(emoji.count + 1).map(\.value)) == emoji + [0x20])
        #expect(message.metadata == StatusMetadata(phase: .aiScan(phase)))
    }

    @Test func everyPhaseIsCoveredAndTheDefaultsAreTheSeeds() {
        #expect(Set(Self.csvCases.map(\.0)) == Set(CSVImportPhase.allCases))
        #expect(Self.aiCases.map(\.0) == AIScanPhase.allCases)
        #expect(StatusMessageFormatter.csvImportProgress(fraction: 0.25) == StatusMessageFormatter.csvImportProgress(fraction: 0.25, phase: .parsing))
        #expect(StatusMessageFormatter.aiScanProgress() == StatusMessageFormatter.aiScanProgress(phase: .analyzing))
        // The seed's fallback for a phase name it does not know.
        #expect((CSVImportPhase(rawValue: "uploading") ?? .parsing) == .parsing)
        #expect((AIScanPhase(rawValue: "parsing") ?? .analyzing) == .analyzing)
    }

    // MARK: - Edge cases (D-088, D-089)

    static let countCases: [(Int, Int, String, Int, Int)] = [
        (0, 0, "0 of 0", 100, 0), // the seed divides by zero
        (0, 10, "0 of 10", 0, 10),
        (10, 10, "10 of 10", 100, 0),
        (12, 10, "10 of 10", 100, 0), // more processed than total: clamped
        (-3, 10, "0 of 10", 0, 10), // negative: 0
        (5, -1, "0 of 0", 100, 0),
        (29, 100, "29 of 100", 29, 71), // exact: the seed's doubles give 28
        (57, 100, "57 of 100", 57, 43), // exact: the seed's doubles give 56
        (1, 3, "1 of 3", 33, 2),
        (2, 3, "2 of 3", 66, 1),
        (999, 1_000, "999 of 1000", 99, 1),
        (Int.max - 1, Int.max, "\(Int.max - 1) of \(Int.max)", 99, 1),
        (Int.max, Int.max, "\(Int.max) of \(Int.max)", 100, 0),
        (Int.min, Int.min, "0 of 0", 100, 0),
    ]

    @Test(arguments: countCases)
    func countsAreBroughtIntoRangeAndThePercentageIsExact(processed: Int, total: Int, text: String, percentage: Int, remaining: Int) {
        let message = StatusMessageFormatter.enrichmentProgress(processed: processed, total: total, currentTitle: "T")
        #expect(message.userMessage == "Finding details for T... \(text) books complete")
        #expect(message.metadata.percentage == percentage)
        #expect(message.metadata.remaining == remaining)
        #expect(StatusMessageFormatter.percentage(processed: processed, total: total) == percentage)
    }

    static let fractionCases: [(Double, Int)] = [
        (.nan, 0), (-.nan, 0), (-0.5, 0), (-0.0, 0), (0, 0), (0.004, 0), (0.01, 1), (0.29, 28), (0.5, 50),
        (0.999, 99), (0.9999999, 99), (1, 100), (1.5, 100), (.infinity, 100), (-.infinity, 0), (.leastNonzeroMagnitude, 0),
    ]

    /// The CSV fraction is clamped to 0...1, NaN is 0, and the percentage is the seed's `Math.floor(progress * 100)`.
    @Test(arguments: fractionCases)
    func aCSVFractionIsClampedAndRoundedDownAsTheSeedDoes(fraction: Double, percentage: Int) {
        #expect(StatusMessageFormatter.percentage(fraction: fraction) == percentage)
        #expect(StatusMessageFormatter.csvImportProgress(fraction: fraction).userMessage == "📄 Reading your library export... \(percentage)% complete")
    }

    @Test func aLongTitleIsCutToAThousandBytesAtAScalarBoundary() {
        let title = String(repeating: "\u{20AC}", count: 500) // 1,500 bytes, three per scalar
        let message = StatusMessageFormatter.enrichmentProgress(processed: 1, total: 2, currentTitle: title)
        let quoted = String(repeating: "\u{20AC}", count: 333) // 999 bytes
        #expect(message.userMessage == "Finding details for \(quoted)... 1 of 2 books complete")
        #expect(message.technicalMessage == "Enriching (1/2): \(quoted)")
    }

    @Test func aNegativeEstimateIsUnknown() {
        #expect(StatusMessageFormatter.enrichmentProgress(processed: 1, total: 2, currentTitle: "T", estimate: -1).metadata.estimatedSecondsRemaining == nil)
        #expect(StatusMessageFormatter.enrichmentProgress(processed: 1, total: 2, currentTitle: "T", estimate: 0).metadata.estimatedSecondsRemaining == 0)
    }

    // MARK: - Percentage properties

    /// Counts from anywhere in `Int`, small ones often.
    static var anyCount: Gen<Int> {
        Gen<Int>.frequency([(3, Gen<Int>.int(in: -5...200)), (1, Gen<Int>.int), (1, Gen<Int>.int(in: (Int.max - 300)...Int.max))])
    }

    @Test func thePercentageIsAlwaysWithin0To100AndAgreesWithTheMessage() {
        property(Gen<(Int, Int)>.zip(Self.anyCount, Self.anyCount)) { processed, total in
            let message = StatusMessageFormatter.enrichmentProgress(processed: processed, total: total, currentTitle: "T")
            guard let percentage = message.metadata.percentage else { throw PropertyViolation("no percentage for \(processed) of \(total)") }
            try require((0...100).contains(percentage), "percentage \(percentage) for \(processed) of \(total)")
            let (shown, shownTotal) = StatusMessageFormatter.clampedCounts(processed: processed, total: total)
            try require(message.userMessage.hasSuffix("\(shown) of \(shownTotal) books complete"), message.userMessage)
            try requireEqual(message.metadata.remaining, shownTotal - shown)
            try require(shown >= 0 && shown <= shownTotal, "clamped counts \(shown) of \(shownTotal)")
        }
    }

    /// Against an oracle: for counts whose product fits, the percentage is `processed × 100 / total`.
    @Test func thePercentageIsTheExactFloorOfTheRatio() {
        property(Gen<(Int, Int)>.zip(Gen<Int>.int(in: 0...1_000_000), Gen<Int>.int(in: 1...1_000_000))) { a, b in
            let (processed, total) = (min(a, b), max(a, b))
            try requireEqual(StatusMessageFormatter.percentage(processed: processed, total: total), processed * 100 / total)
        }
    }

    @Test func thePercentageIsMonotoneInProcessedForAFixedTotal() {
        property(Gen<(Int, Int, Int)>.zip(Self.anyCount, Self.anyCount, Self.anyCount)) { total, a, b in
            let (low, high) = (min(a, b), max(a, b))
            let lowPercentage = StatusMessageFormatter.percentage(processed: low, total: total)
            let highPercentage = StatusMessageFormatter.percentage(processed: high, total: total)
            try require(lowPercentage <= highPercentage, "\(low) of \(total) is \(lowPercentage)%, but \(high) of \(total) is \(highPercentage)%")
        }
    }

    @Test func theCSVPercentageIsWithin0To100AndMonotoneForAnyDouble() {
        let anyDouble = Gen<Double>.frequency([(1, Gen<UInt64>.word.map { Double(bitPattern: $0) }), (2, Gen<Double>.double(in: -0.5...1.5))])
        property(Gen<(Double, Double)>.zip(anyDouble, anyDouble)) { a, b in
            for fraction in [a, b] {
                let percentage = StatusMessageFormatter.percentage(fraction: fraction)
                try require((0...100).contains(percentage), "percentage \(percentage) for \(fraction)")
            }
            if !a.isNaN, !b.isNaN {
                let (low, high) = (min(a, b), max(a, b))
                try require(StatusMessageFormatter.percentage(fraction: low) <= StatusMessageFormatter.percentage(fraction: high), "not monotone between \(low) and \(high)")
            }
        }
    }

    // MARK: - Time remaining (D-091)

    static let start = Timestamp(epochMilliseconds: 1_699_564_820_000)

    @Test func theEstimateIsTheAverageTimePerItemTimesTheItemsLeftRoundedUp() {
        let estimate = TimeRemainingEstimate(start: Self.start)
        // 3 items in 10 s: 7 left at 3.33 s each is 23.3 s, so 24.
        #expect(estimate.secondsRemaining(processed: 3, total: 10, now: Self.start.adding(milliseconds: 10_000)) == 24)
        // 5 items in 10 s: 5 left at 2 s each is exactly 10.
        #expect(estimate.secondsRemaining(processed: 5, total: 10, now: Self.start.adding(milliseconds: 10_000)) == 10)
        // 1 ms of work left still shows a second.
        #expect(estimate.secondsRemaining(processed: 999, total: 1_000, now: Self.start.adding(milliseconds: 999)) == 1)
        // 1 left at 1,000.5 ms each is 1.0005 s, so 2: the rounding is of the exact quotient.
        #expect(estimate.secondsRemaining(processed: 2, total: 3, now: Self.start.adding(milliseconds: 2_001)) == 2)
        // Instant items: nothing left to wait for, though items remain.
        #expect(estimate.secondsRemaining(processed: 4, total: 10, now: Self.start) == 0)
    }

    @Test func theEstimateIsUnknownBeforeTheFirstItemAndWhenTheClockWentBackwards() {
        let estimate = TimeRemainingEstimate(start: Self.start)
        #expect(estimate.secondsRemaining(processed: 0, total: 10, now: Self.start.adding(milliseconds: 60_000)) == nil)
        #expect(estimate.secondsRemaining(processed: -2, total: 10, now: Self.start.adding(milliseconds: 60_000)) == nil)
        #expect(estimate.secondsRemaining(processed: 5, total: 10, now: Self.start.adding(milliseconds: -1)) == nil)
    }

    @Test func theEstimateIsZeroWhenDoneWhateverTheClock() {
        let estimate = TimeRemainingEstimate(start: Self.start)
        #expect(estimate.secondsRemaining(processed: 10, total: 10, now: Self.start.adding(milliseconds: 5_000)) == 0)
        #expect(estimate.secondsRemaining(processed: 12, total: 10, now: Self.start.adding(milliseconds: 5_000)) == 0)
        #expect(estimate.secondsRemaining(processed: 10, total: 10, now: Self.start.adding(milliseconds: -5_000)) == 0)
        #expect(estimate.secondsRemaining(processed: 0, total: 0, now: Self.start) == 0)
    }

    @Test func anEstimatePastIntMaxSecondsIsIntMax() {
        let estimate = TimeRemainingEstimate(start: Timestamp(epochMilliseconds: .min))
        #expect(estimate.secondsRemaining(processed: 1, total: .max, now: Timestamp(epochMilliseconds: .max)) == .max)
        // 2^64 - 1 ms over 2 items, 1 left: 2^63 ms after rounding up, computed in 128 bits.
        #expect(estimate.secondsRemaining(processed: 2, total: 3, now: Timestamp(epochMilliseconds: .max)) == 9_223_372_036_854_776)
    }

    /// For a job at a constant rate, the estimate is the true remaining time, rounded up to a second;
    /// before the first item it is unknown, and when done it is 0.
    @Test func atAConstantRateTheEstimateIsTheTrueRemainingTimeRoundedUp() {
        let job = Gen<(Int64, Int, Int, Int)>.zip(
            Gen<Int64>.integer(in: -1_000_000_000_000...4_000_000_000_000), Gen<Int>.int(in: 0...600_000),
            Gen<Int>.int(in: 1...100_000), Gen<Int>.int(in: 0...100_000)
        )
        property(job) { startMilliseconds, millisecondsPerItem, total, done in
            let processed = min(done, total)
            let start = Timestamp(epochMilliseconds: startMilliseconds)
            let now = start.adding(milliseconds: Int64(processed * millisecondsPerItem))
            let seconds = TimeRemainingEstimate(start: start).secondsRemaining(processed: processed, total: total, now: now)
            if processed == total {
                try requireEqual(seconds, 0, "done")
            } else if processed == 0 {
                try requireEqual(seconds, nil, "before the first item")
            } else {
                let trueMilliseconds = (total - processed) * millisecondsPerItem
                try requireEqual(seconds, (trueMilliseconds + 999) / 1_000, "\(processed) of \(total) at \(millisecondsPerItem) ms each")
            }
        }
    }

    /// Against an oracle: at any moment, for counts and times whose products fit in `Int`, the estimate
    /// is the exact ceiling of `remaining × elapsed / (processed × 1000)`.
    @Test func theEstimateIsTheExactCeilingOfTheAverageRate() {
        let moment = Gen<(Int, Int, Int)>.zip(Gen<Int>.int(in: 2...100_000), Gen<Int>.int(in: 0...100_000), Gen<Int>.int(in: 0...10_000_000))
        property(moment) { total, done, elapsed in
            // Some items done and some left.
            let processed = 1 + done % (total - 1)
            let now = Self.start.adding(milliseconds: Int64(elapsed))
            let seconds = TimeRemainingEstimate(start: Self.start).secondsRemaining(processed: processed, total: total, now: now)
            let divisor = processed * 1_000
            try requireEqual(seconds, ((total - processed) * elapsed + divisor - 1) / divisor, "\(processed) of \(total) after \(elapsed) ms")
        }
    }

    /// The estimate never traps, is never negative, and grows with the time taken so far.
    @Test func theEstimateNeverTrapsAndGrowsWithElapsedTime() {
        let anyTime = Gen<Int64>.frequency([(3, Gen<Int64>.integer(in: -10_000...10_000_000)), (1, Gen<Int64>.anyInteger)])
        property(Gen<(Int, Int, Int64, Int64, Int64)>.zip(Self.anyCount, Self.anyCount, anyTime, anyTime, anyTime)) { processed, total, start, a, b in
            let estimate = TimeRemainingEstimate(start: Timestamp(epochMilliseconds: start))
            let (early, late) = (min(a, b), max(a, b))
            let earlySeconds = estimate.secondsRemaining(processed: processed, total: total, now: Timestamp(epochMilliseconds: early))
            let lateSeconds = estimate.secondsRemaining(processed: processed, total: total, now: Timestamp(epochMilliseconds: late))
            for seconds in [earlySeconds, lateSeconds].compactMap({ $0 }) {
                try require(seconds >= 0, "negative estimate \(seconds)")
            }
            if let earlySeconds, let lateSeconds {
                try require(earlySeconds <= lateSeconds, "the estimate fell from \(earlySeconds) s to \(lateSeconds) s as time passed")
            }
        }
    }
}
