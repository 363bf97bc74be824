import SpecModel

/// A rule a recorded session must keep: the conformance kit's rule id where the kit has one, `REC-…`
/// where only a recording can show it.
public struct RecordingRule: Hashable, Sendable, CustomStringConvertible {
    /// The rule's id: the conformance kit's where it has the rule, `REC-…` otherwise; `--rules` selects by it.
    public let id: String
    /// The rule in one sentence, as a violation report quotes it.
    public let statement: String

    public var description: String { id }

    /// CODEC-01, both sides: every frame decodes as one protocol message.
    public static let codec = RecordingRule(id: "CODEC-01", statement: "Every frame is one protocol message: the envelope and payload the codec reads.")
    /// REC-01, both sides: a frame belongs to the job its line is recorded for.
    public static let frameJob = RecordingRule(id: "REC-01", statement: "A frame's jobId names the job its line is recorded for.")
    /// THROTTLE-01, server: at most two progress messages sent in any one-second window (D-107).
    public static let rate = RecordingRule(id: "THROTTLE-01", statement: "No half-open one-second window holds more than two progress messages sent.")
    /// THROTTLE-03, server: the terminal message's count is the highest count sent before it.
    public static let finalCount = RecordingRule(id: "THROTTLE-03", statement: "The terminal message's count was sent before it, in progress, sync or canceled messages.")
    /// THROTTLE-04, server: the progress counts sent never go backwards.
    public static let countsForward = RecordingRule(id: "THROTTLE-04", statement: "The counts of the progress messages sent never go backwards.")
    /// SOCKET-09, server: one terminal message, and nothing that reports progress after it; with
    /// `--complete`, a job whose recording ends without one breaks it too.
    public static let oneTerminal = RecordingRule(id: "SOCKET-09", statement: "The terminal message is sent exactly once, and no progress, canceled or second terminal message follows it.")
    /// THROTTLE-06, server: a keep-alive repeats the last count only after 10 s without a progress message.
    public static let keepAlive = RecordingRule(id: "THROTTLE-06", statement: "A keep-alive is sent only after 10 s without a progress message, never sooner.")
    /// SOCKET-01, server: every ping received gets a pong echoing its `clientTime` within the pong timeout (5 s).
    public static let pongAnswer = RecordingRule(id: "SOCKET-01", statement: "A ping the server receives is answered with a pong echoing its clientTime within the pong timeout.")
    /// HEART-02, app: each ping carries the app's clock when it is sent, as `clientTime`.
    public static let pingClock = RecordingRule(id: "HEART-02", statement: "Each ping carries the app's clock when it is sent, in milliseconds since 1970, as clientTime.")
    /// HEART-01, app: pings at least 30 s after the open and after each other.
    public static let pingInterval = RecordingRule(id: "HEART-01", statement: "The app's first ping is 30 s after the socket opens, and each next one 30 s after the previous, never sooner.")
    /// HEART-04, app: three unanswered pings in a row drop the socket at the third one's deadline (D-077).
    public static let missedPongs = RecordingRule(id: "HEART-04", statement: "Three pings in a row without a pong within 5 s: the app drops the socket at the third one's deadline.")
    /// RECONNECT-01, app: each reopen waits the backoff's delay for its attempt (D-078).
    public static let reconnectDelay = RecordingRule(id: "RECONNECT-01", statement: "The app opens again 1, 2, 4, 8 and 16 s after each failure, then every 30 s.")
    /// RECONNECT-02, app: after a failure the app opens again (RECONNECT-01's delay) until ten minutes
    /// of continuous failure, and never after a failure ten minutes or more after the first.
    public static let keepsTrying = RecordingRule(id: "RECONNECT-02", statement: "After a failure the app opens again until ten minutes of continuous failure, and gives up at a failure ten minutes or more after the first.")
    /// RECONNECT-04, app: a `sync_request` without an answer is sent again every 5 s.
    public static let syncRetry = RecordingRule(id: "RECONNECT-04", statement: "A sync_request without a sync_response is sent again 5 s later, while the socket is open.")
    /// RECONNECT-05, app: an open that has not completed 10 s after it began fails.
    public static let openTimeout = RecordingRule(id: "RECONNECT-05", statement: "An open that has not completed 10 s after it began is closed as a failure.")
    /// RECONNECT-06, app: an open the server refused with an HTTP status is final (D-138).
    public static let refusalFinal = RecordingRule(id: "RECONNECT-06", statement: "An open the server refuses with an HTTP status (401, 404) is final: the app never opens again.")
    /// RECONNECT-03, app: every open is followed at once by a `sync_request` (D-079).
    public static let syncAfterOpen = RecordingRule(id: "RECONNECT-03", statement: "Every open of the app's socket is followed at once by a sync_request.")
    /// CANCEL-02, server: a cancel answered 200 for a running job is followed at once by a `canceled` message.
    public static let canceledBroadcast = RecordingRule(id: "CANCEL-02", statement: "A cancel answered 200 for a running job is followed at once by a canceled message on its socket.")
    /// REC-02, server: after a `canceled` message, the job completes with `canceled: true`.
    public static let canceledCompletion = RecordingRule(id: "REC-02", statement: "After a canceled message, the terminal message is job_complete with canceled: true.")

    /// Every rule, in the order reports list them.
    public static let all: [RecordingRule] = [
        codec, frameJob, rate, countsForward, finalCount, keepAlive, oneTerminal, canceledBroadcast, canceledCompletion,
        pongAnswer, pingClock, pingInterval, missedPongs, reconnectDelay, keepsTrying, refusalFinal, syncAfterOpen, syncRetry, openTimeout,
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
