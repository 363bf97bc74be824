import Generators
import SpecModel

extension ConformanceSuite where Implementation: SeriesProgressCalculating {
    /// The series progress suite: counted books, the percentage's floor on both sides of 100%, owned
    /// against read (O-12), the two badges, gaps, an unknown total, and the model's answer on
    /// generated series.
    public static var seriesProgress: ConformanceSuite {
        typealias R = SeriesProgressRules
        typealias Book = SeriesShelf.Book
        let model = ModelSeriesProgressCalculator()
        /// Books at `numbers`, owned, read when `read` holds.
        func books(_ numbers: [Int], read: Bool = false) -> [Book] {
            numbers.map { Book(place: SeriesPlace($0), owned: true, read: read) }
        }
        func question(_ shelf: SeriesShelf) -> String { "progress(of: \(shelf))" }
        /// Examples whose expected report is checked field by field with `expect`.
        func examples(
            _ rule: Rule, _ about: String, _ list: [ConformanceExample<SeriesShelf>],
            _ expect: @escaping (SeriesProgressReport, SeriesProgressReport) throws -> Void
        ) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { implementation, shelf in
                try expect(implementation.progress(of: shelf), model.progress(of: shelf))
            }
        }
        func field<Value: Equatable>(_ shelf: SeriesShelf, _ name: String, _ answer: SeriesProgressReport, _ value: KeyPath<SeriesProgressReport, Value>, _ expected: Value) throws(ConformanceViolation) {
            try ensureSame(answer[keyPath: value], expected, question(shelf) + ".\(name)")
        }

