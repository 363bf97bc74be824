import SpecConformance

/// A deliberately wrong implementation of a seam, shipped to prove that its suite rejects it by the
/// rule it breaks (the "proof of power").
struct WrongImplementation: Sendable, CustomStringConvertible {
    let name: String
    /// What it gets wrong, in a phrase.
    let flaw: String
    let suiteID: String
    /// The rules it must be rejected by.
    let breaks: [RuleID]
    /// Runs its suite against it.
    let run: @Sendable (ConformanceSettings) -> SuiteResult

    /// A wrong implementation of the seam `suite` checks.
    static func of<Implementation>(
        _ suite: @escaping @Sendable () -> ConformanceSuite<Implementation>,
        _ name: String, flaw: String, breaks: RuleID...,
        make: @escaping @Sendable () -> Implementation
    ) -> WrongImplementation {
        WrongImplementation(
            name: name, flaw: flaw, suiteID: suite().id, breaks: breaks,
            run: { settings in suite().run(name, settings: settings, make: make) }
        )
    }

    var description: String { name }
}

/// The model's implementation of a seam, run against its suite: it must pass every rule.
struct ModelImplementation: Sendable, CustomStringConvertible {
    let suiteID: String
    /// The suite's rules, known without running it.
    let rules: [Rule]
    /// How each rule is checked, by its checks' methods.
    let methods: [RuleID: [ConformanceCheck<Void>.Method]]
    /// Each generated check's label, and whether it says which inputs exercise its rule.
    let generatedChecks: [(label: String, rule: RuleID, declaresWhatItExercises: Bool)]
    let run: @Sendable (ConformanceSettings) -> SuiteResult

    static func of<Implementation>(
        _ suite: @escaping @Sendable () -> ConformanceSuite<Implementation>,
        make: @escaping @Sendable () -> Implementation
    ) -> ModelImplementation {
        let built = suite()
        var methods: [RuleID: [ConformanceCheck<Void>.Method]] = [:]
        for check in built.checks { methods[check.rule.id, default: []].append(ConformanceCheck<Void>.Method(rawValue: check.method.rawValue)!) }
        return ModelImplementation(
            suiteID: built.id, rules: built.rules, methods: methods,
            generatedChecks: built.checks.filter(\.method.isGenerated).map { ($0.label, $0.rule.id, $0.declaresWhatItExercises) },
            run: { settings in suite().run("model", settings: settings, make: make) }
        )
    }

    var description: String { suiteID }
}
