import Simulator
import SpecModel

/// A scenario written back as a file: the same keys the loader reads, one per line, so a shrunk run is a
/// scenario file an engineer reads, edits and replays (`simrunner run`). Decoding the text gives back
/// an equal `ScenarioFile`.
extension ScenarioFile {
    /// The scenario as the text of a scenario file.
    ///
    /// - Throws: `ScenarioFileError.notWritable` for a value a file cannot hold: a time that is not a
    ///   whole number of milliseconds, or an import file whose bytes are not UTF-8.
    public func fileText() throws(ScenarioFileError) -> String {
        var members: [(String, JSONValue)] = [("name", .string(name))]
        if !description.isEmpty { members.append(("description", .string(description))) }
        members.append(("scenario", .string(kindName)))
        if let canary { members.append(("canary", .string(canary.rawValue))) }
        members += try kindMembers()
        switch faults {
        case .swarm: members.append(("faults", "swarm"))
        case let .fixed(options) where options == .calm: members.append(("faults", "calm"))
        case let .fixed(options): members.append(("faults", .object(JSONObject(try faultMembers(options)))))
        }
        if let healAtMilliseconds { members.append(("healAtMilliseconds", .integer(Int64(healAtMilliseconds)))) }
        members.append(("seeds", .array(seeds.map { .integer(Int64(clamping: $0)) })))
        return Self.layout(members)
    }

