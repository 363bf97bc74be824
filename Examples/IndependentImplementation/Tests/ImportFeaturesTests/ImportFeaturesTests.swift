import Testing
@testable import ImportFeatures

// Unit tests written from seeds 004 (CSV Import & Enrichment) and 001 (DTOMapper work cache).

@Suite struct TitleNormalizationTests {
    @Test(arguments: [
        ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "Harry Potter and the Sorcerer's Stone"),
        ("The Hobbit [Special Edition]", "The Hobbit"),
        ("Sapiens: A Brief History of Humankind", "Sapiens"),
        ("Dept. of Speculation", "Dept of Speculation"),
        ("  The   Martian  ", "The Martian"),
        ("The Eye of the World (The Wheel of Time, #1) [Deluxe Edition]", "The Eye of the World"),
        ("New Spring (The Wheel of Time, #0.5)", "New Spring"),
        ("Dune: Part", "Dune: Part"),          // 10 characters: the subtitle stays
        ("U.S.A. Trilogy", "USA Trilogy"),
        ("Version 2.0", "Version 2.0"),
    ])
    func seedExamples(title: String, expected: String) {
        #expect(title.normalizedTitleForSearch == expected)
    }

    @Test func parenthesesWithoutSeriesNumberStay() {
        #expect("Dune (Deluxe)".normalizedTitleForSearch == "Dune (Deluxe)")
    }

    @Test func neverEmpty() {
        #expect("[Boxed Set]".normalizedTitleForSearch == "[Boxed Set]")
    }
}

@Suite struct ISBNTests {
    @Test func goodreadsGuard() {
        #expect(ISBNField.read("=\"0525540679\"") == .valid(ISBN(thirteen: "9780525540670", ten: "0525540679")))
        #expect(ISBNField.read("=\"\"") == .empty)
        #expect(ISBNField.read("") == .empty)
        #expect(ISBNField.read("   ") == .empty)
    }

    @Test func bothForms() {
        #expect(ISBNField.read("978-0-8044-2957-3") == .valid(ISBN(thirteen: "9780804429573", ten: "080442957X")))
        #expect(ISBNField.read("0 8044 2957 x") == .valid(ISBN(thirteen: "9780804429573", ten: "080442957X")))
        #expect(ISBNField.read("9791032305690") == .valid(ISBN(thirteen: "9791032305690", ten: nil)))
    }

    @Test func invalid() {
        #expect(ISBNField.read("0525540678") == .invalid)       // check digit
        #expect(ISBNField.read("12345") == .invalid)            // length
        #expect(ISBNField.read("9770000000001") == .invalid)     // not 978/979
        #expect(ISBNField.read("X525540679") == .invalid)        // misplaced X
        #expect(ISBNField.read("ISBN 0525540679") == .invalid)
    }
}

