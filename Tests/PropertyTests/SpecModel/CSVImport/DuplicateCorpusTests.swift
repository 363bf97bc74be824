import Fixtures
import SpecModel
import Testing
import Workloads

/// Duplicate detection measured on labelled corpora of real-looking libraries (Decision D-123): no
/// false duplicate, and at least 95% of true duplicates found (seed 004_…, "Duplicate Detection
/// Accuracy | 95%+ duplicate prevention"), on fixed seeds.
@Suite struct DuplicateCorpusTests {
    static let seeds: [UInt64] = [1, 2, 3]
    static let groups = 600

    @Test(arguments: seeds)
    func theImportFindsNoFalseDuplicateAndAtLeast95PercentOfTrueOnes(seed: UInt64) {
        let corpus = DuplicateCorpus.goodreads(groups: Self.groups, seed: seed)
        let score = corpus.measure()
        #expect(score.falseDuplicatesWithDifferentISBNs == 0, "seed \(seed): \(score)")
        #expect(score.falseDuplicates == 0, "seed \(seed): \(score)")
        #expect(score.precision == 1, "seed \(seed): \(score)")
        #expect(score.recall >= CSVImportWorkloads.recallPercentMin / 100, "seed \(seed): recall \(score.recall), \(score)")
        #expect(score.trueDuplicates >= Self.groups / 4, "seed \(seed): too few duplicates to measure: \(score)")
    }

    @Test func theCorpusHasEveryKindOfGroupAndEveryVariation() {
        let corpus = DuplicateCorpus.goodreads(groups: Self.groups, seed: Self.seeds[0])
        for kind in DuplicateCorpus.GroupKind.allCases {
            #expect(corpus.rows.contains { $0.kind == kind }, "no group of kind \(kind)")
        }
        for variation in DuplicateCorpus.Variation.allCases {
            #expect(corpus.rows.contains { $0.variations.contains(variation) }, "no row with the variation \(variation)")
        }
        #expect(corpus.rows.count > Self.groups)
        #expect(corpus.libraryRows == corpus.rows.count / 2)
        #expect(Set(corpus.rows.map(\.group)).count == Self.groups)
        #expect(Set(corpus.rows.map(\.book)).count == corpus.bookCount)
    }

    @Test func theSameSeedGivesTheSameCorpus() {
        let one = DuplicateCorpus.goodreads(groups: 50, seed: 9)
        let other = DuplicateCorpus.goodreads(groups: 50, seed: 9)
        #expect(one.libraryBytes == other.libraryBytes && one.fileBytes == other.fileBytes)
        #expect(one.rows == other.rows)
        #expect(DuplicateCorpus.goodreads(groups: 50, seed: 10).fileBytes != one.fileBytes)
    }

    // Look-alikes are labelled different books: no two rows of different books share an ISBN, and
    // rows of one book with valid ISBNs that differ are two editions under one title and author.
    @Test func theLabelsHoldWhatTheCorpusPromises() {
        let corpus = DuplicateCorpus.goodreads(groups: Self.groups, seed: Self.seeds[1])
        var bookOfISBN: [String: Int] = [:]
        for row in corpus.rows {
            for isbn in [row.isbn10.flatMap(Self.isbn13), row.isbn13].compactMap({ $0 }) {
                if let other = bookOfISBN[isbn] { #expect(other == row.book, "ISBN \(isbn) is on books \(other) and \(row.book)") }
                bookOfISBN[isbn] = row.book
            }
            if row.variations.contains(.otherEdition) {
                #expect(Set(row.variations).isSubset(of: [.otherEdition, .letterCase]), "another edition under another spelling: \(row)")
            }
        }
    }

    static func isbn13(_ isbn10: String) -> String? {
        guard case let .valid(value) = ISBNValue.parse(isbn10) else { return nil }
        return value.isbn13
    }
}
