import Generators
import SpecModel
import SpecTesting
import Testing

/// The import's properties over generated files with duplicates of every tier, malformed rows and
/// hostile text (issue 4, "Properties and scenarios"): conservation, Skip's idempotence, and the three
/// strategies against a simple model that compares every pair.
@Suite struct CSVImportPropertyTests {
    static let header = ["Title", "Author", "ISBN", "Rating", "Status"]

    /// A row: a book from a small world (so duplicates of every tier happen), or a malformed row.
    static let rows: Gen<[String]> = Gen.frequency([
        (8, Gen<(String, String, String, String, String)>.zip(
            Gen.element(of: ["Dune", "dune", "Dune (Dune, #1)", "Dune (Dune, #2)", "Dune: Messiah", "Dune: Children", "Emma", "Emma [Annotated]", "The Hobbit", "Dept. of Speculation", "A, \"quoted\"\nTitle"]),
            Gen.element(of: ["Frank Herbert", "frank  herbert", "Frank Herbertt", "Jane Austen", "J.R.R. Tolkien", "Jenny Offill"]),
            Gen.element(of: ["", "9780441013593", "0441013597", "978-0-547-92822-7", "=\"\"", "12345"]),
            Gen.element(of: ["", "0", "3", "4.5", "x"]),
            Gen.element(of: ["", "read", "to-read", "currently-reading", "shelved-somewhere"])
        ).map { [$0, $1, $2, $3, $4] }),
        (1, Gen.constant(["", "Nobody", "", "", ""])),
        (1, Gen.constant(["Orphan", "", "", "", ""])),
        (1, Gen.constant(["Short row", "Ann"])),
        // Hostile titles, without NUL: the parser refuses a file holding NUL as binary (or UTF-16).
        (1, Gen<String>.unicodeString(count: 1...12).map { [$0.replacing("\0", with: "?"), "Hostile Author", "", "", ""] }),
    ])

    static let files: Gen<[[String]]> = Gen.array(of: rows, count: 1...140)

    static func labels(_ rows: [[String]]) -> [String] {
        var labels: [String] = []
        let titles = rows.filter { $0.count == 5 }.map { $0[0].lowercased() }
        if Set(titles).count < titles.count { labels.append("duplicate titles") }
        if rows.contains(where: { $0.count != 5 || $0[0].isEmpty || $0[1].isEmpty }) { labels.append("malformed rows") }
        if rows.count > CSVImport.batchRowsMax { labels.append("several batches") }
        return labels
    }

    static func file(_ rows: [[String]], name: String = "generated.csv") -> ImportFile {
        ImportFile(name: name, bytes: CSVWriter.encode(rows: [header] + rows, dialect: .comma, terminator: .lf, quoting: .minimal))
    }

