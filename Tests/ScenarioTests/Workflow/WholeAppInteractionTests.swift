import SpecModel
import Testing

/// Where two features meet in the whole app (issue 37, `Docs/Interactions.md`): each test pins one
/// decision of the matrix through `WholeApp`'s actions, and ends with every global invariant kept.
@Suite struct WholeAppInteractionTests {
    /// The first file: 120 rows, "Book 0" to "Book 119".
    static let goodreads = 0
    /// Seven Foundation books with Goodreads series markers, and "Book 3".
    static let foundation = 1

    static func importWhole(_ file: Int, on d: Int, _ app: inout WholeApp, strategy: DuplicateStrategy = .skip) {
        #expect(app.perform(.startImport(device: d, file: file, strategy: strategy)) == nil)
        while app.devices[d].importsUnderWay > 0 { #expect(app.perform(.importNextBatch(device: d)) == nil) }
    }

    /// Requests, confirms and runs a reset on `d`; the cancel request, if any, meets `network`.
    static func reset(on d: Int, _ app: inout WholeApp, network: LibraryResetRun.Network = .online) {
        #expect(app.perform(.requestReset(device: d)) == nil)
        #expect(app.perform(.confirmReset(device: d)) == nil)
        if case .awaitingCancelResult = app.devices[d].reset.phase {
            #expect(app.perform(.cancelRequestAnswered(device: d, network)) == nil)
        }
        for _ in ResetStep.allCases { #expect(app.perform(.resetStep(device: d)) == nil) }
        #expect(app.devices[d].reset.phase == .succeeded)
    }

    static func expectInvariantsKept(_ app: WholeApp, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(app.violations() == [], sourceLocation: sourceLocation)
    }

    // MARK: - Import × Job, Worker × Job, Job × Job (D-191, D-194)

    /// D-191: the books waiting in the queue go to one backend job and leave the queue; the one in
    /// flight stays with the worker; each book is enriched once.
    @Test func aBackendJobTakesTheWaitingBooksAndEachBookIsEnrichedOnce() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.goodreads, on: 0, &app)
        let queue = app.devices[0].app.enrichmentQueue
        #expect(queue.inFlight != nil && queue.pendingCount == 119)
        #expect(app.perform(.startBackendJob(device: 0)) == nil)
        let jobId = app.devices[0].app.enrichmentQueue.currentJobId
        #expect(jobId == WholeApp.jobId(device: 0, number: 1))
        #expect(app.devices[0].app.enrichmentQueue.pendingCount == 0)
        #expect(app.devices[0].app.enrichmentQueue.inFlight == queue.inFlight)
        #expect(app.backend.job(WholeApp.jobId(device: 0, number: 1))?.totalCount == 119)
        #expect(app.perform(.enrichmentAnswer(device: 0, .match)) == nil)
        for _ in 0...119 { app.perform(.backendLoopTurn) }
        #expect(app.backend.job(WholeApp.jobId(device: 0, number: 1))?.status == .complete)
        #expect(app.worksEnriched == 120)
        Self.expectInvariantsKept(app)
    }

