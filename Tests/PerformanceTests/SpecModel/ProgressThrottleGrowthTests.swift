import Fixtures
import SpecModel
import Testing
import Workloads

/// The progress socket's costs follow the job's simulated time, not its number of reports (issue 5):
/// the throttle decides each report once, in O(1), and how many messages it lets out depends on how
/// long the job runs, at most one per interval, however many reports crowd into it (Seed: 003_…,
/// Task 2, "at most once per 500ms"; D-071). The codec writes a message in bytes that do not grow with
/// the job. benchrunner times both (`progress.throttle.*`, `progress.codec.*`).
@Suite struct ProgressThrottleGrowthTests {
    /// The throttle's interval, in milliseconds.
    static let intervalMilliseconds = ProgressThrottle.intervalMillisecondsDefault

    /// The most messages a job whose reports span `spanMilliseconds` may let out: progress messages
    /// at least an interval apart from the first report to one interval after the last (the held
    /// report's flush), and the terminal message.
    static func messagesMax(spanMilliseconds: Int64) -> Int {
        Int(spanMilliseconds / intervalMilliseconds) + 2 + 1
    }

    /// Every report gets exactly one decision: the throttle's counter equals the reports, and nothing
    /// is decided twice or skipped, on the benchmark's own mix (bursts, 20 ms, stale counts, silences).
    @Test(arguments: [0, 1, 1_000, 100_000])
    func theThrottleDecidesEachReportExactlyOnce(reports: Int) {
        let outcome = ThrottleReports.decide(ThrottleReports(count: reports, seed: 5))
        #expect(outcome.decisions == reports)
        #expect(outcome.messages >= 1, "the terminal message always goes out")
    }

    /// Ten times the reports in the same simulated minute: the same messages, give or take one. A
    /// report every 60 ms and one every 6 ms both yield one message per interval, because a report
    /// inside the interval only replaces the held one.
    @Test func tenTimesTheReportsInTheSameSpanSendTheSameMessages() {
        let sparse = ThrottleRun.run(ProgressStreamFixture.steady(items: 1_000, spacingMilliseconds: 60), with: ProgressThrottle())
        let dense = ThrottleRun.run(ProgressStreamFixture.steady(items: 10_000, spacingMilliseconds: 6), with: ProgressThrottle())
        #expect(sparse.reports.count == 1_000)
        #expect(dense.reports.count == 10_000)
        let sparseMessages = sparse.progressEmissions.count
        let denseMessages = dense.progressEmissions.count
        #expect(abs(denseMessages - sparseMessages) <= 1, "1,000 reports: \(sparseMessages) messages; 10,000 reports: \(denseMessages)")
        // One message per interval of the minute (120), and the first report's own: not vacuous.
        let intervals = Int(60_000 / Self.intervalMilliseconds)
        #expect((intervals...(intervals + 2)).contains(sparseMessages), "\(sparseMessages) messages in 60 s")
        #expect(sparse.emissions.last?.kind == .finish)
        #expect(dense.emissions.last?.kind == .finish)
    }

    /// The traced benchmark's stream yields the count its workload asserts, derived by hand there.
    @Test func theTracedBenchmarkSendsItsStatedMessages() {
        let stream = ProgressStreamFixture.steady(items: ProgressProtocolWorkloads.traceItems, spacingMilliseconds: ProgressProtocolWorkloads.traceSpacingMilliseconds)
        let trace = ThrottleRun.run(stream, with: ProgressThrottle())
        #expect(trace.emissions.count == ProgressProtocolWorkloads.traceEmissions, "\(trace)")
        #expect(trace.reports.count == ProgressProtocolWorkloads.traceItems)
    }

