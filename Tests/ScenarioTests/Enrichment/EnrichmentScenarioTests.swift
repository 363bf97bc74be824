import Fixtures
import SpecModel
import Testing
import Workloads

/// The acceptance criteria of seed 004_… about background enrichment, end to end: an imported library,
/// the app's enrichment worker and queue, a scripted backend and network, on a virtual clock. Each
/// scenario ends with a quiescence check: no request awaited, no timer set, nothing queued or in
/// flight, nothing unsaved, the store's and the worker's invariants intact.
@Suite struct EnrichmentScenarioTests {
    static let start = LibraryFixture.builtAt
    /// How long the backend takes to answer in these scenarios (under the 600 ms request interval).
    static let latencyMilliseconds: Int64 = 350

    /// The library right after an import of these titles: every work saved, by one of three authors,
    /// three in four with an edition carrying an ISBN; nothing queued yet.
    static func imported(_ titles: [String]) -> (app: AppState, works: [PersistentIdentifier]) {
        let (app, _) = LibraryFixture.build(LibraryShape(
            authorNames: ["Suzanne Collins", "J.K. Rowling", "Octavia E. Butler"],
            works: titles.enumerated().map { index, title in
                .init(title: title, authorIndices: [index % 3], editionCount: index % 4 == 3 ? 0 : 1, entry: .toRead)
            }
        ))
        return (app, app.store.identifiers(of: .work))
    }

    static func imported(books count: Int) -> (app: AppState, works: [PersistentIdentifier]) {
        imported((0..<count).map { "Imported Book \($0)" })
    }

    /// A confident match for the request's title.
    static func match(_ request: EnrichmentFetchRequest) -> EnrichmentFetchOutcome {
        .candidates([EnrichmentCandidate(
            confidencePercent: 93, title: request.query.title, authors: request.query.author.map { [$0] } ?? [],
            coverURL: "https://covers.example/\(request.work.rawValue).jpg", publicationYear: 2008, isbn13: "9780439023481"
        )])
    }

    /// The backend of the happy path: every book matched after `latencyMilliseconds`.
    static func matchingBackend(_ request: EnrichmentFetchRequest) -> (latencyMilliseconds: Int64, outcome: EnrichmentFetchOutcome) {
        (latencyMilliseconds, match(request))
    }

    /// How many times each work was enriched, over the whole run.
    static func enrichmentCounts(_ run: EnrichmentWorkerRun) -> [PersistentIdentifier: Int] {
        var counts: [PersistentIdentifier: Int] = [:]
        for entry in run.outcomeLog {
            if case let .enriched(work, _) = entry.outcome { counts[work, default: 0] += 1 }
        }
        return counts
    }

    /// Nothing under way, nothing unsaved, every invariant intact.
    static func checkQuiescent(_ run: EnrichmentWorkerRun) throws {
        #expect(run.awaiting == nil)
        #expect(run.timer == nil)
        #expect(run.worker.nextWake == nil)
        #expect(run.worker.current == nil)
        #expect(run.app.enrichmentQueue.pending.isEmpty)
        #expect(run.app.enrichmentQueue.inFlight == nil)
        #expect(run.progress == nil)
        #expect(run.isQuiescent)
        #expect(!run.app.store.hasChanges)
        try run.app.store._checkInvariants()
        try run.worker._checkInvariants(run.app)
    }

