import Generators
import SpecModel
import SpecTesting
import Testing

/// ISBN fields as exports write them, validated, with ISBN-10 and ISBN-13 equivalent (seed 004_…,
/// duplicate detection tier 2; production-notes.md: Goodreads' `="…"` wrapping, hyphenated spreadsheets).
@Suite struct ISBNValueTests {
    @Test(arguments: [
        ("0439023483", "9780439023481", "0439023483"),
        ("9780439023481", "9780439023481", "0439023483"),
        ("=\"0525540679\"", "9780525540670", "0525540679"),
        ("978-0-385-55036-9", "9780385550369", "0385550367"),
        (" 080442957X ", "9780804429573", "080442957X"),
        ("080442957x", "9780804429573", "080442957X"),
        ("9791032305690", "9791032305690", nil),
    ] as [(String, String, String?)])
    func knownISBNsParseToBothForms(field: String, isbn13: String, isbn10: String?) {
        #expect(ISBNValue.parse(field) == .valid(ISBNValue._testing(isbn13: isbn13, isbn10: isbn10)))
    }

    @Test(arguments: ["", "   ", "=\"\"", "="])
    func emptyFieldsAreEmpty(field: String) {
        #expect(ISBNValue.parse(field) == .empty)
    }

    @Test(arguments: ["0439023484", "9780439023482", "12345", "B00ABCDEFG", "97804390234811", "1234567890123", "X439023483"])
    func invalidFieldsSayWhy(field: String) {
        guard case let .invalid(reason) = ISBNValue.parse(field) else {
            Issue.record("\(field) was not rejected")
            return
        }
        #expect(reason.contains(field.trimmingCharactersForTest()))
    }

    @Test func generatedISBN10sAndTheirISBN13sAreTheSameBook() {
        property(Gen<ISBNPair>.isbn10And13) { pair in
            guard case let .valid(ten) = ISBNValue.parse(pair.isbn10), case let .valid(thirteen) = ISBNValue.parse(pair.isbn13) else {
                throw PropertyViolation("\(pair.isbn10) or \(pair.isbn13) was not valid")
            }
            try requireEqual(ten, thirteen, "the ISBN-10 and ISBN-13 forms")
            try requireEqual(ten.isbn13, pair.isbn13)
            try requireEqual(ten.isbn10, pair.isbn10)
        }
    }

    @Test func everyFormattingOfAnISBNParsesToTheSameValue() {
        let formatted = Gen<String>.isbn13.flatMap { isbn in
            Gen<String>.formattedISBN(Gen.constant(isbn), formats: ISBNFormat.allCases).map { (isbn, $0) }
        }
        property(formatted) { isbn, text in
            guard case let .valid(value) = ISBNValue.parse(text) else { throw PropertyViolation("\(text) did not parse") }
            try requireEqual(value.isbn13, isbn, "\(text)")
        }
    }

    /// The engine reads a field of thirteen digits alone in place (D-114); the same digits with a
    /// hyphen take its general path. Both must agree on every thirteen digits, valid or not: the check digit, the
    /// 978 and 979 prefixes, and the ISBN-10 form.
    @Test func thirteenDigitsAloneReadAsTheGeneralPathReadsThem() {
        let prefixes = Gen<String>.element(of: ["978", "979", "977", "078", "000"])
        let rest = Gen<String>.string(of: Gen<Character>.element(of: Array("0123456789")), count: 10...10)
        // Half the cases get their own check digit, so that most of those are valid.
        property(Gen.zip(prefixes, rest, Gen.bool), cases: 3_000) { (parts: (String, String, Bool)) in
            var digits = parts.0 + parts.1
            if parts.2 {
                let weights = digits.prefix(12).enumerated().map { $0.offset % 2 == 0 ? 1 : 3 }
                let sum = zip(weights, digits.prefix(12)).map { $0 * $1.wholeNumberValue! }.reduce(0, +)
                digits = String(digits.prefix(12)) + String((10 - sum % 10) % 10)
            }
            let hyphenated = String(digits.prefix(3)) + "-" + String(digits.dropFirst(3))
            switch (ISBNValueEngine.parse(digits), ISBNValueEngine.parse(hyphenated)) {
            case let (.valid(alone), .valid(general)): try requireEqual(alone, general, digits)
            case (.invalid, .invalid): break
            case let (alone, general): throw PropertyViolation("\(digits): \(alone) alone, \(general) hyphenated")
            }
        }
    }

    @Test func invalidISBNsAreNeverValid() {
        property(Gen<String>.invalidISBN) { text in
            if case .valid = ISBNValue.parse(text) { throw PropertyViolation("\(text) was accepted") }
        }
    }
}

extension String {
    func trimmingCharactersForTest() -> String {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
