/// The rules of Library Reset (seed 000_…; D-015, D-020 to D-025, D-029, D-080; O-07, O-08, O-14).
public enum LibraryResetRules {
    static let story1 = "User Story 1: Access Library Reset from Settings"
    static let story2 = "User Story 2: Comprehensive Data Deletion"
    static let story3 = "User Story 3: Cancel In-Flight Backend Jobs"
    static let story4 = "User Story 4: Clear Auxiliary Data"

    public static let confirmation = Rule(
        "RESET-01", .must, "Tapping Reset Library shows the confirmation dialog and changes nothing; canceling it deletes, clears and sends nothing.",
        basis: .seed(.libraryReset, story1, "Given user cancels confirmation, when dialog dismissed, then no data deleted"))
    public static let deletesEverything = Rule(
        "RESET-02", .must, "A confirmed reset deletes every Work, Edition, Author and UserLibraryEntry, saved or not, authors without works included.",
        basis: .decided("D-015"))
    public static let cancelFirst = Rule(
        "RESET-03", .must, "With a followed backend job, confirming sends one cancel request for that job, bearing its token, before anything is deleted or cleared; without one, no request.",
        basis: .decided("D-025"))
    public static let cancelFailureContinues = Rule(
        "RESET-04", .must, "Whatever the cancel request's result (success, an error status, offline or a timeout), the local reset completes, reports success, and `currentJobId` is nil.",
        basis: .decided("D-021"))
    public static let queueCleared = Rule(
        "RESET-05", .must, "After a reset the enrichment queue is empty: nothing pending, nothing in flight, and `currentJobId` nil.",
        basis: .decided("D-029"))
    public static let searchHistoryCleared = Rule(
        "RESET-06", .must, "After a reset search history is empty: no recent searches and no trending books.",
        basis: .seed(.libraryReset, story4, "Given user confirms reset, when operation completes, then search history cleared"))
    public static let flagsReset = Rule(
        "RESET-07", .must, "After a reset the feature flags are their defaults and the AI provider is Gemini.",
        basis: .seed(.libraryReset, story4, "Given reset in progress, when clearing data, then AI provider reset to Gemini (default)"))
    public static let settingsKept = Rule(
        "RESET-08", .must, "A reset keeps the app settings (theme, UI preferences) and the CloudKit sync state.",
        basis: .seed(.libraryReset, "What's NOT Deleted (Preserved)", "App Settings (theme selection, UI preferences) - User choice preserved"))
    public static let seriesKept = Rule(
        "RESET-09", .must, "A reset keeps the user's series (a table of their own).",
        basis: .decided("D-020"))
    public static let idempotent = Rule(
        "RESET-10", .must, "Resetting again succeeds, sends no cancel request and leaves the app as the first reset left it.",
        basis: .decided("D-019"))
    public static let storeFailure = Rule(
        "RESET-11", .must, "A failed delete or save shows the failure with Retry and leaves the library as last saved, the later steps not run; Retry then completes the reset.",
        basis: .decided("D-022"))
    public static let anyReset = Rule(
        "RESET-12", .must, "For any app state, cancel result, store failure and way of going about it, every observation along the reset is the model's.",
        basis: .decided("D-020"))
}
