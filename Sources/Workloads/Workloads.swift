import Generators

/// Every workload benchrunner knows, in the order it runs them.
package enum Workloads {
    /// Every workload: generators, shrinking, library reset, CSV parse and import, progress protocol, series, simulator, recordings.
    package static var all: [Workload] {
        GeneratorWorkloads.all + ShrinkingChallengeWorkloads.all + LibraryResetWorkloads.all
            + CSVParseWorkloads.all + CSVImportWorkloads.all + ProgressProtocolWorkloads.all
            + SeriesWorkloads.all + SimulatorWorkloads.all + RecordingWorkloads.all
    }
}
