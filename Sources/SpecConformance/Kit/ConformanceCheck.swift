import Generators

/// One way of checking one rule against an implementation: a law over generated inputs, the
/// implementation's answers beside the model's, fixed examples, or examples where the rule allows several
/// behaviours and the implementation's choice is recorded.
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
        /// Fixed inputs that pin the rule, each limit on both sides.
        case examples
        /// Fixed inputs where the rule allows several behaviours: any allowed one passes, and the report
        /// says which the implementation chose.
        case choices

        public var description: String { rawValue }

        /// Whether the check's inputs are generated (and its failures shrunk and replayable).
        public var isGenerated: Bool { self == .property || self == .differential }
    }

    /// The rule this check grades; a failure of the check is filed under it and nowhere else.
    public let rule: Rule
    /// How the check reaches its verdict; only generated checks shrink and replay.
    public let method: Method
    /// What the check runs over, for reports: "generated messy titles".
    public let about: String
    /// The check's name within its suite, `TITLE-03.differential`; it names the property that the
    /// engine runs, derives its seed and binds its replay tokens.
    public let label: String
    /// Whether the check says which generated inputs exercise its rule (a generated check should).
    public let declaresWhatItExercises: Bool
    /// Why the check does not apply to an implementation, or `nil` when it applies.
    let applicability: (Implementation) -> String?
    let execute: (_ make: @escaping () -> Implementation, _ context: CheckContext) -> CheckOutcome

    init(
        rule: Rule, method: Method, about: String, label: String? = nil, declaresWhatItExercises: Bool = false,
        applicability: @escaping (Implementation) -> String? = { _ in nil },
        execute: @escaping (_ make: @escaping () -> Implementation, _ context: CheckContext) -> CheckOutcome
    ) {
        self.rule = rule
        self.method = method
        self.about = about
        self.label = label ?? "\(rule.id).\(method)"
        self.declaresWhatItExercises = declaresWhatItExercises
        self.applicability = applicability
        self.execute = execute
    }
}

/// What one check concluded.
struct CheckOutcome {
    var cases: Int
    /// The generated cases that exercised the rule, when the check says which do.
    var exercised: Int?
    var failingCases = 0
    var failures: [RuleFailure] = []
    var kindsNotShown = 0
    var choices: [(choice: String, examples: Int)] = []
    var notApplicable: String?

    static func passed(cases: Int) -> CheckOutcome { CheckOutcome(cases: cases) }
    static func notApplicable(_ reason: String) -> CheckOutcome { CheckOutcome(cases: 0, notApplicable: reason) }
}

/// What a check needs from the run: the engine's settings for its property, given its default case count.
struct CheckContext {
    let settings: (_ defaultCases: Int) -> PropertySettings
}

