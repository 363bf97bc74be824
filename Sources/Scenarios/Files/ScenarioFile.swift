import Generators
import Simulator
import SpecModel

/// A declarative scenario, as kept in the repository's `Scenarios/` folder (JSON), and its decoder.
///
/// Every file has `name`, `description`, `scenario` (its kind), `faults`, `healAtMilliseconds` and
/// `seeds`; the kind adds its own fields:
///
/// - `"progress"`: a job's throttled socket and the app's client (`ProgressRun`): `items`,
///   `itemIntervalMilliseconds`, `endsWith` (`"complete"` or `"fail"`), `clocks`, `livenessBoundMilliseconds`,
///   `refuseOpens` (`{"fromMilliseconds": 70000, "status": 401}`: the server refuses every open from then on, D-138);
/// - `"cloudkit"`: devices syncing through CloudKit and a reset on device 0 (`CloudKitRun`): `devices`,
///   `booksPerDevice`, `booksAfterReset`, `resetAtMilliseconds`, `syncIntervalMilliseconds`,
///   `convergenceBoundMilliseconds`;
/// - `"reset-during-enrichment"`: a Library Reset against the backend's running job
///   (`ResetDuringEnrichmentRun`): `books`, `itemIntervalMilliseconds`, `resetAtMilliseconds`;
/// - `"import-and-enrich"`: a CSV import and the enrichment of its books (`ImportAndEnrichRun`): `csv`
///   (the file's text), `strategy`, `batchIntervalMilliseconds`, `notFoundPpm`, `unavailablePpm`,
///   `silentPpm`, `drainBoundMilliseconds`;
/// - `"day-in-the-app"`: every feature on several devices with the backend and CloudKit
///   (`DayInTheAppRun`): `devices`, `imports`, `rowsPerImport`, `resets`, `jobs`, `edits`, `crashes`, `clockSteps`,
///   `dayMilliseconds`, `batchIntervalMilliseconds`, `syncIntervalMilliseconds`, `itemIntervalMilliseconds`,
///   `settleBoundMilliseconds`.
///
/// `faults` is `"calm"`, `"swarm"` (drawn from each seed) or an object:
///
///     { "latency": {"fixed": 40} | {"uniform": [min, max]} | {"longTailed": {"floor", "scale", "shapeTenths", "cap"}},
///       "lossPpm": 0, "duplicationPpm": 0, "reorderPpm": 0, "reorderDelayMaxMilliseconds": 0,
///       "partitions": [{"from": "app", "to": "backend", "startMilliseconds": 170000, "endMilliseconds": 200000, "oneWay": false}],
///       "offline": [{"node": "app", "startMilliseconds": 0, "endMilliseconds": 5000}] }
///
/// Nodes are `"app"`, `"backend"`, `"provider"`, `"server"` (CloudKit) and `"device0"`, `"device1"`, ….
/// Every scenario ends with its kind's convergence or liveness check after the heal. Errors name the
/// field.
public struct ScenarioFile: Hashable, Sendable {
    /// The scenario's name, never empty: it heads every run's summary line.
    public var name: String
    public var description: String
    /// The seeds the scenario is checked with by default.
    public var seeds: [UInt64]
    var kind: Kind
    var faults: Faults
    var healAtMilliseconds: UInt64?
    /// A deliberately wrong implementation the run uses in the model's place, or `nil` for the model.
    public var canary: Canary?
    /// Progress: from when the server refuses the app's opens, and with what status (`refuseOpens`, D-138).
    var openRefusal: ProgressRun.OpenRefusal?

    init(name: String, description: String, seeds: [UInt64], kind: Kind, faults: Faults, healAtMilliseconds: UInt64?, canary: Canary? = nil) {
        self.name = name
        self.description = description
        self.seeds = seeds
        self.kind = kind
        self.faults = faults
        self.healAtMilliseconds = healAtMilliseconds
        self.canary = canary
    }

    /// The deliberately wrong implementations a scenario file can run in the model's place
    /// (`"canary": "sync-once"`): the shipped canaries in `Scenarios/Canaries/` use them to show that
    /// the simulator catches each flaw and that `simrunner shrink` reduces the failing run.
    public enum Canary: String, CaseIterable, Hashable, Sendable {
        /// Progress: the client asks for the job's state once per open, with no retry (`clientSyncRetryMilliseconds` nil).
        case syncOnce = "sync-once"
        /// Import and enrich: metadata requests are sent without their timeout.
        case forgetsRequestTimeouts = "forgets-request-timeouts"
        /// Reset during enrichment: the cancel request is sent without its timeout.
        case forgetsCancelTimeout = "forgets-cancel-timeout"
        /// CloudKit: the server keeps no tombstones, so a re-sent edit brings a deleted book back.
        case forgetsTombstones = "forgets-tombstones"
        /// A day in the app: a backend job takes the waiting books but leaves them in the app's queue,
        /// so the worker enriches them too (`WholeApp.Canary.jobKeepsQueuedBooks`).
        case jobKeepsQueuedBooks = "job-keeps-queued-books"

