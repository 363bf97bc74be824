/// The user's relationship with a work: status, progress, rating and notes.
///
/// Seed: 000_…, "What Gets Deleted" (UserLibraryEntries: reading statuses, current pages, ratings,
/// notes, completion dates).
public struct UserLibraryEntry: Hashable, Sendable {
    public let id: PersistentIdentifier
    /// The work; an entry never outlives it (cascade).
    public internal(set) var workID: PersistentIdentifier
    /// The edition being read, if chosen; nullified when that edition is deleted.
    public internal(set) var editionID: PersistentIdentifier?
    public var readingStatus: ReadingStatus
    public var currentPage: Int
    /// Stars from 0.25 to 5 in quarter steps (StoryGraph allows quarters), or `nil` when unrated.
    public var rating: Double?
    public var notes: String?
    public var dateAdded: Timestamp?
    public var dateCompleted: Timestamp?
}

// In an extension, so the struct keeps its memberwise initialiser (see `Work`'s, Decision D-115).
extension UserLibraryEntry {
    init(id: PersistentIdentifier, workID: PersistentIdentifier, editionID: PersistentIdentifier?, draft: consuming EntryDraft) {
        self.init(
            id: id, workID: workID, editionID: editionID, readingStatus: draft.readingStatus, currentPage: draft.currentPage,
            rating: draft.rating, notes: draft.notes.take(),  // moved, not copied (see `take`)
            dateAdded: draft.dateAdded, dateCompleted: draft.dateCompleted
        )
    }
}

/// The fields of a library entry to insert.
public struct EntryDraft: Hashable, Sendable {
    public var readingStatus: ReadingStatus
    public var currentPage: Int
    public var rating: Double?
    public var notes: String?
    public var dateAdded: Timestamp?
    public var dateCompleted: Timestamp?

    public init(
        readingStatus: ReadingStatus = .toRead,
        currentPage: Int = 0,
        rating: Double? = nil,
        notes: String? = nil,
        dateAdded: Timestamp? = nil,
        dateCompleted: Timestamp? = nil
    ) {
        self.readingStatus = readingStatus
        self.currentPage = currentPage
        self.rating = rating
        self.notes = notes
        self.dateAdded = dateAdded
        self.dateCompleted = dateCompleted
    }
}

/// Where a book stands for the user (the production app's six statuses).
public enum ReadingStatus: String, Hashable, Sendable, CaseIterable {
    case wishlist, toRead, reading, read, onHold, didNotFinish
}
