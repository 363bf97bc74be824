/// The enrichment worker's persisted state: how each work's enrichment ended, the current run's
/// counts, and the request bookkeeping the rate limit needs.
///
/// Seed: 004_…, "Edge case: Given API returns multiple candidates, when confidence low, system stores
/// candidates for manual selection" and "API 404 → Mark as failed". `Work` has no field for an
/// enrichment status or for candidates, so they live in this side table, keyed by work. Like the
/// enrichment queue, it is written as it changes (user defaults) and survives a relaunch
/// (`EnrichmentWorker.relaunched()` keeps it); the worker's in-memory state does not.
public struct EnrichmentRecords: Hashable, Sendable {
    var byWork: [PersistentIdentifier: EnrichmentRecord] = [:]
    /// The counts of the run under way (reset when the queue drains): what the banner shows.
    public internal(set) var run = EnrichmentRunCounts()
    /// When the last metadata request was sent, before or after a relaunch: the rate limit spans
    /// relaunches, so a crash loop cannot exceed it.
    public internal(set) var lastRequestStartedAt: Timestamp?
    /// Metadata requests sent so far; the next request's ID is this plus one.
    public internal(set) var requestsIssued: UInt64 = 0

    /// Records with no work, zero counts and no request sent yet.
    public init() {}

    /// What a Library Reset leaves: no work's record and zero counts, with the request bookkeeping
    /// kept. A request sent before the reset may still be answered after it; numbering on from the
    /// last request keeps that answer from matching a new request (a late answer to request 1 was
    /// applied to another book), and the rate limit still counts the last request.
    package func clearedByReset() -> EnrichmentRecords {
        var cleared = EnrichmentRecords()
        cleared.requestsIssued = requestsIssued
        cleared.lastRequestStartedAt = lastRequestStartedAt
        return cleared
    }

    /// How the last enrichment of `work` ended, or `nil` if it never finished one.
    public func record(for work: PersistentIdentifier) -> EnrichmentRecord? {
        byWork[work]
    }

    /// Every work with a record, in creation order, with its record.
    public var all: [(work: PersistentIdentifier, record: EnrichmentRecord)] {
        byWork.keys.sorted().map { ($0, byWork[$0]!) }
    }

    /// The works whose candidates wait for the user's choice, in creation order.
    public var worksNeedingReview: [PersistentIdentifier] {
        byWork.keys.filter { if case .needsReview = byWork[$0]! { true } else { false } }.sorted()
    }

    /// The works whose enrichment failed, in creation order.
    public var failedWorks: [PersistentIdentifier] {
        byWork.keys.filter { if case .failed = byWork[$0]! { true } else { false } }.sorted()
    }

    /// The works enriched (automatically or by the user's choice), in creation order.
    public var enrichedWorks: [PersistentIdentifier] {
        byWork.keys.filter { if case .enriched = byWork[$0]! { true } else { false } }.sorted()
    }
}

/// How a work's enrichment ended.
public enum EnrichmentRecord: Hashable, Sendable {
    /// A match was applied: these fields were missing and are now filled (possibly none).
    case enriched(fields: [EnrichedField])
    /// No candidate was confident enough: the candidates, best first, wait for the user's choice.
    case needsReview(candidates: [EnrichmentCandidate])
    /// The work stays unenriched, for this reason.
    case failed(EnrichmentFailure)
}

/// The fields enrichment may fill; it never overwrites a field the work already has, and never the
/// title (Decision: fill only what is missing).
public enum EnrichedField: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    // The work's own fields.
    /// Filled on the work from the candidate's cover URL, year, description, language, subjects and
    /// OpenLibrary ID.
    case coverURL, firstPublicationYear, workDescription, originalLanguage, subjectTags, openLibraryWorkID
    // The fields of the work's first edition (inserted if the work has none).
    /// Filled on the work's first edition from the candidate's ISBNs, publisher and page count.
    case isbn13, isbn10, publisher, pageCount

    public var description: String { rawValue }
}

