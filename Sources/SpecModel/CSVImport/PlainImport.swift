import TextFormats

/// The CSV import as the seed states it: a checked file, read in batches of 50 rows, each row's book
/// compared with the library book by book, the strategy applied, each batch saved.
///
/// Seed 004_…, "High-Level Flow" (File Picker → Auto-Detect Format → Choose Duplicate Strategy →
/// Batch Processing (50 rows/batch) → SwiftData insertion → Queue Enrichment → summary), User Stories
/// 1, 2 and 4, and Feature Specifications §1 and §2, with Decisions D-030 to D-038 and D-120 to D-128:
/// 1. `prepare` checks the file: a `.csv` name (or `.tsv`, `.txt`), not blank, readable as CSV to its
///    end, a header with title and author columns (`FormatDetection`, or the user's mapping), at least
///    one book. Nothing is imported if any check fails.
/// 2. Each `importNextBatch` takes the next 50 rows. Each row becomes a book (`BookRowReader`) or an
///    error; a book is compared with every book the library holds, the file's earlier rows included
///    (`DuplicateRule.bestMatch`); a book that duplicates none is inserted, one that does is handled
///    by the strategy (`importBook`, in ImportStrategies.swift).
/// 3. The batch is saved, with its record in the store's `ImportCheckpoint`. Its new works join the
///    enrichment queue, and a work it replaced leaves it. A failed save rolls the batch back and ends
///    the import, counting its rows and the rest as errors.
/// 4. After each saved batch, a progress line: "Imported 250/500 books (50%)". `summary.text` is the
///    final line.
///
/// After a crash, `resume` continues the import from the checkpoint's last saved batch (Decision D-130).
///
/// This is the specification and the conformance kit's oracle. The app's import is `CSVImport`, which
/// reads the file's bytes in place and finds duplicates through an index; `PlainAgainstEngineTests`
/// holds it to this.
public struct PlainImport {
    public static let batchRowsMax = ImportLimits.batchRowsMax

    /// What is done with duplicates.
    public let strategy: DuplicateStrategy
    /// The file's format and columns.
    public let detection: FormatDetection
    /// The file's header row.
    public let header: [String]
    /// The tally of the batches saved so far, and once finished the summary.
    public private(set) var summary: ImportSummary
    /// The progress line after each saved batch, in order.
    public private(set) var progress: [String] = []
    /// Whether every row has been handled.
    public private(set) var isFinished = false
    /// Why the import stopped early, if it did (a failed save, or `interruption`); earlier batches
    /// stay imported unless a reset deleted them.
    public private(set) var stopReason: String?
    /// What ended the import from outside, if anything did (D-190).
    public private(set) var interruption: ImportInterruption?

    /// The import's number and its file, for its checkpoint (Decision D-130).
    let number: Int
    let file: ImportFileIdentity
    /// The batches saved so far.
    var batchesSaved = 0
    /// The file's data rows, every one read before anything is imported (Decision D-036), each with
    /// its fingerprint (D-131).
    let rows: [(record: CSVRow, fingerprint: ImportedRowFingerprint)]
    /// How many of `rows` the saved batches took.
    var rowsTaken = 0
    /// The library's books as duplicate detection compares them, in creation order: its works when
    /// the import began, then each work the import inserts.
    var books: [(work: PersistentIdentifier, keys: DuplicateKeys)]
    /// The rows earlier imports handled, and their works (Decision D-131).
    let earlierRows: ImportedRows
    /// The library's authors and their name keys, in creation order; a deleted one stays listed, and
    /// is passed over.
    var authors: [(author: PersistentIdentifier, key: String)]
    /// What others did to the library between the import's batches (D-190).
    var watch: ImportWatch