@Suite struct CSVParsingTests {
    static func chunked(_ text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    static let goodreads = "\u{FEFF}Book Id,Title,Author,ISBN,My Rating,Exclusive Shelf\r\n"
        + "1,\"The Martian\",Andy Weir,\"=\"\"0553418025\"\"\",5,read\r\n"
        + "2,\"Harry Potter and the Sorcerer's Stone (Harry Potter, #1)\",J.K. Rowling,\"=\"\"\"\"\",4,to-read\r\n"
        + "3,\"Line\nbreak\",Someone,,0,read\r\n"

    @Test(arguments: [1, 2, 3, 7, 64, 10_000])
    func sameRecordsWhateverTheChunking(size: Int) {
        let read = StreamingCSVParser.parse(chunks: Self.chunked(Self.goodreads, size: size))
        #expect(read.error == nil)
        #expect(read.records == [
            ["Book Id", "Title", "Author", "ISBN", "My Rating", "Exclusive Shelf"],
            ["1", "The Martian", "Andy Weir", "=\"0553418025\"", "5", "read"],
            ["2", "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "J.K. Rowling", "=\"\"", "4", "to-read"],
            ["3", "Line\nbreak", "Someone", "", "0", "read"],
        ])
    }

    @Test func emptyChunksAndBlankLines() {
        let read = StreamingCSVParser.parse(chunks: [[], Array("a,b\n\n".utf8), [], Array("c,d".utf8), []])
        #expect(read.records == [["a", "b"], ["c", "d"]])
        #expect(read.error == nil)
    }

    @Test func tabDelimited() {
        let read = StreamingCSVParser.parse(chunks: [Array("Title\tPrimary Author\nDune\tHerbert, Frank\n".utf8)], delimiter: 0x09)
        #expect(read.records == [["Title", "Primary Author"], ["Dune", "Herbert, Frank"]])
    }

    @Test func unterminatedQuoteKeepsEarlierRecords() {
        let read = StreamingCSVParser.parse(chunks: [Array("a,b\n\"open,c\n".utf8)])
        #expect(read.records == [["a", "b"]])
        #expect(read.error == CSVParsingError(kind: .unterminatedQuotedField, offset: 4, record: 2, line: 2))
    }

    @Test func textAfterClosingQuote() {
        let read = StreamingCSVParser.parse(chunks: [Array("a,b\n\"x\"y,c\n".utf8)])
        #expect(read.error == CSVParsingError(kind: .textAfterClosingQuote, offset: 7, record: 2, line: 2))
    }

    @Test func notText() {
        #expect(StreamingCSVParser.parse(chunks: [[0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]]).error?.kind == .notCSV)
        #expect(StreamingCSVParser.parse(chunks: [[0xFF, 0xFE, 0x41, 0x00]]).error?.kind == .notCSV)
        #expect(StreamingCSVParser.parse(chunks: [Array("a,b\nc".utf8) + [0]]).error == CSVParsingError(kind: .notCSV, offset: 5, record: 2, line: 2))
    }

    @Test func invalidUTF8() {
        let read = StreamingCSVParser.parse(chunks: [Array("a,b\nc".utf8) + [0xC3], Array("(".utf8)])
        #expect(read.records == [["a", "b"]])
        #expect(read.error == CSVParsingError(kind: .invalidUTF8, offset: 5, record: 2, line: 2))
    }

    @Test func tooManyColumns() {
        let row = Array(repeating: "x", count: CSVLimits.columnsMax + 1).joined(separator: ",")
        let read = StreamingCSVParser.parse(chunks: [Array("a\n\(row)\n".utf8)])
        #expect(read.error?.kind == .tooManyColumns)
        #expect(read.records == [["a"]])
    }
}

@Suite struct FormatDetectionTests {
    @Test func goodreads() throws {
        let header = ["Book Id", "Title", "Author", "Author l-f", "Additional Authors", "ISBN", "ISBN13", "My Rating",
                      "Average Rating", "Publisher", "Binding", "Number of Pages", "Year Published", "Original Publication Year",
                      "Date Read", "Date Added", "Bookshelves", "Bookshelves with positions", "Exclusive Shelf", "My Review",
                      "Spoiler", "Private Notes", "Read Count", "Owned Copies"]
        let found = try CSVFormatDetector.detect(header: header).get()
        #expect(found.source == .goodreads)
        #expect(found.confidence == 1)
        #expect(found.columns.title == 1 && found.columns.author == 2 && found.columns.isbn10 == 5 && found.columns.isbn13 == 6)
        #expect(found.columns.rating == 7 && found.columns.readingStatus == 18 && found.columns.dateRead == 14)
    }

    @Test func libraryThing() throws {
        let found = try CSVFormatDetector.detect(header: ["TITLE", "AUTHOR (first, last)", "ISBN", "RATING"]).get()
        #expect(found.source == .libraryThing)
        #expect(found.columns.author == 1 && found.columns.isbn == 2 && found.columns.rating == 3)
    }

    @Test func storyGraph() throws {
        let found = try CSVFormatDetector.detect(header: ["Title", "Authors", "Contributors", "ISBN/UID", "Format", "Read Status", "Star Rating"]).get()
        #expect(found.source == .storyGraph)
        #expect(found.columns.authorIsList && found.columns.isbnMayHoldOtherIdentifiers)
        #expect(found.columns.readingStatus == 5 && found.columns.rating == 6)
    }

