import Generators
import SpecModel

extension ConformanceSuite where Implementation: StatusMessageFormatting {
    /// The status message suite: every pipeline's texts, the percentage and its clamping on both sides
    /// of every bound, the CSV fraction, the title limit on both sides, and the estimate against the
    /// model on generated counts and times.
    public static var statusMessages: ConformanceSuite {
        typealias R = StatusMessageRules
        typealias C = StatusMessageChecks
        let model = ModelStatusMessageFormatter()
        func enrichment(_ rule: Rule, _ about: String, label: String? = nil, _ examples: [ConformanceExample<EnrichmentStatusInput>], _ read: @escaping (StatusLine) -> StatusLine = { $0 }) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, examples) { implementation, input in
                // The expectation is written out; the model must agree with it too.
                try ensure(read(input.ask(model)) == read(input.expected), "the suite's expectation, \(read(input.expected)), is not the model's answer", question: input.description,
                    model: read(input.ask(model)).description)
                try ensureSame(read(input.ask(implementation)), read(input.expected), input.description, show: { $0.description })
            }
        }
        return ConformanceSuite(id: "status-messages", title: "Status messages and time remaining", seam: "StatusMessageFormatting", checks: [
            enrichment(R.enrichment, "the seed's message and counts at the ends", C.enrichmentExamples, C.texts),
            .property(R.enrichment, "generated counts in range and titles within the limit", C.inRange(hasError: false), describe: { $0.description }, exercises: { !$0.hasError }) { implementation, input in
                let line = input.ask(implementation)
                let title = input.title
                try ensureSame(C.texts(line).userMessage, "Finding details for \(title)... \(input.processed) of \(input.total) books complete", input.description, show: { String(reflecting: $0) })
                try ensureSame(line.technicalMessage, "Enriching (\(input.processed)/\(input.total)): \(title)", input.description, show: { String(reflecting: $0) })
            },
            enrichment(R.notFound, "the seed's not-found message", C.notFoundExamples.filter { $0.input.processed <= $0.input.total }, C.texts),
            .property(R.notFound, "generated counts in range, not found", C.inRange(hasError: true), describe: { $0.description }, exercises: { $0.hasError }) { implementation, input in
                let line = input.ask(implementation)
                try ensureSame(line.userMessage, "\u{26A0}\u{FE0F} Couldn't find details for \(input.title)", input.description, show: { String(reflecting: $0) })
                try ensureSame(line.technicalMessage, "Enrichment failed (\(input.processed)/\(input.total)): \(input.title)", input.description, show: { String(reflecting: $0) })
            },
            enrichment(R.notFoundFigures, "the seed's not-found message and the last book", C.notFoundExamples.filter { $0.input.processed <= $0.input.total }, C.figuresOnly),
            .property(R.notFoundFigures, "generated counts in range, not found", C.inRange(hasError: true), describe: { $0.description }, exercises: { $0.hasError }) { implementation, input in
                let line = input.ask(implementation)
                var found = input
                found.hasError = false
                let figures = found.ask(implementation)
                try ensureSame([line.percentage, line.remaining], [figures.percentage, figures.remaining], "the figures of \(input.description), as when found", show: { "\($0)" })
            },
            .property(R.figures, "generated counts in range", C.inRange(hasError: false), describe: { $0.description }, exercises: C.countsInRange) { implementation, input in
                let line = input.ask(implementation)
                try ensureSame(line.remaining, input.total - input.processed, "the books remaining of \(input.description)", show: { $0.map(String.init) ?? "nil" })
                let seeds = Int((Double(input.processed) / Double(input.total) * 100).rounded(.down))
                guard seeds == input.processed * 100 / input.total else { return }
                try ensureSame(line.percentage, seeds, "the percentage of \(input.description)", show: { $0.map(String.init) ?? "nil" })
            },
            enrichment(R.figures, "the seed's example and counts at the ends", C.figureExamples, C.figuresOnly),
            enrichment(R.percentage, "counts on both sides of 0 and of the total, and exact floors", C.percentageExamples, C.withoutEstimate),
            enrichment(R.percentage, "a book not found with counts past the total: the text clamped", label: "STATUS-03.not-found", C.notFoundExamples.filter { $0.input.processed > $0.input.total }, C.texts),
            .differential(R.percentage, "generated counts anywhere in Int, titles within the limit", cases: 200, C.anyCounts, describe: { $0.description },
                exercises: { $0.title.utf8.count <= StatusMessageFormatter.titleBytesMax },
                question: { $0.description }, model: { C.withoutEstimate($0.ask(model)) }, implementation: { C.withoutEstimate($1.ask($0)) }, show: { $0.description }),
            .examples(R.csvImport, "every phase, and fractions from 0 to 1", C.csvExamples.filter { C.isSeedFraction($0.input.fraction) }) { implementation, example in
                try C.checkCSV(implementation, example, model: model)
            },
            .differential(R.csvImport, "generated fractions from 0 to 1", cases: 200, C.csvInputs, describe: { "\($0)" }, exercises: { C.isSeedFraction($0.0) },
                question: { "csvImportStatus(fraction: \($0.0), phase: .\($0.1))" }, model: { model.csvImportStatus(fraction: $0.0, phase: $0.1) },
                implementation: { $0.csvImportStatus(fraction: $1.0, phase: $1.1) }, show: { $0.description }),
            .examples(R.csvFraction, "fractions below 0, above 1, NaN and the infinities", C.csvExamples.filter { !C.isSeedFraction($0.input.fraction) }) { implementation, example in
                try C.checkCSV(implementation, example, model: model)
            },
            .examples(R.csvFractionInDoubles, "fractions a double holds below themselves", [0.29, 0.57, 0.58].map { fraction in
                ConformanceExample("\(fraction), whose double × 100 is \(fraction * 100)", CSVStatusExample(fraction: fraction, phase: .parsing, expected: model.csvImportStatus(fraction: fraction, phase: .parsing)), pins: "D-089")
            }) { implementation, example in
                try C.checkCSV(implementation, example, model: model)
            },
            .differential(R.csvFraction, "generated fractions outside 0 to 1, any double", cases: 200, C.csvInputs, describe: { "\($0)" }, exercises: { !C.isSeedFraction($0.0) },
                question: { "csvImportStatus(fraction: \($0.0), phase: .\($0.1))" }, model: { model.csvImportStatus(fraction: $0.0, phase: $0.1) },
                implementation: { $0.csvImportStatus(fraction: $1.0, phase: $1.1) }, show: { $0.description }),
            .examples(R.aiScan, "every phase", AIScanPhase.allCases.map { phase in ConformanceExample(phase.rawValue, phase, pins: "seed: \"formatAIScanProgress\"") }) { implementation, phase in
                let expected = C.aiScanLines[phase]
                try ensure(model.aiScanStatus(phase: phase) == expected, "the suite's expectation is not the model's answer", model: model.aiScanStatus(phase: phase).description)
                try ensureSame(implementation.aiScanStatus(phase: phase), expected, "aiScanStatus(phase: .\(phase))", show: { $0?.description ?? "nil" })
            },
            enrichment(R.titleLimit, "titles at and past 1,000 bytes", C.titleExamples, C.texts),
            enrichment(R.estimate, "the seed's formula on examples", C.estimateExamples, C.estimateOnly),
            .differential(R.estimate, "generated counts and times", cases: 200, C.estimateInputs, describe: { $0.description }, exercises: C.estimatedByTheFormula,
                question: { $0.description }, model: { $0.ask(model).estimatedSecondsRemaining }, implementation: { $1.ask($0).estimatedSecondsRemaining },
                show: { $0.map(String.init) ?? "unknown" }),
            enrichment(R.estimateUnknown, "nothing done, done, and the clock around the start", C.unknownExamples, C.estimateOnly),
            .property(R.estimateBounds, "generated counts and pairs of times anywhere", cases: 200, C.boundInputs, describe: { "\($0)" }, exercises: C.sameJobLater) { implementation, input in
                let (early, late) = (input.0, input.1)
                let first = early.ask(implementation).estimatedSecondsRemaining
                let second = late.ask(implementation).estimatedSecondsRemaining
                for value in [first, second].compactMap({ $0 }) {
                    try ensure(value >= 0, "a negative estimate, \(value) s", question: "\(early.description); \(late.description)", model: "\(early.ask(model).estimatedSecondsRemaining.map(String.init) ?? "unknown")")
                }
                if let first, let second {
                    try ensure(first <= second, "the estimate fell from \(first) s to \(second) s as time passed", question: "\(early.description); \(late.description)",
                        model: "\(early.ask(model).estimatedSecondsRemaining.map(String.init) ?? "unknown") then \(late.ask(model).estimatedSecondsRemaining.map(String.init) ?? "unknown")",
                        implementation: "\(first) then \(second)")
                }
            },
            enrichment(R.estimateBounds, "estimates past Int.max seconds", C.saturationExamples, C.estimateOnly),
        ])
    }
}

