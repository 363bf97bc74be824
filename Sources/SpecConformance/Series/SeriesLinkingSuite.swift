import Generators
import SpecModel

/// One step the linking suite takes.
enum LinkingStep: Hashable, Sendable, CustomStringConvertible {
    case add(SeriesLibraryBook)
    case detect(String, SeriesMetadata)
    case edit(SeriesUserEdit)
    case deleteBook(String)

    /// A book added and detected at once.
    static func book(_ key: String, _ title: String, by author: String? = nil, _ metadata: SeriesMetadata = .none) -> [LinkingStep] {
        [.add(SeriesLibraryBook(key: key, title: title, author: author)), .detect(key, metadata)]
    }

    static func openLibrary(_ key: String, _ strings: String...) -> LinkingStep {
        .detect(key, SeriesMetadata(openLibrary: strings))
    }

    static func google(_ key: String, _ id: String, _ number: Int, name: String? = nil, total: Int? = nil) -> LinkingStep {
        .detect(key, SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: id, orderNumber: number, seriesName: name, totalBooks: total)]))
    }

    /// Takes the step; returns the edit's answer for an edit.
    func run<Library: SeriesLinking>(on library: inout Library) -> Bool? {
        switch self {
        case let .add(book): library.addBook(book)
        case let .detect(key, metadata): library.detectAndLink(key, metadata: metadata)
        case let .edit(edit): return library.apply(edit)
        case let .deleteBook(key): library.deleteBook(key)
        }
        return nil
    }

    var description: String {
        switch self {
        case let .add(book): return "add \(book)"
        case let .detect(key, metadata): return "detect \(key) with \(SeriesSources.describe(metadata))"
        case let .edit(edit): return edit.description
        case let .deleteBook(key): return "delete book \(key)"
        }
    }
}

/// A fixed sequence of steps, the edits' answers and the library it must leave.
/// What a linking check compares, besides each series' name.
struct LinkingAspects: OptionSet, Sendable {
    let rawValue: Int
    /// Each series' books and their places.
    static let books = LinkingAspects(rawValue: 1)
    static let totals = LinkingAspects(rawValue: 2)
    static let authors = LinkingAspects(rawValue: 4)
    static let sources = LinkingAspects(rawValue: 8)
    /// Whether each edit was applied or refused.
    static let answers = LinkingAspects(rawValue: 16)
    /// Everything a series shows.
    static let series: LinkingAspects = [.books, .totals, .authors, .sources]
}

extension [LinkedSeries] {
    /// The series with only `aspects` kept beside their names, normalized.
    func keeping(_ aspects: LinkingAspects) -> [LinkedSeries] {
        map {
            LinkedSeries(
                name: $0.name, totalBooks: aspects.contains(.totals) ? $0.totalBooks : nil, author: aspects.contains(.authors) ? $0.author : nil,
                source: aspects.contains(.sources) ? $0.source : .manual, books: aspects.contains(.books) ? $0.books : []
            )
        }.normalized
    }
}

/// A fixed sequence of steps, the edits' answers and the library it must leave.
struct LinkingScript: Sendable, CustomStringConvertible {
    var steps: [LinkingStep]
    /// The answers of the edits, in order.
    var applied: [Bool]
    var library: [LinkedSeries]

    init(_ steps: [[LinkingStep]], applied: [Bool] = [], _ library: [LinkedSeries]) {
        self.steps = steps.flatMap { $0 }
        self.applied = applied
        self.library = library
    }

    var description: String { steps.map(\.description).joined(separator: "; ") }
}

