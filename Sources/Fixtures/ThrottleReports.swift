import Generators
import SpecModel

/// Reports for the throttle benchmark: when each arrives and what it carries, prepared before timing.
///
/// The mix is a job under load, drawn from `Xoshiro256StarStar` so every run decides the same reports:
/// 45% arrive in the same millisecond as the one before (a burst of concurrent items ending together),
/// 45% 20 ms later, 9% after 21 to 480 ms and 1% after a silence of 1 to 15 s (keep-alives fire).
/// One report in 25 is stale: a count 1 to 10 below the highest, from an item that ended late.
public struct ThrottleReports: Sendable {
    /// When each report arrives, never decreasing.
    public let times: [Timestamp]
    /// What each report carries (counts only, as the job's callback reports).
    public let updates: [ProgressUpdate]

    /// The number of reports.
    public var count: Int { updates.count }
    /// The simulated time from the first report to the last.
    public var spanMilliseconds: Int64 {
        guard let first = times.first, let last = times.last else { return 0 }
        return last.epochMilliseconds - first.epochMilliseconds
    }

    /// `count` reports of a job of `count` items, drawn from `seed`, starting at the stream default.
    public init(count: Int, seed: UInt64) {
        precondition(count >= 0, "a negative number of reports: \(count)")
        var random = Xoshiro256StarStar(seed: seed)
        var now = ProgressUpdateStream.startDefault
        var trueCount = 0
        var times: [Timestamp] = []
        var updates: [ProgressUpdate] = []
        times.reserveCapacity(count)
        updates.reserveCapacity(count)
        for _ in 0..<count {
            let gap: Int64
            switch random.nextBounded(below: 100) {
            case 0..<45: gap = 0
            case 45..<90: gap = 20
            case 90..<99: gap = 21 + Int64(random.nextBounded(below: 460))
            default: gap = 1_000 + Int64(random.nextBounded(below: 14_001))
            }
            now = now.adding(milliseconds: gap)
            let reported: Int
            if random.nextBounded(below: 25) == 0 {
                reported = max(0, trueCount - 1 - Int(random.nextBounded(below: 10)))
            } else {
                trueCount = min(count, trueCount + 1)
                reported = trueCount
            }
            times.append(now)
            updates.append(ProgressUpdate(processedCount: reported, totalCount: count))
        }
        self.times = times
        self.updates = updates
    }

    /// Reports at the given times, counting up from 1: for growth tests that choose the spacing.
    public init(times: [Timestamp]) {
        self.times = times
        self.updates = times.indices.map { ProgressUpdate(processedCount: $0 + 1, totalCount: times.count) }
    }

    /// What a throttle did with the reports.
    public struct Outcome: Hashable, Sendable {
        /// Reports the throttle decided (its `decisions` counter).
        public var decisions: Int
        /// Messages it let out: progress messages (sent, flushed, kept alive) and the terminal one.
        public var messages: Int
        /// Timer firings that had something to do.
        public var firings: Int
    }

    /// Runs a fresh `ProgressThrottle` over `reports` as the socket would: before each report, the
    /// timer fires at every deadline that has passed (it was set earlier); then the report is offered.
    /// After the last report the job finishes, and a deferred finish fires at its deadline.
    ///
    /// - Complexity: O(reports + firings), no allocation.
    public static func decide(_ reports: ThrottleReports) -> Outcome {
        var throttle = ProgressThrottle()
        var messages = 0
        var firings = 0
        let times = reports.times
        let updates = reports.updates
        for index in updates.indices {
            let now = times[index]
            while let deadline = throttle.deadline, deadline <= now {
                fire(&throttle, at: deadline, messages: &messages)
                firings += 1
            }
            if case .sent = throttle.offer(updates[index], at: now) { messages += 1 }
        }
        let end = times.last ?? ProgressUpdateStream.startDefault
        switch throttle.finish(at: end) {
        case let .now(flushed):
            messages += flushed == nil ? 1 : 2
        case let .deferred(until):
            fire(&throttle, at: until, messages: &messages)
            firings += 1
        case .alreadyFinished:
            preconditionFailure("the benchmark's throttle finished before its job")
        }
        precondition(throttle.deadline == nil, "the throttle still has a deadline after finishing: \(String(describing: throttle.deadline))")
        return Outcome(decisions: throttle.decisions, messages: messages, firings: firings)
    }

    /// Fires the throttle at `deadline`, which has come, counting what it sends.
    @inline(__always)
    private static func fire(_ throttle: inout ProgressThrottle, at deadline: Timestamp, messages: inout Int) {
        switch throttle.fire(at: deadline) {
        case .nothingDue:
            preconditionFailure("the throttle's deadline \(deadline) came with nothing to do")
        case .flushed, .keptAlive:
            messages += 1
        case let .finished(flushed):
            messages += flushed == nil ? 1 : 2
        }
    }
}
