import SpecModel
import Testing

/// An import meeting the other features between its batches (D-190, issue 37): a reset ends it, another
/// import ends it, and any other change to the library is read again; never a crash. Each test runs
/// both engines, the plain import and the app's.
@Suite struct FeatureInteractionTests {
    /// What the two import engines share.
    protocol Engine {
        static func prepare(_ file: ImportFile, library store: LibraryStore, strategy: DuplicateStrategy, mapping: ColumnMapping?) -> Result<Self, ImportError>
        mutating func importNextBatch(into app: inout AppState) -> String?
        var isFinished: Bool { get }
        var interruption: ImportInterruption? { get }
        var stopReason: String? { get }
        var summary: ImportSummary { get }
    }

    static var engines: [any Engine.Type] { [PlainImport.self, CSVImport.self] }

    static func file(_ rows: Range<Int>, name: String = "wrong.csv") -> ImportFile {
        ImportFile(name: name, bytes: Array((["Title,Author"] + rows.map { "Book \($0),Author \($0 % 7)" }).joined(separator: "\n").utf8))
    }

    static func prepared<E: Engine>(_: E.Type, _ file: ImportFile, _ app: AppState, strategy: DuplicateStrategy = .skip) throws -> E {
        try E.prepare(file, library: app.store, strategy: strategy, mapping: nil).get()
    }

    /// Requests, confirms and runs a reset following no job; returns the reset.
    @discardableResult
    static func reset(_ app: inout AppState) -> LibraryReset {
        var reset = LibraryReset()
        reset.requestReset(&app)
        #expect(reset.confirm(&app) == nil, "no job is followed, so no cancel request")
        reset.runSteps(&app)
        return reset
    }

    /// Seed 000's story, "I imported the wrong CSV and want to start over", through the public API: an
    /// import of 120 rows, one batch, then a reset; the next batch used to crash the model
    /// ("an import batch recorded with no import begun").
    @Test(arguments: engines.indices)
    func aResetBetweenBatchesEndsTheImportAndNothingOfItComesBack(engine: Int) throws {
        try run(Self.engines[engine])
        func run<E: Engine>(_ type: E.Type) throws {
            var app = AppState()
            var run = try Self.prepared(type, Self.file(0..<120), app)
            #expect(run.importNextBatch(into: &app) == "Imported 50/120 books (41%)")
            #expect(app.store.count(of: .work) == 50)
            Self.reset(&app)
            #expect(app.screen.toast == LibraryReset.successToast)
            #expect(run.importNextBatch(into: &app) == nil)
            #expect(run.isFinished)
            #expect(run.interruption == .libraryReset)
            #expect(run.stopReason == "the import ended: the library was reset")
            #expect(run.importNextBatch(into: &app) == nil)
            #expect(app.store.isEmptyOfLibraryObjects)
            #expect(app.store.importCheckpoint == nil)
            #expect(app.enrichmentQueue.isEmpty)
        }
    }

    @Test(arguments: engines.indices)
    func aResetBeforeTheFirstBatchEndsThePreparedImport(engine: Int) throws {
        try run(Self.engines[engine])
        func run<E: Engine>(_ type: E.Type) throws {
            var app = AppState()
            _ = app.store.insertWork(WorkDraft(title: "Book 3"))
            var run = try Self.prepared(type, Self.file(0..<10), app)
            Self.reset(&app)
            #expect(run.importNextBatch(into: &app) == nil)
            #expect(run.interruption == .libraryReset)
            #expect(app.store.isEmptyOfLibraryObjects)
        }
    }

    /// A reset whose delete fails and whose alert is dismissed still ends the import: the user asked to
    /// start over (D-190). What the first batch saved stays, as the reset's failure leaves it (D-022).
    @Test(arguments: engines.indices)
    func aFailedResetEndsTheImportAndKeepsWhatWasSaved(engine: Int) throws {
        try run(Self.engines[engine])
        func run<E: Engine>(_ type: E.Type) throws {
            var app = AppState()
            var run = try Self.prepared(type, Self.file(0..<120), app)
            _ = run.importNextBatch(into: &app)
            app.store.faults = StoreFaults(saveFailuresRemaining: 1)
            var reset = Self.reset(&app)
            guard case .failed = reset.phase else {
                Issue.record("the reset did not fail: \(reset.phase)")
                return
            }
            reset.dismissFailure(&app)
            #expect(run.importNextBatch(into: &app) == nil)
            #expect(run.interruption == .libraryReset)
            #expect(app.store.count(of: .work) == 50)
        }
    }

