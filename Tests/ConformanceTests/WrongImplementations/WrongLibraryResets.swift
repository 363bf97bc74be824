import SpecConformance
import SpecModel
import Testing

// Wrong Library Resets: the model's reset with one step done the way an app's code might, the
// seed's own code among them (O-08, O-14).

/// The model's reset with one flaw in what it does or in what it leaves.
struct FlawedLibraryReset: LibraryResetting {
    enum Flaw {
        /// The seed's `performLibraryReset()`: the cancel request is awaited inside the `do` whose
        /// `catch` shows "Reset failed", so a failed request aborts the reset (O-14).
        case seedCodeAbortsWhenTheCancelFails
        /// The seed's comment: deleting works "cascades to editions, authors, entries", so an author
        /// without a work is never deleted (O-08).
        case authorsDeletedByCascade
        /// `currentJobId` is cleared only when the backend confirms the cancel.
        case jobStillFollowedAfterAFailedCancel
        /// Series are deleted with the library (O-07).
        case seriesDeleted
        /// App settings go back to their defaults with the feature flags.
        case settingsReset
        /// The feature flags are reset but the AI provider is left as chosen.
        case aiProviderKept
        /// The library is deleted before the cancel request is sent.
        case deletesBeforeCanceling
        /// Canceling the dialog still clears search history.
        case canceledDialogClearsSearchHistory
        /// Recent searches are cleared, trending books kept.
        case trendingBooksKept
        /// `guard !works.isEmpty else { return }`: an empty library is not reset at all.
        case emptyLibraryNotReset
        /// The settings screen caches the job ID when enrichment starts and cancels it on every reset.
        case staleJobCanceledAgain
        /// Tapping Reset Library resets at once, with no dialog.
        case noConfirmation
        /// A failed save leaves the deleted library on screen instead of rolling back.
        case failedSaveNotRolledBack
        /// Production's order: the enrichment queue is stopped and cleared before the deletion, so a
        /// failed delete or save has already emptied it (D-025).
        case productionOrderQueueClearedFirst
        /// The reset shows neither the success toast nor the failure alert with Retry.
        case noToastNoRetry
        /// CloudKit sync is switched off and its state forgotten with the library.
        case cloudKitStateReset
        /// The cancel request goes out without the job's token.
        case tokenNotSent
    }

    let flaw: Flaw
    var model = ModelLibraryReset()
    var setup = LibraryResetSetup()
    var lastResult: CancelRequestResult?
    var awaitingCancel = false
    var aborted = false
    var didReset = false
    var skipped = false
    var searchesCleared = false
    var requestSent: BackendCancelRequest?
    var staleRequestPending = false

    init(_ flaw: Flaw) {
        self.flaw = flaw
    }

    mutating func setUp(_ setup: LibraryResetSetup) throws {
        self.setup = setup
        try model.setUp(setup)
    }

    mutating func tapResetLibrary() {
        if flaw == .emptyLibraryNotReset, model.observe().works == 0 {
            skipped = true
            return
        }
        skipped = false
        model.tapResetLibrary()
        if flaw == .noConfirmation {
            requestSent = model.confirmReset()
            awaitingCancel = requestSent != nil
            note()
        }
    }

    mutating func cancelConfirmation() {
        model.cancelConfirmation()
        if flaw == .canceledDialogClearsSearchHistory { searchesCleared = true }
    }

    mutating func confirmReset() -> BackendCancelRequest? {
        if skipped { return nil }
        if flaw == .noConfirmation { return requestSent }
        let request = model.confirmReset()
        if request == nil, flaw == .staleJobCanceledAgain, didReset, let job = setup.followedJob {
            staleRequestPending = true
            return BackendCancelRequest(jobId: job.jobId, token: job.token)
        }
        awaitingCancel = request != nil
        note()
        if flaw == .tokenNotSent, let request { return BackendCancelRequest(jobId: request.jobId, token: nil) }
        return request
    }

    mutating func receiveCancelResult(_ result: CancelRequestResult) {
        if staleRequestPending {
            staleRequestPending = false
            return
        }
        lastResult = result
        awaitingCancel = false
        if flaw == .seedCodeAbortsWhenTheCancelFails, case .failed = result {
            aborted = true
            return
        }
        model.receiveCancelResult(result)
        note()
    }

