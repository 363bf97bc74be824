import Generators

/// Identifies a node of a simulated run (a device, the backend).
public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The node's number, unique within a run; nodes are ordered by it.
    public let rawValue: Int

    /// Creates the identifier of node number `rawValue`.
    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "node \(rawValue)" }
}

/// A span of true time, half-open: `[start, end)` in nanoseconds.
public struct TimeWindow: Hashable, Sendable, CustomStringConvertible {
    /// The first nanosecond of true time inside the window.
    public var start: UInt64
    /// The first nanosecond of true time after the window.
    public var end: UInt64

    /// Creates the window `[start, end)` in true nanoseconds.
    /// - Precondition: `start <= end`.
    public init(start: UInt64, end: UInt64) {
        precondition(start <= end, "a window ends before it starts: \(start)...\(end)")
        self.start = start
        self.end = end
    }

    /// Whether true time `time`, in nanoseconds, falls inside the window.
    public func contains(_ time: UInt64) -> Bool { start <= time && time < end }

    public var description: String { "[\(start / 1_000_000) ms, \(end / 1_000_000) ms)" }
}

/// Every fault setting of a run, in one documented value (issue 7: "All fault settings live in one
/// documented options value"). Probabilities are in parts per million, so decisions are integer
/// comparisons against the run's PRNG.
public struct FaultOptions: Hashable, Sendable, CustomStringConvertible {
    /// A partition: frames from `from` to `to` are lost during `window`; both ways unless `oneWay`.
    public struct Partition: Hashable, Sendable {
        /// One end of the partition; when one-way, the node whose frames are cut.
        public var from: NodeID
        /// The other end; when one-way, the node the cut frames were bound for.
        public var to: NodeID
        /// When the partition holds, in true time; a frame is cut by when it was sent.
        public var window: TimeWindow
        /// Whether only frames from `from` to `to` are cut, rather than both directions.
        public var oneWay: Bool

        /// Creates a partition between `from` and `to` during `window`, both ways unless `oneWay`.
        public init(from: NodeID, to: NodeID, window: TimeWindow, oneWay: Bool = false) {
            self.from = from
            self.to = to
            self.window = window
            self.oneWay = oneWay
        }

        /// Whether this partition cuts a frame from `sender` to `receiver` sent at `time`.
        public func cuts(from sender: NodeID, to receiver: NodeID, at time: UInt64) -> Bool {
            guard window.contains(time) else { return false }
            if sender == from && receiver == to { return true }
            return !oneWay && sender == to && receiver == from
        }
    }

    /// What a script decides for one frame, by its place on its link: it replaces the loss, reordering
    /// and duplication draws for that frame (its latency is still drawn). Shrinking a failing run turns
    /// the frames its random faults hit into a script, then keeps only the entries the failure needs.
    public struct ScriptedFrame: Hashable, Sendable, Comparable {
        /// What happens to the frame.
        public enum Fate: Hashable, Sendable {
            case lost
            /// The frame arrives, held back `heldNanoseconds` more (out of order, so later frames may
            /// overtake it) when that is above 0, and with a copy `duplicateAfterNanoseconds` after it
            /// when that is not `nil`.
            case arrives(heldNanoseconds: UInt64, duplicateAfterNanoseconds: UInt64?)

            /// The frame is held back this many nanoseconds more, out of order.
            public static func held(nanoseconds: UInt64) -> Fate { .arrives(heldNanoseconds: nanoseconds, duplicateAfterNanoseconds: nil) }
            /// The frame arrives in order, and a copy of it arrives this many nanoseconds later.
            public static func duplicated(afterNanoseconds: UInt64) -> Fate { .arrives(heldNanoseconds: 0, duplicateAfterNanoseconds: afterNanoseconds) }
        }

        /// The node that sends the frame.
        public var from: NodeID
        public var to: NodeID
        /// The frame's number on its link, counting from 1 (closes included); with `message`, its
        /// number among the frames of that message type on the link.
        public var frame: Int
        /// The message type the frame is counted among (`"job_complete"`), or `nil` to count every
        /// frame of the link. A run that names its frames (the progress run) records them this way, so
        /// the script keeps its meaning when the inputs shrink and the frames in between change.
        public var message: String?
        /// What happens to it.
        public var fate: Fate