        return ConformanceSuite(id: "series-progress", title: "Series progress", seam: "SeriesProgressCalculating", checks: [
            .examples(R.countedBooks, "omnibus editions, novellas and prequels", [
                ConformanceExample("an omnibus counts its three books, a novella and a prequel none",
                    SeriesShelf(totalBooks: 5, books: [Book(place: SeriesPlace(0), owned: true, read: true), Book(place: SeriesPlace(omnibus: 1...3), owned: true, read: true), Book(place: SeriesPlace(thousandths: 3_500), owned: true), Book(place: SeriesPlace(5), owned: true)]),
                    pins: "D-095"),
                ConformanceExample("a novella alone owns no book", SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(thousandths: 1_500), owned: true, read: true)]), pins: "D-094"),
                ConformanceExample("a prequel alone owns no book", SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(0), owned: true)]), pins: "D-094"),
                ConformanceExample("Harry Potter (7 books) stays 7 with a prequel and a novella", SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(0), owned: true)] + books([1, 2, 3]) + [Book(place: SeriesPlace(thousandths: 3_500), owned: true)] + books([4, 5, 6, 7])), pins: "D-094"),
                ConformanceExample("an omnibus and a single book at the same number count it once", SeriesShelf(totalBooks: 4, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: true), Book(place: SeriesPlace(2), owned: true)]), pins: "D-095"),
                ConformanceExample("a wanted omnibus owns nothing", SeriesShelf(totalBooks: 3, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: false)]), pins: "D-102"),
            ]) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let expected = model.progress(of: shelf)
                try field(shelf, "ownedCount", answer, \.ownedCount, expected.ownedCount)
                try field(shelf, "readCount", answer, \.readCount, expected.readCount)
                try field(shelf, "missingNumbers", answer, \.missingNumbers, expected.missingNumbers)
            },
            .property(R.countedBooks, "generated series with omnibus editions, novellas and prequels", cases: 100, SeriesSuiteGen.shelf(), describe: { $0.description }) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let owned = SeriesSuiteGen.coveredNumbers(in: shelf) { $0.owned }.count
                let read = SeriesSuiteGen.coveredNumbers(in: shelf) { $0.read }.count
                try ensure(answer.ownedCount == owned && answer.readCount == read,
                    "the counts are not the counted numbers covered by owned (read) books", question: question(shelf),
                    model: "owned \(owned), read \(read)", implementation: "owned \(answer.ownedCount), read \(answer.readCount)")
            },

            examples(R.percentage, "the seed's 4 of 7 and the floor on both sides of 100%", [
                (4, 7, 57), (0, 7, 0), (1, 7, 14), (6, 7, 85), (7, 7, 100), (1, 3, 33), (2, 3, 66), (199, 200, 99), (200, 200, 100), (1, 1, 100), (0, 1, 0),
            ].map { owned, total, percent in
                ConformanceExample("\(owned) of \(total) is \(percent)%", SeriesShelf(totalBooks: total, books: books(owned == 0 ? [] : Array(1...owned))),
                    pins: owned == 4 && total == 7 ? "seed: \"57% complete\"" : "D-103")
            }) { answer, expected in
                try ensureSame(answer.percentComplete, expected.percentComplete, "the percentage of \(expected.ownedCount) owned of \(expected.progressText)")
                try ensureSame(answer.percentText, expected.percentText, "the progress bar's label for \(expected.progressText)")
            },
            .property(R.percentage, "generated series with a known total", cases: 100, SeriesSuiteGen.shelf().filter("known total") { $0.totalBooks != nil }, describe: { $0.description }) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let total = shelf.totalBooks ?? 0
                let owned = SeriesSuiteGen.coveredNumbers(in: shelf) { $0.owned }.count
                let percent = owned * 100 / total
                try ensure(answer.percentComplete == percent && answer.percentText == "\(percent)% complete",
                    "the percentage is not floor(owned × 100 / total)", question: question(shelf),
                    model: "\(percent)% (\"\(percent)% complete\")", implementation: "\(answer.percentComplete.map { "\($0)%" } ?? "no percentage") (\(answer.percentText.map { String(reflecting: $0) } ?? "no label"))")
            },

            examples(R.ownedNotRead, "owned books, read or not", [
                ConformanceExample("4 owned of 7, none read: \"57% complete\"", SeriesShelf(totalBooks: 7, books: books([1, 2, 3, 4])), pins: "seed: \"I own 4/7 Foundation books\""),
                ConformanceExample("4 owned of 7, 2 read", SeriesShelf(totalBooks: 7, books: books([1, 2], read: true) + books([3, 4])), pins: "D-103"),
                ConformanceExample("3 owned of 7, all read", SeriesShelf(totalBooks: 7, books: books([1, 2, 3], read: true)), pins: "seed: \"Progress (3/7 books)\""),
                ConformanceExample("read books and a wanted one", SeriesShelf(totalBooks: 3, books: books([1], read: true) + [Book(place: SeriesPlace(2), owned: false)]), pins: "D-102"),
            ]) { answer, expected in
                for (name, value, model) in [
                    ("ownedCount", String(answer.ownedCount), String(expected.ownedCount)),
                    ("percentText", String(reflecting: answer.percentText), String(reflecting: expected.percentText)),
                    ("progressText", answer.progressText, expected.progressText),
                    ("accessibilityLabel", answer.accessibilityLabel, expected.accessibilityLabel),
                ] {
                    try ensureSame(value, model, "\(name) of a series with \(expected.ownedCount) books owned and \(expected.readCount) read")
                }
            },
            .property(R.ownedNotRead, "generated series, and the same series with nothing read", cases: 100, SeriesSuiteGen.shelf(), describe: { $0.description }) { implementation, shelf in
                var unread = shelf
                unread.books = shelf.books.map { Book(place: $0.place, title: $0.title, owned: $0.owned, read: false) }
                let answer = implementation.progress(of: shelf)
                let before = implementation.progress(of: unread)
                let shown = { (report: SeriesProgressReport) in
                    "owned \(report.ownedCount), \(String(reflecting: report.percentText)), \(String(reflecting: report.progressText)), \(String(reflecting: report.accessibilityLabel))"
                }
                try ensure(shown(answer) == shown(before), "marking books read changed the progress, which counts books owned",
                    question: "progress(of: \(shelf)) against the same series with nothing read", model: shown(before), implementation: shown(answer))
            },

            examples(R.badges, "every book read, every book owned, one short of either", [
                ConformanceExample("every book read: Completed!", SeriesShelf(totalBooks: 3, books: books([1, 2, 3], read: true)), pins: "seed: \"Completed! 🎉\" badge"),
                ConformanceExample("every book owned, two of three read: All Books Owned", SeriesShelf(totalBooks: 3, books: books([1, 2], read: true) + books([3])), pins: "D-103"),
                ConformanceExample("two of three read, the third wanted: no badge", SeriesShelf(totalBooks: 3, books: books([1, 2], read: true) + [Book(place: SeriesPlace(3), owned: false)]), pins: "D-103"),
                ConformanceExample("two of three owned and read: no badge", SeriesShelf(totalBooks: 3, books: books([1, 2], read: true)), pins: "D-103"),
                ConformanceExample("every book read by an omnibus and a novella left unread: Completed!", SeriesShelf(totalBooks: 3, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: true, read: true), Book(place: SeriesPlace(thousandths: 3_500), owned: true)]), pins: "D-094"),
                ConformanceExample("every book read, total unknown: no badge", SeriesShelf(totalBooks: nil, books: books([1, 2], read: true)), pins: "D-103"),
                ConformanceExample("one book of one, read: Completed!", SeriesShelf(totalBooks: 1, books: books([1], read: true)), pins: "D-103"),
            ]) { answer, expected in
                try ensureSame(answer.badge, expected.badge, "the badge of a series with \(expected.readCount) read and \(expected.ownedCount) owned of \(expected.progressText)")
            },
            .property(R.badges, "generated series", cases: 100, SeriesSuiteGen.shelf(), describe: { $0.description }) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let last = SeriesSuiteGen.lastCountedNumber(of: shelf)
                let known = shelf.totalBooks != nil
                let expected: String? = if known && SeriesSuiteGen.coveredNumbers(in: shelf, where: { $0.read }).count == last {
                    SeriesProgress.completedBadge
                } else if known && SeriesSuiteGen.coveredNumbers(in: shelf, where: { $0.owned }).count == last {
                    SeriesProgress.allOwnedBadge
                } else {
                    nil
                }
                try ensureSame(answer.badge, expected, "the badge: progress(of: \(shelf)).badge")
            },

            .examples(R.gaps, "books 1, 3, 5 and other gaps", [
                ConformanceExample("the seed's books 1, 3 and 5 of 5", SeriesShelf(totalBooks: 5, books: books([1, 3, 5])), pins: "seed: \"Given I own books 1, 3, 5 (missing 2, 4)\""),
                ConformanceExample("every book owned: no gap", SeriesShelf(totalBooks: 3, books: books([1, 2, 3])), pins: "D-103"),
                ConformanceExample("a wanted book is missing", SeriesShelf(totalBooks: 2, books: books([1]) + [Book(place: SeriesPlace(2), owned: false)]), pins: "D-102"),
                ConformanceExample("the books after the last placed, up to the total", SeriesShelf(totalBooks: 7, books: books([1, 2, 3, 4])), pins: "D-103"),
                ConformanceExample("an omnibus fills the gaps it covers", SeriesShelf(totalBooks: 5, books: books([1]) + [Book(place: SeriesPlace(omnibus: 2...4), owned: true)]), pins: "D-095"),
                ConformanceExample("a novella fills no gap", SeriesShelf(totalBooks: 2, books: books([1]) + [Book(place: SeriesPlace(thousandths: 1_500), owned: true)]), pins: "D-094"),
            ]) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let expected = model.progress(of: shelf)
                try ensureSame(answer.missingNumbers, expected.missingNumbers, question(shelf) + ".missingNumbers")
                try ensureSame(answer.offersAddMissingBooks, expected.offersAddMissingBooks, question(shelf) + ".offersAddMissingBooks")
            },
            .property(R.gaps, "generated series", cases: 100, SeriesSuiteGen.shelf(), describe: { $0.description }) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let owned = Set(SeriesSuiteGen.coveredNumbers(in: shelf) { $0.owned })
                let last = SeriesSuiteGen.lastCountedNumber(of: shelf)
                let missing = last == 0 ? [] : (1...last).filter { !owned.contains($0) }
                try ensureSame(answer.missingNumbers, missing, question(shelf) + ".missingNumbers")
                try ensureSame(answer.offersAddMissingBooks, !missing.isEmpty, question(shelf) + ".offersAddMissingBooks")
            },

            .examples(R.gapsText, "runs of missing books", ([
                ([], nil), ([2], "book 2 missing"), ([2, 4], "books 2 and 4 missing"), ([2, 3], "books 2-3 missing"),
                ([2, 4, 6], "books 2, 4 and 6 missing"), ([2, 4, 5, 6, 9], "books 2, 4-6 and 9 missing"), (Array(2...7), "books 2-7 missing"),
            ] as [([Int], String?)]).map { missing, text in
                let total = missing.last ?? 1
                let shelf = SeriesShelf(totalBooks: total, books: books((1...total).filter { !missing.contains($0) }))
                return ConformanceExample("missing \(missing)", (shelf, text), pins: missing == [2, 4] ? "seed: \"(missing 2, 4)\"" : "D-105")
            }) { (implementation: inout Implementation, example: (SeriesShelf, String?)) in
                try ensureSame(implementation.progress(of: example.0).gapsText, example.1, question(example.0) + ".gapsText")
            },

            examples(R.unknownTotal, "series whose total is unknown", [
                ConformanceExample("books 1 and 4 read, total unknown", SeriesShelf(totalBooks: nil, books: books([1, 4], read: true)), pins: "D-103"),
                ConformanceExample("one book, total unknown", SeriesShelf(totalBooks: nil, books: books([1])), pins: "D-103"),
                ConformanceExample("no book, total unknown", SeriesShelf(totalBooks: nil, books: []), pins: "D-103"),
                ConformanceExample("a novella only, total unknown", SeriesShelf(totalBooks: nil, books: [Book(place: SeriesPlace(thousandths: 500), owned: true)]), pins: "D-094"),
                ConformanceExample("every book read, total unknown", SeriesShelf(totalBooks: nil, books: books([1, 2, 3], read: true)), pins: "D-103"),
            ]) { answer, expected in
                let question = "the progress of a series of unknown total with \(expected.ownedCount) books owned"
                try ensureSame(answer.ownedCount, expected.ownedCount, question + ": ownedCount")
                try ensureSame(answer.percentComplete, expected.percentComplete, question + ": percentComplete")
                try ensureSame(answer.percentText, expected.percentText, question + ": percentText")
                try ensureSame(answer.progressText, expected.progressText, question + ": progressText")
                try ensureSame(answer.accessibilityLabel, expected.accessibilityLabel, question + ": accessibilityLabel")
                try ensureSame(answer.badge, expected.badge, question + ": badge")
                try ensureSame(answer.missingNumbers, expected.missingNumbers, question + ": missingNumbers")
            },

            .differential(R.sameAsModel, "generated series", cases: 150, SeriesSuiteGen.shelf(), describe: { $0.description },
                question: question, model: model.progress(of:), implementation: { $0.progress(of: $1) }, show: { $0.description }),
        ])
    }
}