    /// Checks a file and prepares its import into `store`'s library with `strategy`; `mapping`, if
    /// given, is the user's choice of columns (seed 004_…, User Story 1: "manual column mapping").
    public static func prepare(
        _ file: ImportFile, library store: LibraryStore, strategy: DuplicateStrategy, mapping: ColumnMapping? = nil
    ) -> Result<PlainImport, ImportError> {
        prepare(file, library: store, strategy: strategy, columns: mapping.map { .mapping($0) } ?? .detect)
    }

    /// Resumes the import a crash interrupted, from the store's checkpoint: the queue first takes the
    /// saved batches' works it missed, then the import continues at the first row no saved batch
    /// handled, with the same strategy and columns, its summary and progress those of the saved
    /// batches (Decision D-130).
    ///
    /// - Parameter file: the file the import began with (the app keeps a copy until it finishes).
    /// - Parameter app: the app whose store holds the checkpoint; its enrichment queue first takes the
    ///   saved batches' works it missed.
    public static func resume(_ file: ImportFile, in app: inout AppState) -> Result<PlainImport, ImportResumeError> {
        let checkpoint: ImportCheckpoint
        switch ImportRecovery.checkpointToResume(with: file, in: &app) {
        case let .failure(error): return .failure(error)
        case let .success(found): checkpoint = found
        }
        switch prepare(file, library: app.store, strategy: checkpoint.strategy, columns: .resuming(checkpoint)) {
        case let .failure(error):
            return .failure(.unreadable(error))
        case var .success(run):
            guard run.summary.dataRows == checkpoint.dataRows else {
                return .failure(.fileChanged(file: checkpoint.file, checkpointRows: checkpoint.dataRows, fileRows: run.summary.dataRows))
            }
            run.rowsTaken = checkpoint.rowsHandled
            (run.summary, run.progress) = checkpoint.summary()
            run.batchesSaved = checkpoint.batches.count
            return .success(run)
        }
    }

    /// How the file's columns are found: detected from the header, the user's mapping, or those of
    /// the interrupted import being resumed.
    enum Columns {
        case detect
        case mapping(ColumnMapping)
        case resuming(ImportCheckpoint)

        /// The import's number: the resumed import's, else one more than the store's last.
        func importNumber(after store: LibraryStore) -> Int {
            if case let .resuming(checkpoint) = self { return checkpoint.number }
            return (store.importCheckpoint?.number ?? 0) + 1
        }
    }

    static func prepare(_ file: ImportFile, library store: LibraryStore, strategy: DuplicateStrategy, columns: Columns) -> Result<PlainImport, ImportError> {
        guard file.hasAcceptedName else { return .failure(.notCSVFile(name: file.name)) }
        guard file.holdsText else { return .failure(.emptyFile) }
        var reader = CSVRowReader(bytes: file.bytes, dialect: CSVDialect.detect(in: file.bytes))
        var records: [(record: CSVRow, fingerprint: ImportedRowFingerprint)] = []
        do {
            while let record = try reader.next() {
                records.append((record, ImportedRowFingerprint(record: record.byteOffset, end: reader.byteOffset, in: file.bytes)))
            }
        } catch {
            return .failure(.unreadable(error))
        }
        guard let header = records.first?.record else { return .failure(.emptyFile) }
        let detection: FormatDetection
        switch columns {
        case let .mapping(mapping):
            detection = FormatDetection(format: .manual, confidence: 1, mapping: mapping)
        case let .resuming(checkpoint):
            detection = checkpoint.detection
        case .detect:
            do {
                detection = try FormatDetection.detect(header: header.fields)
            } catch {
                return .failure(.missingColumns(error))
            }
        }
        let rows = Array(records.dropFirst())
        guard !rows.isEmpty else { return .failure(.noBooksFound) }
        let (books, authors) = Self.read(store)
        let number = columns.importNumber(after: store)
        return .success(PlainImport(
            strategy: strategy, detection: detection, header: header.fields,
            summary: ImportSummary(format: detection.format, confidence: detection.confidence, dataRows: rows.count),
            number: number, file: ImportFileIdentity(file), rows: rows, books: books,
            earlierRows: ImportedRows(store, before: number), authors: authors, watch: ImportWatch(store: store)
        ))
    }


