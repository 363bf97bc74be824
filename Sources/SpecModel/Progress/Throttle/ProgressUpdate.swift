/// One progress report a job makes to its socket: how many items are done, of how many.
///
/// The job reports after every item (the seed's `onProgress(completed, total, title, hasError)`); the
/// throttle decides which reports travel (Seed: 003_…, Task 2). Counts are never negative; they may
/// arrive out of order, because the seed enriches ten books at once and each reports when it ends.
public struct ProgressUpdate: Hashable, Sendable, CustomStringConvertible {
    /// Items processed so far (enriched or failed).
    public var processedCount: Int
    /// Items in the job.
    public var totalCount: Int
    /// The item just processed, for the status line.
    public var currentTitle: String?
    /// A user-facing status line (see `StatusMessageFormatter`).
    public var userMessage: String?
    /// Whether this is a keep-alive: the last count sent again after a silence (D-073).
    public var keepAlive: Bool

    /// - Precondition: both counts are non-negative (the job counts its own items).
    public init(processedCount: Int, totalCount: Int, currentTitle: String? = nil, userMessage: String? = nil, keepAlive: Bool = false) {
        if let problem = Self.problem(processedCount: processedCount, totalCount: totalCount) { preconditionFailure(problem.description) }
        self.processedCount = processedCount
        self.totalCount = totalCount
        self.currentTitle = currentTitle
        self.userMessage = userMessage
        self.keepAlive = keepAlive
    }

    /// The update, or why a frame's values cannot be one (a decoder's path: the initialiser traps).
    public static func checked(processedCount: Int, totalCount: Int, currentTitle: String? = nil, userMessage: String? = nil, keepAlive: Bool = false) throws(ProgressValueError) -> ProgressUpdate {
        if let problem = problem(processedCount: processedCount, totalCount: totalCount) { throw problem }
        return ProgressUpdate(processedCount: processedCount, totalCount: totalCount, currentTitle: currentTitle, userMessage: userMessage, keepAlive: keepAlive)
    }

    static func problem(processedCount: Int, totalCount: Int) -> ProgressValueError? {
        if processedCount < 0 { return ProgressValueError("payload.processedCount", "progress counts are never negative: \(processedCount)") }
        if totalCount < 0 { return ProgressValueError("payload.totalCount", "progress counts are never negative: \(totalCount)") }
        return nil
    }

    /// The quarter of the job this count has reached: 0 below 25%, 1 from 25%, … 4 at 100%.
    ///
    /// A job of no items is complete: quarter 4. Computed without overflow for any counts.
    public var quarter: Int { Self.quarter(processedCount, of: totalCount) }

    /// The quarter `processedCount` has reached in a job of `totalCount` items (see `quarter`).
    public static func quarter(_ processedCount: Int, of totalCount: Int) -> Int {
        guard processedCount < totalCount else { return 4 }
        // 4 × count / total, in full width: count < total, so the quotient is below 4.
        let product = processedCount.multipliedFullWidth(by: 4)
        return totalCount.dividingFullWidth(product).quotient
    }

    public var description: String {
        "\(processedCount)/\(totalCount)" + (keepAlive ? " (keep-alive)" : "")
    }
}

/// Why a throttle sent a progress message.
public enum ThrottleSendReason: String, Hashable, Sendable, CustomStringConvertible {
    /// The job's first report: sent at once.
    case first
    /// The interval since the last message had passed.
    case interval
    /// A significant milestone (the seed's code: a count divisible by 25). The reference throttle never
    /// sends for this reason alone (D-071).
    case milestone
    /// The seed's "more than 10 s since the last message".
    case keepAlive
    /// A held report, sent when the interval passed.
    case flush

    public var description: String { rawValue }
}

/// What a throttle did with one report.
public enum ThrottleDecision: Hashable, Sendable {
    /// The report was sent at once.
    case sent(ThrottleSendReason)
    /// The report is held and will be sent when the interval passes, unless a later count replaces it.
    case held
    /// The report's count is below one already reported; it would move the client's count backwards,
    /// so it is dropped (a later count subsumes it).
    case stale
    /// The job has finished; nothing more is sent.
    case afterFinish
}

/// What a throttle's timer did when it fired.
public enum ThrottleFire: Hashable, Sendable {
    case nothingDue
    /// A held report was sent.
    case flushed(ProgressUpdate)
    /// Nothing was reported for the keep-alive period: the last count was sent again, marked keep-alive.
    case keptAlive(ProgressUpdate)
    /// A deferred finish is due: the held report (if any) is sent, then the terminal message.
    case finished(flushed: ProgressUpdate?)
}

/// What a throttle did when the job finished (completed, failed or was canceled).
public enum ThrottleFinish: Hashable, Sendable {
    /// Send the held report (if any), then the terminal message, now.
    case now(flushed: ProgressUpdate?)
    /// A report is held and the interval has not passed: the throttle fires at `until`, sending the held
    /// report and then the terminal message (D-072).
    case deferred(until: Timestamp)
    /// The job had already finished; nothing is sent.
    case alreadyFinished
}

/// A server-side progress throttle: a pure state machine with time passed in.
///
/// The socket calls `offer` for every report, `fire` when `deadline` arrives and `finish` when the job
/// ends; each returns what to send. Two implementations: `ProgressThrottle` (the reference, which keeps
/// the rate) and `SeedProgressThrottle` (the seed's code as written, which does not).
public protocol ProgressThrottling: Sendable {
    /// When `fire` next has something to do, or `nil` if nothing is scheduled.
    var deadline: Timestamp? { get }
    /// Decides one report at `now`.
    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision
    /// Runs the timer at `now` (at or after `deadline`).
    mutating func fire(at now: Timestamp) -> ThrottleFire
    /// The job has finished at `now`: flush what is held, then the terminal message.
    mutating func finish(at now: Timestamp) -> ThrottleFinish
}
