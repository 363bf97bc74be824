import SpecConformance
import SpecModel
import Testing

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
        /// Tier 3 as the seed words it, before D-120: two books with different valid ISBNs match when
        /// their normalized titles and authors do.
        case fuzzyTierIgnoresISBNs
        /// Tier 1 asks the ISBNs to agree too: two editions of one work are two books.
        case differentISBNsBlockTierOne
        /// Tier 3 compares the normalized titles only: "Dune: Messiah" is "Dune: Children".
        case subtitlesIgnored
        /// Tier 3 compares the normalized titles only: "Naruto (Naruto, #1)" is "Naruto (Naruto, #2)".
        case seriesPositionsIgnored
        /// A subtitle on one side only counts as a different subtitle: "Dune: Messiah" is not "Dune".
        case oneSidedSubtitleDiffers
        /// No tier 3 at all: only exact titles and authors, and ISBNs, match.
        case noTierThree
    }

    struct Keys {
        var title: String
        var author: String
        var isbn: String?
        var normalizedTitle: String
        var subtitle: String?
        var seriesPosition: String?
    }

    /// Step 1's series marker, with its number captured.
    static var seriesMarker: Regex<(Substring, Substring)> { #/\s*\([^)]*,\s*#([0-9]+)\)/# }
    /// Step 2's edition marker.
    static var editionMarker: Regex<Substring> { #/\s*\[[^\]]*\]/# }

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
        // D-121, from the seed's expressions: the first series marker's number, and the subtitle step 3
        // strips from what steps 1 and 2 leave (more than 10 characters, something before the colon).
        let position = book.title.firstMatch(of: Self.seriesMarker).map { match in
            let digits = match.output.1.drop { $0 == "0" }
            return digits.isEmpty ? "0" : String(digits)
        }
        let unmarked = book.title.replacing(Self.seriesMarker, with: "").replacing(Self.editionMarker, with: "")
        var subtitle: String?
        if unmarked.split(whereSeparator: \.isWhitespace).joined(separator: " ").count > 10, let colon = unmarked.firstIndex(of: ":"),
            unmarked[..<colon].contains(where: { !$0.isWhitespace })
        {
            let text = TitleNormalization.normalizedForSearch(String(unmarked[unmarked.index(after: colon)...])).lowercased()
            subtitle = text.isEmpty ? nil : text
        }
        return Keys(
            title: flaw == .caseSensitiveTitles ? collapsed : collapsed.lowercased(), author: AuthorNames.key(book.authors.first ?? ""),
            isbn: isbn, normalizedTitle: normalized.lowercased(), subtitle: subtitle, seriesPosition: position
        )
    }

    /// Whether tier 3 may take the two for one book: not two different valid ISBNs (D-120), nor a
    /// subtitle or series position on both and different (D-121).
    func tierThreeAllows(_ library: Keys, _ candidate: Keys) -> Bool {
        if flaw != .fuzzyTierIgnoresISBNs, library.isbn != nil, candidate.isbn != nil { return false }
        if flaw == .oneSidedSubtitleDiffers, library.subtitle != candidate.subtitle { return false }
        if flaw != .subtitlesIgnored, let one = library.subtitle, let other = candidate.subtitle, one != other { return false }
        if flaw != .seriesPositionsIgnored, let one = library.seriesPosition, let other = candidate.seriesPosition, one != other { return false }
        return true
    }

    func match(_ library: Keys, _ candidate: Keys) -> (tier: DuplicateTier, similarity: Double)? {
        let isbnsAgree = flaw != .differentISBNsBlockTierOne || library.isbn == nil || candidate.isbn == nil || library.isbn == candidate.isbn
        if library.title == candidate.title, library.author == candidate.author, isbnsAgree { return (.titleAndAuthor, 1) }
        if let isbn = candidate.isbn, isbn == library.isbn { return (.isbn, 1) }
        guard flaw != .noTierThree, library.normalizedTitle == candidate.normalizedTitle, tierThreeAllows(library, candidate) else { return nil }
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
        .of({ .duplicateDetection }, "SimilarityAtLeastEightyPercent", flaw: "takes authors exactly 80% similar for the same (`>=` for the seed's `>`)", breaks: "DUP-13") {
            PairwiseDuplicateDetector(flaw: .similarityAtLeastEightyPercent)
        },
        .of({ .duplicateDetection }, "CaseSensitiveTitles", flaw: "compares titles case included in tier 1", breaks: "DUP-01") {
            PairwiseDuplicateDetector(flaw: .caseSensitiveTitles)
        },
        .of({ .duplicateDetection }, "ISBNFormsNotEquivalent", flaw: "compares ISBN digits as written: an ISBN-10 never meets its ISBN-13", breaks: "DUP-11") {
            PairwiseDuplicateDetector(flaw: .isbnFormsNotEquivalent)
        },
        .of({ .duplicateDetection }, "FirstMatchWins", flaw: "returns the first library book that matches by any tier, not the best tier", breaks: "DUP-04") {
            PairwiseDuplicateDetector(flaw: .firstMatchWins)
        },
        .of({ .duplicateDetection }, "FailedQueryMeansNoDuplicate", flaw: "the seed's \"If SwiftData query fails, assume no duplicate\" (O-13), with a query that fails on an apostrophe", breaks: "DUP-01") {
            PairwiseDuplicateDetector(flaw: .failedQueryMeansNoDuplicate)
        },
        .of({ .duplicateDetection }, "SubtitleMeasuredOnRawTitle", flaw: "normalizes titles with the subtitle length measured on the raw title (the seed read literally, O-11)", breaks: "DUP-09") {
            PairwiseDuplicateDetector(flaw: .subtitleMeasuredOnRawTitle)
        },
        .of({ .duplicateDetection }, "FuzzyTierIgnoresISBNs", flaw: "matches two books with different valid ISBNs by tier 3 (the import before D-120, which dropped a companion book)", breaks: "DUP-08") {
            PairwiseDuplicateDetector(flaw: .fuzzyTierIgnoresISBNs)
        },
        .of({ .duplicateDetection }, "DifferentISBNsBlockTierOne", flaw: "asks tier 1 for agreeing ISBNs too, so two editions of one work are two books", breaks: "DUP-01") {
            PairwiseDuplicateDetector(flaw: .differentISBNsBlockTierOne)
        },
        .of({ .duplicateDetection }, "SubtitlesIgnored", flaw: "compares normalized titles only in tier 3: \"Dune: Messiah\" is \"Dune: Children\"", breaks: "DUP-09") {
            PairwiseDuplicateDetector(flaw: .subtitlesIgnored)
        },
        .of({ .duplicateDetection }, "SeriesPositionsIgnored", flaw: "compares normalized titles only in tier 3: volume 1 of a series is volume 2", breaks: "DUP-09") {
            PairwiseDuplicateDetector(flaw: .seriesPositionsIgnored)
        },
        .of({ .duplicateDetection }, "NoTierThree", flaw: "has no tier 3: only the same title and author, or the same ISBN, make a duplicate", breaks: "DUP-03") {
            PairwiseDuplicateDetector(flaw: .noTierThree)
        },
        .of({ .duplicateDetection }, "OneSidedSubtitleDiffers", flaw: "takes a subtitle on one side only for a different subtitle: \"Dune: Messiah\" is not \"Dune\"", breaks: "DUP-09") {
            PairwiseDuplicateDetector(flaw: .oneSidedSubtitleDiffers)
        },
    ]
}

