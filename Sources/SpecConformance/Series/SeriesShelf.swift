import SpecModel

/// A series as the Series views see it: its name, author, total and each book's place, title and
/// whether the user owns and has read it.
///
/// Seed: 002_…, "Data Models": `BookSeries` (`name`, `totalBooks?`, `author?`) and `SeriesBook`
/// (`position`, `title`, `owned`, `read`). The input of the progress and next-in-series seams, so an
/// app's adapter maps its own `BookSeries` onto it field by field. Places are `SeriesPlace` values:
/// whole numbers, book 0, decimals (novellas) and omnibus ranges (Decisions D-094, D-095).
///
/// A book the series holds but the user does not own is on the wishlist: the series knows its title
/// (Decision D-102). A book is read only if owned; the suites never pass one read and not owned.
public struct SeriesShelf: Hashable, Sendable, CustomStringConvertible {
    /// A book at its place in the series, owned and read or on the wishlist.
    public struct Book: Hashable, Sendable {
        /// The book's place: a number, a decimal or an omnibus range.
        public var place: SeriesPlace
        /// The title as stored, which may keep a Goodreads marker: "Golden Son (Red Rising Saga, #2)".
        public var title: String
        /// In the user's library (not only on the wishlist).
        public var owned: Bool
        /// Marked "Read"; implies `owned`.
        public var read: Bool

        /// A book at `place`; `read` implies `owned`.
        public init(place: SeriesPlace, title: String = "", owned: Bool, read: Bool = false) {
            precondition(owned || !read, "a book read is owned: \(title) at #\(place)")
            self.place = place
            self.title = title
            self.owned = owned
            self.read = read
        }
    }

    /// The name as shown; the suites give every series of one question a name of its own
    /// (`SeriesName.key`).
    public var name: String
    /// The author the series is attributed to, if known.
    public var author: String?
    /// The number of counted books, or `nil` when unknown; never below the highest number a book covers.
    public var totalBooks: Int?
    /// The books in reading order.
    public var books: [Book]

    /// A series of `books` in reading order, whose total is at least the highest number any of them covers.
    public init(name: String = "Series", author: String? = nil, totalBooks: Int?, books: [Book]) {
        precondition(zip(books, books.dropFirst()).allSatisfy { $0.place <= $1.place }, "books out of reading order: \(books.map(\.place))")
        if let totalBooks, let highest = books.compactMap({ $0.place.countedNumbers?.upperBound }).max() {
            precondition(totalBooks >= highest, "a total of \(totalBooks) is below book \(highest)")
        }
        self.name = name
        self.author = author
        self.totalBooks = totalBooks
        self.books = books
    }

    /// `"Red Rising" by Pierce Brown, total 6: #1 read, #2 wanted "Golden Son"`.
    public var description: String {
        let total = totalBooks.map(String.init) ?? "unknown"
        let by = author.map { " by \($0)" } ?? ""
        let list = books.map { book in
            let state = book.read ? "read" : (book.owned ? "owned" : "wanted")
            return "#\(book.place) \(state)" + (book.title.isEmpty ? "" : " \(String(reflecting: book.title))")
        }
        return "\(String(reflecting: name))\(by), total \(total): " + (list.isEmpty ? "no books" : list.joined(separator: ", "))
    }
}

extension SeriesShelf.Book {
    /// The model's state of this book: read, owned, or wishlisted (known to the series, not owned).
    var modelState: SeriesBookState {
        read ? .read : (owned ? .owned : .wishlisted)
    }
}