        /// The scenario kind (`"scenario"`) the canary belongs to.
        public var scenarioKind: String {
            switch self {
            case .syncOnce: return "progress"
            case .forgetsRequestTimeouts: return "import-and-enrich"
            case .forgetsCancelTimeout: return "reset-during-enrichment"
            case .forgetsTombstones: return "cloudkit"
            case .jobKeepsQueuedBooks: return "day-in-the-app"
            }
        }

        /// Whether the flaw shows only under a fault. A wiring flaw between two features shows in a
        /// calm day; what shrinking must find for it is the smallest meeting of the two.
        package var needsAFault: Bool { self != .jobKeepsQueuedBooks }
    }

    enum Kind: Hashable, Sendable {
        case progress(items: Int, itemIntervalMilliseconds: UInt64, failsAtEnd: Bool, appClock: NodeClock, backendClock: NodeClock, livenessBoundMilliseconds: UInt64)
        case cloudKit(CloudKitRun.Configuration)
        case resetDuringEnrichment(ResetDuringEnrichmentRun.Configuration)
        case importAndEnrich(ImportAndEnrichRun.Configuration)
        case dayInTheApp(DayInTheAppRun.Configuration)
    }

    enum Faults: Hashable, Sendable {
        case fixed(FaultOptions)
        /// Drawn from the run's seed.
        case swarm
    }

    /// The nodes of the scenario's kind, for swarm mode.
    var nodes: [NodeID] {
        switch kind {
        case .progress: return [ProgressRun.app, ProgressRun.backend]
        case let .cloudKit(configuration): return (0..<configuration.devices).map { NodeID($0 + 1) } + [CloudKitRun.server]
        case .resetDuringEnrichment: return [ResetDuringEnrichmentRun.app, ResetDuringEnrichmentRun.backend]
        case .importAndEnrich: return [ImportAndEnrichRun.app, ImportAndEnrichRun.provider]
        case let .dayInTheApp(configuration):
            return (0..<configuration.devices).map(DayInTheAppRun.node(ofDevice:)) + [DayInTheAppRun.backend, DayInTheAppRun.provider, DayInTheAppRun.cloudKit]
        }
    }

    /// The fault options for `seed` (swarm faults are drawn from it).
    func faultOptions(seed: UInt64) -> FaultOptions {
        switch faults {
        case let .fixed(fixed): return fixed
        case .swarm:
            // A child stream, so the options' draws and the run's own draws are independent.
            var root = Xoshiro256StarStar(seed: seed)
            var random = root.split()
            return FaultOptions.swarm(&random, nodes: nodes, horizonNanoseconds: (healAtMilliseconds ?? 240_000) * FaultOptions.millisecond)
        }
    }

    /// The run configuration of a progress scenario for `seed`, or `nil` for another kind.
    public func configuration(seed: UInt64) -> ProgressRun.Configuration? {
        guard case let .progress(items, interval, fails, appClock, backendClock, bound) = kind else { return nil }
        let ms = FaultOptions.millisecond
        var configuration = ProgressRun.Configuration(
            items: items, itemIntervalNanoseconds: interval * ms, failsAtEnd: fails, faults: faultOptions(seed: seed),
            appClock: appClock, backendClock: backendClock, healAtNanoseconds: healAtMilliseconds.map { $0 * ms },
            livenessBoundNanoseconds: bound * ms,
            clientSyncRetryMilliseconds: canary == .syncOnce ? nil : ProgressSocketClient.syncRetryMillisecondsDefault
        )
        configuration.openRefusal = openRefusal
        return configuration
    }

