import InternalChecks
import TextFormats

/// The app's CSV import: `PlainImport`'s rules, with the file read in place and duplicates found
/// through an index, so that 1,500 rows take a few milliseconds and the cost per row stays flat.
///
/// Seed 004_…, "High-Level Flow"; the rules, step by step, are `PlainImport`'s, and
/// `PlainAgainstEngineTests` holds this to them: the same summary, progress lines and library for
/// every strategy. What differs is how: `prepare` validates the file counting its records only, and
/// each batch reads its records' fields as bytes of the file (`BookRowReaderEngine`), writes the
/// books' keys into one `KeyBatch` and interns them together, reads ahead what the rows will look up,
/// finds each book's duplicate in `DuplicateIndex` and shares authors through `authorsByKey`, and
/// stores each new book whole (`LibraryStore.insertBook`). Decisions D-109 to D-115 say why each.
public struct CSVImport {
    /// Rows per batch (`PlainImport.batchRowsMax`).
    public static let batchRowsMax = PlainImport.batchRowsMax

    /// What is done with duplicates.
    public let strategy: DuplicateStrategy
    /// The file's format and columns.
    public let detection: FormatDetection
    /// The file's header row.
    public let header: [String]
    /// The tally of the batches saved so far, and once finished the summary.
    public private(set) var summary: ImportSummary
    /// The progress line after each batch, in order ("Imported 250/500 books (50%)").
    public private(set) var progress: [String] = []
    /// Whether every row has been handled.
    public private(set) var isFinished = false
    /// Why the import stopped early, if it did (a failed save, or `interruption`); earlier batches
    /// stay imported unless a reset deleted them.
    public private(set) var stopReason: String?
    /// What ended the import from outside, if anything did (D-190).
    public private(set) var interruption: ImportInterruption?
    /// What others did to the library between the import's batches (D-190).
    var watch: ImportWatch

    var reader: CSVRowReader
    var index: DuplicateIndex
    /// Duplicate candidates compared so far (`DuplicateIndex._comparisons`), for tests of the per-row cost.
    package var _comparisons: Int { index._comparisons }
    /// The library's authors by their name's key, interned by `index`: the earliest-created live
    /// author of each key, or one since deleted when no live author has the key.
    var authorsByKey: KeyTable<PersistentIdentifier>
    /// The keys more than one of the library's authors had when the import began.
    var keysOfSeveralAuthors: Set<KeyInterner.ID>
    /// Buffers `insert` reuses for every row: a row's authors, their keys, and the new ones'.
    var rowAuthors = RowAuthors()
    /// Buffers `importNextBatch` reuses for every batch.
    var batch = Batch()
    /// The import's number and its file, for its checkpoint (Decision D-130).
    let number: Int
    let file: ImportFileIdentity
    /// The batches saved so far.
    var batchesSaved = 0
    /// The rows earlier imports handled, and their works (Decision D-131).
    let earlierRows: ImportedRowTable
    /// What `readAhead` read, kept so that the reads are not optimised away.
    var readAheadSum = 0

    /// A batch's rows as read, and the keys of its books, written for interning together.
    struct Batch {
        /// Each row in order: `nil` for the next of `books`, or why the row could not be read.
        var rows: [RowIssue?] = []
        var books: [ImportedBook] = []
        /// Each book's row (D-131).
        var fingerprints: [ImportedRowFingerprint] = []
        var keyBatch = KeyBatch()
        /// Where each book's keys are in `keyBatch`.
        var keys: [DuplicateIndex.KeyPlaces] = []
        /// Where the keys of each book's further authors (after the first) are in `keyBatch`: book
        /// `i`'s at `furtherAuthorKeys[furtherAuthors[i]]`.
        var furtherAuthorKeys: [Int] = []
        var furtherAuthors: [Range<Int>] = []

        mutating func clear() {
            rows.removeAll(keepingCapacity: true)
            books.removeAll(keepingCapacity: true)
            fingerprints.removeAll(keepingCapacity: true)
            keyBatch.removeAll()
            keys.removeAll(keepingCapacity: true)
            furtherAuthorKeys.removeAll(keepingCapacity: true)
            furtherAuthors.removeAll(keepingCapacity: true)
        }