    /// Two imports interleaved: the later one's checkpoint is the store's, so the earlier one ends
    /// rather than record its batches in it; the later one goes on to its end.
    @Test(arguments: engines.indices)
    func aLaterImportEndsTheEarlierOne(engine: Int) throws {
        try run(Self.engines[engine])
        func run<E: Engine>(_ type: E.Type) throws {
            var app = AppState()
            var first = try Self.prepared(type, Self.file(0..<120), app)
            _ = first.importNextBatch(into: &app)
            var second = try Self.prepared(type, Self.file(1_000..<1_060, name: "second.csv"), app)
            _ = second.importNextBatch(into: &app)
            #expect(first.importNextBatch(into: &app) == nil)
            #expect(first.interruption == .anotherImportBegan(number: 2))
            while second.importNextBatch(into: &app) != nil {}
            #expect(second.interruption == nil)
            #expect(second.summary.imported == 60)
            #expect(app.store.count(of: .work) == 110)
            #expect(app.store.importCheckpoint?.number == 2)
            #expect(app.store.importCheckpoint?.isFinished == true)
        }
    }

    /// A library book deleted between batches is no duplicate of a later row any more, and a Smart
    /// merge never reaches it (it used to be a stale candidate). Both engines agree.
    @Test(arguments: [DuplicateStrategy.skip, .smart, .replaceAll])
    func aBookDeletedBetweenBatchesIsNoLongerACandidate(strategy: DuplicateStrategy) throws {
        var results: [[String]] = []
        for engine in Self.engines { results.append(try run(engine)) }
        #expect(results[0] == results[1], "the plain import and the app's disagree")
        func run<E: Engine>(_ type: E.Type) throws -> [String] {
            var app = AppState()
            let library = app.store.insertWork(WorkDraft(title: "Book 70"))
            let author = app.store.insertAuthor(AuthorDraft(name: "Author 0"))
            try app.store.link(author: author, to: library)
            try app.store.save()
            var run = try Self.prepared(type, Self.file(0..<100), app, strategy: strategy)
            _ = run.importNextBatch(into: &app)
            try app.store.delete(library)
            try app.store.save()
            #expect(run.importNextBatch(into: &app) == "Imported 100/100 books (100%)")
            #expect(run.summary.duplicates == 0)
            #expect(run.summary.imported == 100)
            #expect(app.store.works().filter { $0.title == "Book 70" }.count == 1)
            return app.store.works().map(\.title).sorted()
        }
    }

    /// A library book renamed between batches is compared as it is now: the row of its new title is the
    /// duplicate, the row of its old title a new book.
    @Test(arguments: engines.indices)
    func aBookRenamedBetweenBatchesIsComparedAsItIsNow(engine: Int) throws {
        try run(Self.engines[engine])
        func run<E: Engine>(_ type: E.Type) throws {
            var app = AppState()
            let library = app.store.insertWork(WorkDraft(title: "Book 70"))
            try app.store.link(author: app.store.insertAuthor(AuthorDraft(name: "Author 0")), to: library)
            try app.store.save()
            var run = try Self.prepared(type, Self.file(0..<100), app)
            _ = run.importNextBatch(into: &app)
            try app.store.updateWork(library) { $0.title = "Book 77" }
            try app.store.save()
            _ = run.importNextBatch(into: &app)
            #expect(run.summary.duplicates == 1)
            #expect(app.store.works().filter { $0.title == "Book 70" }.count == 1)
            #expect(app.store.works().filter { $0.title == "Book 77" }.count == 1)
        }
    }
}

extension PlainImport: FeatureInteractionTests.Engine {}
extension CSVImport: FeatureInteractionTests.Engine {}
