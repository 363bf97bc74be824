import Simulator
import SpecModel

/// `adapterrun --scenario`: a program's throttle behind the model's job socket in a simulated scenario,
/// in the reference throttle's place, under the scenario's faults, clocks and latencies, seed by seed.
///
/// Each seed's run gets a fresh throttle instance in one program process. A run keeps the scenario's
/// properties or names the ones it broke, with the command that replays it; its digest is compared
/// with the model's run of the same seed, which a program that decides as the reference throttle does
/// repeats exactly. The program failing (a timeout, an exit, a malformed answer) stops the sweep and is
/// reported with its last exchanges, as in the suites.
public enum AdapterScenarioRun {
    /// What one seed's run gave.
    public struct SeedResult: Sendable {
        /// The seed.
        public var seed: UInt64
        /// The properties the run broke; empty when it kept them all.
        public var failures: [ScenarioFailure]
        /// The run's digest, and the model's for the same seed.
        public var digest: TraceDigest
        /// The digest of the model's own run of the seed.
        public var modelDigest: TraceDigest
        /// The run's summary line.
        public var summary: String
    }

    /// Runs `seeds` of `scenario` with the program's throttle; writes a line per seed and the verdict,
    /// and returns the exit status: 0 every run kept the properties, 1 one broke them or the program
    /// failed, 2 the scenario is not a progress scenario.
    public static func run(_ scenario: ScenarioFile, path: String, seeds: [UInt64], invocation: AdapterRunCommand.Invocation, write: (String) -> Void) -> Int32 {
        guard scenario.recordsSessions else {
            write("adapterrun: \(path) is a \(scenario.kindName) scenario; a program's throttle runs in progress scenarios only\n")
            return 2
        }
        let session = AdapterSession(command: invocation.program, timeout: .milliseconds(Int64(invocation.timeoutSeconds * 1_000)))
        defer { session.stop() }
        do {
            try session.start(serving: .progressThrottle)
        } catch {
            write("adapterrun: \(AdapterFailureReport(failure: error, lastExchanges: session.lastExchanges, errorStreamTail: session.errorStreamTail))\n")
            return 1
        }
        var failed = false
        for seed in seeds {
            let model = scenario.run(seed: seed)
            guard let outcome = scenario.run(seed: seed, throttle: ProcessThrottle(session)) else { return 2 }
            if let failure = session.failure {
                write("\(scenario.name) seed \(seed): PROGRAM FAILED, the run is not judged\n")
                write(AdapterFailureReport(failure: failure, lastExchanges: session.lastExchanges, errorStreamTail: session.errorStreamTail).description
                    .split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n")
                write("adapterrun: FAIL\n")
                return 1
            }
            let same = outcome.digest == model.digest ? "the model's run exactly" : "not the model's run (model \(model.digest))"
            write("\(scenario.name) seed \(seed): \(outcome.summary); \(same)\n")
            guard !outcome.failures.isEmpty else { continue }
            failed = true
            for failure in outcome.failures { write("  VIOLATED \(failure)\n") }
            write("  replay: swift run adapterrun --scenario \(path) --seeds \(seed)..<\(seed + 1) -- \(AdapterText.command(invocation.program))\n")
        }
        write(failed ? "adapterrun: FAIL\n" : "adapterrun: PASS, \(seeds.count) run\(seeds.count == 1 ? "" : "s") of \(scenario.name) kept every property\n")
        return failed ? 1 : 0
    }
}
