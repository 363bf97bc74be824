import SpecConformance
import SpecModel

// Wrong importers: an import written plainly from the seed and the decisions (the model's file checks
// and row reading, every row compared with every known book, the library a list of books), with one
// detail wrong in each.

/// A library held as a list of books and a list of author names, counting saves.
struct ListLibrary: ImportLibraryStoring {
    var stored: [LibraryBook] = []
    /// Every author's name, shared by exact name as the model's `addBook` shares them.
    var authors: [String] = []
    var saveCount = 0

    mutating func addBook(_ book: LibraryBook) {
        stored.append(book)
        for name in book.authors where !authors.contains(name) { authors.append(name) }
    }

    func books() -> [LibraryBook] { stored }
    func authorNames() -> [String]? { authors }
}

/// The import written plainly, with one flaw.
struct PlainImporter: StrategyImporting {
    enum Flaw: Sendable {
        /// None: the plain implementation as it should be, which passes every rule.
        case none
        /// One save at the end of the file, "all-or-nothing" (the seed read literally, O-10), so the
        /// progress shows only at the end.
        case oneSaveAtTheEnd
        /// Batches of 51 rows (`>` for `>=` at the batch boundary).
        case batchesOf51
        /// The percentage rounded to the nearest whole, not down.
        case progressRoundedToNearest
        /// Error rows numbered from the first data row, not the header.
        case errorRowsCountedFromFirstDataRow
        /// The seed's "update" strategy: Replace All overwrites the known book with the row's values
        /// and keeps what the row lacks.
        case replaceAllUpdatesInPlace
        /// Smart lets the row's values win over the library's.
        case smartRowWins
        /// Only the library's books are looked up: rows repeating an earlier row of the file are new.
        case fileDuplicatesNotLookedUp
        /// The seed's "If SwiftData query fails, assume no duplicate" (O-13), with a query that fails
        /// on a title holding an apostrophe: the row is imported as a new book.
        case failedQueryImportsTheRow
        /// Tier 3 as the seed words it, before D-120: a row matches a book with another valid ISBN
        /// when their normalized titles and authors do (Skip dropped a companion book).
        case fuzzyTierIgnoresISBNs
        /// Smart writes the row's ISBN over the library edition's, where it should add an edition.
        case smartReplacesTheEditionsISBN
        /// Replace All keeps the authors the replacement leaves with no works (the import before D-122).
        case replaceAllKeepsAuthorsWithoutWorks
        /// Replace All deletes the replaced book's authors before inserting the row's book, so an
        /// author the row names again is made anew, spelled as the row spells them.
        case replaceAllDeletesAuthorsBeforeInserting
    }

    /// A book known to the import, with its duplicate keys and every ISBN-13 its editions have.
    struct Known {
        var book: LibraryBook
        var keys: DuplicateKeys
        var isbns: [String]
        var fromFile: Bool
        /// False once replaced: the list keeps creation order, so a replaced book stays, dead.
        var isLive = true
    }

    /// The known books in creation order, with the indices of those that share each key, so that a
    /// row is compared only with the books that can match it (dictionaries looked up, never iterated).
    struct KnownBooks {
        var books: [Known] = []
        var byTitleKey: [String: [Int]] = [:]
        var byISBN: [String: [Int]] = [:]
        var byNormalizedTitle: [String: [Int]] = [:]

        mutating func append(_ known: Known) {
            let index = books.count
            books.append(known)
            byTitleKey[known.keys.titleKey, default: []].append(index)
            byNormalizedTitle[known.keys.normalizedTitleKey, default: []].append(index)
            for isbn in known.isbns { byISBN[isbn, default: []].append(index) }
        }

        mutating func addISBN(_ isbn: String, to index: Int) {
            books[index].isbns.append(isbn)
            byISBN[isbn, default: []].append(index)
        }

        /// The live books that share a key with `keys`, in creation order.
        func candidates(for keys: DuplicateKeys) -> [Int] {
            var indices = (byTitleKey[keys.titleKey] ?? []) + (byNormalizedTitle[keys.normalizedTitleKey] ?? [])
            if let isbn = keys.isbn13 { indices += byISBN[isbn] ?? [] }
            return Array(Set(indices)).sorted().filter { books[$0].isLive }
        }
    }

