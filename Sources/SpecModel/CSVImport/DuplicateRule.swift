/// What duplicate detection compares of a book: its keys for each tier.
///
/// Seed 004_…, "Duplicate Detection Algorithm": tier 1 compares title and author ignoring case, tier 2
/// the ISBN, tier 3 the normalized title and the author (Decisions D-034, D-120, D-121).
public struct DuplicateKeys: Hashable, Sendable {
    /// Tier 1: the title lowercased, each run of whitespace one space, trimmed.
    public let titleKey: String
    /// Tiers 1 and 3: the primary author's key (`AuthorNames.key`).
    public let authorKey: String
    /// Tier 2: the ISBN-13 of the book's ISBN, if it has one.
    public let isbn13: String?
    /// Tier 2: the ISBN-13s of a library work's further editions (a row has none).
    public var otherISBN13s: [String]
    /// Tier 3: the normalized title (`TitleNormalization`), lowercased.
    public let normalizedTitleKey: String

    /// The keys of a book with a title, a primary author and the ISBN-13s of its editions, if any.
    public init(title: String, author: String, isbn13: String?, otherISBN13s: [String] = []) {
        self.init(title: title, normalizedTitle: TitleNormalization.normalizedForSearch(title), author: author, isbn13: isbn13, otherISBN13s: otherISBN13s)
    }

    /// The keys of an imported book, from the normalized title it carries.
    public init(_ book: ImportedBook) {
        self.init(title: book.title, normalizedTitle: book.normalizedTitle, author: book.primaryAuthor, isbn13: book.isbn?.isbn13)
    }

    init(title: String, normalizedTitle: String, author: String, isbn13: String?, otherISBN13s: [String] = []) {
        titleKey = TitleNormalization.collapsingWhitespace(title.lowercased())
        authorKey = AuthorNames.key(author)
        self.isbn13 = isbn13
        self.otherISBN13s = otherISBN13s
        normalizedTitleKey = normalizedTitle.lowercased()
    }

    /// Every ISBN-13 of the book: its own, then its further editions'.
    public var isbn13s: [String] { (isbn13.map { [$0] } ?? []) + otherISBN13s }

    /// Tier 3: the subtitle and series position the normalized title leaves out (Decision D-121), read
    /// from the title as tier 1 keys it, in its canonical composition (NFC). Lowercasing and
    /// collapsing whitespace change neither part.
    public var distinctions: TitleDistinctions {
        TitleNormalization.distinctions(of: AuthorSimilarity.canonicalComposition(titleKey))
    }
}

/// How two books match, by the seed's three tiers (seed 004_…, "Duplicate Detection Algorithm").
public enum DuplicateTier: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// Not a tier of the seed's: the same row, imported by an earlier import into this work (or
    /// into one this work replaced), whatever the tiers say now (Decision D-131).
    case alreadyImported = 0
    /// Exact title and author, ignoring case (and whitespace runs).
    case titleAndAuthor = 1
    /// The same ISBN, ISBN-10 and ISBN-13 being equivalent.
    case isbn = 2
    /// The same normalized title, and authors more than 80% similar; never between two books whose
    /// valid ISBNs differ (D-120), nor whose subtitles or series positions differ (D-121).
    case normalizedTitleAndSimilarAuthor = 3

    /// The better tier is the lower one: tier 1 before tier 2 before tier 3 (Decision D-037).
    public static func < (lhs: DuplicateTier, rhs: DuplicateTier) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A match found, with its tier and the authors' similarity (seed 004_…, "Duplicate Detection
/// Algorithm": `DuplicateMatch.exactMatch(work)`, `.possibleMatch(work, score)`).
public struct DuplicateMatch: Hashable, Sendable {
    /// The library's work the book duplicates.
    public let workID: PersistentIdentifier
    /// The best tier by which they match.
    public let tier: DuplicateTier
    /// The similarity of their primary authors (`AuthorSimilarity`): 1 for tier 1, the score for the others.
    public let authorSimilarity: Double

    /// A match with the given fields.
    public init(workID: PersistentIdentifier, tier: DuplicateTier, authorSimilarity: Double) {
        self.workID = workID
        self.tier = tier
        self.authorSimilarity = authorSimilarity
    }

    /// Tiers 1 and 2, and a row imported before, are exact matches; tier 3 a possible one (the seed's
    /// `.exactMatch` / `.possibleMatch`).
    public var isExact: Bool { tier != .normalizedTitleAndSimilarAuthor }
}

/// The three tiers as a check of one pair of books, and a book's best match as a scan of the library.
///
/// Seed 004_…, "Duplicate Detection Algorithm", with Decisions D-034, D-037, D-120 and D-121:
/// 1. The same title and primary author, ignoring case and runs of whitespace: tier 1, whatever the
///    ISBNs (two editions of one work are one book: D-120).
/// 2. Otherwise an ISBN in common (ISBN-10 and ISBN-13 being one): tier 2.
/// 3. Otherwise, unless both books have valid ISBNs (none in common, or tier 2 would have matched),
///    the same normalized title, no subtitle or series position present on both sides and
///    different, and primary authors more than 80% similar: tier 3.
///
/// The best match is the best tier, then (tier 3) the highest similarity, then the earliest-created
/// work (D-037). The import's engine answers it with `DuplicateIndex`, held to this by
/// `DuplicateDetectionTests` and `PlainAgainstEngineTests`.
public enum DuplicateRule {
    /// The best tier by which two books match, with their authors' similarity, or `nil`; symmetric.
    public static func match(_ a: DuplicateKeys, _ b: DuplicateKeys) -> (tier: DuplicateTier, similarity: Double)? {
        if a.titleKey == b.titleKey, a.authorKey == b.authorKey { return (.titleAndAuthor, 1) }
        let (isbnsOfA, isbnsOfB) = (a.isbn13s, b.isbn13s)
        if isbnsOfA.contains(where: { isbnsOfB.contains($0) }) {
            return (.isbn, AuthorSimilarity.score(keys: a.authorKey, b.authorKey))
        }
        // Two valid ISBNs and none in common: two books, whatever their titles say (D-120).
        guard isbnsOfA.isEmpty || isbnsOfB.isEmpty else { return nil }
        guard a.normalizedTitleKey == b.normalizedTitleKey, a.distinctions.allowsSameBook(as: b.distinctions) else { return nil }
        let similarity = AuthorSimilarity.score(keys: a.authorKey, b.authorKey)
        return similarity > AuthorSimilarity.duplicateThreshold ? (.normalizedTitleAndSimilarAuthor, similarity) : nil
    }

    /// The library book `book` duplicates, if any: each library book compared with it by `match`, the
    /// best tier winning, then the highest similarity in tier 3, then the earliest-created work.
    public static func bestMatch(for book: DuplicateKeys, in library: [(work: PersistentIdentifier, keys: DuplicateKeys)]) -> DuplicateMatch? {
        var best: DuplicateMatch?
        for known in library {
            guard let (tier, similarity) = match(known.keys, book) else { continue }
            let found = DuplicateMatch(workID: known.work, tier: tier, authorSimilarity: similarity)
            if let current = best, !isBetter(found, than: current) { continue }
            best = found
        }
        return best
    }

    /// Whether one match is better than another (Decision D-037).
    static func isBetter(_ found: DuplicateMatch, than current: DuplicateMatch) -> Bool {
        if found.tier != current.tier { return found.tier < current.tier }
        if found.tier == .normalizedTitleAndSimilarAuthor, found.authorSimilarity != current.authorSimilarity {
            return found.authorSimilarity > current.authorSimilarity
        }
        return found.workID < current.workID
    }
}
