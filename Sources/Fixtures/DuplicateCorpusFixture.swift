import Generators
import SpecModel

/// A labelled corpus of real-looking libraries, to measure duplicate detection: Goodreads export rows
/// in groups, each row labelled with the book it truly is (Decision D-123).
///
/// A group is one of:
/// - a single book in one row, as most of a library is;
/// - one book in two or three rows, spelled as real exports spell the same book: the title in
///   another case, with or without its series marker or subtitle, the author with runs of spaces,
///   initials written `J.R.R.`, `J. R. R.` or `JRR`, or inverted (`Tolkien, J.R.R.`), the ISBN-10
///   where another row has the ISBN-13, no ISBN, or (with the same title and author) another
///   edition's ISBN;
/// - different books that look alike, each with its own label, some of them repeated as above: the
///   volumes of a series (sharing their title, as manga and comics often do, or not), companion books
///   sharing the part before a colon, a book and a subtitled book of the same title (a guide, a
///   sequel), omnibus editions beside their volumes, and the same title by another author.
///
/// Look-alikes are generated only as a careful reader could tell them apart: by a valid ISBN each,
/// a subtitle or a series position each, or another author; a repeat of one keeps what tells it from
/// the others. Across groups, no two books share a normalized main title and an author's family name,
/// and no two books share an ISBN, so a label is never wrong by chance.
///
/// The rows are shuffled (exports list books by date added) and written as a Goodreads export by
/// `ExportFixtureBuilder`, with its ratings, shelves, dates and reviews.
///
///     let corpus = DuplicateCorpus.goodreads(groups: 400, seed: 1)
///     let score = corpus.measure()   // precision and recall of the import's duplicate detection
public struct DuplicateCorpus: Sendable {
    /// What a group of rows is.
    public enum GroupKind: String, Hashable, Sendable, CaseIterable {
        /// One book, one row.
        case single
        /// One book in two or three rows.
        case sameBook
        /// Two to four volumes of one series.
        case seriesVolumes
        /// Two or three books by one author sharing the part before a colon, each with its subtitle.
        case companions
        /// A book, and another with the same title and a subtitle (a guide, a sequel), each with an ISBN.
        case subtitledEditions
        /// Two or three volumes of a series and an omnibus edition of them, each with an ISBN.
        case omnibus
        /// The same title by two different authors.
        case sameTitleOtherAuthor
    }

    /// How a row spells its book, against the book's full spelling.
    public enum Variation: String, Hashable, Sendable, CaseIterable {
        /// The title in upper or lower case.
        case letterCase
        /// The title without its series marker.
        case seriesMarker
        /// The title without its subtitle.
        case subtitle
        /// Runs of spaces between the author's names.
        case authorSpacing
        /// The author's initials written another way: `J.R.R.`, `J. R. R.` or `JRR`.
        case authorInitials
        /// The author written `Family, Given`.
        case authorInverted
        /// Only the ISBN-10 or only the ISBN-13 column filled.
        case isbnForm
        case missingISBN
        /// Another edition's ISBN, the title and author as written.
        case otherEdition
    }

    /// One row of the export with its label.
    public struct Row: Hashable, Sendable {
        /// The `Title` column.
        public let title: String
        /// The `Author` column.
        public let author: String
        /// The `ISBN` column, unwrapped; `nil` when empty.
        public let isbn10: String?
        /// The `ISBN13` column, unwrapped; `nil` when empty.
        public let isbn13: String?
        /// The book the row is: rows with the same `book` are the same book, others are not.
        public let book: Int
        /// The group the row belongs to.
        public let group: Int
        public let kind: GroupKind
        /// How the row spells its book; empty for the book's full spelling.
        public let variations: [Variation]
    }

    /// Every row, in the export's order.
    public let rows: [Row]
    /// The number of groups.
    public let groupCount: Int
    /// The number of different books.
    public let bookCount: Int
    /// The first `libraryRows` rows are imported as the library, the rest as a file into it.
    public let libraryRows: Int
    /// The library's rows as a Goodreads export.
    public let libraryBytes: [UInt8]
    /// The other rows as a Goodreads export.
    public let fileBytes: [UInt8]

    /// A corpus of `groups` groups, from `seed`: the same arguments give the same rows on every machine.
    ///
    /// - Complexity: O(rows).
    public static func goodreads(groups: Int, seed: UInt64) -> DuplicateCorpus {
        precondition(groups > 0, "a corpus has at least one group, got \(groups)")
        var builder = DuplicateCorpusBuilder(seed: seed)
        for group in 0..<groups { builder.addGroup(group) }
        return builder.corpus(groups: groups)
    }
}

