import BenchmarkHarness
import CommandLineParsing
import Foundation

/// Runs another build's benchrunner for `benchrunner side-by-side`: its standard output is dropped,
/// its progress passes through, and its report is read from a temporary file.
enum BuildRunner {
    static func run(_ executable: String, _ arguments: [String]) -> Result<BenchmarkReport, SideBySideError> {
        let reportPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchrunner-side-by-side-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).json").path
        defer { removeIfPresent(reportPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments + ["--json", reportPath]
        process.standardOutput = FileHandle.nullDevice
        // The builds are compared with each other, not with Python: its timing would only slow the rounds.
        process.environment = ProcessInfo.processInfo.environment.merging([PythonRunner.switchVariable: "0"]) { $1 }
        do {
            try process.run()
        } catch {
            let reason = FileManager.default.fileExists(atPath: executable) ? "it is not an executable" : "no such file"
            return .failure(.notStarted(executable: executable, reason: reason))
        }
        process.waitUntilExit()
        // 1 is the other run's own verdict (a missed bound, say); its figures still count.
        guard process.terminationReason == .exit, [0, 1].contains(process.terminationStatus) else {
            return .failure(.failed(executable: executable, status: process.terminationStatus))
        }
        do {
            return .success(try BenchmarkReport.load(from: reportPath))
        } catch {
            return .failure(.report(error))
        }
    }

    /// Removes the temporary report; one that is already gone is fine, and one that cannot be removed
    /// is said, not hidden.
    static func removeIfPresent(_ path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            StandardStream.error.write("benchrunner: note: could not remove \(path)\n")
        }
    }
}
