import Generators
import SpecModel

/// A realistic export file from Goodreads, LibraryThing, StoryGraph or a hand-made spreadsheet, as
/// bytes, with what an importer should read from it.
///
/// Built deterministically from a seed: the same arguments give the same bytes on every machine.
/// The files are written by `CSVWriter` with minimal quoting, as the services write them (LF line
/// endings, no byte-order mark, fields quoted only when needed), so `records` is exactly what
/// `CSVParser` must return after the header, and `books` is the logical content the importer must
/// read: titles, authors and ISBNs as written, ratings, statuses, and which rows repeat an earlier
/// book in another spelling (for duplicate detection).
///
///     let fixture = ExportFixture.goodreads(rows: 1_500, seed: 7, duplicateShare: 0.05)
///     let rows = try CSVParser.rows(in: fixture.bytes)   // rows[0] is the header
///
/// Seed: 004_…, User Story 1 (the three exports' columns), User Story 2 (duplicates), Performance
/// (1,500 books); the columns and quirks are those of `../shared/reference/production-notes.md`.
public struct ExportFixture: Sendable {
    /// Which service wrote the file.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// Goodreads, LibraryThing, StoryGraph, or a hand-made spreadsheet.
        case goodreads, libraryThing, storyGraph, spreadsheet
    }

    /// Which of LibraryThing's two documented header sets a file uses.
    public enum LibraryThingColumns: Hashable, Sendable, CaseIterable {
        /// The seed's: `TITLE`, `AUTHOR (first, last)`, `ISBN`, `RATING`.
        case seed
        /// Later exports': `Title`, `Primary Author`, `ISBN`, `Rating`, `Date Started`, `Date Read`,
        /// `Tags`.
        case later
    }

    /// How a duplicate row spells the book it repeats.
    public enum DuplicateSpelling: String, Hashable, Sendable, CaseIterable {
        /// The title in upper or lower case.
        case letterCase
        /// The other ISBN form (ISBN-10 for ISBN-13, plain for hyphenated, one of Goodreads' two
        /// columns left empty), and a slightly different title (without its subtitle or series
        /// marker), so that only the ISBN identifies the book.
        case isbnForm
        /// Runs of spaces inside the title and the author, and a trailing space.
        case extraSpaces
    }

    /// What the importer should read from one data row.
    public struct Book: Hashable, Sendable {
        /// The title as written.
        public let title: String
        /// The (first) author as written: Goodreads' `Author`, LibraryThing's author column,
        /// StoryGraph's first `Authors` entry, the spreadsheet's `Author`.
        public let author: String
        /// Further authors as written: Goodreads' `Additional Authors`, StoryGraph's other `Authors`.
        public let additionalAuthors: [String]
        /// The ISBN as written, without Goodreads' `="…"` guard: Goodreads' `ISBN`, LibraryThing's
        /// `ISBN`, StoryGraph's `ISBN/UID` (nil when it holds a StoryGraph UID), the spreadsheet's
        /// hyphenated `ISBN-13`. Nil when the cell is empty.
        public let isbn: String?
        /// Goodreads' `ISBN13` column, unwrapped; nil when empty and in other formats.
        public let isbn13: String?
        /// The rating in quarter stars (a 4-star rating is 16, StoryGraph's 3.75 is 15); nil when
        /// unrated (Goodreads writes 0, the others leave the cell empty) or the format has none.
        public let ratingQuarterStars: Int?
        /// The reading status as written (Goodreads' `Exclusive Shelf`, StoryGraph's `Read Status`);
        /// nil for formats without one.
        public let status: String?
        /// The index in `books` of the earlier book this row repeats, if it is a duplicate.
        public let duplicateOf: Int?
        /// How this row spells the book it repeats, if it is a duplicate.
        public let duplicateSpelling: DuplicateSpelling?
    }

    /// Which service wrote the file.
    public let format: Format
    /// The file's field separator: a comma, or a tab for LibraryThing's tab-separated export.
    public let dialect: CSVDialect
    /// The header record.
    public let header: [String]
    /// Every record after the header, exactly as `CSVParser` returns their fields.
    public let records: [[String]]
    /// One book per record of `records`, in order.
    public let books: [Book]
    /// The file.
    public let bytes: [UInt8]

    // MARK: - Headers

    /// Goodreads' 24 columns, in export order.
    public static let goodreadsHeader = ExportFormat.goodreadsColumns
    /// LibraryThing's columns as the seed lists them.
    public static let libraryThingSeedHeader = ExportFormat.libraryThingColumns
    /// LibraryThing's later exports' columns.
    public static let libraryThingLaterHeader = ExportFormat.libraryThingLaterColumns
    /// StoryGraph's columns: the seed's five and the further ones the production notes list.
    public static let storyGraphHeader = [
        "Title", "Authors", "ISBN/UID", "Format", "Read Status", "Date Added", "Last Date Read", "Dates Read",
        "Read Count", "Moods", "Pace", "Star Rating", "Review", "Tags", "Owned?",
    ]
    /// A hand-made spreadsheet's columns.
    public static let spreadsheetHeader = ["Title", "Author", "ISBN-13"]

    // MARK: - Builders

    /// A Goodreads export of `rows` books.
    ///
    /// Like a real export: ISBNs guarded as `="0525540679"` with about a quarter `=""` (a few books
    /// have only a 979 ISBN-13), `Author` sometimes with runs of spaces and `Author l-f` inverted,
    /// occasional `Additional Authors`, `My Rating` 0 (unrated) to 5, `Exclusive Shelf` read,
    /// currently-reading, to-read or a custom shelf, `Bookshelves with positions` such as
    /// `to-read (#12)`, dates `yyyy/MM/dd`, series markers in titles, and now and then a `My Review`
    /// with commas, quotes and line breaks. A share `duplicateShare` of the rows after the first
    /// repeats an earlier book in another spelling.
    public static func goodreads(rows: Int, seed: UInt64, duplicateShare: Double = 0) -> ExportFixture {
        build(.goodreads, rows: rows, seed: seed, duplicateShare: duplicateShare)
    }

    /// A LibraryThing export of `rows` books, comma- or tab-separated, with the seed's columns or the
    /// later ones. Ratings are half stars (`3.5`), empty when unrated; the later columns'
    /// `Primary Author` is written `Last, First`.
    public static func libraryThing(
        rows: Int, seed: UInt64, tabSeparated: Bool = false, columns: LibraryThingColumns = .seed, duplicateShare: Double = 0
    ) -> ExportFixture {
        build(.libraryThing, rows: rows, seed: seed, duplicateShare: duplicateShare, tabSeparated: tabSeparated, libraryThingColumns: columns)
    }

    /// A StoryGraph export of `rows` books: `Authors` lists, `ISBN/UID` holding an ISBN-13, an
    /// ISBN-10 or a StoryGraph UID, quarter-star `Star Rating`s (`3.75`), and `Read Status` read,
    /// currently-reading, to-read, did-not-finish or paused.
    public static func storyGraph(rows: Int, seed: UInt64, duplicateShare: Double = 0) -> ExportFixture {
        build(.storyGraph, rows: rows, seed: seed, duplicateShare: duplicateShare)
    }

    /// A hand-made spreadsheet, `Title,Author,ISBN-13`, with hyphenated ISBNs (`978-0-385-55036-9`,
    /// about one in ten empty); a share `extraFieldShare` of rows carries one more field than the
    /// header (a note), as hand-made files do.
    public static func spreadsheet(rows: Int, seed: UInt64, duplicateShare: Double = 0, extraFieldShare: Double = 0) -> ExportFixture {
        build(.spreadsheet, rows: rows, seed: seed, duplicateShare: duplicateShare, extraFieldShare: extraFieldShare)
    }

    /// The file alone, without `records` and `books`, for benchmarks of large files.
    package static func bytes(
        _ format: Format, rows: Int, seed: UInt64, tabSeparated: Bool = false, libraryThingColumns: LibraryThingColumns = .seed
    ) -> [UInt8] {
        var builder = ExportFixtureBuilder(
            format: format, seed: seed, duplicateShare: 0, tabSeparated: tabSeparated,
            libraryThingColumns: libraryThingColumns, extraFieldShare: 0, keepsExpectations: false
        )
        builder.addRows(rows)
        return builder.bytes
    }

    static func build(
        _ format: Format, rows: Int, seed: UInt64, duplicateShare: Double, tabSeparated: Bool = false,
        libraryThingColumns: LibraryThingColumns = .seed, extraFieldShare: Double = 0
    ) -> ExportFixture {
        var builder = ExportFixtureBuilder(
            format: format, seed: seed, duplicateShare: duplicateShare, tabSeparated: tabSeparated,
            libraryThingColumns: libraryThingColumns, extraFieldShare: extraFieldShare, keepsExpectations: true
        )
        builder.addRows(rows)
        return ExportFixture(
            format: format, dialect: builder.dialect, header: builder.header, records: builder.records,
            books: builder.books, bytes: builder.bytes
        )
    }
}

