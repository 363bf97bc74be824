import SpecModel

/// A client seam in a progress run, in the model client's place: the seam decides, and the run keeps
/// what it can see of it from outside (D-136).
///
/// A seam answers with actions only, so its view of the job is not visible. The run judges it by what
/// reached it and what it did: its socket is the run's (`RunState.appSocketUp`, `clientConnection`), its
/// count is the highest one the frames delivered to it carried, and it knows the ending once a frame
/// carrying the ending was delivered to it on an open socket. The frames it was handed are read with
/// the model's codec, and a `job_progress` frame counts as applied by the model's rule (D-080): not
/// the very same message again, not a lower count.
struct SeamClient {
    /// The most actions one call may answer; the model's answer at most three. A seam answering more
    /// stops the run with a failure rather than flood it.
    static let actionsPerCallMax = 64
    /// The most times a timer may fire at one instant; the model's fire once. A timer that fires more
    /// has not moved its deadline on, and stops the run with a failure rather than loop.
    static let firesPerInstantMax = 1_000

    /// The seam: a team's client, or a program's through the process adapter.
    var seam: any ProgressSocketConnecting
    /// Successful opens.
    var opens = 0
    /// The highest count the frames delivered to it carried.
    var highestCount = 0
    /// Whether a frame carrying the job's ending was delivered to it.
    var knowsEnding = false
    /// The last fresh progress message delivered, to tell a repeat or an overtaken one.
    var lastProgress: (timestamp: Timestamp, processedCount: Int, keepAlive: Bool)?

    /// Notes what a delivered frame carries; returns whether it is a fresh `job_progress` message.
    mutating func observe(_ bytes: [UInt8]) -> Bool {
        let message: ProgressMessage
        do {
            message = try ProgressMessageCodec.decode(bytes, from: .server)
        } catch {
            // Nothing to count: the seam is handed the frame all the same, and the model's server
            // sends none the codec refuses.
            return false
        }
        // A frame naming another job tells this client nothing (the model's client refuses it).
        guard BackendJobRegistry.sameJob(message.jobId, ProgressRun.jobId) else { return false }
        switch message.payload {
        case let .progress(update):
            highestCount = max(highestCount, update.processedCount)
            if let last = lastProgress,
               (last.timestamp, last.processedCount, last.keepAlive) == (message.timestamp, update.processedCount, update.keepAlive) || update.processedCount < last.processedCount {
                return false
            }
            lastProgress = (message.timestamp, update.processedCount, update.keepAlive)
            return true
        case let .complete(completion):
            highestCount = max(highestCount, completion.totalProcessed)
            knowsEnding = true
        case let .error(error):
            if let successes = error.details.successCount, let failures = error.details.failureCount {
                highestCount = max(highestCount, successes + failures)
            }
            knowsEnding = true
        case let .canceled(cancellation):
            highestCount = max(highestCount, cancellation.processedItems)
        case let .syncResponse(snapshot):
            highestCount = max(highestCount, snapshot.processedCount)
            if snapshot.completion != nil { knowsEnding = true }
            if let error = snapshot.error {
                if let successes = error.details.successCount, let failures = error.details.failureCount {
                    highestCount = max(highestCount, successes + failures)
                }
                knowsEnding = true
            }
        case .jobStarted, .pong, .ping, .syncRequest:
            break
        }
        return false
    }
}
