import SpecModel
import Testing

/// Reading series data: OpenLibrary strings, Google Books entries, Goodreads title markers, places
/// and name keys (seed 002_…, "Series Auto-Detection", "Parsing Logic"; Decisions D-094 to D-098).
@Suite struct SeriesClaimTests {
    // MARK: - OpenLibrary strings

    static let openLibraryClaims: [(String, String, String)] = [
        // The seed's examples.
        ("Foundation #1", "Foundation", "1"),
        ("The Lord of the Rings #2", "The Lord of the Rings", "2"),
        // Spacing: none or any before `#`; the string is trimmed; the name's spaces collapse.
        ("Foundation#1", "Foundation", "1"),
        ("  Harry   Potter  #7  ", "Harry Potter", "7"),
        // The name runs to the last `#`.
        ("Book #1 Club #3", "Book #1 Club", "3"),
        ("Foundation #1, #2", "Foundation #1,", "2"),
        // Leading zeros, prequels, decimals (novellas) and ranges (omnibus editions).
        ("Discworld #007", "Discworld", "7"),
        ("The Wheel of Time #0", "The Wheel of Time", "0"),
        ("The Twilight Saga #0.5", "The Twilight Saga", "0.5"),
        ("Kingkiller #2.25", "Kingkiller", "2.25"),
        ("Kingkiller #2.250", "Kingkiller", "2.25"),
        ("The Lord of the Rings #1-3", "The Lord of the Rings", "1-3"),
        ("The Lord of the Rings #1\u{2013}3", "The Lord of the Rings", "1-3"),
        ("Foundation #9999", "Foundation", "9999"),
    ]

    @Test(arguments: openLibraryClaims)
    func anOpenLibraryStringGivesTheSeriesNameAndPlace(_ text: String, _ name: String, _ place: String) throws {
        guard case let .claim(claim) = SeriesClaim.parseOpenLibrary(text) else {
            Issue.record("\"\(text)\" did not parse: \(SeriesClaim.parseOpenLibrary(text))")
            return
        }
        #expect(claim.name == name)
        #expect(claim.place.description == place)
        #expect(claim.evidence == .openLibrary)
        #expect(claim.googleBooksSeriesID == nil)
        #expect(claim.totalBooks == nil)
    }

    static let unparseableOpenLibraryStrings = [
        "Foundation Book 1",            // the seed's example of a failure
        "Book 1 of The Expanse",        // the seed's unit-test edge case
        "Discworld",                    // a name without a number
        "Foundation # 1",               // space after `#`, as the seed's expression refuses
        "#1",                           // no name
        "!!! #1",                       // no letter or digit in the name
        "Foundation #",
        "Foundation #one",
        "Foundation #1.2345",           // more than three decimals
        "Foundation #1.",
        "Foundation #10000",            // past the largest number
        "Foundation #3-1",              // a range running backwards
        "Foundation #2-2",
        "Foundation #0-3",              // a range from 0
        "Foundation #1-101",            // an omnibus of more than 100 books
        "Foundation #1 (omnibus)",
    ]

    @Test(arguments: unparseableOpenLibraryStrings)
    func anOpenLibraryStringWithoutAHashAndPlaceIsAWarning(_ text: String) {
        guard case let .unparseable(warning) = SeriesClaim.parseOpenLibrary(text) else {
            Issue.record("\"\(text)\" parsed: \(SeriesClaim.parseOpenLibrary(text))")
            return
        }
        #expect(warning == .unparseableOpenLibrarySeries(SeriesName.cleaned(text)))
        #expect(warning.description.hasPrefix("series: OpenLibrary series"))
    }

    @Test func aBlankOpenLibraryStringIsNoSeriesAndNoWarning() {
        #expect(SeriesClaim.parseOpenLibrary("") == .noSeries)
        #expect(SeriesClaim.parseOpenLibrary("  \t ") == .noSeries)
    }

