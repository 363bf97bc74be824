import Fixtures
import Generators
import SpecModel

/// What the import suite observes of one import: the report or refusal, the library's books sorted,
/// and the saves the import made.
struct ImportObservation: Hashable, Sendable, CustomStringConvertible {
    var result: Result<ImportReport, ImportRefusal>
    var books: [LibraryBook]
    var saves: Int

    var description: String {
        let outcome: String
        switch result {
        case let .success(report): outcome = report.description
        case let .failure(refusal): outcome = "refused: \(refusal)"
        }
        let shown = books.count <= 12 ? books.map(\.description).joined(separator: "; ") : books.prefix(12).map(\.description).joined(separator: "; ") + " … (\(books.count) books)"
        return "\(outcome); \(saves) saves; library: \(shown)"
    }
}

/// One import the suite runs: a library, a file and a strategy, with what must come of it.
struct ImportCase: Sendable {
    var library: [LibraryBook] = []
    var file: ImportFile
    var strategy: DuplicateStrategy = .skip
    /// The counts and error rows the report must give.
    var counts: (imported: Int, duplicates: Int, errorRows: [Int])?
    /// Compare only `imported + duplicates` and the error rows: how a replacement or a merge is
    /// counted is IMPORT-13's (D-127), not the example's rule's.
    var countsAsSum = false
    var refusal: ImportRefusal?
    /// The library's books afterwards, in any order.
    var books: [LibraryBook]?
    /// Books that must be in the library afterwards exactly as they are (the rest left open).
    var kept: [LibraryBook]?
    /// How many books the library holds afterwards.
    var bookCount: Int?
    /// Titles (lowercased) the library must hold exactly one book of afterwards, with the title as
    /// written when it is given.
    var single: [(key: String, title: String?)]?
    /// A library book Replace All must delete, and the title of the row's book that takes its place,
    /// which keeps nothing of it.
    var replaced: (old: LibraryBook, title: String)?
    var saves: Int?
    var progress: [String]?
}

/// The files and generators of the import suite.
enum ImportWorld {
    static let header = ["Title", "Author", "ISBN", "Rating", "Status", "Year", "Notes"]

    static func file(_ rows: [[String]], header: [String] = header, name: String = "library.csv") -> ImportFile {
        ImportFile(name: name, bytes: CSVWriter.encode(rows: [header] + rows))
    }

    static func row(_ title: String, _ author: String, isbn: String = "", rating: String = "", status: String = "", year: String = "", notes: String = "") -> [String] {
        [title, author, isbn, rating, status, year, notes]
    }

    /// `count` distinct books, "Book 0" by "Author 0" onwards (seven authors, shared).
    static func numbered(_ count: Int, from start: Int = 0) -> [[String]] {
        (start..<(start + count)).map { row("Book \($0)", "Author \($0 % 7)") }
    }

    static func numberedBooks(_ count: Int, from start: Int = 0) -> [LibraryBook] {
        (start..<(start + count)).map { LibraryBook(title: "Book \($0)", authors: ["Author \($0 % 7)"]) }
    }

    /// A row of a small world, so that duplicates of every tier happen, or a malformed row.
    static let row: Gen<[String]> = Gen<[String]>.frequency([
        (8, Gen<(String, String, String, String, String, String, String)>.zip(
            Gen<String>.element(of: [
                "Dune", "dune", "Dune (Dune, #1)", "Dune (Dune, #2)", "Dune: Messiah", "Dune: Children", "Emma", "Emma [Annotated]", "The Hobbit",
                "Ender's Game", "A, \"quoted\"\nTitle",
            ]),
            Gen<String>.element(of: ["Frank Herbert", "frank  herbert", "Frank Herbertt", "Jane Austen", "J.R.R. Tolkien", "Orson Scott Card"]),
            Gen<String>.element(of: ["", "", "9780441013593", "0441013597", "978-0-547-92822-7", "=\"\"", "12345"]),
            Gen<String>.element(of: ["", "0", "3", "4.5", "x"]),
            Gen<String>.element(of: ["", "read", "to-read", "currently-reading", "shelved-somewhere"]),
            Gen<String>.element(of: ["", "", "1965", "abc"]),
            Gen<String>.element(of: ["", "", "Loved it", "Lent to Sam"])
        ).map { [$0, $1, $2, $3, $4, $5, $6] }),
        (1, Gen.constant(["", "Nobody", "", "", "", "", ""])),
        (1, Gen.constant(["Orphan", "", "", "", "", "", ""])),
        (1, Gen.constant(["Short row", "Ann"])),
        (1, Gen<String>.unicodeString(count: 1...10).map { ["T" + $0.replacing("\0", with: "?"), "Hostile Author", "", "", "", "", ""] }),
    ])

    /// Files of up to 30 rows: a world of nine titles and six authors repeats books within a few
    /// rows, and one batch keeps a failure quick to shrink; files of several batches are the
    /// examples' (and the fixtures' of IMPORT-10).
    static let rows: Gen<[[String]]> = Gen<[String]>.array(of: row, count: 1...30)

