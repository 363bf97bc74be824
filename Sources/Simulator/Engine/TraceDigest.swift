/// A running 64-bit digest of a simulated run's trace: the same seed and scenario give the same digest,
/// so two runs are compared by one number.
///
/// FNV-1a over the bytes of each record, each record prefixed by its length so that `"ab" + "c"` and
/// `"a" + "bc"` differ. FNV-1a is not cryptographic; it only has to make an accidental collision between
/// two different traces of one scenario unlikely, and it is stable across processes and toolchains
/// (unlike `Hasher`, which is seeded per process).
public struct TraceDigest: Hashable, Sendable, CustomStringConvertible {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The digest so far.
    public private(set) var value: UInt64 = offsetBasis
    /// The records folded in so far.
    public private(set) var records = 0

    public init() {}

    /// Folds one record in.
    public mutating func record(_ bytes: some Sequence<UInt8>) {
        var hash = value
        var length: UInt64 = 0
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* Self.prime
            length &+= 1
        }
        for shift in stride(from: 0, to: 64, by: 8) {
            hash = (hash ^ ((length >> UInt64(shift)) & 0xff)) &* Self.prime
        }
        value = hash
        records += 1
    }

    /// Folds one text record in (its UTF-8 bytes).
    public mutating func record(_ text: String) {
        record(text.utf8)
    }

    /// Folds an integer in, as eight little-endian bytes.
    public mutating func record(_ number: UInt64) {
        var hash = value
        for shift in stride(from: 0, to: 64, by: 8) {
            hash = (hash ^ ((number >> UInt64(shift)) & 0xff)) &* Self.prime
        }
        value = hash
        records += 1
    }

    /// Sixteen hexadecimal digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
