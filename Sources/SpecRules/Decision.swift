/// A decision's stable identifier in `Docs/Decisions.md`: `D-051`.
public struct DecisionID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// `D-051`: the entry's heading in `Docs/Decisions.md` starts with it.
    public let rawValue: String

    /// Builds an identifier from `D-NNN` text; any other form is a programming error.
    public init(_ rawValue: String) {
        precondition(
            rawValue.count == 5 && rawValue.hasPrefix("D-") && rawValue.dropFirst(2).allSatisfy { ("0"..."9").contains($0) },
            "a decision id is D-NNN, got \"\(rawValue)\"")
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (lhs: DecisionID, rhs: DecisionID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A decision of the register, as a report shows it beside a rule that rests on it: what was open, the
/// options, and which one was taken.
///
/// `Docs/Decisions.md` is the source; `Decision+Register.swift` is generated from it for the decisions
/// that rules rest on (`CONFORMANCE_WRITE_DOCS=1 swift test --filter DecisionRegisterTests`), and the
/// test fails when the two disagree.
public struct Decision: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The entry's identifier.
    public let id: DecisionID
    /// The entry's heading after its identifier: the decision in a phrase.
    public let title: String
    /// What the seeds left open, when the register states it as a question.
    public let question: String?
    /// The options the register weighed: `(a) …; (b) …`.
    public let options: String?
    /// What was decided.
    public let decision: String

    /// An entry as `Decision+Register.swift` lists it; written by the generator, not by hand.
    public init(_ id: DecisionID, title: String, question: String?, options: String?, decision: String) {
        self.id = id
        self.title = title
        self.question = question
        self.options = options
        self.decision = decision
    }

    /// The register's entry for `id`, if a rule rests on it.
    public static func named(_ id: DecisionID) -> Decision? {
        byID[id]
    }

    private static let byID: [DecisionID: Decision] = Dictionary(uniqueKeysWithValues: register.map { ($0.id, $0) })

    public var description: String { "\(id) \(title)" }
}
