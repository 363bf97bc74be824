import Generators
import SpecModel
import SpecTesting
import Testing

/// Reading one row into a book: title, authors, ISBNs, ratings, statuses, dates and the rest, with
/// row errors and field warnings (seed 004_…, "Field mapping"; Decision D-035).
@Suite struct BookRowReaderTests {
    static let goodreads = try! FormatDetection.detect(header: ExportFormat.goodreadsColumns).mapping
    static let storyGraph = try! FormatDetection.detect(header: ExportFormat.storyGraphColumns).mapping

    static func goodreadsRow(_ overrides: [String: String]) -> [String] {
        var values: [String: String] = [
            "Book Id": "2767052", "Title": "The Hunger Games (The Hunger Games, #1)", "Author": "Suzanne   Collins",
            "Author l-f": "Collins, Suzanne", "Additional Authors": "", "ISBN": "=\"0439023483\"", "ISBN13": "=\"9780439023481\"",
            "My Rating": "4", "Average Rating": "4.33", "Publisher": "Scholastic Press", "Binding": "Hardcover",
            "Number of Pages": "374", "Year Published": "2008", "Original Publication Year": "2008", "Date Read": "2024/05/31",
            "Date Added": "2024/01/02", "Bookshelves": "", "Bookshelves with positions": "", "Exclusive Shelf": "read",
            "My Review": "Great, \"really\"\ngreat.", "Spoiler": "", "Private Notes": "", "Read Count": "1", "Owned Copies": "0",
        ]
        for (key, value) in overrides { values[key] = value }
        return ExportFormat.goodreadsColumns.map { values[$0]! }
    }

    static func read(_ fields: [String], mapping: ColumnMapping = goodreads, header: Int = 24) -> Result<ImportedBook, RowIssue> {
        BookRowReader.read(fields: fields, rowNumber: 7, headerCount: header, mapping: mapping)
    }

    @Test func aGoodreadsRowReadsEveryField() throws {
        let book = try Self.read(Self.goodreadsRow([:])).get()
        #expect(book.title == "The Hunger Games (The Hunger Games, #1)")
        #expect(book.normalizedTitle == "The Hunger Games")
        #expect(book.authors == ["Suzanne Collins"])
        #expect(book.isbn?.isbn13 == "9780439023481")
        #expect(book.rating == 4)
        #expect(book.readingStatus == .read)
        #expect(book.dateRead == Timestamp(epochMilliseconds: 1_717_113_600_000))  // 2024-05-31T00:00:00Z
        #expect(book.publisher == "Scholastic Press")
        #expect(book.pages == 374)
        #expect(book.year == 2008)
        #expect(book.notes == "Great, \"really\"\ngreat.")
        #expect(book.warnings.isEmpty)
    }

    /// A field's bytes are trimmed exactly as its characters are, whatever is at its ends: no-break and
    /// ideographic spaces, combining marks after a space, letters of other scripts, emoji.
    @Test func fieldsAreTrimmedAsTheirCharactersAre() {
        let ends = Gen<String>.string(
            of: Gen<Character>.element(of: Array(" \t\u{A0}\u{3000}\u{85}a,\u{301} \u{301}éЖש東한😀\u{200D}\u{600}\u{FE0F}")), count: 0...3)
        let texts = Gen<String>.oneOf(
            Gen<(String, String, String)>.zip(ends, Gen<String>.unicodeString(count: 0...6), ends).map { $0 + $1 + $2 },
            Gen<String>.unicodeString(count: 0...12))
        property(texts, cases: 3_000) { text in
            var text = text
            let trimmed = text.withUTF8 { TrimmedField.with($0) { String(decoding: $0, as: UTF8.self) } }
            let expected = text.trimmingSpaces()
            try requireEqual(trimmed, expected.isEmpty ? nil : expected, "trimming \(String(reflecting: text))")
        }
    }