extension ConformanceSuite where Implementation: SeriesLinking {
    /// The series linking suite: creating and linking by ID, by name and by name key, the user's
    /// places, removals, deletions and renames sticking, refused edits on both sides of their limits,
    /// no false positives, series outliving their books, dual assignment and drag-to-reorder, reading
    /// order, and the model's library after generated sequences of detections and edits.
    public static var seriesLinking: ConformanceSuite {
        typealias R = SeriesLinkingRules
        typealias S = LinkingStep
        typealias L = LinkedSeries
        let shown = { (library: [LinkedSeries]) in library.map(\.description).joined(separator: "; ") }
        /// Runs the script; compares the edits' answers when `aspects` has `.answers`, and the library on `aspects`.
        func script(_ rule: Rule, _ about: String, _ aspects: LinkingAspects, _ list: [ConformanceExample<LinkingScript>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { implementation, script in
                var answers: [Bool] = []
                for step in script.steps {
                    if let answer = step.run(on: &implementation) { answers.append(answer) }
                }
                if aspects.contains(.answers) {
                    try ensureSame(answers, script.applied, "the edits' answers after \(script)", kind: "an edit applied or refused otherwise")
                }
                try ensureSame(implementation.allSeries().keeping(aspects), script.library.keeping(aspects), "allSeries() after \(script)", show: shown)
            }
        }
        func at(_ book: String, _ place: SeriesPlace) -> LinkedBook { LinkedBook(book: book, place: place) }
        func at(_ book: String, _ number: Int) -> LinkedBook { LinkedBook(book: book, place: SeriesPlace(number)) }
        let longName = String(repeating: "n", count: SeriesName.utf8BytesMax)
        /// Books added to "The Expanse" by hand at `numbers`.
        func expanse(_ keys: [String], at numbers: [Int]) -> [[LinkingStep]] {
            zip(keys, numbers).map { key, number in
                [S.add(SeriesLibraryBook(key: key, title: "Expanse \(number)")), S.edit(.assign(book: key, series: "The Expanse", place: SeriesPlace(number)))]
            }
        }
        let harryPotter = ["Sorcerer's Stone", "Chamber of Secrets", "Prisoner of Azkaban", "Goblet of Fire", "Order of the Phoenix", "Half-Blood Prince", "Deathly Hallows"]

        return ConformanceSuite(id: "series-linking", title: "Series linking", seam: "SeriesLinking", checks: [
            script(R.createsSeries, "the first book of a series", [.books, .totals, .sources], [
                ConformanceExample("Harry Potter (7 books)", LinkingScript([
                    S.book("b1", "Harry Potter and the Sorcerer's Stone", by: "J.K. Rowling", SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "HP", orderNumber: 1, seriesName: "Harry Potter", totalBooks: 7)])),
                ], [L(name: "Harry Potter", totalBooks: 7, source: .autoDetected, books: [at("b1", 1)])]), pins: "seed: \"auto-assigned to \"Harry Potter (7 books)\" series\""),
                ConformanceExample("Foundation #1 from OpenLibrary, total unknown", LinkingScript([
                    S.book("b1", "Foundation", by: "Isaac Asimov", SeriesMetadata(openLibrary: ["Foundation #1"])),
                ], [L(name: "Foundation", source: .autoDetected, books: [at("b1", 1)])]), pins: "seed: \"Real device: Add Foundation Book 1, verify auto-detection\""),
            ]),

            script(R.sameSeries, "later books of a series", [.books], [
                ConformanceExample("by the same name", LinkingScript([
                    S.book("b1", "Foundation", SeriesMetadata(openLibrary: ["Foundation #1"])),
                    S.book("b2", "Foundation and Empire", SeriesMetadata(openLibrary: ["Foundation #2"])),
                ], [L(name: "Foundation", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "seed: \"Link Book to Existing Series\""),
                ConformanceExample("by Google Books ID under another name", LinkingScript([
                    [S.add(SeriesLibraryBook(key: "b1", title: "The Colour of Magic")), S.google("b1", "GB1", 1, name: "Discworld")],
                    [S.add(SeriesLibraryBook(key: "b2", title: "The Light Fantastic")), S.google("b2", "GB1", 2, name: "Discworld (Rincewind)")],
                ], [L(name: "Discworld", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "seed: \"Link Book to Existing Series\""),
                ConformanceExample("Harry Potter Book 1, then Books 2-7", LinkingScript(
                    harryPotter.indices.map { index in
                        S.book("b\(index + 1)", harryPotter[index], SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "HP", orderNumber: index + 1, seriesName: "Harry Potter", totalBooks: 7)]))
                    },
                    [L(name: "Harry Potter", totalBooks: 7, source: .autoDetected, books: harryPotter.indices.map { at("b\($0 + 1)", $0 + 1) })]),
                    pins: "seed: \"Add Harry Potter Book 1 → Series auto-created → Add Books 2-7 → Series shows 7/7\""),
            ]),

            script(R.linksExisting, "later books naming the series by another spelling, and manual series", [.books, .totals, .sources], [
                ConformanceExample("by a name with the same key", LinkingScript([
                    S.book("b1", "Leviathan Wakes", SeriesMetadata(openLibrary: ["The Expanse #1"])),
                    S.book("b2", "Caliban's War", SeriesMetadata(openLibrary: ["expanse series #2"])),
                ], [L(name: "The Expanse", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "D-098"),
                ConformanceExample("a manual series of the same name keeps its name, source and total and adopts the ID", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: 7))],
                    [S.add(SeriesLibraryBook(key: "b1", title: "Foundation", author: "Isaac Asimov")), S.google("b1", "F", 1, name: "The Foundation Series", total: 8)],
                    [S.add(SeriesLibraryBook(key: "b2", title: "Foundation and Empire")), S.google("b2", "F", 2)],
                ], applied: [true], [L(name: "Foundation", totalBooks: 7, source: .manual, books: [at("b1", 1), at("b2", 2)])]),
                    pins: "D-098"),
            ]),

            script(R.everySource, "the title's marker and a Google Books entry named once", [.books], [
                ConformanceExample("from the title's marker", LinkingScript([
                    S.book("b1", "Leviathan Wakes (The Expanse, #1)", by: "James S. A. Corey"),
                    S.book("b2", "Caliban's War (The Expanse, #2)"),
                ], [L(name: "The Expanse", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "D-096"),
                ConformanceExample("an unnamed Google Books entry named once, then found by its ID", LinkingScript([
                    [S.add(SeriesLibraryBook(key: "b1", title: "Dune (Dune Chronicles, #1)")), S.google("b1", "DUNE", 1)],
                    [S.add(SeriesLibraryBook(key: "b2", title: "Dune Messiah")), S.google("b2", "DUNE", 2)],
                ], [L(name: "Dune Chronicles", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "D-096"),
            ]),

            script(R.twoSeries, "a book in two series", [.books, .answers], [
                ConformanceExample("a book named in two series joins both", LinkingScript([
                    S.book("b1", "The Hobbit", by: "J.R.R. Tolkien", SeriesMetadata(openLibrary: ["Middle-earth #1", "Tolkien Juniors #1"])),
                ], [L(name: "Middle-earth", source: .autoDetected, books: [at("b1", 1)]), L(name: "Tolkien Juniors", source: .autoDetected, books: [at("b1", 1)])]),
                    pins: "D-097"),
                ConformanceExample("a book assigned twice to one series is there once", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: 3)), S.add(SeriesLibraryBook(key: "b1", title: "Second Foundation")),
                     S.edit(.assign(book: "b1", series: "Foundation", place: SeriesPlace(3))), S.edit(.assign(book: "b1", series: "Foundation", place: SeriesPlace(2)))],
                ], applied: [true, true, false], [L(name: "Foundation", source: .manual, books: [at("b1", 3)])]), pins: "D-097"),
            ]),

            script(R.author, "the author of a series", [.authors], [
                ConformanceExample("the first book's first author", LinkingScript([
                    S.book("b1", "Harry Potter and the Sorcerer's Stone", by: "J.K. Rowling", SeriesMetadata(openLibrary: ["Harry Potter #1"])),
                ], [L(name: "Harry Potter", author: "J.K. Rowling", source: .autoDetected)]), pins: "D-098"),
                ConformanceExample("a book without an author, then one with", LinkingScript([
                    S.book("b1", "Dune", SeriesMetadata(openLibrary: ["Dune Chronicles #1"])),
                    S.book("b2", "Dune Messiah", by: "Frank Herbert", SeriesMetadata(openLibrary: ["Dune Chronicles #2"])),
                ], [L(name: "Dune Chronicles", author: "Frank Herbert", source: .autoDetected)]), pins: "D-098"),
                ConformanceExample("a book without an author leaves it unknown", LinkingScript([
                    S.book("b1", "The Lord of the Rings", SeriesMetadata(openLibrary: ["The Lord of the Rings #1"])),
                ], [L(name: "The Lord of the Rings", source: .autoDetected)]), pins: "D-098"),
                ConformanceExample("a later book's author does not replace it", LinkingScript([
                    S.book("b1", "Leviathan Wakes", by: "James S. A. Corey", SeriesMetadata(openLibrary: ["The Expanse #1"])),
                    S.book("b2", "Caliban's War", by: "Daniel Abraham", SeriesMetadata(openLibrary: ["The Expanse #2"])),
                ], [L(name: "The Expanse", author: "James S. A. Corey", source: .autoDetected)]), pins: "D-098"),
                ConformanceExample("a manual series takes the author of the first book detected in it", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: 7))],
                    S.book("b1", "Foundation", by: "Isaac Asimov", SeriesMetadata(openLibrary: ["Foundation #1"])),
                ], applied: [true], [L(name: "Foundation", author: "Isaac Asimov", source: .manual)]), pins: "D-098"),
            ]),

            script(R.totals, "books at, past and one past a series' total", [.books, .totals, .answers], [
                ConformanceExample("detection past the total raises it", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: 3))],
                    S.book("b1", "Foundation's Edge", SeriesMetadata(openLibrary: ["Foundation #4"])),
                ], applied: [true], [L(name: "Foundation", totalBooks: 4, source: .manual, books: [at("b1", 4)])]), pins: "D-103"),
                ConformanceExample("detection at the total leaves it", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: 3))],
                    S.book("b1", "Second Foundation", SeriesMetadata(openLibrary: ["Foundation #3"])),
                ], applied: [true], [L(name: "Foundation", totalBooks: 3, source: .manual, books: [at("b1", 3)])]), pins: "D-103"),
                ConformanceExample("assigning by hand at the total, and one past it", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: 3)), S.add(SeriesLibraryBook(key: "b1", title: "Foundation's Edge")), S.add(SeriesLibraryBook(key: "b2", title: "Second Foundation")),
                     S.edit(.assign(book: "b1", series: "Foundation", place: SeriesPlace(4))), S.edit(.assign(book: "b2", series: "Foundation", place: SeriesPlace(3)))],
                ], applied: [true, false, true], [L(name: "Foundation", totalBooks: 3, source: .manual, books: [at("b2", 3)])]), pins: "D-103"),
            ]),

            script(R.keepsPlace, "books already in the series", [.books], [
                ConformanceExample("the user's place wins over the metadata's", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: nil)), S.add(SeriesLibraryBook(key: "b1", title: "Foundation")), S.edit(.assign(book: "b1", series: "Foundation", place: SeriesPlace(3)))],
                    [S.openLibrary("b1", "Foundation #1")],
                ], applied: [true, true], [L(name: "Foundation", source: .manual, books: [at("b1", 3)])]), pins: "D-098"),
                ConformanceExample("a second detection keeps the first place", LinkingScript([
                    S.book("b1", "Foundation", SeriesMetadata(openLibrary: ["Foundation #1"])),
                    [S.openLibrary("b1", "Foundation #2")],
                ], [L(name: "Foundation", source: .autoDetected, books: [at("b1", 1)])]), pins: "D-098"),
            ]),

            script(R.removalSticks, "books the user removed", [.books, .answers], [
                ConformanceExample("detection does not put a removed book back", LinkingScript([
                    S.book("b1", "Foundation", SeriesMetadata(openLibrary: ["Foundation #1"])),
                    [S.edit(.remove(book: "b1", series: "Foundation")), S.openLibrary("b1", "Foundation #1")],
                ], applied: [true], [L(name: "Foundation", source: .autoDetected)]), pins: "D-099"),
                ConformanceExample("assigning it by hand lets detection keep it", LinkingScript([
                    S.book("b1", "Foundation", SeriesMetadata(openLibrary: ["Foundation #1"])),
                    [S.edit(.remove(book: "b1", series: "Foundation")), S.edit(.assign(book: "b1", series: "Foundation", place: SeriesPlace(1))), S.openLibrary("b1", "Foundation #2")],
                ], applied: [true, true], [L(name: "Foundation", source: .autoDetected, books: [at("b1", 1)])]), pins: "D-099"),
                ConformanceExample("removing a book not in the series is refused", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: nil)), S.add(SeriesLibraryBook(key: "b1", title: "Dune")), S.edit(.remove(book: "b1", series: "Foundation"))],
                ], applied: [true, false], [L(name: "Foundation", source: .manual)]), pins: "D-099"),
            ]),

            script(R.deletingKeepsBooks, "deleting a series", [.books, .answers], [
                ConformanceExample("a manual series deleted: its book is assigned elsewhere", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: nil)), S.add(SeriesLibraryBook(key: "b1", title: "Foundation")), S.edit(.assign(book: "b1", series: "Foundation", place: SeriesPlace(1)))],
                    [S.edit(.delete(series: "Foundation")), S.edit(.create(name: "Galactic Empire", totalBooks: nil)), S.edit(.assign(book: "b1", series: "Galactic Empire", place: SeriesPlace(1)))],
                ], applied: [true, true, true, true, true], [L(name: "Galactic Empire", source: .manual, books: [at("b1", 1)])]),
                    pins: "seed: \"Edge case: Given I delete a manual series, books remain in library (only series grouping removed)\""),
                ConformanceExample("a detected series deleted: its book is detected elsewhere", LinkingScript([
                    S.book("b1", "Foundation", SeriesMetadata(openLibrary: ["Foundation #1"])),
                    [S.edit(.delete(series: "Foundation")), S.openLibrary("b1", "Galactic Empire #1")],
                ], applied: [true], [L(name: "Galactic Empire", source: .autoDetected, books: [at("b1", 1)])]), pins: "seed: \"Cascade: Remove series links, preserve book data\""),
            ]),

            script(R.deletionSticks, "series the user deleted", [.books, .answers], [
                ConformanceExample("not recreated by name nor by Google Books ID", LinkingScript([
                    [S.add(SeriesLibraryBook(key: "b1", title: "Foundation")), S.google("b1", "F", 1, name: "Foundation"), S.edit(.delete(series: "Foundation"))],
                    S.book("b2", "Foundation and Empire", SeriesMetadata(openLibrary: ["Foundation #2"])),
                    [S.google("b2", "F", 2, name: "Asimov's Foundation")],
                ], applied: [true], []), pins: "D-099"),
                ConformanceExample("created again by hand, detection uses it", LinkingScript([
                    [S.add(SeriesLibraryBook(key: "b1", title: "Foundation")), S.google("b1", "F", 1, name: "Foundation"), S.edit(.delete(series: "Foundation"))],
                    [S.edit(.create(name: "foundation", totalBooks: nil))],
                    S.book("b2", "Foundation and Empire", SeriesMetadata(openLibrary: ["Foundation #2"])),
                ], applied: [true, true], [L(name: "foundation", source: .manual, books: [at("b2", 2)])]), pins: "D-099"),
            ]),

            script(R.renameSticks, "series the user renamed", [.books, .answers], [
                ConformanceExample("HP still collects Harry Potter #2", LinkingScript([
                    S.book("b1", "Philosopher's Stone", SeriesMetadata(openLibrary: ["Harry Potter #1"])),
                    [S.edit(.rename(series: "Harry Potter", to: "HP"))],
                    S.book("b2", "Chamber of Secrets", SeriesMetadata(openLibrary: ["Harry Potter #2"])),
                ], applied: [true], [L(name: "HP", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "D-099"),
                ConformanceExample("renamed twice, the first name still counts", LinkingScript([
                    S.book("b1", "Philosopher's Stone", SeriesMetadata(openLibrary: ["Harry Potter #1"])),
                    [S.edit(.rename(series: "Harry Potter", to: "HP")), S.edit(.rename(series: "HP", to: "Potter Books"))],
                    S.book("b2", "Chamber of Secrets", SeriesMetadata(openLibrary: ["Harry Potter #2"])),
                ], applied: [true, true], [L(name: "Potter Books", source: .autoDetected, books: [at("b1", 1), at("b2", 2)])]), pins: "D-099"),
            ]),

            script(R.refusedEdits, "names whose key another series has or had", [.books, .answers], [
                ConformanceExample("one series per name key", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: nil)), S.edit(.create(name: "the foundation", totalBooks: nil)), S.edit(.create(name: "Foundations", totalBooks: nil)),
                     S.edit(.rename(series: "Foundations", to: "FOUNDATION series"))],
                ], applied: [true, false, true, false], [L(name: "Foundation", source: .manual), L(name: "Foundations", source: .manual)]), pins: "D-098"),
                ConformanceExample("a name a series had before a rename", LinkingScript([
                    S.book("b1", "Philosopher's Stone", SeriesMetadata(openLibrary: ["Harry Potter #1"])),
                    [S.edit(.rename(series: "Harry Potter", to: "HP")), S.edit(.create(name: "Harry Potter", totalBooks: nil))],
                ], applied: [true, false], [L(name: "HP", source: .autoDetected, books: [at("b1", 1)])]), pins: "D-098"),
            ]),

            script(R.limits, "names and totals on both sides of their limits", [.totals, .answers], [
                ConformanceExample("names of 200 and 201 bytes", LinkingScript([
                    [S.edit(.create(name: longName, totalBooks: nil)), S.edit(.create(name: "m" + longName, totalBooks: nil))],
                ], applied: [true, false], [L(name: longName, source: .manual)]), pins: "D-106"),
                ConformanceExample("totals of 0, 1, 9999 and 10000", LinkingScript([
                    [S.edit(.create(name: "A", totalBooks: 0)), S.edit(.create(name: "B", totalBooks: 1)), S.edit(.create(name: "C", totalBooks: 9_999)), S.edit(.create(name: "D", totalBooks: 10_000))],
                ], applied: [false, true, true, false], [L(name: "B", totalBooks: 1, source: .manual), L(name: "C", totalBooks: 9_999, source: .manual)]), pins: "D-106"),
            ]),

            script(R.cleanedNames, "names with stray spaces and of punctuation", [.answers], [
                ConformanceExample("a name of punctuation is refused", LinkingScript([
                    [S.edit(.create(name: " ?! ", totalBooks: nil)), S.edit(.create(name: "The Expanse", totalBooks: nil)), S.edit(.rename(series: "The Expanse", to: "..."))],
                ], applied: [false, true, false], [L(name: "The Expanse", source: .manual)]), pins: "D-170"),
                ConformanceExample("a name is trimmed and its spaces collapsed", LinkingScript([
                    [S.edit(.create(name: "  The   Expanse ", totalBooks: nil))],
                ], applied: [true], [L(name: "The Expanse", source: .manual)]), pins: "D-170"),
            ]),

            script(R.noFalsePositives, "books without series data beside series of similar names", .series, [
                ConformanceExample("The Hobbit joins nothing", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: nil)), S.edit(.create(name: "Middle-earth", totalBooks: nil))],
                    S.book("b1", "The Hobbit", by: "J.R.R. Tolkien"),
                ], applied: [true, true], [L(name: "Foundation", source: .manual), L(name: "Middle-earth", source: .manual)]),
                    pins: "seed: \"Edge case: Given \"The Hobbit\" (technically part of Middle-earth legendarium), system respects Google Books classification (standalone vs series)\""),
                ConformanceExample("a book titled like a series, with a malformed entry, joins nothing", LinkingScript([
                    [S.edit(.create(name: "Foundation", totalBooks: nil))],
                    S.book("b1", "Foundation", by: "Isaac Asimov", SeriesMetadata(openLibrary: ["Foundation Book 1"])),
                ], applied: [true], [L(name: "Foundation", source: .manual)]), pins: "seed: \"no false positives\""),
            ]),
            .property(R.noFalsePositives, "generated books without series data, beside series named Foundation and Series", cases: 40, SeriesDetectionSuiteGen.withoutSeriesData, describe: { $0.description },
                exercises: SeriesDetectionSuiteGen.titleWithoutHash) { implementation, sources in
                var steps: [LinkingStep] = [.edit(.create(name: "Foundation", totalBooks: nil)), .edit(.create(name: "Series", totalBooks: nil))]
                steps += LinkingStep.book("b1", sources.title, by: "Isaac Asimov", sources.metadata)
                for step in steps.prefix(2) { _ = step.run(on: &implementation) }
                let before = implementation.allSeries().normalized
                for step in steps.dropFirst(2) { _ = step.run(on: &implementation) }
                try ensureSame(implementation.allSeries().normalized, before, "allSeries() after adding and detecting \(sources)", show: shown)
            },

            script(R.seriesOutliveBooks, "every book deleted, as a library reset deletes them", [], [
                ConformanceExample("a manual series and a detected one", LinkingScript([
                    [S.edit(.create(name: "The Expanse", totalBooks: 9)), S.add(SeriesLibraryBook(key: "b1", title: "Leviathan Wakes")),
                     S.edit(.assign(book: "b1", series: "The Expanse", place: SeriesPlace(1)))],
                    S.book("b2", "Dune", by: "Frank Herbert", SeriesMetadata(openLibrary: ["Dune Chronicles #1"])),
                    [S.deleteBook("b1"), S.deleteBook("b2")],
                ], applied: [true, true], [L(name: "The Expanse", source: .manual), L(name: "Dune Chronicles", source: .autoDetected)]),
                    pins: "seed: \"Series persists across library resets (separate entity)\""),
                ConformanceExample("a detected series and its only book", LinkingScript([
                    S.book("b1", "Harry Potter and the Sorcerer's Stone", SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "HP", orderNumber: 1, seriesName: "Harry Potter", totalBooks: 7)])),
                    [S.deleteBook("b1")],
                ], [L(name: "Harry Potter", source: .autoDetected)]), pins: "seed: \"Library reset: Series persist after reset (separate table)\""),
            ]),

            script(R.booksLeave, "books deleted, then added again", [.books, .totals, .authors], [
                ConformanceExample("the series stays, its book goes and comes back", LinkingScript([
                    S.book("b1", "Leviathan Wakes", by: "James S. A. Corey", SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "EX", orderNumber: 1, seriesName: "The Expanse", totalBooks: 9)])),
                    S.book("b2", "Caliban's War", by: "James S. A. Corey", SeriesMetadata(openLibrary: ["The Expanse #2"])),
                    [S.deleteBook("b1"), S.deleteBook("b2")],
                    S.book("b3", "Leviathan Wakes", SeriesMetadata(openLibrary: ["The Expanse #1"])),
                ], [L(name: "The Expanse", totalBooks: 9, author: "James S. A. Corey", source: .autoDetected, books: [at("b3", 1)])]), pins: "D-100"),
                ConformanceExample("a detected series left without books keeps its author", LinkingScript([
                    S.book("b1", "Dune", by: "Frank Herbert", SeriesMetadata(openLibrary: ["Dune Chronicles #1"])),
                    [S.deleteBook("b1")],
                ], [L(name: "Dune Chronicles", author: "Frank Herbert", source: .autoDetected)]), pins: "D-100"),
                ConformanceExample("one book of two deleted", LinkingScript([
                    S.book("b1", "Leviathan Wakes", SeriesMetadata(openLibrary: ["The Expanse #1"])),
                    S.book("b2", "Caliban's War", SeriesMetadata(openLibrary: ["The Expanse #2"])),
                    [S.deleteBook("b1")],
                ], [L(name: "The Expanse", source: .autoDetected, books: [at("b2", 2)])]), pins: "D-100"),
            ]),

            script(R.dualAssignment, "one book assigned to two series by hand", [.books, .answers], [
                ConformanceExample("The Hobbit in Middle-earth and Standalone", LinkingScript([
                    [S.edit(.create(name: "Middle-earth", totalBooks: nil)), S.edit(.create(name: "Standalone", totalBooks: 1)), S.add(SeriesLibraryBook(key: "b1", title: "The Hobbit")),
                     S.edit(.assign(book: "b1", series: "Middle-earth", place: SeriesPlace(1))), S.edit(.assign(book: "b1", series: "Standalone", place: SeriesPlace(1)))],
                ], applied: [true, true, true, true], [L(name: "Middle-earth", source: .manual, books: [at("b1", 1)]), L(name: "Standalone", totalBooks: 1, source: .manual, books: [at("b1", 1)])]),
                    pins: "seed: \"system allows dual assignment\""),
            ]),

            .examples(R.dragToReorder, "a manual series dragged into a new order", [
                ConformanceExample("The Expanse (9 books), three books dragged", (["b1", "b2", "b3"], ["b3", "b1", "b2"]), pins: "seed: \"I can drag-to-reorder reading sequence\""),
                ConformanceExample("five books, the last dragged first", (["b1", "b2", "b3", "b4", "b5"], ["b5", "b1", "b2", "b3", "b4"]), pins: "seed: \"Manually create series, add 5 books, verify drag-to-reorder works\""),
                ConformanceExample("five books reversed", (["b1", "b2", "b3", "b4", "b5"], ["b5", "b4", "b3", "b2", "b1"]), pins: "seed: \"drag-to-reorder reading sequence\""),
            ]) { implementation, example in
                let steps = [S.edit(.create(name: "The Expanse", totalBooks: 9))] + expanse(example.0, at: Array(1...example.0.count)).flatMap { $0 }
                let script = (steps + [S.edit(.reorder(series: "The Expanse", books: example.1))]).map(\.description).joined(separator: "; ")
                var answers: [Bool] = []
                for step in steps { if let answer = step.run(on: &implementation) { answers.append(answer) } }
                let applied = S.edit(.reorder(series: "The Expanse", books: example.1)).run(on: &implementation) ?? false
                let order = implementation.allSeries().first { $0.name == "The Expanse" }?.books.map(\.book)
                try ensure(applied, "the drag was refused", question: "reorder after \(script)", model: "applied", implementation: "refused", kind: "the drag refused")
                try ensureSame(order, example.1, "the reading sequence of \"The Expanse\" after \(script)", show: { $0.map { "\($0)" } ?? "no such series" }, kind: "another reading sequence")
            },

            script(R.assignAndReorder, "gaps, novellas and orders that are not permutations", [.books, .answers], [
                ConformanceExample("the places 1, 2, 3 stay", LinkingScript([
                    [S.edit(.create(name: "The Expanse", totalBooks: 9))] + expanse(["b1", "b2", "b3"], at: [1, 2, 3]).flatMap { $0 },
                    [S.edit(.reorder(series: "The Expanse", books: ["b3", "b1", "b2"]))],
                ], applied: [true, true, true, true, true], [L(name: "The Expanse", totalBooks: 9, source: .manual, books: [at("b3", 1), at("b1", 2), at("b2", 3)])]), pins: "D-101"),
                ConformanceExample("the gaps stay where they were", LinkingScript([
                    [S.edit(.create(name: "The Expanse", totalBooks: nil))] + expanse(["b1", "b2", "b3"], at: [1, 3, 5]).flatMap { $0 },
                    [S.edit(.reorder(series: "The Expanse", books: ["b2", "b3", "b1"]))],
                ], applied: [true, true, true, true, true], [L(name: "The Expanse", source: .manual, books: [at("b2", 1), at("b3", 3), at("b1", 5)])]), pins: "D-101"),
                ConformanceExample("a novella's slot stays", LinkingScript([
                    [S.edit(.create(name: "The Expanse", totalBooks: nil))],
                    [S.add(SeriesLibraryBook(key: "b1", title: "Leviathan Wakes")), S.add(SeriesLibraryBook(key: "b2", title: "The Butcher of Anderson Station")), S.add(SeriesLibraryBook(key: "b3", title: "Caliban's War"))],
                    [S.edit(.assign(book: "b1", series: "The Expanse", place: SeriesPlace(1))), S.edit(.assign(book: "b2", series: "The Expanse", place: SeriesPlace(thousandths: 1_500))),
                     S.edit(.assign(book: "b3", series: "The Expanse", place: SeriesPlace(2))), S.edit(.reorder(series: "The Expanse", books: ["b2", "b1", "b3"]))],
                ], applied: [true, true, true, true, true], [L(name: "The Expanse", source: .manual, books: [at("b2", 1), at("b1", SeriesPlace(thousandths: 1_500)), at("b3", 2)])]), pins: "D-101"),
                ConformanceExample("orders that are not permutations change nothing", LinkingScript([
                    [S.edit(.create(name: "The Expanse", totalBooks: nil))] + expanse(["b1", "b2", "b3"], at: [1, 2, 3]).flatMap { $0 },
                    [S.edit(.reorder(series: "The Expanse", books: ["b2", "b1"])), S.edit(.reorder(series: "The Expanse", books: ["b2", "b2", "b1"])),
                     S.edit(.reorder(series: "The Expanse", books: ["b3", "b2", "b1", "b1"]))],
                ], applied: [true, true, true, true, false, false, false], [L(name: "The Expanse", source: .manual, books: [at("b1", 1), at("b2", 2), at("b3", 3)])]), pins: "D-101"),
            ]),

            .property(R.readingOrder, "generated sequences of books, detections and edits", cases: 25, SeriesLinkingSuiteGen.program, describe: { $0.description },
                exercises: { $0.commands.count { if case .detect = $0 { true } else if case .assign = $0 { true } else { false } } >= 2 }) { implementation, program in
                var model = ModelSeriesLinker()
                for step in program.steps(following: &model) {
                    _ = step.run(on: &implementation)
                    for series in implementation.allSeries() {
                        // The numbers alone: where a single book and an omnibus starting at it go is D-095's.
                        try ensure(zip(series.books, series.books.dropFirst()).allSatisfy { $0.place.firstThousandths <= $1.place.firstThousandths },
                            "\(String(reflecting: series.name)) lists its books out of reading order after \(step)", question: "allSeries() after \(program)",
                            implementation: series.description)
                    }
                }
            },

            .property(R.sameAsModel, "generated sequences of books, detections and edits", method: .differential, cases: 25, SeriesLinkingSuiteGen.program, describe: { $0.description }) { implementation, program in
                var scratch = ModelSeriesLinker()
                var model = ModelSeriesLinker()
                var done: [String] = []
                for step in program.steps(following: &scratch) {
                    let expected = step.run(on: &model)
                    let answer = step.run(on: &implementation)
                    done.append(step.description)
                    try ensureSame(answer, expected, "the answer to \(step), after \(done.dropLast().joined(separator: "; "))", show: { $0.map(String.init) ?? "none" }, kind: "an edit applied or refused otherwise")
                    try ensureSame(implementation.allSeries().normalized, model.allSeries().normalized, "allSeries() after \(done.joined(separator: "; "))", show: shown)
                }
            },
        ])
    }
}

