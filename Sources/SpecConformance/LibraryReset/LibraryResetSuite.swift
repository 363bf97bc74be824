import Generators
import SpecModel

/// The rules of Library Reset (seed 000_…; D-015, D-020 to D-025, D-029, D-080; O-07, O-08, O-14).
public enum LibraryResetRules {
    static let story1 = "User Story 1: Access Library Reset from Settings"
    static let story2 = "User Story 2: Comprehensive Data Deletion"
    static let story3 = "User Story 3: Cancel In-Flight Backend Jobs"
    static let story4 = "User Story 4: Clear Auxiliary Data"

    /// RESET-01: the confirmation dialog.
    public static let confirmation = Rule(
        "RESET-01", .must, "Tapping Reset Library shows the confirmation dialog and changes nothing; canceling it deletes, clears and sends nothing.",
        source: RuleSource(seed: .libraryReset, section: story1, quote: "Given user cancels confirmation, when dialog dismissed, then no data deleted"))
    /// RESET-02: every library object deleted (O-08, D-015).
    public static let deletesEverything = Rule(
        "RESET-02", .must, "A confirmed reset deletes every Work, Edition, Author and UserLibraryEntry, saved or not, authors without works included.",
        source: RuleSource(seed: .libraryReset, section: story2, quote: "Given reset in progress, when deleting entities, then all Authors deleted", decisions: ["D-015", "D-028"]))
    /// RESET-03: the cancel request first (D-025, D-080).
    public static let cancelFirst = Rule(
        "RESET-03", .must, "With a followed backend job, confirming sends one cancel request for that job, bearing its token, before anything is deleted or cleared; without one, no request.",
        source: RuleSource(seed: .libraryReset, section: story3, quote: "Given enrichment job running (CSV import in progress), when user resets library, then backend job receives cancellation request", decisions: ["D-025", "D-080"]))
    /// RESET-04: a failed cancel does not stop the reset (O-14, D-021).
    public static let cancelFailureContinues = Rule(
        "RESET-04", .must, "Whatever the cancel request's result (success, an error status, offline or a timeout), the local reset completes, reports success, and `currentJobId` is nil.",
        source: RuleSource(seed: .libraryReset, section: "Backend Cancellation Failure Handling", quote: "iOS continues with local reset (deletes SwiftData)", decisions: ["D-021"]))
    /// RESET-05: the enrichment queue emptied.
    public static let queueCleared = Rule(
        "RESET-05", .must, "After a reset the enrichment queue is empty: nothing pending, nothing in flight, and `currentJobId` nil.",
        source: RuleSource(seed: .libraryReset, section: story4, quote: "Given reset in progress, when clearing data, then enrichment queue emptied", decisions: ["D-029"]))
    /// RESET-06: search history cleared.
    public static let searchHistoryCleared = Rule(
        "RESET-06", .must, "After a reset search history is empty: no recent searches and no trending books.",
        source: RuleSource(seed: .libraryReset, section: story4, quote: "Given user confirms reset, when operation completes, then search history cleared"))
    /// RESET-07: feature flags and the AI provider reset.
    public static let flagsReset = Rule(
        "RESET-07", .must, "After a reset the feature flags are their defaults and the AI provider is Gemini.",
        source: RuleSource(seed: .libraryReset, section: story4, quote: "Given reset in progress, when clearing data, then AI provider reset to Gemini (default)"))
    /// RESET-08: settings and CloudKit kept.
    public static let settingsKept = Rule(
        "RESET-08", .must, "A reset keeps the app settings (theme, UI preferences) and the CloudKit sync state.",
        source: RuleSource(seed: .libraryReset, section: "What's NOT Deleted (Preserved)", quote: "App Settings (theme selection, UI preferences) - User choice preserved"))
    /// RESET-09: series kept (O-07, D-020).
    public static let seriesKept = Rule(
        "RESET-09", .must, "A reset keeps the user's series (a table of their own).",
        source: RuleSource(seed: .seriesTracking, section: "Data Integrity", quote: "Series persists across library resets (separate entity)", decisions: ["D-020"]))
    /// RESET-10: a second reset.
    public static let idempotent = Rule(
        "RESET-10", .must, "Resetting again succeeds, sends no cancel request and leaves the app as the first reset left it.",
        source: RuleSource(seed: .libraryReset, section: "Error Handling", quote: "Re-run reset (idempotent operation)", decisions: ["D-019"]))
    /// RESET-11: a failed delete or save (D-022).
    public static let storeFailure = Rule(
        "RESET-11", .must, "A failed delete or save shows the failure with Retry and leaves the library as last saved, the later steps not run; Retry then completes the reset.",
        source: RuleSource(seed: .libraryReset, section: "Error Handling", quote: "SwiftData delete fails | Alert: \"Reset failed, try again\" | Retry button", decisions: ["D-022", "D-025"]))
    /// RESET-12: any reset, as the model does it.
    public static let anyReset = Rule(
        "RESET-12", .must, "For any app state, cancel result, store failure and way of going about it, every observation along the reset is the model's.",
        source: RuleSource(seed: .libraryReset, section: "Technical Implementation", quote: "Step 1: Cancel Backend Jobs", decisions: ["D-020", "D-021", "D-022", "D-025"]))
}

