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
    /// The format detection suite: each export's header as the seed names its columns, a header
    /// without a title refused; then the decisions (LibraryThing's later header, spreadsheets, names as
    /// files write them, the 60% threshold on both sides, the confidence, the columns the seed does not
    /// name, the refusal's text), and the model's answer on generated headers for information.
    public static var exportFormatDetection: ConformanceSuite {
        typealias R = FormatRules
        typealias H = FormatHeaders
        let model = ModelExportFormatDetector()
        typealias Answer = Result<ExportDetection, MissingColumns>
        func asked(_ header: [String]) -> String { "detectFormat(header: \(header))" }
        func detects(_ examples: [ConformanceExample<([String], Answer)>], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, pair in
                try ensureSame(implementation.detectFormat(header: pair.0), pair.1, asked(pair.0), show: H.show)
            }
        }
        typealias NamedColumn = ExportFormatExamples.NamedColumn
        /// The seed's check: the header is `format`, with every column the seed names found where it stands.
        func seedDetects(_ examples: [ConformanceExample<([String], ExportFormat, [NamedColumn])>], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, example in
                let (header, format, named) = example
                let answer = implementation.detectFormat(header: header)
                let expected = "\(format), with " + named.map { "\($0.name) at column \($0.index)" }.joined(separator: ", ")
                guard case let .success(detection) = answer else {
                    throw ConformanceViolation("the export's header was refused", question: asked(header), model: expected, implementation: H.show(answer), kind: "the header refused")
                }
                try ensure(detection.format == format, "the export's header was read as another format", question: asked(header), model: expected, implementation: H.show(answer), kind: "another format")
                for column in named {
                    try ensure(column.found(detection.columns).contains(column.index), "the \(column.name) column was not found where it stands",
                        question: asked(header), model: expected, implementation: H.show(answer), kind: "a named column not found")
                }
            }
        }
        return ConformanceSuite(id: "export-format-detection", title: "Export format detection", seam: "ExportFormatDetecting", checks: [
            seedDetects(ExportFormatExamples.goodreads, R.goodreads, "Goodreads' header"),
            seedDetects(ExportFormatExamples.libraryThing, R.libraryThing, "LibraryThing's header as the seed lists it"),
            .examples(R.libraryThingLater, "LibraryThing's later header", ExportFormatExamples.libraryThingLater) { implementation, pair in
                let (header, columns) = pair
                let answer = implementation.detectFormat(header: header)
                let expected = "libraryThing, title \(columns.title), author \(columns.author.map(String.init) ?? "none"), author last-first \(columns.authorLastFirst.map(String.init) ?? "none")"
                guard case let .success(detection) = answer, detection.format == .libraryThing else {
                    throw ConformanceViolation("the later LibraryThing header was not read as LibraryThing", question: asked(header), model: expected, implementation: H.show(answer), kind: "not LibraryThing")
                }
                let got = detection.columns
                try ensure(got.title == columns.title && got.author == columns.author && got.authorLastFirst == columns.authorLastFirst,
                    "the author column is not read as D-065 reads it", question: asked(header), model: expected, implementation: H.show(answer), kind: "the author column read otherwise")
            },
            seedDetects(ExportFormatExamples.storyGraph, R.storyGraph, "StoryGraph's header"),
            detects(ExportFormatExamples.spreadsheets, R.spreadsheet, "hand-made spreadsheets"),
            .examples(R.missingColumns, "headers without a title column", ExportFormatExamples.withoutTitle) { implementation, header in
                let answer = implementation.detectFormat(header: header)
                guard case let .failure(missing) = answer else {
                    throw ConformanceViolation("a header without a title column was not refused", question: asked(header), model: H.show(model.detectFormat(header: header)), implementation: H.show(answer), kind: "not refused")
                }
                try ensure(missing.missing.contains { $0.lowercased() == "title" }, "the refusal does not name the missing title column", question: asked(header),
                    model: H.show(model.detectFormat(header: header)), implementation: H.show(answer), kind: "Title not named")
            },
            .property(R.namesAsWritten, "the four known headers shuffled, re-cased and padded, against the same header as exported", H.respelled, describe: { String(reflecting: $0.header) },
                exercises: { $0.header != H.known[$0.original].1 }) { implementation, value in
                let exported = H.known[value.original].1
                // The header as exported is the seed's rules' concern; this rule asks only that it is read the same way respelled.
                guard case let .success(asExported) = implementation.detectFormat(header: exported) else { return }
                let answer = implementation.detectFormat(header: value.header)
                let moved = ExportDetection(format: asExported.format, confidence: asExported.confidence, columns: H.moved(asExported.columns, value.newIndex))
                try ensureSame(answer, .success(moved), asked(value.header) + ", against \(asked(exported))", show: H.show, kind: "a respelled header read otherwise")
            },
            .examples(R.threshold, "headers at and below the 60% threshold", ExportFormatExamples.threshold) { implementation, pair in
                let (header, format) = pair
                let answer = implementation.detectFormat(header: header)
                var got: String = "refused"
                if case let .success(detection) = answer { got = "\(detection.format)" }
                try ensure(got == "\(format)", "the header is read as \(got), not \(format)", question: asked(header), model: "\(format)", implementation: H.show(answer), kind: format == .generic ? "a header below the threshold kept its format" : "a header at or above the threshold lost its format")
            },
            .examples(R.confidence, "full and partial headers of the known formats", ExportFormatExamples.confidence) { implementation, example in
                let (header, format, confidence) = example
                let answer = implementation.detectFormat(header: header)
                // Which format a header is, is FORMAT-08's and the seed's rules' concern; this rule asks what a known format's confidence is.
                guard case let .success(detection) = answer, detection.format == format else { return }
                try ensure(detection.confidence == confidence, "the confidence is not the share of the format's columns present", question: asked(header), model: "confidence \(confidence)", implementation: H.show(answer))
            },
            .differential(R.agreesWithModel, "headers near the known formats: columns dropped, noise added, shuffled and re-cased", cases: 300, H.any,
                question: { asked($0) }, model: model.detectFormat, implementation: { $0.detectFormat(header: $1) }, show: H.show),
            .examples(R.otherColumns, "every column of the four known headers", ExportFormatExamples.otherColumns) { implementation, example in
                let (header, format, columns) = example
                let answer = implementation.detectFormat(header: header)
                guard case let .success(detection) = answer, detection.format == format else { return }
                try ensureSame(detection.columns, columns, asked(header) + ".columns", show: { $0.description }, kind: "a column read otherwise")
            },
            detects(ExportFormatExamples.refusals, R.refusalText, "what a refusal names"),
        ])
    }
}

