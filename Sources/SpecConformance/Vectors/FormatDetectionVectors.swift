import Generators
import SpecModel

/// The format detection vectors: a header row → the export's format, the confidence and the column of
/// each field, or the required columns it lacks (seed 004_…, User Story 1; D-065, D-118, D-142, D-143).
/// The headers are the format suite's own (`ExportFormatExamples`), each once, tagged with the rule of
/// every list that holds it, and with the decision that fixes the rest of the answer where the seed fixes
/// only part of it: a known format's confidence (FORMAT-09) and the columns the seed does not name
/// (FORMAT-11), a spreadsheet's reading (FORMAT-05), a refusal's text (FORMAT-12). Every case also names
/// FORMAT-10, the model's answer (informational). Every expectation is the model's detector
/// (`ModelExportFormatDetector`).
enum FormatDetectionVectors {
    static let area = "format-detection"

    static func file() -> TestVectorFile {
        typealias R = FormatRules
        typealias X = ExportFormatExamples
        var list = TestVectorCaseList(prefix: "format")
        var headers = TestVectorExampleSet<[String]>(key: input)
        headers.add(X.goodreads, \.0, R.goodreads)
        headers.add(X.libraryThing, \.0, R.libraryThing)
        headers.add(X.libraryThingLater, \.0, R.libraryThingLater)
        headers.add(X.storyGraph, \.0, R.storyGraph)
        headers.add(X.spreadsheets, \.0, R.spreadsheet)
        headers.add(X.withoutTitle, R.missingColumns)
        headers.add(X.threshold, \.0, R.threshold)
        headers.add(X.confidence, \.0, R.confidence)
        headers.add(X.otherColumns, \.0, R.otherColumns)
        headers.add(X.refusals, \.0, R.refusalText)
        headers.write(to: &list, expected: expected, more: { entry in rest(of: entry.value) }, catchAll: [R.agreesWithModel])
        for (index, value) in TestVectorSampling.samples(FormatHeaders.respelled, 4, salt: 1).enumerated() {
            list.add("gen", input: input(value.header), expected: expected(value.header), rules: [R.namesAsWritten] + rest(of: value.header) + [R.agreesWithModel],
                     note: "generated \(index + 1): a known header shuffled, re-cased and padded")
        }
        for (index, header) in TestVectorSampling.samples(FormatHeaders.any, 12, salt: 2).enumerated() {
            list.add("gen", input: input(header), expected: expected(header), rules: [R.agreesWithModel],
                     note: "generated \(index + 5): a header near the known formats")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    /// The decisions' rules that fix what the seed leaves open in the model's answer for `header`: a
    /// known format's confidence and other columns, a spreadsheet's reading, a refusal's text.
    static func rest(of header: [String]) -> [Rule] {
        typealias R = FormatRules
        switch ModelExportFormatDetector().detectFormat(header: header) {
        case let .success(detection): return detection.format == .generic ? [R.spreadsheet] : [R.confidence, R.otherColumns]
        case .failure: return [R.refusalText]
        }
    }

    static func input(_ header: [String]) -> JSONValue {
        TestVectorValues.object([("header", .array(header.map(JSONValue.string)))])
    }

    /// `{"result": "detected", "format": …, "confidence": …, "columns": {…}}` or
    /// `{"result": "missingColumns", "missing": […], "found": […]}`.
    static func expected(_ header: [String]) -> JSONValue {
        switch ModelExportFormatDetector().detectFormat(header: header) {
        case let .success(detection):
            let columns = detection.columns
            return TestVectorValues.object([
                ("result", "detected"),
                ("format", .string(detection.format.rawValue)),
                ("confidence", TestVectorValues.double(detection.confidence)),
                ("columns", TestVectorValues.object([
                    ("title", .integer(Int64(columns.title))),
                    ("author", TestVectorValues.integer(columns.author)),
                    ("authorLastFirst", TestVectorValues.integer(columns.authorLastFirst)),
                    ("authorColumnIsList", .bool(columns.authorColumnIsList)),
                    ("additionalAuthors", TestVectorValues.integer(columns.additionalAuthors)),
                    ("isbn10", TestVectorValues.integer(columns.isbn10)),
                    ("isbn13", TestVectorValues.integer(columns.isbn13)),
                    ("isbn", TestVectorValues.integer(columns.isbn)),
                    ("isbnColumnMayHoldOtherIdentifiers", .bool(columns.isbnColumnMayHoldOtherIdentifiers)),
                    ("rating", TestVectorValues.integer(columns.rating)),
                    ("readingStatus", TestVectorValues.integer(columns.readingStatus)),
                    ("dateRead", TestVectorValues.integer(columns.dateRead)),
                ])),
            ])
        case let .failure(missing):
            return TestVectorValues.object([
                ("result", "missingColumns"),
                ("missing", .array(missing.missing.map(JSONValue.string))),
                ("found", .array(missing.found.map(JSONValue.string))),
            ])
        }
    }
}