    /// A library book of the same small world.
    static let libraryBook: Gen<LibraryBook> = Gen<(String, String, [String], ReadingStatus, Double?, String?, Int?)>.zip(
        Gen<String>.element(of: ["Dune", "Emma", "The Hobbit", "Ender's Game", "Dune: Messiah"]),
        Gen<String>.element(of: ["Frank Herbert", "Jane Austen", "J.R.R. Tolkien", "Orson Scott Card", "Frank Herbertt"]),
        Gen<[String]>.element(of: [[], [], ["9780441013593"], ["9780547928227"]]),
        Gen<ReadingStatus>.element(of: [.toRead, .read, .reading]),
        Gen<Double?>.element(of: [nil, 3, 4.5]),
        Gen<String?>.element(of: [nil, "Mine"]),
        Gen<Int?>.element(of: [nil, 1965])
    ).map { LibraryBook(title: $0, authors: [$1], isbns: $2, year: $6, status: $3, rating: $4, notes: $5) }

    static let library: Gen<[LibraryBook]> = Gen<LibraryBook>.array(of: libraryBook, count: 0...4)

    static let strategy: Gen<DuplicateStrategy> = Gen<DuplicateStrategy>.element(of: DuplicateStrategy.allCases)

    static let imports: Gen<([LibraryBook], [[String]], DuplicateStrategy)> = Gen<([LibraryBook], [[String]], DuplicateStrategy)>.zip(library, rows, strategy)

    static func describe(_ value: ([LibraryBook], [[String]], DuplicateStrategy)) -> String {
        "\(value.2) into [\(value.0.map(\.description).joined(separator: "; "))] of rows \(String(reflecting: value.1))"
    }

    /// Export fixtures of several batches, a share of their rows repeating earlier ones, imported with
    /// a strategy into a library that already holds a few of their books (titles in capitals): the
    /// kind of export, its seed and the strategy are drawn.
    static let fixtureImports: Gen<([LibraryBook], ImportFile, DuplicateStrategy)> = Gen<(Int, Int, DuplicateStrategy)>.zip(
        Gen<Int>.int(in: 0...2), Gen<Int>.int(in: 1...1_000), strategy
    ).map { kind, drawn, strategy in
        let seed = UInt64(drawn)
        let fixture: ExportFixture
        let name: String
        switch kind {
        case 0:
            fixture = ExportFixture.goodreads(rows: 80, seed: seed, duplicateShare: 0.2)
            name = "goodreads_library_export.csv"
        case 1:
            fixture = ExportFixture.storyGraph(rows: 55, seed: seed, duplicateShare: 0.2)
            name = "storygraph.csv"
        default:
            fixture = ExportFixture.libraryThing(rows: 30, seed: seed, tabSeparated: true, columns: .later, duplicateShare: 0.2)
            name = "librarything_export.tsv"
        }
        let library = fixture.books.prefix(12).enumerated().filter { $0.offset % 3 == 0 }.map { _, book in
            var isbns: [String] = []
            if case let .valid(value) = ISBNValue.parse(book.isbn13 ?? book.isbn ?? "") { isbns = [value.isbn13] }
            return LibraryBook(title: book.title.uppercased(), authors: [book.author], isbns: isbns, status: .toRead, notes: "Mine")
        }
        return (library, ImportFile(name: name, bytes: fixture.bytes), strategy)
    }

    static func progress(_ handled: [Int], of total: Int) -> [String] {
        handled.map { "Imported \($0)/\(total) books (\($0 * 100 / total)%)" }
    }

    /// The figures of a progress line written as the seed writes it, "Imported 250/500 books (50%)".
    static func parseProgress(_ line: String) -> (handled: Int, total: Int, percent: Int)? {
        guard line.hasPrefix("Imported "), line.hasSuffix("%)") else { return nil }
        let inner = line.dropFirst("Imported ".count).dropLast(2)
        let parts = inner.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1] == "books", parts[2].hasPrefix("(") else { return nil }
        let figures = parts[0].split(separator: "/", omittingEmptySubsequences: false)
        guard figures.count == 2, let handled = Int(figures[0]), let total = Int(figures[1]), let percent = Int(parts[2].dropFirst()) else { return nil }
        return (handled, total, percent)
    }
}

