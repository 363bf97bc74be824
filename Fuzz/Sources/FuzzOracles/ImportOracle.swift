import SpecModel

/// The import's oracle: the app's engine (`CSVImport`) and the seed's rules in plain code
/// (`PlainImport`) refuse the same files with the same error, and import the rest alike, batch by batch:
/// the same progress lines, summary, stop reason, library and enrichment queue; and every data row ends
/// as exactly one of imported, duplicate or error.
///
/// As `PlainAgainstEngineTests.requireSameImport` compares them, on the fuzzer's files. The library the
/// file is imported into, the strategy and a store fault before one batch (a failed save, or a failed
/// delete for Replace All) are drawn from the input (`FuzzDraws`). Seed 004, "High-Level Flow", and
/// Decisions D-030, D-036 and D-127.
public enum ImportOracle {
    /// Checks one input.
    public static func check(_ bytes: [UInt8]) throws(OracleFailure) {
        var draws = FuzzDraws(bytes)
        let strategy = draws.element(of: DuplicateStrategy.allCases)
        let library = libraries[draws.int(in: 0...(libraries.count - 1))]
        let fault = draws.chance(1, in: 4) ? (batch: draws.int(in: 0...2), failsSave: draws.chance(1, in: 2)) : nil
        let name = draws.element(of: ["export.csv", "export.tsv", "library.TXT"])
        let file = ImportFile(name: name, bytes: bytes)
        let what = "\(name) of \(bytes.count) bytes into \(library.name) with \(strategy.rawValue)"
            + (fault.map { ", the store failing to \($0.failsSave ? "save" : "delete") in batch \($0.batch)" } ?? "")
        func fail(_ rule: String, _ details: String) -> OracleFailure {
            OracleFailure(.import, rule: rule, "importing \(what): \(details)")
        }

        var engineApp = library.app
        var plainApp = library.app
        switch (CSVImport.prepare(file, library: engineApp.store, strategy: strategy), PlainImport.prepare(file, library: plainApp.store, strategy: strategy)) {
        case let (.failure(engineError), .failure(plainError)):
            guard engineError == plainError else {
                throw fail("the engine refuses a file as the plain rules do", "the engine: \(engineError); the plain import: \(plainError)")
            }
            try ErrorMessageBound.check(engineError, target: .import)
        case var (.success(engine), .success(plain)):
            guard engine.detection == plain.detection, engine.header == plain.header else {
                throw fail("the engine reads the header as the plain rules do", "the engine: \(engine.detection), the plain import: \(plain.detection)")
            }
            var engineLines: [String?] = []
            var plainLines: [String?] = []
            var batch = 0
            while !(engine.isFinished && plain.isFinished), batch <= bytes.count / 2 + 2 {
                let faults = fault.map { $0.batch == batch ? ($0.failsSave ? StoreFaults(saveFailuresRemaining: 1) : StoreFaults(deleteFailuresRemaining: 1)) : .none } ?? .none
                engineApp.store.faults = faults
                plainApp.store.faults = faults
                engineLines.append(engine.importNextBatch(into: &engineApp))
                plainLines.append(plain.importNextBatch(into: &plainApp))
                engineApp.store.faults = .none
                plainApp.store.faults = .none
                guard engineLines == plainLines else {
                    throw fail("each batch ends as the plain rules' does", "batch \(batch): the engine's lines \(engineLines), the plain import's \(plainLines)")
                }
                guard engineApp == plainApp else {
                    throw fail("each batch leaves the library the plain rules leave", "after batch \(batch): " + difference(engineApp, plainApp))
                }
                batch += 1
            }
            guard engine.isFinished, plain.isFinished else {
                throw fail("an import finishes", "after \(batch) batches the engine is \(engine.isFinished ? "" : "not ")finished, the plain import \(plain.isFinished ? "" : "not ")finished")
            }
            guard engine.progress == plain.progress else {
                throw fail("the progress lines are the plain rules'", "the engine: \(engine.progress); the plain import: \(plain.progress)")
            }
            guard engine.stopReason == plain.stopReason else {
                throw fail("the import stops as the plain rules do", "the engine: \(engine.stopReason ?? "finished"); the plain import: \(plain.stopReason ?? "finished")")
            }
            guard engine.summary == plain.summary else {
                throw fail("the summary is the plain rules'", "the engine: \(engine.summary.text), \(engine.summary.errors.count) errors, \(engine.summary.warnings.count) warnings; "
                    + "the plain import: \(plain.summary.text), \(plain.summary.errors.count) errors, \(plain.summary.warnings.count) warnings")
            }
            let summary = plain.summary
            guard summary.imported + summary.duplicates + summary.errors.count == summary.dataRows else {
                throw fail("every data row is exactly one of imported, duplicate or error (D-127)",
                    "\(summary.imported) imported + \(summary.duplicates) duplicates + \(summary.errors.count) errors, of \(summary.dataRows) data rows")
            }
            let records = recordCount(bytes)
            guard summary.dataRows == records - 1 else {
                throw fail("the data rows are the records after the header", "\(summary.dataRows) data rows in a file of \(records) records")
            }
            if fault == nil {
                // The same import in one call ends where the batches did.
                var app = library.app
                guard case var .success(whole) = CSVImport.prepare(file, library: app.store, strategy: strategy) else {
                    throw fail("preparing is deterministic", "the second prepare of the same file refused it")
                }
                whole.importAll(into: &app)
                guard whole.summary == engine.summary, whole.progress == engine.progress, app == engineApp else {
                    throw fail("importAll ends where the batches end", "importAll: \(whole.summary.text), \(whole.progress); the batches: \(engine.summary.text), \(engine.progress)")
                }
            }
        case let (engine, plain):
            throw fail("the engine accepts exactly the files the plain rules accept", "the engine's prepare: \(engine); the plain one: \(plain)")
        }
    }

