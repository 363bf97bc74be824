import Simulator

/// Scenarios as Swift values: the same scenarios the JSON files declare, built in code and refined with
/// modifiers, then run with `run(seed:recordsTrace:)` (issue 7: "Scenarios as a Swift builder API and as
/// declarative files").
///
///     let outage = ScenarioFile.progress(named: "outage", items: 300)
///         .faults(FaultOptions.calm.partitioned(ProgressRun.app, ProgressRun.backend, from: 170_000, to: 230_000))
///         .healing(atMilliseconds: 240_000)
///         .seeds([1, 2])
///     for seed in outage.seeds { precondition(outage.run(seed: seed).violations.isEmpty) }
extension ScenarioFile {
    /// A job's throttled socket and the app's client (`ProgressRun`), calm.
    public static func progress(named name: String, items: Int, itemIntervalMilliseconds: UInt64 = 600, failsAtEnd: Bool = false, appClock: NodeClock = .perfect, backendClock: NodeClock = .perfect, livenessBoundMilliseconds: UInt64 = 180_000) -> ScenarioFile {
        ScenarioFile(name: name, description: "", seeds: [1], kind: .progress(
            items: items, itemIntervalMilliseconds: itemIntervalMilliseconds, failsAtEnd: failsAtEnd,
            appClock: appClock, backendClock: backendClock, livenessBoundMilliseconds: livenessBoundMilliseconds
        ), faults: .fixed(.calm), healAtMilliseconds: nil)
    }

    /// The server refusing every open of the app's socket from `fromMilliseconds` on, with `status`
    /// (a progress scenario's `refuseOpens`, D-138).
    /// - Precondition: `status` is in `ProgressRun.OpenRefusal.statuses`.
    public func refusingOpens(fromMilliseconds: UInt64, status: Int) -> ScenarioFile {
        var copy = self
        copy.openRefusal = ProgressRun.OpenRefusal(fromNanoseconds: fromMilliseconds * FaultOptions.millisecond, status: status)
        return copy
    }

    /// Devices syncing through CloudKit and a reset on device 0 (`CloudKitRun`).
    public static func cloudKit(named name: String, _ configuration: CloudKitRun.Configuration) -> ScenarioFile {
        ScenarioFile(name: name, description: "", seeds: [1], kind: .cloudKit(configuration), faults: .fixed(configuration.faults), healAtMilliseconds: configuration.healAtNanoseconds / FaultOptions.millisecond)
    }

    /// A Library Reset against the backend's running enrichment job (`ResetDuringEnrichmentRun`).
    public static func resetDuringEnrichment(named name: String, _ configuration: ResetDuringEnrichmentRun.Configuration) -> ScenarioFile {
        ScenarioFile(name: name, description: "", seeds: [1], kind: .resetDuringEnrichment(configuration), faults: .fixed(configuration.faults), healAtMilliseconds: nil)
    }

    /// A CSV import and the enrichment of its books (`ImportAndEnrichRun`).
    public static func importAndEnrich(named name: String, _ configuration: ImportAndEnrichRun.Configuration) -> ScenarioFile {
        ScenarioFile(name: name, description: "", seeds: [1], kind: .importAndEnrich(configuration), faults: .fixed(configuration.faults), healAtMilliseconds: configuration.healAtNanoseconds / FaultOptions.millisecond)
    }

    /// A copy of this scenario under `options`, which replace its faults (calm, swarm or fixed) entirely.
    public func faults(_ options: FaultOptions) -> ScenarioFile {
        var copy = self
        copy.faults = .fixed(options)
        return copy
    }

    /// The same scenario with faults drawn from each seed (swarm mode).
    public func swarm() -> ScenarioFile {
        var copy = self
        copy.faults = .swarm
        return copy
    }

    /// The same scenario with its faults healed at `milliseconds`.
    public func healing(atMilliseconds milliseconds: UInt64) -> ScenarioFile {
        var copy = self
        copy.healAtMilliseconds = milliseconds
        return copy
    }

    /// The same scenario checked with these seeds by default.
    public func seeds(_ seeds: [UInt64]) -> ScenarioFile {
        var copy = self
        copy.seeds = seeds
        return copy
    }

    /// The same scenario running a deliberately wrong implementation (a canary) in the model's place.
    /// - Precondition: the canary belongs to this scenario's kind.
    public func canary(_ canary: Canary) -> ScenarioFile {
        precondition(canary.scenarioKind == kindName, "the canary \(canary.rawValue) is for \(canary.scenarioKind) scenarios, not \(kindName)")
        var copy = self
        copy.canary = canary
        return copy
    }

    /// The scenario's kind as its file names it (`"progress"`, `"cloudkit"`, …).
    public var kindName: String {
        switch kind {
        case .progress: return "progress"
        case .cloudKit: return "cloudkit"
        case .resetDuringEnrichment: return "reset-during-enrichment"
        case .importAndEnrich: return "import-and-enrich"
        case .dayInTheApp: return "day-in-the-app"
        }
    }

    /// The same scenario with a description.
    public func described(_ text: String) -> ScenarioFile {
        var copy = self
        copy.description = text
        return copy
    }
}

extension FaultOptions {
    /// These options with a partition between `a` and `b` (both ways unless `oneWay`) from `start` to `end`
    /// milliseconds.
    public func partitioned(_ a: NodeID, _ b: NodeID, from start: UInt64, to end: UInt64, oneWay: Bool = false) -> FaultOptions {
        var copy = self
        copy.partitions.append(Partition(from: a, to: b, window: TimeWindow(start: start * Self.millisecond, end: end * Self.millisecond), oneWay: oneWay))
        return copy
    }

    /// These options with `node` offline from `start` to `end` milliseconds.
    public func offline(_ node: NodeID, from start: UInt64, to end: UInt64) -> FaultOptions {
        var copy = self
        copy.offline[node, default: []].append(TimeWindow(start: start * Self.millisecond, end: end * Self.millisecond))
        return copy
    }

    /// These options with `frames` scripted (added to any already scripted).
    public func scripting(_ frames: [ScriptedFrame]) -> FaultOptions {
        var copy = self
        copy.scriptedFrames += frames
        return copy
    }

    /// These options with every frame and request taking `latency`.
    public func latency(_ latency: LatencyDistribution) -> FaultOptions {
        var copy = self
        copy.frameLatency = latency
        copy.requestLatency = latency
        return copy
    }
}