    /// D-194: one followed job at a time; another starts once the first has ended.
    @Test func aSecondJobWaitsUntilTheFollowedOneEnds() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.goodreads, on: 0, &app)
        #expect(app.perform(.startBackendJob(device: 0)) == nil)
        Self.importWhole(Self.foundation, on: 0, &app)
        #expect(app.perform(.startBackendJob(device: 0)) == .aJobIsFollowed(jobId: WholeApp.jobId(device: 0, number: 1)))
        for _ in 0...119 { app.perform(.backendLoopTurn) }
        #expect(app.perform(.socketOpens(device: 0)) == nil)
        #expect(app.perform(.jobStateArrives(device: 0)) == nil)
        #expect(app.devices[0].app.enrichmentQueue.currentJobId == nil, "the job's end reached the app")
        #expect(app.devices[0].socket == nil)
        #expect(app.perform(.startBackendJob(device: 0)) == nil)
        #expect(app.devices[0].app.enrichmentQueue.currentJobId == WholeApp.jobId(device: 0, number: 2))
        Self.expectInvariantsKept(app)
    }

    // MARK: - Job × Reset (D-195, O-09), Reset × Socket (D-196)

    /// D-195: a reset whose cancel never reached the backend stops following the job; the backend
    /// cancels it once no device has followed it for 60 s, and not a millisecond before.
    @Test func aJobOrphanedByAFailedCancelEndsSixtySecondsLater() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.goodreads, on: 0, &app)
        #expect(app.perform(.startBackendJob(device: 0)) == nil)
        Self.reset(on: 0, &app, network: .offline)
        #expect(app.devices[0].app.enrichmentQueue.currentJobId == nil)
        #expect(app.devices[0].socket == nil, "D-196: the socket closes with the followed job")
        #expect(app.backend.job(WholeApp.jobId(device: 0, number: 1))?.status == .running)
        app.perform(.timePasses(milliseconds: BackendJobRegistry.unfollowedJobLifetimeMilliseconds - 1))
        #expect(app.backend.job(WholeApp.jobId(device: 0, number: 1))?.status == .running)
        app.perform(.timePasses(milliseconds: 1))
        #expect(app.backend.job(WholeApp.jobId(device: 0, number: 1))?.status == .canceled)
        Self.expectInvariantsKept(app)
    }

    /// A cancel that reaches the backend ends the job at once; the reset goes on either way.
    @Test func aCancelThatArrivesEndsTheJobAtOnce() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.goodreads, on: 0, &app)
        #expect(app.perform(.startBackendJob(device: 0)) == nil)
        Self.reset(on: 0, &app, network: .timedOut(requestReachedBackend: true))
        #expect(app.backend.job(WholeApp.jobId(device: 0, number: 1))?.status == .canceled)
        #expect(app.devices[0].app.store.isEmptyOfLibraryObjects)
        Self.expectInvariantsKept(app)
    }

    // MARK: - Reset × everything (D-203)

    /// D-203: while the reset's local steps run, nothing else writes the device's store; a sync
    /// whose save fails used to roll the reset's deletion back, and the reset then "succeeded" over
    /// the whole library.
    @Test func nothingRunsBetweenTheResetsLocalSteps() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.goodreads, on: 0, &app)
        #expect(app.perform(.requestReset(device: 0)) == nil)
        #expect(app.perform(.confirmReset(device: 0)) == nil)
        #expect(app.perform(.resetStep(device: 0)) == nil)
        app.perform(.storeFailsNextSave(device: 0))
        for refused in [WholeAppAction.sync(device: 0), .importNextBatch(device: 0), .mapSearchResult(device: 0, result: 0), .saveLibrary(device: 0), .enrichmentAnswer(device: 0, .match)] {
            #expect(app.perform(refused) == .resetInProgress, "\(refused)")
        }
        #expect(app.perform(.resetStep(device: 0)) == nil)
        guard case .failed = app.devices[0].reset.phase else {
            Issue.record("the injected failure did not reach the reset's save")
            return
        }
        #expect(app.devices[0].app.store.count(of: .work) == 120, "the failed reset restored the library (D-022)")
        #expect(app.perform(.retryReset(device: 0)) == nil)
        for _ in ResetStep.allCases { app.perform(.resetStep(device: 0)) }
        #expect(app.devices[0].reset.phase == .succeeded)
        #expect(app.devices[0].app.store.isEmptyOfLibraryObjects)
        Self.expectInvariantsKept(app)
    }

    // MARK: - Reset × Device, Import × Device, Job × Device (D-195, D-198)

    /// Seed 000: a reset deletes the library on every device once sync converges; on the other device
    /// the deleted books leave the queue and their series, and an import running there goes on with
    /// its remaining rows (D-198).
    @Test func aResetReachesTheOtherDeviceBySyncAndItsImportGoesOn() {
        var app = WholeApp(devices: 2)
        Self.importWhole(Self.foundation, on: 0, &app)
        #expect(app.perform(.sync(device: 0)) == nil)
        #expect(app.perform(.sync(device: 1)) == nil)
        #expect(app.devices[1].app.store.count(of: .work) == 8)
        #expect(app.perform(.createSeries(device: 1, name: 0)) == nil)
        #expect(app.perform(.assignToSeries(device: 1, book: 0, series: 0)) == nil)
        #expect(app.perform(.startImport(device: 1, file: Self.goodreads, strategy: .skip)) == nil)
        #expect(app.perform(.importNextBatch(device: 1)) == nil)
        Self.reset(on: 0, &app)
        #expect(app.perform(.sync(device: 0)) == nil)
        #expect(app.perform(.sync(device: 1)) == nil)
        let other = app.devices[1].app
        #expect(other.store.works().allSatisfy { $0.title.hasPrefix("Book ") }, "the foundation books are gone")
        #expect(other.series.allSeries.allSatisfy { $0.workIDs.isEmpty }, "their series let go of them")
        #expect(other.store.count(of: .work) == 50)
        while app.devices[1].importsUnderWay > 0 { #expect(app.perform(.importNextBatch(device: 1)) == nil) }
        #expect(app.devices[1].app.store.count(of: .work) == 120, "the import went on (D-198)")
        #expect(app.interruptedImports == [])
        Self.expectInvariantsKept(app)
    }

    /// D-195: when sync takes every book of the job a device follows (another device reset the
    /// library), the device cancels the job and stops following it.
    @Test func aJobWhoseBooksSyncDeletesIsCanceled() {
        var app = WholeApp(devices: 2)
        Self.importWhole(Self.foundation, on: 0, &app)
        #expect(app.perform(.sync(device: 0)) == nil)
        #expect(app.perform(.sync(device: 1)) == nil)
        Self.importWhole(Self.foundation, on: 1, &app, strategy: .replaceAll)
        #expect(app.perform(.sync(device: 1)) == nil)
        #expect(app.perform(.sync(device: 0)) == nil)
        #expect(app.perform(.startBackendJob(device: 1)) == nil)
        Self.reset(on: 0, &app)
        #expect(app.perform(.sync(device: 0)) == nil)
        #expect(app.perform(.sync(device: 1)) == nil)
        #expect(app.devices[1].app.store.count(of: .work) == 0)
        #expect(app.devices[1].app.enrichmentQueue.currentJobId == nil)
        #expect(app.backend.job(WholeApp.jobId(device: 1, number: 1))?.status == .canceled)
        Self.expectInvariantsKept(app)
    }

    /// D-199: between two edits the later push wins; a deletion wins over an edit pushed after it.
    @Test func theLaterPushWinsAndADeletionWinsOverAnEdit() {
        var app = WholeApp(devices: 2)
        Self.importWhole(Self.foundation, on: 0, &app)
        app.perform(.sync(device: 0))
        app.perform(.sync(device: 1))
        #expect(app.perform(.renameBook(device: 0, book: 0, title: 0)) == nil)
        #expect(app.perform(.renameBook(device: 1, book: 0, title: 1)) == nil)
        app.perform(.sync(device: 0))
        app.perform(.sync(device: 1))
        app.perform(.sync(device: 0))
        #expect(app.devices[0].app.store.works().map(\.title).contains(WholeApp.titles[1]))
        #expect(app.devices[1].app.store.works().map(\.title).contains(WholeApp.titles[1]))
        #expect(app.perform(.deleteBook(device: 0, book: 1)) == nil)
        #expect(app.perform(.renameBook(device: 1, book: 1, title: 2)) == nil)
        app.perform(.sync(device: 0))
        app.perform(.sync(device: 1))
        #expect(app.devices[1].app.store.count(of: .work) == 7)
        #expect(app.devices[0].app.store.count(of: .work) == 7)
        Self.expectInvariantsKept(app)
    }

    // MARK: - Worker × Series, Import × Series (D-193)

    /// D-193: a book is linked to its series when enrichment applies a match, from the Goodreads marker
    /// its imported title keeps; not when its batch is saved.
    @Test func enrichmentLinksAnImportedBookToItsSeries() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.foundation, on: 0, &app)
        #expect(app.devices[0].app.series.count == 0, "the import links nothing")
        #expect(app.perform(.enrichmentAnswer(device: 0, .match)) == nil)
        let series = app.devices[0].app.series.allSeries
        #expect(series.map(\.displayName) == ["Foundation"])
        #expect(series.first?.workIDs.count == 1)
        app.perform(.timePasses(milliseconds: 5_000))
        #expect(app.perform(.enrichmentAnswer(device: 0, .notFound)) == nil, "the next request is on the wire")
        #expect(app.devices[0].app.series.allSeries.first?.workIDs.count == 1, "a failed enrichment links nothing")
        Self.expectInvariantsKept(app)
    }

    /// D-193: a work Replace All deletes leaves its series at its batch; the new work joins when it
    /// is enriched.
    @Test func aWorkReplaceAllDeletesLeavesItsSeries() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.foundation, on: 0, &app)
        app.perform(.enrichmentAnswer(device: 0, .match))
        let linked = app.devices[0].app.series.allSeries.first?.workIDs ?? []
        #expect(linked.count == 1)
        Self.importWhole(Self.foundation, on: 0, &app, strategy: .replaceAll)
        #expect(app.devices[0].app.series.allSeries.first?.workIDs == [], "the replaced work left its series")
        Self.expectInvariantsKept(app)
    }

    // MARK: - Import × Cache (D-192), Import × Socket (D-197)

    /// D-192: a search result for a book the import added maps to a second work, since the cache is
    /// the only index and an imported work has no volume ID (D-016).
    @Test func aSearchResultForAnImportedBookMapsToASecondWork() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.foundation, on: 0, &app)
        #expect(WholeApp.searchResults[2].title == "Book 3")
        #expect(app.perform(.mapSearchResult(device: 0, result: 2)) == nil)
        #expect(app.perform(.saveLibrary(device: 0)) == nil)
        #expect(app.devices[0].app.store.works().filter { $0.title == "Book 3" }.count == 2)
        Self.expectInvariantsKept(app)
    }

    /// D-197: the import runs on the device and reports on its own screen; it starts no job and opens
    /// no socket.
    @Test func anImportStartsNoJobAndOpensNoSocket() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.goodreads, on: 0, &app)
        #expect(app.backend.jobs.isEmpty)
        #expect(app.devices[0].socket == nil)
        #expect(app.devices[0].app.enrichmentQueue.currentJobId == nil)
    }

    // MARK: - The system (D-202)

    /// D-202: after a crash the app follows its job again with a new socket, series let go of works
    /// never saved, and the interrupted import resumes from its checkpoint.
    @Test func aRelaunchFollowsTheJobAgainAndResumesTheImport() {
        var app = WholeApp(devices: 1)
        Self.importWhole(Self.foundation, on: 0, &app)
        #expect(app.perform(.startBackendJob(device: 0)) == nil)
        #expect(app.perform(.startImport(device: 0, file: Self.goodreads, strategy: .skip)) == nil)
        #expect(app.perform(.importNextBatch(device: 0)) == nil)
        #expect(app.perform(.mapSearchResult(device: 0, result: 0)) == nil)
        #expect(app.perform(.createSeries(device: 0, name: 1)) == nil)
        let dune = app.devices[0].app.store.works().first { $0.title == "Dune" }?.id
        #expect(dune != nil)
        #expect(app.perform(.assignToSeries(device: 0, book: app.devices[0].app.store.identifiers(of: .work).firstIndex(of: dune!) ?? 0, series: 0)) == nil)
        app.perform(.crashAndRelaunch(device: 0))
        #expect(app.devices[0].app.series.allSeries.first?.workIDs == [], "the series let go of the work never saved")
        #expect(app.devices[0].socket?.jobId == WholeApp.jobId(device: 0, number: 1))
        #expect(app.devices[0].app.store.works().allSatisfy { $0.title != "Dune" }, "the unsaved work is gone")
        #expect(app.perform(.importNextBatch(device: 0)) == .noImportRunning)
        #expect(app.perform(.resumeImport(device: 0)) == nil)
        while app.devices[0].importsUnderWay > 0 { app.perform(.importNextBatch(device: 0)) }
        #expect(app.devices[0].app.store.works().filter { $0.title.hasPrefix("Book ") }.count == 120)
        Self.expectInvariantsKept(app)
    }

    /// Every action is valid in every state: on a fresh app each one is done or refused with a reason,
    /// and none breaks an invariant.
    @Test(arguments: WholeAppInteractionTests.everyKindOfAction)
    func everyActionOnAFreshAppIsDoneOrRefused(action: WholeAppAction) {
        var app = WholeApp(devices: 2)
        _ = app.perform(action)
        Self.expectInvariantsKept(app)
    }

    static let everyKindOfAction: [WholeAppAction] = [
        .startImport(device: 0, file: 3, strategy: .skip), .importNextBatch(device: 0), .resumeImport(device: 0),
        .requestReset(device: 0), .cancelResetDialog(device: 0), .confirmReset(device: 0), .cancelRequestAnswered(device: 0, .online),
        .resetStep(device: 0), .retryReset(device: 0), .dismissResetFailure(device: 0), .enrichmentAnswer(device: 0, .match),
        .startBackendJob(device: 0), .backendLoopTurn, .backendFails, .socketOpens(device: 0), .socketOpenFails(device: 0),
        .socketDrops(device: 0), .jobStateArrives(device: 0), .mapSearchResult(device: -3, result: -1), .saveLibrary(device: 1),
        .createSeries(device: 0, name: Int.min), .assignToSeries(device: 0, book: Int.max, series: 0), .deleteSeries(device: 0, series: 0),
        .deleteBook(device: 0, book: 0), .renameBook(device: 0, book: 0, title: 0), .crashAndRelaunch(device: 1),
        .storeFailsNextSave(device: 0), .connectivity(device: 0, online: true), .clockSteps(device: 0, milliseconds: Int64.min),
        .sync(device: 0), .timePasses(milliseconds: -5),
    ]
}
