import Generators
import SpecModel
import SpecTesting
import Testing

/// Duplicate detection's three tiers (seed 004_…, "Duplicate Detection Algorithm"): symmetric, and
/// indexed so that the index answers exactly what comparing every pair would.
@Suite struct DuplicateDetectionTests {
    static func keys(_ title: String, _ author: String, _ isbn: String? = nil) -> DuplicateKeys {
        DuplicateKeys(title: title, author: author, isbn13: isbn)
    }

    @Test func tierOneIsTheSameTitleAndAuthorIgnoringCase() {
        #expect(DuplicateRule.match(Self.keys("The Hobbit", "J.R.R. Tolkien"), Self.keys("the  HOBBIT", "j. r. r. tolkien"))?.tier == .titleAndAuthor)
    }

    @Test func tierTwoIsTheSameISBNWhateverTheTitle() {
        let match = DuplicateRule.match(Self.keys("Hunger Games", "Suzanne Collins", "9780439023481"), Self.keys("The Hunger Games: Book 1", "S. Collins", "9780439023481"))
        #expect(match?.tier == .isbn)
    }

    @Test func tierThreeIsTheNormalizedTitleWithASimilarAuthor() {
        let match = DuplicateRule.match(
            Self.keys("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "J.K. Rowling"),
            Self.keys("Harry Potter and the Sorcerer's Stone", "JK Rowling")
        )
        #expect(match?.tier == .normalizedTitleAndSimilarAuthor)
        #expect(DuplicateRule.match(Self.keys("Emma [Annotated]", "Jane Austen"), Self.keys("Emma", "Emma Donoghue")) == nil)
    }

    /// Books drawn from a small world so that every tier occurs.
    static let books: Gen<DuplicateKeys> = Gen<(String, String, String?)>.zip(
        Gen.element(of: ["Emma", "emma", "Emma [Annotated]", "Dune", "Dune: Messiah", "Dune (Dune, #1)", "The Hobbit"]),
        Gen.element(of: ["Jane Austen", "jane  austen", "Austen, Jane", "Frank Herbert", "Frank Herbertt", "Emma Donoghue"]),
        Gen.element(of: ["9780439023481", "9780385550369"]).optional(nilProbability: 0.6)
    ).map { DuplicateKeys(title: $0, author: $1, isbn13: $2) }

    @Test func matchingIsSymmetric() {
        property(Gen.zip(Self.books, Self.books), cases: 500, coverage: [
            CoverageRequirement("tier 1", atLeastPercent: 3), CoverageRequirement("tier 2", atLeastPercent: 3),
            CoverageRequirement("tier 3", atLeastPercent: 3), CoverageRequirement("no match", atLeastPercent: 20),
        ], labels: { pair in [DuplicateRule.match(pair.0, pair.1).map { "tier \($0.tier.rawValue)" } ?? "no match"] }) { first, second in
            let forward = DuplicateRule.match(first, second)
            let backward = DuplicateRule.match(second, first)
            try require(forward?.tier == backward?.tier && forward?.similarity == backward?.similarity, "match(\(first), \(second)) is not symmetric")
        }
    }

    @Test func theIndexAgreesWithComparingEveryPair() {
        property(Gen.zip(Gen.array(of: Self.books, count: 0...20), Self.books), cases: 500) { library, candidate in
            var index = DuplicateIndex()
            for (offset, keys) in library.enumerated() {
                index.insert(PersistentIdentifier(kind: .work, rawValue: UInt64(offset + 1)), keys: keys)
            }
            var expected: DuplicateMatch?
            for (offset, keys) in library.enumerated() {
                guard let match = DuplicateRule.match(keys, candidate) else { continue }
                let found = DuplicateMatch(workID: PersistentIdentifier(kind: .work, rawValue: UInt64(offset + 1)), tier: match.tier, authorSimilarity: match.similarity)
                guard let best = expected else { expected = found; continue }
                if found.tier < best.tier || (found.tier == best.tier && found.tier == .normalizedTitleAndSimilarAuthor && found.authorSimilarity > best.authorSimilarity) {
                    expected = found
                }
            }
            let actual = index.bestMatch(for: candidate)
            try require(actual?.workID == expected?.workID && actual?.tier == expected?.tier, "the index found \(String(describing: actual)), comparing every pair \(String(describing: expected))")
        }
    }

    @Test func removedWorksAreNoLongerFound() {
        var index = DuplicateIndex()
        let work = PersistentIdentifier(kind: .work, rawValue: 1)
        index.insert(work, keys: Self.keys("Dune", "Frank Herbert", "9780441013593"))
        index.remove(work)
        #expect(index.bestMatch(for: Self.keys("Dune", "Frank Herbert", "9780441013593")) == nil)
        #expect(index.count == 0)
    }
}
