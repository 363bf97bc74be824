import InternalChecks
import TextFormats

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

    // The storage is internal, not private, for `KeyInterner+Invariants.swift` and
    // `KeyInterner+Testing.swift`; nothing else touches it.

    /// Every key's bytes, one after another: valid UTF-8 in NFC, each key once.
    var arena: [UInt8] = []
    /// Key `i` is `arena[ends[i - 1]..<ends[i]]` (from 0 for the first).
    var ends: [Int] = []
    /// The open-addressing table, a power of two long and at most half full. A slot holds a key's
    /// identifier plus one in its low 32 bits (0 for an empty slot) and the low 32 bits of the key's
    /// hash in its high ones: a probe passes a slot of another key without reading anything else,
    /// which in a table larger than the caches is a miss to memory saved per slot passed (D-112).
    var slots: [UInt64] = Array(repeating: 0, count: 16)
    /// Reused for each key written before it is looked up.
    private var scratch = KeyBytes()
    /// What a batch's reads ahead of its lookups summed to: kept, so they are not optimised away.
    private var touched = 0

    package init() {}

    /// The number of distinct keys.
    package var count: Int { ends.count }

    /// The key's text.
    package func text(_ id: ID) -> String {
        withBytes(id) { String(checkedUTF8: $0) }
    }

    /// Calls `body` with the key's bytes.
    package func withBytes<Result>(_ id: ID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(id.value)
        let start = index == 0 ? 0 : ends[index - 1]
        let end = ends[index]
        internalCheck(start <= end && end <= arena.count, "KeyInterner: key \(index) spans \(start)..<\(end) of an arena of \(arena.count) bytes")
        return arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The identifier of a text, as is.
    package mutating func intern(_ text: String) -> ID {
        internScratch { Self.appendKey(text, to: &$0) }
    }

    /// The identifier of the bytes `write` appends to the emptied scratch buffer.
    private mutating func internScratch(_ write: (inout KeyBytes) -> Void) -> ID {
        var scratch = self.scratch
        self.scratch = KeyBytes()
        defer { self.scratch = scratch }
        scratch.removeAll()
        write(&scratch)
        return scratch.withBytes { intern(bytes: $0) }
    }

    /// The text of the key `intern(_:)` makes of `text` (its NFC form): what `text(_:)` returns for it.
    package static func keyText(_ text: String) -> String {
        var bytes = KeyBytes()
        appendKey(text, to: &bytes)
        return bytes.withBytes { String(checkedUTF8: $0) }
    }

    /// Appends the NFC bytes of a text to `buffer`: the bytes `intern(_:)` looks up.
    static func appendKey(_ text: String, to buffer: inout KeyBytes) {
        var text = text
        let appended = text.withUTF8 { bytes in
            guard isNFC(bytes) else { return false }
            buffer.append(bytes)
            return true
        }
        if !appended { text._nfcCodeUnits.withUnsafeBufferPointer { buffer.append($0) } }
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
        internScratch { Self.appendKey(lowercased: text, apostropheAsASCII: apostropheAsASCII, rule: rule, key: key, to: &$0) }
    }

    /// Appends to `buffer` the bytes of the key `intern(lowercasedKey:apostropheAsASCII:rule:key:)`
    /// looks up.
    static func appendKey(
        lowercased text: String, apostropheAsASCII: Bool,
        rule: (UnsafeMutableBufferPointer<UInt8>) -> Int, key: (String) -> String, to buffer: inout KeyBytes
    ) {
        var text = text
        let made: (kept: Int, isNFC: Bool)? = text.withUTF8 { bytes in
            // Lowercasing can lengthen a scalar's UTF-8 by half (`Ⱥ`, two bytes, lowercases to `ⱥ`, three).
            return buffer.withRoom(bytes.count * 2) { out -> (kept: Int, result: (kept: Int, isNFC: Bool)?) in
                guard let lowered = writeLowercase(bytes, into: out, apostropheAsASCII: apostropheAsASCII) else { return (0, nil) }
                internalCheck(lowered.count <= out.count, "KeyInterner: lowercasing wrote \(lowered.count) bytes into room for \(out.count)")
                let written = UnsafeMutableBufferPointer(rebasing: out[..<lowered.count])
                let kept = rule(written)
                internalCheck(kept >= 0 && kept <= written.count, "KeyInterner: a key rule kept \(kept) of \(written.count) bytes")
                internalCheck(isValidUTF8(UnsafeBufferPointer(rebasing: written[..<kept])), "KeyInterner: a key rule left bytes that are not UTF-8")
                return (kept, (kept, lowered.isNFC || isNFC(UnsafeBufferPointer(rebasing: written[..<kept]))))
            }
        }
        guard let made, made.isNFC else {
            if let made { buffer.removeLast(made.kept) }
            appendKey(key(text), to: &buffer)
            return
        }
    }

    /// Writes the lowercase of valid UTF-8 `bytes` into `out` (at least twice as long), scalar by
    /// scalar; returns the bytes written and whether every scalar written is one NFC keeps as it is
    /// whatever surrounds it, or `nil` when the table does not know a scalar's lowercase or the text
    /// has whitespace beyond ASCII (which the byte rules do not read).
    @inline(__always)
    static func writeLowercase(
        _ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, apostropheAsASCII: Bool
    ) -> (count: Int, isNFC: Bool)? {
        var isNFC = true
        var written = 0
        var index = 0
        let count = bytes.count
        internalCheck(out.count >= 2 * count, "KeyInterner.writeLowercase: room for \(out.count) bytes, \(count) to lowercase")
        while index < count {
            // Eight ASCII bytes at a time (`out`, twice as long as `bytes`, has room for them).
            if index &+ 8 <= count, let source = bytes.baseAddress, let target = out.baseAddress {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    // Each ASCII byte is written as one byte, so the output is never ahead of the input.
                    internalCheck(written <= index && written + 8 <= out.count, "KeyInterner.writeLowercase: a word at \(written) of \(out.count)")
                    UnsafeMutableRawPointer(target + written).storeBytes(of: TextUnits.asciiLowercased(word: word), as: UInt64.self)
                    written &+= 8
                    index &+= 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                internalCheck(written < out.count, "KeyInterner.writeLowercase: byte \(written) of room for \(out.count)")
                out[written] = TextUnits.asciiLowercased(lead)
                written += 1
                index += 1
                continue
            }
            let scalar = TextUnits.scalar(at: index, in: bytes)
            index += UTF8Encoding.length(of: scalar.value)
            guard !TextUnits.isNonASCIIWhitespace(scalar.value) else { return nil }
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
        intern(bytes: bytes, hash: ByteHash.hash(bytes))
    }

    /// The identifier of NFC bytes whose `ByteHash` is `hash`, added if new.
    @inline(__always)
    private mutating func intern(bytes: UnsafeBufferPointer<UInt8>, hash: Int) -> ID {
        let tag = UInt64(truncatingIfNeeded: UInt32(truncatingIfNeeded: hash)) << 32
        var mask = slots.count - 1
        var slot = hash & mask
        internalCheck(slots.count.nonzeroBitCount == 1, "KeyInterner: a table of \(slots.count) slots, not a power of two")
        internalCheck(hash == ByteHash.hash(bytes), "KeyInterner: a key interned under a hash that is not its bytes'")
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                internalCheck(index >= 0 && index < ends.count, "KeyInterner: slot \(slot) names key \(index) of \(ends.count)")
                if equals(index, bytes) { return ID(value: UInt32(index)) }
            }
            slot = (slot + 1) & mask
        }
        // A new key: its bytes are what every identifier's text and every later comparison read.
        internalCheck(isValidUTF8(bytes), "KeyInterner: a new key's \(bytes.count) bytes are not UTF-8")
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
        // After a rehash (the table just doubled, so it holds one key more than a quarter of its
        // slots): the whole table against the keys. The doubling makes this O(1) a key in all.
        internalCheckConsistency(ends.count == slots.count / 4 + 1 ? _checkConsistency() : [], "KeyInterner, after a rehash to \(slots.count) slots")
        return ID(value: id)
    }

    private func equals(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == bytes.count else { return false }
        internalCheck(start >= 0 && start + bytes.count <= arena.count, "KeyInterner: key \(index) at \(start) runs past the arena's \(arena.count) bytes")
        return arena.withUnsafeBufferPointer { arena in
            guard let base = arena.baseAddress, let other = bytes.baseAddress else { return true }
            for offset in 0..<bytes.count where base[start + offset] != other[offset] { return false }
            return true
        }
    }

    /// Interns every key of a batch, in order: `batch.ids` then holds their identifiers.
    ///
    /// The table's slots, then the ends and first bytes of the keys they name, are read for all of
    /// the batch's keys before any is looked up. In a table larger than the caches each read is a
    /// miss to memory, and reads that do not depend on one another are in flight together: a batch's
    /// misses overlap, where looked up one by one each key waited for its own (Decision D-114). The
    /// lookups then find what they read in the cache. The identifiers are those that interning the
    /// keys one by one in the same order gives.
    package mutating func intern(_ batch: inout KeyBatch) {
        batch.ids.removeAll(keepingCapacity: true)
        batch.hashes.removeAll(keepingCapacity: true)
        batch.bytes.withBytes { bytes in
            var start = 0
            for end in batch.ends {
                batch.hashes.append(ByteHash.hash(UnsafeBufferPointer(rebasing: bytes[start..<end])))
                start = end
            }
        }
        var touched = 0
        let mask = slots.count - 1
        // `hash & mask` is a slot only while the table is a power of two long; a slot's identifier
        // names a key only while the table and the keys agree.
        internalCheck(slots.count.nonzeroBitCount == 1, "KeyInterner: a table of \(slots.count) slots, not a power of two")
        slots.withUnsafeBufferPointer { slots in
            for hash in batch.hashes { touched &+= Int(truncatingIfNeeded: slots[hash & mask]) }
            ends.withUnsafeBufferPointer { ends in
                for hash in batch.hashes {
                    let entry = slots[hash & mask]
                    let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                    internalCheck(index < ends.count, "KeyInterner: slot \(hash & mask) names key \(index) of \(ends.count)")
                    if index >= 0, entry >> 32 == UInt64(UInt32(truncatingIfNeeded: hash)) { touched &+= ends[index] }
                }
                arena.withUnsafeBufferPointer { arena in
                    for hash in batch.hashes {
                        let entry = slots[hash & mask]
                        let index = Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1
                        // The key's first byte (an empty key has none).
                        guard index > 0, entry >> 32 == UInt64(UInt32(truncatingIfNeeded: hash)), ends[index - 1] < ends[index] else { continue }
                        internalCheck(ends[index] <= arena.count, "KeyInterner: key \(index) ends at \(ends[index]), past the arena's \(arena.count) bytes")
                        touched &+= Int(arena[ends[index - 1]])
                    }
                }
            }
        }
        self.touched = touched
        batch.bytes.withBytes { bytes in
            var start = 0
            for (end, hash) in zip(batch.ends, batch.hashes) {
                internalCheck(start <= end && end <= bytes.count, "KeyBatch: key \(batch.ids.count) spans \(start)..<\(end) of \(bytes.count) bytes")
                batch.ids.append(intern(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), hash: hash))
                start = end
            }
        }
        // After the batch: each identifier names the batch's key, byte for byte.
        internalCheck(batch.ids.count == batch.ends.count, "KeyBatch: \(batch.ids.count) identifiers for \(batch.ends.count) keys")
        internalCheckConsistency(problems(afterInterning: batch), "KeyInterner, after a batch of \(batch.ends.count) keys")
    }

    /// Makes the table `size` slots long (a power of two, at most 2^32) and places every key in it
    /// again, by the hash bits its slot keeps.
    private mutating func resize(to size: Int) {
        precondition(size <= 1 << 32, "KeyInterner: more than 2^31 keys")
        internalCheck(size.nonzeroBitCount == 1 && size >= slots.count, "KeyInterner: resized from \(slots.count) to \(size) slots")
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
        if size > slots.count {
            resize(to: size)
            internalCheckConsistency(_checkConsistency(), "KeyInterner, after a rehash to \(size) slots for \(count) keys more")
        }
    }
}

