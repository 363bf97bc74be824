import Foundation
import Generators
import ProcessAdapter
import SpecConformance
import Testing

/// A program that breaks the protocol is reported as such, with the last exchanges, and the runner
/// neither hangs nor crashes (issue 23: "a program that times out, crashes, writes a malformed line or
/// answers wrongly is reported as such, with the last exchanges; the runner never hangs").
@Suite struct AdapterFailureTests {
    /// Runs the throttle's suite against `adapter-wrong --misbehave mode` with a short timeout.
    static func failure(_ mode: String, timeout: Duration = .seconds(10)) throws -> AdapterFailureReport? {
        let command = try #require(AdapterPrograms.command("adapter-wrong", "--misbehave", mode))
        let result = AdapterRunner(command: command, timeout: timeout, settings: AdapterRunnerTests.settings).run(.progressThrottle)
        guard case let .programFailed(report) = result.outcome else {
            Issue.record("--misbehave \(mode) was judged instead of reported as a failure")
            return nil
        }
        return report
    }

    @Test func aProgramThatStopsAnsweringTimesOutWithinItsTimeout() throws {
        let start = ContinuousClock.now
        let report = try #require(try Self.failure("timeout", timeout: .milliseconds(500)))
        let elapsed = ContinuousClock.now - start
        guard case let .timedOut(doing, timeout) = report.failure else {
            Issue.record("expected a timeout, got \(report.failure)")
            return
        }
        #expect(doing == "waiting for an answer")
        #expect(timeout == 500)
        // The timeout, the stop's grace period and a kill: never the program's sleep.
        #expect(elapsed < .seconds(10), "\(elapsed)")
        #expect(report.lastExchanges.last?.sent.contains("\"op\":\"call\"") == true, "\(report.lastExchanges)")
        #expect(report.lastExchanges.last?.received == nil)
        #expect(report.description.contains("(no answer)"))
    }

    @Test func aProgramThatExitsIsReportedWithItsStatus() throws {
        let report = try #require(try Self.failure("exit"))
        guard case let .exited(_, status, _) = report.failure else {
            Issue.record("expected an exit, got \(report.failure)")
            return
        }
        #expect(status == "exited with status 3")
    }

    @Test func aProgramThatCrashesIsReportedWithItsSignalAndErrorStream() throws {
        let report = try #require(try Self.failure("crash"))
        guard case let .exited(_, status, _) = report.failure else {
            Issue.record("expected a crash, got \(report.failure)")
            return
        }
        #expect(status.hasPrefix("was killed by signal"), "\(status)")
        #expect(report.errorStreamTail.contains("a deliberate trap"), "\(report.errorStreamTail)")
    }

    @Test func aLineThatIsNotJSONIsAMalformedLineQuotingIt() throws {
        let report = try #require(try Self.failure("malformed"))
        guard case let .malformedLine(excerpt, reason) = report.failure else {
            Issue.record("expected a malformed line, got \(report.failure)")
            return
        }
        #expect(excerpt == "this is not JSON")
        #expect(reason.hasPrefix("not JSON"))
        #expect(report.lastExchanges.last?.received == "this is not JSON")
    }

    @Test func anAnswerToAnotherRequestIsReported() throws {
        let report = try #require(try Self.failure("wrong-id"))
        guard case .unexpectedAnswer = report.failure else {
            Issue.record("expected an unexpected answer, got \(report.failure)")
            return
        }
    }

    @Test func anAnswerOfTheWrongShapeNamesTheFieldAndTheValue() throws {
        let report = try #require(try Self.failure("wrong-shape"))
        guard case let .malformedAnswer(request, excerpt, reason) = report.failure else {
            Issue.record("expected a malformed answer, got \(report.failure)")
            return
        }
        #expect(request.hasPrefix("call "))
        #expect(excerpt.contains("maybe"))
        #expect(reason.contains("field ok"), "\(reason)")
    }

    @Test func anErrorAnswerIsTheProgramsOwnError() throws {
        let report = try #require(try Self.failure("error"))
        guard case let .programError(request, message) = report.failure else {
            Issue.record("expected the program's error, got \(report.failure)")
            return
        }
        #expect(request.hasPrefix("call "))
        #expect(message.contains("TypeError"))
    }

    @Test func anotherProtocolVersionFailsTheHandshake() throws {
        let report = try #require(try Self.failure("old-protocol"))
        guard case let .handshake(reason) = report.failure else {
            Issue.record("expected a handshake failure, got \(report.failure)")
            return
        }
        #expect(reason.contains("version 0"), "\(reason)")
    }

