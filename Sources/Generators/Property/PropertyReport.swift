/// What a property run found: a pass with its statistics, or the reason it did not pass.
public struct PropertyReport: Sendable {
    /// The property's stable name, as in its settings.
    public let name: String
    /// The root seed the run used; every case's seed was split from it.
    public let seed: UInt64
    /// The number of cases whose property body ran to a verdict (discards excluded).
    public let casesChecked: Int
    /// The number of cases discarded by the generator or by `assume`.
    public let discards: Int
    /// How many checked cases carried each label, most frequent first, ties by label.
    public let labels: [LabelCount]
    /// Remarks the reader should see even on a pass (a replay token that no longer matches, say).
    public let notes: [String]
    /// Whether the run passed and, if not, why.
    public let outcome: Outcome

    /// How a property run ended.
    public enum Outcome: Sendable {
        /// Every case held and every coverage requirement was met.
        case passed
        /// A case failed; the report carries the shrunk counterexample and its replay token.
        case failed(PropertyFailure)
        /// Generation could not produce a value (exhausted filter, overrun).
        case generationFailed(GenerationStop, caseIndex: Int)
        /// Too many cases were discarded to trust the run.
        case gaveUp(discards: Int, discardsMax: Int)
        /// A required label was hit too rarely.
        case coverageMissed([CoverageShortfall])
    }

    public var passed: Bool {
        if case .passed = outcome { return true }
        return false
    }

    /// The failure, if the property failed.
    public var failure: PropertyFailure? {
        if case let .failed(failure) = outcome { return failure }
        return nil
    }
}

/// A label and the number of cases that carried it.
public struct LabelCount: Sendable, Hashable {
    /// The label, as the property body attached it to a case.
    public let label: String
    /// The number of checked cases that carried the label.
    public let count: Int

    /// Creates a count of `count` cases for `label`.
    public init(label: String, count: Int) {
        self.label = label
        self.count = count
    }
}

/// A coverage requirement that was not met, with the share observed.
public struct CoverageShortfall: Sendable, Hashable {
    /// The requirement that was missed.
    public let requirement: CoverageRequirement
    /// The share of checked cases that carried the label, in percent.
    public let observedPercent: Double

    /// Creates a shortfall of `requirement` with the share observed, in percent.
    public init(requirement: CoverageRequirement, observedPercent: Double) {
        self.requirement = requirement
        self.observedPercent = observedPercent
    }
}

/// A failing case, shrunk, with everything needed to understand and replay it.
public struct PropertyFailure: Sendable {
    /// Where the failing case came from.
    public enum Origin: Sendable, Hashable {
        /// Generated as case number `caseIndex` (0-based) of the run.
        case generated(caseIndex: Int)
        /// A token in the regression store.
        case regression(index: Int)
        /// The replay token the run was given.
        case replay
    }

    /// Where the failing case came from: generation, the regression store or a replay token.
    public let origin: Origin
    /// The counterexample as first found, described.
    public let original: String
    /// The number of choices the original counterexample drew.
    public let originalChoiceCount: Int
    /// The shrunk counterexample, described.
    public let shrunk: String
    /// How the property failed on the shrunk counterexample.
    public let message: String
    /// The token that replays the shrunk counterexample in one evaluation.
    public let token: ReplayToken
    /// Shrinking's figures; `nil` when the case was replayed rather than shrunk.
    public let shrink: ShrinkSummary?
}

/// The figures of one shrink.
public struct ShrinkSummary: Sendable, Hashable {
    /// The number of accepted shrink steps, each one strictly smaller.
    public let steps: Int
    /// The number of property evaluations shrinking spent.
    public let evaluations: Int
    /// The number of generator replays shrinking spent, including rejected candidates.
    public let replays: Int
    /// Why shrinking stopped: converged, or a budget ran out.
    public let stop: ShrinkStop
}