    static func run(_ rows: [[String]], into app: inout AppState, strategy: DuplicateStrategy) throws -> ImportSummary {
        var run: CSVImport
        switch CSVImport.prepare(file(rows), library: app.store, strategy: strategy) {
        case let .success(prepared): run = prepared
        case let .failure(error): throw PropertyViolation("the file was refused: \(error)")
        }
        run.importAll(into: &app)
        return run.summary
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func everyRowIsImportedCountedAsADuplicateOrReportedAsAnError(strategy: DuplicateStrategy) {
        property(Self.files, label: strategy.rawValue, cases: 80, coverage: [
            CoverageRequirement("duplicate titles", atLeastPercent: 40), CoverageRequirement("malformed rows", atLeastPercent: 40),
            CoverageRequirement("several batches", atLeastPercent: 8),
        ], labels: Self.labels) { rows in
            var app = AppState()
            let summary = try Self.run(rows, into: &app, strategy: strategy)
            try requireEqual(summary.dataRows, rows.count, "data rows")
            try requireEqual(summary.imported + summary.duplicates + summary.errors.count, rows.count, "imported + duplicates + errors")
            try requireEqual(Set(summary.errors.map(\.rowNumber)).count, summary.errors.count, "an error row reported twice")
            try requireEqual(app.store.count(of: .work), summary.imported - summary.replaced, "works in the library")
            // Every live work is queued; anything else queued is a replaced work, dropped when met.
            let live = Set(app.store.identifiers(of: .work))
            try requireEqual(Set(app.enrichmentQueue.pending.filter { live.contains($0) }), live, "queued live works")
            do { try app.store._checkInvariants() } catch { throw PropertyViolation("\(error)") }
        }
    }

    @Test func importingTheSameFileTwiceWithSkipAddsNothingTheSecondTime() {
        property(Self.files, cases: 80) { rows in
            var app = AppState()
            let first = try Self.run(rows, into: &app, strategy: .skip)
            let works = app.store.works()
            let entries = app.store.entries()
            let second = try Self.run(rows, into: &app, strategy: .skip)
            try requireEqual(second.imported, 0, "books imported the second time")
            try requireEqual(second.duplicates, first.imported + first.duplicates, "duplicates the second time")
            try requireEqual(second.errors.map(\.rowNumber), first.errors.map(\.rowNumber), "errors the second time")
            try require(app.store.works() == works, "the works changed")
            try require(app.store.entries() == entries, "the entries changed")
        }
    }

    /// The simple model: known books in creation order, each with its keys and every ISBN it holds;
    /// duplicates found by comparing the row with every known book, tier 3 never between two books
    /// with valid ISBNs (D-120) nor between different subtitles or series positions (D-121).
    struct ModelBook {
        var title: String
        var keys: DuplicateKeys
        var isbns: Set<String>
    }

    static func modelMatch(_ keys: DuplicateKeys, in known: [ModelBook]) -> Int? {
        var best: (index: Int, tier: DuplicateTier, similarity: Double)?
        for (index, book) in known.enumerated() {
            var found: (DuplicateTier, Double)?
            if book.keys.titleKey == keys.titleKey, book.keys.authorKey == keys.authorKey {
                found = (.titleAndAuthor, 1)
            } else if let isbn = keys.isbn13, book.isbns.contains(isbn) {
                found = (.isbn, 0)
            } else if keys.isbn13 == nil || book.isbns.isEmpty, book.keys.normalizedTitleKey == keys.normalizedTitleKey,
                book.keys.distinctions.allowsSameBook(as: keys.distinctions)
            {
                let similarity = AuthorSimilarity.score(keys: book.keys.authorKey, keys.authorKey)
                if similarity > AuthorSimilarity.duplicateThreshold { found = (.normalizedTitleAndSimilarAuthor, similarity) }
            }
            guard let (tier, similarity) = found else { continue }
            if best == nil || tier < best!.tier || (tier == best!.tier && tier == .normalizedTitleAndSimilarAuthor && similarity > best!.similarity) {
                best = (index, tier, similarity)
            }
        }
        return best?.index
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func strategiesAgreeWithASimpleModel(strategy: DuplicateStrategy) {
        property(Self.files, label: strategy.rawValue, cases: 80) { rows in
            var app = AppState()
            _ = try Self.run(rows, into: &app, strategy: strategy)
            var known: [ModelBook] = []
            for (offset, fields) in rows.enumerated() {
                guard case let .success(book) = BookRowReader.read(
                    fields: fields, rowNumber: offset + 2, headerCount: Self.header.count,
                    mapping: try! FormatDetection.detect(header: Self.header).mapping
                ) else { continue }
                let keys = DuplicateKeys(book)
                let isbns: Set<String> = book.isbn.map { [$0.isbn13] } ?? []
                switch (strategy, Self.modelMatch(keys, in: known)) {
                case (_, nil):
                    known.append(ModelBook(title: book.title, keys: keys, isbns: isbns))
                case (.skip, _?):
                    break
                case let (.smart, index?):
                    known[index].isbns.formUnion(isbns)
                case let (.replaceAll, index?):
                    known.remove(at: index)
                    known.append(ModelBook(title: book.title, keys: keys, isbns: isbns))
                }
            }
            try requireEqual(app.store.works().map(\.title), known.map(\.title), "the library's works, in creation order")
        }
    }
}
