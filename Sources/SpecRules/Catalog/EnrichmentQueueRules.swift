/// The rules of the enrichment queue (seed 004_…, "Background Enrichment Queue"; seed 000_…; D-029, D-153).
public enum EnrichmentQueueRules {
    static let section = "4. Background Enrichment Queue"
    static let architecture = "Architecture Overview"

    public static let add = Rule(
        "QUEUE-01", .must, "`add` queues a work at the back unless it is already pending or in flight, and says whether it did.",
        basis: .decided("D-153"))
    public static let addMultiple = Rule(
        "QUEUE-02", .must, "`addMultiple` queues every work it is given that is neither pending nor in flight, in the order given.",
        basis: .seed(.csvImport, section, "`EnrichmentQueue.shared.addMultiple()` queues all works"))
    public static let oneAtATime = Rule(
        "QUEUE-03", .must, "`startNext` takes the oldest pending work and marks it in flight; while a work is in flight it starts nothing.",
        basis: .seed(.csvImport, section, "Process one work at a time (sequential, respects API rate limits)"), requires: ["QUEUE-02"])
    public static let staleDropped = Rule(
        "QUEUE-04", .must, "A queued work deleted before its turn is dropped silently: `startNext` passes over it and it never starts.",
        basis: .seed(.csvImport, section, "Stale PersistentID (work deleted) → Remove from queue silently"), requires: ["QUEUE-02", "QUEUE-03"])
    public static let clearAll = Rule(
        "QUEUE-05", .must, "`clearAll` empties the queue: nothing pending, and `currentJobId` nil.",
        basis: .seed(.libraryReset, "User Story 3: Cancel In-Flight Backend Jobs", "Given reset completes, when enrichment queue cleared, then `currentJobId` set to nil"))
    public static let jobBookkeeping = Rule(
        "QUEUE-06", .must, "The followed job failing clears `currentJobId` as its completing does; another job's end leaves it.",
        basis: .decided("D-029"))
    public static let sequences = Rule(
        "QUEUE-07", .must, "On any sequence of inserts, deletes, adds, starts, finishes, job changes and clears, the queue answers and holds what the model does.",
        basis: .reference)
    public static let addMultipleSkipsRepeats = Rule(
        "QUEUE-08", .must, "`addMultiple` skips any work already pending, in flight or earlier in the same call, and returns how many it queued.",
        basis: .decided("D-153"), requires: ["QUEUE-02"])
    public static let clearAllInFlight = Rule(
        "QUEUE-09", .must, "`clearAll` also drops the work in flight: nothing is in flight after it, and the work may be queued again.",
        basis: .decided("D-029"))
    public static let jobFollowed = Rule(
        "QUEUE-10", .must, "Setting a job makes it the one followed; the followed job completing or being canceled clears `currentJobId`.",
        basis: .seed(.libraryReset, architecture, "Always call `setCurrentJobId()` when starting enrichment and `clearCurrentJobId()` when complete or canceled."))
}