    let flaw: Flaw
    var library = ListLibrary()

    init(flaw: Flaw) {
        self.flaw = flaw
    }

    mutating func importFile(_ file: ImportFile, strategy: DuplicateStrategy) -> Result<ImportReport, ImportRefusal> {
        // The file checks do not depend on the library: the model's, on an empty store.
        let prepared: CSVImport
        switch CSVImport.prepare(file, library: LibraryStore(), strategy: strategy) {
        case let .failure(error): return .failure(ImportRefusal(error))
        case let .success(run): prepared = run
        }
        let records: [CSVRow]
        do {
            records = try CSVParser.rows(in: file.bytes, dialect: CSVDialect.detect(in: file.bytes))
        } catch {
            return .failure(.unreadable)
        }
        let rows = Array(records.dropFirst())
        var known = KnownBooks()
        for book in library.stored {
            known.append(Known(book: book, keys: DuplicateKeys(title: book.title, author: book.authors.first ?? "", isbn13: book.isbns.first), isbns: book.isbns, fromFile: false))
        }
        // Authors are shared by name key, the first created winning (looked up, never iterated).
        var authorNames: [String: String] = [:]
        for name in library.authors where authorNames[AuthorNames.key(name)] == nil { authorNames[AuthorNames.key(name)] = name }
        var authors = library.authors
        var imported = 0
        var duplicates = 0
        var errorRows: [Int] = []
        var progress: [String] = []
        let batchRows = flaw == .batchesOf51 ? 51 : 50
        for (offset, row) in rows.enumerated() {
            switch BookRowReader.read(fields: row.fields, rowNumber: row.number, headerCount: prepared.header.count, mapping: prepared.detection.mapping) {
            case let .failure(issue):
                errorRows.append(flaw == .errorRowsCountedFromFirstDataRow ? issue.rowNumber - 1 : issue.rowNumber)
            case let .success(book):
                if let index = match(book, in: known) {
                    switch strategy {
                    case .skip:
                        duplicates += 1
                    case .smart:
                        merge(book, into: &known, at: index, authorNames: &authorNames)
                        duplicates += 1
                    case .replaceAll:
                        let replaced = known.books[index].book.authors
                        known.books[index].isLive = false
                        if flaw == .replaceAllDeletesAuthorsBeforeInserting { removeAuthorsWithoutBooks(replaced, known, &authors, &authorNames) }
                        if flaw == .replaceAllUpdatesInPlace {
                            known.append(update(known.books[index], with: book, authorNames: &authorNames))
                        } else {
                            known.append(newBook(book, authorNames: &authorNames))
                        }
                        if flaw != .replaceAllKeepsAuthorsWithoutWorks { removeAuthorsWithoutBooks(replaced, known, &authors, &authorNames) }
                        imported += 1
                    }
                } else {
                    known.append(newBook(book, authorNames: &authorNames))
                    imported += 1
                }
            }
            for name in authorNames.values.sorted() where !authors.contains(name) { authors.append(name) }
            let handled = offset + 1
            if flaw != .oneSaveAtTheEnd, handled % batchRows == 0 || handled == rows.count {
                library.authors = authors
                library.stored = known.books.filter(\.isLive).map(\.book)
                library.saveCount += 1
                progress.append(line(handled, of: rows.count))
            }
        }
        if flaw == .oneSaveAtTheEnd {
            library.authors = authors
            library.stored = known.books.filter(\.isLive).map(\.book)
            library.saveCount += 1
            progress.append(line(rows.count, of: rows.count))
        }
        return .success(ImportReport(imported: imported, duplicates: duplicates, errorRows: errorRows.sorted(), progress: progress))
    }

    func line(_ handled: Int, of total: Int) -> String {
        let percent = flaw == .progressRoundedToNearest ? (handled * 100 + total / 2) / total : handled * 100 / total
        return "Imported \(handled)/\(total) books (\(percent)%)"
    }

