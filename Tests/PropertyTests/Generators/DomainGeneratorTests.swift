import Generators
import SpecTesting
import Testing

/// The domain generators (ISBNs, UUIDs, dates, titles, names) produce only valid or deliberately
/// invalid values as documented, reach every messy feature they promise, replay deterministically,
/// and shrink to their plainest forms. Check digits and calendar facts are recomputed here
/// independently, so a wrong helper in the generators cannot vouch for itself.
@Suite struct DomainGeneratorTests {
    // MARK: - Independent oracles

    /// The digit values of an ISBN-10, "X" counting 10 in the last place; nil if malformed.
    static func isbn10Values(_ text: String) -> [Int]? {
        let characters = Array(text)
        guard characters.count == 10 else { return nil }
        var values: [Int] = []
        for (i, character) in characters.enumerated() {
            if i == 9, character == "X" { values.append(10); continue }
            guard let ascii = character.asciiValue, ascii >= 48, ascii <= 57 else { return nil }
            values.append(Int(ascii) - 48)
        }
        return values
    }

    /// ISBN-10 rule: the sum of digit times weight (10 down to 1) is divisible by 11.
    static func isValidISBN10(_ text: String) -> Bool {
        guard let values = isbn10Values(text) else { return false }
        return zip(values, (1...10).reversed()).map { $0 * $1 }.reduce(0, +) % 11 == 0
    }

