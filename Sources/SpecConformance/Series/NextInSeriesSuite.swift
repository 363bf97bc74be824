import Generators
import SpecModel

/// How a book of an example series stands.
enum ExampleBookState {
    case read, owned, wanted
}

extension NextInSeriesQuestion {
    /// Red Rising by Pierce Brown: book n in `states` has the title the saga gives it (Golden Son keeps
    /// its Goodreads marker); `finished` is the number of the book just marked read.
    static func redRising(total: Int?, _ states: [Int: ExampleBookState], finished: Int, others: [SeriesShelf] = [], author: String? = "Pierce Brown", reduceMotion: Bool = false) -> NextInSeriesQuestion {
        let titles = [1: "Red Rising", 2: "Golden Son (Red Rising Saga, #2)", 3: "Morning Star", 4: "Iron Gold", 5: "Dark Age", 6: "Light Bringer", 7: "Red God"]
        let books = states.keys.sorted().map { number -> SeriesShelf.Book in
            let state = number == finished ? .read : states[number] ?? .wanted
            return SeriesShelf.Book(place: SeriesPlace(number), title: titles[number] ?? "Book \(number)", owned: state != .wanted, read: state == .read)
        }
        guard let index = books.firstIndex(where: { $0.place == SeriesPlace(finished) }) else { preconditionFailure("book \(finished) is not among \(states.keys.sorted())") }
        return NextInSeriesQuestion(series: SeriesShelf(name: "Red Rising", author: author, totalBooks: total, books: books), finished: index, otherSeries: others, reduceMotion: reduceMotion)
    }

    /// The question with `books` as the series' books (reading order) and book `finished` just read.
    static func series(total: Int?, _ books: [SeriesShelf.Book], finished: Int, author: String? = "Pierce Brown") -> NextInSeriesQuestion {
        NextInSeriesQuestion(series: SeriesShelf(name: "Red Rising", author: author, totalBooks: total, books: books), finished: finished)
    }
}

extension SeriesShelf {
    /// Another series by `author`: one book read of `total` (finished when the total is 1), or
    /// one book owned and unread.
    static func other(_ name: String, by author: String?, finished: Bool = false) -> SeriesShelf {
        SeriesShelf(name: name, author: author, totalBooks: finished ? 1 : 2, books: [SeriesShelf.Book(place: SeriesPlace(1), title: name, owned: true, read: finished)])
    }
}

/// What a next-in-series check compares of an answer.
struct NextAspects: OptionSet, Sendable {
    let rawValue: Int
    /// The book or series suggested.
    static let next = NextAspects(rawValue: 1)
    static let prompt = NextAspects(rawValue: 2)
    /// The celebration and its confetti.
    static let celebration = NextAspects(rawValue: 4)
    static let all: NextAspects = [.next, .prompt, .celebration]
}

extension Optional where Wrapped == NextInSeriesAnswer {
    /// The answer's `aspects`, as text to compare.
    func showing(_ aspects: NextAspects) -> String {
        guard let answer = self else { return "nil" }
        var parts: [String] = []
        if aspects.contains(.next) { parts.append("\(answer.next)") }
        if aspects.contains(.prompt) { parts.append("prompt \(String(reflecting: answer.prompt))") }
        if aspects.contains(.celebration) { parts.append("celebration \(String(reflecting: answer.celebration))" + (answer.confetti ? " with confetti" : "")) }
        return parts.joined(separator: ", ")
    }

    /// The celebration and its confetti, or none when there is no answer.
    var celebrationShown: String {
        guard let answer = self, let celebration = answer.celebration else { return "no celebration" }
        return String(reflecting: celebration) + (answer.confetti ? " with confetti" : " without confetti")
    }
}

extension NextInSeriesAnswer.Next {
    /// The number of the book suggested, or `nil` for related series.
    var suggestedNumber: Int? {
        switch self {
        case let .continueWith(_, number), let .add(number, _): number
        case .relatedSeries: nil
        }
    }
}

