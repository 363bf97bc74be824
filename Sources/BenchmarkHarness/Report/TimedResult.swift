/// One timed iteration: how long it took and how many items it processed.
public struct Sample: Sendable, Hashable, Codable {
    /// How long the iteration took by the wall clock, in seconds.
    public var seconds: Double
    /// How many items the iteration reported processing.
    public var items: Int

    /// Builds a sample from its duration in seconds and its item count.
    public init(seconds: Double, items: Int) {
        self.seconds = seconds
        self.items = items
    }

    /// Items per second. Durations are floored at one nanosecond, the clock's resolution, so that an
    /// iteration too fast to measure gives a large finite rate rather than infinity.
    public var itemsPerSecond: Double {
        Double(items) / Swift.max(seconds, Self.durationSecondsMin)
    }

    /// The shortest duration a sample is taken to have: one nanosecond.
    public static let durationSecondsMin = 1e-9
}

/// The timings of a timed workload: its samples and the statistics derived from them.
public struct TimedResult: Sendable, Equatable, Codable {
    /// What one item is, plural ("words", "arrays").
    public let unit: String
    /// Untimed iterations run before the samples.
    public let warmupIterations: Int
    /// Every timed iteration, in the order they ran.
    public let samples: [Sample]
    /// The first sample's item count; a well-behaved workload processes the same count every iteration.
    public let itemsPerIteration: Int
    /// Minimum, median, p90 and maximum of the samples' durations, in seconds.
    public let secondsPerIteration: SampleStatistics
    /// The median of the samples' throughputs, in items per second.
    public let medianItemsPerSecond: Double
    /// The throughput target for the report's build configuration, in items per second, if any.
    public let targetItemsPerSecond: Double?

    /// Computes the statistics of `samples`, which must not be empty.
    public init(unit: String, warmupIterations: Int, samples: [Sample], targetItemsPerSecond: Double?) {
        precondition(!samples.isEmpty, "a timed result needs at least one sample")
        self.unit = unit
        self.warmupIterations = warmupIterations
        self.samples = samples
        self.itemsPerIteration = samples[0].items
        self.secondsPerIteration = SampleStatistics(samples.map(\.seconds))
        self.medianItemsPerSecond = SampleStatistics.median(ofSorted: samples.map(\.itemsPerSecond).sorted())
        self.targetItemsPerSecond = targetItemsPerSecond
    }

    /// Whether the median throughput reaches the target; nil when there is no target.
    public var meetsTarget: Bool? {
        targetItemsPerSecond.map { medianItemsPerSecond >= $0 }
    }
}
