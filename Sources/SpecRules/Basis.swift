/// What a rule rests on, which decides how a broken rule is graded and what the report says about it.
///
/// The kinds are those of the conformance suites a team already trusts: the specification's own words
/// (Test262's `esid`), a standard it names or implies, a choice of ours where it is silent or contradicts
/// itself (web-platform-tests' `.tentative`, JSONTestSuite's `i_` files), and a comparison with the
/// reference that is reported for information only (Autobahn's Informational).
public enum Basis: Hashable, Sendable, CustomStringConvertible {
    /// The seeds' own words state the requirement. `SeedQuoteTests` finds every quote verbatim in its seed.
    case seed(SeedPassage)
    /// A standard the seeds name or imply states it (the seeds import CSV, read ISBNs, speak WebSocket
    /// and JSON over HTTP).
    case standard(StandardClause)
    /// The seeds are silent or contradict themselves; the decision (`D-051`) in `Docs/Decisions.md`
    /// settles it. Not following it is reported apart, with the decision's options, and fails only in
    /// strict mode.
    case decision(DecisionID)
    /// No requirement of its own: the reference model's answers on generated inputs, where the seeds fix
    /// only part of every answer. A difference is reported for information and never fails.
    case reference

    /// The seed passage `quote` of `document`, under the heading `section`.
    public static func seed(_ document: SeedDocument, _ section: String, _ quote: String) -> Basis {
        .seed(SeedPassage(document, section: section, quote: quote))
    }

    /// The clause `section` of `standard`, which says `text`.
    public static func standard(_ standard: Standard, _ section: String, _ text: String) -> Basis {
        .standard(StandardClause(standard, section: section, text: text))
    }

    /// The decision `id` (`"D-051"`).
    public static func decided(_ id: String) -> Basis {
        .decision(DecisionID(id))
    }

    /// The four kinds, for counting and for reports.
    public enum Kind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The four bases, in the order reports count them.
        case seed, standard, decision, reference

        public var description: String { rawValue }
    }

    /// Which of the four the basis is, without its passage, clause or decision.
    public var kind: Kind {
        switch self {
        case .seed: .seed
        case .standard: .standard
        case .decision: .decision
        case .reference: .reference
        }
    }

    /// One line: `seed 004 (CSV Import & Enrichment PRD), "Duplicate Detection Algorithm": "…"`.
    public var description: String {
        switch self {
        case let .seed(passage): passage.description
        case let .standard(clause): clause.description
        case let .decision(id): "decision \(id)" + (Decision.named(id).map { ": \($0.title)" } ?? "")
        case .reference: "the reference model's answers (informational)"
        }
    }
}

/// The five seed documents, the specification's source.
public enum SeedDocument: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Seed 000, the Library Reset PRD (shipped).
    case libraryReset = "000_24fffd7d498237d9"
    /// Seed 001, the plan moving the DTOMapper work cache to PersistentIdentifier.
    case workCache = "001_cbc4a755ef2c78bc"
    /// Seed 002, the Series Tracking PRD (a draft: its criteria are unchecked).
    case seriesTracking = "002_6e1274d4a7bf21dc"
    /// The WebSocket Phase 2 plan: the progress protocol.
    case progressProtocol = "003_e8ca257e1441217e"
    /// Seed 004, the CSV Import & Enrichment PRD (shipped).
    case csvImport = "004_78908c9d98881105"

    /// The document's number, `004`.
    public var number: String { String(rawValue.prefix(3)) }

    /// The seed's file name in `Seeds/`.
    public var fileName: String { rawValue + ".txt" }

    /// The document's title as reports name it.
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

/// Words of a seed that state a requirement.
public struct SeedPassage: Hashable, Sendable, CustomStringConvertible {
    /// The seed the words are in.
    public let document: SeedDocument
    /// The heading the passage stands under, as the seed writes it.
    public let section: String
    /// The seed's words, exactly: they occur verbatim in the seed file.
    public let quote: String

    /// A passage; `RuleBasisTests` fails unless `quote` occurs verbatim in `document` and `section` is text of one of its headings.
    public init(_ document: SeedDocument, section: String, quote: String) {
        self.document = document
        self.section = section
        self.quote = quote
    }

    public var description: String { "\(document), \"\(section)\": \"\(quote)\"" }
}

/// The standards the seeds name or imply.
public enum Standard: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Common Format and MIME Type for CSV Files: the exports the seeds import are CSV.
    case rfc4180 = "RFC 4180"
    /// UTF-8: the exports' and the messages' encoding.
    case rfc3629 = "RFC 3629"
    /// The International Standard Book Number (ISO 2108, and the ISBN Users' Manual that applies it).
    case isbn = "ISO 2108"
    /// The WebSocket protocol: the progress socket's frames and close codes.
    case rfc6455 = "RFC 6455"
    /// JSON: the progress messages and the cancel endpoint's bodies.
    case rfc8259 = "RFC 8259"
    /// HTTP semantics: the cancel endpoint's status codes.
    case rfc9110 = "RFC 9110"

    public var description: String {
        switch self {
        case .isbn: "ISO 2108 (ISBN)"
        default: rawValue
        }
    }
}

/// What a clause of a standard says.
public struct StandardClause: Hashable, Sendable, CustomStringConvertible {
    /// The standard the clause belongs to.
    public let standard: Standard
    /// The clause, `§2, rule 6`.
    public let section: String
    /// What the clause says, in its own words where they are short.
    public let text: String

    /// A clause; `text` is the standard's words where they are short, a faithful summary otherwise.
    public init(_ standard: Standard, section: String, text: String) {
        self.standard = standard
        self.section = section
        self.text = text
    }

    public var description: String { "\(standard) \(section): \(text)" }
}