extension ConformanceSuite where Implementation: LibraryResetting {
    /// The Library Reset suite: the dialog, what is deleted, cleared and kept, the cancel request and
    /// every result it may get, idempotence, store failures, and generated resets compared with the
    /// model at every step.
    public static var libraryReset: ConformanceSuite {
        typealias R = LibraryResetRules
        typealias G = LibraryResetGenerators
        func law(_ rule: Rule, _ about: String, label: String? = nil, cases: Int = 8, _ scenarios: Gen<ResetScenario>, needsStoreFailures: Bool = false,
                 _ body: @escaping (ResetTrace, ResetScenario) throws -> Void) -> ConformanceCheck<Implementation> {
            .property(rule, about, label: label, cases: cases, scenarios, describe: { $0.description },
                appliesTo: { needsStoreFailures && !$0.supportsStoreFailures ? "the session cannot make the store fail" : nil }) { session, scenario in
                try body(try ResetTrace.play(scenario, on: session), scenario)
            }
        }
        func examples(_ rule: Rule, _ about: String, needsStoreFailures: Bool = false, _ list: [ConformanceExample<ResetScenario>],
                      _ body: @escaping (ResetTrace, ResetScenario) throws -> Void) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list, appliesTo: { needsStoreFailures && !$0.supportsStoreFailures ? "the session cannot make the store fail" : nil }) { session, scenario in
                try body(try ResetTrace.play(scenario, on: session), scenario)
            }
        }
        let seedJob = FollowedJob(jobId: "550e8400-e29b-41d4-a716-446655440000", token: "tok-seed")
        func library(_ job: FollowedJob?, _ failure: ResetStoreFailure? = nil) -> LibraryResetSetup { ResetExamples.library(job, failure) }
        let ok = CancelRequestResult.answered(status: 200, errorCode: nil)
        let offline = CancelRequestResult.failed(reason: "The Internet connection appears to be offline.")
        return ConformanceSuite(id: "library-reset", title: "Library Reset", seam: "LibraryResetting", checks: [
            examples(R.confirmation, "the dialog", [
                ConformanceExample("tap, cancel", ResetScenario(setup: library(seedJob), result: ok, cancelsFirst: true), pins: "seed: \"Given user cancels confirmation, when dialog dismissed, then no data deleted\""),
            ], ResetCheck.confirmation),
            law(R.confirmation, "generated app states, the dialog canceled once", G.scenarios(cancelsFirst: true), ResetCheck.confirmation),
            examples(R.deletesEverything, "a library with shared authors, an author without books and unsaved books", [
                ConformanceExample("following a job", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"then all Authors deleted\""),
                ConformanceExample("following no job", ResetScenario(setup: library(nil), result: ok), pins: "D-015"),
            ], ResetCheck.deletesEverything),
            law(R.deletesEverything, "generated app states", G.scenarios(), ResetCheck.deletesEverything),
            examples(R.cancelFirst, "the cancel request", [
                ConformanceExample("the seed's job, with its token", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"POST /api/enrichment/cancel with currentJobId\""),
                ConformanceExample("a job without a token", ResetScenario(setup: library(FollowedJob(jobId: seedJob.jobId)), result: ok), pins: "D-080"),
                ConformanceExample("no job, no request", ResetScenario(setup: library(nil), result: ok), pins: "seed: \"if let jobId = EnrichmentQueue.shared.currentJobId\""),
            ], ResetCheck.cancelFirst),
            law(R.cancelFirst, "generated app states, half following a job", G.scenarios(), ResetCheck.cancelFirst),
            examples(R.cancelFailureContinues, "every result of the cancel request", G.results.map { result in
                ConformanceExample("the request \(ResetScenario.describe(result))", ResetScenario(setup: library(seedJob), result: result),
                    pins: result == offline ? "seed: \"Reset library while offline (no network), verify local delete succeeds (backend cancel fails gracefully)\"" : "D-021")
            }, ResetCheck.cancelFailureContinues),
            law(R.cancelFailureContinues, "generated app states following a job, every result", G.scenarios(job: .always), ResetCheck.cancelFailureContinues),
            examples(R.queueCleared, "a queue with works and a job", [
                ConformanceExample("offline", ResetScenario(setup: library(seedJob), result: offline), pins: "seed: \"when enrichment queue cleared, then currentJobId set to nil\""),
            ], ResetCheck.queueCleared),
            law(R.queueCleared, "generated app states", cases: 5, G.scenarios(), ResetCheck.queueCleared),
            examples(R.searchHistoryCleared, "recent searches and trending books", [
                ConformanceExample("both", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"Search History (recent searches, trending books)\""),
                ConformanceExample("an empty library's", ResetScenario(setup: LibraryResetSetup(recentSearches: ["dune"], trendingBooks: ["Emma"]), result: ok), pins: "seed: \"then search history cleared\""),
            ], ResetCheck.searchHistoryCleared),
            law(R.searchHistoryCleared, "generated app states", cases: 5, G.scenarios(), ResetCheck.searchHistoryCleared),
            examples(R.flagsReset, "flags and provider away from their defaults", [
                ConformanceExample("OpenAI, scanner off", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"Feature Flags (reset to defaults: Gemini AI, experimental scanner enabled)\""),
            ], ResetCheck.flagsReset),
            law(R.flagsReset, "generated app states", cases: 5, G.scenarios(), ResetCheck.flagsReset),
            examples(R.settingsKept, "a chosen theme and CloudKit on", [
                ConformanceExample("forest green, list, CloudKit", ResetScenario(setup: library(seedJob), result: offline), pins: "seed: \"App Settings (theme selection, UI preferences) - User choice preserved\""),
            ], ResetCheck.settingsKept),
            law(R.settingsKept, "generated app states", cases: 5, G.scenarios(), ResetCheck.settingsKept),
            examples(R.seriesKept, "two series", [
                ConformanceExample("Foundation and Dune", ResetScenario(setup: library(seedJob), result: ok), pins: "D-020"),
            ], ResetCheck.seriesKept),
            law(R.seriesKept, "generated app states with series", cases: 5, G.scenarios(), ResetCheck.seriesKept),
            examples(R.idempotent, "resetting twice", [
                ConformanceExample("a library and a job", ResetScenario(setup: library(seedJob), result: ok, resetsTwice: true), pins: "seed: \"Re-run reset (idempotent operation)\""),
                ConformanceExample("an empty library", ResetScenario(setup: LibraryResetSetup(recentSearches: ["dune"]), result: ok, resetsTwice: true), pins: "seed: \"Re-run reset (idempotent operation)\""),
            ], ResetCheck.idempotent),
            law(R.idempotent, "generated app states, reset twice", G.scenarios(resetsTwice: true), ResetCheck.idempotent),
            examples(R.storeFailure, "a failed delete and a failed save", needsStoreFailures: true, ResetStoreFailure.allCases.flatMap { failure in
                [seedJob, nil].map { job in
                    ConformanceExample("the \(failure.rawValue) fails\(job == nil ? "" : ", following a job")", ResetScenario(setup: library(job, failure), result: ok),
                        pins: failure == .delete ? "seed: \"SwiftData delete fails | Alert: \\\"Reset failed, try again\\\" | Retry button\"" : "D-022")
                }
            }, ResetCheck.storeFailure),
            law(R.storeFailure, "generated app states whose delete fails", G.scenarios(storeFailure: .delete), needsStoreFailures: true, ResetCheck.storeFailure),
            law(R.storeFailure, "generated app states whose save fails", label: "RESET-11.save", G.scenarios(storeFailure: .save), needsStoreFailures: true, ResetCheck.storeFailure),
            .property(R.anyReset, "generated resets of every kind", method: .differential, cases: 20, G.anyScenario, describe: { $0.description }) { session, scenario in
                try ResetTrace.compare(scenario, on: session)
            },
        ])
    }
}

