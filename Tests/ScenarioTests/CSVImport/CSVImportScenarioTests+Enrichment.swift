import Fixtures
import SpecModel
import Testing
import Workloads

extension CSVImportScenarioTests {
    /// The enrichment criteria and integration tests of seed 004_… that follow an import, end to end:
    /// an export file imported into the running app, then the app's enrichment worker, a scripted
    /// backend and network, on a virtual clock (`EnrichmentWorkerRun`). Each scenario ends with a
    /// quiescence check: no request awaited, no timer set, nothing queued or in flight, the banner
    /// gone, nothing unsaved, the store's and the worker's invariants intact.
    @Suite struct EndToEndEnrichment {
        static let start = LibraryFixture.builtAt
        /// How long the backend takes to answer, under the worker's 600 ms request interval.
        static let latencyMilliseconds: Int64 = 350

        /// The app, launched at `start` with an empty library, its worker idle.
        static func launchedApp(online: Bool = true) -> EnrichmentWorkerRun {
            EnrichmentWorkerRun(app: AppState(), at: start, online: online)
        }

        /// Imports `file` into the running app, then tells the worker, as the app does when the
        /// import completes ("Queue Enrichment → Background API calls").
        @discardableResult
        static func importFile(_ file: ImportFile, into run: inout EnrichmentWorkerRun, strategy: DuplicateStrategy = .skip) throws -> CSVImport {
            var importing = try CSVImportScenarioTests.prepared(file, library: run.app.store, strategy: strategy)
            run.changeApp { app in importing.importAll(into: &app) }
            #expect(importing.isFinished)
            run.add(run.app.enrichmentQueue.pending)
            return importing
        }

        static func goodreadsFile(_ fixture: ExportFixture) -> ImportFile {
            ImportFile(name: CSVImportScenarioTests.goodreadsFileName, bytes: fixture.bytes)
        }

        /// A confident match for the request: a cover named after the work.
        static func match(_ request: EnrichmentFetchRequest) -> EnrichmentFetchOutcome {
            .candidates([EnrichmentCandidate(
                confidencePercent: 93, title: request.query.title, authors: request.query.author.map { [$0] } ?? [],
                coverURL: cover(request.work), workDescription: "From the backend"
            )])
        }

        static func cover(_ work: PersistentIdentifier) -> String { "https://covers.example/\(work.rawValue).jpg" }

        static func matchingBackend(_ request: EnrichmentFetchRequest) -> (latencyMilliseconds: Int64, outcome: EnrichmentFetchOutcome) {
            (latencyMilliseconds, match(request))
        }

        /// Answers the awaited request with a match, then lets time run to the next request, `count` times.
        static func enrich(_ count: Int, in run: inout EnrichmentWorkerRun) throws {
            for _ in 0..<count {
                let request = try #require(run.awaiting)
                run.answer(match(request), afterMilliseconds: latencyMilliseconds)
                let timer = try #require(run.timer)
                run.advance(to: timer)
            }
        }

        /// How many times each work was enriched over the run.
        static func enrichmentCounts(_ run: EnrichmentWorkerRun) -> [PersistentIdentifier: Int] {
            var counts: [PersistentIdentifier: Int] = [:]
            for entry in run.outcomeLog {
                if case let .enriched(work, _) = entry.outcome { counts[work, default: 0] += 1 }
            }
            return counts
        }

        /// Milliseconds since `start`.
        static func elapsed(_ instant: Timestamp) -> Int64 { instant.epochMilliseconds - start.epochMilliseconds }

        /// Nothing under way, nothing unsaved, every invariant intact.
        static func checkQuiescent(_ run: EnrichmentWorkerRun) throws {
            #expect(run.isQuiescent)  // no request awaited, no timer, nothing current, queued or in flight
            #expect(run.worker.nextWake == nil)
            #expect(run.progress == nil)
            #expect(!run.app.store.hasChanges)
            try run.app.store._checkInvariants()
            try run.worker._checkInvariants(run.app)
        }

