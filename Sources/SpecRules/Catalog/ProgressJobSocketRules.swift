/// The rules of the backend's job socket (seed 003_…, Tasks 1 and 2; seed 000_…, the cancel broadcast;
/// D-071 to D-080, D-119, D-160).
///
/// The seed's `handlePing`, `handleWebSocketMessage` and throttle state what a pong echoes, which frames
/// go unanswered, the first update at once, a burst held and the final count before the completion;
/// seed 000 states the `canceled` broadcast and the canceled completion. The rest is decided.
public enum ProgressJobSocketRules {
    static let heartbeat = "Task 1: Implement Heartbeat Mechanism (Ping/Pong)"
    static let throttling = "Task 2: Implement Server-Side Message Throttling"
    static let resetArchitecture = "Architecture Overview"

    public static let pong = Rule(
        "SOCKET-01", .must, "A `ping` on the open connection is answered at once (and so within the seed's 5 s), on that connection, with a `pong` for the job that echoes the ping's `clientTime` (none when the ping had none).",
        basis: .seed(.progressProtocol, heartbeat, "Backend responds with pong including client timestamp"))
    public static let token = Rule(
        "SOCKET-02", .must, "A connection opens only with the job's exact token: without one, or with an empty, shorter, longer, re-cased or another job's token, the upgrade is refused with 401 and `E_UNAUTHORIZED`.",
        basis: .decided("D-080"))
    public static let refusal = Rule(
        "SOCKET-03", .must, "A refusal is the same whatever token was presented, names neither the job nor its token, and leaves the open connection and the job as they were.",
        basis: .decided("D-080"), requires: ["SOCKET-02"])
    public static let sync = Rule(
        "SOCKET-04", .must, "A `sync_request` is answered at once with a `sync_response` carrying the job's status, its highest count and its size and, once the job has ended (even while the ending waits for the throttle), its completion or error.",
        basis: .decided("D-079"))
    public static let badFrame = Rule(
        "SOCKET-05", .must, "A client frame the server cannot parse as JSON, or whose `type` is neither `ping` nor `sync_request` (none, unknown, or a server's), gets no answer and no close, and the connection goes on as before.",
        basis: .seed(.progressProtocol, heartbeat, "console.warn(`[${this.jobId}] Unknown message type: ${parsed.type}`);"))
    public static let rate = Rule(
        "SOCKET-06", .must, "Progress goes out through the throttle: `job_progress` messages are at least 500 ms apart, milestones included, so no half-open one-second window holds more than two.",
        basis: .decided("D-071"), requires: ["SOCKET-17"])
    public static let monotone = Rule(
        "SOCKET-07", .must, "The counts of the `job_progress` messages a connection receives never go backwards.",
        basis: .decided("D-074"))
    public static let delivery = Rule(
        "SOCKET-08", .must, "No report is lost: the highest count reported before the ending reaches the connection before the ending.",
        basis: .seed(.progressProtocol, throttling, "No messages lost (final count accurate)"))
    public static let ending = Rule(
        "SOCKET-09", .must, "The ending (`job_complete` with the job's completion, or `error` with its success and failure counts in the details) is sent once (to the open connection, or to a client away when it went out in its next `sync_response`), within 500 ms of the job's end, and no `job_progress`, `canceled` or second ending follows it on any connection.",
        basis: .decided("D-072"))
    public static let idle = Rule(
        "SOCKET-10", .must, "A connection that has sent no frame for 100 s is closed with 1001 at 100,000 ms, not a millisecond sooner or later, and the server's own messages do not keep it open.",
        basis: .decided("D-119"))
    public static let closeAfterEnding = Rule(
        "SOCKET-11", .must, "The connection that receives the ending is closed right after it with 1000 (normal closure), after an error too.",
        basis: .decided("D-119"))
    public static let cancel = Rule(
        "SOCKET-12", .must, "A cancel of a running job broadcasts `canceled` at once on the open connection, with seed 000's \"Job canceled by user\" and the books processed and the total at that moment, and the loop's final update then goes out as `job_complete` with `canceled: true`.",
        basis: .seed(.libraryReset, resetArchitecture, #"Broadcast WebSocket message: { type: "canceled", jobId }"#))
    public static let replace = Rule(
        "SOCKET-13", .must, "A newly accepted connection replaces the open one, which is closed at once with 1001, and nothing is sent on a connection after it is closed.",
        basis: .decided("D-080"))
    public static let conversation = Rule(
        "SOCKET-14", .must, "On any script of connects, client frames, reports, endings, cancels and silences, every connection receives the model's messages at the model's times, and the model's closes.",
        basis: .reference)
    public static let serverTime = Rule(
        "SOCKET-15", .must, "A `pong` carries `serverTime`, the server's clock when it answered the ping.",
        basis: .decided("D-076"), requires: ["SOCKET-01"])
    public static let refusedFrame = Rule(
        "SOCKET-16", .must, "A `ping` or `sync_request` that is not a client message for this job (another version, another job, a bad field, over 64 KiB) gets no answer and no close either, and the connection goes on as before.",
        basis: .decided("D-119"))
    public static let burstHeld = Rule(
        "SOCKET-17", .must, "A report that comes less than 500 ms after the last `job_progress`, and is neither the job's first nor a milestone in either of the seed's readings (a count divisible by 25, the first at or past a quarter of the job), is not sent at once.",
        basis: .seed(.progressProtocol, throttling, "Throttling sends at most 1 message per 500ms"))
    public static let firstAtOnce = Rule(
        "SOCKET-18", .must, "The job's first report goes out at once.",
        basis: .seed(.progressProtocol, throttling, "First update sent immediately"))
    public static let milestones = Rule(
        "SOCKET-19", .must, "The first report at or past each quarter of the job goes out within 500 ms of being reported, or is overtaken by a higher count.",
        basis: .decided("D-071"), requires: ["SOCKET-17"])
    public static let keepAlive = Rule(
        "SOCKET-20", .must, "After 10 s without a message the last count goes out again as a keep-alive, until the ending.",
        basis: .decided("D-073"))
    public static let afterCancel = Rule(
        "SOCKET-21", .must, "After a cancel the job's later reports are not sent, and a cancel of a job that is not running (canceled already, or ended) sends nothing.",
        basis: .decided("D-160"), requires: ["SOCKET-12"])
}
