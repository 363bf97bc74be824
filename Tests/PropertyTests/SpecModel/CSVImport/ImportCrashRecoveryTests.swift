import Generators
import SpecModel
import SpecTesting
import Testing

/// Decision D-130: an import survives a crash at any point. The app crashes at every point of an
/// import (before a batch's save, between the save and the queue taking its works, after both) and
/// inside the enrichment worker's apply afterwards; it relaunches, resumes the import from the store's
/// checkpoint, and runs the enrichment to the end. The library, the enrichment queue, the checkpoint,
/// the summary and progress, and then the enriched library and the records' outcomes, equal the
/// uninterrupted run's, for every strategy, for the plain import and the engine.
@Suite struct ImportCrashRecoveryTests {
    /// Where the app crashes.
    enum CrashPoint: Hashable, CustomStringConvertible {
        /// Batch `batch` (from 1) handled its rows; its save was not made.
        case beforeSave(batch: Int)
        /// Batch `batch` was saved; the queue has not taken its works.
        case afterSave(batch: Int)
        /// Batch `batch` was saved and the queue took its works; the next batch had not begun.
        case afterQueue(batch: Int)
        /// After the import, the enrichment of the `request`-th work (from 1) was saved; the queue and
        /// the records had not been told.
        case insideApply(request: Int)

        var description: String {
            switch self {
            case let .beforeSave(batch): return "before batch \(batch)'s save"
            case let .afterSave(batch): return "after batch \(batch)'s save, before its works were queued"
            case let .afterQueue(batch): return "after batch \(batch)'s save and queueing"
            case let .insideApply(request): return "inside the apply of enrichment \(request)"
            }
        }
    }

    /// The import's API, the same for the plain import and the engine.
    protocol Importing {
        static func prepare(_ file: ImportFile, library: LibraryStore, strategy: DuplicateStrategy, mapping: ColumnMapping?) -> Result<Self, ImportError>
        static func resume(_ file: ImportFile, in app: inout AppState) -> Result<Self, ImportResumeError>
        mutating func importNextBatch(into app: inout AppState) -> String?
        var isFinished: Bool { get }
        var summary: ImportSummary { get }
        var progress: [String] { get }
    }

    static let start = Timestamp(epochMilliseconds: 1_790_000_000_000)

    /// A confident match for every request, the same whatever the work's identifier.
    static func backend(_ request: EnrichmentFetchRequest) -> (latencyMilliseconds: Int64, outcome: EnrichmentFetchOutcome) {
        (120, .candidates([EnrichmentCandidate(
            confidencePercent: 93, title: request.query.title, authors: request.query.author.map { [$0] } ?? [],
            coverURL: "https://covers.example/\(request.query.title.utf8.count)", workDescription: "From the backend"
        )]))
    }

    /// Names identifiers by the order they are first met, kind by kind, so that two runs whose
    /// identifier counters differ (a crash loses identifiers handed out to unsaved objects) describe
    /// the same library alike.
    struct Names {
        var names: [PersistentIdentifier: String] = [:]
        var counts: [EntityKind: Int] = [:]

        mutating func callAsFunction(_ id: PersistentIdentifier?) -> String {
            guard let id else { return "-" }
            if let name = names[id] { return name }
            counts[id.kind, default: 0] += 1
            let name = "\(id.kind)#\(counts[id.kind]!)"
            names[id] = name
            return name
        }
    }

