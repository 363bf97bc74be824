import Fixtures
import Generators
import SpecModel
import Synchronization

/// Seam: the backend's progress throttle is SpecModel's own protocol, `ProgressThrottling`; the model's
/// implementation is `ProgressThrottle`, the reference the suite runs as its model.
///
/// Seed 003_…, Task 2, "Throttling Strategy" and `updateProgressV2Throttled` / `completeV2`. The socket
/// calls `offer` for every report, `fire` when `deadline` comes and `finish` when the job ends; each
/// returns what to send, and time comes in as a value. A backend wraps its throttle:
///
///     struct BackendThrottle: ProgressThrottling {
///         var inner = ProgressThrottler()   // the backend's own, fed the suite's clock
///         var deadline: Timestamp? { inner.nextFlushAt.map(Timestamp.init) }
///         mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision { inner.report(update, now).decision }
///         mutating func fire(at now: Timestamp) -> ThrottleFire { inner.timerFired(now).fire }
///         mutating func finish(at now: Timestamp) -> ThrottleFinish { inner.complete(now).finish }
///     }
public typealias ModelProgressThrottle = ProgressThrottle

extension ConformanceSuite where Implementation: ProgressThrottling {
    /// The throttle suite: `ThrottleTrace`'s six properties over generated report streams (bursts,
    /// silences, late counts, milestones, a finish at any moment and reports after it), the first
    /// report and the interval, and examples pinning D-071 to D-074 with the 500 ms interval and the
    /// 10 s keep-alive on both sides.
    public static var progressThrottle: ConformanceSuite {
        typealias R = ProgressThrottleRules
        typealias C = ProgressThrottleChecks
        let streams = ProgressStreamFixture.generator()
        func keeps(_ rule: Rule, _ property: ThrottleProperty, exercises: @escaping (ProgressUpdateStream) -> Bool) -> ConformanceCheck<Implementation> {
            .property(rule, "generated report streams", streams, describe: { $0.description }, exercises: exercises) { implementation, stream in
                try C.check(property, stream, implementation)
            }
        }
        func pinned(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<ThrottleExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, example in
                try example.check(implementation)
            }
        }
        typealias E = ProgressStreamExercise
        return ConformanceSuite(id: "progress-throttle", title: "Progress throttle", seam: "ProgressThrottling", checks: [
            keeps(R.rate, .rate, exercises: E.hasReportsWithin(1_000)),
            pinned(R.rate, "milestone bursts, the completion flush, the seed's 1,000 updates", C.rateExamples),
            keeps(R.milestones, .milestoneDelivered, exercises: E.hasMilestone),
            pinned(R.milestones, "the seed's milestone test and quarters of small jobs", C.milestoneExamples),
            .property(R.finalCount, "generated report streams", streams, describe: { $0.description }, exercises: E.finishesAfterAReport) { implementation, stream in
                try C.checkFinalCountReached(stream, implementation)
            },
            pinned(R.finalCount, "the seed's completion test", C.finalCountExamples),
            keeps(R.monotone, .countsNeverGoBackwards, exercises: E.hasLateCount),
            pinned(R.monotone, "late lower counts", C.monotoneExamples),
            keeps(R.afterFinish, .nothingAfterFinish, exercises: E.finishes),
            pinned(R.afterFinish, "finishes and late reports", C.afterFinishExamples),
            keeps(R.keepAlive, .keepAlive, exercises: E.hasReportBeforeFinish),
            pinned(R.keepAlive, "silences around 10 s", C.keepAliveExamples),
            .property(R.first, "generated report streams", streams, describe: { $0.description }, exercises: E.hasReportBeforeFinish) { implementation, stream in
                try C.checkFirstReport(stream, implementation)
            },
            pinned(R.first, "first reports", C.firstExamples),
            .property(R.interval, "generated report streams", streams, describe: { $0.description }, exercises: E.hasReportsWithin(ProgressThrottle.intervalMillisecondsDefault)) { implementation, stream in
                try C.checkSpacing(stream, implementation)
            },
            pinned(R.interval, "reports around 500 ms", C.intervalExamples),
            .property(R.burstHeld, "generated report streams", streams, describe: { $0.description }, exercises: E.hasOrdinaryReportInABurst) { implementation, stream in
                try C.checkBurstHeld(stream, implementation)
            },
            pinned(R.burstHeld, "the seed's rapid updates, and reports around 500 ms", C.burstExamples),
        ])
    }
}

