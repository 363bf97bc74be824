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

    /// REC-03, both sides: every frame decodes as one protocol message.
    public static let codec = RecordingRule(RecordingRules.frames)
    /// REC-01, both sides: a frame belongs to the job its line is recorded for.
    public static let frameJob = RecordingRule(RecordingRules.frameJob)
    /// THROTTLE-01, server: at most two progress messages sent in any one-second window (D-107).
    public static let rate = RecordingRule(ProgressThrottleRules.rate)
    /// THROTTLE-03, server: the terminal message's count is the highest count sent before it.
    public static let finalCount = RecordingRule(ProgressThrottleRules.finalCount)
    /// THROTTLE-04, server: the progress counts sent never go backwards.
    public static let countsForward = RecordingRule(ProgressThrottleRules.monotone)
    /// SOCKET-09, server: one terminal message, and nothing that reports progress after it; with
    /// `--complete`, a job whose recording ends without one breaks it too.
    public static let oneTerminal = RecordingRule(ProgressJobSocketRules.ending)
    /// THROTTLE-06, server: a keep-alive repeats the last count only after 10 s without a progress message.
    public static let keepAlive = RecordingRule(ProgressThrottleRules.keepAlive)
    /// SOCKET-01, server: every ping received gets a pong echoing its `clientTime` within the pong timeout (5 s).
    public static let pongAnswer = RecordingRule(ProgressJobSocketRules.pong)
    /// HEART-02, app: each ping carries the app's clock when it is sent, as `clientTime`.
    public static let pingClock = RecordingRule(HeartbeatRules.clientTime)
    /// HEART-01, app: pings at least 30 s after the open and after each other.
    public static let pingInterval = RecordingRule(HeartbeatRules.interval)
    /// HEART-04, app: three unanswered pings in a row drop the socket at the third one's deadline (D-077).
    public static let missedPongs = RecordingRule(HeartbeatRules.reconnect)
    /// RECONNECT-01, app: each reopen waits the backoff's delay for its attempt (D-078).
    public static let reconnectDelay = RecordingRule(ProgressReconnectRules.backoff)
    /// RECONNECT-02, app: after a failure the app opens again (RECONNECT-01's delay) until ten minutes
    /// of continuous failure, and never after a failure ten minutes or more after the first.
    public static let keepsTrying = RecordingRule(ProgressReconnectRules.giveUp)
    /// RECONNECT-04, app: a `sync_request` without an answer is sent again every 5 s.
    public static let syncRetry = RecordingRule(ProgressReconnectRules.syncRetry)
    /// RECONNECT-05, app: an open that has not completed 10 s after it began fails.
    public static let openTimeout = RecordingRule(ProgressReconnectRules.handshakeTimeout)
    /// RECONNECT-06, app: an open the server refused with an HTTP status is final (D-138).
    public static let refusalFinal = RecordingRule(ProgressReconnectRules.refusal)
    /// RECONNECT-03, app: every reopen is followed at once by a `sync_request` (the seed's state sync).
    public static let syncAfterOpen = RecordingRule(ProgressReconnectRules.syncAfterOpen)
    /// RECONNECT-11, app: the first open is followed at once by a `sync_request` too (D-079).
    public static let syncAfterFirstOpen = RecordingRule(ProgressReconnectRules.syncAfterFirstOpen)
    /// CANCEL-02, server: a cancel answered 200 for a running job is followed at once by a `canceled` message.
    public static let canceledBroadcast = RecordingRule(CancelEndpointRules.canceledBroadcast)
    /// REC-02, server: after a `canceled` message, the job completes with `canceled: true`.
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
