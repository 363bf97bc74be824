/// A backend enrichment job: the seed's Durable Object, its status and its enrichment loop.
///
/// Seed: 000_…, "Backend Cancellation Flow". `cancelJob()` sets the status to canceled and broadcasts
/// `{ type: "canceled", jobId, … processedItems, totalItems }`; the loop checks `isCanceled` before
/// each book, and once it sees cancellation it breaks and sends the final update
/// `{ type: "complete", canceled: true }`. Status moves running → complete | canceled | failed and never
/// back. The loop is a pure state machine: each `loopStep` processes at most one book, with the
/// provider's answer for that book passed in.
public struct EnrichmentJob: Hashable, Sendable {
    /// The job's ID, as the job was started with it (UUID text).
    public let jobId: String
    /// The books to enrich, in order.
    public let books: [JobBook]
    /// Running, or how the job ended; it never returns to running.
    public private(set) var status: JobStatus = .running
    /// Books the loop has processed (enriched or failed).
    public private(set) var processedCount = 0
    /// Books the provider found and enriched.
    public private(set) var successCount = 0
    /// Books not found or whose enrichment failed.
    public private(set) var failureCount = 0
    /// Titles of books that could not be enriched, in order.
    public private(set) var failedTitles: [String] = []
    /// Messages the job broadcast to its socket, in order.
    public private(set) var outbox: [JobMessage] = []
    /// Whether the loop has seen the cancellation and stopped; no book is processed after this.
    public private(set) var loopObservedCancellation = false
    /// Whether the loop has sent its final message.
    public private(set) var loopFinished = false
    /// When the job started, on the backend's clock; the completion's duration counts from here.
    public let startedAt: Timestamp

    /// A running job over `books`, none processed yet, started at `startedAt`.
    public init(jobId: String, books: [JobBook], startedAt: Timestamp) {
        self.jobId = jobId
        self.books = books
        self.startedAt = startedAt
    }

    /// The number of books in the job.
    public var totalCount: Int { books.count }

    /// Whether the job was canceled (the seed's `doStub.isCanceled()`).
    public var isCanceled: Bool { status == .canceled }

    /// What a cancellation did.
    public enum CancelResult: Hashable, Sendable {
        /// The job was running and is now canceled; the `canceled` message was broadcast.
        case canceled
        /// The job had already been canceled; nothing changed (canceling twice is harmless).
        case alreadyCanceled
        /// The job had already ended (complete or failed); nothing changed.
        case notActive(JobStatus)
    }

    /// Cancels the job (the seed's `doStub.cancelJob()`).
    public mutating func cancelJob(at now: Timestamp) -> CancelResult {
        switch status {
        case .running:
            status = .canceled
            outbox.append(.canceled(JobCanceledMessage(
                jobId: jobId, timestamp: now, message: "Job canceled by user",
                processedItems: processedCount, totalItems: totalCount
            )))
            return .canceled
        case .canceled:
            return .alreadyCanceled
        case .complete, .failed:
            return .notActive(status)
        }
    }

    /// What one turn of the loop did.
    public enum LoopStep: Hashable, Sendable {
        case processed(index: Int, outcome: BookEnrichmentOutcome)
        /// The loop saw the cancellation, sent `complete` with `canceled: true` and stopped.
        case stoppedByCancellation
        /// Every book was processed; the job is complete and `complete` was sent.
        case finished
        /// The loop had already ended; nothing happened.
        case alreadyEnded
    }

    /// Runs one turn of the enrichment loop: check cancellation, then process the next book.
    ///
    /// - Parameter now: the time of this turn, stamped on the progress or completion message it sends.
    /// - Parameter enrich: the provider's answer for the book about to be processed; it is called
    ///   only when a book is processed.
    public mutating func loopStep(at now: Timestamp, enrich: (JobBook) -> BookEnrichmentOutcome) -> LoopStep {
        guard !loopFinished, status != .failed else { return .alreadyEnded }
        if status == .canceled {
            loopObservedCancellation = true
            loopFinished = true
            outbox.append(.complete(completion(at: now, canceled: true)))
            return .stoppedByCancellation
        }
        guard processedCount < totalCount else {
            status = .complete
            loopFinished = true
            outbox.append(.complete(completion(at: now, canceled: false)))
            return .finished
        }
        let index = processedCount
        let book = books[index]
        let outcome = enrich(book)
        switch outcome {
        case .enriched: successCount += 1
        case .notFound, .failed:
            failureCount += 1
            failedTitles.append(book.title)
        }
        processedCount += 1
        outbox.append(.progress(JobProgressMessage(
            jobId: jobId, timestamp: now, processedCount: processedCount, totalCount: totalCount, currentTitle: book.title
        )))
        return .processed(index: index, outcome: outcome)
    }

    /// Fails the job (a catastrophic error in the loop); the error message is broadcast.
    public mutating func fail(at now: Timestamp, code: String, message: String) {
        guard status == .running else { return }
        status = .failed
        loopFinished = true
        outbox.append(.failed(JobFailedMessage(jobId: jobId, timestamp: now, code: code, message: message, processedItems: processedCount, totalItems: totalCount)))
    }

    func completion(at now: Timestamp, canceled: Bool) -> JobCompleteMessage {
        JobCompleteMessage(
            jobId: jobId, timestamp: now, canceled: canceled, processedItems: processedCount, totalItems: totalCount,
            successCount: successCount, failureCount: failureCount,
            durationMilliseconds: max(0, now.epochMilliseconds - startedAt.epochMilliseconds)  // 0 when the clock stepped back
        )
    }
}

/// A job's status.
public enum JobStatus: String, Hashable, Sendable, CaseIterable {
    /// Running, or how the job ended: complete, canceled or failed. Once ended, a job never runs again.
    case running, complete, canceled, failed
}

/// A book handed to an enrichment job.
public struct JobBook: Hashable, Sendable {
    /// The app's work, by its raw identifier (the backend sees only this number).
    public let workRawIdentifier: UInt64
    /// The book's title, as the app holds it; progress messages name the book by it.
    public let title: String
    /// The book's author, if the app knows one; a provider search term.
    public let author: String?
    /// The book's ISBN, if the app knows one; a provider search term.
    public let isbn: String?

    /// A book for the job with these fields.
    public init(workRawIdentifier: UInt64, title: String, author: String? = nil, isbn: String? = nil) {
        self.workRawIdentifier = workRawIdentifier
        self.title = title
        self.author = author
        self.isbn = isbn
    }
}

/// What a metadata provider answered for one book.
public enum BookEnrichmentOutcome: Hashable, Sendable {
    /// The provider found the book and returned its metadata.
    case enriched
    /// The provider has no match for the book.
    case notFound
    /// The provider's request failed; `reason` says why.
    case failed(reason: String)
}
