import Generators

/// How a suite runs: case counts, seeds, a replay token, past counterexamples and shrink bounds.
///
/// The defaults are fixed, so a run is deterministic. They come from `PropertyOverrides`, the same
/// environment variables every property of the package reads (`PROPERTY_SEED`, `PROPERTY_CASES`,
/// `PROPERTY_CASES_SCALE`, `PROPERTY_REPLAY`, `PROPERTY_SHRINK_EVALUATIONS`), so one variable gives a
/// conformance run more cases or another seed. The kit reads no clock: a shrink's time bound is given.
public struct ConformanceSettings: Sendable {
    /// The `PROPERTY_*` overrides (seed, case count and scale, replay token, shrink bounds); none by default.
    public var overrides: PropertyOverrides
    /// Past counterexamples for a check, by its property name (`conformance.TITLE-03.differential`).
    public var regressions: @Sendable (_ propertyName: String) -> [ReplayToken]
    /// A fresh time bound for one shrink; the default never expires (the evaluation bound still holds).
    public var shrinkDeadline: @Sendable () -> (@Sendable () -> Bool)
    /// The most evaluations one shrink may spend when `PROPERTY_SHRINK_EVALUATIONS` does not say.
    public var shrinkEvaluationsMax: Int
    /// Strict mode (`CONFORMANCE_STRICT=1`): a decision not followed fails like a seed's rule, instead of
    /// being reported apart as differing from the decision.
    public var strict: Bool

    /// Builds settings; by default no overrides, no past counterexamples, no time bound and 5,000 evaluations per shrink.
    public init(
        overrides: PropertyOverrides = PropertyOverrides(),
        regressions: @escaping @Sendable (_ propertyName: String) -> [ReplayToken] = { _ in [] },
        shrinkDeadline: @escaping @Sendable () -> (@Sendable () -> Bool) = { { false } },
        shrinkEvaluationsMax: Int = 5_000,
        strict: Bool = false
    ) {
        self.strict = strict
        self.overrides = overrides
        self.regressions = regressions
        self.shrinkDeadline = shrinkDeadline
        self.shrinkEvaluationsMax = shrinkEvaluationsMax
    }

    /// The name under which the engine runs a check: it seeds the check and binds its replay tokens.
    ///
    /// The implementation's name is not part of it, so every implementation meets the same cases and a
    /// token made against one implementation replays the same input against another (or the model).
    public static func propertyName(ofCheck label: String) -> String {
        "conformance.\(label)"
    }

    /// The engine's settings for one check.
    func propertySettings(forCheck label: String, defaultCases: Int) -> PropertySettings {
        let name = Self.propertyName(ofCheck: label)
        return PropertySettings(
            name: name,
            cases: overrides.cases(forDefault: defaultCases),
            seed: overrides.seed(forProperty: name, default: PropertySettings.defaultSeed(for: name)),
            replay: overrides.replay,
            regressions: regressions(name),
            shrinkBudget: ShrinkBudget(evaluationsMax: overrides.shrinkEvaluationsMax ?? shrinkEvaluationsMax, isExpired: shrinkDeadline())
        )
    }
}
