/// How one property runs: its name, case count, seed, budgets and coverage requirements.
///
/// Defaults are fixed so that a plain run is deterministic; SpecTesting overrides them from the
/// environment (`PROPERTY_SEED`, `PROPERTY_CASES`, `PROPERTY_CASES_SCALE`, `PROPERTY_REPLAY`...).
public struct PropertySettings: Sendable {
    /// The property's stable name; it derives the default seed and binds replay tokens.
    public var name: String
    /// How many generated cases to check.
    public var cases: Int
    /// The root seed of the run; every case's seed is split from it.
    public var seed: UInt64
    /// When set, the run evaluates exactly this counterexample once and nothing else.
    public var replay: ReplayToken?
    /// Past counterexamples that always run first, one evaluation each.
    public var regressions: [ReplayToken]
    /// Bounds on shrinking.
    public var shrinkBudget: ShrinkBudget
    /// The most choices one generated value may draw.
    public var choicesMax: Int
    /// The most discarded cases tolerated before the run gives up.
    public var discardsMax: Int
    /// Labels that must reach a share of the cases.
    public var coverage: [CoverageRequirement]

    /// The number of cases when nothing else says.
    public static let defaultCases = 100

    /// Creates the settings of property `name`; the seed defaults to a hash of the name and `discardsMax` to ten per case (at least 100).
    public init(
        name: String,
        cases: Int = PropertySettings.defaultCases,
        seed: UInt64? = nil,
        replay: ReplayToken? = nil,
        regressions: [ReplayToken] = [],
        shrinkBudget: ShrinkBudget = ShrinkBudget(),
        choicesMax: Int = ChoiceSource.defaultChoicesMax,
        discardsMax: Int? = nil,
        coverage: [CoverageRequirement] = []
    ) {
        precondition(cases >= 0, "cases must not be negative, got \(cases)")
        self.name = name
        self.cases = cases
        self.seed = seed ?? PropertySettings.defaultSeed(for: name)
        self.replay = replay
        self.regressions = regressions
        self.shrinkBudget = shrinkBudget
        self.choicesMax = choicesMax
        self.discardsMax = discardsMax ?? Swift.max(100, cases * 10)
        self.coverage = coverage
    }

    /// The fixed default seed of a property: a hash of its name, so properties explore differently.
    public static func defaultSeed(for name: String) -> UInt64 {
        SplitMix64.mix(FNV1a.hash(name))
    }

    /// The seed of a property when the whole run is given `rootSeed` (from `PROPERTY_SEED`).
    public static func seed(for name: String, root rootSeed: UInt64) -> UInt64 {
        SplitMix64.mix(rootSeed ^ FNV1a.hash(name))
    }
}

/// A label that must appear in at least a share of a property's cases.
///
/// QuickCheck's `cover`: it catches generators that quietly never produce the interesting class.
public struct CoverageRequirement: Sendable, Hashable {
    /// The label the property body attaches to a case.
    public let label: String
    /// The smallest share of cases, in percent, that must carry the label.
    public let minimumPercent: Double

    /// Creates a requirement that `label` appear in at least `minimumPercent` percent of the checked cases.
    public init(_ label: String, atLeastPercent minimumPercent: Double) {
        precondition(minimumPercent >= 0 && minimumPercent <= 100, "coverage percent \(minimumPercent) is outside 0...100")
        self.label = label
        self.minimumPercent = minimumPercent
    }
}
