import Generators
import Simulator
import SpecModel

/// A CSV import and the enrichment of every imported book, on the simulator (Seed: 004_…, "Import" and
/// "Background Enrichment Queue"; issue 7: "no CSV row is lost", and the 1,500-book import plus
/// enrichment in at most 100 ms of wall time).
///
/// The app imports the file batch by batch (`CSVImport`, 50 rows a batch, one batch every
/// `batchIntervalNanoseconds`), and its `EnrichmentWorker` fetches each imported work's metadata from a
/// provider over a link with the run's faults: the provider answers with a candidate, "not found" (404),
/// a transient 503, or nothing (the app's HTTP timeout), in shares drawn from the seed. The app's offline
/// windows become connectivity changes for the worker. After the heal the queue must drain: every
/// imported work ends enriched, for review or failed, and the import's rows add up.
public enum ImportAndEnrichRun {
    /// The app's node: the import, the enrichment queue and its worker.
    public static let app = NodeID(1)
    /// The metadata provider's node, which answers the worker's fetches.
    public static let provider = NodeID(3)

    /// What a run does: the file and its strategy, the import's pace, the provider's answers and the faults.
    public struct Configuration: Hashable, Sendable {
        /// The CSV file the app imports.
        public var file: ImportFile
        /// What the import does with duplicates of books already in the library (Smart by default).
        public var strategy: DuplicateStrategy
        /// 15 s for 50 rows: 200 books a minute (D-067).
        public var batchIntervalNanoseconds: UInt64
        /// The share of fetches the provider answers 404, in ppm (5% by default); the work fails at once (D-054).
        public var notFoundPartsPerMillion: UInt64
        /// The share of fetches the provider answers 503, in ppm (2% by default); the worker retries (D-055).
        public var unavailablePartsPerMillion: UInt64
        /// The share of fetches the provider never answers, in ppm (1% by default): they time out and are retried (D-055).
        public var silentPartsPerMillion: UInt64
        /// The faults on the fetches and their answers, and the app's offline windows, until the heal.
        public var faults: FaultOptions
        /// When the faults end, in true time (0 by default: a calm run throughout).
        public var healAtNanoseconds: UInt64
        /// How long after the heal the queue has to drain.
        public var drainBoundNanoseconds: UInt64
        /// The most events a run may take: a bound on everything.
        public var eventsMax: Int
        /// Whether to record a trace (`Result.trace`): one event per simulation event.
        public var recordsTrace = false
        /// The canary: the app sends metadata requests without their timeout, so a request or answer
        /// that never arrives leaves its work in flight for good. `false` runs the model.
        public var forgetsRequestTimeouts = false

        /// Creates a configuration importing `file`; by default Smart duplicates, a batch every 15 s and a calm network.
        public init(
            file: ImportFile, strategy: DuplicateStrategy = .smart, batchIntervalNanoseconds: UInt64 = 15_000 * FaultOptions.millisecond,
            notFoundPartsPerMillion: UInt64 = 50_000, unavailablePartsPerMillion: UInt64 = 20_000, silentPartsPerMillion: UInt64 = 10_000,
            faults: FaultOptions = .calm, healAtNanoseconds: UInt64 = 0, drainBoundNanoseconds: UInt64 = 3_600_000 * FaultOptions.millisecond,
            eventsMax: Int = 5_000_000
        ) {
            self.file = file
            self.strategy = strategy
            self.batchIntervalNanoseconds = batchIntervalNanoseconds
            self.notFoundPartsPerMillion = notFoundPartsPerMillion
            self.unavailablePartsPerMillion = unavailablePartsPerMillion
            self.silentPartsPerMillion = silentPartsPerMillion
            self.faults = faults
            self.healAtNanoseconds = healAtNanoseconds
            self.drainBoundNanoseconds = drainBoundNanoseconds
            self.eventsMax = eventsMax
        }
    }

    /// What a run did: the app as the run left it, the import's summary, and whether the queue drained.
    public struct Result: Sendable {
        /// The app's state at the end: its library and its enrichment queue.
        public var app: AppState
        /// The import's counts; `nil` when the file was refused.
        public var summary: ImportSummary?
        /// Why the file was refused before any row was imported, when it was.
        public var refusal: String?
        /// Works imported, and the ones that reached an end (enriched, for review, failed, dropped).
        public var importedWorks: Set<PersistentIdentifier>
        /// The imported works that reached an end of enrichment.
        public var finishedWorks: Set<PersistentIdentifier>
        /// The metadata fetches the worker sent, retries included.
        public var requestsSent: Int
        /// True time when the run ended.
        public var endedAtNanoseconds: UInt64
        /// Whether the import finished and the queue emptied after the heal, within the drain bound.
        public var drained: Bool
        /// The digest of every event the run took, in order: equal for equal (seed, configuration).
        public var digest: TraceDigest
        /// The number of events the run took.
        public var eventsRun: Int
        /// The trace, when the configuration asked for one.
        public var trace: [SimulationTraceEvent] = []
        /// The frames the random faults hit, as a script that does the same to them (`Link.fates`).
        public var frameFates: [FaultOptions.ScriptedFrame] = []

