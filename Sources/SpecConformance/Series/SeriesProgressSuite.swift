import Generators
import SpecModel

extension ConformanceSuite where Implementation: SeriesProgressCalculating {
    /// The series progress suite: the seed's "57% complete", "N/T books", "N of T books complete",
    /// "Completed! 🎉" and gaps; the floor of the percentage on both sides of 100%, owned against read
    /// (O-12), the badges, counted books, an unknown total, and the model's answer on generated series.
    public static var seriesProgress: ConformanceSuite {
        typealias R = SeriesProgressRules
        typealias Book = SeriesShelf.Book
        typealias G = SeriesSuiteGen
        let model = ModelSeriesProgressCalculator()
        /// Books at `numbers`, owned, read when `read` holds.
        func books(_ numbers: [Int], read: Bool = false) -> [Book] {
            numbers.map { Book(place: SeriesPlace($0), owned: true, read: read) }
        }
        /// A series of `total` books whose first `complete` are owned and read: where counting owned
        /// books and counting read books agree.
        func complete(_ complete: Int, of total: Int) -> SeriesShelf {
            SeriesShelf(totalBooks: total, books: books(complete == 0 ? [] : Array(1...complete), read: true))
        }
        func question(_ shelf: SeriesShelf) -> String { "progress(of: \(shelf))" }
        func field<Value: Equatable>(_ shelf: SeriesShelf, _ name: String, _ answer: SeriesProgressReport, _ value: KeyPath<SeriesProgressReport, Value>, _ expected: Value) throws(ConformanceViolation) {
            try ensureSame(answer[keyPath: value], expected, question(shelf) + ".\(name)", kind: "another \(name)")
        }
        /// The counts' law: the counted numbers covered by owned (read) books.
        func ensureCounts(_ answer: SeriesProgressReport, _ shelf: SeriesShelf) throws(ConformanceViolation) {
            let owned = G.coveredNumbers(in: shelf) { $0.owned }.count
            let read = G.coveredNumbers(in: shelf) { $0.read }.count
            try ensure(answer.ownedCount == owned && answer.readCount == read,
                "the counts are not the counted numbers covered by owned (read) books", question: question(shelf),
                model: "owned \(owned), read \(read)", implementation: "owned \(answer.ownedCount), read \(answer.readCount)")
        }

        return ConformanceSuite(id: "series-progress", title: "Series progress", seam: "SeriesProgressCalculating", checks: [
            .examples(R.percentage, "the seed's 4 of 7, and percentages no rounding changes", [
                (4, 7, 57), (0, 7, 0), (7, 7, 100), (1, 2, 50), (1, 4, 25), (1, 1, 100), (0, 1, 0),
            ].map { done, total, percent in
                ConformanceExample("\(done) of \(total) complete is \(percent)%", (complete(done, of: total), percent),
                    pins: done == 4 && total == 7 ? "seed: \"4/7 Foundation books ... \"57% complete\"\"" : "seed: \"Completion %\"")
            }) { implementation, example in
                let answer = implementation.progress(of: example.0)
                try field(example.0, "percentText", answer, \.percentText, "\(example.1)% complete")
                try field(example.0, "percentComplete", answer, \.percentComplete, example.1)
            },

            .examples(R.floor, "the floor on both sides of whole percentages", [
                (6, 7, 85), (1, 7, 14), (1, 3, 33), (2, 3, 66), (199, 200, 99), (200, 200, 100), (1, 200, 0),
            ].map { done, total, percent in
                ConformanceExample("\(done) of \(total) is \(percent)%", (complete(done, of: total), percent), pins: "D-103")
            }) { implementation, example in
                let answer = implementation.progress(of: example.0)
                try field(example.0, "percentComplete", answer, \.percentComplete, example.1)
                try field(example.0, "percentText", answer, \.percentText, "\(example.1)% complete")
            },
            .property(R.floor, "generated series of whole numbers, each book read or not owned", cases: 100,
                G.shelf(places: G.wholePlace, statuses: G.readOrWanted, knownTotal: true, distinctPlaces: true), describe: { $0.description },
                exercises: G.hasKnownTotal) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let total = shelf.totalBooks ?? 1
                let owned = G.coveredNumbers(in: shelf) { $0.owned }.count
                let percent = owned * 100 / total
                try ensure(answer.percentComplete == percent && answer.percentText == "\(percent)% complete",
                    "the percentage is not floor(owned × 100 / total)", question: question(shelf),
                    model: "\(percent)% (\"\(percent)% complete\")", implementation: "\(answer.percentComplete.map { "\($0)%" } ?? "no percentage") (\(answer.percentText.map { String(reflecting: $0) } ?? "no label"))")
            },

            .examples(R.progressText, "the list card's progress", [
                ConformanceExample("4 of 7", complete(4, of: 7), pins: "seed: \"Progress bar (\"4/7 books\")\""),
                ConformanceExample("3 of 7", complete(3, of: 7), pins: "seed: \"Progress (3/7 books)\""),
                ConformanceExample("7 of 7", complete(7, of: 7), pins: "seed: \"Series shows 7/7\""),
            ]) { implementation, shelf in
                let counted = shelf.books.count
                try field(shelf, "progressText", implementation.progress(of: shelf), \.progressText, "\(counted)/\(shelf.totalBooks ?? 0) books")
            },

            .examples(R.countsOfOne, "a total of one", [
                ConformanceExample("0 of 1 on the card", (complete(0, of: 1), \SeriesProgressReport.progressText, "0/1 books"), pins: "D-105"),
                ConformanceExample("1 of 1 to the screen reader", (complete(1, of: 1), \SeriesProgressReport.accessibilityLabel, "1 of 1 books complete"), pins: "D-105"),
            ]) { implementation, example in
                let (shelf, path, text) = example
                try field(shelf, path == \SeriesProgressReport.progressText ? "progressText" : "accessibilityLabel", implementation.progress(of: shelf), path, text)
            },

            .examples(R.accessibilityLabel, "the screen reader's announcement", [
                ConformanceExample("4 of 7", complete(4, of: 7), pins: "seed: \"(\"4 of 7 books complete\")\""),
                ConformanceExample("0 of 7", complete(0, of: 7), pins: "seed: \"(\"4 of 7 books complete\")\""),
                ConformanceExample("7 of 7", complete(7, of: 7), pins: "seed: \"(\"4 of 7 books complete\")\""),
            ]) { implementation, shelf in
                let counted = shelf.books.count
                try field(shelf, "accessibilityLabel", implementation.progress(of: shelf), \.accessibilityLabel, "\(counted) of \(shelf.totalBooks ?? 0) books complete")
            },

            .examples(R.ownedNotRead, "owned books, read or not", [
                ConformanceExample("4 owned of 7, none read: 57%", SeriesShelf(totalBooks: 7, books: books([1, 2, 3, 4])), pins: "D-103"),
                ConformanceExample("4 owned of 7, 2 read", SeriesShelf(totalBooks: 7, books: books([1, 2], read: true) + books([3, 4])), pins: "D-103"),
                ConformanceExample("3 owned of 7, all read", SeriesShelf(totalBooks: 7, books: books([1, 2, 3], read: true)), pins: "D-103"),
                ConformanceExample("read books and a wanted one", SeriesShelf(totalBooks: 3, books: books([1], read: true) + [Book(place: SeriesPlace(2), owned: false)]), pins: "D-103"),
            ]) { implementation, shelf in
                // The count is the owned books'; the percentage and texts are the implementation's own
                // for the same books all read (their rounding and wording are other rules').
                var allRead = shelf
                allRead.books = shelf.books.map { Book(place: $0.place, title: $0.title, owned: $0.owned, read: $0.owned) }
                let answer = implementation.progress(of: shelf)
                let read = implementation.progress(of: allRead)
                try field(shelf, "ownedCount", answer, \.ownedCount, G.coveredNumbers(in: shelf) { $0.owned }.count)
                try field(shelf, "percentComplete", answer, \.percentComplete, read.percentComplete)
                try field(shelf, "progressText", answer, \.progressText, read.progressText)
                try field(shelf, "accessibilityLabel", answer, \.accessibilityLabel, read.accessibilityLabel)
                try field(shelf, "missingNumbers", answer, \.missingNumbers, read.missingNumbers)
            },
            .property(R.ownedNotRead, "generated series, and the same series with nothing read", cases: 100, G.shelf(places: G.wholePlace, distinctPlaces: true), describe: { $0.description },
                exercises: { $0.books.contains { $0.read } }) { implementation, shelf in
                var unread = shelf
                unread.books = shelf.books.map { Book(place: $0.place, title: $0.title, owned: $0.owned, read: false) }
                let answer = implementation.progress(of: shelf)
                let before = implementation.progress(of: unread)
                let shown = { (report: SeriesProgressReport) in
                    "owned \(report.ownedCount), \(String(reflecting: report.percentText)), \(String(reflecting: report.progressText)), \(String(reflecting: report.accessibilityLabel)), missing \(report.missingNumbers)"
                }
                try ensure(shown(answer) == shown(before), "marking books read changed the progress, which counts books owned",
                    question: "progress(of: \(shelf)) against the same series with nothing read", model: shown(before), implementation: shown(answer))
            },

            .examples(R.badges, "every book complete, and a book neither owned nor read", [
                ConformanceExample("every book owned and read: Completed!", (complete(3, of: 3), true), pins: "seed: \"Given I complete all books in a series ... \"Completed!\""),
                ConformanceExample("one book of one, read: Completed!", (complete(1, of: 1), true), pins: "seed: \"Given I complete all books in a series ... \"Completed!\""),
                ConformanceExample("seven of seven: Completed!", (complete(7, of: 7), true), pins: "seed: \"Series shows 7/7\""),
                ConformanceExample("two of three complete, the third wanted: not Completed", (SeriesShelf(totalBooks: 3, books: books([1, 2], read: true) + [Book(place: SeriesPlace(3), owned: false)]), false), pins: "seed: \"complete all books\""),
                ConformanceExample("two of three complete, the third absent: not Completed", (complete(2, of: 3), false), pins: "seed: \"complete all books\""),
            ]) { implementation, example in
                let badge = implementation.progress(of: example.0).badge
                try ensure((badge == SeriesProgress.completedBadge) == example.1,
                    example.1 ? "a series whose every book is owned and read does not show \"Completed! 🎉\"" : "a series with a book neither owned nor read shows \"Completed! 🎉\"",
                    question: question(example.0) + ".badge", model: example.1 ? String(reflecting: SeriesProgress.completedBadge) : "not \(String(reflecting: SeriesProgress.completedBadge))",
                    implementation: String(reflecting: badge), kind: example.1 ? "not completed" : "completed too early")
            },
            .property(R.badges, "generated series of whole numbers of known total, each book read or not owned", cases: 100,
                G.shelf(places: G.wholePlace, statuses: G.readOrWanted, knownTotal: true, distinctPlaces: true), describe: { $0.description },
                exercises: G.hasKnownTotal) { implementation, shelf in
                let every = G.coveredNumbers(in: shelf) { $0.read }.count == G.lastCountedNumber(of: shelf)
                let badge = implementation.progress(of: shelf).badge
                try ensure((badge == SeriesProgress.completedBadge) == every,
                    every ? "a series whose every book is owned and read does not show \"Completed! 🎉\"" : "a series with a book neither owned nor read shows \"Completed! 🎉\"",
                    question: question(shelf) + ".badge", model: every ? String(reflecting: SeriesProgress.completedBadge) : "not \(String(reflecting: SeriesProgress.completedBadge))",
                    implementation: String(reflecting: badge), kind: every ? "not completed" : "completed too early")
            },

            .examples(R.ownedBadge, "every book owned, read or not, and unknown totals", [
                ConformanceExample("every book owned, two of three read: All Books Owned", SeriesShelf(totalBooks: 3, books: books([1, 2], read: true) + books([3])), pins: "D-103"),
                ConformanceExample("every book owned, none read: All Books Owned", SeriesShelf(totalBooks: 3, books: books([1, 2, 3])), pins: "D-103"),
                ConformanceExample("two of three read, the third wanted: no badge", SeriesShelf(totalBooks: 3, books: books([1, 2], read: true) + [Book(place: SeriesPlace(3), owned: false)]), pins: "D-103"),
                ConformanceExample("two of three owned and read: no badge", SeriesShelf(totalBooks: 3, books: books([1, 2], read: true)), pins: "D-103"),
                ConformanceExample("every book read, total unknown: no badge", SeriesShelf(totalBooks: nil, books: books([1, 2], read: true)), pins: "D-103"),
                ConformanceExample("one book of one, read: Completed!", SeriesShelf(totalBooks: 1, books: books([1], read: true)), pins: "D-103"),
            ]) { implementation, shelf in
                try field(shelf, "badge", implementation.progress(of: shelf), \.badge, model.progress(of: shelf).badge)
            },
            .property(R.ownedBadge, "generated series of whole numbers", cases: 100, G.shelf(places: G.wholePlace, distinctPlaces: true), describe: { $0.description },
                // Every series exercises it: of a known total, its counted books decide the badge; of an unknown
                // total, there is none (even with no book, where "every book owned" holds vacuously).
                exercises: { _ in true }) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let last = G.lastCountedNumber(of: shelf)
                let known = shelf.totalBooks != nil
                let expected: String? = if known && G.coveredNumbers(in: shelf, where: { $0.read }).count == last {
                    SeriesProgress.completedBadge
                } else if known && G.coveredNumbers(in: shelf, where: { $0.owned }).count == last {
                    SeriesProgress.allOwnedBadge
                } else {
                    nil
                }
                try ensureSame(answer.badge, expected, "the badge: progress(of: \(shelf)).badge")
            },

            .examples(R.gaps, "books 1, 3, 5 and other gaps", [
                ConformanceExample("the seed's books 1, 3 and 5 of 5", (SeriesShelf(totalBooks: 5, books: books([1, 3, 5], read: true)), [2, 4]), pins: "seed: \"Given I own books 1, 3, 5 (missing 2, 4)\""),
                ConformanceExample("every book owned: no gap", (SeriesShelf(totalBooks: 3, books: books([1, 2, 3], read: true)), []), pins: "seed: \"shows gaps with \"Add Missing Books\"\""),
                ConformanceExample("a book the user does not own is missing", (SeriesShelf(totalBooks: 2, books: books([1], read: true) + [Book(place: SeriesPlace(2), owned: false)]), [2]), pins: "seed: \"owned: boolean; // Is this book in user's library?\""),
                ConformanceExample("the books after the last owned, up to the total", (SeriesShelf(totalBooks: 7, books: books([1, 2, 3, 4], read: true)), [5, 6, 7]), pins: "seed: \"\"Add Missing Books\" button (searches for unowned books)\""),
                ConformanceExample("no book of 2", (SeriesShelf(totalBooks: 2, books: []), [1, 2]), pins: "seed: \"searches for unowned books\""),
            ]) { implementation, example in
                let answer = implementation.progress(of: example.0)
                try field(example.0, "missingNumbers", answer, \.missingNumbers, example.1)
                try field(example.0, "offersAddMissingBooks", answer, \.offersAddMissingBooks, !example.1.isEmpty)
            },
            .property(R.gaps, "generated series of whole numbers of known total, each book read or not owned", cases: 100,
                G.shelf(places: G.wholePlace, statuses: G.readOrWanted, knownTotal: true, distinctPlaces: true), describe: { $0.description },
                exercises: G.hasKnownTotal) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let owned = Set(G.coveredNumbers(in: shelf) { $0.owned })
                let last = G.lastCountedNumber(of: shelf)
                let missing = last == 0 ? [] : (1...last).filter { !owned.contains($0) }
                try field(shelf, "missingNumbers", answer, \.missingNumbers, missing)
                try field(shelf, "offersAddMissingBooks", answer, \.offersAddMissingBooks, !missing.isEmpty)
            },