/// A generated sequence of steps over four books and a few series names; edits name series by their
/// place in the model's library when the step is taken, so they name series that exist.
struct LinkingProgram: Sendable, CustomStringConvertible {
    enum Command: Sendable, CustomStringConvertible {
        case detect(slot: Int, SeriesMetadata)
        case create(name: String, totalBooks: Int?)
        case assign(slot: Int, series: Int, place: SeriesPlace)
        case remove(slot: Int, series: Int)
        case rename(series: Int, to: String)
        case delete(series: Int)
        /// The book leaves the library and comes back as a new book of the same title.
        case replace(slot: Int)
        /// The series' books ordered by these keys (one per book, cycled); with `dropLast`, one book left out.
        case reorder(series: Int, keys: [Int], dropLast: Bool)

        var description: String {
            switch self {
            case let .detect(slot, metadata): return "detect book \(slot) with \(SeriesSources.describe(metadata))"
            case let .create(name, total): return "create \(String(reflecting: name))" + (total.map { " of \($0)" } ?? "")
            case let .assign(slot, series, place): return "assign book \(slot) to series \(series) at #\(place)"
            case let .remove(slot, series): return "remove book \(slot) from series \(series)"
            case let .rename(series, name): return "rename series \(series) to \(String(reflecting: name))"
            case let .delete(series): return "delete series \(series)"
            case let .replace(slot): return "replace book \(slot)"
            case let .reorder(series, keys, dropLast): return "reorder series \(series) by \(keys)" + (dropLast ? ", one book left out" : "")
            }
        }
    }

