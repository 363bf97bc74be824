import TextFormats

/// What the store remembers of the import in progress, saved with each batch, so that a relaunch after
/// a crash resumes it where the last saved batch ended (Decision D-130).
///
/// Seed 004_…, "Data Integrity: Atomic SwiftData transactions" and "Batch Processing (50 rows/batch)",
/// with Decision D-030: each batch is one save, and its record in the checkpoint is part of that save,
/// so the library and the checkpoint never disagree. The enrichment queue is written apart from the
/// store; it remembers the last batch whose works it took (`EnrichmentQueue.importBatchesTaken`), and
/// `ImportRecovery.catchUpQueue` gives it the works of the saved batches it has not taken.
public struct ImportCheckpoint: Hashable, Sendable {
    /// The import's number: one more than the previous import's.
    public let number: Int
    /// The file being imported.
    public let file: ImportFileIdentity
    /// The strategy chosen for it.
    public let strategy: DuplicateStrategy
    /// The format and columns it is read with (the user's mapping, if they made one).
    public let detection: FormatDetection
    /// The file's data rows.
    public let dataRows: Int
    /// Each saved batch, in order.
    public internal(set) var batches: [ImportBatchRecord] = []

    /// Rows the saved batches handled: the next batch starts at this data row.
    public var rowsHandled: Int { batches.reduce(0) { $0 + $1.tally.processed } }

    /// Whether every row has been handled.
    public var isFinished: Bool { rowsHandled >= dataRows }

    /// The import's summary after its saved batches, and the progress line after each.
    public func summary() -> (summary: ImportSummary, progress: [String]) {
        var summary = ImportSummary(format: detection.format, confidence: detection.confidence, dataRows: dataRows)
        var progress: [String] = []
        for batch in batches {
            summary.add(batch.tally)
            progress.append(summary.progressLine)
        }
        return (summary, progress)
    }
}

/// One saved batch of an import: its tally, what it changed in the enrichment queue, and the rows it
/// imported, merged or replaced into works.
public struct ImportBatchRecord: Hashable, Sendable {
    /// The batch's rows as imported, duplicates, errors and warnings.
    public let tally: ImportSummary
    /// The works the batch inserted, to be queued for enrichment.
    public let queued: [PersistentIdentifier]
    /// The works queued by an earlier batch that this one replaced, to leave the queue (D-032).
    public let unqueued: [PersistentIdentifier]
    /// Each row inserted, merged or replacing, and the work it went into (D-131); skipped rows
    /// changed nothing and are not listed.
    public let rows: [ImportedRow]
    /// The works Replace All deleted in the batch, each with the work that replaced it.
    public let replacements: [WorkReplacement]
}

/// Which file an import reads: its name, length and a hash of its bytes. Enough to tell the file the
/// import began with from another one offered to resume it; not a defence against a file made to
/// collide, which would only import what the user chose.
public struct ImportFileIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The file's name.
    public let name: String
    /// The file's length in bytes.
    public let byteCount: Int
    /// A 64-bit hash of the bytes (`ByteHash`).
    public let digest: UInt64

    public init(_ file: ImportFile) {
        name = file.name
        byteCount = file.bytes.count
        digest = file.bytes.withUnsafeBufferPointer { UInt64(bitPattern: Int64(ByteHash.hash($0))) }
    }

    /// "export.csv (1,024 bytes, hash 0x…)".
    public var description: String {
        "\(name) (\(byteCount) bytes, hash 0x\(String(digest, radix: 16)))"
    }
}

/// Why an interrupted import cannot be resumed (Decision D-130).
public enum ImportResumeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The store holds no import, or only finished ones.
    case noImportToResume
    /// The file offered is not the one the import began with.
    case differentFile(expected: ImportFileIdentity, offered: ImportFileIdentity)
    /// The file is the one the import began with, yet it no longer prepares (its rows do not reach the
    /// saved batches' end): cannot happen for the same bytes, reported rather than trusted.
    case unreadable(ImportError)
    /// The file has the import's identity (name, length and hash) yet another number of rows: a kept
    /// copy changed on disk, or a hash collision. The identity is no proof, so this is checked.
    case fileChanged(file: ImportFileIdentity, checkpointRows: Int, fileRows: Int)

    /// What the app shows.
    public var description: String {
        switch self {
        case .noImportToResume: return "There is no interrupted import to resume"
        case let .differentFile(expected, offered):
            return "The import was of \(expected); \(offered) is another file"
        case let .unreadable(error): return "The interrupted import's file could not be read again: \(error)"
        case let .fileChanged(file, checkpointRows, fileRows):
            return "\(file) has \(fileRows) rows now; the interrupted import read \(checkpointRows)"
        }
    }
}

/// What a relaunch does about an import (Decision D-130).
public enum ImportRecovery {
    /// The unfinished import `file` resumes, after the queue has taken the saved batches it missed:
    /// the store's checkpoint, if its import is unfinished and began with this same file.
    static func checkpointToResume(with file: ImportFile, in app: inout AppState) -> Result<ImportCheckpoint, ImportResumeError> {
        catchUpQueue(&app)
        guard let checkpoint = app.store.importCheckpoint, !checkpoint.isFinished else { return .failure(.noImportToResume) }
        let offered = ImportFileIdentity(file)
        guard offered == checkpoint.file else { return .failure(.differentFile(expected: checkpoint.file, offered: offered)) }
        return .success(checkpoint)
    }

    /// Gives the enrichment queue the works of every saved batch it has not taken, in order: the
    /// batch's replaced works leave it, its new works join it. Run after each batch's save and at
    /// launch, before the enrichment worker starts; running it twice changes nothing.
    public static func catchUpQueue(_ app: inout AppState) {
        guard let checkpoint = app.store.importCheckpoint else { return }
        let taken: Int
        switch app.enrichmentQueue.importBatchesTaken {
        case let mark? where mark.importNumber == checkpoint.number: taken = mark.batches
        case let mark? where mark.importNumber > checkpoint.number: return  // a newer import's, the store reset since
        default: taken = 0
        }
        for batch in checkpoint.batches.indices.dropFirst(taken) {
            app.enrichmentQueue.take(checkpoint.batches[batch], batch: batch + 1, ofImport: checkpoint.number)
        }
    }
}
