/// Where a book of a series stands for the user, read from the store: the seed's `owned` and `read`.
///
/// Seed: 002_…, `SeriesBook`: "owned: Is this book in user's library?", "read: Has user marked it
/// 'Read'?"; the detail view's icons "Owned ✓, Read ✓✓, Missing ➕". Decision D-102:
/// - a work that is not in the store is not in the library;
/// - a work all of whose entries are on the wishlist is wanted, not owned;
/// - any other work in the store is owned (with no entry, or an entry in any other status);
/// - an owned work with an entry marked `read` is read.
public enum SeriesBookState: Int, Hashable, Comparable, Sendable, CaseIterable {
    /// The work is not in the store.
    case notInLibrary
    /// Every entry of the work is on the wishlist: wanted, not owned.
    case wishlisted
    /// The work is in the library (no entry, or an entry in a status other than the wishlist), not read.
    case owned
    /// The work has an entry marked read.
    case read

    /// The state of `work` in `store`.
    ///
    /// - Complexity: O(the work's entries).
    public init(of work: PersistentIdentifier, in store: LibraryStore) {
        guard let stored = store.work(work) else {
            self = .notInLibrary
            return
        }
        var owned = stored.entryIDList.isEmpty
        for entryID in stored.entryIDList {
            guard let status = store.entry(entryID)?.readingStatus else { continue }
            if status == .read {
                self = .read
                return
            }
            if status != .wishlist { owned = true }
        }
        self = owned ? .owned : .wishlisted
    }

    /// Whether the user owns the book: owned or read.
    public var isOwned: Bool { self >= .owned }
    /// Whether the user has read the book.
    public var isRead: Bool { self == .read }

    /// The detail view's status icon: "✓✓" read, "✓" owned, "➕" missing (not owned).
    public var icon: String {
        switch self {
        case .read: return "✓✓"
        case .owned: return "✓"
        case .wishlisted, .notInLibrary: return "➕"
        }
    }

    public static func < (lhs: SeriesBookState, rhs: SeriesBookState) -> Bool { lhs.rawValue < rhs.rawValue }
}