    var commands: [Command]

    var description: String { commands.map(\.description).joined(separator: "; ") }

    /// The books' titles and authors, by slot.
    static let books: [(title: String, author: String?)] = [
        ("Leviathan Wakes (The Expanse, #1)", "James S. A. Corey"), ("Caliban's War", "James S. A. Corey"), ("Foundation", "Isaac Asimov"), ("Dune (Dune Chronicles, #1)", nil),
    ]

    /// The steps, each resolved against `model` as it stands when the step comes, and taken on it;
    /// `model` ends where the program leaves it. The first steps add the four books.
    func steps(following model: inout ModelSeriesLinker) -> [LinkingStep] {
        var keys = Self.books.indices.map { "b\($0)" }
        var steps = Self.books.indices.map { LinkingStep.add(SeriesLibraryBook(key: keys[$0], title: Self.books[$0].title, author: Self.books[$0].author)) }
        var replaced = 0
        for step in steps { _ = step.run(on: &model) }
        for command in commands {
            let series = model.allSeries().normalized.map(\.name)
            let resolved: [LinkingStep]
            switch command {
            case let .detect(slot, metadata):
                resolved = [.detect(keys[slot], metadata)]
            case let .create(name, total):
                resolved = [.edit(.create(name: name, totalBooks: total))]
            case let .assign(slot, index, place):
                resolved = series.isEmpty ? [] : [.edit(.assign(book: keys[slot], series: series[index % series.count], place: place))]
            case let .remove(slot, index):
                resolved = series.isEmpty ? [] : [.edit(.remove(book: keys[slot], series: series[index % series.count]))]
            case let .rename(index, name):
                resolved = series.isEmpty ? [] : [.edit(.rename(series: series[index % series.count], to: name))]
            case let .delete(index):
                resolved = series.isEmpty ? [] : [.edit(.delete(series: series[index % series.count]))]
            case let .reorder(index, sortKeys, dropLast):
                guard !series.isEmpty, let books = model.allSeries().first(where: { $0.name == series[index % series.count] })?.books, !books.isEmpty else {
                    resolved = []
                    break
                }
                let order = books.indices.sorted { (sortKeys[$0 % sortKeys.count], $0) < (sortKeys[$1 % sortKeys.count], $1) }.map { books[$0].book }
                resolved = [.edit(.reorder(series: series[index % series.count], books: dropLast ? Array(order.dropLast()) : order))]
            case let .replace(slot):
                replaced += 1
                let old = keys[slot]
                keys[slot] = "b\(slot)-\(replaced)"
                resolved = [.deleteBook(old), .add(SeriesLibraryBook(key: keys[slot], title: Self.books[slot].title, author: Self.books[slot].author))]
            }
            for step in resolved { _ = step.run(on: &model) }
            steps += resolved
        }
        return steps
    }
}

