import Fixtures
import SpecModel
import Testing
import Workloads

/// Library Reset step by step (seed 000_…): the dialog, the seed's order of steps, the cancel request,
/// what is cleared and what is kept, and the failure alert with Retry.
@Suite struct LibraryResetTests {
    static let now = LibraryFixture.builtAt

    /// A library with two works (one queued), shared author, editions, entries, a followed job,
    /// search history, non-default flags, custom settings and CloudKit on.
    static func sample() -> (app: AppState, backend: BackendJobRegistry) {
        LibraryFixture.build(LibraryShape(
            authorNames: ["Liz Moore"],
            works: [
                .init(title: "The God of the Woods", authorIndices: [0], editionCount: 2, entry: .reading, entryReadsEdition: true, volumeIDs: ["v1"]),
                .init(title: "Long Bright River", authorIndices: [0], editionCount: 1, entry: .read),
            ],
            queuedWorkIndices: [0, 1],
            followsBackendJob: true,
            recentSearches: ["moore"],
            trendingBooks: ["Dune"],
            featureFlags: FeatureFlags(aiProvider: .openAI, experimentalScannerEnabled: false, batchEnrichmentEnabled: false, seriesTrackingEnabled: true),
            settings: AppSettings(theme: .forestGreen, libraryLayout: .list, showsCoverImages: false, textScalePercent: 120),
            cloudKit: CloudKitSyncState(isSyncEnabled: true, accountStatus: .available, lastChangeToken: "token-1")
        ))
    }

    @Test func tappingResetShowsTheConfirmationDialog() {
        var (app, _) = Self.sample()
        var reset = LibraryReset()
        reset.requestReset(&app)
        #expect(reset.phase == .confirming)
        #expect(app.screen.dialog == LibraryReset.confirmationDialog)
        #expect(app.screen.dialog?.title == "Reset Library?")
        #expect(app.screen.dialog?.confirmTitle == "Reset")
    }

    @Test func cancelingTheDialogChangesNothingAtAll() {
        let (before, _) = Self.sample()
        var app = before
        var reset = LibraryReset()
        reset.requestReset(&app)
        reset.cancelConfirmation(&app)
        #expect(reset.phase == .idle)
        #expect(app == before)
        #expect(app.store.count(of: .work) == 2)
    }

    @Test func confirmingAsksToCancelTheFollowedJobBeforeDeletingAnything() {
        var (app, _) = Self.sample()
        var reset = LibraryReset()
        reset.requestReset(&app)
        let effect = reset.confirm(&app)
        #expect(effect == .sendCancelRequest(jobId: LibraryFixture.jobId))
        #expect(reset.phase == .awaitingCancelResult(jobId: LibraryFixture.jobId))
        #expect(reset.step(&app) == nil)  // nothing runs until the result arrives
        #expect(app.store.count(of: .work) == 2)
        #expect(app.screen.dialog == nil)
    }

    @Test func theStepsRunInTheSeedsOrder() {
        var (app, backend) = Self.sample()
        var reset = LibraryReset()
        reset.requestReset(&app)
        _ = reset.confirm(&app)
        reset.receiveCancelResult(LibraryResetRun.sendCancelRequest(LibraryFixture.jobId, to: &backend, at: Self.now), &app)
        reset.runSteps(&app)
        #expect(reset.log == [.backendJobCancel(jobId: LibraryFixture.jobId, .answered(status: 200, errorCode: nil))] + ResetStep.allCases.map(ResetLogEntry.step))
        #expect(reset.phase == .succeeded)
    }

