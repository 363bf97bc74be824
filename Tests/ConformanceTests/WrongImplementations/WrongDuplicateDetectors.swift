import SpecConformance
import SpecModel

// Wrong duplicate detectors: a detector that compares the candidate with every library book, written
// from the seed's three tiers, with one detail wrong in each.

/// Duplicate detection by comparing every pair, with one flaw.
struct PairwiseDuplicateDetector: DuplicateDetecting {
    enum Flaw: Sendable {
        /// None: the plain implementation as it should be, which passes every rule.
        case none
        /// `>=` for `>`: authors exactly 80% similar match.
        case similarityAtLeastEightyPercent
        /// Tier 1 compares titles case included.
        case caseSensitiveTitles
        /// Tier 2 compares the ISBN's digits as written, so an ISBN-10 never meets its ISBN-13.
        case isbnFormsNotEquivalent
        /// The first library book matching by any tier wins.
        case firstMatchWins
        /// The seed's "If SwiftData query fails, assume no duplicate", with a query that fails on a
        /// title holding an apostrophe (a predicate built as text).
        case failedQueryMeansNoDuplicate
        /// The seed's subtitle rule read literally (O-11): the title's raw length decides, so
        /// "Abc: Def (Long Series Name, #2)" loses ": Def".
        case subtitleMeasuredOnRawTitle
    }

    struct Keys {
        var title: String
        var author: String
        var isbn: String?
        var normalizedTitle: String
    }

    let flaw: Flaw
    var library: [(id: Int, keys: Keys)] = []

    init(flaw: Flaw) {
        self.flaw = flaw
    }

    func keys(_ book: BookIdentity) -> Keys {
        let collapsed = book.title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        var isbn: String?
        if let field = book.isbn, case let .valid(isbn13, _) = ModelISBNReader().readISBN(field) {
            isbn = flaw == .isbnFormsNotEquivalent ? String(field.filter(\.isNumber)) : isbn13
        }
        var normalized = TitleNormalization.normalizedForSearch(book.title)
        if flaw == .subtitleMeasuredOnRawTitle, book.title.count > 10, let colon = normalized.firstIndex(of: ":"),
            normalized[..<colon].contains(where: { !$0.isWhitespace })
        {
            normalized = String(normalized[..<colon]).trimmingSpaces()
        }
        return Keys(
            title: flaw == .caseSensitiveTitles ? collapsed : collapsed.lowercased(), author: AuthorNames.key(book.authors.first ?? ""),
            isbn: isbn, normalizedTitle: normalized.lowercased()
        )
    }

    func match(_ library: Keys, _ candidate: Keys) -> (tier: DuplicateTier, similarity: Double)? {
        if library.title == candidate.title, library.author == candidate.author { return (.titleAndAuthor, 1) }
        if let isbn = candidate.isbn, isbn == library.isbn { return (.isbn, 1) }
        guard library.normalizedTitle == candidate.normalizedTitle else { return nil }
        let similarity = AuthorSimilarity.score(keys: library.author, candidate.author)
        let similar = flaw == .similarityAtLeastEightyPercent ? similarity >= AuthorSimilarity.duplicateThreshold : similarity > AuthorSimilarity.duplicateThreshold
        return similar ? (.normalizedTitleAndSimilarAuthor, similarity) : nil
    }

    mutating func addLibraryBook(_ book: BookIdentity, id: Int) {
        library.append((id, keys(book)))
    }

    mutating func bestMatch(for candidate: BookIdentity) -> DuplicateFinding? {
        if flaw == .failedQueryMeansNoDuplicate, candidate.title.contains("'") { return nil }
        let wanted = keys(candidate)
        var best: (id: Int, tier: DuplicateTier, similarity: Double)?
        for (id, keys) in library {
            guard let found = match(keys, wanted) else { continue }
            if flaw == .firstMatchWins { return DuplicateFinding(book: id, tier: found.tier) }
            if let current = best, current.tier < found.tier || (current.tier == found.tier && current.similarity >= found.similarity) { continue }
            best = (id, found.tier, found.similarity)
        }
        return best.map { DuplicateFinding(book: $0.id, tier: $0.tier) }
    }
}

enum WrongDuplicateDetectors {
    static let all: [WrongImplementation] = [
        .of({ .duplicateDetection }, "SimilarityAtLeastEightyPercent", flaw: "takes authors exactly 80% similar for the same (`>=` for the seed's `>`)", breaks: "DUP-03") {
            PairwiseDuplicateDetector(flaw: .similarityAtLeastEightyPercent)
        },
        .of({ .duplicateDetection }, "CaseSensitiveTitles", flaw: "compares titles case included in tier 1", breaks: "DUP-01") {
            PairwiseDuplicateDetector(flaw: .caseSensitiveTitles)
        },
        .of({ .duplicateDetection }, "ISBNFormsNotEquivalent", flaw: "compares ISBN digits as written: an ISBN-10 never meets its ISBN-13", breaks: "DUP-02") {
            PairwiseDuplicateDetector(flaw: .isbnFormsNotEquivalent)
        },
        .of({ .duplicateDetection }, "FirstMatchWins", flaw: "returns the first library book that matches by any tier, not the best tier", breaks: "DUP-04") {
            PairwiseDuplicateDetector(flaw: .firstMatchWins)
        },
        .of({ .duplicateDetection }, "FailedQueryMeansNoDuplicate", flaw: "the seed's \"If SwiftData query fails, assume no duplicate\" (O-13), with a query that fails on an apostrophe", breaks: "DUP-01") {
            PairwiseDuplicateDetector(flaw: .failedQueryMeansNoDuplicate)
        },
        .of({ .duplicateDetection }, "SubtitleMeasuredOnRawTitle", flaw: "normalizes titles with the subtitle length measured on the raw title (the seed read literally, O-11)", breaks: "DUP-03") {
            PairwiseDuplicateDetector(flaw: .subtitleMeasuredOnRawTitle)
        },
    ]
}