// MARK: - Measuring

/// How well the import's duplicate detection does on a labelled corpus (Decision D-123).
///
/// The library's rows are imported into an empty library, then the other rows into it, both with
/// Skip, through `CSVImport`: every row is read, mapped, normalized and compared as a user's export
/// is. A row that repeats a book of an earlier row is a true duplicate; it is found when the import
/// matches it to that book's work.
public struct DuplicateDetectionScore: Sendable, CustomStringConvertible {
    /// Rows imported.
    public let rows: Int
    /// Different books among them.
    public let books: Int
    /// Rows that repeat a book of an earlier row.
    public let trueDuplicates: Int
    /// True duplicates matched to their book's work.
    public let found: Int
    /// Rows matched to the work of another book.
    public let falseDuplicates: Int
    /// Of the false duplicates, those between a row and a work that both have valid ISBNs, none in common.
    public let falseDuplicatesWithDifferentISBNs: Int
    /// True duplicates found, by the variations of the row (a row with two counts under both).
    public let foundByVariation: [DuplicateCorpus.Variation: (found: Int, of: Int)]

    /// Of the duplicates found, the share that are the same book (1 when none is found).
    public var precision: Double {
        found + falseDuplicates == 0 ? 1 : Double(found) / Double(found + falseDuplicates)
    }

    /// Of the true duplicates, the share found (1 when there are none): the seed's "duplicate prevention".
    public var recall: Double {
        trueDuplicates == 0 ? 1 : Double(found) / Double(trueDuplicates)
    }

    /// One line for reports and failures.
    public var description: String {
        "\(rows) rows, \(books) books: \(found) of \(trueDuplicates) duplicates found, \(falseDuplicates) false (\(falseDuplicatesWithDifferentISBNs) between different ISBNs)"
    }
}

extension DuplicateCorpus {
    /// Imports the corpus and scores the import's duplicate detection.
    public func measure() -> DuplicateDetectionScore {
        var app = AppState()
        // The works each import makes, in creation order, are its rows not matched, in row order.
        var matches: [Int: DuplicateMatch] = [:]  // by row index in `rows`
        for (bytes, first) in [(libraryBytes, 0), (fileBytes, libraryRows)] {
            guard case var .success(run) = CSVImport.prepare(ImportFile(name: "goodreads_library_export.csv", bytes: bytes), library: app.store, strategy: .skip) else {
                preconditionFailure("the corpus's export was refused")
            }
            run.importAll(into: &app)
            precondition(run.summary.errors.isEmpty, "the corpus's export has rows in error: \(run.summary.errors.prefix(3))")
            for rowNumber in run.summary.matches.keys.sorted() { matches[first + rowNumber - 2] = run.summary.matches[rowNumber] }
        }
        let works = app.store.works()
        var bookOfWork: [PersistentIdentifier: Int] = [:]
        var next = 0
        for (index, row) in rows.enumerated() where matches[index] == nil {
            let work = works[next]
            precondition(work.title == row.title, "work \(next) is \(String(reflecting: work.title)), row \(index) \(String(reflecting: row.title))")
            bookOfWork[work.id] = row.book
            next += 1
        }
        precondition(next == works.count, "the library has \(works.count) works for \(next) rows imported")
        var seen = Set<Int>()
        var trueDuplicates = 0, found = 0, falseDuplicates = 0, falseWithDifferentISBNs = 0
        var byVariation: [DuplicateCorpus.Variation: (found: Int, of: Int)] = [:]
        for (index, row) in rows.enumerated() {
            let repeats = seen.contains(row.book)
            seen.insert(row.book)
            let matched = matches[index].map { bookOfWork[$0.workID] }
            if repeats {
                trueDuplicates += 1
                let isFound = matched == row.book
                if isFound { found += 1 }
                for variation in row.variations {
                    let tally = byVariation[variation] ?? (0, 0)
                    byVariation[variation] = (tally.found + (isFound ? 1 : 0), tally.of + 1)
                }
            }
            guard let matched, let match = matches[index], matched != row.book else { continue }
            falseDuplicates += 1
            let rowISBN = row.isbn13 ?? row.isbn10.flatMap(Self.isbn13)
            let workISBNs = app.store.work(match.workID)?.editionIDs.compactMap { app.store.edition($0)?.isbn13 } ?? []
            if let rowISBN, !workISBNs.isEmpty, !workISBNs.contains(rowISBN) { falseWithDifferentISBNs += 1 }
        }
        return DuplicateDetectionScore(
            rows: rows.count, books: bookCount, trueDuplicates: trueDuplicates, found: found, falseDuplicates: falseDuplicates,
            falseDuplicatesWithDifferentISBNs: falseWithDifferentISBNs, foundByVariation: byVariation
        )
    }