/// The generators of the series linking suite.
enum SeriesLinkingSuiteGen {
    /// Names that share keys in pairs, so detection and edits meet each other's series.
    static let names = ["Foundation", "foundation series", "The Expanse", "Expanse", "Dune Chronicles", "HP", "Harry Potter"]
    static let places: [SeriesPlace] = [SeriesPlace(1), SeriesPlace(2), SeriesPlace(3), SeriesPlace(0), SeriesPlace(thousandths: 1_500), SeriesPlace(omnibus: 1...3)]

    static let metadata: Gen<SeriesMetadata> = {
        let openLibrary = Gen<(String, SeriesPlace)>.zip(Gen<String>.element(of: names), Gen<SeriesPlace>.element(of: places)).map { "\($0) #\($1)" }
        let google = Gen<(String, Int, String?, Int?)>.zip(
            Gen<String>.element(of: ["GB1", "GB2"]), Gen<Int>.int(in: 0...4), Gen<String?>.element(of: [nil] + names.map(Optional.some)), Gen<Int?>.element(of: [nil, 3, 5])
        ).map { GoogleBooksVolumeSeries(seriesID: $0, orderNumber: $1, seriesName: $2, totalBooks: $3) }
        return Gen<([GoogleBooksVolumeSeries], [String])>.zip(Gen<GoogleBooksVolumeSeries>.array(of: google, count: 0...1), Gen<String>.array(of: openLibrary, count: 0...2))
            .map { SeriesMetadata(googleBooks: $0, openLibrary: $1) }
    }()

