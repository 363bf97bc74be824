import Generators
import SpecModel

/// The title normalization vectors: a title as imported → the title the enrichment search uses (seed
/// 004_…, "Title Normalization for Better Enrichment"; D-033). Every expectation is the model's
/// (`ModelTitleNormalizer`).
enum TitleNormalizationVectors {
    static let area = "title-normalization"

    static func file() -> TestVectorFile {
        typealias R = TitleNormalizationRules
        var list = TestVectorCaseList(prefix: "title")
        let seedPin = "seed 004, Title Normalization for Better Enrichment"
        let groups: [(Rule, [(String, String, String?)])] = [
            (R.seriesMarkers, [
                ("the seed's example", "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", seedPin),
                ("two markers", "A (X, #1) B (Y, #22)", "D-033"),
                ("no space after the comma", "Title (Series,#3)", "D-033"),
                ("a decimal place is not a marker", "Twilight (The Twilight Saga, #0.5)", "D-033"),
                ("a range is not a marker", "Omnibus (Series, #1-3)", "D-033"),
                ("a space after # is not a marker", "Title (Series, # 3)", "D-033"),
                ("the leftmost parenthesis opens the match", "A (x (B, #1) C", "D-033"),
                ("no comma is no marker", "Title (Series #3)", "D-033"),
            ]),
            (R.editionMarkers, [
                ("the seed's example", "The Great Gatsby [Special Edition]", seedPin),
                ("every bracket", "Emma [Annotated] [Illustrated]", "D-033"),
                ("an unclosed bracket stays", "Emma [unclosed", "D-033"),
                ("an empty bracket", "Emma []", "D-033"),
            ]),
            (R.subtitles, [
                ("the seed's example", "Thinking, Fast and Slow: A Summary", seedPin),
                ("11 characters: stripped", "Abcd: Efghi", seedPin),
                ("10 characters: kept", "Abcd: Efgh", seedPin),
                ("short: kept", "Re: Zero", "D-033"),
                ("measured with spaces collapsed", "A:         B", "D-033"),
                ("measured after the markers go", "Abc: Def (Long Series Name, #2)", "D-033"),
                ("the first colon splits", "Long Title: One: Two", "D-033"),
                ("nothing before the colon keeps the title", ": Untitled Works", "D-033"),
                ("measured in characters, not bytes", "Éèêëēėę: Ab", "D-033"),
            ]),
            (R.abbreviationPeriods, [
                ("the seed's example", "Dept. of Speculation", seedPin),
                ("initials", "J.R.R. Tolkien Reader", "D-033"),
                ("an ellipsis", "Wait... What?", "D-033"),
                ("a decimal keeps its period", "Web 2.0 Primer", "D-033"),
                ("before a digit after a space", "Vol. 2", "D-033"),
                ("a period after a digit stays", "Route 66. Revisited", "D-033"),
            ]),
            (R.whitespace, [
                ("the seed's example", "  The    Hobbit  ", seedPin),
                ("tabs and newlines", "\tTabs\nand newlines ", "D-033"),
                ("empty", "", "D-033"),
                ("only whitespace", " \t\n ", "D-033"),
                ("a no-break space", "The\u{A0}Hobbit", "D-033"),
            ]),
            (R.fiveSteps, [
                ("every step at once", "  Dept. of Speculation:  A Novel  (Vintage Contemporaries, #12) [Kindle Edition] ", "D-033"),
                ("a title that is only a marker", "(Series, #1)", "D-033"),
                ("non-Latin text", "三体 (地球往事, #1)", "D-033"),
            ]),
        ]
        for (rule, cases) in groups {
            for (name, title, pin) in cases {
                let isSeed = pin == seedPin
                list.add(input: input(title), expected: expected(title), rules: [rule, R.fiveSteps].uniqued(), decisions: isSeed ? nil : pin.map { [$0] },
                         note: isSeed ? name + " (" + seedPin + ")" : name)
            }
        }
        // TITLE-06: a normalized title, normalized again, is itself.
        for title in ["Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "  Dept. of Speculation:  A Novel [Kindle] ", "J.R.R. Tolkien Reader (Middle-earth, #0.5)", "A:  B. (C, #1)"] {
            let once = ModelTitleNormalizer().normalizedTitle(title)
            list.add(input: input(once), expected: expected(once), rules: [R.idempotent, R.fiveSteps], decisions: ["D-033"],
                     note: "an already normalized title: \(String(reflecting: title)) normalized once")
        }
        let boundary = ConformanceSuite<ModelTitleNormalizer>.boundaryTitles
        for (index, title) in TestVectorSampling.samples(boundary, 6, salt: 1).enumerated() {
            list.add("gen", input: input(title), expected: expected(title), rules: [R.subtitles, R.fiveSteps], note: "generated \(index + 1): around the 10-character subtitle boundary")
        }
        let titles = ConformanceSuite<ModelTitleNormalizer>.anyTitle
        for (index, title) in TestVectorSampling.samples(titles, 12, salt: 2).enumerated() {
            list.add("gen", input: input(title), expected: expected(title), rules: [R.fiveSteps], note: "generated \(index + 7): a messy or hostile title")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    static func input(_ title: String) -> JSONValue {
        TestVectorValues.object([("title", .string(title))])
    }

    static func expected(_ title: String) -> JSONValue {
        TestVectorValues.object([("normalized", .string(ModelTitleNormalizer().normalizedTitle(title)))])
    }
}