    /// "Given 500 books imported from CSV, when import completes, then all works queued for enrichment
    /// via `EnrichmentQueue.shared`": all 500 are queued in import order, and each is then enriched
    /// exactly once, with one request each, at 100 books a minute.
    @Test func fiveHundredImportedBooksAreAllQueuedAndEachEnrichedOnce() throws {
        let (app, works) = Self.imported(books: 500)
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        #expect(run.app.enrichmentQueue.inFlight == works[0])
        #expect(run.app.enrichmentQueue.pending == Array(works.dropFirst()))
        #expect(run.progress?.text == "0/500 books enriched")

        run.runUntilIdle(backend: Self.matchingBackend)
        #expect(run.app.enrichmentRecords.enrichedWorks == works)
        #expect(run.requestLog.map(\.request.work) == works)
        #expect(Self.enrichmentCounts(run).values.allSatisfy { $0 == 1 })
        #expect(works.allSatisfy { run.app.store.work($0)?.coverURL == "https://covers.example/\($0.rawValue).jpg" })
        // 600 ms a book: the last request starts 499 × 600 ms after the first, 5 min in all.
        #expect(run.requestLog.last?.at == Self.start.adding(milliseconds: 499 * 600))
        #expect(run.now == Self.start.adding(milliseconds: 499 * 600 + Self.latencyMilliseconds))
        try Self.checkQuiescent(run)
    }

    /// "Given enrichment in progress, when processing, then EnrichmentProgressBanner shows real-time
    /// progress ("15/500 books enriched")": the banner reads 15/500 from the 15th answer (8.75 s in:
    /// 14 intervals of 600 ms and one answer's latency) until the 16th.
    @Test func theBannerShows15Of500BooksEnrichedFromTheFifteenthAnswer() throws {
        let (app, works) = Self.imported(books: 500)
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        var texts: [String] = []
        for _ in 0..<14 {
            run.answer(Self.match(run.awaiting!), afterMilliseconds: Self.latencyMilliseconds)
            run.advance(to: run.timer!)
        }
        texts.append(run.progress!.text)
        run.answer(Self.match(run.awaiting!), afterMilliseconds: Self.latencyMilliseconds)
        #expect(run.now == Self.start.adding(milliseconds: 14 * 600 + 350))
        texts.append(run.progress!.text)
        run.advance(to: run.timer!)  // the 16th request starts
        texts.append(run.progress!.text)
        run.answer(Self.match(run.awaiting!), afterMilliseconds: Self.latencyMilliseconds)
        texts.append(run.progress!.text)
        #expect(texts == ["14/500 books enriched", "15/500 books enriched", "15/500 books enriched", "16/500 books enriched"])

        run.runUntilIdle(backend: Self.matchingBackend)
        #expect(run.app.enrichmentRecords.enrichedWorks.count == 500)
        try Self.checkQuiescent(run)
    }

    /// "Given network unavailable, when enrichment attempted, then jobs queued for retry when
    /// connectivity restored" (and "Network offline during enrichment → Jobs queued for retry when
    /// online"): connectivity drops with a request in flight; for ten minutes nothing is sent and the
    /// queue keeps every job; when it returns, the abandoned work goes again at once and the rest
    /// follow, each enriched once.
    @Test func withTheNetworkUnavailableJobsWaitAndAreEnrichedWhenConnectivityReturns() throws {
        let (app, works) = Self.imported(books: 20)
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        for _ in 0..<5 {
            run.answer(Self.match(run.awaiting!), afterMilliseconds: Self.latencyMilliseconds)
            run.advance(to: run.timer!)
        }
        let abandoned = try #require(run.awaiting)
        #expect(abandoned.work == works[5])
        run.advance(byMilliseconds: 100)
        let offline = run.setOnline(false)
        #expect(offline.outcomes == [.requestAbandoned(abandoned)])
        let wentOffline = run.now
        run.advance(byMilliseconds: 10 * 60_000)
        #expect(run.requestLog.count == 6)
        #expect(run.requestLog.allSatisfy { $0.at <= wentOffline })
        #expect(run.app.enrichmentQueue.inFlight == works[5])
        #expect(run.app.enrichmentQueue.pending == Array(works[6...]))
        #expect(run.progress?.text == "5/20 books enriched")

        let online = run.setOnline(true)
        #expect(online.requests.map(\.work) == [works[5]])
        #expect(online.requests.map(\.attempt) == [1])
        run.runUntilIdle(backend: Self.matchingBackend)
        #expect(run.app.enrichmentRecords.enrichedWorks == works)
        #expect(Self.enrichmentCounts(run).values.allSatisfy { $0 == 1 })
        #expect(run.requestLog.filter { $0.at > wentOffline }.map(\.request.work) == Array(works[5...]))
        try Self.checkQuiescent(run)
    }