        /// The properties the run breaks, each as a sentence: a refused file, lost rows, or a queue that did not drain.
        public func violations() -> [String] {
            failures().map(\.message)
        }

        /// The same as `violations()`, each with its property's id and actor.
        public func failures() -> [ScenarioFailure] {
            var found: [ScenarioFailure] = []
            if let refusal { found.append(ScenarioFailure("import.file-accepted", at: "app", "the file was refused: \(refusal)")) }
            guard let summary else { return found }
            if summary.processed != summary.dataRows {
                found.append(ScenarioFailure("import.no-row-lost", at: "app", "rows lost: \(summary.imported) imported + \(summary.duplicates) duplicates + \(summary.errors.count) errors = \(summary.processed), not the file's \(summary.dataRows) rows"))
            }
            if !drained { found.append(ScenarioFailure("import.queue-drains", at: "app", "the enrichment queue did not drain after the heal: \(app.enrichmentQueue.pendingCount) pending, in flight \(String(describing: app.enrichmentQueue.inFlight))")) }
            let unfinished = importedWorks.subtracting(finishedWorks).filter { app.store.contains($0) }
            if !unfinished.isEmpty { found.append(ScenarioFailure("import.every-work-ends", at: "app", "\(unfinished.count) imported works never reached an end of enrichment")) }
            return found
        }
    }

    enum Event: Hashable, Sendable {
        case importBatch
        case workerWake(generation: Int)
        case requestArrives(requestID: UInt64)
        case answerArrives(requestID: UInt64, outcome: EnrichmentFetchOutcome)
        case requestTimedOut(requestID: UInt64)
        case connectivity(online: Bool)
        case heal
    }