        /// Scripts frame number `frame` (from 1) of the link from `from` to `to`, or with `message`
        /// the `frame`-th frame of that message type on the link.
        public init(from: NodeID, to: NodeID, frame: Int, message: String? = nil, fate: Fate) {
            self.from = from
            self.to = to
            self.frame = frame
            self.message = message
            self.fate = fate
        }

        /// Scripted frames in order of link, message type (unnamed first), then number.
        public static func < (lhs: ScriptedFrame, rhs: ScriptedFrame) -> Bool {
            (lhs.from, lhs.to, lhs.message ?? "", lhs.frame) < (rhs.from, rhs.to, rhs.message ?? "", rhs.frame)
        }
    }

    /// WebSocket frames' latency.
    public var frameLatency: LatencyDistribution
    /// HTTP requests' latency, each way.
    public var requestLatency: LatencyDistribution
    /// The chance that a frame is lost, in parts per million, drawn for each frame (D-108).
    public var lossPartsPerMillion: UInt64
    /// The chance that a delivered frame arrives twice, in ppm; the copy takes a second latency draw (D-108).
    public var duplicationPartsPerMillion: UInt64
    /// A reordered frame is held back by up to `reorderDelayMaxNanoseconds` more, so later frames overtake it.
    public var reorderPartsPerMillion: UInt64
    /// The most extra delay a reordered frame is held back by, in nanoseconds; 0 turns reordering off.
    public var reorderDelayMaxNanoseconds: UInt64
    /// Partitions between nodes: a frame sent across one while it holds is lost.
    public var partitions: [Partition]
    /// Airplane mode, per node: the node sends and receives nothing.
    public var offline: [NodeID: [TimeWindow]]
    /// The server closes a WebSocket idle this long (Cloudflare: about 100 s).
    public var idleCloseNanoseconds: UInt64
    /// An HTTP request without an answer in this long fails with a timeout.
    public var httpTimeoutNanoseconds: UInt64
    /// Frames whose fate is scripted rather than drawn, at most one per (link, frame number); empty by
    /// default. A partition or an offline node still cuts a scripted frame.
    public var scriptedFrames: [ScriptedFrame] = [] {
        didSet { scriptIndex = Dictionary(scriptedFrames.map { (ScriptKey(from: $0.from, to: $0.to, message: $0.message, frame: $0.frame), $0.fate) }) { first, _ in first } }
    }
    /// `scriptedFrames` by link and frame number, for `Link.send`.
    private var scriptIndex: [ScriptKey: ScriptedFrame.Fate] = [:]

    private struct ScriptKey: Hashable, Sendable {
        var from: NodeID
        var to: NodeID
        var message: String?
        var frame: Int
    }

    /// Whether any frame can be lost, held back or duplicated under these options. When not (a calm
    /// run, or the liveness phase after the heal) a link neither counts frames by message type nor
    /// records fates, which keeps calm runs as fast as they were.
    var canHitFrames: Bool {
        lossPartsPerMillion > 0 || duplicationPartsPerMillion > 0 || reorderPartsPerMillion > 0
            || !partitions.isEmpty || !offline.isEmpty || !scriptIndex.isEmpty
    }

    /// The scripted fate of a frame from `from` to `to`: number `frame` on the link, or number
    /// `occurrence` of its message type; `nil` when the script does not name it.
    func scriptedFate(from: NodeID, to: NodeID, frame: Int, message: String?, occurrence: Int) -> ScriptedFrame.Fate? {
        guard !scriptIndex.isEmpty else { return nil }
        if let message, let fate = scriptIndex[ScriptKey(from: from, to: to, message: message, frame: occurrence)] { return fate }
        return scriptIndex[ScriptKey(from: from, to: to, message: nil, frame: frame)]
    }

    /// One millisecond, in nanoseconds, for writing fault settings.
    public static let millisecond: UInt64 = 1_000_000