/// Bytes written one key after another into storage that only grows: a key is written in place,
/// past the bytes kept, with no append or removal of the array's own per key.
package struct KeyBytes: Sendable {
    private var storage: [UInt8] = []
    /// The bytes kept, at the front of `storage`.
    private(set) var count = 0

    mutating func removeAll() { count = 0 }

    /// Drops the last `count` bytes kept.
    mutating func removeLast(_ count: Int) {
        internalCheck(count >= 0 && count <= self.count, "KeyBytes: dropping \(count) of \(self.count) bytes")
        self.count -= count
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        withRoom(bytes.count) { room in
            _ = room.initialize(fromContentsOf: bytes)
            return (bytes.count, ())
        }
    }

    /// Calls `write` with room for at most `room` bytes after those kept; `write` returns how many it
    /// kept of what it wrote there, and a result.
    mutating func withRoom<Result>(_ room: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> (kept: Int, result: Result)) -> Result {
        if storage.count < count + room {
            // At least doubled: growing is rare.
            storage.append(contentsOf: repeatElement(0, count: Swift.max(count + room, 2 * storage.count, 64) - storage.count))
        }
        let start = count
        internalCheck(room >= 0 && start + room <= storage.count, "KeyBytes: room for \(room) after \(start) in \(storage.count) bytes")
        let (kept, result) = storage.withUnsafeMutableBufferPointer { whole in
            write(UnsafeMutableBufferPointer(rebasing: whole[start..<(start + room)]))
        }
        // Both writers keep at most the room: `append` keeps the `bytes.count` it asked for, and the
        // key writer what its rule left of the lowercased bytes written into the room (both
        // `internalCheck`ed there).
        precondition(kept <= room, "KeyBytes: kept more than the room")
        count += kept
        return result
    }

    /// Calls `body` with the bytes kept.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        internalCheck(count <= storage.count, "KeyBytes: \(count) bytes kept in \(storage.count)")
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }
}

