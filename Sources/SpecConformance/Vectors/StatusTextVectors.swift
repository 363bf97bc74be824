import Generators
import SpecModel

/// The status text vectors: a call of the backend's status formatter → the user's and the logs' texts
/// with their figures, the time-remaining estimate included (seed 003_…, Task 4; D-084, D-088 to
/// D-091). The inputs are the status suite's own (`StatusMessageChecks`), each once, tagged with the rule
/// of every list that holds it; a list's check is about one part of the line (the texts, the figures or
/// the estimate), and the vector holds the whole line, so a case also names the rule that fixes each part
/// no list of it checks (`rules(fixing:of:)`): the seed's where its formatter gives that part, the
/// decision's where it does not (a count out of range, an exact percentage, the estimate). Every
/// expectation is the model's formatter (`ModelStatusMessageFormatter`), never the suite's written-out
/// answers.
enum StatusTextVectors {
    static let area = "status-texts"

    /// The parts of an enrichment line a check is about.
    enum Part: CaseIterable {
        case texts, figures, estimate
    }

    static func file() -> TestVectorFile {
        typealias R = StatusMessageRules
        typealias C = StatusMessageChecks
        var list = TestVectorCaseList(prefix: "status")
        var calls = TestVectorExampleSet<EnrichmentStatusInput>(key: input)
        calls.add(C.enrichmentExamples, R.enrichment)
        calls.add(C.notFoundExamples.filter { $0.input.processed <= $0.input.total }, R.notFound)
        calls.add(C.notFoundExamples.filter { $0.input.processed <= $0.input.total }, R.notFoundFigures)
        calls.add(C.figureExamples, R.figures)
        calls.add(C.percentageExamples, R.percentage)
        calls.add(C.notFoundExamples.filter { $0.input.processed > $0.input.total }, R.percentage)
        calls.add(C.titleExamples, R.titleLimit)
        calls.add(C.estimateExamples, R.estimate)
        calls.add(C.unknownExamples, R.estimateUnknown)
        calls.add(C.saturationExamples, R.estimateBounds)
        calls.write(to: &list, expected: expected, more: { entry in rest(of: entry.value, after: entry.rules) })
        for example in C.csvExamples {
            let rule = C.isSeedFraction(example.input.fraction) ? R.csvImport : R.csvFraction
            list.add(input: csvInput(example.input.fraction, example.input.phase), expected: line(ModelStatusMessageFormatter().csvImportStatus(fraction: example.input.fraction, phase: example.input.phase)),
                     rules: [rule], name: example.name, pins: example.pins)
        }
        for phase in AIScanPhase.allCases {
            list.add(input: TestVectorValues.object([("call", "aiScanStatus"), ("phase", .string(phase.rawValue))]),
                     expected: line(ModelStatusMessageFormatter().aiScanStatus(phase: phase)), rules: [R.aiScan], note: "the \(phase.rawValue) phase (seed 003, formatAIScanProgress)")
        }
        for (index, call) in TestVectorSampling.samples(C.anyCounts, 6, salt: 1).enumerated() {
            let rules = ([R.percentage] + rest(of: call, after: [R.percentage])).uniqued()
            list.add("gen", input: input(call), expected: expected(call), rules: rules, note: "generated \(index + 1): counts anywhere in a 64-bit integer, any title")
        }
        for (index, call) in TestVectorSampling.samples(C.estimateInputs, 6, salt: 2).enumerated() {
            let rules = ([R.estimate] + rest(of: call, after: [R.estimate])).uniqued()
            list.add("gen", input: input(call), expected: expected(call), rules: rules, note: "generated \(index + 7): counts and times for the estimate")
        }
        for (index, (fraction, phase)) in TestVectorSampling.samples(C.csvInputs, 4, salt: 3).enumerated() {
            list.add("gen", input: csvInput(fraction, phase), expected: line(ModelStatusMessageFormatter().csvImportStatus(fraction: fraction, phase: phase)),
                     rules: [C.isSeedFraction(fraction) ? R.csvImport : R.csvFraction], note: "generated \(index + 13): any double as the fraction")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    /// The parts of the line a rule's checks are about.
    static func parts(of rule: Rule) -> Set<Part> {
        typealias R = StatusMessageRules
        switch rule.id {
        case R.enrichment.id, R.notFound.id, R.titleLimit.id: return [.texts]
        case R.figures.id, R.notFoundFigures.id: return [.figures]
        case R.percentage.id: return [.texts, .figures]
        case R.estimate.id, R.estimateUnknown.id, R.estimateBounds.id: return [.estimate]
        default: return []
        }
    }

    /// The rules that fix the parts of `call`'s line that none of `rules` is about, and a title's cut
    /// (STATUS-06) wherever the title is past the limit.
    static func rest(of call: EnrichmentStatusInput, after rules: [Rule]) -> [Rule] {
        let covered = rules.reduce(into: Set<Part>()) { $0.formUnion(parts(of: $1)) }
        var rest = Part.allCases.filter { !covered.contains($0) }.flatMap { Self.rules(fixing: $0, of: call) }
        if call.title.utf8.count > StatusMessageFormatter.titleBytesMax { rest.append(StatusMessageRules.titleLimit) }
        return rest
    }

    /// The rules that fix one part of `call`'s line: the seed's formatter for counts in range (its
    /// percentage where its floating-point formula is exact), the decisions for the rest.
    static func rules(fixing part: Part, of call: EnrichmentStatusInput) -> [Rule] {
        typealias R = StatusMessageRules
        let inRange = call.total > 0 && call.processed >= 0 && call.processed <= call.total
        switch part {
        case .texts:
            return inRange ? [call.hasError ? R.notFound : R.enrichment] : [R.percentage]
        case .figures:
            let hundredfold = call.processed.multipliedReportingOverflow(by: 100)
            let seeds = inRange && !hundredfold.overflow && Int((Double(call.processed) / Double(call.total) * 100).rounded(.down)) == hundredfold.partialValue / call.total
            return [seeds ? R.figures : R.percentage] + (call.hasError ? [R.notFoundFigures] : [])
        case .estimate:
            let (processed, total) = StatusMessageFormatter.clampedCounts(processed: call.processed, total: call.total)
            let elapsed = call.now.subtractingReportingOverflow(call.start)
            let unknownOrNone = processed == total || processed <= 0 || elapsed.overflow || elapsed.partialValue < 0
            let saturates = elapsed.overflow || call.ask(ModelStatusMessageFormatter()).estimatedSecondsRemaining == Int.max
            return [unknownOrNone && !elapsed.overflow ? R.estimateUnknown : R.estimate] + (saturates ? [R.estimateBounds] : [])
        }
    }

    static func input(_ call: EnrichmentStatusInput) -> JSONValue {
        TestVectorValues.object([
            ("call", "enrichmentStatus"),
            ("processed", .integer(Int64(call.processed))),
            ("total", .integer(Int64(call.total))),
            ("currentTitle", .string(call.title)),
            ("hasError", .bool(call.hasError)),
            ("jobStartedAt", .integer(call.start)),
            ("now", .integer(call.now)),
        ])
    }

    static func expected(_ call: EnrichmentStatusInput) -> JSONValue {
        line(call.ask(ModelStatusMessageFormatter()))
    }

    static func csvInput(_ fraction: Double, _ phase: CSVImportPhase) -> JSONValue {
        TestVectorValues.object([("call", "csvImportStatus"), ("fraction", TestVectorValues.double(fraction)), ("phase", .string(phase.rawValue))])
    }

    /// Every member of the line, `null` where the message has no such figure.
    static func line(_ line: StatusLine) -> JSONValue {
        TestVectorValues.object([
            ("userMessage", .string(line.userMessage)),
            ("technicalMessage", .string(line.technicalMessage)),
            ("percentage", TestVectorValues.integer(line.percentage)),
            ("remaining", TestVectorValues.integer(line.remaining)),
            ("estimatedSecondsRemaining", TestVectorValues.integer(line.estimatedSecondsRemaining)),
            ("phase", TestVectorValues.string(line.phase)),
        ])
    }
}
