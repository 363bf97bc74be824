import Generators

/// One way of checking one rule against an implementation: a property over generated inputs, a
/// differential comparison with the model, or the examples that pin a decision.
///
/// A check never holds an implementation: it asks the suite's `make` for a fresh one for every case,
/// so no state leaks from one case to the next and a failing case replays alone.
public struct ConformanceCheck<Implementation> {
    /// How a check reaches its verdict.
    public enum Method: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Generated inputs, a law the implementation must keep (the model keeps it too).
        case property
        /// Generated inputs, the implementation's answer against the model's.
        case differential
        /// Fixed inputs that pin a decision or quote the seed.
        case examples

        public var description: String { rawValue }
    }

    /// The rule this check grades.
    public let rule: Rule
    /// How the check reaches its verdict: a property, a differential comparison or examples.
    public let method: Method
    /// What the check runs over, for reports: "generated messy titles".
    public let about: String
    /// The check's name within its suite, `TITLE-03.differential`; it names the property that the
    /// engine runs, derives its seed and binds its replay tokens.
    public let label: String
    /// Why the check does not apply to an implementation, or `nil` when it applies.
    let applicability: (Implementation) -> String?
    let execute: (_ make: @escaping () -> Implementation, _ context: CheckContext) -> CheckOutcome

    init(
        rule: Rule, method: Method, about: String, label: String? = nil,
        applicability: @escaping (Implementation) -> String? = { _ in nil },
        execute: @escaping (_ make: @escaping () -> Implementation, _ context: CheckContext) -> CheckOutcome
    ) {
        self.rule = rule
        self.method = method
        self.about = about
        self.label = label ?? "\(rule.id).\(method)"
        self.applicability = applicability
        self.execute = execute
    }
}

/// What one check concluded.
enum CheckOutcome {
    case passed(cases: Int)
    case failed(RuleFailure, cases: Int)
    case notApplicable(String)
}

/// What a check needs from the run: the engine's settings for its property, given its default case count.
struct CheckContext {
    let settings: (_ defaultCases: Int) -> PropertySettings
}

extension ConformanceCheck {
    /// A law over generated inputs: `body` gets a fresh implementation and one input, and throws a
    /// `ConformanceViolation` (or any error) when the implementation breaks the rule.
    ///
    /// A failure is shrunk to a minimal input and replayed once more to report the model's and the
    /// implementation's answers for exactly that input.
    public static func property<Value>(
        _ rule: Rule, _ about: String, method: Method = .property, label: String? = nil, cases: Int = 100,
        _ generator: Gen<Value>, describe: @escaping (Value) -> String = { String(reflecting: $0) },
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil },
        _ body: @escaping (inout Implementation, Value) throws -> Void
    ) -> ConformanceCheck {
        ConformanceCheck(rule: rule, method: method, about: about, label: label, applicability: applicability) { make, context in
            PropertyCheckRun.run(generator, settings: context.settings(cases), describe: describe) { value in
                var implementation = make()
                try body(&implementation, value)
            }
        }
    }

    /// The implementation's answer against the model's on generated inputs; they must be equal.
    public static func differential<Value, Answer: Equatable>(
        _ rule: Rule, _ about: String, label: String? = nil, cases: Int = 100,
        _ generator: Gen<Value>, describe: @escaping (Value) -> String = { String(reflecting: $0) },
        question: @escaping (Value) -> String,
        model: @escaping (Value) -> Answer,
        implementation answer: @escaping (inout Implementation, Value) -> Answer,
        show: @escaping (Answer) -> String = { String(reflecting: $0) },
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil }
    ) -> ConformanceCheck {
        property(rule, about, method: .differential, label: label, cases: cases, generator, describe: describe, appliesTo: applicability) { implementation, value in
            try ensureSame(answer(&implementation, value), model(value), question(value), show: show)
        }
    }

    /// Fixed examples, each run on a fresh implementation; the first that fails is reported.
    public static func examples<Example>(
        _ rule: Rule, _ about: String, label: String? = nil, _ examples: [ConformanceExample<Example>],
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil },
        _ body: @escaping (inout Implementation, Example) throws -> Void
    ) -> ConformanceCheck {
        precondition(!examples.isEmpty, "\(rule.id): an examples check needs at least one example")
        return ConformanceCheck(rule: rule, method: .examples, about: about, label: label, applicability: applicability) { make, _ in
            for (index, example) in examples.enumerated() {
                var implementation = make()
                do {
                    try body(&implementation, example.input)
                } catch {
                    let violation = error as? ConformanceViolation
                    let failure = RuleFailure(
                        message: violation?.message ?? String(describing: error),
                        question: violation?.question, modelAnswer: violation?.modelAnswer,
                        implementationAnswer: violation?.implementationAnswer,
                        counterexample: nil, originalCounterexample: nil, originalChoiceCount: nil, shrunkChoiceCount: nil,
                        origin: "example \(index + 1) of \(examples.count) (\(example.name))" + (example.pins.map { ", which pins \($0)" } ?? ""),
                        seed: nil, token: nil, shrink: nil
                    )
                    return .failed(failure, cases: index)
                }
            }
            return .passed(cases: examples.count)
        }
    }
}