/// A fixed report stream and what the throttle must make of it.
struct ThrottleExample: Sendable {
    enum Expectation: Sendable {
        /// The emissions up to `until` ms after the start, as `ThrottleTrace.description` writes them.
        case emissions(until: Int64, String)
        /// The whole trace keeps the property.
        case keeps(ThrottleProperty)
        /// No ordinary report of a burst is sent at once (THROTTLE-09).
        case burstHeld
        /// The highest count reported before the finish reaches the client before the terminal message (THROTTLE-03).
        case finalCountReached
    }

    let stream: ProgressUpdateStream
    let expectation: Expectation

    /// A stream of `total` items with events at absolute offsets from the start.
    init(total: Int, _ events: [(Int64, ProgressUpdateStream.Kind)], _ expectation: Expectation) {
        var previous: Int64 = 0
        self.stream = ProgressUpdateStream(totalCount: total, events: events.map { offset, kind in
            defer { previous = offset }
            return ProgressUpdateStream.Event(gapMilliseconds: offset - previous, kind: kind)
        })
        self.expectation = expectation
    }

    init(_ stream: ProgressUpdateStream, _ expectation: Expectation) {
        self.stream = stream
        self.expectation = expectation
    }

    func check(_ throttle: some ProgressThrottling) throws {
        switch expectation {
        case let .keeps(property):
            try ProgressThrottleChecks.check(property, stream, throttle)
        case .burstHeld:
            try ProgressThrottleChecks.checkBurstHeld(stream, throttle)
        case .finalCountReached:
            try ProgressThrottleChecks.checkFinalCountReached(stream, throttle)
        case let .emissions(until, expected):
            let (trace, fault) = ProgressThrottleChecks.run(stream, throttle)
            let model = ThrottleRun.run(stream, with: ProgressThrottle())
            try ProgressThrottleChecks.ensureWellBehaved(fault, stream, trace)
            try ensure(ProgressThrottleChecks.emissions(of: model, until: until) == expected,
                "the suite's expectation, \(expected), is not what the model sends", question: "ThrottleRun.run(\(stream))", model: ProgressThrottleChecks.emissions(of: model, until: until))
            try ensureSame(ProgressThrottleChecks.emissions(of: trace, until: until), expected, "the messages sent up to +\(until) ms for \(stream)", show: { $0 })
        }
    }
}

/// The throttle suite's checks and examples.
enum ProgressThrottleChecks {
    /// The most timer firings one run may take; a throttle that keeps asking to fire is stopped there.
    static let firingsMax = 2_000

    /// Runs `throttle` over `stream` with `ThrottleRun`, guarded so that a throttle whose timer never
    /// settles ends the run with a fault instead of trapping.
    static func run<Throttle: ProgressThrottling>(_ stream: ProgressUpdateStream, _ throttle: Throttle) -> (ThrottleTrace, String?) {
        let watch = ThrottleWatch()
        let trace = ThrottleRun.run(stream, with: GuardedThrottle(inner: throttle, watch: watch))
        return (trace, watch.fault)
    }

    static func ensureWellBehaved(_ fault: String?, _ stream: ProgressUpdateStream, _ trace: ThrottleTrace) throws {
        if let fault {
            throw ConformanceViolation("the throttle's timer misbehaved: \(fault)", question: "ThrottleRun.run(\(stream))", implementation: trace.description)
        }
    }