        /// Integration test "Import 100-book CSV → All books inserted → Enrichment queue populated",
        /// then "Process one work at a time (sequential …)" and "Update work with `coverUrl`, `isbn`,
        /// `publicationYear`, etc.": a 100-book Goodreads export is imported and every book enriched
        /// once, in import order, 600 ms apart (~100 books/min); each request carries the book's
        /// normalized title, its author and the ISBN the export gave; titles stay as imported.
        @Test func aHundredBookImportIsEnrichedOnceEachInImportOrder() throws {
            let fixture = ExportFixture.goodreads(rows: 100, seed: 4_101)
            var run = Self.launchedApp()
            let importing = try Self.importFile(Self.goodreadsFile(fixture), into: &run)
            #expect(importing.summary.imported == 100)
            let works = run.app.store.identifiers(of: .work)
            #expect(run.awaiting?.work == works[0])
            #expect(run.app.enrichmentQueue.pending == Array(works.dropFirst()))
            #expect(run.progress?.text == "0/100 books enriched")

            run.runUntilIdle(backend: Self.matchingBackend)
            #expect(run.requestLog.map(\.request.work) == works)
            #expect(run.requestLog.map(\.request.query.isbn) == fixture.books.map(\.isbn13))
            #expect(run.requestLog.map(\.request.query.author) == fixture.books.map { CSVImportScenarioTests.collapsed($0.author) })
            #expect(run.requestLog.map(\.request.query.title) == fixture.books.map { TitleNormalization.normalizedForSearch($0.title) })
            #expect(run.requestLog.contains { $0.request.query.title != run.app.store.work($0.request.work)?.title })  // some titles had markers
            #expect(run.app.enrichmentRecords.enrichedWorks == works)
            #expect(Self.enrichmentCounts(run) == Dictionary(uniqueKeysWithValues: works.map { ($0, 1) }))
            #expect(run.app.store.works().map(\.coverURL) == works.map(Self.cover))
            #expect(run.app.store.works().map(\.title) == fixture.books.map(\.title))
            let lastStart = try #require(run.requestLog.last).at
            #expect(Self.elapsed(lastStart) == 99 * 600)
            try Self.checkQuiescent(run)
        }

        /// Edge case "All enrichment APIs fail - Gracefully falls back to unenriched entries", with
        /// "API 404 → Mark as failed, don't retry": every lookup of a 30-book import answers 404; each
        /// book is asked about once, recorded "Not found", and stays exactly as imported.
        @Test func whenEveryLookupIsNotFoundTheImportedBooksStayUnenrichedWithoutRetry() throws {
            let fixture = ExportFixture.goodreads(rows: 30, seed: 4_102)
            var run = Self.launchedApp()
            try Self.importFile(Self.goodreadsFile(fixture), into: &run)
            let imported = run.app.store
            let works = imported.identifiers(of: .work)
            #expect(works.count == 30)

            run.runUntilIdle { _ in (Self.latencyMilliseconds, .httpError(status: 404)) }
            #expect(run.requestLog.map(\.request.work) == works)
            #expect(run.requestLog.allSatisfy { $0.request.attempt == 1 })
            #expect(works.allSatisfy { run.app.enrichmentRecords.record(for: $0) == .failed(.notFound) })
            #expect(run.app.enrichmentRecords.failedWorks == works)
            #expect(run.app.enrichmentRecords.enrichedWorks.isEmpty)
            #expect(EnrichmentFailure.notFound.description == "Not found")
            #expect(run.app.store.isObservablyEqual(to: imported))
            #expect(Self.elapsed(run.now) == 29 * 600 + Self.latencyMilliseconds)
            try Self.checkQuiescent(run)
        }

