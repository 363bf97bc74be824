import SpecModel

/// Seam: importing an export file into a library with a duplicate strategy.
///
/// Seed 004_…, User Story 2 (Smart, Skip, Replace All; duplicates inside the file), User Story 4
/// ("Imported 250/500 books (50%)"; the summary's imported, duplicates and errors), the high-level flow
/// (batches of 50 rows, each saved) and the file checks of Feature Specifications §1 (Decisions D-030
/// to D-038). The suite fills `library` through the store seam, imports, and observes `library`. Wrap
/// the app's import service over the store seam's context:
///
///     struct AppImporter: StrategyImporting {
///         var library = AppLibrary()
///         mutating func importFile(_ file: ImportFile, strategy: DuplicateStrategy) -> Result<ImportReport, ImportRefusal> {
///             CSVImportService(context: library.context).run(file.bytes, named: file.name, strategy: strategy.app).conformance
///         }
///     }
public protocol StrategyImporting {
    /// The store the import writes into.
    associatedtype Library: ImportLibraryStoring
    /// The library: the suite adds books to it before an import and reads it afterwards.
    var library: Library { get set }
    /// Imports `file` into `library` with `strategy`, to the end: the summary, or why nothing was imported.
    mutating func importFile(_ file: ImportFile, strategy: DuplicateStrategy) -> Result<ImportReport, ImportRefusal>
}

/// What an import reports when it ends.
public struct ImportReport: Hashable, Sendable, CustomStringConvertible {
    /// Rows that made a new book, replacements included.
    public var imported: Int
    /// Rows that matched a known book and made no new one (skipped or merged).
    public var duplicates: Int
    /// The record numbers (the header is 1; blank lines are no records) of the rows not imported, ascending.
    public var errorRows: [Int]
    /// The progress line after each saved batch, in order: "Imported 50/120 books (41%)".
    public var progress: [String]

    /// A value with the given fields.
    public init(imported: Int, duplicates: Int, errorRows: [Int], progress: [String]) {
        self.imported = imported
        self.duplicates = duplicates
        self.errorRows = errorRows
        self.progress = progress
    }

    /// One line for reports.
    public var description: String {
        "imported \(imported), duplicates \(duplicates), error rows \(errorRows), progress \(progress)"
    }
}

/// Why a file was not imported at all (nothing was).
public enum ImportRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// A name that does not end in `.csv`, `.tsv` or `.txt`: "Please select a .csv file".
    case notCSVFile
    /// Nothing but whitespace (or a byte-order mark).
    case emptyFile
    /// A header and no rows: "No books found".
    case noBooksFound
    /// The required columns the header lacks, `Title` before `Author`.
    case missingColumns([String])
    /// Not readable as CSV to its end (invalid UTF-8, a binary file, an unterminated quote, a limit).
    case unreadable

    /// The seam's form of the model's refusal.
    public init(_ error: ImportError) {
        switch error {
        case .notCSVFile: self = .notCSVFile
        case .emptyFile: self = .emptyFile
        case .noBooksFound: self = .noBooksFound
        case let .missingColumns(missing): self = .missingColumns(missing.missing)
        case .unreadable: self = .unreadable
        }
    }

    /// One line for reports.
    public var description: String {
        switch self {
        case .notCSVFile: return "not a CSV file"
        case .emptyFile: return "empty file"
        case .noBooksFound: return "no books found"
        case let .missingColumns(missing): return "missing columns \(missing)"
        case .unreadable: return "unreadable"
        }
    }
}

/// The model's import (`PlainImport` into `AppState`), the reference every suite compares with. Each
/// `importNextBatch` saves the store once, which `ModelImportLibrary.saveCount` counts.
public struct ModelStrategyImporter: StrategyImporting {
    /// The model's library.
    public var library = ModelImportLibrary()

    /// The model's adapter, over a fresh model.
    public init() {}

    /// The model's answer (see the protocol).
    public mutating func importFile(_ file: ImportFile, strategy: DuplicateStrategy) -> Result<ImportReport, ImportRefusal> {
        switch PlainImport.prepare(file, library: library.app.store, strategy: strategy) {
        case let .failure(error):
            return .failure(ImportRefusal(error))
        case var .success(run):
            while !run.isFinished {
                guard run.importNextBatch(into: &library.app) != nil else { break }
                library.saveCount += 1
            }
            let summary = run.summary
            return .success(ImportReport(
                imported: summary.imported, duplicates: summary.duplicates, errorRows: summary.errors.map(\.rowNumber).sorted(), progress: run.progress
            ))
        }
    }
}
