import SpecModel

/// Store seam: the library an import writes into, as the import suite builds and observes it.
///
/// Seed 004_…, "Data Model Changes" (`Work`, `Edition`, `Author`, `UserLibraryEntry`) and the batch
/// saves of Non-Functional Requirements (Batch Size: 50 rows/batch). The suite fills a library with
/// `addBook` before an import, then reads every book and the number of saves after it. Wrap the app's
/// SwiftData context (or an in-memory one):
///
///     struct AppLibrary: ImportLibraryStoring {
///         let context = ModelContext(testContainer)   // its save() counts into saves
///         mutating func addBook(_ book: LibraryBook) { context.insert(Work(book)); try! context.save() }
///         func books() -> [LibraryBook] { try! context.fetch(FetchDescriptor<Work>()).map(LibraryBook.init) }
///         var saveCount: Int { context.saves }
///     }
public protocol ImportLibraryStoring {
    /// Adds a book (work, authors shared by name, one edition per ISBN, one library entry) to the
    /// library, saved. The suite's own additions are not counted in `saveCount`.
    mutating func addBook(_ book: LibraryBook)
    /// Every book in the library, in any order.
    func books() -> [LibraryBook]
    /// How many times the library was saved other than by `addBook`: the import's saves.
    var saveCount: Int { get }
    /// The name of every author in the library, with works or without, in any order; `nil` when the
    /// store cannot list authors apart from their works (the default), which makes the checks that
    /// need it not applicable.
    func authorNames() -> [String]?
}

extension ImportLibraryStoring {
    /// `nil`: a store that lists no authors apart from their works (see the protocol).
    public func authorNames() -> [String]? { nil }
}

/// A book of the library as the import suite sees it: the work, its authors and editions' ISBNs, and
/// the user's entry.
public struct LibraryBook: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The work's title, as the user sees it.
    public var title: String
    /// The work's authors' names, primary first.
    public var authors: [String]
    /// The ISBN-13 of each edition that has one, in the order the editions were added.
    public var isbns: [String]
    /// The work's first publication year.
    public var year: Int?
    /// The entry's reading status (`.toRead` when the work has no entry).
    public var status: ReadingStatus
    /// The entry's rating in stars, quarter steps.
    public var rating: Double?
    /// The entry's notes (an export's review or private notes).
    public var notes: String?

    /// A value with the given fields.
    public init(
        title: String, authors: [String], isbns: [String] = [], year: Int? = nil, status: ReadingStatus = .toRead, rating: Double? = nil,
        notes: String? = nil
    ) {
        self.title = title
        self.authors = authors
        self.isbns = isbns
        self.year = year
        self.status = status
        self.rating = rating
        self.notes = notes
    }

    /// One line for reports.
    public var description: String {
        var parts = ["\(String(reflecting: title)) by \(authors)"]
        if !isbns.isEmpty { parts.append("ISBN \(isbns.joined(separator: ", "))") }
        if let year { parts.append("\(year)") }
        parts.append("\(status)")
        if let rating { parts.append("\(rating) stars") }
        if let notes { parts.append("notes \(String(reflecting: notes))") }
        return parts.joined(separator: ", ")
    }

    /// An order for comparing libraries whatever order a store returns them in.
    public static func < (lhs: LibraryBook, rhs: LibraryBook) -> Bool { lhs.description < rhs.description }
}

/// The model's library (`LibraryStore` inside `AppState`), counting the import's saves.
public struct ModelImportLibrary: ImportLibraryStoring {
    /// The app the model's import writes into.
    var app = AppState()
    /// The import's saves: one per batch (`PlainImport.importNextBatch` saves once).
    public internal(set) var saveCount = 0

    /// The model's adapter, over a fresh model.
    public init() {}

    /// The model's answer (see the protocol).
    public mutating func addBook(_ book: LibraryBook) {
        do throws(StoreError) {
            let work = app.store.insertWork(WorkDraft(title: book.title, firstPublicationYear: book.year))
            for name in book.authors {
                let author: PersistentIdentifier
                if let known = app.store.authors().first(where: { $0.name == name }) {
                    author = known.id
                } else {
                    author = app.store.insertAuthor(AuthorDraft(name: name))
                }
                try app.store.link(author: author, to: work)
            }
            var first: PersistentIdentifier?
            for isbn in book.isbns {
                var isbn10: String?
                if case let .valid(value) = ISBNValue.parse(isbn) { isbn10 = value.isbn10 }
                let edition = try app.store.insertEdition(EditionDraft(isbn10: isbn10, isbn13: isbn), of: work)
                first = first ?? edition
            }
            try app.store.insertEntry(EntryDraft(readingStatus: book.status, rating: book.rating, notes: book.notes), for: work, edition: first)
            try app.store.save()
        } catch {
            preconditionFailure("the model's store refused a book the suite added: \(error)")
        }
    }

    /// The model's answer (see the protocol).
    public func authorNames() -> [String]? {
        app.store.authors().map(\.name)
    }

    /// The model's answer (see the protocol).
    public func books() -> [LibraryBook] {
        let store = app.store
        return store.works().map { work in
            let entry = work.entryIDs.first.flatMap { store.entry($0) }
            return LibraryBook(
                title: work.title, authors: work.authorIDs.compactMap { store.author($0)?.name },
                isbns: work.editionIDs.compactMap { store.edition($0)?.isbn13 }, year: work.firstPublicationYear,
                status: entry?.readingStatus ?? .toRead, rating: entry?.rating, notes: entry?.notes
            )
        }
    }
}
