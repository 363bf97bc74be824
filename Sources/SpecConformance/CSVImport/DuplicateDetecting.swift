import SpecModel

/// Seam: finding the library book a new book duplicates, by the seed's three tiers.
///
/// Seed 004_…, "Duplicate Detection Algorithm": tier 1 exact title and author ignoring case, tier 2
/// the same ISBN (ISBN-10 and ISBN-13 equivalent), tier 3 the normalized title with authors more than
/// 80% similar, never between two valid ISBNs that differ nor between different subtitles or series
/// positions; the best tier wins (Decisions D-034, D-037, D-120, D-121). The suite builds a library book by book,
/// then asks for a candidate's best match. Wrap the app's duplicate query:
///
///     struct AppDuplicates: DuplicateDetecting {
///         var library = InMemoryLibrary()
///         mutating func addLibraryBook(_ book: BookIdentity, id: Int) { library.add(Work(book), tag: id) }
///         mutating func bestMatch(for book: BookIdentity) -> DuplicateFinding? {
///             DuplicateDetector(library).match(for: Work(book)).map { DuplicateFinding(book: $0.work.tag, tier: $0.tier.conformance) }
///         }
///     }
public protocol DuplicateDetecting {
    /// Adds a book to the library, with the identifier the suite gives it. Books are added in the
    /// order they were created: where two books match equally, the one added first wins.
    mutating func addLibraryBook(_ book: BookIdentity, id: Int)
    /// The library book `candidate` duplicates, and by which tier; `nil` when it duplicates none.
    mutating func bestMatch(for candidate: BookIdentity) -> DuplicateFinding?
}

/// What duplicate detection compares of a book, as a row or the library has it.
public struct BookIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The title as written.
    public var title: String
    /// The authors, primary first, as written.
    public var authors: [String]
    /// The ISBN as an export writes it (either form, hyphenated, Goodreads' `="…"`), or `nil`; a
    /// field that is not a valid ISBN is no ISBN.
    public var isbn: String?

    /// A value with the given fields.
    public init(title: String, authors: [String], isbn: String? = nil) {
        self.title = title
        self.authors = authors
        self.isbn = isbn
    }

    /// One line for reports.
    public var description: String {
        "\(String(reflecting: title)) by \(authors)" + (isbn.map { ", ISBN \(String(reflecting: $0))" } ?? "")
    }
}

/// A duplicate found: which library book, and by which tier.
public struct DuplicateFinding: Hashable, Sendable, CustomStringConvertible {
    /// The identifier the library book was added with.
    public var book: Int
    /// The best tier by which the books match.
    public var tier: DuplicateTier

    /// A value with the given fields.
    public init(book: Int, tier: DuplicateTier) {
        self.book = book
        self.tier = tier
    }

    /// One line for reports.
    public var description: String { "book \(book), tier \(tier.rawValue)" }
}

/// The model's duplicate detection (`DuplicateRule.bestMatch` over the library's `DuplicateKeys`), the
/// reference every suite compares with.
public struct ModelDuplicateDetector: DuplicateDetecting {
    /// The library's books, in the order they were added, with the suite's identifiers.
    var library: [(work: PersistentIdentifier, keys: DuplicateKeys)] = []
    /// The suite's identifier of each work, by the work's raw identifier less one.
    var ids: [Int] = []

    /// The model's adapter, over a fresh model.
    public init() {}

    /// A book's keys as the import makes them: the primary author, and the ISBN-13 of a valid ISBN.
    public static func keys(_ book: BookIdentity) -> DuplicateKeys {
        var isbn13: String?
        if let field = book.isbn, case let .valid(value) = ISBNValue.parse(field) { isbn13 = value.isbn13 }
        return DuplicateKeys(title: book.title, author: book.authors.first ?? "", isbn13: isbn13)
    }

    /// The model's answer (see the protocol).
    public mutating func addLibraryBook(_ book: BookIdentity, id: Int) {
        ids.append(id)
        library.append((PersistentIdentifier(kind: .work, rawValue: UInt64(ids.count)), Self.keys(book)))
    }

    /// The model's answer (see the protocol).
    public mutating func bestMatch(for candidate: BookIdentity) -> DuplicateFinding? {
        guard let match = DuplicateRule.bestMatch(for: Self.keys(candidate), in: library) else { return nil }
        return DuplicateFinding(book: ids[Int(match.workID.rawValue) - 1], tier: match.tier)
    }
}
