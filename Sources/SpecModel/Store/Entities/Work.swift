/// A work: the abstract book (a title by its authors), independent of any printed edition.
///
/// Seed: 000_…, "What Gets Deleted" (Works: titles, descriptions, cover URLs) and 001_… (the external
/// identifiers the DTOMapper work cache deduplicates by). Relationships are maintained by the store:
/// change them through `LibraryStore`, which keeps both sides consistent.
public struct Work: Hashable, Sendable {
    public let id: PersistentIdentifier
    public var title: String
    public var subtitle: String?
    public var workDescription: String?
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    public var coverURL: String?
    public var subjectTags: [String]

    /// Google Books volume IDs: the keys of the DTOMapper work cache (seed 001_…).
    public var googleBooksVolumeIDs: InlineList<String>
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    public var goodreadsWorkIDs: [String]

    /// The work's authors (many-to-many; deleting the work nullifies, the authors stay).
    public internal(set) var authorIDs: InlineList<PersistentIdentifier>
    /// The work's editions (one-to-many; deleting the work cascades to them).
    public internal(set) var editionIDs: InlineList<PersistentIdentifier>
    /// The user's library entries for the work (one-to-many; deleting the work cascades to them).
    public internal(set) var entryIDs: InlineList<PersistentIdentifier>

    init(
        id: PersistentIdentifier, draft: consuming WorkDraft, authorIDs: InlineList<PersistentIdentifier> = [],
        editionIDs: InlineList<PersistentIdentifier> = [], entryIDs: InlineList<PersistentIdentifier> = []
    ) {
        self.id = id
        // Moved out of the draft, not copied (see `take`).
        title = take(&draft.title, leaving: "")
        subtitle = draft.subtitle.take()
        workDescription = draft.workDescription.take()
        originalLanguage = draft.originalLanguage.take()
        firstPublicationYear = draft.firstPublicationYear
        coverURL = draft.coverURL.take()
        subjectTags = take(&draft.subjectTags, leaving: [])
        googleBooksVolumeIDs = draft.googleBooksVolumeIDs.isEmpty ? InlineList() : InlineList(draft.googleBooksVolumeIDs)
        openLibraryWorkID = draft.openLibraryWorkID.take()
        isbndbID = draft.isbndbID.take()
        goodreadsWorkIDs = take(&draft.goodreadsWorkIDs, leaving: [])
        self.authorIDs = authorIDs
        self.editionIDs = editionIDs
        self.entryIDs = entryIDs
    }
}

/// The fields of a work to insert; the store assigns the identifier and relationships.
public struct WorkDraft: Hashable, Sendable {
    public var title: String
    public var subtitle: String?
    public var workDescription: String?
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    public var coverURL: String?
    public var subjectTags: [String]
    public var googleBooksVolumeIDs: [String]
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    public var goodreadsWorkIDs: [String]

    public init(
        title: String,
        subtitle: String? = nil,
        workDescription: String? = nil,
        originalLanguage: String? = nil,
        firstPublicationYear: Int? = nil,
        coverURL: String? = nil,
        subjectTags: [String] = [],
        googleBooksVolumeIDs: [String] = [],
        openLibraryWorkID: String? = nil,
        isbndbID: String? = nil,
        goodreadsWorkIDs: [String] = []
    ) {
        self.title = title
        self.subtitle = subtitle
        self.workDescription = workDescription
        self.originalLanguage = originalLanguage
        self.firstPublicationYear = firstPublicationYear
        self.coverURL = coverURL
        self.subjectTags = subjectTags
        self.googleBooksVolumeIDs = googleBooksVolumeIDs
        self.openLibraryWorkID = openLibraryWorkID
        self.isbndbID = isbndbID
        self.goodreadsWorkIDs = goodreadsWorkIDs
    }
}