    @Test func spreadsheetAndUnknown() throws {
        let sheet = try CSVFormatDetector.detect(header: ["Title", "Author", "Notes", "Shelf Location"]).get()
        #expect(sheet.source == .spreadsheet)
        #expect(sheet.confidence == 0.5)
        #expect(throws: MissingRequiredColumns.self) { try CSVFormatDetector.detect(header: ["Name of thing", "Price"]).get() }
        let failure = CSVFormatDetector.detect(header: ["Title", "Year"])
        #expect(failure == .failure(MissingRequiredColumns(missing: ["Author"], header: ["Title", "Year"])))
    }
}

@Suite struct DuplicateDetectionTests {
    func library() -> DuplicateDetector<Int> {
        var d = DuplicateDetector<Int>()
        d.add(BookFingerprint(title: "The Martian", authors: ["Andy Weir"], isbnField: "0553418025"), work: 1)
        d.add(BookFingerprint(title: "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", authors: ["J.K. Rowling"]), work: 2)
        d.add(BookFingerprint(title: "Foundation: Book One", authors: ["Isaac Asimov"]), work: 3)
        return d
    }

    @Test func tier1ExactIgnoringCase() {
        #expect(library().match(for: BookFingerprint(title: "the martian", authors: ["ANDY WEIR"])) == .exactMatch(1, tier: .exactTitleAndAuthor))
    }

    @Test func tier2ISBNAcrossForms() {
        let match = library().match(for: BookFingerprint(title: "The Martian: A Novel", authors: ["Weir"], isbnField: "=\"9780553418026\""))
        #expect(match == .exactMatch(1, tier: .isbn))
    }

    @Test func tier3NormalizedTitleSimilarAuthor() {
        let match = library().match(for: BookFingerprint(title: "Harry Potter and the Sorcerer's Stone", authors: ["J. K. Rowling"]))
        #expect(match.work == 2 && match.tier == .normalizedTitleAndSimilarAuthor)
    }

    @Test func tier3Guards() {
        let d = library()
        #expect(d.match(for: BookFingerprint(title: "Harry Potter and the Sorcerer's Stone (Harry Potter, #2)", authors: ["J.K. Rowling"])) == .noDuplicate)
        #expect(d.match(for: BookFingerprint(title: "Foundation: Book Two", authors: ["Isaac Asimov"])) == .noDuplicate)
        #expect(d.match(for: BookFingerprint(title: "The Martian", authors: ["Andy Weir."], isbnField: "9780804429573")) == .noDuplicate)
        #expect(d.match(for: BookFingerprint(title: "Harry Potter and the Sorcerer's Stone", authors: ["Stephen King"])) == .noDuplicate)
    }
}

// Seed 001, Task 5: the DTOMapper cache tests, over the in-memory store.
@Suite struct DTOMapperCacheTests {
    func makeMapper() -> (ModelContext, DTOMapper) {
        let context = ModelContext(ModelContainer())
        return (context, DTOMapper(modelContext: context))
    }

    func makeTestWorkDTO(title: String = "Test Work", volumeIDs: [String] = ["test-volume-1"]) -> WorkDTO {
        WorkDTO(title: title, originalLanguage: "en", firstPublicationYear: 2024, primaryProvider: "google-books",
                googleBooksVolumeID: volumeIDs.first, googleBooksVolumeIDs: volumeIDs, contributors: ["google-books"])
    }

    @Test func cacheHitWithValidWork() throws {
        let (_, mapper) = makeMapper()
        let work1 = try mapper.mapToWork(makeTestWorkDTO(title: "First Work", volumeIDs: ["vol-123"]))
        let work2 = try mapper.mapToWork(makeTestWorkDTO(title: "Second Work", volumeIDs: ["vol-123"]))
        #expect(work1.persistentModelID == work2.persistentModelID)
        #expect(work2.title == "First Work")
    }

    @Test func cacheHitWithMultipleVolumeIDs() throws {
        let (_, mapper) = makeMapper()
        let work1 = try mapper.mapToWork(makeTestWorkDTO(title: "Multi-Volume Work", volumeIDs: ["vol-1", "vol-2", "vol-3"]))
        let work2 = try mapper.mapToWork(makeTestWorkDTO(title: "Should Find Existing", volumeIDs: ["vol-2"]))
        #expect(work1.persistentModelID == work2.persistentModelID)
    }

