import Generators

/// Every workload benchrunner knows, in the order it runs them.
public enum Workloads {
    public static var all: [Workload] {
        GeneratorWorkloads.all + ShrinkingChallengeWorkloads.all + LibraryResetWorkloads.all
            + CSVParseWorkloads.all + CSVImportWorkloads.all + ProgressProtocolWorkloads.all
            + SeriesWorkloads.all + SimulatorWorkloads.all + RecordingWorkloads.all
    }
}
