import Generators
import SpecModel

/// A declarative scenario, as kept in the repository's `Scenarios/` folder (JSON), and its decoder.
///
///     { "name": "outage-at-the-end", "description": "…", "scenario": "progress",
///       "items": 300, "itemIntervalMilliseconds": 600, "endsWith": "complete",
///       "faults": "calm" | "swarm" | { "latency": {"fixed": 40}, "lossPpm": 0, "duplicationPpm": 0,
///                 "reorderPpm": 0, "reorderDelayMaxMilliseconds": 0,
///                 "partitions": [{"from": "app", "to": "backend", "startMilliseconds": 170000,
///                                 "endMilliseconds": 200000, "oneWay": false}],
///                 "offline": [{"node": "app", "startMilliseconds": 0, "endMilliseconds": 5000}] },
///       "clocks": { "app": {"offsetMilliseconds": 0, "driftPpm": 0, "jumps": [{"atMilliseconds": 1, "byMilliseconds": -5}]} },
///       "healAtMilliseconds": 240000, "livenessBoundMilliseconds": 180000, "seeds": [1, 2, 3] }
///
/// Latency is `{"fixed": ms}`, `{"uniform": [min, max]}` or `{"longTailed": {"floor", "scale", "shapeTenths",
/// "cap"}}` in milliseconds. Every scenario ends with the liveness check: after the heal the client must
/// know the ending and the final count (`ProgressRun.Result.violations`). Errors name the field.
public struct ScenarioFile: Hashable, Sendable {
    public var name: String
    public var description: String
    /// The seeds the scenario is checked with by default.
    public var seeds: [UInt64]
    var items: Int
    var itemIntervalMilliseconds: UInt64
    var failsAtEnd: Bool
    var faults: Faults
    var appClock: NodeClock
    var backendClock: NodeClock
    var healAtMilliseconds: UInt64?
    var livenessBoundMilliseconds: UInt64

    enum Faults: Hashable, Sendable {
        case fixed(FaultOptions)
        /// Drawn from the run's seed.
        case swarm
    }

    /// The run configuration for `seed` (swarm faults are drawn from it).
    public func configuration(seed: UInt64) -> ProgressRun.Configuration {
        let ms = FaultOptions.millisecond
        let options: FaultOptions
        switch faults {
        case let .fixed(fixed): options = fixed
        case .swarm:
            // A child stream, so the options' draws and the run's own draws are independent.
            var root = Xoshiro256StarStar(seed: seed)
            var random = root.split()
            options = FaultOptions.swarm(&random, nodes: [ProgressRun.app, ProgressRun.backend], horizonNanoseconds: (healAtMilliseconds ?? 240_000) * ms)
        }
        return ProgressRun.Configuration(
            items: items, itemIntervalNanoseconds: itemIntervalMilliseconds * ms, failsAtEnd: failsAtEnd, faults: options,
            appClock: appClock, backendClock: backendClock, healAtNanoseconds: healAtMilliseconds.map { $0 * ms },
            livenessBoundNanoseconds: livenessBoundMilliseconds * ms
        )
    }

    /// Decodes a scenario file.
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
        let kind = try root.field("scenario")
        guard try kind.string() == "progress" else { throw kind.invalid("the only scenario kind so far is \"progress\"") }
        items = try Self.integer(root.field("items"), in: 1...1_000_000)
        itemIntervalMilliseconds = UInt64(try root.optionalField("itemIntervalMilliseconds").map { field throws(JSONFieldError) in try Self.integer(field, in: 1...3_600_000) } ?? 600)
        if let ending = try root.optionalField("endsWith") {
            switch try ending.string() {
            case "complete": failsAtEnd = false
            case "fail": failsAtEnd = true
            default: throw ending.invalid("must be \"complete\" or \"fail\"")
            }
        } else {
            failsAtEnd = false
        }
        faults = try Self.faults(root.optionalField("faults"))
        let clocks = try root.optionalField("clocks")
        appClock = try Self.clock(clocks?.optionalField("app"))
        backendClock = try Self.clock(clocks?.optionalField("backend"))
        healAtMilliseconds = try root.optionalField("healAtMilliseconds").map { field throws(JSONFieldError) in UInt64(try Self.integer(field, in: 0...86_400_000)) }
        livenessBoundMilliseconds = UInt64(try root.optionalField("livenessBoundMilliseconds").map { field throws(JSONFieldError) in try Self.integer(field, in: 1...86_400_000) } ?? 180_000)
        if let seedsField = try root.optionalField("seeds") {
            seeds = try seedsField.elements().map { field throws(JSONFieldError) in UInt64(try Self.integer(field, in: 0...Int(Int64.max))) }
        } else {
            seeds = [1]
        }
    }

    static func integer(_ field: JSONField, in range: ClosedRange<Int>) throws(JSONFieldError) -> Int {
        let value = try field.int64()
        guard value >= Int64(range.lowerBound), value <= Int64(range.upperBound) else {
            throw field.invalid("must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
        }
        return Int(value)
    }

    static func node(_ field: JSONField) throws(JSONFieldError) -> NodeID {
        switch try field.string() {
        case "app": return ProgressRun.app
        case "backend": return ProgressRun.backend
        default: throw field.invalid("must be \"app\" or \"backend\"")
        }
    }

    static func window(_ field: JSONField) throws(JSONFieldError) -> TimeWindow {
        let start = UInt64(try integer(field.field("startMilliseconds"), in: 0...86_400_000))
        let end = UInt64(try integer(field.field("endMilliseconds"), in: 0...86_400_000))
        guard start <= end else { throw field.invalid("ends before it starts") }
        return TimeWindow(start: start * FaultOptions.millisecond, end: end * FaultOptions.millisecond)
    }

    static func faults(_ field: JSONField?) throws(JSONFieldError) -> Faults {
        guard let field else { return .fixed(.calm) }
        if case let .string(text) = field.value {
            switch text {
            case "calm": return .fixed(.calm)
            case "swarm": return .swarm
            default: throw field.invalid("must be \"calm\", \"swarm\" or an object")
            }
        }
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
                let from = try node(element.field("from"))
                let to = try node(element.field("to"))
                guard from != to else { throw element.invalid("a partition joins two different nodes") }
                return FaultOptions.Partition(from: from, to: to, window: try window(element), oneWay: try element.optionalField("oneWay")?.bool() ?? false)
            }
        }
        if let offline = try field.optionalField("offline") {
            for element in try offline.elements() {
                options.offline[try node(element.field("node")), default: []].append(try window(element))
            }
        }
        return .fixed(options)
    }

    static func latency(_ field: JSONField) throws(JSONFieldError) -> LatencyDistribution {
        let ms = FaultOptions.millisecond
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
        let ms = Int64(FaultOptions.millisecond)
        let offset = Int64(try field.optionalField("offsetMilliseconds").map { value throws(JSONFieldError) in try integer(value, in: -86_400_000...86_400_000) } ?? 0)
        let drift = Int64(try field.optionalField("driftPpm").map { value throws(JSONFieldError) in try integer(value, in: -Int(NodeClock.driftPartsPerMillionMax)...Int(NodeClock.driftPartsPerMillionMax)) } ?? 0)
        var jumps: [NodeClock.Jump] = []
        if let list = try field.optionalField("jumps") {
            for element in try list.elements() {
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
    case notJSON(String)
    case invalidField(JSONFieldError)

    public var description: String {
        switch self {
        case let .notJSON(reason): return "the scenario file is not JSON: \(reason)"
        case let .invalidField(error): return "the scenario file's \(error)"
        }
    }
}
