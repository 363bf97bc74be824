/// The kind of object a persistent identifier names.
public enum EntityKind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case work
    case edition
    case author
    case userLibraryEntry

    public var description: String {
        switch self {
        case .work: return "Work"
        case .edition: return "Edition"
        case .author: return "Author"
        case .userLibraryEntry: return "UserLibraryEntry"
        }
    }
}

/// Identifies a stored object, as SwiftData's `PersistentIdentifier` does.
///
/// Identifiers are never reused: the store's counter only moves forward, even across deletion,
/// rollback and a crash, so a cached identifier can only ever name its own object or nothing.
/// The raw value is unique across kinds; the kind is carried for type checks and descriptions.
public struct PersistentIdentifier: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The raw value in the low 56 bits and the kind in the top 8: one word, so an identifier stored
    /// in an entity or as a table's key takes eight bytes rather than sixteen (Decision D-112).
    @usableFromInline let bits: UInt64

    /// The kind of object named.
    @inlinable
    public var kind: EntityKind { EntityKind(rawValue: UInt8(truncatingIfNeeded: bits >> 56))! }

    /// The counter value the store assigned; unique across kinds.
    @inlinable
    public var rawValue: UInt64 { bits & Self.rawValueMax }

    /// The largest raw value an identifier holds (2^56 − 1).
    public static let rawValueMax: UInt64 = (1 << 56) - 1

    /// - Precondition: `rawValue <= rawValueMax`.
    @inlinable
    public init(kind: EntityKind, rawValue: UInt64) {
        precondition(rawValue <= Self.rawValueMax, "PersistentIdentifier: raw value \(rawValue) is above 2^56 - 1")
        bits = UInt64(kind.rawValue) << 56 | rawValue
    }

    // The raw value alone is unique, so it alone is hashed.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    // Dictionaries and sets ask for this, not `hash(into:)`, and every store operation looks
    // identifiers up several times. Raw values are dense counters, not chosen by anyone, so a fixed
    // avalanche of the word (MurmurHash3's finalizer, mixed with the table's seed) spreads them as well
    // as a seeded SipHash does, at a tenth of its cost.
    /// The identifier's hash for a table seeded with `seed`: the raw value mixed by MurmurHash3's
    /// finalizer.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        var value = rawValue ^ UInt64(truncatingIfNeeded: seed)
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return Int(truncatingIfNeeded: value)
    }

    /// Identifiers order by creation.
    @inlinable
    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "\(kind)#\(rawValue)" }
}
