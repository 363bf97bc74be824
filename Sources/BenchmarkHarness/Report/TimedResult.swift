/// One timed iteration: how long it took and how many items it processed.
package struct Sample: Sendable, Hashable, Codable {
    /// How long the iteration took by the wall clock, in seconds.
    package var seconds: Double
    /// How many items the iteration reported processing.
    package var items: Int

    /// Builds a sample from its duration in seconds and its item count.
    package init(seconds: Double, items: Int) {
        self.seconds = seconds
        self.items = items
    }

    /// Items per second. Durations are floored at one nanosecond, the clock's resolution, so that an
    /// iteration too fast to measure gives a large finite rate rather than infinity.
    package var itemsPerSecond: Double {
        Double(items) / Swift.max(seconds, Self.durationSecondsMin)
    }

    /// The shortest duration a sample is taken to have: one nanosecond.
    package static let durationSecondsMin = 1e-9
}

/// The timings of a timed workload: its samples and the statistics derived from them.
package struct TimedResult: Sendable, Equatable, Codable {
    /// What one item is, plural ("words", "arrays").
    package let unit: String
    /// Untimed iterations run before the samples.
    package let warmupIterations: Int
    /// Every timed iteration, in the order they ran.
    package let samples: [Sample]
    /// The first sample's item count; a well-behaved workload processes the same count every iteration.
    package let itemsPerIteration: Int
    /// Minimum, median, p90 and maximum of the samples' durations, in seconds.
    package let secondsPerIteration: SampleStatistics
    /// The median of the samples' throughputs, in items per second.
    package let medianItemsPerSecond: Double
    /// The throughput target for the report's build configuration, in items per second, if any.
    package let targetItemsPerSecond: Double?

    /// Computes the statistics of `samples`, which must not be empty.
    package init(unit: String, warmupIterations: Int, samples: [Sample], targetItemsPerSecond: Double?) {
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
    package var meetsTarget: Bool? {
        targetItemsPerSecond.map { medianItemsPerSecond >= $0 }
    }
}