    /// The ISBN-13 of a valid ISBN-10.
    static func isbn13(_ isbn10: String) -> String? {
        guard case let .valid(value) = ISBNValue.parse(isbn10) else { return nil }
        return value.isbn13
    }
}

// MARK: - The builder

/// Draws the corpus's groups and writes their rows.
struct DuplicateCorpusBuilder {
    /// A book as its full spelling writes it.
    struct Book {
        var main: String
        var subtitle: String?
        var series: (name: String, position: String)?
        var name: PersonName
        var isbn10: String?
        var isbn13: String?
        var label: Int

        /// The full title: main title, subtitle, series marker.
        var title: String {
            main + (subtitle.map { ": " + $0 } ?? "") + (series.map { " (\($0.name), #\($0.position))" } ?? "")
        }
    }

    /// A row drawn, before the shuffle.
    struct Drawn {
        var spelling: ExportFixtureBuilder.Spelling
        var book: Int
        var group: Int
        var kind: DuplicateCorpus.GroupKind
        var variations: [DuplicateCorpus.Variation]
    }

    static let mainTitles = Gen<BookTitle>.bookTitleParts(style: BookTextStyle(punctuation: true, nonASCII: true))
    static let subtitles = Gen<BookTitle>.bookTitleParts(style: BookTextStyle(subtitles: true, featureProbability: 1))
    static let seriesNames = Gen<BookTitle>.bookTitleParts(style: BookTextStyle(seriesMarkers: true, featureProbability: 1))
    static let names = Gen<PersonName>.personName(style: .realistic)
    static let isbns = Gen<ISBNPair>.isbn10And13
    /// The most draws of a title, a name or an ISBN not yet used, before the generator gives up.
    static let drawsMax = 1_000

    var rng: Xoshiro256StarStar
    var drawn: [Drawn] = []
    var books = 0
    /// Normalized main titles with a family name, and ISBN-13s, already used (looked up, never iterated).
    var usedTitles: Set<String> = []
    var usedISBNs: Set<String> = []

    init(seed: UInt64) {
        rng = Xoshiro256StarStar(seed: seed)
    }

    // MARK: Groups

    mutating func addGroup(_ group: Int) {
        let kinds: [(DuplicateCorpus.GroupKind, Int)] = [
            (.single, 40), (.sameBook, 30), (.seriesVolumes, 8), (.companions, 8), (.subtitledEditions, 5), (.omnibus, 5), (.sameTitleOtherAuthor, 4),
        ]
        var draw = Int(rng.nextBounded(below: UInt64(kinds.reduce(0) { $0 + $1.1 })))
        var kind = DuplicateCorpus.GroupKind.single
        for (candidate, weight) in kinds {
            if draw < weight { kind = candidate; break }
            draw -= weight
        }
        switch kind {
        case .single: add(newBook(), group, kind)
        case .sameBook: addSameBook(group)
        case .seriesVolumes: addSeriesVolumes(group)
        case .companions: addCompanions(group)
        case .subtitledEditions: addSubtitledEditions(group)
        case .omnibus: addOmnibus(group)
        case .sameTitleOtherAuthor: addSameTitleOtherAuthor(group)
        }
    }

    /// One book in two or three rows: the full spelling and one or two variants.
    mutating func addSameBook(_ group: Int) {
        let book = newBook()
        add(book, group, .sameBook)
        let variants = rng.nextBool(probability: 0.25) ? 2 : 1
        for _ in 0..<variants {
            var options = DuplicateCorpus.Variation.allCases.filter { applies($0, to: book) }
            // Another edition's ISBN, with a title or author written otherwise, is a companion book to
            // any reader (D-120): it goes alone, with one other row, or with a change of case.
            if variants > 1 { options.removeAll { $0 == .otherEdition } }
            var chosen = [rng.element(of: options)!]
            if chosen != [.otherEdition], rng.nextBool(probability: 0.4) {
                let second = options.filter { $0 != chosen[0] && $0 != .otherEdition && !(Self.isISBN($0) && Self.isISBN(chosen[0])) }
                if let another = rng.element(of: second) { chosen.append(another) }
            } else if chosen == [.otherEdition], rng.nextBool(probability: 0.3) {
                chosen.append(.letterCase)
            }
            add(book, group, .sameBook, variations: chosen)
        }
    }