        /// The same edge case with "Network timeout → Retry with exponential backoff (1s, 2s, 4s, 8s)"
        /// and "Failed enrichments retry automatically with exponential backoff": every request of a
        /// 3-book import times out after 10 s; each book is tried five times, the retries 1, 2, 4 and
        /// 8 s after each timeout, then recorded failed; the books stay exactly as imported.
        @Test func whenEveryLookupTimesOutEachBookIsRetriedAfter1248SecondsThenFails() throws {
            let timeoutMilliseconds: Int64 = 10_000
            let fixture = ExportFixture.goodreads(rows: 3, seed: 4_103)
            var run = Self.launchedApp()
            try Self.importFile(Self.goodreadsFile(fixture), into: &run)
            let imported = run.app.store
            let works = imported.identifiers(of: .work)

            run.runUntilIdle { _ in (timeoutMilliseconds, .timedOut) }
            #expect(run.requestLog.count == 15)
            #expect(run.requestLog.map(\.request.work) == works.flatMap { Array(repeating: $0, count: 5) })
            #expect(run.requestLog.map(\.request.attempt) == Array([[1, 2, 3, 4, 5], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5]].joined()))
            for book in 0..<3 {
                let starts = run.requestLog[(book * 5)..<(book * 5 + 5)].map { Self.elapsed($0.at) }
                // Each book starts when the previous one failed: 5 timeouts and 15 s of waits later.
                #expect(starts.first == Int64(book) * (5 * timeoutMilliseconds + 15_000))
                let waits = zip(starts, starts.dropFirst()).map { $1 - ($0 + timeoutMilliseconds) }
                #expect(waits == [1_000, 2_000, 4_000, 8_000], "book \(book)")
            }
            let failure = EnrichmentRecord.failed(.retriesExhausted(attempts: 5, last: .timedOut))
            #expect(works.allSatisfy { run.app.enrichmentRecords.record(for: $0) == failure })
            #expect(EnrichmentFailure.retriesExhausted(attempts: 5, last: .timedOut).description == "No answer after 5 attempts (last: timed out)")
            #expect(run.app.store.isObservablyEqual(to: imported))
            try Self.checkQuiescent(run)
        }

        /// "Given network unavailable, when enrichment attempted, then jobs queued for retry when
        /// connectivity restored", QA "Import during airplane mode → Clear error, retry when online",
        /// and the integration test "Network offline during enrichment → Jobs queued for retry when
        /// online": 60 books imported in airplane mode (the import itself is local) wait an hour, with the
        /// offline notice shown (the "clear error", D-063) and
        /// no request sent; online, enrichment starts; connectivity drops with the 11th book's request
        /// in flight; for ten minutes nothing is sent and every job stays queued; when it returns, the
        /// 11th book is asked about again as the same attempt, and every book ends enriched once.
        @Test func booksImportedOfflineWaitForConnectivityAndAreEnrichedWhenItReturns() throws {
            let fixture = ExportFixture.goodreads(rows: 60, seed: 4_104)
            var run = Self.launchedApp(online: false)
            let importing = try Self.importFile(Self.goodreadsFile(fixture), into: &run)
            #expect(importing.summary.text == "Imported 60 books, 0 duplicates skipped, 0 errors")
            let works = run.app.store.identifiers(of: .work)
            run.advance(byMilliseconds: 3_600_000)
            #expect(run.requestLog.isEmpty)
            #expect(run.timer == nil)
            #expect(run.app.enrichmentQueue.pending == works)
            #expect(run.progress?.text == "0/60 books enriched")
            #expect(run.worker.offlineNotice(run.app) == "No internet connection: 60 books will be enriched when you are back online.")

            let online = run.setOnline(true)
            #expect(run.worker.offlineNotice(run.app) == nil)
            #expect(online.requests.map(\.work) == [works[0]])
            try Self.enrich(10, in: &run)
            let abandoned = try #require(run.awaiting)
            #expect(abandoned.work == works[10])
            run.advance(byMilliseconds: 100)
            #expect(run.setOnline(false).outcomes == [.requestAbandoned(abandoned)])
            let wentOffline = run.now
            run.advance(byMilliseconds: 10 * 60_000)
            #expect(run.requestLog.count == 11)
            #expect(run.app.enrichmentQueue.inFlight == works[10])
            #expect(run.app.enrichmentQueue.pending == Array(works[11...]))
            #expect(run.progress?.text == "10/60 books enriched")
            #expect(run.worker.offlineNotice(run.app) == "No internet connection: 50 books will be enriched when you are back online.")

            let back = run.setOnline(true)
            #expect(back.requests.map(\.work) == [works[10]])
            #expect(back.requests.map(\.attempt) == [1])
            run.runUntilIdle(backend: Self.matchingBackend)
            #expect(run.app.enrichmentRecords.enrichedWorks == works)
            #expect(Self.enrichmentCounts(run) == Dictionary(uniqueKeysWithValues: works.map { ($0, 1) }))
            #expect(run.requestLog.filter { $0.at > wentOffline }.map(\.request.work) == Array(works[10...]))
            #expect(run.requestLog.count == 61)
            try Self.checkQuiescent(run)
        }

