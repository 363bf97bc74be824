import Generators
import SpecModel

/// The status text vectors: a call of the backend's status formatter → the user's and the logs' texts
/// with their figures, the time-remaining estimate included (seed 003_…, Task 4; D-084, D-088 to
/// D-091). The inputs are the status suite's own (`StatusMessageChecks`); every expectation is the
/// model's formatter (`ModelStatusMessageFormatter`), never the suite's written-out answers.
enum StatusTextVectors {
    static let area = "status-texts"

    static func file() -> TestVectorFile {
        typealias R = StatusMessageRules
        typealias C = StatusMessageChecks
        var list = TestVectorCaseList(prefix: "status")
        let enrichmentGroups: [(Rule, [ConformanceExample<EnrichmentStatusInput>])] = [
            (R.enrichment, C.enrichmentExamples),
            (R.notFound, C.notFoundExamples.filter { $0.input.processed <= $0.input.total }),
            (R.notFoundFigures, C.notFoundExamples.filter { $0.input.processed <= $0.input.total }),
            (R.figures, C.figureExamples),
            (R.percentage, C.percentageExamples + C.notFoundExamples.filter { $0.input.processed > $0.input.total }),
            (R.titleLimit, C.titleExamples),
            (R.estimate, C.estimateExamples),
            (R.estimateUnknown, C.unknownExamples),
            (R.estimateBounds, C.saturationExamples),
        ]
        for (rule, examples) in enrichmentGroups {
            for example in examples {
                let pinned = TestVectorCaseList.pinned(example.name, example.pins)
                list.add(input: input(example.input), expected: expected(example.input), rules: [rule], decisions: pinned.decisions, note: pinned.note)
            }
        }
        for example in C.csvExamples {
            let pinned = TestVectorCaseList.pinned(example.name, example.pins)
            list.add(input: csvInput(example.input.fraction, example.input.phase), expected: line(ModelStatusMessageFormatter().csvImportStatus(fraction: example.input.fraction, phase: example.input.phase)),
                     rules: [C.isSeedFraction(example.input.fraction) ? R.csvImport : R.csvFraction], decisions: pinned.decisions, note: pinned.note)
        }
        for phase in AIScanPhase.allCases {
            list.add(input: TestVectorValues.object([("call", "aiScanStatus"), ("phase", .string(phase.rawValue))]),
                     expected: line(ModelStatusMessageFormatter().aiScanStatus(phase: phase)), rules: [R.aiScan], note: "the \(phase.rawValue) phase (seed 003, formatAIScanProgress)")
        }
        for (index, call) in TestVectorSampling.samples(C.anyCounts, 6, salt: 1).enumerated() {
            list.add("gen", input: input(call), expected: expected(call), rules: [R.percentage], note: "generated \(index + 1): counts anywhere in a 64-bit integer, any title")
        }
        for (index, call) in TestVectorSampling.samples(C.estimateInputs, 6, salt: 2).enumerated() {
            list.add("gen", input: input(call), expected: expected(call), rules: [R.estimate], note: "generated \(index + 7): counts and times for the estimate")
        }
        for (index, (fraction, phase)) in TestVectorSampling.samples(C.csvInputs, 4, salt: 3).enumerated() {
            list.add("gen", input: csvInput(fraction, phase), expected: line(ModelStatusMessageFormatter().csvImportStatus(fraction: fraction, phase: phase)),
                     rules: [C.isSeedFraction(fraction) ? R.csvImport : R.csvFraction], note: "generated \(index + 13): any double as the fraction")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
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