    static func check(_ property: ThrottleProperty, _ stream: ProgressUpdateStream, _ throttle: some ProgressThrottling) throws {
        let (trace, fault) = run(stream, throttle)
        try ensureWellBehaved(fault, stream, trace)
        if let violation = trace.violation(of: property) {
            throw ConformanceViolation("the messages sent break \(property): \(violation.evidence)", question: "ThrottleRun.run(\(stream))",
                model: ThrottleRun.run(stream, with: ProgressThrottle()).description, implementation: trace.description)
        }
    }

    static func checkFirstReport(_ stream: ProgressUpdateStream, _ throttle: some ProgressThrottling) throws {
        let (trace, fault) = run(stream, throttle)
        try ensureWellBehaved(fault, stream, trace)
        guard let first = trace.reports.first, !first.afterFinishRequest else { return }
        let sent = trace.emissions.contains { $0.at == first.at && $0.progress?.processedCount == first.processedCount }
        try ensure(sent, "the first report, \(first.processedCount) at +\(ProgressConformance.offset(first.at)) ms, was not sent at once", question: "ThrottleRun.run(\(stream))",
            model: ThrottleRun.run(stream, with: ProgressThrottle()).description, implementation: trace.description)
    }

    static func checkSpacing(_ stream: ProgressUpdateStream, _ throttle: some ProgressThrottling) throws {
        let (trace, fault) = run(stream, throttle)
        try ensureWellBehaved(fault, stream, trace)
        let times = trace.progressEmissions.map(\.at.epochMilliseconds)
        for (earlier, later) in zip(times, times.dropFirst()) where later - earlier < ProgressThrottle.intervalMillisecondsDefault {
            throw ConformanceViolation("two progress messages only \(later - earlier) ms apart, at +\(earlier - stream.start.epochMilliseconds) and +\(later - stream.start.epochMilliseconds) ms",
                question: "ThrottleRun.run(\(stream))", model: ThrottleRun.run(stream, with: ProgressThrottle()).description, implementation: trace.description)
        }
    }

    /// THROTTLE-09: no report that is neither the first nor a milestone in either of the seed's readings
    /// goes out at once less than the interval after the previous progress message.
    static func checkBurstHeld(_ stream: ProgressUpdateStream, _ throttle: some ProgressThrottling) throws {
        let (trace, fault) = run(stream, throttle)
        try ensureWellBehaved(fault, stream, trace)
        if let evidence = burstEvidence(trace) {
            throw ConformanceViolation("\(evidence), inside the seed's 500 ms", question: "ThrottleRun.run(\(stream))",
                model: ThrottleRun.run(stream, with: ProgressThrottle()).description, implementation: trace.description, kind: "an ordinary report of a burst sent at once")
        }
    }

    /// THROTTLE-03: the highest count reported before the finish was sent before the terminal message.
    static func checkFinalCountReached(_ stream: ProgressUpdateStream, _ throttle: some ProgressThrottling) throws {
        let (trace, fault) = run(stream, throttle)
        try ensureWellBehaved(fault, stream, trace)
        if let evidence = finalCountEvidence(trace) {
            throw ConformanceViolation(evidence, question: "ThrottleRun.run(\(stream))", model: ThrottleRun.run(stream, with: ProgressThrottle()).description,
                implementation: trace.description, kind: "the final count lost")
        }
    }

    /// The highest count reported before the job asked to finish, when no progress message before the
    /// terminal message carried it (or a higher one): the seed's "No messages lost (final count
    /// accurate)". A count sent after the finish was asked for is THROTTLE-05's, not this rule's.
    static func finalCountEvidence(_ trace: ThrottleTrace) -> String? {
        guard let finishIndex = trace.emissions.firstIndex(where: { $0.kind == .finish }) else { return nil }
        guard let highest = trace.reports.filter({ !$0.afterFinishRequest }).map(\.processedCount).max() else { return nil }
        let seen = trace.emissions[..<finishIndex].compactMap { $0.progress?.processedCount }.max()
        if let seen, seen >= highest { return nil }
        return "the highest count reported was \(highest), but the client saw \(seen.map(String.init) ?? "no count") before the terminal message at +\(trace.emissions[finishIndex].at.epochMilliseconds - trace.start.epochMilliseconds) ms"
    }