/// Keys written one after another, for `KeyInterner.intern(_:)` to intern together.
package struct KeyBatch: Sendable {
    /// Every key's bytes, one after another.
    var bytes = KeyBytes()
    /// Key `i` is `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first).
    var ends: [Int] = []
    var hashes: [Int] = []
    /// The keys' identifiers, once interned.
    package fileprivate(set) var ids: [KeyInterner.ID] = []

    package init() {}

    /// Empties the batch, keeping its storage.
    package mutating func removeAll() {
        bytes.removeAll()
        ends.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        ids.removeAll(keepingCapacity: true)
    }

    /// Adds a text's key, as `KeyInterner.intern(_:)` makes it; returns its place in the batch.
    package mutating func append(_ text: String) -> Int {
        KeyInterner.appendKey(text, to: &bytes)
        ends.append(bytes.count)
        return ends.count - 1
    }

    /// Adds the key `KeyInterner.intern(lowercasedKey:apostropheAsASCII:rule:key:)` makes; returns its
    /// place in the batch.
    package mutating func append(
        lowercasedKey text: String, apostropheAsASCII: Bool = false,
        rule: (UnsafeMutableBufferPointer<UInt8>) -> Int, key: (String) -> String
    ) -> Int {
        KeyInterner.appendKey(lowercased: text, apostropheAsASCII: apostropheAsASCII, rule: rule, key: key, to: &bytes)
        ends.append(bytes.count)
        return ends.count - 1
    }
}