/// Why a work's enrichment failed.
public enum EnrichmentFailure: Hashable, Sendable, CustomStringConvertible {
    /// HTTP 404, or an answer with no candidate: not retried.
    case notFound
    /// Another 4xx status (except 429): the request itself is refused, so retrying cannot help.
    case rejected(status: Int)
    /// Every attempt timed out or met a transient server error; `last` is the final attempt's.
    case retriesExhausted(attempts: Int, last: EnrichmentTransientError)
    /// The match could not be saved; the work was left as it was.
    case saveFailed(StoreError)
    /// The backend answered a candidate whose confidence is outside 0 to 100 (D-206): the answer is
    /// wrong, so it is neither applied nor offered, and asking again would not change it.
    case invalidConfidence(percent: Int)

    /// The reason as the app shows it beside the book.
    public var description: String {
        switch self {
        case .notFound: return "Not found"
        case let .rejected(status): return "Request refused (HTTP \(status))"
        case let .retriesExhausted(attempts, last): return "No answer after \(attempts) attempts (last: \(last))"
        case let .saveFailed(error): return "Could not be saved (\(error))"
        case let .invalidConfidence(percent): return "Invalid answer (a confidence of \(percent)%)"
        }
    }
}

/// A failure that the worker retries with backoff.
public enum EnrichmentTransientError: Hashable, Sendable, CustomStringConvertible {
    /// No answer came within the network layer's request timeout.
    case timedOut
    /// HTTP 429 or 5xx.
    case serverError(status: Int)

    public var description: String {
        switch self {
        case .timedOut: return "timed out"
        case let .serverError(status): return "HTTP \(status)"
        }
    }
}

/// How many works the run under way has finished, by outcome.
public struct EnrichmentRunCounts: Hashable, Sendable {
    /// Works the run enriched with a confident match; a later choice among candidates does not count here.
    public internal(set) var enriched = 0
    /// Works whose enrichment failed in this run.
    public internal(set) var failed = 0
    /// Works the run left waiting for the user to choose among candidates.
    public internal(set) var needingReview = 0

    /// Counts with these values; by default all zero.
    public init(enriched: Int = 0, failed: Int = 0, needingReview: Int = 0) {
        self.enriched = enriched
        self.failed = failed
        self.needingReview = needingReview
    }

    /// Works finished: enriched, failed or needing review.
    public var done: Int { enriched + failed + needingReview }
}

/// What the enrichment banner shows.
///
/// Seed: 004_…, "Given enrichment in progress, when processing, then EnrichmentProgressBanner shows
/// real-time progress ("15/500 books enriched")". Done counts every work the run has finished,
/// whatever the outcome (enriched, failed or needing review): the banner measures the queue's
/// progress, and the records say how each ended. Works deleted before they were enriched leave the
/// total when the worker drops them.
public struct EnrichmentProgress: Hashable, Sendable, CustomStringConvertible {
    /// How many works the run has finished, by outcome.
    public let counts: EnrichmentRunCounts
    /// Works queued and not started (including deleted works not yet dropped).
    public let pending: Int
    /// 1 while a work is being enriched (sent, awaiting an answer or waiting to retry), else 0.
    public let inFlight: Int

    public init(counts: EnrichmentRunCounts, pending: Int, inFlight: Int) {
        self.counts = counts
        self.pending = pending
        self.inFlight = inFlight
    }

    /// Works the run has finished, whatever the outcome: the banner's numerator.
    public var done: Int { counts.done }
    /// Works in the run: finished, pending and in flight; the banner's denominator.
    public var total: Int { done + pending + inFlight }

    /// The banner's text, as the seed writes it: `"15/500 books enriched"` ("books" whatever the count).
    public var text: String { "\(done)/\(total) books enriched" }

    public var description: String { text }
}
