import SpecModel

/// The smallest part of a job's recording that still breaks a rule, found by delta debugging.
///
/// Zeller's ddmin, complements only: split the lines into `n` chunks and try the recording without
/// each chunk; keep the first candidate on which the same rule still fails and go on with `n - 1`
/// chunks; when no chunk can go, split finer, down to single lines. What is left is 1-minimal: removing
/// any one line makes the rule pass. Each candidate is checked from a fresh state with only that rule
/// on, its deadlines judged against the candidate's own latest times.
///
/// - Complexity: at most `options.shrinkChecksMax` candidate checks, each O(lines).
public enum RecordingWitness {
    /// Whether `rule` fails on `lines` alone (in checking order).
    public static func fails(_ rule: RecordingRule, on lines: [RecordingLine], jobId: String, limits: RecordingLimits = RecordingLimits()) -> Bool {
        fails(rule, on: lines.map { RecordingEvent($0, jobId: jobId) }, jobId: jobId, limits: limits)
    }

    /// The 1-minimal sub-recording of `lines` that breaks `rule`, or `nil` if `lines` do not.
    public static func shrink(_ lines: [RecordingLine], breaking rule: RecordingRule, jobId: String, options: RecordingChecker.Options = .init()) -> [RecordingLine]? {
        shrink(lines.map { RecordingEvent($0, jobId: jobId) }, breaking: rule, jobId: jobId, options: options)?.map { lines[$0] }
    }

    /// Whether `rule` fails on `lines` alone (in checking order).
    static func fails(_ rule: RecordingRule, on lines: some Sequence<RecordingEvent>, jobId: String, limits: RecordingLimits) -> Bool {
        var check = RecordingJobCheck(jobId: jobId, limits: limits, enabled: [rule.id])
        var latest: [RecordingLine.Side: Timestamp] = [:]
        for line in lines {
            if let time = line.time { latest[line.side] = max(latest[line.side] ?? time, time) }
            if check.check(line).contains(where: { $0.rule == rule }) { return true }
        }
        return check.finish(through: latest).contains { $0.rule == rule }
    }

    /// The positions in `lines` of their 1-minimal sub-recording that breaks `rule`, or `nil` if
    /// `lines` do not.
    static func shrink(_ lines: [RecordingEvent], breaking rule: RecordingRule, jobId: String, options: RecordingChecker.Options) -> [Int]? {
        var checks = 1
        guard fails(rule, on: lines, jobId: jobId, limits: options.limits) else { return nil }
        var current = Array(lines.indices)
        var chunks = 2
        while current.count >= 2, checks < options.shrinkChecksMax {
            let size = (current.count + chunks - 1) / chunks
            var reduced = false
            var start = 0
            while start < current.count, checks < options.shrinkChecksMax {
                let end = min(start + size, current.count)
                let candidate = Array(current[..<start] + current[end...])
                checks += 1
                if !candidate.isEmpty, fails(rule, on: candidate.lazy.map { lines[$0] }, jobId: jobId, limits: options.limits) {
                    current = candidate
                    chunks = max(chunks - 1, 2)
                    reduced = true
                    break
                }
                start = end
            }
            if !reduced {
                guard chunks < current.count else { break }
                chunks = min(chunks * 2, current.count)
            }
        }
        return current
    }
}
