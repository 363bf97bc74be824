import Generators
import SpecModel

/// Generators shared by the series suites: places, book states and whole series.
enum SeriesSuiteGen {
    /// Mostly whole numbers 1 to 10; sometimes a novella (`#n.5`), an omnibus of 2 or 3 books, or a prequel (`#0`).
    static let place: Gen<SeriesPlace> = Gen<SeriesPlace>.frequency([
        (6, Gen<Int>.int(in: 1...10).map { SeriesPlace($0) }),
        (1, Gen<Int>.int(in: 0...10).map { SeriesPlace(thousandths: $0 * 1_000 + 500) }),
        (1, Gen<(Int, Int)>.zip(Gen<Int>.int(in: 1...8), Gen<Int>.int(in: 1...2)).map { SeriesPlace(omnibus: $0...($0 + $1)) }),
        (1, Gen<SeriesPlace>.constant(SeriesPlace(0))),
    ])

    /// Whole numbers 1 to 10 only: the places every reading of the seed agrees on.
    static let wholePlace: Gen<SeriesPlace> = Gen<Int>.int(in: 1...10).map { SeriesPlace($0) }

    /// Whole numbers, and sometimes a novella (`#n.5`) or a prequel (`#0`), never an omnibus.
    static let placeOrNovella: Gen<SeriesPlace> = Gen<SeriesPlace>.frequency([
        (4, Gen<Int>.int(in: 1...10).map { SeriesPlace($0) }),
        (1, Gen<Int>.int(in: 0...10).map { SeriesPlace(thousandths: $0 * 1_000 + 500) }),
        (1, Gen<SeriesPlace>.constant(SeriesPlace(0))),
    ])

    /// Whole numbers, and sometimes an omnibus of 2 or 3 books, never a novella or a prequel.
    static let placeOrOmnibus: Gen<SeriesPlace> = Gen<SeriesPlace>.frequency([
        (4, Gen<Int>.int(in: 1...10).map { SeriesPlace($0) }),
        (2, Gen<(Int, Int)>.zip(Gen<Int>.int(in: 1...8), Gen<Int>.int(in: 1...2)).map { SeriesPlace(omnibus: $0...($0 + $1)) }),
    ])

    static func hasKnownTotal(_ shelf: SeriesShelf) -> Bool { shelf.totalBooks != nil }

    /// Whether a book of the series is at book 0 or a decimal place.
    static func hasUncountedPlace(_ shelf: SeriesShelf) -> Bool { shelf.books.contains { $0.place.countedNumbers == nil } }

    static func hasOmnibus(_ shelf: SeriesShelf) -> Bool { shelf.books.contains { $0.place.isOmnibus } }

    /// Read or wanted, never owned and unread: where counting owned books and counting read books agree.
    static let readOrWanted: Gen<(owned: Bool, read: Bool)> = Gen<(owned: Bool, read: Bool)>.frequency([
        (3, .constant((owned: true, read: true))),
        (2, .constant((owned: false, read: false))),
    ])

    /// How a book stands: (owned, read); read books and owned unread books are as common, wanted ones rarer.
    static let status: Gen<(owned: Bool, read: Bool)> = Gen<(owned: Bool, read: Bool)>.frequency([
        (3, .constant((owned: true, read: true))),
        (3, .constant((owned: true, read: false))),
        (2, .constant((owned: false, read: false))),
    ])

    /// Titles a series' books may carry, some with the Goodreads marker an import keeps.
    static let titles = [
        "Red Rising", "Golden Son (Red Rising Saga, #2)", "Morning Star", "Iron Gold (Red Rising Saga, #4)", "Dark Age",
        "Light Bringer", "The Prelude", "Omnibus Edition",
    ]

    /// A series named `name` of `count` books in reading order, at `places` and standing as `statuses`
    /// draws, its total unknown (three times in ten, never with `knownTotal`) or the highest number a
    /// book covers plus 0 to 3; with `distinctPlaces`, one book a place.
    static func shelf(
        name: String = "Series", author: String? = nil, count: ClosedRange<Int> = 0...10, places: Gen<SeriesPlace> = place,
        statuses: Gen<(owned: Bool, read: Bool)> = status, knownTotal: Bool = false, distinctPlaces: Bool = false
    ) -> Gen<SeriesShelf> {
        let book = Gen<(SeriesPlace, (owned: Bool, read: Bool), String)>.zip(places, statuses, Gen<String>.element(of: titles))
        return Gen<(SeriesPlace, (owned: Bool, read: Bool), String)>.array(of: book, count: count).flatMap { drawn in
            let sorted = drawn.sorted { $0.0 < $1.0 }.map { SeriesShelf.Book(place: $0.0, title: $0.2, owned: $0.1.owned, read: $0.1.read) }
            let books = distinctPlaces ? sorted.enumerated().filter { $0.offset == 0 || sorted[$0.offset - 1].place != $0.element.place }.map(\.element) : sorted
            let highest = books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
            let extras = knownTotal ? Gen<Int>.int(in: 0...3).map { Optional($0) } : Gen<Int>.int(in: 0...3).optional(nilProbability: 0.3)
            return extras.map { extra in
                SeriesShelf(name: name, author: author, totalBooks: extra.map { Swift.max(1, highest + $0) }, books: books)
            }
        }
    }

    /// The counted numbers 1 through `last` that some book passing `isIncluded` covers, as a simple
    /// model with a set computes them (what the rules' properties compare with).
    static func coveredNumbers(in shelf: SeriesShelf, where isIncluded: (SeriesShelf.Book) -> Bool) -> [Int] {
        let last = lastCountedNumber(of: shelf)
        var covered = Set<Int>()
        for book in shelf.books where isIncluded(book) {
            guard let numbers = book.place.countedNumbers else { continue }
            for number in numbers where number <= last { covered.insert(number) }
        }
        return covered.sorted()
    }

    /// The total, or the highest number a book covers (0 for none).
    static func lastCountedNumber(of shelf: SeriesShelf) -> Int {
        shelf.totalBooks ?? shelf.books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
    }
}
