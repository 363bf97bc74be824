/// Library Reset: the flow from the Settings button to an empty library, as a pure state machine.
///
/// Seed: 000_…. The user taps "Reset Library"; a confirmation dialog appears; canceling it changes
/// nothing. Confirming runs the seed's steps in order:
///
/// 1. cancel the backend job, if the app follows one (`POST /api/enrichment/cancel`); the model asks
///    the caller to send the request (`Effect.sendCancelRequest`) and continues when told the result.
///    Whatever the result, even offline, the app stops following the job and the reset goes on
///    (Decision D-021: the seed's error table wins over its code sample, which would abort);
/// 2. delete every Work, Edition, Author and UserLibraryEntry;
/// 3. save;
/// 4. clear the enrichment queue; 5. clear search history; 6. clear the work cache;
/// 7. reset the feature flags to their defaults (AI provider: Gemini);
/// 8. show "Library reset successfully".
///
/// Each step is one call to `step(_:)`, so a test can crash the app between any two steps. A failed
/// delete or save rolls back the unsaved deletions and shows "Reset failed, try again" with Retry
/// (Decision D-022). App settings and CloudKit state are never touched. Series are not reset
/// (issue 6 adds them; Decision D-020).
public struct LibraryReset: Hashable, Sendable {
    /// Where the flow stands.
    public enum Phase: Hashable, Sendable {
        /// No reset under way.
        case idle
        /// The confirmation dialog is on screen.
        case confirming
        /// The cancel request for this job was sent; the flow waits for its result.
        case awaitingCancelResult(jobId: String)
        /// The next local step to run.
        case running(ResetStep)
        /// The reset finished; the success toast is on screen.
        case succeeded
        /// A delete or save failed; the alert offers Retry.
        case failed(StoreError)
    }

    /// Where the flow stands; `idle` until the user taps "Reset Library".
    public private(set) var phase: Phase = .idle
    /// The steps completed in this reset, in order (with the cancel request's result first, if any).
    public private(set) var log: [ResetLogEntry] = []

    /// A flow with no reset under way.
    public init() {}

    /// What the flow asks the outside world to do.
    public enum Effect: Hashable, Sendable {
        /// Send `POST /api/enrichment/cancel` with this job ID, then call `receiveCancelResult`.
        case sendCancelRequest(jobId: String)
    }

    // MARK: - Texts (seed 000_…, "UI Specification" and "Error Handling")

    /// The dialog that asks for confirmation, with "Reset" as the destructive button.
    public static let confirmationDialog = Screen.Dialog(
        title: "Reset Library?",
        message: "This will delete all books, authors, editions, and reading progress. This action cannot be undone.\n\nIn-flight enrichment jobs will be canceled.",
        cancelTitle: "Cancel",
        confirmTitle: "Reset"
    )
    /// The toast shown when the reset succeeds, dismissed after 2 seconds.
    public static let successToast = Screen.Toast(text: "Library reset successfully", dismissAfterMilliseconds: 2_000)
    /// The failure alert's title, after a failed delete or save (D-022).
    public static let failureTitle = "Reset failed, try again"
    /// The failure alert's button that runs the local steps again.
    public static let retryAction = "Retry"
    /// The failure alert's button that dismisses it, leaving the library as last saved.
    public static let dismissAction = "OK"

    // MARK: - Transitions

    /// The user tapped "Reset Library": the confirmation dialog appears. Ignored while a reset runs.
    public mutating func requestReset(_ app: inout AppState) {
        switch phase {
        case .idle, .succeeded:
            phase = .confirming
            log = []
            app.screen.toast = nil
            app.screen.dialog = Self.confirmationDialog
        case .confirming, .awaitingCancelResult, .running, .failed:
            break
        }
    }

    /// The user tapped Cancel in the dialog: the dialog goes away and nothing else changes.
    public mutating func cancelConfirmation(_ app: inout AppState) {
        guard phase == .confirming else { return }
        phase = .idle
        app.screen.dialog = nil
    }

    /// The user tapped Reset in the dialog. Returns the cancel request to send, if the app follows a
    /// backend job; otherwise the local steps are ready to run.
    public mutating func confirm(_ app: inout AppState) -> Effect? {
        guard phase == .confirming else { return nil }
        app.screen.dialog = nil
        if let jobId = app.enrichmentQueue.currentJobId {
            phase = .awaitingCancelResult(jobId: jobId)
            return .sendCancelRequest(jobId: jobId)
        }
        phase = .running(.deleteLibrary)
        return nil
    }

