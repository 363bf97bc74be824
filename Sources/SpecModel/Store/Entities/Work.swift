/// A work: the abstract book (a title by its authors), independent of any printed edition.
///
/// Seed: 000_…, "What Gets Deleted" (Works: titles, descriptions, cover URLs) and 001_… (the external
/// identifiers the DTOMapper work cache deduplicates by). Relationships are maintained by the store:
/// change them through `LibraryStore`, which keeps both sides consistent.
public struct Work: Hashable, Sendable {
    /// The store's identifier for the work, assigned at insertion and never reused.
    public let id: PersistentIdentifier
    /// The title as imported or as the provider gave it; enrichment never changes it (seed 004_…).
    public var title: String
    /// The year the work was first published, if known.
    public var firstPublicationYear: Int?

    // The lists below are stored inline (`InlineList`, D-112); the public API reads them as arrays.
    package var googleBooksVolumeIDList: InlineList<String>
    package internal(set) var authorIDList: InlineList<PersistentIdentifier>
    package internal(set) var editionIDList: InlineList<PersistentIdentifier>
    package internal(set) var entryIDList: InlineList<PersistentIdentifier>

    /// Google Books volume IDs: the keys of the DTOMapper work cache (seed 001_…).
    public var googleBooksVolumeIDs: [String] {
        get { Array(googleBooksVolumeIDList) }
        set { googleBooksVolumeIDList = InlineList(newValue) }
    }
    /// The work's authors (many-to-many; deleting the work nullifies, the authors stay).
    public var authorIDs: [PersistentIdentifier] { Array(authorIDList) }
    /// The work's editions (one-to-many; deleting the work cascades to them).
    public var editionIDs: [PersistentIdentifier] { Array(editionIDList) }
    /// The user's library entries for the work (one-to-many; deleting the work cascades to them).
    public var entryIDs: [PersistentIdentifier] { Array(entryIDList) }

    /// The fields enrichment fills and an import leaves empty, out of line: `nil` while all are empty,
    /// so an imported work is 208 bytes rather than 320 (Decision D-112, `EntityLayoutTests`).
    private var details: OutOfLine<WorkDetails>?

    /// The subtitle, if known; an import keeps it in the title, and enrichment does not fill it.
    public var subtitle: String? {
        get { details?.value.subtitle }
        set { changeDetails { $0.subtitle = newValue } }
    }
    /// The provider's description of the work, if any; enrichment fills it when missing.
    public var workDescription: String? {
        get { details?.value.workDescription }
        set { changeDetails { $0.workDescription = newValue } }
    }
    /// The language the work was written in, as the provider gives it (`en`); enrichment fills it when
    /// missing.
    public var originalLanguage: String? {
        get { details?.value.originalLanguage }
        set { changeDetails { $0.originalLanguage = newValue } }
    }
    /// The URL of the work's cover image, as text; enrichment fills it when missing.
    public var coverURL: String? {
        get { details?.value.coverURL }
        set { changeDetails { $0.coverURL = newValue } }
    }
    /// The provider's subject tags, in its order; empty when none are known.
    public var subjectTags: [String] {
        get { details?.value.subjectTags ?? [] }
        set { changeDetails { $0.subjectTags = newValue } }
    }
    /// The work's OpenLibrary identifier, if known; enrichment fills it when missing.
    public var openLibraryWorkID: String? {
        get { details?.value.openLibraryWorkID }
        set { changeDetails { $0.openLibraryWorkID = newValue } }
    }
    /// The work's ISBNdb identifier, if known; a work made from a backend DTO keeps it.
    public var isbndbID: String? {
        get { details?.value.isbndbID }
        set { changeDetails { $0.isbndbID = newValue } }
    }
    /// The work's Goodreads identifiers; a work made from a backend DTO keeps them, else empty.
    public var goodreadsWorkIDs: [String] {
        get { details?.value.goodreadsWorkIDs ?? [] }
        set { changeDetails { $0.goodreadsWorkIDs = newValue } }
    }

