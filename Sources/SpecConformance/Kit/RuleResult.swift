import Generators

/// A rule's grade for one implementation, as the Autobahn WebSocket testsuite grades servers.
public enum Grade: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Every check of the rule held.
    case pass
    /// A SHOULD rule was not met.
    case nonStrict = "non-strict"
    /// A MUST rule was broken.
    case fail
    /// The rule asks for something the implementation declares it does not do.
    case notApplicable = "n/a"

    public var description: String { rawValue }
}

/// Why a check failed: the violation, the case that shows it and the command that replays it.
public struct RuleFailure: Sendable {
    /// What went wrong, in the rule's terms, or the error's description when the check threw another error.
    public let message: String
    /// What was asked, as a call, when the check compares answers.
    public let question: String?
    /// The model's answer to `question`, when the rule has one right answer.
    public let modelAnswer: String?
    /// What the implementation answered to `question`.
    public let implementationAnswer: String?
    /// The (shrunk) input that breaks the rule, or the failing example's name.
    public let counterexample: String?
    /// The input as first generated, before shrinking.
    public let originalCounterexample: String?
    /// How many random choices the failing case used as first generated, before shrinking.
    public let originalChoiceCount: Int?
    /// How many random choices the shrunk case uses; the replay token holds exactly these.
    public let shrunkChoiceCount: Int?
    /// Where the failing case came from: "generated case 7 (6 passed before it)", "example 2 of 5 (…)".
    public let origin: String
    /// The seed the check's property ran with; `nil` for a failing example.
    public let seed: UInt64?
    /// Replays the shrunk case in one evaluation (`PROPERTY_REPLAY`), for generated cases.
    public let token: ReplayToken?
    /// How the shrink went (steps, evaluations, replays, why it stopped); `nil` when the case was not shrunk.
    public let shrink: ShrinkSummary?

    init(
        message: String, question: String?, modelAnswer: String?, implementationAnswer: String?,
        counterexample: String?, originalCounterexample: String?, originalChoiceCount: Int?, shrunkChoiceCount: Int?,
        origin: String, seed: UInt64?, token: ReplayToken?, shrink: ShrinkSummary?
    ) {
        self.message = message
        self.question = question
        self.modelAnswer = modelAnswer
        self.implementationAnswer = implementationAnswer
        self.counterexample = counterexample
        self.originalCounterexample = originalCounterexample
        self.originalChoiceCount = originalChoiceCount
        self.shrunkChoiceCount = shrunkChoiceCount
        self.origin = origin
        self.seed = seed
        self.token = token
        self.shrink = shrink
    }

    /// A failure of the suite's own generator rather than of the implementation.
    init(generatorProblem message: String, seed: UInt64) {
        self.init(
            message: message, question: nil, modelAnswer: nil, implementationAnswer: nil, counterexample: nil,
            originalCounterexample: nil, originalChoiceCount: nil, shrunkChoiceCount: nil, origin: "the suite's generator",
            seed: seed, token: nil, shrink: nil
        )
    }
}

/// What one check of a rule concluded for one implementation.
public struct CheckResult: Sendable {
    /// The check's name within its suite, `TITLE-03.differential`.
    public let label: String
    /// How the check reached its verdict: `property`, `differential` or `examples`.
    public let method: String
    /// What the check runs over, for reports: "generated messy titles".
    public let about: String
    /// Cases (generated or fixed) that held before the verdict.
    public let casesChecked: Int
    /// Why the check failed, or `nil` when it held or did not apply.
    public let failure: RuleFailure?
    /// Why the check did not apply, when it did not.
    public let notApplicable: String?
}

/// A rule's verdict for one implementation: its grade and the checks behind it.
public struct RuleResult: Sendable {
    /// The rule graded.
    public let rule: Rule
    /// The rule's checks that ran, in suite order.
    public let checks: [CheckResult]

    /// Fail or non-strict when any check failed (by the rule's requirement); n/a when no check applied.
    public var grade: Grade {
        if checks.contains(where: { $0.failure != nil }) { return rule.requirement == .must ? .fail : .nonStrict }
        if !checks.isEmpty, checks.allSatisfy({ $0.notApplicable != nil }) { return .notApplicable }
        return .pass
    }

    /// The first failing check's failure.
    public var failure: (check: CheckResult, failure: RuleFailure)? {
        for check in checks { if let failure = check.failure { return (check, failure) } }
        return nil
    }
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

    /// The grade of `id`, or `nil` when the suite has no such rule (or did not run it).
    public func grade(of id: RuleID) -> Grade? {
        rules.first { $0.rule.id == id }?.grade
    }

    /// The rules graded fail or non-strict.
    public var rejectingRules: [RuleID] {
        rules.filter { $0.grade == .fail || $0.grade == .nonStrict }.map(\.rule.id)
    }

    /// How many rules got each grade.
    public func count(_ grade: Grade) -> Int {
        rules.count { $0.grade == grade }
    }

    /// Pass when no MUST rule failed; non-strict SHOULD rules do not fail a suite.
    public var passed: Bool { count(.fail) == 0 }

    /// One line: `title-normalization × MyNormalizer: 9 pass, 0 non-strict, 1 fail, 0 n/a`.
    public var summaryLine: String {
        "\(suiteID) × \(implementation): " + Grade.allCases.map { "\(count($0)) \($0)" }.joined(separator: ", ")
            + (replayedCheck.map { " (replayed \($0) only)" } ?? "")
    }
}
