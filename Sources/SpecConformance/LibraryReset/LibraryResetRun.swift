import Fixtures
import Generators
import SpecModel

/// A reset the suite plays: the app's state, the cancel request's result, and how the user goes
/// about it.
struct ResetScenario: Hashable, Sendable, CustomStringConvertible {
    var setup: LibraryResetSetup
    /// What the backend (or the network) answers the cancel request.
    var result: CancelRequestResult
    /// The user cancels the dialog once before confirming.
    var cancelsFirst = false
    /// The user resets a second time afterwards.
    var resetsTwice = false

    var description: String {
        var text = "\(setup); the cancel request \(ResetScenario.describe(result))"
        if cancelsFirst { text += "; the dialog canceled once first" }
        if resetsTwice { text += "; reset twice" }
        return text
    }

    static func describe(_ result: CancelRequestResult) -> String {
        switch result {
        case let .answered(status, code): return "is answered \(status)\(code.map { " \($0)" } ?? "")"
        case let .failed(reason): return "fails (\(reason))"
        }
    }
}

/// What one step of a reset showed: the app, or the cancel request sent.
enum ResetStepRecord: Hashable, Sendable, CustomStringConvertible {
    case observation(LibraryResetObservation)
    case request(BackendCancelRequest?)

    var description: String {
        switch self {
        case let .observation(observation): return observation.description
        case let .request(request): return request?.description ?? "none"
        }
    }
}

/// What one reset showed along the way, on one session.
struct ResetTrace {
    var before: LibraryResetObservation
    var afterTap: LibraryResetObservation
    /// The cancel request confirming sent, and the app as it was then.
    var request: BackendCancelRequest?
    var atConfirm: LibraryResetObservation
    /// After the cancel result (or the confirmation, without a request), and after Retry if it failed.
    var afterFirstRun: LibraryResetObservation
    var afterRetry: LibraryResetObservation?
    var end: LibraryResetObservation
    /// The second reset's cancel request and end, when the scenario resets twice.
    var secondRequest: BackendCancelRequest?
    var secondEnd: LibraryResetObservation?
    /// Every step in order, named, with what it showed, for the step-by-step comparison.
    var steps: [(String, ResetStepRecord)]

    /// Plays the scenario on a fresh session.
    static func play<Session: LibraryResetting>(_ scenario: ResetScenario, on session: Session) throws -> ResetTrace {
        var session = session
        var setup = scenario.setup
        if !session.supportsStoreFailures { setup.storeFailure = nil }
        try session.setUp(setup)
        var steps: [(String, ResetStepRecord)] = []
        func note(_ step: String, _ observation: LibraryResetObservation) -> LibraryResetObservation {
            steps.append((step, .observation(observation)))
            return observation
        }
        let before = note("set up", session.observe())
        session.tapResetLibrary()
        var afterTap = note("tap Reset Library", session.observe())
        if scenario.cancelsFirst {
            session.cancelConfirmation()
            _ = note("tap Cancel", session.observe())
            session.tapResetLibrary()
            afterTap = note("tap Reset Library again", session.observe())
        }
        let request = try session.confirmReset()
        steps.append(("the request confirming sends", .request(request)))
        let atConfirm = note("tap Reset", session.observe())
        var afterFirstRun = atConfirm
        if request != nil {
            try session.receiveCancelResult(scenario.result)
            afterFirstRun = note("the cancel request \(ResetScenario.describe(scenario.result))", session.observe())
        }
        var afterRetry: LibraryResetObservation?
        if session.supportsStoreFailures, afterFirstRun.screen == .failureWithRetry {
            try session.retryAfterFailure()
            afterRetry = note("tap Retry", session.observe())
        }
        let end = afterRetry ?? afterFirstRun
        var secondRequest: BackendCancelRequest?
        var secondEnd: LibraryResetObservation?
        if scenario.resetsTwice {
            session.tapResetLibrary()
            secondRequest = try session.confirmReset()
            steps.append(("the request a second reset sends", .request(secondRequest)))
            if secondRequest != nil { try session.receiveCancelResult(scenario.result) }
            secondEnd = note("a second reset", session.observe())
        }
        return ResetTrace(
            before: before, afterTap: afterTap, request: request, atConfirm: atConfirm, afterFirstRun: afterFirstRun, afterRetry: afterRetry,
            end: end, secondRequest: secondRequest, secondEnd: secondEnd, steps: steps
        )
    }

    /// Plays the scenario on the session and on the model, comparing every observation in order.
    static func compare<Session: LibraryResetting>(_ scenario: ResetScenario, on session: Session) throws {
        var scenario = scenario
        if !session.supportsStoreFailures { scenario.setup.storeFailure = nil }
        let expected = try play(scenario, on: ModelLibraryReset())
        let actual = try play(scenario, on: session)
        for (index, step) in expected.steps.enumerated() {
            guard index < actual.steps.count else {
                throw ConformanceViolation("the session's reset has fewer steps", question: "step \(index + 1) of resetting \(scenario)", model: "\(step.0): \(step.1)", implementation: "(no step)")
            }
            let answer = actual.steps[index]
            guard answer.0 != step.0 || answer.1 != step.1 else { continue }
            try ensureSame("\(answer.0): \(answer.1)", "\(step.0): \(step.1)", "step \(index + 1) of resetting \(scenario)", show: { $0 })
        }
    }
}

