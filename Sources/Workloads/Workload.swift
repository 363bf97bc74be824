/// A benchmark workload: something `benchrunner` runs and reports, shared with the test targets.
///
/// Two kinds exist. A *timed* workload does a fixed amount of work per iteration and reports how many
/// items it processed, so benchrunner can compute throughput from wall time (which only benchrunner
/// reads). A *measured* workload computes deterministic figures itself (shrink evaluations, distinct
/// counterexamples, event counts) and states the targets they must meet.
package enum Workload: Sendable {
    /// A workload benchrunner times: throughput from wall time.
    case timed(TimedWorkload)
    /// A workload that computes its own deterministic figures and their bounds.
    case measured(MeasuredWorkload)

    /// The workload's dotted name, such as `generators.prng.next`.
    package var name: String {
        switch self {
        case let .timed(workload): return workload.name
        case let .measured(workload): return workload.name
        }
    }

    /// One line saying what the workload does.
    package var summary: String {
        switch self {
        case let .timed(workload): return workload.summary
        case let .measured(workload): return workload.summary
        }
    }
}

/// A workload timed by benchrunner: each iteration does the same amount of work.
///
/// An iteration has an untimed preparation (building a library to reset, say) and a timed part:
/// `makeIteration` prepares and returns the closure benchrunner times. Only the returned closure runs
/// inside the timed region; whatever it frees before returning is timed with it.
package struct TimedWorkload: Sendable {
    /// The workload's dotted name, such as `library.reset.1500`.
    package let name: String
    /// One line saying what the workload does.
    package let summary: String
    /// What one processed item is, plural: "integers", "arrays", "property checks".
    package let unit: String
    /// The throughput the workload must reach in a release build, in items per second, if any.
    package let releaseTargetPerSecond: Double?
    /// The throughput the workload must reach in a debug build, in items per second, if any.
    package let debugTargetPerSecond: Double?
    /// When set, benchrunner reports the peak memory above the workload's starting point divided by
    /// this count (bytes per book, say).
    package let memoryItemCount: Int?
    /// The most peak memory per item allowed (bytes), judged when `memoryItemCount` is set.
    package let peakBytesPerItemMax: Double?
    /// Prepares one iteration (untimed) and returns the timed part, which returns the number of items
    /// processed.
    ///
    /// The result must depend on the work (a checksum folded into the count, for example, or the count
    /// itself computed from the data) so the optimiser cannot remove the work.
    package let makeIteration: @Sendable () -> @Sendable () -> Int
    /// For a CSV parse workload, the file it parses, so that benchrunner times Python's `csv` module
    /// on the same bytes in the same run; nil for the others.
    package var csvFile: (@Sendable () -> CSVFile)?

    /// A workload whose iterations need preparation.
    package init(
        name: String,
        summary: String,
        unit: String,
        releaseTargetPerSecond: Double? = nil,
        debugTargetPerSecond: Double? = nil,
        memoryItemCount: Int? = nil,
        peakBytesPerItemMax: Double? = nil,
        makeIteration: @escaping @Sendable () -> @Sendable () -> Int
    ) {
        self.name = name
        self.summary = summary
        self.unit = unit
        self.releaseTargetPerSecond = releaseTargetPerSecond
        self.debugTargetPerSecond = debugTargetPerSecond
        self.memoryItemCount = memoryItemCount
        self.peakBytesPerItemMax = peakBytesPerItemMax
        self.makeIteration = makeIteration
        self.csvFile = nil
    }

    /// This workload, with the file it parses for the comparison with Python's `csv`.
    package func parsing(_ file: @escaping @Sendable () -> CSVFile) -> TimedWorkload {
        var workload = self
        workload.csvFile = file
        return workload
    }

    /// A workload whose iterations need no preparation.
    package init(
        name: String,
        summary: String,
        unit: String,
        releaseTargetPerSecond: Double? = nil,
        debugTargetPerSecond: Double? = nil,
        iteration: @escaping @Sendable () -> Int
    ) {
        self.init(
            name: name, summary: summary, unit: unit, releaseTargetPerSecond: releaseTargetPerSecond,
            debugTargetPerSecond: debugTargetPerSecond, memoryItemCount: nil, makeIteration: { iteration }
        )
    }
}

/// A CSV file as a parse workload reads it: its bytes, its field delimiter and how many records (the
/// header included) it holds, which another parser must count too.
package struct CSVFile: Sendable {
    package var bytes: [UInt8]
    /// `,` or a tab, as one ASCII byte.
    package var delimiter: UInt8
    package var records: Int

    package init(bytes: [UInt8], delimiter: UInt8, records: Int) {
        self.bytes = bytes
        self.delimiter = delimiter
        self.records = records
    }
}

/// A workload that measures deterministic figures (counts, not time) against stated targets.
package struct MeasuredWorkload: Sendable {
    /// The workload's dotted name, such as `generators.shrinking.challenges`.
    package let name: String
    /// One line saying what the workload does.
    package let summary: String
    /// Computes the figures; `smoke` asks for a quick, reduced run (fewer seeds) for CI.
    package let measure: @Sendable (_ smoke: Bool) -> [Metric]

    /// Builds a measured workload from its name, summary and the function that computes its figures.
    package init(name: String, summary: String, measure: @escaping @Sendable (_ smoke: Bool) -> [Metric]) {
        self.name = name
        self.summary = summary
        self.measure = measure
    }
}

/// One measured figure and the bound it must respect.
package struct Metric: Sendable, Hashable, Codable {
    /// The limit a figure must respect.
    package enum Bound: Sendable, Hashable, Codable {
        /// The value must be at most this.
        case atMost(Double)
        /// The value must be at least this.
        case atLeast(Double)
    }

    /// What the figure is: "reverse: mean shrink evaluations".
    package let name: String
    /// The figure's value, in `unit`.
    package let value: Double
    /// The figure's unit, plural: "evaluations", "runs".
    package let unit: String
    /// The limit the value must respect, or `nil` when the figure is only reported.
    package let bound: Bound?

    /// Builds a figure with its unit and, optionally, its bound.
    package init(name: String, value: Double, unit: String, bound: Bound? = nil) {
        self.name = name
        self.value = value
        self.unit = unit
        self.bound = bound
    }

    /// Whether the value respects its bound (always true without one).
    package var meetsBound: Bool {
        switch bound {
        case nil: return true
        case let .atMost(limit)?: return value <= limit
        case let .atLeast(limit)?: return value >= limit
        }
    }
}