    /// No faults: fixed 40 ms frames, 80 ms requests.
    public static let calm = FaultOptions(
        frameLatency: .fixed(nanoseconds: 40 * millisecond), requestLatency: .fixed(nanoseconds: 80 * millisecond),
        lossPartsPerMillion: 0, duplicationPartsPerMillion: 0, reorderPartsPerMillion: 0, reorderDelayMaxNanoseconds: 0,
        partitions: [], offline: [:], idleCloseNanoseconds: 100_000 * millisecond, httpTimeoutNanoseconds: 30_000 * millisecond
    )

    /// Creates options from every fault setting.
    /// - Precondition: every probability is at most 1,000,000 ppm.
    public init(
        frameLatency: LatencyDistribution, requestLatency: LatencyDistribution, lossPartsPerMillion: UInt64,
        duplicationPartsPerMillion: UInt64, reorderPartsPerMillion: UInt64, reorderDelayMaxNanoseconds: UInt64,
        partitions: [Partition], offline: [NodeID: [TimeWindow]], idleCloseNanoseconds: UInt64, httpTimeoutNanoseconds: UInt64
    ) {
        precondition([lossPartsPerMillion, duplicationPartsPerMillion, reorderPartsPerMillion].allSatisfy { $0 <= 1_000_000 }, "probabilities are at most 1,000,000 ppm")
        self.frameLatency = frameLatency
        self.requestLatency = requestLatency
        self.lossPartsPerMillion = lossPartsPerMillion
        self.duplicationPartsPerMillion = duplicationPartsPerMillion
        self.reorderPartsPerMillion = reorderPartsPerMillion
        self.reorderDelayMaxNanoseconds = reorderDelayMaxNanoseconds
        self.partitions = partitions
        self.offline = offline
        self.idleCloseNanoseconds = idleCloseNanoseconds
        self.httpTimeoutNanoseconds = httpTimeoutNanoseconds
    }

    /// Swarm mode: the options themselves drawn from the run's seed, so a sweep of seeds covers calm
    /// runs, lossy ones, long-tailed ones and partitioned ones (issue 7). Windows fall within
    /// `horizonNanoseconds`; partitions and offline periods involve `nodes`.
    public static func swarm(_ random: inout Xoshiro256StarStar, nodes: [NodeID], horizonNanoseconds: UInt64) -> FaultOptions {
        precondition(!nodes.isEmpty && horizonNanoseconds > 0, "swarm mode needs nodes and a horizon")
        func chance(_ perMillion: UInt64) -> Bool { random.nextBounded(below: 1_000_000) < perMillion }
        func window() -> TimeWindow {
            let start = random.nextBounded(below: horizonNanoseconds)
            let length = random.nextBounded(through: min(horizonNanoseconds - start, 180_000 * millisecond))
            return TimeWindow(start: start, end: start + length)
        }
        let latency: LatencyDistribution
        switch random.nextBounded(below: 3) {
        case 0: latency = .fixed(nanoseconds: (1 + random.nextBounded(below: 200)) * millisecond)
        case 1:
            let low = random.nextBounded(below: 100) * millisecond
            latency = .uniform(minimum: low, maximum: low + random.nextBounded(through: 400) * millisecond)
        default:
            latency = .longTailed(floor: 20 * millisecond, scale: (5 + random.nextBounded(below: 100)) * millisecond, shapeTenths: 11 + random.nextBounded(below: 20), cap: 20_000 * millisecond)
        }
        var partitions: [Partition] = []
        if nodes.count >= 2 {
            for _ in 0..<random.nextBounded(below: 3) {
                let a = nodes[Int(random.nextBounded(below: UInt64(nodes.count)))]
                var b = nodes[Int(random.nextBounded(below: UInt64(nodes.count)))]
                if a == b { b = nodes[(nodes.firstIndex(of: a)! + 1) % nodes.count] }
                partitions.append(Partition(from: a, to: b, window: window(), oneWay: chance(300_000)))
            }
        }
        var offline: [NodeID: [TimeWindow]] = [:]
        for node in nodes where chance(250_000) { offline[node] = [window()] }
        return FaultOptions(
            frameLatency: latency, requestLatency: latency,
            lossPartsPerMillion: chance(500_000) ? random.nextBounded(through: 200_000) : 0,
            duplicationPartsPerMillion: chance(300_000) ? random.nextBounded(through: 100_000) : 0,
            reorderPartsPerMillion: chance(300_000) ? random.nextBounded(through: 200_000) : 0,
            reorderDelayMaxNanoseconds: random.nextBounded(through: 2_000) * millisecond,
            partitions: partitions, offline: offline,
            idleCloseNanoseconds: 100_000 * millisecond, httpTimeoutNanoseconds: (5 + random.nextBounded(below: 56)) * 1_000 * millisecond
        )
    }

