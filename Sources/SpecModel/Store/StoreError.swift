/// Why a store operation was refused. Expected failures, returned as values the caller handles.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No live object has this identifier (never existed, deleted, or lost to a rollback).
    case notFound(PersistentIdentifier)
    /// The identifier names an object of another kind than the operation needs.
    case wrongKind(PersistentIdentifier, expected: EntityKind)
    /// The edition chosen for an entry belongs to another work.
    case editionOfAnotherWork(edition: PersistentIdentifier, work: PersistentIdentifier)
    /// Saving failed (an injected fault standing for a full disk or a store error); nothing was saved.
    case saveFailed(reason: String)
    /// Deleting failed (an injected fault); nothing was deleted.
    case deleteFailed(reason: String)

    public var description: String {
        switch self {
        case let .notFound(id): return "no live object \(id)"
        case let .wrongKind(id, expected): return "\(id) is not a \(expected)"
        case let .editionOfAnotherWork(edition, work): return "\(edition) is not an edition of \(work)"
        case let .saveFailed(reason): return "save failed: \(reason)"
        case let .deleteFailed(reason): return "delete failed: \(reason)"
        }
    }
}

/// Faults a test or scenario injects into the store: the next saves or deletes fail.
public struct StoreFaults: Hashable, Sendable {
    /// How many of the next `save()` calls fail.
    public var saveFailuresRemaining: Int
    /// How many of the next delete operations (single or batch) fail.
    public var deleteFailuresRemaining: Int
    /// The reason the failing operation's error carries (`saveFailed(reason:)`, `deleteFailed(reason:)`).
    public var reason: String

    /// Faults that fail the next `saveFailuresRemaining` saves and `deleteFailuresRemaining` deletes with
    /// `reason`.
    public init(saveFailuresRemaining: Int = 0, deleteFailuresRemaining: Int = 0, reason: String = "the store could not write (injected fault)") {
        self.saveFailuresRemaining = saveFailuresRemaining
        self.deleteFailuresRemaining = deleteFailuresRemaining
        self.reason = reason
    }

    /// No faults: every save and delete succeeds.
    public static let none = StoreFaults()
}
