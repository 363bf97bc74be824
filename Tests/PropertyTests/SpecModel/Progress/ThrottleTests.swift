import Fixtures
import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The seed's own throttle tests (Seed: 003_…, Task 2, "Backend Tests" and "Performance Tests"), run on
/// the reference throttle and, where they say something about it, on the seed's code as written.
@Suite struct ThrottleTests {
    static let start = ProgressUpdateStream.startDefault

    static func at(_ milliseconds: Int64) -> Timestamp { start.adding(milliseconds: milliseconds) }

    static func update(_ count: Int, of total: Int = 1_000) -> ProgressUpdate {
        ProgressUpdate(processedCount: count, totalCount: total)
    }

    // MARK: - The seed's tests

    /// "sends first update immediately".
    @Test func theFirstUpdateIsSentImmediately() {
        var reference = ProgressThrottle()
        var seed = SeedProgressThrottle()
        #expect(reference.offer(Self.update(1), at: Self.at(0)) == .sent(.first))
        #expect(seed.offer(Self.update(1), at: Self.at(0)) == .sent(.first))
    }

    /// "throttles rapid updates": ten updates less than 500 ms apart, only the first sent at once; the
    /// reference then delivers the last one when the interval passes.
    @Test func tenRapidUpdatesSendOnlyTheFirstAtOnceAndTheLastWhenTheIntervalPasses() {
        var reference = ProgressThrottle()
        var seed = SeedProgressThrottle()
        var referenceSent: [Int] = []
        var seedSent: [Int] = []
        for count in 1...10 {
            if case .sent = reference.offer(Self.update(count), at: Self.at(Int64(count) * 10)) { referenceSent.append(count) }
            if case .sent = seed.offer(Self.update(count), at: Self.at(Int64(count) * 10)) { seedSent.append(count) }
        }
        #expect(referenceSent == [1])
        #expect(seedSent == [1])
        #expect(reference.deadline == Self.at(10 + 500))
        #expect(reference.fire(at: Self.at(510)) == .flushed(Self.update(10)))
        #expect(reference.deadline == Self.at(510 + 10_000), "only the keep-alive is left")
    }

    /// "sends significant milestones": the seed's code sends 1 and 25 at once (25 % 25 == 0). The
    /// reference sends 1 at once and holds the rest: 26 subsumes the milestone 25 and goes out when the
    /// interval passes, so the client still sees two messages and never three in a second (D-071).
    @Test func milestonesAreSentAtOnceBySeedCodeAndWithinTheIntervalByTheReference() {
        var seed = SeedProgressThrottle()
        let seedDecisions = [1, 24, 25, 26].map { seed.offer(Self.update($0), at: Self.at(Int64($0))) }
        #expect(seedDecisions == [.sent(.first), .held, .sent(.milestone), .held])

        var reference = ProgressThrottle()
        let referenceDecisions = [1, 24, 25, 26].map { reference.offer(Self.update($0, of: 100), at: Self.at(Int64($0))) }
        #expect(referenceDecisions == [.sent(.first), .held, .held, .held])
        #expect(reference.fire(at: Self.at(501)) == .flushed(Self.update(26, of: 100)))
    }

    /// "flushes pending update on completion": 1 (immediate), 2 (flushed) and complete, three sends. The
    /// seed's code flushes at once; the reference defers the flush and the completion to the end of the
    /// interval, so the rate holds (D-072).
    @Test func completionFlushesTheHeldUpdateFirst() {
        var seed = SeedProgressThrottle()
        _ = seed.offer(Self.update(1), at: Self.at(0))
        _ = seed.offer(Self.update(2), at: Self.at(1))
        #expect(seed.finish(at: Self.at(2)) == .now(flushed: Self.update(2)))

        var reference = ProgressThrottle()
        _ = reference.offer(Self.update(1), at: Self.at(0))
        _ = reference.offer(Self.update(2), at: Self.at(1))
        #expect(reference.finish(at: Self.at(2)) == .deferred(until: Self.at(500)))
        #expect(reference.offer(Self.update(3), at: Self.at(3)) == .afterFinish)
        #expect(reference.fire(at: Self.at(500)) == .finished(flushed: Self.update(2)))
        #expect(reference.deadline == nil)
        #expect(reference.finish(at: Self.at(600)) == .alreadyFinished)

        let trace = ThrottleRun.run(
            ProgressUpdateStream(totalCount: 10, events: [
                .init(gapMilliseconds: 0, kind: .report(processedCount: 1)),
                .init(gapMilliseconds: 1, kind: .report(processedCount: 2)),
                .init(gapMilliseconds: 1, kind: .finish),
            ]),
            with: ProgressThrottle()
        )
        #expect(trace.description == "+0 progress 1/10, +500 progress 2/10, +500 finish")
    }