        /// Integration test "App restart mid-enrichment → Queue persists and resumes" (D-019: the queue
        /// survives a crash): 120 imported books, the app crashes with the 31st in flight and comes
        /// back 5 s later; every imported book is still in the library (each batch was saved), the
        /// queue is intact, the 31st book is asked about again first, from its first attempt, and in
        /// the end every book is enriched exactly once, the 30 enriched before the crash kept.
        @Test func anAppRestartMidEnrichmentKeepsTheQueueAndReEnrichesTheInFlightBookFirst() throws {
            let fixture = ExportFixture.goodreads(rows: 120, seed: 4_105)
            var run = Self.launchedApp()
            try Self.importFile(Self.goodreadsFile(fixture), into: &run)
            let works = run.app.store.identifiers(of: .work)
            try Self.enrich(30, in: &run)
            #expect(run.awaiting?.work == works[30])

            let relaunch = run.relaunch(afterMilliseconds: 5_000)
            #expect(run.app.store.identifiers(of: .work) == works)
            #expect(run.app.store.works().map(\.title) == fixture.books.map(\.title))
            #expect(relaunch.outcomes == [.resumedAfterRelaunch(works[30])])
            #expect(relaunch.requests.map(\.work) == [works[30]])
            #expect(relaunch.requests.map(\.attempt) == [1])
            #expect(run.app.enrichmentQueue.inFlight == works[30])
            #expect(run.app.enrichmentQueue.pending == Array(works[31...]))
            #expect(run.progress?.text == "30/120 books enriched")
            #expect(run.app.store.works().prefix(30).map(\.coverURL) == works.prefix(30).map(Self.cover))

            run.runUntilIdle(backend: Self.matchingBackend)
            #expect(run.app.enrichmentRecords.enrichedWorks == works)
            #expect(Self.enrichmentCounts(run) == Dictionary(uniqueKeysWithValues: works.map { ($0, 1) }))
            #expect(run.requestLog.filter { $0.request.work == works[30] }.count == 2)
            #expect(run.requestLog.count == 121)
            try Self.checkQuiescent(run)
        }

        /// D-030 and D-130 with "Data Integrity: Atomic SwiftData transactions" per batch: the app
        /// crashes after two of a 130-book Smart import's three batches, the second saved but its works
        /// not yet queued. At launch, before the worker starts, the queue takes the second batch's
        /// works and the import resumes from its checkpoint: the last 30 books are imported, the
        /// summary is the whole file's, and every book is then enriched exactly once.
        @Test func aCrashMidImportResumesFromItsCheckpoint() throws {
            let fixture = ExportFixture.goodreads(rows: 130, seed: 4_106)
            let file = Self.goodreadsFile(fixture)
            var run = Self.launchedApp()
            var interrupted = try CSVImportScenarioTests.prepared(file, library: run.app.store, strategy: .smart)
            run.changeApp { app in
                interrupted.importNextBatch(into: &app)
                var saved = app
                interrupted.importNextBatch(into: &saved)
                app.store = saved.store  // the crash comes after the save, before the queue is told
            }
            #expect(run.app.enrichmentQueue.pendingCount == 50)

            var resumed: CSVImport?
            let relaunch = run.relaunch(afterMilliseconds: 2_000) { app in
                ImportRecovery.catchUpQueue(&app)
                guard case var .success(importing) = CSVImport.resume(file, in: &app) else { return }
                importing.importAll(into: &app)
                resumed = importing
            }
            let importing = try #require(resumed)
            let works = run.app.store.identifiers(of: .work)
            #expect(importing.summary.text == "Imported 130 books, 0 duplicates skipped, 0 errors")
            #expect(importing.progress == ["Imported 50/130 books (38%)", "Imported 100/130 books (76%)", "Imported 130/130 books (100%)"])
            #expect(run.app.store.works().map(\.title) == fixture.books.map(\.title))
            #expect(relaunch.requests.map(\.work) == [works[0]])
            #expect(run.app.enrichmentQueue.pending == Array(works.dropFirst()))

            run.runUntilIdle(backend: Self.matchingBackend)
            #expect(run.app.enrichmentRecords.enrichedWorks == works)
            #expect(Self.enrichmentCounts(run) == Dictionary(uniqueKeysWithValues: works.map { ($0, 1) }))
            #expect(run.requestLog.map(\.request.work) == works)
            try Self.checkQuiescent(run)
        }

