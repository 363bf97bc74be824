/// A work as the backend describes it after enrichment (seed 001_…, `WorkDTO`).
public struct WorkDTO: Hashable, Sendable {
    /// The title the backend gives; a new work takes it, a cache hit keeps the work's own (D-126).
    public var title: String
    /// The language the work was written in (the seed's `en`), if known.
    public var originalLanguage: String?
    /// The year the work was first published, if known.
    public var firstPublicationYear: Int?
    /// The backend's subject tags for the work.
    public var subjectTags: [String]
    /// Whether the backend guessed the work (from an AI scan) rather than found it; a hit never rewrites
    /// the work for it (D-126).
    public var synthetic: Bool
    /// The provider the DTO's data mainly comes from (the seed's `google-books`); the mapper does not
    /// keep it.
    public var primaryProvider: String?
    /// An OpenLibrary identifier the backend sends beside `openLibraryWorkID`; the mapper does not keep it.
    public var openLibraryID: String?
    /// The work's OpenLibrary identifier, if known; a new work keeps it.
    public var openLibraryWorkID: String?
    /// The work's ISBNdb identifier, if known; a new work keeps it.
    public var isbndbID: String?
    /// The primary Google Books volume; also counted as one of `googleBooksVolumeIDs`.
    public var googleBooksVolumeID: String?
    /// A Goodreads identifier the backend sends beside `goodreadsWorkIDs`; the mapper does not keep it.
    public var goodreadsID: String?
    /// The work's Goodreads identifiers; a new work keeps them.
    public var goodreadsWorkIDs: [String]
    /// Amazon's ASINs for the work; the mapper does not keep them.
    public var amazonASINs: [String]
    /// LibraryThing's identifiers for the work; the mapper does not keep them.
    public var librarythingIDs: [String]
    /// Every Google Books volume of the work: the deduplication keys.
    public var googleBooksVolumeIDs: [String]
    /// The backend's quality score for its ISBNdb data (0 in the seed's tests); the mapper does not read
    /// it.
    public var isbndbQuality: Int
    /// The providers that contributed to the DTO (the seed's `["google-books"]`); the mapper does not
    /// keep them.
    public var contributors: [String]
    /// How far the backend has checked the metadata; the mapper does not keep it.
    public var reviewStatus: ReviewStatus
    /// The URL of the work's cover image, as text; a new work keeps it.
    public var coverURL: String?

    /// A DTO with this title; the other fields default to empty, `synthetic` to `false` and
    /// `reviewStatus` to `verified`.
    public init(
        title: String,
        originalLanguage: String? = nil,
        firstPublicationYear: Int? = nil,
        subjectTags: [String] = [],
        synthetic: Bool = false,
        primaryProvider: String? = nil,
        openLibraryID: String? = nil,
        openLibraryWorkID: String? = nil,
        isbndbID: String? = nil,
        googleBooksVolumeID: String? = nil,
        goodreadsID: String? = nil,
        goodreadsWorkIDs: [String] = [],
        amazonASINs: [String] = [],
        librarythingIDs: [String] = [],
        googleBooksVolumeIDs: [String] = [],
        isbndbQuality: Int = 0,
        contributors: [String] = [],
        reviewStatus: ReviewStatus = .verified,
        coverURL: String? = nil
    ) {
        self.title = title
        self.originalLanguage = originalLanguage
        self.firstPublicationYear = firstPublicationYear
        self.subjectTags = subjectTags
        self.synthetic = synthetic
        self.primaryProvider = primaryProvider
        self.openLibraryID = openLibraryID
        self.openLibraryWorkID = openLibraryWorkID
        self.isbndbID = isbndbID
        self.googleBooksVolumeID = googleBooksVolumeID
        self.goodreadsID = goodreadsID
        self.goodreadsWorkIDs = goodreadsWorkIDs
        self.amazonASINs = amazonASINs
        self.librarythingIDs = librarythingIDs
        self.googleBooksVolumeIDs = googleBooksVolumeIDs
        self.isbndbQuality = isbndbQuality
        self.contributors = contributors
        self.reviewStatus = reviewStatus
        self.coverURL = coverURL
    }

    /// The deduplication keys: `googleBooksVolumeIDs`, then `googleBooksVolumeID` if not among them;
    /// empty strings dropped, duplicates dropped, order kept.
    public var volumeIDKeys: [String] {
        var keys: [String] = []
        for id in googleBooksVolumeIDs + (googleBooksVolumeID.map { [$0] } ?? []) where !id.isEmpty && !keys.contains(id) {
            keys.append(id)
        }
        return keys
    }
}

/// How far a work's metadata has been checked (seed 001_…, `reviewStatus`).
public enum ReviewStatus: String, Hashable, Sendable, CaseIterable {
    /// Verified; flagged for the user to review; or edited by the user.
    case verified, needsReview, userEdited
}
