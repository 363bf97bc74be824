import Generators
import SpecModel

extension ConformanceSuite where Implementation: SeriesLabeling {
    /// The series labels suite: badges for every kind of place, known and unknown totals, the detail's
    /// rows with gaps, novellas and omnibus editions, the name and header, and the model's texts on
    /// generated series.
    public static var seriesLabels: ConformanceSuite {
        typealias R = SeriesLabelRules
        typealias Book = SeriesShelf.Book
        let model = ModelSeriesLabeler()
        func field<Value: Equatable>(_ rule: Rule, _ about: String, _ name: String, _ value: @escaping (SeriesLabels) -> Value, _ list: [ConformanceExample<(SeriesShelf, Value)>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: "\(rule.id).examples.\(name)", list) { implementation, example in
                try ensureSame(value(implementation.labels(of: example.0)), example.1, "labels(of: \(example.0)).\(name)")
            }
        }
        func owned(_ number: Int, _ title: String, read: Bool = false) -> Book { Book(place: SeriesPlace(number), title: title, owned: true, read: read) }
        let redRising = SeriesShelf(name: "Red Rising", author: "Pierce Brown", totalBooks: 5, books: [
            owned(1, "Red Rising", read: true), Book(place: SeriesPlace(2), title: "Golden Son (Red Rising Saga, #2)", owned: false), owned(3, "Morning Star"),
            Book(place: SeriesPlace(thousandths: 3_500), title: "Dark Age Prelude", owned: true),
        ])

        return ConformanceSuite(id: "series-labels", title: "Series labels", seam: "SeriesLabeling", checks: [
            field(R.badge, "badges of single books, omnibus editions and novellas", "badges", \.badges, [
                ConformanceExample("Book 3 of 7", (SeriesShelf(totalBooks: 7, books: [owned(3, "Second Foundation")]), ["Book 3 of 7"]), pins: "seed: \"Book 3 of 7\""),
                ConformanceExample("total unknown", (SeriesShelf(totalBooks: nil, books: [owned(3, "Second Foundation")]), ["Book 3"]), pins: "D-105"),
                ConformanceExample("an omnibus", (SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(omnibus: 1...3), title: "Omnibus", owned: true)]), ["Books 1-3 of 7"]), pins: "D-095"),
                ConformanceExample("a novella, total unknown", (SeriesShelf(totalBooks: nil, books: [Book(place: SeriesPlace(thousandths: 500), title: "Novella", owned: true)]), ["Book 0.5"]), pins: "D-094"),
                ConformanceExample("a novella of two decimals and a prequel", (SeriesShelf(totalBooks: 7, books: [owned(0, "Prequel"), Book(place: SeriesPlace(thousandths: 2_250), title: "Novella", owned: false)]), ["Book 0 of 7", "Book 2.25 of 7"]), pins: "D-094"),
                ConformanceExample("the last book", (SeriesShelf(totalBooks: 7, books: [owned(7, "Foundation and Earth")]), ["Book 7 of 7"]), pins: "D-105"),
            ]),

            field(R.detailRows, "books, gaps, novellas and omnibus editions in reading order", "rows", \.rows, [
                ConformanceExample("read, wanted, owned, a novella and missing books", (redRising, [
                    "Book 1 · Red Rising ✓✓", "Book 2 · Golden Son ➕", "Book 3 · Morning Star ✓", "Book 3.5 · Dark Age Prelude ✓", "Book 4 ➕", "Book 5 ➕",
                ]), pins: "seed: \"Status icons (Owned ✓, Read ✓✓, Missing ➕)\""),
                ConformanceExample("the seed's books 1, 3 and 5", (SeriesShelf(totalBooks: 5, books: [owned(1, "A"), owned(3, "C"), owned(5, "E")]), [
                    "Book 1 · A ✓", "Book 2 ➕", "Book 3 · C ✓", "Book 4 ➕", "Book 5 · E ✓",
                ]), pins: "seed: \"Given I own books 1, 3, 5 (missing 2, 4), series detail shows gaps\""),
                ConformanceExample("an omnibus covers its books", (SeriesShelf(totalBooks: 4, books: [Book(place: SeriesPlace(omnibus: 1...3), title: "The Lord of the Rings (The Lord of the Rings, #1-3)", owned: true, read: true)]), [
                    "Books 1-3 · The Lord of the Rings ✓✓", "Book 4 ➕",
                ]), pins: "D-095"),
                ConformanceExample("total unknown: gaps below the highest book", (SeriesShelf(totalBooks: nil, books: [owned(1, "A"), owned(3, "C")]), ["Book 1 · A ✓", "Book 2 ➕", "Book 3 · C ✓"]), pins: "D-103"),
                ConformanceExample("no book, total unknown", (SeriesShelf(totalBooks: nil, books: []), []), pins: "D-105"),
                ConformanceExample("no book of 2", (SeriesShelf(totalBooks: 2, books: []), ["Book 1 ➕", "Book 2 ➕"]), pins: "D-105"),
            ]),

            field(R.nameAndHeader, "names", "displayName", \.displayName, [
                ConformanceExample("Harry Potter (7 books)", (SeriesShelf(name: "Harry Potter", totalBooks: 7, books: []), "Harry Potter (7 books)"), pins: "seed: \"Harry Potter (7 books)\""),
                ConformanceExample("one book", (SeriesShelf(name: "Standalone", totalBooks: 1, books: []), "Standalone (1 book)"), pins: "D-105"),
                ConformanceExample("total unknown", (SeriesShelf(name: "Dune", totalBooks: nil, books: []), "Dune"), pins: "D-105"),
            ]),
            field(R.nameAndHeader, "headers", "header", \.header, [
                ConformanceExample("name, author, total and percentage", (redRising, "Red Rising · Pierce Brown · 5 books · 40% complete"), pins: "seed: \"Header: Series name, Author, Total books, Completion %\""),
                ConformanceExample("four of seven owned, no author", (SeriesShelf(name: "Foundation", totalBooks: 7, books: (1...4).map { owned($0, "F\($0)") }), "Foundation · 7 books · 57% complete"), pins: "seed: \"57% complete\""),
                ConformanceExample("one book of one", (SeriesShelf(name: "Standalone", totalBooks: 1, books: [owned(1, "The Hobbit")]), "Standalone · 1 book · 100% complete"), pins: "D-105"),
                ConformanceExample("total unknown", (SeriesShelf(name: "Dune", author: "Frank Herbert", totalBooks: nil, books: [owned(1, "Dune")]), "Dune · Frank Herbert"), pins: "D-103"),
            ]),

            .differential(R.sameAsModel, "generated series", cases: 100, SeriesSuiteGen.shelf(name: "Red Rising", author: "Pierce Brown"), describe: { $0.description },
                question: { "labels(of: \($0))" }, model: model.labels(of:), implementation: { $0.labels(of: $1) }, show: { $0.description }),
        ])
    }
}