/// One call of `enrichmentStatus` and the line it must return.
struct EnrichmentStatusInput: Sendable, CustomStringConvertible {
    var processed: Int
    var total: Int
    var title: String
    var hasError: Bool
    var start: Int64
    var now: Int64
    /// The answer, written out for examples (the model's for generated inputs).
    var expected: StatusLine

    init(_ processed: Int, of total: Int, title: String = "T", hasError: Bool = false, start: Int64 = StatusMessageChecks.start, now: Int64 = StatusMessageChecks.start, expected: StatusLine) {
        self.processed = processed
        self.total = total
        self.title = title
        self.hasError = hasError
        self.start = start
        self.now = now
        self.expected = expected
    }

    func ask(_ formatter: some StatusMessageFormatting) -> StatusLine {
        formatter.enrichmentStatus(processed: processed, total: total, currentTitle: title, hasError: hasError,
                                   jobStartedAt: Timestamp(epochMilliseconds: start), now: Timestamp(epochMilliseconds: now))
    }

    var description: String {
        let shown = title.utf8.count <= 60 ? String(reflecting: title) : String(reflecting: TextExcerpt.prefix(title, utf8BytesMax: 20)) + "… (\(title.utf8.count) bytes)"
        let elapsed = now.subtractingReportingOverflow(start)
        let when = start == StatusMessageChecks.start && !elapsed.overflow ? "start + \(elapsed.partialValue) ms" : "\(now) ms, started \(start) ms"
        return "enrichmentStatus(processed: \(processed), total: \(total), currentTitle: \(shown), hasError: \(hasError), at \(when))"
    }
}

