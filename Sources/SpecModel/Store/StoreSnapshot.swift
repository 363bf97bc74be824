/// Every stored object, by kind and identifier.
struct StoreSnapshot: Hashable, Sendable {
    var works: [PersistentIdentifier: Work] = [:]
    var editions: [PersistentIdentifier: Edition] = [:]
    var authors: [PersistentIdentifier: Author] = [:]
    var entries: [PersistentIdentifier: UserLibraryEntry] = [:]

    var isEmpty: Bool { works.isEmpty && editions.isEmpty && authors.isEmpty && entries.isEmpty }

    func contains(_ id: PersistentIdentifier) -> Bool {
        switch id.kind {
        case .work: return works[id] != nil
        case .edition: return editions[id] != nil
        case .author: return authors[id] != nil
        case .userLibraryEntry: return entries[id] != nil
        }
    }

    mutating func remove(_ id: PersistentIdentifier) {
        switch id.kind {
        case .work: works[id] = nil
        case .edition: editions[id] = nil
        case .author: authors[id] = nil
        case .userLibraryEntry: entries[id] = nil
        }
    }

    mutating func removeAllKeepingCapacity() {
        works.removeAll(keepingCapacity: true)
        editions.removeAll(keepingCapacity: true)
        authors.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    mutating func removeAll(of kind: EntityKind) {
        switch kind {
        case .work: works = [:]
        case .edition: editions = [:]
        case .author: authors = [:]
        case .userLibraryEntry: entries = [:]
        }
    }

    /// Writes every object of `other` over this snapshot; returns how many were written one by one.
    @discardableResult
    mutating func merge(_ other: StoreSnapshot) -> Int {
        Self.merge(other.works, into: &works)
            + Self.merge(other.editions, into: &editions)
            + Self.merge(other.authors, into: &authors)
            + Self.merge(other.entries, into: &entries)
    }

    /// Moves `source` in whole when `target` is empty (a first save of a large import costs nothing),
    /// else writes its members one by one. The result does not depend on iteration order.
    static func merge<Entity>(_ source: [PersistentIdentifier: Entity], into target: inout [PersistentIdentifier: Entity]) -> Int {
        if target.isEmpty {
            target = source
            return 0
        }
        for (id, entity) in source { target[id] = entity }
        return source.count
    }
}

/// The unsaved changes of a context: objects inserted or changed, objects deleted, and kinds whose
/// saved objects were all deleted at once (a batch delete).
struct PendingChanges: Hashable, Sendable {
    var upserts = StoreSnapshot()
    /// Saved objects deleted since the last save (pending inserts that are deleted just disappear).
    var deleted: Set<PersistentIdentifier> = []
    /// Kinds whose saved objects were all deleted by a batch delete since the last save.
    var clearedKinds = EntityKindSet()

    var isEmpty: Bool { upserts.isEmpty && deleted.isEmpty && clearedKinds.isEmpty }
}

/// A set of entity kinds as four bits: every lookup asks it, so it must cost no hashing.
struct EntityKindSet: Hashable, Sendable {
    var bits: UInt8 = 0

    static let all = EntityKindSet(bits: 0b1111)

    var isEmpty: Bool { bits == 0 }

    @inline(__always)
    func contains(_ kind: EntityKind) -> Bool { bits & (1 << kind.rawValue) != 0 }

    mutating func insert(_ kind: EntityKind) { bits |= 1 << kind.rawValue }
}