// MARK: - The builder

/// Writes one export file row by row, keeping the expected content when asked.
struct ExportFixtureBuilder {
    /// The parts of a book that identify it, which a duplicate respells.
    struct Identity {
        var title: BookTitle
        var name: PersonName
        var additionalAuthors: [String]
        /// Nil for books with only a 979 ISBN-13, and for books without an ISBN.
        var isbn10: String?
        var isbn13: String?
    }

    /// A book's identity as one row writes it.
    struct Spelling {
        var title: String
        var author: String
        var authorLastFirst: String
        var additionalAuthors: [String]
        var isbn10: String?
        var isbn13: String?
        /// Whether the ISBN-13 column of a spreadsheet is written plain rather than hyphenated.
        var plainISBN = false
    }

    let format: ExportFixture.Format
    let dialect: CSVDialect
    let header: [String]
    let duplicateShare: Double
    let libraryThingColumns: ExportFixture.LibraryThingColumns
    let extraFieldShare: Double
    let keepsExpectations: Bool
    var rng: Xoshiro256StarStar
    var bytes: [UInt8] = []
    var records: [[String]] = []
    var books: [ExportFixture.Book] = []
    /// The identities of the books that are not duplicates, with their index in `books`.
    var originals: [(identity: Identity, index: Int)] = []
    var rowCount = 0

