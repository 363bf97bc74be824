/// Where each field of a book is in a row: column indices, and how the format writes values.
///
/// Title and author are required; every other field is optional. Known formats get their mapping from
/// the header; an unknown header can be mapped by hand with `manual(header:title:author:…)`.
public struct ColumnMapping: Hashable, Sendable {
    /// The title's column, counted from 0; every mapping has one.
    public var title: Int
    /// The primary author, written "First Last".
    public var author: Int?
    /// The primary author, written "Last, First" (Goodreads' `Author l-f`), used when `author` is empty.
    public var authorLastFirst: Int?
    /// Further authors, comma-separated; with `authorListIncludesPrimary` the list starts with the primary.
    public var additionalAuthors: Int?
    /// Whether the author column itself is a comma-separated list (StoryGraph's `Authors`).
    public var authorColumnIsList: Bool
    /// The ISBN-10 column (Goodreads' `ISBN`), read after the ISBN-13 column.
    public var isbn10: Int?
    /// The ISBN-13 column (Goodreads' `ISBN13`), read first.
    public var isbn13: Int?
    /// A column that may hold either form (or, in StoryGraph, another identifier).
    public var isbn: Int?
    /// Whether the `isbn` column may hold identifiers that are not ISBNs (StoryGraph's `ISBN/UID`
    /// holds its own UIDs for books without one): such a value is no ISBN, silently, while a value
    /// made of ISBN characters that fails its checks still gets a warning.
    public var isbnColumnHoldsOtherIdentifiers: Bool
    /// The rating's column, in stars from 0 to 5 (Goodreads' `My Rating`).
    public var rating: Int?
    /// Whether a rating of 0 means unrated (Goodreads' `My Rating`).
    public var zeroRatingIsUnrated: Bool
    /// The reading status column (Goodreads' `Exclusive Shelf`, StoryGraph's `Read Status`).
    public var readingStatus: Int?
    /// Shelves (Goodreads' `Bookshelves`), read for a status when the status column is empty.
    public var shelves: Int?
    /// The column of the date the user finished the book, `yyyy/MM/dd` or `yyyy-MM-dd`.
    public var dateRead: Int?
    /// The column of the date the user added the book, `yyyy/MM/dd` or `yyyy-MM-dd`.
    public var dateAdded: Int?
    /// The publisher's column; it goes to the edition.
    public var publisher: Int?
    /// The page count's column; it goes to the edition.
    public var pages: Int?
    /// The column of the year this edition was published (Goodreads' `Year Published`).
    public var year: Int?
    /// The column of the year the work was first published (Goodreads' `Original Publication Year`).
    public var originalYear: Int?
    /// The column of the user's review, kept as the entry's notes.
    public var review: Int?
    /// The column of the user's private notes, kept as the entry's notes when there is no review.
    public var privateNotes: Int?

    /// A mapping with these columns; only the title is required, though a row without an author is not
    /// imported.
    public init(
        title: Int, author: Int?, authorLastFirst: Int? = nil, additionalAuthors: Int? = nil,
        authorColumnIsList: Bool = false, isbn10: Int? = nil, isbn13: Int? = nil, isbn: Int? = nil, isbnColumnHoldsOtherIdentifiers: Bool = false,
        rating: Int? = nil, zeroRatingIsUnrated: Bool = true, readingStatus: Int? = nil, shelves: Int? = nil,
        dateRead: Int? = nil, dateAdded: Int? = nil, publisher: Int? = nil, pages: Int? = nil, year: Int? = nil,
        originalYear: Int? = nil, review: Int? = nil, privateNotes: Int? = nil
    ) {
        self.title = title
        self.author = author
        self.authorLastFirst = authorLastFirst
        self.additionalAuthors = additionalAuthors
        self.authorColumnIsList = authorColumnIsList
        self.isbn10 = isbn10
        self.isbn13 = isbn13
        self.isbn = isbn
        self.isbnColumnHoldsOtherIdentifiers = isbnColumnHoldsOtherIdentifiers
        self.rating = rating
        self.zeroRatingIsUnrated = zeroRatingIsUnrated
        self.readingStatus = readingStatus
        self.shelves = shelves
        self.dateRead = dateRead
        self.dateAdded = dateAdded
        self.publisher = publisher
        self.pages = pages
        self.year = year
        self.originalYear = originalYear
        self.review = review
        self.privateNotes = privateNotes
    }

    /// How many columns the mapping uses.
    public var mappedColumnCount: Int {
        let optional: [Int?] = [author, authorLastFirst, additionalAuthors, isbn10, isbn13, isbn, rating, readingStatus, shelves,
                                dateRead, dateAdded, publisher, pages, year, originalYear, review, privateNotes]
        return 1 + Set(optional.compactMap { $0 }).count
    }

    /// The largest column index the mapping reads.
    public var highestColumn: Int {
        ([title] + [author, authorLastFirst, additionalAuthors, isbn10, isbn13, isbn, rating, readingStatus, shelves,
                    dateRead, dateAdded, publisher, pages, year, originalYear, review, privateNotes].compactMap { $0 }).max() ?? title
    }