/// One call of `csvImportStatus` and the line it must return.
struct CSVStatusExample: Sendable {
    let fraction: Double
    let phase: CSVImportPhase
    let expected: StatusLine
}

/// The status suite's inputs and examples.
enum StatusMessageChecks {
    /// The jobs' start, the seed's date.
    static let start = ProgressConformance.start.epochMilliseconds

    static let warning = "\u{26A0}\u{FE0F}"

    /// The line without the estimate, for rules about the rest.
    static func withoutEstimate(_ line: StatusLine) -> StatusLine {
        var line = line
        line.estimatedSecondsRemaining = nil
        return line
    }

    /// The estimate alone.
    static func estimateOnly(_ line: StatusLine) -> StatusLine {
        StatusLine(userMessage: "", technicalMessage: "", estimatedSecondsRemaining: line.estimatedSecondsRemaining)
    }

    /// The percentage and the books remaining alone.
    static func figuresOnly(_ line: StatusLine) -> StatusLine {
        StatusLine(userMessage: "", technicalMessage: "", percentage: line.percentage, remaining: line.remaining)
    }

    /// Whether the counts are STATUS-08's: in range, 0 ≤ processed ≤ total, and total above 0 (STATUS-03
    /// says the rest).
    static func countsInRange(_ input: EnrichmentStatusInput) -> Bool {
        input.total > 0 && input.processed >= 0 && input.processed <= input.total
    }

