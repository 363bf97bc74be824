import Simulator

/// A large session recording for sessioncheck, as a server running many jobs at once would write it:
/// `jobs` calm runs of `items` books, each under its own job ID and at its own pace (the k-th job
/// enriches a book every `itemIntervalsMilliseconds[k % 7]` ms), their lines merged in time order
/// (`simrunner record`).
///
/// The jobs start together and drift apart, as concurrent jobs of different sizes of book do; each
/// job's own lines keep their order (the merge only ever takes a job's next line), so each job checks as
/// its run did. Lines of different jobs at the same millisecond come in job order.
/// - Complexity: O(lines × jobs) for the merge.
public enum InterleavedRecording {
    /// The jobs' paces, in milliseconds per book, taken in turn.
    public static let itemIntervalsMilliseconds: [UInt64] = [600, 450, 700, 500, 650, 400, 550]

    /// The recording's lines, without line breaks.
    public static func lines(jobs: Int, items: Int) -> [String] {
        let runs = itemIntervalsMilliseconds.prefix(jobs).map { interval in
            var configuration = ProgressRun.Configuration(items: items, itemIntervalNanoseconds: interval * FaultOptions.millisecond)
            configuration.recordsRecording = true
            return ProgressRun.run(seed: 1, configuration).recording.map { (milliseconds: time(of: $0), line: $0) }
        }
        let copies = (0..<jobs).map { job in
            runs[job % runs.count].map { ($0.milliseconds, $0.line.replacing(ProgressRun.jobId, with: jobId(job))) }
        }
        var next = [Int](repeating: 0, count: jobs)
        var merged: [String] = []
        merged.reserveCapacity(copies.reduce(0) { $0 + $1.count })
        while true {
            var earliest: Int?
            for job in 0..<jobs where next[job] < copies[job].count {
                if let best = earliest, copies[best][next[best]].0 <= copies[job][next[job]].0 { continue }
                earliest = job
            }
            guard let job = earliest else { return merged }
            merged.append(copies[job][next[job]].1)
            next[job] += 1
        }
    }

    /// The model's job ID with its last six digits replaced by the job's number.
    public static func jobId(_ job: Int) -> String {
        String(ProgressRun.jobId.dropLast(6)) + String(String(job + 1_000_000).suffix(6))
    }

    /// The line's `"t_ms"`. Every line the simulator records has one.
    static func time(of line: String) -> Int64 {
        guard let key = line.range(of: "\"t_ms\":"), let milliseconds = Int64(line[key.upperBound...].prefix { $0.isNumber }) else {
            preconditionFailure("a recorded line without a t_ms: \(line)")
        }
        return milliseconds
    }
}