    static let titles = Gen<BookTitle>.bookTitleParts(style: .realistic)
    static let names = Gen<PersonName>.personName(style: .realistic)
    static let isbns = Gen<ISBNPair>.isbn10And13
    static let uids = Gen<String>.uuidString

    init(
        format: ExportFixture.Format, seed: UInt64, duplicateShare: Double, tabSeparated: Bool,
        libraryThingColumns: ExportFixture.LibraryThingColumns, extraFieldShare: Double, keepsExpectations: Bool
    ) {
        precondition((0...1).contains(duplicateShare), "duplicateShare \(duplicateShare) is outside 0...1")
        precondition((0...1).contains(extraFieldShare), "extraFieldShare \(extraFieldShare) is outside 0...1")
        self.format = format
        self.duplicateShare = duplicateShare
        self.libraryThingColumns = libraryThingColumns
        self.extraFieldShare = extraFieldShare
        self.keepsExpectations = keepsExpectations
        rng = Xoshiro256StarStar(seed: seed)
        dialect = format == .libraryThing && tabSeparated ? .tab : .comma
        switch format {
        case .goodreads: header = ExportFixture.goodreadsHeader
        case .libraryThing: header = libraryThingColumns == .seed ? ExportFixture.libraryThingSeedHeader : ExportFixture.libraryThingLaterHeader
        case .storyGraph: header = ExportFixture.storyGraphHeader
        case .spreadsheet: header = ExportFixture.spreadsheetHeader
        }
        write(header)
    }

    mutating func addRows(_ count: Int) {
        precondition(count >= 0, "an export has a non-negative number of rows, got \(count)")
        bytes.reserveCapacity(bytes.count + count * (format == .goodreads ? 330 : 120))
        for _ in 0..<count { addRow() }
    }

    // MARK: Rows