extension ConformanceCheck {
    /// A law over generated inputs: `body` gets a fresh implementation and one input, and throws a
    /// `ConformanceViolation` (or any error) when the implementation breaks the rule.
    ///
    /// `exercises` says which inputs exercise the rule; the others hold vacuously, so no failure of
    /// another rule is ever filed under this one. Every case runs, every kind of failure is counted, and
    /// one case of each kind is shrunk to a minimal input of the same kind and replayed once more to
    /// report the model's and the implementation's answers for exactly that input.
    public static func property<Value>(
        _ rule: Rule, _ about: String, method: Method = .property, label: String? = nil, cases: Int = 100,
        _ generator: Gen<Value>, describe: @escaping (Value) -> String = { String(reflecting: $0) },
        exercises: ((Value) -> Bool)? = nil,
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil },
        _ body: @escaping (inout Implementation, Value) throws -> Void
    ) -> ConformanceCheck {
        ConformanceCheck(rule: rule, method: method, about: about, label: label, declaresWhatItExercises: exercises != nil, applicability: applicability) { make, context in
            PropertyCheckRun.run(generator, settings: context.settings(cases), describe: describe, exercises: exercises) { value in
                var implementation = make()
                try body(&implementation, value)
            }
        }
    }

    /// The implementation's answer against the model's on generated inputs; they must be equal.
    ///
    /// `classify` names the kind of a difference (`"valid read as invalid"`), so that a report groups the
    /// differences; without it every difference is of one kind.
    public static func differential<Value, Answer: Equatable>(
        _ rule: Rule, _ about: String, label: String? = nil, cases: Int = 100,
        _ generator: Gen<Value>, describe: @escaping (Value) -> String = { String(reflecting: $0) },
        exercises: ((Value) -> Bool)? = nil,
        question: @escaping (Value) -> String,
        model: @escaping (Value) -> Answer,
        implementation answer: @escaping (inout Implementation, Value) -> Answer,
        show: @escaping (Answer) -> String = { String(reflecting: $0) },
        classify: ((_ model: Answer, _ implementation: Answer) -> String)? = nil,
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil }
    ) -> ConformanceCheck {
        property(rule, about, method: .differential, label: label, cases: cases, generator, describe: describe, exercises: exercises, appliesTo: applicability) { implementation, value in
            let expected = model(value)
            let got = answer(&implementation, value)
            try ensureSame(got, expected, question(value), show: show, kind: classify?(expected, got))
        }
    }

    /// Fixed examples, each run on a fresh implementation. Every example runs; the failures are grouped
    /// by kind (the violation's `kind`, or its message), one representative per kind.
    public static func examples<Example>(
        _ rule: Rule, _ about: String, label: String? = nil, _ examples: [ConformanceExample<Example>],
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil },
        _ body: @escaping (inout Implementation, Example) throws -> Void
    ) -> ConformanceCheck {
        precondition(!examples.isEmpty, "\(rule.id): an examples check needs at least one example")
        return ConformanceCheck(rule: rule, method: .examples, about: about, label: label, applicability: applicability) { make, _ in
            ExampleCheckRun.run(examples, make: make) { implementation, example in
                try body(&implementation, example)
                return nil
            }
        }
    }

    /// Fixed examples where the rule allows several behaviours: `body` returns which allowed behaviour the
    /// implementation showed (`"rejects"`, `"accepts with the model's records"`), or throws when it showed
    /// none of them. Any allowed behaviour passes; the report lists the choices.
    public static func choices<Example>(
        _ rule: Rule, _ about: String, label: String? = nil, _ examples: [ConformanceExample<Example>],
        appliesTo applicability: @escaping (Implementation) -> String? = { _ in nil },
        _ body: @escaping (inout Implementation, Example) throws -> String
    ) -> ConformanceCheck {
        precondition(!examples.isEmpty, "\(rule.id): a choices check needs at least one example")
        return ConformanceCheck(rule: rule, method: .choices, about: about, label: label, applicability: applicability) { make, _ in
            ExampleCheckRun.run(examples, make: make) { implementation, example in
                try body(&implementation, example)
            }
        }
    }
}

/// One fixed input of an examples check, named for reports and tagged with what it pins.
public struct ConformanceExample<Input> {
    /// The example's name in reports: "the seed's example".
    public let name: String
    /// The fixed input the check's body runs on, with a fresh implementation.
    public let input: Input
    /// The decision or the seed's words the example pins: `D-033` or `seed: "(Harry Potter, #1) removed"`.
    public let pins: String?

    /// An example named for reports; `pins` names the decision (`"D-033"`) or the seed's words it pins.
    public init(_ name: String, _ input: Input, pins: String? = nil) {
        self.name = name
        self.input = input
        self.pins = pins
    }
}

/// Failures collected by kind, in the order each kind first appears.
struct FailureGroups {
    private(set) var order: [String] = []
    private var members: [String: (first: RuleFailure, count: Int, others: [String])] = [:]
    private(set) var failingCases = 0

    mutating func add(_ failure: RuleFailure, name: String) {
        failingCases += 1
        if var group = members[failure.kind] {
            group.count += 1
            if group.others.count < RuleFailure.othersMax { group.others.append(name) }
            members[failure.kind] = group
        } else {
            order.append(failure.kind)
            members[failure.kind] = (failure, 1, [])
        }
    }

    /// One failure per kind, at most `CheckResult.kindsMax`, each with its count and other names.
    var failures: [RuleFailure] {
        order.prefix(CheckResult.kindsMax).map { kind in
            let group = members[kind]!
            return group.first.counting(group.count, others: group.others)
        }
    }