    /// The best match among the known books: the best tier, then the most similar author, then the
    /// earliest created.
    func match(_ book: ImportedBook, in known: KnownBooks) -> Int? {
        if flaw == .failedQueryImportsTheRow, book.title.contains("'") { return nil }
        let keys = DuplicateKeys(book)
        var best: (index: Int, tier: DuplicateTier, similarity: Double)?
        for index in known.candidates(for: keys) where flaw != .fileDuplicatesNotLookedUp || !known.books[index].fromFile {
            let entry = known.books[index]
            var found: (tier: DuplicateTier, similarity: Double)?
            if entry.keys.titleKey == keys.titleKey, entry.keys.authorKey == keys.authorKey {
                found = (.titleAndAuthor, 1)
            } else if let isbn = keys.isbn13, entry.isbns.contains(isbn) {
                found = (.isbn, 1)
            } else if flaw == .fuzzyTierIgnoresISBNs || keys.isbn13 == nil || entry.isbns.isEmpty,
                entry.keys.normalizedTitleKey == keys.normalizedTitleKey, entry.keys.distinctions.allowsSameBook(as: keys.distinctions)
            {
                let similarity = AuthorSimilarity.score(keys: entry.keys.authorKey, keys.authorKey)
                if similarity > AuthorSimilarity.duplicateThreshold { found = (.normalizedTitleAndSimilarAuthor, similarity) }
            }
            guard let found else { continue }
            if let current = best, current.tier < found.tier || (current.tier == found.tier && current.similarity >= found.similarity) { continue }
            best = (index, found.tier, found.similarity)
        }
        return best?.index
    }

    /// Replace All (D-122): forgets the replaced book's authors whom no live book names any more.
    func removeAuthorsWithoutBooks(_ names: [String], _ known: KnownBooks, _ authors: inout [String], _ authorNames: inout [String: String]) {
        for name in names where !known.books.contains(where: { $0.isLive && $0.book.authors.contains(name) }) {
            authors.removeAll { $0 == name }
            if authorNames[AuthorNames.key(name)] == name { authorNames[AuthorNames.key(name)] = nil }
        }
    }

    /// The name of the author a row's name links to: the known author of the same key, or the name
    /// itself, which becomes known.
    func author(_ name: String, _ authorNames: inout [String: String]) -> String {
        let key = AuthorNames.key(name)
        if let known = authorNames[key] { return known }
        authorNames[key] = name
        return name
    }

    func newBook(_ book: ImportedBook, authorNames: inout [String: String]) -> Known {
        var names: [String] = []
        var keys: [String] = []
        for name in book.authors where !keys.contains(AuthorNames.key(name)) {
            keys.append(AuthorNames.key(name))
            names.append(author(name, &authorNames))
        }
        let isbns = book.isbn.map { [$0.isbn13] } ?? []
        let stored = LibraryBook(
            title: book.title, authors: names, isbns: isbns, year: book.originalYear ?? book.year, status: book.readingStatus ?? .toRead,
            rating: book.rating, notes: book.notes
        )
        return Known(book: stored, keys: DuplicateKeys(book), isbns: isbns, fromFile: true)
    }

    /// Smart (D-031): the library's values win, the row fills the gaps.
    func merge(_ book: ImportedBook, into known: inout KnownBooks, at index: Int, authorNames: inout [String: String]) {
        let entry = known.books[index]
        var kept = entry.book
        let rowWins = flaw == .smartRowWins
        if let year = book.originalYear ?? book.year, kept.year == nil || rowWins { kept.year = year }
        let knownKeys = kept.authors.map { AuthorNames.key($0) }
        for name in book.authors where !knownKeys.contains(where: { AuthorSimilarity.score(keys: $0, AuthorNames.key(name)) > AuthorSimilarity.duplicateThreshold }) {
            let linked = author(name, &authorNames)
            if !kept.authors.contains(linked) { kept.authors.append(linked) }
        }
        if let isbn = book.isbn, !entry.isbns.contains(isbn.isbn13) {
            if flaw == .smartReplacesTheEditionsISBN, !kept.isbns.isEmpty {
                kept.isbns[0] = isbn.isbn13
            } else {
                kept.isbns.append(isbn.isbn13)
            }
            known.addISBN(isbn.isbn13, to: index)
        }
        if let rating = book.rating, kept.rating == nil || rowWins { kept.rating = rating }
        if let notes = book.notes, kept.notes == nil || rowWins { kept.notes = notes }
        if let status = book.readingStatus, status != .toRead || rowWins, kept.status == .toRead || rowWins { kept.status = status }
        known.books[index].book = kept
    }

