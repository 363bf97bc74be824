import Foundation
import Workloads

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
    /// Runs `PythonCSV.script` with python3 on `file` for `iterations` iterations and returns its
    /// standard output, or why it could not (not found, failed, timed out).
    func runPythonCSV(_ file: CSVFile, iterations: Int) -> Result<String, PythonCSVError>
    /// The bytes of the file at `path` (`--csv`), refused unread when larger than `bytesMax`.
    func readFile(_ path: String, bytesMax: Int) -> Result<[UInt8], InputFileError>
}

/// A file given to benchrunner that it cannot read, naming it and why.
package enum InputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case folder(path: String)
    case unreadable(path: String, reason: String)
    case tooLarge(path: String, bytes: Int, bytesMax: Int)

    package var description: String {
        switch self {
        case let .notFound(path): "no file at \(quoted(path))"
        case let .folder(path): "\(quoted(path)) is a folder, not a file"
        case let .unreadable(path, reason): "cannot read \(quoted(path)): \(reason)"
        case let .tooLarge(path, bytes, bytesMax): "\(quoted(path)) is \(bytes) bytes, more than the \(bytesMax) benchrunner reads into memory"
        }
    }
}
