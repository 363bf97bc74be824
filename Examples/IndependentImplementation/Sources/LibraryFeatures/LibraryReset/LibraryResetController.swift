// Library Reset (seed 000): Settings → Library Management → "Reset Library", a confirmation dialog, then
// 1. cancel the backend job (POST /api/enrichment/cancel with `currentJobId`),
// 2. delete every Work, Edition, Author and UserLibraryEntry and save,
// 3. clear the enrichment queue, search history, feature flags (AI provider back to Gemini),
// 4. toast "Library reset successfully".
// A failed cancel (offline, timeout, job not found) never stops the local reset; a failed delete or save
// shows "Reset failed, try again" with Retry and leaves the library as it was.

/// The cancel request the app sends.
public struct EnrichmentCancelRequest: Sendable, Hashable {
    public var jobId: String
    /// The job's bearer token, if it has one.
    public var token: String?

    public init(jobId: String, token: String?) {
        self.jobId = jobId
        self.token = token
    }
}

/// How the cancel request ended.
public enum EnrichmentCancelOutcome: Sendable, Hashable {
    /// The backend answered with this HTTP status (and its error code, if any).
    case answered(status: Int, errorCode: String?)
    /// The request never got an answer: offline, timeout, unreachable.
    case failed(reason: String)
}

/// What the Settings screen shows of the reset.
public enum ResetPresentation: Sendable, Hashable {
    case none
    /// "Reset Library?" with Cancel and Reset.
    case confirmationDialog
    /// "Library reset successfully" (dismisses after 2 s).
    case successToast
    /// "Reset failed, try again" with Retry.
    case failureAlert
}

public struct LibraryResetController: Sendable, Hashable {
    public static let dialogTitle = "Reset Library?"
    public static let toastText = "Library reset successfully"
    public static let failureText = "Reset failed, try again"

    public private(set) var presentation: ResetPresentation = .none
    /// The cancel request sent and not yet answered.
    public private(set) var awaitingCancel: EnrichmentCancelRequest?
    /// The outcomes of the cancel requests sent, for the logs.
    public private(set) var cancelLog: [EnrichmentCancelOutcome] = []

    public init() {}

    public var isRunning: Bool { awaitingCancel != nil }

    /// The user taps "Reset Library": the confirmation dialog.
    public mutating func tapResetLibrary() {
        guard !isRunning else { return }
        presentation = .confirmationDialog
    }

    /// The user taps Cancel: nothing is deleted.
    public mutating func cancelConfirmation() {
        guard presentation == .confirmationDialog else { return }
        presentation = .none
    }

    /// The user taps Reset. When the enrichment queue follows a backend job, the cancel request is
    /// returned for the network layer and the reset continues when its outcome arrives; otherwise the
    /// reset runs to its end now.
    public mutating func confirmReset(_ app: inout BooksAppState) -> EnrichmentCancelRequest? {
        guard presentation == .confirmationDialog, !isRunning else { return nil }
        presentation = .none
        if let jobId = app.enrichmentQueue.currentJobId {
            let request = EnrichmentCancelRequest(jobId: jobId, token: app.enrichmentQueue.currentJobToken)
            awaitingCancel = request
            return request
        }
        runLocalReset(&app)
        return nil
    }

    /// The cancel request ended, whichever way: the job is canceled, already gone, or will time out on
    /// its own (harmless, its books are deleted here). The app stops following it and resets.
    public mutating func receiveCancelOutcome(_ outcome: EnrichmentCancelOutcome, _ app: inout BooksAppState) {
        guard let request = awaitingCancel else { return }
        awaitingCancel = nil
        cancelLog.append(outcome)
        if app.enrichmentQueue.currentJobId == request.jobId {
            app.enrichmentQueue.clearCurrentJobId()
        }
        runLocalReset(&app)
    }

    /// The user taps Retry on the failure alert: the reset runs again (it is idempotent). If a backend
    /// job is followed again by now, it is canceled first, as in `confirmReset`.
    @discardableResult
    public mutating func retry(_ app: inout BooksAppState) -> EnrichmentCancelRequest? {
        guard presentation == .failureAlert, !isRunning else { return nil }
        presentation = .none
        if let jobId = app.enrichmentQueue.currentJobId {
            let request = EnrichmentCancelRequest(jobId: jobId, token: app.enrichmentQueue.currentJobToken)
            awaitingCancel = request
            return request
        }
        runLocalReset(&app)
        return nil
    }

    /// Steps 2 to 4. A store failure restores the library as it was and shows the alert.
    mutating func runLocalReset(_ app: inout BooksAppState) {
        let before = app.store
        do {
            try app.store.deleteAll()
            try app.store.save()
        } catch {
            var restored = before
            restored.failNextDelete = app.store.failNextDelete
            restored.failNextSave = app.store.failNextSave
            app.store = restored
            presentation = .failureAlert
            return
        }
        app.enrichmentQueue.clearAll()
        app.enrichmentQueue.clearCurrentJobId()
        app.searchHistory.clearAll()
        app.featureFlags.resetToDefaults()
        presentation = .successToast
    }
}
