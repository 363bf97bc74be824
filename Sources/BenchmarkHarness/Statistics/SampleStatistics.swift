/// The order statistics benchrunner reports for a set of samples: minimum, median, 90th percentile
/// and maximum.
///
/// - Median: the middle value of the sorted samples, or the mean of the two middle values when the
///   count is even.
/// - Percentile: the nearest-rank definition. The p-th percentile of n sorted samples is the sample
///   at 1-based rank ⌈p × n / 100⌉ (rank 1 for p = 0), so it is always one of the samples: p90 of
///   ten samples is the ninth smallest, and p90 of one to nine samples is the largest.
///
/// - Complexity: O(n log n) to sort the samples once.
package struct SampleStatistics: Sendable, Hashable, Codable {
    /// The number of samples.
    package let count: Int
    /// The smallest sample.
    package let min: Double
    /// The median: the middle sample, or the mean of the two middle ones.
    package let median: Double
    /// The 90th percentile, by nearest rank: always one of the samples.
    package let p90: Double
    /// The largest sample.
    package let max: Double

    /// Summarises `samples`, which must not be empty.
    package init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "SampleStatistics needs at least one sample")
        let sorted = samples.sorted()
        count = sorted.count
        min = sorted[0]
        median = Self.median(ofSorted: sorted)
        p90 = Self.percentile(90, ofSorted: sorted)
        max = sorted[sorted.count - 1]
    }

    /// The median of `sorted`, which must be sorted ascending and not empty.
    package static func median(ofSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "the median of no samples is undefined")
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 { return sorted[middle] }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The nearest-rank `percent`-th percentile of `sorted`, which must be sorted ascending and not empty.
    ///
    /// The rank is computed in integers, so that p90 of 10 samples is exactly rank 9 and not rank 10
    /// through a rounding error in `0.9 * 10`.
    package static func percentile(_ percent: Int, ofSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "the percentile of no samples is undefined")
        precondition((0...100).contains(percent), "percentile \(percent) is outside 0...100")
        let rank = Swift.max(1, (percent * sorted.count + 99) / 100)
        return sorted[rank - 1]
    }
}
