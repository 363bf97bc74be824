import SpecModel

/// A rule a recorded session must keep: the conformance kit's rule id where the kit has one, `REC-…`
/// where only a recording can show it.
public struct RecordingRule: Hashable, Sendable, CustomStringConvertible {
    public let id: String
    public let statement: String

    public var description: String { id }

    public static let codec = RecordingRule(id: "CODEC-01", statement: "Every frame is one protocol message: the envelope and payload the codec reads.")
    public static let frameJob = RecordingRule(id: "REC-01", statement: "A frame's jobId names the job its line is recorded for.")
    public static let rate = RecordingRule(id: "THROTTLE-01", statement: "No half-open one-second window holds more than two progress messages sent.")
    public static let finalCount = RecordingRule(id: "THROTTLE-03", statement: "The terminal message's count was sent before it, in progress, sync or canceled messages.")
    public static let countsForward = RecordingRule(id: "THROTTLE-04", statement: "The counts of the progress messages sent never go backwards.")
    public static let oneTerminal = RecordingRule(id: "SOCKET-09", statement: "The terminal message is sent once, and no progress, canceled or second terminal message follows it.")
    public static let pongAnswer = RecordingRule(id: "SOCKET-01", statement: "A ping the server receives is answered with a pong echoing its clientTime within the pong timeout.")
    public static let pingInterval = RecordingRule(id: "HEART-01", statement: "The app's first ping is 30 s after the socket opens, and each next one 30 s after the previous, never sooner.")
    public static let missedPongs = RecordingRule(id: "HEART-04", statement: "Three pings in a row without a pong within 5 s: the app drops the socket at the third one's deadline.")
    public static let reconnectDelay = RecordingRule(id: "RECONNECT-01", statement: "The app opens again 1, 2, 4, 8 and 16 s after each failure, then every 30 s.")
    public static let syncAfterOpen = RecordingRule(id: "RECONNECT-03", statement: "Every open of the app's socket is followed at once by a sync_request.")
    public static let canceledBroadcast = RecordingRule(id: "CANCEL-02", statement: "A cancel answered 200 for a running job is followed at once by a canceled message on its socket.")
    public static let canceledCompletion = RecordingRule(id: "REC-02", statement: "After a canceled message, the terminal message is job_complete with canceled: true.")

    /// Every rule, in the order reports list them.
    public static let all: [RecordingRule] = [
        codec, frameJob, rate, countsForward, finalCount, oneTerminal, canceledBroadcast, canceledCompletion,
        pongAnswer, pingInterval, missedPongs, reconnectDelay, syncAfterOpen,
    ]

    /// The rules whose id starts with one of `prefixes` (`THROTTLE` selects every THROTTLE rule).
    public static func selected(by prefixes: [String]) -> Set<String> {
        Set(all.filter { rule in prefixes.contains { rule.id.hasPrefix($0) } }.map(\.id))
    }
}

/// The limits the rules check against, each taken from the model rather than restated.
public struct RecordingLimits: Hashable, Sendable {
    public var throttle = ThrottleLimits()
    public var pingIntervalMilliseconds = Heartbeat.pingIntervalMilliseconds
    public var pongTimeoutMilliseconds = Heartbeat.pongTimeoutMilliseconds
    public var missedPongsMax = Heartbeat.missedPongsMax
    public var reconnect = ReconnectPolicy()
    /// What "at once" allows on a recording: the time between the event and its consequence being
    /// written down (the model does both in the same millisecond). Also the lateness allowed for a
    /// reconnect or a drop after its due time.
    public var atOnceMilliseconds: Int64 = 1_000

    public init() {}
}