    var kindsNotShown: Int { max(0, order.count - CheckResult.kindsMax) }
}

/// Runs a check's fixed examples: every one, each on a fresh implementation.
enum ExampleCheckRun {
    static func run<Implementation, Example>(
        _ examples: [ConformanceExample<Example>], make: () -> Implementation,
        _ body: (inout Implementation, Example) throws -> String?
    ) -> CheckOutcome {
        var groups = FailureGroups()
        var choices: [(choice: String, examples: Int)] = []
        for (index, example) in examples.enumerated() {
            var implementation = make()
            do {
                if let choice = try body(&implementation, example.input) {
                    if let at = choices.firstIndex(where: { $0.choice == choice }) { choices[at].examples += 1 } else { choices.append((choice, 1)) }
                }
            } catch {
                let violation = ConformanceViolation(error)
                let origin = "example \(index + 1) of \(examples.count) (\(example.name))" + (example.pins.map { ", which pins \($0)" } ?? "")
                // A comparison without a kind of its own is one kind, whatever its question; another
                // violation is as many kinds as its messages.
                let kind = violation.kind ?? (violation.modelAnswer != nil ? ConformanceViolation.differentAnswer : violation.message)
                groups.add(RuleFailure(
                    kind: kind, message: violation.message, question: violation.question,
                    modelAnswer: violation.modelAnswer, implementationAnswer: violation.implementationAnswer,
                    counterexample: nil, originalCounterexample: nil, originalChoiceCount: nil, shrunkChoiceCount: nil,
                    origin: origin, seed: nil, token: nil, shrink: nil
                ), name: example.name)
            }
        }
        return CheckOutcome(cases: examples.count, failingCases: groups.failingCases, failures: groups.failures, kindsNotShown: groups.kindsNotShown, choices: choices)
    }
}

/// The kinds of failure a first pass over a check's cases met, in order.
private final class Survey {
    var kinds: [String] = []
    var counts: [String: Int] = [:]
    var failing = 0
    var exercised = 0
}

/// Runs one generated check through the engine.
///
/// A first pass runs every case and sorts the failures by kind; then, for each kind, the engine finds
/// its first case again and shrinks it, accepting only smaller inputs that fail with the same kind, so a
/// shrink never drifts to another failure; the shrunk case is replayed once more to capture its answers.
enum PropertyCheckRun {
    /// The kind of a violation thrown by a generated check that names none: the check's law.
    static let lawBroken = "the law broken"

    static func run<Value>(
        _ generator: Gen<Value>, settings: PropertySettings, describe: @escaping (Value) -> String,
        exercises: ((Value) -> Bool)?, _ body: @escaping (Value) throws -> Void
    ) -> CheckOutcome {
        func kind(of error: Error) -> String { ConformanceViolation(error).kind ?? lawBroken }
        func exercised(_ value: Value) -> Bool { exercises?(value) ?? true }

        if settings.replay != nil {
            // A replay token evaluates its one case; there is nothing to survey.
            return shrunk(generator, settings: settings, describe: describe, kind: nil, occurrences: 1, exercised: exercised, declared: exercises != nil, kindOf: kind, body)
        }
        let survey = Survey()
        let report = checkProperty(generator, settings: settings, describe: describe) { value in
            guard exercised(value) else { return }
            survey.exercised += 1
            do {
                try body(value)
            } catch {
                let kind = kind(of: error)
                survey.failing += 1
                if survey.counts[kind] == nil { survey.kinds.append(kind) }
                survey.counts[kind, default: 0] += 1
            }
        }
        switch report.outcome {
        case .passed, .failed:
            break
        case let .generationFailed(stop, caseIndex):
            return failed(RuleFailure(generatorProblem: "the suite's generator could not make case \(caseIndex + 1): \(stop)", seed: report.seed), cases: report.casesChecked)
        case let .gaveUp(discards, discardsMax):
            return failed(RuleFailure(generatorProblem: "the suite discarded \(discards) cases (limit \(discardsMax))", seed: report.seed), cases: report.casesChecked)
        case let .coverageMissed(shortfalls):
            let text = shortfalls.map { "\($0.requirement.label) \($0.observedPercent)%" }.joined(separator: ", ")
            return failed(RuleFailure(generatorProblem: "the suite's generator missed its coverage: \(text)", seed: report.seed), cases: report.casesChecked)
        }
        let exercisedCount = exercises == nil ? nil : survey.exercised
        guard survey.failing > 0 else { return CheckOutcome(cases: report.casesChecked, exercised: exercisedCount) }
        var outcome = CheckOutcome(cases: report.casesChecked, exercised: exercisedCount, failingCases: survey.failing, kindsNotShown: max(0, survey.kinds.count - CheckResult.kindsMax))
        for seen in survey.kinds.prefix(CheckResult.kindsMax) {
            let one = shrunk(generator, settings: settings, describe: describe, kind: seen, occurrences: survey.counts[seen] ?? 1, exercised: exercised, declared: exercises != nil, kindOf: kind, body)
            outcome.failures += one.failures
        }
        return outcome
    }

