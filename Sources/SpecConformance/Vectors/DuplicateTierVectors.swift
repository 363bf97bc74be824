import Generators
import SpecModel

/// The duplicate tier vectors: a small library of books and a candidate → the library book the
/// candidate duplicates and by which tier, or none (seed 004_…, "Duplicate Detection Algorithm"; the ISBN
/// standard; D-033, D-034, D-037, D-051, D-120, D-121, D-144). The libraries and candidates are the
/// duplicate suite's own (`DuplicateDetectionExamples`), each once, tagged with the rule of every list
/// that holds it: the seed's tiers where every reading of them agrees (DUP-01 to DUP-03, DUP-05), the
/// ISBN standard's (DUP-11), the decisions' (DUP-04, DUP-06, DUP-08 to DUP-10, DUP-12, DUP-13). Every
/// case also names DUP-07, the model's answer (informational). Every expectation is the model's detector
/// (`ModelDuplicateDetector`), the books added in order with their index as id.
enum DuplicateTierVectors {
    static let area = "duplicate-tiers"

    typealias Books = (library: [BookIdentity], candidate: BookIdentity)

    static func file() -> TestVectorFile {
        typealias R = DuplicateRules
        typealias X = DuplicateDetectionExamples
        var list = TestVectorCaseList(prefix: "dup")
        var books = TestVectorExampleSet<Books>(key: { input($0.library, $0.candidate) })
        let books0: (X.Case) -> Books = { ($0.library, $0.candidate) }
        books.add(X.tier1, books0, R.tier1)
        books.add(X.tier2, books0, R.tier2)
        books.add(X.tier3, books0, R.tier3)
        books.add(X.bestTier, books0, R.bestTier)
        books.add(X.noMatch, books0, R.noMatch)
        books.add(X.differentISBNs, books0, R.differentISBNs)
        books.add(X.distinctions, books0, R.distinctions)
        books.add(X.tier1Keys, books0, R.tier1Keys)
        books.add(X.isbnStandard, books0, R.isbnStandard)
        books.add(X.isbnAsExported, books0, R.isbnAsExported)
        books.add(X.similarity, books0, R.similarity)
        books.write(to: &list, expected: { expected($0.library, $0.candidate) }, catchAll: [R.agreesWithModel])
        // DUP-13's boundary: one-word authors around 80% similar, as its check draws them.
        for (index, (near, changed)) in TestVectorSampling.samples(DuplicateWorld.nearAuthors, 6, salt: 1).enumerated() {
            let library = [X.book("Breathing Lessons (Reissue, #1)", near)]
            let candidate = X.book("Breathing Lessons", changed)
            list.add("gen", input: input(library, candidate), expected: expected(library, candidate), rules: [R.similarity, R.agreesWithModel],
                     note: "generated \(index + 1): one-word authors a few edits apart, around 80% similar")
        }
        for (index, (library, candidate)) in TestVectorSampling.samples(DuplicateWorld.libraryAndCandidate, 14, salt: 2).enumerated() {
            list.add("gen", input: input(library, candidate), expected: expected(library, candidate), rules: [R.agreesWithModel],
                     note: "generated \(index + 7): a library of \(library.count) from a small world where every tier happens")
        }
        // DUP-06: pairs of books from the same small world, as its check draws them, each way round: the
        // first four that are duplicates (most pairs of the world are not).
        let pairs = Gen<(BookIdentity, BookIdentity)>.zip(DuplicateWorld.book, DuplicateWorld.book)
        let matching = TestVectorSampling.samples(pairs, 100, salt: 3).filter { expected([$0.0], $0.1) != expected([], $0.1) }.prefix(4)
        precondition(matching.count == 4, "the small world gave fewer than four duplicate pairs")
        for (index, (first, second)) in matching.enumerated() {
            for (library, candidate, way) in [(first, second, "one way"), (second, first, "the other way")] {
                list.add("gen", input: input([library], candidate), expected: expected([library], candidate), rules: [R.symmetric, R.agreesWithModel],
                         note: "generated pair \(index + 1): duplicates in the small world, \(way) round")
            }
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    static func bookJSON(_ book: BookIdentity) -> JSONValue {
        TestVectorValues.object([("title", .string(book.title)), ("authors", .array(book.authors.map(JSONValue.string))), ("isbn", TestVectorValues.string(book.isbn))])
    }

    static func input(_ library: [BookIdentity], _ candidate: BookIdentity) -> JSONValue {
        TestVectorValues.object([("library", .array(library.map(bookJSON))), ("candidate", bookJSON(candidate))])
    }

    /// `{"match": {"book": index, "tier": 1…3}}` or `{"match": null}`.
    static func expected(_ library: [BookIdentity], _ candidate: BookIdentity) -> JSONValue {
        var model = ModelDuplicateDetector()
        for (index, book) in library.enumerated() { model.addLibraryBook(book, id: index) }
        guard let finding = model.bestMatch(for: candidate) else { return TestVectorValues.object([("match", .null)]) }
        return TestVectorValues.object([("match", TestVectorValues.object([("book", .integer(Int64(finding.book))), ("tier", .integer(Int64(finding.tier.rawValue)))]))])
    }
}