    /// The seed's "update": the row's values over the known book's, the rest kept.
    func update(_ entry: Known, with book: ImportedBook, authorNames: inout [String: String]) -> Known {
        var updated = entry.book
        updated.title = book.title
        updated.authors = book.authors.map { author($0, &authorNames) }
        if let isbn = book.isbn { updated.isbns = [isbn.isbn13] }
        if let year = book.originalYear ?? book.year { updated.year = year }
        if let status = book.readingStatus { updated.status = status }
        if let rating = book.rating { updated.rating = rating }
        if let notes = book.notes { updated.notes = notes }
        return Known(book: updated, keys: DuplicateKeys(book), isbns: updated.isbns, fromFile: true)
    }
}

enum WrongStrategyImporters {
    static let all: [WrongImplementation] = [
        .of({ .strategyImport }, "OneSaveAtTheEnd", flaw: "saves once, at the end of the file: the seed's \"all-or-nothing imports\" read literally (O-10)", breaks: "IMPORT-06") {
            PlainImporter(flaw: .oneSaveAtTheEnd)
        },
        .of({ .strategyImport }, "BatchesOf51", flaw: "saves after every 51 rows (the batch boundary off by one)", breaks: "IMPORT-06") {
            PlainImporter(flaw: .batchesOf51)
        },
        .of({ .strategyImport }, "ProgressRoundedToNearest", flaw: "rounds the progress percentage to the nearest whole: 50 of 120 is 42%", breaks: "IMPORT-15") {
            PlainImporter(flaw: .progressRoundedToNearest)
        },
        .of({ .strategyImport }, "ErrorRowsCountedFromFirstDataRow", flaw: "numbers error rows from the first data row, not the header", breaks: "IMPORT-09") {
            PlainImporter(flaw: .errorRowsCountedFromFirstDataRow)
        },
        .of({ .strategyImport }, "ReplaceAllUpdatesInPlace", flaw: "the seed's \"update\" strategy: Replace All overwrites the old book with the row's values and keeps its ISBN, year and notes", breaks: "IMPORT-04") {
            PlainImporter(flaw: .replaceAllUpdatesInPlace)
        },
        .of({ .strategyImport }, "SmartRowWins", flaw: "Smart lets the row's rating, status, year and notes overwrite the library's", breaks: "IMPORT-03") {
            PlainImporter(flaw: .smartRowWins)
        },
        .of({ .strategyImport }, "FileDuplicatesNotLookedUp", flaw: "looks rows up in the library only, so a file's repeated rows are all imported", breaks: "IMPORT-05") {
            PlainImporter(flaw: .fileDuplicatesNotLookedUp)
        },
        .of({ .strategyImport }, "FuzzyTierIgnoresISBNs", flaw: "matches a row to a book with another valid ISBN by tier 3 (the import before D-120): Skip drops a companion book, Smart merges it", breaks: "IMPORT-12") {
            PlainImporter(flaw: .fuzzyTierIgnoresISBNs)
        },
        .of({ .strategyImport }, "SmartReplacesTheEditionsISBN", flaw: "Smart writes another edition's ISBN over the library edition's instead of adding an edition", breaks: "IMPORT-12") {
            PlainImporter(flaw: .smartReplacesTheEditionsISBN)
        },
        .of({ .strategyImport }, "ReplaceAllKeepsAuthorsWithoutWorks", flaw: "Replace All leaves the replaced book's authors in the library with no works (the import before D-122)", breaks: "IMPORT-11") {
            PlainImporter(flaw: .replaceAllKeepsAuthorsWithoutWorks)
        },
        .of({ .strategyImport }, "ReplaceAllDeletesAuthorsBeforeInserting", flaw: "Replace All deletes the replaced book's authors before inserting the row's book, so an author the row names again is made anew as the row spells them", breaks: "IMPORT-11") {
            PlainImporter(flaw: .replaceAllDeletesAuthorsBeforeInserting)
        },
        .of({ .strategyImport }, "FailedQueryImportsTheRow", flaw: "the seed's \"If SwiftData query fails, assume no duplicate\" (O-13), with a query that fails on an apostrophe: Skip imports the duplicate", breaks: "IMPORT-02") {
            PlainImporter(flaw: .failedQueryImportsTheRow)
        },
    ]
}
