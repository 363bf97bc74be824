import BenchmarkHarness
import CommandLineParsing
import Foundation
import Workloads
#if canImport(Glibc)
import Glibc
#endif

/// The real environment: `ContinuousClock` for timing, and Linux's `/proc` for peak memory.
///
/// Only this executable reads the clock; the harness libraries take durations as values. On platforms
/// without `/proc` the memory figures are unavailable and reported as "n/a".
struct SystemEnvironment: BenchmarkEnvironment {
    private let clock = ContinuousClock()

    func measure(_ iteration: () -> Int) -> (duration: Duration, items: Int) {
        let start = clock.now
        let items = iteration()
        if Self.slowdownPercent > 0 {
            // The self-test of `side-by-side`: a build made slower on purpose, by spinning.
            let deadline = start.advanced(by: start.duration(to: clock.now) * (1 + Double(Self.slowdownPercent) / 100))
            while clock.now < deadline {}
        }
        return (start.duration(to: clock.now), items)
    }

    /// `BENCHRUNNER_SLOWDOWN_PERCENT`: makes every timed iteration this much slower, so that
    /// `benchrunner side-by-side` can be shown to catch a slowed build (`.ci/run` does). 0 when unset.
    static let slowdownPercent: Int = {
        guard let text = ProcessInfo.processInfo.environment["BENCHRUNNER_SLOWDOWN_PERCENT"] else { return 0 }
        guard let percent = Int(text), (0...1_000).contains(percent) else {
            StandardStream.error.write("benchrunner: BENCHRUNNER_SLOWDOWN_PERCENT must be 0 to 1000, got \(text)\n")
            exit(2)
        }
        return percent
    }()

    #if os(Linux)
    /// glibc's `malloc_trim`, which the Glibc module does not export; looked up once, `nil` elsewhere.
    private static let trimHeap: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
    #endif

    func resetPeakResidentMemory() -> Bool {
        #if os(Linux)
        // The heap memory earlier workloads freed goes back to the system first, so each workload starts
        // from the same small heap: a million-book reset leaves 1.6 GB of free chunks that otherwise
        // slow the next workload's allocations and hide its peak.
        _ = Self.trimHeap?(0)
        // Writing "5" to clear_refs resets the peak RSS (VmHWM) to the current RSS (Linux 4.0 and later).
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
        #else
        return false
        #endif
    }

    func peakResidentKibibytes() -> Int? {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return ProcStatus.peakResidentKibibytes(in: status)
        #else
        return nil
        #endif
    }

    func currentDate() -> Date {
        Date()
    }

    func machineInfo() -> MachineInfo {
        MachineInfo.current()
    }

    func runPythonCSV(_ file: CSVFile, iterations: Int) -> Result<String, PythonCSVError> {
        PythonRunner.run(file, iterations: iterations)
    }

    func readFile(_ path: String, bytesMax: Int) -> Result<[UInt8], InputFileError> {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .failure(.notFound(path: path)) }
        if isFolder.boolValue { return .failure(.folder(path: path)) }
        let size: Int
        do {
            size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        } catch {
            return .failure(.unreadable(path: path, reason: error.localizedDescription))
        }
        if size > bytesMax { return .failure(.tooLarge(path: path, bytes: size, bytesMax: bytesMax)) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.unreadable(path: path, reason: "the file could not be read")) }
        return data.count > bytesMax ? .failure(.tooLarge(path: path, bytes: data.count, bytesMax: bytesMax)) : .success(Array(data))
    }
}