        /// Writes a book's keys, and its further authors' keys, into `keyBatch`, and keeps the book.
        mutating func append(_ book: consuming ImportedBook) {
            keys.append(DuplicateIndex.writeKeys(
                title: book.title, normalizedTitle: book.normalizedTitle, author: book.primaryAuthor, isbn13: book.isbn?.isbn13,
                into: &keyBatch
            ))
            let first = furtherAuthorKeys.count
            for name in book.authors.dropFirst() { furtherAuthorKeys.append(DuplicateIndex.writeAuthorKey(ofName: name, into: &keyBatch)) }
            furtherAuthors.append(first..<furtherAuthorKeys.count)
            books.append(book)
        }

        /// The key of book `book`'s author at `position`, once `keyBatch` is interned.
        func authorKey(ofBook book: Int, at position: Int) -> KeyInterner.ID {
            keyBatch.ids[position == 0 ? keys[book].author : furtherAuthorKeys[furtherAuthors[book].lowerBound + position - 1]]
        }
    }

    struct RowAuthors {
        var authors: [LibraryStore.BookAuthor] = []
        var keys: [KeyInterner.ID] = []
        var newKeys: [KeyInterner.ID] = []
        var newAuthors: [PersistentIdentifier] = []

        /// Empties the lists, keeping their storage. (Element by element: a row has one or two, and
        /// `removeAll(keepingCapacity:)` goes through the general `replaceSubrange`.)
        mutating func clear() {
            while authors.popLast() != nil {}
            while keys.popLast() != nil {}
            while newKeys.popLast() != nil {}
            while newAuthors.popLast() != nil {}
        }
    }

    /// Checks a file and prepares its import into `store`'s library (`PlainImport.prepare`).
    public static func prepare(_ file: ImportFile, library store: LibraryStore, strategy: DuplicateStrategy, mapping: ColumnMapping? = nil) -> Result<CSVImport, ImportError> {
        prepare(file, library: store, strategy: strategy, columns: mapping.map { .mapping($0) } ?? .detect)
    }

