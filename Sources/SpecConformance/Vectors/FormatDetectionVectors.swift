import Generators
import SpecModel

/// The format detection vectors: a header row → the export's format, the confidence and the column of
/// each field, or the required columns it lacks (seed 004_…, User Story 1; D-065, D-066, D-118).
/// Every expectation is the model's detector (`ModelExportFormatDetector`).
enum FormatDetectionVectors {
    static let area = "format-detection"

    static func file() -> TestVectorFile {
        typealias R = FormatRules
        var list = TestVectorCaseList(prefix: "format")
        let storyGraphNine = Array(ExportFormat.storyGraphColumns.prefix(9))
        let goodreadsFifteen = Array(ExportFormat.goodreadsColumns.prefix(15))
        let seedStory = "seed 004, User Story 1"
        let groups: [(Rule, [(String, [String], String)])] = [
            (R.goodreads, [
                ("Goodreads' 24 columns", ExportFormat.goodreadsColumns, seedStory),
            ]),
            (R.libraryThing, [
                ("the seed's four columns", ExportFormat.libraryThingColumns, seedStory),
                ("three of the four (75%)", ["TITLE", "AUTHOR (first, last)", "ISBN"], seedStory),
            ]),
            (R.libraryThingLater, [
                ("the later columns", ExportFormat.libraryThingLaterColumns, "D-065"),
                ("a later export with a Book Id and Collections", ["Book Id", "Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags", "Collections"], "D-065"),
                ("both author columns: the seed's wins", ["TITLE", "AUTHOR (first, last)", "ISBN", "RATING", "Primary Author"], "D-065"),
            ]),
            (R.storyGraph, [
                ("StoryGraph's columns", ExportFormat.storyGraphColumns, "D-066"),
            ]),
            (R.spreadsheet, [
                ("Title, Author, ISBN", ["Title", "Author", "ISBN"], seedStory),
                ("year, title, author, isbn13", ["year", "title", "author", "isbn13"], seedStory),
                ("Book Title, Writer, ISBN-13, Pages, padded", [" Book Title ", "Writer", "ISBN-13", "Pages"], seedStory),
                ("an unknown column lowers the confidence", ["Title", "Author", "Shelf Mark"], seedStory),
                ("LibraryThing's columns, but not its author", ["Title", "Author", "ISBN", "Rating", "Status"], seedStory),
                ("the same column twice", ["Title", "Author", "Title"], seedStory),
            ]),
            (R.missingColumns, [
                ("neither", ["Name of thing", "Score"], seedStory),
                ("no author", ["Title", "ISBN"], seedStory),
                ("no title", ["Author", "ISBN"], seedStory),
                ("found columns are trimmed", [" Score ", "Notes"], seedStory),
                ("an HTML page saved as CSV", ["<!DOCTYPE html>"], "D-042"),
                ("an empty header", [""], seedStory),
            ]),
            (R.namesAsWritten, [
                ("Goodreads' header in lower case", ExportFormat.goodreadsColumns.map { $0.lowercased() }, seedStory),
                ("StoryGraph's header reversed and padded", ExportFormat.storyGraphColumns.reversed().map { " " + $0 + "  " }, seedStory),
                ("LibraryThing's later header in capitals", ExportFormat.libraryThingLaterColumns.map { $0.uppercased() }, "D-065"),
            ]),
            (R.threshold, [
                ("StoryGraph, 9 of 15 columns: exactly 60%", storyGraphNine, "D-118"),
                ("StoryGraph, 9 of 15 columns without all of the seed's five: exactly 60%", Array(ExportFormat.storyGraphColumns.prefix(10)).filter { $0 != "Read Status" }, "D-118"),
                ("StoryGraph, 8 of 15 columns without all of the seed's five: a spreadsheet", storyGraphNine.filter { $0 != "Read Status" }, "D-118"),
                ("StoryGraph, the seed's five columns alone", ExportFormat.storyGraphSeedColumns, "D-118"),
                ("Goodreads, 15 of 24 columns (62.5%)", goodreadsFifteen, "D-118"),
                ("Goodreads, 14 of 24 columns (58%): a spreadsheet", Array(goodreadsFifteen.prefix(14)), "D-118"),
                ("LibraryThing, 2 of 4 columns: a spreadsheet", ["TITLE", "AUTHOR (first, last)"], "D-118"),
            ]),
            (R.confidence, [
                ("Goodreads without its last 6 columns", Array(ExportFormat.goodreadsColumns.dropLast(6)), "D-118"),
                ("StoryGraph with 12 of 15 columns", Array(ExportFormat.storyGraphColumns.prefix(12)), "D-118"),
                ("a spreadsheet with one unknown column of four", ["Title", "Author", "ISBN", "Shelf Mark"], "D-118"),
            ]),
        ]
        for (rule, cases) in groups {
            for (name, header, pin) in cases {
                let isSeed = pin == seedStory
                list.add(input: input(header), expected: expected(header), rules: [rule, R.agreesWithModel],
                         decisions: isSeed ? nil : [pin], note: isSeed ? name + " (" + seedStory + ")" : name)
            }
        }
        for (index, value) in TestVectorSampling.samples(FormatHeaders.respelled, 4, salt: 1).enumerated() {
            list.add("gen", input: input(value.header), expected: expected(value.header), rules: [R.namesAsWritten, R.agreesWithModel],
                     note: "generated \(index + 1): a known header shuffled, re-cased and padded")
        }
        for (index, header) in TestVectorSampling.samples(FormatHeaders.any, 12, salt: 2).enumerated() {
            list.add("gen", input: input(header), expected: expected(header), rules: [R.agreesWithModel],
                     note: "generated \(index + 5): a header near the known formats")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
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
