import BenchmarkHarness
import Foundation
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
        return (start.duration(to: clock.now), items)
    }

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
}
