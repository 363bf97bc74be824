import Generators

/// Two builds' timings of the same workloads, taken alternately on one machine in one session, and
/// the verdict on each: the ratio of the new median time to the old, with a bootstrap confidence
/// interval, as benchstat and criterion judge a change.
///
/// A workload regressed when its ratio is above `1 + threshold` and the whole interval lies above 1:
/// the slowdown is larger than the threshold and larger than the noise the run measured. Faster is
/// the mirror image. Anything else is "no change beyond the noise", whatever the ratio says.
package struct SideBySide: Sendable, Equatable {
    /// One workload's comparison.
    package struct Change: Sendable, Equatable {
        /// The workload's name.
        package var workload: String
        /// Per-iteration seconds of every sample of the old build.
        package var oldSeconds: [Double]
        /// Per-iteration seconds of every sample of the new build.
        package var newSeconds: [Double]
        /// median(new) / median(old).
        package var ratio: Double
        /// The 95% bootstrap interval of the ratio.
        package var interval: ClosedRange<Double>
        /// What the change amounts to, given the threshold and the interval.
        package var verdict: Verdict
    }

    /// What a change amounts to.
    package enum Verdict: String, Sendable, Equatable {
        /// The slowdown exceeds the threshold and the whole interval lies above 1.
        case regression = "REGRESSION"
        /// The speed-up exceeds the threshold and the whole interval lies below 1.
        case faster
        /// Neither: the ratio is within the threshold, or the interval does not clear 1.
        case withinNoise = "no change beyond the noise"
    }

    /// Each workload timed by both builds, in the old build's order.
    package var changes: [Change]
    /// The slowdown, in percent of the old median, a regression must exceed.
    package var thresholdPercent: Double

    /// Bootstrap resamples per workload.
    package static let resamples = 2_000
    /// The bootstrap's seed: the verdict on the same samples is always the same.
    package static let seed: UInt64 = 0x5EED_0B5E_55ED

    /// Compares the samples of each workload present on both sides, in the order of `old`.
    package init(old: [(workload: String, seconds: [Double])], new: [(workload: String, seconds: [Double])], thresholdPercent: Double) {
        self.thresholdPercent = thresholdPercent
        var random = Xoshiro256StarStar(seed: Self.seed)
        changes = old.compactMap { old in
            guard let new = new.first(where: { $0.workload == old.workload }), !old.seconds.isEmpty, !new.seconds.isEmpty else { return nil }
            let ratio = Self.median(new.seconds) / Swift.max(Self.median(old.seconds), Sample.durationSecondsMin)
            let interval = Self.bootstrapInterval(old: old.seconds, new: new.seconds, random: &random)
            let limit = 1 + thresholdPercent / 100
            let verdict: Verdict
            if ratio > limit, interval.lowerBound > 1 {
                verdict = .regression
            } else if ratio < 1 / limit, interval.upperBound < 1 {
                verdict = .faster
            } else {
                verdict = .withinNoise
            }
            return Change(workload: old.workload, oldSeconds: old.seconds, newSeconds: new.seconds, ratio: ratio, interval: interval, verdict: verdict)
        }
    }

    /// Whether no workload regressed.
    package var passed: Bool { !changes.contains { $0.verdict == .regression } }

    /// The median of `values` (the mean of the middle two for an even count).
    static func median(_ values: [Double]) -> Double {
        SampleStatistics.median(ofSorted: values.sorted())
    }

    /// The 2.5th and 97.5th percentiles of median(new*)/median(old*) over resamples of each side.
    static func bootstrapInterval(old: [Double], new: [Double], random: inout Xoshiro256StarStar) -> ClosedRange<Double> {
        func resampledMedian(_ values: [Double]) -> Double {
            median((0..<values.count).map { _ in values[Int(random.nextBounded(below: UInt64(values.count)))] })
        }
        let ratios = (0..<resamples).map { _ in resampledMedian(new) / Swift.max(resampledMedian(old), Sample.durationSecondsMin) }.sorted()
        let cut = resamples / 40  // 2.5% at each end
        return ratios[cut]...ratios[resamples - 1 - cut]
    }
}
