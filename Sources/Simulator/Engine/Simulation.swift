import Generators

/// The simulator's core: virtual time in integer nanoseconds from zero, timers that can be scheduled and
/// canceled, and a run loop that takes events in (deadline, sequence) order.
///
/// Time never goes backwards: an event runs at its deadline, `now` is set before it runs, and scheduling
/// before `now` is a programmer error that traps with the times involved. Nothing here reads the wall
/// clock or system randomness; a scenario's random choices come from `random`, seeded by the run's seed.
/// Every event that runs can be folded into `digest`, so a run is summed up by one number that the same
/// seed and scenario reproduce (issue 7, "Engine").
public struct Simulation<Event> {
    /// The current virtual time, in nanoseconds from the start of the run.
    @inlinable public var now: UInt64 { _now }
    @usableFromInline var _now: UInt64 = 0
    @usableFromInline var queue = EventQueue<Event>()
    /// Events run so far.
    @inlinable public var eventsRun: Int { _eventsRun }
    @usableFromInline var _eventsRun = 0
    /// The run's trace digest.
    public var digest = TraceDigest()
    /// The run's random choices, all from its seed.
    public var random: Xoshiro256StarStar
    /// The seed the run's PRNG started from; the same seed and scenario replay the same run.
    public let seed: UInt64

    /// Creates a run at virtual time 0 with nothing pending and its PRNG seeded by `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        random = Xoshiro256StarStar(seed: seed)
    }

    /// Timers pending.
    @inlinable
    public var pendingCount: Int { queue.count }

    /// Whether nothing is pending: the run is quiescent.
    @inlinable
    public var isQuiescent: Bool { queue.isEmpty }

    /// The deadline of the next pending event.
    @inlinable
    public mutating func nextDeadline() -> UInt64? { queue.peek()?.deadlineNanoseconds }

    /// Schedules `event` at `deadline`.
    /// - Precondition: `deadline >= now` (scheduling in the past is a bug in the caller).
    @discardableResult
    @inlinable
    public mutating func schedule(at deadline: UInt64, _ event: Event) -> EventQueue<Event>.EventID {
        precondition(deadline >= now, "scheduling at \(deadline) ns, before now (\(now) ns)")
        return queue.schedule(at: deadline, event)
    }

    /// Schedules `event` `delay` nanoseconds from now.
    @discardableResult
    @inlinable
    public mutating func schedule(after delay: UInt64, _ event: Event) -> EventQueue<Event>.EventID {
        let (deadline, overflow) = now.addingReportingOverflow(delay)
        precondition(!overflow, "a delay of \(delay) ns from \(now) ns overflows virtual time")
        return queue.schedule(at: deadline, event)
    }

    /// Cancels a pending timer; `false` if it already ran or was canceled.
    @discardableResult
    @inlinable
    public mutating func cancel(_ id: EventQueue<Event>.EventID) -> Bool {
        queue.cancel(id)
    }

    /// Whether a timer is still pending.
    @inlinable
    public func isPending(_ id: EventQueue<Event>.EventID) -> Bool {
        queue.isPending(id)
    }

    /// Takes the next event due at or before `limit` and moves `now` to its deadline; `nil` when none is.
    @inlinable
    public mutating func next(notAfter limit: UInt64 = .max) -> Event? {
        guard let deadline = queue.peek()?.deadlineNanoseconds, deadline <= limit else { return nil }
        let entry = queue.popNext()!
        precondition(entry.deadlineNanoseconds >= now, "an event due at \(entry.deadlineNanoseconds) ns came after now (\(now) ns)")
        _now = entry.deadlineNanoseconds
        _eventsRun += 1
        return entry.payload
    }

    /// Moves `now` forward to `time` without running anything (the caller has run every event due before).
    /// - Precondition: no event is due before `time`, and `time >= now`.
    @inlinable
    public mutating func advance(to time: UInt64) {
        precondition(time >= now, "time never goes backwards: \(time) ns is before now (\(now) ns)")
        if let deadline = queue.peek()?.deadlineNanoseconds {
            precondition(deadline >= time, "advancing to \(time) ns would skip an event due at \(deadline) ns")
        }
        _now = time
    }

    /// How a bounded run ended.
    public enum RunEnd: Hashable, Sendable {
        /// Nothing is pending.
        case quiescent
        /// The next event is due after the time limit.
        case reachedTimeLimit
        /// `eventsMax` events ran and more are pending.
        case reachedEventLimit
    }

    /// Runs events in order until quiescence, `until` (inclusive) or `eventsMax` events, calling
    /// `handle` for each with the simulation, so it can schedule and cancel.
    @inlinable
    public mutating func run(until limit: UInt64 = .max, eventsMax: Int = .max, _ handle: (inout Simulation, Event) -> Void) -> RunEnd {
        var ran = 0
        while true {
            guard ran < eventsMax else { return queue.isEmpty ? .quiescent : .reachedEventLimit }
            guard let event = next(notAfter: limit) else {
                if queue.isEmpty { return .quiescent }
                if limit != .max, _now < limit { _now = limit }
                return .reachedTimeLimit
            }
            ran += 1
            handle(&self, event)
        }
    }
}

/// Virtual-time units.
public enum VirtualTime {
    public static let nanosecondsPerMillisecond: UInt64 = 1_000_000
    public static let nanosecondsPerSecond: UInt64 = 1_000_000_000

    /// Traps on overflow: past about 584 years of virtual time.
    public static func milliseconds(_ milliseconds: UInt64) -> UInt64 { milliseconds * nanosecondsPerMillisecond }

    /// Traps on overflow: past about 584 years of virtual time.
    public static func seconds(_ seconds: UInt64) -> UInt64 { seconds * nanosecondsPerSecond }
}
