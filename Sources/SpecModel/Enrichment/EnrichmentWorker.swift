/// The app's enrichment worker: takes works off the `EnrichmentQueue` one at a time, asks the backend
/// for their metadata, and applies the match, keeps the candidates for review, or records the failure.
///
/// Seed: 004_…, "Background Enrichment Queue": "Process one work at a time (sequential, respects API
/// rate limits)"; "For each work: fetch from Google Books + OpenLibrary, select best match"; "Update
/// work with `coverUrl`, `isbn`, `publicationYear`, etc."; "Network timeout → Retry with exponential
/// backoff (1s, 2s, 4s, 8s)"; "API 404 → Mark as failed, don't retry"; "Stale PersistentID (work
/// deleted) → Remove from queue silently"; "Processing rate: ~100 books/min (network-bound)"; and the
/// acceptance criteria about progress, connectivity, normalized titles and low-confidence candidates.
///
/// A pure state machine in the style of `LibraryReset`: no clock, no I/O. Each call to
/// `handle(_:at:_:)` takes an event and the time, changes the app's queue and store, and returns a
/// `Step`: the effects for the caller to perform (send a request, set or cancel the one wake-up timer)
/// and what happened to works. The rules:
///
/// - **Sequential.** At most one work is current; it is the queue's `inFlight` work from the moment it
///   is taken off the queue (`EnrichmentQueue.startNext(in:)`, which drops deleted works silently)
///   until it is enriched, left for review, failed or dropped, through every retry wait.
/// - **Outcomes.** An answer whose best candidate (highest confidence, the backend's order breaking
///   ties) reaches `matchConfidencePercentMin` is applied: the fields the work is missing are filled,
///   nothing is overwritten, the title is never touched, and the store is saved. Below it, the
///   candidates (best first, at most `candidatesKeptMax`) are kept in the records and the work needs
///   review. HTTP 404 or no candidate at all fails at once, as does any other 4xx except 429. A
///   timeout, a 429 or a 5xx is retried `retryDelaysMilliseconds` after the failure (1, 2, 4 and 8 s),
///   and the work fails when the fifth attempt fails the same way.
/// - **Deletion.** A work deleted while its request is in flight, or while it waits, is dropped
///   silently when the worker next looks at it: nothing is written, nothing recorded.
/// - **Rate.** No request starts less than `requestStartIntervalMilliseconds` after the previous one
///   (600 ms: 100 books a minute when answers come faster than that).
/// - **Offline.** No request is sent while offline; the queue is left alone. A request in flight when
///   connectivity drops is abandoned without counting as an attempt (its late answer is ignored) and
///   is sent again, as the same attempt, when connectivity returns. A retry whose wait ends while
///   offline is sent when connectivity returns.
/// - **Relaunch.** The queue and the records survive a relaunch; the worker's memory (the current
///   work's attempt and timers) does not. `relaunched()` gives the worker as the relaunched app finds
///   it; after `.launched`, the work the queue still has in flight is enriched again from its first
///   attempt, ahead of every queued work (it is the queue's head, in effect).
public struct EnrichmentWorker: Sendable {
    /// The worker's parameters: the request interval, the retry delays, the match threshold and the
    /// search title.
    public let configuration: Configuration
    /// Whether `.launched` has been handled since the worker was made or relaunched.
    public internal(set) var isLaunched = false
    /// Connectivity as last reported.
    public internal(set) var isOnline = false
    /// The work being enriched, if any: always the queue's `inFlight` work after a transition.
    public internal(set) var current: Current?
    /// The wake-up timer the caller holds for the worker, as last set by `.scheduleWake` or cleared by
    /// `.cancelWake`; `nil` when the worker waits for nothing but events.
    public internal(set) var nextWake: Timestamp?
    /// The time of the last event, which the next may not precede.
    var lastEventAt: Timestamp?

    /// A worker with this configuration, not yet launched: it does nothing until `.launched`.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// The worker as the app finds it after a relaunch (or a crash): the configuration kept (the
    /// records live in `AppState` and survive with it), the current work, its attempt count, the
    /// connectivity and the timer forgotten. It does nothing until `.launched`.
    public func relaunched() -> EnrichmentWorker {
        EnrichmentWorker(configuration: configuration)
    }