    /// "Import during airplane mode → … retry when online": works imported offline wait in the queue,
    /// untouched, and are enriched when connectivity returns.
    @Test func worksImportedInAirplaneModeAreEnrichedWhenOnline() throws {
        let (app, works) = Self.imported(books: 3)
        var run = EnrichmentWorkerRun(app: app, at: Self.start, online: false)
        run.add(works)
        run.advance(byMilliseconds: 3_600_000)
        #expect(run.requestLog.isEmpty)
        #expect(run.app.enrichmentQueue.pending == works)
        run.setOnline(true)
        run.runUntilIdle(backend: Self.matchingBackend)
        #expect(run.app.enrichmentRecords.enrichedWorks == works)
        try Self.checkQuiescent(run)
    }

    /// "Given title with series markers "(Series, #1)", when enrichment API called, then normalized
    /// title used for better matching": the query carries the normalized title (seed's "Title
    /// Normalization"), the library keeps the original.
    @Test func aTitleWithASeriesMarkerIsSearchedByItsNormalizedTitle() throws {
        let titles = [
            "The Hunger Games (The Hunger Games, #1)",
            "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)",
            "Kindred",
        ]
        let (app, works) = Self.imported(titles)
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        run.runUntilIdle(backend: Self.matchingBackend)
        #expect(run.requestLog.map(\.request.query.title) == ["The Hunger Games", "Harry Potter and the Sorcerer's Stone", "Kindred"])
        #expect(run.requestLog.map(\.request.query.author) == ["Suzanne Collins", "J.K. Rowling", "Octavia E. Butler"])
        #expect(works.map { run.app.store.work($0)?.title } == titles)
        #expect(run.app.enrichmentRecords.enrichedWorks == works)
        try Self.checkQuiescent(run)
    }

    /// "Edge case: Given API returns multiple candidates, when confidence low, system stores candidates
    /// for manual selection": the work is left as imported, counted done, and its candidates wait, best
    /// first; the user's choice is then applied.
    @Test func lowConfidenceCandidatesAreStoredForManualSelection() throws {
        let (app, works) = Self.imported(["Dune", "Kindred", "Emma"])
        let candidates = [
            EnrichmentCandidate(confidencePercent: 48, title: "Dune (1984 film novelization)", coverURL: "https://covers.example/film.jpg"),
            EnrichmentCandidate(confidencePercent: 71, title: "Dune", coverURL: "https://covers.example/dune.jpg", publicationYear: 1965),
            EnrichmentCandidate(confidencePercent: 63, title: "Dune Messiah", coverURL: "https://covers.example/messiah.jpg"),
        ]
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        run.runUntilIdle { request in
            (Self.latencyMilliseconds, request.work == works[0] ? .candidates(candidates) : Self.match(request))
        }
        #expect(run.outcomeLog.map(\.outcome).contains(.needsReview(works[0], candidates: 3)))
        #expect(run.app.enrichmentRecords.worksNeedingReview == [works[0]])
        #expect(run.app.enrichmentRecords.record(for: works[0]) == .needsReview(candidates: [candidates[1], candidates[2], candidates[0]]))
        #expect(run.app.store.work(works[0]) == app.store.work(works[0]))
        #expect(run.app.enrichmentRecords.enrichedWorks == [works[1], works[2]])
        try Self.checkQuiescent(run)

        var worker = run.worker
        var state = run.app
        #expect(worker.chooseCandidate(at: 0, for: works[0], &state) == .applied(fields: [.coverURL, .firstPublicationYear]))
        #expect(state.store.work(works[0])?.coverURL == "https://covers.example/dune.jpg")
        #expect(state.store.work(works[0])?.title == "Dune")
        #expect(state.enrichmentRecords.worksNeedingReview.isEmpty)
        // Still quiescent after the choice: nothing unsaved, nothing queued, no timer.
        #expect(!state.store.hasChanges)
        #expect(worker.nextWake == nil)
        #expect(worker.progress(state) == nil)
        try state.store._checkInvariants()
        try worker._checkInvariants(state)
    }