/// One fixed input of an examples check, named for reports and tagged with what it pins.
public struct ConformanceExample<Input> {
    /// The example's name in reports: "the seed's example".
    public let name: String
    /// The fixed input the check's body runs on.
    public let input: Input
    /// The decision or the seed's words the example pins: `D-033` or `seed: "(Harry Potter, #1) removed"`.
    public let pins: String?

    /// Builds an example from its name, its input and, optionally, what it pins.
    public init(_ name: String, _ input: Input, pins: String? = nil) {
        self.name = name
        self.input = input
        self.pins = pins
    }
}

/// Runs one property through the engine and, on failure, replays the shrunk case once more to capture
/// the structured violation it throws.
enum PropertyCheckRun {
    static func run<Value>(
        _ generator: Gen<Value>, settings: PropertySettings, describe: @escaping (Value) -> String,
        _ body: @escaping (Value) throws -> Void
    ) -> CheckOutcome {
        let report = checkProperty(generator, settings: settings, describe: describe, body)
        switch report.outcome {
        case .passed:
            return .passed(cases: report.casesChecked)
        case let .failed(failure):
            // The engine keeps the failure as text; replaying the shrunk choices once more gives the
            // structured answers of exactly the case it reports.
            var captured: ConformanceViolation?
            var replaySettings = settings
            replaySettings.replay = failure.token
            replaySettings.regressions = []
            _ = checkProperty(generator, settings: replaySettings, describe: describe) { value in
                do {
                    try body(value)
                } catch let violation as ConformanceViolation {
                    captured = violation
                    throw violation
                }
            }
            let origin: String
            switch failure.origin {
            case let .generated(caseIndex): origin = "generated case \(caseIndex + 1) (\(report.casesChecked - 1) passed before it)"
            case let .regression(index): origin = "regression token #\(index + 1) from the regression store"
            case .replay: origin = "the replay token"
            }
            return .failed(
                RuleFailure(
                    message: captured?.message ?? failure.message,
                    question: captured?.question, modelAnswer: captured?.modelAnswer, implementationAnswer: captured?.implementationAnswer,
                    counterexample: failure.shrunk,
                    originalCounterexample: failure.shrink == nil ? nil : failure.original,
                    originalChoiceCount: failure.shrink == nil ? nil : failure.originalChoiceCount,
                    shrunkChoiceCount: failure.token.choices.count,
                    origin: origin, seed: report.seed, token: failure.token, shrink: failure.shrink
                ),
                cases: report.casesChecked
            )
        case let .generationFailed(stop, caseIndex):
            return .failed(RuleFailure(generatorProblem: "the suite's generator could not make case \(caseIndex + 1): \(stop)", seed: report.seed), cases: report.casesChecked)
        case let .gaveUp(discards, discardsMax):
            return .failed(RuleFailure(generatorProblem: "the suite discarded \(discards) cases (limit \(discardsMax))", seed: report.seed), cases: report.casesChecked)
        case let .coverageMissed(shortfalls):
            let text = shortfalls.map { "\($0.requirement.label) \($0.observedPercent)%" }.joined(separator: ", ")
            return .failed(RuleFailure(generatorProblem: "the suite's generator missed its coverage: \(text)", seed: report.seed), cases: report.casesChecked)
        }
    }
}
