/// The rules of Library Reset (seed 000_…; D-015, D-020 to D-022, D-151; O-07, O-08, O-14).
///
/// The seed's rules are checked on resets the seed describes without contradicting itself: the cancel
/// request succeeds or no job is followed, and the store does not fail. A failed cancel request is
/// D-021's (O-14: the seed's code aborts, its error table continues), a failed store D-022's and the
/// seed's error table's.
public enum LibraryResetRules {
    static let story1 = "User Story 1: Access Library Reset from Settings"
    static let story3 = "User Story 3: Cancel In-Flight Backend Jobs"
    static let story4 = "User Story 4: Clear Auxiliary Data"
    static let architecture = "Architecture Overview"
    static let failures = "Failure Scenarios"

    public static let confirmation = Rule(
        "RESET-01", .must, "Tapping Reset Library shows the confirmation dialog and changes nothing; canceling it deletes, clears and sends nothing.",
        basis: .seed(.libraryReset, story1, "Given user cancels confirmation, when dialog dismissed, then no data deleted"))
    public static let deletesEverything = Rule(
        "RESET-02", .must, "A confirmed reset deletes every Work, Edition and UserLibraryEntry, saved or not, and every Author of a work.",
        basis: .seed(.libraryReset, "Key Performance Indicators (KPIs)", "All entities deleted (Works, Editions, Authors, UserLibraryEntries)"))
    public static let cancelFirst = Rule(
        "RESET-03", .must, "With a followed backend job, confirming sends one cancel request for that job before anything is deleted or cleared; without one, no request.",
        basis: .seed(.libraryReset, architecture, "Step 1: Cancel Backend Jobs"))
    public static let cancelFailureContinues = Rule(
        "RESET-04", .must, "Whatever the cancel request's result (an error status, offline or a timeout), the local reset completes, reports success, and `currentJobId` is nil.",
        basis: .decided("D-021"), requires: ["RESET-02", "RESET-14"])
    public static let queueCleared = Rule(
        "RESET-05", .must, "After a reset the enrichment queue is empty (nothing pending, nothing in flight) and `currentJobId` is nil.",
        basis: .seed(.libraryReset, story3, "Given reset completes, when enrichment queue cleared, then `currentJobId` set to nil"))
    public static let searchHistoryCleared = Rule(
        "RESET-06", .must, "After a reset search history is empty: no recent searches and no trending books.",
        basis: .seed(.libraryReset, story4, "Given user confirms reset, when operation completes, then search history cleared"))
    public static let flagsReset = Rule(
        "RESET-07", .must, "After a reset the feature flags are their defaults: the AI provider is Gemini and the experimental scanner is enabled.",
        basis: .seed(.libraryReset, "Auxiliary Data (Cleared)", "(reset to defaults: Gemini AI, experimental scanner enabled)"))
    public static let settingsKept = Rule(
        "RESET-08", .must, "A reset keeps the app settings (theme, UI preferences).",
        basis: .seed(.libraryReset, "What's NOT Deleted (Preserved)", "(theme selection, UI preferences) - User choice preserved"))
    public static let seriesKept = Rule(
        "RESET-09", .must, "A reset keeps the user's series (a table of their own).",
        basis: .decided("D-020"))
    public static let idempotent = Rule(
        "RESET-10", .must, "Resetting again succeeds, sends no cancel request and leaves the app as the first reset left it.",
        basis: .seed(.libraryReset, failures, "Re-run reset (idempotent operation)"))
    public static let storeFailure = Rule(
        "RESET-11", .must, "A failed delete or save leaves the library as last saved and runs none of the later steps: the queue, search history, flags, settings and series stay as they were.",
        basis: .decided("D-022"))
    public static let anyReset = Rule(
        "RESET-12", .must, "For any app state, cancel result, store failure and way of going about it, every observation along the reset is the model's.",
        basis: .reference)
    public static let authorsWithoutWorks = Rule(
        "RESET-13", .must, "A reset deletes the authors without a work too: no Author is left.",
        basis: .decided("D-015"), requires: ["RESET-02"])
    public static let successToast = Rule(
        "RESET-14", .must, "A reset whose cancel request succeeds (or that follows no job) and whose store does not fail ends showing the success toast.",
        basis: .seed(.libraryReset, architecture, "Step 4: Show Success Toast"))
    public static let retry = Rule(
        "RESET-15", .must, "A failed delete or save shows the failure alert with Retry, and Retry then completes the reset.",
        basis: .seed(.libraryReset, failures, #"SwiftData delete fails | Alert: "Reset failed, try again" | Retry button"#))
    public static let cancelToken = Rule(
        "RESET-16", .must, "The cancel request bears the followed job's token, when it has one.",
        basis: .decided("D-151"), requires: ["RESET-03"])
    public static let cloudKitKept = Rule(
        "RESET-17", .must, "A reset keeps the device's CloudKit sync state.",
        basis: .seed(.libraryReset, "What's NOT Deleted (Preserved)", "(reset only deletes local data, CloudKit unchanged)"))
}
