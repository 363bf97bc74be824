/// The app's persistent store, with the semantics the app relies on from SwiftData.
///
/// - Identifiers are assigned at insertion and never reused: the counter only moves forward, through
///   deletion, rollback and crashes.
/// - Changes are pending until `save()`; `rollback()` discards them; a crash (`relaunchedAfterCrash()`)
///   loses them and keeps everything saved.
/// - `model(for:)` answers `nil` for an object deleted in this context, saved or not.
/// - Delete rules, per relationship:
///
///   | relationship | rule on delete of the owner |
///   |---|---|
///   | Work → Editions | cascade: the editions are deleted |
///   | Work → UserLibraryEntries | cascade: the entries are deleted |
///   | Work ↔ Authors | nullify: the work leaves each author's works; authors are never deleted by it |
///   | Edition → UserLibraryEntry.edition | nullify: entries reading that edition keep their work |
///   | Author ↔ Works | nullify: the author leaves each work's authors |
///   | UserLibraryEntry → Work | nullify: the entry leaves its work's entries |
///
/// Invariants (`_checkInvariants()`, run after every operation in tests): identifiers unique and below
/// the counter; no dangling references; both sides of every relationship agree; no orphans (every
/// edition and entry has its work).
///
/// The live objects are kept in one snapshot, changed in place; an undo log records what changed since
/// the last save (the saved version of each saved object changed or deleted, once), so saving forgets
/// the log and rolling back replays it (Decision D-068).
///
/// - Complexity: lookups O(1); insert, change and delete O(1) amortised; `save()` O(1), plus freeing
///   the objects a batch delete removed; `deleteAllLibraryObjects()` O(1); `rollback()` and
///   `relaunchedAfterCrash()` O(changes since the last save).
public struct LibraryStore: Sendable {
    /// Every live object, saved or not: what the context sees. A lookup is one map access and one
    /// array access.
    var live = StoreSnapshot()
    /// How to return to the saved state (Decision D-068).
    var undo = UndoLog(insertedFrom: 1)
    /// The next raw identifier; never decreases.
    public private(set) var nextRawIdentifier: UInt64 = 1
    /// Faults to inject into the next saves and deletes.
    public var faults = StoreFaults.none
    /// Objects written, hidden or restored one at a time since the store was made; for tests that
    /// assert an operation's cost does not grow with the library (batch operations add nothing), and
    /// part of `writeStamp`.
    package private(set) var _objectOperations = 0
    /// Batch deletes (Library Reset's Step 2) since the store was made, failed and rolled-back ones
    /// included: an import prepared before one is ended by it (D-190).
    var batchDeletes = 0

    /// Changes whenever an object is written, hidden, restored or batch-deleted, so an import can tell
    /// between its batches whether anything else changed the library (D-190). Only ever grows.
    var writeStamp: WriteStamp { WriteStamp(objectOperations: _objectOperations, batchDeletes: batchDeletes) }

    struct WriteStamp: Hashable, Sendable {
        let objectOperations: Int
        let batchDeletes: Int
    }

    /// An empty store with nothing saved, the first identifier to be 1, and no faults.
    public init() {}

    /// Whether there are unsaved changes.
    public var hasChanges: Bool { !undo.isEmpty }

    mutating func allocate(_ kind: EntityKind) -> PersistentIdentifier {
        let id = PersistentIdentifier(kind: kind, rawValue: nextRawIdentifier)
        nextRawIdentifier += 1
        return id
    }

    // MARK: - Lookup

    /// The live work with this identifier, or `nil`.
    public func work(_ id: PersistentIdentifier) -> Work? {
        id.kind == .work ? live.works[id] : nil
    }

    /// The live edition with this identifier, or `nil`.
    public func edition(_ id: PersistentIdentifier) -> Edition? {
        id.kind == .edition ? live.editions[id] : nil
    }

    /// The live author with this identifier, or `nil`.
    public func author(_ id: PersistentIdentifier) -> Author? {
        id.kind == .author ? live.authors[id] : nil
    }

    /// The live library entry with this identifier, or `nil`.
    public func entry(_ id: PersistentIdentifier) -> UserLibraryEntry? {
        id.kind == .userLibraryEntry ? live.entries[id] : nil
    }

    /// The live object with this identifier, or `nil` if it was deleted or never existed (SwiftData's
    /// `ModelContext.model(for:)` as the seed uses it).
    public func model(for id: PersistentIdentifier) -> StoredModel? {
        live.model(id)
    }

    /// Whether a live object has this identifier.
    public func contains(_ id: PersistentIdentifier) -> Bool {
        live.contains(id)
    }

    /// The identifiers of every live object of `kind`, in creation order.
    public func identifiers(of kind: EntityKind) -> [PersistentIdentifier] {
        let ids: [PersistentIdentifier]
        switch kind {
        case .work: ids = live.works.ids
        case .edition: ids = live.editions.ids
        case .author: ids = live.authors.ids
        case .userLibraryEntry: ids = live.entries.ids
        }
        // The tables keep no order: sort by creation.
        return ids.sorted()
    }

