/// The rules of the server-side progress throttle (seed 003_…, Task 2; D-071 to D-074).
public enum ProgressThrottleRules {
    static let section = "Task 2: Implement Server-Side Message Throttling"

    public static let rate = Rule(
        "THROTTLE-01", .must, "No half-open one-second window holds more than two progress messages, milestones and the completion flush included.",
        basis: .decided("D-071"))
    public static let milestones = Rule(
        "THROTTLE-02", .must, "The first report at or past each quarter of the job (25, 50, 75, 100%) is sent, or overtaken by a higher count, within 500 ms of being reported.",
        basis: .decided("D-071"))
    public static let finalCount = Rule(
        "THROTTLE-03", .must, "The highest count reported before the job finished reaches the client before the terminal message.",
        basis: .decided("D-072"))
    public static let monotone = Rule(
        "THROTTLE-04", .must, "A report below a count already reported is dropped, so the counts the client sees never go backwards.",
        basis: .decided("D-074"))
    public static let afterFinish = Rule(
        "THROTTLE-05", .must, "The terminal message is sent once, within 500 ms of the finish, and nothing is sent after it.",
        basis: .decided("D-072"))
    public static let keepAlive = Rule(
        "THROTTLE-06", .must, "After exactly 10 s without a message, and not before, the last count is sent again marked keep-alive, until the job finishes.",
        basis: .decided("D-073"))
    public static let first = Rule(
        "THROTTLE-07", .must, "The job's first report is sent at once.",
        basis: .decided("D-071"))
    public static let interval = Rule(
        "THROTTLE-08", .must, "Progress messages are at least 500 ms apart, and a report held inside the interval goes out when the interval ends, at 500 ms.",
        basis: .decided("D-071"))
}
