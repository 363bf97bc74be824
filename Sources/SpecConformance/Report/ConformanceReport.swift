import SpecModel

/// The verdict as a report: each implementation's grades by what the rules rest on, its failures, the
/// decisions it differs from and its choices, with the wrong implementations' score and the seed
/// criteria's coverage; Markdown for people, JSON for CI.
///
/// The report holds no time or machine figures, so the same run renders the same report.
public struct ConformanceReport: Sendable {
    /// The report format's version; the JSON carries it as `version`.
    public static let formatVersion = 2

    /// The suites' verdicts, one per suite and implementation run.
    public var results: [SuiteResult]
    /// The deliberately wrong implementations and whether their suites rejected them.
    public var wrongImplementations: [WrongImplementationVerdict]
    /// The seed criteria and their coverage, or `nil` to leave the criteria out of the report.
    public var criteria: [SeedCriterion]?
    /// The seeds' behaviours the kit has no seam for, and why.
    public var unseamed: [UnseamedBehaviour]

    /// Builds a report from the suites' results and, optionally, the wrong implementations, criteria and unseamed behaviours.
    public init(results: [SuiteResult], wrongImplementations: [WrongImplementationVerdict] = [], criteria: [SeedCriterion]? = nil, unseamed: [UnseamedBehaviour] = []) {
        self.results = results
        self.wrongImplementations = wrongImplementations
        self.criteria = criteria
        self.unseamed = unseamed
    }

    /// The implementations, in the order they first appear.
    public var implementations: [String] {
        var seen = Set<String>()
        return results.compactMap { seen.insert($0.implementation).inserted ? $0.implementation : nil }
    }

    /// The suites, in the order they first appear, with their rules.
    public var suites: [(id: String, title: String, seam: String, rules: [Rule])] {
        var order: [String] = []
        var byID: [String: (title: String, seam: String, rules: [Rule])] = [:]
        for result in results {
            if byID[result.suiteID] == nil {
                order.append(result.suiteID)
                byID[result.suiteID] = (result.suiteTitle, result.seam, [])
            }
            for rule in result.rules.map(\.rule) where !byID[result.suiteID]!.rules.contains(where: { $0.id == rule.id }) {
                byID[result.suiteID]!.rules.append(rule)
            }
        }
        return order.map { (id: $0, title: byID[$0]!.title, seam: byID[$0]!.seam, rules: byID[$0]!.rules) }
    }

    /// The grade of `rule` in `suite` for `implementation`, or `nil` when it was not run.
    public func grade(_ rule: RuleID, suite: String, implementation: String) -> Grade? {
        results.first { $0.suiteID == suite && $0.implementation == implementation }?.grade(of: rule)
    }

    /// How many rules each implementation got of each grade.
    public func counts(for implementation: String) -> [Grade: Int] {
        var counts: [Grade: Int] = [:]
        for result in results where result.implementation == implementation {
            for grade in Grade.allCases { counts[grade, default: 0] += result.count(grade) }
        }
        return counts
    }

    /// Wrong implementations rejected by the rule they break, and shipped.
    public var score: (rejected: Int, shipped: Int) {
        (wrongImplementations.count(where: \.isRejected), wrongImplementations.count)
    }
}
