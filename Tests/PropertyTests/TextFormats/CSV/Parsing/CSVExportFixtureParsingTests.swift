import Fixtures
import SpecModel
import Testing
import Workloads

/// Realistic exports of the three services and a hand-made spreadsheet parse to exactly the records
/// their builders wrote, in any chunking (Seed: 004_…, User Story 1, the three exports' columns;
/// User Story 2, duplicates; Testing Strategy, "CSV parsing - Goodreads/LibraryThing/StoryGraph").
@Suite struct CSVExportFixtureParsingTests {
    static let fixtures: [(String, ExportFixture)] = [
        ("Goodreads", ExportFixture.goodreads(rows: 300, seed: 1, duplicateShare: 0.1)),
        ("LibraryThing, seed columns", ExportFixture.libraryThing(rows: 300, seed: 2)),
        ("LibraryThing, later columns, tab-separated", ExportFixture.libraryThing(rows: 300, seed: 3, tabSeparated: true, columns: .later)),
        ("StoryGraph", ExportFixture.storyGraph(rows: 300, seed: 4, duplicateShare: 0.1)),
        ("spreadsheet", ExportFixture.spreadsheet(rows: 300, seed: 5, duplicateShare: 0.1, extraFieldShare: 0.05)),
    ]

    @Test(arguments: fixtures.indices)
    func everyExportParsesToTheRecordsItsBuilderWrote(index: Int) throws {
        let (name, fixture) = Self.fixtures[index]
        let rows = try CSVParser.rows(in: fixture.bytes, dialect: fixture.dialect)
        #expect(rows.first?.fields == fixture.header, "\(name) header")
        #expect(rows.dropFirst().map(\.fields) == fixture.records, "\(name) records")
        #expect(fixture.books.count == fixture.records.count)
        #expect(CSVDialect.detect(in: fixture.bytes.prefix(4_096)) == fixture.dialect, "\(name) dialect")
        for chunk in [7, 4_096] {
            #expect(CSVParsing.parse(fixture.bytes, chunkSizes: [chunk], dialect: fixture.dialect) == CSVParsingOutcome(rows: rows), "\(name) in \(chunk)-byte chunks")
        }
        #expect(CSVParsing.read(fixture.bytes, dialect: fixture.dialect) == CSVParsingOutcome(rows: rows), "\(name) pulled")
    }

    /// A Goodreads export has the 24 columns in order, guarded ISBNs (about a quarter empty), and
    /// its books are what the rows hold.
    @Test func aGoodreadsExportLooksLikeTheRealOne() throws {
        let fixture = ExportFixture.goodreads(rows: 1_500, seed: 1_500, duplicateShare: 0.05)
        #expect(fixture.header.count == 24)
        #expect(fixture.header.first == "Book Id" && fixture.header.last == "Owned Copies")
        #expect(fixture.records.allSatisfy { $0.count == 24 })
        let isbnCells = fixture.records.map { $0[5] }
        #expect(isbnCells.allSatisfy { $0.hasPrefix("=\"") && $0.hasSuffix("\"") })
        let empty = isbnCells.filter { $0 == "=\"\"" }.count
        #expect((225...525).contains(empty), "\(empty) of 1,500 ISBN cells empty, expected about a quarter")
        #expect(fixture.bytes.firstRange(of: Array("\"=\"\"\"\"\"".utf8)) != nil, "an empty ISBN written as \"=\"\"\"\"\"")
        #expect(fixture.records.contains { $0[19].contains("\n") && $0[19].contains(",") }, "a review with a line break and a comma")
        #expect(fixture.records.contains { $0[1].hasSuffix(")") && $0[1].contains(", #") }, "a title with a series marker")
        #expect(Set(fixture.records.map { $0[18] }).isSuperset(of: ["read", "to-read", "currently-reading"]))
        #expect(Set(fixture.records.map { $0[7] }) == ["0", "1", "2", "3", "4", "5"])
        for (book, record) in zip(fixture.books, fixture.records) {
            #expect(book.title == record[1] && book.author == record[2] && book.status == record[18])
            #expect("=\"" + (book.isbn ?? "") + "\"" == record[5] && "=\"" + (book.isbn13 ?? "") + "\"" == record[6])
            #expect(book.ratingQuarterStars == (record[7] == "0" ? nil : Int(record[7])! * 4))
        }
    }

    /// Duplicates repeat an earlier original book, spelled another way.
    @Test func duplicateRowsRepeatAnEarlierBookInAnotherSpelling() {
        let fixture = ExportFixture.goodreads(rows: 1_000, seed: 9, duplicateShare: 0.2)
        let duplicates = fixture.books.enumerated().filter { $0.element.duplicateOf != nil }
        #expect((120...280).contains(duplicates.count), "\(duplicates.count) duplicates of 1,000 at a share of 0.2")
        #expect(Set(duplicates.compactMap(\.element.duplicateSpelling)) == Set(ExportFixture.DuplicateSpelling.allCases))
        for (index, book) in duplicates {
            let original = fixture.books[book.duplicateOf!]
            #expect(book.duplicateOf! < index && original.duplicateOf == nil)
            switch book.duplicateSpelling! {
            case .letterCase:
                #expect(book.title != original.title)
                #expect(book.title == original.title.uppercased() || book.title == original.title.lowercased())
            case .extraSpaces:
                #expect(book.title.split(separator: " ") == original.title.split(separator: " ") && book.title != original.title)
            case .isbnForm:
                #expect(book.title != original.title)
                #expect(book.isbn13 == original.isbn13 || book.isbn == original.isbn)
                #expect(book.isbn == nil || book.isbn13 == nil)
            }
        }
    }

    @Test func theSameSeedGivesTheSameFile() {
        #expect(ExportFixture.storyGraph(rows: 200, seed: 11).bytes == ExportFixture.storyGraph(rows: 200, seed: 11).bytes)
        #expect(ExportFixture.storyGraph(rows: 200, seed: 11).bytes != ExportFixture.storyGraph(rows: 200, seed: 12).bytes)
    }

    @Test func storyGraphRatingsAreQuarterStarsAndStatusesItsFive() {
        let fixture = ExportFixture.storyGraph(rows: 1_000, seed: 21)
        let ratings = Set(fixture.records.map { $0[11] })
        #expect(ratings.contains("3.75") && ratings.contains("4.0") && ratings.contains(""))
        #expect(Set(fixture.books.map(\.status)) == ["read", "currently-reading", "to-read", "did-not-finish", "paused"])
        #expect(fixture.books.contains { $0.isbn == nil }, "a StoryGraph UID in place of an ISBN")
    }

    @Test func aSpreadsheetHasHyphenatedISBNsAndSomeRowsWithAnExtraField() {
        let fixture = ExportFixture.spreadsheet(rows: 500, seed: 31, extraFieldShare: 0.05)
        #expect(fixture.header == ["Title", "Author", "ISBN-13"])
        #expect(fixture.records.allSatisfy { $0[2].isEmpty || ($0[2].hasPrefix("978-") || $0[2].hasPrefix("979-")) && $0[2].split(separator: "-").count == 5 })
        #expect(fixture.records.contains { $0.count == 4 })
        #expect(fixture.records.allSatisfy { (3...4).contains($0.count) })
    }
}