    /// Whether the report of `count` is a milestone in either of the seed's readings: its code's
    /// `processedCount % 25 === 0`, or its strategy's quarters (the first report at or past one), given
    /// the highest quarter reached before it; returns the quarter reached with it.
    static func isMilestone(_ count: Int, total: Int, quarterReached: inout Int) -> Bool {
        let quarter = ProgressUpdate.quarter(count, of: total)
        defer { quarterReached = max(quarterReached, quarter) }
        return count % 25 == 0 || quarter > quarterReached
    }

    /// The first progress message of `trace` that went out at once for an ordinary report (not the job's
    /// first, not a milestone in either reading, made before the job asked to finish) less than the
    /// interval after the progress message before it, or `nil`. The finish's own flush is not judged
    /// here: when it goes is THROTTLE-05's (D-072).
    static func burstEvidence(_ trace: ThrottleTrace, intervalMilliseconds: Int64 = ProgressThrottle.intervalMillisecondsDefault) -> String? {
        let reports = trace.reports.filter { !$0.afterFinishRequest }
        var quarterReached = 0
        var kinds: [(at: Timestamp, count: Int, ordinary: Bool)] = []
        for (index, report) in reports.enumerated() {
            let milestone = isMilestone(report.processedCount, total: trace.totalCount, quarterReached: &quarterReached)
            kinds.append((report.at, report.processedCount, index > 0 && !milestone))
        }
        let progress = trace.progressEmissions
        for (earlier, later) in zip(progress, progress.dropFirst()) {
            guard later.at.epochMilliseconds - earlier.at.epochMilliseconds < intervalMilliseconds, let count = later.progress?.processedCount else { continue }
            if let finish = trace.finishRequestedAt, later.at >= finish { continue }
            let made = kinds.filter { $0.at == later.at && $0.count == count }
            guard !made.isEmpty, made.allSatisfy(\.ordinary) else { continue }
            return "report \(count) at +\(later.at.epochMilliseconds - trace.start.epochMilliseconds) ms, neither the first nor a milestone, was sent at once, \(later.at.epochMilliseconds - earlier.at.epochMilliseconds) ms after the progress message at +\(earlier.at.epochMilliseconds - trace.start.epochMilliseconds) ms"
        }
        return nil
    }

    /// The trace's emissions up to `until` ms after its start, as `ThrottleTrace.description` writes them.
    static func emissions(of trace: ThrottleTrace, until: Int64) -> String {
        var kept = trace
        kept.emissions = trace.emissions.filter { $0.at.epochMilliseconds - trace.start.epochMilliseconds <= until }
        return kept.description
    }

    // MARK: - Examples

    typealias Kind = ProgressUpdateStream.Kind

    static func report(_ count: Int) -> Kind { .report(processedCount: count) }

