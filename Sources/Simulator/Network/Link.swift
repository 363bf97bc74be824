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

    /// Whether `node` is offline at `time`.
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

    /// Creates a link from `from` to `to` with nothing sent yet.
    public init(from: NodeID, to: NodeID) {
        self.from = from
        self.to = to
    }

    /// Sends one frame at `now`.
    public mutating func send(at now: UInt64, options: FaultOptions, latency: LatencyDistribution, random: inout Xoshiro256StarStar) -> Delivery {
        framesSent += 1
        if options.isCut(from: from, to: to, at: now) || random.nextBounded(below: 1_000_000) < options.lossPartsPerMillion {
            framesLost += 1
            return Delivery(arrivals: [])
        }
        var arrival = now + latency.draw(&random)
        if random.nextBounded(below: 1_000_000) < options.reorderPartsPerMillion, options.reorderDelayMaxNanoseconds > 0 {
            framesReordered += 1
            arrival += 1 + random.nextBounded(below: options.reorderDelayMaxNanoseconds)
        } else {
            arrival = max(arrival, lastInOrderArrival)
            lastInOrderArrival = arrival
        }
        // A frame in flight when the receiver goes offline is lost with it.
        if options.isOffline(to, at: arrival) {
            framesLost += 1
            return Delivery(arrivals: [])
        }
        var arrivals = [arrival]
        if random.nextBounded(below: 1_000_000) < options.duplicationPartsPerMillion {
            framesDuplicated += 1
            arrivals.append(arrival + latency.draw(&random))
        }
        return Delivery(arrivals: arrivals)
    }
}