    @Test func aResetDeletesTheLibraryClearsAuxiliaryDataAndKeepsSettingsAndCloudKit() throws {
        let (before, _) = Self.sample()
        var (app, backend) = Self.sample()
        #expect(LibraryResetRun.run(&app, backend: &backend, at: Self.now) == .succeeded)
        for kind in EntityKind.allCases { #expect(app.store.count(of: kind) == 0, "\(kind) left") }
        #expect(!app.store.hasChanges)
        try app.store._checkInvariants()
        #expect(app.enrichmentQueue.isEmpty)
        #expect(app.enrichmentQueue.currentJobId == nil)
        #expect(app.searchHistory.isEmpty)
        #expect(app.workCache.cachedVolumeIDCount == 0)
        #expect(app.featureFlags == .defaults)
        #expect(app.featureFlags.aiProvider == .gemini)
        #expect(app.settings == before.settings)
        #expect(app.cloudKit == before.cloudKit)
        #expect(app.screen.toast == LibraryReset.successToast)
        #expect(app.screen.toast?.text == "Library reset successfully")
        #expect(backend.job(LibraryFixture.jobId)?.status == .canceled)
    }

    @Test func offlineTheCancelFailsAndTheLocalResetStillCompletes() {
        var (app, backend) = Self.sample()
        #expect(LibraryResetRun.run(&app, backend: &backend, at: Self.now, network: .offline) == .succeeded)
        #expect(app.store.isEmptyOfLibraryObjects)
        #expect(app.enrichmentQueue.currentJobId == nil)
        #expect(backend.job(LibraryFixture.jobId)?.status == .running)  // it runs on, harmlessly
    }

    @Test func aFailedDeleteShowsTheAlertKeepsTheLibraryAndRetrySucceeds() {
        var (app, backend) = Self.sample()
        app.store.faults = StoreFaults(deleteFailuresRemaining: 1)
        var reset = LibraryReset()
        reset.requestReset(&app)
        _ = reset.confirm(&app)
        reset.receiveCancelResult(LibraryResetRun.sendCancelRequest(LibraryFixture.jobId, to: &backend, at: Self.now), &app)
        reset.runSteps(&app)
        guard case .failed = reset.phase else {
            Issue.record("expected the reset to fail, got \(reset.phase)")
            return
        }
        #expect(app.screen.alert?.title == "Reset failed, try again")
        #expect(app.screen.alert?.actions == ["Retry", "OK"])
        #expect(app.store.count(of: .work) == 2)
        reset.retry(&app)
        reset.runSteps(&app)
        #expect(reset.phase == .succeeded)
        #expect(app.store.isEmptyOfLibraryObjects)
        #expect(app.screen.alert == nil)
    }

    @Test func aFailedSaveRollsBackSoTheLibraryShowsWhatIsSaved() {
        var (app, _) = Self.sample()
        app.enrichmentQueue.clearCurrentJobId()
        app.store.faults = StoreFaults(saveFailuresRemaining: 1)
        var reset = LibraryReset()
        reset.requestReset(&app)
        _ = reset.confirm(&app)
        reset.runSteps(&app)
        #expect(reset.phase == .failed(.saveFailed(reason: StoreFaults().reason)))
        #expect(app.store.count(of: .work) == 2)
        #expect(!app.store.hasChanges)
        #expect(app.searchHistory.recentSearches == ["moore"])  // later steps did not run
        reset.dismissFailure(&app)
        #expect(reset.phase == .idle)
        #expect(app.screen.alert == nil)
    }

    @Test func unsavedChangesAreDeletedWithTheRest() throws {
        var (app, backend) = LibraryFixture.build(LibraryShape(works: [.init(title: "Saved")], unsavedWorks: 3))
        #expect(app.store.hasChanges)
        #expect(LibraryResetRun.run(&app, backend: &backend, at: Self.now) == .succeeded)
        #expect(app.store.isEmptyOfLibraryObjects)
        #expect(!app.store.hasChanges)
    }

    @Test func aSecondTapWhileAResetRunsIsIgnored() {
        var (app, _) = Self.sample()
        var reset = LibraryReset()
        reset.requestReset(&app)
        _ = reset.confirm(&app)
        reset.requestReset(&app)
        #expect(reset.phase == .awaitingCancelResult(jobId: LibraryFixture.jobId))
        #expect(app.screen.dialog == nil)
    }

    @Test func theResetOfAnEmptyLibraryStillClearsAndSucceeds() {
        var app = AppState(searchHistory: SearchHistory(recentSearches: ["x"]), featureFlags: FeatureFlags(aiProvider: .workersAI, experimentalScannerEnabled: true, batchEnrichmentEnabled: true, seriesTrackingEnabled: true))
        var backend = BackendJobRegistry()
        #expect(LibraryResetRun.run(&app, backend: &backend, at: Self.now) == .succeeded)
        #expect(app.searchHistory.isEmpty)
        #expect(app.featureFlags == .defaults)
    }

    /// Decision D-125: "Feature Flags (reset to defaults: Gemini AI, experimental scanner enabled)" names
    /// the defaults, so a user who turned the experimental scanner off has it on again after a reset.
    @Test func aResetTurnsTheExperimentalScannerBackOn() {
        #expect(FeatureFlags.defaults.aiProvider == .gemini && FeatureFlags.defaults.experimentalScannerEnabled)
        var app = AppState(featureFlags: FeatureFlags(aiProvider: .openAI, experimentalScannerEnabled: false, batchEnrichmentEnabled: false, seriesTrackingEnabled: false))
        var backend = BackendJobRegistry()
        #expect(LibraryResetRun.run(&app, backend: &backend, at: Self.now) == .succeeded)
        #expect(app.featureFlags.experimentalScannerEnabled)
        #expect(app.featureFlags == .defaults)
    }
}
