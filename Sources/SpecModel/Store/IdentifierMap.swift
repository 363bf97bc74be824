import InternalChecks

/// The places of identifiers in a dense array, for identifiers the store hands out in increasing
/// order: the place of an identifier in a window of consecutive ones is kept at its offset from the
/// window's first, and any other identifier's in a dictionary.
///
/// A hashed table puts each new identifier at a random slot, and once it is larger than the caches
/// every insertion and lookup is a miss to memory (a `Dictionary` keeps its occupancy bits, keys and
/// values apart: up to three). The store's identifiers come from one counter, so the objects of one
/// kind, or the works an import made, arrive in increasing order, a few apart: here the newest
/// identifier's place is written next to the last one's, and the window grows at its end
/// (Decision D-113). Identifiers below the window, of another kind (the kind is in an identifier's top
/// bits, far from the window), or so far above it that the window would be mostly empty, go to the
/// dictionary, which in the usual case is empty and never read.
///
/// A removed identifier leaves an empty place; the window keeps its length, at most about twice the
/// span of the identifiers it received. Four bytes a place.
package struct IdentifierPlaces: Sendable {
    // Internal, not private, for `IdentifierMap+Invariants.swift`.

    /// The identifier bits of the window's first place.
    var base: UInt64 = 0
    /// Place plus one of each identifier of the window; 0 for none.
    var window: [UInt32] = []
    var overflow: [PersistentIdentifier: UInt32] = [:]
    /// The identifiers placed.
    private(set) var count = 0

    init() {}

    /// The window's index of an identifier, if the window covers it.
    @inline(__always)
    func windowIndex(of id: PersistentIdentifier) -> Int? {
        let offset = id.bits &- base
        return id.bits >= base && offset < UInt64(window.count) ? Int(truncatingIfNeeded: offset) : nil
    }

    /// The place of an identifier, or `nil`.
    @inline(__always)
    subscript(id: PersistentIdentifier) -> Int? {
        if let index = windowIndex(of: id), window[index] != 0 { return Int(window[index]) - 1 }
        guard !overflow.isEmpty, let place = overflow[id] else { return nil }
        return Int(place)
    }

    /// Reads the window's place of an identifier ahead of a lookup (Decision D-114); returns it.
    func readAhead(_ id: PersistentIdentifier) -> Int {
        guard let index = windowIndex(of: id) else { return 0 }
        return Int(window[index])
    }

    mutating func set(_ id: PersistentIdentifier, to place: Int) {
        // A resource bound, not a state a library reaches: `place` indexes the map's values, and 2^32 - 1
        // of them, with 12 bytes of identifier and place each, take 48 GiB before their own bytes.
        precondition(place < Int(UInt32.max), "IdentifierPlaces: more than 2^32 - 2 places")
        if let index = windowIndex(for: id) {
            if window[index] == 0 { count += 1 }
            window[index] = UInt32(truncatingIfNeeded: place + 1)
        } else if overflow.updateValue(UInt32(truncatingIfNeeded: place), forKey: id) == nil {
            count += 1
        }
    }

    /// Unplaces an identifier; returns its place.
    @discardableResult
    mutating func remove(_ id: PersistentIdentifier) -> Int? {
        if let index = windowIndex(of: id), window[index] != 0 {
            defer { window[index] = 0 }
            count -= 1
            return Int(window[index]) - 1
        }
        guard !overflow.isEmpty, let place = overflow.removeValue(forKey: id) else { return nil }
        count -= 1
        return Int(place)
    }

    /// The window's index for an identifier being placed: the window is started or lengthened to cover
    /// it when that keeps it dense; `nil` when the identifier belongs in the dictionary (or is already
    /// there: an identifier is kept in one of the two, never both).
    private mutating func windowIndex(for id: PersistentIdentifier) -> Int? {
        if count == 0 {
            // Empty (new, or emptied by a reset): the window starts again at this identifier.
            window.removeAll(keepingCapacity: true)
            base = id.bits
        }
        if let index = windowIndex(of: id) {
            return window[index] == 0 && !overflow.isEmpty && overflow[id] != nil ? nil : index
        }
        guard id.bits >= base else { return nil }
        let offset = id.bits - base
        // Lengthened by at most the window's length again (and a constant), so the window stays at
        // least about half full for identifiers received in increasing order; by 256 places or more
        // at a time, so lengthening is rare.
        guard offset < UInt64(2 * window.count + 256) else { return nil }
        let length = Swift.max(Int(offset) + 1, window.count + 256)
        window.append(contentsOf: repeatElement(0, count: length - window.count))
        return Int(offset)
    }

    /// Makes room for `count` more identifiers, about `spacing` apart.
    mutating func reserveCapacity(_ count: Int, spacing: Int) {
        window.reserveCapacity(window.count + spacing * count + 256)
    }
}

/// A map keyed by persistent identifiers whose values sit side by side in an array, found by
/// `IdentifierPlaces` (D-113). Removal moves the last value into the gap.
package struct IdentifierMap<Value: Sendable>: Sendable {
    // Internal, not private, for `IdentifierMap+Invariants.swift`.
    var places = IdentifierPlaces()
    /// The identifier of each value, side by side with the values.
    var ids: [PersistentIdentifier] = []
    var values: [Value] = []

    package init() {}

    package var count: Int { values.count }

    /// The value of an identifier, or `nil`.
    package subscript(id: PersistentIdentifier) -> Value? {
        get { places[id].map { values[$0] } }
        set {
            if let newValue {
                updateValue(newValue, forKey: id)
            } else {
                removeValue(forKey: id)
            }
        }
    }

    /// Maps an identifier to a value; returns the value it replaced.
    @discardableResult
    package mutating func updateValue(_ value: consuming Value, forKey id: PersistentIdentifier) -> Value? {
        guard let place = places[id] else {
            append(id, value)
            return nil
        }
        swap(&values[place], &value)
        return value
    }

    /// Adds a value moved in, as `KeyTable.append` does (a value lent here would be copied in, then
    /// released: Decision D-115).
    private mutating func append(_ id: PersistentIdentifier, _ value: consuming Value) {
        places.set(id, to: values.count)
        ids.append(id)
        values.append(consume value)
        // Every time the map doubles, the whole of it: O(1) an insertion in all.
        internalCheckConsistency(internalCheckIsDue(atCount: values.count) ? _checkConsistency() : [], "IdentifierMap, grown to \(values.count) values")
    }

    /// Unmaps an identifier; returns its value.
    @discardableResult
    package mutating func removeValue(forKey id: PersistentIdentifier) -> Value? {
        guard let place = places.remove(id) else { return nil }
        internalCheck(ids[place] == id, "IdentifierMap: \(id) was placed at \(place), which holds \(ids[place])")
        let last = values.count - 1
        if place != last {
            values.swapAt(place, last)
            ids.swapAt(place, last)
            places.set(ids[place], to: place)
        }
        ids.removeLast()
        internalCheck(places.count == ids.count, "IdentifierMap: \(places.count) places for \(ids.count) values")
        return values.removeLast()
    }

    /// Makes room for `count` more identifiers, about `spacing` apart.
    package mutating func reserveCapacity(_ count: Int, spacing: Int) {
        places.reserveCapacity(count, spacing: spacing)
        ids.reserveCapacity(ids.count + count)
        values.reserveCapacity(values.count + count)
    }
}