    @Test func anOverlongOpenLibraryNameOrStringIsRefusedAndTheWarningKeepsAnExcerpt() {
        let longName = String(repeating: "a", count: SeriesName.utf8BytesMax + 1)
        #expect(SeriesClaim.parseOpenLibrary(longName + " #1") == .unparseable(.nameTooLong(.openLibrary, utf8Bytes: SeriesName.utf8BytesMax + 1)))
        let huge = String(repeating: "b", count: SeriesClaim.openLibraryUTF8BytesMax) + " #1"
        guard case let .unparseable(.unparseableOpenLibrarySeries(excerpt)) = SeriesClaim.parseOpenLibrary(huge) else {
            Issue.record("an over-long string was not refused")
            return
        }
        #expect(excerpt.unicodeScalars.count == SeriesWarning.excerptScalarsMax)
    }

    // MARK: - Google Books

    @Test func aGoogleBooksEntryGivesItsIDOrderNumberAndTheLookupsNameAndTotal() {
        let parse = SeriesClaim.parseGoogleBooks(GoogleBooksVolumeSeries(seriesID: " HvfeEAAAQBAJ ", orderNumber: 1, seriesName: " Foundation ", totalBooks: 7))
        #expect(parse == .claim(SeriesClaim(name: "Foundation", googleBooksSeriesID: "HvfeEAAAQBAJ", place: SeriesPlace(1), totalBooks: 7, evidence: .googleBooks)))
        // Without a lookup the entry has no name; a total out of range is unknown.
        let bare = SeriesClaim.parseGoogleBooks(GoogleBooksVolumeSeries(seriesID: "X", orderNumber: 0, seriesName: "  ", totalBooks: 0))
        #expect(bare == .claim(SeriesClaim(name: nil, googleBooksSeriesID: "X", place: SeriesPlace(0), totalBooks: nil, evidence: .googleBooks)))
    }

    static let invalidGoogleBooksEntries: [(GoogleBooksVolumeSeries, SeriesWarning)] = [
        (GoogleBooksVolumeSeries(seriesID: "", orderNumber: 1), .invalidGoogleBooksSeries(seriesID: "", .missingSeriesID)),
        (GoogleBooksVolumeSeries(seriesID: " ", orderNumber: 1), .invalidGoogleBooksSeries(seriesID: "", .missingSeriesID)),
        (GoogleBooksVolumeSeries(seriesID: "X", orderNumber: nil), .invalidGoogleBooksSeries(seriesID: "X", .missingOrderNumber)),
        (GoogleBooksVolumeSeries(seriesID: "X", orderNumber: -1), .invalidGoogleBooksSeries(seriesID: "X", .orderNumberOutOfRange(-1))),
        (GoogleBooksVolumeSeries(seriesID: "X", orderNumber: 10_000), .invalidGoogleBooksSeries(seriesID: "X", .orderNumberOutOfRange(10_000))),
        (GoogleBooksVolumeSeries(seriesID: "X", orderNumber: 1, seriesName: String(repeating: "n", count: 201)), .nameTooLong(.googleBooks, utf8Bytes: 201)),
    ]

    @Test(arguments: invalidGoogleBooksEntries)
    func aGoogleBooksEntryWithoutAnIDOrAValidOrderNumberIsAWarning(_ entry: GoogleBooksVolumeSeries, _ warning: SeriesWarning) {
        #expect(SeriesClaim.parseGoogleBooks(entry) == .unparseable(warning))
    }

    // MARK: - Title markers

    static let titleMarkers: [(String, [String])] = [
        // The production notes' and the seed's examples.
        ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", ["Harry Potter #1"]),
        ("The Hunger Games (The Hunger Games, #1)", ["The Hunger Games #1"]),
        // No marker: stays unassigned.
        ("The Hobbit", []),
        ("The Hobbit, or There and Back Again", []),
        ("Emma (Penguin Classics)", []),
        ("The Great Gatsby [Special Edition]", []),
        ("Title (Series, # 3)", []),
        ("Title (Series #3)", []),
        ("(A, [x]#1)", []),
        ("Unclosed (Series, #1", []),
        ("Title (, #1)", []),
        // Names with commas run to the last comma; spacing inside.
        ("Title (Sun, Moon, Stars, #2)", ["Sun, Moon, Stars #2"]),
        ("Title (Series,#3)", ["Series #3"]),
        ("Title (  Spaced   Name ,   #4)", ["Spaced Name #4"]),
        // Decimals and ranges, which title normalization leaves in the title, are read here.
        ("Twilight (The Twilight Saga, #0.5)", ["The Twilight Saga #0.5"]),
        ("Omnibus (Series, #1-3)", ["Series #1-3"]),
        // Every marker; a `)` closes the nearest `(`.
        ("A (X, #1) B (Y, #22)", ["X #1", "Y #22"]),
        ("A (x (B, #1) C", ["B #1"]),
        ("The Hobbit (Middle-earth, #0) (Standalone, #1)", ["Middle-earth #0", "Standalone #1"]),
    ]

