import Generators
import SpecModel

/// The headers of the format detection suite.
enum FormatHeaders {
    static let known: [(ExportFormat, [String])] = [
        (.goodreads, ExportFormat.goodreadsColumns), (.libraryThing, ExportFormat.libraryThingColumns),
        (.libraryThing, ExportFormat.libraryThingLaterColumns), (.storyGraph, ExportFormat.storyGraphColumns),
    ]

    /// Columns that belong to no format: what hand-made files and other services add.
    static let noise = ["Notes", "Score", "Name of thing", "Shelf", "ISBN-13", "Writer", "Book Title", "year", "Pages", "Series", "Status", "Authors", "Rating", "Author"]

    /// A name as a file may write it: as is, lowercased, uppercased, or padded with spaces.
    static func respell(_ name: String, _ how: Int) -> String {
        switch how {
        case 1: return name.lowercased()
        case 2: return name.uppercased()
        case 3: return "  " + name + " "
        default: return name
        }
    }

    /// A known header shuffled, each name respelled, with where each original column went.
    static let respelled: Gen<(original: Int, header: [String], newIndex: [Int])> = Gen<Int>.int(in: 0...(known.count - 1)).flatMap { which in
        let columns = known[which].1
        return Gen<([Int], [Int])>.zip(
            Gen<Int>.shuffled(Array(columns.indices)),
            Gen<Int>.array(of: Gen<Int>.int(in: 0...3), count: columns.count...columns.count)
        ).map { order, spellings in
            var newIndex = Array(repeating: 0, count: columns.count)
            for (position, original) in order.enumerated() { newIndex[original] = position }
            return (original: which, header: order.enumerated().map { respell(columns[$0.element], spellings[$0.offset]) }, newIndex: newIndex)
        }
    }

    /// Headers near the formats: each known column kept with probability 0.7, noise added, shuffled,
    /// respelled; and now and then noise alone.
    static let any: Gen<[String]> = Gen<[String]>.frequency([
        (5, Gen<Int>.int(in: 0...(known.count - 1)).flatMap { which in
            let columns = known[which].1
            return Gen<([Bool], [String])>.zip(
                Gen<Bool>.array(of: Gen<Bool>.bool(probability: 0.7), count: columns.count...columns.count),
                Gen<String>.array(of: Gen<String>.element(of: noise), count: 0...3)
            ).flatMap { keep, extra in
                Gen<String>.shuffled(zip(columns, keep).filter { $0.1 }.map { $0.0 } + extra)
            }
        }),
        (1, Gen<String>.array(of: Gen<String>.element(of: noise), count: 0...5)),
    ]).flatMap { header in
        Gen<Int>.array(of: Gen<Int>.int(in: 0...3), count: header.count...header.count).map { spellings in
            zip(header, spellings).map { respell($0, $1) }
        }
    }

    /// `columns` with every index moved where `newIndex` says.
    static func moved(_ columns: ExportColumns, _ newIndex: [Int]) -> ExportColumns {
        var moved = columns
        moved.title = newIndex[columns.title]
        moved.author = columns.author.map { newIndex[$0] }
        moved.authorLastFirst = columns.authorLastFirst.map { newIndex[$0] }
        moved.additionalAuthors = columns.additionalAuthors.map { newIndex[$0] }
        moved.isbn10 = columns.isbn10.map { newIndex[$0] }
        moved.isbn13 = columns.isbn13.map { newIndex[$0] }
        moved.isbn = columns.isbn.map { newIndex[$0] }
        moved.rating = columns.rating.map { newIndex[$0] }
        moved.readingStatus = columns.readingStatus.map { newIndex[$0] }
        moved.dateRead = columns.dateRead.map { newIndex[$0] }
        return moved
    }

    static func show(_ result: Result<ExportDetection, MissingColumns>) -> String {
        switch result {
        case let .success(detection): return detection.description
        case let .failure(missing): return "missing \(missing.missing), found \(missing.found)"
        }
    }
}