    /// Imports the configured file, then lets the worker enrich its books until the run's end or
    /// `eventsMax` events. A pure function of `seed` and `configuration`: the same pair gives an equal
    /// result, its `digest` included, on every machine. `Result.violations()` judges the run.
    public static func run(seed: UInt64, _ configuration: Configuration) -> Result {
        var simulation = Simulation<Event>(seed: seed)
        var options = configuration.faults
        let clock = NodeClock.perfect
        var app = AppState()
        var worker = EnrichmentWorker()
        var toProvider = Link(from: Self.app, to: provider)
        var toApp = Link(from: provider, to: Self.app)
        var wakeGeneration = 0
        var awaited: Set<UInt64> = []
        var requestsSent = 0
        var imported: Set<PersistentIdentifier> = []
        var finished: Set<PersistentIdentifier> = []

        var importRun: CSVImport
        switch CSVImport.prepare(configuration.file, library: app.store, strategy: configuration.strategy) {
        case let .success(prepared): importRun = prepared
        case let .failure(error):
            return Result(app: app, summary: nil, refusal: "\(error)", importedWorks: [], finishedWorks: [], requestsSent: 0, endedAtNanoseconds: 0, drained: true, digest: simulation.digest, eventsRun: 0)
        }

        func perform(_ step: EnrichmentWorker.Step, simulation: inout Simulation<Event>) {
            for outcome in step.outcomes {
                switch outcome {
                case let .enriched(work, _), let .needsReview(work, _), let .failed(work, _), let .dropped(work): finished.insert(work)
                default: break
                }
            }
            for effect in step.effects {
                switch effect {
                case let .fetchMetadata(request):
                    requestsSent += 1
                    awaited.insert(request.id)
                    if !configuration.forgetsRequestTimeouts {
                        simulation.schedule(after: options.httpTimeoutNanoseconds, .requestTimedOut(requestID: request.id))
                    }
                    var random = simulation.random
                    let delivery = toProvider.send(at: simulation.now, options: options, latency: options.requestLatency, random: &random, message: "metadata_request")
                    simulation.random = random
                    if let arrival = delivery.arrivals.first { simulation.schedule(at: arrival, .requestArrives(requestID: request.id)) }
                case let .scheduleWake(at):
                    wakeGeneration += 1
                    let due = clock.trueNanoseconds(whenReading: at, from: simulation.now) ?? simulation.now
                    simulation.schedule(at: due, .workerWake(generation: wakeGeneration))
                case .cancelWake:
                    wakeGeneration += 1
                }
            }
        }

        perform(worker.handle(.launched(online: !options.isOffline(Self.app, at: 0)), at: clock.timestamp(at: 0), &app), simulation: &simulation)
        simulation.schedule(at: 0, .importBatch)
        for window in options.offline[Self.app] ?? [] {
            simulation.schedule(at: window.start, .connectivity(online: false))
            simulation.schedule(at: window.end, .connectivity(online: true))
        }
        simulation.schedule(at: configuration.healAtNanoseconds, .heal)

        var drainedAt: UInt64?
        let end = configuration.healAtNanoseconds + configuration.drainBoundNanoseconds
        var trace: [SimulationTraceEvent] = []
        while simulation.eventsRun < configuration.eventsMax, let event = simulation.next(notAfter: end) {
            let now = clock.timestamp(at: simulation.now)
            simulation.digest.record(simulation.now)
            if configuration.recordsTrace {
                let node: String
                let name: String
                switch event {
                case .importBatch: (node, name) = ("app", "import.batch")
                case .workerWake: (node, name) = ("app", "worker.wake")
                case let .requestArrives(id): (node, name) = ("provider", "request \(id)")
                case let .answerArrives(id, outcome): (node, name) = ("app", "answer \(id): \(outcome)")
                case let .requestTimedOut(id): (node, name) = ("app", "timeout \(id)")
                case let .connectivity(online): (node, name) = ("app", online ? "online" : "offline")
                case .heal: (node, name) = ("network", "faults.healed")
                }
                trace.append(SimulationTraceEvent(timeNanoseconds: simulation.now, node: node, name: name, details: [
                    "processed": .integer(Int64(importRun.summary.processed)), "enriched": .integer(Int64(finished.count)),
                ]))
            }
            switch event {
            case .importBatch:
                let before = Set(app.enrichmentQueue.pending)
                guard importRun.importNextBatch(into: &app) != nil else { break }
                let added = app.enrichmentQueue.pending.filter { !before.contains($0) }
                imported.formUnion(added)
                simulation.digest.record("batch \(importRun.summary.processed)")
                perform(worker.handle(.worksAdded(added), at: now, &app), simulation: &simulation)
                if !importRun.isFinished { simulation.schedule(after: configuration.batchIntervalNanoseconds, .importBatch) }
            case let .workerWake(generation):
                guard generation == wakeGeneration else { break }
                perform(worker.handle(.timeElapsed, at: now, &app), simulation: &simulation)
            case let .requestArrives(requestID):
                // The provider answers from the seed's draws: a candidate, 404, 503, or nothing.
                let roll = simulation.random.nextBounded(below: 1_000_000)
                let outcome: EnrichmentFetchOutcome?
                if roll < configuration.notFoundPartsPerMillion {
                    outcome = .httpError(status: 404)
                } else if roll < configuration.notFoundPartsPerMillion + configuration.unavailablePartsPerMillion {
                    outcome = .httpError(status: 503)
                } else if roll < configuration.notFoundPartsPerMillion + configuration.unavailablePartsPerMillion + configuration.silentPartsPerMillion {
                    outcome = nil
                } else {
                    outcome = .candidates([EnrichmentCandidate(confidencePercent: 90, title: "Book", coverURL: "https://covers.example/\(requestID).jpg", publicationYear: 2001)])
                }
                guard let outcome else { break }
                var random = simulation.random
                let delivery = toApp.send(at: simulation.now, options: options, latency: options.requestLatency, random: &random, message: "metadata_answer")
                simulation.random = random
                if let arrival = delivery.arrivals.first { simulation.schedule(at: arrival, .answerArrives(requestID: requestID, outcome: outcome)) }
            case let .answerArrives(requestID, outcome):
                guard awaited.remove(requestID) != nil else { break }
                perform(worker.handle(.metadataResult(requestID: requestID, outcome), at: now, &app), simulation: &simulation)
            case let .requestTimedOut(requestID):
                guard awaited.remove(requestID) != nil else { break }
                perform(worker.handle(.metadataResult(requestID: requestID, .timedOut), at: now, &app), simulation: &simulation)
            case let .connectivity(online):
                guard simulation.now < configuration.healAtNanoseconds else { break }
                perform(worker.handle(.connectivityChanged(online: online), at: now, &app), simulation: &simulation)
            case .heal:
                let wasOffline = options.isOffline(Self.app, at: simulation.now)
                options = .calm
                simulation.digest.record("heal")
                if wasOffline { perform(worker.handle(.connectivityChanged(online: true), at: now, &app), simulation: &simulation) }
            }
            if importRun.isFinished, simulation.now >= configuration.healAtNanoseconds, app.enrichmentQueue.pendingCount == 0, app.enrichmentQueue.inFlight == nil, awaited.isEmpty {
                drainedAt = simulation.now
                break
            }
        }
        return Result(
            app: app, summary: importRun.summary, refusal: nil, importedWorks: imported, finishedWorks: finished,
            requestsSent: requestsSent, endedAtNanoseconds: simulation.now, drained: drainedAt != nil,
            digest: simulation.digest, eventsRun: simulation.eventsRun, trace: trace, frameFates: (toProvider.fates + toApp.fates).sorted()
        )
    }
}
