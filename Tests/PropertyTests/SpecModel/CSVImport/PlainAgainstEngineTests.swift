import Fixtures
import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The import's engine (`CSVImport/Internal/`) answers what the plain rules (`CSVImport/`) answer, on
/// generated inputs, hostile text and the export fixtures: the plain versions are the specification,
/// the engine is how the import meets its speed.
@Suite struct PlainAgainstEngineTests {
    // MARK: - Inputs

    /// Text from the alphabet every rule looks at: markers, colons, periods, commas, hyphens,
    /// apostrophes, digits, whitespace of every kind, letters and numbers of other scripts, combining
    /// marks, emoji and wide characters.
    static let hostileText = Gen<String>.string(
        of: Gen<Character>.element(of: Array(
            "aZ9 \t\r\n.,:;-'’#()[]éÉßЖж٣½Ⅻ①東京한\u{301}\u{0308}👩‍👩‍👧🇫🇷\u{A0}\u{2003}\u{3000}\u{85}\u{0B}\u{1F}\"=xX"
        )),
        count: 0...24
    )

    /// Titles: realistic and messy book titles, titles built from the characters of markers, and hostile text.
    static let titles = Gen<String>.oneOf(
        Gen<String>.bookTitle(style: .messy),
        Gen<String>.bookTitle(style: .realistic),
        Gen<String>.string(of: Gen<Character>.element(of: Array("ab (),#1:[].  -0")), count: 0...24),
        Gen<String>.unicodeString(count: 0...30),
        hostileText
    )

    /// The fixtures' titles and author fields: every export format, with their duplicates' respellings.
    static let fixtures: [ExportFixture] = [
        ExportFixture.goodreads(rows: 300, seed: 21, duplicateShare: 0.2),
        ExportFixture.libraryThing(rows: 120, seed: 22, columns: .seed, duplicateShare: 0.2),
        ExportFixture.libraryThing(rows: 120, seed: 23, tabSeparated: true, columns: .later, duplicateShare: 0.2),
        ExportFixture.storyGraph(rows: 120, seed: 24, duplicateShare: 0.2),
        ExportFixture.spreadsheet(rows: 120, seed: 25, duplicateShare: 0.2, extraFieldShare: 0.1),
    ]

    // MARK: - Title normalization

    static func requireSameNormalization(_ title: String) throws {
        let plain = TitleNormalization.normalizedForSearch(title)
        try requireEqual(TitleNormalizationEngine.normalizedForSearch(title), plain, "the engine's normalization of \(String(reflecting: title))")
        try requireEqual(
            TitleNormalizationEngine.normalizedForSearch(title, walk: .unicodeScalars), plain,
            "the engine's normalization of \(String(reflecting: title)), walking scalars")
        try requireEqual(TitleNormalizationEngine.distinctions(of: title), TitleNormalization.distinctions(of: title), "the distinctions of \(String(reflecting: title))")
    }

    @Test func titleNormalizationIsThePlainFiveSteps() {
        property(Self.titles, cases: 2_000) { title in try Self.requireSameNormalization(title) }
    }

    @Test func titleNormalizationIsThePlainFiveStepsOnTheFixtures() throws {
        for fixture in Self.fixtures {
            let column = fixture.header.firstIndex { $0.lowercased() == "title" } ?? 0
            for record in fixture.records { try Self.requireSameNormalization(record[column]) }
        }
    }

    // MARK: - ISBNs

    /// ISBN fields: valid ISBNs in every formatting exports use, Goodreads' guarded fields, invalid
    /// ones, text of ISBN characters and hostile text.
    static let isbnFields = Gen<String>.oneOf(
        Gen<String>.formattedISBN(Gen<String>.isbn13),
        Gen<String>.formattedISBN(Gen<String>.isbn10),
        Gen<String>.goodreadsISBNField(Gen<String>.oneOf(Gen<String>.isbn10, Gen<String>.isbn13)),
        Gen<String>.invalidISBN,
        Gen<String>.string(of: Gen<Character>.element(of: Array("0123456789xX- \t=\"éa٣")), count: 0...16),
        hostileText
    )