    var supportsStoreFailures: Bool { true }

    mutating func retryAfterFailure() {
        model.retryAfterFailure()
        note()
    }

    mutating func note() {
        if model.reset.phase == .succeeded { didReset = true }
    }

    func observe() -> LibraryResetObservation {
        var observation = model.observe()
        switch flaw {
        case .seedCodeAbortsWhenTheCancelFails:
            if aborted { observation.screen = .failureWithRetry }
        case .authorsDeletedByCascade:
            if didReset { observation.authors = setup.authorsWithoutBooks }
        case .jobStillFollowedAfterAFailedCancel:
            if didReset, let job = setup.followedJob, lastResult != .answered(status: 200, errorCode: nil) { observation.currentJobId = job.jobId }
        case .seriesDeleted:
            if didReset { observation.series = [] }
        case .settingsReset:
            if didReset { observation.settings = AppSettings() }
        case .aiProviderKept:
            if didReset { observation.featureFlags.aiProvider = setup.featureFlags.aiProvider }
        case .deletesBeforeCanceling:
            if awaitingCancel { (observation.works, observation.editions, observation.authors, observation.entries) = (0, 0, 0, 0) }
        case .canceledDialogClearsSearchHistory:
            if searchesCleared { observation.recentSearches = [] }
        case .trendingBooksKept:
            if didReset { observation.trendingBooks = setup.trendingBooks }
        case .failedSaveNotRolledBack:
            if observation.screen == .failureWithRetry, setup.storeFailure == .save { (observation.works, observation.editions, observation.authors, observation.entries) = (0, 0, 0, 0) }
        case .productionOrderQueueClearedFirst:
            if observation.screen == .failureWithRetry { (observation.pendingWorks, observation.workInFlight) = (0, false) }
        case .noToastNoRetry:
            if observation.screen == .success || observation.screen == .failureWithRetry { observation.screen = .nothing }
        case .cloudKitStateReset:
            if didReset { observation.cloudKit = CloudKitSyncState() }
        case .emptyLibraryNotReset, .staleJobCanceledAgain, .noConfirmation, .tokenNotSent:
            break
        }
        return observation
    }
}

