import InternalChecks

/// A stored object: what an `EntityTable` holds, found by its identifier.
protocol StoredEntity: Hashable, Sendable {
    var id: PersistentIdentifier { get }
}

extension Work: StoredEntity {}
extension Edition: StoredEntity {}
extension Author: StoredEntity {}
extension UserLibraryEntry: StoredEntity {}

/// The live objects of one kind: side by side in one array, in no particular order, with each one's
/// place in a map from its identifier.
///
/// A dictionary of the objects themselves spreads them over a table kept at most three quarters full
/// and touches all of it; an import of 1,500 books paid for 2,048 slots of every kind, each as wide as
/// the object, in memory new to the process (Decision D-112). Here the objects fill the array from
/// the front, and only the map, of identifiers and places, has slack; the map keeps the places of the
/// identifiers the store hands out, in increasing order, at their offsets in an array (D-113).
/// Removing an object moves the last one into its place, so every operation stays O(1).
///
/// Equality and hashing ignore the order, as a dictionary's do.
struct EntityTable<Entity: StoredEntity>: Sendable {
    /// The objects, densely.
    private(set) var values: ContiguousArray<Entity> = []
    /// The place in `values` of each object, by identifier (D-113).
    private var slots = IdentifierPlaces()

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    /// The identifiers of the objects, in no particular order.
    var ids: [PersistentIdentifier] { values.map(\.id) }

    /// The object with this identifier, or `nil`.
    subscript(id: PersistentIdentifier) -> Entity? {
        guard let slot = slot(of: id) else { return nil }
        return values[slot]
    }

    /// The place of the object with this identifier, or `nil`.
    func slot(of id: PersistentIdentifier) -> Int? {
        slots[id]
    }

    /// The object at a place `slot(of:)` gave (valid until the next insertion or removal).
    subscript(slot slot: Int) -> Entity {
        get { values[slot] }
        _modify { yield &values[slot] }
    }

    /// Reads the memory a lookup of `id` reads, ahead of it: at stage 0 its place, at stage 1 the
    /// first and last bytes of the object (which may straddle two cache lines), Decision D-114.
    /// Returns a sum of what it read.
    func readAhead(_ id: PersistentIdentifier, stage: Int) -> Int {
        guard stage > 0 else { return slots.readAhead(id) }
        guard let slot = slots[id] else { return 0 }
        internalCheck(slot >= 0 && slot < values.count, "EntityTable: \(id) is placed at \(slot) of \(values.count) objects")
        return values.withUnsafeBufferPointer { values in
            let object = UnsafeRawPointer(values.baseAddress! + slot)
            return Int(object.load(as: UInt8.self)) &+ Int(object.load(fromByteOffset: MemoryLayout<Entity>.size - 1, as: UInt8.self))
        }
    }

    /// Calls `body` with the object at a place, in place (not copied out).
    func withObject<Result>(atSlot slot: Int, _ body: (borrowing Entity) -> Result) -> Result {
        internalCheck(slot >= 0 && slot < values.count, "EntityTable: place \(slot) of \(values.count) objects")
        return values.withUnsafeBufferPointer { body($0[slot]) }
    }

    /// Makes room for `capacity` objects in all.
    mutating func reserveCapacity(_ capacity: Int) {
        values.reserveCapacity(capacity)
        slots.reserveCapacity(Swift.max(0, capacity - slots.count), spacing: EntityKind.allCases.count)
    }

    /// Adds an object whose identifier the table does not hold.
    @inline(__always)
    mutating func insert(_ entity: consuming Entity) {
        let id = entity.id
        assert(slots[id] == nil, "EntityTable.insert: \(id) is already stored")
        internalCheck(slots[id] == nil, "EntityTable.insert: \(id) is already stored")
        slots.set(id, to: values.count)
        values.append(consume entity)
        // Every time the table doubles, the whole map against the objects: O(1) an insertion in all.
        internalCheckConsistency(
            internalCheckIsDue(atCount: values.count) ? inconsistency().map { [$0] } ?? [] : [], "the \(Entity.self) table of \(values.count) objects")
    }

    /// Writes an object under its identifier, replacing the one there.
    mutating func put(_ entity: Entity) {
        if let slot = slot(of: entity.id) {
            values[slot] = entity
        } else {
            insert(entity)
        }
    }

    /// Removes the object with this identifier, if there is one: the last object takes its place.
    mutating func remove(_ id: PersistentIdentifier) {
        guard let slot = slots.remove(id) else { return }
        internalCheck(values[slot].id == id, "EntityTable.remove: \(id) was placed at \(slot), which holds \(values[slot].id)")
        let last = values.count - 1
        if slot != last {
            values.swapAt(slot, last)
            slots.set(values[slot].id, to: slot)
        }
        values.removeLast()
        internalCheck(slots.count == values.count, "EntityTable.remove: \(slots.count) places for \(values.count) objects")
    }

    /// What is wrong with the map of places, if anything: for the store's invariants.
    func inconsistency() -> String? {
        if let problem = slots._checkConsistency().first { return "the map of places: \(problem)" }
        guard slots.count == values.count else { return "\(slots.count) places for \(values.count) objects" }
        for (slot, entity) in values.enumerated() where slots[entity.id] != slot {
            return "\(entity.id) is at place \(slot) but mapped to \(String(describing: slots[entity.id]))"
        }
        return nil
    }
}

extension EntityTable: Hashable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.values.allSatisfy { rhs[$0.id] == $0 }
    }

    /// The objects' hashes combined in an order-free way (a sum), as `Dictionary` does.
    func hash(into hasher: inout Hasher) {
        var sum = 0
        for entity in values { sum &+= entity.hashValue }
        hasher.combine(count)
        hasher.combine(sum)
    }
}

