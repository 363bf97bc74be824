import SpecConformance
import SpecModel
import Testing

// Wrong progress throttles: the seed's own code, and the model with one thing changed the way a
// backend's throttle might get it wrong.

/// Keeps the interval but never flushes what it holds: no timer at all.
private struct HeldReportsDroppedThrottle: ProgressThrottling {
    var inner = ProgressThrottle()

    var deadline: Timestamp? { nil }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision { inner.offer(update, at: now) }

    mutating func fire(at now: Timestamp) -> ThrottleFire { .nothingDue }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        _ = inner.finish(at: now)
        return .now(flushed: nil)
    }
}

/// Flushes the held report and sends the finish at once, as the seed's `completeV2` does (O-03).
private struct ImmediateCompletionFlushThrottle: ProgressThrottling {
    var inner = ProgressThrottle()
    var finishedEarly = false

    var deadline: Timestamp? { finishedEarly ? nil : inner.deadline }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        finishedEarly ? .afterFinish : inner.offer(update, at: now)
    }

    mutating func fire(at now: Timestamp) -> ThrottleFire {
        finishedEarly ? .nothingDue : inner.fire(at: now)
    }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        guard !finishedEarly else { return .alreadyFinished }
        let held = inner.held
        let finish = inner.finish(at: now)
        if case .deferred = finish {
            finishedEarly = true
            return .now(flushed: held)
        }
        return finish
    }
}

/// Sends the first report at or past each quarter at once, whatever the time since the last message:
/// the seed's "always send 25%, 50%, 75%, 100%" with the quarters of the strategy (O-01).
private struct MilestonesAtOnceThrottle: ProgressThrottling {
    var inner = ProgressThrottle()
    var quarterReached = 0

    var deadline: Timestamp? { inner.deadline }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        let decision = inner.offer(update, at: now)
        guard update.quarter > quarterReached else { return decision }
        quarterReached = update.quarter
        return decision == .held ? .sent(.milestone) : decision
    }

    mutating func fire(at now: Timestamp) -> ThrottleFire { inner.fire(at: now) }

    mutating func finish(at now: Timestamp) -> ThrottleFinish { inner.finish(at: now) }
}

/// Sends a late lower count when the interval allows, without D-074's check.
private struct StaleCountsSentThrottle: ProgressThrottling {
    var inner = ProgressThrottle()

    var deadline: Timestamp? { inner.deadline }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        let decision = inner.offer(update, at: now)
        if decision == .stale, let last = inner.lastSentAt, now.epochMilliseconds - last.epochMilliseconds >= inner.intervalMilliseconds {
            return .sent(.interval)
        }
        return decision
    }

    mutating func fire(at now: Timestamp) -> ThrottleFire { inner.fire(at: now) }

    mutating func finish(at now: Timestamp) -> ThrottleFinish { inner.finish(at: now) }
}

/// Still sends reports that a late callback makes after the job finished.
private struct ReportsAfterFinishThrottle: ProgressThrottling {
    var inner = ProgressThrottle()

    var deadline: Timestamp? { inner.deadline }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        let decision = inner.offer(update, at: now)
        return decision == .afterFinish ? .sent(.interval) : decision
    }

    mutating func fire(at now: Timestamp) -> ThrottleFire { inner.fire(at: now) }

    mutating func finish(at now: Timestamp) -> ThrottleFinish { inner.finish(at: now) }
}

/// Holds the first report for an interval like any other, as a throttle whose last send time starts
/// at the job's start would.
private struct FirstReportHeldThrottle: ProgressThrottling {
    var inner = ProgressThrottle()
    var started = false
    var pending: (update: ProgressUpdate, since: Timestamp)?

    var deadline: Timestamp? {
        if let pending { return pending.since.adding(milliseconds: inner.intervalMilliseconds) }
        return inner.deadline
    }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        if !started {
            started = true
            pending = (update, now)
            return .held
        }
        if let held = pending {
            guard update.processedCount >= held.update.processedCount else { return .stale }
            pending = (update, held.since)
            return .held
        }
        return inner.offer(update, at: now)
    }

    mutating func fire(at now: Timestamp) -> ThrottleFire {
        guard let held = pending else { return inner.fire(at: now) }
        guard now >= held.since.adding(milliseconds: inner.intervalMilliseconds) else { return .nothingDue }
        pending = nil
        _ = inner.offer(held.update, at: now)
        return .flushed(held.update)
    }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        guard let held = pending else { return inner.finish(at: now) }
        pending = nil
        _ = inner.finish(at: now)
        return .now(flushed: held.update)
    }
}

/// Production's socket has no throttle: every report goes out as it comes.
private struct UnthrottledThrottle: ProgressThrottling {
    var finished = false

