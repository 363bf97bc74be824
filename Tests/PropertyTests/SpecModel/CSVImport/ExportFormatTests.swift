import SpecModel
import Testing

/// Format detection with a confidence, and the manual mapping for unknown headers (seed 004_…, User
/// Story 1; production-notes.md's real headers).
@Suite struct ExportFormatTests {
    @Test func theGoodreadsHeaderIsGoodreadsWithFullConfidence() throws {
        let detection = try FormatDetection.detect(header: ExportFormat.goodreadsColumns)
        #expect(detection.format == .goodreads)
        #expect(detection.confidence == 1)
        #expect(detection.mapping.title == 1)
        #expect(detection.mapping.author == 2)
        #expect(detection.mapping.authorLastFirst == 3)
        #expect(detection.mapping.isbn10 == 5 && detection.mapping.isbn13 == 6)
        #expect(detection.mapping.rating == 7 && detection.mapping.zeroRatingIsUnrated)
        #expect(detection.mapping.readingStatus == 18)
    }

    /// Decision D-118: the columns the seed's acceptance criteria name for a format make it that format,
    /// so StoryGraph's five keep `ISBN/UID`'s meaning (D-066) and Goodreads' five its unrated zero.
    @Test func theSeedsFiveColumnsAreEachFormat() throws {
        let storyGraph = try FormatDetection.detect(header: ExportFormat.storyGraphSeedColumns)
        #expect(storyGraph.format == .storyGraph && storyGraph.confidence == 5.0 / 15)
        #expect(storyGraph.mapping.isbn == 2 && storyGraph.mapping.isbnColumnHoldsOtherIdentifiers && storyGraph.mapping.authorColumnIsList)
        let goodreads = try FormatDetection.detect(header: ExportFormat.goodreadsSeedColumns)
        #expect(goodreads.format == .goodreads && goodreads.confidence == 5.0 / 24)
        #expect(goodreads.mapping.rating == 3 && goodreads.mapping.zeroRatingIsUnrated && goodreads.mapping.readingStatus == 4)
        // Four of the five are not: a spreadsheet that shares names with a format stays a spreadsheet.
        #expect(try FormatDetection.detect(header: ["Title", "Authors", "ISBN/UID", "Star Rating"]).format == .generic)
        #expect(try FormatDetection.detect(header: ["Title", "Author", "ISBN", "My Rating"]).format == .generic)
    }

    /// Issue 22: the "missing columns" message is bounded, whatever the header: at most 300 bytes
    /// of column names (each cut at 60 bytes), and a count of the rest.
    @Test func theMissingColumnsMessageIsBoundedAndCountsTheRest() {
        let huge = MissingColumns(missing: ["Author"], found: ["Title"] + (0..<500).map { "Column \($0) " + String(repeating: "x", count: 2_000) })
        let text = huge.description
        #expect(text.utf8.count < 600)
        #expect(text.hasSuffix(", and 496 more"), "\(text)")
        #expect(text.contains("Title, Column 0 " + String(repeating: "x", count: 51) + "…"))
        let small = MissingColumns(missing: ["Title", "Author"], found: ["Name", "Writer?"])
        #expect(small.description == "This file has no Title or Author column. A book list needs a Title column and an Author column; the columns found are: Name, Writer?")
        #expect(MissingColumns(missing: ["Title"], found: []).description.hasSuffix("the columns found are: none"))
    }

