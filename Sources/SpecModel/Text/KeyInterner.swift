/// Comparison keys stored once each, as bytes in one arena, and named by a small integer.
///
/// The duplicate index compares four keys per book (the title key, the author key, the ISBN and
/// the normalized title key) and keeps them for every book it knows. As `String`s that was a string
/// made, hashed and usually allocated per key per row, and freed with the index. Interned, a key is
/// written into a scratch buffer, hashed, and found (or appended) in one open-addressing table; the
/// index's own tables are keyed by the integers, which hash and compare in a word (Decision D-110).
///
/// Keys are compared by their NFC bytes, which canonically equivalent texts share, so two texts get
/// the same identifier exactly when `String`'s `==` says they are equal.
package struct KeyInterner: Sendable {
    /// An interned key.
    package struct ID: Hashable, Comparable, Sendable {
        package let value: UInt32

        // Dictionaries ask for this: the identifiers are dense small integers, so a fixed mix of the
        // word spreads them over the table's low bits at a fraction of a seeded hash's cost.
        @inline(__always)
        package func _rawHashValue(seed: Int) -> Int {
            Int(truncatingIfNeeded: ByteHash.finish(UInt64(value) ^ UInt64(truncatingIfNeeded: seed)))
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(value) }

        package static func < (lhs: ID, rhs: ID) -> Bool { lhs.value < rhs.value }
    }

    /// Every key's bytes, one after another.
    private var arena: [UInt8] = []
    /// Key `i` is `arena[ends[i - 1]..<ends[i]]` (from 0 for the first).
    private var ends: [Int] = []
    /// The open-addressing table, a power of two long and at most half full. A slot holds a key's
    /// identifier plus one in its low 32 bits (0 for an empty slot) and the low 32 bits of the key's
    /// hash in its high ones: a probe passes a slot of another key without reading anything else,
    /// which in a table larger than the caches is a miss to memory saved per slot passed (D-112).
    private var slots: [UInt64] = Array(repeating: 0, count: 16)
    /// Reused for each key written before it is looked up.
    private var scratch: [UInt8] = []

    package init() {}

    /// The number of distinct keys.
    package var count: Int { ends.count }

    /// The key's text.
    package func text(_ id: ID) -> String {
        let index = Int(id.value)
        let start = index == 0 ? 0 : ends[index - 1]
        return arena.withUnsafeBufferPointer { String(checkedUTF8: UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// The identifier of a text, as is.
    package mutating func intern(_ text: String) -> ID {
        var text = text
        if let id = text.withUTF8({ bytes in Self.isNFC(bytes) ? intern(bytes: bytes) : nil }) { return id }
        return text._nfcCodeUnits.withUnsafeBufferPointer { intern(bytes: $0) }
    }

    /// Whether the bytes, valid UTF-8, are in NFC by the quick check (`false` when it cannot tell).
    static func isNFC(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if TextUnits.isASCII(bytes) { return true }
        // Apple platforms before the 26 releases have no `UTF8Span`: their non-ASCII text takes the
        // `_nfcCodeUnits` path, slower and equally exact.
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return false }
        guard var span = try? UTF8Span(validating: bytes.span) else { return false }
        return span.checkForNFC(quickCheck: true)
    }

    /// The identifier of the key made by lowercasing `text` (as `String.lowercased()` does) and then
    /// applying `rule`, without making the key's `String`.
    ///
    /// The text is lowercased scalar by scalar from its UTF-8 bytes into a reused buffer, by
    /// `ScalarTable`, and `rule` rewrites the front of that buffer in place and returns how many bytes it
    /// kept. With `apostropheAsASCII`, `’` is written as `'` (for rules to which both are the same
    /// separator). The bytes are interned as they are when every scalar is one NFC leaves alone in any
    /// company (below U+0300, CJK ideographs, Hangul syllables), after the NFC check otherwise. Text the
    /// byte rule cannot read (whitespace beyond ASCII, a scalar the table cannot lowercase) is keyed by
    /// `key(text)`, the key function itself.
    package mutating func intern(
        lowercasedKey text: String, apostropheAsASCII: Bool = false,
        rule: (UnsafeMutableBufferPointer<UInt8>) -> Int, key: (String) -> String
    ) -> ID {
        var text = text
        var scratch = self.scratch
        self.scratch = []
        defer { self.scratch = scratch }
        // Lowercasing can lengthen a scalar's UTF-8 by half (`Ⱥ`, two bytes, lowercases to `ⱥ`, three).
        let needed = text.utf8.count * 2
        if scratch.count < needed { scratch.append(contentsOf: repeatElement(0, count: needed - scratch.count)) }
        let made: (kept: Int, isNFC: Bool)? = text.withUTF8 { bytes in
            guard !TextUnits.hasNonASCIIWhitespace(bytes) else { return nil }
            return scratch.withUnsafeMutableBufferPointer { out in
                guard let written = Self.writeLowercase(bytes, into: out, apostropheAsASCII: apostropheAsASCII) else { return nil }
                let buffer = UnsafeMutableBufferPointer(rebasing: out[..<written.count])
                let kept = rule(buffer)
                return (kept, written.isNFC || Self.isNFC(UnsafeBufferPointer(rebasing: buffer[..<kept])))
            }
        }
        guard let made, made.isNFC else { return intern(key(text)) }
        return scratch.withUnsafeBufferPointer { intern(bytes: UnsafeBufferPointer(rebasing: $0[..<made.kept])) }
    }

    /// Writes the lowercase of valid UTF-8 `bytes` into `out` (at least twice as long), scalar by
    /// scalar; returns the bytes written and whether every scalar written is one NFC keeps as it is
    /// whatever surrounds it, or `nil` when the table does not know a scalar's lowercase.
    @inline(__always)
    static func writeLowercase(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, apostropheAsASCII: Bool
    ) -> (count: Int, isNFC: Bool)? {
        var isNFC = true
        var written = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                out[written] = TextUnits.asciiLowercased(lead)
                written += 1
                index += 1
                continue
            }
            let scalar = TextUnits.scalar(at: index, in: bytes)
            index += UTF8Encoding.length(of: scalar.value)
            guard var lower = ScalarTable.singleLowercase(scalar.value) else { return nil }
            if apostropheAsASCII, lower == 0x2019 { lower = 0x27 }
            switch lower {
            case ..<0x300, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xAC00..<0xD7A4: break
            default: isNFC = false
            }
            written = UTF8Encoding.write(lower, into: out, at: written)
        }
        return (written, isNFC)
    }

    /// The identifier of NFC bytes, added if new.
    package mutating func intern(bytes: UnsafeBufferPointer<UInt8>) -> ID {
        let hash = ByteHash.hash(bytes)
        let tag = UInt64(truncatingIfNeeded: UInt32(truncatingIfNeeded: hash)) << 32
        var mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                if equals(index, bytes) { return ID(value: UInt32(index)) }
            }
            slot = (slot + 1) & mask
        }
        let id = UInt32(ends.count)
        arena.append(contentsOf: bytes)
        ends.append(arena.count)
        if ends.count * 2 > slots.count {
            resize(to: slots.count * 2)
            mask = slots.count - 1
            slot = hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
        }
        slots[slot] = tag | UInt64(id + 1)
        return ID(value: id)
    }

    private func equals(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == bytes.count else { return false }
        return arena.withUnsafeBufferPointer { arena in
            guard let base = arena.baseAddress, let other = bytes.baseAddress else { return true }
            for offset in 0..<bytes.count where base[start + offset] != other[offset] { return false }
            return true
        }
    }

    /// Makes the table `size` slots long (a power of two, at most 2^32) and places every key in it
    /// again, by the hash bits its slot keeps.
    private mutating func resize(to size: Int) {
        precondition(size <= 1 << 32, "KeyInterner: more than 2^31 keys")
        var table = [UInt64](repeating: 0, count: size)
        let mask = size - 1
        for entry in slots where entry != 0 {
            var slot = Int(truncatingIfNeeded: entry >> 32) & mask
            while table[slot] != 0 { slot = (slot + 1) & mask }
            table[slot] = entry
        }
        slots = table
    }

    /// Makes room for `count` more keys, of 32 bytes each on average. (Room never written costs only
    /// address space, where growing by doubling would copy the keys into memory new to the process.)
    package mutating func reserveCapacity(_ count: Int) {
        arena.reserveCapacity(arena.count + 32 * count)
        ends.reserveCapacity(ends.count + count)
        var size = slots.count
        while size < (ends.count + count) * 2 { size *= 2 }
        if size > slots.count { resize(to: size) }
    }
}
