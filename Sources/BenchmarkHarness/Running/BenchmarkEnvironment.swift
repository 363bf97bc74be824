import Foundation

/// What only the executable may read: the wall clock, the date, and the process's memory counters.
///
/// The harness libraries never read the clock themselves, so that everything in them runs the same
/// way under test; benchrunner supplies the real environment and tests supply a scripted one.
package protocol BenchmarkEnvironment {
    /// Calls `iteration` once and returns how long it took by the wall clock, with what it returned.
    func measure(_ iteration: () -> Int) -> (duration: Duration, items: Int)
    /// Resets the process's peak resident memory to its current size; returns whether that worked.
    func resetPeakResidentMemory() -> Bool
    /// The process's peak resident memory since the last reset (or since it started), in KiB, where
    /// the platform tells it.
    func peakResidentKibibytes() -> Int?
    /// The current date, for the report.
    func currentDate() -> Date
    /// The machine, for the report.
    func machineInfo() -> MachineInfo
}
