import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The import's engine (`CSVImport/Internal/`) answers what the plain rules (`CSVImport/`) answer, on
/// generated inputs, hostile text and the export fixtures: the plain versions are the specification,
/// the engine is how the import meets its speed.
@Suite struct PlainAgainstEngineTests {
    // MARK: - Inputs

    /// Text from the alphabet every rule looks at: markers, colons, periods, commas, hyphens,
    /// apostrophes, digits, whitespace of every kind, letters and numbers of other scripts, combining
    /// marks, emoji and wide characters.
    static let hostileText = Gen<String>.string(
        of: Gen<Character>.element(of: Array(
            "aZ9 \t\r\n.,:;-'’#()[]éÉßЖж٣½Ⅻ①東京한\u{301}\u{0308}👩‍👩‍👧🇫🇷\u{A0}\u{2003}\u{3000}\u{85}\u{0B}\u{1F}\"=xX"
        )),
        count: 0...24
    )

    /// Titles: realistic and messy book titles, titles built from the characters of markers, and hostile text.
    static let titles = Gen<String>.oneOf(
        Gen<String>.bookTitle(style: .messy),
        Gen<String>.bookTitle(style: .realistic),
        Gen<String>.string(of: Gen<Character>.element(of: Array("ab (),#1:[].  -0")), count: 0...24),
        Gen<String>.unicodeString(count: 0...30),
        hostileText
    )

    /// The fixtures' titles and author fields: every export format, with their duplicates' respellings.
    static let fixtures: [ExportFixture] = [
        ExportFixture.goodreads(rows: 300, seed: 21, duplicateShare: 0.2),
        ExportFixture.libraryThing(rows: 120, seed: 22, columns: .seed, duplicateShare: 0.2),
        ExportFixture.libraryThing(rows: 120, seed: 23, tabSeparated: true, columns: .later, duplicateShare: 0.2),
        ExportFixture.storyGraph(rows: 120, seed: 24, duplicateShare: 0.2),
        ExportFixture.spreadsheet(rows: 120, seed: 25, duplicateShare: 0.2, extraFieldShare: 0.1),
    ]

    // MARK: - Title normalization

    static func requireSameNormalization(_ title: String) throws {
        let plain = TitleNormalization.normalizedForSearch(title)
        try requireEqual(TitleNormalizationEngine.normalizedForSearch(title), plain, "the engine's normalization of \(String(reflecting: title))")
        try requireEqual(
            TitleNormalizationEngine.normalizedForSearch(title, walk: .unicodeScalars), plain,
            "the engine's normalization of \(String(reflecting: title)), walking scalars")
        try requireEqual(TitleNormalizationEngine.distinctions(of: title), TitleNormalization.distinctions(of: title), "the distinctions of \(String(reflecting: title))")
    }

    @Test func titleNormalizationIsThePlainFiveSteps() {
        property(Self.titles, cases: 2_000) { title in try Self.requireSameNormalization(title) }
    }

    @Test func titleNormalizationIsThePlainFiveStepsOnTheFixtures() throws {
        for fixture in Self.fixtures {
            let column = fixture.header.firstIndex { $0.lowercased() == "title" } ?? 0
            for record in fixture.records { try Self.requireSameNormalization(record[column]) }
        }
    }

    // MARK: - ISBNs

    /// ISBN fields: valid ISBNs in every formatting exports use, Goodreads' guarded fields, invalid
    /// ones, text of ISBN characters and hostile text.
    static let isbnFields = Gen<String>.oneOf(
        Gen<String>.formattedISBN(Gen<String>.isbn13),
        Gen<String>.formattedISBN(Gen<String>.isbn10),
        Gen<String>.goodreadsISBNField(Gen<String>.oneOf(Gen<String>.isbn10, Gen<String>.isbn13)),
        Gen<String>.invalidISBN,
        Gen<String>.string(of: Gen<Character>.element(of: Array("0123456789xX- \t=\"éa٣")), count: 0...16),
        hostileText
    )

    static func requireSameISBN(_ field: String) throws {
        try requireEqual(ISBNValueEngine.parse(field), ISBNValue.parse(field), "the engine's reading of \(String(reflecting: field))")
        try requireEqual(
            ISBNValueEngine.isWrittenWithISBNCharacters(field.utf8), ISBNValue.isWrittenWithISBNCharacters(field),
            "whether \(String(reflecting: field)) is written with ISBN characters")
    }

    @Test func isbnReadingIsThePlainReading() {
        property(Self.isbnFields, cases: 2_000) { field in try Self.requireSameISBN(field) }
    }

    @Test func isbnReadingIsThePlainReadingOnTheFixtures() throws {
        for fixture in Self.fixtures {
            let columns = fixture.header.indices.filter { fixture.header[$0].lowercased().hasPrefix("isbn") }
            for record in fixture.records {
                for column in columns where column < record.count { try Self.requireSameISBN(record[column]) }
            }
        }
    }
}
