/// The seed's throttle exactly as its code is written, kept as a second implementation so the property
/// suite can show what is wrong with it.
///
/// Seed: 003_…, Task 2, `updateProgressV2Throttled` and `completeV2`, transcribed line by line:
///
/// - send at once if `lastProgressSentTime === 0` (first), `processedCount % 25 === 0` (milestone),
///   more than 10,000 ms since the last send (keep-alive) or at least 500 ms (interval); sending sets
///   `lastProgressSentTime = now`, clears the pending report and cancels the flush timer;
/// - otherwise hold the report and, if no timer is set, set one for `500 - timeSinceLastSend` ms, which
///   sends whatever is pending when it fires;
/// - `completeV2` sends the pending report at once and cancels the timer.
///
/// What the property suite finds (`ThrottlePropertyTests`): milestones and the completion flush bypass the
/// interval, so three messages can go out in one second (O-01, O-03); a milestone count that arrives
/// after a higher count is sent, so the client's count goes backwards; and a report after completion is
/// still sent, because nothing records that the job finished. `lastProgressSentTime === 0` also means
/// that a message sent at time 0 does not count as sent; timestamps are milliseconds since 1970, so this
/// only shows at the epoch, and the suite's streams start at the seed's date instead.
public struct SeedProgressThrottle: ProgressThrottling, Hashable {
    /// The seed's `this.throttleInterval`: a report at least this long after the last send goes at once.
    public static let throttleIntervalMilliseconds = ProgressLimits.throttleIntervalMilliseconds
    /// The seed's keep-alive: a report more than this long after the last send goes at once.
    public static let keepAliveMilliseconds = ProgressLimits.keepAliveMilliseconds

    /// `this.lastProgressSentTime`, 0 before the first send.
    public private(set) var lastProgressSentTime: Int64 = 0
    /// `this.pendingProgress`.
    public private(set) var pendingProgress: ProgressUpdate?
    /// `this.flushTimer`: when it fires, or `nil` when no timer is set.
    public private(set) var flushTimer: Timestamp?

    /// A throttle that has sent nothing: `lastProgressSentTime` is 0 and no timer is set.
    public init() {}

    /// When the flush timer fires, or `nil` when no timer is set.
    public var deadline: Timestamp? { flushTimer }

    /// The seed's `updateProgressV2Throttled`: sends on first, milestone, keep-alive or interval, else
    /// holds the report and sets the flush timer if none is set.
    public mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        let timeSinceLastSend = now.epochMilliseconds - lastProgressSentTime
        let isFirstUpdate = lastProgressSentTime == 0
        let isSignificantMilestone = update.processedCount % 25 == 0
        let isKeepAlive = timeSinceLastSend > Self.keepAliveMilliseconds
        let isThrottleIntervalPassed = timeSinceLastSend >= Self.throttleIntervalMilliseconds
        if isFirstUpdate || isSignificantMilestone || isKeepAlive || isThrottleIntervalPassed {
            lastProgressSentTime = now.epochMilliseconds
            pendingProgress = nil
            flushTimer = nil
            if isFirstUpdate { return .sent(.first) }
            if isSignificantMilestone { return .sent(.milestone) }
            if isKeepAlive { return .sent(.keepAlive) }
            return .sent(.interval)
        }
        pendingProgress = update
        if flushTimer == nil {
            flushTimer = now.adding(milliseconds: Self.throttleIntervalMilliseconds - timeSinceLastSend)
        }
        return .held
    }

    /// The flush timer: sends the pending report, if any, and clears the timer.
    public mutating func fire(at now: Timestamp) -> ThrottleFire {
        guard let flushTimer, now >= flushTimer else { return .nothingDue }
        self.flushTimer = nil
        guard let pending = pendingProgress else { return .nothingDue }
        lastProgressSentTime = now.epochMilliseconds
        pendingProgress = nil
        return .flushed(pending)
    }

    /// The seed's `completeV2`: sends the pending report at once, whatever the time since the last send
    /// (O-03), and cancels the timer; it records no finish, so later reports are still sent.
    public mutating func finish(at now: Timestamp) -> ThrottleFinish {
        let flushed = pendingProgress
        pendingProgress = nil
        flushTimer = nil
        return .now(flushed: flushed)
    }
}