/// The example states of the Library Reset suite.
enum ResetExamples {
    /// Three books by two shared authors and an author without a book, editions and entries, one
    /// book unsaved; two queued; searches, non-default flags and settings, CloudKit on, two series.
    static func library(_ job: FollowedJob?, _ failure: ResetStoreFailure? = nil) -> LibraryResetSetup {
        LibraryResetSetup(
            authors: ["Frank Herbert", "Isaac Asimov", "Liz Moore"],
            books: [
                ResetBook(title: "Dune", volumeIDs: ["B1hSG45JCX4C"], authors: [0], editionISBNs: ["9780441172719", "9780593099322"], entry: .read, entryEdition: 1),
                ResetBook(title: "Foundation", authors: [1], editionISBNs: ["9780553293357"], entry: .reading),
                ResetBook(title: "Foundation and Empire", authors: [1, 0], entry: .toRead, saved: false),
            ],
            queuedBooks: [0, 2], followedJob: job, recentSearches: ["dune", "asimov"], trendingBooks: ["The Hobbit"],
            featureFlags: FeatureFlags(aiProvider: .openAI, experimentalScannerEnabled: false, batchEnrichmentEnabled: true, seriesTrackingEnabled: false),
            settings: AppSettings(theme: .forestGreen, libraryLayout: .list, showsCoverImages: false, textScalePercent: 120),
            cloudKit: CloudKitSyncState(isSyncEnabled: true, accountStatus: .available, lastChangeToken: "token-7"),
            series: ["Foundation", "Dune"], storeFailure: failure
        )
    }
}

