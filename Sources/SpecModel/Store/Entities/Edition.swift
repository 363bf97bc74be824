/// A printed or digital edition of a work.
///
/// Seed: 000_…, "What Gets Deleted" (Editions: ISBNs, publishers, publication dates, page counts).
public struct Edition: Hashable, Sendable {
    public let id: PersistentIdentifier
    /// The work the edition belongs to; an edition never outlives it (cascade).
    public internal(set) var workID: PersistentIdentifier
    public var isbn10: String?
    public var isbn13: String?
    public var publisher: String?
    /// Publication date as the provider gives it (`2008`, `2008-09`, `2008-09-14`).
    public var publicationDate: String?
    public var pageCount: Int?
    public var coverURL: String?
    public var format: String?

    // The memberwise initialiser, `init(id:workID:isbn10:isbn13:publisher:publicationDate:pageCount:
    // coverURL:format:)`, is the struct's own (see `Work`'s initialisers, Decision D-115).
}

extension Edition {
    /// An edition with a draft's fields, moved out of it, not copied (see `take`).
    init(id: PersistentIdentifier, workID: PersistentIdentifier, draft: consuming EditionDraft) {
        self.init(
            id: id, workID: workID, isbn10: draft.isbn10.take(), isbn13: draft.isbn13.take(), publisher: draft.publisher.take(),
            publicationDate: draft.publicationDate.take(), pageCount: draft.pageCount, coverURL: draft.coverURL.take(),
            format: draft.format.take()
        )
    }
}

/// The fields of an edition to insert.
public struct EditionDraft: Hashable, Sendable {
    public var isbn10: String?
    public var isbn13: String?
    public var publisher: String?
    public var publicationDate: String?
    public var pageCount: Int?
    public var coverURL: String?
    public var format: String?

    public init(
        isbn10: String? = nil,
        isbn13: String? = nil,
        publisher: String? = nil,
        publicationDate: String? = nil,
        pageCount: Int? = nil,
        coverURL: String? = nil,
        format: String? = nil
    ) {
        self.isbn10 = isbn10
        self.isbn13 = isbn13
        self.publisher = publisher
        self.publicationDate = publicationDate
        self.pageCount = pageCount
        self.coverURL = coverURL
        self.format = format
    }
}
