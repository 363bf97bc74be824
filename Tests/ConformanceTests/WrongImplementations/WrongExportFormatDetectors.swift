import SpecConformance
import SpecModel

// Wrong export-format detectors: a detector written from the seed and the decisions, with one detail
// wrong in each.

/// Format detection written out plainly (signature shares, the known mappings, a spreadsheet's names),
/// with one flaw.
struct PlainFormatDetector: ExportFormatDetecting {
    enum Flaw: Sendable {
        /// None: the plain implementation as it should be, which passes every rule.
        case none
        /// `>` for `>=`: exactly 60% of a signature is not enough.
        case thresholdStrictlyAbove
        /// Names compared as written, case included.
        case caseSensitiveNames
        /// LibraryThing's later `Primary Author` read as "First Last".
        case primaryAuthorReadFirstLast
        /// Only the first missing required column named.
        case onlyFirstMissingColumnNamed
        /// StoryGraph's `Authors` read as one name.
        case storyGraphAuthorsNotAList
        /// Only the 60% threshold: a header of the seed's own five columns is not its format (before D-118).
        case seedColumnsNotEnough
    }

    let flaw: Flaw

    static let genericNames: [(String, [String])] = [
        ("title", ["title", "book title", "book"]),
        ("author", ["author", "authors", "primary author", "author (first, last)", "writer", "by"]),
        ("isbn13", ["isbn13", "isbn-13", "isbn 13", "ean"]),
        ("isbn10", ["isbn10", "isbn-10", "isbn 10"]),
        ("isbn", ["isbn", "isbn/uid"]),
        ("rating", ["rating", "my rating", "star rating", "stars"]),
        ("status", ["status", "read status", "exclusive shelf", "shelf", "reading status"]),
        ("dateRead", ["date read", "date finished", "finished", "last date read"]),
        ("dateAdded", ["date added", "added"]),
        ("publisher", ["publisher"]),
        ("pages", ["pages", "number of pages", "page count"]),
        ("year", ["year", "year published", "publication year", "published"]),
        ("review", ["review", "my review", "notes"]),
    ]

    func detectFormat(header: [String]) -> Result<ExportDetection, MissingColumns> {
        let trimmed = header.map { $0.trimmingSpaces() }
        let names = flaw == .caseSensitiveNames ? trimmed : trimmed.map { $0.lowercased() }
        func column(_ name: String) -> Int? {
            names.firstIndex(of: flaw == .caseSensitiveNames ? name : name.lowercased())
        }
        func share(_ signature: [String]) -> Double {
            Double(signature.filter { column($0) != nil }.count) / Double(signature.count)
        }
        let candidates: [(ExportFormat, [String], [String]?)] = [
            (.goodreads, ExportFormat.goodreadsColumns, ExportFormat.goodreadsSeedColumns), (.libraryThing, ExportFormat.libraryThingColumns, nil),
            (.libraryThing, ExportFormat.libraryThingLaterColumns, nil), (.storyGraph, ExportFormat.storyGraphColumns, ExportFormat.storyGraphSeedColumns),
        ]
        var best: (ExportFormat, Double)?
        for (format, signature, seedColumns) in candidates {
            let confidence = share(signature)
            let holdsSeedColumns = flaw != .seedColumnsNotEnough && seedColumns.map { share($0) == 1 } == true
            let enough = holdsSeedColumns
                || (flaw == .thresholdStrictlyAbove ? confidence > FormatDetection.knownFormatConfidenceMin : confidence >= FormatDetection.knownFormatConfidenceMin)
            if enough, best.map({ confidence > $0.1 }) ?? true { best = (format, confidence) }
        }
        if let (format, confidence) = best, let columns = known(format, column) {
            return .success(ExportDetection(format: format, confidence: confidence, columns: columns))
        }
        return generic(names, trimmed)
    }