    /// What one run of the scenario did.
    public struct Outcome: Sendable {
        /// The digest of every event the run took, in order: equal for equal (file, seed).
        public var digest: TraceDigest
        /// The number of events the run took.
        public var eventsRun: Int
        /// The properties the run broke, each with its id and actor; empty when it kept them all.
        public var failures: [ScenarioFailure]
        /// The properties the run broke, each as a sentence; empty when it kept them all.
        public var violations: [String] { failures.map(\.message) }
        /// One line on what happened.
        public var summary: String
        /// The trace, when the run was asked for one.
        public var trace: [SimulationTraceEvent]
        /// The session recording (`Docs/Recordings.md`), for a progress scenario that asked for one.
        public var recording: [String] = []
        /// The frames the run's random faults hit, as a script that does the same to them (for shrinking).
        public var frameFates: [FaultOptions.ScriptedFrame] = []
    }

    /// Whether a run can write a session recording: progress scenarios only.
    public var recordsSessions: Bool {
        if case .progress = kind { return true }
        return false
    }

    /// Runs the scenario with `seed`; records a trace, and for a progress scenario a session recording,
    /// if asked (neither changes the run).
    public func run(seed: UInt64, recordsTrace: Bool = false, recordsRecording: Bool = false) -> Outcome {
        let ms = FaultOptions.millisecond
        let options = faultOptions(seed: seed)
        switch kind {
        case .progress:
            var configuration = configuration(seed: seed)!
            configuration.recordsTrace = recordsTrace
            configuration.recordsRecording = recordsRecording
            return Self.outcome(ProgressRun.run(seed: seed, configuration), configuration)
        case var .cloudKit(configuration):
            configuration.faults = options
            configuration.healAtNanoseconds = (healAtMilliseconds ?? configuration.healAtNanoseconds / ms) * ms
            configuration.recordsTrace = recordsTrace
            configuration.forgetsTombstones = canary == .forgetsTombstones
            let result = CloudKitRun.run(seed: seed, configuration)
            let summary = "digest \(result.digest), \(result.eventsRun) events, \(result.booksAtReset.count) books reset, server \(result.serverLibrary.count) books, devices \(result.devices.map { String($0.library.count) }.joined(separator: "/")), converged \(result.convergedAtNanoseconds.map { "at \(Double($0) / 1e9) s" } ?? "never")"
            return Outcome(digest: result.digest, eventsRun: result.eventsRun, failures: result.failures(of: configuration), summary: summary, trace: result.trace, frameFates: result.frameFates)
        case var .resetDuringEnrichment(configuration):
            configuration.faults = options
            configuration.recordsTrace = recordsTrace
            configuration.forgetsCancelTimeout = canary == .forgetsCancelTimeout
            let result = ResetDuringEnrichmentRun.run(seed: seed, configuration)
            let summary = "digest \(result.digest), \(result.eventsRun) events, job \(result.job.status) after \(result.job.processedCount) of \(result.job.totalCount) books, cancel \(result.cancelArrivedAtNanoseconds.map { "arrived at \(Double($0) / 1e9) s" } ?? "lost"), reset \(result.resetPhase)"
            return Outcome(digest: result.digest, eventsRun: result.eventsRun, failures: result.failures(), summary: summary, trace: result.trace, frameFates: result.frameFates)
        case var .importAndEnrich(configuration):
            configuration.faults = options
            configuration.healAtNanoseconds = (healAtMilliseconds ?? 0) * ms
            configuration.recordsTrace = recordsTrace
            configuration.forgetsRequestTimeouts = canary == .forgetsRequestTimeouts
            let result = ImportAndEnrichRun.run(seed: seed, configuration)
            let imported = result.summary.map { "\($0.imported) imported, \($0.duplicates) duplicates, \($0.errors.count) errors of \($0.dataRows) rows" } ?? "refused"
            let summary = "digest \(result.digest), \(result.eventsRun) events, \(imported), \(result.finishedWorks.count) works through enrichment, \(result.requestsSent) requests, \(Double(result.endedAtNanoseconds) / 1e9) simulated s"
            return Outcome(digest: result.digest, eventsRun: result.eventsRun, failures: result.failures(), summary: summary, trace: result.trace, frameFates: result.frameFates)
        case var .dayInTheApp(configuration):
            configuration.faults = options
            configuration.healAtNanoseconds = (healAtMilliseconds ?? 0) * ms
            configuration.recordsTrace = recordsTrace
            configuration.canary = canary == .jobKeepsQueuedBooks ? .jobKeepsQueuedBooks : nil
            let result = DayInTheAppRun.run(seed: seed, configuration)
            let summary = "digest \(result.digest), \(result.eventsRun) events, \(result.actionsPerformed) actions done and \(result.actionsRefused) refused, \(Double(result.endedAtNanoseconds) / 1e9) simulated s"
            return Outcome(digest: result.digest, eventsRun: result.eventsRun, failures: result.failures, summary: summary, trace: result.trace, frameFates: result.frameFates)
        }
    }