    /// The bounds are in bytes: a name of one `Character` carrying a thousand combining marks is cut to
    /// 60 bytes like any other (found by the import fuzz target). A name of exactly 60 bytes is shown
    /// whole, one of 61 is cut.
    @Test func theMissingColumnsBoundsAreInBytesNotCharacters() {
        let marks = "e" + String(repeating: "\u{0301}", count: 1_000)
        let text = MissingColumns(missing: ["Title"], found: [marks, marks, marks]).description
        #expect(text.utf8.count < 500, "\(text.utf8.count) bytes")
        let sixty = String(repeating: "y", count: 60)
        #expect(MissingColumns(missing: ["Title"], found: [sixty]).description.hasSuffix(": " + sixty))
        #expect(MissingColumns(missing: ["Title"], found: [sixty + "z"]).description.hasSuffix(": " + sixty + "…"))
        // A two-byte scalar that would end past byte 60 is left out whole, never split.
        let split = String(repeating: "y", count: 59) + "é"
        #expect(MissingColumns(missing: ["Title"], found: [split]).description.hasSuffix(": " + String(repeating: "y", count: 59) + "…"))
    }

    @Test func theSeedsLibraryThingHeaderIsLibraryThing() throws {
        let detection = try FormatDetection.detect(header: ["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"])
        #expect(detection.format == .libraryThing)
        #expect(detection.confidence == 1)
        #expect(detection.mapping.isbn == 2)
    }

    @Test func theLaterLibraryThingHeaderIsLibraryThing() throws {
        let detection = try FormatDetection.detect(header: ["Book Id", "Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags", "Collections"])
        #expect(detection.format == .libraryThing)
        // The later `Primary Author` is written "Last, First".
        #expect(detection.mapping.author == nil)
        #expect(detection.mapping.authorLastFirst == 2)
        let fields = ["1", "Long Bright River", "Moore, Liz", "", "", "", "", "", ""]
        let book = try BookRowReader.read(fields: fields, rowNumber: 2, headerCount: 9, mapping: detection.mapping).get()
        #expect(book.authors == ["Liz Moore"])
    }

    @Test func theStoryGraphHeaderIsStoryGraphWithAnAuthorList() throws {
        let detection = try FormatDetection.detect(header: ExportFormat.storyGraphColumns)
        #expect(detection.format == .storyGraph)
        #expect(detection.confidence == 1)
        #expect(detection.mapping.authorColumnIsList)
        #expect(detection.mapping.isbn == 2)
    }

    @Test func aPartialHeaderKeepsItsFormatWithLowerConfidence() throws {
        var header = ExportFormat.goodreadsColumns
        header.removeLast(6)
        let detection = try FormatDetection.detect(header: header)
        #expect(detection.format == .goodreads)
        #expect(detection.confidence == 18.0 / 24.0)
    }

    @Test(arguments: [
        (["Title", "Author", "ISBN"], 0, 1),
        (["year", "title", "author", "isbn13"], 1, 2),
        ([" Book Title ", "Writer", "ISBN-13", "Pages"], 0, 1),
    ])
    func handMadeSpreadsheetsAreReadByColumnNames(header: [String], title: Int, author: Int) throws {
        let detection = try FormatDetection.detect(header: header)
        #expect(detection.format == .generic)
        #expect(detection.mapping.title == title)
        #expect(detection.mapping.author == author)
        #expect(detection.confidence > 0 && detection.confidence <= 1)
    }

    @Test func aHeaderWithoutTitleOrAuthorListsWhatIsRequired() {
        #expect(throws: MissingColumns(missing: ["Title", "Author"], found: ["Name of thing", "Score"])) {
            try FormatDetection.detect(header: ["Name of thing", "Score"])
        }
        let message = MissingColumns(missing: ["Author"], found: ["Title", "ISBN"]).description
        #expect(message.contains("needs a Title column and an Author column"))
        #expect(message.contains("Title, ISBN"))
    }

    @Test func anUnknownHeaderCanBeMappedByHand() throws {
        let header = ["Name of thing", "Creator", "Code", "Score"]
        let mapping = try ColumnMapping.manual(header: header, title: "Name of thing", author: "Creator", isbn: "Code", rating: "Score")
        #expect(mapping.title == 0 && mapping.author == 1 && mapping.isbn == 2 && mapping.rating == 3)
        #expect(throws: MissingColumns(missing: ["Writer"], found: header)) {
            try ColumnMapping.manual(header: header, title: "Name of thing", author: "Writer")
        }
    }
}