    /// Two to four volumes of one series by one author, sharing their title (manga, comics) or each
    /// with its own; a quarter without an ISBN. A repeat keeps its series marker.
    mutating func addSeriesVolumes(_ group: Int) {
        let sharedTitle = rng.nextBool(probability: 0.5)
        let first = newBook()
        let seriesName = sharedTitle ? first.main : draw(Self.seriesNames).series!.name
        var start = 1 + Int(rng.nextBounded(below: 5))
        for volume in 0..<(2 + Int(rng.nextBounded(below: 3))) {
            var book = volume == 0 ? first : newBook(name: first.name)
            if sharedTitle { book.main = first.main }
            book.subtitle = nil
            book.series = (seriesName, String(start))
            if rng.nextBool(probability: 0.25) { (book.isbn10, book.isbn13) = (nil, nil) }
            start += 1
            add(book, group, .seriesVolumes)
            addRepeat(of: book, group, .seriesVolumes, options: [.letterCase, .authorSpacing, .authorInitials, .isbnForm, .missingISBN])
        }
    }

    /// Two or three books by one author sharing the part before a colon, each with its subtitle;
    /// most with an ISBN. A repeat keeps its subtitle.
    mutating func addCompanions(_ group: Int) {
        let first = newBook(withSubtitle: true)
        var subtitles: [String] = []
        for index in 0..<(2 + Int(rng.nextBounded(below: 2))) {
            var book = index == 0 ? first : newBook(name: first.name)
            book.main = first.main
            book.series = nil
            var subtitle = book.subtitle ?? draw(Self.subtitles).subtitle!
            var draws = 0
            let key = { (text: String) in TitleNormalization.normalizedForSearch(text).lowercased() }
            while subtitles.contains(where: { key($0) == key(subtitle) }) {
                subtitle = draw(Self.subtitles).subtitle! + " " + String(index + 1)
                draws += 1
                precondition(draws < Self.drawsMax, "no new subtitle after \(draws) draws")
            }
            subtitles.append(subtitle)
            book.subtitle = subtitle
            if rng.nextBool(probability: 0.15) { (book.isbn10, book.isbn13) = (nil, nil) }
            add(book, group, .companions)
            addRepeat(of: book, group, .companions, options: [.letterCase, .authorSpacing, .authorInitials, .authorInverted, .isbnForm, .missingISBN])
        }
    }

    /// A book, and another by the same author with the same title and a subtitle (a guide, a sequel),
    /// each with its ISBN. A repeat keeps its ISBN.
    mutating func addSubtitledEditions(_ group: Int) {
        var plain = newBook(withISBN: true)
        plain.subtitle = nil
        var subtitled = newBook(name: plain.name, withISBN: true)
        subtitled.main = plain.main
        subtitled.series = nil
        subtitled.subtitle = rng.element(of: ["The Official Companion", "A Reader's Guide", "The Graphic Novel", "The Sequel", "Behind the Story"])!
        for book in [plain, subtitled] {
            add(book, group, .subtitledEditions)
            addRepeat(of: book, group, .subtitledEditions, options: [.letterCase, .authorSpacing, .authorInitials, .isbnForm])
        }
    }

    /// Two or three volumes of a series and an omnibus edition of them, each with its ISBN: the
    /// omnibus titled with a range marker (`(Series, #1-3)`), as a box set, or as the first volume's
    /// title with a subtitle.
    mutating func addOmnibus(_ group: Int) {
        let seriesName = draw(Self.seriesNames).series!.name
        let first = newBook(withISBN: true)
        let volumes = 2 + Int(rng.nextBounded(below: 2))
        for volume in 0..<volumes {
            var book = volume == 0 ? first : newBook(name: first.name, withISBN: true)
            book.subtitle = nil
            book.series = (seriesName, String(volume + 1))
            add(book, group, .omnibus)
            addRepeat(of: book, group, .omnibus, options: [.letterCase, .authorSpacing, .isbnForm])
        }
        var omnibus = newBook(name: first.name, withISBN: true)
        omnibus.subtitle = nil
        omnibus.series = nil
        switch rng.nextBounded(below: 3) {
        case 0: omnibus.main = "\(seriesName) Trilogy (\(seriesName), #1-\(volumes))"
        case 1: omnibus.main = "The Complete \(seriesName) Box Set"
        default:
            omnibus.main = first.main
            omnibus.subtitle = "The Complete \(seriesName)"
        }
        add(omnibus, group, .omnibus)
    }