    /// Whether one of `node`'s offline windows holds `time` (virtual nanoseconds; a window holds its start,
    /// not its end).
    public func isOffline(_ node: NodeID, at time: UInt64) -> Bool {
        offline[node]?.contains { $0.contains(time) } ?? false
    }

    /// Whether a frame from `sender` to `receiver` sent at `time` cannot get through (a partition or
    /// either end offline).
    public func isCut(from sender: NodeID, to receiver: NodeID, at time: UInt64) -> Bool {
        isOffline(sender, at: time) || isOffline(receiver, at: time) || partitions.contains { $0.cuts(from: sender, to: receiver, at: time) }
    }

    public var description: String {
        var parts = ["frames \(frameLatency)", "requests \(requestLatency)"]
        if lossPartsPerMillion > 0 { parts.append("loss \(lossPartsPerMillion) ppm") }
        if duplicationPartsPerMillion > 0 { parts.append("duplication \(duplicationPartsPerMillion) ppm") }
        if reorderPartsPerMillion > 0 { parts.append("reorder \(reorderPartsPerMillion) ppm up to \(reorderDelayMaxNanoseconds / 1_000_000) ms") }
        for partition in partitions { parts.append("partition \(partition.from)\(partition.oneWay ? "→" : "↔")\(partition.to) \(partition.window)") }
        for node in offline.keys.sorted() { parts.append("\(node) offline \(offline[node]!.map(\.description).joined(separator: ", "))") }
        if !scriptedFrames.isEmpty { parts.append("\(scriptedFrames.count) scripted frames") }
        return parts.joined(separator: "; ")
    }
}

/// What a link did with one frame: the true times it arrives (none when lost, two when duplicated).
public struct Delivery: Hashable, Sendable {
    /// The true times the frame arrives, in nanoseconds: none when lost, two when duplicated.
    public var arrivals: [UInt64]
    /// Whether the frame never arrives.
    public var lost: Bool { arrivals.isEmpty }
}

/// A one-way link between two nodes: latency, loss, duplication, reordering, partitions and offline
/// periods from `FaultOptions`, with every random choice from the run's PRNG.
///
/// Without reordering a link is FIFO: a frame never arrives before one sent earlier on the same link
/// (a WebSocket runs over TCP). A reordered frame is held back by an extra delay and may be overtaken.
public struct Link: Hashable, Sendable {
    /// The node that sends on the link.
    public let from: NodeID
    /// The node that receives on the link.
    public let to: NodeID
    /// The latest arrival time of an in-order frame, for FIFO.
    public private(set) var lastInOrderArrival: UInt64 = 0
    /// Frames sent on the link, lost or not.
    public private(set) var framesSent = 0
    /// Frames lost: dropped by the loss rate, a cut link or a receiver offline when they arrive.
    public private(set) var framesLost = 0
    /// Frames the link delivered twice (D-108).
    public private(set) var framesDuplicated = 0
    /// Frames held back by a reordering delay, which a later frame may overtake.
    public private(set) var framesReordered = 0
    /// The frames the faults hit (lost to the loss rate, a partition or an offline node, held back,
    /// duplicated), as a script that would do the same to them: what shrinking a failing run starts
    /// from, so it can keep only the frames a failure needs.
    public private(set) var fates: [FaultOptions.ScriptedFrame] = []
    /// Frames sent so far of each message type the run named, counted while the options can hit frames
    /// (from the start of a run until its heal; frames are numbered by type only for fates and scripts).
    private var sentByMessage: [String: Int] = [:]