    static var rateExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("the seed's 1,000 updates, one every 20 ms", ThrottleExample(ProgressStreamFixture.steady(items: 1_000, spacingMilliseconds: 20), .keeps(.rate)),
                pins: "seed: \"handles 1000 updates efficiently\""),
            ConformanceExample("every quarter reported within half a second", ThrottleExample(total: 100, [(0, report(1)), (100, report(25)), (200, report(50)), (300, report(75)), (400, report(100)), (450, .finish)], .keeps(.rate)),
                pins: "D-071"),
            ConformanceExample("items 25, 50 and 75 of a large job in a burst", ThrottleExample(total: 1_000, [(0, report(1)), (10, report(25)), (20, report(50)), (30, report(75))], .keeps(.rate)),
                pins: "D-071"),
            ConformanceExample("a completion right after a message", ThrottleExample(total: 10, [(0, report(1)), (500, report(2)), (600, report(3)), (700, .finish)], .keeps(.rate)),
                pins: "D-072"),
        ]
    }

    static var milestoneExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("the seed's test: 1, 24, 25, 26", ThrottleExample(total: 100, [(1, report(1)), (24, report(24)), (25, report(25)), (26, report(26))], .keeps(.milestoneDelivered)),
                pins: "seed: \"sends significant milestones\""),
            ConformanceExample("a quarter of ten items is the third", ThrottleExample(total: 10, [(0, report(1)), (100, report(2)), (200, report(3)), (300, report(4))], .keeps(.milestoneDelivered)),
                pins: "D-071"),
            ConformanceExample("a job of no items is complete at once", ThrottleExample(total: 0, [(0, report(0)), (10, report(0)), (20, report(0))], .keeps(.milestoneDelivered)),
                pins: "D-071"),
            ConformanceExample("the last item", ThrottleExample(total: 40, [(0, report(38)), (100, report(39)), (200, report(40))], .emissions(until: 700, "+0 progress 38/40, +500 progress 40/40")),
                pins: "D-071"),
        ]
    }

    static var finalCountExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("the seed's test: 1, 2 and complete", ThrottleExample(total: 10, [(0, report(1)), (1, report(2)), (2, .finish)], .finalCountReached),
                pins: "seed: \"flushes pending update on completion\""),
            ConformanceExample("a finish after the held report went out", ThrottleExample(total: 10, [(0, report(1)), (100, report(2)), (600, .finish)], .finalCountReached),
                pins: "seed: \"Pending updates flushed on job completion\""),
            ConformanceExample("a finish in the millisecond of a held report", ThrottleExample(total: 10, [(0, report(1)), (100, report(2)), (100, .finish)], .finalCountReached),
                pins: "seed: \"No messages lost (final count accurate)\""),
        ]
    }

    static var monotoneExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("a late 25 after 30", ThrottleExample(total: 100, [(0, report(30)), (600, report(25)), (700, report(30))],
                .keeps(.countsNeverGoBackwards)), pins: "D-074"),
            ConformanceExample("a late milestone count inside the interval", ThrottleExample(total: 100, [(0, report(26)), (10, report(30)), (20, report(25))],
                .keeps(.countsNeverGoBackwards)), pins: "D-074"),
            ConformanceExample("ten concurrent items ending out of order", ThrottleExample(total: 10, [(0, report(2)), (600, report(1)), (1_200, report(5)), (1_300, report(3)), (1_900, report(4))],
                .keeps(.countsNeverGoBackwards)), pins: "D-074"),
        ]
    }

    static var afterFinishExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("a job that finishes before reporting", ThrottleExample(total: 10, [(0, .finish)], .emissions(until: 40_000, "+0 finish")), pins: "D-072"),
            ConformanceExample("a late report after the finish", ThrottleExample(total: 10, [(0, report(1)), (100, .finish), (200, report(2))],
                .emissions(until: 40_000, "+0 progress 1/10, +100 finish")), pins: "D-072"),
            ConformanceExample("a late report after a deferred finish", ThrottleExample(total: 10, [(0, report(1)), (100, report(2)), (200, .finish), (300, report(3))],
                .emissions(until: 40_000, "+0 progress 1/10, +500 progress 2/10, +500 finish")), pins: "D-072"),
            ConformanceExample("two finishes", ThrottleExample(total: 10, [(0, report(1)), (100, .finish), (200, .finish)], .keeps(.nothingAfterFinish)), pins: "D-072"),
        ]
    }

    static var keepAliveExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("silence after one report", ThrottleExample(total: 9, [(0, report(7))],
                .emissions(until: 20_000, "+0 progress 7/9, +10000 progress 7/9 (keep-alive), +20000 progress 7/9 (keep-alive)")), pins: "D-073"),
            ConformanceExample("a report at 9,999 ms moves the keep-alive", ThrottleExample(total: 9, [(0, report(7)), (9_999, report(8))],
                .emissions(until: 19_999, "+0 progress 7/9, +9999 progress 8/9, +19999 progress 8/9 (keep-alive)")), pins: "D-073"),
            ConformanceExample("no keep-alive after the finish", ThrottleExample(total: 9, [(0, report(7)), (100, .finish)],
                .emissions(until: 40_000, "+0 progress 7/9, +100 finish")), pins: "D-073"),
            ConformanceExample("a held report goes out before the keep-alive", ThrottleExample(total: 9, [(0, report(1)), (100, report(2))],
                .emissions(until: 10_500, "+0 progress 1/9, +500 progress 2/9, +10500 progress 2/9 (keep-alive)")), pins: "D-073"),
        ]
    }

    static var firstExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("the seed's test: the first update", ThrottleExample(total: 10, [(0, report(1))], .emissions(until: 0, "+0 progress 1/10")),
                pins: "seed: \"sends first update immediately\""),
            ConformanceExample("a first report five seconds in", ThrottleExample(total: 10, [(5_000, report(3))], .emissions(until: 5_000, "+5000 progress 3/10")),
                pins: "seed: \"First update sent immediately\""),
            ConformanceExample("an AI scan's first report of 0", ThrottleExample(total: 100, [(0, report(0))], .emissions(until: 0, "+0 progress 0/100")),
                pins: "seed: \"isFirstUpdate = this.lastProgressSentTime === 0\""),
        ]
    }

    static var burstExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("the seed's test: ten rapid updates, only the first at once", ThrottleExample(total: 1_000, (1...10).map { (Int64($0) * 10, report($0)) }, .burstHeld),
                pins: "seed: \"Only first update should be sent immediately\""),
            ConformanceExample("a report 1 ms after the first", ThrottleExample(total: 100, [(0, report(1)), (1, report(2))], .burstHeld),
                pins: "seed: \"Throttling sends at most 1 message per 500ms\""),
            ConformanceExample("a report 499 ms after a message", ThrottleExample(total: 100, [(0, report(1)), (499, report(2))], .burstHeld),
                pins: "seed: \"Send updates at most once per 500ms\""),
            ConformanceExample("reports after a held one, neither a quarter nor divisible by 25", ThrottleExample(total: 100, [(0, report(1)), (600, report(2)), (700, report(3)), (800, report(4)), (1_000, report(6))], .burstHeld),
                pins: "seed: \"only send every 500ms or significant milestones\""),
        ]
    }

    static var intervalExamples: [ConformanceExample<ThrottleExample>] {
        [
            ConformanceExample("a report 499 ms after a message waits until 500", ThrottleExample(total: 10, [(0, report(1)), (499, report(2))],
                .emissions(until: 600, "+0 progress 1/10, +500 progress 2/10")), pins: "D-071"),
            ConformanceExample("a report 500 ms after a message goes at once", ThrottleExample(total: 10, [(0, report(1)), (500, report(2))],
                .emissions(until: 600, "+0 progress 1/10, +500 progress 2/10")), pins: "D-071"),
            ConformanceExample("the seed's test: ten rapid updates", ThrottleExample(total: 1_000, (1...10).map { (Int64($0) * 10, report($0)) },
                .emissions(until: 600, "+10 progress 1/1000, +510 progress 10/1000")), pins: "seed: \"throttles rapid updates\""),
            ConformanceExample("a finish 499 ms after a message, with a report held", ThrottleExample(total: 10, [(0, report(1)), (100, report(2)), (499, .finish)],
                .emissions(until: 40_000, "+0 progress 1/10, +500 progress 2/10, +500 finish")), pins: "D-072"),
        ]
    }
}