    /// Resumes the import a crash interrupted, from the store's checkpoint (`PlainImport.resume`).
    public static func resume(_ file: ImportFile, in app: inout AppState) -> Result<CSVImport, ImportResumeError> {
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
            do {
                for _ in 0..<checkpoint.rowsHandled { _ = try run.reader.next() }
            } catch {
                // `prepare` validated every record of these bytes with this dialect, and the unfinished
                // checkpoint's `rowsHandled` is below the `dataRows` just compared.
                preconditionFailure("a record of \(file.name), validated by prepare, failed to read again: \(error)")
            }
            (run.summary, run.progress) = checkpoint.summary()
            run.batchesSaved = checkpoint.batches.count
            return .success(run)
        }
    }

    static func prepare(_ file: ImportFile, library store: LibraryStore, strategy: DuplicateStrategy, columns: PlainImport.Columns) -> Result<CSVImport, ImportError> {
        guard file.hasAcceptedName else { return .failure(.notCSVFile(name: file.name)) }
        guard file.holdsText else { return .failure(.emptyFile) }
        let dialect = CSVDialect.detect(in: file.bytes)
        // The validation pass: every row must be readable before any is imported.
        var dataRows = 0
        var validating = CSVRowReader(bytes: file.bytes, dialect: dialect)
        let header: CSVRow
        do {
            guard let first = try validating.next() else { return .failure(.emptyFile) }
            header = first
            // The rest is only validated and counted: no field's text is needed yet.
            dataRows = try validating.skipRemainingRecords()
        } catch {
            return .failure(.unreadable(error))
        }
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
        guard dataRows > 0 else { return .failure(.noBooksFound) }
        var reader = CSVRowReader(bytes: file.bytes, dialect: dialect)
        do {
            _ = try reader.next()
        } catch {
            // The validation pass read this header from the same bytes with the same dialect.
            preconditionFailure("the header, read from these same bytes by the validation pass, failed to read again: \(error)")
        }
        var index = DuplicateIndex(store: store)
        index.reserveCapacity(dataRows)
        return .success(CSVImport(
            strategy: strategy, detection: detection, header: header.fields,
            summary: ImportSummary(format: detection.format, confidence: detection.confidence, dataRows: dataRows),
            reader: reader, authors: authorsByKey(store, index: &index), index: index,
            number: columns.importNumber(after: store), file: ImportFileIdentity(file),
            earlierRows: ImportedRowTable(store, before: columns.importNumber(after: store)), store: store
        ))
    }

    init(
        strategy: DuplicateStrategy, detection: FormatDetection, header: [String], summary: ImportSummary, reader: CSVRowReader,
        authors: (byKey: KeyTable<PersistentIdentifier>, sharedKeys: Set<KeyInterner.ID>), index: DuplicateIndex,
        number: Int, file: ImportFileIdentity, earlierRows: ImportedRowTable, store: LibraryStore
    ) {
        self.number = number
        self.file = file
        self.earlierRows = earlierRows
        watch = ImportWatch(store: store)
        self.strategy = strategy
        self.detection = detection
        self.header = header
        self.summary = summary
        self.reader = reader
        self.index = index
        (authorsByKey, keysOfSeveralAuthors) = authors
    }

    /// The library's authors by name key, the earliest created winning (`PlainImport.author(named:)`),
    /// and the keys that more than one author has: only a library can bring those, since the import
    /// makes an author only for a key no live author has.
    static func authorsByKey(_ store: LibraryStore, index: inout DuplicateIndex) -> (KeyTable<PersistentIdentifier>, Set<KeyInterner.ID>) {
        var authors = KeyTable<PersistentIdentifier>()
        var shared = Set<KeyInterner.ID>()
        for author in store.authors() {
            let key = index.authorKey(ofName: author.name)
            if authors[key] == nil { authors[key] = author.id } else { shared.insert(key) }
        }
        return (authors, shared)
    }

    /// Imports the next batch of rows into the app's store and enrichment queue, then saves.
    ///
    /// - Returns: the progress line of the batch, or `nil` when the import had already finished.
    @discardableResult
    public mutating func importNextBatch(into app: inout AppState) -> String? {
        guard !isFinished else { return nil }
        switch watch.look(at: app.store, number: number, batchesSaved: batchesSaved) {
        case .unchanged:
            break
        case .changedByOthers:
            index = DuplicateIndex(store: app.store)
            (authorsByKey, keysOfSeveralAuthors) = Self.authorsByKey(app.store, index: &index)
        case let .ended(interruption):
            self.interruption = interruption
            stopReason = interruption.description
            isFinished = true
            return nil
        }
        defer { watch.batchEnded(in: app.store) }
        // The batch's tally joins the summary only once the batch is saved. (A copy of the summary or
        // the index kept for a rollback would make every batch copy them whole: quadratic.)
        var tally = ImportSummary(format: summary.format, confidence: summary.confidence, dataRows: summary.dataRows)
        var changes = PlainImport.BatchChanges()
        if summary.processed == 0 {
            app.store.reserveCapacity(forBooks: summary.dataRows)
            app.enrichmentQueue.reserveCapacity(summary.dataRows)
            authorsByKey.reserveCapacity(summary.dataRows, keysBelow: index.keyNumbersBelow(forMoreBooks: summary.dataRows))
        }
        // The batch's rows are read first, then their keys are interned together, so that the
        // interner's misses to memory overlap (Decision D-114); then each row is imported in turn.
        var batch = self.batch
        self.batch = Batch()
        batch.clear()
        var reader = self.reader
        self.reader = CSVRowReader(bytes: [])
        let mapping = detection.mapping
        let headerCount = header.count
        var recordStart = 0
        while batch.rows.count < Self.batchRowsMax, let row = Self.nextValidatedRecord(&reader, { row, fields in
            recordStart = row.byteOffset
            return BookRowReaderEngine.read(fields, rowNumber: row.number, headerCount: headerCount, mapping: mapping)
        }) {
            switch consume row {
            case let .success(book):
                batch.append(book)
                batch.fingerprints.append(ImportedRowFingerprint(record: recordStart, end: reader.byteOffset, in: reader.bytes))
                batch.rows.append(nil)
            case let .failure(issue):
                batch.rows.append(issue)
            }
        }
        self.reader = reader
        let rowsInBatch = batch.rows.count
        index.intern(&batch.keyBatch)
        readAhead(batch, in: app.store)
        var next = 0
        var books = batch.books  // out of the batch, which `authorKey` reads meanwhile
        batch.books = []
        for row in batch.rows {
            if let issue = row {
                tally.errors.append(issue)
                continue
            }
            let book = next
            importBook(
                &books[book], keys: batch.keys[book].keys(in: batch.keyBatch), authorKey: { batch.authorKey(ofBook: book, at: $0) },
                row: batch.fingerprints[book], into: &app.store, tally: &tally, changes: &changes
            )
            next += 1
        }
        batch.books = books
        self.batch = batch
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
            // The batch is rolled back; it and the rows after it are not imported. The index and the
            // author names are rebuilt from what is saved.
            app.store.rollback()
            index = DuplicateIndex(store: app.store)
            (authorsByKey, keysOfSeveralAuthors) = Self.authorsByKey(app.store, index: &index)
            let reason = "the import stopped at row \(summary.processed + 2): \(error)"
            stopReason = reason
            summary.countUnhandledRowsAsErrors(because: reason)
            isFinished = true
            return summary.progressLine
        }
        summary.add(tally)
        batchesSaved += 1
        internalCheckConsistency(index._checkConsistency(), "the duplicate index after the batch ending at row \(summary.processed + 1)")
        internalCheckConsistency(_authorsByKeyProblems(in: app.store), "authorsByKey after the batch ending at row \(summary.processed + 1)")
        // The batch's new works join the queue; a work an earlier batch queued and this one replaced
        // leaves it (Decision D-032).
        ImportRecovery.catchUpQueue(&app)
        if summary.processed >= summary.dataRows || rowsInBatch == 0 { isFinished = true }
        let line = summary.progressLine
        progress.append(line)
        return line
    }

    /// Imports every remaining batch.
    public mutating func importAll(into app: inout AppState) {
        while importNextBatch(into: &app) != nil, !isFinished {}
    }

    /// Reads ahead, for every book of the batch, what its import reads at random in memory: its keys'
    /// places and values in the index's tables and in `authorsByKey`, then the known author's place
    /// and record in the store. Stage by stage, the batch's misses to memory overlap (Decision D-114).
    mutating func readAhead(_ batch: Batch, in store: LibraryStore) {
        var sum = 0
        for stage in 0..<2 {
            for places in batch.keys {
                let keys = places.keys(in: batch.keyBatch)
                sum &+= index.readAhead(keys, stage: stage) &+ authorsByKey.readAhead(keys.authorKey, stage: stage)
            }
        }
        for stage in 0..<3 {
            for places in batch.keys {
                guard let author = authorsByKey[batch.keyBatch.ids[places.author]] else { continue }
                sum &+= store.readAhead(author: author, stage: stage)
            }
        }
        readAheadSum = sum
    }

    /// Imports the book of a row, whose keys are `keys`, and the key of whose author at each position
    /// `authorKey` gives. The book is lent in place (`inout`), where lent as a value from the batch it
    /// would be copied, every field retained; a book inserted leaves its title, publisher and notes
    /// in the store (`insert`).
    mutating func importBook(
        _ book: inout ImportedBook, keys: DuplicateIndex.Keys, authorKey: (Int) -> KeyInterner.ID, row: ImportedRowFingerprint,
        into store: inout LibraryStore, tally summary: inout ImportSummary, changes: inout PlainImport.BatchChanges
    ) {
        for warning in book.warnings { summary.warnings.append(RowIssue(rowNumber: book.rowNumber, reason: warning)) }
        // The authors of a work Replace All deletes, whom the replacement may leave with no works.
        var replacedAuthors: InlineList<PersistentIdentifier>?
        var earlier: DuplicateMatch?
        if !earlierRows.isEmpty, let work = earlierRows.work(of: row, in: store) {
            earlier = DuplicateMatch(workID: work, tier: .alreadyImported, authorSimilarity: 1)
        }
        var replaced: PersistentIdentifier?
        if let match = earlier ?? index.bestMatch(for: keys) {
            switch strategy {
            case .skip:
                summary.duplicates += 1
                summary.matches[book.rowNumber] = match
                return
            case .smart:
                merge(book, into: match.workID, in: &store)
                changes.rows.append(ImportedRow(fingerprint: row, work: match.workID))
                summary.duplicates += 1
                summary.merged += 1
                summary.matches[book.rowNumber] = match
                return
            case .replaceAll:
                replacedAuthors = store.work(match.workID)?.authorIDList
                do {
                    _ = try store.delete(match.workID)
                } catch {
                    // The store refused the delete (a fault): the known book stays, and the row, which
                    // would have replaced it, is an error the summary reports.
                    summary.errors.append(RowIssue(rowNumber: book.rowNumber, reason: "the duplicate it replaces could not be deleted: \(error)"))
                    return
                }
                index.remove(match.workID)
                if let queuedInThisBatch = changes.newWorks.firstIndex(of: match.workID) {
                    changes.newWorks.remove(at: queuedInThisBatch)
                } else {
                    changes.replacedWorks.append(match.workID)
                }
                replaced = match.workID
                summary.replaced += 1
                summary.matches[book.rowNumber] = match
            }
        }
        let work = insert(&book, authorKey: authorKey, into: &store)
        index.insert(work, keys: keys)
        changes.newWorks.append(work)
        changes.rows.append(ImportedRow(fingerprint: row, work: work))
        if let replaced { changes.replacements.append(WorkReplacement(replaced: replaced, by: work)) }
        summary.imported += 1
        if let replacedAuthors { removeAuthorsWithoutWorks(replacedAuthors, in: &store) }
    }

    /// The next record of a file the validation pass read to its end (D-036): reading the same bytes
    /// again cannot fail, and a failure would be a broken parser, which stops here rather than end the
    /// import early without a word.
    @inline(__always)
    static func nextValidatedRecord<Result>(_ reader: inout CSVRowReader, _ body: (CSVRow, CSVFieldsView) -> Result) -> Result? {
        do {
            return try reader.withNextRecord { row, fields throws(CSVParseError) in body(row, fields) }
        } catch {
            preconditionFailure("a record validated before the import failed to read again: \(error)")
        }
    }

    /// Replace All: deletes those of a replaced work's authors that the replacement left with no
    /// works (Decision D-122). The replacement is inserted first, so an author it names again keeps
    /// their identity and data.
    mutating func removeAuthorsWithoutWorks(_ authors: InlineList<PersistentIdentifier>, in store: inout LibraryStore) {
        for author in authors {
            guard let known = store.author(author), known.workIDList.isEmpty else { continue }
            do {
                try store.delete(author)
            } catch {
                // The author is live, and had works until the replaced work's deletion succeeded in
                // this same row, which it could not have done with a delete fault pending.
                preconditionFailure("deleting \(author), left with no works by a replacement, failed: \(error)")
            }
            // Another live author of the same key, which only a library can hold, takes its place.
            let key = index.authorKey(ofName: known.name)
            guard authorsByKey[key] == author, keysOfSeveralAuthors.contains(key) else { continue }
            for other in store.authors() where index.authorKey(ofName: other.name) == key {
                authorsByKey[key] = other.id
                break
            }
        }
    }

    /// Inserts a new work with its authors (shared by name), edition and entry; `authorKey` gives the
    /// key of the book's author at each position. The book's title, publisher and notes are moved
    /// into the work, edition and entry (the book keeps empty ones), not copied.
    mutating func insert(_ book: inout ImportedBook, authorKey: (Int) -> KeyInterner.ID, into store: inout LibraryStore) -> PersistentIdentifier {
        // Each name's author: the library's of the same key, or a new one (a later name with the key of
        // an earlier one in the row is the same author, linked once). The lists are reused buffers.
        var row = rowAuthors
        rowAuthors = RowAuthors()
        defer { rowAuthors = row }
        row.clear()
        for (position, name) in book.authors.enumerated() {
            let key = authorKey(position)
            guard !row.keys.contains(key) else { continue }
            row.keys.append(key)
            if let known = authorsByKey[key], store.contains(known) {
                row.authors.append(.known(known))
            } else {
                row.authors.append(.new(AuthorDraft(name: name)))
                row.newKeys.append(key)
            }
        }
        // (`if case`: `book.isbn != nil` would compare the ISBN as an `Equatable` optional, copying it.)
        var hasEdition = book.publisher != nil || book.pages != nil || book.year != nil
        if case .some = book.isbn { hasEdition = true }
        // Each object is built from the row's fields where the store asks for it (no drafts).
        let work = store.insertBook(
            authors: row.authors, hasEdition: hasEdition, newAuthors: &row.newAuthors,
            work: { id, authorIDs, editionIDs, entryIDs in
                Work(
                    id: id, title: take(&book.title, leaving: ""), firstPublicationYear: book.originalYear ?? book.year, authorIDs: authorIDs,
                    editionIDs: editionIDs, entryIDs: entryIDs
                )
            },
            edition: { id, workID in
                let (isbn10, isbn13, publicationDate, pageCount) = Self.editionFields(book)
                return Edition(
                    id: id, workID: workID, isbn10: isbn10, isbn13: isbn13, publisher: book.publisher.take(), publicationDate: publicationDate,
                    pageCount: pageCount
                )
            },
            entry: { id, workID, editionID in
                let progress = Self.entryProgress(book)
                return UserLibraryEntry(
                    id: id, workID: workID, editionID: editionID, readingStatus: progress.status, currentPage: progress.currentPage,
                    rating: book.rating, notes: book.notes.take(), dateAdded: book.dateAdded, dateCompleted: progress.dateCompleted
                )
            }
        )
        for (key, author) in zip(row.newKeys, row.newAuthors) { authorsByKey[key] = author }
        return work
    }

    /// Links each named author to the work, sharing the library's author of the same key.
    mutating func linkAuthors(_ names: [String], to work: PersistentIdentifier, in store: inout LibraryStore) {
        for name in names {
            let key = index.authorKey(ofName: name)
            let author: PersistentIdentifier
            if let known = authorsByKey[key], store.contains(known) {
                author = known
            } else {
                author = store.insertAuthor(AuthorDraft(name: name))
                authorsByKey[key] = author
            }
            LibraryStore.related("linking \(author) to \(work)") { () throws(StoreError) in try store.link(author: author, to: work) }
        }
    }

    static func editionDraft(_ book: ImportedBook) -> EditionDraft {
        let fields = editionFields(book)
        return EditionDraft(
            isbn10: fields.isbn10, isbn13: fields.isbn13, publisher: book.publisher, publicationDate: fields.publicationDate, pageCount: fields.pageCount
        )
    }

    /// An edition's fields from a row but its publisher, which `insert` moves out of the row and
    /// `editionDraft` copies: what both build an edition from.
    @inline(__always)
    static func editionFields(_ book: ImportedBook) -> (isbn10: String?, isbn13: String?, publicationDate: String?, pageCount: Int?) {
        (book.isbn?.isbn10, book.isbn?.isbn13, book.year.map(DecimalText.string), book.pages)
    }

    static func entryDraft(_ book: ImportedBook) -> EntryDraft {
        let progress = entryProgress(book)
        return EntryDraft(
            readingStatus: progress.status, currentPage: progress.currentPage, rating: book.rating, notes: book.notes,
            dateAdded: book.dateAdded, dateCompleted: progress.dateCompleted
        )
    }

    /// A row's reading status (to read when it has none), and the page and completion date that go
    /// with it; the rest of an entry is the row's own fields. (`insert` builds the entry from these
    /// straight away: an `EntryDraft` on the way would be copied, Decision D-115.)
    @inline(__always)
    static func entryProgress(_ book: ImportedBook) -> (status: ReadingStatus, currentPage: Int, dateCompleted: Timestamp?) {
        let status = book.readingStatus ?? .toRead
        return (status, status == .read ? (book.pages ?? 0) : 0, status == .read ? book.dateRead : nil)
    }

    /// Smart: keeps the known book's values and fills its gaps from the row (Decision D-031).
    mutating func merge(_ book: ImportedBook, into work: PersistentIdentifier, in store: inout LibraryStore) {
        guard let existing = store.work(work) else { return }
        if existing.firstPublicationYear == nil, let year = book.originalYear ?? book.year {
            LibraryStore.related("the merged work \(work)") { () throws(StoreError) in try store.updateWork(work) { $0.firstPublicationYear = year } }
        }
        // An author is new to the work unless one of its authors has the same name, or one tier 3 would
        // take for the same person (more than 80% similar): "Suzanne Colins" is Suzanne Collins.
        let knownKeys = existing.authorIDList.compactMap { store.author($0).map { AuthorNamesEngine.key($0.name) } }
        let newAuthors = book.authors.filter { name in
            let key = AuthorNamesEngine.key(name)
            return !knownKeys.contains { AuthorSimilarityEngine.score(keys: $0, key) > AuthorSimilarity.duplicateThreshold }
        }
        linkAuthors(newAuthors, to: work, in: &store)
        var readingEdition: PersistentIdentifier? = existing.editionIDList.first
        if let isbn = book.isbn {
            if let same = existing.editionIDList.first(where: { store.edition($0)?.isbn13 == isbn.isbn13 }) {
                readingEdition = same
                fillEdition(same, from: book, in: &store)
            } else {
                let added = LibraryStore.related("a new edition of \(work)") { () throws(StoreError) in try store.insertEdition(Self.editionDraft(book), of: work) }
                index.addISBN(isbn.isbn13, to: work)
                readingEdition = readingEdition ?? added
            }
        } else if let first = existing.editionIDList.first {
            fillEdition(first, from: book, in: &store)
        } else if book.publisher != nil || book.pages != nil || book.year != nil {
            readingEdition = LibraryStore.related("a new edition of \(work)") { () throws(StoreError) in try store.insertEdition(Self.editionDraft(book), of: work) }
        }
        if let entryID = existing.entryIDList.first, let entry = store.entry(entryID) {
            let draft = Self.entryDraft(book)
            LibraryStore.related("the merged entry \(entryID)") { () throws(StoreError) in try store.updateEntry(entryID) { kept in
                if kept.rating == nil { kept.rating = draft.rating }
                if kept.notes == nil { kept.notes = draft.notes }
                if kept.dateAdded == nil { kept.dateAdded = draft.dateAdded }
                if kept.dateCompleted == nil { kept.dateCompleted = draft.dateCompleted }
                // "To read" is the least informative status: a richer one from the row replaces it.
                if entry.readingStatus == .toRead, book.readingStatus != nil, draft.readingStatus != .toRead {
                    kept.readingStatus = draft.readingStatus
                    kept.currentPage = draft.currentPage
                }
            } }
        } else {
            LibraryStore.related("a new entry for \(work)") { () throws(StoreError) in try store.insertEntry(Self.entryDraft(book), for: work, edition: readingEdition) }
        }
    }

    /// Fills a known edition's missing fields from the row.
    func fillEdition(_ edition: PersistentIdentifier, from book: ImportedBook, in store: inout LibraryStore) {
        LibraryStore.related("the merged edition \(edition)") { () throws(StoreError) in
            try store.updateEdition(edition) { kept in
                if kept.publisher == nil { kept.publisher = book.publisher }
                if kept.pageCount == nil { kept.pageCount = book.pages }
                if kept.publicationDate == nil { kept.publicationDate = book.year.map(String.init) }
            }
        }
    }
}
