import Simulator

extension ProgressRun.Result {
    /// What the run broke of the protocol's properties, in words; empty when it kept them all.
    ///
    /// Safety: the progress messages the client applied were sent at most 2 in any second (judged by
    /// when the server sent them, D-107); the client never showed more than the job processed.
    /// Liveness: the job ended, the client learned the ending and the final count, within the bound
    /// after the heal (or after the job ended, if later), and then stopped: no socket, nothing scheduled;
    /// the run stayed within its event bound. A client whose open the server refused before it learned
    /// the ending instead stops there and never opens again (D-138).
    public func violations(of configuration: ProgressRun.Configuration) -> [String] {
        failures(of: configuration).map(\.message)
    }

    /// The same as `violations(of:)`, each with its property's id and actor.
    public func failures(of configuration: ProgressRun.Configuration) -> [ScenarioFailure] {
        var found: [ScenarioFailure] = []
        // A run a seam stopped (a timer that never moved on, a flood of actions) is judged by that alone.
        if let fault { return [fault] }
        let sent = progressSentAt
        for index in sent.indices.dropFirst(2) where sent[index] - sent[index - 2] < 1_000 * FaultOptions.millisecond {
            found.append(ScenarioFailure("progress.two-per-second", at: "app", "the client applied 3 progress messages sent within a second: at \(sent[index - 2]), \(sent[index - 1]) and \(sent[index]) ns"))
            break
        }
        if clientCount > processed {
            found.append(ScenarioFailure("progress.count-within-processed", at: "app", "the client shows \(clientCount) items, more than the \(processed) processed"))
        }
        if end == .reachedEventLimit { found.append(ScenarioFailure("progress.event-bound", at: "run", "the run hit its bound of \(configuration.eventsMax) events")) }
        guard let jobEnded = jobEndedAtNanoseconds else {
            found.append(ScenarioFailure("progress.job-ends", at: "backend", "the job did not end"))
            return found
        }
        // A refused open is final (RECONNECT-06): the client stops without the ending, which it can
        // no longer learn on this socket (D-138).
        if let refused = refusedAtNanoseconds, clientKnewEndingAtNanoseconds == nil {
            if opensAfterRefusal > 0 {
                found.append(ScenarioFailure("progress.refusal-final", at: "app", "the server refused an open at \(refused) ns, and the client opened again \(opensAfterRefusal) times"))
            }
            if !clientStopped {
                found.append(ScenarioFailure("progress.client-stops", at: "app", "the server refused an open at \(refused) ns, and the client kept going (state \(clientState))"))
            }
            return found
        }
        guard let knew = clientKnewEndingAtNanoseconds else {
            found.append(ScenarioFailure("progress.client-learns-ending", at: "app", "the client never learned the ending (state \(clientState), \(framesLost) of \(framesSent) frames lost)"))
            return found
        }
        if clientCount != processed {
            found.append(ScenarioFailure("progress.final-count", at: "app", "the client ended with \(clientCount) items, not the final \(processed)"))
        }
        if !clientStopped {
            found.append(ScenarioFailure("progress.client-stops", at: "app", "the client learned the ending and kept going (state \(clientState))"))
        }
        let readyAt = max(jobEnded, configuration.healAtNanoseconds ?? 0)
        if knew > readyAt + configuration.livenessBoundNanoseconds {
            found.append(ScenarioFailure("progress.liveness-bound", at: "app", "the client learned the ending at \(knew) ns, more than \(configuration.livenessBoundNanoseconds) ns after \(readyAt) ns"))
        }
        return found
    }
}