    mutating func addRow() {
        var source = ChoiceSource(seed: rng.next())
        var duplicateOf: Int?
        var spellingKind: ExportFixture.DuplicateSpelling?
        let spelling: Spelling
        if !originals.isEmpty, rng.nextBool(probability: duplicateShare) {
            let original = originals[Int(rng.nextBounded(below: UInt64(originals.count)))]
            var kinds: [ExportFixture.DuplicateSpelling] = [.letterCase, .extraSpaces]
            if original.identity.isbn10 != nil, original.identity.isbn13 != nil { kinds.append(.isbnForm) }
            let kind = rng.element(of: kinds)!
            duplicateOf = original.index
            spellingKind = kind
            spelling = respell(original.identity, as: kind)
        } else {
            let identity = newIdentity(&source)
            originals.append((identity, rowCount))
            spelling = Self.plainSpelling(identity)
        }
        let (fields, book) = row(for: spelling, source: &source)
        write(fields)
        if keepsExpectations {
            records.append(fields)
            books.append(ExportFixture.Book(
                title: book.title, author: book.author, additionalAuthors: book.additionalAuthors, isbn: book.isbn,
                isbn13: book.isbn13, ratingQuarterStars: book.ratingQuarterStars, status: book.status,
                duplicateOf: duplicateOf, duplicateSpelling: spellingKind
            ))
        }
        rowCount += 1
    }

    mutating func write(_ fields: [String]) {
        CSVWriter.append(row: fields, to: &bytes, dialect: dialect)
        bytes.append(0x0A)
    }

    mutating func newIdentity(_ source: inout ChoiceSource) -> Identity {
        let title = Self.draw(Self.titles, &source)
        let name = Self.draw(Self.names, &source)
        // Goodreads and StoryGraph list co-authors now and then.
        let additional = rng.nextBool(probability: 0.12)
            ? (0...pick(weights: [70, 20, 10])).map { _ in Self.draw(Self.names, &source).firstLast } : []
        var isbn10: String?
        var isbn13: String?
        switch rng.nextBounded(below: 100) {
        case 0..<24:
            break  // about a quarter of books have no ISBN
        case 24..<28:
            // A 979 ISBN-13, which has no ISBN-10.
            let body = "979" + (0..<9).map { _ in String(rng.nextBounded(below: 10)) }.joined()
            isbn13 = body + String(ISBNCheckDigit.isbn13(body))
        default:
            let pair = Self.draw(Self.isbns, &source)
            isbn10 = pair.isbn10
            isbn13 = pair.isbn13
        }
        return Identity(title: title, name: name, additionalAuthors: additional, isbn10: isbn10, isbn13: isbn13)
    }

    static func plainSpelling(_ identity: Identity) -> Spelling {
        Spelling(
            title: identity.title.text, author: identity.name.firstLast, authorLastFirst: identity.name.lastFirst,
            additionalAuthors: identity.additionalAuthors, isbn10: identity.isbn10, isbn13: identity.isbn13
        )
    }

    mutating func respell(_ identity: Identity, as kind: ExportFixture.DuplicateSpelling) -> Spelling {
        var spelling = Self.plainSpelling(identity)
        switch kind {
        case .letterCase:
            spelling.title = rng.nextBool(probability: 0.5) ? spelling.title.uppercased() : spelling.title.lowercased()
        case .extraSpaces:
            spelling.title = spelling.title.split(separator: " ", omittingEmptySubsequences: false).joined(separator: "  ") + " "
            let name = identity.name
            spelling.author = name.given.isEmpty ? name.family + " " : name.given + "   " + name.family
            spelling.authorLastFirst = name.given.isEmpty ? name.family + " " : name.family + ",   " + name.given
        case .isbnForm:
            let main = identity.title.mainTitle
            spelling.title = main != identity.title.text ? main : identity.title.text + ": A Novel"
            switch format {
            case .goodreads:
                // One of the two columns left empty.
                if rng.nextBool(probability: 0.5) { spelling.isbn10 = nil } else { spelling.isbn13 = nil }
            case .libraryThing, .storyGraph:
                spelling.isbn13 = nil  // their one ISBN column then holds the ISBN-10
            case .spreadsheet:
                // The ISBN-10 in the ISBN-13 column, or the ISBN-13 without hyphens.
                if rng.nextBool(probability: 0.5) { spelling.isbn13 = nil } else { spelling.plainISBN = true }
            }
        }
        return spelling
    }

