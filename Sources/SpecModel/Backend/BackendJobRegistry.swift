/// The backend's enrichment jobs by job ID: the Durable Object namespace.
public struct BackendJobRegistry: Hashable, Sendable {
    public private(set) var jobs: [String: EnrichmentJob] = [:]

    public init() {}

    /// Starts a job; a job ID already in use is refused (IDs are fresh UUIDs in production).
    @discardableResult
    public mutating func startJob(_ jobId: String, books: [JobBook], at now: Timestamp) -> Bool {
        guard jobs[jobId] == nil else { return false }
        jobs[jobId] = EnrichmentJob(jobId: jobId, books: books, startedAt: now)
        return true
    }

    /// The job with this ID, if the backend knows it.
    public func job(_ jobId: String) -> EnrichmentJob? { jobs[jobId] }

    /// Cancels a job; `nil` when no job has this ID.
    public mutating func cancel(_ jobId: String, at now: Timestamp) -> EnrichmentJob.CancelResult? {
        guard jobs[jobId] != nil else { return nil }
        return jobs[jobId]!.cancelJob(at: now)
    }

    /// Runs one loop turn of a job; `nil` when no job has this ID.
    public mutating func loopStep(_ jobId: String, at now: Timestamp, enrich: (JobBook) -> BookEnrichmentOutcome) -> EnrichmentJob.LoopStep? {
        guard jobs[jobId] != nil else { return nil }
        return jobs[jobId]!.loopStep(at: now, enrich: enrich)
    }
}