    /// The number of live objects of `kind`.
    public func count(of kind: EntityKind) -> Int {
        switch kind {
        case .work: return live.works.count
        case .edition: return live.editions.count
        case .author: return live.authors.count
        case .userLibraryEntry: return live.entries.count
        }
    }

    /// Every live work, in creation order.
    public func works() -> [Work] { identifiers(of: .work).compactMap(work) }
    /// Every live edition, in creation order.
    public func editions() -> [Edition] { identifiers(of: .edition).compactMap(edition) }
    /// Every live author, in creation order.
    public func authors() -> [Author] { identifiers(of: .author).compactMap(author) }
    /// Every live library entry, in creation order.
    public func entries() -> [UserLibraryEntry] { identifiers(of: .userLibraryEntry).compactMap(entry) }

    /// Whether the store holds no live Works, Editions, Authors or entries.
    public var isEmptyOfLibraryObjects: Bool { live.isEmpty }

    // MARK: - Writing

    /// Makes room for `books` more works, each with an edition, an entry and at most one new author
    /// (an import about to insert them), so the tables grow once rather than by doubling as they fill.
    /// (Room in a table's array that is never filled costs only address space.)
    public mutating func reserveCapacity(forBooks books: Int) {
        live.works.reserveCapacity(live.works.count + books)
        live.authors.reserveCapacity(live.authors.count + books)
        live.editions.reserveCapacity(live.editions.count + books)
        live.entries.reserveCapacity(live.entries.count + books)
        undo.inserted.reserveCapacity(undo.inserted.count + books * 3)
    }

    /// Adds a new object (its identifier just allocated). Inlined, so that an import builds each
    /// object where it is stored (Decision D-115).
    @inline(__always) mutating func insertNew(_ work: consuming Work) { _objectOperations += 1; let id = work.id; live.works.insert(consume work); undo.inserted.append(id) }
    @inline(__always) mutating func insertNew(_ edition: consuming Edition) { _objectOperations += 1; let id = edition.id; live.editions.insert(consume edition); undo.inserted.append(id) }
    @inline(__always) mutating func insertNew(_ author: consuming Author) { _objectOperations += 1; let id = author.id; live.authors.insert(consume author); undo.inserted.append(id) }
    @inline(__always) mutating func insertNew(_ entry: consuming UserLibraryEntry) { _objectOperations += 1; let id = entry.id; live.entries.insert(consume entry); undo.inserted.append(id) }

    /// Changes a live object of `objects` in place, recording its saved version first if it has one
    /// not yet recorded. (Written out per kind by its callers' inlining: a key path here would cost a
    /// runtime projection on every change.)
    @inline(__always)
    static func modify<Entity>(
        _ id: PersistentIdentifier, _ objects: inout EntityTable<Entity>, _ undo: inout UndoLog,
        _ operations: inout Int, as wrap: (Entity) -> StoredModel, _ change: (inout Entity) -> Void
    ) throws(StoreError) {
        guard let slot = objects.slot(of: id) else { throw .notFound(id) }
        if undo.isSaved(id), undo.savedVersions.index(forKey: id) == nil {
            undo.savedVersions[id] = wrap(objects[slot: slot])
        }
        operations += 1
        change(&objects[slot: slot])
    }

    mutating func modifyWork(_ id: PersistentIdentifier, _ change: (inout Work) -> Void) throws(StoreError) {
        guard id.kind == .work else { throw .notFound(id) }
        try Self.modify(id, &live.works, &undo, &_objectOperations, as: StoredModel.work, change)
    }

    mutating func modifyAuthor(_ id: PersistentIdentifier, _ change: (inout Author) -> Void) throws(StoreError) {
        guard id.kind == .author else { throw .notFound(id) }
        try Self.modify(id, &live.authors, &undo, &_objectOperations, as: StoredModel.author, change)
    }

    /// Reads the memory that adding a work to the author reads, ahead of it: at stages 0 and 1 its
    /// place and record (`EntityTable.readAhead(_:stage:)`), at stage 2 the length and the end of its
    /// list of works, which from the third work on is kept apart (Decision D-114). Returns a sum of
    /// what it read.
    package func readAhead(author id: PersistentIdentifier, stage: Int) -> Int {
        guard id.kind == .author else { return 0 }
        guard stage > 1 else { return live.authors.readAhead(id, stage: stage) }
        guard let slot = live.authors.slot(of: id) else { return 0 }
        return live.authors.withObject(atSlot: slot) { author in
            author.workIDList.last.map { Int(truncatingIfNeeded: $0.rawValue) } ?? 0
        }
    }

