import Foundation

/// Everything one benchrunner run measured, as written to and read back from its JSON report.
///
/// The JSON is pretty-printed with sorted keys, so that two reports diff line by line. Optional
/// values that are absent (peak memory where it cannot be measured, a target a workload does not set)
/// are left out of the JSON rather than written as `null`. Dates are ISO 8601 to the second; the
/// report keeps its date to the whole second so that decoding gives back an equal report.
package struct BenchmarkReport: Sendable, Equatable, Codable {
    /// The schema this code writes and reads. Bump it when a field changes meaning or is removed.
    package static let schemaVersionCurrent = 1

    /// The schema the report was written in; this code writes `schemaVersionCurrent`.
    package var schemaVersion: Int
    /// The build configuration the run was compiled in, which decides the targets that apply.
    package var buildConfiguration: BuildConfiguration
    /// When the run started, to the whole second.
    package var date: Date
    /// The machine the run was made on.
    package var machine: MachineInfo
    /// benchrunner's command-line arguments, without the program name.
    package var arguments: [String]
    /// Whether this was a `--smoke` run, whose figures are not comparable with a full run's.
    package var smoke: Bool
    /// The workloads in the order they ran.
    package var workloads: [WorkloadReport]
    /// The highest resident memory of the whole process over the run, in MiB, where measurable.
    package var processPeakResidentMebibytes: Double?

    /// Builds a report of the current schema, its date truncated to the whole second.
    package init(
        buildConfiguration: BuildConfiguration,
        date: Date,
        machine: MachineInfo,
        arguments: [String],
        smoke: Bool,
        workloads: [WorkloadReport],
        processPeakResidentMebibytes: Double?
    ) {
        self.schemaVersion = Self.schemaVersionCurrent
        self.buildConfiguration = buildConfiguration
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        self.machine = machine
        self.arguments = arguments
        self.smoke = smoke
        self.workloads = workloads
        self.processPeakResidentMebibytes = processPeakResidentMebibytes
    }
}
