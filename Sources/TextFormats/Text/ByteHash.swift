/// A fast 64-bit hash of bytes: eight at a time, each word folded into the state by a rotation, an
/// exclusive or and a multiplication by an odd constant (FxHash's step, a bijection of the word for a
/// given state), then finished with a full avalanche. Not a cryptographic hash: text made to collide
/// costs the tables keyed by it a comparison of bytes per colliding key, never a wrong answer.
package enum ByteHash {
    @inlinable
    package static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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

    @inlinable @inline(__always)
    package static func step(_ state: UInt64, _ word: UInt64) -> UInt64 {
        ((state << 23 | state >> 41) ^ word) &* 0x517C_C1B7_2722_0A95
    }

    /// The avalanche of MurmurHash3's 64-bit finalizer.
    @inlinable @inline(__always)
    package static func finish(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }
}
