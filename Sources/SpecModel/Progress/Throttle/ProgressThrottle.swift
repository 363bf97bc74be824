/// The reference progress throttle: at most one progress message per interval, the first at once, a held
/// report flushed when the interval passes, a keep-alive after a silence, and the finish deferred until
/// the held report may go.
///
/// Seed: 003_…, Task 2, "Throttling Strategy" and `updateProgressV2Throttled` / `completeV2`. The seed's
/// code sends milestones and the completion flush at once, whatever the time since the last message,
/// which breaks its own "<2 progress messages per second" (O-01, O-03; `SeedProgressThrottle` keeps that
/// code). This throttle keeps the rate instead:
///
/// - Messages are at least `intervalMilliseconds` apart, so no half-open one-second window holds more
///   than two (D-071).
/// - The first report is sent at once. A report inside the interval is held; a later report replaces it
///   (its count subsumes the held one), and the held report is sent when the interval passes. So every
///   report, milestones included, is delivered or subsumed within one interval (D-071).
/// - A report whose count is below one already reported is dropped: the client's count never goes
///   backwards (D-074).
/// - After `keepAliveMilliseconds` without a message, the last count is sent again, marked keep-alive
///   (D-073).
/// - `finish` sends the held report and the terminal message at once if the interval has passed, and
///   otherwise defers both to the end of the interval, so the final count reaches the client before the
///   completion without breaking the rate (D-072). Nothing is sent after that.
///
/// Elapsed time is measured on the node's own clock; if that clock steps backwards, the elapsed time
/// counts as zero (reports are held), never as negative.
///
/// - Complexity: O(1) per call, no allocation.
public struct ProgressThrottle: ProgressThrottling, Hashable {
    public static let intervalMillisecondsDefault = ProgressLimits.throttleIntervalMilliseconds
    public static let keepAliveMillisecondsDefault = ProgressLimits.keepAliveMilliseconds

    /// The least time between two progress messages, in milliseconds (500 by default, D-071).
    public let intervalMilliseconds: Int64
    /// The silence after which the last count is sent again as a keep-alive, in milliseconds (10,000 by
    /// default, D-073).
    public let keepAliveMilliseconds: Int64

    /// When the last progress message was sent.
    public private(set) var lastSentAt: Timestamp?
    /// The last progress message sent.
    public private(set) var lastSent: ProgressUpdate?
    /// The report held for the end of the interval.
    public private(set) var held: ProgressUpdate?
    /// The highest count reported so far, or -1 before the first report.
    public private(set) var highestCount = -1
    /// Whether the job is running, finishing (a deferred finish pending) or finished.
    public private(set) var phase = Phase.running
    /// Reports decided, for benchmarks and growth tests.
    public private(set) var decisions = 0

    /// Where the throttle is in the job's life.
    public enum Phase: Hashable, Sendable {
        /// The job has not finished; reports are decided.
        case running
        /// The job finished while a report was held; the finish goes out at the end of the interval.
        case finishing
        /// The terminal message has gone; nothing more is sent.
        case finished
    }

    /// - Precondition: `intervalMilliseconds` is positive and `keepAliveMilliseconds` is at least the
    ///   interval.
    public init(intervalMilliseconds: Int64 = intervalMillisecondsDefault, keepAliveMilliseconds: Int64 = keepAliveMillisecondsDefault) {
        precondition(intervalMilliseconds > 0, "the throttle interval must be positive, got \(intervalMilliseconds) ms")
        precondition(keepAliveMilliseconds >= intervalMilliseconds, "the keep-alive period (\(keepAliveMilliseconds) ms) must be at least the interval (\(intervalMilliseconds) ms)")
        self.intervalMilliseconds = intervalMilliseconds
        self.keepAliveMilliseconds = keepAliveMilliseconds
    }

    /// The end of the interval while a report is held (or a finish is deferred), else the keep-alive
    /// time; `nil` before the first message and after the finish.
    public var deadline: Timestamp? {
        guard let lastSentAt, phase != .finished else { return nil }
        // `if case .some` rather than `held != nil`: the comparison copied the held update (retaining
        // its strings) on every call, and the socket asks for the deadline before every report.
        if case .some = held { return lastSentAt.adding(milliseconds: intervalMilliseconds) }
        return lastSentAt.adding(milliseconds: keepAliveMilliseconds)
    }

    /// The time since the last message on this node's clock, never negative.
    @inline(__always)
    private func elapsed(since sentAt: Timestamp, to now: Timestamp) -> Int64 {
        max(0, now.epochMilliseconds &- sentAt.epochMilliseconds)
    }

    /// Sends the first report and any report once the interval has passed; holds one inside the interval,
    /// replacing any held before it; drops a count below the highest reported (D-071, D-074).
    public mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        decisions &+= 1
        guard phase == .running else { return .afterFinish }
        guard update.processedCount >= highestCount else { return .stale }
        highestCount = update.processedCount
        guard let lastSentAt else {
            send(update, at: now)
            return .sent(.first)
        }
        if elapsed(since: lastSentAt, to: now) >= intervalMilliseconds {
            send(update, at: now)
            return .sent(.interval)
        }
        held = update
        return .held
    }

    /// Sends the held report, or the deferred finish, at the end of the interval; after a silence of
    /// `keepAliveMilliseconds`, sends the last count again marked keep-alive (D-073).
    public mutating func fire(at now: Timestamp) -> ThrottleFire {
        guard let deadline, now >= deadline else { return .nothingDue }
        switch phase {
        case .finished:
            return .nothingDue
        case .finishing:
            let flushed = held
            held = nil
            if let flushed { send(flushed, at: now) }
            phase = .finished
            return .finished(flushed: flushed)
        case .running:
            if let held {
                send(held, at: now)
                return .flushed(held)
            }
            // `deadline` is set only once something was sent, so `lastSent` is there.
            var alive = lastSent!
            alive.keepAlive = true
            lastSentAt = now
            return .keptAlive(alive)
        }
    }

    /// Sends the held report and the terminal message now if the interval has passed, else defers both to
    /// the end of the interval (D-072).
    public mutating func finish(at now: Timestamp) -> ThrottleFinish {
        guard phase == .running else { return .alreadyFinished }
        guard let held else {
            phase = .finished
            return .now(flushed: nil)
        }
        // A report is held only after a message was sent inside the interval, so `lastSentAt` is there.
        let sentAt = lastSentAt!
        if elapsed(since: sentAt, to: now) >= intervalMilliseconds {
            send(held, at: now)
            phase = .finished
            return .now(flushed: held)
        }
        phase = .finishing
        return .deferred(until: sentAt.adding(milliseconds: intervalMilliseconds))
    }

    @inline(__always)
    private mutating func send(_ update: ProgressUpdate, at now: Timestamp) {
        lastSentAt = now
        lastSent = update
        held = nil
    }
}