/// The format detection suite's example lists, one per check, each a header and what the check asks of
/// it: the suite checks them and the test vectors (`FormatDetectionVectors`) are made of them.
enum ExportFormatExamples {
    typealias Answer = Result<ExportDetection, MissingColumns>
    /// The columns the seed names for a format, each as where it stands in the header and the
    /// mappings that may hold it (an `ISBN` column is found as any of the three ISBN columns).
    typealias NamedColumn = (name: String, index: Int, found: (ExportColumns) -> [Int?])

    static func found(_ format: ExportFormat, _ confidence: Double, _ columns: ExportColumns) -> Answer {
        .success(ExportDetection(format: format, confidence: confidence, columns: columns))
    }

    static func titleColumn(_ columns: ExportColumns) -> [Int?] { [columns.title] }
    static func authorColumn(_ columns: ExportColumns) -> [Int?] { [columns.author, columns.authorLastFirst] }
    static func isbnColumn(_ columns: ExportColumns) -> [Int?] { [columns.isbn10, columns.isbn13, columns.isbn] }
    static func ratingColumn(_ columns: ExportColumns) -> [Int?] { [columns.rating] }
    static func statusColumn(_ columns: ExportColumns) -> [Int?] { [columns.readingStatus] }

    static var goodreadsColumns: ExportColumns { ExportColumns(title: 1, author: 2, authorLastFirst: 3, additionalAuthors: 4, isbn10: 5, isbn13: 6, rating: 7, readingStatus: 18, dateRead: 14) }
    static var storyGraphColumns: ExportColumns { ExportColumns(title: 0, author: 1, authorColumnIsList: true, isbn: 2, isbnColumnMayHoldOtherIdentifiers: true, rating: 3, readingStatus: 4, dateRead: 7) }
    static var libraryThingColumns: ExportColumns { ExportColumns(title: 0, author: 1, isbn: 2, rating: 3) }
    static var libraryThingLaterColumns: ExportColumns { ExportColumns(title: 0, authorLastFirst: 1, isbn: 2, rating: 3, dateRead: 5) }
    static var storyGraphNine: [String] { Array(ExportFormat.storyGraphColumns.prefix(9)) }
    static var goodreadsFifteen: [String] { Array(ExportFormat.goodreadsColumns.prefix(15)) }
    static let seedGoodreads = "seed: \"auto-detects \\\"Title\\\", \\\"Author\\\", \\\"ISBN\\\", \\\"My Rating\\\", \\\"Exclusive Shelf\\\" columns\""
    static let seedLibraryThing = "seed: \"auto-detects \\\"TITLE\\\", \\\"AUTHOR (first, last)\\\", \\\"ISBN\\\", \\\"RATING\\\" columns\""
    static let seedStoryGraph = "seed: \"auto-detects \\\"Title\\\", \\\"Authors\\\", \\\"ISBN/UID\\\", \\\"Star Rating\\\", \\\"Read Status\\\" columns\""
    static let seedError = "seed: \"clear error message with format requirements\""
    static var libraryThingNamed: [NamedColumn] { [("TITLE", 0, titleColumn), ("AUTHOR (first, last)", 1, authorColumn), ("ISBN", 2, isbnColumn), ("RATING", 3, ratingColumn)] }
    static var storyGraphNamed: [NamedColumn] { [("Title", 0, titleColumn), ("Authors", 1, authorColumn), ("ISBN/UID", 2, isbnColumn), ("Star Rating", 3, ratingColumn), ("Read Status", 4, statusColumn)] }