/// A throttle run under watch: when its timer keeps asking to fire with nothing to do, or fires more
/// than `ProgressThrottleChecks.firingsMax` times, the watch stops it (no more deadlines) and records
/// why, so a faulty implementation fails a rule instead of trapping `ThrottleRun`.
struct GuardedThrottle<Inner: ProgressThrottling>: ProgressThrottling {
    var inner: Inner
    /// Shared with the caller: `ThrottleRun` works on its own copy of the throttle.
    let watch: ThrottleWatch
    var firings = 0

    var deadline: Timestamp? { watch.fault == nil ? inner.deadline : nil }

    mutating func offer(_ update: ProgressUpdate, at now: Timestamp) -> ThrottleDecision {
        watch.fault == nil ? inner.offer(update, at: now) : .afterFinish
    }

    mutating func fire(at now: Timestamp) -> ThrottleFire {
        guard watch.fault == nil else { return .nothingDue }
        firings += 1
        guard firings <= ProgressThrottleChecks.firingsMax else {
            watch.fault = "its timer fired \(ProgressThrottleChecks.firingsMax) times in one run without settling"
            return .nothingDue
        }
        let before = inner.deadline
        let result = inner.fire(at: now)
        if result == .nothingDue, let before, inner.deadline == before {
            watch.fault = "its deadline +\(ProgressConformance.offset(before)) ms stays due after firing with nothing to do"
        }
        return result
    }

