import SpecModel

/// One thing that happened in a simulated run, for an engineer to read: when (true time), where (the
/// node), what, and its details.
public struct SimulationTraceEvent: Hashable, Sendable {
    public var timeNanoseconds: UInt64
    public var node: String
    public var name: String
    public var details: JSONObject

    public init(timeNanoseconds: UInt64, node: String, name: String, details: JSONObject = JSONObject()) {
        self.timeNanoseconds = timeNanoseconds
        self.node = node
        self.name = name
        self.details = details
    }

    /// The event as one JSON object: `{"t_ns", "node", "event", …details}`.
    public var json: JSONValue {
        var object = details
        object["t_ns"] = .integer(Int64(clamping: timeNanoseconds))
        object["node"] = .string(node)
        object["event"] = .string(name)
        return .object(object)
    }
}

/// A run's trace in the two formats engineers open: JSON Lines (one canonical object a line, for
/// `grep` and `jq`) and the Chrome trace-event format (for Perfetto or `chrome://tracing`: each node a
/// thread, each event an instant, the job's processed count and the client's a counter track).
public enum SimulationTrace {
    public static func jsonLines(_ events: [SimulationTraceEvent]) -> String {
        var text = ""
        for event in events {
            text += event.json.encodedString()
            text += "\n"
        }
        return text
    }

    /// `{"traceEvents": [...], "displayTimeUnit": "ms"}` with timestamps in microseconds.
    public static func chromeTrace(_ events: [SimulationTraceEvent], counters: [String] = ["processed"]) -> String {
        var threads: [String: Int64] = [:]
        var traceEvents: [JSONValue] = []
        for node in events.map(\.node) where threads[node] == nil {
            let id = Int64(threads.count + 1)
            threads[node] = id
            traceEvents.append(.object([
                "name": "thread_name", "ph": "M", "pid": 1, "tid": .integer(id),
                "args": .object(["name": .string(node)]),
            ]))
        }
        for event in events {
            let microseconds = Int64(clamping: event.timeNanoseconds / 1_000)
            traceEvents.append(.object([
                "name": .string(event.name), "ph": "i", "s": "t", "pid": 1, "tid": .integer(threads[event.node]!),
                "ts": .integer(microseconds), "args": .object(event.details),
            ]))
            for counter in counters {
                guard let value = event.details[counter] else { continue }
                traceEvents.append(.object([
                    "name": .string("\(event.node) \(counter)"), "ph": "C", "pid": 1, "ts": .integer(microseconds),
                    "args": .object([counter: value]),
                ]))
            }
        }
        return JSONValue.object(["traceEvents": .array(traceEvents), "displayTimeUnit": "ms"]).encodedString()
    }
}
