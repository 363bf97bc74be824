/// What a property run found: a pass with its statistics, or the reason it did not pass.
public struct PropertyReport: Sendable {
    public let name: String
    public let seed: UInt64
    /// The number of cases whose property body ran to a verdict (discards excluded).
    public let casesChecked: Int
    /// The number of cases discarded by the generator or by `assume`.
    public let discards: Int
    /// How many checked cases carried each label, most frequent first, ties by label.
    public let labels: [LabelCount]
    /// Remarks the reader should see even on a pass (a replay token that no longer matches, say).
    public let notes: [String]
    public let outcome: Outcome

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

    /// Whether the property passed.
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
    public let label: String
    public let count: Int

    public init(label: String, count: Int) {
        self.label = label
        self.count = count
    }
}

/// A coverage requirement that was not met, with the share observed.
public struct CoverageShortfall: Sendable, Hashable {
    public let requirement: CoverageRequirement
    public let observedPercent: Double

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
    public let steps: Int
    public let evaluations: Int
    public let replays: Int
    public let stop: ShrinkStop
}