    /// "handles 1000 updates efficiently": one update every 20 ms for 20 s. The seed expects "~40
    /// messages"; the reference sends exactly 41 (one per 500 ms and the final count) and decides each
    /// update once. The seed's code, on the same stream, sends a timer flush and a milestone at the same
    /// instant every second (80 messages) and breaks its own rate in the first second.
    @Test func aThousandUpdatesOverTwentySecondsSendFortyOneMessages() {
        let stream = ProgressStreamFixture.steady(items: 1_000, spacingMilliseconds: 20)
        var throttle = ProgressThrottle()
        let trace = ThrottleRun.run(stream, with: throttle)
        #expect(trace.progressEmissions.count == 41)
        #expect(trace.progressEmissions.last?.progress?.processedCount == 1_000)
        #expect(trace.violations().isEmpty, "\(trace.violations())")
        for report in trace.reports { _ = throttle.offer(Self.update(report.processedCount), at: report.at) }
        #expect(throttle.decisions == 1_000)

        let seedTrace = ThrottleRun.run(stream, with: SeedProgressThrottle())
        #expect(seedTrace.progressEmissions.count == 80)
        #expect(seedTrace.violation(of: .rate)?.evidence == "3 progress messages within 1000 ms, at +20, +500, +1000 ms")
    }

    // MARK: - The reference's rules, one at a time

    /// A report below one already reported is dropped: the client's count never goes backwards (D-074).
    @Test func aLateLowerCountIsDroppedAsStale() {
        var throttle = ProgressThrottle()
        #expect(throttle.offer(Self.update(30), at: Self.at(0)) == .sent(.first))
        #expect(throttle.offer(Self.update(25), at: Self.at(600)) == .stale)
        #expect(throttle.offer(Self.update(30), at: Self.at(700)) == .sent(.interval))
    }

    /// After ten seconds without a message the last count goes out again, marked keep-alive, every ten
    /// seconds until the job reports or finishes (D-073).
    @Test func tenSecondsOfSilenceSendAKeepAliveRepeatingTheLastCount() {
        var throttle = ProgressThrottle()
        _ = throttle.offer(Self.update(7), at: Self.at(0))
        #expect(throttle.deadline == Self.at(10_000))
        #expect(throttle.fire(at: Self.at(9_999)) == .nothingDue)
        #expect(throttle.fire(at: Self.at(10_000)) == .keptAlive(ProgressUpdate(processedCount: 7, totalCount: 1_000, keepAlive: true)))
        #expect(throttle.deadline == Self.at(20_000))
        #expect(throttle.offer(Self.update(8), at: Self.at(10_100)) == .held, "a keep-alive counts as a message for the interval")
    }

    /// A finish with nothing held, or after the interval, goes out at once.
    @Test func aFinishWithNothingHeldOrAfterTheIntervalIsImmediate() {
        var idle = ProgressThrottle()
        #expect(idle.finish(at: Self.at(0)) == .now(flushed: nil))
        var late = ProgressThrottle()
        _ = late.offer(Self.update(1), at: Self.at(0))
        _ = late.offer(Self.update(2), at: Self.at(100))
        #expect(late.finish(at: Self.at(500)) == .now(flushed: Self.update(2)))
    }

    /// The node's clock stepping backwards holds reports rather than sending them or trapping.
    @Test func aClockSteppingBackwardsHoldsReports() {
        var throttle = ProgressThrottle()
        _ = throttle.offer(Self.update(1), at: Self.at(10_000))
        #expect(throttle.offer(Self.update(2), at: Self.at(1_000)) == .held)
        #expect(throttle.deadline == Self.at(10_500))
    }

    /// Quarters are computed without overflow and a job of no items is complete.
    @Test(arguments: [
        (0, 0, 4), (0, 100, 0), (24, 100, 0), (25, 100, 1), (49, 100, 1), (50, 100, 2), (75, 100, 3), (99, 100, 3), (100, 100, 4),
        (1, 7, 0), (2, 7, 1), (4, 7, 2), (6, 7, 3), (7, 7, 4), (Int.max - 1, Int.max, 3), (Int.max / 4 + 1, Int.max, 1),
    ])
    func quartersFollowThePercentages(count: Int, total: Int, quarter: Int) {
        #expect(ProgressUpdate.quarter(count, of: total) == quarter)
    }
}