    /// Whether ETA-01's formula gives the estimate: something done and the clock not before the start,
    /// or nothing left (0 either way); before the first item or the start ETA-02 says what it is.
    static func estimatedByTheFormula(_ input: EnrichmentStatusInput) -> Bool {
        input.processed > 0 && (input.now >= input.start || input.processed >= input.total)
    }

    /// Whether two calls are ETA-03's: the same counts and start, the second no earlier than the first.
    static func sameJobLater(_ calls: (EnrichmentStatusInput, EnrichmentStatusInput)) -> Bool {
        calls.0.processed == calls.1.processed && calls.0.total == calls.1.total && calls.0.start == calls.1.start && calls.0.now <= calls.1.now
    }

    /// Whether the seed's `Math.floor(progress * 100)` is all STATUS-04 asks of `fraction`: from 0 to 1.
    static func isSeedFraction(_ fraction: Double) -> Bool { fraction >= 0 && fraction <= 1 }

    static func checkCSV(_ implementation: some StatusMessageFormatting, _ example: CSVStatusExample, model: ModelStatusMessageFormatter) throws {
        try ensure(model.csvImportStatus(fraction: example.fraction, phase: example.phase) == example.expected, "the suite's expectation, \(example.expected), is not the model's answer",
            model: model.csvImportStatus(fraction: example.fraction, phase: example.phase).description)
        let line = implementation.csvImportStatus(fraction: example.fraction, phase: example.phase)
        try ensureSame(line, example.expected, "csvImportStatus(fraction: \(example.fraction), phase: .\(example.phase))", show: { $0.description })
    }

    /// STATUS-08's examples: counts in range, whose figures the seed's formula gives.
    static var figureExamples: [ConformanceExample<EnrichmentStatusInput>] {
        [
            ConformanceExample("the seed's example", EnrichmentStatusInput(5, of: 10, title: "The Great Gatsby", expected: found(5, 10, title: "The Great Gatsby", percentage: 50, remaining: 5)),
                pins: "seed: \"const remaining = totalCount - processedCount;\""),
            ConformanceExample("the first book", EnrichmentStatusInput(0, of: 10, title: "Dune", expected: found(0, 10, title: "Dune", percentage: 0, remaining: 10)),
                pins: "seed: \"const percentage = Math.floor((processedCount / totalCount) * 100);\""),
            ConformanceExample("the last book", EnrichmentStatusInput(10, of: 10, title: "1984", expected: found(10, 10, title: "1984", percentage: 100, remaining: 0)),
                pins: "seed: \"const percentage = Math.floor((processedCount / totalCount) * 100);\""),
            ConformanceExample("1 of 3", EnrichmentStatusInput(1, of: 3, expected: found(1, 3, percentage: 33, remaining: 2)),
                pins: "seed: \"const percentage = Math.floor((processedCount / totalCount) * 100);\""),
        ]
    }

    /// The texts alone.
    static func texts(_ line: StatusLine) -> StatusLine {
        StatusLine(userMessage: line.userMessage, technicalMessage: line.technicalMessage)
    }

    static func found(_ processed: Int, _ total: Int, title: String = "T", percentage: Int, remaining: Int, estimate: Int? = nil) -> StatusLine {
        StatusLine(userMessage: "Finding details for \(title)... \(processed) of \(total) books complete", technicalMessage: "Enriching (\(processed)/\(total)): \(title)",
                   percentage: percentage, remaining: remaining, estimatedSecondsRemaining: estimate)
    }

