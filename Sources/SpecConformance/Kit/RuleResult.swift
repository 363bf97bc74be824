import Generators

/// A rule's grade for one implementation.
///
/// The grade follows what the rule rests on (`Basis`), as Autobahn, Test262 and JSONTestSuite grade: a
/// broken seed or standard MUST fails and its SHOULD is non-strict; a decision not followed differs from
/// the decision, and fails only in strict mode; a difference from the reference where the seeds do not fix
/// the answer is informational; a failure while a rule it requires is broken is blocked by that rule.
public enum Grade: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Every check of the rule held (or held vacuously on inputs that do not exercise it).
    case pass
    /// A MUST of the seeds or a standard was broken (or, in strict mode, a decision's MUST).
    case fail
    /// A SHOULD of the seeds or a standard was not met (or, in strict mode, a decision's SHOULD).
    case nonStrict = "non-strict"
    /// A decision of ours was not followed: reported with its options, failing only in strict mode.
    case differs
    /// The answers differ from the reference where the seeds do not fix them: never a failure.
    case informational
    /// The rule failed while a rule it requires is broken: the root cause is reported there, once.
    case blocked
    /// The rule asks for something the implementation declares it does not do.
    case notApplicable = "n/a"

    public var description: String { rawValue }

    /// Whether the grade fails a suite.
    public var fails: Bool { self == .fail }
}

/// One kind of failure of a check: a representative case, shrunk when it was generated, and how many
/// other cases failed the same way.
public struct RuleFailure: Sendable {
    /// The kind of difference the cases of this group share, as the check names it.
    public let kind: String
    /// What went wrong in the representative case, in the rule's terms.
    public let message: String
    /// What was asked, as a call, when the check compares answers.
    public let question: String?
    /// The model's answer to `question`, when the rule has one right answer.
    public let modelAnswer: String?
    /// What the implementation answered to `question`.
    public let implementationAnswer: String?
    /// The (shrunk) input that shows the failure, for generated cases.
    public let counterexample: String?
    /// The input as first generated, before shrinking.
    public let originalCounterexample: String?
    /// How many random choices the failing case used as first generated, before shrinking.
    public let originalChoiceCount: Int?
    /// How many random choices the shrunk case uses; the replay token holds exactly these.
    public let shrunkChoiceCount: Int?
    /// Where the representative came from: "generated case 7 (6 passed before it)", "example 2 of 5 (…)".
    public let origin: String
    /// The cases or examples of the check that failed this way, the representative included.
    public let occurrences: Int
    /// Other failing examples of this kind, by name, at most `RuleFailure.othersMax`.
    public let others: [String]
    /// The seed the check's property ran with; `nil` for an example.
    public let seed: UInt64?
    /// Replays the shrunk case in one evaluation (`PROPERTY_REPLAY`), for generated cases.
    public let token: ReplayToken?
    /// How the shrink went; `nil` when the case was not shrunk.
    public let shrink: ShrinkSummary?
    /// Whether the representative exercises the rule, by the check's `exercises:`; `nil` when the check
    /// says nothing about it or the case is an example.
    public let exercisesRule: Bool?

    /// The most failing examples of one kind a report names beside the representative.
    public static let othersMax = 5

    init(
        kind: String, message: String, question: String?, modelAnswer: String?, implementationAnswer: String?,
        counterexample: String?, originalCounterexample: String?, originalChoiceCount: Int?, shrunkChoiceCount: Int?,
        origin: String, occurrences: Int = 1, others: [String] = [], seed: UInt64?, token: ReplayToken?, shrink: ShrinkSummary?,
        exercisesRule: Bool? = nil
    ) {
        self.exercisesRule = exercisesRule
        self.kind = kind
        self.message = message
        self.question = question
        self.modelAnswer = modelAnswer
        self.implementationAnswer = implementationAnswer
        self.counterexample = counterexample
        self.originalCounterexample = originalCounterexample
        self.originalChoiceCount = originalChoiceCount
        self.shrunkChoiceCount = shrunkChoiceCount
        self.origin = origin
        self.occurrences = occurrences
        self.others = others
        self.seed = seed
        self.token = token
        self.shrink = shrink
    }

    /// A failure of the suite's own generator rather than of the implementation.
    init(generatorProblem message: String, seed: UInt64) {
        self.init(
            kind: "the suite's generator", message: message, question: nil, modelAnswer: nil, implementationAnswer: nil,
            counterexample: nil, originalCounterexample: nil, originalChoiceCount: nil, shrunkChoiceCount: nil,
            origin: "the suite's generator", seed: seed, token: nil, shrink: nil
        )
    }

    /// The same failure standing for `occurrences` cases, with `others` named.
    func counting(_ occurrences: Int, others: [String]) -> RuleFailure {
        RuleFailure(
            kind: kind, message: message, question: question, modelAnswer: modelAnswer, implementationAnswer: implementationAnswer,
            counterexample: counterexample, originalCounterexample: originalCounterexample, originalChoiceCount: originalChoiceCount,
            shrunkChoiceCount: shrunkChoiceCount, origin: origin, occurrences: occurrences, others: others, seed: seed, token: token, shrink: shrink,
            exercisesRule: exercisesRule
        )
    }
}