    // MARK: - Configuration

    /// The worker's parameters; the defaults are the seed's.
    public struct Configuration: Sendable {
        /// The least time between two request starts (first attempts and retries alike).
        ///
        /// Seed: "Processing rate: ~100 books/min (network-bound)": 600 ms. A book takes
        /// `max(interval, answer latency)`, so the rate is 100 books a minute while answers take under
        /// 600 ms. The seed's benchmark table ("1500 … ~30-35 min") is ~1.3 s a book: the simulator
        /// reproduces it with an interval (or a latency) of 1,300 ms: 100 books in 2.2 min, 500 in
        /// 10.8 min, 1,500 in 32.5 min, each inside the table's range.
        public var requestStartIntervalMilliseconds: Int64
        /// The wait before each retry, measured from the failure: one entry per retry.
        public var retryDelaysMilliseconds: [Int64]
        /// The confidence from which the best candidate is applied without asking the user.
        public var matchConfidencePercentMin: Int
        /// The most candidates kept for the user's choice.
        public var candidatesKeptMax: Int
        /// The title the search uses, from the work's title (which the work keeps).
        public var searchTitle: @Sendable (String) -> String

        /// The default search title: the work's title as `TitleNormalization` normalizes it (seed 004_…,
        /// "Title Normalization for Better Enrichment"; Decision D-061), by the import's engine, which
        /// gives the same title faster.
        public static let normalizedSearchTitle: @Sendable (String) -> String = { TitleNormalizationEngine.normalizedForSearch($0) }

        /// A configuration with these parameters; by default 600 ms between request starts, retries after
        /// 1, 2, 4 and 8 s, an 80% match threshold and 10 candidates kept.
        ///
        /// - Precondition: the interval is not negative, the retry delays are positive, the threshold is
        ///   0 to 100 percent and at least one candidate is kept.
        public init(
            requestStartIntervalMilliseconds: Int64 = 600,
            retryDelaysMilliseconds: [Int64] = [1_000, 2_000, 4_000, 8_000],
            matchConfidencePercentMin: Int = 80,
            candidatesKeptMax: Int = 10,
            searchTitle: @escaping @Sendable (String) -> String = Configuration.normalizedSearchTitle
        ) {
            precondition(requestStartIntervalMilliseconds >= 0, "the request interval is \(requestStartIntervalMilliseconds) ms; it cannot be negative")
            precondition(retryDelaysMilliseconds.allSatisfy { $0 > 0 }, "retry delays must be positive: \(retryDelaysMilliseconds)")
            precondition(EnrichmentCandidate.confidencePercents.contains(matchConfidencePercentMin), "the match threshold is 0...100 percent, not \(matchConfidencePercentMin)")
            precondition(candidatesKeptMax >= 1, "at least one candidate is kept, not \(candidatesKeptMax)")
            self.requestStartIntervalMilliseconds = requestStartIntervalMilliseconds
            self.retryDelaysMilliseconds = retryDelaysMilliseconds
            self.matchConfidencePercentMin = matchConfidencePercentMin
            self.candidatesKeptMax = candidatesKeptMax
            self.searchTitle = searchTitle
        }

        /// Attempts per work: the first and one per retry delay (5 by default).
        public var attemptsMax: Int { retryDelaysMilliseconds.count + 1 }
    }

    // MARK: - State

    /// The work being enriched and where its enrichment stands.
    public struct Current: Hashable, Sendable, CustomStringConvertible {
        /// The work being enriched.
        public let work: PersistentIdentifier
        /// The attempt in flight, or the next to send: 1 up to `attemptsMax`.
        public internal(set) var attempt: Int
        /// Whether the attempt's request is awaiting its answer or the attempt waits to be sent.
        public internal(set) var stage: Stage

        public var description: String { "\(work) attempt \(attempt), \(stage)" }
    }

    /// Where the current work's enrichment stands.
    public enum Stage: Hashable, Sendable, CustomStringConvertible {
        /// The request was sent; the worker waits for its answer.
        case awaitingAnswer(EnrichmentFetchRequest)
        /// The attempt may be sent from this instant, when online and the rate allows.
        case waiting(until: Timestamp)

