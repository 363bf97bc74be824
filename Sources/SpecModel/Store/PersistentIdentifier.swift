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
    public let kind: EntityKind
    public let rawValue: UInt64

    @inlinable
    public init(kind: EntityKind, rawValue: UInt64) {
        self.kind = kind
        self.rawValue = rawValue
    }

    // The raw value alone is unique, so it alone is hashed.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    // Dictionaries and sets ask for this, not `hash(into:)`. The default builds a streaming `Hasher`;
    // the raw value's own one-shot hash gives the same value at half the cost of a lookup, and every
    // store operation looks identifiers up several times.
    @inlinable
    public func _rawHashValue(seed: Int) -> Int {
        rawValue._rawHashValue(seed: seed)
    }

    /// Identifiers order by creation.
    @inlinable
    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { "\(kind)#\(rawValue)" }
}