    // MARK: - Examples

    static var enrichmentExamples: [ConformanceExample<EnrichmentStatusInput>] {
        [
            ConformanceExample("the seed's example", EnrichmentStatusInput(5, of: 10, title: "The Great Gatsby", expected: found(5, 10, title: "The Great Gatsby", percentage: 50, remaining: 5)),
                pins: "seed: \"Finding details for The Great Gatsby... 5 of 10 books complete\""),
            ConformanceExample("the first book", EnrichmentStatusInput(0, of: 10, title: "Dune", expected: found(0, 10, title: "Dune", percentage: 0, remaining: 10)), pins: "D-088"),
            ConformanceExample("the last book", EnrichmentStatusInput(10, of: 10, title: "1984", expected: found(10, 10, title: "1984", percentage: 100, remaining: 0)), pins: "D-088"),
            ConformanceExample("a title with quotes and emoji", EnrichmentStatusInput(1, of: 2, title: "\"Dune\" \u{1F4DA}", expected: found(1, 2, title: "\"Dune\" \u{1F4DA}", percentage: 50, remaining: 1)), pins: "D-084"),
        ]
    }

    static var notFoundExamples: [ConformanceExample<EnrichmentStatusInput>] {
        func notFound(_ processed: Int, _ total: Int, _ title: String, _ percentage: Int, _ remaining: Int) -> StatusLine {
            StatusLine(userMessage: "\(warning) Couldn't find details for \(title)", technicalMessage: "Enrichment failed (\(processed)/\(total)): \(title)",
                       percentage: percentage, remaining: remaining)
        }
        return [
            ConformanceExample("the seed's test", EnrichmentStatusInput(5, of: 10, title: "Bad Title", hasError: true, expected: notFound(5, 10, "Bad Title", 50, 5)),
                pins: "seed: \"formats error messages\""),
            ConformanceExample("the last book not found", EnrichmentStatusInput(10, of: 10, title: "X", hasError: true, expected: notFound(10, 10, "X", 100, 0)), pins: "D-090"),
            ConformanceExample("counts clamped when not found too", EnrichmentStatusInput(12, of: 10, title: "X", hasError: true, expected: notFound(10, 10, "X", 100, 0)), pins: "D-088"),
        ]
    }

    static var percentageExamples: [ConformanceExample<EnrichmentStatusInput>] {
        let cases: [(Int, Int, String, Int, Int, String)] = [
            (0, 0, "0 of 0", 100, 0, "D-088"),
            (0, 1, "0 of 1", 0, 1, "D-088"),
            (1, 1, "1 of 1", 100, 0, "D-088"),
            (0, 10, "0 of 10", 0, 10, "D-088"),
            (10, 10, "10 of 10", 100, 0, "D-088"),
            (11, 10, "10 of 10", 100, 0, "D-088"),
            (12, 10, "10 of 10", 100, 0, "D-088"),
            (-1, 10, "0 of 10", 0, 10, "D-088"),
            (5, -1, "0 of 0", 100, 0, "D-088"),
            (29, 100, "29 of 100", 29, 71, "D-088"),
            (57, 100, "57 of 100", 57, 43, "D-088"),
            (1, 3, "1 of 3", 33, 2, "D-088"),
            (2, 3, "2 of 3", 66, 1, "D-088"),
            (24, 100, "24 of 100", 24, 76, "D-088"),
            (25, 100, "25 of 100", 25, 75, "D-088"),
            (999, 1_000, "999 of 1000", 99, 1, "D-088"),
            (Int.max - 1, Int.max, "\(Int.max - 1) of \(Int.max)", 99, 1, "D-088"),
            (Int.max, Int.max, "\(Int.max) of \(Int.max)", 100, 0, "D-088"),
            (Int.min, Int.min, "0 of 0", 100, 0, "D-088"),
        ]
        return cases.map { processed, total, shown, percentage, remaining, pins in
            let (shownProcessed, shownTotal) = (shown.split(separator: " ").first.map(String.init) ?? "", shown.split(separator: " ").last.map(String.init) ?? "")
            let line = StatusLine(userMessage: "Finding details for T... \(shown) books complete", technicalMessage: "Enriching (\(shownProcessed)/\(shownTotal)): T",
                                  percentage: percentage, remaining: remaining)
            return ConformanceExample("\(processed) of \(total)", EnrichmentStatusInput(processed, of: total, expected: line), pins: pins)
        }
    }