    /// Runs a progress scenario with `seed` and `seams` in the model's place (the throttle behind the
    /// job's socket, the app's client: `ProgressRun.run(seed:_:seams:)`), under the scenario's faults,
    /// clocks and latencies; `nil` for a scenario of another kind, which has neither.
    public func run(seed: UInt64, seams: ProgressRun.Seams, recordsTrace: Bool = false, recordsRecording: Bool = false) -> Outcome? {
        guard var configuration = configuration(seed: seed) else { return nil }
        configuration.recordsTrace = recordsTrace
        configuration.recordsRecording = recordsRecording
        return Self.outcome(ProgressRun.run(seed: seed, configuration, seams: seams), configuration)
    }

    static func outcome(_ result: ProgressRun.Result, _ configuration: ProgressRun.Configuration) -> Outcome {
        let summary = "digest \(result.digest), \(result.eventsRun) events, \(Double(result.endedAtNanoseconds) / 1e9) simulated s, client \(result.clientCount)/\(result.processed) \(result.clientKnewEndingAtNanoseconds != nil ? "ended" : "not ended"), \(result.opens) opens, \(result.framesLost) of \(result.framesSent) frames lost"
        return Outcome(digest: result.digest, eventsRun: result.eventsRun, failures: result.failures(of: configuration), summary: summary, trace: result.trace, recording: result.recording, frameFates: result.frameFates)
    }

    /// The largest scenario file read, in bytes (the JSON parser's default limit).
    public static let bytesMax = JSONParseLimits.default.bytesMax

