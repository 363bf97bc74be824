import BenchmarkHarness
import Foundation
import Workloads

/// Reports, workloads and an environment for the harness tests, with figures chosen by hand.
enum HarnessFixtures {
    static let machine = MachineInfo(
        hostName: "bench-host", activeProcessorCount: 2, physicalMemoryBytes: 8 << 30, operatingSystem: "Linux 6.1"
    )
    static let date = Date(timeIntervalSince1970: 1_750_000_000)

    /// A timed workload's report whose samples all take `seconds`.
    static func timed(_ name: String, seconds: Double, items: Int = 1_000, target: Double? = nil) -> WorkloadReport {
        WorkloadReport(
            name: name,
            summary: "a timed fixture",
            peakResidentMebibytes: 12.5,
            outcome: .timed(TimedResult(
                unit: "items",
                warmupIterations: 2,
                samples: Array(repeating: Sample(seconds: seconds, items: items), count: 3),
                targetItemsPerSecond: target
            ))
        )
    }

    static func measured(_ name: String, _ metrics: [MetricReport]) -> WorkloadReport {
        WorkloadReport(name: name, summary: "a measured fixture", peakResidentMebibytes: nil, outcome: .measured(metrics))
    }

    static func metric(_ name: String, _ value: Double, atMost limit: Double) -> MetricReport {
        MetricReport(name: name, value: value, unit: "evaluations", bound: .init(relation: .atMost, limit: limit))
    }

    static func report(
        _ workloads: [WorkloadReport],
        configuration: BuildConfiguration = .release,
        smoke: Bool = false,
        hostName: String = "bench-host"
    ) -> BenchmarkReport {
        var machine = machine
        machine.hostName = hostName
        return BenchmarkReport(
            buildConfiguration: configuration,
            date: date,
            machine: machine,
            arguments: ["--iterations", "3"],
            smoke: smoke,
            workloads: workloads,
            processPeakResidentMebibytes: 40
        )
    }

    /// A fresh directory under the temporary directory; the caller removes it.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("benchharness-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// An environment whose clock and memory counters say what the test scripted.
final class ScriptedEnvironment: BenchmarkEnvironment {
    /// The durations `measure` reports, in turn, repeating the last.
    var durations: [Duration]
    var resetWorks = true
    var peakKibibytes: Int? = 20_480
    private(set) var measureCalls = 0
    private(set) var resetCalls = 0

    init(durations: [Duration] = [.milliseconds(2)]) {
        self.durations = durations
    }

    func measure(_ iteration: () -> Int) -> (duration: Duration, items: Int) {
        let items = iteration()
        let duration = durations[min(measureCalls, durations.count - 1)]
        measureCalls += 1
        return (duration, items)
    }

    func resetPeakResidentMemory() -> Bool {
        resetCalls += 1
        return resetWorks
    }

    func peakResidentKibibytes() -> Int? { peakKibibytes }
    func currentDate() -> Date { HarnessFixtures.date.addingTimeInterval(0.75) }
    func machineInfo() -> MachineInfo { HarnessFixtures.machine }

    /// What "python3" answers: by default 8 ms an iteration, the file's records read.
    var python: (CSVFile, Int) -> Result<String, PythonCSVError> = { file, iterations in
        .success("python 3.11.2\n" + String(repeating: "seconds 0.008\n", count: iterations) + "records \(file.records)\n")
    }
    private(set) var pythonFiles: [CSVFile] = []

    func runPythonCSV(_ file: CSVFile, iterations: Int) -> Result<String, PythonCSVError> {
        pythonFiles.append(file)
        return python(file, iterations)
    }

    /// The files `readFile` finds, by path.
    var files: [String: [UInt8]] = [:]

    func readFile(_ path: String, bytesMax: Int) -> Result<[UInt8], InputFileError> {
        guard let bytes = files[path] else { return .failure(.notFound(path: path)) }
        return bytes.count > bytesMax ? .failure(.tooLarge(path: path, bytes: bytes.count, bytesMax: bytesMax)) : .success(bytes)
    }
}

/// What a command wrote, line by line.
final class Transcript {
    private(set) var output: [String] = []
    private(set) var error: [String] = []
    /// Both streams' writes, in the order they were made.
    private(set) var events: [String] = []

    var console: Console {
        Console(output: { self.output.append($0); self.events.append($0) }, error: { self.error.append($0); self.events.append($0) })
    }

    var allOutput: String { output.joined(separator: "\n") }
    var allError: String { error.joined(separator: "\n") }
}

/// Counts the iterations of a timed workload; locked because workload closures must be `Sendable`.
final class IterationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        value += 1
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