    /// FORMAT-01's: Goodreads' header, with the columns the seed names.
    static var goodreads: [ConformanceExample<([String], ExportFormat, [NamedColumn])>] {
        [
            ConformanceExample("Goodreads' 24 columns", (ExportFormat.goodreadsColumns, .goodreads, [
                ("Title", 1, titleColumn), ("Author", 2, authorColumn), ("ISBN", 5, isbnColumn), ("My Rating", 7, ratingColumn), ("Exclusive Shelf", 18, statusColumn),
            ]), pins: seedGoodreads),
        ]
    }

    /// FORMAT-02's: LibraryThing's header as the seed lists it.
    static var libraryThing: [ConformanceExample<([String], ExportFormat, [NamedColumn])>] {
        [
            ConformanceExample("the seed's four columns", (ExportFormat.libraryThingColumns, .libraryThing, libraryThingNamed), pins: seedLibraryThing),
            ConformanceExample("the seed's four columns in another order", (["RATING", "ISBN", "AUTHOR (first, last)", "TITLE"], .libraryThing, [
                ("TITLE", 3, titleColumn), ("AUTHOR (first, last)", 2, authorColumn), ("ISBN", 1, isbnColumn), ("RATING", 0, ratingColumn),
            ]), pins: seedLibraryThing),
        ]
    }

    /// FORMAT-03's: LibraryThing's later header, with the columns D-065 reads (D-065).
    static var libraryThingLater: [ConformanceExample<([String], ExportColumns)>] {
        [
            ConformanceExample("the later columns", (ExportFormat.libraryThingLaterColumns, libraryThingLaterColumns), pins: "D-065"),
            ConformanceExample(
                "a later export with a Book Id and Collections",
                (["Book Id", "Title", "Primary Author", "ISBN", "Rating", "Date Started", "Date Read", "Tags", "Collections"], ExportColumns(title: 1, authorLastFirst: 2, isbn: 3, rating: 4, dateRead: 6)),
                pins: "D-065"),
            ConformanceExample(
                "both author columns: the seed's wins",
                (["TITLE", "AUTHOR (first, last)", "ISBN", "RATING", "Primary Author"], libraryThingColumns), pins: "D-065"),
        ]
    }

