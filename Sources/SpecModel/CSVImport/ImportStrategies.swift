/// How rows that duplicate a book already known are handled (seed 004_…, User Story 2).
public enum DuplicateStrategy: String, Hashable, Sendable, CaseIterable {
    /// Merge into the known book, keeping the richer data: the known book's values win, and its gaps
    /// are filled from the row (Decision D-031).
    case smart
    /// Leave the known book as it is and count the row as a duplicate.
    case skip
    /// Delete the known book and insert the row's (the seed's "update", Decision D-128).
    case replaceAll
}

// The strategies, and a new book's insertion, applied row by row to the store through its ordinary
// operations (insert, link, update, delete), for `PlainImport`.
extension PlainImport {
    /// What a batch changed, for its record in the checkpoint and for the enrichment queue.
    struct BatchChanges {
        /// The works inserted, to be queued once the batch is saved.
        var newWorks: [PersistentIdentifier] = []
        /// Works queued by an earlier batch and replaced by this one, to leave the queue then.
        var replacedWorks: [PersistentIdentifier] = []
        /// Each row inserted, merged or replacing, with its work (D-131).
        var rows: [ImportedRow] = []
        /// Each work Replace All deleted, with the one that replaced it.
        var replacements: [WorkReplacement] = []
    }

    /// Imports one row's book: a new work when it duplicates no known book, else what the strategy
    /// says (seed 004_…, User Story 2; Decisions D-031, D-032, D-122). A row an earlier import
    /// handled duplicates the work it went into, before any tier is asked (D-131).
    mutating func importBook(
        _ book: ImportedBook, row: ImportedRowFingerprint, into store: inout LibraryStore, tally: inout ImportSummary, changes: inout BatchChanges
    ) {
        for warning in book.warnings { tally.warnings.append(RowIssue(rowNumber: book.rowNumber, reason: warning)) }
        let match = earlierRows.work(of: row, in: store).map { DuplicateMatch(workID: $0, tier: .alreadyImported, authorSimilarity: 1) }
            ?? DuplicateRule.bestMatch(for: DuplicateKeys(book), in: books)
        guard let match else {
            let work = insert(book, into: &store)
            changes.newWorks.append(work)
            changes.rows.append(ImportedRow(fingerprint: row, work: work))
            tally.imported += 1
            return
        }
        switch strategy {
        case .skip:
            tally.duplicates += 1
        case .smart:
            merge(book, into: match.workID, in: &store)
            changes.rows.append(ImportedRow(fingerprint: row, work: match.workID))
            tally.duplicates += 1
            tally.merged += 1
        case .replaceAll:
            let work: PersistentIdentifier
            do {
                work = try replace(match.workID, with: book, in: &store)
            } catch {
                // The store refused the delete (a fault): the known book stays, and the row is an error.
                tally.errors.append(RowIssue(rowNumber: book.rowNumber, reason: "the duplicate it replaces could not be deleted: \(error)"))
                return
            }
            if let queued = changes.newWorks.firstIndex(of: match.workID) {
                changes.newWorks.remove(at: queued)
            } else {
                changes.replacedWorks.append(match.workID)
            }
            changes.newWorks.append(work)
            changes.rows.append(ImportedRow(fingerprint: row, work: work))
            changes.replacements.append(WorkReplacement(replaced: match.workID, by: work))
            tally.imported += 1
            tally.replaced += 1
        }
        tally.matches[book.rowNumber] = match
    }

    /// Inserts the book as a new work: its authors (`author(named:)`), an edition when the row says
    /// anything of one (an ISBN, a publisher, pages or a year), and the user's entry, reading that
    /// edition.
    mutating func insert(_ book: ImportedBook, into store: inout LibraryStore) -> PersistentIdentifier {
        let work = store.insertWork(WorkDraft(title: book.title, firstPublicationYear: book.originalYear ?? book.year))
        link(book.authors, to: work, in: &store)
        var edition: PersistentIdentifier?
        if book.isbn != nil || book.publisher != nil || book.pages != nil || book.year != nil {
            edition = LibraryStore.related("an edition of the new work \(work)") { () throws(StoreError) in
                try store.insertEdition(Self.edition(of: book), of: work)
            }
        }
        LibraryStore.related("the entry of the new work \(work)") { () throws(StoreError) in
            try store.insertEntry(Self.entry(of: book), for: work, edition: edition)
        }
        books.append((work, DuplicateKeys(book)))
        return work
    }