    static func requireSameISBN(_ field: String) throws {
        try requireEqual(ISBNValueEngine.parse(field), ISBNValue.parse(field), "the engine's reading of \(String(reflecting: field))")
        try requireEqual(
            ISBNValueEngine.isWrittenWithISBNCharacters(field.utf8), ISBNValue.isWrittenWithISBNCharacters(field),
            "whether \(String(reflecting: field)) is written with ISBN characters")
    }

    @Test func isbnReadingIsThePlainReading() {
        property(Self.isbnFields, cases: 2_000) { field in try Self.requireSameISBN(field) }
    }

    @Test func isbnReadingIsThePlainReadingOnTheFixtures() throws {
        for fixture in Self.fixtures {
            let columns = fixture.header.indices.filter { fixture.header[$0].lowercased().hasPrefix("isbn") }
            for record in fixture.records {
                for column in columns where column < record.count { try Self.requireSameISBN(record[column]) }
            }
        }
    }

    // MARK: - Author names

    /// Author names and lists: realistic and messy names, lists, names of other scripts and hostile
    /// text, and lists whose commas sit beside combining marks, CR LF and wide spaces.
    static let names = Gen<String>.oneOf(
        Gen<String>.authorName(style: .messy),
        Gen<String>.authorName(style: .realistic),
        Gen<PersonName>.personName().map { $0.family + ", " + $0.given },
        Gen<String>.authorList(),
        Gen.array(
            of: Gen<String>.element(of: ["Neil", " ", "  ", "Gaiman", ",", ", ", ",\u{301}", "\r\n", "\r", "\t", "É", "\u{A0}", "Pratchett", "", "Jr.", "O’Brien"]),
            count: 0...10
        ).map { $0.joined() },
        hostileText
    )

    static func requireSameNames(_ name: String) throws {
        let text = String(reflecting: name)
        try requireEqual(AuthorNamesEngine.cleaned(name), AuthorNames.cleaned(name), "the engine's cleaning of \(text)")
        try requireEqual(AuthorNamesEngine.cleaned(name, walk: .unicodeScalars), AuthorNames.cleaned(name), "the engine's cleaning of \(text), by scalars")
        try requireEqual(AuthorNamesEngine.key(name), AuthorNames.key(name), "the engine's key of \(text)")
        try requireEqual(AuthorNamesEngine.key(name, walk: .unicodeScalars), AuthorNames.key(name), "the engine's key of \(text), by scalars")
        try requireEqual(AuthorNamesEngine.split(name), AuthorNames.split(name), "the engine's split of \(text)")
        try requireEqual(AuthorNamesEngine.firstLast(fromLastFirst: name), AuthorNames.firstLast(fromLastFirst: name), "the engine's first-last of \(text)")
    }

    @Test func authorNamesAreThePlainNames() {
        property(Self.names, cases: 2_000) { name in try Self.requireSameNames(name) }
    }

    @Test func authorNamesAreThePlainNamesOnTheFixtures() throws {
        for fixture in Self.fixtures {
            let columns = fixture.header.indices.filter { fixture.header[$0].lowercased().contains("author") }
            for record in fixture.records {
                for column in columns where column < record.count { try Self.requireSameNames(record[column]) }
            }
        }
    }

