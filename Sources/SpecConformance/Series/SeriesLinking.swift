import SpecModel

/// Seam: the user's series library, where detection links books to series and the user's edits stick.
///
/// Seed 002_…, the flow "Auto-Detect Series Name + Position → Series Already Exists? → Link Book to
/// Existing Series / Create New Series Entity", "Manual Series Management" and "Data Integrity"; the
/// seed's `SeriesDetectionService.detectAndLink(work:)`. Books are named by keys the suite chooses;
/// series by their names as `allSeries()` reports them. Wrap the app's service over an in-memory store:
///
///     struct AppSeriesLibrary: SeriesLinking {
///         var app = SeriesTestHarness(inMemory: true)  // the app's ModelContainer, detection service and edits
///         mutating func addBook(_ book: SeriesLibraryBook) { app.insertWork(book.key, title: book.title, author: book.author) }
///         mutating func detectAndLink(_ key: String, metadata: SeriesMetadata) { app.detectAndLink(key, AppSeriesInfo(metadata)) }
///         mutating func apply(_ edit: SeriesUserEdit) -> Bool { app.apply(edit) }  // deleteBook, allSeries alike
///     }
public protocol SeriesLinking {
    /// Saves a book in the user's library: a work with this title (as imported, with any Goodreads
    /// marker) and first author. The suite never adds a key twice.
    mutating func addBook(_ book: SeriesLibraryBook)
    /// Detects the series of the book `key` from `metadata` and its title, and links it: the
    /// seed's `detectAndLink(work:)` after enrichment. The suite names only books in the library.
    mutating func detectAndLink(_ key: String, metadata: SeriesMetadata)
    /// Applies the user's edit; whether it changed the library (a refused edit changes nothing).
    mutating func apply(_ edit: SeriesUserEdit) -> Bool
    /// Deletes the book from the library (the user deleted it, or reset the library); its series stay.
    mutating func deleteBook(_ key: String)
    /// Every series, in any order.
    func allSeries() -> [LinkedSeries]
}

/// A book of the user's library as the linking suite adds it.
public struct SeriesLibraryBook: Hashable, Sendable, CustomStringConvertible {
    /// The suite's name for the book.
    public var key: String
    /// The title as imported, with any Goodreads marker.
    public var title: String
    /// The book's first author, if any.
    public var author: String?

    /// Builds a book from the suite's key, its title as imported and its first author.
    public init(key: String, title: String, author: String? = nil) {
        self.key = key
        self.title = title
        self.author = author
    }

    public var description: String { "\(key) \(String(reflecting: title))" + (author.map { " by \($0)" } ?? "") }
}

/// One of the user's edits (seed 002_…, User Story 3 and "Manual Series Management").
public enum SeriesUserEdit: Hashable, Sendable, CustomStringConvertible {
    /// "Create Series": a name and, optionally, a total.
    case create(name: String, totalBooks: Int?)
    case assign(book: String, series: String, place: SeriesPlace)
    /// Take a book out of a series; the book stays in the library.
    case remove(book: String, series: String)
    /// Rename a series; a name that is invalid or another series' is refused.
    case rename(series: String, to: String)
    /// Delete a series; its books stay in the library.
    case delete(series: String)
    /// Drag-to-reorder: the series' books in a new reading order, each exactly once.
    case reorder(series: String, books: [String])

    public var description: String {
        switch self {
        case let .create(name, total): return "create \(String(reflecting: name))" + (total.map { " of \($0)" } ?? "")
        case let .assign(book, series, place): return "assign \(book) to \(String(reflecting: series)) at #\(place)"
        case let .remove(book, series): return "remove \(book) from \(String(reflecting: series))"
        case let .rename(series, name): return "rename \(String(reflecting: series)) to \(String(reflecting: name))"
        case let .delete(series): return "delete \(String(reflecting: series))"
        case let .reorder(series, books): return "reorder \(String(reflecting: series)) as \(books)"
        }
    }
}

/// A book of a series: the suite's key for it and its place.
public struct LinkedBook: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The suite's key for the book.
    public var book: String
    /// The book's place in the series.
    public var place: SeriesPlace

    /// Builds a book's place in a series, under the suite's key.
    public init(book: String, place: SeriesPlace) {
        self.book = book
        self.place = place
    }

    /// By place, then key.
    public static func < (lhs: LinkedBook, rhs: LinkedBook) -> Bool { (lhs.place, lhs.book) < (rhs.place, rhs.book) }

    public var description: String { "\(book) #\(place)" }
}

/// A series of the user's library as the linking suite observes it.
public struct LinkedSeries: Hashable, Sendable, CustomStringConvertible {
    /// The name as shown.
    public var name: String
    /// The number of books, or `nil` when unknown.
    public var totalBooks: Int?
    /// The author the series is attributed to, if known.
    public var author: String?
    /// Auto-detected or manual (the seed's `SeriesSource`).
    public var source: SeriesSource
    /// The books in reading order.
    public var books: [LinkedBook]