    static let command: Gen<LinkingProgram.Command> = {
        let slot = Gen<Int>.int(in: 0...(LinkingProgram.books.count - 1))
        let series = Gen<Int>.int(in: 0...3)
        let name = Gen<String>.element(of: names)
        return Gen<LinkingProgram.Command>.frequency([
            (5, Gen<(Int, SeriesMetadata)>.zip(slot, metadata).map { .detect(slot: $0, $1) }),
            (2, Gen<(String, Int?)>.zip(name, Gen<Int?>.element(of: [nil, 3, 5])).map { .create(name: $0, totalBooks: $1) }),
            (2, Gen<(Int, Int, SeriesPlace)>.zip(slot, series, Gen<SeriesPlace>.element(of: places)).map { .assign(slot: $0, series: $1, place: $2) }),
            (1, Gen<(Int, Int)>.zip(slot, series).map { .remove(slot: $0, series: $1) }),
            (1, Gen<(Int, String)>.zip(series, name).map { .rename(series: $0, to: $1) }),
            (1, series.map { .delete(series: $0) }),
            (1, slot.map { .replace(slot: $0) }),
            (2, Gen<(Int, [Int], Bool)>.zip(series, Gen<Int>.array(of: Gen<Int>.int(in: 0...9), count: 1...6), Gen<Bool>.bool(probability: 0.2))
                .map { .reorder(series: $0, keys: $1, dropLast: $2) }),
        ])
    }()

    static let program: Gen<LinkingProgram> = Gen<LinkingProgram.Command>.array(of: command, count: 1...12).map { LinkingProgram(commands: $0) }
}