/// The checks of each rule, on one played reset.
enum ResetCheck {
    static func ensureSameObservation(_ actual: LibraryResetObservation, _ expected: LibraryResetObservation, _ question: String) throws {
        try ensureSame(actual, expected, question, show: { $0.description })
    }

    static func confirmation(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        var dialog = trace.before
        dialog.screen = .confirmation
        try ensureSameObservation(trace.afterTap, dialog, "the app after tapping Reset Library (\(scenario))")
        guard case let .observation(canceled)? = trace.steps.first(where: { $0.0 == "tap Cancel" })?.1 else { return }
        try ensureSameObservation(canceled, trace.before, "the app after canceling the dialog (\(scenario))")
    }

    static func deletesEverything(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        let counts = [trace.end.works, trace.end.editions, trace.end.authors, trace.end.entries]
        try ensure(counts == [0, 0, 0, 0], "the reset left library objects", question: "works, editions, authors, entries after resetting \(scenario)",
            model: "0, 0, 0, 0", implementation: counts.map(String.init).joined(separator: ", "))
    }

    static func cancelFirst(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        let expected = scenario.setup.followedJob.map { BackendCancelRequest(jobId: $0.jobId, token: $0.token) }
        try ensureSame(trace.request, expected, "the cancel request confirming sends (\(scenario))", show: { $0?.description ?? "none" })
        guard expected != nil else { return }
        var untouched = trace.atConfirm
        untouched.screen = trace.before.screen
        untouched.currentJobId = trace.before.currentJobId
        try ensureSameObservation(untouched, trace.before, "the app when the cancel request is sent, its screen and currentJobId aside (\(scenario))")
    }

