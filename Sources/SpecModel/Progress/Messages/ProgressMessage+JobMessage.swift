extension ProgressMessage {
    /// The wire message for what an enrichment job broadcast (`EnrichmentJob.outbox`), in the Phase 2
    /// envelope (D-075): `progress` → `job_progress`, `complete` → `job_complete`, `canceled` →
    /// `canceled`, a failure → `error` with its code if it is a well-formed `E_…` code, else
    /// `E_INTERNAL` with the job's code kept in the technical message.
    public init(_ jobMessage: JobMessage, pipeline: ProgressPipeline = .batchEnrichment) {
        switch jobMessage {
        case let .progress(progress):
            self.init(jobId: progress.jobId, pipeline: pipeline, timestamp: progress.timestamp, payload: .progress(ProgressUpdate(
                processedCount: progress.processedCount, totalCount: progress.totalCount, currentTitle: progress.currentTitle
            )))
        case let .complete(complete):
            self.init(jobId: complete.jobId, pipeline: pipeline, timestamp: complete.timestamp, payload: .complete(JobCompletion(
                canceled: complete.canceled, totalProcessed: complete.processedItems, totalCount: complete.totalItems,
                successCount: complete.successCount, failureCount: complete.failureCount,
                durationMilliseconds: complete.durationMilliseconds
            )))
        case let .canceled(canceled):
            self.init(jobId: canceled.jobId, pipeline: pipeline, timestamp: canceled.timestamp, payload: .canceled(JobCancellation(
                message: canceled.message, processedItems: canceled.processedItems, totalItems: canceled.totalItems
            )))
        case let .failed(failed):
            let code = ProgressErrorCode(rawValue: failed.code)
            let error = StructuredError(
                code: code ?? .internalError,
                message: code == nil ? "\(failed.code): \(failed.message)" : failed.message,
                userMessage: (code ?? .internalError).defaultUserMessage
            )
            self.init(jobId: failed.jobId, pipeline: pipeline, timestamp: failed.timestamp, payload: .error(error))
        }
    }
}