    /// FORMAT-04's: StoryGraph's header.
    static var storyGraph: [ConformanceExample<([String], ExportFormat, [NamedColumn])>] {
        [
            ConformanceExample("StoryGraph's columns", (ExportFormat.storyGraphColumns, .storyGraph, storyGraphNamed), pins: seedStoryGraph),
        ]
    }

    /// FORMAT-05's: hand-made spreadsheets (D-143).
    static var spreadsheets: [ConformanceExample<([String], Answer)>] {
        [
            ConformanceExample("Title, Author, ISBN", (["Title", "Author", "ISBN"], found(.generic, 1, ExportColumns(title: 0, author: 1, isbn: 2))), pins: "D-143"),
            ConformanceExample("year, title, author, isbn13", (["year", "title", "author", "isbn13"], found(.generic, 1, ExportColumns(title: 1, author: 2, isbn13: 3))), pins: "D-143"),
            ConformanceExample("Book Title, Writer, ISBN-13, Pages", ([" Book Title ", "Writer", "ISBN-13", "Pages"], found(.generic, 1, ExportColumns(title: 0, author: 1, isbn13: 2))), pins: "D-143"),
            ConformanceExample("an unknown column lowers the confidence", (["Title", "Author", "Shelf Mark"], found(.generic, 2.0 / 3.0, ExportColumns(title: 0, author: 1))), pins: "D-143"),
            ConformanceExample("one unknown column of four", (["Title", "Author", "ISBN", "Shelf Mark"], found(.generic, 3.0 / 4.0, ExportColumns(title: 0, author: 1, isbn: 2))), pins: "D-143"),
            ConformanceExample(
                "Title, Author, ISBN, Rating, Status (LibraryThing's columns, but not its author)",
                (["Title", "Author", "ISBN", "Rating", "Status"], found(.generic, 1, ExportColumns(title: 0, author: 1, isbn: 2, rating: 3, readingStatus: 4))), pins: "D-143"),
        ]
    }

    /// FORMAT-06's: headers without a title column.
    static var withoutTitle: [ConformanceExample<[String]>] {
        [
            ConformanceExample("neither a title nor an author", ["Name of thing", "Score"], pins: seedError),
            ConformanceExample("no title", ["Author", "ISBN"], pins: seedError),
            ConformanceExample("an HTML page saved as CSV", ["<!DOCTYPE html>"], pins: seedError),
            ConformanceExample("an empty header", [""], pins: seedError),
        ]
    }

    /// FORMAT-08's: headers at and below the 60% threshold, with the format each is (D-118).
    static var threshold: [ConformanceExample<([String], ExportFormat)>] {
        [
            ConformanceExample("StoryGraph, 9 of 15 columns: exactly 60%", (storyGraphNine, ExportFormat.storyGraph), pins: "D-118"),
            ConformanceExample("StoryGraph, 9 of 15 columns without all of the seed's five: exactly 60%", (Array(ExportFormat.storyGraphColumns.prefix(10)).filter { $0 != "Read Status" }, ExportFormat.storyGraph), pins: "D-118"),
            ConformanceExample("StoryGraph, 8 of 15 columns without all of the seed's five: a spreadsheet", (storyGraphNine.filter { $0 != "Read Status" }, ExportFormat.generic), pins: "D-118"),
            ConformanceExample("StoryGraph, the seed's five columns alone", (ExportFormat.storyGraphSeedColumns, ExportFormat.storyGraph), pins: "D-118"),
            ConformanceExample("Goodreads, 15 of 24 columns (62.5%)", (goodreadsFifteen, ExportFormat.goodreads), pins: "D-118"),
            ConformanceExample("Goodreads, 14 of 24 columns (58%): a spreadsheet", (Array(goodreadsFifteen.prefix(14)), ExportFormat.generic), pins: "D-118"),
            ConformanceExample("LibraryThing, 3 of 4 columns (75%)", (["TITLE", "AUTHOR (first, last)", "ISBN"], ExportFormat.libraryThing), pins: "D-118"),
            ConformanceExample("LibraryThing, 2 of 4 columns: a spreadsheet", (["TITLE", "AUTHOR (first, last)"], ExportFormat.generic), pins: "D-118"),
        ]
    }