    mutating func finish(at now: Timestamp) -> ThrottleFinish {
        watch.fault == nil ? inner.finish(at: now) : .alreadyFinished
    }
}

/// What a `GuardedThrottle` found, shared between the run's copies of it.
final class ThrottleWatch: Sendable {
    private let state = Mutex<String?>(nil)

    /// Why the throttle was stopped, or `nil` while it behaves.
    var fault: String? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// Which generated report streams exercise a throttle rule: the others hold vacuously.
enum ProgressStreamExercise {
    /// The stream's reports made before its finish, with their times, in order.
    static func reportsBeforeFinish(_ stream: ProgressUpdateStream) -> [(at: Int64, count: Int)] {
        var now: Int64 = 0
        var reports: [(at: Int64, count: Int)] = []
        for event in stream.events {
            now += event.gapMilliseconds
            switch event.kind {
            case let .report(count): reports.append((now, count))
            case .finish: return reports
            }
        }
        return reports
    }

    static func finishes(_ stream: ProgressUpdateStream) -> Bool {
        stream.events.contains { $0.kind == .finish }
    }

    static func hasReportBeforeFinish(_ stream: ProgressUpdateStream) -> Bool {
        !reportsBeforeFinish(stream).isEmpty
    }

    static func finishesAfterAReport(_ stream: ProgressUpdateStream) -> Bool {
        finishes(stream) && hasReportBeforeFinish(stream)
    }

    /// Two reports before the finish less than `milliseconds` apart.
    static func hasReportsWithin(_ milliseconds: Int64) -> (ProgressUpdateStream) -> Bool {
        { stream in
            let times = reportsBeforeFinish(stream).map(\.at)
            return zip(times, times.dropFirst()).contains { $1 - $0 < milliseconds }
        }
    }

    /// A report before the finish at or past a quarter no earlier report reached.
    static func hasMilestone(_ stream: ProgressUpdateStream) -> Bool {
        reportsBeforeFinish(stream).contains { ProgressUpdate.quarter($0.count, of: stream.totalCount) > 0 }
    }

    /// A report below one made before it.
    static func hasLateCount(_ stream: ProgressUpdateStream) -> Bool {
        var highest = Int.min
        for report in reportsBeforeFinish(stream) {
            if report.count < highest { return true }
            highest = max(highest, report.count)
        }
        return false
    }

    /// A report that is neither the first nor a milestone in either of the seed's readings, less than
    /// 500 ms after an earlier report: THROTTLE-09's case.
    static func hasOrdinaryReportInABurst(_ stream: ProgressUpdateStream) -> Bool {
        let reports = reportsBeforeFinish(stream)
        var quarterReached = 0
        for (index, report) in reports.enumerated() {
            let milestone = ProgressThrottleChecks.isMilestone(report.count, total: stream.totalCount, quarterReached: &quarterReached)
            if index > 0, !milestone, report.at - reports[index - 1].at < ProgressThrottle.intervalMillisecondsDefault { return true }
        }
        return false
    }
}
