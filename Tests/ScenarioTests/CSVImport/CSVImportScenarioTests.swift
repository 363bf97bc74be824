import Fixtures
import SpecModel
import Testing
import Workloads

/// The import-side acceptance criteria and edge cases of seed 004_… (CSV Import & Enrichment), end to
/// end from the bytes of an export file to the saved library and the enrichment queue.
///
/// Each scenario quotes the seed passage it checks and asserts what the user sees (the message, the
/// progress line, the summary) and what the app holds afterwards (the store's works, authors,
/// editions and entries, the enrichment queue). Imports that run end with `checkSettled`: every row
/// handled, nothing unsaved, the store's invariants intact. The scenarios that run the enrichment
/// worker after the import are in `CSVImportScenarioTests+Enrichment.swift`.
///
/// Refused files: `CSVImport.prepare` takes the library by value and, when it refuses a file, returns
/// no import to run, so a refused file cannot import anything by construction; those scenarios assert
/// the refusal itself (the typed error and the message the app shows).
@Suite struct CSVImportScenarioTests {
    // MARK: - Helpers

    /// Goodreads' export file name.
    static let goodreadsFileName = "goodreads_library_export.csv"

    /// An export written by hand: `rows` give the columns they fill, by name; the others stay empty,
    /// as the services leave them. Written as the services write (LF, minimal quoting).
    static func export(_ header: [String], _ rows: [[String: String]], name: String) -> ImportFile {
        for row in rows {
            let unknown = row.keys.filter { !header.contains($0) }.sorted()
            precondition(unknown.isEmpty, "the scenario names columns the header lacks: \(unknown)")
        }
        return ImportFile(name: name, bytes: CSVWriter.encode(rows: [header] + rows.map { row in header.map { row[$0] ?? "" } }))
    }

    /// A file of `records` (the header first), as written, with no check that rows match the header.
    static func file(_ records: [[String]], name: String) -> ImportFile {
        ImportFile(name: name, bytes: CSVWriter.encode(rows: records))
    }

    /// Goodreads guards its ISBN cells as an Excel formula: the cell text is `="…"`.
    static func goodreadsISBN(_ digits: String) -> String { "=\"\(digits)\"" }

    static func prepared(_ file: ImportFile, library: LibraryStore, strategy: DuplicateStrategy = .skip, mapping: ColumnMapping? = nil) throws -> CSVImport {
        try CSVImport.prepare(file, library: library, strategy: strategy, mapping: mapping).get()
    }

    /// Prepares and runs a whole import into `app`.
    static func importAll(_ file: ImportFile, into app: inout AppState, strategy: DuplicateStrategy = .skip) throws -> CSVImport {
        var importing = try prepared(file, library: app.store, strategy: strategy)
        importing.importAll(into: &app)
        return importing
    }

    /// The error `prepare` refused a file with, or `nil` if it accepted the file.
    static func refusal(_ file: ImportFile, library: LibraryStore = LibraryStore()) -> ImportError? {
        if case let .failure(error) = CSVImport.prepare(file, library: library, strategy: .skip) { return error }
        return nil
    }