extension ConformanceSuite where Implementation: ExportFormatDetecting {
    /// The format detection suite: each export's header, spreadsheets, the missing columns, names as
    /// files write them, the 60% threshold on both sides, the confidence, and the model's answer on
    /// generated headers.
    public static var exportFormatDetection: ConformanceSuite {
        typealias R = FormatRules
        typealias H = FormatHeaders
        let model = ModelExportFormatDetector()
        typealias Answer = Result<ExportDetection, MissingColumns>
        func detects(_ examples: [ConformanceExample<([String], Answer)>], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, pair in
                try ensureSame(implementation.detectFormat(header: pair.0), pair.1, "detectFormat(header: \(pair.0))", show: H.show)
            }
        }
        func found(_ format: ExportFormat, _ confidence: Double, _ columns: ExportColumns) -> Answer {
            .success(ExportDetection(format: format, confidence: confidence, columns: columns))
        }
        let goodreadsColumns = ExportColumns(title: 1, author: 2, authorLastFirst: 3, additionalAuthors: 4, isbn10: 5, isbn13: 6, rating: 7, readingStatus: 18, dateRead: 14)
        let storyGraphColumns = ExportColumns(title: 0, author: 1, authorColumnIsList: true, isbn: 2, isbnColumnMayHoldOtherIdentifiers: true, rating: 3, readingStatus: 4, dateRead: 7)
        let storyGraphNine = Array(ExportFormat.storyGraphColumns.prefix(9))
        let goodreadsFifteen = Array(ExportFormat.goodreadsColumns.prefix(15))
        return ConformanceSuite(id: "export-format-detection", title: "Export format detection", seam: "ExportFormatDetecting", checks: [
            detects([
                ConformanceExample("Goodreads' 24 columns", (ExportFormat.goodreadsColumns, found(.goodreads, 1, goodreadsColumns)), pins: "seed: \"auto-detects \\\"Title\\\", \\\"Author\\\", \\\"ISBN\\\", \\\"My Rating\\\", \\\"Exclusive Shelf\\\" columns\""),
            ], R.goodreads, "Goodreads' header"),
            detects([
                ConformanceExample("the seed's four columns", (ExportFormat.libraryThingColumns, found(.libraryThing, 1, ExportColumns(title: 0, author: 1, isbn: 2, rating: 3))), pins: "seed: \"auto-detects \\\"TITLE\\\", \\\"AUTHOR (first, last)\\\", \\\"ISBN\\\", \\\"RATING\\\" columns\""),
                ConformanceExample("three of the four (75%)", (["TITLE", "AUTHOR (first, last)", "ISBN"], found(.libraryThing, 0.75, ExportColumns(title: 0, author: 1, isbn: 2))), pins: "seed: \"auto-detects \\\"TITLE\\\", \\\"AUTHOR (first, last)\\\", \\\"ISBN\\\", \\\"RATING\\\" columns\""),
            ], R.libraryThing, "LibraryThing's header as the seed lists it"),
            detects([
                ConformanceExample("the later columns", (ExportFormat.libraryThingLaterColumns, found(.libraryThing, 1, ExportColumns(title: 0, authorLastFirst: 1, isbn: 2, rating: 3, dateRead: 5))), pins: "D-065"),
                ConformanceExample(
                    "a later export with a Book Id and Collections",
                    (["Book Id", "Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags", "Collections"], found(.libraryThing, 1, ExportColumns(title: 1, authorLastFirst: 2, isbn: 3, rating: 4, dateRead: 6)))
                    , pins: "D-065"),
                ConformanceExample(
                    "both author columns: the seed's wins",
                    (["TITLE", "AUTHOR (first, last)", "ISBN", "RATING", "Primary Author"], found(.libraryThing, 1, ExportColumns(title: 0, author: 1, isbn: 2, rating: 3))), pins: "D-065"),
            ], R.libraryThingLater, "LibraryThing's later header"),
            detects([
                ConformanceExample("StoryGraph's columns", (ExportFormat.storyGraphColumns, found(.storyGraph, 1, storyGraphColumns)), pins: "D-066"),
            ], R.storyGraph, "StoryGraph's header"),
            detects([
                ConformanceExample("Title, Author, ISBN", (["Title", "Author", "ISBN"], found(.generic, 1, ExportColumns(title: 0, author: 1, isbn: 2))), pins: "seed: \"Users who maintain personal book inventories in Excel/Google Sheets\""),
                ConformanceExample("year, title, author, isbn13", (["year", "title", "author", "isbn13"], found(.generic, 1, ExportColumns(title: 1, author: 2, isbn13: 3))), pins: "seed: \"Users who maintain personal book inventories in Excel/Google Sheets\""),
                ConformanceExample("Book Title, Writer, ISBN-13, Pages", ([" Book Title ", "Writer", "ISBN-13", "Pages"], found(.generic, 1, ExportColumns(title: 0, author: 1, isbn13: 2))), pins: "seed: \"Users who maintain personal book inventories in Excel/Google Sheets\""),
                ConformanceExample("an unknown column lowers the confidence", (["Title", "Author", "Shelf Mark"], found(.generic, 2.0 / 3.0, ExportColumns(title: 0, author: 1))), pins: "seed: \"Users who maintain personal book inventories in Excel/Google Sheets\""),
                ConformanceExample(
                    "Title, Author, ISBN, Rating, Status (LibraryThing's columns, but not its author)",
                    (["Title", "Author", "ISBN", "Rating", "Status"], found(.generic, 1, ExportColumns(title: 0, author: 1, isbn: 2, rating: 3, readingStatus: 4))), pins: "seed: \"Users who maintain personal book inventories in Excel/Google Sheets\""),
            ], R.spreadsheet, "hand-made spreadsheets"),
            detects([
                ConformanceExample("neither", (["Name of thing", "Score"], .failure(MissingColumns(missing: ["Title", "Author"], found: ["Name of thing", "Score"]))), pins: "seed: \"clear error message with format requirements\""),
                ConformanceExample("no author", (["Title", "ISBN"], .failure(MissingColumns(missing: ["Author"], found: ["Title", "ISBN"]))), pins: "seed: \"clear error message with format requirements\""),
                ConformanceExample("no title", (["Author", "ISBN"], .failure(MissingColumns(missing: ["Title"], found: ["Author", "ISBN"]))), pins: "seed: \"clear error message with format requirements\""),
                ConformanceExample("found columns are trimmed", ([" Score ", "Notes"], .failure(MissingColumns(missing: ["Title", "Author"], found: ["Score", "Notes"]))), pins: "seed: \"clear error message with format requirements\""),
                ConformanceExample("an HTML page saved as CSV", (["<!DOCTYPE html>"], .failure(MissingColumns(missing: ["Title", "Author"], found: ["<!DOCTYPE html>"]))), pins: "D-042"),
                ConformanceExample("an empty header", ([""], .failure(MissingColumns(missing: ["Title", "Author"], found: [""]))), pins: "seed: \"clear error message with format requirements\""),
            ], R.missingColumns, "headers without a title or author column"),
            .property(R.namesAsWritten, "the four known headers shuffled, re-cased and padded", H.respelled, describe: { String(reflecting: $0.header) }) { implementation, value in
                let original = model.detectFormat(header: H.known[value.original].1)
                guard case let .success(expected) = original else { throw ConformanceViolation("the model refused a known header") }
                let answer = implementation.detectFormat(header: value.header)
                let moved = ExportDetection(format: expected.format, confidence: expected.confidence, columns: H.moved(expected.columns, value.newIndex))
                try ensureSame(answer, .success(moved), "detectFormat(header: \(value.header))", show: H.show)
            },
            detects([
                ConformanceExample("StoryGraph, 9 of 15 columns: exactly 60%", (storyGraphNine, found(.storyGraph, 0.6, storyGraphColumns)), pins: "seed: \"when auto-detection fails\""),
                ConformanceExample(
                    "StoryGraph, 9 of 15 columns without all of the seed's five: exactly 60%",
                    (Array(ExportFormat.storyGraphColumns.prefix(10)).filter { $0 != "Read Status" },
                        found(.storyGraph, 0.6, ExportColumns(title: 0, author: 1, authorColumnIsList: true, isbn: 2, isbnColumnMayHoldOtherIdentifiers: true, rating: 3, dateRead: 6))),
                    pins: "seed: \"when auto-detection fails\""),
                ConformanceExample(
                    "StoryGraph, 8 of 15 columns without all of the seed's five: a spreadsheet",
                    (storyGraphNine.filter { $0 != "Read Status" }, found(.generic, 6.0 / 8.0, ExportColumns(title: 0, author: 1, authorColumnIsList: true, isbn: 2, rating: 3, dateRead: 6))),
                    pins: "D-118"),
                ConformanceExample(
                    "StoryGraph, the seed's five columns alone",
                    (ExportFormat.storyGraphSeedColumns, found(.storyGraph, 5.0 / 15.0, ExportColumns(title: 0, author: 1, authorColumnIsList: true, isbn: 2, isbnColumnMayHoldOtherIdentifiers: true, rating: 3, readingStatus: 4))),
                    pins: "D-118"),
                ConformanceExample(
                    "Goodreads, 15 of 24 columns (62.5%)",
                    (goodreadsFifteen, found(.goodreads, 15.0 / 24.0, ExportColumns(title: 1, author: 2, authorLastFirst: 3, additionalAuthors: 4, isbn10: 5, isbn13: 6, rating: 7, dateRead: 14))),
                    pins: "seed: \"when auto-detection fails\""),
                ConformanceExample(
                    "Goodreads, 14 of 24 columns (58%): a spreadsheet",
                    (Array(goodreadsFifteen.prefix(14)), found(.generic, 8.0 / 14.0, ExportColumns(title: 1, author: 2, isbn13: 6, isbn: 5, rating: 7))),
                    pins: "seed: \"when auto-detection fails\""),
                ConformanceExample("LibraryThing, 2 of 4 columns: a spreadsheet", (["TITLE", "AUTHOR (first, last)"], found(.generic, 1, ExportColumns(title: 0, author: 1))), pins: "seed: \"when auto-detection fails\""),
            ], R.threshold, "headers at and below the 60% threshold"),
            .examples(R.confidence, "partial headers", [
                ConformanceExample("Goodreads without its last 6 columns", (Array(ExportFormat.goodreadsColumns.dropLast(6)), 18.0 / 24.0), pins: "seed: \"when auto-detection fails\""),
                ConformanceExample("StoryGraph with 12 of 15 columns", (Array(ExportFormat.storyGraphColumns.prefix(12)), 12.0 / 15.0), pins: "seed: \"when auto-detection fails\""),
                ConformanceExample("a spreadsheet with one unknown column of four", (["Title", "Author", "ISBN", "Shelf Mark"], 3.0 / 4.0), pins: "seed: \"when auto-detection fails\""),
            ]) { implementation, pair in
                let answer = implementation.detectFormat(header: pair.0)
                guard case let .success(detection) = answer else {
                    throw ConformanceViolation("the header was refused", question: "detectFormat(header: \(pair.0))", model: "confidence \(pair.1)", implementation: H.show(answer))
                }
                try ensure(detection.confidence == pair.1, "the confidence is not the share of columns", question: "detectFormat(header: \(pair.0))", model: "confidence \(pair.1)", implementation: H.show(answer))
            },
            .differential(R.agreesWithModel, "headers near the known formats: columns dropped, noise added, shuffled and re-cased", cases: 300, H.any,
                question: { "detectFormat(header: \($0))" }, model: model.detectFormat, implementation: { $0.detectFormat(header: $1) }, show: H.show),
        ])
    }
}
