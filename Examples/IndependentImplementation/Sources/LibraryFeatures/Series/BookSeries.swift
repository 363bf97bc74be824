// The series the Series views show (seed 002, "Data Models": `BookSeries`, `SeriesBook`).

/// One book of a series, cached for display.
public struct SeriesBook: Sendable, Hashable {
    public var position: SeriesPosition
    /// As stored; an imported title may keep its Goodreads marker.
    public var title: String
    /// In the user's library (otherwise the series only knows of it: a wishlist book).
    public var owned: Bool
    /// Marked "Read".
    public var read: Bool

    public init(position: SeriesPosition, title: String = "", owned: Bool, read: Bool = false) {
        self.position = position
        self.title = title
        self.owned = owned
        self.read = read
    }

    /// The title without a trailing Goodreads marker ("Golden Son (Red Rising Saga, #2)" → "Golden Son").
    public var displayTitle: String {
        let trimmed = title.trimmingSpaces()
        if trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "("), trimmed[open...].contains("#") {
            return String(trimmed[..<open].trimmingSpaces())
        }
        return String(trimmed)
    }
}

public enum SeriesOrigin: String, Sendable, Hashable {
    case autoDetected = "auto-detected"
    case manual
}

/// A series and its books in reading order.
public struct BookSeries: Sendable, Hashable {
    public var name: String
    /// The number of counted books, `nil` when unknown.
    public var totalBooks: Int?
    public var author: String?
    public var source: SeriesOrigin
    public var books: [SeriesBook]

    public init(name: String, totalBooks: Int?, author: String? = nil, source: SeriesOrigin = .autoDetected, books: [SeriesBook]) {
        self.name = name
        self.totalBooks = totalBooks
        self.author = author
        self.source = source
        self.books = books
    }

    /// The counted books of the series: 1 through the total, or through the highest number a book
    /// covers when the total is unknown. Empty when the series counts no book.
    public var countedRange: ClosedRange<Int>? {
        let upper = totalBooks ?? books.compactMap { $0.position.countedNumbers?.upperBound }.max() ?? 0
        return upper >= 1 ? 1...upper : nil
    }

    /// Whether some owned book covers counted book `number`.
    public func owns(_ number: Int) -> Bool {
        books.contains { $0.owned && ($0.position.countedNumbers?.contains(number) ?? false) }
    }

    /// Whether some read book covers counted book `number`.
    public func hasRead(_ number: Int) -> Bool {
        books.contains { $0.read && ($0.position.countedNumbers?.contains(number) ?? false) }
    }
}