    /// The mapping of a known format, from a header already trimmed and lowercased; `nil` without a
    /// title or author column.
    static func known(_ format: ExportFormat, header names: [String]) -> ColumnMapping? {
        func column(_ name: String) -> Int? { names.firstIndex(of: name.lowercased()) }
        switch format {
        case .goodreads:
            guard let title = column("Title"), column("Author") != nil || column("Author l-f") != nil else { return nil }
            return ColumnMapping(
                title: title, author: column("Author"), authorLastFirst: column("Author l-f"),
                additionalAuthors: column("Additional Authors"), isbn10: column("ISBN"), isbn13: column("ISBN13"),
                rating: column("My Rating"), zeroRatingIsUnrated: true, readingStatus: column("Exclusive Shelf"),
                shelves: column("Bookshelves"), dateRead: column("Date Read"), dateAdded: column("Date Added"),
                publisher: column("Publisher"), pages: column("Number of Pages"), year: column("Year Published"),
                originalYear: column("Original Publication Year"), review: column("My Review"), privateNotes: column("Private Notes")
            )
        case .libraryThing:
            // The seed's columns write the author "First Last"; the later `Primary Author` "Last, First".
            let firstLast = column("AUTHOR (first, last)")
            let lastFirst = firstLast == nil ? column("Primary Author") : nil
            guard let title = column("TITLE"), firstLast != nil || lastFirst != nil else { return nil }
            return ColumnMapping(
                title: title, author: firstLast, authorLastFirst: lastFirst, isbn: column("ISBN"), rating: column("RATING"), zeroRatingIsUnrated: true,
                dateRead: column("Date Read")
            )
        case .storyGraph:
            guard let title = column("Title"), let authors = column("Authors") else { return nil }
            return ColumnMapping(
                title: title, author: authors, authorColumnIsList: true, isbn: column("ISBN/UID"), isbnColumnHoldsOtherIdentifiers: true,
                rating: column("Star Rating"), zeroRatingIsUnrated: true, readingStatus: column("Read Status"),
                dateRead: column("Last Date Read"), dateAdded: column("Date Added"), review: column("Review")
            )
        case .generic, .manual:
            return nil
        }
    }

    /// Names a hand-made spreadsheet may use for each field (trimmed, lowercased).
    static let genericNames: [String: [String]] = [
        "title": ["title", "book title", "book"],
        "author": ["author", "authors", "primary author", "author (first, last)", "writer", "by"],
        "isbn13": ["isbn13", "isbn-13", "isbn 13", "ean"],
        "isbn10": ["isbn10", "isbn-10", "isbn 10"],
        "isbn": ["isbn", "isbn/uid"],
        "rating": ["rating", "my rating", "star rating", "stars"],
        "status": ["status", "read status", "exclusive shelf", "shelf", "reading status"],
        "dateRead": ["date read", "date finished", "finished", "last date read"],
        "dateAdded": ["date added", "added"],
        "publisher": ["publisher"],
        "pages": ["pages", "number of pages", "page count"],
        "year": ["year", "year published", "publication year", "published"],
        "review": ["review", "my review", "notes"],
    ]

    /// A mapping from recognisable column names, or the missing required columns.
    static func generic(header names: [String], original: [String]) throws(MissingColumns) -> ColumnMapping {
        func column(_ field: String) -> Int? {
            for name in genericNames[field] ?? [] {
                if let index = names.firstIndex(of: name) { return index }
            }
            return nil
        }
        let title = column("title")
        let author = column("author")
        guard let title, let author else {
            var missing: [String] = []
            if title == nil { missing.append("Title") }
            if author == nil { missing.append("Author") }
            throw MissingColumns(missing: missing, found: original.map { $0.trimmingSpaces() })
        }
        return ColumnMapping(
            title: title, author: author, authorColumnIsList: names[author] == "authors",
            isbn10: column("isbn10"), isbn13: column("isbn13"), isbn: column("isbn"), rating: column("rating"),
            readingStatus: column("status"), dateRead: column("dateRead"), dateAdded: column("dateAdded"),
            publisher: column("publisher"), pages: column("pages"), year: column("year"), review: column("review")
        )
    }

    /// A mapping chosen by the user: column names from the header for title and author (required) and
    /// any of the optional fields.
    ///
    /// - Throws: `MissingColumns` naming a chosen column the header does not have.
    public static func manual(
        header: [String], title: String, author: String, isbn: String? = nil, rating: String? = nil,
        readingStatus: String? = nil, dateRead: String? = nil, publisher: String? = nil, pages: String? = nil, year: String? = nil
    ) throws(MissingColumns) -> ColumnMapping {
        let names = header.map { $0.trimmingSpaces() }
        var missing: [String] = []
        func column(_ name: String?) -> Int? {
            guard let name else { return nil }
            guard let index = names.firstIndex(of: name.trimmingSpaces()) else {
                missing.append(name)
                return nil
            }
            return index
        }
        let titleColumn = column(title)
        let authorColumn = column(author)
        let mapping = ColumnMapping(
            title: titleColumn ?? 0, author: authorColumn, isbn: column(isbn), rating: column(rating),
            readingStatus: column(readingStatus), dateRead: column(dateRead), publisher: column(publisher),
            pages: column(pages), year: column(year)
        )
        guard missing.isEmpty, titleColumn != nil, authorColumn != nil else {
            throw MissingColumns(missing: missing, found: names)
        }
        return mapping
    }
}
