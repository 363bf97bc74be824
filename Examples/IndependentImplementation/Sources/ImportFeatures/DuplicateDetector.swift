import Foundation

// Three-tier duplicate detection (seed 004, "Duplicate Detection Algorithm").
//
// Tier 1: exact title + author match (case-insensitive)
// Tier 2: ISBN match (if both books have ISBN), ISBN-10 and ISBN-13 being the same book
// Tier 3: normalized title + fuzzy author match (>80% similarity score)
// The best (lowest) tier wins; within a tier the library book added first wins (in tier 3, the most
// similar author first).

/// What duplicate detection compares of a book, as a CSV row or the library has it.
public struct BookFingerprint: Hashable, Sendable {
    public var title: String
    /// Authors, primary first, as written.
    public var authors: [String]
    /// The ISBN field as the export wrote it (either form, hyphenated, Goodreads' `="…"`); a field that is
    /// not a valid ISBN counts as no ISBN.
    public var isbnField: String?

    public init(title: String, authors: [String], isbnField: String? = nil) {
        self.title = title
        self.authors = authors
        self.isbnField = isbnField
    }
}

/// The tier a duplicate was found by.
public enum DuplicateMatchTier: Int, Hashable, Sendable, Comparable {
    case exactTitleAndAuthor = 1
    case isbn = 2
    case normalizedTitleAndSimilarAuthor = 3

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// The seed's `DuplicateMatch`: no duplicate, an exact match (tier 1 or 2), or a possible match (tier 3)
/// with the authors' similarity.
public enum DuplicateMatch<Work: Hashable & Sendable>: Hashable, Sendable {
    case noDuplicate
    case exactMatch(Work, tier: DuplicateMatchTier)
    case possibleMatch(Work, score: Double)

    public var work: Work? {
        switch self {
        case .noDuplicate: return nil
        case let .exactMatch(work, _), let .possibleMatch(work, _): return work
        }
    }

    public var tier: DuplicateMatchTier? {
        switch self {
        case .noDuplicate: return nil
        case let .exactMatch(_, tier): return tier
        case .possibleMatch: return .normalizedTitleAndSimilarAuthor
        }
    }
}

/// The library as duplicate detection sees it: each book's keys, in the order the books were added.
public struct DuplicateDetector<Work: Hashable & Sendable>: Sendable {
    /// Authors more similar than this are the same author in tier 3.
    public static var authorSimilarityThreshold: Double { 0.8 }

    struct Keys: Sendable {
        /// Tier 1: title and primary author, case and whitespace runs ignored.
        let exactTitle: String
        let exactAuthor: String
        /// Tier 2.
        let isbn13: String?
        /// Tier 3.
        let normalizedTitle: String
        let fuzzyAuthor: String
        let subtitle: String?
        let seriesPositions: [String]

        init(_ book: BookFingerprint) {
            let primaryAuthor = book.authors.first ?? ""
            exactTitle = TitleNormalizer.collapseWhitespace(book.title).lowercased()
            exactAuthor = TitleNormalizer.collapseWhitespace(primaryAuthor).lowercased()
            if let field = book.isbnField, case let .valid(isbn) = ISBNField.read(field) {
                isbn13 = isbn.thirteen
            } else {
                isbn13 = nil
            }
            normalizedTitle = DuplicateDetector.foldQuotes(book.title.normalizedTitleForSearch.lowercased())
            fuzzyAuthor = DuplicateDetector.authorForComparison(primaryAuthor)
            subtitle = TitleNormalizer.subtitle(of: book.title).map { DuplicateDetector.foldQuotes($0.lowercased()) }
            seriesPositions = TitleNormalizer.seriesPositions(in: book.title)
        }
    }

    private var library: [(work: Work, keys: Keys)] = []

    public init() {}

    /// Adds a library book.
    public mutating func add(_ book: BookFingerprint, work: Work) {
        library.append((work, Keys(book)))
    }

    /// Removes a library book (deleted, or replaced by the import's "Replace" strategy).
    public mutating func remove(work: Work) {
        library.removeAll { $0.work == work }
    }

    public var count: Int { library.count }

    /// The library book `candidate` duplicates, by the best tier.
    public func match(for candidate: BookFingerprint) -> DuplicateMatch<Work> {
        let keys = Keys(candidate)

        // Tier 1: exact title and author.
        if !keys.exactTitle.isEmpty,
           let hit = library.first(where: { $0.keys.exactTitle == keys.exactTitle && $0.keys.exactAuthor == keys.exactAuthor }) {
            return .exactMatch(hit.work, tier: .exactTitleAndAuthor)
        }

        // Tier 2: the same ISBN.
        if let isbn = keys.isbn13, let hit = library.first(where: { $0.keys.isbn13 == isbn }) {
            return .exactMatch(hit.work, tier: .isbn)
        }

        // Tier 3: the same normalized title, authors more than 80% similar; never between books whose
        // valid ISBNs differ, nor whose subtitles or series positions differ.
        guard !keys.normalizedTitle.isEmpty, !keys.fuzzyAuthor.isEmpty else { return .noDuplicate }
        var best: (work: Work, score: Double)?
        for entry in library where entry.keys.normalizedTitle == keys.normalizedTitle && !entry.keys.fuzzyAuthor.isEmpty {
            if let a = keys.isbn13, let b = entry.keys.isbn13, a != b { continue }
            if let a = keys.subtitle, let b = entry.keys.subtitle, a != b { continue }
            if !keys.seriesPositions.isEmpty, !entry.keys.seriesPositions.isEmpty, keys.seriesPositions != entry.keys.seriesPositions { continue }
            let score = Self.similarity(keys.fuzzyAuthor, entry.keys.fuzzyAuthor)
            guard score > Self.authorSimilarityThreshold else { continue }
            if best == nil || score > best!.score { best = (entry.work, score) }
        }
        return best.map { .possibleMatch($0.work, score: $0.score) } ?? .noDuplicate
    }

    // MARK: - Author similarity

    /// An author's name as tier 3 compares it: "Last, First" turned to "First Last", accents, case and
    /// punctuation (periods, hyphens, apostrophes) ignored, whitespace collapsed.
    static func authorForComparison(_ name: String) -> String {
        var text = TitleNormalizer.collapseWhitespace(name)
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2 {
            let last = parts[0].trimmingWhitespace(), first = parts[1].trimmingWhitespace()
            if !last.isEmpty && !first.isEmpty { text = first + " " + last }
        }
        var out = String.UnicodeScalarView()
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default: break
            }
            switch scalar {
            case ".", "-", "\u{2010}", "\u{2011}", "_", ",": out.append(" ")
            case "'", "\u{2019}", "\u{2018}", "`": continue
            default: out.append(scalar)
            }
        }
        return TitleNormalizer.collapseWhitespace(String(out).precomposedStringWithCanonicalMapping.lowercased())
    }

    /// 1 − (edit distance ÷ length of the longer name), over characters.
    static func similarity(_ a: String, _ b: String) -> Double {
        let x = Array(a), y = Array(b)
        let longest = max(x.count, y.count)
        if longest == 0 { return 1 }
        if x.isEmpty || y.isEmpty { return 0 }
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        let distance = previous[y.count]
        return 1 - Double(distance) / Double(longest)
    }

    /// Typographic quotes as their ASCII forms, so `Sorcerer’s` and `Sorcerer's` are the same title.
    static func foldQuotes(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            switch scalar {
            case "\u{2018}", "\u{2019}", "\u{02BC}": return "'"
            case "\u{201C}", "\u{201D}": return "\""
            default: return scalar
            }
        }))
    }
}