    static func cancelFailureContinues(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        // Completion, not every detail of the end state: the other rules check those.
        try ensureSame(trace.end.screen, .success, "what the reset shows after the cancel request \(ResetScenario.describe(scenario.result)) (\(scenario))", show: { $0.rawValue })
        try ensureSame(trace.end.works, 0, "the works left after the reset (\(scenario))")
        try ensureSame(trace.end.currentJobId, nil, "currentJobId after the reset (\(scenario))", show: { $0 ?? "nil" })
    }

    static func queueCleared(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        let queue = "\(trace.end.pendingWorks) pending, in flight \(trace.end.workInFlight), following \(trace.end.currentJobId ?? "nil")"
        try ensureSame(queue, "0 pending, in flight false, following nil", "the enrichment queue after resetting \(scenario)", show: { $0 })
    }

    static func searchHistoryCleared(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.end.recentSearches + trace.end.trendingBooks, [], "recent searches and trending books after resetting \(scenario)")
    }

    static func flagsReset(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.end.featureFlags.aiProvider, .gemini, "the AI provider after resetting \(scenario)")
        try ensureSame(trace.end.featureFlags.experimentalScannerEnabled, true, "the experimental scanner after resetting \(scenario)")
        try ensureSame(trace.end.featureFlags, .defaults, "the feature flags after resetting \(scenario)")
    }

    static func settingsKept(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.end.settings, scenario.setup.settings, "the app settings after resetting \(scenario)")
        try ensureSame(trace.end.cloudKit, scenario.setup.cloudKit, "the CloudKit state after resetting \(scenario)")
    }

    static func seriesKept(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.end.series, scenario.setup.series, "the series after resetting \(scenario)")
    }

    static func idempotent(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.secondRequest, nil, "the cancel request a second reset sends (\(scenario))", show: { $0?.description ?? "none" })
        guard let second = trace.secondEnd else { return }
        try ensureSameObservation(second, trace.end, "the app after a second reset (\(scenario))")
    }

    static func storeFailure(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        let setup = scenario.setup
        let saved = setup.books.filter(\.saved)
        var expected = trace.before
        expected.works = saved.count
        expected.editions = saved.map(\.editionISBNs.count).reduce(0, +)
        expected.authors = setup.authors.count
        expected.entries = saved.filter { $0.entry != nil }.count
        expected.currentJobId = nil
        expected.screen = .failureWithRetry
        try ensureSameObservation(trace.afterFirstRun, expected, "the app after the reset's \(setup.storeFailure?.rawValue ?? "store") failed (\(scenario))")
        guard let afterRetry = trace.afterRetry else {
            throw ConformanceViolation("Retry was not offered", question: "resetting \(scenario)", model: "the failure alert with Retry", implementation: trace.afterFirstRun.screen.rawValue)
        }
        // Retry completes the reset; what a completed reset leaves is the other rules' to check.
        try ensureSame(afterRetry.screen, .success, "what the reset shows after Retry (\(scenario))", show: { $0.rawValue })
        try ensureSame(afterRetry.works, 0, "the works left after Retry (\(scenario))")
    }
}