    @Test func cacheEvictsDeletedWork() throws {
        let (context, mapper) = makeMapper()
        let work1 = try mapper.mapToWork(makeTestWorkDTO(title: "Original Work", volumeIDs: ["vol-deleted"]))
        try context.delete(work1.persistentModelID)
        try context.save()
        let work2 = try mapper.mapToWork(makeTestWorkDTO(title: "New Work After Deletion", volumeIDs: ["vol-deleted"]))
        #expect(work2.persistentModelID != work1.persistentModelID)
        #expect(work2.title == "New Work After Deletion")
    }

    @Test func allVolumeIDsEvictedOnDeletion() throws {
        let (context, mapper) = makeMapper()
        let work1 = try mapper.mapToWork(makeTestWorkDTO(title: "Multi-ID Work", volumeIDs: ["vol-a", "vol-b", "vol-c"]))
        try context.delete(work1.persistentModelID)
        try context.save()
        let work2 = try mapper.mapToWork(makeTestWorkDTO(title: "New Work A", volumeIDs: ["vol-a"]))
        let work3 = try mapper.mapToWork(makeTestWorkDTO(title: "New Work B", volumeIDs: ["vol-b"]))
        let work4 = try mapper.mapToWork(makeTestWorkDTO(title: "New Work C", volumeIDs: ["vol-c"]))
        #expect(work2.persistentModelID != work3.persistentModelID)
        #expect(work3.persistentModelID != work4.persistentModelID)
        #expect(work2.persistentModelID != work4.persistentModelID)
    }

    @Test func cacheMissCreatesNewWork() throws {
        let (_, mapper) = makeMapper()
        let work1 = try mapper.mapToWork(makeTestWorkDTO(title: "Work 1", volumeIDs: ["vol-1"]))
        let work2 = try mapper.mapToWork(makeTestWorkDTO(title: "Work 2", volumeIDs: ["vol-2"]))
        #expect(work1.persistentModelID != work2.persistentModelID)
        #expect(work1.title == "Work 1" && work2.title == "Work 2")
    }

    @Test func clearCacheRemovesAllEntries() throws {
        let (context, mapper) = makeMapper()
        _ = try mapper.mapToWork(makeTestWorkDTO(title: "Work 1", volumeIDs: ["vol-1"]))
        _ = try mapper.mapToWork(makeTestWorkDTO(title: "Work 2", volumeIDs: ["vol-2"]))
        mapper.clearCache()
        let work3 = try mapper.mapToWork(makeTestWorkDTO(title: "Work 1 Repeat", volumeIDs: ["vol-1"]))
        let work4 = try mapper.mapToWork(makeTestWorkDTO(title: "Work 2 Repeat", volumeIDs: ["vol-2"]))
        #expect(work3.title == "Work 1 Repeat" && work4.title == "Work 2 Repeat")
        #expect(context.workCount == 4)
    }

    @Test func rollbackNeverLeadsToAnotherWork() throws {
        let (context, mapper) = makeMapper()
        let unsaved = try mapper.mapToWork(makeTestWorkDTO(title: "Unsaved", volumeIDs: ["vol-1"]))
        context.rollback()
        #expect(context.model(for: unsaved.persistentModelID) == nil)
        let other = try mapper.mapToWork(makeTestWorkDTO(title: "Other", volumeIDs: ["vol-2"]))
        #expect(other.persistentModelID != unsaved.persistentModelID)
        let again = try mapper.mapToWork(makeTestWorkDTO(title: "Again", volumeIDs: ["vol-1"]))
        #expect(again.title == "Again")
    }

    @Test func hitLearnsTheDTOsOtherVolumes() throws {
        let (context, mapper) = makeMapper()
        let work = try mapper.mapToWork(makeTestWorkDTO(title: "Dune", volumeIDs: ["v1"]))
        _ = try mapper.mapToWork(makeTestWorkDTO(title: "Dune (reissue)", volumeIDs: ["v1", "v2"]))
        #expect(context.model(for: work.persistentModelID)?.googleBooksVolumeIDs == ["v1", "v2"])
        #expect(try mapper.mapToWork(makeTestWorkDTO(title: "x", volumeIDs: ["v2"])).persistentModelID == work.persistentModelID)
    }
}
