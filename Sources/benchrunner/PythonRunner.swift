import BenchmarkHarness
import Foundation
import Workloads

/// Runs `PythonCSV.script` with the python3 found on the PATH, on a temporary copy of the file.
enum PythonRunner {
    /// The longest the program may run before it is stopped: far more than Python needs for the
    /// largest file's iterations (about 30 s at 5 MB/s), so only a hung program reaches it.
    static let timeoutSeconds = 600
    /// Set to 0, benchrunner does not run Python (`side-by-side` sets it for the builds it runs).
    static let switchVariable = "BENCHRUNNER_PYTHON_CSV"

    static func run(_ file: CSVFile, iterations: Int) -> Result<String, PythonCSVError> {
        if ProcessInfo.processInfo.environment[switchVariable] == "0" { return .failure(.turnedOff(variable: switchVariable)) }
        guard let python = executable(named: "python3") else { return .failure(.notFound) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("benchrunner-python-csv-\(getpid()).csv").path
        guard FileManager.default.createFile(atPath: path, contents: Data(file.bytes)) else {
            return .failure(.failed(reason: "the file for it could not be written to \(path)"))
        }
        defer { BuildRunner.removeIfPresent(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", PythonCSV.script, path, String(UnicodeScalar(file.delimiter)), String(iterations)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            return .failure(.failed(reason: "it could not be started: \(error.localizedDescription)"))
        }
        // Both pipes are drained while it runs, so a full pipe never blocks it.
        let reading = DispatchGroup()
        nonisolated(unsafe) var outputData = Data()
        nonisolated(unsafe) var errorData = Data()
        DispatchQueue.global().async(group: reading) { outputData = output.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: reading) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        if finished.wait(timeout: .now() + .seconds(timeoutSeconds)) == .timedOut {
            process.terminate()
            finished.wait()
            reading.wait()
            return .failure(.timedOut(seconds: timeoutSeconds))
        }
        reading.wait()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
            return .failure(.failed(reason: "exit status \(process.terminationStatus)\(message.isEmpty ? "" : ": " + message)"))
        }
        return .success(String(decoding: outputData, as: UTF8.self))
    }

    /// The first executable file named `name` in the PATH's folders.
    static func executable(named name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