extension ConformanceSuite where Implementation: NextInSeriesRecommending {
    /// The next-in-series suite: the seed's prompts, its "prioritizes Book 2" and "Continue with Book
    /// N+1?", the author's other series, the celebration and reduced motion; the book skipped earlier,
    /// related series on both sides of the limit of 3, uncounted places and omnibus editions; and the
    /// model's answer on generated series.
    public static var nextInSeries: ConformanceSuite {
        typealias R = NextInSeriesRules
        typealias Q = NextInSeriesQuestion
        typealias Book = SeriesShelf.Book
        typealias G = NextInSeriesSuiteGen
        let model = ModelNextInSeriesRecommender()
        func ask(_ question: Q) -> String { "recommendation(for: \(question))" }
        /// Examples with the answer the rule gives, compared on `aspects`.
        func answers(_ rule: Rule, _ about: String, _ aspects: NextAspects, label: String? = nil, _ list: [ConformanceExample<(Q, NextInSeriesAnswer?)>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, list) { implementation, example in
                try ensureSame(implementation.recommendation(for: example.0).showing(aspects), example.1.showing(aspects), ask(example.0), show: { $0 })
            }
        }
        /// Examples of the book suggested, by number.
        func suggests(_ rule: Rule, _ about: String, _ list: [ConformanceExample<(Q, Int)>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { implementation, example in
                try G.ensureSuggests(example.1, implementation.recommendation(for: example.0), example.0)
            }
        }
        /// Examples of the celebration shown: its text and whether confetti flies, or none.
        func celebrates(_ rule: Rule, _ about: String, label: String? = nil, _ list: [ConformanceExample<(Q, String?)>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, list) { implementation, example in
                let expected: NextInSeriesAnswer? = example.1.map { NextInSeriesAnswer(next: .relatedSeries([]), prompt: nil, celebration: $0, confetti: !example.0.reduceMotion) }
                try ensureSame(implementation.recommendation(for: example.0).celebrationShown, expected.celebrationShown, ask(example.0), show: { $0 }, kind: example.1 == nil ? "a celebration too many" : "no celebration, or another")
            }
        }
        let others = [
            SeriesShelf.other("Iron Gold Cycle", by: "Pierce Brown"),
            SeriesShelf.other("red rising saga extras", by: "pierce  brown"),
            SeriesShelf.other("Sons of Ares", by: "Pierce Brown", finished: true),
            SeriesShelf.other("Dune", by: "Frank Herbert"),
        ]
        let fourByTheAuthor = ["Delta", "The Alpha", "charlie", "Bravo Series"].map { SeriesShelf.other($0, by: "Pierce Brown") }
        let finishedRedRising = "You finished Red Rising! 🎉"

        return ConformanceSuite(id: "next-in-series", title: "Next in series", seam: "NextInSeriesRecommending", checks: [
            suggests(R.firstUnreadAfter, "the seed's missing books", [
                ConformanceExample("finished Book 1, missing Books 2-3, own Book 4", (Q.redRising(total: 4, [1: .read, 4: .owned], finished: 1), 2),
                    pins: "seed: \"finished Book 1, missing Books 2-3, own Book 4 ... prioritizes Book 2\""),
                ConformanceExample("the same in a series of six", (Q.redRising(total: 6, [1: .read, 4: .owned], finished: 1), 2),
                    pins: "seed: \"finished Book 1, missing Books 2-3, own Book 4 ... prioritizes Book 2\""),
            ]),

            answers(R.continueWith, "the next book owned", [.next, .prompt], [
                ConformanceExample("Book 1 finished, Book 2 owned",
                    (Q.redRising(total: 6, [1: .read, 2: .owned], finished: 1), NextInSeriesAnswer(next: .continueWith(book: 1, number: 2), prompt: "Continue with Book 2?")),
                    pins: "seed: \"Continue with Book N+1?\""),
                ConformanceExample("Book 2 owned and Book 5 missing: continue with Book 2, not the missing book",
                    (Q.redRising(total: 5, [1: .read, 2: .owned, 3: .owned, 4: .owned], finished: 1), NextInSeriesAnswer(next: .continueWith(book: 1, number: 2), prompt: "Continue with Book 2?")),
                    pins: "seed: \"Given the next book is already owned, when I finish book N\""),
                ConformanceExample("Book 3 of 5 finished, Book 4 owned",
                    (Q.redRising(total: 5, [1: .read, 2: .read, 3: .read, 4: .owned, 5: .owned], finished: 3), NextInSeriesAnswer(next: .continueWith(book: 3, number: 4), prompt: "Continue with Book 4?")),
                    pins: "seed: \"Continue with Book N+1?\""),
            ]),

            answers(R.prompts, "the seed's prompt to add a book the series knows", [.prompt], [
                ConformanceExample("Golden Son on the wishlist",
                    (Q.series(total: 6, [Book(place: SeriesPlace(1), title: "Red Rising", owned: true, read: true), Book(place: SeriesPlace(2), title: "Golden Son", owned: false)], finished: 0),
                     NextInSeriesAnswer(next: .add(number: 2, book: 1), prompt: "Add 'Golden Son (Book 2)' to your library?")),
                    pins: "seed: \"Add 'Golden Son (Book 2)' to your library?\""),
                ConformanceExample("Morning Star on the wishlist",
                    (Q.series(total: 3, [Book(place: SeriesPlace(1), title: "Red Rising", owned: true, read: true), Book(place: SeriesPlace(2), title: "Golden Son", owned: true, read: true), Book(place: SeriesPlace(3), title: "Morning Star", owned: false)], finished: 1),
                     NextInSeriesAnswer(next: .add(number: 3, book: 2), prompt: "Add 'Morning Star (Book 3)' to your library?")),
                    pins: "seed: \"Add 'Golden Son (Book 2)' to your library?\""),
            ]),

            .examples(R.sameAuthor, "the last book finished, other series by the same author and another", [
                ConformanceExample("Iron Gold Cycle by Pierce Brown, Dune by Frank Herbert",
                    Q.redRising(total: 2, [1: .read, 2: .owned], finished: 2, others: [SeriesShelf.other("Iron Gold Cycle", by: "Pierce Brown"), SeriesShelf.other("Dune", by: "Frank Herbert")]),
                    pins: "seed: \"system suggests related series by same author\""),
                ConformanceExample("a series of one book",
                    Q.redRising(total: 1, [1: .owned], finished: 1, others: [SeriesShelf.other("Dune", by: "Frank Herbert"), SeriesShelf.other("Iron Gold Cycle", by: "Pierce Brown")]),
                    pins: "seed: \"system suggests related series by same author\""),
            ]) { implementation, question in
                let answer = implementation.recommendation(for: question)
                guard case let .relatedSeries(names)? = answer?.next else {
                    throw ConformanceViolation("finishing the last book suggests no related series", question: ask(question), model: "related series [\"Iron Gold Cycle\"]", implementation: answer.showing(.all), kind: "no related series")
                }
                try ensure(names.contains("Iron Gold Cycle"), "the unfinished series by the same author is not suggested", question: ask(question), model: "related series [\"Iron Gold Cycle\"]", implementation: "\(names)", kind: "the author's series left out")
                try ensure(!names.contains("Dune"), "a series by another author is suggested", question: ask(question), model: "related series [\"Iron Gold Cycle\"]", implementation: "\(names)", kind: "another author's series")
            },

            celebrates(R.celebration, "the last book read, and a book neither owned nor read", [
                ConformanceExample("the last book read: You finished Red Rising!", (Q.redRising(total: 2, [1: .read, 2: .owned], finished: 2), finishedRedRising),
                    pins: "seed: \"when the last book is marked \"Read,\" I see confetti animation + \"You finished Foundation!\""),
                ConformanceExample("the last of seven read", (Q.redRising(total: 7, [1: .read, 2: .read, 3: .read, 4: .read, 5: .read, 6: .read, 7: .owned], finished: 7), finishedRedRising),
                    pins: "seed: \"Given I complete a series\""),
                ConformanceExample("the last book read, one book neither owned nor read: no celebration", (Q.redRising(total: 3, [1: .read, 3: .owned], finished: 3), nil),
                    pins: "seed: \"Given I complete a series\""),
            ]),

            .examples(R.reducedMotion, "a series completed with Reduce Motion on", [
                ConformanceExample("two books", Q.redRising(total: 2, [1: .read, 2: .owned], finished: 2, reduceMotion: true), pins: "seed: \"Reduced motion: Disable completion confetti\""),
                ConformanceExample("one book", Q.redRising(total: 1, [1: .owned], finished: 1, reduceMotion: true), pins: "seed: \"Reduced motion: Disable completion confetti\""),
            ]) { implementation, question in
                let answer = implementation.recommendation(for: question)
                try ensure(!(answer?.confetti ?? false), "confetti flies although the user reduces motion", question: ask(question), model: "no confetti", implementation: answer.showing(.celebration))
            },

            suggests(R.firstUnreadRule, "unread books after the one finished, owned or not", [
                ConformanceExample("read books after the one finished are passed over", (Q.redRising(total: 4, [1: .read, 2: .read, 3: .read, 4: .owned], finished: 2), 4), pins: "D-104"),
                ConformanceExample("an earlier unread book waits while a later one is unread", (Q.redRising(total: 4, [1: .owned, 2: .read, 3: .owned, 4: .owned], finished: 2), 3), pins: "D-104"),
                ConformanceExample("a missing book before an owned one comes first", (Q.redRising(total: 5, [1: .read, 2: .read, 4: .owned, 5: .owned], finished: 2), 3), pins: "D-104"),
            ]),
            .property(R.firstUnreadRule, "generated series of whole numbers, a book finished", cases: 50, G.question(places: SeriesSuiteGen.wholePlace), describe: { $0.description },
                exercises: { question in G.unreadNumbers(question.series).contains { $0 > question.series.books[question.finished].place.reachedNumber } }) { implementation, question in
                let reached = question.series.books[question.finished].place.reachedNumber
                guard let expected = G.unreadNumbers(question.series).first(where: { $0 > reached }) else { return }
                try G.ensureSuggests(expected, implementation.recommendation(for: question), question)
            },

            suggests(R.skippedBook, "nothing unread after the book finished", [
                ConformanceExample("Book 3 of 3 finished, Book 2 owned and unread", (Q.redRising(total: 3, [1: .read, 2: .owned, 3: .owned], finished: 3), 2), pins: "D-104"),
                ConformanceExample("Book 7 finished with Book 3 missing", (Q.redRising(total: 7, [1: .read, 2: .read, 4: .read, 5: .read, 6: .read, 7: .owned], finished: 7), 3), pins: "D-104"),
                ConformanceExample("Book 3 of 4 read first, Book 4 already read: back to Book 1", (Q.redRising(total: 4, [1: .owned, 2: .owned, 3: .owned, 4: .read], finished: 3), 1), pins: "D-104"),
            ]),
            .property(R.skippedBook, "generated series of whole numbers, a book finished", cases: 50, G.question(places: SeriesSuiteGen.wholePlace), describe: { $0.description },
                exercises: { question in
                    let unread = G.unreadNumbers(question.series)
                    return !unread.isEmpty && !unread.contains { $0 > question.series.books[question.finished].place.reachedNumber }
                }) { implementation, question in
                guard let expected = G.unreadNumbers(question.series).first else { return }
                try G.ensureSuggests(expected, implementation.recommendation(for: question), question)
            },

            answers(R.promptForms, "the three prompts", [.next, .prompt], [
                ConformanceExample("a book the series knows, with its Goodreads marker: added by its title without it",
                    (Q.redRising(total: 6, [1: .read, 2: .wanted], finished: 1), NextInSeriesAnswer(next: .add(number: 2, book: 1), prompt: "Add 'Golden Son (Book 2)' to your library?")),
                    pins: "D-104"),
                ConformanceExample("the next book unknown: add it by number",
                    (Q.redRising(total: 6, [1: .read, 2: .read, 3: .read, 4: .owned], finished: 4), NextInSeriesAnswer(next: .add(number: 5, book: nil), prompt: "Add Book 5?")),
                    pins: "D-104"),
                ConformanceExample("finished Book 1, missing Books 2-3: add Book 2 by number",
                    (Q.redRising(total: 6, [1: .read, 4: .owned], finished: 1), NextInSeriesAnswer(next: .add(number: 2, book: nil), prompt: "Add Book 2?")),
                    pins: "D-104"),
            ]),
            .property(R.promptForms, "generated series of whole numbers, a book finished", cases: 50, G.question(places: SeriesSuiteGen.wholePlace), describe: { $0.description },
                exercises: { !G.unreadNumbers($0.series).isEmpty }) { implementation, question in
                guard let answer = implementation.recommendation(for: question) else { return }
                let books = question.series.books
                let expected: String?
                switch answer.next {
                case let .continueWith(_, number):
                    expected = "Continue with Book \(number)?"
                case let .add(number, book?):
                    try ensure(books.indices.contains(book), "the answer names book \(book), which the series does not have", question: ask(question), implementation: answer.description, kind: "a book the series does not have")
                    expected = "Add '\(SeriesClaim.titleWithoutMarkers(books[book].title)) (Book \(number))' to your library?"
                case let .add(number, nil):
                    expected = "Add Book \(number)?"
                case .relatedSeries:
                    return
                }
                try ensureSame(answer.prompt, expected, "the prompt of \(answer.next): \(ask(question))", kind: "another prompt")
                if case let .add(number, book) = answer.next {
                    let known = books.firstIndex { !$0.owned && $0.place.countedNumbers?.contains(number) == true }
                    try ensure(book == known, "adding Book \(number) does not name the series' wanted book for it", question: ask(question),
                        model: "book \(known.map(String.init) ?? "nil")", implementation: "book \(book.map(String.init) ?? "nil")", kind: "another book to add")
                }
            },

            answers(R.relatedSeries, "the author's other series", [.next, .prompt], [
                ConformanceExample("the unfinished series by Pierce Brown, by name key, alphabetically",
                    (Q.redRising(total: 2, [1: .read, 2: .owned], finished: 2, others: others),
                     NextInSeriesAnswer(next: .relatedSeries(["Iron Gold Cycle", "red rising saga extras"]), prompt: "More series by Pierce Brown: Iron Gold Cycle, red rising saga extras")),
                    pins: "D-104"),
                ConformanceExample("three series by the author: all three",
                    (Q.redRising(total: 1, [1: .owned], finished: 1, others: Array(fourByTheAuthor.prefix(3))),
                     NextInSeriesAnswer(next: .relatedSeries(["The Alpha", "charlie", "Delta"]), prompt: "More series by Pierce Brown: The Alpha, charlie, Delta")),
                    pins: "D-104"),
                ConformanceExample("four series by the author: the first three",
                    (Q.redRising(total: 1, [1: .owned], finished: 1, others: fourByTheAuthor),
                     NextInSeriesAnswer(next: .relatedSeries(["The Alpha", "Bravo Series", "charlie"]), prompt: "More series by Pierce Brown: The Alpha, Bravo Series, charlie")),
                    pins: "D-104"),
                ConformanceExample("no author: no related series",
                    (Q.redRising(total: 1, [1: .owned], finished: 1, others: others, author: nil), NextInSeriesAnswer(next: .relatedSeries([]), prompt: nil)),
                    pins: "D-104"),
                ConformanceExample("the author has no other series",
                    (Q.redRising(total: 1, [1: .owned], finished: 1, others: [SeriesShelf.other("Dune", by: "Frank Herbert")]), NextInSeriesAnswer(next: .relatedSeries([]), prompt: nil)),
                    pins: "D-104"),
            ]),

            celebrates(R.whenCelebrated, "an owned book unread, an unknown total", [
                ConformanceExample("one owned book unread: no celebration", (Q.redRising(total: 3, [1: .read, 2: .owned, 3: .owned], finished: 2), nil), pins: "D-103"),
                ConformanceExample("the last book read first, an earlier one owned and unread: no celebration", (Q.redRising(total: 3, [1: .read, 2: .owned, 3: .owned], finished: 3), nil), pins: "D-103"),
                ConformanceExample("every book placed read, total unknown: no celebration", (Q.redRising(total: nil, [1: .read, 2: .owned], finished: 2), nil), pins: "D-103"),
            ]),
            .property(R.whenCelebrated, "generated series of whole numbers, a book finished", cases: 50, G.question(places: SeriesSuiteGen.wholePlace), describe: { $0.description },
                // A book just marked read: the rule says whether that celebrates, whatever the series.
                exercises: { $0.series.books[$0.finished].read }) { implementation, question in
                let answer = implementation.recommendation(for: question)
                let completed = question.series.totalBooks != nil && G.unreadNumbers(question.series).isEmpty
                let last = SeriesSuiteGen.lastCountedNumber(of: question.series)
                let expected = completed && last > 0 ? "You finished \(question.series.name)! 🎉" : nil
                try ensureSame(answer?.celebration, expected, "the celebration: \(ask(question))", kind: expected == nil ? "a celebration too many" : "no celebration, or another")
                try ensureSame(answer?.confetti ?? false, expected != nil && !question.reduceMotion, "the confetti: \(ask(question))", kind: "confetti")
            },

            answers(R.uncountedPlaces, "prequels and novellas", [.next, .prompt], [
                ConformanceExample("an unread novella after Book 1 is passed over for Book 2",
                    (Q.series(total: 3, [Book(place: SeriesPlace(1), owned: true, read: true), Book(place: SeriesPlace(thousandths: 1_500), title: "Novella", owned: true), Book(place: SeriesPlace(2), title: "Golden Son", owned: true)], finished: 0),
                     NextInSeriesAnswer(next: .continueWith(book: 2, number: 2), prompt: "Continue with Book 2?")),
                    pins: "D-094"),
                ConformanceExample("finishing #2.5 reaches 2: Book 3 is next, not the unread Book 2",
                    (Q.series(total: 3, [Book(place: SeriesPlace(1), owned: true, read: true), Book(place: SeriesPlace(2), owned: true), Book(place: SeriesPlace(thousandths: 2_500), owned: true, read: true), Book(place: SeriesPlace(3), owned: true)], finished: 2),
                     NextInSeriesAnswer(next: .continueWith(book: 3, number: 3), prompt: "Continue with Book 3?")),
                    pins: "D-094"),
                ConformanceExample("a series of novellas only: no suggestion",
                    (Q.series(total: nil, [Book(place: SeriesPlace(thousandths: 500), owned: true, read: true), Book(place: SeriesPlace(thousandths: 1_500), owned: true)], finished: 0), nil),
                    pins: "D-094"),
            ]),
            celebrates(R.uncountedPlaces, "an unread prequel", label: "SERIESNEXT-06.examples.celebration", [
                ConformanceExample("an unread prequel does not hold back the celebration",
                    (Q.series(total: 1, [Book(place: SeriesPlace(0), owned: true), Book(place: SeriesPlace(1), owned: true, read: true)], finished: 1, author: nil), finishedRedRising),
                    pins: "D-094"),
            ]),

            answers(R.omnibus, "omnibus editions", [.next, .prompt], [
                ConformanceExample("finishing the omnibus #1-3 reaches 3: Book 4 is next",
                    (Q.series(total: 4, [Book(place: SeriesPlace(omnibus: 1...3), owned: true, read: true), Book(place: SeriesPlace(4), owned: true)], finished: 0),
                     NextInSeriesAnswer(next: .continueWith(book: 1, number: 4), prompt: "Continue with Book 4?")),
                    pins: "D-095"),
                ConformanceExample("a wanted omnibus covering the next book: add it by its title",
                    (Q.series(total: 4, [Book(place: SeriesPlace(1), title: "Red Rising", owned: true, read: true), Book(place: SeriesPlace(omnibus: 2...4), title: "The Rest (Red Rising Saga, #2-4)", owned: false)], finished: 0),
                     NextInSeriesAnswer(next: .add(number: 2, book: 1), prompt: "Add 'The Rest (Book 2)' to your library?")),
                    pins: "D-095"),
            ]),

            .differential(R.sameAsModel, "generated series, a book finished, other series", cases: 100, G.question(), describe: { $0.description },
                question: ask, model: model.recommendation(for:), implementation: { $0.recommendation(for: $1) }, show: { $0.map(\.description) ?? "nil" }),
        ])
    }
}

/// The generators and simple models of the next-in-series suite.
enum NextInSeriesSuiteGen {
    /// Names of other series, each with its own name key, none the key of "Red Rising".
    static let otherNames = ["Alpha", "The Beta", "gamma", "Delta Series", "Epsilon"]
    /// Authors whose names share a key, another author, and none.
    static let authors: [String?] = ["Pierce Brown", "pierce  brown", "Frank Herbert", nil]