    /// A megabyte on the error stream does not block the program (the runner drains it) and only its
    /// tail is kept.
    @Test func aFloodedErrorStreamNeitherBlocksNorSwellsTheReport() throws {
        let command = try #require(AdapterPrograms.command("adapter-wrong", "--misbehave", "flood-stderr"))
        let session = AdapterSession(command: command, timeout: .seconds(10))
        try session.start(serving: .progressThrottle)
        var throttle = ProcessThrottle(session)
        _ = throttle.offer(.init(processedCount: 1, totalCount: 2), at: .init(epochMilliseconds: 0))
        #expect(session.failure == nil, "\(String(describing: session.failure))")
        #expect(session.errorStreamTail.utf8.count <= 4_096)
        #expect(session.errorStreamTail.hasSuffix("noise on stderr\n"))
        session.stop()
    }

    @Test func aProgramThatIsNotThereCannotStart() {
        let result = AdapterRunner(command: ["/no/such/adapter"]).run(.heartbeat)
        guard case let .programFailed(report) = result.outcome, case let .couldNotStart(_, reason) = report.failure else {
            Issue.record("expected could-not-start, got \(result.outcome)")
            return
        }
        #expect(reason.contains("not an executable file"))
        let onPath = AdapterRunner(command: ["no-such-adapter-program-on-path"]).run(.heartbeat)
        guard case let .programFailed(pathReport) = onPath.outcome, case let .couldNotStart(_, pathReason) = pathReport.failure else {
            Issue.record("expected could-not-start, got \(onPath.outcome)")
            return
        }
        #expect(pathReason.contains("not found on PATH"))
    }

    /// Each option's bad value is named with what it must be and what it got.
    @Test(arguments: [
        (["--seam", "nope", "--", "x"], "--seam nope: no such seam; the seams are progress-throttle"),
        (["--seam", "heartbeats", "--", "x"], "--seam heartbeats: no such seam (did you mean heartbeat?); the seams are"),
        (["--side", "middle", "--", "x"], "--side must be backend or client, got middle"),
        (["--timeout", "0", "--", "x"], "--timeout must be a number of seconds above 0 and at most 3600, got 0"),
        (["--timeout", "3600.5", "--", "x"], "got 3600.5"),
        (["--timeout", "abc", "--", "x"], "got abc"),
        (["--report", "", "--", "x"], "--report must be a path, got nothing"),
        (["--scenario", "", "--", "x"], "--scenario must be a path, got nothing"),
        (["--scenario", "s.json", "--seeds", "3..<3", "--", "x"], "--seeds must be a non-empty range A..<B of seeds, got 3..<3"),
        (["--seeds", "0..<3", "--", "x"], "--seeds goes with --scenario"),
        (["--strict"], "adapterrun needs -- PROGRAM [ARGUMENT]...: the adapter program and its arguments"),
        (["--strict", "--"], "adapterrun needs -- PROGRAM [ARGUMENT]...: the adapter program and its arguments"),
    ])
    func aBadValueIsNamedWithWhatItGot(arguments: [String], message: String) {
        guard case let .usageError(text) = AdapterRunCommand.parse(arguments) else {
            Issue.record("\(arguments) was not refused")
            return
        }
        #expect(text.contains(message), "\(text)")
    }

    /// The runner's command line: help, usage errors, and no pass for nothing checked.
    @Test func theCommandLineRefusesWhatItCannotRun() throws {
        #expect(AdapterRunCommand.parse(["--help"]) == .help)
        guard case .usageError = AdapterRunCommand.parse([]) else { Issue.record("no program must be a usage error"); return }
        guard case .usageError = AdapterRunCommand.parse(["--seam", "nope", "--", "x"]) else { Issue.record("an unknown seam must be a usage error"); return }
        guard case .usageError = AdapterRunCommand.parse(["--timeout", "0", "--", "x"]) else { Issue.record("a zero timeout must be a usage error"); return }
        guard case .usageError = AdapterRunCommand.parse(["--frob", "--", "x"]) else { Issue.record("an unknown option must be a usage error"); return }
        guard case let .run(invocation) = AdapterRunCommand.parse(["--seam", "heartbeat", "--timeout", "2.5", "--", "node", "a.js", "--flag"]) else {
            Issue.record("a valid command line must run")
            return
        }
        #expect(invocation.seams == [.heartbeat])
        #expect(invocation.timeoutSeconds == 2.5)
        #expect(invocation.program == ["node", "a.js", "--flag"])
        let command = try #require(AdapterPrograms.command("adapter-model"))
        var output = ""
        var clientOnly = AdapterRunCommand.Invocation()
        clientOnly.seams = [.progressThrottle]
        clientOnly.side = "client"
        clientOnly.program = command
        let (status, _) = AdapterRunCommand.run(clientOnly, overrides: PropertyOverrides()) { output += $0 }
        #expect(status == 1)
        #expect(output.contains("nothing to check is not a pass"), "\(output)")
    }
}