    /// The benchmark driver agrees: ten times the reports at the same spacing is ten times the
    /// simulated time, and the messages grow with that time, never beyond one per interval plus the
    /// first and the terminal message.
    @Test func messagesGrowWithSimulatedTimeNotWithReports() {
        func messages(reports: Int, spacingMilliseconds: Int64) -> (outcome: ThrottleReports.Outcome, spanMilliseconds: Int64) {
            let start = ProgressUpdateStream.startDefault
            let times = (0..<reports).map { start.adding(milliseconds: Int64($0) * spacingMilliseconds) }
            let prepared = ThrottleReports(times: times)
            return (ThrottleReports.decide(prepared), prepared.spanMilliseconds)
        }
        let sparse = messages(reports: 1_000, spacingMilliseconds: 50)
        let dense = messages(reports: 10_000, spacingMilliseconds: 5)
        let longer = messages(reports: 10_000, spacingMilliseconds: 50)
        #expect(sparse.outcome.decisions == 1_000)
        #expect(dense.outcome.decisions == 10_000)
        #expect(abs(dense.outcome.messages - sparse.outcome.messages) <= 1, "\(sparse.outcome); \(dense.outcome)")
        #expect(longer.spanMilliseconds == 10 * sparse.spanMilliseconds + 9 * 50)
        for run in [sparse, dense, longer] {
            #expect(run.outcome.messages <= Self.messagesMax(spanMilliseconds: run.spanMilliseconds), "\(run)")
        }
        // Ten times the simulated time, ten times the messages (each run adds the first and the last).
        #expect(abs(longer.outcome.messages - 10 * sparse.outcome.messages) <= 20, "\(sparse.outcome); \(longer.outcome)")
    }

    /// On the benchmark's mix, messages per simulated second stay flat as the reports grow a
    /// hundredfold, and under the interval's two a second: about 0.7 here, because the silences (a
    /// percent of the gaps, but most of the simulated time) send only keep-alives.
    @Test func theBenchmarkMixSendsAtTheSameRateAtEverySize() {
        var rates: [Double] = []
        for reports in [1_000, 10_000, 100_000] {
            let prepared = ThrottleReports(count: reports, seed: UInt64(reports))
            let outcome = ThrottleReports.decide(prepared)
            #expect(outcome.decisions == reports)
            #expect(outcome.messages <= Self.messagesMax(spanMilliseconds: prepared.spanMilliseconds), "\(reports) reports over \(prepared.spanMilliseconds) ms: \(outcome)")
            rates.append(Double(outcome.messages) * 1_000 / Double(prepared.spanMilliseconds))
        }
        let (smallest, largest) = (rates[0], rates[2])
        #expect(abs(largest - smallest) <= largest * 0.1, "messages per simulated second at 1,000, 10,000 and 100,000 reports: \(rates)")
        #expect(largest > 0.25, "the mix sends for most of its intervals: \(rates)")
    }

    // MARK: - Codec

    /// The bytes a message takes are flat as the job grows: from 150 to 15,000 books, the mean grows
    /// only with the digits of the counts and titles (345 to 358 bytes), never with the job.
    @Test func encodedBytesPerMessageStayFlatAsTheTrafficGrows() {
        func bytesPerMessage(items: Int) -> Double {
            let traffic = ProgressMessageFixture.traffic(items: items)
            let bytes = traffic.reduce(0) { $0 + ProgressMessageCodec.encode($1).count }
            return Double(bytes) / Double(traffic.count)
        }
        let small = bytesPerMessage(items: 150)
        let large = bytesPerMessage(items: 15_000)
        #expect(small > 100, "a progress message with a title and status line is over 100 bytes: \(small)")
        #expect(large <= small * 1.1, "150 books: \(small) bytes a message; 15,000 books: \(large)")
    }

    /// The decode benchmark's input round-trips: every frame of the 1,500-book traffic decodes, from
    /// the side that sends it, to the message encoded, and none is near the size limit.
    @Test func theDecodeBenchmarksTrafficRoundTrips() throws {
        let traffic = ProgressMessageFixture.traffic(items: ProgressProtocolWorkloads.trafficItems)
        var senders: [ProgressSender: Int] = [:]
        for message in traffic {
            let bytes = ProgressMessageCodec.encode(message)
            #expect(bytes.count < ProgressMessageCodec.messageBytesMax / 64)
            #expect(try ProgressMessageCodec.decode(bytes, from: message.type.sender) == message)
            senders[message.type.sender, default: 0] += 1
        }
        // The pings come from the client: decoding everything `from: .server` would reject 50 of them.
        #expect(senders[.client] == 50)
        #expect(senders[.server] == traffic.count - 50)
    }

    /// benchrunner knows the progress workloads by the names the issue and README use.
    @Test func theProgressWorkloadsAreRegistered() {
        let names = Workloads.all.map(\.name)
        for name in ["progress.throttle.decisions", "progress.throttle.trace-1500", "progress.codec.encode", "progress.codec.decode"] {
            #expect(names.contains(name), "\(name) is missing from Workloads.all")
        }
        #expect(Set(names).count == names.count, "workload names are unique")
    }
}
