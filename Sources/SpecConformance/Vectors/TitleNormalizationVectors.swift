import Generators
import SpecModel

/// The title normalization vectors: a title as imported → the title the enrichment search uses (seed
/// 004_…, "Title Normalization for Better Enrichment"; D-033, D-140). The titles are the title suite's
/// own (`TitleNormalizationExamples`), each once, tagged with the rule of every list that holds it: the
/// seed's five steps where the seed's words fix the answer (TITLE-01 to TITLE-05), the decisions where
/// they do not (TITLE-06, TITLE-08, TITLE-09; dashes, TITLE-10). Every case also names TITLE-07, the
/// model's answer (informational). Every expectation is the model's (`ModelTitleNormalizer`).
enum TitleNormalizationVectors {
    static let area = "title-normalization"

    static func file() -> TestVectorFile {
        typealias R = TitleNormalizationRules
        typealias X = TitleNormalizationExamples
        var list = TestVectorCaseList(prefix: "title")
        var titles = TestVectorExampleSet<String>(key: input)
        titles.add(X.seriesMarkers, \.0, R.seriesMarkers)
        titles.add(X.editionMarkers, \.0, R.editionMarkers)
        titles.add(X.subtitles, \.0, R.subtitles)
        titles.add(X.abbreviationPeriods, \.0, R.abbreviationPeriods)
        titles.add(X.whitespace, \.0, R.whitespace)
        titles.add(X.twoRounds, \.0, R.idempotent)
        titles.add(X.subtitleMeasure, \.0, R.subtitleMeasure)
        titles.add(X.periodsAfterLetters, \.0, R.periodsAfterLetters)
        titles.add(X.dashes, \.0, R.dashes)
        titles.write(to: &list, expected: expected, catchAll: [R.fiveSteps])
        // Around the 10-character boundary: one space or none after the colon is the seed's (TITLE-03's
        // boundary check), a run of spaces is what step 3 measures (TITLE-08's).
        let boundary = ConformanceSuite<ModelTitleNormalizer>.boundaryTitles
        for (index, title) in TestVectorSampling.samples(boundary, 6, salt: 1).enumerated() {
            let spaces = title.drop { $0 != ":" }.dropFirst().prefix { $0 == " " }.count
            list.add("gen", input: input(title), expected: expected(title), rules: [spaces <= 1 ? R.subtitles : R.subtitleMeasure, R.fiveSteps],
                     note: "generated \(index + 1): around the 10-character subtitle boundary")
        }
        let messy = ConformanceSuite<ModelTitleNormalizer>.anyTitle
        for (index, title) in TestVectorSampling.samples(messy, 12, salt: 2).enumerated() {
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
