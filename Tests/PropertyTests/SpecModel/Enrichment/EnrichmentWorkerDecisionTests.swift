import SpecModel
import Testing

/// The enrichment decisions of Docs/Decisions.md (D-052 to D-062) that `EnrichmentWorkerTests` does
/// not pin on its own: the default configuration, the default number of candidates kept, the rate
/// applying to retries, the ISBN the query carries, an abandoned last attempt, and the banner's
/// wording for one book (Seed: 004_…, "Background Enrichment Queue" and User Story 3).
@Suite struct EnrichmentWorkerDecisionTests {
    typealias Fixture = EnrichmentWorkerFixture

    /// D-053, D-055, D-059, D-061: the defaults are the seed's numbers (600 ms between request
    /// starts, retries after 1, 2, 4 and 8 s, so five attempts) and the model's choices (an 80%
    /// threshold, ten candidates kept, the seed's title normalization for the search).
    @Test func theDefaultConfigurationHoldsTheDecidedValues() {
        let configuration = EnrichmentWorker.Configuration()
        #expect(configuration.requestStartIntervalMilliseconds == 600)
        #expect(configuration.retryDelaysMilliseconds == [1_000, 2_000, 4_000, 8_000])
        #expect(configuration.attemptsMax == 5)
        #expect(configuration.matchConfidencePercentMin == 80)
        #expect(configuration.candidatesKeptMax == 10)
        let title = "The Hunger Games (The Hunger Games, #1)"
        #expect(configuration.searchTitle(title) == TitleNormalization.normalizedForSearch(title))
        #expect(configuration.searchTitle(title) == "The Hunger Games")
    }

    /// D-053: below the threshold, the ten most confident candidates are kept, best first; the rest
    /// are dropped and the work is left as it was.
    @Test func atMostTenCandidatesAreKeptByDefaultTheBestFirst() {
        let (app, works) = Fixture.app(["Dune"])
        var run = EnrichmentWorkerRun(app: app, at: Fixture.at(0))
        run.add(works)
        let confidences = [5, 70, 10, 65, 15, 60, 20, 55, 25, 50, 30, 45]
        let step = run.answer(.candidates(confidences.map { Fixture.candidate($0, title: "Dune \($0)") }))
        #expect(step.outcomes == [.needsReview(works[0], candidates: 10)])
        guard case let .needsReview(kept)? = run.app.enrichmentRecords.record(for: works[0]) else {
            Issue.record("expected candidates kept for review, got \(String(describing: run.app.enrichmentRecords.record(for: works[0])))")
            return
        }
        #expect(kept.map(\.confidencePercent) == [70, 65, 60, 55, 50, 45, 30, 25, 20, 15])
        #expect(kept.map(\.title).first == "Dune 70")
        #expect(run.app.store.isObservablyEqual(to: app.store))
    }

    /// D-059: the interval spans first attempts and retries alike: a retry whose delay ends before the
    /// interval has passed waits for the interval.
    @Test func aRetryDueBeforeTheRateSlotWaitsForIt() {
        let (app, works) = Fixture.app(["Dune"])
        var run = EnrichmentWorkerRun(app: app, worker: EnrichmentWorker(configuration: .init(retryDelaysMilliseconds: [100])), at: Fixture.at(0))
        run.add(works)
        let failed = run.answer(.timedOut, afterMilliseconds: 50)
        #expect(failed.outcomes == [.retryScheduled(works[0], attempt: 2, at: Fixture.at(150))])
        #expect(failed.effects == [.scheduleWake(at: Fixture.at(600))])
        run.advance(to: Fixture.at(599))
        #expect(run.requestLog.count == 1)
        run.advance(to: Fixture.at(600))
        #expect(run.requestLog.map(\.at) == [Fixture.at(0), Fixture.at(600)])
        #expect(run.requestLog.map(\.request.attempt) == [1, 2])
    }

    /// D-061: the query carries the first ISBN the work's editions have, the ISBN-13 before the ISBN-10,
    /// a blank one counting as none.
    @Test func theQueryCarriesTheFirstNonBlankISBNPreferringISBN13() throws {
        var store = LibraryStore()
        let author = store.insertAuthor(AuthorDraft(name: "Frank Herbert"))
        let work = store.insertWork(WorkDraft(title: "Dune: Deluxe Edition [Hardcover]"))
        try store.link(author: author, to: work)
        try store.insertEdition(EditionDraft(isbn13: ""), of: work)
        try store.insertEdition(EditionDraft(isbn10: "0441013597"), of: work)
        try store.insertEdition(EditionDraft(isbn13: "9780441013593"), of: work)
        try store.save()
        var run = EnrichmentWorkerRun(app: AppState(store: store), at: Fixture.at(0))
        let step = run.add([work])
        #expect(step.requests.map(\.query) == [EnrichmentQuery(title: "Dune", author: "Frank Herbert", isbn: "0441013597")])
        #expect(run.app.store.work(work)?.title == "Dune: Deluxe Edition [Hardcover]")
    }

    /// D-056: connectivity dropping with the fifth and last attempt in flight does not use it up: it is
    /// sent again as attempt 5 when connectivity returns, and only its own failure fails the work.
    @Test func anAbandonedLastAttemptIsSentAgainRatherThanFailingTheWork() throws {
        let (app, works) = Fixture.app(["Dune"])
        var run = EnrichmentWorkerRun(app: app, at: Fixture.at(0))
        run.add(works)
        for _ in 1...4 {
            run.answer(.timedOut, afterMilliseconds: 100)
            let retry = try #require(run.timer)
            run.advance(to: retry)
        }
        let last = try #require(run.awaiting)
        #expect(last.attempt == 5)
        #expect(run.setOnline(false).outcomes == [.requestAbandoned(last)])
        #expect(run.app.enrichmentRecords.record(for: works[0]) == nil)
        run.advance(byMilliseconds: 30_000)
        let back = run.setOnline(true)
        #expect(back.requests.map(\.attempt) == [5])
        #expect(back.requests.map(\.id) == [last.id + 1])
        let failed = run.answer(.timedOut, afterMilliseconds: 100)
        #expect(failed.outcomes == [.failed(works[0], .retriesExhausted(attempts: 5, last: .timedOut))])
        #expect(run.requestLog.count == 6)
        #expect(run.isQuiescent)
        try run.worker._checkInvariants(run.app)
    }

    /// D-060: the banner writes "books" whatever the count, as the seed's example does.
    @Test func theBannerSaysBooksEvenForOneBook() {
        let (app, works) = Fixture.app(["Dune"])
        var run = EnrichmentWorkerRun(app: app, at: Fixture.at(0))
        run.add(works)
        #expect(run.progress?.text == "0/1 books enriched")
        run.answer(.timedOut)
        #expect(run.progress?.text == "0/1 books enriched")
        run.advance(to: run.timer!)
        run.answer(Fixture.match)
        #expect(run.progress == nil)
    }
}