    /// Smart (Decision D-031): the known work keeps its values and takes from the row what it lacks.
    ///
    /// - The work's year, if it has none.
    /// - The row's authors it does not have: none whose key is more than 80% similar to one of the
    ///   work's authors' keys (tier 3's measure: "Suzanne Colins" is Suzanne Collins).
    /// - The row's ISBN as another edition, if none of the work's editions has it (else that edition's
    ///   missing publisher, pages and year); without an ISBN, the first edition's missing fields, or a
    ///   new edition if the work has none and the row says anything of one.
    /// - The entry's missing rating, notes and dates; a status of "to read", the least informative,
    ///   gives way to the row's. A work without an entry gets the row's, reading the edition the row
    ///   matched or added, else the work's first.
    mutating func merge(_ book: ImportedBook, into workID: PersistentIdentifier, in store: inout LibraryStore) {
        // The candidates are the library as the batch began, read again after any change by others
        // (D-190), and nothing but the import changes it within a batch.
        guard let work = store.work(workID) else { preconditionFailure("Smart merges into \(workID), which the library does not hold") }
        if work.firstPublicationYear == nil, let year = book.originalYear ?? book.year {
            LibraryStore.related("the merged work \(workID)") { () throws(StoreError) in try store.updateWork(workID) { $0.firstPublicationYear = year } }
        }
        let knownKeys = work.authorIDList.compactMap { store.author($0).map { AuthorNames.key($0.name) } }
        let newAuthors = book.authors.filter { name in
            !knownKeys.contains { AuthorSimilarity.score(keys: $0, AuthorNames.key(name)) > AuthorSimilarity.duplicateThreshold }
        }
        link(newAuthors, to: workID, in: &store)

        var readingEdition = work.editionIDList.first
        if let isbn = book.isbn {
            if let same = work.editionIDList.first(where: { store.edition($0)?.isbn13 == isbn.isbn13 }) {
                readingEdition = same
                fill(same, from: book, in: &store)
            } else {
                let added = LibraryStore.related("a new edition of \(workID)") { () throws(StoreError) in
                    try store.insertEdition(Self.edition(of: book), of: workID)
                }
                readingEdition = readingEdition ?? added
                if let known = books.firstIndex(where: { $0.work == workID }) { books[known].keys.otherISBN13s.append(isbn.isbn13) }
            }
        } else if let first = work.editionIDList.first {
            fill(first, from: book, in: &store)
        } else if book.publisher != nil || book.pages != nil || book.year != nil {
            readingEdition = LibraryStore.related("a new edition of \(workID)") { () throws(StoreError) in
                try store.insertEdition(Self.edition(of: book), of: workID)
            }
        }

        let row = Self.entry(of: book)
        if let entryID = work.entryIDList.first, let entry = store.entry(entryID) {
            LibraryStore.related("the merged entry \(entryID)") { () throws(StoreError) in
                try store.updateEntry(entryID) { kept in
                    kept.rating = kept.rating ?? row.rating
                    kept.notes = kept.notes ?? row.notes
                    kept.dateAdded = kept.dateAdded ?? row.dateAdded
                    kept.dateCompleted = kept.dateCompleted ?? row.dateCompleted
                    if entry.readingStatus == .toRead, book.readingStatus != nil, row.readingStatus != .toRead {
                        kept.readingStatus = row.readingStatus
                        kept.currentPage = row.currentPage
                    }
                }
            }
        } else {
            LibraryStore.related("a new entry for \(workID)") { () throws(StoreError) in
                try store.insertEntry(row, for: workID, edition: readingEdition)
            }
        }
    }

    /// Fills a known edition's missing publisher, pages and year from the row.
    func fill(_ edition: PersistentIdentifier, from book: ImportedBook, in store: inout LibraryStore) {
        LibraryStore.related("the merged edition \(edition)") { () throws(StoreError) in
            try store.updateEdition(edition) { kept in
                kept.publisher = kept.publisher ?? book.publisher
                kept.pageCount = kept.pageCount ?? book.pages
                kept.publicationDate = kept.publicationDate ?? book.year.map(String.init)
            }
        }
    }

    /// Replace All (Decision D-122): deletes the known work, inserts the row's book, then deletes those
    /// of the known work's authors left with no works. The new book is inserted first, so an author it
    /// names again keeps their identity.
    ///
    /// - Throws: the store's refusal to delete the known work; nothing has changed then.
    mutating func replace(_ workID: PersistentIdentifier, with book: ImportedBook, in store: inout LibraryStore) throws(StoreError) -> PersistentIdentifier {
        let authors = store.work(workID)?.authorIDList.map { $0 } ?? []
        _ = try store.delete(workID)
        books.removeAll { $0.work == workID }
        let work = insert(book, into: &store)
        for author in authors {
            guard let known = store.author(author), known.workIDList.isEmpty else { continue }
            do {
                _ = try store.delete(author)
            } catch {
                // The author is live, and a delete fault pending would have refused the work's delete.
                preconditionFailure("deleting \(author), left with no works by a replacement, failed: \(error)")
            }
        }
        return work
    }

    /// Links each named author to the work (linking twice changes nothing).
    mutating func link(_ names: [String], to work: PersistentIdentifier, in store: inout LibraryStore) {
        for name in names {
            let author = author(named: name, in: &store)
            LibraryStore.related("linking \(author) to \(work)") { () throws(StoreError) in try store.link(author: author, to: work) }
        }
    }

    /// The author a name stands for: the earliest-created live author of the library with the same
    /// key (`AuthorNames.key`), else a new one with this name. Authors are shared by name, and outlive
    /// their works (Decision D-015).
    mutating func author(named name: String, in store: inout LibraryStore) -> PersistentIdentifier {
        let key = AuthorNames.key(name)
        if let known = authors.first(where: { $0.key == key && store.contains($0.author) }) { return known.author }
        let author = store.insertAuthor(AuthorDraft(name: name))
        authors.append((author, key))
        return author
    }

    /// The edition a row describes.
    static func edition(of book: ImportedBook) -> EditionDraft {
        EditionDraft(
            isbn10: book.isbn?.isbn10, isbn13: book.isbn?.isbn13, publisher: book.publisher, publicationDate: book.year.map(String.init),
            pageCount: book.pages
        )
    }

    /// The user's entry a row describes: its status ("to read" when it has none), the page reached
    /// and the completion date when read, its rating, notes and date added.
    static func entry(of book: ImportedBook) -> EntryDraft {
        let status = book.readingStatus ?? .toRead
        return EntryDraft(
            readingStatus: status, currentPage: status == .read ? (book.pages ?? 0) : 0, rating: book.rating, notes: book.notes,
            dateAdded: book.dateAdded, dateCompleted: status == .read ? book.dateRead : nil
        )
    }
}