        public var description: String {
            switch self {
            case let .awaitingAnswer(request): return "awaiting the answer to request \(request.id)"
            case let .waiting(until): return "waiting until \(until)"
            }
        }
    }

    // MARK: - Events, effects and outcomes

    /// What the worker is told.
    public enum Event: Hashable, Sendable, CustomStringConvertible {
        /// The app launched (or relaunched); the path monitor's first reading says whether it is online.
        case launched(online: Bool)
        /// The import added these works: queue them (repeats and non-works are refused by the queue).
        case worksAdded([PersistentIdentifier])
        /// The answer to request `requestID`.
        case metadataResult(requestID: UInt64, EnrichmentFetchOutcome)
        /// Time passed: the wake-up timer fired (or the caller looks in for another reason).
        case timeElapsed
        /// The path monitor reports a change of connectivity.
        case connectivityChanged(online: Bool)

        public var description: String {
            switch self {
            case let .launched(online): return "launched(online: \(online))"
            case let .worksAdded(works): return "worksAdded(\(works))"
            case let .metadataResult(id, outcome): return "metadataResult(request \(id): \(outcome))"
            case .timeElapsed: return "timeElapsed"
            case let .connectivityChanged(online): return "connectivityChanged(online: \(online))"
            }
        }
    }

    /// What the worker asks the caller to do.
    public enum Effect: Hashable, Sendable, CustomStringConvertible {
        /// Send the request; deliver its answer as `.metadataResult(requestID: request.id, …)`.
        case fetchMetadata(EnrichmentFetchRequest)
        /// Set the one wake-up timer to this instant (replacing any earlier setting); when it fires,
        /// deliver `.timeElapsed` at or after it.
        case scheduleWake(at: Timestamp)
        /// Clear the wake-up timer.
        case cancelWake

        public var description: String {
            switch self {
            case let .fetchMetadata(request): return "fetch(\(request))"
            case let .scheduleWake(at): return "scheduleWake(at: \(at))"
            case .cancelWake: return "cancelWake"
            }
        }
    }

    /// What happened to a work during a transition.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// The best candidate was applied, filling these fields.
        case enriched(PersistentIdentifier, fields: [EnrichedField])
        /// No candidate was confident enough; this many are kept for the user's choice.
        case needsReview(PersistentIdentifier, candidates: Int)
        /// The enrichment failed for good.
        case failed(PersistentIdentifier, EnrichmentFailure)
        /// The work was deleted (or the queue cleared): it left silently, nothing written.
        case dropped(PersistentIdentifier)
        /// The attempt failed with a transient error; `attempt` will be sent at `at` (or later, when
        /// online and the rate allows).
        case retryScheduled(PersistentIdentifier, attempt: Int, at: Timestamp)
        /// Connectivity dropped with this request in flight: it is abandoned, not counted, and sent
        /// again as the same attempt when connectivity returns.
        case requestAbandoned(EnrichmentFetchRequest)
        /// After a relaunch the queue still had this work in flight: it is enriched again from its
        /// first attempt.
        case resumedAfterRelaunch(PersistentIdentifier)
        /// An answer to a request the worker no longer waits for (abandoned, or unknown): ignored.
        case staleAnswerIgnored(requestID: UInt64)