    static var csvExamples: [ConformanceExample<CSVStatusExample>] {
        func line(_ phase: CSVImportPhase, _ percentage: Int) -> StatusLine {
            let text: String
            switch phase {
            case .parsing: text = "\u{1F4C4} Reading your library export... \(percentage)% complete"
            case .validating: text = "\u{2705} Validating book data... \(percentage)% complete"
            case .saving: text = "\u{1F4BE} Adding books to your library... \(percentage)% complete"
            }
            return StatusLine(userMessage: text, technicalMessage: "CSV \(phase.rawValue) (\(percentage)%)", percentage: percentage, phase: phase.rawValue)
        }
        let cases: [(String, Double, CSVImportPhase, Int, String)] = [
            ("the seed's example", 0.5, .parsing, 50, "seed: \"Reading your library export... 50% complete\""),
            ("validating", 0.5, .validating, 50, "seed: \"Validating book data...\""),
            ("saving", 0.5, .saving, 50, "seed: \"Adding books to your library...\""),
            ("0", 0, .parsing, 0, "D-089"),
            ("1", 1, .saving, 100, "D-089"),
            ("just below 1", 0.999, .validating, 99, "D-089"),
            ("just below 0.01", 0.009_999, .parsing, 0, "D-089"),
            ("0.01", 0.01, .parsing, 1, "D-089"),
            ("above 1", 1.5, .saving, 100, "D-089"),
            ("just above 1", 1.000_000_1, .saving, 100, "D-089"),
            ("below 0", -0.5, .parsing, 0, "D-089"),
            ("just below 0", -0.000_001, .parsing, 0, "D-089"),
            ("NaN", .nan, .parsing, 0, "D-089"),
            ("infinity", .infinity, .validating, 100, "D-089"),
            ("minus infinity", -.infinity, .validating, 0, "D-089"),
        ]
        return cases.map { name, fraction, phase, percentage, pins in
            ConformanceExample(name, CSVStatusExample(fraction: fraction, phase: phase, expected: line(phase, percentage)),
                pins: isSeedFraction(fraction) && pins == "D-089" ? "seed: \"const percentage = Math.floor(progress * 100);\"" : pins)
        }
    }

    static let aiScanLines: [AIScanPhase: StatusLine] = [
        .uploading: StatusLine(userMessage: "\u{1F4E4} Uploading photo...", technicalMessage: "AI scan: uploading", phase: "uploading"),
        .analyzing: StatusLine(userMessage: "\u{1F50D} Analyzing bookshelf with AI...", technicalMessage: "AI scan: analyzing", phase: "analyzing"),
        .extracting: StatusLine(userMessage: "\u{1F4DA} Detecting book titles...", technicalMessage: "AI scan: extracting", phase: "extracting"),
        .enriching: StatusLine(userMessage: "\u{2728} Finding cover art and details...", technicalMessage: "AI scan: enriching", phase: "enriching"),
        .complete: StatusLine(userMessage: "\u{2705} Scan complete!", technicalMessage: "AI scan: complete", phase: "complete"),
    ]