    /// Pairs of names: unrelated ones, and a key against a copy edited by a few scalars, so that
    /// both sides of the 80% threshold are met often.
    static let namePairs: Gen<(String, String)> = Gen.zip(
        Self.names, Self.names, Gen.array(of: Gen.zip(Gen<Int>.int(in: 0...2), Gen<Int>.int(in: 0...40), Gen<String>.element(of: ["a", "e", " ", "é", "e\u{301}", "."])), count: 0...3),
        Gen<Bool>.bool(probability: 0.6)
    ).map { first, other, edits, editedCopy in
        guard editedCopy else { return (first, other) }
        var second = AuthorNames.key(first).unicodeScalars.map(String.init)
        for (operation, position, text) in edits {
            switch operation {
            case 0 where !second.isEmpty: second[position % second.count] = text
            case 1: second.insert(text, at: position % (second.count + 1))
            default: if !second.isEmpty { second.remove(at: position % second.count) }
            }
        }
        return (first, second.joined())
    }

    @Test func authorSimilarityIsThePlainScore() {
        property(Self.namePairs, cases: 2_000, coverage: [
            CoverageRequirement("above the threshold", atLeastPercent: 20), CoverageRequirement("at or below it", atLeastPercent: 20),
        ], labels: { pair in [AuthorSimilarity.score(pair.0, pair.1) > AuthorSimilarity.duplicateThreshold ? "above the threshold" : "at or below it"] }) { first, second in
            let (a, b) = (AuthorNames.key(first), AuthorNames.key(second))
            let plain = AuthorSimilarity.score(keys: a, b)
            let pair = "\(String(reflecting: a)) and \(String(reflecting: b))"
            try requireEqual(AuthorSimilarityEngine.score(keys: a, b), plain, "the engine's score of \(pair)")
            // Computed only as far as the threshold needs: the score when above it, else nothing.
            let threshold = AuthorSimilarity.duplicateThreshold
            let bounded = AuthorSimilarityEngine.score(AuthorKeyForms(key: a), AuthorKeyForms(key: b), above: threshold)
            try requireEqual(bounded, plain > threshold ? plain : nil, "the engine's bounded score of \(pair)")
            if AuthorKeySketch(key: AuthorSimilarity.canonicalComposition(a)).excludes(AuthorKeySketch(key: AuthorSimilarity.canonicalComposition(b)), above: threshold) {
                try require(plain <= threshold, "the sketches exclude \(pair), which score \(plain)")
            }
        }
    }

    // MARK: - Duplicate detection

    /// A book of a small world, where every tier and every reason tier 3 refuses occur, and now and
    /// then a hostile title or author: title, author, ISBN-13, further editions' ISBN-13s.
    static let duplicateWorld: Gen<(String, String, String?, [String])> = Gen.zip(
        Gen.frequency([
            (8, Gen.element(of: [
                "Emma", "emma", "Emma [Annotated]", "Dune", "Dune: Messiah", "Dune: Children", "Dune (Dune, #1)", "Dune (Dune, #2)",
                "Dune (Chronicles, #01)", "Abcd: Efgh", "Abcd", "Abcde: Efgh", "Abcde", "Cafe\u{301}: Noir", "Café: Noir",
            ])),
            (1, hostileText),
        ]),
        Gen.frequency([
            (8, Gen.element(of: ["Jane Austen", "jane  austen", "Frank Herbert", "Frank Herbertt", "José Saramago", "Jose\u{301} Saramagoo"])),
            (1, hostileText),
        ]),
        Gen.element(of: ["9780439023481", "9780385550369"]).optional(nilProbability: 0.6),
        Gen.element(of: [[], [], [], ["9780385550369"], ["9780547928227"]])
    )