    /// The same title by two authors who are not alike (more than 80% similar names are one author,
    /// D-034), with or without ISBNs.
    mutating func addSameTitleOtherAuthor(_ group: Int) {
        let first = newBook()
        var other = newBook()
        other.main = first.main
        other.subtitle = first.subtitle
        other.series = nil
        var draws = 0
        while other.name.family == first.name.family || AuthorSimilarity.score(other.name.firstLast, first.name.firstLast) > AuthorSimilarity.duplicateThreshold {
            other.name = draw(Self.names)
            draws += 1
            precondition(draws < Self.drawsMax, "no other author after \(draws) draws")
        }
        usedTitles.insert(Self.titleKey(first.main, other.name))
        for book in [first, other] {
            add(book, group, .sameTitleOtherAuthor)
            addRepeat(of: book, group, .sameTitleOtherAuthor, options: [.letterCase, .authorSpacing, .isbnForm])
        }
    }

    /// Now and then, a repeat of `book` with one of `options` (those that apply to it).
    mutating func addRepeat(of book: Book, _ group: Int, _ kind: DuplicateCorpus.GroupKind, options: [DuplicateCorpus.Variation]) {
        guard rng.nextBool(probability: 0.3), let variation = rng.element(of: options.filter({ applies($0, to: book) })) else { return }
        add(book, group, kind, variations: [variation])
    }

    // MARK: Books and rows

    /// A new book: a main title not yet used with its author's family name, a subtitle and a series
    /// marker now and then, and an ISBN as Goodreads has one (a quarter none, a few only a 979 ISBN-13).
    mutating func newBook(name: PersonName? = nil, withSubtitle: Bool = false, withISBN: Bool = false) -> Book {
        let name = name ?? draw(Self.names)
        var main = draw(Self.mainTitles).mainTitle
        var draws = 0
        while usedTitles.contains(Self.titleKey(main, name)) {
            main = draw(Self.mainTitles).mainTitle
            draws += 1
            precondition(draws < Self.drawsMax, "no new title after \(draws) draws")
        }
        usedTitles.insert(Self.titleKey(main, name))
        let subtitle = withSubtitle || rng.nextBool(probability: 0.3) ? draw(Self.subtitles).subtitle : nil
        let series = rng.nextBool(probability: 0.3)
            ? (draw(Self.seriesNames).series!.name, String(1 + rng.nextBounded(below: 12))) : nil
        var book = Book(main: main, subtitle: subtitle, series: series, name: name, label: books)
        books += 1
        switch withISBN ? 50 : rng.nextBounded(below: 100) {
        case 0..<22: break
        case 22..<26: book.isbn13 = newISBN979()
        default: (book.isbn10, book.isbn13) = newISBNPair()
        }
        return book
    }

    /// The key that keeps two groups' books apart: the normalized main title and the family name.
    static func titleKey(_ main: String, _ name: PersonName) -> String {
        TitleNormalization.normalizedForSearch(main).lowercased() + "|" + name.family.lowercased()
    }

    mutating func newISBNPair() -> (String, String) {
        var draws = 0
        while true {
            let pair = draw(Self.isbns)
            if !usedISBNs.contains(pair.isbn13) {
                usedISBNs.insert(pair.isbn13)
                return (pair.isbn10, pair.isbn13)
            }
            draws += 1
            precondition(draws < Self.drawsMax, "no new ISBN after \(draws) draws")
        }
    }

    mutating func newISBN979() -> String {
        var draws = 0
        while true {
            let body = "979" + (0..<9).map { _ in String(rng.nextBounded(below: 10)) }.joined()
            let isbn = body + String(ISBNCheckDigit.isbn13(body))
            if !usedISBNs.contains(isbn) {
                usedISBNs.insert(isbn)
                return isbn
            }
            draws += 1
            precondition(draws < Self.drawsMax, "no new ISBN after \(draws) draws")
        }
    }

    static func isISBN(_ variation: DuplicateCorpus.Variation) -> Bool {
        variation == .isbnForm || variation == .missingISBN || variation == .otherEdition
    }

