import Generators
import ProcessAdapter
import SpecConformance
import Testing

/// The adapter protocol end to end: the kit's suites run through a real process, and a program that is
/// wrong, or that breaks the protocol, is reported as such (issue 23, part 1).
@Suite struct AdapterRunnerTests {
    /// Fewer cases than the kit's defaults: each call is a round trip through a pipe, and these tests
    /// show the protocol carries the suites, which the kit's own tests already run in full.
    static let settings: ConformanceSettings = {
        var overrides = PropertyOverrides()
        overrides.casesScale = 0.2
        return ConformanceSettings(overrides: overrides)
    }()

    /// A long wait for one answer: the megabyte bodies of the cancel endpoint's suite take seconds in a
    /// debug build while the other tests run beside it, and these tests look for verdicts, not hangs
    /// (`AdapterFailureTests` times a program that never answers).
    static let timeout = Duration.seconds(120)

    static let suites = AdapterSeam.allCases.flatMap { seam in seam.suiteIDs.map { (seam, $0) } }

    @Test(arguments: suites)
    func theModelAsAProgramKeepsEveryRule(seam: AdapterSeam, suite: String) throws {
        let command = try #require(AdapterPrograms.command("adapter-model"))
        let result = AdapterRunner(command: command, timeout: Self.timeout, settings: Self.settings).run(seam, suite: suite)
        guard case let .judged(suiteResult, requests) = result.outcome else {
            Issue.record("the model's program failed: \(result.outcome)")
            return
        }
        #expect(suiteResult.suiteID == suite)
        #expect(requests > 0)
        #expect(suiteResult.count(.fail) == 0, "\(suiteResult.rules.compactMap { suiteResult.failureText(for: $0) { "\($0)" } }.joined(separator: "\n"))")
        #expect(suiteResult.count(.pass) > 0)
    }

    /// Each seam of `adapter-wrong` has one plausible flaw; the runner rejects it by the rules the flaw
    /// breaks, as the kit does for the same flaw in Swift.
    @Test(arguments: [
        (AdapterSeam.progressThrottle, "progress-throttle", ["THROTTLE-01"]),
        (.enrichmentJobBackend, "cancel-endpoint", ["CANCEL-02"]),
        (.enrichmentJobBackend, "enrichment-job-loop", ["JOB-03"]),
        (.progressMessageEncoding, "progress-message-encoding", ["CODEC-01"]),
        (.structuredErrors, "structured-errors", ["ERROR-01"]),
        (.statusMessages, "status-messages", ["STATUS-03"]),
        (.progressMessageDecoding, "progress-message-decoding", ["CODEC-08"]),
        (.heartbeat, "heartbeat", ["HEART-01"]),
        (.progressReconnect, "progress-reconnect", ["RECONNECT-01"]),
    ])
    func aWrongProgramIsRejectedByTheRuleItBreaks(seam: AdapterSeam, suite: String, rules: [String]) throws {
        let command = try #require(AdapterPrograms.command("adapter-wrong"))
        let result = AdapterRunner(command: command, timeout: Self.timeout, settings: Self.settings).run(seam, suite: suite)
        guard case let .judged(suite, _) = result.outcome else {
            Issue.record("the wrong program failed at the protocol level instead: \(result.outcome)")
            return
        }
        let broken = suite.rejectingRules.map(\.rawValue)
        for rule in rules {
            #expect(broken.contains(rule), "\(seam): broken rules are \(broken), expected \(rule) among them")
        }
    }
}
