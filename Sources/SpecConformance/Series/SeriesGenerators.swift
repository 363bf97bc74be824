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

    /// A series named `name` of `count` books in reading order, its total unknown (three times in
    /// ten) or the highest number a book covers plus 0 to 3.
    static func shelf(name: String = "Series", author: String? = nil, count: ClosedRange<Int> = 0...10) -> Gen<SeriesShelf> {
        let book = Gen<(SeriesPlace, (owned: Bool, read: Bool), String)>.zip(place, status, Gen<String>.element(of: titles))
        return Gen<(SeriesPlace, (owned: Bool, read: Bool), String)>.array(of: book, count: count).flatMap { drawn in
            let books = drawn.sorted { $0.0 < $1.0 }.map { SeriesShelf.Book(place: $0.0, title: $0.2, owned: $0.1.owned, read: $0.1.read) }
            let highest = books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0
            return Gen<Int>.int(in: 0...3).optional(nilProbability: 0.3).map { extra in
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