/// The generators of the Library Reset suite.
enum LibraryResetGenerators {
    /// Whether a setup follows a backend job.
    enum Job {
        case any, always, never
    }

    static let seriesNames = ["Foundation", "Dune", "The Expanse", "Discworld", "Harry Potter"]

    /// Setups built from `LibraryShape`s (empty to about twenty books, shared authors and authors
    /// without books, editions, entries, unsaved books, queued books, non-default surroundings), with
    /// a followed job (a fresh UUID, half with a token), series, and the store failure given.
    static func setups(job: Job = .any, storeFailure: ResetStoreFailure? = nil) -> Gen<LibraryResetSetup> {
        let followed = Gen<(UUIDv4, UUIDv4?)>.zip(Gen<UUIDv4>.uuidV4, Gen<UUIDv4>.uuidV4.optional(nilProbability: 0.5))
            .map { FollowedJob(jobId: $0.description, token: $1.map { "tok-\($0)" }) }
        let series = Gen<Int>.array(of: Gen<Int>.int(in: 0...(seriesNames.count - 1)), count: 0...3).map { picks in
            var names: [String] = []
            for pick in picks where !names.contains(seriesNames[pick]) { names.append(seriesNames[pick]) }
            return names
        }
        return Gen<(LibraryShape, FollowedJob, [String])>.zip(LibraryShape.generator(bulkWorksMax: 6), followed, series).map { shape, followed, series in
            let follows: Bool
            switch job {
            case .any: follows = shape.followsBackendJob
            case .always: follows = true
            case .never: follows = false
            }
            var setup = setupFrom(shape)
            setup.followedJob = follows ? followed : nil
            setup.series = series
            setup.storeFailure = storeFailure
            return setup
        }
    }

    /// The state `LibraryFixture` builds from a shape, read back as plain values.
    static func setupFrom(_ shape: LibraryShape) -> LibraryResetSetup {
        var shape = shape
        shape.followsBackendJob = false
        let app = LibraryFixture.build(shape).app
        let store = app.store
        let authorIDs = store.identifiers(of: .author)
        let works = store.works()
        let savedCount = works.count - shape.unsavedWorks
        let books = works.enumerated().map { index, work in
            let editions = Array(work.editionIDs)
            let entry = work.entryIDs.first.flatMap { store.entry($0) }
            return ResetBook(
                title: work.title, volumeIDs: Array(work.googleBooksVolumeIDs), authors: work.authorIDs.compactMap { authorIDs.firstIndex(of: $0) },
                editionISBNs: editions.map { store.edition($0)?.isbn13 ?? "" }, entry: entry?.readingStatus,
                entryEdition: entry?.editionID.flatMap { editions.firstIndex(of: $0) }, saved: index < savedCount
            )
        }
        let workIDs = works.map(\.id)
        return LibraryResetSetup(
            authors: store.authors().map(\.name), books: books, queuedBooks: app.enrichmentQueue.pending.compactMap { workIDs.firstIndex(of: $0) },
            recentSearches: app.searchHistory.recentSearches, trendingBooks: app.searchHistory.trendingBooks,
            featureFlags: app.featureFlags, settings: app.settings, cloudKit: app.cloudKit
        )
    }

    /// The cancel request answered 200: the reset the seed's flow describes.
    static let succeeded = CancelRequestResult.answered(status: 200, errorCode: nil)

    /// The results where the seed contradicts itself (O-14): the backend's errors, offline, a timeout.
    static let failedResults: [CancelRequestResult] = [
        .answered(status: 404, errorCode: "JOB_NOT_FOUND"), .answered(status: 500, errorCode: nil),
        .failed(reason: "The Internet connection appears to be offline."), .failed(reason: "The request timed out."),
    ]

    /// Every kind of result the app can see: success, the backend's errors, offline, a timeout.
    static let results: [CancelRequestResult] = [succeeded] + failedResults

    static func scenarios(job: Job = .any, storeFailure: ResetStoreFailure? = nil, cancelsFirst: Bool = false, resetsTwice: Bool = false, results: [CancelRequestResult] = results) -> Gen<ResetScenario> {
        Gen<(LibraryResetSetup, CancelRequestResult)>.zip(setups(job: job, storeFailure: storeFailure), Gen<CancelRequestResult>.element(of: results)).map {
            ResetScenario(setup: $0, result: $1, cancelsFirst: cancelsFirst, resetsTwice: resetsTwice)
        }
    }

    /// Scenarios of every kind, for the comparison with the model.
    static var anyScenario: Gen<ResetScenario> {
        let failure = Gen<ResetStoreFailure>.element(of: ResetStoreFailure.allCases).optional(nilProbability: 0.7)
        return Gen<(LibraryResetSetup, CancelRequestResult, ResetStoreFailure?, Bool, Bool)>.zip(setups(), Gen<CancelRequestResult>.element(of: results), failure, Gen<Bool>.bool(probability: 0.2), Gen<Bool>.bool(probability: 0.3))
            .map { setup, result, failure, cancelsFirst, twice in
                var setup = setup
                setup.storeFailure = failure
                return ResetScenario(setup: setup, result: result, cancelsFirst: cancelsFirst, resetsTwice: twice)
            }
    }
}

extension LibraryResetSetup {
    /// Whether some author has no book, the case RESET-13 is about.
    var hasAnAuthorWithoutBooks: Bool {
        let withBooks = Set(books.flatMap(\.authors))
        return authors.indices.contains { !withBooks.contains($0) }
    }
}