            .examples(R.gapsText, "runs of missing books", ([
                ([], nil), ([2], "book 2 missing"), ([2, 4], "books 2 and 4 missing"), ([2, 3], "books 2-3 missing"),
                ([2, 4, 6], "books 2, 4 and 6 missing"), ([2, 4, 5, 6, 9], "books 2, 4-6 and 9 missing"), (Array(2...7), "books 2-7 missing"),
            ] as [([Int], String?)]).map { missing, text in
                let total = missing.last ?? 1
                let shelf = SeriesShelf(totalBooks: total, books: books((1...total).filter { !missing.contains($0) }, read: true))
                return ConformanceExample("missing \(missing)", (shelf, text), pins: "D-105")
            }) { (implementation: inout Implementation, example: (SeriesShelf, String?)) in
                try ensureSame(implementation.progress(of: example.0).gapsText, example.1, question(example.0) + ".gapsText")
            },

            .examples(R.countedBooks, "novellas and prequels", [
                ConformanceExample("a novella alone owns no book", SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(thousandths: 1_500), owned: true, read: true)]), pins: "D-094"),
                ConformanceExample("a prequel alone owns no book", SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(0), owned: true, read: true)]), pins: "D-094"),
                ConformanceExample("Harry Potter (7 books) stays 7 with a prequel and a novella", SeriesShelf(totalBooks: 7, books: [Book(place: SeriesPlace(0), owned: true, read: true)] + books([1, 2, 3], read: true) + [Book(place: SeriesPlace(thousandths: 3_500), owned: true, read: true)] + books([4, 5, 6, 7], read: true)), pins: "D-094"),
                ConformanceExample("a novella fills no gap", SeriesShelf(totalBooks: 2, books: books([1], read: true) + [Book(place: SeriesPlace(thousandths: 1_500), owned: true, read: true)]), pins: "D-094"),
                ConformanceExample("an unread novella leaves every book read", SeriesShelf(totalBooks: 2, books: books([1], read: true) + [Book(place: SeriesPlace(thousandths: 1_500), owned: true)] + books([2], read: true)), pins: "D-094"),
                ConformanceExample("a novella only, total unknown", SeriesShelf(totalBooks: nil, books: [Book(place: SeriesPlace(thousandths: 500), owned: true, read: true)]), pins: "D-094"),
            ]) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let expected = model.progress(of: shelf)
                try field(shelf, "ownedCount", answer, \.ownedCount, expected.ownedCount)
                try field(shelf, "readCount", answer, \.readCount, expected.readCount)
                try field(shelf, "missingNumbers", answer, \.missingNumbers, expected.missingNumbers)
            },
            .property(R.countedBooks, "generated series with novellas and prequels, each book read or not owned", cases: 100, G.shelf(places: G.placeOrNovella, statuses: G.readOrWanted), describe: { $0.description },
                exercises: G.hasUncountedPlace) { implementation, shelf in
                try ensureCounts(implementation.progress(of: shelf), shelf)
            },

            .examples(R.omnibus, "omnibus editions", [
                ConformanceExample("an omnibus counts its three books", SeriesShelf(totalBooks: 5, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: true, read: true), Book(place: SeriesPlace(5), owned: true, read: true)]), pins: "D-095"),
                ConformanceExample("an omnibus and a single book at the same number count it once", SeriesShelf(totalBooks: 4, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: true, read: true), Book(place: SeriesPlace(2), owned: true, read: true)]), pins: "D-095"),
                ConformanceExample("a wanted omnibus owns nothing", SeriesShelf(totalBooks: 3, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: false)]), pins: "D-095"),
                ConformanceExample("an omnibus fills the gaps it covers", SeriesShelf(totalBooks: 5, books: books([1], read: true) + [Book(place: SeriesPlace(omnibus: 2...4), owned: true, read: true)]), pins: "D-095"),
                ConformanceExample("an omnibus read completes what it covers", SeriesShelf(totalBooks: 3, books: [Book(place: SeriesPlace(omnibus: 1...3), owned: true, read: true)]), pins: "D-095"),
            ]) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let expected = model.progress(of: shelf)
                try field(shelf, "ownedCount", answer, \.ownedCount, expected.ownedCount)
                try field(shelf, "readCount", answer, \.readCount, expected.readCount)
                try field(shelf, "missingNumbers", answer, \.missingNumbers, expected.missingNumbers)
            },
            .property(R.omnibus, "generated series with omnibus editions, each book read or not owned", cases: 100, G.shelf(places: G.placeOrOmnibus, statuses: G.readOrWanted), describe: { $0.description },
                exercises: G.hasOmnibus) { implementation, shelf in
                try ensureCounts(implementation.progress(of: shelf), shelf)
            },

            .examples(R.unknownTotal, "series whose total is unknown", [
                ConformanceExample("books 1 and 4 read, total unknown", SeriesShelf(totalBooks: nil, books: books([1, 4], read: true)), pins: "D-103"),
                ConformanceExample("one book, total unknown", SeriesShelf(totalBooks: nil, books: books([1], read: true)), pins: "D-103"),
                ConformanceExample("no book, total unknown", SeriesShelf(totalBooks: nil, books: []), pins: "D-103"),
                ConformanceExample("every book read, total unknown", SeriesShelf(totalBooks: nil, books: books([1, 2, 3], read: true)), pins: "D-103"),
            ]) { implementation, shelf in
                let answer = implementation.progress(of: shelf)
                let expected = model.progress(of: shelf)
                try field(shelf, "ownedCount", answer, \.ownedCount, expected.ownedCount)
                try field(shelf, "percentComplete", answer, \.percentComplete, expected.percentComplete)
                try field(shelf, "percentText", answer, \.percentText, expected.percentText)
                try field(shelf, "progressText", answer, \.progressText, expected.progressText)
                try field(shelf, "accessibilityLabel", answer, \.accessibilityLabel, expected.accessibilityLabel)
                try field(shelf, "badge", answer, \.badge, expected.badge)
                try field(shelf, "missingNumbers", answer, \.missingNumbers, expected.missingNumbers)
            },

            .differential(R.sameAsModel, "generated series", cases: 150, G.shelf(), describe: { $0.description },
                question: question, model: model.progress(of:), implementation: { $0.progress(of: $1) }, show: { $0.description }),
        ])
    }
}