    var deadline: Timestamp? { nil }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision { finished ? .afterFinish : .sent(.interval) }

    mutating func fire(at now: Timestamp) -> ThrottleFire { .nothingDue }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        guard !finished else { return .alreadyFinished }
        finished = true
        return .now(flushed: nil)
    }
}

enum WrongProgressThrottles {
    static let all: [WrongImplementation] = [
        .of({ .progressThrottle }, "SeedProgressThrottle", flaw: "the seed's code as written: milestones and the completion flush bypass the interval, late milestone counts are sent, reports after completion are sent, no keep-alive timer (O-01 to O-03)",
            breaks: "THROTTLE-01", "THROTTLE-04", "THROTTLE-05", "THROTTLE-06") {
            SeedProgressThrottle()
        },
        .of({ .progressThrottle }, "HeldReportsDroppedThrottle", flaw: "keeps the interval but never flushes a held report, so the final count is lost", breaks: "THROTTLE-02", "THROTTLE-03") {
            HeldReportsDroppedThrottle()
        },
        .of({ .progressThrottle }, "ImmediateCompletionFlushThrottle", flaw: "flushes the held report and finishes at once on completion, inside the interval (O-03)", breaks: "THROTTLE-01") {
            ImmediateCompletionFlushThrottle()
        },
        .of({ .progressThrottle }, "MilestonesAtOnceThrottle", flaw: "sends each quarter's first report at once, whatever the time since the last message (O-01)", breaks: "THROTTLE-01") {
            MilestonesAtOnceThrottle()
        },
        .of({ .progressThrottle }, "StaleCountsSentThrottle", flaw: "sends a late lower count once the interval has passed (no D-074 check)", breaks: "THROTTLE-04") {
            StaleCountsSentThrottle()
        },
        .of({ .progressThrottle }, "ShortIntervalThrottle", flaw: "an interval of 499 ms, one short", breaks: "THROTTLE-01", "THROTTLE-08", "THROTTLE-09") {
            ProgressThrottle(intervalMilliseconds: 499)
        },
        .of({ .progressThrottle }, "OneSecondIntervalThrottle", flaw: "an interval of 1,000 ms, the top of the expert's \"500-1000ms\", so milestones wait too long", breaks: "THROTTLE-02", "THROTTLE-08") {
            ProgressThrottle(intervalMilliseconds: 1_000)
        },
        .of({ .progressThrottle }, "LateKeepAliveThrottle", flaw: "sends the keep-alive after 10,001 ms of silence (`>` for `>=`)", breaks: "THROTTLE-06") {
            ProgressThrottle(keepAliveMilliseconds: 10_001)
        },
        .of({ .progressThrottle }, "EarlyKeepAliveThrottle", flaw: "sends the keep-alive after 9,999 ms of silence, one short", breaks: "THROTTLE-06") {
            ProgressThrottle(keepAliveMilliseconds: 9_999)
        },
        .of({ .progressThrottle }, "ReportsAfterFinishThrottle", flaw: "still sends a late callback's report after the job finished", breaks: "THROTTLE-05") {
            ReportsAfterFinishThrottle()
        },
        .of({ .progressThrottle }, "UnthrottledThrottle", flaw: "production: no throttle at all, every report sent as it comes, no keep-alive", breaks: "THROTTLE-09", "THROTTLE-01", "THROTTLE-06") {
            UnthrottledThrottle()
        },
        .of({ .progressThrottle }, "FirstReportHeldThrottle", flaw: "holds the first report for an interval instead of sending it at once", breaks: "THROTTLE-07") {
            FirstReportHeldThrottle()
        },
    ]
}

/// The seed contradicts itself on the throttle (O-01 to O-03), so a throttle that follows either passage
/// literally differs from the decisions and fails no rule; one with no throttle at all breaks the seed's
/// own words (THROTTLE-09).
@Suite struct ThrottleSeedReadingTests {
    @Test func aThrottleFollowingTheSeedLiterallyDiffersButFailsNoRule() {
        let names = ["SeedProgressThrottle", "MilestonesAtOnceThrottle", "ImmediateCompletionFlushThrottle"]
        for (wrong, result) in ConformanceCatalog.run.wrong where names.contains(wrong.name) {
            #expect(result.count(.fail) == 0, "\(wrong.name) fails \(result.rules.filter { $0.grade == .fail }.map(\.rule.id))")
            #expect(result.count(.differs) > 0, "\(wrong.name) differs from no decision")
        }
    }

    @Test func noThrottleAtAllFailsTheSeedsRule() {
        let result = ConformanceCatalog.run.wrong.first { $0.0.name == "UnthrottledThrottle" }?.1
        #expect(result?.grade(of: "THROTTLE-09") == .fail)
    }
}