/// A wrong implementation that breaks a rule the seed's words or a standard state fails it (or is
/// blocked by a rule it requires), never merely differs: the grade follows the basis (issue 36).
@Suite struct CSVImportWrongImplementationGradeTests {
    @Test func aBrokenSeedOrStandardMustIsAFailure() {
        let suites: Set<String> = ["title-normalization", "isbn-reading", "csv-record-reading", "export-format-detection", "duplicate-detection", "strategy-import"]
        for (wrong, result) in ConformanceCatalog.run.wrong where suites.contains(wrong.suiteID) {
            for id in wrong.breaks {
                guard let rule = result.rules.first(where: { $0.rule.id == id }) else { continue }
                let seedOrStandard = rule.rule.basis.kind == .seed || rule.rule.basis.kind == .standard
                guard seedOrStandard, rule.rule.requirement == .must else { continue }
                #expect(rule.grade == .fail || rule.grade == .blocked, "\(wrong.name) breaks \(id) (\(rule.rule.basis.kind)), graded \(rule.grade)")
            }
        }
    }

    @Test func anImplementationWithoutTierThreeFailsASeedRule() {
        let result = ConformanceSuite.duplicateDetection.run("NoTierThree") { PairwiseDuplicateDetector(flaw: .noTierThree) }
        #expect(result.grade(of: "DUP-03") == .fail)
        #expect(ConformanceSuite<PairwiseDuplicateDetector>.duplicateDetection.rules.first { $0.id == "DUP-03" }?.basis.kind == .seed)
    }
}