    /// Draws from a generator that cannot fail for lack of choices.
    static func draw<Value>(_ generator: Gen<Value>, _ source: inout ChoiceSource) -> Value {
        do {
            return try generator.run(&source)
        } catch {
            preconditionFailure("export fixture generation stopped: \(error)")
        }
    }

    // MARK: Formats

    /// The fields of one row and the book it denotes (without its duplicate markers).
    mutating func row(for spelling: Spelling, source: inout ChoiceSource) -> ([String], ExportFixture.Book) {
        switch format {
        case .goodreads: return goodreadsRow(spelling)
        case .libraryThing: return libraryThingRow(spelling, source: &source)
        case .storyGraph: return storyGraphRow(spelling, source: &source)
        case .spreadsheet: return spreadsheetRow(spelling, source: &source)
        }
    }

    mutating func goodreadsRow(_ spelling: Spelling) -> ([String], ExportFixture.Book) {
        let shelf: String
        switch rng.nextBounded(below: 100) {
        case 0..<55: shelf = "read"
        case 55..<90: shelf = "to-read"
        case 90..<97: shelf = "currently-reading"
        default: shelf = rng.element(of: ["did-not-finish", "abandoned", "on-hold"])!
        }
        let rating = shelf == "read" ? pick(weights: [5, 3, 7, 20, 35, 30]) : 0
        // A few exports have runs of spaces in Author (`Liz    Moore`).
        var author = spelling.author
        if rng.nextBool(probability: 0.03), let space = author.firstIndex(of: " ") {
            author.replaceSubrange(space...space, with: String(repeating: " ", count: 2 + Int(rng.nextBounded(below: 4))))
        }
        let added = date(fromYear: 2012, toYear: 2025)
        let dateRead = shelf == "read" && rng.nextBool(probability: 0.85)
            ? CalendarDate(daysSinceEpoch: added.daysSinceEpoch + Int(rng.nextBounded(below: 400))).goodreadsText : ""
        var shelves = customShelves()
        if shelf != "read" { shelves.insert(shelf, at: 0) }
        let positions = shelves.map { "\($0) (#\(1 + rng.nextBounded(below: 400)))" }
        let yearPublished = 1950 + Int(rng.nextBounded(below: 76))
        let review = shelf == "read" && rng.nextBool(probability: 0.12) ? self.review() : ""
        let fields = [
            String(1 + rng.nextBounded(below: 60_000_000)),
            spelling.title,
            author,
            spelling.authorLastFirst,
            spelling.additionalAuthors.joined(separator: ", "),
            "=\"" + (spelling.isbn10 ?? "") + "\"",
            "=\"" + (spelling.isbn13 ?? "") + "\"",
            String(rating),
            Self.twoDecimals(250 + Int(rng.nextBounded(below: 231))),
            rng.element(of: Self.publishers)!,
            rng.element(of: ["Paperback", "Hardcover", "Kindle Edition", "Mass Market Paperback", "ebook", "Audible Audio"])!,
            rng.nextBool(probability: 0.06) ? "" : String(80 + rng.nextBounded(below: 1_000)),
            rng.nextBool(probability: 0.04) ? "" : String(yearPublished),
            rng.nextBool(probability: 0.1) ? "" : String(yearPublished - Int(rng.nextBounded(below: 40))),
            dateRead,
            added.goodreadsText,
            shelves.joined(separator: ", "),
            positions.joined(separator: ", "),
            shelf,
            review,
            "",
            rng.nextBool(probability: 0.02) ? "Signed copy, from the author's reading" : "",
            shelf == "read" ? String(1 + pick(weights: [90, 8, 2])) : "0",
            rng.nextBool(probability: 0.3) ? "1" : "0",
        ]
        let book = ExportFixture.Book(
            title: spelling.title, author: author, additionalAuthors: spelling.additionalAuthors, isbn: spelling.isbn10,
            isbn13: spelling.isbn13, ratingQuarterStars: rating == 0 ? nil : rating * 4, status: shelf,
            duplicateOf: nil, duplicateSpelling: nil
        )
        return (fields, book)
    }

