/// The rules of the backend's enrichment loop and its cancellation (seed 000_…, "Architecture
/// Overview" and User Story 3; D-023, D-075, D-151, D-152).
public enum EnrichmentJobLoopRules {
    static let architecture = "Architecture Overview"

    public static let stopsAfterCancel = Rule(
        "JOB-01", .must, "After a cancel, the loop's next turn processes no book and sends one final `complete` with `canceled: true`.",
        basis: .seed(.libraryReset, architecture, #"Send final WebSocket update: { type: "complete", canceled: true }"#))
    public static let nothingAfterTheEnd = Rule(
        "JOB-02", .must, "Once the loop has sent its final `complete`, its later turns process no book and broadcast nothing.",
        basis: .seed(.libraryReset, architecture, "If canceled: break loop"))
    public static let durationMilliseconds = Rule(
        "JOB-03", .must, "The final `complete`'s duration is the milliseconds from the job's start to the turn that sends it.",
        basis: .decided("D-075"))
    public static let checkedBeforeEachBook = Rule(
        "JOB-04", .must, "Cancellation is checked before each book: a job canceled before a book never asks the provider about it.",
        basis: .seed(.libraryReset, architecture, "Before processing each book: check doStub.isCanceled()"))
    public static let anyInterleaving = Rule(
        "JOB-05", .must, "For any interleaving of loop turns, cancels and failures across jobs, the answers, the provider's questions and the broadcasts are the model's.",
        basis: .reference)
    public static let runsToTheEnd = Rule(
        "JOB-06", .must, "The loop processes one book a turn, in order, each with one `progress` (count done, total, title); its final `complete` says `canceled: false` after the last book, and carries the processed, total, success and failure counts so far.",
        basis: .decided("D-152"), requires: ["JOB-01"])
    public static let endedStaysEnded = Rule(
        "JOB-07", .must, "A job that ended (complete, canceled or failed) stays ended: a cancel broadcasts nothing, and after a failure the loop processes and broadcasts nothing.",
        basis: .decided("D-023"))
    public static let refusedCancel = Rule(
        "JOB-08", .must, "A cancel refused for want of the job's token does not stop the loop: its next turn processes the next book.",
        basis: .decided("D-151"))
}