    /// The index built as the import builds it (keys written straight into the interner, titles
    /// normalized by the engine), against the plain scan of the same library.
    @Test func theIndexFindsWhatThePlainScanFinds() {
        let cases = Gen.zip(Gen.array(of: Self.duplicateWorld, count: 0...24), Gen.array(of: Gen<Int>.int(in: 0...30), count: 0...4), Self.duplicateWorld)
        property(cases, cases: 1_000, coverage: [
            CoverageRequirement("tier 1", atLeastPercent: 5), CoverageRequirement("tier 2", atLeastPercent: 5),
            CoverageRequirement("tier 3", atLeastPercent: 5), CoverageRequirement("no match", atLeastPercent: 5),
        ], labels: { library, removed, candidate in
            let keys = library.enumerated().filter { !removed.contains($0.offset) }.map {
                (work: PersistentIdentifier(kind: .work, rawValue: UInt64($0.offset + 1)), keys: DuplicateKeys(title: $0.element.0, author: $0.element.1, isbn13: $0.element.2, otherISBN13s: $0.element.3))
            }
            return [DuplicateRule.bestMatch(for: DuplicateKeys(title: candidate.0, author: candidate.1, isbn13: candidate.2), in: keys).map { "tier \($0.tier.rawValue)" } ?? "no match"]
        }) { library, removed, candidate in
            var index = DuplicateIndex()
            var plain: [(work: PersistentIdentifier, keys: DuplicateKeys)] = []
            for (offset, (title, author, isbn, editions)) in library.enumerated() {
                let work = PersistentIdentifier(kind: .work, rawValue: UInt64(offset + 1))
                let normalized = TitleNormalizationEngine.normalizedForSearch(title)
                index.insert(work, keys: index.keys(title: title, normalizedTitle: normalized, author: author, isbn13: isbn))
                for isbn in editions { index.addISBN(isbn, to: work) }
                plain.append((work, DuplicateKeys(title: title, author: author, isbn13: isbn, otherISBN13s: editions.filter { $0 != isbn })))
            }
            for offset in removed where offset < library.count {
                let work = PersistentIdentifier(kind: .work, rawValue: UInt64(offset + 1))
                index.remove(work)
                plain.removeAll { $0.work == work }
            }
            try requireEqual(index._checkConsistency(), [], "the index's consistency")
            let (title, author, isbn, _) = candidate
            let keys = index.keys(title: title, normalizedTitle: TitleNormalizationEngine.normalizedForSearch(title), author: author, isbn13: isbn)
            let expected = DuplicateRule.bestMatch(for: DuplicateKeys(title: title, author: author, isbn13: isbn), in: plain)
            try requireEqual(index.bestMatch(for: keys), expected, "the index's best match for \(String(reflecting: title)) by \(String(reflecting: author))")
        }
    }

    // MARK: - Rows

    /// The headers of every format the import detects.
    static let headers = [
        ExportFormat.goodreadsColumns, ExportFormat.storyGraphColumns, ExportFormat.libraryThingColumns,
        ExportFormat.libraryThingLaterColumns, ["Title", "Author", "ISBN-13", "Pages", "Year", "Date Added", "Publisher", "Status"],
    ]

    /// A field of any column: the values each column is written with, well-formed or not, and hostile text.
    static let fieldValues = Gen<String>.oneOf(
        Gen.element(of: [
            "", " ", "4", "0", "3.75", "4.6", "5.5", "+4", "abc", "1e1", "inf", "nan", "-1", "374", "+12", "0x10", "100001",
            "2024/05/31", "2024-02-30", "2023/2/29", "2024/+5/01", "24/05/31", "2024/05/31/1", "2024/0000000000005/01",
            "read", "Currently Reading", "to_read", " DNF ", "shelved-somewhere", "favorites, to-read (#3)", "Did Not Finish",
            "Moore, Liz", "King, Martin Luther, Jr.", "Neil Gaiman, Terry Pratchett", "Suzanne   Collins",
        ]),
        isbnFields,
        Gen<String>.bookTitle(style: .messy),
        Gen<String>.authorName(style: .messy),
        hostileText
    )

    static let rows: Gen<(header: [String], fields: [String])> = Gen<Int>.int(in: 0...(headers.count - 1)).flatMap { choice in
        let header = headers[choice]
        return Gen.array(of: fieldValues, count: Swift.max(0, header.count - 2)...(header.count + 2)).map { (header, $0) }
    }

