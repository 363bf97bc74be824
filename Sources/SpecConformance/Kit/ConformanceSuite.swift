import Generators

/// The checks of every rule of one seam, runnable against any implementation of it.
///
/// A suite is built for one seam's protocol (`ConformanceSuite<some TitleNormalizing>`); the kit's
/// suites are static members of the seam's constrained extension, so a test names one with a dot:
///
///     let result = ConformanceSuite.titleNormalization.run("MyNormalizer") { MyNormalizer() }
///
/// `make` is called for every case, so no state leaks between cases.
public struct ConformanceSuite<Implementation> {
    /// Stable, lower-case: `title-normalization`.
    public let id: String
    /// The suite's title in reports: "Title normalization".
    public let title: String
    /// The protocol an implementation conforms to: `TitleNormalizing`.
    public let seam: String
    /// The suite's checks, in the order they run; each label is unique within the suite.
    public let checks: [ConformanceCheck<Implementation>]

    /// Builds a suite of a seam's checks; a suite needs at least one check and unique check labels.
    public init(id: String, title: String, seam: String, checks: [ConformanceCheck<Implementation>]) {
        precondition(!checks.isEmpty, "suite \(id) has no checks")
        var labels = Set<String>()
        for check in checks {
            precondition(labels.insert(check.label).inserted, "suite \(id) has two checks labelled \(check.label)")
        }
        self.id = id
        self.title = title
        self.seam = seam
        self.checks = checks
    }

    /// The suite's rules, in the order their first check appears.
    public var rules: [Rule] {
        var seen = Set<RuleID>()
        return checks.compactMap { seen.insert($0.rule.id).inserted ? $0.rule : nil }
    }

    /// Runs every check against fresh implementations from `make` and grades each rule.
    ///
    /// With a replay token in the settings, only the check the token was made for runs.
    public func run(_ implementation: String, settings: ConformanceSettings = ConformanceSettings(), make: @escaping () -> Implementation) -> SuiteResult {
        var selected = checks
        var replayed: String?
        if let token = settings.overrides.replay {
            let matching = checks.filter { token.belongs(to: ConformanceSettings.propertyName(ofCheck: $0.label)) }
            if !matching.isEmpty {
                selected = matching
                replayed = matching.map(\.label).joined(separator: ", ")
            }
        }
        var runSettings = settings
        if replayed == nil { runSettings.overrides.replay = nil }  // a token for another suite replays nothing here
        var resultsByRule: [RuleID: [CheckResult]] = [:]
        var order: [Rule] = []
        for check in selected {
            if resultsByRule[check.rule.id] == nil { order.append(check.rule) }
            resultsByRule[check.rule.id, default: []].append(run(check, settings: runSettings, make: make))
        }
        let broken = Set(order.filter { resultsByRule[$0.id, default: []].contains { !$0.failures.isEmpty } }.map(\.id))
        return SuiteResult(
            suiteID: id, suiteTitle: title, seam: seam, implementation: implementation,
            rules: order.map { rule in
                let blockedBy = broken.contains(rule.id) ? rule.requires.filter(broken.contains) : []
                return RuleResult(rule: rule, checks: resultsByRule[rule.id] ?? [], blockedBy: blockedBy, strict: settings.strict)
            },
            replayedCheck: replayed
        )
    }

    private func run(_ check: ConformanceCheck<Implementation>, settings: ConformanceSettings, make: @escaping () -> Implementation) -> CheckResult {
        let outcome: CheckOutcome
        if let reason = check.applicability(make()) {
            outcome = .notApplicable(reason)
        } else {
            let context = CheckContext { defaultCases in settings.propertySettings(forCheck: check.label, defaultCases: defaultCases) }
            outcome = check.execute(make, context)
        }
        return CheckResult(
            label: check.label, method: check.method.rawValue, about: check.about, casesChecked: outcome.cases,
            casesExercised: outcome.exercised ?? outcome.cases, failingCases: outcome.failingCases, failures: outcome.failures, kindsNotShown: outcome.kindsNotShown,
            choices: outcome.choices, notApplicable: outcome.notApplicable
        )
    }
}
