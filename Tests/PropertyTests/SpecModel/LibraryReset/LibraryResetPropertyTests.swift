import Fixtures
import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The reset's properties over generated libraries (empty to thousands of books, shared authors,
/// editions, entries, queued works, a followed job, unsaved changes, non-default settings) and every
/// crash point: seed 000_…, "Partial deletion (crash mid-reset) → Re-run reset (idempotent operation)".
@Suite struct LibraryResetPropertyTests {
    static let now = LibraryFixture.builtAt
    static let libraries = LibraryShape.generator()
    static let coverage = [
        CoverageRequirement("follows a job", atLeastPercent: 25),
        CoverageRequirement("hundreds of books", atLeastPercent: 4),
        CoverageRequirement("shared authors", atLeastPercent: 15),
        CoverageRequirement("unsaved changes", atLeastPercent: 30),
    ]

    static func labels(_ shape: LibraryShape) -> [String] {
        var labels: [String] = []
        if shape.followsBackendJob { labels.append("follows a job") }
        if shape.workCount >= 100 { labels.append("hundreds of books") }
        if shape.works.filter({ !$0.authorIndices.isEmpty }).count >= 2, !shape.authorNames.isEmpty { labels.append("shared authors") }
        if shape.unsavedWorks > 0 { labels.append("unsaved changes") }
        return labels
    }

    /// What every reset must leave: an empty, consistent, saved library; auxiliary data at defaults;
    /// preserved state unchanged; no followed job; the success toast.
    static func checkAfterReset(_ app: AppState, before: AppState) throws {
        for kind in EntityKind.allCases {
            try requireEqual(app.store.count(of: kind), 0, "\(kind) objects after the reset")
        }
        try require(!app.store.hasChanges, "unsaved changes after the reset")
        do { try app.store._checkInvariants() } catch { throw PropertyViolation(error.description) }
        try require(app.enrichmentQueue.isEmpty, "the enrichment queue is not empty: \(app.enrichmentQueue)")
        try requireEqual(app.enrichmentQueue.currentJobId, nil, "currentJobId")
        try requireEqual(app.enrichmentRecords, before.enrichmentRecords.clearedByReset(), "the enrichment records (failed and review-bound works)")
        try requireEqual(app.enrichmentRecords.all.count, 0, "works with an enrichment record")
        try require(app.searchHistory.isEmpty, "search history is not empty")
        try requireEqual(app.workCache.cachedVolumeIDCount, 0, "cached volume IDs")
        try requireEqual(app.featureFlags, .defaults, "feature flags")
        try requireEqual(app.settings, before.settings, "app settings (preserved)")
        try requireEqual(app.cloudKit, before.cloudKit, "CloudKit state (preserved)")
        try requireEqual(app.screen, Screen(toast: LibraryReset.successToast), "what is on screen")
        try requireEqual(app.store.nextRawIdentifier, before.store.nextRawIdentifier, "the identifier counter")
    }

    @Test func aResetLeavesAnEmptyLibraryDefaultsAndPreservedState() {
        property(Self.libraries, cases: 200, coverage: Self.coverage, labels: Self.labels) { shape in
            var (app, backend) = LibraryFixture.build(shape)
            let before = app
            try requireEqual(LibraryResetRun.run(&app, backend: &backend, at: Self.now), .succeeded)
            try Self.checkAfterReset(app, before: before)
            if shape.followsBackendJob {
                try requireEqual(backend.job(LibraryFixture.jobId)?.status, .canceled, "the followed backend job")
            }
        }
    }

    @Test func resetIsIdempotent() {
        property(Self.libraries) { shape in
            var (app, backend) = LibraryFixture.build(shape)
            _ = LibraryResetRun.run(&app, backend: &backend, at: Self.now)
            let once = app
            let backendOnce = backend
            try requireEqual(LibraryResetRun.run(&app, backend: &backend, at: Self.now), .succeeded)
            try require(app == once, "a second reset changed the app")
            try require(backend == backendOnce, "a second reset changed the backend")
        }
    }

