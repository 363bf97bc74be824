/// The user's relationship with a work: status, progress, rating and notes.
///
/// Seed: 000_…, "What Gets Deleted" (UserLibraryEntries: reading statuses, current pages, ratings,
/// notes, completion dates).
public struct UserLibraryEntry: Hashable, Sendable {
    /// The store's identifier for the entry, assigned at insertion and never reused.
    public let id: PersistentIdentifier
    /// The work; an entry never outlives it (cascade).
    public internal(set) var workID: PersistentIdentifier
    /// The edition being read, if chosen; nullified when that edition is deleted.
    public internal(set) var editionID: PersistentIdentifier?
    /// Where the book stands for the user: wishlist, to read, reading, read, on hold or did not finish.
    public var readingStatus: ReadingStatus
    /// The page the user has reached; an import sets the page count for a book read, else 0.
    public var currentPage: Int
    /// Stars from 0.25 to 5 in quarter steps (StoryGraph allows quarters), or `nil` when unrated.
    public var rating: Double?
    /// The user's notes or review, as imported or typed.
    public var notes: String?
    /// When the user added the book to their library, if known.
    public var dateAdded: Timestamp?
    /// When the user finished the book, if they have.
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
    /// The entry's status; "to read" by default.
    public var readingStatus: ReadingStatus
    /// The page reached; 0 by default.
    public var currentPage: Int
    /// Stars from 0.25 to 5 in quarter steps, or `nil` when unrated.
    public var rating: Double?
    /// The user's notes or review, if any.
    public var notes: String?
    /// When the user added the book, if known.
    public var dateAdded: Timestamp?
    /// When the user finished the book, if they have.
    public var dateCompleted: Timestamp?

    /// A draft with these fields: by default a book to read, not started, unrated.
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
    /// On the wishlist, to read, being read, read, on hold, or abandoned (did not finish).
    case wishlist, toRead, reading, read, onHold, didNotFinish
}
