/// Text used as a dictionary key, with its hash computed once.
///
/// A `String` key is hashed again on every lookup and insert, and a probe compares whole strings at
/// every occupied slot it passes (a dictionary keeps no hashes). The duplicate index looks each of a
/// row's keys up and then inserts it, in several tables: hashing the text once, and comparing hashes
/// before text, takes most of that cost away (Decision D-070).
///
/// Equality is the text's own (canonical equivalence, as `String`'s), so a table keyed by `HashedText`
/// finds exactly what one keyed by the text would. The hash is of the text's NFC form, which canonically
/// equivalent texts share: for text already in NFC (ASCII, and nearly every title: the quick check of
/// `UTF8Span` says so) that is its own bytes, hashed eight at a time, and two such texts are equal
/// exactly when their bytes are (Decision D-109). `String`'s own hash and equality normalize non-ASCII
/// text on every call.
package struct HashedText: Hashable, Sendable {
    package let text: String
    package let hash: Int
    /// Whether `text` is known to be in NFC, so that its bytes decide equality.
    package let isNFC: Bool

    package init(_ text: String) {
        self.text = text
        var text = text
        let known: (hash: Int, isNFC: Bool)? = text.withUTF8 { bytes in
            guard Self.isNFC(bytes) else { return nil }
            return (ByteHash.hash(bytes), true)
        }
        if let known {
            (hash, isNFC) = known
        } else {
            hash = self.text._nfcCodeUnits.withUnsafeBufferPointer(ByteHash.hash)
            isNFC = false
        }
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

    @inline(__always)
    package static func == (lhs: HashedText, rhs: HashedText) -> Bool {
        guard lhs.hash == rhs.hash else { return false }
        guard lhs.isNFC, rhs.isNFC else { return lhs.text == rhs.text }
        return lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    // Dictionaries ask for this, not `hash(into:)`: one word's one-shot hash.
    package func _rawHashValue(seed: Int) -> Int {
        hash._rawHashValue(seed: seed)
    }
}

/// A fast 64-bit hash of bytes: eight at a time, each word folded into the state by a rotation, an
/// exclusive or and a multiplication by an odd constant (FxHash's step, a bijection of the word for a
/// given state), then finished with a full avalanche. Not a cryptographic hash: text made to collide
/// costs the tables keyed by it a comparison of bytes per colliding key, never a wrong answer.
enum ByteHash {
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: bytes.count)
        guard let base = bytes.baseAddress else { return Int(truncatingIfNeeded: finish(state)) }
        var index = 0
        while index + 8 <= bytes.count {
            state = step(state, UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)))
            index += 8
        }
        if index < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                tail |= UInt64(base[index]) << shift
                shift += 8
                index += 1
            }
            state = step(state, tail)
        }
        return Int(truncatingIfNeeded: finish(state))
    }

    @inline(__always)
    static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
        ((state << 23 | state >> 41) ^ word) &* 0x517C_C1B7_2722_0A95
    }

    /// The avalanche of MurmurHash3's 64-bit finalizer.
    @inline(__always)
    static func finish(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
