/// What one workload produced in a run: timings for a timed workload, metrics for a measured one.
package struct WorkloadReport: Sendable, Equatable, Codable {
    /// The workload's figures, which depend on its kind.
    package enum Outcome: Sendable, Equatable {
        /// A timed workload's samples and throughput.
        case timed(TimedResult)
        /// A measured workload's figures, with their bounds.
        case measured([MetricReport])
    }

    /// The workload's dotted name, such as `library.reset.1500`.
    package var name: String
    /// One line saying what the workload does.
    package var summary: String
    /// The process's peak resident memory while this workload ran, in MiB, where measurable.
    package var peakResidentMebibytes: Double?
    /// The peak memory above the workload's starting point per item (bytes per book, say), when the
    /// workload names an item count for memory.
    package var peakBytesPerItem: Double?
    /// The bound on `peakBytesPerItem`, if the workload states one.
    package var peakBytesPerItemMax: Double?
    /// The timings or the metrics the workload produced.
    package var outcome: Outcome
    /// For a CSV parse workload, Python's `csv` on the same bytes in the same run.
    package var pythonCSV: PythonCSVComparison?

    /// Builds a workload's report from its name, summary, memory figures and outcome.
    package init(name: String, summary: String, peakResidentMebibytes: Double?, peakBytesPerItem: Double? = nil, peakBytesPerItemMax: Double? = nil, outcome: Outcome) {
        self.name = name
        self.summary = summary
        self.peakResidentMebibytes = peakResidentMebibytes
        self.peakBytesPerItem = peakBytesPerItem
        self.peakBytesPerItemMax = peakBytesPerItemMax
        self.outcome = outcome
    }

    /// Whether the peak memory per item respects its bound; `nil` without a bound or a measurement.
    package var meetsMemoryBound: Bool? {
        guard let bound = peakBytesPerItemMax, let measured = peakBytesPerItem else { return nil }
        return measured <= bound
    }

    /// The timings, if this is a timed workload.
    package var timed: TimedResult? {
        if case let .timed(result) = outcome { return result }
        return nil
    }

    /// The metrics, if this is a measured workload.
    package var metrics: [MetricReport]? {
        if case let .measured(metrics) = outcome { return metrics }
        return nil
    }

    // The JSON is flat: a `kind` string, then `timed` or `metrics` beside the common fields.
    private enum CodingKeys: String, CodingKey {
        case name, summary, peakResidentMebibytes, peakBytesPerItem, peakBytesPerItemMax, kind, timed, metrics, pythonCSV
    }

    private enum Kind: String, Codable {
        case timed, measured
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decode(String.self, forKey: .summary)
        peakResidentMebibytes = try container.decodeIfPresent(Double.self, forKey: .peakResidentMebibytes)
        peakBytesPerItem = try container.decodeIfPresent(Double.self, forKey: .peakBytesPerItem)
        peakBytesPerItemMax = try container.decodeIfPresent(Double.self, forKey: .peakBytesPerItemMax)
        pythonCSV = try container.decodeIfPresent(PythonCSVComparison.self, forKey: .pythonCSV)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .timed: outcome = .timed(try container.decode(TimedResult.self, forKey: .timed))
        case .measured: outcome = .measured(try container.decode([MetricReport].self, forKey: .metrics))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(summary, forKey: .summary)
        try container.encodeIfPresent(peakResidentMebibytes, forKey: .peakResidentMebibytes)
        try container.encodeIfPresent(peakBytesPerItem, forKey: .peakBytesPerItem)
        try container.encodeIfPresent(pythonCSV, forKey: .pythonCSV)
        try container.encodeIfPresent(peakBytesPerItemMax, forKey: .peakBytesPerItemMax)
        switch outcome {
        case let .timed(result):
            try container.encode(Kind.timed, forKey: .kind)
            try container.encode(result, forKey: .timed)
        case let .measured(metrics):
            try container.encode(Kind.measured, forKey: .kind)
            try container.encode(metrics, forKey: .metrics)
        }
    }
}
