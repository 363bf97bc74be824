import SpecModel

/// One thing that happened in a simulated run, for an engineer to read: when (true time), where (the
/// node), what, and its details.
public struct SimulationTraceEvent: Hashable, Sendable {
    /// When it happened, in nanoseconds of true (virtual) time from the start of the run.
    public var timeNanoseconds: UInt64
    /// The name of the node it happened on.
    public var node: String
    /// What happened, as a dotted event name such as `frame.lost`.
    public var name: String
    /// The event's other fields, written after `t_ns`, `node` and `event` in its JSON object.
    public var details: JSONObject

    /// Creates an event at `timeNanoseconds` of true time on `node`, with optional details.
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
/// thread, each event an instant, each frame in flight a span from its sending to its arrival with a
/// flow arrow to the receiver, each lost frame a red span, the job's processed count and the client's
/// a counter track), so latency, loss and reordering show at a glance.
public enum SimulationTrace {
    /// The events as JSON Lines: one canonical object a line, in the order given, each line ending in a newline.
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
        var flows: Int64 = 0
        for event in events {
            let microseconds = Int64(clamping: event.timeNanoseconds / 1_000)
            let thread = threads[event.node]!
            traceEvents.append(.object([
                "name": .string(event.name), "ph": "i", "s": "t", "pid": 1, "tid": .integer(thread),
                "ts": .integer(microseconds), "args": .object(event.details),
            ]))
            // A frame in flight is a span on its sender's track from its sending to its arrival, with a
            // flow arrow to the receiver's track; a lost frame is a short red span that arrives nowhere.
            let type = event.details["type"]?.string ?? "frame"
            if let arrival = event.details["arrives_ns"]?.int64 {
                let arrives = Swift.max(microseconds + 1, arrival / 1_000)
                traceEvents.append(.object([
                    "name": .string("\(type) in flight"), "ph": "X", "pid": 1, "tid": .integer(thread), "ts": .integer(microseconds),
                    "dur": .integer(arrives - microseconds), "args": .object(event.details),
                ]))
                if let receiver = event.details["to"]?.string, let receiverThread = threads[receiver] {
                    flows += 1
                    traceEvents.append(.object([
                        "name": .string(type), "cat": "frame", "ph": "s", "id": .integer(flows), "pid": 1, "tid": .integer(thread), "ts": .integer(microseconds),
                    ]))
                    traceEvents.append(.object([
                        "name": .string(type), "cat": "frame", "ph": "f", "bp": "e", "id": .integer(flows), "pid": 1, "tid": .integer(receiverThread),
                        "ts": .integer(arrives),
                    ]))
                }
            } else if event.name == "frame.lost" {
                traceEvents.append(.object([
                    "name": .string("\(type) lost"), "ph": "X", "pid": 1, "tid": .integer(thread), "ts": .integer(microseconds), "dur": 1_000,
                    "cname": "terrible", "args": .object(event.details),
                ]))
            }
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
