import Generators
import SpecModel
import SpecTesting
import Testing

/// Decision D-131: importing a file that was already imported, with Skip, adds nothing and changes
/// nothing, whatever strategy the first import used; a second Smart import after a Smart one changes
/// nothing either. For the plain import and the engine, over generated exports with a library.
@Suite struct ReimportIdempotenceTests {
    /// The library as the user sees it: works with their authors, editions and entries, the authors,
    /// and the enrichment queue.
    static func library(_ app: AppState) -> [String] {
        var names = ImportCrashRecoveryTests.Names()
        // The checkpoint and the queue's mark name the last import, which a second import moves on.
        let lines = ImportCrashRecoveryTests.describe(app, summary: nil, progress: [], names: &names).filter {
            !$0.hasPrefix("checkpoint") && !$0.hasPrefix("  batch") && !$0.hasPrefix("progress") && !$0.hasPrefix("records") && !$0.hasPrefix("queue")
        }
        return lines + ["queue \(app.enrichmentQueue.pending)"]
    }

    static func importAll<Import: ImportCrashRecoveryTests.Importing>(_: Import.Type, _ file: ImportFile, into app: inout AppState, strategy: DuplicateStrategy) throws -> ImportSummary {
        guard case var .success(importing) = Import.prepare(file, library: app.store, strategy: strategy, mapping: nil) else {
            throw PropertyViolation("the file was refused")
        }
        while !importing.isFinished { _ = importing.importNextBatch(into: &app) }
        return importing.summary
    }

    static func check<Import: ImportCrashRecoveryTests.Importing>(
        _ type: Import.Type, first: DuplicateStrategy, second: DuplicateStrategy, books: [PlainAgainstEngineTests.LibraryBook], rows: [[String]]
    ) throws {
        let file = ImportFile(name: "generated.csv", bytes: CSVWriter.encode(rows: [PlainAgainstEngineTests.importHeader] + rows, dialect: .comma, terminator: .lf, quoting: .minimal))
        var app = PlainAgainstEngineTests.app(holding: books)
        let firstSummary = try importAll(type, file, into: &app, strategy: first)
        let before = library(app)
        let counter = app.store.nextRawIdentifier
        let again = try importAll(type, file, into: &app, strategy: second)
        try requireEqual(again.imported, 0, "books imported again by \(second) after \(first): \(again.text)")
        try requireEqual(again.errors.map(\.rowNumber), firstSummary.errors.map(\.rowNumber), "the rows in error the second time")
        try requireEqual(again.duplicates, firstSummary.dataRows - firstSummary.errors.count, "every readable row a duplicate the second time")
        try requireEqual(library(app), before, "the library after importing the file again with \(second) after \(first)")
        try requireEqual(app.store.nextRawIdentifier, counter, "objects made by importing again with \(second) after \(first)")
    }

    static let imports = Gen.zip(
        Gen.array(of: PlainAgainstEngineTests.libraryBooks, count: 0...8), Gen.array(of: PlainAgainstEngineTests.importRows, count: 1...120)
    )

    /// The issue's 59-byte file: two rows share an ISBN, a third shares the second's title and author.
    static let chain = ImportFile(name: "chain.csv", bytes: Array("Title,Author,ISBN\nA,X,9780441013593\nB,X,9780441013593\nB,X,\n".utf8))

    @Test(arguments: DuplicateStrategy.allCases)
    func skipAfterAnyImportAddsAndChangesNothing(first: DuplicateStrategy) {
        property(Self.imports, label: first.rawValue, cases: 60) { books, rows in
            try Self.check(PlainImport.self, first: first, second: .skip, books: books, rows: rows)
            try Self.check(CSVImport.self, first: first, second: .skip, books: books, rows: rows)
        }
    }

    @Test func smartAfterSmartChangesNothing() {
        property(Self.imports, cases: 60) { books, rows in
            try Self.check(PlainImport.self, first: .smart, second: .smart, books: books, rows: rows)
            try Self.check(CSVImport.self, first: .smart, second: .smart, books: books, rows: rows)
        }
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func theChainOfTheIssueImportsNothingTheSecondTime(first: DuplicateStrategy) throws {
        for type in [PlainImport.self, CSVImport.self] as [any ImportCrashRecoveryTests.Importing.Type] {
            var app = AppState()
            let firstSummary = try Self.importAll(type, Self.chain, into: &app, strategy: first)
            let before = Self.library(app)
            let again = try Self.importAll(type, Self.chain, into: &app, strategy: .skip)
            #expect(firstSummary.dataRows == 3)
            #expect(again.text == "Imported 0 books, 3 duplicates skipped, 0 errors", "\(type) after \(first)")
            #expect(Self.library(app) == before, "\(type) after \(first)")
        }
    }
}
