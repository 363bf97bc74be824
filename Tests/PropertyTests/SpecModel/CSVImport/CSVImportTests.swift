import SpecModel
import Testing

/// The import from file to library (seed 004_…): the file checks, batches of 50 with progress, the
/// summary, the three strategies, duplicates inside the file, per-batch saves and enrichment queueing.
@Suite struct CSVImportTests {
    static let header = "Title,Author,ISBN,Rating,Status"

    static func file(_ rows: [String], header: String = header, name: String = "library.csv") -> ImportFile {
        ImportFile(name: name, bytes: Array(([header] + rows).joined(separator: "\n").utf8))
    }

    static func books(_ count: Int, from start: Int = 0) -> [String] {
        (start..<(start + count)).map { "Book \($0),Author \($0 % 7),,\($0 % 6),read" }
    }

    /// The error `prepare` refused a file with, if it did.
    static func refusal(_ result: Result<CSVImport, ImportError>) -> ImportError? {
        if case let .failure(error) = result { return error }
        return nil
    }

    static func importing(_ file: ImportFile, into app: inout AppState, strategy: DuplicateStrategy = .skip) throws -> CSVImport {
        var run = try CSVImport.prepare(file, library: app.store, strategy: strategy).get()
        run.importAll(into: &app)
        return run
    }

    // MARK: - File checks: nothing is imported when one fails

    @Test(arguments: [
        ("library.pdf", ImportError.notCSVFile(name: "library.pdf")),
        ("notes", ImportError.notCSVFile(name: "notes")),
    ])
    func aFileThatIsNotCSVIsRefused(name: String, error: ImportError) {
        let result = CSVImport.prepare(Self.file(Self.books(3), name: name), library: LibraryStore(), strategy: .skip)
        #expect(Self.refusal(result) == error)
        #expect(error.description == "Please select a .csv file")
    }

    @Test func anEmptyFileIsRefused() {
        for bytes in [[], Array(" \n\r\n ".utf8), [0xEF, 0xBB, 0xBF]] as [[UInt8]] {
            let result = CSVImport.prepare(ImportFile(name: "empty.csv", bytes: bytes), library: LibraryStore(), strategy: .skip)
            #expect(Self.refusal(result) == .emptyFile)
        }
    }

    @Test func aFileWithOnlyHeadersFindsNoBooks() {
        let result = CSVImport.prepare(Self.file([]), library: LibraryStore(), strategy: .skip)
        #expect(Self.refusal(result) == .noBooksFound)
        #expect(ImportError.noBooksFound.description == "No books found")
    }

    @Test func aFileWithoutTitleOrAuthorColumnsListsWhatIsRequired() {
        let result = CSVImport.prepare(Self.file(["x,y"], header: "Name,Score"), library: LibraryStore(), strategy: .skip)
        guard case let .failure(.missingColumns(missing)) = result else {
            Issue.record("expected missing columns, got \(result)")
            return
        }
        #expect(missing.missing == ["Title", "Author"])
        #expect(missing.description.contains("needs a Title column and an Author column"))
    }

    @Test func aFileThatCannotBeReadToTheEndImportsNothing() {
        var bytes = Array(([Self.header] + Self.books(120)).joined(separator: "\n").utf8)
        let offset = bytes.count - 10
        bytes.insert(0xFF, at: offset)  // invalid UTF-8 in the last row
        let result = CSVImport.prepare(ImportFile(name: "broken.csv", bytes: bytes), library: LibraryStore(), strategy: .skip)
        guard case let .failure(.unreadable(error)) = result else {
            Issue.record("expected an unreadable file, got \(result)")
            return
        }
        #expect(error.description.contains("byte \(offset)"), "the error names the byte offset: \(error)")
        #expect(error.description.contains("record 121"), "the error names the record: \(error)")
    }

    // MARK: - Batches, progress and the summary