    /// "All enrichment APIs fail - Gracefully falls back to unenriched entries" and "Failed enrichments
    /// retry automatically with exponential backoff": every request meets HTTP 503; each book is tried
    /// five times (retries 1, 2, 4, 8 s after each failure), then reported failed with its reason; the
    /// books stay exactly as imported.
    @Test func whenEveryEnrichmentAPIFailsTheBooksStayUnenrichedAndAreReportedFailed() throws {
        let (app, works) = Self.imported(books: 10)
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        run.runUntilIdle { _ in (Self.latencyMilliseconds, .httpError(status: 503)) }
        #expect(run.requestLog.count == 50)
        // One book: starts at 0, 1.35, 3.7, 8.05 and 16.4 s; the next book starts 600 ms after that.
        let firstBook = run.requestLog.prefix(5).map { $0.at.epochMilliseconds - Self.start.epochMilliseconds }
        #expect(firstBook == [0, 1_350, 3_700, 8_050, 16_400])
        #expect(run.requestLog[5].at == Self.start.adding(milliseconds: 17_000))
        #expect(run.now == Self.start.adding(milliseconds: 9 * 17_000 + 16_750))
        let failure = EnrichmentRecord.failed(.retriesExhausted(attempts: 5, last: .serverError(status: 503)))
        #expect(works.allSatisfy { run.app.enrichmentRecords.record(for: $0) == failure })
        #expect(run.app.enrichmentRecords.failedWorks == works)
        #expect(EnrichmentFailure.retriesExhausted(attempts: 5, last: .serverError(status: 503)).description == "No answer after 5 attempts (last: HTTP 503)")
        #expect(run.app.store.isObservablyEqual(to: app.store))
        try Self.checkQuiescent(run)
    }

    /// "App restart mid-enrichment → Queue persists and resumes": the app crashes with the 21st of 50
    /// books in flight and comes back 5 s later; the queue is intact, the banner goes on from 20/50,
    /// the 21st book is asked about again first, and in the end every book is enriched exactly once,
    /// none lost, none twice, the enrichments made before the crash still saved.
    @Test func anAppRestartMidEnrichmentKeepsTheQueueAndResumesIt() throws {
        let (app, works) = Self.imported(books: 50)
        var run = EnrichmentWorkerRun(app: app, at: Self.start)
        run.add(works)
        for _ in 0..<20 {
            run.answer(Self.match(run.awaiting!), afterMilliseconds: Self.latencyMilliseconds)
            run.advance(to: run.timer!)
        }
        #expect(run.awaiting?.work == works[20])
        let relaunch = run.relaunch(afterMilliseconds: 5_000)
        #expect(run.app.enrichmentQueue.pending == Array(works[21...]))
        #expect(run.app.enrichmentQueue.inFlight == works[20])
        #expect(relaunch.outcomes == [.resumedAfterRelaunch(works[20])])
        #expect(relaunch.requests.map(\.work) == [works[20]])
        #expect(run.progress?.text == "20/50 books enriched")
        #expect(run.app.store.work(works[0])?.coverURL == "https://covers.example/\(works[0].rawValue).jpg")

        run.runUntilIdle(backend: Self.matchingBackend)
        #expect(run.app.enrichmentRecords.enrichedWorks == works)
        #expect(Self.enrichmentCounts(run) == Dictionary(uniqueKeysWithValues: works.map { ($0, 1) }))
        #expect(run.requestLog.filter { $0.request.work == works[20] }.count == 2)
        #expect(run.requestLog.count == 51)
        try Self.checkQuiescent(run)
    }
}