    /// FORMAT-09's: full and partial headers of the known formats, with their confidence (D-118).
    static var confidence: [ConformanceExample<([String], ExportFormat, Double)>] {
        [
            ConformanceExample("Goodreads' 24 columns", (ExportFormat.goodreadsColumns, ExportFormat.goodreads, 1.0), pins: "D-118"),
            ConformanceExample("LibraryThing's four columns", (ExportFormat.libraryThingColumns, ExportFormat.libraryThing, 1.0), pins: "D-118"),
            ConformanceExample("StoryGraph's 15 columns", (ExportFormat.storyGraphColumns, ExportFormat.storyGraph, 1.0), pins: "D-118"),
            ConformanceExample("Goodreads without its last 6 columns", (Array(ExportFormat.goodreadsColumns.dropLast(6)), ExportFormat.goodreads, 18.0 / 24.0), pins: "D-118"),
            ConformanceExample("StoryGraph with 12 of 15 columns", (Array(ExportFormat.storyGraphColumns.prefix(12)), ExportFormat.storyGraph, 12.0 / 15.0), pins: "D-118"),
            ConformanceExample("StoryGraph, the seed's five columns alone", (ExportFormat.storyGraphSeedColumns, ExportFormat.storyGraph, 5.0 / 15.0), pins: "D-118"),
            ConformanceExample("LibraryThing, 3 of 4 columns", (["TITLE", "AUTHOR (first, last)", "ISBN"], ExportFormat.libraryThing, 0.75), pins: "D-118"),
        ]
    }

    /// FORMAT-11's: every column of the four known headers (D-142).
    static var otherColumns: [ConformanceExample<([String], ExportFormat, ExportColumns)>] {
        [
            ConformanceExample("Goodreads' 24 columns", (ExportFormat.goodreadsColumns, ExportFormat.goodreads, goodreadsColumns), pins: "D-142"),
            ConformanceExample("LibraryThing's four columns", (ExportFormat.libraryThingColumns, ExportFormat.libraryThing, libraryThingColumns), pins: "D-142"),
            ConformanceExample("LibraryThing's later columns", (ExportFormat.libraryThingLaterColumns, ExportFormat.libraryThing, libraryThingLaterColumns), pins: "D-142"),
            ConformanceExample("StoryGraph's columns", (ExportFormat.storyGraphColumns, ExportFormat.storyGraph, storyGraphColumns), pins: "D-142"),
            ConformanceExample(
                "Goodreads, 15 of 24 columns",
                (goodreadsFifteen, ExportFormat.goodreads, ExportColumns(title: 1, author: 2, authorLastFirst: 3, additionalAuthors: 4, isbn10: 5, isbn13: 6, rating: 7, dateRead: 14)), pins: "D-142"),
        ]
    }

    /// FORMAT-12's: what a refusal names (D-143).
    static var refusals: [ConformanceExample<([String], Answer)>] {
        [
            ConformanceExample("neither", (["Name of thing", "Score"], .failure(MissingColumns(missing: ["Title", "Author"], found: ["Name of thing", "Score"]))), pins: "D-143"),
            ConformanceExample("no author", (["Title", "ISBN"], .failure(MissingColumns(missing: ["Author"], found: ["Title", "ISBN"]))), pins: "D-143"),
            ConformanceExample("no title", (["Author", "ISBN"], .failure(MissingColumns(missing: ["Title"], found: ["Author", "ISBN"]))), pins: "D-143"),
            ConformanceExample("found columns are trimmed", ([" Score ", "Notes"], .failure(MissingColumns(missing: ["Title", "Author"], found: ["Score", "Notes"]))), pins: "D-143"),
            ConformanceExample("an HTML page saved as CSV", (["<!DOCTYPE html>"], .failure(MissingColumns(missing: ["Title", "Author"], found: ["<!DOCTYPE html>"]))), pins: "D-143"),
            ConformanceExample("an empty header", ([""], .failure(MissingColumns(missing: ["Title", "Author"], found: [""]))), pins: "D-143"),
        ]
    }
}
