/// A job's reports over time: the input the throttle properties are checked on.
///
/// Events are separated by gaps in milliseconds from `start`; a report carries the count the job reports
/// (which may be lower than an earlier one: reports arrive out of order when items run concurrently).
/// At most one event finishes the job; reports may follow it (a late callback), and must not be sent.
public struct ProgressUpdateStream: Hashable, Sendable, CustomStringConvertible {
    /// 2025-11-10T00:00:00Z, the seed's date: streams start at a realistic wall-clock time, because the
    /// seed's code treats a send at time 0 as "never sent" (`SeedProgressThrottle`).
    public static let startDefault = Timestamp(epochMilliseconds: 1_762_732_800_000)

    /// The wall-clock time the stream starts at; the first gap counts from it.
    public var start: Timestamp
    /// How many items the job has; every report carries it.
    public var totalCount: Int
    /// The job's reports and its finish, in time order.
    public var events: [Event]

    /// One thing the job does, a gap after the one before.
    public struct Event: Hashable, Sendable, CustomStringConvertible {
        /// Milliseconds after the previous event (or after `start`).
        public var gapMilliseconds: Int64
        /// What the job does: report a count, or finish.
        public var kind: Kind

        /// An event `gapMilliseconds` after the previous one.
        ///
        /// - Precondition: `gapMilliseconds` is non-negative.
        public init(gapMilliseconds: Int64, kind: Kind) {
            precondition(gapMilliseconds >= 0, "time never goes backwards: gap \(gapMilliseconds) ms")
            self.gapMilliseconds = gapMilliseconds
            self.kind = kind
        }

        public var description: String {
            switch kind {
            case let .report(count): return "+\(gapMilliseconds) report \(count)"
            case .finish: return "+\(gapMilliseconds) finish"
            }
        }
    }

    /// What an event is.
    public enum Kind: Hashable, Sendable {
        /// The job reports this many items processed.
        case report(processedCount: Int)
        /// The job finished (completed, failed or was canceled).
        case finish
    }

    /// A stream of `events` for a job of `totalCount` items, starting at `start`.
    ///
    /// - Precondition: `totalCount` is non-negative.
    public init(start: Timestamp = startDefault, totalCount: Int, events: [Event]) {
        precondition(totalCount >= 0, "a job has no negative number of items: \(totalCount)")
        self.start = start
        self.totalCount = totalCount
        self.events = events
    }

    public var description: String {
        "total \(totalCount): [" + events.map(\.description).joined(separator: ", ") + "]"
    }
}

/// What a throttle sent for a stream, in order, with the times on the stream's clock.
public struct ThrottleTrace: Hashable, Sendable, CustomStringConvertible {
    /// One message the throttle let out.
    public struct Emission: Hashable, Sendable {
        /// When the throttle let the message out, on the stream's clock.
        public var at: Timestamp
        /// Whether it was a progress message or the terminal one.
        public var kind: Kind

        /// What kind of message the throttle let out.
        public enum Kind: Hashable, Sendable {
            /// A progress message with this update (a keep-alive included).
            case progress(ProgressUpdate)
            /// The terminal message (complete, error or the loop's final update).
            case finish
        }

        /// The progress message's update, if this is one.
        public var progress: ProgressUpdate? {
            if case let .progress(update) = kind { return update }
            return nil
        }
    }

    /// One report the job made and what the throttle decided.
    public struct Report: Hashable, Sendable {
        /// When the job made the report.
        public var at: Timestamp
        /// The count the report carried.
        public var processedCount: Int
        /// What the throttle did with it: sent, held, dropped as stale, or refused after the finish.
        public var decision: ThrottleDecision
        /// Whether the job had already asked to finish.
        public var afterFinishRequest: Bool
    }

    /// When the stream started; `description` shows emission times as offsets from it.
    public var start: Timestamp
    /// How many items the job has.
    public var totalCount: Int
    /// The messages the throttle let out, in order.
    public var emissions: [Emission] = []
    /// Every report the job made, in order, with the throttle's decision.
    public var reports: [Report] = []
    /// When the job asked to finish, if it did.
    public var finishRequestedAt: Timestamp?
    /// Timer firings that had something to do.
    public var firings = 0
    /// Until when the throttle was run.
    public var observedUntil: Timestamp

