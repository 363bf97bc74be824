import LibraryFeatures
import Testing

/// Seed 000, Library Reset.
@Suite struct LibraryResetTests {
    /// An app with two books (one with an author, editions and an entry), an author without a book, a
    /// queue, a followed job, searches, changed flags and settings, and a series.
    func populatedApp(job: String? = "550e8400-e29b-41d4-a716-446655440000") -> BooksAppState {
        var app = BooksAppState()
        let author = app.store.insertAuthor(name: "Isaac Asimov")
        app.store.insertAuthor(name: "Nobody's Book")
        let work = app.store.insertWork(title: "Foundation", authors: [author])
        let edition = app.store.insertEdition(isbn13: "9780553293357", of: work)
        app.store.insertEntry(status: .reading, for: work, edition: edition)
        let other = app.store.insertWork(title: "Dune")
        try! app.store.save()
        app.enrichmentQueue.addMultiple([work, other])
        if let job { app.enrichmentQueue.setCurrentJobId(job, token: "t") }
        app.searchHistory = SearchHistoryState(recentSearches: ["asimov"], trendingBooks: ["Dune"])
        app.featureFlags = AppFeatureFlags(aiProvider: .openAI, experimentalScannerEnabled: false, batchEnrichmentEnabled: false, seriesTrackingEnabled: true)
        app.preferences = UserPreferences(theme: .forestGreen, libraryLayout: .list)
        app.cloudSync = CloudSyncState(isSyncEnabled: true, accountStatus: .available, lastChangeToken: "tok")
        app.seriesNames = ["Foundation"]
        return app
    }

    func expectEmptied(_ app: BooksAppState) {
        #expect(app.store.works.isEmpty && app.store.editions.isEmpty && app.store.authors.isEmpty && app.store.entries.isEmpty)
        #expect(app.enrichmentQueue.pending.isEmpty && app.enrichmentQueue.inFlight == nil)
        #expect(app.enrichmentQueue.currentJobId == nil)
        #expect(app.searchHistory.recentSearches.isEmpty && app.searchHistory.trendingBooks.isEmpty)
        #expect(app.featureFlags == .defaults && app.featureFlags.aiProvider == .gemini && app.featureFlags.experimentalScannerEnabled)
    }

    @Test func cancelingTheDialogDeletesNothing() {
        var app = populatedApp()
        let before = app
        var reset = LibraryResetController()
        reset.tapResetLibrary()
        #expect(reset.presentation == .confirmationDialog)
        reset.cancelConfirmation()
        #expect(reset.presentation == .none)
        #expect(app == before)
        #expect(reset.confirmReset(&app) == nil)  // no dialog, no reset
        #expect(app == before)
    }

    @Test func resetWithoutAJobDeletesEverythingAndKeepsSettings() {
        var app = populatedApp(job: nil)
        var reset = LibraryResetController()
        reset.tapResetLibrary()
        #expect(reset.confirmReset(&app) == nil)
        expectEmptied(app)
        #expect(app.preferences == UserPreferences(theme: .forestGreen, libraryLayout: .list))
        #expect(app.cloudSync.lastChangeToken == "tok")
        #expect(app.seriesNames == ["Foundation"])
        #expect(reset.presentation == .successToast)
    }

    @Test(arguments: [
        EnrichmentCancelOutcome.answered(status: 200, errorCode: nil),
        .answered(status: 404, errorCode: "JOB_NOT_FOUND"),
        .failed(reason: "offline"),
    ])
    func theBackendJobIsCanceledFirstAndAnyOutcomeContinues(outcome: EnrichmentCancelOutcome) {
        var app = populatedApp()
        var reset = LibraryResetController()
        reset.tapResetLibrary()
        let request = reset.confirmReset(&app)
        #expect(request == EnrichmentCancelRequest(jobId: "550e8400-e29b-41d4-a716-446655440000", token: "t"))
        #expect(app.store.works.count == 2)  // nothing deleted before the request ends
        reset.receiveCancelOutcome(outcome, &app)
        expectEmptied(app)
        #expect(reset.presentation == .successToast)
    }

    @Test func aFailedSaveLeavesTheLibraryAndRetryFinishes() {
        var app = populatedApp(job: nil)
        app.store.failNextSave = true
        var reset = LibraryResetController()
        reset.tapResetLibrary()
        _ = reset.confirmReset(&app)
        #expect(reset.presentation == .failureAlert)
        #expect(app.store.works.count == 2 && app.store.authors.count == 2)
        #expect(app.searchHistory.recentSearches == ["asimov"])
        #expect(reset.retry(&app) == nil)
        expectEmptied(app)
        #expect(reset.presentation == .successToast)
    }

    @Test func resetIsIdempotent() {
        var app = populatedApp(job: nil)
        var reset = LibraryResetController()
        reset.tapResetLibrary()
        _ = reset.confirmReset(&app)
        reset.tapResetLibrary()
        _ = reset.confirmReset(&app)
        expectEmptied(app)
        #expect(reset.presentation == .successToast)
    }
}
