/// The rules of the backend's enrichment loop and its cancellation (seed 000_…, "Backend
/// Cancellation Flow" and User Story 3).
public enum EnrichmentJobLoopRules {
    static let flow = "Backend Cancellation Flow"

    public static let stopsAfterCancel = Rule(
        "JOB-01", .must, "After a cancel, the loop's next turn processes no book and sends one final `complete` with `canceled: true` and the counts so far.",
        basis: .seed(.libraryReset, flow, #"Send final WebSocket update: { type: "complete", canceled: true }"#))
    public static let nothingAfterTheEnd = Rule(
        "JOB-02", .must, "Once the loop has sent its final `complete`, or the job failed, no book is processed and nothing is broadcast, whatever turns or cancels follow.",
        basis: .seed(.libraryReset, flow, "If canceled: break loop"))
    public static let runsToTheEnd = Rule(
        "JOB-03", .must, "A job never canceled processes its books in order, one `progress` each (count, total, title), then sends `complete` with `canceled: false`, its success and failure counts and its duration.",
        basis: .seed(.libraryReset, flow, "Enrichment Loop (running in background)"))
    public static let checkedBeforeEachBook = Rule(
        "JOB-04", .must, "Cancellation is checked before each book: a job canceled before a book never asks the provider about it.",
        basis: .seed(.libraryReset, flow, "Before processing each book: check doStub.isCanceled()"))
    public static let anyInterleaving = Rule(
        "JOB-05", .must, "For any interleaving of loop turns, cancels and failures across jobs, the answers, the provider's questions and the broadcasts are the model's.",
        basis: .seed(.libraryReset, "User Story 3: Cancel In-Flight Backend Jobs", "Given enrichment loop running, when checking `doStub.isCanceled()`, then loop breaks and sends final WebSocket update"))
}