        public var description: String {
            switch self {
            case let .enriched(work, fields): return "enriched \(work) (\(fields.map(\.rawValue).joined(separator: ", ")))"
            case let .needsReview(work, candidates): return "\(work) needs review (\(candidates) candidates)"
            case let .failed(work, failure): return "\(work) failed: \(failure)"
            case let .dropped(work): return "dropped \(work)"
            case let .retryScheduled(work, attempt, at): return "\(work) attempt \(attempt) at \(at)"
            case let .requestAbandoned(request): return "abandoned request \(request.id) for \(request.work)"
            case let .resumedAfterRelaunch(work): return "resumed \(work) after relaunch"
            case let .staleAnswerIgnored(id): return "ignored the answer to request \(id)"
            }
        }
    }

    /// What one transition did.
    public struct Step: Hashable, Sendable {
        /// For the caller to perform, in order.
        public internal(set) var effects: [Effect] = []
        /// What happened to works, in order.
        public internal(set) var outcomes: [Outcome] = []

        /// A step with these effects and outcomes; by default an empty one.
        public init(effects: [Effect] = [], outcomes: [Outcome] = []) {
            self.effects = effects
            self.outcomes = outcomes
        }

        /// The requests to send.
        public var requests: [EnrichmentFetchRequest] {
            effects.compactMap { if case let .fetchMetadata(request) = $0 { request } else { nil } }
        }
    }

    // MARK: - Transitions

    /// Handles one event at `now`, changing the app's enrichment queue and store.
    ///
    /// A `now` before the last event's (the device's clock was set back) is read as the last event's
    /// time: the worker's clock stands still rather than run backwards.
    ///
    /// - Precondition: `.launched` comes first, once per launch (`relaunched()` makes the next launch's
    ///   worker).
    public mutating func handle(_ event: Event, at reportedNow: Timestamp, _ app: inout AppState) -> Step {
        if case .launched = event {
            precondition(!isLaunched, "the worker was launched twice; use relaunched() for a new launch")
        } else {
            precondition(isLaunched, "\(event) before .launched")
        }
        var now = reportedNow
        if let lastEventAt, lastEventAt > now { now = lastEventAt }
        lastEventAt = now
        var step = Step()
        reconcileWithQueue(app, &step)
        switch event {
        case let .launched(online):
            isLaunched = true
            isOnline = online
        case let .worksAdded(works):
            app.enrichmentQueue.addMultiple(works)
        case let .metadataResult(requestID, outcome):
            receive(outcome, for: requestID, at: now, &app, &step)
        case .timeElapsed:
            // The timer fired: the caller holds none now.
            if let wake = nextWake, wake <= now { nextWake = nil }
        case let .connectivityChanged(online):
            connectivityChanged(online: online, at: now, &step)
        }
        advance(at: now, &app, &step)
        announceWake(at: now, app, &step)
        return step
    }

    /// Forgets the current work if the queue no longer has it in flight (a Library Reset cleared the
    /// queue under the worker).
    mutating func reconcileWithQueue(_ app: AppState, _ step: inout Step) {
        guard let current, app.enrichmentQueue.inFlight != current.work else { return }
        self.current = nil
        step.outcomes.append(.dropped(current.work))
    }

    mutating func connectivityChanged(online: Bool, at now: Timestamp, _ step: inout Step) {
        guard online != isOnline else { return }
        isOnline = online
        guard !online, var current, case let .awaitingAnswer(request) = current.stage else { return }
        // Not the server's fault: the attempt is not counted and goes again when back online.
        current.stage = .waiting(until: now)
        self.current = current
        step.outcomes.append(.requestAbandoned(request))
    }

    /// Handles the answer to a request.
    mutating func receive(_ outcome: EnrichmentFetchOutcome, for requestID: UInt64, at now: Timestamp, _ app: inout AppState, _ step: inout Step) {
        guard var current, case let .awaitingAnswer(request) = current.stage, request.id == requestID else {
            step.outcomes.append(.staleAnswerIgnored(requestID: requestID))
            return
        }
        guard app.store.work(current.work) != nil else {
            finish(current.work, nil, &app, &step)
            return
        }
        switch outcome {
        case let .candidates(candidates):
            guard !candidates.isEmpty else {
                finish(current.work, .failed(.notFound), &app, &step)
                return
            }
            if let wrong = candidates.first(where: { !EnrichmentCandidate.confidencePercents.contains($0.confidencePercent) }) {
                finish(current.work, .failed(.invalidConfidence(percent: wrong.confidencePercent)), &app, &step)
                return
            }
            let ranked = Self.ranked(candidates)
            if ranked[0].confidencePercent >= configuration.matchConfidencePercentMin {
                switch Self.apply(ranked[0], to: current.work, in: &app.store) {
                case let .success(fields): finish(current.work, .enriched(fields: fields), &app, &step)
                case let .failure(error): finish(current.work, .failed(.saveFailed(error)), &app, &step)
                }
            } else {
                finish(current.work, .needsReview(candidates: Array(ranked.prefix(configuration.candidatesKeptMax))), &app, &step)
            }
        case let .httpError(status):
            // Any status but 404, 429 and 5xx, even one that is no error (a 304 the network layer
            // passed on), is a refusal the worker does not retry.
            if status == 404 {
                finish(current.work, .failed(.notFound), &app, &step)
            } else if status == 429 || (500...599).contains(status) {
                retryOrFail(&current, .serverError(status: status), at: now, &app, &step)
            } else {
                finish(current.work, .failed(.rejected(status: status)), &app, &step)
            }
        case .timedOut:
            retryOrFail(&current, .timedOut, at: now, &app, &step)
        }
    }

    mutating func retryOrFail(_ current: inout Current, _ error: EnrichmentTransientError, at now: Timestamp, _ app: inout AppState, _ step: inout Step) {
        guard current.attempt < configuration.attemptsMax else {
            finish(current.work, .failed(.retriesExhausted(attempts: current.attempt, last: error)), &app, &step)
            return
        }
        let due = now.adding(milliseconds: configuration.retryDelaysMilliseconds[current.attempt - 1])
        current.attempt += 1
        current.stage = .waiting(until: due)
        self.current = current
        step.outcomes.append(.retryScheduled(current.work, attempt: current.attempt, at: due))
    }

    /// Ends the current work: records how (`nil`: dropped silently) and frees the queue for the next.
    mutating func finish(_ work: PersistentIdentifier, _ record: EnrichmentRecord?, _ app: inout AppState, _ step: inout Step) {
        // Every caller passes `current.work`, read from `self.current` earlier in the same transition
        // (`receive`, `retryOrFail` on `receive`'s copy, `advance`), which nothing between changed.
        precondition(current?.work == work, "finishing \(work), but the current work is \(String(describing: current))")
        current = nil
        app.enrichmentQueue.finishInFlight()
        guard let record else {
            step.outcomes.append(.dropped(work))
            return
        }
        app.enrichmentRecords.byWork[work] = record
        switch record {
        case let .enriched(fields):
            app.enrichmentRecords.run.enriched += 1
            step.outcomes.append(.enriched(work, fields: fields))
        case let .needsReview(candidates):
            app.enrichmentRecords.run.needingReview += 1
            step.outcomes.append(.needsReview(work, candidates: candidates.count))
        case let .failed(failure):
            app.enrichmentRecords.run.failed += 1
            step.outcomes.append(.failed(work, failure))
        }
    }

    /// Moves the enrichment on as far as it can go at `now`: takes the next work, drops deleted ones,
    /// sends the request the rate and connectivity allow.
    mutating func advance(at now: Timestamp, _ app: inout AppState, _ step: inout Step) {
        // Each pass either stops or finishes a work (dropped), so the queue bounds the passes.
        while true {
            if current == nil {
                if let inFlight = app.enrichmentQueue.inFlight {
                    // In flight in the persisted queue but unknown to this worker: its memory was lost
                    // in a relaunch. The work goes again from its first attempt.
                    current = Current(work: inFlight, attempt: 1, stage: .waiting(until: now))
                    step.outcomes.append(.resumedAfterRelaunch(inFlight))
                } else {
                    // Offline, the queue is left as it is: works wait where they are.
                    guard isOnline else { break }
                    let start = app.enrichmentQueue.startNext(in: app.store)
                    step.outcomes.append(contentsOf: start.droppedStale.map(Outcome.dropped))
                    guard let work = start.work else { break }
                    current = Current(work: work, attempt: 1, stage: .waiting(until: now))
                }
            }
            guard var current, case let .waiting(due) = current.stage else { break }
            guard app.store.work(current.work) != nil else {
                finish(current.work, nil, &app, &step)
                continue
            }
            guard isOnline, max(due, rateSlot(app) ?? due) <= now else { break }
            app.enrichmentRecords.requestsIssued += 1
            app.enrichmentRecords.lastRequestStartedAt = now
            let request = EnrichmentFetchRequest(id: app.enrichmentRecords.requestsIssued, work: current.work, query: query(for: current.work, in: app.store), attempt: current.attempt)
            current.stage = .awaitingAnswer(request)
            self.current = current
            step.effects.append(.fetchMetadata(request))
            break
        }
        if current == nil, app.enrichmentQueue.pendingCount == 0, app.enrichmentQueue.inFlight == nil {
            // The run is over: the banner goes, and the next import counts from zero.
            app.enrichmentRecords.run = EnrichmentRunCounts()
        }
    }

    /// The earliest instant the rate allows the next request, if a request was ever sent.
    func rateSlot(_ app: AppState) -> Timestamp? {
        app.enrichmentRecords.lastRequestStartedAt?.adding(milliseconds: configuration.requestStartIntervalMilliseconds)
    }

    /// When the worker must next look in by itself: the current work's wait or the rate's, whichever
    /// is later; never while offline (connectivity's return is an event).
    func wakeWanted(_ app: AppState) -> Timestamp? {
        guard isOnline, let current, case let .waiting(due) = current.stage else { return nil }
        return max(due, rateSlot(app) ?? due)
    }

    /// Asks the caller to set or clear the timer if the wake the worker wants changed.
    mutating func announceWake(at now: Timestamp, _ app: AppState, _ step: inout Step) {
        let wanted = wakeWanted(app)
        if let wanted {
            // `advance` ran just before and sent the request if online with `max(due, rateSlot)` at
            // or before now, so a waiting work still wants a wake only after now.
            precondition(wanted > now, "the worker wants a wake at \(wanted), not after now (\(now)): it should have acted")
        }
        guard wanted != nextWake else { return }
        nextWake = wanted
        step.effects.append(wanted.map(Effect.scheduleWake) ?? .cancelWake)
    }

    /// The query for a live work: its normalized title, first author and first ISBN.
    func query(for work: PersistentIdentifier, in store: LibraryStore) -> EnrichmentQuery {
        // The one caller, `advance`, checked `store.work(current.work)` just before.
        guard let found = store.work(work) else { preconditionFailure("querying \(work), which is not live") }
        let author = found.authorIDList.first.flatMap { store.author($0)?.name }
        var isbn: String?
        for id in found.editionIDList {
            guard let edition = store.edition(id) else { continue }
            if !EnrichmentText.isMissing(edition.isbn13) {
                isbn = edition.isbn13
            } else if !EnrichmentText.isMissing(edition.isbn10) {
                isbn = edition.isbn10
            }
            if isbn != nil { break }
        }
        return EnrichmentQuery(title: configuration.searchTitle(found.title), author: author, isbn: isbn)
    }

    /// Candidates best first: highest confidence, the backend's order breaking ties.
    static func ranked(_ candidates: [EnrichmentCandidate]) -> [EnrichmentCandidate] {
        // Sorted on (confidence, position) explicitly, so the order does not depend on the sort's
        // stability.
        candidates.enumerated()
            .sorted { ($0.element.confidencePercent, $1.offset) > ($1.element.confidencePercent, $0.offset) }
            .map(\.element)
    }

    // MARK: - Reading

    /// What the banner shows, or `nil` when nothing is queued, in flight or finished in this run.
    public func progress(_ app: AppState) -> EnrichmentProgress? {
        let queue = app.enrichmentQueue
        let progress = EnrichmentProgress(counts: app.enrichmentRecords.run, pending: queue.pendingCount, inFlight: queue.inFlight == nil ? 0 : 1)
        return progress.total == 0 ? nil : progress
    }

    /// The notice the app shows while works wait for the network, or `nil` when online or when nothing
    /// waits. Seed 004's test list asks "Import during airplane mode → Clear error, retry when online":
    /// the import itself needs no network and succeeds; what waits is enrichment, which starts again
    /// by itself when connectivity returns (Decision D-063).
    public func offlineNotice(_ app: AppState) -> String? {
        guard isLaunched, !isOnline else { return nil }
        let waiting = app.enrichmentQueue.pendingCount + (app.enrichmentQueue.inFlight == nil ? 0 : 1)
        guard waiting > 0 else { return nil }
        let books = waiting == 1 ? "1 book" : "\(waiting) books"
        return "No internet connection: \(books) will be enriched when you are back online."
    }
}