    /// Creates a link from `from` to `to` with nothing sent yet.
    public init(from: NodeID, to: NodeID) {
        self.from = from
        self.to = to
    }

    /// Sends one frame at `now`; `message` names its type, for scripts that count frames by type.
    public mutating func send(at now: UInt64, options: FaultOptions, latency: LatencyDistribution, random: inout Xoshiro256StarStar, message: String? = nil) -> Delivery {
        framesSent += 1
        var occurrence = framesSent
        if let message, options.canHitFrames {
            occurrence = sentByMessage[message, default: 0] + 1
            sentByMessage[message] = occurrence
        }
        if let fate = options.scriptedFate(from: from, to: to, frame: framesSent, message: message, occurrence: occurrence) {
            return sendScripted(fate, at: now, options: options, latency: latency, random: &random)
        }
        func noted(_ fate: FaultOptions.ScriptedFrame.Fate) -> FaultOptions.ScriptedFrame {
            FaultOptions.ScriptedFrame(from: from, to: to, frame: occurrence, message: message, fate: fate)
        }
        if options.isCut(from: from, to: to, at: now) || random.nextBounded(below: 1_000_000) < options.lossPartsPerMillion {
            framesLost += 1
            fates.append(noted(.lost))
            return Delivery(arrivals: [])
        }
        let afterLatency = now + latency.draw(&random)
        var held: UInt64 = 0
        if random.nextBounded(below: 1_000_000) < options.reorderPartsPerMillion, options.reorderDelayMaxNanoseconds > 0 {
            held = 1 + random.nextBounded(below: options.reorderDelayMaxNanoseconds)
        }
        let arrival = place(afterLatency, held: held)
        // A frame in flight when the receiver goes offline is lost with it.
        if options.isOffline(to, at: arrival) {
            framesLost += 1
            fates.append(noted(.lost))
            return Delivery(arrivals: [])
        }
        var arrivals = [arrival]
        var duplicateAfter: UInt64?
        if random.nextBounded(below: 1_000_000) < options.duplicationPartsPerMillion {
            framesDuplicated += 1
            let after = latency.draw(&random)
            arrivals.append(arrival + after)
            duplicateAfter = after
        }
        if held > 0 || duplicateAfter != nil { fates.append(noted(.arrives(heldNanoseconds: held, duplicateAfterNanoseconds: duplicateAfter))) }
        return Delivery(arrivals: arrivals)
    }

    /// When a frame arrives that its latency would bring at `afterLatency`: held back `held` more, out of
    /// order, when that is above 0; otherwise no earlier than the in-order frame before it (FIFO).
    private mutating func place(_ afterLatency: UInt64, held: UInt64) -> UInt64 {
        guard held == 0 else {
            framesReordered += 1
            return afterLatency + held
        }
        let arrival = max(afterLatency, lastInOrderArrival)
        lastInOrderArrival = arrival
        return arrival
    }

    /// Sends a frame whose fate the options script: no loss, reordering or duplication draw.
    private mutating func sendScripted(_ fate: FaultOptions.ScriptedFrame.Fate, at now: UInt64, options: FaultOptions, latency: LatencyDistribution, random: inout Xoshiro256StarStar) -> Delivery {
        guard case let .arrives(held, duplicateAfter) = fate else {
            framesLost += 1
            return Delivery(arrivals: [])
        }
        if options.isCut(from: from, to: to, at: now) {
            framesLost += 1
            return Delivery(arrivals: [])
        }
        let arrival = place(now + latency.draw(&random), held: held)
        if options.isOffline(to, at: arrival) {
            framesLost += 1
            return Delivery(arrivals: [])
        }
        guard let duplicateAfter else { return Delivery(arrivals: [arrival]) }
        framesDuplicated += 1
        return Delivery(arrivals: [arrival, arrival + duplicateAfter])
    }
}
