/// When the client tries to reconnect after losing its socket, and when it stops trying.
///
/// Production retries after 1, 2, 4, 8 and 16 s (capped at 30 s) and gives up after five tries (31 s of
/// outage). Giving up loses the final count whenever the network is down for longer than that, and the
/// final count must never be lost; so this policy keeps production's first five delays, then keeps trying
/// every 30 s (the cap) until `giveUpAfterMilliseconds` of continuous failure, ten minutes, which is
/// longer than the backend takes to abandon a job with no progress (300 s), so by then the job's ending
/// is settled and a later `sync_request` still gets it (D-078). The delays are exact, without jitter:
/// the model is deterministic, and the simulator adds jitter from its seed if a scenario wants it.
public struct ReconnectPolicy: Hashable, Sendable {
    public static let productionDelaysMilliseconds = ProgressLimits.reconnectDelaysMilliseconds
    public static let delayCapMilliseconds = ProgressLimits.reconnectDelayCapMilliseconds
    public static let giveUpAfterMillisecondsDefault = ProgressLimits.reconnectGiveUpAfterMilliseconds
    public static let handshakeTimeoutMilliseconds = ProgressLimits.handshakeTimeoutMilliseconds

    /// The delays before the first tries, in milliseconds, in order; later tries wait
    /// `delayCapMilliseconds`.
    public var delaysMilliseconds: [Int64]
    /// The longest delay between two tries, in milliseconds.
    public var delayCapMilliseconds: Int64
    /// How long the client keeps trying through continuous failure, in milliseconds; then it gives up.
    public var giveUpAfterMilliseconds: Int64

    /// A policy with these delays; by default production's first five, then every 30 s for ten minutes.
    ///
    /// - Precondition: there is at least one delay, the delays and the cap are positive, and the
    ///   give-up time is not negative.
    public init(delaysMilliseconds: [Int64] = productionDelaysMilliseconds, delayCapMilliseconds: Int64 = delayCapMilliseconds, giveUpAfterMilliseconds: Int64 = giveUpAfterMillisecondsDefault) {
        precondition(!delaysMilliseconds.isEmpty && delaysMilliseconds.allSatisfy { $0 > 0 }, "reconnect delays must be positive: \(delaysMilliseconds)")
        precondition(delayCapMilliseconds > 0 && giveUpAfterMilliseconds >= 0, "the cap and the give-up time must be positive")
        self.delaysMilliseconds = delaysMilliseconds
        self.delayCapMilliseconds = delayCapMilliseconds
        self.giveUpAfterMilliseconds = giveUpAfterMilliseconds
    }

    /// The delay before try `attempt` (1-based), capped.
    ///
    /// - Precondition: `attempt` is at least 1.
    public func delay(beforeAttempt attempt: Int) -> Int64 {
        precondition(attempt >= 1, "attempts count from 1, got \(attempt)")
        let listed = attempt <= delaysMilliseconds.count ? delaysMilliseconds[attempt - 1] : delayCapMilliseconds
        return min(listed, delayCapMilliseconds)
    }

    /// Whether to try again after failing since `failingSince`, at `now`.
    public func keepsTrying(failingSince: Timestamp, at now: Timestamp) -> Bool {
        now.epochMilliseconds - failingSince.epochMilliseconds < giveUpAfterMilliseconds
    }
}
