/// A printed or digital edition of a work.
///
/// Seed: 000_…, "What Gets Deleted" (Editions: ISBNs, publishers, publication dates, page counts).
public struct Edition: Hashable, Sendable {
    /// The store's identifier for the edition, assigned at insertion and never reused.
    public let id: PersistentIdentifier
    /// The work the edition belongs to; an edition never outlives it (cascade).
    public internal(set) var workID: PersistentIdentifier
    /// The 10-digit ISBN, if the edition has one (979-prefixed ISBNs have none).
    public var isbn10: String?
    /// The 13-digit ISBN, the edition's identity for an import's duplicate detection.
    public var isbn13: String?
    /// The publisher's name, as imported or as the provider gives it.
    public var publisher: String?
    /// Publication date as the provider gives it (`2008`, `2008-09`, `2008-09-14`).
    public var publicationDate: String?
    /// The number of pages.
    public var pageCount: Int?
    /// The URL of this edition's cover image, as text.
    public var coverURL: String?
    /// The edition's format as free text (hardcover, paperback, e-book, …); nothing in the model sets it
    /// yet.
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
    /// The 10-digit ISBN, if any.
    public var isbn10: String?
    /// The 13-digit ISBN, if any.
    public var isbn13: String?
    /// The publisher's name, if known.
    public var publisher: String?
    /// Publication date as the provider gives it (`2008`, `2008-09`, `2008-09-14`); an import writes the
    /// year.
    public var publicationDate: String?
    /// The number of pages, if known.
    public var pageCount: Int?
    /// The URL of the edition's cover image, as text.
    public var coverURL: String?
    /// The edition's format as free text, if known.
    public var format: String?

    /// A draft with these fields; every one is optional.
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
