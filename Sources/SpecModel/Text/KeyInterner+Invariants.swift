import InternalChecks
import TextFormats

// The invariants of the interner and of the tables keyed by its identifiers, as whole-structure
// checks: run by the internal checks (`SPEC_INTERNAL_CHECKS`) after a rehash and after a batch, and by
// the tests after generated operations.

extension KeyInterner {
    /// What is wrong with the interner, if anything; empty when it is consistent.
    ///
    /// The keys lie one after another in the arena and are valid UTF-8 in NFC, each once; the table
    /// is a power of two long and at most half full; every key is in exactly one slot, whose tag is
    /// the low half of the key's hash and which a probe from the key's home slot reaches without
    /// passing an empty slot; no slot names anything else.
    ///
    /// - Complexity: O(slots + bytes of the keys).
    package func _checkConsistency() -> [String] {
        var problems: [String] = []
        guard slots.count >= 16, slots.count.nonzeroBitCount == 1 else {
            return ["the table has \(slots.count) slots, not a power of two of at least 16"]
        }
        if ends.count * 2 > slots.count { problems.append("\(ends.count) keys fill more than half of \(slots.count) slots") }
        var start = 0
        for (index, end) in ends.enumerated() {
            guard end >= start else { return problems + ["key \(index) ends at \(end), before it starts at \(start)"] }
            start = end
        }
        guard start == arena.count else { return problems + ["the keys end at \(start) of an arena of \(arena.count) bytes"] }

        var hashes: [Int] = []
        hashes.reserveCapacity(ends.count)
        arena.withUnsafeBufferPointer { arena in
            var first: [ArraySlice<UInt8>: Int] = [:]
            var start = 0
            for (index, end) in ends.enumerated() {
                let bytes = UnsafeBufferPointer(rebasing: arena[start..<end])
                hashes.append(ByteHash.hash(bytes))
                if !isValidUTF8(bytes) {
                    problems.append("key \(index) (bytes \(start)..<\(end)) is not valid UTF-8")
                } else if !String(decoding: bytes, as: UTF8.self)._nfcCodeUnits.elementsEqual(bytes) {
                    problems.append("key \(index) is not in NFC")
                }
                if let earlier = first.updateValue(index, forKey: ArraySlice(bytes)) {
                    problems.append("keys \(earlier) and \(index) are the same bytes")
                }
                start = end
            }
        }

        let mask = slots.count - 1
        var slotOfKey = [Int](repeating: -1, count: ends.count)
        for (slot, entry) in slots.enumerated() where entry != 0 {
            let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
            guard index < ends.count else {
                problems.append("slot \(slot) names key \(index), beyond the \(ends.count) keys")
                continue
            }
            guard slotOfKey[index] < 0 else {
                problems.append("key \(index) is in slots \(slotOfKey[index]) and \(slot)")
                continue
            }
            slotOfKey[index] = slot
            let hash = hashes[index]
            if entry >> 32 != UInt64(UInt32(truncatingIfNeeded: hash)) {
                problems.append("slot \(slot)'s tag \(entry >> 32) is not the hash of key \(index)")
            }
            var probe = hash & mask
            while probe != slot {
                guard slots[probe] != 0 else {
                    problems.append("key \(index) in slot \(slot) is past the empty slot \(probe) from its home slot \(hash & mask)")
                    break
                }
                probe = (probe + 1) & mask
            }
        }
        if let missing = slotOfKey.firstIndex(of: -1) { problems.append("key \(missing) is in no slot") }
        return problems
    }

    /// What is wrong with a batch just interned, if anything: every key of the batch has an
    /// identifier, and the identifier's text is the key's bytes.
    ///
    /// - Complexity: O(bytes of the batch).
    func problems(afterInterning batch: KeyBatch) -> [String] {
        guard batch.ids.count == batch.ends.count else { return ["\(batch.ids.count) identifiers for \(batch.ends.count) keys"] }
        var problems: [String] = []
        batch.bytes.withBytes { bytes in
            var start = 0
            for (place, (end, id)) in zip(batch.ends, batch.ids).enumerated() {
                guard Int(id.value) < ends.count else {
                    problems.append("key \(place) of the batch has identifier \(id.value), beyond the \(ends.count) keys")
                    continue
                }
                let key = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !withBytes(id, { $0.elementsEqual(key) }) {
                    problems.append("key \(place) of the batch has identifier \(id.value), whose bytes differ")
                }
                start = end
            }
        }
        return problems
    }
}

extension KeyTable {
    /// What is wrong with the table, if anything; empty when it is consistent: one key per value,
    /// each key's place naming its value, and no other place filled.
    ///
    /// - Complexity: O(places + values).
    package func _checkConsistency() -> [String] {
        guard keys.count == values.count else { return ["\(keys.count) keys for \(values.count) values"] }
        var problems: [String] = []
        for (place, key) in keys.enumerated() {
            let index = Int(key.value)
            if index >= places.count {
                problems.append("the key of value \(place), \(index), is beyond the \(places.count) places")
            } else if places[index] != UInt32(truncatingIfNeeded: place + 1) {
                problems.append("the key of value \(place), \(index), has place \(Int(places[index]) - 1)")
            }
        }
        let filled = places.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
        if filled != values.count { problems.append("\(filled) places filled for \(values.count) values") }
        return problems
    }
}