    private static func failed(_ failure: RuleFailure, cases: Int) -> CheckOutcome {
        CheckOutcome(cases: cases, failingCases: 1, failures: [failure])
    }

    /// Finds the first case that fails with `kind` (any kind when `nil`), shrinks it keeping that kind,
    /// and replays the shrunk case to capture the structured violation.
    private static func shrunk<Value>(
        _ generator: Gen<Value>, settings: PropertySettings, describe: @escaping (Value) -> String,
        kind wanted: String?, occurrences: Int, exercised: @escaping (Value) -> Bool, declared: Bool, kindOf: @escaping (Error) -> String,
        _ body: @escaping (Value) throws -> Void
    ) -> CheckOutcome {
        let report = checkProperty(generator, settings: settings, describe: describe) { value in
            guard exercised(value) else { return }
            do {
                try body(value)
            } catch {
                if let wanted, kindOf(error) != wanted { return }
                throw error
            }
        }
        guard case let .failed(failure) = report.outcome else {
            if wanted == nil { return .passed(cases: report.casesChecked) }
            // The survey saw this kind, so the same seed finds it again; anything else is a nondeterministic
            // implementation, which is a finding of its own.
            return failed(RuleFailure(
                kind: wanted ?? PropertyCheckRun.lawBroken, message: "a failure seen once did not happen again on the same input: the implementation is not deterministic",
                question: nil, modelAnswer: nil, implementationAnswer: nil, counterexample: nil, originalCounterexample: nil,
                originalChoiceCount: nil, shrunkChoiceCount: nil, origin: "a second run of the same cases", seed: report.seed, token: nil, shrink: nil
            ), cases: report.casesChecked)
        }
        var captured: ConformanceViolation?
        var witnessExercises: Bool?
        var replaySettings = settings
        replaySettings.replay = failure.token
        replaySettings.regressions = []
        _ = checkProperty(generator, settings: replaySettings, describe: describe) { value in
            if declared { witnessExercises = exercised(value) }
            do {
                try body(value)
            } catch {
                captured = ConformanceViolation(error)
                throw error
            }
        }
        let origin: String
        switch failure.origin {
        case let .generated(caseIndex): origin = "generated case \(caseIndex + 1)"
        case let .regression(index): origin = "regression token #\(index + 1) from the regression store"
        case .replay: origin = "the replay token"
        }
        return failed(RuleFailure(
            kind: wanted ?? captured?.kind ?? PropertyCheckRun.lawBroken,
            message: captured?.message ?? failure.message,
            question: captured?.question, modelAnswer: captured?.modelAnswer, implementationAnswer: captured?.implementationAnswer,
            counterexample: failure.shrunk,
            originalCounterexample: failure.shrink == nil ? nil : failure.original,
            originalChoiceCount: failure.shrink == nil ? nil : failure.originalChoiceCount,
            shrunkChoiceCount: failure.token.choices.count,
            origin: origin, occurrences: occurrences, seed: report.seed, token: failure.token, shrink: failure.shrink,
            exercisesRule: witnessExercises
        ), cases: report.casesChecked)
    }
}