    static var titleExamples: [ConformanceExample<EnrichmentStatusInput>] {
        let cases: [(String, String, String)] = [
            ("1,000 bytes: kept", String(repeating: "a", count: 1_000), String(repeating: "a", count: 1_000)),
            ("1,001 bytes: the last byte goes", String(repeating: "a", count: 1_001), String(repeating: "a", count: 1_000)),
            ("three-byte scalars: 1,500 bytes to 999", String(repeating: "\u{20AC}", count: 500), String(repeating: "\u{20AC}", count: 333)),
            ("a combining mark past the limit goes alone", String(repeating: "a", count: 999) + "e\u{301}", String(repeating: "a", count: 999) + "e"),
            ("four-byte scalars: exactly 1,000 bytes", String(repeating: "\u{1F4DA}", count: 250), String(repeating: "\u{1F4DA}", count: 250)),
        ]
        return cases.map { name, title, quoted in
            ConformanceExample(name, EnrichmentStatusInput(1, of: 2, title: title, expected: found(1, 2, title: quoted, percentage: 50, remaining: 1)), pins: "D-084")
        }
    }

    static var estimateExamples: [ConformanceExample<EnrichmentStatusInput>] {
        let cases: [(String, Int, Int, Int64, Int)] = [
            ("3 of 10 in 10 s: 23.3 s left, so 24", 3, 10, 10_000, 24),
            ("5 of 10 in 10 s: exactly 10", 5, 10, 10_000, 10),
            ("1 ms of work left is a second", 999, 1_000, 999, 1),
            ("1,000.5 ms left is 2 s", 2, 3, 2_001, 2),
            ("2,000 ms left is 2 s", 2, 3, 4_000, 2),
            ("instant items", 4, 10, 0, 0),
            ("the seed's formatter, given a start", 5, 10, 10_000, 10),
        ]
        return cases.map { name, processed, total, elapsed, seconds in
            let percentage = processed * 100 / total
            return ConformanceExample(name, EnrichmentStatusInput(processed, of: total, now: start + elapsed,
                expected: found(processed, total, percentage: percentage, remaining: total - processed, estimate: seconds)), pins: "D-091")
        }
    }

    static var unknownExamples: [ConformanceExample<EnrichmentStatusInput>] {
        let cases: [(String, Int, Int, Int64, Int?)] = [
            ("nothing processed yet", 0, 10, 60_000, nil),
            ("a negative count is nothing processed", -2, 10, 60_000, nil),
            ("the clock 1 ms before the start", 5, 10, -1, nil),
            ("the clock at the start", 5, 10, 0, 0),
            ("1 of 10 after 1 ms", 1, 10, 1, 1),
            ("done, with the clock before the start", 10, 10, -5_000, 0),
            ("more than done", 12, 10, 5_000, 0),
            ("a job of no items", 0, 0, 0, 0),
        ]
        return cases.map { name, processed, total, elapsed, seconds in
            let (shownProcessed, shownTotal) = StatusMessageFormatter.clampedCounts(processed: processed, total: total)
            return ConformanceExample(name, EnrichmentStatusInput(processed, of: total, now: start + elapsed,
                expected: found(shownProcessed, shownTotal, percentage: StatusMessageFormatter.percentage(processed: processed, total: total),
                                remaining: shownTotal - shownProcessed, estimate: seconds)), pins: "D-091")
        }
    }

    static var saturationExamples: [ConformanceExample<EnrichmentStatusInput>] {
        [
            ConformanceExample("the widest clock and counts", EnrichmentStatusInput(1, of: .max, start: .min, now: .max,
                expected: found(1, .max, percentage: 0, remaining: .max - 1, estimate: .max)), pins: "D-091"),
            ConformanceExample("2^64 - 1 ms over two items, one left", EnrichmentStatusInput(2, of: 3, start: .min, now: .max,
                expected: found(2, 3, percentage: 66, remaining: 1, estimate: 9_223_372_036_854_776)), pins: "D-091"),
        ]
    }

    // MARK: - Generators

