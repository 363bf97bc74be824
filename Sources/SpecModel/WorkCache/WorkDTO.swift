/// A work as the backend describes it after enrichment (seed 001_…, `WorkDTO`).
public struct WorkDTO: Hashable, Sendable {
    public var title: String
    public var originalLanguage: String?
    public var firstPublicationYear: Int?
    public var subjectTags: [String]
    public var synthetic: Bool
    public var primaryProvider: String?
    public var openLibraryID: String?
    public var openLibraryWorkID: String?
    public var isbndbID: String?
    /// The primary Google Books volume; also counted as one of `googleBooksVolumeIDs`.
    public var googleBooksVolumeID: String?
    public var goodreadsID: String?
    public var goodreadsWorkIDs: [String]
    public var amazonASINs: [String]
    public var librarythingIDs: [String]
    /// Every Google Books volume of the work: the deduplication keys.
    public var googleBooksVolumeIDs: [String]
    public var isbndbQuality: Int
    public var contributors: [String]
    public var reviewStatus: ReviewStatus
    public var coverURL: String?

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
    case verified, needsReview, userEdited
}
