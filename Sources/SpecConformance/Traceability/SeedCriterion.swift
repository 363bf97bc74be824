/// One acceptance or success criterion of a seed (a checkbox line, or a ✅ line of a success list),
/// with a stable id and how the specification covers it.
public struct SeedCriterion: Hashable, Sendable, Identifiable {
    /// `C004-07`: the seed's number and the criterion's place in the seed, never renumbered.
    public let id: String
    /// The seed document the criterion is written in.
    public let seed: SeedDocument
    /// The line of the seed document that holds it (1-based).
    public let line: Int
    /// The line exactly as the seed writes it, without its checkbox.
    public let quote: String
    /// The rules and tests that check the criterion, or the decision that leaves it unmodelled.
    public let coverage: Coverage

    /// How a criterion is covered.
    public enum Coverage: Hashable, Sendable {
        /// Checked by these conformance rules and these tests (`Suite/test()` names in `Tests/`).
        case checked(rules: [RuleID], tests: [String])
        /// Not modelled, for the reason the decision gives (layout, animation, analytics, a device).
        case notModelled(decision: String, reason: String)
    }

    /// Builds a criterion from its id, seed, line (1-based), exact words and coverage.
    public init(_ id: String, _ seed: SeedDocument, line: Int, _ quote: String, _ coverage: Coverage) {
        self.id = id
        self.seed = seed
        self.line = line
        self.quote = quote
        self.coverage = coverage
    }

    /// The rules that check it (none when it is not modelled).
    public var rules: [RuleID] {
        if case let .checked(rules, _) = coverage { return rules }
        return []
    }

    /// The tests that check it (none when it is not modelled).
    public var tests: [String] {
        if case let .checked(_, tests) = coverage { return tests }
        return []
    }

    /// Checked by at least one rule or test, or explained by a decision.
    public var isTraced: Bool {
        switch coverage {
        case let .checked(rules, tests): !rules.isEmpty || !tests.isEmpty
        case let .notModelled(decision, reason): !decision.isEmpty && !reason.isEmpty
        }
    }
}