    @Test func rowsReadAsThePlainReaderReadsThem() {
        property(Self.rows, cases: 1_500, coverage: [
            CoverageRequirement("a book", atLeastPercent: 30), CoverageRequirement("a row error", atLeastPercent: 5),
            CoverageRequirement("a warning", atLeastPercent: 30),
        ], labels: { header, fields in
            let mapping: ColumnMapping
            do { mapping = try FormatDetection.detect(header: header).mapping } catch { return ["\(error)"] }
            switch BookRowReader.read(fields: fields, rowNumber: 2, headerCount: header.count, mapping: mapping) {
            case let .success(book): return book.warnings.isEmpty ? ["a book"] : ["a book", "a warning"]
            case .failure: return ["a row error"]
            }
        }) { header, fields in
            let mapping = try FormatDetection.detect(header: header).mapping
            let plain = BookRowReader.read(fields: fields, rowNumber: 2, headerCount: header.count, mapping: mapping)
            try requireEqual(
                BookRowReaderEngine.read(fields: fields, rowNumber: 2, headerCount: header.count, mapping: mapping), plain, "the engine's reading of \(fields)")
        }
    }

    @Test func rowsReadFromTheFilesBytesAsThePlainReaderReadsThem() throws {
        for fixture in Self.fixtures {
            let mapping = try FormatDetection.detect(header: fixture.header).mapping
            let plain = fixture.records.enumerated().map { offset, fields in
                BookRowReader.read(fields: fields, rowNumber: offset + 2, headerCount: fixture.header.count, mapping: mapping)
            }
            let engine = try BookRowReaderEngine._readRecords(of: fixture.bytes, dialect: fixture.dialect, mapping: mapping)
            try requireEqual(engine.count, plain.count, "rows of the \(fixture.format) fixture")
            for (row, (made, expected)) in zip(engine, plain).enumerated() {
                try requireEqual(made, expected, "row \(row + 2) of the \(fixture.format) fixture")
            }
        }
    }

    // MARK: - The whole import

    /// The library by content, work by work in creation order (identifier, title, year, authors,
    /// editions, entries), then every author, then the enrichment queue.
    static func content(of app: AppState) -> [String] {
        let store = app.store
        func text(_ value: (some Any)?) -> String { value.map { "\($0)" } ?? "-" }
        var lines = store.works().map { work in
            let authors = work.authorIDs.map { store.author($0).map { "\($0.id) \(String(reflecting: $0.name))" } ?? "missing \($0)" }
            let editions = work.editionIDs.map { id in
                store.edition(id).map { "\(id) \(text($0.isbn10)) \(text($0.isbn13)) \(text($0.publisher)) \(text($0.publicationDate)) \(text($0.pageCount))" } ?? "missing \(id)"
            }
            let entries = work.entryIDs.map { id in
                store.entry(id).map {
                    "\(id) \($0.readingStatus) page \($0.currentPage) \(text($0.rating)) \(text($0.notes)) \(text($0.dateAdded)) \(text($0.dateCompleted)) \(text($0.editionID))"
                } ?? "missing \(id)"
            }
            return "\(work.id) \(String(reflecting: work.title)) \(text(work.firstPublicationYear)) by \(authors); editions \(editions); entries \(entries)"
        }
        lines.append("authors \(store.authors().map { "\($0.id) \(String(reflecting: $0.name)) \(Array($0.workIDs))" })")
        lines.append("queued \(app.enrichmentQueue.pending)")
        return lines
    }

    /// A library book: title, authors, ISBN-13s (one edition each), status.
    typealias LibraryBook = (title: String, authors: [String], isbns: [String], status: ReadingStatus)

