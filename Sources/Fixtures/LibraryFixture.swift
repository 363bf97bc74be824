import SpecModel

/// Builds app states and backend jobs from library shapes, deterministically.
public enum LibraryFixture {
    /// The job ID a built app follows when its shape says so.
    public static let jobId = "550e8400-e29b-41d4-a716-446655440000"
    /// The instant fixtures are built at.
    public static let builtAt = Timestamp(epochMilliseconds: 1_761_921_000_000)  // 2025-10-31T14:30:00Z

    /// The app and backend a shape describes: everything saved except `unsavedWorks`.
    public static func build(_ shape: LibraryShape) -> (app: AppState, backend: BackendJobRegistry) {
        var store = LibraryStore()
        let authors = shape.authorNames.map { store.insertAuthor(AuthorDraft(name: $0, gender: .unknown, culturalRegion: .unknown)) }
        var works: [PersistentIdentifier] = []
        var workCache = DTOMapper()
        for work in shape.works {
            let id: PersistentIdentifier
            if work.volumeIDs.isEmpty {
                id = store.insertWork(WorkDraft(title: work.title))
            } else {
                id = workCache.mapToWork(WorkDTO(title: work.title, googleBooksVolumeIDs: work.volumeIDs), in: &store).workID
            }
            guard !works.contains(id) else { continue }  // a volume ID already mapped: the same work
            works.append(id)
            if !authors.isEmpty {
                for index in work.authorIndices {
                    try! store.link(author: authors[index % authors.count], to: id)
                }
            }
            var editions: [PersistentIdentifier] = []
            for number in 0..<work.editionCount {
                editions.append(try! store.insertEdition(EditionDraft(isbn13: "97800000000\(number)", publisher: "P\(number)", pageCount: 100 + number), of: id))
            }
            if let status = work.entry {
                try! store.insertEntry(EntryDraft(readingStatus: status, currentPage: 10), for: id, edition: work.entryReadsEdition ? editions.first : nil)
            }
        }
        addBulkWorks(shape.bulkWorks, authors: authors, to: &store, collecting: &works)
        try! store.save()
        for index in 0..<shape.unsavedWorks {
            works.append(store.insertWork(WorkDraft(title: "Unsaved \(index)")))
        }
        var queue = EnrichmentQueue()
        if !works.isEmpty {
            queue.addMultiple(shape.queuedWorkIndices.map { works[$0 % works.count] })
        }
        var backend = BackendJobRegistry()
        if shape.followsBackendJob {
            let books = queue.pending.map { JobBook(workRawIdentifier: $0.rawValue, title: store.work($0)?.title ?? "") }
            backend.startJob(jobId, books: books, at: builtAt)
            queue.setCurrentJobId(jobId)
        }
        let app = AppState(
            store: store, workCache: workCache, enrichmentQueue: queue,
            searchHistory: SearchHistory(recentSearches: shape.recentSearches, trendingBooks: shape.trendingBooks),
            featureFlags: shape.featureFlags, settings: shape.settings, cloudKit: shape.cloudKit
        )
        return (app, backend)
    }

    /// Adds `count` works, each with one edition, one entry and an author (a new author every fourth
    /// work, so authors are shared), as the reset benchmark's libraries are built.
    public static func addBulkWorks(_ count: Int, authors pool: [PersistentIdentifier] = [], to store: inout LibraryStore, collecting works: inout [PersistentIdentifier]) {
        var authors = pool
        works.reserveCapacity(works.count + count)
        for index in 0..<count {
            if index % 4 == 0 || authors.isEmpty {
                authors.append(store.insertAuthor(AuthorDraft(name: "Author \(index / 4)")))
            }
            let work = store.insertWork(WorkDraft(title: "Book \(index)", googleBooksVolumeIDs: ["bulk-\(index)"]))
            try! store.link(author: authors[authors.count - 1 - (index % min(authors.count, 3))], to: work)
            let edition = try! store.insertEdition(EditionDraft(isbn13: "978\(index)", pageCount: 300), of: work)
            try! store.insertEntry(EntryDraft(readingStatus: .toRead), for: work, edition: edition)
            works.append(work)
        }
    }

    /// The app and backend the reset benchmark resets: `books` works with editions, shared authors and
    /// entries, all saved, all queued, and a running backend job the app follows.
    public static func benchmarkLibrary(books: Int) -> (app: AppState, backend: BackendJobRegistry) {
        var store = LibraryStore()
        var works: [PersistentIdentifier] = []
        addBulkWorks(books, to: &store, collecting: &works)
        try! store.save()
        var queue = EnrichmentQueue()
        queue.addMultiple(works)
        queue.setCurrentJobId(jobId)
        var backend = BackendJobRegistry()
        backend.startJob(jobId, books: [JobBook(workRawIdentifier: 1, title: "Book 0")], at: builtAt)
        var history = SearchHistory()
        history.record("dune")
        return (AppState(store: store, enrichmentQueue: queue, searchHistory: history), backend)
    }
}
