extension KeyInterner {
    /// A broken invariant `_corruptForTesting` can make.
    package enum _Corruption: CaseIterable, Codable, Sendable {
        /// The first filled slot's tag no longer matches its key's hash.
        case slotTag
        /// The first key's first byte becomes 0xFF, which UTF-8 never holds.
        case keyBytes
        /// The first filled slot is emptied: its key is in no slot.
        case lostSlot
    }

    /// Breaks an invariant, so tests can show that `_checkConsistency()` and the internal checks
    /// see it.
    ///
    /// - Precondition: the interner holds a key of at least one byte.
    package mutating func _corruptForTesting(_ corruption: _Corruption) {
        guard let slot = slots.firstIndex(where: { $0 != 0 }), let byte = arena.indices.first else {
            preconditionFailure("KeyInterner._corruptForTesting needs a key of at least one byte")
        }
        switch corruption {
        case .slotTag: slots[slot] ^= 0x5555_5555 << 32
        case .keyBytes: arena[byte] = 0xFF
        case .lostSlot: slots[slot] = 0
        }
    }
}
