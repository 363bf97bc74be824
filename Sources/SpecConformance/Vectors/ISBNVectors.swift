import Generators
import SpecModel

/// The ISBN vectors: an export's ISBN field → empty, invalid, or valid with its ISBN-13 and ISBN-10
/// (seed 004_…, "Duplicate Detection Algorithm", tier 2; the ISBN standard; D-051, D-066). The fields
/// are the ISBN suite's own (`ISBNReadingExamples`), each once, tagged with the rule of every list that
/// holds it: the standard's (ISBN-02 to ISBN-08) where it fixes the answer, and where the standard says
/// only "no ISBN", ISBN-12 too, the decision that picks "invalid" or "empty"; the decisions' (ISBN-01,
/// ISBN-10 to ISBN-12). Every case also names ISBN-09, the model's answer (informational). Every
/// expectation is the model's reader (`ModelISBNReader`).
enum ISBNVectors {
    static let area = "isbn"

    static func file() -> TestVectorFile {
        typealias R = ISBNRules
        typealias X = ISBNReadingExamples
        var list = TestVectorCaseList(prefix: area)
        var fields = TestVectorExampleSet<String>(key: input)
        fields.add(X.guarded, \.0, R.excelGuard)
        fields.add(X.printed, \.0, R.formatting)
        fields.add(X.bothForms, \.0, R.bothForms)
        fields.add(X.lengths, R.lengths)
        fields.add(X.checkDigits, R.checkDigits)
        fields.add(X.xWhereItMayStand, \.0, R.checkCharacterX)
        fields.add(X.xWhereItMayNotStand, R.checkCharacterX)
        fields.add(X.prefixes, \.0, R.prefixes)
        fields.add(X.otherPrefixes, R.prefixes)
        fields.add(X.otherCharacters, R.otherText)
        fields.add(X.formattedAnywhere, \.0, R.formattingAnywhere)
        fields.add(X.lowercaseX, \.0, R.lowercaseX)
        fields.add(X.invalidOrEmpty, \.0, R.invalidOrEmpty)
        fields.write(to: &list, expected: expected, more: { entry in
            // The standard's rules say only "no ISBN": which of invalid and empty is ISBN-12's choice.
            let standardOnly = entry.rules.contains { $0.basis.kind == .standard }
            if case .valid = ModelISBNReader().readISBN(entry.value) { return [] }
            return standardOnly ? [R.invalidOrEmpty] : []
        }, catchAll: [R.agreesWithModel])
        let generated = ConformanceSuite<ModelISBNReader>.anyField
        for (index, field) in TestVectorSampling.samples(generated, 16, salt: 1).enumerated() {
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