    mutating func libraryThingRow(_ spelling: Spelling, source: inout ChoiceSource) -> ([String], ExportFixture.Book) {
        // One ISBN column: the ISBN-13 when the book has one; the ISBN-10 when a duplicate respells it.
        let isbn = spelling.isbn13 ?? spelling.isbn10
        let halfStars = rng.nextBool(probability: 0.3) ? 0 : 1 + Int(rng.nextBounded(below: 10))
        let rating = halfStars == 0 ? "" : (halfStars % 2 == 0 ? String(halfStars / 2) : "\(halfStars / 2).5")
        var fields: [String]
        let author: String
        switch libraryThingColumns {
        case .seed:
            author = spelling.author
            fields = [spelling.title, author, isbn ?? "", rating]
        case .later:
            author = spelling.authorLastFirst
            let started = date(fromYear: 2015, toYear: 2025)
            let hasRead = rng.nextBool(probability: 0.6)
            fields = [
                spelling.title, author, isbn ?? "", rating,
                hasRead ? started.isoText : "",
                hasRead ? CalendarDate(daysSinceEpoch: started.daysSinceEpoch + Int(rng.nextBounded(below: 90))).isoText : "",
                customShelves().joined(separator: ", "),
            ]
        }
        let book = ExportFixture.Book(
            title: spelling.title, author: author, additionalAuthors: [], isbn: isbn, isbn13: nil,
            ratingQuarterStars: halfStars == 0 ? nil : halfStars * 2, status: nil, duplicateOf: nil, duplicateSpelling: nil
        )
        return (fields, book)
    }

    mutating func storyGraphRow(_ spelling: Spelling, source: inout ChoiceSource) -> ([String], ExportFixture.Book) {
        let status = [
            "read", "to-read", "currently-reading", "did-not-finish", "paused",
        ][pick(weights: [50, 30, 10, 6, 4])]
        let isbn = spelling.isbn13 ?? spelling.isbn10
        let cell = isbn ?? Self.draw(Self.uids, &source)
        let rated = (status == "read" || status == "did-not-finish") && rng.nextBool(probability: 0.85)
        let quarters = rated ? 1 + Int(rng.nextBounded(below: 20)) : 0
        let added = date(fromYear: 2019, toYear: 2025)
        let lastRead = status == "read" ? CalendarDate(daysSinceEpoch: added.daysSinceEpoch + Int(rng.nextBounded(below: 300))) : nil
        let moods = ["adventurous", "dark", "emotional", "funny", "hopeful", "mysterious", "reflective", "tense"]
        var datesRead = ""
        if let lastRead {
            let started = CalendarDate(daysSinceEpoch: lastRead.daysSinceEpoch - Int(rng.nextBounded(below: 30)))
            datesRead = started.isoText + "-" + lastRead.isoText
        }
        let moodCount = Int(rng.nextBounded(below: 4))
        var chosenMoods: [String] = []
        for _ in 0..<moodCount { chosenMoods.append(rng.element(of: moods)!) }
        var fields: [String] = [spelling.title, ([spelling.author] + spelling.additionalAuthors).joined(separator: ", "), cell]
        fields.append(rng.element(of: ["paperback", "hardcover", "digital", "audio"])!)
        fields.append(status)
        fields.append(added.isoText)
        fields.append(lastRead?.isoText ?? "")
        fields.append(datesRead)
        fields.append(status == "read" ? "1" : "0")
        fields.append(chosenMoods.joined(separator: ", "))
        fields.append(status == "to-read" ? "" : rng.element(of: ["slow", "medium", "fast"])!)
        fields.append(quarters == 0 ? "" : Self.quarterStars(quarters))
        fields.append(rated && rng.nextBool(probability: 0.2) ? review() : "")
        fields.append(customShelves().joined(separator: ", "))
        fields.append(rng.nextBool(probability: 0.4) ? "Yes" : "No")
        let book = ExportFixture.Book(
            title: spelling.title, author: spelling.author, additionalAuthors: spelling.additionalAuthors, isbn: isbn,
            isbn13: nil, ratingQuarterStars: quarters == 0 ? nil : quarters, status: status, duplicateOf: nil, duplicateSpelling: nil
        )
        return (fields, book)
    }