    public var description: String {
        emissions.map { emission in
            let offset = emission.at.epochMilliseconds - start.epochMilliseconds
            switch emission.kind {
            case let .progress(update): return "+\(offset) progress \(update)"
            case .finish: return "+\(offset) finish"
            }
        }.joined(separator: ", ")
    }

    /// The progress messages, in order.
    public var progressEmissions: [Emission] { emissions.filter { $0.progress != nil } }
}

/// Runs a throttle over a stream on virtual time, as the progress socket would.
public enum ThrottleRun {
    /// How long after the last event timers keep running, so held reports, deferred finishes and
    /// keep-alives show: three keep-alive periods.
    public static let horizonMillisecondsDefault = 3 * ProgressLimits.keepAliveMilliseconds
    /// The most timer firings between two events; a throttle that asks to fire forever is a bug.
    public static let firingsBetweenEventsMax = 10_000

    /// Feeds `stream` to `throttle`: timers due at or before an event fire first (they were set
    /// earlier), then the event runs; after the last event, timers run for `horizonMilliseconds`.
    ///
    /// - Precondition: `throttle` settles: a timer that fires with nothing to do leaves its deadline,
    ///   and it fires at most `firingsBetweenEventsMax` times between two events. A throttle not known
    ///   to behave is run wrapped, as the conformance suite's `GuardedThrottle` does.
    public static func run<Throttle: ProgressThrottling>(
        _ stream: ProgressUpdateStream, with throttle: Throttle, horizonMilliseconds: Int64 = horizonMillisecondsDefault
    ) -> ThrottleTrace {
        var throttle = throttle
        var trace = ThrottleTrace(start: stream.start, totalCount: stream.totalCount, observedUntil: stream.start)
        var now = stream.start
        for event in stream.events {
            let at = now.adding(milliseconds: event.gapMilliseconds)
            runTimers(&throttle, through: at, trace: &trace)
            now = at
            switch event.kind {
            case let .report(count):
                let update = ProgressUpdate(processedCount: count, totalCount: stream.totalCount)
                let decision = throttle.offer(update, at: now)
                trace.reports.append(.init(at: now, processedCount: count, decision: decision, afterFinishRequest: trace.finishRequestedAt != nil))
                if case .sent = decision { trace.emissions.append(.init(at: now, kind: .progress(update))) }
            case .finish:
                if trace.finishRequestedAt == nil { trace.finishRequestedAt = now }
                switch throttle.finish(at: now) {
                case let .now(flushed):
                    if let flushed { trace.emissions.append(.init(at: now, kind: .progress(flushed))) }
                    trace.emissions.append(.init(at: now, kind: .finish))
                case .deferred, .alreadyFinished:
                    break
                }
            }
        }
        trace.observedUntil = now.adding(milliseconds: horizonMilliseconds)
        runTimers(&throttle, through: trace.observedUntil, trace: &trace)
        return trace
    }

    private static func runTimers<Throttle: ProgressThrottling>(_ throttle: inout Throttle, through limit: Timestamp, trace: inout ThrottleTrace) {
        var firings = 0
        while let deadline = throttle.deadline, deadline <= limit {
            firings += 1
            precondition(firings <= firingsBetweenEventsMax, "the throttle fired \(firings) times before \(limit) without settling; deadline \(deadline)")
            switch throttle.fire(at: deadline) {
            case .nothingDue:
                // A timer that fires with nothing to do must not stay due.
                precondition(throttle.deadline != deadline, "the throttle's deadline \(deadline) stays due after firing with nothing to do")
            case let .flushed(update), let .keptAlive(update):
                trace.firings += 1
                trace.emissions.append(.init(at: deadline, kind: .progress(update)))
            case let .finished(flushed):
                trace.firings += 1
                if let flushed { trace.emissions.append(.init(at: deadline, kind: .progress(flushed))) }
                trace.emissions.append(.init(at: deadline, kind: .finish))
            }
        }
    }
}