    /// An app whose library holds `books`, saved: authors shared by exact name, so that two spellings
    /// of one name ("Jane Austen", "jane  austen") are two authors of one key, as a library may hold.
    static func app(holding books: [LibraryBook]) -> AppState {
        var app = AppState()
        var authors: [(String, PersistentIdentifier)] = []
        for book in books {
            let work = app.store.insertWork(WorkDraft(title: book.title))
            do throws(StoreError) {
                for name in book.authors {
                    let author = authors.first { $0.0 == name }?.1 ?? app.store.insertAuthor(AuthorDraft(name: name))
                    if !authors.contains(where: { $0.0 == name }) { authors.append((name, author)) }
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
                preconditionFailure("the test's library was refused: \(error)")
            }
        }
        return app
    }

    static let importHeader = ["Title", "Author", "ISBN", "Rating", "Status", "Pages", "Year", "Publisher", "Review"]

    static let importTitles = Gen.frequency([
        (10, Gen.element(of: [
            "Dune", "dune", "Dune (Dune, #1)", "Dune (Dune, #2)", "Dune: Messiah", "Dune: Children", "Emma", "Emma [Annotated]",
            "The Hobbit", "Dept. of Speculation", "A, \"quoted\"\nTitle", "Café: Noir", "Cafe\u{301}: Noir",
        ])),
        (1, hostileText.map { $0.replacing("\0", with: "?") }),
    ])

    static let importAuthors = Gen.frequency([
        (10, Gen.element(of: [
            "Frank Herbert", "frank  herbert", "Frank Herbertt", "Jane Austen", "jane austen", "J.R.R. Tolkien", "Jenny Offill",
            "Frank Herbert, Brian Herbert", "Herbert, Frank", "",
        ])),
        (1, hostileText.map { $0.replacing("\0", with: "?") }),
    ])

    static let importRows: Gen<[String]> = Gen.frequency([
        (10, Gen.zip(
            importTitles, importAuthors,
            Gen.element(of: ["", "9780441013593", "0441013597", "978-0-547-92822-7", "=\"\"", "12345", "9780593099322"]),
            Gen.element(of: ["", "0", "3", "4.5", "x"]),
            Gen.element(of: ["", "read", "to-read", "currently-reading", "shelved-somewhere"]),
            Gen.element(of: ["", "412", "-3"]), Gen.element(of: ["", "1965", "year"]), Gen.element(of: ["", "Ace"]),
            Gen.element(of: ["", "Great, \"really\"."])
        ).map { [$0, $1, $2, $3, $4, $5, $6, $7, $8] }),
        (1, Gen.constant(["Short row", "Ann"])),
        (1, Gen.constant(["Long row", "Ann", "", "", "", "", "", "", "", "extra"])),
    ])

    static let libraryBooks: Gen<LibraryBook> = Gen.zip(
        importTitles, Gen.array(of: Gen.element(of: ["Frank Herbert", "frank  herbert", "Jane Austen", "Jane Austin", "Brian Herbert"]), count: 1...2),
        Gen.element(of: [[], [], ["9780441013593"], ["9780593099322", "9780441013593"], ["9780547928227"]]),
        Gen.element(of: ReadingStatus.allCases)
    ).map { (title: $0, authors: $1, isbns: $2, status: $3) }

    /// A store fault set before one batch: a failed save, or a failed delete (for Replace All).
    struct BatchFault: Hashable {
        var batch: Int
        var failsSave: Bool
    }

    static let imports = Gen.zip(
        Gen.array(of: libraryBooks, count: 0...12), Gen.array(of: importRows, count: 1...130),
        Gen.zip(Gen<Int>.int(in: 0...2), Gen.bool).map { BatchFault(batch: $0, failsSave: $1) }.optional(nilProbability: 0.7)
    )

    /// Runs an import batch by batch, setting the fault before its batch; returns the import's lines.
    static func run<Import>(
        _ importer: inout Import, into app: inout AppState, fault: BatchFault?, next: (inout Import, inout AppState) -> String?, isFinished: (Import) -> Bool
    ) -> [String?] {
        var lines: [String?] = []
        var batch = 0
        while !isFinished(importer), batch < 100 {
            if let fault, fault.batch == batch {
                app.store.faults = fault.failsSave ? StoreFaults(saveFailuresRemaining: 1) : StoreFaults(deleteFailuresRemaining: 1)
            }
            lines.append(next(&importer, &app))
            app.store.faults = .none
            batch += 1
        }
        return lines
    }

    /// Imports a file into a library with both importers; requires the same outcome.
    static func requireSameImport(_ file: ImportFile, library: AppState, strategy: DuplicateStrategy, fault: BatchFault? = nil, _ what: String) throws {
        var engineApp = library
        var plainApp = library
        let engine = CSVImport.prepare(file, library: engineApp.store, strategy: strategy)
        let plain = PlainImport.prepare(file, library: plainApp.store, strategy: strategy)
        switch (engine, plain) {
        case let (.failure(engineError), .failure(plainError)):
            try requireEqual(engineError, plainError, "the refusal of \(what)")
        case var (.success(engineImport), .success(plainImport)):
            try requireEqual(engineImport.detection, plainImport.detection, "the format of \(what)")
            let engineLines = run(&engineImport, into: &engineApp, fault: fault, next: { $0.importNextBatch(into: &$1) }, isFinished: \.isFinished)
            let plainLines = run(&plainImport, into: &plainApp, fault: fault, next: { $0.importNextBatch(into: &$1) }, isFinished: \.isFinished)
            try requireEqual(engineLines, plainLines, "the batches' lines of \(what)")
            try requireEqual(engineImport.progress, plainImport.progress, "the progress of \(what)")
            try requireEqual(engineImport.stopReason, plainImport.stopReason, "why \(what) stopped")
            try requireEqual(engineImport.summary.errors, plainImport.summary.errors, "the errors of \(what)")
            try requireEqual(engineImport.summary.warnings, plainImport.summary.warnings, "the warnings of \(what)")
            try requireEqual(engineImport.summary.matches.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" },
                plainImport.summary.matches.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }, "the matches of \(what)")
            try requireEqual(engineImport.summary, plainImport.summary, "the summary of \(what)")
            try requireEqual(content(of: engineApp), content(of: plainApp), "the library after \(what)")
            try require(engineApp.store.isObservablyEqual(to: plainApp.store), "the stores after \(what) differ")
            try requireEqual(engineApp.store.importHistory, plainApp.store.importHistory, "the checkpoints (rows, works, queue changes) after \(what)")
            try requireEqual(engineApp.enrichmentQueue, plainApp.enrichmentQueue, "the enrichment queue after \(what)")
        case let (engine, plain):
            throw PropertyViolation("the engine's prepare of \(what) gave \(engine), the plain one \(plain)")
        }
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func theImportIsThePlainImport(strategy: DuplicateStrategy) {
        property(Self.imports, label: strategy.rawValue, cases: 60) { books, rows, fault in
            let file = ImportFile(name: "generated.csv", bytes: CSVWriter.encode(rows: [Self.importHeader] + rows, dialect: .comma, terminator: .lf, quoting: .minimal))
            try Self.requireSameImport(file, library: Self.app(holding: books), strategy: strategy, fault: fault, "\(rows.count) rows into \(books.count) books")
        }
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func theImportIsThePlainImportOnTheFixtures(strategy: DuplicateStrategy) throws {
        // Each fixture into an empty library, then the next one into the library the first left.
        var library = AppState()
        for fixture in Self.fixtures {
            let file = ImportFile(name: fixture.dialect == .tab ? "export.tsv" : "export.csv", bytes: fixture.bytes)
            try Self.requireSameImport(file, library: AppState(), strategy: strategy, "the \(fixture.format) fixture")
            try Self.requireSameImport(file, library: library, strategy: strategy, "the \(fixture.format) fixture into a library")
            guard case var .success(filling) = PlainImport.prepare(file, library: library.store, strategy: strategy) else { continue }
            filling.importAll(into: &library)
        }
    }
}