    @Test(arguments: titleMarkers)
    func aGoodreadsTitleMarkerGivesTheSeriesAndPlace(_ title: String, _ expected: [String]) {
        let found = SeriesClaim.titleMarkers(in: title).map { parse -> String in
            guard case let .claim(claim) = parse else { return "\(parse)" }
            #expect(claim.evidence == .titleMarker)
            return "\(claim.name ?? "?") #\(claim.place)"
        }
        #expect(found == expected)
    }

    @Test func aTitleIsShownWithoutItsMarkers() {
        #expect(SeriesClaim.titleWithoutMarkers("Golden Son (Red Rising Saga, #2)") == "Golden Son")
        #expect(SeriesClaim.titleWithoutMarkers("A (X, #1) B  (Y, #2-3)") == "A B")
        #expect(SeriesClaim.titleWithoutMarkers("Emma (Penguin Classics)") == "Emma (Penguin Classics)")
        #expect(SeriesClaim.titleWithoutMarkers("The Hobbit") == "The Hobbit")
    }

    // MARK: - Places

    @Test func placesOrderByFirstThenLastAndPrintAsWritten() {
        let places = [SeriesPlace(omnibus: 1...3), SeriesPlace(thousandths: 500), SeriesPlace(2), SeriesPlace(1), SeriesPlace(0), SeriesPlace(thousandths: 1_250)]
        #expect(places.sorted().map(\.description) == ["0", "0.5", "1", "1-3", "1.25", "2"])
        #expect(SeriesPlace(3).label == "Book 3")
        #expect(SeriesPlace(omnibus: 4...6).label == "Books 4-6")
        #expect(SeriesPlace(thousandths: 2_005).description == "2.005")
        #expect(SeriesPlace(thousandths: 2_050).description == "2.05")
    }

    @Test func onlyWholeNumbersFromOneAndOmnibusRangesAreCounted() {
        #expect(SeriesPlace(1).countedNumbers == 1...1)
        #expect(SeriesPlace(0).countedNumbers == nil)
        #expect(SeriesPlace(thousandths: 1_500).countedNumbers == nil)
        #expect(SeriesPlace(omnibus: 2...4).countedNumbers == 2...4)
        #expect(SeriesPlace(thousandths: 1_500).reachedNumber == 1)
        #expect(SeriesPlace(omnibus: 2...4).reachedNumber == 4)
    }

    // MARK: - Name keys

    static let sameSeries: [(String, String)] = [
        ("Harry Potter", "harry potter"),
        ("The Expanse", "Expanse"),
        ("The Expanse Series", "expanse"),
        ("Ender's Saga", "Enders Saga"),
        ("Ender’s Saga", "Enders Saga"),
        ("Sun, Moon & Stars", "sun moon stars"),
        ("  A   Song of Ice and Fire ", "A Song of Ice and Fire"),
        ("Élan", "élan"),
    ]

    @Test(arguments: sameSeries)
    func namesThatDifferOnlyInCaseArticlesPunctuationOrSeriesAreOneSeries(_ a: String, _ b: String) {
        #expect(SeriesName.key(a) == SeriesName.key(b))
        #expect(!SeriesName.key(a).isEmpty)
    }

    static let differentSeries: [(String, String)] = [
        ("Foundation", "Foundations"),
        ("Harry Potter", "Harry Potter 2"),
        ("Elan", "Élan"),
        ("The", "Series"),
    ]

    @Test(arguments: differentSeries)
    func namesThatDifferInALetterOrDigitAreTwoSeries(_ a: String, _ b: String) {
        #expect(SeriesName.key(a) != SeriesName.key(b))
    }

    @Test func aNameThatIsOnlyAnArticleOrSeriesKeepsTheWord() {
        #expect(SeriesName.key("The") == "the")
        #expect(SeriesName.key("Series") == "series")
        #expect(SeriesName.key("The Series") == "series")
        #expect(SeriesName.validated(" ?! ") == .failure(.empty))
    }
}