enum WrongLibraryResets {
    static let all: [WrongImplementation] = [
        .of({ .libraryReset }, "SeedCodeAbortsWhenTheCancelFails", flaw: "awaits the cancel request inside the do/catch that shows \"Reset failed\", the seed's own code (O-14)", breaks: "RESET-04") {
            FlawedLibraryReset(.seedCodeAbortsWhenTheCancelFails)
        },
        .of({ .libraryReset }, "AuthorsDeletedByCascade", flaw: "deletes authors only by cascade from their works, the seed's comment, leaving authors without works (O-08)", breaks: "RESET-13") {
            FlawedLibraryReset(.authorsDeletedByCascade)
        },
        .of({ .libraryReset }, "JobStillFollowedAfterAFailedCancel", flaw: "clears currentJobId only when the backend confirms the cancel (D-021)", breaks: "RESET-04") {
            FlawedLibraryReset(.jobStillFollowedAfterAFailedCancel)
        },
        .of({ .libraryReset }, "SeriesDeletedWithTheLibrary", flaw: "deletes series as part of \"everything\" (O-07, D-020)", breaks: "RESET-09") {
            FlawedLibraryReset(.seriesDeleted)
        },
        .of({ .libraryReset }, "SettingsResetWithTheFlags", flaw: "resets the theme and UI preferences with the feature flags", breaks: "RESET-08") {
            FlawedLibraryReset(.settingsReset)
        },
        .of({ .libraryReset }, "CloudKitStateReset", flaw: "switches CloudKit sync off and forgets its state with the library", breaks: "RESET-17") {
            FlawedLibraryReset(.cloudKitStateReset)
        },
        .of({ .libraryReset }, "AIProviderKept", flaw: "resets the feature flags but leaves the AI provider as the user chose it", breaks: "RESET-07") {
            FlawedLibraryReset(.aiProviderKept)
        },
        .of({ .libraryReset }, "DeletesBeforeCanceling", flaw: "deletes the library before sending the cancel request", breaks: "RESET-03") {
            FlawedLibraryReset(.deletesBeforeCanceling)
        },
        .of({ .libraryReset }, "CancelRequestWithoutToken", flaw: "sends the cancel request without the job's token, so the backend refuses it (D-151)", breaks: "RESET-16") {
            FlawedLibraryReset(.tokenNotSent)
        },
        .of({ .libraryReset }, "CanceledDialogClearsSearchHistory", flaw: "clears search history when the dialog appears, so canceling it loses the searches", breaks: "RESET-01") {
            FlawedLibraryReset(.canceledDialogClearsSearchHistory)
        },
        .of({ .libraryReset }, "TrendingBooksKept", flaw: "clears recent searches but keeps the cached trending books", breaks: "RESET-06") {
            FlawedLibraryReset(.trendingBooksKept)
        },
        .of({ .libraryReset }, "EmptyLibraryNotReset", flaw: "returns early when there are no works, leaving searches, flags and the queue as they were", breaks: "RESET-06", "RESET-14") {
            FlawedLibraryReset(.emptyLibraryNotReset)
        },
        .of({ .libraryReset }, "StaleJobCanceledAgain", flaw: "cancels a cached job ID on every reset, so a second reset sends a request again", breaks: "RESET-10") {
            FlawedLibraryReset(.staleJobCanceledAgain)
        },
        .of({ .libraryReset }, "NoConfirmationDialog", flaw: "resets as soon as Reset Library is tapped", breaks: "RESET-01") {
            FlawedLibraryReset(.noConfirmation)
        },
        .of({ .libraryReset }, "NoToastNoRetry", flaw: "shows neither \"Library reset successfully\" nor the failure alert's Retry", breaks: "RESET-14", "RESET-15") {
            FlawedLibraryReset(.noToastNoRetry)
        },
        .of({ .libraryReset }, "ProductionOrderQueueClearedFirst", flaw: "clears the enrichment queue before deleting, production's order, so a failed delete has already emptied it (D-025)", breaks: "RESET-11") {
            FlawedLibraryReset(.productionOrderQueueClearedFirst)
        },
        .of({ .libraryReset }, "FailedSaveNotRolledBack", flaw: "after a failed save, shows the deleted library instead of what is saved (D-022)", breaks: "RESET-11") {
            FlawedLibraryReset(.failedSaveNotRolledBack)
        },
    ]
}

/// What a broken reset is graded: the seed's words fail it, a passage of a seed that contradicts
/// itself only makes it differ from the decision.
@Suite struct LibraryResetGradeTests {
    static func verdict(_ name: String) -> SuiteResult? {
        ConformanceCatalog.run.wrong.first { $0.0.name == name }?.1
    }

    /// The seed's flow shows the success toast and its error table offers Retry: a reset with neither
    /// fails those seed rules.
    @Test func aResetWithoutToastOrRetryFailsTheSeedsRules() throws {
        let result = try #require(Self.verdict("NoToastNoRetry"))
        #expect(result.grade(of: "RESET-14") == .fail)
        #expect(result.grade(of: "RESET-15") == .fail)
    }

    /// The seed's code shows "Reset failed" when the cancel request throws; its error table continues
    /// with the local reset (O-14). Following the code differs from D-021; it fails no rule.
    @Test func theSeedsOwnCodeDiffersFromTheDecisionAndFailsNothing() throws {
        let result = try #require(Self.verdict("SeedCodeAbortsWhenTheCancelFails"))
        #expect(result.grade(of: "RESET-04") == .differs)
        #expect(result.count(.fail) == 0, "failed \(result.rules.filter { $0.grade == .fail }.map(\.rule.id))")
    }

    /// The seed's code comment has deleting works cascade to their authors, its criteria delete all
    /// authors (O-08): following the comment differs from D-015 and fails no rule.
    @Test func theSeedsCascadeCommentDiffersFromTheDecisionAndFailsNothing() throws {
        let result = try #require(Self.verdict("AuthorsDeletedByCascade"))
        #expect(result.grade(of: "RESET-13") == .differs)
        #expect(result.count(.fail) == 0, "failed \(result.rules.filter { $0.grade == .fail }.map(\.rule.id))")
    }
}
