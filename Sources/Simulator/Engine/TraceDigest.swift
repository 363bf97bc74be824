/// A running 64-bit digest of a simulated run's trace: the same seed and scenario give the same digest,
/// so two runs are compared by one number.
///
/// Each record's bytes are taken as little-endian 64-bit words, each folded in with a multiply by FNV's
/// 64-bit prime and an xor-shift, and the record's length is folded in last, so that `"ab" + "c"` and
/// `"a" + "bc"` differ. It is not cryptographic; it only has to make an accidental collision between two
/// different traces of one scenario unlikely, and it is stable across processes and toolchains (unlike
/// `Hasher`, which is seeded per process).
public struct TraceDigest: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01b3

    // Inlinable, as is every call below: the runs in `Scenarios` record every event, and a generic
    // `record` called across a module boundary would walk its bytes unspecialized.

    @usableFromInline var _value: UInt64 = offsetBasis
    @usableFromInline var _records = 0

    /// The digest so far.
    @inlinable public var value: UInt64 { _value }
    /// The records folded in so far.
    @inlinable public var records: Int { _records }

    /// Creates the digest of an empty trace: FNV's 64-bit offset basis and no records.
    public init() {}

    /// Folds one record in: its bytes as little-endian 64-bit words (the last one padded with zeros),
    /// each mixed in with a multiply and a shift, then its length. Whatever sequence type carries the
    /// bytes, the same bytes give the same digest.
    @inlinable
    public mutating func record(_ bytes: some Sequence<UInt8>) {
        var hash = _value
        var length: UInt64 = 0
        var word: UInt64 = 0
        var filled: UInt64 = 0
        for byte in bytes {
            word |= UInt64(byte) << (filled * 8)
            filled += 1
            length &+= 1
            if filled == 8 {
                hash = Self.mix(hash, word)
                word = 0
                filled = 0
            }
        }
        if filled > 0 { hash = Self.mix(hash, word) }
        hash = Self.mix(hash, length)
        _value = hash
        _records += 1
    }

    @inlinable @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let h = (hash ^ word) &* prime
        return h ^ (h >> 29)
    }

    /// Folds one text record in (its UTF-8 bytes).
    @inlinable
    public mutating func record(_ text: String) {
        record(text.utf8)
    }

    /// Folds an integer in, as one word.
    @inlinable
    public mutating func record(_ number: UInt64) {
        _value = Self.mix(_value, number)
        _records += 1
    }

    /// Sixteen hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
