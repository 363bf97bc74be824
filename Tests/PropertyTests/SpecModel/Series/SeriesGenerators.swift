import Fixtures
import Generators
import SpecModel
import Workloads

/// How a generated book stands in the store.
enum GeneratedBookState: CaseIterable, Sendable, Hashable {
    case noEntry, wishlist, toRead, reading, read
    /// Added, assigned, then deleted from the store (the series still names it until clean-up).
    case deleted

    /// The entry's status when the book is added (`nil`: no entry).
    var status: ReadingStatus? {
        switch self {
        case .noEntry: return nil
        case .wishlist: return .wishlist
        case .toRead, .deleted: return .toRead
        case .reading: return .reading
        case .read: return .read
        }
    }

    /// Owned and read as the simple models see them: owned unless wishlisted or deleted.
    var isOwned: Bool { self != .wishlist && self != .deleted }
    var isRead: Bool { self == .read }
}

/// A series as generated: its total and its books' places and states.
struct SeriesShape: Sendable, Hashable, CustomStringConvertible {
    struct Book: Sendable, Hashable {
        var place: SeriesPlace
        var state: GeneratedBookState
    }

    var total: Int?
    var books: [Book]

    var description: String {
        "total \(total.map(String.init) ?? "unknown"): " + books.map { "#\($0.place) \($0.state)" }.joined(separator: ", ")
    }

    /// A world holding this series (a manual series named "Series"); the works in `books` order.
    func build() throws -> (world: SeriesWorld, id: SeriesID, works: [PersistentIdentifier]) {
        var world = SeriesWorld()
        let id = try world.create("Series")
        var works: [PersistentIdentifier] = []
        for (index, book) in books.enumerated() {
            let work = try world.addBook("Book \(index)", status: book.state.status)
            try world.assign(work, to: id, at: book.place)
            works.append(work)
        }
        if let total {
            let edit = world.library.changeTotal(of: id, to: total, at: world.advance())
            guard edit.isApplied else { throw SeriesTestFailure("setting the total: \(edit)") }
        }
        for (book, work) in zip(books, works) where book.state == .deleted {
            _ = try world.store.delete(work)
        }
        try world.store.save()
        return (world, id, works)
    }
}

/// Generators for the series properties.
enum SeriesGen {
    /// Mostly whole numbers 1 to 10; sometimes a novella, an omnibus or a prequel.
    static let place: Gen<SeriesPlace> = Gen<SeriesPlace>.frequency([
        (6, Gen<Int>.int(in: 1...10).map { SeriesPlace($0) }),
        (1, Gen<Int>.int(in: 0...10).map { SeriesPlace(thousandths: $0 * 1_000 + 500) }),
        (1, Gen<(Int, Int)>.zip(Gen<Int>.int(in: 1...8), Gen<Int>.int(in: 1...2)).map { SeriesPlace(omnibus: $0...($0 + $1)) }),
        (1, Gen<SeriesPlace>.constant(SeriesPlace(0))),
    ])

    static let state: Gen<GeneratedBookState> = Gen<GeneratedBookState>.frequency([
        (3, Gen.constant(.toRead)),
        (3, Gen.constant(.read)),
        (1, Gen.constant(.reading)),
        (1, Gen.constant(.wishlist)),
        (1, Gen.constant(.noEntry)),
        (1, Gen.constant(.deleted)),
    ])

    static let book: Gen<SeriesShape.Book> = Gen<(SeriesPlace, GeneratedBookState)>.zip(place, state).map { SeriesShape.Book(place: $0, state: $1) }

    /// A series of 0 to 10 books; its total unknown, or at least its highest counted book.
    static let shape: Gen<SeriesShape> = Gen<SeriesShape.Book>.array(of: book, count: 0...10).flatMap { books in
        let highest = books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
        return Gen<Int>.int(in: 0...3).optional(nilProbability: 0.3).map { extra in
            SeriesShape(total: extra.map { Swift.max(1, highest + $0) }, books: books)
        }
    }

    /// A book whose metadata and title carry no series, with look-alikes that a careless parser takes
    /// for series data: parenthesised edition markers, "Book 1" phrasing, `#` with a space, Google
    /// Books entries without an ID or an order number.
    static let bookWithoutSeries: Gen<BookWithoutSeries> = {
        var style = BookTextStyle.messy
        style.seriesMarkers = false
        let title = Gen<String>.bookTitle(style: style)
        let decoy = Gen<String>.element(of: [
            "", " (Foundation Book 1)", " (Series, # 3)", " (Series #3)", " (Vol. 2)", " (The Expanse, Book 1)",
            " [Series, #1]", " (#1)", " (, #2)", " Series, #4",
        ])
        let openLibrary = Gen<String>.frequency([
            (3, Gen<String>.element(of: [
                "", "Foundation Book 1", "Book 1 of The Expanse", "Discworld", "Foundation # 1", "#1", "Foundation #", "Harry Potter (1)",
                "Foundation #one", "Foundation #1.2345", "Foundation #3-1", "Foundation #10000", "!!! #2",
            ])),
            (1, Gen<String>.asciiString(count: 0...20).map { $0.filter { $0 != "#" } }),
        ])
        let google = Gen<GoogleBooksVolumeSeries>.frequency([
            (1, Gen<Int>.int(in: 0...5).map { GoogleBooksVolumeSeries(seriesID: "GB\($0)", orderNumber: nil, seriesName: "Foundation") }),
            (1, Gen<Int>.int(in: 0...5).map { GoogleBooksVolumeSeries(seriesID: " ", orderNumber: $0, seriesName: "Foundation") }),
            (1, Gen<Int>.int(in: 1...5).map { GoogleBooksVolumeSeries(seriesID: "GB", orderNumber: -$0, seriesName: "Foundation") }),
        ])
        return Gen<(String, String, [String], [GoogleBooksVolumeSeries])>.zip(
            title, decoy, Gen<String>.array(of: openLibrary, count: 0...3), Gen<GoogleBooksVolumeSeries>.array(of: google, count: 0...2)
        ).map { title, decoy, openLibrary, google in
            BookWithoutSeries(title: title + decoy, metadata: SeriesMetadata(googleBooks: google, openLibrary: openLibrary))
        }
    }()

    // Shared with the other series checks: `SeriesMarkerFixture`.
    static let titleWithMarker = SeriesMarkerFixture.titleWithMarker
    static func place(of position: Generators.SeriesPosition) -> SeriesPlace { SeriesMarkerFixture.place(of: position) }
}

/// A book and its enrichment metadata, none of which names a series.
struct BookWithoutSeries: Sendable, Hashable {
    var title: String
    var metadata: SeriesMetadata
}

/// The value, or a property failure with `message`.
func requireSome<T>(_ value: T?, _ message: @autoclosure () -> String) throws(PropertyViolation) -> T {
    guard let value else { throw PropertyViolation(message()) }
    return value
}