    func known(_ format: ExportFormat, _ column: (String) -> Int?) -> ExportColumns? {
        switch format {
        case .goodreads:
            guard let title = column("Title"), column("Author") != nil || column("Author l-f") != nil else { return nil }
            return ExportColumns(
                title: title, author: column("Author"), authorLastFirst: column("Author l-f"), additionalAuthors: column("Additional Authors"),
                isbn10: column("ISBN"), isbn13: column("ISBN13"), rating: column("My Rating"), readingStatus: column("Exclusive Shelf"), dateRead: column("Date Read")
            )
        case .libraryThing:
            let firstLast = column("AUTHOR (first, last)") ?? (flaw == .primaryAuthorReadFirstLast ? column("Primary Author") : nil)
            let lastFirst = firstLast == nil ? column("Primary Author") : nil
            guard let title = column("TITLE"), firstLast != nil || lastFirst != nil else { return nil }
            return ExportColumns(title: title, author: firstLast, authorLastFirst: lastFirst, isbn: column("ISBN"), rating: column("RATING"), dateRead: column("Date Read"))
        case .storyGraph:
            guard let title = column("Title"), let authors = column("Authors") else { return nil }
            return ExportColumns(
                title: title, author: authors, authorColumnIsList: flaw != .storyGraphAuthorsNotAList, isbn: column("ISBN/UID"), isbnColumnMayHoldOtherIdentifiers: true,
                rating: column("Star Rating"), readingStatus: column("Read Status"), dateRead: column("Last Date Read")
            )
        case .generic, .manual:
            return nil
        }
    }

    func generic(_ names: [String], _ trimmed: [String]) -> Result<ExportDetection, MissingColumns> {
        var found: [String: Int] = [:]
        for (field, candidates) in Self.genericNames {
            for name in candidates {
                if let index = names.firstIndex(of: name) {
                    found[field] = index
                    break
                }
            }
        }
        guard let title = found["title"], let author = found["author"] else {
            var missing: [String] = []
            if found["title"] == nil { missing.append("Title") }
            if found["author"] == nil { missing.append("Author") }
            if flaw == .onlyFirstMissingColumnNamed { missing = Array(missing.prefix(1)) }
            return .failure(MissingColumns(missing: missing, found: trimmed))
        }
        let columns = ExportColumns(
            title: title, author: author, authorColumnIsList: names[author] == "authors", isbn10: found["isbn10"], isbn13: found["isbn13"],
            isbn: found["isbn"], rating: found["rating"], readingStatus: found["status"], dateRead: found["dateRead"]
        )
        let recognised = 1 + Set(Self.genericNames.dropFirst().compactMap { found[$0.0] }).count
        return .success(ExportDetection(format: .generic, confidence: Double(recognised) / Double(max(names.count, 1)), columns: columns))
    }
}

enum WrongExportFormatDetectors {
    static let all: [WrongImplementation] = [
        .of({ .exportFormatDetection }, "ThresholdStrictlyAbove", flaw: "needs more than 60% of a signature (`>` for `>=`): StoryGraph with 9 of 15 columns is a spreadsheet", breaks: "FORMAT-08") {
            PlainFormatDetector(flaw: .thresholdStrictlyAbove)
        },
        .of({ .exportFormatDetection }, "CaseSensitiveColumnNames", flaw: "compares column names case included: `title` or `TITLE` is not `Title`", breaks: "FORMAT-07") {
            PlainFormatDetector(flaw: .caseSensitiveNames)
        },
        .of({ .exportFormatDetection }, "PrimaryAuthorReadFirstLast", flaw: "reads LibraryThing's later `Primary Author` as \"First Last\" (against D-065)", breaks: "FORMAT-03") {
            PlainFormatDetector(flaw: .primaryAuthorReadFirstLast)
        },
        .of({ .exportFormatDetection }, "OnlyFirstMissingColumnNamed", flaw: "names only the first missing required column", breaks: "FORMAT-12") {
            PlainFormatDetector(flaw: .onlyFirstMissingColumnNamed)
        },
        .of({ .exportFormatDetection }, "StoryGraphAuthorsNotAList", flaw: "reads StoryGraph's `Authors` as one name", breaks: "FORMAT-11") {
            PlainFormatDetector(flaw: .storyGraphAuthorsNotAList)
        },
        .of({ .exportFormatDetection }, "SeedColumnsNotEnough", flaw: "a header of the seed's own five StoryGraph columns is read as a spreadsheet, losing `ISBN/UID`'s meaning (the model before D-118)", breaks: "FORMAT-08") {
            PlainFormatDetector(flaw: .seedColumnsNotEnough)
        },
    ]
}
