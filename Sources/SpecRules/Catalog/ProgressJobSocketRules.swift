/// The rules of the backend's job socket (seed 003_…, Tasks 1 and 2; seed 000_…, the cancel broadcast;
/// D-071 to D-080).
public enum ProgressJobSocketRules {
    static let heartbeat = "Task 1: Implement Heartbeat Mechanism (Ping/Pong)"
    static let throttling = "Task 2: Implement Server-Side Message Throttling"

    public static let pong = Rule(
        "SOCKET-01", .must, "A `ping` on the open connection is answered at once, on that connection, with a `pong` for the job that echoes the ping's `clientTime` (none when the ping had none) and carries the server's time.",
        basis: .decided("D-076"))
    public static let token = Rule(
        "SOCKET-02", .must, "A connection opens only with the job's exact token: without one, or with an empty, shorter, longer, re-cased or another job's token, the upgrade is refused with 401 and `E_UNAUTHORIZED`.",
        basis: .decided("D-080"))
    public static let refusal = Rule(
        "SOCKET-03", .must, "A refusal is the same whatever token was presented, names neither the job nor its token, and leaves the open connection and the job as they were.",
        basis: .decided("D-080"))
    public static let sync = Rule(
        "SOCKET-04", .must, "A `sync_request` is answered at once with a `sync_response` carrying the job's status, its highest count and its size and, once the job has ended (even while the ending waits for the throttle), its completion or error.",
        basis: .decided("D-079"))
    public static let badFrame = Rule(
        "SOCKET-05", .must, "A client frame that is not a client message for this job (not JSON, an unknown or server-side type, another version, another job, a bad field, over 64 KiB) gets no answer and no close, and the connection goes on as before.",
        basis: .decided("D-076"))
    public static let rate = Rule(
        "SOCKET-06", .must, "Progress goes out through the throttle: `job_progress` messages are at least 500 ms apart, so no half-open one-second window holds more than two.",
        basis: .decided("D-071"))
    public static let monotone = Rule(
        "SOCKET-07", .must, "The counts of the `job_progress` messages a connection receives never go backwards.",
        basis: .decided("D-074"))
    public static let delivery = Rule(
        "SOCKET-08", .must, "No report is lost: the job's first report goes out at once, each quarter of the job within 500 ms (or overtaken), the highest count reported before the ending, and after 10 s without a message the last count again as a keep-alive.",
        basis: .decided("D-071"))
    public static let ending = Rule(
        "SOCKET-09", .must, "The ending (`job_complete` with the job's completion, or `error` with its success and failure counts in the details) is sent once, within 500 ms of the job's end, and no `job_progress`, `canceled` or second ending follows it on any connection.",
        basis: .decided("D-072"))
    public static let idle = Rule(
        "SOCKET-10", .must, "A connection that has sent no frame for 100 s is closed with 1001 at 100,000 ms, not a millisecond sooner or later, and the server's own messages do not keep it open.",
        basis: .decided("D-077"))
    public static let closeAfterEnding = Rule(
        "SOCKET-11", .must, "The connection that receives the ending is closed right after it with 1000 (normal closure), after an error too.",
        basis: .decided("D-072"))
    public static let cancel = Rule(
        "SOCKET-12", .must, "A cancel of a running job broadcasts `canceled` at once with \"Job canceled by user\" and the counts at that moment, later reports are not sent, and the loop's completion then goes out as `job_complete` with `canceled: true`; a cancel of a job that is not running sends nothing.",
        basis: .decided("D-075"))
    public static let replace = Rule(
        "SOCKET-13", .must, "A newly accepted connection replaces the open one, which is closed at once with 1001, and nothing is sent on a connection after it is closed.",
        basis: .decided("D-080"))
    public static let conversation = Rule(
        "SOCKET-14", .must, "On any script of connects, client frames, reports, endings, cancels and silences, every connection receives the model's messages at the model's times, and the model's closes.",
        basis: .decided("D-072"))
}
