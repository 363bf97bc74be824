import Fixtures
import Generators
import SpecModel
import SpecTesting
import Testing
import Workloads

/// The throttle's properties over generated report streams (bursts, long gaps, out-of-order counts,
/// milestones in bursts, a finish at any moment and late reports after it): the reference keeps all of
/// them; the seed's code as written breaks the rate, and the suite finds that and shrinks it to a minimal
/// counterexample (Seed: 003_…, Task 2; issue 5; Decisions O-01 to O-03, D-071 to D-074).
@Suite struct ThrottlePropertyTests {
    static let streams = ProgressStreamFixture.generator()

    /// The central property and its companions: never more than 2 progress messages in any one-second
    /// window, every milestone delivered or subsumed within the interval, the final count before the
    /// finish, counts never backwards, nothing after the finish, no silence longer than the keep-alive.
    @Test func theReferenceThrottleKeepsEveryProperty() {
        property(
            Self.streams, cases: 400,
            labels: { stream in
                let trace = ThrottleRun.run(stream, with: ProgressThrottle())
                var labels: [String] = []
                if trace.reports.contains(where: { $0.decision == .stale }) { labels.append("stale report dropped") }
                if trace.finishRequestedAt != nil { labels.append("finished") }
                if trace.reports.contains(where: { $0.afterFinishRequest }) { labels.append("report after finish") }
                if trace.emissions.contains(where: { $0.progress?.keepAlive == true }) { labels.append("keep-alive") }
                if trace.reports.contains(where: { $0.decision == .held }) { labels.append("held") }
                return labels
            }
        ) { stream in
            let trace = ThrottleRun.run(stream, with: ProgressThrottle())
            let violations = trace.violations()
            try require(violations.isEmpty, "\(violations.map(\.description).joined(separator: "; "))\ntrace: \(trace)")
        }
    }

    /// The generator reaches every situation the properties are about, so a pass means something.
    @Test func theStreamsCoverBurstsStaleCountsFinishesAndKeepAlives() {
        let streams = Self.streams.samples(300, seed: 5).compactMap { try? $0.get() }
        let traces = streams.map { ThrottleRun.run($0, with: ProgressThrottle()) }
        #expect(traces.filter { $0.reports.contains { $0.decision == .stale } }.count >= 30)
        #expect(traces.filter { $0.reports.contains { $0.afterFinishRequest } }.count >= 30)
        #expect(traces.filter { $0.emissions.contains { $0.progress?.keepAlive == true } }.count >= 30)
        #expect(traces.filter { trace in trace.reports.contains { $0.decision == .held } && trace.finishRequestedAt != nil }.count >= 30)
        #expect(streams.filter { stream in zip(stream.events, stream.events.dropFirst()).contains { $0.gapMilliseconds == 0 && $1.gapMilliseconds == 0 } }.count >= 100)
    }

    /// The seed's algorithm as written breaks the rate (milestones and the completion flush bypass the
    /// interval). The property suite finds it and shrinks it to a minimal counterexample: three reports,
    /// none of which can be removed, whose three messages fall inside one second.
    @Test func theSuiteFindsTheSeedThrottleBreakingTheRateAndShrinksItToAMinimalCounterexample() throws {
        let rate: @Sendable (ProgressUpdateStream) throws -> Void = { stream in
            if let violation = ThrottleRun.run(stream, with: SeedProgressThrottle()).violation(of: .rate) { throw violation }
        }
        let report = checkProperty(Self.streams, settings: PropertySettings(name: "seed throttle rate", cases: 200), describe: { $0.description }, rate)
        let failure = try #require(report.failure, "the property suite did not find the seed throttle's rate violation")
        let shrunk = try Self.streams.replay(failure.token.choices).value
        #expect(shrunk.events.count == 3, "shrunk to \(shrunk)")
        #expect(failure.message.contains("3 progress messages within 1000 ms"))
        // 1-minimal: without any one of its events the stream no longer breaks the rate.
        for index in shrunk.events.indices {
            var smaller = shrunk
            smaller.events.remove(at: index)
            #expect(ThrottleRun.run(smaller, with: SeedProgressThrottle()).violation(of: .rate) == nil, "removing event \(index) of \(shrunk) still fails")
        }
        // The reference throttle keeps the rate on the very same stream.
        #expect(ThrottleRun.run(shrunk, with: ProgressThrottle()).violations().isEmpty)
    }

    /// The seed's code breaks three more properties, each found by the suite: a late milestone count moves
    /// the client's count backwards, a report after completion is still sent, and a job that goes quiet
    /// gets no keep-alive (the seed's keep-alive only un-throttles the next report).
    @Test(arguments: [ThrottleProperty.countsNeverGoBackwards, .nothingAfterFinish, .keepAlive])
    func theSuiteFindsTheSeedThrottleBreaking(_ property: ThrottleProperty) throws {
        let report = checkProperty(Self.streams, settings: PropertySettings(name: "seed throttle \(property)", cases: 300), describe: { $0.description }) { stream in
            if let violation = ThrottleRun.run(stream, with: SeedProgressThrottle()).violation(of: property) { throw violation }
        }
        let failure = try #require(report.failure, "the suite did not find the seed throttle breaking \(property)")
        let shrunk = try Self.streams.replay(failure.token.choices).value
        #expect(shrunk.events.count <= 3, "shrunk to \(shrunk)")
        #expect(ThrottleRun.run(shrunk, with: ProgressThrottle()).violations().isEmpty)
    }
}
