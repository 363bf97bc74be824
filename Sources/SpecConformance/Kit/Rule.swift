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

/// How strongly a rule binds, in RFC 2119's words: breaking a MUST fails, missing a SHOULD is non-strict.
public enum Requirement: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A rule that must hold; breaking it grades the rule fail.
    case must = "MUST"
    /// A rule that should hold; missing it grades the rule non-strict, not fail.
    case should = "SHOULD"

    public var description: String { rawValue }
}

/// The five seed documents, the specification's source.
public enum SeedDocument: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Seed 000, the Library Reset PRD.
    case libraryReset = "000_24fffd7d498237d9"
    /// Seed 001, the DTOMapper work cache.
    case workCache = "001_cbc4a755ef2c78bc"
    /// Seed 002, the Series Tracking PRD.
    case seriesTracking = "002_6e1274d4a7bf21dc"
    /// Seed 003, the WebSocket Phase 2 plan (the progress protocol).
    case progressProtocol = "003_e8ca257e1441217e"
    /// Seed 004, the CSV Import & Enrichment PRD.
    case csvImport = "004_78908c9d98881105"

    /// The document's number, `004`.
    public var number: String { String(rawValue.prefix(3)) }

    /// The document's title.
    public var title: String {
        switch self {
        case .libraryReset: "Library Reset PRD"
        case .workCache: "DTOMapper work cache"
        case .seriesTracking: "Series Tracking PRD"
        case .progressProtocol: "WebSocket Phase 2 plan"
        case .csvImport: "CSV Import & Enrichment PRD"
        }
    }

    public var description: String { "seed \(number) (\(title))" }
}

/// Where a rule comes from: the seed's words and the decisions that settle what they leave open.
public struct RuleSource: Hashable, Sendable, CustomStringConvertible {
    /// The seed document the rule is quoted from, or `nil` when a decision alone sets it.
    public let seed: SeedDocument?
    /// The seed's section, as the document heads it.
    public let section: String?
    /// The seed's words, quoted exactly.
    public let quote: String?
    /// Decisions of `Docs/Decisions.md` (`D-033`) that settle the rule where the seed is silent or
    /// contradicts itself.
    public let decisions: [String]

    /// Builds a source from a seed passage, its decisions, or both; it needs at least one of them.
    public init(seed: SeedDocument?, section: String? = nil, quote: String? = nil, decisions: [String] = []) {
        precondition(seed != nil || !decisions.isEmpty, "a rule comes from a seed passage or a decision")
        self.seed = seed
        self.section = section
        self.quote = quote
        self.decisions = decisions
    }

    /// A rule that comes from a decision alone, where the seeds are silent.
    public static func decided(_ decisions: String...) -> RuleSource {
        RuleSource(seed: nil, decisions: decisions)
    }

    /// One line: `seed 004 (CSV Import & Enrichment PRD), Title Normalization: "…"; decided in D-033`.
    public var description: String {
        var parts: [String] = []
        if let seed {
            var text = seed.description
            if let section { text += ", \(section)" }
            if let quote { text += ": \"\(quote)\"" }
            parts.append(text)
        }
        if !decisions.isEmpty { parts.append("decided in " + decisions.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}

/// One rule of the specification, as the conformance kit checks it.
public struct Rule: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// The rule's stable identifier, `THROTTLE-01`.
    public let id: RuleID
    /// Whether the rule is a MUST or a SHOULD, which decides its grade when a check fails.
    public let requirement: Requirement
    /// The rule in one sentence, as an implementer reads it.
    public let statement: String
    /// The seed passage and decisions the rule comes from.
    public let source: RuleSource

    /// Builds a rule from its identifier, requirement, one-sentence statement and source.
    public init(_ id: RuleID, _ requirement: Requirement, _ statement: String, source: RuleSource) {
        self.id = id
        self.requirement = requirement
        self.statement = statement
        self.source = source
    }

    public var description: String { "\(id) (\(requirement)): \(statement)" }
}