    /// A series of 1 to 8 books at `places` with one just finished, 0 to 5 other series by the same or
    /// other authors.
    static func question(places: Gen<SeriesPlace> = SeriesSuiteGen.place) -> Gen<NextInSeriesQuestion> {
        let author = Gen<String?>.element(of: authors)
        let series = Gen<(String?, Bool)>.zip(author, Gen<Bool>.bool(probability: 0.3)).flatMap { author, read in
            SeriesSuiteGen.shelf(name: "Red Rising", author: author, count: 1...8, places: places).map { read ? completed($0) : $0 }
        }
        let finished = series.flatMap { shelf in Gen<Int>.int(in: 0...(shelf.books.count - 1)).map { (shelf, $0) } }
        let other = Gen<(String?, SeriesShelf, Bool)>.zip(author, SeriesSuiteGen.shelf(count: 0...3), Gen<Bool>.bool(probability: 0.3)).map { author, shelf, read in
            (author, read ? completed(shelf) : shelf)
        }
        let others = Gen<(String?, SeriesShelf)>.array(of: other, count: 0...otherNames.count).map { drawn in
            zip(otherNames, drawn).map { name, pair in SeriesShelf(name: name, author: pair.0, totalBooks: pair.1.totalBooks, books: pair.1.books) }
        }
        return Gen<((SeriesShelf, Int), [SeriesShelf], Bool)>.zip(finished, others, Gen<Bool>.bool(probability: 0.2)).map { pair, others, reduceMotion in
            var shelf = pair.0
            let book = shelf.books[pair.1]
            shelf.books[pair.1] = SeriesShelf.Book(place: book.place, title: book.title, owned: true, read: true)
            return NextInSeriesQuestion(series: shelf, finished: pair.1, otherSeries: others, reduceMotion: reduceMotion)
        }
    }