    static var anyCount: Gen<Int> {
        Gen<Int>.frequency([
            (weight: 3, generator: Gen<Int>.int(in: -5...200)),
            (weight: 1, generator: Gen<Int>.int),
            (weight: 1, generator: Gen<Int>.int(in: (Int.max - 300)...Int.max)),
        ])
    }

    static var title: Gen<String> {
        Gen<String>.frequency([
            (weight: 4, generator: Gen<String>.asciiString(count: 0...20)),
            (weight: 2, generator: Gen<String>.unicodeString(count: 0...8)),
            (weight: 1, generator: Gen<(String, Int)>.zip(Gen<String>.unicodeString(count: 1...2), Gen<Int>.int(in: 200...600)).map { piece, times in
                String(repeating: piece.isEmpty ? "e\u{301}" : piece, count: times)
            }),
        ])
    }

    /// Counts in range (0 ≤ processed ≤ total), titles within 1,000 bytes.
    static func inRange(hasError: Bool) -> Gen<EnrichmentStatusInput> {
        Gen<(Int, Int, String)>.zip(Gen<Int>.int(in: 1...5_000), Gen<Int>.int(in: 0...5_000), Gen<String>.asciiString(count: 0...30)).map { total, done, title in
            let processed = done % (total + 1)
            return EnrichmentStatusInput(processed, of: total, title: title, hasError: hasError, now: start + Int64(processed) * 700,
                                         expected: StatusLine(userMessage: "", technicalMessage: ""))
        }
    }

    /// Counts anywhere in `Int`, any title (found: the not-found figures are STATUS-02's).
    static var anyCounts: Gen<EnrichmentStatusInput> {
        Gen<(Int, Int, String)>.zip(anyCount, anyCount, title).map { processed, total, title in
            EnrichmentStatusInput(processed, of: total, title: title, now: start + 60_000, expected: StatusLine(userMessage: "", technicalMessage: ""))
        }
    }

    static var csvInputs: Gen<(Double, CSVImportPhase)> {
        let anyDouble = Gen<Double>.frequency([
            (weight: 1, generator: Gen<UInt64>.word.map { Double(bitPattern: $0) }),
            (weight: 3, generator: Gen<Double>.double(in: -0.5...1.5)),
            (weight: 1, generator: Gen<Int>.int(in: 0...1_000).map { Double($0) / 1_000 }),
        ])
        return Gen<(Double, CSVImportPhase)>.zip(anyDouble, Gen<CSVImportPhase>.element(of: CSVImportPhase.allCases))
    }

    static var estimateInputs: Gen<EnrichmentStatusInput> {
        Gen<(Int, Int, Int64)>.zip(Gen<Int>.int(in: 0...100_000), Gen<Int>.int(in: 0...100_000), Gen<Int64>.integer(in: -10_000...10_000_000)).map { a, b, elapsed in
            EnrichmentStatusInput(min(a, b), of: max(a, b), now: start + elapsed, expected: StatusLine(userMessage: "", technicalMessage: ""))
        }
    }

    /// Two calls with the same counts and start, the second no earlier than the first.
    static var boundInputs: Gen<(EnrichmentStatusInput, EnrichmentStatusInput)> {
        let anyTime = Gen<Int64>.frequency([
            (weight: 3, generator: Gen<Int64>.integer(in: (start - 10_000)...(start + 10_000_000))),
            (weight: 1, generator: Gen<Int64>.anyInteger),
        ])
        return Gen<(Int, Int, Int64, Int64, Int64)>.zip(anyCount, anyCount, anyTime, anyTime, anyTime).map { processed, total, jobStart, a, b in
            let blank = StatusLine(userMessage: "", technicalMessage: "")
            return (EnrichmentStatusInput(processed, of: total, start: jobStart, now: min(a, b), expected: blank),
                    EnrichmentStatusInput(processed, of: total, start: jobStart, now: max(a, b), expected: blank))
        }
    }
}