    /// The library's books and authors, as duplicate detection and the sharing of authors read them:
    /// each live work's title, first author's name and editions' ISBNs; each live author's name key.
    static func read(_ store: LibraryStore) -> (books: [(work: PersistentIdentifier, keys: DuplicateKeys)], authors: [(author: PersistentIdentifier, key: String)]) {
        let books = store.works().map { work in
            let author = work.authorIDList.first.flatMap { store.author($0)?.name } ?? ""
            let isbns = work.editionIDList.compactMap { store.edition($0)?.isbn13 }
            return (work.id, DuplicateKeys(title: work.title, author: author, isbn13: isbns.first, otherISBN13s: Array(isbns.dropFirst())))
        }
        let authors = store.authors().map { ($0.id, AuthorNames.key($0.name)) }
        return (books, authors)
    }

    /// Imports the next batch of rows into the app's store and enrichment queue, then saves.
    ///
    /// - Returns: the batch's progress line, or `nil` when the import had already finished.
    @discardableResult
    public mutating func importNextBatch(into app: inout AppState) -> String? {
        guard !isFinished else { return nil }
        // A reset or another import ends this one; any other change to the library since the last batch
        // is read again, since the rows are compared with the library as it is (D-190).
        switch watch.look(at: app.store, number: number, batchesSaved: batchesSaved) {
        case .unchanged:
            break
        case .changedByOthers:
            (books, authors) = Self.read(app.store)
        case let .ended(interruption):
            self.interruption = interruption
            stopReason = interruption.description
            isFinished = true
            return nil
        }
        defer { watch.batchEnded(in: app.store) }
        // The batch's tally joins the summary once the batch is saved.
        var tally = ImportSummary(format: summary.format, confidence: summary.confidence, dataRows: summary.dataRows)
        var changes = BatchChanges()
        let batch = rows[rowsTaken..<Swift.min(rowsTaken + Self.batchRowsMax, rows.count)]
        rowsTaken = batch.endIndex
        for (row, fingerprint) in batch {
            switch BookRowReader.read(fields: row.fields, rowNumber: row.number, headerCount: header.count, mapping: detection.mapping) {
            case let .success(book):
                importBook(book, row: fingerprint, into: &app.store, tally: &tally, changes: &changes)
            case let .failure(issue):
                tally.errors.append(issue)
            }
        }
        if batchesSaved == 0 {
            app.store.beginImport(ImportCheckpoint(
                number: number, file: file, strategy: strategy, detection: detection, dataRows: summary.dataRows
            ))
        }
        app.store.recordImportBatch(ImportBatchRecord(
            tally: tally, queued: changes.newWorks, unqueued: changes.replacedWorks, rows: changes.rows, replacements: changes.replacements
        ))
        do {
            try app.store.save()
        } catch {
            // The batch, and its record in the checkpoint, are rolled back; it and the rows after it
            // are not imported (D-030).
            app.store.rollback()
            (books, authors) = Self.read(app.store)
            let reason = "the import stopped at row \(summary.processed + 2): \(error)"
            stopReason = reason
            summary.countUnhandledRowsAsErrors(because: reason)
            isFinished = true
            return summary.progressLine
        }
        summary.add(tally)
        batchesSaved += 1
        // The batch's new works join the queue; a work an earlier batch queued and this one replaced
        // leaves it (D-032).
        ImportRecovery.catchUpQueue(&app)
        if summary.processed >= summary.dataRows || batch.isEmpty { isFinished = true }
        progress.append(summary.progressLine)
        return summary.progressLine
    }

    /// Imports every remaining batch.
    public mutating func importAll(into app: inout AppState) {
        while importNextBatch(into: &app) != nil, !isFinished {}
    }
}