    /// The app as the user and the next launch see it: works in creation order with their authors,
    /// editions and entries, the authors, the queue (pending, in flight, the batches it took), the
    /// checkpoint's batches, and the enrichment records' outcomes.
    static func describe(_ app: AppState, summary: ImportSummary?, progress: [String], names: inout Names) -> [String] {
        let store = app.store
        func text(_ value: (some Any)?) -> String { value.map { String(reflecting: $0) } ?? "-" }
        var lines: [String] = []
        for work in store.works() {
            var line = "\(names(work.id)) \(text(work.title)) \(text(work.firstPublicationYear)) cover \(text(work.coverURL)) \(text(work.workDescription))"
            line += " by \(work.authorIDs.map { names($0) })"
            for id in work.editionIDs {
                let edition = store.edition(id)
                line += "; edition \(names(id)) \(text(edition?.isbn10)) \(text(edition?.isbn13)) \(text(edition?.publisher)) \(text(edition?.pageCount)) \(text(edition?.publicationDate))"
            }
            for id in work.entryIDs {
                let entry = store.entry(id)
                line += "; entry \(names(id)) \(text(entry?.readingStatus)) \(text(entry?.currentPage)) \(text(entry?.rating)) \(text(entry?.notes)) reading \(names(entry?.editionID))"
            }
            lines.append(line)
        }
        lines.append("authors " + store.authors().map { "\(names($0.id)) \(text($0.name)) \($0.workIDs.map { names($0) })" }.joined(separator: ", "))
        lines.append("queue \(app.enrichmentQueue.pending.map { names($0) }) in flight \(names(app.enrichmentQueue.inFlight)) took \(text(app.enrichmentQueue.importBatchesTaken))")
        if let checkpoint = store.importCheckpoint {
            lines.append("checkpoint \(checkpoint.number) \(checkpoint.file) \(checkpoint.strategy) rows \(checkpoint.rowsHandled)/\(checkpoint.dataRows)")
            for batch in checkpoint.batches {
                lines.append("  batch \(batch.tally.processed) rows, queued \(batch.queued.map { names($0) }) unqueued \(batch.unqueued.map { names($0) })")
            }
        }
        if let summary {
            lines.append("summary \(summary.text); errors \(summary.errors); warnings \(summary.warnings)")
            lines.append("matches " + summary.matches.sorted { $0.key < $1.key }.map { "\($0.key) \(names($0.value.workID)) \($0.value.tier) \($0.value.authorSimilarity)" }.joined(separator: ", "))
        }
        lines.append("progress \(progress)")
        lines.append("records " + app.enrichmentRecords.all.sorted { names($0.work) < names($1.work) }.map { record in
            switch record.record {
            case .enriched: return "\(names(record.work)) enriched"
            case .needsReview: return "\(names(record.work)) needs review"
            case let .failed(failure): return "\(names(record.work)) failed \(failure)"
            }
        }.joined(separator: ", "))
        return lines
    }

    /// The uninterrupted run, and the same run crashed at `point` and recovered: each described after
    /// its import, then after its enrichment.
    static func runs<Import: Importing>(
        _: Import.Type, file: ImportFile, library: AppState, strategy: DuplicateStrategy, crash point: CrashPoint?
    ) throws -> (afterImport: [String], afterEnrichment: [String], queued: Int) {
        var app = library
        guard case var .success(importing) = Import.prepare(file, library: app.store, strategy: strategy, mapping: nil) else {
            throw PropertyViolation("the generated file was refused")
        }
        var batch = 0
        var crashed = false
        while !importing.isFinished {
            batch += 1
            switch point {
            case .beforeSave(batch)?:
                // A save fault rolls the batch back, as a crash before the save loses it; the
                // identifiers it handed out stay spent.
                app.store.faults = StoreFaults(saveFailuresRemaining: 1)
                _ = importing.importNextBatch(into: &app)
                app.store.faults = .none
                crashed = true
            case .afterSave(batch)?:
                var saved = app
                _ = importing.importNextBatch(into: &saved)
                app.store = saved.store  // the store saved; the queue, written apart, not yet told
                crashed = true
            default:
                _ = importing.importNextBatch(into: &app)
                if case .afterQueue(batch)? = point { crashed = true }
            }
            if crashed { break }
        }
        if crashed {
            app = app.relaunchedAfterCrash()
            ImportRecovery.catchUpQueue(&app)
            switch Import.resume(file, in: &app) {
            case var .success(resumed):
                while !resumed.isFinished { _ = resumed.importNextBatch(into: &app) }
                importing = resumed
            case .failure(.noImportToResume) where app.store.importCheckpoint?.number == library.store.importCheckpoint.map({ $0.number + 1 }) ?? 1:
                try require(app.store.importCheckpoint?.isFinished == true, "no import to resume, yet the checkpoint is unfinished")
            case .failure(.noImportToResume):
                // Crashed before the first batch's save: the import never began for the store, and
                // the user starts it again.
                guard case var .success(again) = Import.prepare(file, library: app.store, strategy: strategy, mapping: nil) else {
                    throw PropertyViolation("the file was refused the second time")
                }
                while !again.isFinished { _ = again.importNextBatch(into: &app) }
                importing = again
            case let .failure(error):
                throw PropertyViolation("the import did not resume after a crash \(point!): \(error)")
            }
        }
        var names = Names()
        let afterImport = describe(app, summary: importing.summary, progress: importing.progress, names: &names)

        let queued = app.enrichmentQueue.pendingCount
        var run = EnrichmentWorkerRun(app: app, at: start)
        run.add(run.app.enrichmentQueue.pending)
        if case let .insideApply(request)? = point {
            var requests = 0
            while let awaiting = run.awaiting {
                requests += 1
                if requests == request {
                    var applied = run
                    applied.answer(backend(awaiting).outcome, afterMilliseconds: 120)
                    run.changeApp { $0.store = applied.app.store }  // the enrichment saved; the queue and records not told
                    run.relaunch(afterMilliseconds: 1_000)
                    break
                }
                run.answer(backend(awaiting).outcome, afterMilliseconds: 120)
                if let timer = run.timer { run.advance(to: timer) }
            }
        }
        run.runUntilIdle(backend: backend)
        names = Names()
        return (afterImport, describe(run.app, summary: nil, progress: [], names: &names), queued)
    }