    /// The cancel request's result arrived (or the request failed): stop following the job, go on.
    public mutating func receiveCancelResult(_ result: CancelRequestResult, _ app: inout AppState) {
        guard case let .awaitingCancelResult(jobId) = phase else { return }
        app.enrichmentQueue.clearCurrentJobId()
        log.append(.backendJobCancel(jobId: jobId, result))
        phase = .running(.deleteLibrary)
    }

    /// Runs the next local step; returns it, or `nil` when no step is due.
    @discardableResult
    public mutating func step(_ app: inout AppState) -> ResetStep? {
        guard case let .running(step) = phase else { return nil }
        switch step {
        case .deleteLibrary:
            do {
                try app.store.deleteAllLibraryObjects()
            } catch {
                fail(error, &app)
                return step
            }
        case .save:
            do {
                try app.store.save()
            } catch {
                fail(error, &app)
                return step
            }
            // The series stay (D-020); their memberships of the deleted works go once the deletion is
            // saved, so a failed save that restores the works keeps them too (D-100).
            app.series.removeDeletedWorks(in: app.store)
        case .clearEnrichmentQueue:
            // Seed 000: "Enrichment Queue (pending/failed enrichment jobs)" is cleared: the queue and
            // the records of failed and review-bound works go together.
            app.enrichmentQueue.clearAll()
            app.enrichmentRecords = app.enrichmentRecords.clearedByReset()
        case .clearSearchHistory:
            app.searchHistory.clearAll()
        case .clearWorkCache:
            app.workCache.clearCache()
        case .resetFeatureFlags:
            app.featureFlags.resetToDefaults()
        case .showSuccess:
            app.screen.toast = Self.successToast
        }
        log.append(.step(step))
        if let next = ResetStep(rawValue: step.rawValue + 1) {
            phase = .running(next)
        } else {
            phase = .succeeded
        }
        return step
    }

    mutating func fail(_ error: StoreError, _ app: inout AppState) {
        phase = .failed(error)
        // Show the saved library as it is, not a half-deleted view of it.
        app.store.rollback()
        app.screen.alert = Screen.Alert(title: Self.failureTitle, message: error.description, actions: [Self.retryAction, Self.dismissAction])
    }

    /// The user tapped Retry on the failure alert: the local steps run again from the deletion.
    public mutating func retry(_ app: inout AppState) {
        guard case .failed = phase else { return }
        app.screen.alert = nil
        phase = .running(.deleteLibrary)
    }

    /// The user dismissed the failure alert: no reset under way; the library is as last saved.
    public mutating func dismissFailure(_ app: inout AppState) {
        guard case .failed = phase else { return }
        app.screen.alert = nil
        phase = .idle
    }

    /// Runs every due step until the flow succeeds, fails or waits for the cancel result.
    public mutating func runSteps(_ app: inout AppState) {
        while step(&app) != nil {
            if case .failed = phase { return }
        }
    }
}

/// The local steps of a reset, in the seed's order.
public enum ResetStep: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Delete the library's objects; save; clear the queue, search history and work cache; reset the
    /// flags; show success.
    case deleteLibrary, save, clearEnrichmentQueue, clearSearchHistory, clearWorkCache, resetFeatureFlags, showSuccess

    public var description: String {
        switch self {
        case .deleteLibrary: return "delete Works, Editions, Authors, UserLibraryEntries"
        case .save: return "save"
        case .clearEnrichmentQueue: return "clear the enrichment queue"
        case .clearSearchHistory: return "clear search history"
        case .clearWorkCache: return "clear the work cache"
        case .resetFeatureFlags: return "reset feature flags (AI provider: Gemini)"
        case .showSuccess: return "show \"Library reset successfully\""
        }
    }
}

/// How the cancel request ended, as the app sees it.
public enum CancelRequestResult: Hashable, Sendable {
    /// The backend answered (any HTTP status, with its body's error code if it sent one).
    case answered(status: Int, errorCode: String?)
    /// The request failed: offline, timed out, or the backend was unreachable.
    case failed(reason: String)
}

/// One line of a reset's log.
public enum ResetLogEntry: Hashable, Sendable {
    /// The cancel request for this job ended with this result.
    case backendJobCancel(jobId: String, CancelRequestResult)
    /// This local step completed.
    case step(ResetStep)
}
