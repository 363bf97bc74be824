import SpecModel
import SpecRules

/// A rule a recorded session must keep: one of the catalog's rules (`SpecRules`), stated once for the
/// kit and the recording checker alike. The kit's own rule where it has one (`THROTTLE-01`,
/// `RECONNECT-03`), `REC-…` (`RecordingRules`) where only a recording shows it.
public struct RecordingRule: Hashable, Sendable, CustomStringConvertible {
    /// The catalog's rule: its id, statement and basis.
    public let rule: Rule

    /// A recording check of the catalog's `rule`.
    public init(_ rule: Rule) {
        self.rule = rule
    }

    /// The rule's id: the conformance kit's where it has the rule, `REC-…` otherwise; `--rules` selects by it.
    public var id: String { rule.id.rawValue }
    /// The rule in one sentence, as a violation report quotes it: the catalog's statement.
    public var statement: String { rule.statement }

    public var description: String { id }

    /// Checked on both sides' frames.
    public static let codec = RecordingRule(RecordingRules.frames)
    /// Checked on both sides' frames.
    public static let frameJob = RecordingRule(RecordingRules.frameJob)
    /// Checked on the server's frames.
    public static let rate = RecordingRule(ProgressThrottleRules.rate)
    /// Checked on the server's frames.
    public static let finalCount = RecordingRule(ProgressThrottleRules.finalCount)
    /// Checked on the server's frames.
    public static let countsForward = RecordingRule(ProgressThrottleRules.monotone)
    /// Checked on the server's frames. With `--complete`, a job whose recording ends without its ending breaks it too.
    public static let oneTerminal = RecordingRule(ProgressJobSocketRules.ending)
    /// Checked on the server's frames.
    public static let keepAlive = RecordingRule(ProgressThrottleRules.keepAlive)
    /// Checked on the server's frames.
    public static let pongAnswer = RecordingRule(ProgressJobSocketRules.pong)
    /// Checked on the app's frames and socket events.
    public static let pingClock = RecordingRule(HeartbeatRules.clientTime)
    /// Checked on the app's frames and socket events.
    public static let pingInterval = RecordingRule(HeartbeatRules.interval)
    /// Checked on the app's frames and socket events.
    public static let missedPongs = RecordingRule(HeartbeatRules.reconnect)
    /// Checked on the app's frames and socket events.
    public static let reconnectDelay = RecordingRule(ProgressReconnectRules.backoff)
    /// Checked on the app's frames and socket events.
    public static let keepsTrying = RecordingRule(ProgressReconnectRules.giveUp)
    /// Checked on the app's frames and socket events.
    public static let syncRetry = RecordingRule(ProgressReconnectRules.syncRetry)
    /// Checked on the app's frames and socket events.
    public static let openTimeout = RecordingRule(ProgressReconnectRules.handshakeTimeout)
    /// Checked on the app's frames and socket events.
    public static let refusalFinal = RecordingRule(ProgressReconnectRules.refusal)
    /// Checked on the app's frames and socket events.
    public static let syncAfterOpen = RecordingRule(ProgressReconnectRules.syncAfterOpen)
    /// Checked on the app's frames and socket events.
    public static let syncAfterFirstOpen = RecordingRule(ProgressReconnectRules.syncAfterFirstOpen)
    /// Checked on the server's frames.
    public static let canceledBroadcast = RecordingRule(CancelEndpointRules.canceledBroadcast)
    /// Checked on the server's frames.
    public static let canceledCompletion = RecordingRule(RecordingRules.canceledCompletion)

    /// Every rule, in the order reports list them.
    public static let all: [RecordingRule] = [
        codec, frameJob, rate, countsForward, finalCount, keepAlive, oneTerminal, canceledBroadcast, canceledCompletion,
        pongAnswer, pingClock, pingInterval, missedPongs, reconnectDelay, keepsTrying, refusalFinal, syncAfterFirstOpen, syncAfterOpen, syncRetry, openTimeout,
    ]

    /// The rules whose id starts with one of `prefixes` (`THROTTLE` selects every THROTTLE rule).
    public static func selected(by prefixes: [String]) -> Set<String> {
        Set(all.filter { rule in prefixes.contains { rule.id.hasPrefix($0) } }.map(\.id))
    }
}

/// The limits the rules check against, each taken from the model rather than restated.
public struct RecordingLimits: Hashable, Sendable {
    /// The throttle's limits, for THROTTLE-01: at most two progress messages a second.
    public var throttle = ThrottleLimits()
    /// The shortest time between pings, in milliseconds (30,000), for HEART-01.
    public var pingIntervalMilliseconds = Heartbeat.pingIntervalMilliseconds
    /// How long a ping waits for its pong, in milliseconds (5,000), for SOCKET-01 and HEART-04.
    public var pongTimeoutMilliseconds = Heartbeat.pongTimeoutMilliseconds
    /// The unanswered pings in a row that drop the socket (3), for HEART-04.
    public var missedPongsMax = Heartbeat.missedPongsMax
    /// The backoff between reopen attempts and when the app gives up, for RECONNECT-01 and RECONNECT-02.
    public var reconnect = ReconnectPolicy()
    /// How long a `sync_request` waits for its answer before it is sent again (5,000), for RECONNECT-04.
    public var syncRetryMilliseconds = ProgressSocketClient.syncRetryMillisecondsDefault
    /// How long an open may take before it fails (10,000), for RECONNECT-05.
    public var handshakeTimeoutMilliseconds = ReconnectPolicy.handshakeTimeoutMilliseconds
    /// How long without a progress message before a keep-alive (10,000), for THROTTLE-06.
    public var keepAliveMilliseconds = ProgressThrottle.keepAliveMillisecondsDefault
    /// Whether the recording holds each job's whole session, so a job without a terminal message
    /// breaks SOCKET-09 (`sessioncheck --complete`); otherwise the recording may simply stop first.
    public var sessionsComplete = false
    /// What "at once" allows on a recording: the time between the event and its consequence being
    /// written down (the model does both in the same millisecond). Also the lateness allowed for a
    /// reconnect or a drop after its due time.
    public var atOnceMilliseconds: Int64 = 1_000

    /// Creates the limits the model states, with 1,000 ms for "at once".
    public init() {}
}
