/// Reads memory figures from the text of Linux's `/proc/self/status`.
///
/// benchrunner resets the peak by writing "5" to `/proc/self/clear_refs` before each workload, then
/// reads `VmHWM` ("high water mark") here after it, so that each workload's peak is its own.
package enum ProcStatus {
    /// The peak resident set size, from the `VmHWM:` line, in KiB; nil if there is no such line or
    /// it does not read as `<integer> kB`.
    package static func peakResidentKibibytes(in status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let fields = line.dropFirst("VmHWM:".count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            // The kernel writes "kB" but means KiB.
            guard fields.count == 2, fields[1] == "kB", let kibibytes = Int(fields[0]), kibibytes >= 0 else {
                return nil
            }
            return kibibytes
        }
        return nil
    }
}
