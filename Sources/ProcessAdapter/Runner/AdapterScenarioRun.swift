import Scenarios
import SessionRecordings
import SpecModel

/// `adapterrun --scenario`: a program's seams in a simulated progress scenario, in the model's place,
/// under the scenario's faults, clocks and latencies, seed by seed: its throttle behind the model's
/// job socket (`progress-throttle`), its client in the model client's (`progress-reconnect`), or both.
///
/// Each seed's run gets fresh instances in one program process. A run keeps the scenario's properties
/// and the recording rules (`sessioncheck --complete` on the run's own recording, the same rule ids),
/// or names what it broke, with the command that replays it; its digest is compared with the model's
/// run of the same seed, which a program that decides as the model does repeats exactly. The program
/// failing (a timeout, an exit, a malformed answer) stops the sweep and is reported with its last
/// exchanges, as in the suites.
public enum AdapterScenarioRun {
    /// The seams a program can take in a progress run, in the order they are named.
    public static let seams: [AdapterSeam] = [.progressThrottle, .progressReconnect]

    /// Runs `seeds` of `scenario` with the program's seams (`invocation.seams`, or every one of `seams`
    /// the program serves); writes a line per seed and the verdict, and returns the exit status: 0
    /// every run kept the properties and the rules, 1 one broke them or the program failed, 2 the
    /// scenario is not a progress scenario.
    public static func run(_ scenario: ScenarioFile, path: String, seeds: [UInt64], invocation: AdapterRunCommand.Invocation, write: (String) -> Void) -> Int32 {
        guard scenario.recordsSessions else {
            write("adapterrun: \(path) is a \(scenario.kindName) scenario; a program's seams run in progress scenarios only\n")
            return 2
        }
        let timeout = Duration.milliseconds(Int64(invocation.timeoutSeconds * 1_000))
        var chosen = invocation.seams
        if chosen.isEmpty {
            // Every seam of a run the program serves.
            guard let served = AdapterRunCommand.servedSeams(invocation.program, timeout: timeout, write: write) else { return 1 }
            chosen = seams.filter(served.contains)
            guard !chosen.isEmpty else {
                write("adapterrun: the program serves neither seam a scenario runs (\(seams.map(\.rawValue).joined(separator: ", ")))\n")
                return 1
            }
        }
        let session = AdapterSession(command: invocation.program, timeout: timeout)
        defer { session.stop() }
        do {
            try session.start(serving: chosen)
        } catch {
            write("adapterrun: \(AdapterFailureReport(failure: error, lastExchanges: session.lastExchanges, errorStreamTail: session.errorStreamTail))\n")
            return 1
        }
        write("adapterrun: the program's \(chosen.map(\.rawValue).joined(separator: " and ")) in the model's place\n")
        let seamOptions = chosen.map { "--seam \($0.rawValue) " }.joined()
        var failed = false
        for seed in seeds {
            let model = scenario.run(seed: seed)
            var runSeams = ProgressRun.Seams()
            if chosen.contains(.progressThrottle) { runSeams.throttle = ProcessThrottle(session) }
            if chosen.contains(.progressReconnect) { runSeams.client = ProcessReconnect(session) }
            guard let outcome = scenario.run(seed: seed, seams: runSeams, recordsRecording: true) else { return 2 }
            if let failure = session.failure {
                write("\(scenario.name) seed \(seed): PROGRAM FAILED, the run is not judged\n")
                write(indented(AdapterFailureReport(failure: failure, lastExchanges: session.lastExchanges, errorStreamTail: session.errorStreamTail).description))
                write("adapterrun: FAIL\n")
                return 1
            }
            let same = outcome.digest == model.digest ? "the model's run exactly" : "not the model's run (model \(model.digest))"
            write("\(scenario.name) seed \(seed): \(outcome.summary); \(same)\n")
            let broken = recordingReport(outcome.recording)
            guard !outcome.failures.isEmpty || !broken.isEmpty else { continue }
            failed = true
            for failure in outcome.failures { write("  VIOLATED \(failure)\n") }
            for text in broken { write(indented(text)) }
            write("  replay: swift run adapterrun --scenario \(path) --seeds \(seed)..<\(seed + 1) \(seamOptions)-- \(AdapterText.command(invocation.program))\n")
        }
        write(failed ? "adapterrun: FAIL\n" : "adapterrun: PASS, \(seeds.count) run\(seeds.count == 1 ? "" : "s") of \(scenario.name) kept every property and recording rule\n")
        return failed ? 1 : 0
    }

    /// What the recording rules find in a run's recording, checked as `sessioncheck --complete` checks
    /// it: each violation and each malformed line as the report prints it; empty when it is clean.
    public static func recordingReport(_ recording: [String]) -> [String] {
        var options = RecordingChecker.Options()
        options.limits.sessionsComplete = true
        var checker = RecordingChecker(options: options)
        var found: [String] = []
        for (index, line) in recording.enumerated() {
            for violation in checker.feed(Array(line.utf8), number: index + 1) { found.append(SessionCheckCommand.text(violation)) }
        }
        for violation in checker.finish() { found.append(SessionCheckCommand.text(violation)) }
        // The run writes its recording itself, so a malformed line is the simulator's fault; it is
        // reported all the same rather than passed over.
        for error in checker.summary.malformed { found.append("MALFORMED \(error)\n") }
        return found
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { "  " + $0 }.joined(separator: "\n") + "\n"
    }
}
