/// The rules of the enrichment queue (seed 004_…, "Background Enrichment Queue"; seed 000_…; D-029, D-058).
public enum EnrichmentQueueRules {
    static let section = "4. Background Enrichment Queue"
    static let jobTracking = "Technical Implementation"

    public static let add = Rule(
        "QUEUE-01", .must, "`add` queues a work at the back unless it is already pending or in flight, and says whether it did.",
        basis: .seed(.csvImport, section, "Process one work at a time (sequential, respects API rate limits)"))
    public static let addMultiple = Rule(
        "QUEUE-02", .must, "`addMultiple` queues the works in order, skipping any already pending, in flight or earlier in the same call, and returns how many it queued.",
        basis: .seed(.csvImport, section, "`EnrichmentQueue.shared.addMultiple()` queues all works"))
    public static let oneAtATime = Rule(
        "QUEUE-03", .must, "`startNext` takes the oldest pending work and marks it in flight; while a work is in flight it starts nothing.",
        basis: .seed(.csvImport, section, "Process one work at a time (sequential, respects API rate limits)"))
    public static let staleDropped = Rule(
        "QUEUE-04", .must, "A queued work deleted before its turn is dropped silently: `startNext` passes over it and it never starts.",
        basis: .decided("D-058"))
    public static let clearAll = Rule(
        "QUEUE-05", .must, "`clearAll` empties the queue: nothing pending, nothing in flight, and `currentJobId` nil.",
        basis: .decided("D-029"))
    public static let jobBookkeeping = Rule(
        "QUEUE-06", .must, "The followed job ending (complete, failed or canceled) clears `currentJobId`; another job ending leaves it; setting a job replaces the one followed.",
        basis: .decided("D-029"))
    public static let sequences = Rule(
        "QUEUE-07", .must, "On any sequence of inserts, deletes, adds, starts, finishes, job changes and clears, the queue answers and holds what the model does.",
        basis: .decided("D-029"))
}
