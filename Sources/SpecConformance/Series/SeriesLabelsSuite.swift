import Generators
import SpecModel

extension ConformanceSuite where Implementation: SeriesLabeling {
    /// The series labels suite: the seed's "Book 3 of 7", "Harry Potter (7 books)", every book in
    /// reading order with its checkmarks and the header's parts; the texts the seed leaves open
    /// (unknown totals, omnibus editions, novellas, missing numbers, one book); and the model's texts on
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
        /// Fails unless every book of `shelf` has a row, in reading order, with the checkmarks of its state.
        func ensureRows(_ labels: SeriesLabels, _ shelf: SeriesShelf) throws(ConformanceViolation) {
            let asked = "labels(of: \(shelf)).rows"
            var next = labels.rows.startIndex
            for book in shelf.books {
                // The title as the seed writes it; whether a Goodreads marker is shown is D-105's.
                let title = SeriesClaim.titleWithoutMarkers(book.title)
                guard let row = labels.rows[next...].firstIndex(where: { $0.contains(title) }) else {
                    throw ConformanceViolation("the book \(String(reflecting: title)) is not listed, or not in reading order", question: asked, implementation: "\(labels.rows)", kind: "a book not listed in reading order")
                }
                let text = labels.rows[row]
                let checked = book.read ? text.hasSuffix("✓✓") : (book.owned ? text.hasSuffix("✓") && !text.hasSuffix("✓✓") : !text.contains("✓"))
                let wanted = book.read ? "✓✓ (read)" : (book.owned ? "✓ (owned)" : "no checkmark (not owned)")
                try ensure(checked, "the row of \(String(reflecting: title)) does not end with \(wanted)", question: asked, model: wanted, implementation: String(reflecting: text), kind: "a wrong checkmark")
                next = labels.rows.index(after: row)
            }
        }
        /// A series of one to ten whole-numbered books with titles no other title contains.
        let titled = SeriesSuiteGen.shelf(count: 0...10, places: SeriesSuiteGen.wholePlace).map { shelf in
            SeriesShelf(name: shelf.name, author: shelf.author, totalBooks: shelf.totalBooks, books: shelf.books.enumerated().map { index, book in
                Book(place: book.place, title: "Title \(Character(UnicodeScalar(65 + index)!))", owned: book.owned, read: book.read)
            })
        }