    /// Every crash point of an import of `file` into `library`: each batch's three, and inside the
    /// apply of the first, a middle and the last enrichment.
    static func crashPoints(batches: Int, works: Int) -> [CrashPoint] {
        var points: [CrashPoint] = []
        for batch in 1...batches { points += [.beforeSave(batch: batch), .afterSave(batch: batch), .afterQueue(batch: batch)] }
        for request in Set([1, (works + 1) / 2, works]).sorted() where request >= 1 { points.append(.insideApply(request: request)) }
        return points
    }

    static let imports = Gen.zip(
        Gen.array(of: PlainAgainstEngineTests.libraryBooks, count: 0...6), Gen.array(of: PlainAgainstEngineTests.importRows, count: 1...260)
    )

    static func check<Import: Importing>(_ type: Import.Type, strategy: DuplicateStrategy, books: [PlainAgainstEngineTests.LibraryBook], rows: [[String]]) throws {
        let file = ImportFile(name: "generated.csv", bytes: CSVWriter.encode(rows: [PlainAgainstEngineTests.importHeader] + rows, dialect: .comma, terminator: .lf, quoting: .minimal))
        let library = PlainAgainstEngineTests.app(holding: books)
        let uninterrupted = try runs(type, file: file, library: library, strategy: strategy, crash: nil)
        let batches = (rows.count + PlainImport.batchRowsMax - 1) / PlainImport.batchRowsMax
        for point in crashPoints(batches: batches, works: uninterrupted.queued) {
            let recovered = try runs(type, file: file, library: library, strategy: strategy, crash: point)
            try requireEqual(recovered.afterImport, uninterrupted.afterImport, "the import after a crash \(point), recovered")
            try requireEqual(recovered.afterEnrichment, uninterrupted.afterEnrichment, "the enriched library after a crash \(point), recovered")
        }
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func everyCrashPointOfThePlainImportRecoversToTheUninterruptedImport(strategy: DuplicateStrategy) {
        property(Self.imports, label: strategy.rawValue, cases: 8) { books, rows in
            try Self.check(PlainImport.self, strategy: strategy, books: books, rows: rows)
        }
    }

    @Test(arguments: DuplicateStrategy.allCases)
    func everyCrashPointOfTheEngineRecoversToTheUninterruptedImport(strategy: DuplicateStrategy) {
        property(Self.imports, label: strategy.rawValue, cases: 8) { books, rows in
            try Self.check(CSVImport.self, strategy: strategy, books: books, rows: rows)
        }
    }
}

extension PlainImport: ImportCrashRecoveryTests.Importing {}
extension CSVImport: ImportCrashRecoveryTests.Importing {}
