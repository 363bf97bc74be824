import SpecModel
import Testing

/// A store and a series library on one clock, for the series tests.
struct SeriesWorld {
    /// 2026-01-05T00:00:00Z, the seed's date.
    static let start = Timestamp(epochMilliseconds: 1_767_571_200_000)

    var store = LibraryStore()
    var library = SeriesLibrary()
    var now = SeriesWorld.start
    var authors: [String: PersistentIdentifier] = [:]

    /// Saves a book: a work, its author (shared by name) and, unless `status` is nil, an entry.
    @discardableResult
    mutating func addBook(_ title: String, by author: String? = nil, status: ReadingStatus? = .toRead, cover: String? = nil) throws -> PersistentIdentifier {
        let work = store.insertWork(WorkDraft(title: title, coverURL: cover))
        if let author {
            let id = authors[author] ?? store.insertAuthor(AuthorDraft(name: author))
            authors[author] = id
            try store.link(author: id, to: work)
        }
        if let status { try store.insertEntry(EntryDraft(readingStatus: status), for: work) }
        try store.save()
        return work
    }

    /// Sets every entry of the work to `status` and saves.
    mutating func mark(_ work: PersistentIdentifier, _ status: ReadingStatus) throws {
        guard let stored = store.work(work) else { throw SeriesTestFailure("\(work) is not in the store") }
        for entry in stored.entryIDs {
            try store.updateEntry(entry) { $0.readingStatus = status }
        }
        try store.save()
    }

    /// One second later.
    mutating func advance() -> Timestamp {
        now = now.adding(milliseconds: 1_000)
        return now
    }

    mutating func detect(_ work: PersistentIdentifier, _ metadata: SeriesMetadata = .none) -> SeriesDetection {
        library.detectSeries(for: work, metadata: metadata, in: store, at: advance())
    }

    /// Creates a manual series and returns its ID.
    mutating func create(_ name: String, total: Int? = nil, author: String? = nil) throws -> SeriesID {
        let edit = library.createSeries(named: name, totalBooks: total, author: author, at: advance())
        guard case let .created(id) = edit else { throw SeriesTestFailure("creating \"\(name)\": \(edit)") }
        return id
    }

    /// Assigns and expects it applied.
    mutating func assign(_ work: PersistentIdentifier, to id: SeriesID, at place: SeriesPlace? = nil) throws {
        let edit = library.assign(work, to: id, place: place, in: store, at: advance())
        guard edit.isApplied else { throw SeriesTestFailure("assigning \(work) to \(id): \(edit)") }
    }

    func series(_ id: SeriesID) throws -> Series {
        guard let series = library.series(id) else { throw SeriesTestFailure("\(id) does not exist") }
        return series
    }

    func progress(_ id: SeriesID) throws -> SeriesProgress { SeriesProgress(of: try series(id), in: store) }

    /// Invariants of both, and every membership naming a work of the store.
    func check() throws {
        try library._checkInvariants(against: store)
        try store._checkInvariants()
        #expect(!store.hasChanges)
    }
}

struct SeriesTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