/// A map keyed by an interner's identifiers: the values side by side in an array, and each key's
/// place in another, at the key's number.
///
/// The interner numbers keys from 0 as it first sees them, so a key new to it (most of a file's
/// titles and ISBNs) has the highest number yet, and its place is written at the end of the array of
/// places, next to the last one, as its value is at the end of the values: no miss to memory, where a
/// hashed table's slot for it would be anywhere in a table sized for the whole file (Decision D-113).
/// The places are four bytes each, for every key the interner has numbered up to the highest mapped
/// (the interner's keys of other sorts leave empty places between). Removal moves the last value into
/// the gap.
package struct KeyTable<Value: Sendable>: Sendable {
    // Internal, not private, for `KeyInterner+Invariants.swift`.

    /// Place plus one of each key's value, by the key's number; 0 for none.
    var places: [UInt32] = []
    /// The key of each value, side by side with the values.
    var keys: [KeyInterner.ID] = []
    var values: [Value] = []

    package init() {}

    package var count: Int { values.count }

    @inline(__always)
    private func place(of key: KeyInterner.ID) -> Int? {
        let index = Int(key.value)
        guard index < places.count, places[index] != 0 else { return nil }
        return Int(places[index]) - 1
    }

    /// The value of a key, or `nil`.
    package subscript(key: KeyInterner.ID) -> Value? {
        get { place(of: key).map { values[$0] } }
        set {
            if let place = place(of: key) {
                if let newValue { values[place] = newValue } else { remove(key, at: place) }
            } else if let newValue {
                _ = append(key, newValue)
            }
        }
    }

    /// The value of a key, made by `defaultValue` if there is none, for changing in place.
    package subscript(key: KeyInterner.ID, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        _modify {
            let place = place(of: key) ?? append(key, defaultValue())
            yield &values[place]
        }
    }

    /// Reads the memory a lookup of `key` reads, ahead of it: at stage 0 the key's place, at stage 1
    /// the first byte of its value (which needs the place). A batch's lookups read ahead stage by
    /// stage miss to memory together, not one after another (Decision D-114). Returns a sum of what
    /// it read, for the caller to keep.
    package func readAhead(_ key: KeyInterner.ID, stage: Int) -> Int {
        let index = Int(key.value)
        guard index < places.count else { return 0 }
        guard stage > 0 else { return Int(places[index]) }
        let place = Int(places[index]) - 1
        guard place >= 0, MemoryLayout<Value>.size > 0 else { return 0 }
        internalCheck(place < values.count, "KeyTable: key \(index) placed at \(place) of \(values.count) values")
        return values.withUnsafeBufferPointer { values in
            Int(UnsafeRawPointer(values.baseAddress! + place).load(as: UInt8.self))
        }
    }

    private mutating func append(_ key: KeyInterner.ID, _ value: consuming Value) -> Int {
        let index = Int(key.value)
        if index >= places.count {
            // By 256 places or more at a time, so lengthening is rare.
            places.append(contentsOf: repeatElement(0, count: Swift.max(index + 1, places.count + 256) - places.count))
        }
        internalCheck(values.count < Int(UInt32.max), "KeyTable: more than 2^32 - 2 values")
        places[index] = UInt32(truncatingIfNeeded: values.count + 1)
        keys.append(key)
        values.append(consume value)  // moved: a value lent here would be copied in, then released
        internalCheckConsistency(internalCheckIsDue(atCount: values.count) ? _checkConsistency() : [], "KeyTable, grown to \(values.count) values")
        return values.count - 1
    }

    private mutating func remove(_ key: KeyInterner.ID, at place: Int) {
        internalCheck(keys[place] == key, "KeyTable: key \(key.value) is placed at \(place), which holds key \(keys[place].value)")
        let last = values.count - 1
        if place != last {
            values.swapAt(place, last)
            keys.swapAt(place, last)
            places[Int(keys[place].value)] = UInt32(truncatingIfNeeded: place + 1)
        }
        places[Int(key.value)] = 0
        keys.removeLast()
        values.removeLast()
        internalCheck(keys.count == values.count, "KeyTable: \(keys.count) keys for \(values.count) values")
    }

    /// Makes room for `count` more values, of keys numbered below `limit`.
    package mutating func reserveCapacity(_ count: Int, keysBelow limit: Int) {
        places.reserveCapacity(limit)
        keys.reserveCapacity(keys.count + count)
        values.reserveCapacity(values.count + count)
    }
}