extension ConformanceSuite where Implementation: StrategyImporting {
    /// The import suite: what the seed's criteria say in their own words (Skip, Replace All, the file's
    /// own duplicates, the progress text, the files it names refused), then the decisions (the summary's
    /// counts, Smart's merge, the file's duplicates by strategy, a save per batch of 50 on both sides of
    /// each boundary and the progress after each, the names accepted, unreadable and blank files, row
    /// errors, the authors Replace All leaves, look-alike books and editions), and the model's answer
    /// on generated libraries and files for information.
    public static var strategyImport: ConformanceSuite {
        typealias R = ImportRules
        typealias W = ImportWorld
        func observe<Importer: StrategyImporting>(_ implementation: inout Importer, _ library: [LibraryBook], _ file: ImportFile, _ strategy: DuplicateStrategy) -> ImportObservation {
            for book in library { implementation.library.addBook(book) }
            let before = implementation.library.saveCount
            let result = implementation.importFile(file, strategy: strategy)
            return ImportObservation(result: result, books: implementation.library.books().sorted(), saves: implementation.library.saveCount - before)
        }
        func modelObservation(_ library: [LibraryBook], _ file: ImportFile, _ strategy: DuplicateStrategy) -> ImportObservation {
            var model = ModelStrategyImporter()
            return observe(&model, library, file, strategy)
        }
        func question(_ library: [LibraryBook], _ file: ImportFile, _ strategy: DuplicateStrategy) -> String {
            let text = String(decoding: file.bytes.prefix(600), as: UTF8.self)
            return "importFile(\(String(reflecting: file.name)), \(String(reflecting: text))\(file.bytes.count > 600 ? " … (\(file.bytes.count) bytes)" : ""), strategy: \(strategy)) into a library of \(library.count) books"
        }
        /// Checks one import against every expectation the example states, and nothing else.
        func check(_ example: ImportCase, _ observed: ImportObservation) throws {
            let asked = question(example.library, example.file, example.strategy)
            let model = { modelObservation(example.library, example.file, example.strategy).description }
            if let refusal = example.refusal {
                try ensure(observed.result == .failure(refusal), "the file was not refused as it must be (\(refusal))", question: asked, model: model(), implementation: observed.description)
                try ensure(observed.books == example.library.sorted() && observed.saves == 0, "a refused file changed or saved the library", question: asked, model: model(), implementation: observed.description)
                return
            }
            guard case let .success(report) = observed.result else {
                throw ConformanceViolation("the file was refused", question: asked, model: model(), implementation: observed.description, kind: "the file refused")
            }
            if let counts = example.counts {
                if example.countsAsSum {
                    try ensure(report.imported + report.duplicates == counts.imported + counts.duplicates && report.errorRows == counts.errorRows,
                        "the rows imported or found duplicates, and the error rows, are wrong: expected \(counts.imported + counts.duplicates) rows handled, error rows \(counts.errorRows)",
                        question: asked, model: model(), implementation: observed.description)
                } else {
                    try ensure(report.imported == counts.imported && report.duplicates == counts.duplicates && report.errorRows == counts.errorRows,
                        "the report's counts are wrong: expected imported \(counts.imported), duplicates \(counts.duplicates), error rows \(counts.errorRows)",
                        question: asked, model: model(), implementation: observed.description)
                }
            }
            if let books = example.books {
                try ensure(observed.books == books.sorted(), "the library is not what the strategy makes of it", question: asked, model: model(), implementation: observed.description)
            }
            if let kept = example.kept {
                for book in kept {
                    try ensure(observed.books.contains(book), "the library book \(book) did not stay as it was", question: asked, model: model(), implementation: observed.description)
                }
            }
            if let count = example.bookCount {
                try ensure(observed.books.count == count, "the library holds \(observed.books.count) books, not \(count)", question: asked, model: model(), implementation: observed.description)
            }
            for (key, title) in example.single ?? [] {
                let matching = observed.books.filter { $0.title.lowercased() == key }
                try ensure(matching.count == 1, "the library holds \(matching.count) books titled \(String(reflecting: key)) in any case, not one", question: asked, model: model(), implementation: observed.description)
                if let title {
                    try ensure(matching.first?.title == title, "the book titled \(String(reflecting: key)) is not the one written \(String(reflecting: title))", question: asked, model: model(), implementation: observed.description)
                }
            }
            if let replaced = example.replaced {
                let (old, title) = replaced
                try ensure(!observed.books.contains(old), "the old book is still in the library", question: asked, model: model(), implementation: observed.description)
                let new = observed.books.filter { $0.title == title }
                try ensure(new.count == 1, "the row's book \(String(reflecting: title)) was not inserted once", question: asked, model: model(), implementation: observed.description)
                if let book = new.first {
                    let remains = old.isbns.filter(book.isbns.contains).map { "ISBN \($0)" }
                        + (old.year != nil && book.year == old.year ? ["year \(old.year!)"] : [])
                        + (old.rating != nil && book.rating == old.rating ? ["rating \(old.rating!)"] : [])
                        + (old.notes != nil && book.notes == old.notes ? ["notes \(String(reflecting: old.notes!))"] : [])
                    try ensure(remains.isEmpty, "the new book keeps the old one's \(remains.joined(separator: ", "))", question: asked, model: model(), implementation: observed.description)
                }
            }
            if let saves = example.saves {
                try ensure(observed.saves == saves, "the import saved \(observed.saves) times, not \(saves)", question: asked, model: model(), implementation: observed.description)
            }
            if let progress = example.progress {
                try ensure(report.progress == progress, "the progress lines are wrong", question: asked, model: model(), implementation: observed.description)
            }
        }
        func imports(_ examples: [ConformanceExample<ImportCase>], _ rule: Rule, _ about: String, label: String? = nil) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, examples) { implementation, example in
                try check(example, observe(&implementation, example.library, example.file, example.strategy))
            }
        }
        func book(_ title: String, _ author: String, isbns: [String] = [], year: Int? = nil, status: ReadingStatus = .toRead, rating: Double? = nil, notes: String? = nil) -> LibraryBook {
            LibraryBook(title: title, authors: [author], isbns: isbns, year: year, status: status, rating: rating, notes: notes)
        }
        let hobbitFirst = W.row("The Hobbit", "J.R.R. Tolkien", isbn: "9780547928227", rating: "5", status: "read", notes: "First")
        // The same book with its author written alike, so that only the strategy is at stake (not D-144's keys or D-122's authors).
        let hobbitAgain = W.row("the hobbit", "J.R.R. Tolkien", rating: "4", status: "to-read", year: "1937", notes: "Second")
        let duneFirst = W.row("Dune", "Frank Herbert", rating: "5", status: "read", notes: "First")
        let duneAgain = W.row("DUNE", "frank herbert", rating: "3", year: "1965", notes: "Again")
        let duneRead = book("Dune", "Frank Herbert", isbns: ["9780441013593"], year: 1965, status: .read, rating: 4, notes: "Mine")
        let fellowship = W.row("The Lord of the Rings: The Fellowship of the Ring", "J.R.R. Tolkien", isbn: "9780547928210", rating: "5", status: "read")
        let twoTowers = W.row("The Lord of the Rings: The Two Towers", "J.R.R. Tolkien", isbn: "9780547928203", rating: "4", status: "read")
        let companions = [
            book("The Lord of the Rings: The Fellowship of the Ring", "J.R.R. Tolkien", isbns: ["9780547928210"], status: .read, rating: 5),
            book("The Lord of the Rings: The Two Towers", "J.R.R. Tolkien", isbns: ["9780547928203"], status: .read, rating: 4),
        ]
        let seedSkip = "seed: \"skip new book and increment `duplicates` counter\""
        let seedReplace = "seed: \"delete old entry and insert new\""
        let seedInternal = "seed: \"system deduplicates before SwiftData insertion\""
        let lookAlikeExamples = DuplicateStrategy.allCases.map { strategy in
            ConformanceExample("companions sharing the part before the colon, each with its ISBN-13, \(strategy)", ImportCase(
                file: W.file([fellowship, twoTowers]), strategy: strategy, counts: (2, 0, []), countsAsSum: true, books: companions
            ), pins: "D-120")
        } + [
            ConformanceExample("a library book and a row normalizing alike with another ISBN, Replace All", ImportCase(
                library: [duneRead],
                file: W.file([W.row("Dune: Deluxe Edition", "Frank Herbert", isbn: "9780593099322", status: "to-read")]), strategy: .replaceAll,
                counts: (1, 0, []), countsAsSum: true, books: [duneRead, book("Dune: Deluxe Edition", "Frank Herbert", isbns: ["9780593099322"])]
            ), pins: "D-120"),
            ConformanceExample("two editions of one work: Smart adds the row's ISBN as another edition", ImportCase(
                library: [duneRead],
                file: W.file([W.row("DUNE", "frank  herbert", isbn: "9780593099322", rating: "2", status: "to-read", notes: "Theirs")]), strategy: .smart,
                counts: (0, 1, []), countsAsSum: true, books: [book("Dune", "Frank Herbert", isbns: ["9780441013593", "9780593099322"], year: 1965, status: .read, rating: 4, notes: "Mine")]
            ), pins: "D-120"),
        ]
        /// A library, a file imported with Replace All, and every author's name afterwards.
        typealias ReplacedAuthors = (library: [LibraryBook], file: ImportFile, authors: [String])
        let replacedAuthorExamples: [ConformanceExample<ReplacedAuthors>] = [
            ConformanceExample("the replaced book's author, spelled otherwise by the row, goes", (
                [book("The Hunger Games", "Suzanne Collins", isbns: ["9780439023481"]), book("Emma", "Jane Austen")],
                W.file([W.row("Hunger Games", "S. Collins", isbn: "0439023483")]), ["Jane Austen", "S. Collins"]
            ), pins: "D-122"),
            ConformanceExample("an author with another book stays", (
                [duneRead, book("Dune Messiah", "Frank Herbert")],
                W.file([W.row("Dune (Dune, #1)", "F. Herbert", isbn: "0441013597")]), ["F. Herbert", "Frank Herbert"]
            ), pins: "D-015"),
            ConformanceExample("an author the row names again stays as they were", (
                [book("Emma", "Jane Austen", rating: 5)], W.file([W.row("emma", "jane  austen", rating: "2")]), ["Jane Austen"]
            ), pins: "D-122"),
            ConformanceExample("a co-author left with no works goes, the primary author with another book stays", (
                [LibraryBook(title: "Good Omens", authors: ["Terry Pratchett", "Neil Gaiman"], isbns: ["9780060853983"]), book("Mort", "Terry Pratchett")],
                W.file([W.row("Good Omens", "Terry Pratchett", isbn: "9780060853983")]), ["Terry Pratchett"]
            ), pins: "D-122"),
            ConformanceExample("inside the file: the first row's author, spelled otherwise by the last, goes", (
                [], W.file([W.row("Dune", "Frank Herbert", isbn: "9780441013593"), W.row("Dune (Dune, #1)", "F. Herbert", isbn: "0441013597")]), ["F. Herbert"]
            ), pins: "D-032"),
            ConformanceExample("a row that duplicates nothing deletes nobody", (
                [book("Emma", "Jane Austen")], W.file([W.row("Persuasion", "Jane Austen")]), ["Jane Austen"]
            ), pins: "D-015"),
        ]
        return ConformanceSuite(id: "strategy-import", title: "CSV import strategies", seam: "StrategyImporting", checks: [
            .property(R.everyRowCounted, "generated libraries, files of up to 30 rows with malformed ones, and strategies", cases: 20, W.imports, describe: W.describe, exercises: { !$0.1.isEmpty }) { implementation, value in
                let (library, rows, strategy) = value
                let file = W.file(rows)
                let observed = observe(&implementation, library, file, strategy)
                let asked = question(library, file, strategy)
                guard case let .success(report) = observed.result else {
                    throw ConformanceViolation("the file was refused", question: asked, model: modelObservation(library, file, strategy).description, implementation: observed.description, kind: "the file refused")
                }
                try ensure(report.imported + report.duplicates + report.errorRows.count == rows.count,
                    "imported \(report.imported) + duplicates \(report.duplicates) + errors \(report.errorRows.count) is not the \(rows.count) data rows",
                    question: asked, model: modelObservation(library, file, strategy).description, implementation: observed.description, kind: "the counts do not add up to the data rows")
                // Which record number an error row is reported by is IMPORT-09's; this rule asks that each is reported once.
                try ensure(report.errorRows == Array(Set(report.errorRows)).sorted(),
                    "the error rows are not distinct and ascending", question: asked,
                    model: modelObservation(library, file, strategy).description, implementation: observed.description, kind: "an error row reported twice")
                if strategy != .replaceAll {
                    try ensure(observed.books.count == library.count + report.imported, "the library did not grow by the books imported", question: asked,
                        model: modelObservation(library, file, strategy).description, implementation: observed.description, kind: "imported rows that made no book")
                }
            },
            imports([
                ConformanceExample("duplicates of library books, one with a quote in its title", ImportCase(
                    library: [book("Dune", "Frank Herbert"), book("Ender's Game", "Orson Scott Card", status: .read, rating: 5)],
                    file: W.file([
                        W.row("Dune", "Frank Herbert", isbn: "9780441013593", rating: "5", status: "read"),
                        W.row("ENDER'S GAME", "orson scott card", rating: "2", status: "to-read"),
                        W.row("Emma", "Jane Austen"),
                    ]),
                    counts: (1, 2, []),
                    kept: [book("Dune", "Frank Herbert"), book("Ender's Game", "Orson Scott Card", status: .read, rating: 5)], bookCount: 3
                ), pins: seedSkip),
                ConformanceExample("an ISBN match with another title", ImportCase(
                    library: [duneRead],
                    file: W.file([W.row("Dune (Dune Chronicles, #1)", "F. Herbert", isbn: "9780441013593", rating: "1", status: "to-read")]),
                    counts: (0, 1, []), books: [duneRead]
                ), pins: "seed: \"Given books with ISBN match, when title differs slightly, then treat as duplicate (prefer ISBN matching)\""),
            ], R.skip, "Skip"),
            .property(R.skip, "the same generated file imported twice with Skip", cases: 12, Gen<([LibraryBook], [[String]])>.zip(W.library, W.rows), describe: { W.describe(($0.0, $0.1, .skip)) },
                // The second import sees every row of the first again.
                exercises: { !$0.1.isEmpty }) { implementation, value in
                let (library, rows) = value
                let file = W.file(rows)
                let first = observe(&implementation, library, file, .skip)
                let second = observe(&implementation, [], file, .skip)
                let asked = question(library, file, .skip) + ", twice"
                guard case let .success(once) = first.result, case let .success(twice) = second.result else {
                    throw ConformanceViolation("the file was refused", question: asked, implementation: "\(first) then \(second)", kind: "the file refused")
                }
                try ensure(twice.imported == 0 && twice.duplicates == once.imported + once.duplicates && twice.errorRows == once.errorRows && second.books == first.books,
                    "importing the file again with Skip changed the library or counted otherwise", question: asked,
                    model: "imported 0, duplicates \(once.imported + once.duplicates), error rows \(once.errorRows), the library unchanged", implementation: "\(first) then \(second)")
            },
            imports([
                ConformanceExample("the library's rating wins; ISBN, year, notes and a richer status come from the row", ImportCase(
                    library: [book("Dune", "Frank Herbert", rating: 4)],
                    file: W.file([W.row("dune", "frank herbert", isbn: "9780441013593", rating: "2", status: "read", year: "1965", notes: "Loved it")]),
                    strategy: .smart, counts: (0, 1, []), countsAsSum: true,
                    books: [book("Dune", "Frank Herbert", isbns: ["9780441013593"], year: 1965, status: .read, rating: 4, notes: "Loved it")]
                ), pins: "D-031"),
                ConformanceExample("a known ISBN adds no edition; a reading status and notes stay; a new co-author joins, a near-spelling does not", ImportCase(
                    library: [book("Dune", "Frank Herbert", isbns: ["9780441013593"], status: .reading, notes: "Mine")],
                    file: W.file([["Dune", "Frank Herbertt, Kevin J. Anderson", "0441013597", "5", "read", "", "Theirs"]], header: ["Title", "Authors", "ISBN", "Rating", "Status", "Year", "Notes"]),
                    strategy: .smart, counts: (0, 1, []), countsAsSum: true,
                    books: [LibraryBook(title: "Dune", authors: ["Frank Herbert", "Kevin J. Anderson"], isbns: ["9780441013593"], status: .reading, rating: 5, notes: "Mine")]
                ), pins: "D-031"),
            ], R.smart, "Smart"),
            imports([
                ConformanceExample("the old book's ISBN, year, rating and notes are gone", ImportCase(
                    library: [duneRead],
                    file: W.file([W.row("dune", "frank herbert", rating: "2", status: "to-read")]),
                    strategy: .replaceAll, bookCount: 1, replaced: (duneRead, "dune")
                ), pins: seedReplace),
                ConformanceExample("a row that duplicates nothing is inserted beside the library", ImportCase(
                    library: [book("Emma", "Jane Austen", rating: 5)],
                    file: W.file([W.row("Dune", "Frank Herbert", status: "read")]),
                    strategy: .replaceAll, kept: [book("Emma", "Jane Austen", rating: 5)], bookCount: 2, single: [("dune", "Dune")]
                ), pins: seedReplace),
            ], R.replaceAll, "Replace All"),
            imports([
                ConformanceExample("Skip keeps the first", ImportCase(file: W.file([duneFirst, duneAgain]), strategy: .skip, counts: (1, 1, []), bookCount: 1, single: [("dune", "Dune")]), pins: seedInternal),
                ConformanceExample("Smart leaves one book", ImportCase(file: W.file([duneFirst, duneAgain]), strategy: .smart, counts: (1, 1, []), countsAsSum: true, bookCount: 1, single: [("dune", nil)]), pins: seedInternal),
                ConformanceExample("Replace All leaves one book", ImportCase(file: W.file([duneFirst, duneAgain]), strategy: .replaceAll, counts: (1, 1, []), countsAsSum: true, bookCount: 1, single: [("dune", nil)]), pins: seedInternal),
                ConformanceExample("Skip: a repeat in the next batch", ImportCase(
                    file: W.file(W.numbered(50) + [W.row("BOOK 0", "author 0")]), strategy: .skip, counts: (50, 1, []), bookCount: 50, single: [("book 0", "Book 0")]
                ), pins: seedInternal),
                ConformanceExample("Replace All: a repeat in the next batch leaves one book", ImportCase(
                    file: W.file(W.numbered(50) + [W.row("BOOK 0", "author 0")]), strategy: .replaceAll, counts: (51, 0, []), countsAsSum: true, bookCount: 50, single: [("book 0", nil)]
                ), pins: seedInternal),
            ], R.insideTheFile, "duplicates inside the file"),
            imports([49, 50, 51, 100, 101].map { rows in
                ConformanceExample("\(rows) rows", ImportCase(file: W.file(W.numbered(rows)), saves: (rows + 49) / 50), pins: "D-030")
            } + [
                ConformanceExample("51 rows, one of them an error", ImportCase(file: W.file(W.numbered(9) + [W.row("", "Nobody")] + W.numbered(41, from: 9)), saves: 2), pins: "D-030"),
            ], R.batchSaves, "files around the batch boundaries"),
            .examples(R.progress, "progress lines", [
                ConformanceExample("500 rows", 500, pins: "seed: \"Imported 250/500 books (50%)\""),
                ConformanceExample("100 rows", 100, pins: "seed: \"Imported 250/500 books (50%)\""),
                ConformanceExample("3 rows", 3, pins: "seed: \"Imported 250/500 books (50%)\""),
                ConformanceExample("120 rows", 120, pins: "seed: \"Imported 250/500 books (50%)\""),
            ]) { implementation, rows in
                let file = W.file(W.numbered(rows))
                let observed = observe(&implementation, [], file, .skip)
                let asked = question([], file, .skip)
                let model = modelObservation([], file, .skip).description
                guard case let .success(report) = observed.result else {
                    throw ConformanceViolation("the file was refused", question: asked, model: model, implementation: observed.description, kind: "the file refused")
                }
                try ensure(!report.progress.isEmpty, "no progress was shown", question: asked, model: model, implementation: observed.description, kind: "no progress")
                for line in report.progress {
                    guard let parsed = W.parseProgress(line) else {
                        throw ConformanceViolation("the progress line \(String(reflecting: line)) is not \"Imported N/M books (P%)\"", question: asked, model: model, implementation: observed.description, kind: "a line of another form")
                    }
                    let (handled, total, percent) = parsed
                    try ensure(total == rows && (1...rows).contains(handled), "the progress line \(String(reflecting: line)) does not count the \(rows) data rows", question: asked, model: model, implementation: observed.description, kind: "wrong figures")
                    let exact = handled * 100 % rows == 0
                    try ensure(exact ? percent == handled * 100 / rows : (percent == handled * 100 / rows || percent == handled * 100 / rows + 1),
                        "the progress line \(String(reflecting: line)) gives another percentage", question: asked, model: model, implementation: observed.description, kind: "a wrong percentage")
                }
            },
            imports([
                ConformanceExample("a PDF's name", ImportCase(library: [duneRead], file: W.file(W.numbered(3), name: "library.pdf"), refusal: .notCSVFile), pins: "seed: \"Invalid file extension → Show \\\"Please select a .csv file\\\"\""),
                ConformanceExample("no extension", ImportCase(file: W.file(W.numbered(3), name: "library"), refusal: .notCSVFile), pins: "seed: \"Invalid file extension\""),
                ConformanceExample("csv before another extension", ImportCase(file: W.file(W.numbered(3), name: "library.csv.pdf"), refusal: .notCSVFile), pins: "seed: \"Invalid file extension\""),
            ], R.refusals, "files whose names are not .csv"),
            imports([
                ConformanceExample("an empty title, an empty author, a short row", ImportCase(
                    file: W.file([W.row("Dune", "Frank Herbert", rating: "5", status: "read"), W.row("", "No Title"), W.row("Emma", ""), ["Emma", "Jane Austen"]]),
                    counts: (1, 0, [3, 4, 5])
                ), pins: "D-035"),
                ConformanceExample("blank lines are no records", ImportCase(
                    file: ImportFile(name: "library.csv", bytes: Array("Title,Author\n\nDune,Frank Herbert\n\n\r\n,Nobody\n\"\"\n".utf8)), counts: (1, 0, [3, 4])
                ), pins: "D-041"),
                ConformanceExample("fields that cannot be read are left out", ImportCase(
                    file: W.file([W.row("Dune", "Frank Herbert", isbn: "12345", rating: "abc", status: "shelved-somewhere", year: "abc")]), counts: (1, 0, []),
                    books: [book("Dune", "Frank Herbert")]
                ), pins: "D-035"),
                ConformanceExample("extra fields are ignored", ImportCase(
                    file: ImportFile(name: "library.csv", bytes: Array("Title,Author\nDune,Frank Herbert,x,y\n".utf8)), counts: (1, 0, []),
                    books: [book("Dune", "Frank Herbert")]
                ), pins: "D-035"),
            ], R.rowErrors, "rows that cannot be imported"),
            .differential(R.agreesWithModel, "generated libraries, files of up to 30 rows with duplicates of every tier and malformed rows, and strategies", cases: 20, W.imports,
                describe: W.describe,
                question: { question($0.0, W.file($0.1), $0.2) }, model: { modelObservation($0.0, W.file($0.1), $0.2) },
                implementation: { implementation, value in observe(&implementation, value.0, W.file(value.1), value.2) }, show: { $0.description }),
            .differential(R.agreesWithModel, "generated export fixtures of several batches with duplicates, into libraries holding some of their books", label: "IMPORT-10.fixtures", cases: 4, W.fixtureImports,
                describe: { "\($0.2) of \(String(reflecting: $0.1.name)) (\($0.1.bytes.count) bytes) into a library of \($0.0.count) books" },
                question: { question($0.0, $0.1, $0.2) }, model: { modelObservation($0.0, $0.1, $0.2) },
                implementation: { implementation, value in observe(&implementation, value.0, value.1, value.2) }, show: { $0.description }),
            .examples(R.replacedAuthors, "replacements that leave an author with no works, or not", replacedAuthorExamples,
                appliesTo: { $0.library.authorNames() == nil ? "the library cannot list its authors apart from their works" : nil }) { implementation, example in
                let observed = observe(&implementation, example.library, example.file, .replaceAll)
                let authors = (implementation.library.authorNames() ?? []).sorted()
                let asked = question(example.library, example.file, .replaceAll) + ", then authorNames()"
                let model = {
                    var model = ModelStrategyImporter()
                    let books = observe(&model, example.library, example.file, .replaceAll)
                    return "authors \((model.library.authorNames() ?? []).sorted()); \(books)"
                }
                try ensure(authors == example.authors.sorted(), "the library's authors are not what Replace All leaves: expected \(example.authors.sorted())",
                    question: asked, model: model(), implementation: "authors \(authors); \(observed)")
            },
            imports(lookAlikeExamples, R.lookAlikes, "books that look alike but whose valid ISBNs differ, and two editions of one work"),
            imports([
                ConformanceExample("Replace All: a replacement is imported", ImportCase(
                    library: [duneRead], file: W.file([W.row("dune", "frank herbert", rating: "2")]), strategy: .replaceAll, counts: (1, 0, [])
                ), pins: "D-127"),
                ConformanceExample("Replace All: the file's own repeat is imported", ImportCase(file: W.file([hobbitFirst, hobbitAgain]), strategy: .replaceAll, counts: (2, 0, [])), pins: "D-127"),
                ConformanceExample("Smart: a merge is a duplicate", ImportCase(
                    library: [book("Dune", "Frank Herbert", rating: 4)], file: W.file([W.row("dune", "frank herbert", year: "1965")]), strategy: .smart, counts: (0, 1, [])
                ), pins: "D-127"),
                ConformanceExample("Smart: the file's own repeat is a duplicate", ImportCase(file: W.file([hobbitFirst, hobbitAgain]), strategy: .smart, counts: (1, 1, [])), pins: "D-127"),
            ], R.summaryCounts, "how replacements and merges are counted"),
            imports([
                ConformanceExample("Smart merges into the first", ImportCase(
                    file: W.file([hobbitFirst, hobbitAgain]), strategy: .smart, counts: (1, 1, []), countsAsSum: true,
                    books: [book("The Hobbit", "J.R.R. Tolkien", isbns: ["9780547928227"], year: 1937, status: .read, rating: 5, notes: "First")]
                ), pins: "D-032"),
                ConformanceExample("Replace All keeps the last", ImportCase(
                    file: W.file([hobbitFirst, hobbitAgain]), strategy: .replaceAll, counts: (2, 0, []), countsAsSum: true,
                    books: [book("the hobbit", "J.R.R. Tolkien", year: 1937, status: .toRead, rating: 4, notes: "Second")]
                ), pins: "D-032"),
                ConformanceExample("Replace All: a repeat in the next batch replaces the saved first copy", ImportCase(
                    file: W.file(W.numbered(50) + [W.row("BOOK 0", "author 0")]), strategy: .replaceAll, counts: (51, 0, []), countsAsSum: true,
                    books: W.numberedBooks(49, from: 1) + [LibraryBook(title: "BOOK 0", authors: ["Author 0"])]
                ), pins: "D-032"),
            ], R.insideTheFileByStrategy, "the file's own duplicates under each strategy"),
            imports([
                ConformanceExample("3 rows", ImportCase(file: W.file(W.numbered(3)), progress: W.progress([3], of: 3)), pins: "D-030"),
                ConformanceExample("101 rows", ImportCase(file: W.file(W.numbered(101)), progress: W.progress([50, 100, 101], of: 101)), pins: "D-030"),
                ConformanceExample("120 rows", ImportCase(file: W.file(W.numbered(120)), progress: ["Imported 50/120 books (41%)", "Imported 100/120 books (83%)", "Imported 120/120 books (100%)"]), pins: "D-030"),
                ConformanceExample("500 rows", ImportCase(file: W.file(W.numbered(500)), progress: W.progress(Array(stride(from: 50, through: 500, by: 50)), of: 500)), pins: "D-030"),
            ], R.progressPerBatch, "a progress line after each saved batch"),
            .choices(R.emptyFile, "an empty file", [
                ConformanceExample("no bytes at all", ImportFile(name: "library.csv", bytes: []), pins: "seed: \"Empty CSV file - Shows appropriate error\""),
            ]) { implementation, file in
                let observed = observe(&implementation, [duneRead], file, .skip)
                let asked = question([duneRead], file, .skip)
                guard case let .failure(refusal) = observed.result else {
                    throw ConformanceViolation("an empty file was not refused", question: asked, model: modelObservation([duneRead], file, .skip).description, implementation: observed.description, kind: "not refused")
                }
                try ensure(observed.books == [duneRead] && observed.saves == 0, "a refused file changed or saved the library", question: asked,
                    model: modelObservation([duneRead], file, .skip).description, implementation: observed.description, kind: "the library changed")
                return "refused as \(refusal)"
            },
            imports([
                ConformanceExample("only a header", ImportCase(library: [duneRead], file: W.file([]), refusal: .noBooksFound), pins: "seed: \"CSV with only headers - Shows \\\"No books found\\\"\""),
            ], R.onlyHeaders, "a file of only a header"),
            .examples(R.missingHeaders, "headers without a title column", [
                ConformanceExample("no title or author column", W.file([["x", "y"]], header: ["Name", "Score"]), pins: "seed: \"Malformed CSV (missing headers) → Show format requirements\""),
                ConformanceExample("no title column", W.file([["Frank Herbert", "1"]], header: ["Author", "ISBN"]), pins: "seed: \"Malformed CSV (missing headers) → Show format requirements\""),
            ]) { implementation, file in
                let observed = observe(&implementation, [duneRead], file, .skip)
                let asked = question([duneRead], file, .skip)
                let model = modelObservation([duneRead], file, .skip).description
                guard case let .failure(.missingColumns(missing)) = observed.result else {
                    throw ConformanceViolation("a file without a title column was not refused for its missing columns", question: asked, model: model, implementation: observed.description, kind: "not refused for its columns")
                }
                try ensure(missing.contains { $0.lowercased() == "title" }, "the refusal does not name the missing title column", question: asked, model: model, implementation: observed.description, kind: "Title not named")
                try ensure(observed.books == [duneRead] && observed.saves == 0, "a refused file changed or saved the library", question: asked, model: model, implementation: observed.description, kind: "the library changed")
            },
            imports([
                ConformanceExample("upper-case .CSV", ImportCase(file: W.file(W.numbered(2), name: "LIBRARY.CSV"), counts: (2, 0, [])), pins: "D-038"),
                ConformanceExample(".tsv", ImportCase(file: W.file(W.numbered(2), name: "export.tsv"), counts: (2, 0, [])), pins: "D-038"),
                ConformanceExample(".TXT", ImportCase(file: W.file(W.numbered(2), name: "export.TXT"), counts: (2, 0, [])), pins: "D-038"),
            ], R.acceptedNames, "names that are accepted"),
            imports([
                ConformanceExample("invalid UTF-8 in the last of 120 rows", ImportCase(library: [duneRead], file: {
                    var bytes = W.file(W.numbered(120)).bytes
                    bytes.insert(0xFF, at: bytes.count - 4)
                    return ImportFile(name: "broken.csv", bytes: bytes)
                }(), refusal: .unreadable), pins: "D-036"),
                ConformanceExample("a spreadsheet saved with a .csv name", ImportCase(file: ImportFile(name: "library.csv", bytes: [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]), refusal: .unreadable), pins: "D-042"),
            ], R.unreadable, "files that cannot be read to their end"),
            imports([
                ConformanceExample("only whitespace and line breaks", ImportCase(file: ImportFile(name: "library.csv", bytes: Array(" \n\r\n ".utf8)), refusal: .emptyFile), pins: "D-145"),
                ConformanceExample("only a byte-order mark", ImportCase(file: ImportFile(name: "library.csv", bytes: [0xEF, 0xBB, 0xBF]), refusal: .emptyFile), pins: "D-043"),
            ], R.blankFile, "files with nothing to read"),
            imports([
                ConformanceExample("a library volume and a row of another volume without ISBNs, Smart", ImportCase(
                    library: [book("Naruto (Naruto, #1)", "Masashi Kishimoto", status: .read, rating: 4)],
                    file: W.file([W.row("Naruto (Naruto, #2)", "Masashi Kishimoto", rating: "3", status: "to-read", notes: "Vol. 2")]), strategy: .smart,
                    counts: (1, 0, []), countsAsSum: true,
                    books: [book("Naruto (Naruto, #1)", "Masashi Kishimoto", status: .read, rating: 4), book("Naruto (Naruto, #2)", "Masashi Kishimoto", rating: 3, notes: "Vol. 2")]
                ), pins: "D-121"),
                ConformanceExample("different subtitles, Replace All", ImportCase(
                    library: [book("Dune: Messiah", "Frank Herbert", rating: 4)],
                    file: W.file([W.row("Dune: Children", "Frank Herbert")]), strategy: .replaceAll, counts: (1, 0, []), countsAsSum: true,
                    books: [book("Dune: Messiah", "Frank Herbert", rating: 4), book("Dune: Children", "Frank Herbert")]
                ), pins: "D-121"),
            ], R.distinctionsByStrategy, "books tier 3 tells apart by subtitle or series position"),
            imports([
                ConformanceExample("no author column", ImportCase(file: W.file([["Dune", "1"]], header: ["Title", "ISBN"]), refusal: .missingColumns(["Author"])), pins: "D-143"),
                ConformanceExample("no title or author column", ImportCase(file: W.file([["x", "y"]], header: ["Name", "Score"]), refusal: .missingColumns(["Title", "Author"])), pins: "D-143"),
            ], R.authorRequired, "the required columns a refusal names"),
        ])
    }
}
