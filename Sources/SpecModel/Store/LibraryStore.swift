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
/// - Complexity: lookups O(1); insert O(1) amortised; `save()` O(changes), or O(1) plus freeing the old
///   objects after a batch delete; `deleteAllLibraryObjects()` O(pending changes).
public struct LibraryStore: Sendable {
    var committed = StoreSnapshot()
    var pending = PendingChanges()
    /// The next raw identifier; never decreases.
    public private(set) var nextRawIdentifier: UInt64 = 1
    /// Faults to inject into the next saves and deletes.
    public var faults = StoreFaults.none
    /// Objects written, hidden or merged one at a time since the store was made; for tests that
    /// assert an operation's cost does not grow with the library (batch operations add nothing).
    package private(set) var _objectOperations = 0

    public init() {}

    /// Whether there are unsaved changes.
    public var hasChanges: Bool { !pending.isEmpty }

    mutating func allocate(_ kind: EntityKind) -> PersistentIdentifier {
        let id = PersistentIdentifier(kind: kind, rawValue: nextRawIdentifier)
        nextRawIdentifier += 1
        return id
    }

    // MARK: - Lookup

    /// Whether a saved object is visible (not deleted or batch-deleted in this context).
    @inline(__always)
    func committedIsVisible(_ id: PersistentIdentifier) -> Bool {
        !pending.clearedKinds.contains(id.kind) && (pending.deleted.isEmpty || !pending.deleted.contains(id))
    }

    /// The live work with this identifier, or `nil`.
    public func work(_ id: PersistentIdentifier) -> Work? {
        guard id.kind == .work else { return nil }
        if let work = pending.upserts.works[id] { return work }
        return committedIsVisible(id) ? committed.works[id] : nil
    }

    /// The live edition with this identifier, or `nil`.
    public func edition(_ id: PersistentIdentifier) -> Edition? {
        guard id.kind == .edition else { return nil }
        if let edition = pending.upserts.editions[id] { return edition }
        return committedIsVisible(id) ? committed.editions[id] : nil
    }

    /// The live author with this identifier, or `nil`.
    public func author(_ id: PersistentIdentifier) -> Author? {
        guard id.kind == .author else { return nil }
        if let author = pending.upserts.authors[id] { return author }
        return committedIsVisible(id) ? committed.authors[id] : nil
    }

    /// The live library entry with this identifier, or `nil`.
    public func entry(_ id: PersistentIdentifier) -> UserLibraryEntry? {
        guard id.kind == .userLibraryEntry else { return nil }
        if let entry = pending.upserts.entries[id] { return entry }
        return committedIsVisible(id) ? committed.entries[id] : nil
    }

    /// The live object with this identifier, or `nil` if it was deleted or never existed (SwiftData's
    /// `ModelContext.model(for:)` as the seed uses it).
    public func model(for id: PersistentIdentifier) -> StoredModel? {
        switch id.kind {
        case .work: return work(id).map(StoredModel.work)
        case .edition: return edition(id).map(StoredModel.edition)
        case .author: return author(id).map(StoredModel.author)
        case .userLibraryEntry: return entry(id).map(StoredModel.userLibraryEntry)
        }
    }

    /// Whether a live object has this identifier.
    public func contains(_ id: PersistentIdentifier) -> Bool {
        // Asked before every change: answered from the dictionaries' keys, without copying the object.
        func isLive<Entity>(_ upserts: [PersistentIdentifier: Entity], _ saved: [PersistentIdentifier: Entity]) -> Bool {
            upserts.index(forKey: id) != nil || (committedIsVisible(id) && saved.index(forKey: id) != nil)
        }
        switch id.kind {
        case .work: return isLive(pending.upserts.works, committed.works)
        case .edition: return isLive(pending.upserts.editions, committed.editions)
        case .author: return isLive(pending.upserts.authors, committed.authors)
        case .userLibraryEntry: return isLive(pending.upserts.entries, committed.entries)
        }
    }

    /// The identifiers of every live object of `kind`, in creation order.
    public func identifiers(of kind: EntityKind) -> [PersistentIdentifier] {
        var ids: [PersistentIdentifier] = []
        func collect<Entity>(_ committed: [PersistentIdentifier: Entity], _ upserts: [PersistentIdentifier: Entity]) {
            ids.reserveCapacity(committed.count + upserts.count)
            if !pending.clearedKinds.contains(kind) {
                for id in committed.keys where !pending.deleted.contains(id) && upserts[id] == nil { ids.append(id) }
            }
            ids.append(contentsOf: upserts.keys)
        }
        switch kind {
        case .work: collect(committed.works, pending.upserts.works)
        case .edition: collect(committed.editions, pending.upserts.editions)
        case .author: collect(committed.authors, pending.upserts.authors)
        case .userLibraryEntry: collect(committed.entries, pending.upserts.entries)
        }
        // Dictionary order varies between processes: sort by creation.
        return ids.sorted()
    }

    /// The number of live objects of `kind`.
    public func count(of kind: EntityKind) -> Int { identifiers(of: kind).count }

    /// Every live work, in creation order.
    public func works() -> [Work] { identifiers(of: .work).compactMap(work) }
    /// Every live edition, in creation order.
    public func editions() -> [Edition] { identifiers(of: .edition).compactMap(edition) }
    /// Every live author, in creation order.
    public func authors() -> [Author] { identifiers(of: .author).compactMap(author) }
    /// Every live library entry, in creation order.
    public func entries() -> [UserLibraryEntry] { identifiers(of: .userLibraryEntry).compactMap(entry) }