    /// Builds an observed series: its name, total, author, source and books in reading order.
    public init(name: String, totalBooks: Int? = nil, author: String? = nil, source: SeriesSource, books: [LinkedBook] = []) {
        self.name = name
        self.totalBooks = totalBooks
        self.author = author
        self.source = source
        self.books = books
    }

    /// `"The Expanse" (9, James S. A. Corey, manual): [b1 #1, b2 #2]`.
    public var description: String {
        String(reflecting: name) + " (" + [totalBooks.map { "\($0) books" } ?? "total unknown", author ?? "no author", source.rawValue].joined(separator: ", ") + "): "
            + "[" + books.map(\.description).joined(separator: ", ") + "]"
    }
}

extension [LinkedSeries] {
    /// The series by name key and name, each one's books by place and key: the order-free form two
    /// libraries are compared in.
    public var normalized: [LinkedSeries] {
        map { LinkedSeries(name: $0.name, totalBooks: $0.totalBooks, author: $0.author, source: $0.source, books: $0.books.sorted()) }
            .sorted { (SeriesName.key($0.name), $0.name, $0.description) < (SeriesName.key($1.name), $1.name, $1.description) }
    }
}

/// The model's series library (`SeriesLibrary` beside a `LibraryStore`), the reference every suite
/// compares with.
public struct ModelSeriesLinker: SeriesLinking {
    var world = ModelSeriesWorld()
    var works: [String: PersistentIdentifier] = [:]
    var keys: [PersistentIdentifier: String] = [:]
    var authors: [String: PersistentIdentifier] = [:]

    /// A model library with no books and no series.
    public init() {}

    /// Saves a work with the book's title, linked to its author, in the model's store; a key added twice is a programming error.
    public mutating func addBook(_ book: SeriesLibraryBook) {
        precondition(works[book.key] == nil, "the book \(book.key) is added twice")
        let work = world.store.insertWork(WorkDraft(title: book.title))
        do {
            if let author = book.author {
                let id = authors[author] ?? world.store.insertAuthor(AuthorDraft(name: author))
                authors[author] = id
                try world.store.link(author: id, to: work)
            }
            try world.store.save()
        } catch {
            preconditionFailure("the model's store refused \(book): \(error)")
        }
        works[book.key] = work
        keys[work] = book.key
    }

    /// Detects and links the book's series (`SeriesLibrary.detectSeries(for:metadata:in:at:)`); an unknown key does nothing.
    public mutating func detectAndLink(_ key: String, metadata: SeriesMetadata) {
        guard let work = works[key] else { return }
        _ = world.library.detectSeries(for: work, metadata: metadata, in: world.store, at: world.advance())
    }

    /// Applies the edit through the model's `SeriesLibrary`; an edit naming an unknown book or series is refused.
    public mutating func apply(_ edit: SeriesUserEdit) -> Bool {
        let now = world.advance()
        switch edit {
        case let .create(name, total):
            return world.library.createSeries(named: name, totalBooks: total, at: now).isApplied
        case let .assign(book, series, place):
            guard let work = works[book], let id = id(of: series) else { return false }
            return world.library.assign(work, to: id, place: place, in: world.store, at: now).isApplied
        case let .remove(book, series):
            guard let work = works[book], let id = id(of: series) else { return false }
            return world.library.remove(work, from: id, at: now).isApplied
        case let .rename(series, name):
            guard let id = id(of: series) else { return false }
            return world.library.rename(id, to: name, at: now).isApplied
        case let .delete(series):
            guard let id = id(of: series) else { return false }
            return world.library.deleteSeries(id, at: now).isApplied
        case let .reorder(series, books):
            guard let id = id(of: series) else { return false }
            var order: [PersistentIdentifier] = []
            for book in books {
                guard let work = works[book] else { return false }
                order.append(work)
            }
            return world.library.reorder(id, readingOrder: order, at: now).isApplied
        }
    }

    /// Deletes the book's work from the store, then `SeriesLibrary.removeDeletedWorks(in:at:)`; its series stay.
    public mutating func deleteBook(_ key: String) {
        guard let work = works.removeValue(forKey: key) else { return }
        do {
            _ = try world.store.delete(work)
            try world.store.save()
        } catch {
            preconditionFailure("the model's store refused to delete \(key): \(error)")
        }
        _ = world.library.removeDeletedWorks(in: world.store, at: world.advance())
    }

    /// Every series of the model's library (`SeriesLibrary.allSeries`), each book named by the suite's key.
    public func allSeries() -> [LinkedSeries] {
        world.library.allSeries.map { series in
            LinkedSeries(
                name: series.name, totalBooks: series.totalBooks, author: series.author, source: series.source,
                books: series.books.map { LinkedBook(book: keys[$0.workID] ?? "\($0.workID)", place: $0.place) }
            )
        }
    }

    /// The series whose current name is `name`, cleaned.
    func id(of name: String) -> SeriesID? {
        let cleaned = SeriesName.cleaned(name)
        return world.library.allSeries.first { $0.name == cleaned }?.id
    }
}