    /// Whether a variation changes anything of `book`'s spelling.
    func applies(_ variation: DuplicateCorpus.Variation, to book: Book) -> Bool {
        switch variation {
        case .letterCase, .authorSpacing: return true
        case .seriesMarker: return book.series != nil
        case .subtitle: return book.subtitle != nil
        case .authorInitials: return Self.initials(of: book.name.given) != nil
        case .authorInverted: return !book.name.given.isEmpty
        case .isbnForm: return book.isbn10 != nil && book.isbn13 != nil
        case .missingISBN, .otherEdition: return book.isbn13 != nil
        }
    }

    /// The letters of a given name made only of initials (`J.R.R.`, `J. K.`), or `nil`.
    static func initials(of given: String) -> [Character]? {
        let letters = given.filter { $0 != "." && $0 != " " }
        guard !letters.isEmpty, given.count == letters.count * 2 || given.count == letters.count * 3 - 1, given.hasSuffix(".") else { return nil }
        return Array(letters)
    }

    /// Adds a row of `book`, spelled with `variations`.
    mutating func add(_ book: Book, _ group: Int, _ kind: DuplicateCorpus.GroupKind, variations: [DuplicateCorpus.Variation] = []) {
        var title = book
        var given = book.name.given
        var inverted = false
        var spacing = " "
        var isbn10 = book.isbn10
        var isbn13 = book.isbn13
        for variation in variations {
            switch variation {
            case .letterCase: break  // applied to the whole title below
            case .seriesMarker: title.series = nil
            case .subtitle: title.subtitle = nil
            case .authorSpacing: spacing = String(repeating: " ", count: 2 + Int(rng.nextBounded(below: 3)))
            case .authorInitials:
                let letters = Self.initials(of: given)!
                let compact = letters.map { "\($0)." }.joined()
                let forms = [compact, letters.map { "\($0)." }.joined(separator: " "), String(letters)].filter { $0 != given }
                given = rng.element(of: forms)!
            case .authorInverted: inverted = true
            case .isbnForm:
                if rng.nextBool(probability: 0.5) { isbn10 = nil } else { isbn13 = nil }
            case .missingISBN: (isbn10, isbn13) = (nil, nil)
            case .otherEdition: (isbn10, isbn13) = newISBNPair()
            }
        }
        var text = title.title
        if variations.contains(.letterCase) { text = rng.nextBool(probability: 0.5) ? text.uppercased() : text.lowercased() }
        let family = book.name.family
        let author = given.isEmpty ? family : (inverted ? family + "," + spacing + given : given + spacing + family)
        let spelling = ExportFixtureBuilder.Spelling(
            title: text, author: author, authorLastFirst: given.isEmpty ? family : family + ", " + given, additionalAuthors: [],
            isbn10: isbn10, isbn13: isbn13
        )
        drawn.append(Drawn(spelling: spelling, book: book.label, group: group, kind: kind, variations: variations))
    }

    /// The corpus: the rows shuffled, the first half the library's export, the rest the file's.
    mutating func corpus(groups: Int) -> DuplicateCorpus {
        rng.shuffle(&drawn)
        let libraryRows = drawn.count / 2
        var library = Self.export(seed: rng.next())
        var file = Self.export(seed: rng.next())
        func write(_ row: Drawn, with writer: inout ExportFixtureBuilder) -> DuplicateCorpus.Row {
            let (fields, written) = writer.goodreadsRow(row.spelling)
            writer.write(fields)
            return DuplicateCorpus.Row(
                title: written.title, author: written.author, isbn10: written.isbn, isbn13: written.isbn13, book: row.book, group: row.group,
                kind: row.kind, variations: row.variations
            )
        }
        var rows: [DuplicateCorpus.Row] = []
        for (index, row) in drawn.enumerated() {
            rows.append(index < libraryRows ? write(row, with: &library) : write(row, with: &file))
        }
        return DuplicateCorpus(
            rows: rows, groupCount: groups, bookCount: books, libraryRows: libraryRows, libraryBytes: library.bytes, fileBytes: file.bytes
        )
    }

    static func export(seed: UInt64) -> ExportFixtureBuilder {
        ExportFixtureBuilder(
            format: .goodreads, seed: seed, duplicateShare: 0, tabSeparated: false, libraryThingColumns: .seed, extraFieldShare: 0,
            keepsExpectations: false
        )
    }

    /// Draws from a generator that cannot fail for lack of choices, with a fresh source (a source
    /// reused would favour the values it drew before).
    mutating func draw<Value>(_ generator: Gen<Value>) -> Value {
        var fresh = ChoiceSource(seed: rng.next())
        return ExportFixtureBuilder.draw(generator, &fresh)
    }
}