    /// Adds a work to a live author's works. A saved author is not copied for the undo log: the
    /// length of its list is recorded the first time, unless the author was copied already (D-114).
    /// (The copy would retain its name and list, and make the list's next append copy it whole.)
    mutating func appendWork(_ workID: PersistentIdentifier, toAuthor id: PersistentIdentifier) throws(StoreError) {
        guard id.kind == .author, let slot = live.authors.slot(of: id) else { throw .notFound(id) }
        _objectOperations += 1
        let before = Self.append(workID, to: &live.authors[slot: slot])
        if undo.isSaved(id), undo.savedVersions.index(forKey: id) == nil, undo.savedWorkCounts.index(forKey: id) == nil {
            undo.savedWorkCounts[id] = before
        }
    }

    /// Adds a work to an author in place; returns how many works it had.
    static func append(_ workID: PersistentIdentifier, to author: inout Author) -> Int {
        let count = author.workIDList.count
        author.workIDList.append(workID)
        return count
    }

    mutating func modifyEdition(_ id: PersistentIdentifier, _ change: (inout Edition) -> Void) throws(StoreError) {
        guard id.kind == .edition else { throw .notFound(id) }
        try Self.modify(id, &live.editions, &undo, &_objectOperations, as: StoredModel.edition, change)
    }

    mutating func modifyEntry(_ id: PersistentIdentifier, _ change: (inout UserLibraryEntry) -> Void) throws(StoreError) {
        guard id.kind == .userLibraryEntry else { throw .notFound(id) }
        try Self.modify(id, &live.entries, &undo, &_objectOperations, as: StoredModel.userLibraryEntry, change)
    }

    /// Removes a live object, recording its saved version first if it has one not yet recorded.
    mutating func forget(_ id: PersistentIdentifier) {
        guard let model = live.model(id) else { return }
        _objectOperations += 1
        if undo.isSaved(id), undo.savedVersions.index(forKey: id) == nil {
            undo.savedVersions[id] = model
        }
        live.remove(id)
    }

    // MARK: - Saving

    /// Makes the pending changes durable.
    ///
    /// - Throws: `.saveFailed` when a fault is injected; the changes stay pending, so a retry can save
    ///   them or `rollback()` can discard them.
    /// - Complexity: O(1), plus freeing the objects a batch delete removed.
    public mutating func save() throws(StoreError) {
        if faults.saveFailuresRemaining > 0 {
            faults.saveFailuresRemaining -= 1
            throw .saveFailed(reason: faults.reason)
        }
        guard hasChanges else { return }
        undo.restart(insertedFrom: nextRawIdentifier)
    }

    /// Discards every unsaved change.
    ///
    /// - Complexity: O(changes since the last save).
    public mutating func rollback() {
        if let before = undo.beforeBatchDelete { live = before }
        for id in undo.inserted { live.remove(id) }
        for model in undo.savedVersions.values { live.put(model) }
        // Every author with a count is live again now: deleted since, it was copied as it was then;
        // batch-deleted, `beforeBatchDelete` held it. And it has gained only works since the save.
        for (id, count) in undo.savedWorkCounts {
            guard let slot = live.authors.slot(of: id) else { preconditionFailure("LibraryStore.rollback: author \(id) is gone") }
            live.authors[slot: slot].workIDList.removeSubrange(count...)
        }
        if let count = undo.savedImportCount { live.imports.removeSubrange(count...) }
        if let count = undo.savedImportBatchCount { live.imports[live.imports.count - 1].batches.removeSubrange(count...) }
        _objectOperations += undo.inserted.count + undo.savedVersions.count + undo.savedWorkCounts.count
        undo = UndoLog(insertedFrom: nextRawIdentifier)
    }

    /// The saved objects, as a crash would leave them.
    func savedSnapshot() -> StoreSnapshot {
        guard hasChanges else { return live }
        var saved = self
        saved.rollback()
        return saved.live
    }

    /// The store as the app finds it after a crash and relaunch: saved objects kept, unsaved changes
    /// lost, the identifier counter kept (identifiers handed out before the crash are never reissued),
    /// injected faults cleared.
    public func relaunchedAfterCrash() -> LibraryStore {
        var store = LibraryStore()
        store.live = savedSnapshot()
        store.nextRawIdentifier = nextRawIdentifier
        store.undo = UndoLog(insertedFrom: nextRawIdentifier)
        store._objectOperations = _objectOperations
        store.batchDeletes = batchDeletes
        return store
    }

    /// Whether two stores have the same saved objects, the same live objects and the same counter.
    ///
    /// The representation of pending changes may differ (a change made and undone by hand is still
    /// pending); only what the app can observe is compared.
    public func isObservablyEqual(to other: LibraryStore) -> Bool {
        nextRawIdentifier == other.nextRawIdentifier && live == other.live && savedSnapshot() == other.savedSnapshot()
    }
}

/// A stored object of any kind.
public enum StoredModel: Hashable, Sendable {
    case work(Work)
    case edition(Edition)
    case author(Author)
    /// A user's library entry.
    case userLibraryEntry(UserLibraryEntry)

    /// The object's identifier.
    public var id: PersistentIdentifier {
        switch self {
        case let .work(work): return work.id
        case let .edition(edition): return edition.id
        case let .author(author): return author.id
        case let .userLibraryEntry(entry): return entry.id
        }
    }
}
