/// How a run compares with a baseline report: timed medians and measured metrics, side by side.
///
/// A timed workload regresses when its median time per iteration grew by more than the threshold, in
/// percent of the baseline's median; exactly at the threshold is not a regression. A measured metric
/// is compared too, but since its bound is what matters, it regresses only when the current value
/// misses its bound. Workloads (and metrics) present on one side only are listed, not flagged.
/// Everything is in the current report's run order, then the baseline's.
package struct BaselineComparison: Sendable, Equatable {
    /// A timed workload present in both reports.
    package struct TimedChange: Sendable, Equatable {
        /// The workload's name.
        package var workload: String
        /// The baseline's median time per iteration, in seconds.
        package var baselineMedianSeconds: Double
        /// This run's median time per iteration, in seconds.
        package var currentMedianSeconds: Double
        /// The growth of the median time in percent of the baseline's (positive is slower); nil when
        /// the baseline median is zero, which no real measurement gives.
        package var changePercent: Double?
        /// Whether the median time grew by more than the threshold.
        package var isRegression: Bool
        /// Whether the work per iteration changed, which makes the times incomparable.
        package var itemsPerIterationChanged: Bool
    }

    /// A metric of a measured workload present in both reports.
    package struct MetricChange: Sendable, Equatable {
        /// The workload's name.
        package var workload: String
        /// The metric's value in the baseline.
        package var baselineValue: Double
        /// The metric in this run, with its bound.
        package var current: MetricReport
        /// The change of the value in percent of the baseline's; nil when the baseline is zero and
        /// the current value is not.
        package var changePercent: Double?
        /// Whether the current value misses its bound.
        package var isRegression: Bool { !current.meetsBound }
    }

    /// The slowdown, in percent of the baseline median, beyond which a timed workload regressed.
    package var thresholdPercent: Double
    /// Timed workloads present in both reports, in this run's order.
    package var timed: [TimedChange]
    /// Metrics of measured workloads present in both reports, in this run's order.
    package var metrics: [MetricChange]
    /// Workloads, and `workload: metric` pairs, that only the baseline has.
    package var onlyInBaseline: [String]
    /// Workloads, and `workload: metric` pairs, that only the current run has.
    package var onlyInCurrent: [String]
    /// Reasons to read the figures with care: a different build configuration, machine or run mode.
    package var notes: [String]

    /// Whether any timed workload or measured metric regressed.
    package var hasRegression: Bool {
        timed.contains(where: \.isRegression) || metrics.contains(where: \.isRegression)
    }

    /// Compares `current` with `baseline`; a timed workload regresses past `thresholdPercent`, which must not be negative.
    package init(baseline: BenchmarkReport, current: BenchmarkReport, thresholdPercent: Double) {
        precondition(thresholdPercent >= 0, "regression threshold \(thresholdPercent)% is negative")
        self.thresholdPercent = thresholdPercent
        timed = []
        metrics = []
        onlyInBaseline = []
        onlyInCurrent = []
        notes = []

        if baseline.buildConfiguration != current.buildConfiguration {
            notes.append("the baseline is a \(baseline.buildConfiguration.rawValue) build and this run a "
                + "\(current.buildConfiguration.rawValue) build: times are not comparable")
        }
        if baseline.smoke != current.smoke {
            notes.append("one of the two reports is a --smoke run: times are not comparable")
        }
        if baseline.machine.hostName != current.machine.hostName {
            notes.append("the baseline was made on \(quoted(baseline.machine.hostName)), this run on "
                + "\(quoted(current.machine.hostName))")
        }

        // Lookups only; the order of the output comes from the reports' arrays. A hand-edited report
        // may repeat a name, in which case its first entry counts.
        let baselineByName = Dictionary(baseline.workloads.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let currentNames = Set(current.workloads.map(\.name))

        for workload in current.workloads {
            guard let before = baselineByName[workload.name] else {
                onlyInCurrent.append(workload.name)
                continue
            }
            switch (before.outcome, workload.outcome) {
            case let (.timed(old), .timed(new)):
                let change = Self.changePercent(from: old.secondsPerIteration.median, to: new.secondsPerIteration.median)
                timed.append(TimedChange(
                    workload: workload.name,
                    baselineMedianSeconds: old.secondsPerIteration.median,
                    currentMedianSeconds: new.secondsPerIteration.median,
                    changePercent: change,
                    isRegression: change.map { $0 > thresholdPercent } ?? false,
                    itemsPerIterationChanged: old.itemsPerIteration != new.itemsPerIteration
                ))
            case let (.measured(old), .measured(new)):
                compareMetrics(of: workload.name, baseline: old, current: new)
            default:
                notes.append("\(workload.name) changed kind between the reports and is not compared")
            }
        }
        for workload in baseline.workloads where !currentNames.contains(workload.name) {
            if !onlyInBaseline.contains(workload.name) { onlyInBaseline.append(workload.name) }
        }
    }

    private mutating func compareMetrics(of workload: String, baseline: [MetricReport], current: [MetricReport]) {
        let baselineByName = Dictionary(baseline.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let currentNames = Set(current.map(\.name))
        for metric in current {
            guard let before = baselineByName[metric.name] else {
                onlyInCurrent.append("\(workload): \(metric.name)")
                continue
            }
            metrics.append(MetricChange(
                workload: workload,
                baselineValue: before.value,
                current: metric,
                changePercent: Self.changePercent(from: before.value, to: metric.value)
            ))
        }
        for metric in baseline where !currentNames.contains(metric.name) {
            onlyInBaseline.append("\(workload): \(metric.name)")
        }
    }

    /// The change from `old` to `new` in percent of `old`; nil when `old` is zero and `new` is not.
    package static func changePercent(from old: Double, to new: Double) -> Double? {
        if old == new { return 0 }
        guard old != 0 else { return nil }
        return (new - old) / abs(old) * 100
    }
}
