import SpecModel
import InternalChecks

/// The checker's jobs, found by their ID's bytes without regard to ASCII case (D-024): once a job is
/// known, a line of it is matched to it without making a `String`.
///
/// An entry lives while its job is checked or while lines of it wait in the reorder buffers, so the
/// table holds the live jobs, not every job the file has named.
package struct RecordingJobTable: Sendable {
    struct Entry: Sendable {
        /// Whether the entry is in use (a free one waits in `freeEntries`).
        var inUse = true
        /// The ID's bytes, ASCII letters lowercased.
        var key: [UInt8]
        var hash: Int
        /// The job's check, from its first checked line to its end.
        var job: RecordingChecker.Job?
        /// The job's lines read and not yet checked (held in a reorder buffer).
        var waiting = 0
    }

    /// The entries, changed in place through `table[entry]`.
    private(set) var entries: [Entry] = []
    private var freeEntries: [Int] = []
    /// Open addressing with linear probing: an entry's index plus one, 0 for an empty place.
    private var places: [Int32] = Array(repeating: 0, count: 64)
    /// Entries in use.
    private(set) var count = 0

    subscript(entry: Int) -> Entry {
        _read { yield entries[entry] }
        _modify { yield &entries[entry] }
    }

    /// The entry of the job `id` names, made when the job is new; counts one more line waiting.
    mutating func intern(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        intern(id, hash: Self.hash(id))
    }

    /// `intern(_:)`, given the ID's `hash(_:)`.
    mutating func intern(_ id: UnsafeBufferPointer<UInt8>, hash: Int) -> Int {
        let mask = places.count - 1
        var place = hash & mask
        while places[place] != 0 {
            let index = Int(places[place]) - 1
            if entries[index].hash == hash, Self.sameKey(entries[index].key, id) {
                entries[index].waiting += 1
                return index
            }
            place = (place + 1) & mask
        }
        let entry = Entry(key: id.map(Self.lowercased), hash: hash, waiting: 1)
        let index: Int
        if let free = freeEntries.popLast() {
            index = free
            entries[index] = entry
        } else {
            index = entries.count
            entries.append(entry)
        }
        places[place] = Int32(index + 1)
        count += 1
        if count * 2 > places.count { grow() }
        return index
    }

    /// The table, for tests: `intern` of `id`'s bytes, the entry's spelling, `remove`, and the count.
    package struct _Probe {
        private var table = RecordingJobTable()
        package init() {}
        package mutating func intern(_ id: String) -> Int {
            var id = id
            return id.withUTF8 { table.intern($0) }
        }
        package mutating func remove(_ entry: Int) { table.remove(entry) }
        package var count: Int { table.count }
    }

    /// Removes `entry`, whose job has ended and has no line waiting.
    mutating func remove(_ entry: Int) {
        precondition(entries[entry].inUse, "entry \(entry) is not in the table")
        let mask = places.count - 1
        var place = entries[entry].hash & mask
        while Int(places[place]) - 1 != entry { place = (place + 1) & mask }
        // Backward-shift deletion: later entries of the probe run move into the gap.
        var gap = place
        var next = (gap + 1) & mask
        while places[next] != 0 {
            let home = entries[Int(places[next]) - 1].hash & mask
            // The entry at `next` may fill the gap if its home is not in (gap, next].
            if (next > gap && (home <= gap || home > next)) || (next < gap && home <= gap && home > next) {
                places[gap] = places[next]
                gap = next
            }
            next = (next + 1) & mask
        }
        places[gap] = 0
        entries[entry] = Entry(inUse: false, key: [], hash: 0, job: nil, waiting: 0)
        freeEntries.append(entry)
        count -= 1
    }

    private mutating func grow() {
        places = Array(repeating: 0, count: places.count * 2)
        let mask = places.count - 1
        for (index, entry) in entries.enumerated() where entry.inUse {
            var place = entry.hash & mask
            while places[place] != 0 { place = (place + 1) & mask }
            places[place] = Int32(index + 1)
        }
    }

    // MARK: - Keys

    /// `TextUnits.asciiLowercased(_:)`, here so that the hot loops below inline it (a call into
    /// SpecModel is not inlined across the module boundary).
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    private static func sameKey(_ key: [UInt8], _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        key.withUnsafeBufferPointer { sameKey($0, id) }
    }

    /// Whether `a` and `b`, of one length, are the same without regard to ASCII case: eight bytes at
    /// a time, then byte by byte.
    package static func sameKey(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let first = a.baseAddress, let second = b.baseAddress else { return true }
        var at = 0
        while at + 8 <= a.count {
            internalCheck(at >= 0 && at + 8 <= b.count, "RecordingJobTable.sameKey: 8 bytes at \(at) of \(a.count) and \(b.count)")
            let x = UnsafeRawPointer(first + at).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(second + at).loadUnaligned(as: UInt64.self)
            if x != y, lowercasedWord(x) != lowercasedWord(y) { return false }
            at += 8
        }
        while at < a.count {
            if lowercased(a[at]) != lowercased(b[at]) { return false }
            at += 1
        }
        return true
    }

    /// A hash of the ID's lowercased bytes, eight at a time.
    static func hash(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(id.count)
        var at = 0
        while at + 8 <= id.count {
            internalCheck(at >= 0, "RecordingJobTable.hash: 8 bytes at \(at) of \(id.count)")
            let word = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(id)[at..<(at + 8)]).loadUnaligned(as: UInt64.self)
            hash = mix(hash ^ lowercasedWord(word))
            at += 8
        }
        if at < id.count {
            var word: UInt64 = 0
            for index in at..<id.count { word |= UInt64(lowercased(id[index])) << (8 * UInt64(index - at)) }
            hash = mix(hash ^ word)
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }

    /// The eight bytes of `word` with ASCII capitals lowercased (bytes of 0x80 and over unchanged).
    /// `TextUnits.asciiLowercased(word:)` takes ASCII bytes only; an ID may hold any UTF-8.
    package static func lowercasedWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~highs
        // A byte's high bit set in `atLeastA` when its low seven bits are >= 'A', in `overZ` when > 'Z'.
        let atLeastA = low &+ (0x80 - 0x41) &* ones
        let overZ = low &+ (0x80 - 0x5B) &* ones
        let capitals = atLeastA & ~overZ & ~word & highs
        return word | (capitals >> 2)
    }
}