    /// Whether the store holds no live Works, Editions, Authors or entries.
    public var isEmptyOfLibraryObjects: Bool {
        EntityKind.allCases.allSatisfy { count(of: $0) == 0 }
    }

    // MARK: - Writing pending objects

    mutating func put(_ work: Work) { _objectOperations += 1; pending.upserts.works[work.id] = work }
    mutating func put(_ edition: Edition) { _objectOperations += 1; pending.upserts.editions[edition.id] = edition }
    mutating func put(_ author: Author) { _objectOperations += 1; pending.upserts.authors[author.id] = author }
    mutating func put(_ entry: UserLibraryEntry) { _objectOperations += 1; pending.upserts.entries[entry.id] = entry }

    /// Changes a live work in place, copying it into the pending changes first if it is saved.
    mutating func modifyWork(_ id: PersistentIdentifier, _ change: (inout Work) -> Void) throws(StoreError) {
        if let index = pending.upserts.works.index(forKey: id) {
            _objectOperations += 1
            change(&pending.upserts.works.values[index])
            return
        }
        guard var work = work(id) else { throw .notFound(id) }
        change(&work)
        put(work)
    }

    mutating func modifyAuthor(_ id: PersistentIdentifier, _ change: (inout Author) -> Void) throws(StoreError) {
        if let index = pending.upserts.authors.index(forKey: id) {
            _objectOperations += 1
            change(&pending.upserts.authors.values[index])
            return
        }
        guard var author = author(id) else { throw .notFound(id) }
        change(&author)
        put(author)
    }

    mutating func modifyEdition(_ id: PersistentIdentifier, _ change: (inout Edition) -> Void) throws(StoreError) {
        guard var edition = edition(id) else { throw .notFound(id) }
        change(&edition)
        put(edition)
    }

    mutating func modifyEntry(_ id: PersistentIdentifier, _ change: (inout UserLibraryEntry) -> Void) throws(StoreError) {
        guard var entry = entry(id) else { throw .notFound(id) }
        change(&entry)
        put(entry)
    }

    /// Removes a live object from the context's view: drops its pending copy and hides its saved one.
    mutating func forget(_ id: PersistentIdentifier) {
        _objectOperations += 1
        pending.upserts.remove(id)
        if !pending.clearedKinds.contains(id.kind), committed.contains(id) {
            pending.deleted.insert(id)
        }
    }

    // MARK: - Saving

    /// Makes the pending changes durable.
    ///
    /// - Throws: `.saveFailed` when a fault is injected; the changes stay pending, so a retry can save
    ///   them or `rollback()` can discard them.
    public mutating func save() throws(StoreError) {
        if faults.saveFailuresRemaining > 0 {
            faults.saveFailuresRemaining -= 1
            throw .saveFailed(reason: faults.reason)
        }
        guard !pending.isEmpty else { return }
        // Sorted so the order of removal is fixed (the result would not differ, but be explicit).
        for kind in EntityKind.allCases where pending.clearedKinds.contains(kind) {
            committed.removeAll(of: kind)
        }
        for id in pending.deleted { committed.remove(id) }
        _objectOperations += pending.deleted.count
        _objectOperations += committed.merge(pending.upserts)
        // The pending dictionaries keep their room: a batched import saves every few dozen objects,
        // and growing them again from nothing each time costs more than the objects themselves.
        pending.upserts.removeAllKeepingCapacity()
        pending.deleted.removeAll(keepingCapacity: true)
        pending.clearedKinds = EntityKindSet()
    }

    /// Discards every unsaved change.
    public mutating func rollback() {
        pending = PendingChanges()
    }

    /// The store as the app finds it after a crash and relaunch: saved objects kept, unsaved changes
    /// lost, the identifier counter kept (identifiers handed out before the crash are never reissued),
    /// injected faults cleared.
    public func relaunchedAfterCrash() -> LibraryStore {
        var store = LibraryStore()
        store.committed = committed
        store.nextRawIdentifier = nextRawIdentifier
        store._objectOperations = _objectOperations
        return store
    }

    /// Whether two stores have the same saved objects, the same live objects and the same counter.
    ///
    /// The representation of pending changes may differ (a change made and undone by hand is still
    /// pending); only what the app can observe is compared.
    public func isObservablyEqual(to other: LibraryStore) -> Bool {
        nextRawIdentifier == other.nextRawIdentifier
            && committed == other.committed
            && EntityKind.allCases.allSatisfy { kind in
                identifiers(of: kind) == other.identifiers(of: kind)
                    && identifiers(of: kind).allSatisfy { model(for: $0) == other.model(for: $0) }
            }
    }
}

/// A stored object of any kind.
public enum StoredModel: Hashable, Sendable {
    case work(Work)
    case edition(Edition)
    case author(Author)
    case userLibraryEntry(UserLibraryEntry)

    public var id: PersistentIdentifier {
        switch self {
        case let .work(work): return work.id
        case let .edition(edition): return edition.id
        case let .author(author): return author.id
        case let .userLibraryEntry(entry): return entry.id
        }
    }
}