    /// Changes the out-of-line fields, keeping `nil` for all empty (so equal works compare equal).
    private mutating func changeDetails(_ change: (inout WorkDetails) -> Void) {
        var changed = details?.value ?? WorkDetails()
        details = nil  // the old box is released before the new one is made
        change(&changed)
        details = changed.isEmpty ? nil : OutOfLine(changed)
    }
}

// The initialisers are in an extension, so the struct keeps its memberwise initialiser, which they
// call. An initialiser that assigns the fields one by one builds the value in memory, and the
// optimiser then copies it out (every field retained, then released) before it is stored (D-115).
extension Work {
    /// A work with only a title and year, as an import makes it.
    init(
        id: PersistentIdentifier, title: String, firstPublicationYear: Int?, authorIDs: InlineList<PersistentIdentifier>,
        editionIDs: InlineList<PersistentIdentifier>, entryIDs: InlineList<PersistentIdentifier>
    ) {
        self.init(
            id: id, title: title, firstPublicationYear: firstPublicationYear, googleBooksVolumeIDList: InlineList(), authorIDList: authorIDs,
            editionIDList: editionIDs, entryIDList: entryIDs, details: nil
        )
    }

    /// A new work with a draft's fields and no relationships yet. (Moved out of the draft, not
    /// copied: see `take`.)
    init(id: PersistentIdentifier, draft: consuming WorkDraft) {
        let details = WorkDetails(
            subtitle: draft.subtitle.take(),
            workDescription: draft.workDescription.take(),
            originalLanguage: draft.originalLanguage.take(),
            coverURL: draft.coverURL.take(),
            subjectTags: take(&draft.subjectTags, leaving: []),
            openLibraryWorkID: draft.openLibraryWorkID.take(),
            isbndbID: draft.isbndbID.take(),
            goodreadsWorkIDs: take(&draft.goodreadsWorkIDs, leaving: [])
        )
        self.init(
            id: id, title: take(&draft.title, leaving: ""), firstPublicationYear: draft.firstPublicationYear,
            googleBooksVolumeIDList: InlineList(draft.googleBooksVolumeIDs), authorIDList: [], editionIDList: [], entryIDList: [],
            details: details.isEmpty ? nil : OutOfLine(details)
        )
    }
}

/// A work's fields that enrichment fills (seed 001_…'s provider identifiers, and the descriptive
/// fields of 000_…): empty for every work a CSV import makes.
struct WorkDetails: Hashable, Sendable {
    var subtitle: String?
    var workDescription: String?
    var originalLanguage: String?
    var coverURL: String?
    var subjectTags: [String] = []
    var openLibraryWorkID: String?
    var isbndbID: String?
    var goodreadsWorkIDs: [String] = []

    var isEmpty: Bool {
        subtitle == nil && workDescription == nil && originalLanguage == nil && coverURL == nil && subjectTags.isEmpty
            && openLibraryWorkID == nil && isbndbID == nil && goodreadsWorkIDs.isEmpty
    }
}

/// A value kept in a box of its own, so the struct holding it stores one pointer. The box is
/// immutable (a change makes a new one), so copies share it safely; equality and hashing are the
/// value's.
struct OutOfLine<Value: Hashable & Sendable>: Hashable, Sendable {
    final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let box: Box

    init(_ value: Value) { box = Box(value) }

    var value: Value { box.value }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// The fields of a work to insert; the store assigns the identifier and relationships.
public struct WorkDraft: Hashable, Sendable {
    /// The title, stored and shown as given.
    public var title: String
    public var subtitle: String?
    public var workDescription: String?
    /// The original language, as the provider gives it (`en`), if known.
    public var originalLanguage: String?
    /// The year of first publication, if known.
    public var firstPublicationYear: Int?
    /// The URL of the cover image, as text, if known.
    public var coverURL: String?
    /// The subject tags; empty when none are known.
    public var subjectTags: [String]
    /// The Google Books volume IDs: the work cache's keys.
    public var googleBooksVolumeIDs: [String]
    /// The OpenLibrary work identifier, if known.
    public var openLibraryWorkID: String?
    /// The ISBNdb identifier, if known.
    public var isbndbID: String?
    /// The Goodreads work identifiers; empty when none are known.
    public var goodreadsWorkIDs: [String]

    /// A draft with this title; every other field is optional.
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