    /// The series with every book read and a read book at each counted number no book covered, so
    /// that it is completed when its total is known.
    static func completed(_ shelf: SeriesShelf) -> SeriesShelf {
        let covered = Set(SeriesSuiteGen.coveredNumbers(in: shelf) { _ in true })
        let last = SeriesSuiteGen.lastCountedNumber(of: shelf)
        let added = (0..<last).map { $0 + 1 }.filter { !covered.contains($0) }.map { SeriesShelf.Book(place: SeriesPlace($0), title: "Book \($0)", owned: true, read: true) }
        let books = (shelf.books.map { SeriesShelf.Book(place: $0.place, title: $0.title, owned: true, read: true) } + added).sorted { $0.place < $1.place }
        return SeriesShelf(name: shelf.name, author: shelf.author, totalBooks: shelf.totalBooks, books: books)
    }

    /// The counted numbers 1 through the last that no read book covers, ascending.
    static func unreadNumbers(_ shelf: SeriesShelf) -> [Int] {
        let last = SeriesSuiteGen.lastCountedNumber(of: shelf)
        let read = Set(SeriesSuiteGen.coveredNumbers(in: shelf) { $0.read })
        return last == 0 ? [] : (1...last).filter { !read.contains($0) }
    }

    /// Fails unless `answer` suggests book `number`: continuing with an owned unread book covering it,
    /// or adding it when no owned book covers it.
    static func ensureSuggests(_ number: Int, _ answer: NextInSeriesAnswer?, _ question: NextInSeriesQuestion) throws(ConformanceViolation) {
        let books = question.series.books
        let asked = "recommendation(for: \(question))"
        let shown = answer.map(\.description) ?? "nil"
        switch answer?.next {
        case let .continueWith(book, suggested)?:
            try ensure(suggested == number, "the suggestion is not Book \(number)", question: asked, model: "Book \(number)", implementation: shown, kind: "another book suggested")
            try ensure(books.indices.contains(book) && books[book].owned && !books[book].read && books[book].place.countedNumbers?.contains(number) == true,
                "the book to continue with is not an owned, unread book covering \(number)", question: asked, model: "Book \(number)", implementation: shown, kind: "a book to continue that is not owned and unread")
        case let .add(suggested, _)?:
            try ensure(suggested == number, "the suggestion is not Book \(number)", question: asked, model: "Book \(number)", implementation: shown, kind: "another book suggested")
            try ensure(!books.contains { $0.owned && $0.place.countedNumbers?.contains(number) == true },
                "the suggestion adds Book \(number), which is owned", question: asked, model: "continue with Book \(number)", implementation: shown, kind: "an owned book to add")
        case .relatedSeries?, nil:
            throw ConformanceViolation("Book \(number) is unread, yet no book is suggested", question: asked, model: "Book \(number)", implementation: shown, kind: "no book suggested")
        }
    }
}
