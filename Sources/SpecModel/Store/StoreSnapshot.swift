/// Every stored object, by kind and identifier.
struct StoreSnapshot: Hashable, Sendable {
    var works = EntityTable<Work>()
    var editions = EntityTable<Edition>()
    var authors = EntityTable<Author>()
    var entries = EntityTable<UserLibraryEntry>()
    /// Every import into the library, each saved with its batches, the last in progress or finished
    /// (Decisions D-130, D-131).
    var imports: [ImportCheckpoint] = []

    var isEmpty: Bool { works.isEmpty && editions.isEmpty && authors.isEmpty && entries.isEmpty }

    /// Whether an object has this identifier; asked before every change, so answered from the places
    /// alone (`works[id] != nil` would copy the object out and destroy the copy).
    func contains(_ id: PersistentIdentifier) -> Bool {
        switch id.kind {
        case .work: return works.slot(of: id) != nil
        case .edition: return editions.slot(of: id) != nil
        case .author: return authors.slot(of: id) != nil
        case .userLibraryEntry: return entries.slot(of: id) != nil
        }
    }

    mutating func remove(_ id: PersistentIdentifier) {
        switch id.kind {
        case .work: works.remove(id)
        case .edition: editions.remove(id)
        case .author: authors.remove(id)
        case .userLibraryEntry: entries.remove(id)
        }
    }

    /// Writes `model` under its identifier.
    mutating func put(_ model: StoredModel) {
        switch model {
        case let .work(work): works.put(work)
        case let .edition(edition): editions.put(edition)
        case let .author(author): authors.put(author)
        case let .userLibraryEntry(entry): entries.put(entry)
        }
    }

    /// The object with this identifier, or `nil`.
    func model(_ id: PersistentIdentifier) -> StoredModel? {
        switch id.kind {
        case .work: return works[id].map(StoredModel.work)
        case .edition: return editions[id].map(StoredModel.edition)
        case .author: return authors[id].map(StoredModel.author)
        case .userLibraryEntry: return entries[id].map(StoredModel.userLibraryEntry)
        }
    }
}

/// How to return a context to its saved state: what changed since the last save, recorded as the
/// changes happen (an undo log). Saving forgets it; rolling back replays it.
///
/// Identifiers only grow, so every object whose raw identifier is at least `insertedFrom` was
/// inserted since the save and needs no saved version: only saved objects changed or deleted since
/// are copied, once each. A saved author that has only gained works is not copied: the length of its
/// list at the save is kept instead (Decision D-114).
struct UndoLog: Hashable, Sendable {
    /// Objects from this raw identifier on were inserted since the last save.
    var insertedFrom: UInt64
    /// The objects inserted since the last save, in order (some may have been deleted since).
    var inserted: [PersistentIdentifier] = []
    /// The saved version of each saved object changed or deleted since the last save.
    var savedVersions: [PersistentIdentifier: StoredModel] = [:]
    /// The number of works of each saved author given more works since the last save, before any
    /// other change to it (which copies it to `savedVersions`, works gained included): rolling back
    /// cuts its list back to that length.
    var savedWorkCounts: [PersistentIdentifier: Int] = [:]
    /// Every live object as the first batch delete since the last save found it.
    var beforeBatchDelete: StoreSnapshot?
    /// The number of imports saved, when another has begun since the last save.
    var savedImportCount: Int?
    /// The last saved import's number of batches, when batches were added to it since the last save
    /// before any other import began: rolling back cuts it back to that length.
    var savedImportBatchCount: Int?

    init(insertedFrom: UInt64) {
        self.insertedFrom = insertedFrom
    }

    var isEmpty: Bool {
        inserted.isEmpty && savedVersions.isEmpty && savedWorkCounts.isEmpty && beforeBatchDelete == nil && savedImportCount == nil
            && savedImportBatchCount == nil
    }

    /// Whether the object was saved before the last save (so a change to it must be recorded).
    @inline(__always)
    func isSaved(_ id: PersistentIdentifier) -> Bool { id.rawValue < insertedFrom }

    /// Starts a new log after a save, keeping the room of the old one (a batched import saves every
    /// few dozen objects, and growing the log again from nothing each time costs more than the objects).
    mutating func restart(insertedFrom next: UInt64) {
        insertedFrom = next
        inserted.removeAll(keepingCapacity: true)
        savedVersions.removeAll(keepingCapacity: true)
        savedWorkCounts.removeAll(keepingCapacity: true)
        beforeBatchDelete = nil
        savedImportCount = nil
        savedImportBatchCount = nil
    }
}