    @Test func aCanceledConfirmationChangesNothing() {
        property(Self.libraries) { shape in
            var (app, backend) = LibraryFixture.build(shape)
            let before = (app, backend)
            var reset = LibraryReset()
            reset.requestReset(&app)
            reset.cancelConfirmation(&app)
            try require(app == before.0, "canceling the dialog changed the app")
            try require(backend == before.1, "canceling the dialog changed the backend")
            try requireEqual(reset.phase, .idle)
        }
    }

    @Test(arguments: [LibraryResetRun.Network.offline, .timedOut(requestReachedBackend: false), .timedOut(requestReachedBackend: true)])
    func withoutAnAnswerFromTheBackendTheLocalResetStillCompletes(network: LibraryResetRun.Network) {
        property(Self.libraries, label: "\(network)") { shape in
            var (app, backend) = LibraryFixture.build(shape)
            let before = app
            try requireEqual(LibraryResetRun.run(&app, backend: &backend, at: Self.now, network: network), .succeeded)
            try Self.checkAfterReset(app, before: before)
        }
    }

    /// A point at which the app may crash during a reset.
    enum CrashPoint: Hashable, Sendable, CustomStringConvertible {
        /// After confirming, with the cancel request sent; whether it reached the backend.
        case awaitingCancelResult(requestReachedBackend: Bool)
        /// After the cancel result arrived, before the first local step.
        case afterCancelResult
        /// After this local step completed.
        case after(ResetStep)

        static let all: [CrashPoint] = [.awaitingCancelResult(requestReachedBackend: false), .awaitingCancelResult(requestReachedBackend: true), .afterCancelResult]
            + ResetStep.allCases.map(CrashPoint.after)

        var description: String {
            switch self {
            case let .awaitingCancelResult(reached): return "awaiting the cancel result (request reached the backend: \(reached))"
            case .afterCancelResult: return "after the cancel result"
            case let .after(step): return "after \"\(step)\""
            }
        }
    }

    /// Runs a reset until `point`, crashes, relaunches, and runs a second reset to its end.
    static func crashAndRerun(_ shape: LibraryShape, at point: CrashPoint) -> (AppState, BackendJobRegistry) {
        var (app, backend) = LibraryFixture.build(shape)
        var reset = LibraryReset()
        reset.requestReset(&app)
        let effect = reset.confirm(&app)
        if case let .sendCancelRequest(jobId)? = effect {
            if case let .awaitingCancelResult(reached) = point {
                if reached { _ = LibraryResetRun.sendCancelRequest(jobId, to: &backend, at: now) }
                app = app.relaunchedAfterCrash()
                _ = LibraryResetRun.run(&app, backend: &backend, at: now)
                return (app, backend)
            }
            reset.receiveCancelResult(LibraryResetRun.sendCancelRequest(jobId, to: &backend, at: now), &app)
        }
        if case .afterCancelResult = point {
            app = app.relaunchedAfterCrash()
            _ = LibraryResetRun.run(&app, backend: &backend, at: now)
            return (app, backend)
        }
        while let step = reset.step(&app) {
            if case .after(step) = point { break }
        }
        app = app.relaunchedAfterCrash()
        _ = LibraryResetRun.run(&app, backend: &backend, at: now)
        return (app, backend)
    }

    @Test func aCrashAtAnyPointThenARelaunchAndASecondResetEndsWhereAnUninterruptedResetEnds() {
        property(Self.libraries, cases: 60) { shape in
            var (expected, expectedBackend) = LibraryFixture.build(shape)
            _ = LibraryResetRun.run(&expected, backend: &expectedBackend, at: Self.now)
            for point in CrashPoint.all {
                let (app, backend) = Self.crashAndRerun(shape, at: point)
                try require(app == expected, "crash \(point): the app ends elsewhere than an uninterrupted reset")
                try require(backend == expectedBackend, "crash \(point): the backend ends elsewhere than after an uninterrupted reset")
            }
        }
    }
}