    /// The members of the scenario's kind, in the loader's order.
    func kindMembers() throws(ScenarioFileError) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        switch kind {
        case let .progress(items, interval, failsAtEnd, appClock, backendClock, bound):
            members.append(("items", .integer(Int64(items))))
            members.append(("itemIntervalMilliseconds", .integer(Int64(interval))))
            if failsAtEnd { members.append(("endsWith", "fail")) }
            var clocks: [(String, JSONValue)] = []
            for (node, clock) in [("app", appClock), ("backend", backendClock)] where clock != .perfect {
                clocks.append((node, try Self.clockValue(clock, node)))
            }
            if !clocks.isEmpty { members.append(("clocks", .object(JSONObject(clocks)))) }
            members.append(("livenessBoundMilliseconds", .integer(Int64(bound))))
            if let openRefusal {
                members.append(("refuseOpens", .object(JSONObject([
                    ("fromMilliseconds", try Self.milliseconds(openRefusal.fromNanoseconds, "refuseOpens.from")),
                    ("status", .integer(Int64(openRefusal.status))),
                ]))))
            }
        case let .cloudKit(configuration):
            let defaults = CloudKitRun.Configuration()
            guard configuration.addIntervalNanoseconds == defaults.addIntervalNanoseconds, configuration.eventsMax == defaults.eventsMax else {
                throw .notWritable("a cloudkit file has no key for the interval between added books or the event bound")
            }
            members.append(("devices", .integer(Int64(configuration.devices))))
            members.append(("booksPerDevice", .integer(Int64(configuration.booksPerDevice))))
            members.append(("resetAtMilliseconds", try Self.milliseconds(configuration.resetAtNanoseconds, "resetAt")))
            members.append(("booksAfterReset", .integer(Int64(configuration.booksAfterReset))))
            members.append(("syncIntervalMilliseconds", try Self.milliseconds(configuration.syncIntervalNanoseconds, "syncInterval")))
            members.append(("convergenceBoundMilliseconds", try Self.milliseconds(configuration.convergenceBoundNanoseconds, "convergenceBound")))
        case let .resetDuringEnrichment(configuration):
            members.append(("books", .integer(Int64(configuration.books))))
            members.append(("itemIntervalMilliseconds", try Self.milliseconds(configuration.itemIntervalNanoseconds, "itemInterval")))
            members.append(("resetAtMilliseconds", try Self.milliseconds(configuration.resetAtNanoseconds, "resetAt")))
        case let .importAndEnrich(configuration):
            guard let csv = String(validating: configuration.file.bytes, as: UTF8.self) else {
                throw .notWritable("the import file's bytes are not UTF-8, and a scenario file holds its CSV as text")
            }
            members.append(("csv", .string(csv)))
            members.append(("strategy", .string(configuration.strategy.rawValue)))
            members.append(("batchIntervalMilliseconds", try Self.milliseconds(configuration.batchIntervalNanoseconds, "batchInterval")))
            members.append(("notFoundPpm", .integer(Int64(configuration.notFoundPartsPerMillion))))
            members.append(("unavailablePpm", .integer(Int64(configuration.unavailablePartsPerMillion))))
            members.append(("silentPpm", .integer(Int64(configuration.silentPartsPerMillion))))
            members.append(("drainBoundMilliseconds", try Self.milliseconds(configuration.drainBoundNanoseconds, "drainBound")))
        case let .dayInTheApp(configuration):
            guard configuration.eventsMax == DayInTheAppRun.Configuration().eventsMax else { throw .notWritable("a day-in-the-app file has no key for the event bound") }
            for (key, value) in [("devices", configuration.devices), ("imports", configuration.imports), ("rowsPerImport", configuration.rowsPerImport), ("resets", configuration.resets), ("jobs", configuration.jobs),
                                 ("edits", configuration.edits), ("crashes", configuration.crashes), ("clockSteps", configuration.clockSteps)] {
                members.append((key, .integer(Int64(value))))
            }
            members.append(("dayMilliseconds", try Self.milliseconds(configuration.dayNanoseconds, "day")))
            members.append(("batchIntervalMilliseconds", try Self.milliseconds(configuration.batchIntervalNanoseconds, "batchInterval")))
            members.append(("syncIntervalMilliseconds", try Self.milliseconds(configuration.syncIntervalNanoseconds, "syncInterval")))
            members.append(("itemIntervalMilliseconds", try Self.milliseconds(configuration.itemIntervalNanoseconds, "itemInterval")))
            members.append(("settleBoundMilliseconds", try Self.milliseconds(configuration.settleBoundNanoseconds, "settleBound")))
        }
        return members
    }

    /// The file's text: one top-level key a line, and one line for each element of a list of faults.
    static func layout(_ members: [(String, JSONValue)]) -> String {
        var lines: [String] = []
        for (key, value) in members {
            let head = "  \(JSONValue.string(key).encodedString()): "
            guard key == "faults", case let .object(object) = value else {
                lines.append(head + Self.inOrder(value))
                continue
            }
            var inner: [String] = []
            for (innerKey, innerValue) in object.members {
                let innerHead = "    \(JSONValue.string(innerKey).encodedString()): "
                if case let .array(elements) = innerValue, !elements.isEmpty {
                    inner.append(innerHead + "[\n" + elements.map { "      " + Self.inOrder($0) }.joined(separator: ",\n") + "\n    ]")
                } else {
                    inner.append(innerHead + Self.inOrder(innerValue))
                }
            }
            lines.append(head + "{\n" + inner.joined(separator: ",\n") + "\n  }")
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// A value on one line, its objects' members in the order they were added (the loader's order,
    /// which reads better than the canonical sorted one).
    static func inOrder(_ value: JSONValue) -> String {
        switch value {
        case let .object(object):
            return "{" + object.members.map { JSONValue.string($0.key).encodedString() + ": " + inOrder($0.value) }.joined(separator: ", ") + "}"
        case let .array(elements):
            return "[" + elements.map(inOrder).joined(separator: ", ") + "]"
        default:
            return value.encodedString()
        }
    }

    /// `nanoseconds` as the whole milliseconds a file holds; `what` names the value in the refusal.
    static func milliseconds(_ nanoseconds: UInt64, _ what: String) throws(ScenarioFileError) -> JSONValue {
        guard nanoseconds % FaultOptions.millisecond == 0 else { throw .notWritable("\(what) is \(nanoseconds) ns, not a whole number of milliseconds") }
        return .integer(Int64(nanoseconds / FaultOptions.millisecond))
    }

    /// The node's name in a file of this scenario's kind.
    func nodeName(_ node: NodeID) -> String {
        if case .cloudKit = kind { return node == CloudKitRun.server ? "server" : "device\(node.rawValue - 1)" }
        if case .dayInTheApp = kind, node.rawValue >= DayInTheAppRun.firstDeviceNode, node != DayInTheAppRun.cloudKit {
            return "device\(node.rawValue - DayInTheAppRun.firstDeviceNode)"
        }
        switch node {
        case ProgressRun.app: return "app"
        case ProgressRun.backend: return "backend"
        case ImportAndEnrichRun.provider: return "provider"
        case CloudKitRun.server: return "server"
        default: return "node\(node.rawValue)"
        }
    }

    func faultMembers(_ options: FaultOptions) throws(ScenarioFileError) -> [(String, JSONValue)] {
        guard options.frameLatency == options.requestLatency, options.idleCloseNanoseconds == FaultOptions.calm.idleCloseNanoseconds else {
            throw .notWritable("a scenario file gives frames and requests one latency, and the idle close its default")
        }
        var members: [(String, JSONValue)] = []
        let latency: JSONValue
        switch options.frameLatency {
        case let .fixed(value): latency = .object(["fixed": try Self.milliseconds(value, "the latency")])
        case let .uniform(low, high): latency = .object(["uniform": .array([try Self.milliseconds(low, "the latency"), try Self.milliseconds(high, "the latency")])])
        case let .longTailed(floor, scale, shape, cap):
            latency = .object(["longTailed": .object(JSONObject([
                ("floor", try Self.milliseconds(floor, "the latency's floor")), ("scale", try Self.milliseconds(scale, "the latency's scale")),
                ("shapeTenths", .integer(Int64(shape))), ("cap", try Self.milliseconds(cap, "the latency's cap")),
            ]))])
        }
        members.append(("latency", latency))
        if options.lossPartsPerMillion > 0 { members.append(("lossPpm", .integer(Int64(options.lossPartsPerMillion)))) }
        if options.duplicationPartsPerMillion > 0 { members.append(("duplicationPpm", .integer(Int64(options.duplicationPartsPerMillion)))) }
        if options.reorderPartsPerMillion > 0 { members.append(("reorderPpm", .integer(Int64(options.reorderPartsPerMillion)))) }
        if options.reorderDelayMaxNanoseconds > 0 { members.append(("reorderDelayMaxMilliseconds", try Self.milliseconds(options.reorderDelayMaxNanoseconds, "the reordering delay"))) }
        if options.httpTimeoutNanoseconds != FaultOptions.calm.httpTimeoutNanoseconds {
            members.append(("httpTimeoutMilliseconds", try Self.milliseconds(options.httpTimeoutNanoseconds, "the HTTP timeout")))
        }
        if !options.partitions.isEmpty {
            members.append(("partitions", .array(try options.partitions.map { partition throws(ScenarioFileError) in
                var fields: [(String, JSONValue)] = [
                    ("from", .string(nodeName(partition.from))), ("to", .string(nodeName(partition.to))),
                    ("startMilliseconds", try Self.milliseconds(partition.window.start, "a partition's start")),
                    ("endMilliseconds", try Self.milliseconds(partition.window.end, "a partition's end")),
                ]
                if partition.oneWay { fields.append(("oneWay", true)) }
                return .object(JSONObject(fields))
            })))
        }
        var offline: [JSONValue] = []
        for node in options.offline.keys.sorted() {
            for window in options.offline[node] ?? [] {
                offline.append(.object(JSONObject([
                    ("node", .string(nodeName(node))), ("startMilliseconds", try Self.milliseconds(window.start, "an offline window's start")),
                    ("endMilliseconds", try Self.milliseconds(window.end, "an offline window's end")),
                ])))
            }
        }
        if !offline.isEmpty { members.append(("offline", .array(offline))) }
        if !options.scriptedFrames.isEmpty {
            members.append(("frames", .array(try options.scriptedFrames.map { scripted throws(ScenarioFileError) in
                var fields: [(String, JSONValue)] = [("from", .string(nodeName(scripted.from))), ("to", .string(nodeName(scripted.to)))]
                if let message = scripted.message { fields.append(("message", .string(message))) }
                fields.append(("frame", .integer(Int64(scripted.frame))))
                switch scripted.fate {
                case .lost: fields.append(("lost", true))
                case let .arrives(held, duplicateAfter):
                    if held > 0 { fields.append(("heldMilliseconds", try Self.milliseconds(held, "a held frame's delay"))) }
                    if let duplicateAfter { fields.append(("duplicatedAfterMilliseconds", try Self.milliseconds(duplicateAfter, "a duplicate's delay"))) }
                }
                return .object(JSONObject(fields))
            })))
        }
        return members
    }

    static func clockValue(_ clock: NodeClock, _ node: String) throws(ScenarioFileError) -> JSONValue {
        let ms = Int64(FaultOptions.millisecond)
        guard clock.offsetNanoseconds % ms == 0, clock.epochStartMilliseconds == NodeClock.perfect.epochStartMilliseconds,
              clock.jumps.allSatisfy({ $0.byNanoseconds % ms == 0 && $0.atTrueNanoseconds % UInt64(ms) == 0 }) else {
            throw .notWritable("the \(node) clock's offset, epoch or jumps are not whole milliseconds a file can hold")
        }
        var fields: [(String, JSONValue)] = []
        if clock.offsetNanoseconds != 0 { fields.append(("offsetMilliseconds", .integer(clock.offsetNanoseconds / ms))) }
        if clock.driftPartsPerMillion != 0 { fields.append(("driftPpm", .integer(clock.driftPartsPerMillion))) }
        if !clock.jumps.isEmpty {
            fields.append(("jumps", .array(clock.jumps.map { .object(JSONObject([("atMilliseconds", .integer(Int64($0.atTrueNanoseconds) / ms)), ("byMilliseconds", .integer($0.byNanoseconds / ms))])) })))
        }
        return .object(JSONObject(fields))
    }
}
