/// A rule's stable identifier: an area and a number, `THROTTLE-01`.
///
/// Identifiers are never renumbered or reused: a report, a test vector or a traced seed criterion that
/// names `TITLE-03` today names the same rule in every later version of the kit.
public struct RuleID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The identifier as written, `THROTTLE-01`.
    public let rawValue: String

    /// Builds an identifier from `AREA-NN` text; any other form is a programming error.
    public init(_ rawValue: String) {
        precondition(Self.isWellFormed(rawValue), "a rule id is AREA-NN in capitals and digits, got \"\(rawValue)\"")
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Whether `text` has the form `AREA-NN`: capitals, one hyphen, two or more digits.
    public static func isWellFormed(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count >= 2 else { return false }
        return parts[0].allSatisfy { ("A"..."Z").contains($0) } && parts[1].allSatisfy { ("0"..."9").contains($0) }
    }

    /// The area, `THROTTLE` for `THROTTLE-01`.
    public var area: String { String(rawValue.prefix { $0 != "-" }) }

    public var description: String { rawValue }

    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How strongly a rule binds, in RFC 2119's words.
///
/// With its basis it decides the grade of a broken rule: a seed's or a standard's MUST fails and its
/// SHOULD is non-strict; a decision not followed differs from the decision (in strict mode a MUST fails).
public enum Requirement: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Breaking it fails (a seed's or standard's rule) or differs (a decision's).
    case must = "MUST"
    /// Missing it is non-strict, never a failure of the suite.
    case should = "SHOULD"

    public var description: String { rawValue }
}

/// One rule of the specification: its id, how strongly it binds, the sentence an implementer reads, and
/// what it rests on. Each rule is stated once, in `Sources/SpecRules/Catalog/`, and every suite, the
/// recording checker, the test vectors and the generated documents use that statement.
public struct Rule: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Stable forever: reports, vectors and traced criteria name the rule by it.
    public let id: RuleID
    /// How strongly the rule binds; with the basis, what breaking it means.
    public let requirement: Requirement
    /// The rule in one sentence, as an implementer reads it.
    public let statement: String
    /// What the rule rests on: the seeds' words, a standard, a decision, or the reference's answers.
    public let basis: Basis
    /// Rules of the same suite this one presupposes: when one of them is broken, a failure of this rule is
    /// reported as blocked by it rather than as a second failure of the same root cause.
    public let requires: [RuleID]

    /// A rule of the catalog; `requires` names only rules of the same suite it cannot hold without.
    public init(_ id: RuleID, _ requirement: Requirement, _ statement: String, basis: Basis, requires: [RuleID] = []) {
        precondition(!requires.contains(id), "\(id) cannot require itself")
        self.id = id
        self.requirement = requirement
        self.statement = statement
        self.basis = basis
        self.requires = requires
    }

    public var description: String { "\(id) (\(requirement), \(basis.kind)): \(statement)" }
}
