/// Whether a suite rejected a deliberately wrong implementation by the rule it was written to break.
///
/// The kit ships such implementations in its tests (a boundary off by one, a skipped step, a wrong
/// constant, a missed case, the seed's own literal code where the seed contradicts itself); each must be
/// rejected by the rule it breaks, which is the suite's proof of power.
public struct WrongImplementationVerdict: Sendable {
    /// The wrong implementation's name: `SubtitleStrippedAtTenCharacters`.
    public let name: String
    /// What it gets wrong, in a phrase: "strips the subtitle of a 10-character title".
    public let flaw: String
    /// The suite it is run against.
    public let suiteID: String
    /// The rules it was written to break.
    public let expectedRules: [RuleID]
    /// The rules the suite graded fail or non-strict.
    public let rejectingRules: [RuleID]

    /// Builds a verdict from the implementation, its flaw, its suite, the rules it breaks and the rules that rejected it.
    public init(name: String, flaw: String, suiteID: String, expectedRules: [RuleID], rejectingRules: [RuleID]) {
        self.name = name
        self.flaw = flaw
        self.suiteID = suiteID
        self.expectedRules = expectedRules
        self.rejectingRules = rejectingRules
    }

    /// Rejected by every rule it was written to break.
    public var isRejected: Bool {
        !expectedRules.isEmpty && expectedRules.allSatisfy(rejectingRules.contains)
    }
}