    /// Decodes a scenario file from its JSON bytes; a refusal names the field and what it must be.
    public init(decoding bytes: [UInt8]) throws(ScenarioFileError) {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw .notJSON(error.description)
        }
        do {
            try self.init(decoding: JSONField(document))
        } catch {
            throw .invalidField(error)
        }
    }

    init(decoding root: JSONField) throws(JSONFieldError) {
        name = try root.field("name").string()
        guard !name.isEmpty else { throw try root.field("name").invalid("must not be empty") }
        description = try root.optionalField("description")?.string() ?? ""
        healAtMilliseconds = try root.optionalField("healAtMilliseconds").map { field throws(JSONFieldError) in UInt64(try Self.integer(field, in: 0...86_400_000)) }
        if let seedsField = try root.optionalField("seeds") {
            seeds = try seedsField.elements().map { field throws(JSONFieldError) in UInt64(try Self.integer(field, in: 0...Int(Int64.max))) }
        } else {
            seeds = [1]
        }
        func milliseconds(_ key: String, _ range: ClosedRange<Int>, default value: Int) throws(JSONFieldError) -> UInt64 {
            UInt64(try root.optionalField(key).map { field throws(JSONFieldError) in try Self.integer(field, in: range) } ?? value)
        }
        let ms = FaultOptions.millisecond
        let kindField = try root.field("scenario")
        let common = ["name", "description", "healAtMilliseconds", "seeds", "scenario", "faults", "canary"]
        if let canaryField = try root.optionalField("canary") {
            let kindName = try kindField.string()
            let fitting = Canary.allCases.filter { $0.scenarioKind == kindName }
            guard let value = Canary(rawValue: try canaryField.string()), value.scenarioKind == kindName else {
                throw canaryField.invalid(fitting.isEmpty ? "a \(kindName) scenario has no canary" : "must be \(fitting.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")) for a \(kindName) scenario")
            }
            canary = value
        } else {
            canary = nil
        }
        switch try kindField.string() {
        case "progress":
            try root.requireKnownKeys(common + ["items", "endsWith", "clocks", "itemIntervalMilliseconds", "livenessBoundMilliseconds", "refuseOpens"], of: "a progress scenario")
            if let refusal = try root.optionalField("refuseOpens") {
                try refusal.requireKnownKeys(["fromMilliseconds", "status"], of: "refuseOpens")
                let from = UInt64(try Self.integer(refusal.field("fromMilliseconds"), in: 0...86_400_000))
                let status = try Self.integer(refusal.field("status"), in: ProgressRun.OpenRefusal.statuses)
                openRefusal = ProgressRun.OpenRefusal(fromNanoseconds: from * ms, status: status)
            }
            let items = try Self.integer(root.field("items"), in: 1...1_000_000)
            var failsAtEnd = false
            if let ending = try root.optionalField("endsWith") {
                switch try ending.string() {
                case "complete": failsAtEnd = false
                case "fail": failsAtEnd = true
                default: throw ending.invalid("must be \"complete\" or \"fail\"")
                }
            }
            let clocks = try root.optionalField("clocks")
            try clocks?.requireKnownKeys(["app", "backend"], of: "clocks")
            kind = .progress(
                items: items, itemIntervalMilliseconds: try milliseconds("itemIntervalMilliseconds", 1...3_600_000, default: 600), failsAtEnd: failsAtEnd,
                appClock: try Self.clock(clocks?.optionalField("app")), backendClock: try Self.clock(clocks?.optionalField("backend")),
                livenessBoundMilliseconds: try milliseconds("livenessBoundMilliseconds", 1...86_400_000, default: 180_000)
            )
        case "cloudkit":
            try root.requireKnownKeys(
                common + ["devices", "booksPerDevice", "resetAtMilliseconds", "booksAfterReset", "syncIntervalMilliseconds", "convergenceBoundMilliseconds"],
                of: "a cloudkit scenario"
            )
            kind = .cloudKit(CloudKitRun.Configuration(
                devices: try root.optionalField("devices").map { field throws(JSONFieldError) in try Self.integer(field, in: 2...16) } ?? 2,
                booksPerDevice: try root.optionalField("booksPerDevice").map { field throws(JSONFieldError) in try Self.integer(field, in: 0...10_000) } ?? 20,
                resetAtNanoseconds: try milliseconds("resetAtMilliseconds", 0...86_400_000, default: 60_000) * ms,
                booksAfterReset: try root.optionalField("booksAfterReset").map { field throws(JSONFieldError) in try Self.integer(field, in: 0...10_000) } ?? 0,
                syncIntervalNanoseconds: try milliseconds("syncIntervalMilliseconds", 1...3_600_000, default: 15_000) * ms,
                healAtNanoseconds: (healAtMilliseconds ?? 120_000) * ms,
                convergenceBoundNanoseconds: try milliseconds("convergenceBoundMilliseconds", 1...86_400_000, default: 120_000) * ms
            ))
        case "reset-during-enrichment":
            try root.requireKnownKeys(common + ["books", "itemIntervalMilliseconds", "resetAtMilliseconds"], of: "a reset-during-enrichment scenario")
            kind = .resetDuringEnrichment(ResetDuringEnrichmentRun.Configuration(
                books: try root.optionalField("books").map { field throws(JSONFieldError) in try Self.integer(field, in: 1...100_000) } ?? 50,
                itemIntervalNanoseconds: try milliseconds("itemIntervalMilliseconds", 1...3_600_000, default: 600) * ms,
                resetAtNanoseconds: try milliseconds("resetAtMilliseconds", 0...86_400_000, default: 10_000) * ms
            ))
        case "import-and-enrich":
            try root.requireKnownKeys(
                common + ["csv", "strategy", "batchIntervalMilliseconds", "notFoundPpm", "unavailablePpm", "silentPpm", "drainBoundMilliseconds"],
                of: "an import-and-enrich scenario"
            )
            let csv = try root.field("csv").string()
            let strategyField = try root.optionalField("strategy")
            let strategy = try strategyField.map { field throws(JSONFieldError) -> DuplicateStrategy in
                guard let value = DuplicateStrategy(rawValue: try field.string()) else {
                    throw field.invalid("must be one of \(DuplicateStrategy.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return value
            } ?? .smart
            func ppm(_ key: String, default value: Int) throws(JSONFieldError) -> UInt64 {
                UInt64(try root.optionalField(key).map { field throws(JSONFieldError) in try Self.integer(field, in: 0...1_000_000) } ?? value)
            }
            kind = .importAndEnrich(ImportAndEnrichRun.Configuration(
                file: ImportFile(name: "\(name).csv", bytes: Array(csv.utf8)), strategy: strategy,
                batchIntervalNanoseconds: try milliseconds("batchIntervalMilliseconds", 1...3_600_000, default: 15_000) * ms,
                notFoundPartsPerMillion: try ppm("notFoundPpm", default: 50_000), unavailablePartsPerMillion: try ppm("unavailablePpm", default: 20_000),
                silentPartsPerMillion: try ppm("silentPpm", default: 10_000),
                drainBoundNanoseconds: try milliseconds("drainBoundMilliseconds", 1...86_400_000, default: 3_600_000) * ms
            ))
        case "day-in-the-app":
            let counts = ["devices": 1...16, "imports": 0...1_000, "rowsPerImport": 1...10_000, "resets": 0...1_000, "jobs": 0...1_000, "edits": 0...10_000, "crashes": 0...1_000, "clockSteps": 0...1_000]
            try root.requireKnownKeys(
                common + counts.keys.sorted() + ["dayMilliseconds", "batchIntervalMilliseconds", "syncIntervalMilliseconds", "itemIntervalMilliseconds", "settleBoundMilliseconds"],
                of: "a day-in-the-app scenario"
            )
            let defaults = DayInTheAppRun.Configuration()
            func count(_ key: String, default value: Int) throws(JSONFieldError) -> Int {
                try root.optionalField(key).map { field throws(JSONFieldError) in try Self.integer(field, in: counts[key]!) } ?? value
            }
            kind = .dayInTheApp(DayInTheAppRun.Configuration(
                devices: try count("devices", default: defaults.devices), imports: try count("imports", default: defaults.imports),
                rowsPerImport: try count("rowsPerImport", default: defaults.rowsPerImport),
                resets: try count("resets", default: defaults.resets), jobs: try count("jobs", default: defaults.jobs),
                edits: try count("edits", default: defaults.edits), crashes: try count("crashes", default: defaults.crashes),
                clockSteps: try count("clockSteps", default: defaults.clockSteps),
                dayNanoseconds: try milliseconds("dayMilliseconds", 0...86_400_000, default: Int(defaults.dayNanoseconds / ms)) * ms,
                batchIntervalNanoseconds: try milliseconds("batchIntervalMilliseconds", 1...3_600_000, default: Int(defaults.batchIntervalNanoseconds / ms)) * ms,
                syncIntervalNanoseconds: try milliseconds("syncIntervalMilliseconds", 1...3_600_000, default: Int(defaults.syncIntervalNanoseconds / ms)) * ms,
                itemIntervalNanoseconds: try milliseconds("itemIntervalMilliseconds", 1...3_600_000, default: Int(defaults.itemIntervalNanoseconds / ms)) * ms,
                settleBoundNanoseconds: try milliseconds("settleBoundMilliseconds", 1...86_400_000, default: Int(defaults.settleBoundNanoseconds / ms)) * ms
            ))
        default:
            throw kindField.invalid("must be \"progress\", \"cloudkit\", \"reset-during-enrichment\", \"import-and-enrich\" or \"day-in-the-app\"")
        }
        switch kind {
        case let .cloudKit(configuration): faults = try Self.faults(root.optionalField("faults"), devices: configuration.devices)
        case let .dayInTheApp(configuration):
            faults = try Self.faults(root.optionalField("faults"), devices: configuration.devices, firstDevice: DayInTheAppRun.firstDeviceNode)
        default: faults = try Self.faults(root.optionalField("faults"), devices: 0)
        }
    }

    static func integer(_ field: JSONField, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int {
        let value = try field.int64()
        guard value >= Int64(range.lowerBound), value <= Int64(range.upperBound) else {
            throw field.invalid("must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
        }
        return Int(value)
    }

    static func node(_ field: JSONField, devices: Int, firstDevice: Int = 1) throws(JSONFieldError) -> NodeID {
        let text = try field.string()
        switch text {
        case "app": return ProgressRun.app
        case "backend": return ProgressRun.backend
        case "provider": return ImportAndEnrichRun.provider
        case "server": return CloudKitRun.server
        default:
            if text.hasPrefix("device"), let index = Int(text.dropFirst(6)), (0..<devices).contains(index) { return NodeID(index + firstDevice) }
            throw field.invalid("must be \"app\", \"backend\", \"provider\", \"server\" or \"device0\" to \"device\(max(0, devices - 1))\"")
        }
    }

    static func window(_ field: JSONField) throws(JSONFieldError) -> TimeWindow {
        let start = UInt64(try integer(field.field("startMilliseconds"), in: 0...86_400_000))
        let end = UInt64(try integer(field.field("endMilliseconds"), in: 0...86_400_000))
        guard start <= end else { throw field.invalid("ends before it starts") }
        return TimeWindow(start: start * FaultOptions.millisecond, end: end * FaultOptions.millisecond)
    }

    static func faults(_ field: JSONField?, devices: Int, firstDevice: Int = 1) throws(JSONFieldError) -> Faults {
        guard let field else { return .fixed(.calm) }
        if case let .string(text) = field.value {
            switch text {
            case "calm": return .fixed(.calm)
            case "swarm": return .swarm
            default: throw field.invalid("must be \"calm\", \"swarm\" or an object")
            }
        }
        try field.requireKnownKeys(
            ["latency", "lossPpm", "duplicationPpm", "reorderPpm", "reorderDelayMaxMilliseconds", "partitions", "offline", "httpTimeoutMilliseconds", "frames"], of: "faults"
        )
        let ms = FaultOptions.millisecond
        var options = FaultOptions.calm
        if let latency = try field.optionalField("latency") {
            options.frameLatency = try Self.latency(latency)
            options.requestLatency = options.frameLatency
        }
        func ppm(_ key: String) throws(JSONFieldError) -> UInt64 {
            UInt64(try field.optionalField(key).map { value throws(JSONFieldError) in try integer(value, in: 0...1_000_000) } ?? 0)
        }
        options.lossPartsPerMillion = try ppm("lossPpm")
        options.duplicationPartsPerMillion = try ppm("duplicationPpm")
        options.reorderPartsPerMillion = try ppm("reorderPpm")
        options.reorderDelayMaxNanoseconds = UInt64(try field.optionalField("reorderDelayMaxMilliseconds").map { value throws(JSONFieldError) in try integer(value, in: 0...60_000) } ?? 0) * ms
        if let partitions = try field.optionalField("partitions") {
            options.partitions = try partitions.elements().map { element throws(JSONFieldError) in
                try element.requireKnownKeys(["from", "to", "startMilliseconds", "endMilliseconds", "oneWay"], of: "a partition")
                let from = try node(element.field("from"), devices: devices, firstDevice: firstDevice)
                let to = try node(element.field("to"), devices: devices, firstDevice: firstDevice)
                guard from != to else { throw element.invalid("a partition joins two different nodes") }
                return FaultOptions.Partition(from: from, to: to, window: try window(element), oneWay: try element.optionalField("oneWay")?.bool() ?? false)
            }
        }
        if let offline = try field.optionalField("offline") {
            for element in try offline.elements() {
                try element.requireKnownKeys(["node", "startMilliseconds", "endMilliseconds"], of: "an offline window")
                options.offline[try node(element.field("node"), devices: devices, firstDevice: firstDevice), default: []].append(try window(element))
            }
        }
        if let timeout = try field.optionalField("httpTimeoutMilliseconds") {
            options.httpTimeoutNanoseconds = UInt64(try integer(timeout, in: 1...3_600_000)) * ms
        }
        if let frames = try field.optionalField("frames") {
            var seen = Set<String>()
            options.scriptedFrames = try frames.elements().map { element throws(JSONFieldError) in
                let scripted = try scriptedFrame(element, devices: devices, firstDevice: firstDevice)
                guard seen.insert("\(scripted.from.rawValue) \(scripted.to.rawValue) \(scripted.message ?? "") \(scripted.frame)").inserted else {
                    throw element.invalid("scripts frame \(scripted.frame)\(scripted.message.map { " of the \($0) frames" } ?? "") of its link a second time")
                }
                return scripted
            }
        }
        return .fixed(options)
    }

    /// One scripted frame: `{"from": "backend", "to": "app", "frame": 3, "lost": true}`, or with
    /// `"heldMilliseconds": n`, `"duplicatedAfterMilliseconds": n` or both instead of `"lost"`; with
    /// `"message": "job_complete"`, `frame` counts only the frames of that message type.
    static func scriptedFrame(_ element: JSONField, devices: Int, firstDevice: Int = 1) throws(JSONFieldError) -> FaultOptions.ScriptedFrame {
        try element.requireKnownKeys(["from", "to", "message", "frame", "lost", "heldMilliseconds", "duplicatedAfterMilliseconds"], of: "a scripted frame")
        let from = try node(element.field("from"), devices: devices, firstDevice: firstDevice)
        let to = try node(element.field("to"), devices: devices, firstDevice: firstDevice)
        guard from != to else { throw element.invalid("a frame goes between two different nodes") }
        let number = try integer(element.field("frame"), in: 1...100_000_000)
        let message = try element.optionalField("message").map { field throws(JSONFieldError) -> String in
            let text = try field.string()
            guard (1...64).contains(text.utf8.count) else { throw field.invalid("must be a message type of 1 to 64 bytes") }
            return text
        }
        let lost = try element.optionalField("lost")
        let held = try element.optionalField("heldMilliseconds")
        let duplicated = try element.optionalField("duplicatedAfterMilliseconds")
        guard (lost == nil) != (held == nil && duplicated == nil) else {
            throw element.invalid("must have either \"lost\" or one or both of \"heldMilliseconds\" and \"duplicatedAfterMilliseconds\"")
        }
        let fate: FaultOptions.ScriptedFrame.Fate
        if let lost {
            guard try lost.bool() else { throw lost.invalid("must be true (leave a frame that arrives out of the script)") }
            fate = .lost
        } else {
            let ms = FaultOptions.millisecond
            fate = .arrives(
                heldNanoseconds: try held.map { field throws(JSONFieldError) in UInt64(try integer(field, in: 1...600_000)) * ms } ?? 0,
                duplicateAfterNanoseconds: try duplicated.map { field throws(JSONFieldError) in UInt64(try integer(field, in: 0...600_000)) * ms }
            )
        }
        return FaultOptions.ScriptedFrame(from: from, to: to, frame: number, message: message, fate: fate)
    }

    static func latency(_ field: JSONField) throws(JSONFieldError) -> LatencyDistribution {
        let ms = FaultOptions.millisecond
        try field.requireKnownKeys(["fixed", "uniform", "longTailed"], of: "a latency")
        guard try field.members().count == 1 else { throw field.invalid("must have exactly one of \"fixed\", \"uniform\" and \"longTailed\"") }
        if let fixed = try field.optionalField("fixed") { return .fixed(nanoseconds: UInt64(try integer(fixed, in: 0...600_000)) * ms) }
        if let uniform = try field.optionalField("uniform") {
            let bounds = try uniform.elements()
            guard bounds.count == 2 else { throw uniform.invalid("must be [minimum, maximum]") }
            let low = UInt64(try integer(bounds[0], in: 0...600_000))
            let high = UInt64(try integer(bounds[1], in: 0...600_000))
            guard low <= high else { throw uniform.invalid("the minimum is above the maximum") }
            return .uniform(minimum: low * ms, maximum: high * ms)
        }
        if let tail = try field.optionalField("longTailed") {
            try tail.requireKnownKeys(["floor", "scale", "shapeTenths", "cap"], of: "a long-tailed latency")
            return .longTailed(
                floor: UInt64(try integer(tail.field("floor"), in: 0...600_000)) * ms,
                scale: UInt64(try integer(tail.field("scale"), in: 0...600_000)) * ms,
                shapeTenths: UInt64(try integer(tail.field("shapeTenths"), in: 1...100)),
                cap: UInt64(try integer(tail.field("cap"), in: 1...600_000)) * ms
            )
        }
        throw field.invalid("must be {\"fixed\": ms}, {\"uniform\": [min, max]} or {\"longTailed\": {…}}")
    }

    static func clock(_ field: JSONField?) throws(JSONFieldError) -> NodeClock {
        guard let field else { return .perfect }
        try field.requireKnownKeys(["offsetMilliseconds", "driftPpm", "jumps"], of: "a clock")
        let ms = Int64(FaultOptions.millisecond)
        let offset = Int64(try field.optionalField("offsetMilliseconds").map { value throws(JSONFieldError) in try integer(value, in: -86_400_000...86_400_000) } ?? 0)
        let drift = Int64(try field.optionalField("driftPpm").map { value throws(JSONFieldError) in try integer(value, in: -Int(NodeClock.driftPartsPerMillionMax)...Int(NodeClock.driftPartsPerMillionMax)) } ?? 0)
        var jumps: [NodeClock.Jump] = []
        if let list = try field.optionalField("jumps") {
            for element in try list.elements() {
                try element.requireKnownKeys(["atMilliseconds", "byMilliseconds"], of: "a clock jump")
                let at = try integer(element.field("atMilliseconds"), in: 0...86_400_000)
                let by = try integer(element.field("byMilliseconds"), in: -86_400_000...86_400_000)
                jumps.append(NodeClock.Jump(atTrueNanoseconds: UInt64(at) * FaultOptions.millisecond, byNanoseconds: Int64(by) * ms))
            }
        }
        return NodeClock(offsetNanoseconds: offset * ms, driftPartsPerMillion: drift, jumps: jumps)
    }
}

/// Why a scenario file was refused.
public enum ScenarioFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a JSON document the parser accepts; its reason, as text.
    case notJSON(String)
    /// The JSON is not a scenario: a field is missing, unknown, of the wrong kind or out of range.
    case invalidField(JSONFieldError)
    /// The scenario cannot be written as a file: the reason.
    case notWritable(String)

    public var description: String {
        switch self {
        case let .notJSON(reason): return "not JSON: \(reason)"
        case let .invalidField(error): return "\(error)"
        case let .notWritable(reason): return "cannot be written as a scenario file: \(reason)"
        }
    }
}