    /// Whitespace runs collapsed, ends trimmed (how exports' names are cleaned; written here rather
    /// than borrowed from the model, so the expectation is independent of it).
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The statuses the fixtures write, and what the app must make of them (production's mapping).
    static let statusOfExportText: [String: ReadingStatus] = [
        "read": .read, "to-read": .toRead, "currently-reading": .reading, "did-not-finish": .didNotFinish,
        "abandoned": .didNotFinish, "on-hold": .onHold, "paused": .onHold,
    ]

    /// What the user sees of one book in the library.
    struct Shelved: Hashable, CustomStringConvertible {
        var title: String
        var authors: [String]
        var isbn13: String?
        var rating: Double?
        var status: ReadingStatus

        var description: String { "\(title) by \(authors) isbn \(isbn13 ?? "-") rating \(rating.map { "\($0)" } ?? "-") \(status)" }
    }

    /// Every work of the library, in creation order, as the user sees it.
    static func shelf(_ store: LibraryStore) -> [Shelved] {
        store.works().map { work in
            let entry = work.entryIDs.first.flatMap { store.entry($0) }
            return Shelved(
                title: work.title,
                authors: work.authorIDs.compactMap { store.author($0)?.name },
                isbn13: work.editionIDs.lazy.compactMap { store.edition($0)?.isbn13 }.first,
                rating: entry?.rating,
                status: entry?.readingStatus ?? .wishlist  // no entry at all shows as a difference
            )
        }
    }

    /// What the library must hold after importing `books`: the title as written, the authors
    /// cleaned, the ISBN-13 (`isbn` tells where the format keeps it), the rating in quarter stars
    /// and the status, "to read" when the format has none.
    static func shelf(_ books: [ExportFixture.Book], isbn: (ExportFixture.Book) -> String?) -> [Shelved] {
        books.map { book in
            var authors: [String] = []
            for name in [book.author] + book.additionalAuthors where !authors.contains(collapsed(name)) {
                authors.append(collapsed(name))
            }
            return Shelved(
                title: book.title, authors: authors, isbn13: isbn(book),
                rating: book.ratingQuarterStars.map { Double($0) / 4 },
                status: book.status.map { statusOfExportText[$0] ?? .toRead } ?? .toRead
            )
        }
    }

    /// The import has handled every row, nothing is left unsaved, and the store is consistent.
    static func checkSettled(_ importing: CSVImport, _ app: AppState) throws {
        #expect(importing.isFinished)
        #expect(importing.stopReason == nil)
        #expect(importing.summary.imported + importing.summary.duplicates + importing.summary.errors.count == importing.summary.dataRows)
        #expect(importing.progress.last == "Imported \(importing.summary.dataRows)/\(importing.summary.dataRows) books (100%)")
        #expect(!app.store.hasChanges)
        #expect(app.enrichmentQueue.inFlight == nil)
        try app.store._checkInvariants()
    }

    // MARK: - User Story 1: the three exports are detected and read

    /// "Given valid Goodreads CSV, when user selects file, then app auto-detects "Title", "Author",
    /// "ISBN", "My Rating", "Exclusive Shelf" columns": a 120-book Goodreads export (24 columns,
    /// `="…"`-guarded ISBNs, rating 0 for unrated, multi-line reviews, runs of spaces in `Author`) is
    /// recognised with full confidence, and every book lands with its title as written, its authors,
    /// ISBN-13, rating and shelf; nothing is reported as an error or a warning.
    @Test func aGoodreadsExportIsDetectedAndEveryBookImportedAsWritten() throws {
        let fixture = ExportFixture.goodreads(rows: 120, seed: 4_001)
        // The export has the quirks this scenario is about.
        #expect(fixture.books.contains { $0.ratingQuarterStars == nil })
        #expect(fixture.books.contains { $0.isbn13 == nil })
        #expect(fixture.records.contains { $0.contains { $0.contains("\n") } })
        #expect(Set(fixture.books.compactMap(\.status)).isSuperset(of: ["read", "to-read", "currently-reading"]))

        var app = AppState()
        let importing = try Self.importAll(ImportFile(name: Self.goodreadsFileName, bytes: fixture.bytes), into: &app)
        let header = fixture.header
        #expect(importing.detection.format == .goodreads)
        #expect(importing.detection.confidence == 1)
        #expect(importing.detection.mapping.title == header.firstIndex(of: "Title"))
        #expect(importing.detection.mapping.author == header.firstIndex(of: "Author"))
        #expect(importing.detection.mapping.isbn10 == header.firstIndex(of: "ISBN"))
        #expect(importing.detection.mapping.isbn13 == header.firstIndex(of: "ISBN13"))
        #expect(importing.detection.mapping.rating == header.firstIndex(of: "My Rating"))
        #expect(importing.detection.mapping.readingStatus == header.firstIndex(of: "Exclusive Shelf"))

        #expect(importing.summary.text == "Imported 120 books, 0 duplicates skipped, 0 errors")
        #expect(importing.summary.warnings.isEmpty)
        #expect(Self.shelf(app.store) == Self.shelf(fixture.books, isbn: \.isbn13))
        #expect(app.enrichmentQueue.pending == app.store.identifiers(of: .work))
        try Self.checkSettled(importing, app)
    }

    /// "Given valid LibraryThing CSV, when user selects file, then app auto-detects "TITLE", "AUTHOR
    /// (first, last)", "ISBN", "RATING" columns", for the comma-separated export and the
    /// tab-separated one (production notes: "LibraryThing also offers tab-separated exports";
    /// D-038: `.tsv` and `.txt` names). The TSV header itself holds a comma (`AUTHOR (first, last)`),
    /// so the delimiter must be told from the tabs. Half-star ratings are kept.
    @Test(arguments: [
        (false, "LibraryThing_export.csv"),
        (true, "LibraryThing_export.tsv"),
        (true, "LibraryThing_export.txt"),
    ])
    func aLibraryThingExportIsDetectedAndEveryBookImported(tabSeparated: Bool, name: String) throws {
        let fixture = ExportFixture.libraryThing(rows: 60, seed: 4_002, tabSeparated: tabSeparated)
        #expect(fixture.dialect == (tabSeparated ? .tab : .comma))
        #expect(fixture.books.contains { ($0.ratingQuarterStars ?? 0) % 4 == 2 })  // a half star

        var app = AppState()
        let importing = try Self.importAll(ImportFile(name: name, bytes: fixture.bytes), into: &app)
        #expect(importing.header == ["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"])
        #expect(importing.detection.format == .libraryThing)
        #expect(importing.detection.confidence == 1)
        #expect(importing.detection.mapping.title == 0)
        #expect(importing.detection.mapping.author == 1)
        #expect(importing.detection.mapping.isbn == 2)
        #expect(importing.detection.mapping.rating == 3)

        #expect(importing.summary.text == "Imported 60 books, 0 duplicates skipped, 0 errors")
        #expect(importing.summary.warnings.isEmpty)
        #expect(Self.shelf(app.store) == Self.shelf(fixture.books, isbn: \.isbn))
        #expect(app.enrichmentQueue.pending == app.store.identifiers(of: .work))
        try Self.checkSettled(importing, app)
    }

    /// "Given valid StoryGraph CSV, when user selects file, then app auto-detects "Title", "Authors",
    /// "ISBN/UID", "Star Rating", "Read Status" columns": `Authors` is a list (primary first),
    /// `ISBN/UID` holds an ISBN or a StoryGraph UID (no ISBN then), ratings are quarter stars, and
    /// `did-not-finish` and `paused` map to the app's statuses.
    @Test func aStoryGraphExportIsDetectedAndEveryBookImported() throws {
        let fixture = ExportFixture.storyGraph(rows: 80, seed: 4_003)
        #expect(fixture.books.contains { $0.isbn == nil })  // UIDs
        #expect(fixture.books.contains { !$0.additionalAuthors.isEmpty })
        #expect(fixture.books.contains { ($0.ratingQuarterStars ?? 0) % 2 == 1 })  // a quarter star
        #expect(Set(fixture.books.compactMap(\.status)) == ["read", "to-read", "currently-reading", "did-not-finish", "paused"])

        var app = AppState()
        let importing = try Self.importAll(ImportFile(name: "storygraph_export.csv", bytes: fixture.bytes), into: &app)
        let header = fixture.header
        #expect(importing.detection.format == .storyGraph)
        #expect(importing.detection.confidence == 1)
        #expect(importing.detection.mapping.title == header.firstIndex(of: "Title"))
        #expect(importing.detection.mapping.author == header.firstIndex(of: "Authors"))
        #expect(importing.detection.mapping.authorColumnIsList)
        #expect(importing.detection.mapping.isbn == header.firstIndex(of: "ISBN/UID"))
        #expect(importing.detection.mapping.rating == header.firstIndex(of: "Star Rating"))
        #expect(importing.detection.mapping.readingStatus == header.firstIndex(of: "Read Status"))

        #expect(importing.summary.text == "Imported 80 books, 0 duplicates skipped, 0 errors")
        // A UID in `ISBN/UID` is another identifier, not a failed ISBN: no warning.
        #expect(importing.summary.warnings.isEmpty)
        #expect(Self.shelf(app.store) == Self.shelf(fixture.books, isbn: \.isbn))
        #expect(app.enrichmentQueue.pending == app.store.identifiers(of: .work))
        try Self.checkSettled(importing, app)
    }

    /// "Given unknown CSV format, when auto-detection fails, then app shows manual column mapping UI"
    /// ("Unrecognized format → Show manual mapping UI"): a file whose columns no format or common
    /// name explains is refused with the columns it has; the user maps them by hand
    /// (`ColumnMapping.manual`, choosing among those columns), and the same file then imports with
    /// the chosen columns.
    @Test func anUnknownFormatFallsBackToTheManualColumnMapping() throws {
        let header = ["Book Name", "Written By", "Code", "Stars", "Shelf Name", "Bought"]
        let file = Self.file([
            header,
            ["Piranesi", "Susanna Clarke", "9781635575637", "4.5", "read", "2021"],
            ["Circe", "Madeline Miller", "", "", "currently reading", ""],
            ["Dune", "Frank Herbert", "0441013597", "5", "finished", "1990"],
        ], name: "my books.csv")

        guard case let .missingColumns(missing)? = Self.refusal(file) else {
            Issue.record("auto-detection should fail and ask for a mapping, got \(String(describing: Self.refusal(file)))")
            return
        }
        #expect(missing.missing == ["Title", "Author"])
        #expect(missing.found == header)  // what the mapping screen offers

        // A column the file does not have is refused by name.
        #expect(throws: MissingColumns(missing: ["Author"], found: header)) {
            try ColumnMapping.manual(header: missing.found, title: "Book Name", author: "Author")
        }
        let mapping = try ColumnMapping.manual(
            header: missing.found, title: "Book Name", author: "Written By", isbn: "Code", rating: "Stars", readingStatus: "Shelf Name"
        )
        var app = AppState()
        var importing = try Self.prepared(file, library: app.store, mapping: mapping)
        #expect(importing.detection.format == .manual)
        importing.importAll(into: &app)
        #expect(importing.summary.text == "Imported 3 books, 0 duplicates skipped, 0 errors")
        #expect(Self.shelf(app.store) == [
            Shelved(title: "Piranesi", authors: ["Susanna Clarke"], isbn13: "9781635575637", rating: 4.5, status: .read),
            Shelved(title: "Circe", authors: ["Madeline Miller"], isbn13: nil, rating: nil, status: .reading),
            Shelved(title: "Dune", authors: ["Frank Herbert"], isbn13: "9780441013593", rating: 5, status: .read),
        ])
        #expect(app.enrichmentQueue.pending == app.store.identifiers(of: .work))
        try Self.checkSettled(importing, app)
    }

    // MARK: - Files that are refused

    /// "Malformed CSV" (Technical Requirements, "Error Handling"; D-036: "an unreadable file is refused
    /// with the parser's error (byte offset and row), nothing imported"): a Goodreads export whose
    /// last row opens a quote it never closes. The 120 rows before it would fill two batches, yet
    /// nothing is imported; the error names the quote's byte and record.
    @Test func anUnterminatedQuoteImportsNothingAndNamesItsByteAndRow() throws {
        let fixture = ExportFixture.goodreads(rows: 120, seed: 4_004)
        let quoteOffset = fixture.bytes.count
        let bytes = fixture.bytes + Array("\"The Unclosed Title,Jane Doe,,,,\n".utf8)
        // Physical lines before the quote: every LF (the fixture's reviews may hold CRLF, never a lone CR).
        let line = fixture.bytes.filter { $0 == 0x0A }.count + 1

        let error = Self.refusal(ImportFile(name: Self.goodreadsFileName, bytes: bytes))
        #expect(error == .unreadable(.unterminatedQuotedField(offset: quoteOffset, record: 122, line: line)))
        #expect(error?.description == "This file could not be read: quoted field opened at byte \(quoteOffset) (record 122, line \(line)) is never closed")
        // The control: the same export without the damaged row is accepted.
        #expect(Self.refusal(ImportFile(name: Self.goodreadsFileName, bytes: fixture.bytes)) == nil)
    }

    /// "Malformed CSV" with bytes that are not UTF-8 (D-036): one 0xFF byte inside record 61 (the
    /// second batch) of a Goodreads export refuses the whole file, naming the byte, the record and
    /// the line, and saying what to do.
    @Test func invalidUTF8ImportsNothingAndNamesItsByteAndRow() throws {
        let fixture = ExportFixture.goodreads(rows: 120, seed: 4_005)
        let target = try CSVParser.rows(in: fixture.bytes)[60]
        #expect(target.number == 61)
        var bytes = fixture.bytes
        let offset = target.byteOffset + 1  // inside the first field, the Book Id's digits
        bytes.insert(0xFF, at: offset)

        let error = Self.refusal(ImportFile(name: Self.goodreadsFileName, bytes: bytes))
        guard case let .unreadable(parseError)? = error, case .invalidUTF8 = parseError else {
            Issue.record("expected invalid UTF-8, got \(String(describing: error))")
            return
        }
        #expect(parseError.offset == offset)
        #expect(parseError.record == 61)
        #expect(parseError.line == target.lineNumber)
        let message = error?.description ?? ""
        #expect(message.hasPrefix("This file could not be read: invalid UTF-8 at byte \(offset) (record 61, line \(target.lineNumber))"))
        #expect(message.hasSuffix("export the file as UTF-8"))
    }

    /// "Malformed CSV … system shows clear error message with format requirements", for a
    /// spreadsheet saved as `.xlsx` and renamed `.csv`: the file is recognised as a ZIP archive at
    /// byte 0 and the message says to export it as CSV.
    @Test func aSpreadsheetRenamedToCSVIsRefusedAsNotCSV() {
        let bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + Array("[Content_Types].xml".utf8) + [0x00, 0x00]
        let error = Self.refusal(ImportFile(name: "library.csv", bytes: bytes))
        #expect(error == .unreadable(.notCSV(reason: .zipArchive, offset: 0)))
        #expect(error?.description == "This file could not be read: not a CSV file: a ZIP archive (an .xlsx, .numbers or .ods spreadsheet?); export it as CSV at byte 0")
    }

    /// Edge case "Empty CSV file - Shows appropriate error": no bytes, only blank lines, or only a
    /// byte-order mark.
    @Test(arguments: [[], Array(" \n\r\n \n".utf8), [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x0D, 0x0A]] as [[UInt8]])
    func anEmptyFileIsRefusedWithAnEmptyFileMessage(bytes: [UInt8]) {
        let error = Self.refusal(ImportFile(name: "empty.csv", bytes: bytes))
        #expect(error == .emptyFile)
        #expect(error?.description == "The file is empty")
    }

    /// Edge case "CSV with only headers - Shows "No books found"", for each service's real header,
    /// with and without a final line break.
    @Test(arguments: [
        ExportFixture.goodreads(rows: 0, seed: 1).bytes,
        ExportFixture.goodreads(rows: 0, seed: 1).bytes.dropLast() + [0x0D, 0x0A, 0x0D, 0x0A],
        ExportFixture.libraryThing(rows: 0, seed: 1).bytes.dropLast(),
        ExportFixture.libraryThing(rows: 0, seed: 1, tabSeparated: true).bytes,
        ExportFixture.storyGraph(rows: 0, seed: 1).bytes,
    ] as [[UInt8]])
    func aFileWithOnlyHeadersSaysNoBooksFound(bytes: [UInt8]) {
        let error = Self.refusal(ImportFile(name: "export.csv", bytes: bytes))
        #expect(error == .noBooksFound)
        #expect(error?.description == "No books found")
    }

    /// "Edge case: Given malformed CSV (missing headers), when parsed, system shows clear error message
    /// with format requirements" ("Malformed CSV (missing headers) → Show format requirements"): a
    /// file without a title or an author column, and a file with no header at all (its first book
    /// taken for the header), are refused with a message naming what is missing, what a book list
    /// needs, and the columns found.
    @Test(arguments: [
        ("Name,Score\nDune,5\n", ["Title", "Author"], ["Name", "Score"]),
        ("Title,ISBN,Rating\nDune,9780441013593,5\n", ["Author"], ["Title", "ISBN", "Rating"]),
        ("Author,ISBN\nFrank Herbert,9780441013593\n", ["Title"], ["Author", "ISBN"]),
        ("Dune,Frank Herbert,9780441013593\nEmma,Jane Austen,\n", ["Title", "Author"], ["Dune", "Frank Herbert", "9780441013593"]),
    ] as [(Shown<String>, [String], [String])])
    func aFileWithoutTitleOrAuthorColumnsSaysWhatIsRequired(text: Shown<String>, missing: [String], found: [String]) {
        let error = Self.refusal(ImportFile(name: "books.csv", bytes: Array(text.value.utf8)))
        #expect(error == .missingColumns(MissingColumns(missing: missing, found: found)))
        #expect(error?.description == "This file has no \(missing.joined(separator: " or ")) column. A book list needs a Title column and an Author column; the columns found are: \(found.joined(separator: ", "))")
    }

    /// "Invalid file extension → Show "Please select a .csv file"": a valid Goodreads export under
    /// another name is refused before its content is looked at.
    @Test(arguments: ["goodreads_library_export.xlsx", "library.pdf", "books.numbers", "export", "books.csv.zip", "books.json", "csv"])
    func aFileThatIsNotCSVSaysPleaseSelectACSVFile(name: String) {
        let bytes = ExportFixture.goodreads(rows: 3, seed: 4_006).bytes
        let error = Self.refusal(ImportFile(name: name, bytes: bytes))
        #expect(error == .notCSVFile(name: name))
        #expect(error?.description == "Please select a .csv file")
    }

    /// D-038 ("`.csv`, and `.tsv` and `.txt` …, any case"): the names the exports come with are accepted.
    @Test(arguments: ["GOODREADS_LIBRARY_EXPORT.CSV", "export.Csv", "export.tsv", "export.TXT"])
    func theNamesExportsComeWithAreAccepted(name: String) throws {
        let bytes = ExportFixture.goodreads(rows: 3, seed: 4_006).bytes
        let importing = try Self.prepared(ImportFile(name: name, bytes: bytes), library: LibraryStore())
        #expect(importing.summary.dataRows == 3)
        #expect(importing.detection.format == .goodreads)
    }

    // MARK: - User Story 2: duplicates inside the file

    static let spreadsheetHeader = ["Title", "Author", "ISBN", "Rating", "Status", "Pages"]

    /// A spreadsheet of 58 books that repeats three of them in the first batch, one per tier, and one
    /// of them again in the second batch (data row 58, record 59):
    /// - record 5 repeats record 2 by title and author (tier 1, other letter case);
    /// - record 6 repeats record 3 by ISBN (tier 2: the ISBN-10 form, a slightly different title);
    /// - record 7 repeats record 4 by normalized title (tier 3: a series marker; the same author);
    /// - record 59 repeats record 2 again (tier 1, runs of spaces), 50 filler books later.
    static func internalDuplicatesFile() -> ImportFile {
        var records = [
            spreadsheetHeader,
            ["Dune", "Frank Herbert", "", "", "to-read", ""],
            ["Kindred", "Octavia E. Butler", "9780807083697", "5", "read", ""],
            ["The Hunger Games", "Suzanne Collins", "", "4", "read", ""],
            ["DUNE", "frank herbert", "9780441013593", "4.5", "read", "412"],
            ["Kindred (Beacon Press)", "Octavia E. Butler", "0807083690", "3", "read", "264"],
            ["The Hunger Games (The Hunger Games, #1)", "Suzanne Collins", "", "2", "currently-reading", ""],
            ["Emma", "Jane Austen", "", "", "", ""],
        ]
        records += (0..<50).map { ["Filler Book \($0)", "Filler Author \($0)", "", "", "", ""] }
        records.append(["dune", "Frank  Herbert", "", "3", "", ""])
        return file(records, name: "books.csv")
    }

    static let fillerTitles = (0..<50).map { "Filler Book \($0)" }

    /// The duplicate rows of `internalDuplicatesFile`, by record number, with their tier.
    static let internalDuplicateTiers: [Int: DuplicateTier] = [5: .titleAndAuthor, 6: .isbn, 7: .normalizedTitleAndSimilarAuthor, 59: .titleAndAuthor]

    /// "Edge case: Given CSV has internal duplicates, when imported, system deduplicates before
    /// SwiftData insertion", with Skip ("skip new book and increment `duplicates` counter"; D-032:
    /// "Skip keeps the first row"): the repeats of every tier, in the same batch or the next, make no
    /// work, no author, no edition and no entry; the first row's values stand.
    @Test func internalDuplicatesAreSkippedBeforeInsertionWithSkip() throws {
        var app = AppState()
        let importing = try Self.importAll(Self.internalDuplicatesFile(), into: &app, strategy: .skip)
        let summary = importing.summary
        #expect(importing.progress == ["Imported 50/58 books (86%)", "Imported 58/58 books (100%)"])
        #expect(summary.text == "Imported 54 books, 4 duplicates skipped, 0 errors")
        #expect(summary.merged == 0 && summary.replaced == 0)

        let works = app.store.identifiers(of: .work)
        #expect(summary.matches.mapValues(\.tier) == Self.internalDuplicateTiers)
        #expect(summary.matches.mapValues(\.workID) == [5: works[0], 6: works[1], 7: works[2], 59: works[0]])
        #expect(Self.shelf(app.store) == [
            Shelved(title: "Dune", authors: ["Frank Herbert"], isbn13: nil, rating: nil, status: .toRead),
            Shelved(title: "Kindred", authors: ["Octavia E. Butler"], isbn13: "9780807083697", rating: 5, status: .read),
            Shelved(title: "The Hunger Games", authors: ["Suzanne Collins"], isbn13: nil, rating: 4, status: .read),
            Shelved(title: "Emma", authors: ["Jane Austen"], isbn13: nil, rating: nil, status: .toRead),
        ] + Self.fillerTitles.enumerated().map { Shelved(title: $1, authors: ["Filler Author \($0)"], isbn13: nil, rating: nil, status: .toRead) })
        #expect(app.store.count(of: .author) == 54)
        #expect(app.store.count(of: .edition) == 1)  // Kindred's; the skipped rows' ISBNs made none
        #expect(app.store.count(of: .userLibraryEntry) == 54)
        #expect(app.enrichmentQueue.pending == works)
        try Self.checkSettled(importing, app)
    }

    /// The same file with Smart ("merge metadata (keep richer dataset)"; D-031: "the library's value
    /// wins and the row fills the library's gaps"; D-032: "Smart merges into it"): one work per book;
    /// Dune takes the repeat's ISBN, pages, rating and its "read" status (over "to read"), Kindred
    /// the repeat's page count, and every value the first row had stands.
    @Test func internalDuplicatesAreMergedBeforeInsertionWithSmart() throws {
        var app = AppState()
        let importing = try Self.importAll(Self.internalDuplicatesFile(), into: &app, strategy: .smart)
        let summary = importing.summary
        #expect(importing.progress == ["Imported 50/58 books (86%)", "Imported 58/58 books (100%)"])
        #expect(summary.text == "Imported 54 books, 4 duplicates merged, 0 duplicates skipped, 0 errors")
        #expect(summary.merged == 4 && summary.replaced == 0)

        let works = app.store.identifiers(of: .work)
        #expect(summary.matches.mapValues(\.tier) == Self.internalDuplicateTiers)
        #expect(summary.matches.mapValues(\.workID) == [5: works[0], 6: works[1], 7: works[2], 59: works[0]])
        #expect(Array(Self.shelf(app.store).prefix(4)) == [
            Shelved(title: "Dune", authors: ["Frank Herbert"], isbn13: "9780441013593", rating: 4.5, status: .read),
            Shelved(title: "Kindred", authors: ["Octavia E. Butler"], isbn13: "9780807083697", rating: 5, status: .read),
            Shelved(title: "The Hunger Games", authors: ["Suzanne Collins"], isbn13: nil, rating: 4, status: .read),
            Shelved(title: "Emma", authors: ["Jane Austen"], isbn13: nil, rating: nil, status: .toRead),
        ])
        #expect(app.store.works().map(\.title).dropFirst(4) == ArraySlice(Self.fillerTitles))
        let dune = try #require(app.store.work(works[0]))
        let kindred = try #require(app.store.work(works[1]))
        #expect(dune.editionIDs.compactMap { app.store.edition($0)?.pageCount } == [412])
        #expect(dune.entryIDs.compactMap { app.store.entry($0)?.currentPage } == [412])  // read: at the last page
        #expect(kindred.editionIDs.compactMap { app.store.edition($0)?.pageCount } == [264])
        #expect(app.store.count(of: .work) == 54)
        #expect(app.store.count(of: .edition) == 2)
        #expect(app.store.count(of: .userLibraryEntry) == 54)
        #expect(app.enrichmentQueue.pending == works)
        try Self.checkSettled(importing, app)
    }

    /// The same file with Replace All ("delete old entry and insert new"; D-032: "Replace All keeps
    /// the last"): each book ends as its last row wrote it, one work each. Within a batch the earlier
    /// copy is replaced before the batch is saved, so it never reaches the saved library or the
    /// queue. Across batches the first copy is saved before it is replaced: record 5's copy of Dune is
    /// saved and queued with the first batch, then deleted by record 59 in the second, which also takes
    /// it off the enrichment queue (D-032), so the queue holds exactly the live works.
    @Test func internalDuplicatesKeepTheLastRowWithReplaceAll() throws {
        var app = AppState()
        var importing = try Self.prepared(Self.internalDuplicatesFile(), library: app.store, strategy: .replaceAll)
        #expect(importing.importNextBatch(into: &app) == "Imported 50/58 books (86%)")
        let firstBatchTitles = app.store.works().map(\.title)
        #expect(Array(firstBatchTitles.prefix(4)) == ["DUNE", "Kindred (Beacon Press)", "The Hunger Games (The Hunger Games, #1)", "Emma"])
        let duneOfRecord5 = app.store.identifiers(of: .work)[0]
        #expect(importing.importNextBatch(into: &app) == "Imported 58/58 books (100%)")

        let summary = importing.summary
        #expect(summary.text == "Imported 58 books, 4 of them replacing duplicates, 0 duplicates skipped, 0 errors")
        #expect(summary.replaced == 4 && summary.merged == 0)
        #expect(app.store.count(of: .work) == summary.imported - summary.replaced)
        #expect(summary.matches.mapValues(\.tier) == Self.internalDuplicateTiers)
        #expect(summary.matches[59]?.workID == duneOfRecord5)
        #expect(summary.matches.values.allSatisfy { app.store.work($0.workID) == nil })

        let shelf = Self.shelf(app.store)
        #expect(Array(shelf.prefix(3)) == [
            Shelved(title: "Kindred (Beacon Press)", authors: ["Octavia E. Butler"], isbn13: "9780807083697", rating: 3, status: .read),
            Shelved(title: "The Hunger Games (The Hunger Games, #1)", authors: ["Suzanne Collins"], isbn13: nil, rating: 2, status: .reading),
            Shelved(title: "Emma", authors: ["Jane Austen"], isbn13: nil, rating: nil, status: .toRead),
        ])
        #expect(shelf.dropFirst(3).dropLast().map(\.title) == Self.fillerTitles)
        #expect(shelf.last == Shelved(title: "dune", authors: ["Frank Herbert"], isbn13: nil, rating: 3, status: .toRead))
        #expect(app.store.count(of: .userLibraryEntry) == 54)
        #expect(app.store.count(of: .edition) == 1)  // Kindred (Beacon Press)'s; the deleted copies' went with them

        let works = app.store.identifiers(of: .work)
        #expect(app.enrichmentQueue.pending == works)
        #expect(!works.contains(duneOfRecord5))
        try Self.checkSettled(importing, app)
    }

    // MARK: - User Story 2: duplicates of books already in the library

    /// A library as the user had it before the import, saved, nothing queued: Dune (to read, no
    /// rating, no edition), Kindred (read, 5 stars, its ISBN-13 and 264 pages), The Hunger Games
    /// (read, 4 stars), Emma.
    struct Library {
        var app = AppState()
        var dune, kindred, hungerGames, emma: PersistentIdentifier
        var frankHerbert, octaviaButler, suzanneCollins: PersistentIdentifier

        init() throws {
            var store = LibraryStore()
            frankHerbert = store.insertAuthor(AuthorDraft(name: "Frank Herbert"))
            octaviaButler = store.insertAuthor(AuthorDraft(name: "Octavia E. Butler"))
            suzanneCollins = store.insertAuthor(AuthorDraft(name: "Suzanne Collins"))
            let janeAusten = store.insertAuthor(AuthorDraft(name: "Jane Austen"))
            dune = store.insertWork(WorkDraft(title: "Dune"))
            try store.link(author: frankHerbert, to: dune)
            try store.insertEntry(EntryDraft(readingStatus: .toRead), for: dune)
            kindred = store.insertWork(WorkDraft(title: "Kindred"))
            try store.link(author: octaviaButler, to: kindred)
            let edition = try store.insertEdition(EditionDraft(isbn13: "9780807083697", pageCount: 264), of: kindred)
            try store.insertEntry(EntryDraft(readingStatus: .read, currentPage: 264, rating: 5), for: kindred, edition: edition)
            hungerGames = store.insertWork(WorkDraft(title: "The Hunger Games"))
            try store.link(author: suzanneCollins, to: hungerGames)
            try store.insertEntry(EntryDraft(readingStatus: .read, rating: 4), for: hungerGames)
            emma = store.insertWork(WorkDraft(title: "Emma"))
            try store.link(author: janeAusten, to: emma)
            try store.insertEntry(EntryDraft(readingStatus: .toRead), for: emma)
            try store.save()
            app.store = store
        }

        var works: [PersistentIdentifier] { [dune, kindred, hungerGames, emma] }
    }

    /// A StoryGraph export matching the library's books, one per tier, and one new book by an author
    /// the library has:
    /// - record 2: `DUNE` by `frank herbert` (tier 1: exact title and author, ignoring case);
    /// - record 3: `Kindred (Beacon Press)` with Kindred's ISBN in its ISBN-10 form (tier 2: "title
    ///   differs slightly … prefer ISBN matching");
    /// - record 4: `The Hunger Games (The Hunger Games, #1)` by `Suzanne Colins` (tier 3: the same
    ///   normalized title, the author 93% similar);
    /// - record 5: Parable of the Sower by Octavia E. Butler, new.
    static func libraryDuplicatesFile() -> ImportFile {
        export(ExportFixture.storyGraphHeader, [
            ["Title": "DUNE", "Authors": "frank herbert", "ISBN/UID": "9780441013593", "Star Rating": "4.5", "Read Status": "read"],
            ["Title": "Kindred (Beacon Press)", "Authors": "Octavia E. Butler", "ISBN/UID": "0807083690", "Star Rating": "3.75", "Read Status": "read"],
            ["Title": "The Hunger Games (The Hunger Games, #1)", "Authors": "Suzanne Colins", "Star Rating": "4.25", "Read Status": "to-read"],
            ["Title": "Parable of the Sower", "Authors": "Octavia E. Butler", "Read Status": "to-read"],
        ], name: "storygraph_export.csv")
    }

    /// The tiers the three library duplicates match by, each against the right library book.
    static func expectLibraryMatches(_ summary: ImportSummary, _ library: Library) {
        #expect(summary.matches.mapValues(\.workID) == [2: library.dune, 3: library.kindred, 4: library.hungerGames])
        #expect(summary.matches.mapValues(\.tier) == [2: .titleAndAuthor, 3: .isbn, 4: .normalizedTitleAndSimilarAuthor])
        let similarity = summary.matches[4]?.authorSimilarity ?? 0
        #expect(abs(similarity - 14.0 / 15.0) < 1e-9, "Suzanne Colins is one edit from Suzanne Collins: \(similarity)")
        #expect(similarity > AuthorSimilarity.duplicateThreshold)
    }

    /// "Given duplicate strategy = "Skip", when duplicate detected, then skip new book and increment
    /// `duplicates` counter", for a match of each tier ("Tier 1: Exact title + author match
    /// (case-insensitive)", "Tier 2: ISBN match", "Tier 3: Normalized title + fuzzy author match (>80%
    /// similarity score)"): the library's books are left exactly as they were; the new book joins,
    /// sharing its author.
    @Test func skipLeavesEachTiersLibraryBookUntouched() throws {
        var library = try Library()
        let before = library.app.store
        let importing = try Self.importAll(Self.libraryDuplicatesFile(), into: &library.app, strategy: .skip)
        let store = library.app.store
        #expect(importing.summary.text == "Imported 1 book, 3 duplicates skipped, 0 errors")
        #expect(importing.summary.merged == 0 && importing.summary.replaced == 0)
        Self.expectLibraryMatches(importing.summary, library)

        for id in library.works {
            #expect(store.work(id) == before.work(id))
            let entries = store.work(id)?.entryIDs.map { store.entry($0) }
            #expect(entries == before.work(id)?.entryIDs.map { before.entry($0) })
            let editions = store.work(id)?.editionIDs.map { store.edition($0) }
            #expect(editions == before.work(id)?.editionIDs.map { before.edition($0) })
        }
        let parable = try #require(store.identifiers(of: .work).last)
        #expect(store.work(parable)?.title == "Parable of the Sower")
        #expect(store.work(parable)?.authorIDs.elementsEqual([library.octaviaButler]) == true)
        #expect(store.count(of: .work) == 5)
        #expect(store.count(of: .author) == 4)
        #expect(store.count(of: .edition) == 1)
        #expect(library.app.enrichmentQueue.pending == [parable])
        try Self.checkSettled(importing, library.app)
    }

    /// "Given duplicate strategy = "Smart", when exact title+author match found, then merge metadata
    /// (keep richer dataset)" (D-031: every tier is merged; the library's values win, its gaps are
    /// filled): Dune gains the row's rating, its "read" status and an edition with its ISBN; Kindred
    /// and The Hunger Games keep their ratings, statuses, titles and editions. Merged books are not
    /// queued again; the new book is.
    ///
    /// Known issue: Smart links the tier-3 row's author spelling, `Suzanne Colins`, as a second
    /// author of The Hunger Games (a new author object), although tier 3 matched precisely because
    /// the two names are one author ("fuzzy author match (>80% similarity score)"): a misspelled
    /// co-author is not the "richer dataset". D-031's "authors not yet linked" compares author keys
    /// exactly; it should compare them as tier 3 does.
    @Test func smartMergesIntoEachTiersLibraryBookKeepingTheLibrarysValues() throws {
        var library = try Library()
        let importing = try Self.importAll(Self.libraryDuplicatesFile(), into: &library.app, strategy: .smart)
        let store = library.app.store
        #expect(importing.summary.text == "Imported 1 book, 3 duplicates merged, 0 duplicates skipped, 0 errors")
        #expect(importing.summary.merged == 3 && importing.summary.replaced == 0)
        Self.expectLibraryMatches(importing.summary, library)

        #expect(Array(Self.shelf(store).prefix(4)).map { [$0.title, $0.isbn13 ?? "-", $0.rating.map { "\($0)" } ?? "-", "\($0.status)"] } == [
            ["Dune", "9780441013593", "4.5", "read"],
            ["Kindred", "9780807083697", "5.0", "read"],
            ["The Hunger Games", "-", "4.0", "read"],
            ["Emma", "-", "-", "toRead"],
        ])
        #expect(store.work(library.dune)?.authorIDs.elementsEqual([library.frankHerbert]) == true)
        #expect(store.work(library.kindred)?.authorIDs.elementsEqual([library.octaviaButler]) == true)
        #expect(store.work(library.kindred)?.editionIDs.count == 1)
        // "Suzanne Colins" is the library's Suzanne Collins, as tier 3 judged: no second author (D-031).
        #expect(store.work(library.hungerGames)?.authorIDs.elementsEqual([library.suzanneCollins]) == true)
        #expect(!store.authors().contains { $0.name == "Suzanne Colins" })
        let parable = try #require(store.identifiers(of: .work).last)
        #expect(store.work(parable)?.title == "Parable of the Sower")
        #expect(store.count(of: .work) == 5)
        #expect(store.count(of: .edition) == 2)
        #expect(library.app.enrichmentQueue.pending == [parable])
        try Self.checkSettled(importing, library.app)
    }

    /// "Given duplicate strategy = "Replace All", when duplicate found, then delete old entry and
    /// insert new", for each tier: the three library books are deleted with their entries and
    /// editions and the rows' books inserted as written; authors are shared by name (the row's
    /// `frank herbert` is the library's Frank Herbert), and Suzanne Collins, whom the replacement by
    /// "Suzanne Colins" leaves with no works, is deleted (D-122); Emma is untouched; the four new works
    /// are queued.
    @Test func replaceAllReplacesEachTiersLibraryBook() throws {
        var library = try Library()
        let before = library.app.store
        let importing = try Self.importAll(Self.libraryDuplicatesFile(), into: &library.app, strategy: .replaceAll)
        let store = library.app.store
        #expect(importing.summary.text == "Imported 4 books, 3 of them replacing duplicates, 0 duplicates skipped, 0 errors")
        #expect(importing.summary.replaced == 3 && importing.summary.merged == 0)
        Self.expectLibraryMatches(importing.summary, library)

        for old in [library.dune, library.kindred, library.hungerGames] {
            #expect(store.work(old) == nil)
            for entry in before.work(old)?.entryIDs ?? [] { #expect(store.entry(entry) == nil) }
            for edition in before.work(old)?.editionIDs ?? [] { #expect(store.edition(edition) == nil) }
        }
        #expect(store.work(library.emma) == before.work(library.emma))
        #expect(Self.shelf(store) == [
            Shelved(title: "Emma", authors: ["Jane Austen"], isbn13: nil, rating: nil, status: .toRead),
            Shelved(title: "DUNE", authors: ["Frank Herbert"], isbn13: "9780441013593", rating: 4.5, status: .read),
            Shelved(title: "Kindred (Beacon Press)", authors: ["Octavia E. Butler"], isbn13: "9780807083697", rating: 3.75, status: .read),
            Shelved(title: "The Hunger Games (The Hunger Games, #1)", authors: ["Suzanne Colins"], isbn13: nil, rating: 4.25, status: .toRead),
            Shelved(title: "Parable of the Sower", authors: ["Octavia E. Butler"], isbn13: nil, rating: nil, status: .toRead),
        ])
        #expect(store.author(library.suzanneCollins) == nil)
        #expect(store.count(of: .author) == 4)
        #expect(store.count(of: .userLibraryEntry) == 5)
        #expect(library.app.enrichmentQueue.pending == Array(store.identifiers(of: .work).dropFirst()))
        try Self.checkSettled(importing, library.app)
    }

    // MARK: - User Stories 3 and 4: progress, summary, queueing

    /// "Given large import (500+ books), when processing, then progress shown as "Imported 250/500
    /// books (50%)"" and "Given batch processing, when SwiftData save completes, then progress updates
    /// immediately (not just at end)" (Batch Size: 50 rows/batch; D-030): a 500-book Goodreads export
    /// goes in ten batches; after each, the batch is saved, its books are in the library and queued,
    /// and the progress line says so, the fifth one "Imported 250/500 books (50%)".
    @Test func progressIsShownAfterEverySavedBatchOf50() throws {
        let fixture = ExportFixture.goodreads(rows: 500, seed: 4_007)
        var app = AppState()
        var importing = try Self.prepared(ImportFile(name: Self.goodreadsFileName, bytes: fixture.bytes), library: app.store)
        #expect(importing.summary.dataRows == 500)
        #expect(importing.progress.isEmpty)
        #expect(app.store.count(of: .work) == 0)

        var lines: [String] = []
        for batch in 1...10 {
            let returned = importing.importNextBatch(into: &app)
            let line = try #require(returned)
            lines.append(line)
            #expect(!app.store.hasChanges, "batch \(batch) is saved before its progress is shown")
            #expect(app.store.count(of: .work) == 50 * batch)
            #expect(app.enrichmentQueue.pendingCount == 50 * batch)
            #expect(importing.summary.imported == 50 * batch)
            #expect(importing.isFinished == (batch == 10))
        }
        #expect(lines[4] == "Imported 250/500 books (50%)")
        #expect(lines == (1...10).map { "Imported \($0 * 50)/500 books (\($0 * 10)%)" })
        #expect(importing.progress == lines)
        #expect(importing.importNextBatch(into: &app) == nil)
        try Self.checkSettled(importing, app)
    }

    /// "Given import complete, when summary shown, then displays: imported count, duplicates skipped,
    /// errors encountered" (D-035: errors carry their row number, the header being row 1; fields that
    /// cannot be read are left out with a warning and the book imported). A Goodreads export with a
    /// multi-line review (so rows and lines differ), a row without a title, a duplicate, a row without
    /// an author, a short row, an unreadable rating, a custom shelf, and in the second batch another
    /// row without a title.
    @Test func theSummaryShowsImportedDuplicatesAndErrorsWithRowNumbers() throws {
        var records: [[String]] = [ExportFixture.goodreadsHeader]
        func goodreads(_ fields: [String: String]) -> [String] { ExportFixture.goodreadsHeader.map { fields[$0] ?? "" } }
        records += [
            goodreads(["Title": "Dune", "Author": "Frank Herbert", "ISBN13": Self.goodreadsISBN("9780441013593"), "My Rating": "5",
                       "Exclusive Shelf": "read", "My Review": "Loved it,\nstart to \"finish\".\n\nWould reread."]),
            goodreads(["Author": "Nobody", "My Rating": "3", "Exclusive Shelf": "read"]),
            goodreads(["Title": "DUNE", "Author": "Frank Herbert", "My Rating": "0", "Exclusive Shelf": "to-read"]),
            goodreads(["Title": "Emma", "My Rating": "0", "Exclusive Shelf": "to-read"]),
            ["The Dispossessed", "Ursula K. Le Guin"],
            goodreads(["Title": "Circe", "Author": "Madeline Miller", "My Rating": "abc", "Exclusive Shelf": "read"]),
            goodreads(["Title": "Kindred", "Author l-f": "Butler, Octavia E.", "My Rating": "0", "Exclusive Shelf": "favorites"]),
        ]
        records += (0..<46).map { goodreads(["Title": "Filler Book \($0)", "Author": "Filler Author", "Exclusive Shelf": "to-read"]) }
        records.append(goodreads(["Title": "  ", "Author": "Somebody", "Exclusive Shelf": "read"]))
        var app = AppState()
        let importing = try Self.importAll(Self.file(records, name: Self.goodreadsFileName), into: &app)
        let summary = importing.summary

        #expect(summary.dataRows == 54)
        #expect(summary.text == "Imported 49 books, 1 duplicate skipped, 4 errors")
        #expect(summary.imported == 49)
        #expect(summary.duplicates == 1)
        #expect(summary.matches[4]?.tier == .titleAndAuthor)
        #expect(summary.errors == [
            RowIssue(rowNumber: 3, reason: "the title is empty"),
            RowIssue(rowNumber: 5, reason: "the author is empty"),
            RowIssue(rowNumber: 6, reason: "the row has 2 fields but the header has 24"),
            RowIssue(rowNumber: 55, reason: "the title is empty"),
        ])
        #expect(summary.errors.map(\.description) == ["row 3: the title is empty", "row 5: the author is empty", "row 6: the row has 2 fields but the header has 24", "row 55: the title is empty"])
        #expect(summary.warnings == [
            RowIssue(rowNumber: 7, reason: "rating \"abc\" is not a number; left out"),
            RowIssue(rowNumber: 8, reason: "reading status \"favorites\" is not one the app knows; the book is \"to read\""),
        ])
        #expect(importing.progress == ["Imported 50/54 books (92%)", "Imported 54/54 books (100%)"])
        #expect(Array(Self.shelf(app.store).prefix(3)) == [
            Shelved(title: "Dune", authors: ["Frank Herbert"], isbn13: "9780441013593", rating: 5, status: .read),
            Shelved(title: "Circe", authors: ["Madeline Miller"], isbn13: nil, rating: nil, status: .read),
            Shelved(title: "Kindred", authors: ["Octavia E. Butler"], isbn13: nil, rating: nil, status: .toRead),
        ])
        #expect(app.store.entries().first?.notes == "Loved it,\nstart to \"finish\".\n\nWould reread.")
        #expect(app.store.count(of: .work) == 49)
        try Self.checkSettled(importing, app)
    }

    /// "Given 500 books imported from CSV, when import completes, then all works queued for enrichment
    /// via `EnrichmentQueue.shared`" (and the integration test "Import 100-book CSV → All books
    /// inserted → Enrichment queue populated"): a 500-row Goodreads export with 5% repeats of earlier
    /// books in other spellings; every new work is queued once, in import order, and no duplicate row
    /// adds anything to the queue or the library.
    @Test func everyImportedWorkIsQueuedForEnrichment() throws {
        let fixture = ExportFixture.goodreads(rows: 500, seed: 4_008, duplicateShare: 0.05)
        let originals = fixture.books.filter { $0.duplicateOf == nil }
        #expect(originals.count < 500)

        var app = AppState()
        let importing = try Self.importAll(ImportFile(name: Self.goodreadsFileName, bytes: fixture.bytes), into: &app)
        #expect(importing.summary.imported == originals.count)
        #expect(importing.summary.duplicates == 500 - originals.count)
        #expect(importing.summary.errors.isEmpty)
        let works = app.store.identifiers(of: .work)
        #expect(app.store.works().map(\.title) == originals.map(\.title))
        #expect(app.enrichmentQueue.pending == works)
        #expect(app.enrichmentQueue.pendingCount == importing.summary.imported)
        // Each repeat matched the work made from the row it repeats.
        for (offset, book) in fixture.books.enumerated() {
            guard let original = book.duplicateOf else { continue }
            let originalWork = works[originals.firstIndex { $0 == fixture.books[original] }!]
            #expect(importing.summary.matches[offset + 2]?.workID == originalWork, "record \(offset + 2) repeats record \(original + 2) (\(book.duplicateSpelling!))")
        }
        try Self.checkSettled(importing, app)
    }
}