        return ConformanceSuite(id: "series-labels", title: "Series labels", seam: "SeriesLabeling", checks: [
            field(R.badge, "badges of whole-numbered books of known total", "badges", \.badges, [
                ConformanceExample("Book 3 of 7", (SeriesShelf(totalBooks: 7, books: [owned(3, "Second Foundation")]), ["Book 3 of 7"]), pins: "seed: \"Book 3 of 7\""),
                ConformanceExample("the first and the last book", (SeriesShelf(totalBooks: 7, books: [owned(1, "Foundation"), owned(7, "Foundation and Earth")]), ["Book 1 of 7", "Book 7 of 7"]), pins: "seed: \"Book 3 of 7\""),
                ConformanceExample("a wanted book", (SeriesShelf(totalBooks: 9, books: [Book(place: SeriesPlace(2), title: "Caliban's War", owned: false)]), ["Book 2 of 9"]), pins: "seed: \"Book 3 of 7\""),
            ]),
            .property(R.badge, "generated series of whole-numbered books of known total", cases: 60,
                SeriesSuiteGen.shelf(places: SeriesSuiteGen.wholePlace, knownTotal: true), describe: { $0.description },
                exercises: { SeriesSuiteGen.hasKnownTotal($0) && !$0.books.isEmpty }) { implementation, shelf in
                let expected = shelf.books.map { "Book \($0.place) of \(shelf.totalBooks ?? 0)" }
                try ensureSame(implementation.labels(of: shelf).badges, expected, "labels(of: \(shelf)).badges")
            },

            field(R.badgeForms, "badges of unknown totals, omnibus editions and novellas", "badges", \.badges, [
                ConformanceExample("total unknown", (SeriesShelf(totalBooks: nil, books: [owned(3, "Second Foundation")]), ["Book 3"]), pins: "D-105"),
                ConformanceExample("an omnibus", (SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(omnibus: 1...3), title: "Omnibus", owned: true)]), ["Books 1-3 of 7"]), pins: "D-105"),
                ConformanceExample("a novella, total unknown", (SeriesShelf(totalBooks: nil, books: [Book(place: SeriesPlace(thousandths: 500), title: "Novella", owned: true)]), ["Book 0.5"]), pins: "D-105"),
                ConformanceExample("a novella of two decimals and a prequel", (SeriesShelf(totalBooks: 7, books: [owned(0, "Prequel"), Book(place: SeriesPlace(thousandths: 2_250), title: "Novella", owned: false)]), ["Book 0 of 7", "Book 2.25 of 7"]), pins: "D-105"),
            ]),

            .examples(R.detailRows, "books read, owned and wanted, in reading order", [
                ConformanceExample("read, wanted, owned and a novella", redRising, pins: "seed: \"all books in reading order with checkmarks for owned/read books\""),
                ConformanceExample("the seed's books 1, 3 and 5", SeriesShelf(totalBooks: 5, books: [owned(1, "Alpha"), owned(3, "Gamma", read: true), owned(5, "Epsilon")]), pins: "seed: \"Given I own books 1, 3, 5\""),
                ConformanceExample("every book wanted", SeriesShelf(totalBooks: 2, books: [Book(place: SeriesPlace(1), title: "Alpha", owned: false), Book(place: SeriesPlace(2), title: "Beta", owned: false)]), pins: "seed: \"Missing\""),
            ]) { implementation, shelf in
                try ensureRows(implementation.labels(of: shelf), shelf)
            },
            .property(R.detailRows, "generated series of whole-numbered books", cases: 60, titled, describe: { $0.description },
                exercises: { !$0.books.isEmpty }) { implementation, shelf in
                try ensureRows(implementation.labels(of: shelf), shelf)
            },

            field(R.rowTexts, "books, gaps, novellas and omnibus editions in reading order", "rows", \.rows, [
                ConformanceExample("read, wanted, owned, a novella and missing books", (redRising, [
                    "Book 1 · Red Rising ✓✓", "Book 2 · Golden Son ➕", "Book 3 · Morning Star ✓", "Book 3.5 · Dark Age Prelude ✓", "Book 4 ➕", "Book 5 ➕",
                ]), pins: "D-105"),
                ConformanceExample("the seed's books 1, 3 and 5", (SeriesShelf(totalBooks: 5, books: [owned(1, "A"), owned(3, "C"), owned(5, "E")]), [
                    "Book 1 · A ✓", "Book 2 ➕", "Book 3 · C ✓", "Book 4 ➕", "Book 5 · E ✓",
                ]), pins: "D-105"),
                ConformanceExample("an omnibus covers its books", (SeriesShelf(totalBooks: 4, books: [Book(place: SeriesPlace(omnibus: 1...3), title: "The Lord of the Rings (The Lord of the Rings, #1-3)", owned: true, read: true)]), [
                    "Books 1-3 · The Lord of the Rings ✓✓", "Book 4 ➕",
                ]), pins: "D-105"),
                ConformanceExample("total unknown: gaps below the highest book", (SeriesShelf(totalBooks: nil, books: [owned(1, "A"), owned(3, "C")]), ["Book 1 · A ✓", "Book 2 ➕", "Book 3 · C ✓"]), pins: "D-105"),
                ConformanceExample("no book, total unknown", (SeriesShelf(totalBooks: nil, books: []), []), pins: "D-105"),
                ConformanceExample("no book of 2", (SeriesShelf(totalBooks: 2, books: []), ["Book 1 ➕", "Book 2 ➕"]), pins: "D-105"),
            ]),

            field(R.nameAndHeader, "names of series of known total", "displayName", \.displayName, [
                ConformanceExample("Harry Potter (7 books)", (SeriesShelf(name: "Harry Potter", totalBooks: 7, books: []), "Harry Potter (7 books)"), pins: "seed: \"Harry Potter (7 books)\""),
                ConformanceExample("The Expanse (9 books)", (SeriesShelf(name: "The Expanse", totalBooks: 9, books: []), "The Expanse (9 books)"), pins: "seed: \"The Expanse (9 books)\""),
            ]),

            .examples(R.header, "headers with every part known", [
                ConformanceExample("Red Rising by Pierce Brown, 2 of 5 complete", (SeriesShelf(name: "Red Rising", author: "Pierce Brown", totalBooks: 5, books: [owned(1, "Red Rising", read: true), owned(2, "Golden Son", read: true)]), 40),
                    pins: "seed: \"Header: Series name, Author, Total books, Completion %\""),
                ConformanceExample("Foundation by Isaac Asimov, 4 of 7 complete", (SeriesShelf(name: "Foundation", author: "Isaac Asimov", totalBooks: 7, books: (1...4).map { owned($0, "F\($0)", read: true) }), 57),
                    pins: "seed: \"Header: Series name, Author, Total books, Completion %\""),
            ] as [ConformanceExample<(SeriesShelf, Int)>]) { implementation, example in
                let header = implementation.labels(of: example.0).header
                let parts = [example.0.name, example.0.author ?? "", String(example.0.totalBooks ?? 0), "\(example.1)%"]
                for part in parts {
                    try ensure(header.contains(part), "the header leaves out \(String(reflecting: part))", question: "labels(of: \(example.0)).header",
                        model: "the name, author, total and completion %: \(parts)", implementation: String(reflecting: header), kind: "a part left out")
                }
            },

            field(R.nameAndHeaderTexts, "names of one book and of unknown totals", "displayName", \.displayName, [
                ConformanceExample("one book", (SeriesShelf(name: "Standalone", totalBooks: 1, books: []), "Standalone (1 book)"), pins: "D-105"),
                ConformanceExample("total unknown", (SeriesShelf(name: "Dune", totalBooks: nil, books: []), "Dune"), pins: "D-105"),
            ]),
            field(R.nameAndHeaderTexts, "headers", "header", \.header, [
                ConformanceExample("name, author, total and percentage", (redRising, "Red Rising · Pierce Brown · 5 books · 40% complete"), pins: "D-105"),
                ConformanceExample("four of seven owned, no author", (SeriesShelf(name: "Foundation", totalBooks: 7, books: (1...4).map { owned($0, "F\($0)") }), "Foundation · 7 books · 57% complete"), pins: "D-105"),
                ConformanceExample("one book of one", (SeriesShelf(name: "Standalone", totalBooks: 1, books: [owned(1, "The Hobbit")]), "Standalone · 1 book · 100% complete"), pins: "D-105"),
                ConformanceExample("total unknown", (SeriesShelf(name: "Dune", author: "Frank Herbert", totalBooks: nil, books: [owned(1, "Dune")]), "Dune · Frank Herbert"), pins: "D-105"),
            ]),

            .differential(R.sameAsModel, "generated series", cases: 100, SeriesSuiteGen.shelf(name: "Red Rising", author: "Pierce Brown"), describe: { $0.description },
                question: { "labels(of: \($0))" }, model: model.labels(of:), implementation: { $0.labels(of: $1) }, show: { $0.description }),
        ])
    }
}