    mutating func spreadsheetRow(_ spelling: Spelling, source: inout ChoiceSource) -> ([String], ExportFixture.Book) {
        var isbn: String?
        if let isbn13 = spelling.isbn13 {
            if spelling.plainISBN {
                isbn = isbn13
            } else {
                let group = 1 + Int(rng.nextBounded(below: 5))
                let registrant = 2 + Int(rng.nextBounded(below: UInt64(7 - group)))
                isbn = ISBNFormat.hyphenated.apply(to: isbn13, groupLength: group, registrantLength: registrant)
            }
        } else if let isbn10 = spelling.isbn10 {
            isbn = isbn10  // a duplicate written with the ISBN-10 in the ISBN-13 column
        }
        var fields = [spelling.title, spelling.author, isbn ?? ""]
        if rng.nextBool(probability: extraFieldShare) {
            fields.append(rng.element(of: ["signed copy", "lent to Sam", "gift, 2019", "first edition"])!)
        }
        let book = ExportFixture.Book(
            title: spelling.title, author: spelling.author, additionalAuthors: [], isbn: isbn, isbn13: nil,
            ratingQuarterStars: nil, status: nil, duplicateOf: nil, duplicateSpelling: nil
        )
        return (fields, book)
    }

    // MARK: Pieces

    static let publishers = [
        "Riverhead Books", "Penguin Books", "Vintage", "Tor Books", "Del Rey", "Knopf", "HarperCollins",
        "Simon & Schuster", "Bloomsbury Publishing", "Scholastic Inc.", "Faber & Faber", "Éditions Gallimard",
    ]

    /// A review of one to four sentences, with commas and quotes, the sentences sometimes on new
    /// lines (Goodreads keeps the reviewer's line breaks).
    mutating func review() -> String {
        let sentences = [
            "Loved it, start to finish.",
            "The ending made me say \"what?\" out loud.",
            "Slow at first, but worth it.",
            "Not for me; the \"twist\" was obvious by chapter 3.",
            "5 stars, no notes.",
            "Read it with my book club, and we argued for hours.",
            "She writes like \"nobody is watching\", and it shows.",
            "Quotes I liked: \"all of it\", mostly.",
        ]
        var text = ""
        for index in 0..<(1 + Int(rng.nextBounded(below: 4))) {
            if index > 0 { text += rng.element(of: [" ", " ", "\n", "\n\n", "\r\n"])! }
            text += rng.element(of: sentences)!
        }
        return text
    }

    /// Zero to three distinct custom shelves (or tags).
    mutating func customShelves() -> [String] {
        var shelves = ["favorites", "fantasy", "book-club", "owned", "kindle", "non-fiction", "sci-fi", "classics", "2023-reads"]
        rng.shuffle(&shelves)
        return Array(shelves.prefix(pick(weights: [60, 25, 10, 5])))
    }

    mutating func date(fromYear first: Int, toYear last: Int) -> CalendarDate {
        let start = CalendarDate(year: first, month: 1, day: 1).daysSinceEpoch
        let end = CalendarDate(year: last, month: 12, day: 31).daysSinceEpoch
        return CalendarDate(daysSinceEpoch: start + Int(rng.nextBounded(through: UInt64(end - start))))
    }

    /// An index drawn with probability proportional to `weights`.
    mutating func pick(weights: [Int]) -> Int {
        var draw = Int(rng.nextBounded(below: UInt64(weights.reduce(0, +))))
        for (index, weight) in weights.enumerated() {
            if draw < weight { return index }
            draw -= weight
        }
        return weights.count - 1
    }

    /// `hundredths` as a decimal with two places: 387 is `3.87`.
    static func twoDecimals(_ hundredths: Int) -> String {
        "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + String(hundredths % 100)
    }

    /// A rating of `quarters` quarter stars as StoryGraph writes it: `4.0`, `3.25`, `3.5`, `3.75`.
    static func quarterStars(_ quarters: Int) -> String {
        "\(quarters / 4)." + ["0", "25", "5", "75"][quarters % 4]
    }
}