    @Test func rowsAreImportedInBatchesOf50WithProgressAfterEach() throws {
        var app = AppState()
        let run = try Self.importing(Self.file(Self.books(120)), into: &app)
        #expect(run.progress == ["Imported 50/120 books (41%)", "Imported 100/120 books (83%)", "Imported 120/120 books (100%)"])
        #expect(run.summary.imported == 120)
        #expect(run.summary.text == "Imported 120 books, 0 duplicates skipped, 0 errors")
        #expect(app.store.count(of: .work) == 120)
        #expect(app.store.count(of: .author) == 7)  // shared by name
        #expect(app.store.count(of: .userLibraryEntry) == 120)
        #expect(!app.store.hasChanges)
        try app.store._checkInvariants()
    }

    @Test func everyImportedWorkIsQueuedForEnrichment() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(Self.books(75)), into: &app)
        #expect(app.enrichmentQueue.pending == app.store.identifiers(of: .work))
    }

    @Test func errorsAreReportedWithTheirRowNumbersAndEveryRowIsCounted() throws {
        var app = AppState()
        let run = try Self.importing(Self.file(["Dune,Frank Herbert,,5,read", ",No Title,,,", "Emma,,,,", "Emma,Jane Austen"]), into: &app)
        #expect(run.summary.imported == 1)
        #expect(run.summary.errors == [
            RowIssue(rowNumber: 3, reason: "the title is empty"),
            RowIssue(rowNumber: 4, reason: "the author is empty"),
            RowIssue(rowNumber: 5, reason: "the row has 2 fields but the header has 5"),
        ])
        #expect(run.summary.imported + run.summary.duplicates + run.summary.errors.count == run.summary.dataRows)
    }

    // MARK: - Duplicates and strategies

    @Test func duplicatesInsideTheFileAreDeduplicatedBeforeInsertion() throws {
        var app = AppState()
        let run = try Self.importing(Self.file([
            "The Hobbit,J.R.R. Tolkien,9780547928227,5,read",
            "the hobbit,J. R. R. Tolkien,,4,to-read",
            "Hobbit,Tolkien,978-0-547-92822-7,,",
        ]), into: &app)
        #expect(run.summary.imported == 1)
        #expect(run.summary.duplicates == 2)
        #expect(app.store.count(of: .work) == 1)
        #expect(run.summary.matches[3]?.tier == .titleAndAuthor)
        #expect(run.summary.matches[4]?.tier == .isbn)
    }

    @Test func skipLeavesTheLibraryBookAndCountsTheDuplicate() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(["Dune,Frank Herbert,,,to-read"]), into: &app)
        let run = try Self.importing(Self.file(["Dune,Frank Herbert,9780441013593,5,read"]), into: &app, strategy: .skip)
        #expect(run.summary.duplicates == 1 && run.summary.imported == 0)
        let entry = try #require(app.store.entries().first)
        #expect(entry.readingStatus == .toRead)
        #expect(entry.rating == nil)
        #expect(app.store.count(of: .edition) == 0)
    }

    @Test func smartMergesKeepingTheLibrarysValuesAndFillingItsGaps() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(["Dune,Frank Herbert,,4,to-read"]), into: &app)
        let run = try Self.importing(Self.file(["dune,frank herbert,9780441013593,2,read"]), into: &app, strategy: .smart)
        #expect(run.summary.duplicates == 1 && run.summary.merged == 1 && run.summary.imported == 0)
        #expect(app.store.count(of: .work) == 1)
        let entry = try #require(app.store.entries().first)
        #expect(entry.rating == 4)  // the library's value wins
        #expect(entry.readingStatus == .read)  // "to read" was the least informative
        #expect(app.store.editions().first?.isbn13 == "9780441013593")  // the gap was filled
        #expect(app.store.works().first?.title == "Dune")
        try app.store._checkInvariants()
    }

    @Test func replaceAllDeletesTheOldBookAndInsertsTheNew() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(["Dune,Frank Herbert,,4,to-read"]), into: &app)
        let old = try #require(app.store.works().first?.id)
        let run = try Self.importing(Self.file(["dune,frank herbert,9780441013593,2,read"]), into: &app, strategy: .replaceAll)
        #expect(run.summary.imported == 1 && run.summary.replaced == 1 && run.summary.duplicates == 0)
        #expect(app.store.work(old) == nil)
        #expect(app.store.works().map(\.title) == ["dune"])
        #expect(app.store.entries().first?.rating == 2)
        try app.store._checkInvariants()
    }

    // The real export's case (Decision D-120): two books by one author sharing the part before the
    // colon, each with its own valid ISBN-13, are two books whatever the strategy: Skip drops neither,
    // Smart merges neither's ISBN into the other, Replace All deletes neither.
    @Test(arguments: DuplicateStrategy.allCases)
    func companionBooksWithTheirOwnISBNsAreTwoBooksUnderEveryStrategy(strategy: DuplicateStrategy) throws {
        var app = AppState()
        let run = try Self.importing(Self.file([
            "\"The Lord of the Rings: The Fellowship of the Ring\",J.R.R. Tolkien,9780547928210,5,read",
            "\"The Lord of the Rings: The Two Towers\",J.R.R. Tolkien,9780547928203,4,read",
        ]), into: &app, strategy: strategy)
        #expect(run.summary.imported == 2 && run.summary.duplicates == 0 && run.summary.replaced == 0)
        #expect(app.store.works().map(\.title) == ["The Lord of the Rings: The Fellowship of the Ring", "The Lord of the Rings: The Two Towers"])
        #expect(app.store.editions().map(\.isbn13) == ["9780547928210", "9780547928203"])
        #expect(app.store.count(of: .author) == 1)
        try app.store._checkInvariants()
    }

    // Two editions of one work (Decision D-120): Smart keeps one work and adds the row's ISBN as
    // another edition; the library's edition keeps its ISBN.
    @Test func smartAddsAnotherEditionsISBNToTheWorkOfTheSameTitleAndAuthor() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(["Dune,Frank Herbert,9780441013593,4,read"]), into: &app)
        let run = try Self.importing(Self.file(["DUNE,frank  herbert,9780593099322,,"]), into: &app, strategy: .smart)
        #expect(run.summary.matches[2]?.tier == .titleAndAuthor)
        #expect(app.store.count(of: .work) == 1)
        #expect(app.store.editions().map(\.isbn13) == ["9780441013593", "9780593099322"])
        #expect(app.store.works().first?.editionIDs.count == 2)
        try app.store._checkInvariants()
    }

    // Replace All deletes the authors the replacement leaves with no works (Decision D-122): the
    // replaced book's author spelled otherwise in the row, not an author who still has a book, and not
    // one the row names again (who keeps their identity).
    @Test func replaceAllDeletesTheAuthorsTheReplacementLeavesWithNoWorks() throws {
        var app = AppState()
        _ = try Self.importing(Self.file([
            "The Hunger Games,Suzanne Collins,9780439023481,5,read",
            "Dune,Frank Herbert,9780441013593,4,read",
            "Dune Messiah,Frank Herbert,,3,read",
            "Emma,Jane Austen,,,",
        ]), into: &app)
        let austen = try #require(app.store.authors().first { $0.name == "Jane Austen" }?.id)
        let run = try Self.importing(Self.file([
            "Hunger Games,S. Collins,0439023483,,",
            "\"Dune (Dune, #1)\",F. Herbert,0441013597,,",
            "emma,jane austen,,2,read",
        ]), into: &app, strategy: .replaceAll)
        #expect(run.summary.replaced == 3)
        #expect(app.store.authors().map(\.name) == ["Frank Herbert", "Jane Austen", "S. Collins", "F. Herbert"])
        #expect(app.store.author(austen)?.workIDs.count == 1)
        try app.store._checkInvariants()
    }

    @Test func anAuthorTheReplacementNamesAgainKeepsTheirIdentity() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(["Emma,Jane Austen,,,"]), into: &app)
        let austen = try #require(app.store.authors().first?.id)
        _ = try Self.importing(Self.file(["emma,jane  austen,,2,read"]), into: &app, strategy: .replaceAll)
        #expect(app.store.authors().map(\.id) == [austen])
        #expect(app.store.works().first?.authorIDs.first == austen)
    }

    // MARK: - Per-batch saves

    @Test func aFailedSaveKeepsEarlierBatchesAndCountsTheRestAsErrors() throws {
        var app = AppState()
        var run = try CSVImport.prepare(Self.file(Self.books(130)), library: app.store, strategy: .skip).get()
        run.importNextBatch(into: &app)
        app.store.faults = StoreFaults(saveFailuresRemaining: 1)
        run.importNextBatch(into: &app)
        #expect(run.isFinished)
        #expect(run.stopReason?.contains("the import stopped at row 52") == true)
        #expect(app.store.count(of: .work) == 50)
        #expect(run.summary.imported == 50)
        #expect(run.summary.errors.count == 80)
        #expect(run.summary.imported + run.summary.duplicates + run.summary.errors.count == 130)
        #expect(!app.store.hasChanges)
    }

    /// Issue 21, "No silent errors": a replacement whose delete the store refuses keeps the known book,
    /// and the row is an error the summary reports, named with the store's reason; the other rows go on.
    @Test func aReplacementTheStoreCannotDeleteIsAReportedErrorAndKeepsTheBook() throws {
        var app = AppState()
        _ = try Self.importing(Self.file(["Dune,Frank Herbert,,5,read"]), into: &app)
        let dune = try #require(app.store.identifiers(of: .work).first)
        app.store.faults = StoreFaults(deleteFailuresRemaining: 1, reason: "disk full")
        let run = try Self.importing(Self.file(["Dune,Frank Herbert,,3,to-read", "Emma,Jane Austen,,4,read"]), into: &app, strategy: .replaceAll)
        #expect(run.summary.errors == [RowIssue(rowNumber: 2, reason: "the duplicate it replaces could not be deleted: delete failed: disk full")])
        #expect(run.summary.imported == 1 && run.summary.replaced == 0)
        #expect(run.summary.imported + run.summary.duplicates + run.summary.errors.count == 2)
        #expect(app.store.work(dune)?.title == "Dune")
        #expect(app.store.works().map(\.title) == ["Dune", "Emma"])
        #expect(run.summary.text == "Imported 1 book, 0 duplicates skipped, 1 error")
    }

    /// D-030 and D-130: a crash keeps the saved batches, and the relaunch resumes the import after
    /// the last of them, from the checkpoint saved with it; only the same file resumes it.
    @Test func aCrashMidImportKeepsSavedBatchesAndTheRelaunchResumesAfterTheLast() throws {
        var app = AppState()
        let file = Self.file(Self.books(130))
        var run = try CSVImport.prepare(file, library: app.store, strategy: .skip).get()
        run.importNextBatch(into: &app)
        run.importNextBatch(into: &app)
        app = app.relaunchedAfterCrash()
        #expect(app.store.count(of: .work) == 100)
        let checkpoint = try #require(app.store.importCheckpoint)
        #expect(checkpoint.rowsHandled == 100 && checkpoint.dataRows == 130 && !checkpoint.isFinished)
        #expect(checkpoint.file == ImportFileIdentity(file) && checkpoint.strategy == .skip && checkpoint.number == 1)
        #expect(app.enrichmentQueue.importBatchesTaken == EnrichmentQueue.ImportBatchMark(importNumber: 1, batches: 2))

        let other = Self.file(Self.books(131))
        #expect(CSVImport.resume(other, in: &app).failure == .differentFile(expected: ImportFileIdentity(file), offered: ImportFileIdentity(other)))
        var resumed = try CSVImport.resume(file, in: &app).get()
        #expect(resumed.progress == ["Imported 50/130 books (38%)", "Imported 100/130 books (76%)"])
        resumed.importAll(into: &app)
        #expect(resumed.summary.text == "Imported 130 books, 0 duplicates skipped, 0 errors")
        #expect(resumed.progress.last == "Imported 130/130 books (100%)")
        #expect(app.store.count(of: .work) == 130)
        #expect(app.enrichmentQueue.pendingCount == 130)
        #expect(app.store.importCheckpoint?.isFinished == true)
        #expect(CSVImport.resume(file, in: &app).failure == .noImportToResume)
        #expect(PlainImport.resume(file, in: &app).failure == .noImportToResume)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
