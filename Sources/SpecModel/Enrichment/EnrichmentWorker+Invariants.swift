extension EnrichmentWorker {
    /// Checks the worker against the app's queue; for tests, after every transition.
    ///
    /// - Complexity: O(pending works).
    package func _checkInvariants(_ app: AppState) throws(EnrichmentWorkerInvariantViolation) {
        func fail(_ message: String) -> EnrichmentWorkerInvariantViolation { EnrichmentWorkerInvariantViolation(message: message) }
        guard isLaunched else {
            guard current == nil else { throw fail("not launched, yet \(String(describing: current)) is current") }
            guard nextWake == nil else { throw fail("not launched, yet a wake is set at \(String(describing: nextWake))") }
            return
        }
        // Sequential: the current work is the queue's work in flight, and nothing else is.
        guard current?.work == app.enrichmentQueue.inFlight else {
            throw fail("the current work is \(String(describing: current?.work)), the queue's in flight is \(String(describing: app.enrichmentQueue.inFlight))")
        }
        if let inFlight = app.enrichmentQueue.inFlight, app.enrichmentQueue.pending.contains(inFlight) {
            throw fail("\(inFlight) is both in flight and pending")
        }
        if let current {
            guard (1...configuration.attemptsMax).contains(current.attempt) else {
                throw fail("attempt \(current.attempt) is outside 1...\(configuration.attemptsMax)")
            }
            if case let .awaitingAnswer(request) = current.stage {
                guard isOnline else { throw fail("request \(request.id) is awaited while offline") }
                guard request.work == current.work else { throw fail("request \(request.id) is for \(request.work), the current work is \(current.work)") }
                guard request.attempt == current.attempt else { throw fail("request \(request.id) is attempt \(request.attempt), the current attempt is \(current.attempt)") }
                guard request.id == app.enrichmentRecords.requestsIssued else { throw fail("the awaited request \(request.id) is not the last sent (\(app.enrichmentRecords.requestsIssued))") }
            }
        }
        // The timer the caller holds is the one the worker wants.
        guard nextWake == wakeWanted(app) else {
            throw fail("the wake set is \(String(describing: nextWake)), the worker wants \(String(describing: wakeWanted(app)))")
        }
        if let nextWake, let lastEventAt, nextWake <= lastEventAt {
            throw fail("the wake at \(nextWake) is not after the last event at \(lastEventAt)")
        }
        // A run with nothing left is over.
        if current == nil, app.enrichmentQueue.pendingCount == 0, app.enrichmentQueue.inFlight == nil, app.enrichmentRecords.run != EnrichmentRunCounts() {
            throw fail("the queue is empty, yet the run's counts are \(app.enrichmentRecords.run)")
        }
    }
}

/// A broken invariant of the enrichment worker.
package struct EnrichmentWorkerInvariantViolation: Error, CustomStringConvertible {
    package let message: String
    package var description: String { "enrichment worker invariant: \(message)" }
}
