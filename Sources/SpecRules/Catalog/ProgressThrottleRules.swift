/// The rules of the server-side progress throttle (seed 003_…, Task 2; D-071 to D-074).
///
/// The seed's throttle contradicts itself: its code sends every milestone (and the completion flush) at
/// once, while its success criteria ask for "at most 1 message per 500ms" and "<2 progress messages per
/// second" (O-01 to O-03). What both passages agree on is the seed's: the first update at once, the
/// ordinary reports of a burst held, the final count before the completion. How milestones, the flush
/// and the keep-alive meet the rate is decided (D-071 to D-073).
public enum ProgressThrottleRules {
    static let section = "Task 2: Implement Server-Side Message Throttling"

    public static let rate = Rule(
        "THROTTLE-01", .must, "No half-open one-second window holds more than two progress messages, milestones and the completion flush included.",
        basis: .decided("D-071"), requires: ["THROTTLE-09"])
    public static let milestones = Rule(
        "THROTTLE-02", .must, "The first report at or past each quarter of the job (25, 50, 75, 100%) is sent, or overtaken by a higher count, within 500 ms of being reported.",
        basis: .decided("D-071"), requires: ["THROTTLE-09"])
    public static let finalCount = Rule(
        "THROTTLE-03", .must, "The highest count reported before the job finished, the count the terminal message carries, reaches the client before the terminal message (in a progress message, or on the socket in a `sync_response` or `canceled`).",
        basis: .seed(.progressProtocol, section, "Pending updates flushed on job completion"))
    public static let monotone = Rule(
        "THROTTLE-04", .must, "The counts of the progress messages sent never go backwards: a report below a count already sent or held is dropped.",
        basis: .decided("D-074"))
    public static let afterFinish = Rule(
        "THROTTLE-05", .must, "The terminal message is sent once, within 500 ms of the finish, and nothing is sent after it.",
        basis: .decided("D-072"))
    public static let keepAlive = Rule(
        "THROTTLE-06", .must, "After exactly 10 s without a message, and not before, the last count is sent again marked keep-alive, until the job finishes.",
        basis: .decided("D-073"))
    public static let first = Rule(
        "THROTTLE-07", .must, "The job's first report is sent at once.",
        basis: .seed(.progressProtocol, section, "First update sent immediately"))
    public static let interval = Rule(
        "THROTTLE-08", .must, "Progress messages are at least 500 ms apart, milestones included, and a report held inside the interval goes out when the interval ends, at 500 ms.",
        basis: .decided("D-071"), requires: ["THROTTLE-09"])
    public static let burstHeld = Rule(
        "THROTTLE-09", .must, "A report that comes less than 500 ms after the last progress message, and is neither the job's first nor a milestone in either of the seed's readings (a count divisible by 25, the first at or past a quarter of the job), is not sent at once.",
        basis: .seed(.progressProtocol, section, "Throttling sends at most 1 message per 500ms"))
}