    /// ISBN-13 rule: the sum of digits weighted 1, 3, 1, 3... is divisible by 10.
    static func isValidISBN13(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count == 13 else { return false }
        var sum = 0
        for (i, character) in characters.enumerated() {
            guard let ascii = character.asciiValue, ascii >= 48, ascii <= 57 else { return false }
            sum += (Int(ascii) - 48) * (i % 2 == 0 ? 1 : 3)
        }
        return sum % 10 == 0
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func monthLength(_ year: Int, _ month: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// The day after `date`, by counting, not by the epoch arithmetic under test.
    static func successor(_ date: CalendarDate) -> CalendarDate {
        if date.day < monthLength(date.year, date.month) { return CalendarDate(year: date.year, month: date.month, day: date.day + 1) }
        if date.month < 12 { return CalendarDate(year: date.year, month: date.month + 1, day: 1) }
        return CalendarDate(year: date.year + 1, month: 1, day: 1)
    }

    // MARK: - ISBNs

    @Test func isbn10AlwaysHasAValidCheckDigit() {
        property(
            Gen.isbn10, cases: 500,
            coverage: [CoverageRequirement("X check", atLeastPercent: 3)],
            labels: { $0.hasSuffix("X") ? ["X check"] : [] }
        ) { isbn in
            try require(Self.isValidISBN10(isbn), "\(isbn) fails the mod-11 rule")
            try require(ISBNCheckDigit.isValidISBN10(isbn), "\(isbn) rejected by ISBNCheckDigit")
        }
    }

    @Test func isbn13AlwaysHasAValidCheckDigit() {
        property(
            Gen.isbn13,
            coverage: [CoverageRequirement("978", atLeastPercent: 20), CoverageRequirement("979", atLeastPercent: 20)],
            labels: { [String($0.prefix(3))] }
        ) { isbn in
            try require(Self.isValidISBN13(isbn), "\(isbn) fails the mod-10 rule")
            try require(isbn.hasPrefix("978") || isbn.hasPrefix("979"), "\(isbn) has prefix \(isbn.prefix(3))")
            try require(ISBNCheckDigit.isValidISBN13(isbn), "\(isbn) rejected by ISBNCheckDigit")
        }
    }

    @Test func isbn10And13DenoteTheSameBook() {
        property(Gen.isbn10And13) { pair in
            try require(Self.isValidISBN10(pair.isbn10), "ISBN-10 \(pair.isbn10) invalid")
            try require(Self.isValidISBN13(pair.isbn13), "ISBN-13 \(pair.isbn13) invalid")
            try requireEqual(String(pair.isbn13.prefix(12)), "978" + pair.isbn10.prefix(9), "shared digits")
        }
    }

    // Published pairs: The Hunger Games as Goodreads exports it, and the hyphenation example.
    @Test(arguments: [("0439023483", "9780439023481"), ("0385550367", "9780385550369"), ("080442957X", "9780804429573")])
    func knownISBNPairsConvert(isbn10: String, isbn13: String) {
        #expect(ISBNPair(isbn10: isbn10).isbn13 == isbn13)
        #expect(ISBNCheckDigit.isbn10(String(isbn10.prefix(9))) == isbn10.last)
        #expect(ISBNCheckDigit.isbn13(String(isbn13.prefix(12))) == isbn13.last)
    }

    @Test func hyphenationSplitsPrefixGroupRegistrantPublicationAndCheck() {
        #expect(ISBNFormat.hyphenated.apply(to: "9780385550369", groupLength: 1, registrantLength: 3) == "978-0-385-55036-9")
        #expect(ISBNFormat.spaced.apply(to: "0385550367", groupLength: 1, registrantLength: 3) == "0 385 55036 7")
        #expect(ISBNFormat.excelWrapped.apply(to: "0439023483") == "=\"0439023483\"")
    }

    @Test func formattedISBNsStripBackToTheOriginal() {
        let formatted = Gen.oneOf(Gen.isbn10, Gen.isbn13).flatMap { isbn in
            Gen.formattedISBN(Gen.constant(isbn)).map { (isbn, $0) }
        }
        property(
            formatted, cases: 400,
            coverage: ["plain", "hyphenated", "spaced", "excel"].map { CoverageRequirement($0, atLeastPercent: 10) },
            labels: { _, text in
                if text.hasPrefix("=") { return ["excel"] }
                if text.contains("-") { return ["hyphenated"] }
                return [text.contains(" ") ? "spaced" : "plain"]
            }
        ) { isbn, text in
            if text.hasPrefix("=") {
                try requireEqual(text, "=\"" + isbn + "\"", "Excel-wrapped form")
                return
            }
            let groups = text.split(separator: text.contains("-") ? "-" : " ", omittingEmptySubsequences: false)
            try require(groups.allSatisfy { !$0.isEmpty }, "\(text) has an empty group")
            try require(groups.count == 1 || groups.count == (isbn.count == 13 ? 5 : 4), "\(text) has \(groups.count) groups")
            try requireEqual(groups.joined(), isbn, "digits of \(text)")
        }
    }

    @Test func goodreadsISBNFieldsAreExcelWrappedAndSometimesEmpty() {
        property(
            Gen.goodreadsISBNField(Gen.isbn13), cases: 300,
            coverage: [CoverageRequirement("empty", atLeastPercent: 5)],
            labels: { $0 == "=\"\"" ? ["empty"] : [] }
        ) { field in
            try require(field.hasPrefix("=\"") && field.hasSuffix("\""), "\(field) is not Excel-wrapped")
            let inner = String(field.dropFirst(2).dropLast())
            try require(inner.isEmpty || Self.isValidISBN13(inner), "\(inner) is not a valid ISBN-13")
        }
    }

    @Test func invalidISBNsAreNeverValidAndCoverEveryKindOfMistake() {
        property(
            Gen.invalidISBN, cases: 500,
            coverage: ["wrong check digit", "wrong length", "letters"].map { CoverageRequirement($0, atLeastPercent: 10) },
            labels: { text in
                if text.count != 10, text.count != 13 { return ["wrong length"] }
                if text.dropLast().contains(where: \.isLetter) { return ["letters"] }
                return ["wrong check digit"]
            }
        ) { text in
            try require(!Self.isValidISBN10(text), "\(text) is a valid ISBN-10")
            try require(!Self.isValidISBN13(text), "\(text) is a valid ISBN-13")
            try require(!ISBNCheckDigit.isValidISBN10(text) && !ISBNCheckDigit.isValidISBN13(text), "\(text) accepted by ISBNCheckDigit")
        }
    }

    // MARK: - UUIDs

    static func checkUUIDFormat(_ text: String, hexDigits: String) throws {
        let characters = Array(text)
        try requireEqual(characters.count, 36, "length of \(text)")
        for (i, character) in characters.enumerated() {
            if [8, 13, 18, 23].contains(i) {
                try requireEqual(character, "-", "position \(i) of \(text)")
            } else {
                try require(hexDigits.contains(character), "\(character) at \(i) of \(text) is not a hex digit")
            }
        }
        try requireEqual(characters[14], "4", "version nibble of \(text)")
        try require("89abAB".contains(characters[19]), "variant nibble \(characters[19]) of \(text)")
    }

    @Test func uuidsAreLowercaseVersion4WithTheRFC4122Variant() {
        property(Gen.uuidString) { try Self.checkUUIDFormat($0, hexDigits: "0123456789abcdef") }
    }

    @Test func uppercaseUUIDsAreUppercaseVersion4() {
        property(Gen.uppercaseUUIDString) { try Self.checkUUIDFormat($0, hexDigits: "0123456789ABCDEF") }
    }

    @Test func uuidVariantNibbleTakesAllFourValues() {
        property(
            Gen.uuidString, cases: 400,
            coverage: ["8", "9", "a", "b"].map { CoverageRequirement($0, atLeastPercent: 15) },
            labels: { [String(Array($0)[19])] }
        ) { _ in }
    }

    @Test func generatedUUIDsDoNotCollide() {
        let samples = Gen.uuidString.samples(2_000, seed: 5).compactMap { try? $0.get() }
        #expect(samples.count == 2_000)
        #expect(Set(samples).count == 2_000)
    }

    // MARK: - Dates

    @Test(arguments: [
        (1970, 1, 1, 0), (2000, 2, 29, 11_016), (2025, 10, 31, 20_392), (1969, 12, 31, -1),
        (1900, 3, 1, -25_508), (2000, 3, 1, 11_017), (1600, 1, 1, -135_140),
    ])
    func knownDatesHaveKnownDayNumbers(year: Int, month: Int, day: Int, days: Int) {
        let date = CalendarDate(year: year, month: month, day: day)
        #expect(date.daysSinceEpoch == days)
        #expect(CalendarDate(daysSinceEpoch: days) == date)
    }

    @Test func dayNumbersRoundTripAndCountOneDayAtATime() {
        property(Gen.int(in: -800_000...800_000)) { days in
            let date = CalendarDate(daysSinceEpoch: days)
            try requireEqual(date.daysSinceEpoch, days, "round trip through \(date)")
            try requireEqual(CalendarDate(daysSinceEpoch: days + 1), Self.successor(date), "the day after \(date)")
        }
    }

    @Test func calendarDatesAreValidAndRoundTripThroughDaysSinceEpoch() {
        property(
            Gen.calendarDate(years: 1896...2104), cases: 1_000,
            coverage: [CoverageRequirement("leap day", atLeastPercent: 0.5), CoverageRequirement("month end", atLeastPercent: 10)],
            labels: { date in
                var labels: [String] = []
                if date.month == 2, date.day == 29 { labels.append("leap day") }
                if date.day == Self.monthLength(date.year, date.month) { labels.append("month end") }
                return labels
            }
        ) { date in
            try require((1896...2104).contains(date.year), "year \(date.year)")
            try require((1...12).contains(date.month), "month \(date.month)")
            try require(date.day >= 1 && date.day <= Self.monthLength(date.year, date.month), "\(date) does not exist")
            try requireEqual(CalendarDate(daysSinceEpoch: date.daysSinceEpoch), date, "round trip")
            try requireEqual(CalendarDate(epochMilliseconds: date.epochMilliseconds), date, "milliseconds round trip")
        }
    }

    @Test func datesInARangeStayInIt() {
        let first = CalendarDate(year: 2023, month: 12, day: 30)
        let last = CalendarDate(year: 2024, month: 3, day: 1)
        property(Gen.calendarDate(in: first...last)) { date in
            try require(first <= date && date <= last, "\(date) outside \(first)...\(last)")
        }
    }

    @Test func dateFormatsAreGoodreadsSlashesAndISODashes() {
        property(Gen.calendarDate()) { date in
            let slashed = date.goodreadsText.split(separator: "/").map { Int($0) }
            try requireEqual(slashed, [date.year, date.month, date.day], "parts of \(date.goodreadsText)")
            try requireEqual(date.isoText.count, 10, "length of \(date.isoText)")
            try requireEqual(date.isoText, String(date.goodreadsText.map { $0 == "/" ? "-" : $0 }), "ISO form")
        }
        #expect(CalendarDate(year: 2025, month: 1, day: 5).goodreadsText == "2025/01/05")
        #expect(CalendarDate(year: 987, month: 10, day: 31).isoText == "0987-10-31")
    }

    @Test func epochMillisecondsFallOnTheDayThatContainsThem() {
        property(Gen.epochMilliseconds(years: 1950...2050)) { milliseconds in
            let date = CalendarDate(epochMilliseconds: milliseconds)
            try require((1950...2050).contains(date.year), "\(date) outside 1950...2050")
            try require(date.epochMilliseconds <= milliseconds, "\(date) starts after \(milliseconds)")
            try require(milliseconds < date.epochMilliseconds + CalendarDate.millisecondsPerDay, "\(date) ends before \(milliseconds)")
        }
        #expect(CalendarDate(epochMilliseconds: -1) == CalendarDate(year: 1969, month: 12, day: 31))
        property(Gen.epochMilliseconds(in: -5...5), label: "range") { try require((-5...5).contains($0), "\($0)") }
    }

    // MARK: - Titles

    static func titleLabels(_ title: BookTitle) -> [String] {
        let text = title.text
        var labels: [String] = []
        if let series = title.series {
            labels.append("series marker")
            if case .decimal = series.position { labels.append("decimal position") }
            if case .range = series.position { labels.append("range position") }
        }
        if title.subtitle != nil { labels.append("subtitle") }
        if title.edition != nil { labels.append("edition marker") }
        if ["Mr.", "Dept.", "Dr.", "St.", "Vol.", "U.S.", "etc.", "No."].contains(where: { text.lowercased().contains($0.lowercased()) }) {
            labels.append("abbreviation")
        }
        if title.mainTitle.contains(",") { labels.append("comma") }
        if text.contains("\"") || text.contains("“") { labels.append("double quote") }
        if text.hasPrefix(" ") { labels.append("leading space") }
        if text.hasSuffix(" ") { labels.append("trailing space") }
        if text.contains("  ") { labels.append("run of spaces") }
        if text.unicodeScalars.contains(where: { $0.value >= 0x1F000 }) { labels.append("emoji") }
        if text.unicodeScalars.contains(where: { !$0.isASCII }) { labels.append("non-ASCII") }
        if title.mainTitle.count > 3, title.mainTitle == title.mainTitle.uppercased() { labels.append("uppercase") }
        if title.mainTitle.count > 3, title.mainTitle == title.mainTitle.lowercased() { labels.append("lowercase") }
        // Title case never puts a capital right after a lowercase letter; random case does.
        let characters = Array(title.mainTitle)
        if zip(characters, characters.dropFirst()).contains(where: { $0.isLowercase && $1.isUppercase }) { labels.append("rAnDoM case") }
        return labels
    }

    @Test func messyTitlesProduceEveryMessyFeature() {
        let features: [(String, Double)] = [
            ("series marker", 15), ("decimal position", 0.5), ("range position", 0.5), ("subtitle", 15),
            ("edition marker", 15), ("abbreviation", 3), ("comma", 5), ("double quote", 3), ("leading space", 5),
            ("trailing space", 5), ("run of spaces", 10), ("emoji", 3), ("non-ASCII", 15), ("uppercase", 2), ("lowercase", 2),
            ("rAnDoM case", 1),
        ]
        property(
            Gen.bookTitleParts(style: .messy), cases: 1_000,
            coverage: features.map { CoverageRequirement($0.0, atLeastPercent: $0.1) },
            labels: Self.titleLabels
        ) { title in
            try require(!title.text.trimmingSpaces.isEmpty, "blank title")
            try require(title.text.contains(title.mainTitle), "\(title) lacks its main title")
            if let series = title.series {
                try require(title.text.trimmingTrailingSpaces.hasSuffix(series.text), "\(title) does not end with \(series.text)")
            }
            if let edition = title.edition { try require(title.text.contains(edition), "\(title) lacks \(edition)") }
            if let subtitle = title.subtitle { try require(title.text.contains(":"), "\(title) lacks the colon before \(subtitle)") }
        }
    }

    @Test func cleanTitlesAreTitleCasedASCIIWordsWithSingleSpaces() {
        property(Gen.bookTitle(style: .clean)) { text in
            try require(text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic && $0.isASCII || $0 == " " }, "\(text) has more than ASCII letters and spaces")
            try require(!text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.contains("  "), "\(text.debugDescription) has stray spaces")
            try require(text.first?.isUppercase == true, "\(text) does not start with a capital")
        }
    }

    @Test func realisticTitlesHaveTidySpacingAndCase() {
        property(Gen.bookTitleParts(style: .realistic)) { title in
            try require(!title.text.hasPrefix(" ") && !title.text.hasSuffix(" ") && !title.text.contains("  "), "\(title) has stray spaces")
            try require(!title.text.unicodeScalars.contains { $0.value >= 0x1F000 }, "\(title) has an emoji")
        }
    }

    @Test func aTitleWithASeriesMarkerShrinksToTheSimplestMarker() {
        let report = checkProperty(Gen.bookTitleParts(style: .messy), settings: PropertySettings(name: "series", cases: 200), describe: \.text) { title in
            try require(title.series == nil, "has a series marker")
        }
        #expect(report.failure?.shrunk == "A (A, #1)")
    }

    @Test func aTitleTextWithAHashShrinksToTheSimplestSeriesMarker() {
        let report = checkProperty(Gen.bookTitle, settings: PropertySettings(name: "hash", cases: 200), describe: { $0 }) { text in
            try require(!text.contains("#"), "has #")
        }
        #expect(report.failure?.shrunk == "A (A, #1)")
    }

    // MARK: - Author names

    static func nameLabels(_ text: String) -> [String] {
        var labels: [String] = []
        if text.contains(",") { labels.append("last, first") }
        // An initial is a token of letters each followed by a period: "J.", "J.R.R.".
        let isInitials = { (token: Substring) in
            token.count >= 2 && token.count % 2 == 0
                && token.enumerated().allSatisfy { i, character in i % 2 == 0 ? character.isLetter : character == "." }
        }
        if text.split(separator: " ").contains(where: isInitials) { labels.append("initials") }
        if text.contains("  ") { labels.append("run of spaces") }
        if text.hasPrefix(" ") || text.hasSuffix(" ") { labels.append("edge space") }
        if text.unicodeScalars.contains(where: { !$0.isASCII }) { labels.append("non-ASCII") }
        if !text.trimmingSpaces.contains(" ") { labels.append("single name") }
        if text.trimmingSpaces.split(separator: " ").count >= 3, !text.contains(".") { labels.append("three or more words") }
        if text == text.lowercased() || text == text.uppercased() { labels.append("one case") }
        return labels
    }

    @Test func messyAuthorNamesProduceEveryNameForm() {
        let features = ["last, first", "initials", "run of spaces", "edge space", "non-ASCII", "single name", "three or more words", "one case"]
        property(
            Gen.authorName(style: .messy), cases: 1_000,
            coverage: features.map { CoverageRequirement($0, atLeastPercent: 2) },
            labels: Self.nameLabels
        ) { text in
            try require(!text.trimmingSpaces.isEmpty, "blank name")
            try require(text.filter { $0 == "," }.count <= 1, "\(text) has more than one comma")
        }
    }

    @Test func cleanAuthorNamesAreFirstSpaceLast() {
        property(Gen.authorName(style: .clean)) { text in
            let parts = text.split(separator: " ", omittingEmptySubsequences: false)
            try require(parts.count >= 2, "\(text) is not First Last")
            try require(parts.allSatisfy { $0.first?.isUppercase == true }, "\(text) has a part without a capital")
            try require(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text) is not ASCII")
        }
    }

    @Test func personNamesRenderBothExportColumns() {
        property(Gen.personName(style: .realistic)) { name in
            if name.given.isEmpty {
                try requireEqual(name.firstLast, name.family, "single name")
                try requireEqual(name.lastFirst, name.family, "single name, inverted")
            } else {
                try requireEqual(name.firstLast, name.given + " " + name.family)
                try requireEqual(name.lastFirst, name.family + ", " + name.given)
            }
        }
    }

    @Test func authorListsSeparateTheirNamesWithCommas() {
        let listed = Gen.int(in: 0...4).flatMap { count in
            Gen.authorList(style: .messy, count: count...count).map { (count, $0) }
        }
        property(listed) { count, text in
            try requireEqual(text.filter { $0 == "," }.count, Swift.max(0, count - 1), "commas in \(text.debugDescription)")
            try require(count > 0 || text.isEmpty, "an empty list is written as \(text.debugDescription)")
        }
    }

    // MARK: - Simplest values, replay and determinism

    @Test func everyDomainGeneratorShrinksToItsPlainestValue() throws {
        #expect(try Gen.isbn10.replay([]).value == "0000000000")
        #expect(try Gen.isbn13.replay([]).value == "9780000000002")
        #expect(try Gen.invalidISBN.replay([]).value == "0000000001")
        #expect(try Gen.formattedISBN(Gen.isbn13).replay([]).value == "9780000000002")
        #expect(try Gen.goodreadsISBNField(Gen.isbn13).replay([]).value == "=\"\"")
        #expect(try Gen.uuidString.replay([]).value == "00000000-0000-4000-8000-000000000000")
        #expect(try Gen.calendarDate().replay([]).value == CalendarDate(year: 1900, month: 1, day: 1))
        #expect(try Gen.bookTitle.replay([]).value == "A")
        #expect(try Gen.authorName.replay([]).value == "A B")
        #expect(try Gen.authorList().replay([]).value == "")
        #expect(try Gen.authorList(count: 2...2).replay([]).value == "A B, A B")
    }

    @Test func anAuthorNameShrinksToAB() {
        let report = checkProperty(Gen.authorName, settings: PropertySettings(name: "any name", cases: 10), describe: { $0 }) { text in
            try require(text.isEmpty, "not empty")
        }
        #expect(report.failure?.shrunk == "A B")
    }

    @Test func theSameSeedGivesTheSameDomainValues() {
        let generators: [Gen<String>] = [
            Gen.isbn10, Gen.isbn13, Gen.invalidISBN, Gen.formattedISBN(Gen.isbn10), Gen.uuidString,
            Gen.calendarDate().map(\.isoText), Gen.bookTitle, Gen.authorName, Gen.authorList(),
        ]
        for generator in generators {
            #expect(generator.samples(30, seed: 9) == generator.samples(30, seed: 9))
            #expect(generator.samples(30, seed: 9) != generator.samples(30, seed: 10))
        }
    }

    @Test func replayingRecordedChoicesReproducesMessyTitles() {
        property(Gen.word) { seed in
            var source = ChoiceSource(seed: seed, recording: true)
            let generated = try Gen.bookTitleParts(style: .messy).run(&source)
            try requireEqual(try Gen.bookTitleParts(style: .messy).replay(source.record.choices).value, generated, "replay")
        }
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces (Foundation-free trimming for tests).
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// The string without trailing ASCII spaces.
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