/// What one check of a rule concluded for one implementation.
public struct CheckResult: Sendable {
    /// The check's name within its suite, `TITLE-03.differential`.
    public let label: String
    /// How the check reached its verdict: `property`, `differential`, `examples` or `choices`.
    public let method: String
    /// What the check runs over, for reports: "generated messy titles".
    public let about: String
    /// Cases (generated or fixed) the check ran.
    public let casesChecked: Int
    /// Of those, the generated cases that exercise the rule (all of them when the check does not say).
    public let casesExercised: Int
    /// Of those, the cases that failed, every kind together.
    public let failingCases: Int
    /// One failure per kind, in the order each kind first appeared, at most `CheckResult.kindsMax`.
    public let failures: [RuleFailure]
    /// Kinds of failure beyond `kindsMax`, counted but not shown.
    public let kindsNotShown: Int
    /// What the implementation chose where the rule allows several behaviours, with how many examples
    /// showed each choice.
    public let choices: [(choice: String, examples: Int)]
    /// Why the check did not apply, when it did not.
    public let notApplicable: String?

    /// The most kinds of failure one check reports; further kinds are counted.
    public static let kindsMax = 8

    /// The first failure, when the check failed.
    public var failure: RuleFailure? { failures.first }
}

/// A rule's verdict for one implementation: its grade and the checks behind it.
public struct RuleResult: Sendable {
    /// The rule graded, with its basis, which decides what a failure means.
    public let rule: Rule
    /// The rule's checks that ran, in suite order.
    public let checks: [CheckResult]
    /// The rules this one requires that are broken, when this one failed too: it is then graded blocked.
    public let blockedBy: [RuleID]
    /// Whether the run was strict: a decision not followed then fails (or is non-strict) like a seed's rule.
    public let strict: Bool

    /// Whether any check of the rule failed, whatever the grade makes of it.
    public var isBroken: Bool { checks.contains { !$0.failures.isEmpty } }

    /// Pass, or by the rule's basis: fail or non-strict (seed, standard), differs (decision; strict mode fails it), informational (reference); blocked when a rule it requires is broken; n/a when no check applied.
    public var grade: Grade {
        if isBroken {
            if !blockedBy.isEmpty { return .blocked }
            switch rule.basis {
            case .seed, .standard: return rule.requirement == .must ? .fail : .nonStrict
            case .decision: return strict ? (rule.requirement == .must ? .fail : .nonStrict) : .differs
            case .reference: return .informational
            }
        }
        if !checks.isEmpty, checks.allSatisfy({ $0.notApplicable != nil }) { return .notApplicable }
        return .pass
    }

    /// The first failing check and its first failure.
    public var failure: (check: CheckResult, failure: RuleFailure)? {
        for check in checks { if let failure = check.failure { return (check, failure) } }
        return nil
    }

    /// Every failing check with its failures.
    public var failingChecks: [CheckResult] { checks.filter { !$0.failures.isEmpty } }

    /// The implementation's choices where the rule allows several behaviours, over all its checks.
    public var choices: [(choice: String, examples: Int)] { checks.flatMap(\.choices) }
}

/// One suite's verdict on one implementation: a grade per rule.
public struct SuiteResult: Sendable {
    /// The suite's stable id, `title-normalization`.
    public let suiteID: String
    /// The suite's title in reports, "Title normalization".
    public let suiteTitle: String
    /// The seam's protocol the implementation conforms to, `TitleNormalizing`.
    public let seam: String
    /// The implementation's name as given to `run`, `MyNormalizer`.
    public let implementation: String
    /// The verdict of every rule that ran, in the order their first check appears.
    public let rules: [RuleResult]
    /// Set when a replay token limited the run to the one check it was made for.
    public let replayedCheck: String?

    /// A suite's result as `ConformanceSuite.run` makes it, for tools that rename or merge results.
    public init(suiteID: String, suiteTitle: String, seam: String, implementation: String, rules: [RuleResult], replayedCheck: String?) {
        self.suiteID = suiteID
        self.suiteTitle = suiteTitle
        self.seam = seam
        self.implementation = implementation
        self.rules = rules
        self.replayedCheck = replayedCheck
    }

    /// The same result under another implementation name.
    public func named(_ name: String) -> SuiteResult {
        SuiteResult(suiteID: suiteID, suiteTitle: suiteTitle, seam: seam, implementation: name, rules: rules, replayedCheck: replayedCheck)
    }

    /// The grade of `id`, or `nil` when the suite has no such rule (or did not run it).
    public func grade(of id: RuleID) -> Grade? {
        rules.first { $0.rule.id == id }?.grade
    }

    /// The rules not kept: failed, non-strict, differing from a decision or blocked.
    public var rejectingRules: [RuleID] {
        rules.filter { [.fail, .nonStrict, .differs, .blocked].contains($0.grade) }.map(\.rule.id)
    }

    /// The rules found broken by their own checks, whatever their grade (informational ones included).
    public var brokenRules: [RuleID] { rules.filter(\.isBroken).map(\.rule.id) }

    /// How many of the suite's rules got `grade`.
    public func count(_ grade: Grade) -> Int {
        rules.count { $0.grade == grade }
    }

    /// Pass when no rule fails: a broken seed or standard MUST (or, strict, a decision's MUST).
    public var passed: Bool { count(.fail) == 0 }

    /// One line: `title-normalization × MyNormalizer: 9 pass, 1 fail, 2 differ from decisions`.
    public var summaryLine: String {
        "\(suiteID) × \(implementation): " + Self.countsText(Dictionary(uniqueKeysWithValues: Grade.allCases.map { ($0, count($0)) }))
            + (replayedCheck.map { " (replayed \($0) only)" } ?? "")
    }

    /// `9 pass, 1 fail, 2 differ from decisions`: every grade that occurs, pass always.
    public static func countsText(_ counts: [Grade: Int]) -> String {
        Grade.allCases.compactMap { grade -> String? in
            let count = counts[grade, default: 0]
            guard count > 0 || grade == .pass else { return nil }
            switch grade {
            case .differs: return "\(count) differ\(count == 1 ? "s" : "") from decisions"
            default: return "\(count) \(grade)"
            }
        }.joined(separator: ", ")
    }
}
