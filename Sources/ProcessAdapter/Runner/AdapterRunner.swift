import SpecConformance
import SpecModel

/// Runs the kit's suites against an external program through the adapter protocol.
///
/// Each seam's suite gets a fresh process, so one seam's failure cannot leak into the next. The
/// verdicts are the kit's own, with its rule ids and replay tokens: `ConformanceSuite.run` calls the
/// seam's proxy, and the proxy talks to the program. When the program fails instead (it times out,
/// exits, writes a malformed line or an answer of the wrong shape), the seam's result is that failure,
/// with the last exchanges and the tail of its error stream, and the suite's verdicts are dropped: a
/// rule cannot be judged on answers the program never gave.
public struct AdapterRunner: Sendable {
    /// The program and its arguments.
    public var command: [String]
    /// How long the runner waits for one answer.
    public var timeout: Duration
    /// The kit's settings: cases, seeds, a replay token.
    public var settings: ConformanceSettings

    /// Builds a runner for `command`, waiting `timeout` (10 s by default) for each answer.
    public init(command: [String], timeout: Duration = .seconds(10), settings: ConformanceSettings = ConformanceSettings()) {
        self.command = command
        self.timeout = timeout
        self.settings = settings
    }

    /// Runs the suites of each seam in `seams`, in order.
    public func run(_ seams: [AdapterSeam]) -> [AdapterSeamResult] {
        seams.flatMap { seam in seam.suiteIDs.map { run(seam, suite: $0) } }
    }

    /// Runs the seam's first (for most seams, only) suite against a fresh process of the program.
    public func run(_ seam: AdapterSeam) -> AdapterSeamResult {
        run(seam, suite: seam.suiteIDs[0])
    }

    /// Runs one of the seam's suites against a fresh process of the program.
    public func run(_ seam: AdapterSeam, suite suiteID: String) -> AdapterSeamResult {
        precondition(seam.suiteIDs.contains(suiteID), "\(seam) is not checked by \(suiteID)")
        let session = AdapterSession(command: command, timeout: timeout)
        defer { session.stop() }
        do {
            try session.start(serving: seam)
        } catch {
            return AdapterSeamResult(seam: seam, suiteID: suiteID, program: session.programName, outcome: .programFailed(report(session, error)))
        }
        let name = session.programName ?? AdapterText.command(command)
        let result: SuiteResult = switch (seam, suiteID) {
        case (.progressThrottle, _): ConformanceSuite.progressThrottle.run(name, settings: settings) { ProcessThrottle(session) }
        case (.enrichmentJobBackend, "cancel-endpoint"): ConformanceSuite.cancelEndpoint.run(name, settings: settings) { ProcessJobBackend(session) }
        case (.enrichmentJobBackend, _): ConformanceSuite.enrichmentJobLoop.run(name, settings: settings) { ProcessJobBackend(session) }
        case (.progressMessageEncoding, _): ConformanceSuite.progressMessageEncoding.run(name, settings: settings) { ProcessMessageCodec(session, seam: seam) }
        case (.progressMessageDecoding, _): ConformanceSuite.progressMessageDecoding.run(name, settings: settings) { ProcessMessageCodec(session, seam: seam) }
        case (.structuredErrors, _): ConformanceSuite.structuredErrors.run(name, settings: settings) { ProcessStructuredErrors(session) }
        case (.statusMessages, _): ConformanceSuite.statusMessages.run(name, settings: settings) { ProcessStatusMessages(session) }
        case (.heartbeat, _): ConformanceSuite.heartbeat.run(name, settings: settings) { ProcessHeartbeat(session) }
        case (.progressReconnect, _): ConformanceSuite.progressReconnect.run(name, settings: settings) { ProcessReconnect(session) }
        }
        if let failure = session.failure {
            return AdapterSeamResult(seam: seam, suiteID: suiteID, program: name, outcome: .programFailed(report(session, failure)))
        }
        return AdapterSeamResult(seam: seam, suiteID: suiteID, program: name, outcome: .judged(result, requests: session.requestCount))
    }

    private func report(_ session: AdapterSession, _ failure: AdapterFailure) -> AdapterFailureReport {
        AdapterFailureReport(failure: failure, lastExchanges: session.lastExchanges, errorStreamTail: session.errorStreamTail)
    }
}

/// What one seam's run concluded.
public struct AdapterSeamResult: Sendable {
    /// The seam whose suite ran.
    public var seam: AdapterSeam
    /// The suite that ran (the seam's name, but for the job backend's two suites).
    public var suiteID: String
    /// The program's name from its handshake, when it got that far.
    public var program: String?
    /// The suite's verdicts, or the program's failure.
    public var outcome: Outcome

    /// The suite's verdicts, or the program's failure.
    public enum Outcome: Sendable {
        /// The program answered every request; the suite graded each rule.
        case judged(SuiteResult, requests: Int)
        /// The program failed at the protocol level; no rule was judged.
        case programFailed(AdapterFailureReport)
    }

    /// Whether the program answered throughout and kept every rule.
    public var passed: Bool {
        guard case let .judged(result, _) = outcome else { return false }
        return result.count(.fail) == 0
    }
}

/// A program's failure, with what led to it.
public struct AdapterFailureReport: Sendable, CustomStringConvertible {
    /// What went wrong.
    public var failure: AdapterFailure
    /// The last exchanges before it, oldest first.
    public var lastExchanges: [AdapterExchange]
    /// The last bytes of the program's error stream.
    public var errorStreamTail: String

    public var description: String {
        var lines = [failure.description]
        if !lastExchanges.isEmpty {
            lines.append("the last \(lastExchanges.count) exchanges, oldest first:")
            lines += lastExchanges.map { "  " + $0.description.split(separator: "\n").joined(separator: "\n  ") }
        }
        let tail = errorStreamTail.split(separator: "\n", omittingEmptySubsequences: false).suffix(12).joined(separator: "\n")
        if !tail.isEmpty {
            lines.append("the end of its error stream:")
            lines += tail.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
