import Generators
import SpecModel

extension ConformanceSuite where Implementation: LibraryResetting {
    /// The Library Reset suite: the dialog, what is deleted, cleared and kept, the cancel request and
    /// every result it may get, idempotence, store failures, and generated resets compared with the
    /// model at every step.
    ///
    /// The seed's rules are checked on the resets the seed describes without contradicting itself: the
    /// cancel request answered 200 (or no job followed) and a store that does not fail. Failed cancel
    /// requests are RESET-04's (D-021), failed stores RESET-11's and RESET-15's.
    public static var libraryReset: ConformanceSuite {
        typealias R = LibraryResetRules
        typealias G = LibraryResetGenerators
        func law(_ rule: Rule, _ about: String, label: String? = nil, cases: Int = 8, _ scenarios: Gen<ResetScenario>, needsStoreFailures: Bool = false,
                 exercises: @escaping (ResetScenario) -> Bool, _ body: @escaping (ResetTrace, ResetScenario) throws -> Void) -> ConformanceCheck<Implementation> {
            .property(rule, about, label: label, cases: cases, scenarios, describe: { $0.description }, exercises: exercises,
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
        let ok = G.succeeded
        let offline = CancelRequestResult.failed(reason: "The Internet connection appears to be offline.")
        /// Resets the seed describes without contradicting itself: the cancel request answered 200.
        let uncontested = G.scenarios(results: [ok])
        return ConformanceSuite(id: "library-reset", title: "Library Reset", seam: "LibraryResetting", checks: [
            examples(R.confirmation, "the dialog", [
                ConformanceExample("tap, cancel", ResetScenario(setup: library(seedJob), result: ok, cancelsFirst: true), pins: "seed: \"Given user cancels confirmation, when dialog dismissed, then no data deleted\""),
            ], ResetCheck.confirmation),
            law(R.confirmation, "generated app states, the dialog canceled once", G.scenarios(cancelsFirst: true, results: [ok]), exercises: \.cancelsFirst, ResetCheck.confirmation),
            examples(R.deletesEverything, "a library with shared authors, an author without books and unsaved books", [
                ConformanceExample("following a job", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"then all Works deleted\""),
                ConformanceExample("following no job", ResetScenario(setup: library(nil), result: ok), pins: "seed: \"All entities deleted (Works, Editions, Authors, UserLibraryEntries)\""),
            ], ResetCheck.deletesEverything),
            law(R.deletesEverything, "generated app states", uncontested, exercises: { !$0.setup.books.isEmpty || !$0.setup.authors.isEmpty }, ResetCheck.deletesEverything),
            examples(R.authorsWithoutWorks, "an author without books", [
                ConformanceExample("Liz Moore, with no book", ResetScenario(setup: library(seedJob), result: ok), pins: "D-015"),
            ], ResetCheck.authorsWithoutWorks),
            law(R.authorsWithoutWorks, "generated app states, authors without books among them", cases: 5, uncontested, exercises: { $0.setup.hasAnAuthorWithoutBooks }, ResetCheck.authorsWithoutWorks),
            examples(R.cancelFirst, "the cancel request", [
                ConformanceExample("the seed's job", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"POST /api/enrichment/cancel with currentJobId\""),
                ConformanceExample("a job without a token", ResetScenario(setup: library(FollowedJob(jobId: seedJob.jobId)), result: ok), pins: "seed: \"Step 1: Cancel Backend Jobs\""),
                ConformanceExample("no job, no request", ResetScenario(setup: library(nil), result: ok), pins: "seed: \"if let jobId = EnrichmentQueue.shared.currentJobId\""),
            ], ResetCheck.cancelFirst),
            law(R.cancelFirst, "generated app states, half following a job", uncontested,
                // With a job, one request before anything is deleted; without one, none: every reset exercises it.
                exercises: { _ in true }, ResetCheck.cancelFirst),
            examples(R.cancelToken, "the cancel request's token", [
                ConformanceExample("the job's token", ResetScenario(setup: library(seedJob), result: ok), pins: "D-151"),
                ConformanceExample("a job without a token: none", ResetScenario(setup: library(FollowedJob(jobId: seedJob.jobId)), result: ok), pins: "D-129"),
            ], ResetCheck.cancelToken),
            law(R.cancelToken, "generated app states following a job, half with a token", cases: 5, G.scenarios(job: .always, results: [ok]), exercises: { $0.setup.followedJob != nil }, ResetCheck.cancelToken),
            examples(R.cancelFailureContinues, "every failed result of the cancel request", G.failedResults.map { result in
                ConformanceExample("the request \(ResetScenario.describe(result))", ResetScenario(setup: library(seedJob), result: result),
                    pins: result == offline ? "seed: \"Reset library while offline (no network), verify local delete succeeds (backend cancel fails gracefully)\"" : "D-021")
            }, ResetCheck.cancelFailureContinues),
            law(R.cancelFailureContinues, "generated app states following a job, every failed result", G.scenarios(job: .always, results: G.failedResults), exercises: { $0.setup.followedJob != nil }, ResetCheck.cancelFailureContinues),
            examples(R.successToast, "resets that go as the seed's flow", [
                ConformanceExample("following a job whose cancel succeeds", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"Step 4: Show Success Toast\""),
                ConformanceExample("following no job", ResetScenario(setup: library(nil), result: ok), pins: "seed: \"showToast(\\\"Library reset successfully\\\")\""),
                ConformanceExample("an empty library", ResetScenario(setup: LibraryResetSetup(recentSearches: ["dune"]), result: ok), pins: "seed: \"Step 4: Show Success Toast\""),
            ], ResetCheck.successToast),
            law(R.successToast, "generated app states", cases: 5, uncontested, exercises: { $0.setup.storeFailure == nil }, ResetCheck.successToast),
            examples(R.queueCleared, "a queue with works and a job", [
                ConformanceExample("the cancel succeeds", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"when enrichment queue cleared, then `currentJobId` set to nil\""),
            ], ResetCheck.queueCleared),
            law(R.queueCleared, "generated app states", cases: 5, uncontested, exercises: { !$0.setup.queuedBooks.isEmpty || $0.setup.followedJob != nil }, ResetCheck.queueCleared),
            examples(R.searchHistoryCleared, "recent searches and trending books", [
                ConformanceExample("both", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"Search History (recent searches, trending books)\""),
                ConformanceExample("an empty library's", ResetScenario(setup: LibraryResetSetup(recentSearches: ["dune"], trendingBooks: ["Emma"]), result: ok), pins: "seed: \"then search history cleared\""),
            ], ResetCheck.searchHistoryCleared),
            law(R.searchHistoryCleared, "generated app states", cases: 5, uncontested, exercises: { !$0.setup.recentSearches.isEmpty || !$0.setup.trendingBooks.isEmpty }, ResetCheck.searchHistoryCleared),
            examples(R.flagsReset, "flags and provider away from their defaults", [
                ConformanceExample("OpenAI, scanner off", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"Feature Flags (reset to defaults: Gemini AI, experimental scanner enabled)\""),
            ], ResetCheck.flagsReset),
            law(R.flagsReset, "generated app states", cases: 5, uncontested, exercises: { $0.setup.featureFlags != .defaults }, ResetCheck.flagsReset),
            examples(R.settingsKept, "a chosen theme and layout", [
                ConformanceExample("forest green, list", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"App Settings (theme selection, UI preferences) - User choice preserved\""),
            ], ResetCheck.settingsKept),
            law(R.settingsKept, "generated app states", cases: 5, uncontested, exercises: { $0.setup.settings != AppSettings() }, ResetCheck.settingsKept),
            examples(R.cloudKitKept, "CloudKit on", [
                ConformanceExample("sync enabled, a change token", ResetScenario(setup: library(seedJob), result: ok), pins: "seed: \"CloudKit Sync State (reset only deletes local data, CloudKit unchanged)\""),
            ], ResetCheck.cloudKitKept),
            law(R.cloudKitKept, "generated app states", cases: 5, uncontested, exercises: { $0.setup.cloudKit != CloudKitSyncState() }, ResetCheck.cloudKitKept),
            examples(R.seriesKept, "two series", [
                ConformanceExample("Foundation and Dune", ResetScenario(setup: library(seedJob), result: ok), pins: "D-020"),
            ], ResetCheck.seriesKept),
            law(R.seriesKept, "generated app states with series", cases: 5, uncontested, exercises: { !$0.setup.series.isEmpty }, ResetCheck.seriesKept),
            examples(R.idempotent, "resetting twice", [
                ConformanceExample("a library and a job", ResetScenario(setup: library(seedJob), result: ok, resetsTwice: true), pins: "seed: \"Re-run reset (idempotent operation)\""),
                ConformanceExample("an empty library", ResetScenario(setup: LibraryResetSetup(recentSearches: ["dune"]), result: ok, resetsTwice: true), pins: "seed: \"Re-run reset (idempotent operation)\""),
            ], ResetCheck.idempotent),
            law(R.idempotent, "generated app states, reset twice", G.scenarios(resetsTwice: true, results: [ok]), exercises: \.resetsTwice, ResetCheck.idempotent),
            examples(R.retry, "a failed delete and a failed save", needsStoreFailures: true, ResetStoreFailure.allCases.flatMap { failure in
                [seedJob, nil].map { job in
                    ConformanceExample("the \(failure.rawValue) fails\(job == nil ? "" : ", following a job")", ResetScenario(setup: library(job, failure), result: ok),
                        pins: "seed: \"SwiftData delete fails | Alert: \\\"Reset failed, try again\\\" | Retry button\"")
                }
            }, ResetCheck.retry),
            law(R.retry, "generated app states whose delete or save fails", Gen<(ResetScenario, ResetStoreFailure)>.zip(G.scenarios(results: [ok]), Gen<ResetStoreFailure>.element(of: ResetStoreFailure.allCases)).map { scenario, failure in
                var scenario = scenario
                scenario.setup.storeFailure = failure
                return scenario
            }, needsStoreFailures: true, exercises: { $0.setup.storeFailure != nil }, ResetCheck.retry),
            examples(R.storeFailure, "a failed delete and a failed save", needsStoreFailures: true, ResetStoreFailure.allCases.flatMap { failure in
                [seedJob, nil].map { job in
                    ConformanceExample("the \(failure.rawValue) fails\(job == nil ? "" : ", following a job")", ResetScenario(setup: library(job, failure), result: ok), pins: "D-022")
                }
            }, ResetCheck.storeFailure),
            law(R.storeFailure, "generated app states whose delete fails", G.scenarios(storeFailure: .delete, results: [ok]), needsStoreFailures: true, exercises: { $0.setup.storeFailure == .delete }, ResetCheck.storeFailure),
            law(R.storeFailure, "generated app states whose save fails", label: "RESET-11.save", G.scenarios(storeFailure: .save, results: [ok]), needsStoreFailures: true, exercises: { $0.setup.storeFailure == .save }, ResetCheck.storeFailure),
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

/// The checks of each rule, on one played reset: each looks at its rule's aspect only.
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
        let counts = [trace.end.works, trace.end.editions, trace.end.entries]
        try ensure(counts == [0, 0, 0], "the reset left works, editions or entries", question: "works, editions, entries after resetting \(scenario)",
            model: "0, 0, 0", implementation: counts.map(String.init).joined(separator: ", "), kind: "works, editions or entries left")
        let withoutBooks = scenario.setup.authorsWithoutBooks
        try ensure(trace.end.authors <= withoutBooks, "the reset left an author of a work", question: "authors after resetting \(scenario)",
            model: "at most the \(withoutBooks) without a book", implementation: "\(trace.end.authors)", kind: "an author of a work left")
    }

    static func authorsWithoutWorks(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.end.authors, 0, "the authors left after resetting \(scenario) (\(scenario.setup.authorsWithoutBooks) without a book before)")
    }

    static func cancelFirst(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        let expected = scenario.setup.followedJob?.jobId
        try ensureSame(trace.request?.jobId, expected, "the job of the cancel request confirming sends (\(scenario))", show: { $0.map { "cancel \($0)" } ?? "no request" })
        guard expected != nil else { return }
        var untouched = trace.atConfirm
        untouched.screen = trace.before.screen
        untouched.currentJobId = trace.before.currentJobId
        try ensureSameObservation(untouched, trace.before, "the app when the cancel request is sent, its screen and currentJobId aside (\(scenario))")
    }

    static func cancelToken(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        guard let job = scenario.setup.followedJob, let request = trace.request else { return }
        try ensureSame(request.token, job.token, "the token the cancel request for \(job) bears", show: { $0 ?? "none" })
    }

    static func cancelFailureContinues(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        // Completion, not every detail of the end state: the seed's rules check those on the resets
        // whose cancel succeeds.
        try ensureSame(trace.end.screen, .success, "what the reset shows after the cancel request \(ResetScenario.describe(scenario.result)) (\(scenario))", show: { $0.rawValue })
        try ensureSame(trace.end.works, 0, "the works left after the reset (\(scenario))")
        try ensureSame(trace.end.currentJobId, nil, "currentJobId after the reset (\(scenario))", show: { $0 ?? "nil" })
    }

    static func successToast(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.end.screen, .success, "what the reset shows at its end (\(scenario))", show: { $0.rawValue })
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
    }

    static func cloudKitKept(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
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

    static func retry(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        try ensureSame(trace.afterFirstRun.screen, .failureWithRetry, "what the reset shows after its \(scenario.setup.storeFailure?.rawValue ?? "store") failed (\(scenario))", show: { $0.rawValue })
        guard let afterRetry = trace.afterRetry else { return }
        try ensureSame(afterRetry.screen, .success, "what the reset shows after Retry (\(scenario))", show: { $0.rawValue })
        try ensureSame(afterRetry.works, 0, "the works left after Retry (\(scenario))")
    }

    static func storeFailure(_ trace: ResetTrace, _ scenario: ResetScenario) throws {
        let setup = scenario.setup
        let saved = setup.books.filter(\.saved)
        var expected = trace.before
        expected.works = saved.count
        expected.editions = saved.map(\.editionISBNs.count).reduce(0, +)
        expected.authors = setup.authors.count
        expected.entries = saved.filter { $0.entry != nil }.count
        // What the reset shows is RESET-15's; currentJobId follows the cancel request, which succeeded.
        var shown = trace.afterFirstRun
        shown.screen = expected.screen
        shown.currentJobId = expected.currentJobId
        try ensureSameObservation(shown, expected, "the app after the reset's \(setup.storeFailure?.rawValue ?? "store") failed, its screen and currentJobId aside (\(scenario))")
    }
}
