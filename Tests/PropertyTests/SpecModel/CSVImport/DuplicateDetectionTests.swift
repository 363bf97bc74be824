import Generators
import SpecModel
import SpecTesting
import Testing

/// Duplicate detection's three tiers (seed 004_…, "Duplicate Detection Algorithm"): symmetric, and
/// indexed so that the index answers exactly what comparing every pair would.
@Suite struct DuplicateDetectionTests {
    static func keys(_ title: String, _ author: String, _ isbn: String? = nil, editions: [String] = []) -> DuplicateKeys {
        DuplicateKeys(title: title, author: author, isbn13: isbn, otherISBN13s: editions)
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

    // Two editions of one work (the same title and author, different ISBNs) are one book: tier 1
    // holds whatever the ISBNs (Decision D-120).
    @Test func twoEditionsOfOneWorkAreATierOneDuplicate() {
        let match = DuplicateRule.match(Self.keys("The Hobbit", "J.R.R. Tolkien", "9780547928227"), Self.keys("the hobbit", "J. R. R. Tolkien", "9780261103344"))
        #expect(match?.tier == .titleAndAuthor)
    }

    // The real export's case: two books by one author sharing the part before the colon, each with its
    // own valid ISBN-13 (Decision D-120); and any titles normalizing alike with different ISBNs.
    @Test func booksWhoseValidISBNsDifferAreNeverTierThreeDuplicates() {
        #expect(DuplicateRule.match(
            Self.keys("The Lord of the Rings: The Fellowship of the Ring", "J.R.R. Tolkien", "9780547928210"),
            Self.keys("The Lord of the Rings: The Two Towers", "J.R.R. Tolkien", "9780547928203")
        ) == nil)
        #expect(DuplicateRule.match(Self.keys("Dune (Dune, #1)", "Frank Herbert", "9780441013593"), Self.keys("Dune", "Frank Herbert", "9780593099322")) == nil)
        // A missing ISBN on either side leaves tier 3 to decide.
        #expect(DuplicateRule.match(Self.keys("Dune (Dune, #1)", "Frank Herbert", "9780441013593"), Self.keys("Dune", "Frank Herbert"))?.tier == .normalizedTitleAndSimilarAuthor)
        #expect(DuplicateRule.match(Self.keys("Dune (Dune, #1)", "Frank Herbert"), Self.keys("Dune", "Frank Herbert", "9780593099322"))?.tier == .normalizedTitleAndSimilarAuthor)
        // Every edition of a library work counts: an ISBN in common is tier 2, none in common no match.
        let twoEditions = Self.keys("Dune (Dune, #1)", "Frank Herbert", "9780441013593", editions: ["9780593099322"])
        #expect(DuplicateRule.match(twoEditions, Self.keys("Dune", "F. Herbert", "9780593099322"))?.tier == .isbn)
        #expect(DuplicateRule.match(twoEditions, Self.keys("Dune", "Frank Herbert", "9780340960196")) == nil)
    }

    // Subtitles and series positions present on both sides and different tell books apart; on one
    // side only they tell nothing (Decision D-121).
    @Test func tierThreeTellsSubtitlesAndSeriesPositionsApart() {
        let tier3 = DuplicateTier.normalizedTitleAndSimilarAuthor
        #expect(DuplicateRule.match(Self.keys("Dune: Messiah", "Frank Herbert"), Self.keys("Dune: Children", "Frank Herbert")) == nil)
        #expect(DuplicateRule.match(Self.keys("Dune: Messiah", "Frank Herbert"), Self.keys("Dune", "Frank Herbert"))?.tier == tier3)
        #expect(DuplicateRule.match(Self.keys("Dune: Messiah", "Frank Herbert"), Self.keys("Dune:  THE Messiah", "Herbert, Frank")) == nil)
        #expect(DuplicateRule.match(Self.keys("Dune: The Messiah", "Frank Herbert"), Self.keys("Dune:  THE  messiah.", "Herbert, Frank"))?.tier == tier3)
        #expect(DuplicateRule.match(Self.keys("Naruto (Naruto, #1)", "Masashi Kishimoto"), Self.keys("Naruto (Naruto, #2)", "Masashi Kishimoto")) == nil)
        #expect(DuplicateRule.match(Self.keys("Naruto (Naruto, #1)", "Masashi Kishimoto"), Self.keys("Naruto", "Masashi Kishimoto"))?.tier == tier3)
        #expect(DuplicateRule.match(Self.keys("Naruto (Naruto, #01)", "Masashi Kishimoto"), Self.keys("Naruto (Naruto Manga, #1)", "Kishimoto, Masashi"))?.tier == tier3)
    }

    // Step 3's 10 characters, both sides, where they matter to tier 3: a title of 10 keeps its
    // subtitle in the normalized title, so it is not the title without it; a title of 11 is.
    @Test func theTenCharacterSubtitleRuleOnBothSidesInTierThree() {
        let tier3 = DuplicateTier.normalizedTitleAndSimilarAuthor
        #expect(DuplicateRule.match(Self.keys("Abcd: Efgh", "Ann Lee"), Self.keys("Abcd", "Ann Lee")) == nil)
        #expect(DuplicateRule.match(Self.keys("Abcde: Efgh", "Ann Lee"), Self.keys("Abcde", "Ann Lee"))?.tier == tier3)
        #expect(DuplicateRule.match(Self.keys("Abcd: Efgh", "Ann Lee"), Self.keys("ABCD:  EFGH", "Lee, Ann"))?.tier == tier3)
        #expect(DuplicateRule.match(Self.keys("Abcde: Efgh", "Ann Lee"), Self.keys("Abcde: Ijkl", "Ann Lee")) == nil)
    }

    // The seed's ">80%": 90% similar authors match in tier 3, exactly 80% do not.
    @Test func tierThreeNeedsAuthorsMoreThanEightyPercentSimilar() {
        #expect(AuthorSimilarity.score("Anne Tyler", "Anna Tyler") == 0.9)
        #expect(AuthorSimilarity.score("Anne Tyler", "Anna Tylor") == 0.8)
        #expect(DuplicateRule.match(Self.keys("Breathing Lessons", "Anne Tyler"), Self.keys("Breathing Lessons (Reissue, #1)", "Anna Tyler"))?.tier == .normalizedTitleAndSimilarAuthor)
        #expect(DuplicateRule.match(Self.keys("Breathing Lessons", "Anne Tyler"), Self.keys("Breathing Lessons (Reissue, #1)", "Anna Tylor")) == nil)
    }

    /// A book's title, author and ISBN from a small world, so that every tier occurs, and every reason
    /// tier 3 refuses.
    static let fields: Gen<(String, String, String?)> = Gen<(String, String, String?)>.zip(
        Gen.element(of: [
            "Emma", "emma", "Emma [Annotated]", "Dune", "Dune: Messiah", "Dune: Children", "Dune (Dune, #1)", "Dune (Dune, #2)",
            "Dune (Chronicles, #01)", "Dune: Messiah (Dune, #2)", "The Hobbit",
        ]),
        Gen.element(of: ["Jane Austen", "jane  austen", "Austen, Jane", "Frank Herbert", "Frank Herbertt", "Emma Donoghue"]),
        Gen.element(of: ["9780439023481", "9780385550369"]).optional(nilProbability: 0.6)
    )

    static let books: Gen<DuplicateKeys> = fields.map { DuplicateKeys(title: $0, author: $1, isbn13: $2) }

    /// Library works of the same world, some with further editions' ISBNs.
    static let libraryBooks: Gen<DuplicateKeys> = Gen<((String, String, String?), [String])>.zip(
        fields, Gen.element(of: [[], [], [], ["9780385550369"], ["9780547928227"]])
    ).map { fields, editions in
        DuplicateKeys(title: fields.0, author: fields.1, isbn13: fields.2, otherISBN13s: editions.filter { $0 != fields.2 })
    }

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
        property(Gen.zip(Gen.array(of: Self.libraryBooks, count: 0...20), Self.books), cases: 500) { library, candidate in
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