        /// D-030's first recovery, still sound for Skip: the app crashes after two of a 130-book
        /// import's three batches; on relaunch the 100 saved books are there and queued, and the
        /// worker starts on them; importing the file again with Skip adds the 30 missing books and
        /// nothing twice; every book is then enriched exactly once.
        @Test func aCrashMidImportKeepsSavedBatchesAndReimportingCompletesItAndEnrichesEveryBookOnce() throws {
            let fixture = ExportFixture.goodreads(rows: 130, seed: 4_106)
            let file = Self.goodreadsFile(fixture)
            var run = Self.launchedApp()
            var interrupted = try CSVImportScenarioTests.prepared(file, library: run.app.store)
            run.changeApp { app in
                interrupted.importNextBatch(into: &app)
                interrupted.importNextBatch(into: &app)
            }
            #expect(interrupted.progress == ["Imported 50/130 books (38%)", "Imported 100/130 books (76%)"])

            let relaunch = run.relaunch(afterMilliseconds: 2_000)
            let saved = run.app.store.identifiers(of: .work)
            #expect(run.app.store.works().map(\.title) == fixture.books.prefix(100).map(\.title))
            #expect(relaunch.requests.map(\.work) == [saved[0]])
            #expect(run.app.enrichmentQueue.pending == Array(saved.dropFirst()))

            let again = try Self.importFile(file, into: &run, strategy: .skip)
            #expect(again.summary.text == "Imported 30 books, 100 duplicates skipped, 0 errors")
            let works = run.app.store.identifiers(of: .work)
            #expect(run.app.store.works().map(\.title) == fixture.books.map(\.title))
            #expect(run.app.enrichmentQueue.pending == Array(works.dropFirst()))

            run.runUntilIdle(backend: Self.matchingBackend)
            #expect(run.app.enrichmentRecords.enrichedWorks == works)
            #expect(Self.enrichmentCounts(run) == Dictionary(uniqueKeysWithValues: works.map { ($0, 1) }))
            #expect(run.requestLog.map(\.request.work) == works)
            try Self.checkQuiescent(run)
        }

        /// A copy replaced in a later batch leaves the queue with it (D-032), so the banner counts only
        /// live books: Replace All with an internal duplicate spanning two batches (see
        /// `internalDuplicatesKeepTheLastRowWithReplaceAll`). The copy saved with the first batch and
        /// replaced in the second is never requested nor recorded; every live book is enriched once.
        @Test func aCopyReplacedInALaterBatchLeavesTheQueue() throws {
            var run = Self.launchedApp(online: false)
            let importing = try Self.importFile(CSVImportScenarioTests.internalDuplicatesFile(), into: &run, strategy: .replaceAll)
            let replaced = try #require(importing.summary.matches[59]?.workID)
            let works = run.app.store.identifiers(of: .work)
            #expect(!works.contains(replaced))
            #expect(run.app.enrichmentQueue.pending == works)
            #expect(run.progress?.text == "0/54 books enriched")

            let online = run.setOnline(true)
            #expect(online.outcomes.isEmpty)
            #expect(online.requests.map(\.work) == [works[0]])
            run.runUntilIdle(backend: Self.matchingBackend)
            #expect(run.requestLog.map(\.request.work) == works)
            #expect(run.app.enrichmentRecords.record(for: replaced) == nil)
            #expect(run.app.enrichmentRecords.enrichedWorks == works)
            try Self.checkQuiescent(run)
        }
    }
}