    /// An edition's year is written as `String(_:)` writes it, whatever its size or sign.
    @Test func yearsAreWrittenAsStringWritesThem() {
        let edges = [0, 9, 10, 99, 1_999, 2_024, 99_999, 1_000_000_000_000_000, Int.max, -1, Int.min]
        for value in edges { #expect(DecimalText.string(value) == String(value), "\(value)") }
        property(Gen<Int>.int(in: Int.min...Int.max), cases: 2_000) { value in
            try requireEqual(DecimalText.string(value), String(value), "writing \(value)")
        }
    }

    @Test func aGoodreadsRatingOfZeroMeansUnrated() throws {
        #expect(try Self.read(Self.goodreadsRow(["My Rating": "0"])).get().rating == nil)
    }

    @Test func emptyWrappedISBNsMeanNoISBN() throws {
        let book = try Self.read(Self.goodreadsRow(["ISBN": "=\"\"", "ISBN13": "=\"\""])).get()
        #expect(book.isbn == nil)
        #expect(book.warnings.isEmpty)
    }

    @Test func theLastFirstColumnStandsInForAnEmptyAuthor() throws {
        #expect(try Self.read(Self.goodreadsRow(["Author": " ", "Author l-f": "Moore,  Liz"])).get().authors == ["Liz Moore"])
    }

    @Test func additionalAuthorsFollowThePrimary() throws {
        let book = try Self.read(Self.goodreadsRow(["Additional Authors": "Neil Gaiman, Suzanne Collins"])).get()
        #expect(book.authors == ["Suzanne Collins", "Neil Gaiman"])
    }

    @Test func aStatusComesFromShelvesWhenTheExclusiveShelfIsEmpty() throws {
        let book = try Self.read(Self.goodreadsRow(["Exclusive Shelf": "", "Bookshelves": "favorites, currently-reading (#2)"])).get()
        #expect(book.readingStatus == .reading)
    }

    @Test func storyGraphAuthorListsQuarterStarsAndStatusesAreRead() throws {
        var fields = [String](repeating: "", count: ExportFormat.storyGraphColumns.count)
        fields[0] = "Piranesi"
        fields[1] = "Susanna Clarke, Ann Other"
        fields[2] = "9781635575996"
        fields[3] = "3.75"
        fields[4] = "did-not-finish"
        let book = try Self.read(fields, mapping: Self.storyGraph, header: fields.count).get()
        #expect(book.authors == ["Susanna Clarke", "Ann Other"])
        #expect(book.rating == 3.75)
        #expect(book.readingStatus == .didNotFinish)
    }

    /// StoryGraph's `ISBN/UID` holds its own UIDs for books without an ISBN: no ISBN, and no warning;
    /// a value written with ISBN characters that fails its check digit is still reported.
    @Test func aStoryGraphUIDIsNoISBNWithoutAWarningButABadISBNIsWarned() throws {
        var fields = [String](repeating: "", count: ExportFormat.storyGraphColumns.count)
        fields[0] = "Piranesi"
        fields[1] = "Susanna Clarke"
        fields[2] = "5c1f9e2a-3b4d-4e6f-8a7b-9c0d1e2f3a4b"
        let uid = try Self.read(fields, mapping: Self.storyGraph, header: fields.count).get()
        #expect(uid.isbn == nil)
        #expect(uid.warnings.isEmpty)
        fields[2] = "978-1-63557-599-7"
        let typo = try Self.read(fields, mapping: Self.storyGraph, header: fields.count).get()
        #expect(typo.isbn == nil)
        #expect(typo.warnings == ["ISBN left out: \"978-1-63557-599-7\" fails the ISBN-13 check digit"])
        // Goodreads' ISBN columns hold nothing but ISBNs: anything else there is warned.
        let goodreads = try Self.read(Self.goodreadsRow(["ISBN13": "=\"B00ABC\"", "ISBN": "=\"\""])).get()
        #expect(goodreads.warnings.count == 1)
    }

    @Test(arguments: [
        ("want to read", ReadingStatus.toRead), ("to-read", .toRead), ("Currently Reading", .reading), ("in progress", .reading),
        ("finished", .read), ("completed", .read), ("paused", .onHold), ("DNF", .didNotFinish), ("abandoned", .didNotFinish),
    ])
    func freeTextStatusesMapAsProductionDoes(text: String, status: ReadingStatus) {
        #expect(ReadingStatus.fromExport(text) == status)
    }

    /// The status a text means, as production maps it and as a plain model: trimmed, lowercased,
    /// `_` and space made `-`, then looked up. `fromExport` reads ASCII text without making a string,
    /// and must agree with the model on any text.
    static func modelStatus(_ text: String) -> ReadingStatus? {
        let key = text.trimmingSpaces().lowercased().replacing("_", with: "-").replacing(" ", with: "-")
        let statuses: [String: ReadingStatus] = [
            "to-read": .toRead, "want-to-read": .toRead, "tbr": .toRead, "to-be-read": .toRead, "toread": .toRead,
            "wishlist": .wishlist, "wish-list": .wishlist, "wanted": .wishlist,
            "currently-reading": .reading, "reading": .reading, "in-progress": .reading, "currently-reading-now": .reading,
            "read": .read, "finished": .read, "completed": .read, "done": .read,
            "paused": .onHold, "on-hold": .onHold, "onhold": .onHold,
            "did-not-finish": .didNotFinish, "dnf": .didNotFinish, "abandoned": .didNotFinish, "did-not-finish-dnf": .didNotFinish,
        ]
        return statuses[key]
    }

    @Test func statusesAgreeWithAPlainModelOnAnyText() {
        let word = Gen<String>.element(of: [
            "read", "to", "want", "currently", "reading", "did", "not", "finish", "dnf", "on", "hold", "wish", "list", "tbr", "done", "x",
        ])
        let spelled = Gen<String>.string(of: Gen<Character>.element(of: ["r", "E", "a", "D", "-", "_", " ", "\t", "\u{A0}", "\u{212A}", "İ"]), count: 0...8)
        let phrase = Gen.array(of: word, count: 1...4).zip(Gen<String>.element(of: ["-", "_", " ", "  "]))
            .map { parts, separator in parts.joined(separator: separator) }
        let casing = Gen<Bool>.bool
        let text = Gen<String>.oneOf(phrase.zip(casing).map { $1 ? $0.uppercased() : $0 }, spelled, Gen<String>.unicodeString(count: 0...30))
        property(text, cases: 3_000) { text in
            try requireEqual(ReadingStatus.fromExport(text), Self.modelStatus(text), "the status of \(String(reflecting: text))")
        }
        #expect(ReadingStatus.fromExport("  Currently_Reading\t") == .reading)
        #expect(ReadingStatus.fromExport("DID NOT FINISH") == .didNotFinish)
        #expect(ReadingStatus.fromExport("\u{A0}read\u{A0}") == .read)
        #expect(ReadingStatus.fromExport(String(repeating: "read", count: 7)) == nil)
    }

    @Test func badFieldsAreLeftOutWithWarningsAndTheBookIsStillRead() throws {
        let book = try Self.read(Self.goodreadsRow([
            "ISBN": "=\"0439023484\"", "ISBN13": "", "My Rating": "excellent", "Number of Pages": "-3",
            "Date Read": "2023/02/30", "Exclusive Shelf": "holiday-reads",
        ])).get()
        #expect(book.isbn == nil)
        #expect(book.rating == nil)
        #expect(book.pages == nil)
        #expect(book.dateRead == nil)
        #expect(book.readingStatus == nil)
        #expect(book.warnings.count == 5, "\(book.warnings)")
    }

    @Test func aRowWithoutTitleOrAuthorIsAnErrorWithItsNumber() {
        #expect(Self.read(Self.goodreadsRow(["Title": "  "])) == .failure(RowIssue(rowNumber: 7, reason: "the title is empty")))
        #expect(Self.read(Self.goodreadsRow(["Author": "", "Author l-f": ""])) == .failure(RowIssue(rowNumber: 7, reason: "the author is empty")))
    }

    @Test func aRowMissingMappedColumnsIsAnErrorAndExtraFieldsAreAWarning() throws {
        #expect(Self.read(Array(Self.goodreadsRow([:]).prefix(10))) == .failure(RowIssue(rowNumber: 7, reason: "the row has 10 fields but the header has 24")))
        let book = try Self.read(Self.goodreadsRow([:]) + ["extra"]).get()
        #expect(book.warnings == ["the row has 25 fields but the header has 24; the extra fields were ignored"])
    }
}