    /// The number of records of a file as the import reads it (its dialect detected).
    static func recordCount(_ bytes: [UInt8]) -> Int {
        var reader = CSVRowReader(bytes: bytes, dialect: CSVDialect.detect(in: bytes))
        var count = 0
        while (try? reader.next()) != nil { count += 1 }
        return count
    }

    /// A library a file is imported into.
    struct Library {
        var name: String
        var app: AppState
    }

    /// An empty library, and one whose books share titles, authors and ISBNs with the seed corpus and
    /// with each other (two spellings of one author, editions of one work), so that every tier of
    /// duplicate detection and every strategy's merge and replacement are met.
    static let libraries: [Library] = [
        Library(name: "an empty library", app: AppState()),
        Library(name: "a library of 6 books", app: app(holding: [
            ("Dune", ["Frank Herbert"], ["9780441013593"], .read),
            ("Dune Messiah", ["frank  herbert"], [], .toRead),
            ("Emma", ["Jane Austen"], ["9780141439587", "9780199535521"], .reading),
            ("The Hobbit", ["J.R.R. Tolkien"], ["9780547928227"], .read),
            ("Good Omens", ["Neil Gaiman", "Terry Pratchett"], [], .read),
            ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", ["J.K. Rowling"], ["9780590353427"], .toRead),
        ])),
    ]

    /// An app whose library holds `books`, saved, authors shared by exact name.
    static func app(holding books: [(title: String, authors: [String], isbns: [String], status: ReadingStatus)]) -> AppState {
        var app = AppState()
        var authors: [(name: String, id: PersistentIdentifier)] = []
        for book in books {
            let work = app.store.insertWork(WorkDraft(title: book.title))
            do throws(StoreError) {
                for name in book.authors {
                    let author = authors.first { $0.name == name }?.id ?? app.store.insertAuthor(AuthorDraft(name: name))
                    if !authors.contains(where: { $0.name == name }) { authors.append((name, author)) }
                    try app.store.link(author: author, to: work)
                }
                var first: PersistentIdentifier?
                for isbn in book.isbns {
                    let edition = try app.store.insertEdition(EditionDraft(isbn13: isbn), of: work)
                    if first == nil { first = edition }
                }
                try app.store.insertEntry(EntryDraft(readingStatus: book.status), for: work, edition: first)
                try app.store.save()
            } catch {
                preconditionFailure("the fuzz library was refused by the store: \(error)")
            }
        }
        return app
    }

    /// Where two apps differ, in a line: the first work, author or queue entry that differs.
    static func difference(_ a: AppState, _ b: AppState) -> String {
        let (worksA, worksB) = (a.store.works(), b.store.works())
        for (x, y) in zip(worksA, worksB) where x != y {
            return "the engine's \(x.id) \(String(reflecting: x.title)) against the plain import's \(y.id) \(String(reflecting: y.title))"
        }
        if worksA.count != worksB.count { return "the engine's library has \(worksA.count) works, the plain import's \(worksB.count)" }
        let (authorsA, authorsB) = (a.store.authors(), b.store.authors())
        if authorsA != authorsB {
            return "the authors differ: the engine's \(authorsA.map { String(reflecting: $0.name) }), the plain import's \(authorsB.map { String(reflecting: $0.name) })"
        }
        if a.enrichmentQueue != b.enrichmentQueue {
            return "the enrichment queues differ: the engine's \(a.enrichmentQueue.pending), the plain import's \(b.enrichmentQueue.pending)"
        }
        return "the stores differ in editions, entries, pending changes or identifiers"
    }
}
