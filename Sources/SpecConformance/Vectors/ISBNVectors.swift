import Generators
import SpecModel

/// The ISBN vectors: an export's ISBN field → empty, invalid, or valid with its ISBN-13 and ISBN-10
/// (seed 004_…, "Duplicate Detection Algorithm", tier 2; D-051, D-066). Every expectation is the
/// model's reader (`ModelISBNReader`).
enum ISBNVectors {
    static let area = "isbn"

    static func file() -> TestVectorFile {
        typealias R = ISBNRules
        var list = TestVectorCaseList(prefix: area)
        let groups: [(Rule, [(String, String, String)])] = [
            (R.excelGuard, [
                ("an ISBN-10 in the guard", "=\"0525540679\"", "D-051"),
                ("an ISBN-13 in the guard", "=\"9780525540670\"", "D-051"),
                ("the empty guard", "=\"\"", "D-051"),
                ("a bare equals sign", "=", "D-051"),
                ("spaces around the guard", " =\"0439023483\" ", "D-051"),
                ("a guard without its closing quote", "=\"0439023483", "D-051"),
                ("an invalid ISBN in the guard", "=\"0439023484\"", "D-051"),
            ]),
            (R.formatting, [
                ("hyphenated as a spreadsheet writes it", "978-0-385-55036-9", "D-051"),
                ("spaced", "978 0 385 55036 9", "D-051"),
                ("tabs around", "\t9780385550369\t", "D-051"),
                ("a hyphenated ISBN-10", "0-439-02348-3", "D-051"),
                ("a hyphenated ISBN-10 ending in X", "0-8044-2957-X", "D-051"),
            ]),
            (R.bothForms, [
                ("an ISBN-10", "0439023483", "D-051"),
                ("its ISBN-13", "9780439023481", "D-051"),
                ("an X check character", "080442957X", "D-051"),
                ("a lowercase x", "080442957x", "D-051"),
                ("a 979 ISBN-13 has no ISBN-10", "9791032305690", "D-051"),
                ("an ISBN-10 whose check digit is 0", "0306406152", "D-051"),
            ]),
            (R.lengths, [
                ("9 digits", "043902348", "D-051"),
                ("11 digits", "04390234830", "D-051"),
                ("12 digits", "978043902348", "D-051"),
                ("14 digits", "97804390234811", "D-051"),
                ("14 digits, hyphenated", "978-0-439-02348-11", "D-051"),
                ("14 digits in the guard", "=\"97804390234811\"", "D-051"),
            ]),
            (R.checkDigits, [
                ("ISBN-10, one up", "0439023484", "D-051"),
                ("ISBN-10, one down", "0439023482", "D-051"),
                ("ISBN-13, one up", "9780439023482", "D-051"),
                ("ISBN-13, one down", "9780439023480", "D-051"),
                ("ISBN-10 whose check should be X, written 0", "0804429570", "D-051"),
            ]),
            (R.checkCharacterX, [
                ("X first", "X439023483", "D-051"),
                ("X in the middle", "04390X3483", "D-051"),
                ("X as an ISBN-13's last character", "978043902348X", "D-051"),
            ]),
            (R.prefixes, [
                ("979 is a prefix", "9791032305690", "D-051"),
                ("977 with a correct check digit (an ISSN's prefix)", "9770439023482", "D-051"),
                ("980 with a correct check digit", "9800439023486", "D-051"),
            ]),
            (R.otherText, [
                ("an Amazon ASIN", "B00ABCDEFG", "D-066"),
                ("a word before the digits", "ISBN 0439023483", "D-051"),
                ("a letter after the digits", "0439023483a", "D-051"),
                ("a StoryGraph UID", "6f1f2c7e-8a3b-4c1d-9e2f-0a1b2c3d4e5f", "D-066"),
                ("empty", "", "D-051"),
                ("blank", "  \t ", "D-051"),
                ("full-width digits", "\u{FF10}\u{FF14}\u{FF13}\u{FF19}\u{FF10}\u{FF12}\u{FF13}\u{FF14}\u{FF18}\u{FF13}", "D-051"),
                ("a slash between the groups", "978/0439023481", "D-051"),
            ]),
        ]
        for (rule, cases) in groups {
            for (name, field, decision) in cases {
                list.add(input: input(field), expected: expected(field), rules: [rule, R.agreesWithModel], decisions: [decision], note: name)
            }
        }
        let fields = ConformanceSuite<ModelISBNReader>.anyField
        for (index, field) in TestVectorSampling.samples(fields, 16, salt: 1).enumerated() {
            list.add("gen", input: input(field), expected: expected(field), rules: [R.agreesWithModel], note: "generated \(index + 1)")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    static func input(_ field: String) -> JSONValue {
        TestVectorValues.object([("field", .string(field))])
    }

    /// `{"result": "valid", "isbn13": …, "isbn10": … or null}`, `{"result": "empty"}` or `{"result": "invalid"}`.
    static func expected(_ field: String) -> JSONValue {
        switch ModelISBNReader().readISBN(field) {
        case .empty: return TestVectorValues.object([("result", "empty")])
        case .invalid: return TestVectorValues.object([("result", "invalid")])
        case let .valid(isbn13, isbn10):
            return TestVectorValues.object([("result", "valid"), ("isbn13", .string(isbn13)), ("isbn10", TestVectorValues.string(isbn10))])
        }
    }
}
