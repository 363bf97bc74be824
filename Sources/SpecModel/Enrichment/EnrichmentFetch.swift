/// What the enrichment worker asks the backend about one work.
///
/// Seed: 004_…, "Title Normalization for Better Enrichment" ("Normalized title used only for API
/// searches") and "API Contracts" (`/search/title?q={title}`, Google Books and OpenLibrary merged
/// server-side). The title is the work's title as the worker's `searchTitle` normalizes it; the work
/// keeps its original title.
public struct EnrichmentQuery: Hashable, Sendable, CustomStringConvertible {
    /// The normalized title to search for.
    public let title: String
    /// The work's first author's name, if it has an author.
    public let author: String?
    /// The ISBN-13 (or else ISBN-10) of the work's first edition that has one, if any.
    public let isbn: String?

    /// A query with this normalized title and, if known, the first author and an ISBN.
    public init(title: String, author: String?, isbn: String?) {
        self.title = title
        self.author = author
        self.isbn = isbn
    }

    public var description: String {
        "title: \"\(title)\", author: \(author.map { "\"\($0)\"" } ?? "nil"), isbn: \(isbn ?? "nil")"
    }
}

/// One metadata request the worker asks the caller to send.
public struct EnrichmentFetchRequest: Hashable, Sendable, CustomStringConvertible {
    /// Numbers requests from 1, never reused (the count is persisted with the records), so an answer
    /// to a request the worker has abandoned is recognized and ignored.
    public let id: UInt64
    /// The work the request is about.
    public let work: PersistentIdentifier
    /// What to search for: the normalized title, the first author and an ISBN.
    public let query: EnrichmentQuery
    /// 1 for the first try, up to `Configuration.attemptsMax`.
    public let attempt: Int

    /// The request numbered `id` for `work`, its `attempt`-th try.
    public init(id: UInt64, work: PersistentIdentifier, query: EnrichmentQuery, attempt: Int) {
        self.id = id
        self.work = work
        self.query = query
        self.attempt = attempt
    }

    public var description: String { "request \(id) for \(work), attempt \(attempt) (\(query))" }
}

/// How a metadata request ended, as the network layer reports it.
///
/// The network layer detects timeouts (its request timeout) and reports them here; the worker keeps no
/// request timer of its own. Connectivity loss is not an outcome: the path monitor reports it as
/// `EnrichmentWorker.Event.connectivityChanged(online: false)`.
public enum EnrichmentFetchOutcome: Hashable, Sendable, CustomStringConvertible {
    /// HTTP 200: the backend's merged candidates, in the backend's order (possibly none).
    case candidates([EnrichmentCandidate])
    /// An HTTP status other than 200, normally 400 to 599: 404 is "not found"; 429 and 5xx are
    /// transient; any other is a refusal.
    case httpError(status: Int)
    /// No answer in time.
    case timedOut

    public var description: String {
        switch self {
        case let .candidates(candidates):
            return "candidates(\(candidates.map { "\($0.confidencePercent)%" }.joined(separator: ", ")))"
        case let .httpError(status): return "HTTP \(status)"
        case .timedOut: return "timed out"
        }
    }
}

/// One match the backend proposes for a work, with its confidence.
///
/// Seed: 004_…, "Background Enrichment Queue" ("fetch from Google Books + OpenLibrary, select best
/// match"; "Update work with `coverUrl`, `isbn`, `publicationYear`, etc."). The candidate's title and
/// authors are shown when the user chooses among candidates; they are never written to the work.
public struct EnrichmentCandidate: Hashable, Sendable {
    /// The confidences a candidate may have, in percent.
    public static let confidencePercents: ClosedRange<Int> = 0...100

    /// How well the candidate matches the query, 0 to 100, as the backend scores it.
    public var confidencePercent: Int
    /// The candidate's title, shown when the user chooses; never written to the work.
    public var title: String
    /// The candidate's authors, shown when the user chooses; never written to the work.
    public var authors: [String]
    /// The cover image's URL, as text; fills the work's `coverURL` when missing.
    public var coverURL: String?
    /// The year of first publication; fills the work's `firstPublicationYear` when missing.
    public var publicationYear: Int?
    /// The description; fills the work's `workDescription` when missing.
    public var workDescription: String?
    /// The language the work was written in; fills the work's `originalLanguage` when missing.
    public var language: String?
    /// The subject tags; fill the work's `subjectTags` when it has none.
    public var subjects: [String]
    /// The OpenLibrary work identifier; fills the work's when missing.
    public var openLibraryWorkID: String?
    /// The ISBN-13; fills the first edition's when missing.
    public var isbn13: String?
    /// The ISBN-10; fills the first edition's when missing.
    public var isbn10: String?
    /// The publisher; fills the first edition's when missing.
    public var publisher: String?
    /// The page count; fills the first edition's when missing.
    public var pageCount: Int?

    /// A candidate with this confidence and title; every other field is optional. A confidence outside
    /// 0 to 100 is kept as the backend sent it; the worker fails the work with
    /// `EnrichmentFailure.invalidConfidence` (D-206).
    public init(
        confidencePercent: Int,
        title: String,
        authors: [String] = [],
        coverURL: String? = nil,
        publicationYear: Int? = nil,
        workDescription: String? = nil,
        language: String? = nil,
        subjects: [String] = [],
        openLibraryWorkID: String? = nil,
        isbn13: String? = nil,
        isbn10: String? = nil,
        publisher: String? = nil,
        pageCount: Int? = nil
    ) {
        self.confidencePercent = confidencePercent
        self.title = title
        self.authors = authors
        self.coverURL = coverURL
        self.publicationYear = publicationYear
        self.workDescription = workDescription
        self.language = language
        self.subjects = subjects
        self.openLibraryWorkID = openLibraryWorkID
        self.isbn13 = isbn13
        self.isbn10 = isbn10
        self.publisher = publisher
        self.pageCount = pageCount
    }

    /// Whether the candidate carries any edition field (ISBN, publisher, page count).
    var hasEditionFields: Bool {
        !EnrichmentText.isMissing(isbn13) || !EnrichmentText.isMissing(isbn10) || !EnrichmentText.isMissing(publisher) || pageCount != nil
    }
}

/// What counts as a missing text field when the worker fills a work.
enum EnrichmentText {
    /// Whether the text is absent or empty: an empty string (a blank CSV cell) counts as missing.
    static func isMissing(_ text: String?) -> Bool {
        text?.isEmpty ?? true
    }
}
