/// The backend's enrichment jobs by job ID: the Durable Object namespace.
///
/// Job IDs are UUID text and are matched without regard to ASCII case: production issues lowercase
/// UUIDs, but a client may send Foundation's uppercase `uuidString`, and both name the same job. Each job
/// keeps the ID text it was started with (Decision D-024).
public struct BackendJobRegistry: Hashable, Sendable {
    /// The jobs, keyed by `key(_:)` of their ID.
    public private(set) var jobs: [String: EnrichmentJob] = [:]
    /// The token of each job started with one, keyed like `jobs` (Phase 1 token authentication, D-080).
    var tokens: [String: String] = [:]

    public init() {}

    public static let unfollowedJobLifetimeMilliseconds = BackendLimits.unfollowedJobLifetimeMilliseconds

    /// The key a job ID is stored under: its bytes with ASCII letters lowercased, and every byte
    /// outside printable ASCII (and `%` itself) written as `%XX`.
    ///
    /// The key is ASCII so that the dictionary's `String` equality is the byte comparison `sameJob`
    /// makes: Swift compares strings by canonical equivalence, under which "é" (U+00E9) and "e" with a
    /// combining acute (U+0301) are one key, while they are two job IDs (D-014).
    package static func key(_ jobId: String) -> String {
        var key: [UInt8] = []
        key.reserveCapacity(jobId.utf8.count)
        for byte in jobId.utf8 {
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "%") {
                key.append(TextUnits.asciiLowercased(byte))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                key += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Whether two job IDs name the same job (ASCII case ignored, as `key`), without building either key.
    public static func sameJob(_ a: String, _ b: String) -> Bool {
        // The same text (the usual case) first: Swift's equality is a byte comparison for ASCII.
        if a == b { return true }
        return a.utf8.elementsEqual(b.utf8) { TextUnits.asciiLowercased($0) == TextUnits.asciiLowercased($1) }
    }

    /// Starts a job; an ID already in use, in any case, is refused (IDs are fresh UUIDs in production).
    /// A job started without a token, or with an empty one, is canceled by its ID alone (D-129).
    @discardableResult
    public mutating func startJob(_ jobId: String, books: [JobBook], at now: Timestamp, token: String? = nil) -> Bool {
        let key = Self.key(jobId)
        guard jobs[key] == nil else { return false }
        jobs[key] = EnrichmentJob(jobId: jobId, books: books, startedAt: now)
        if let token, !token.isEmpty { tokens[key] = token }
        return true
    }

    /// Whether a request presenting `token` may act on the job: always for a job started without a
    /// token, else only with that token (compared without stopping at the first difference).
    public func authorizes(_ jobId: String, token: String?) -> Bool {
        guard let expected = tokens[Self.key(jobId)] else { return true }
        guard let token else { return false }
        return ProgressJobSocket.constantTimeEqual(token, expected)
    }

    /// The job with this ID, in any case, if the backend knows it.
    public func job(_ jobId: String) -> EnrichmentJob? { jobs[Self.key(jobId)] }

    /// Cancels a job; `nil` when no job has this ID.
    public mutating func cancel(_ jobId: String, at now: Timestamp) -> EnrichmentJob.CancelResult? {
        let key = Self.key(jobId)
        guard jobs[key] != nil else { return nil }
        return jobs[key]!.cancelJob(at: now)
    }

    /// Runs one loop turn of a job; `nil` when no job has this ID.
    public mutating func loopStep(_ jobId: String, at now: Timestamp, enrich: (JobBook) -> BookEnrichmentOutcome) -> EnrichmentJob.LoopStep? {
        let key = Self.key(jobId)
        guard jobs[key] != nil else { return nil }
        return jobs[key]!.loopStep(at: now, enrich: enrich)
    }

    /// Fails a running job (a catastrophic error in its loop); returns `false` when no job has this ID.
    @discardableResult
    public mutating func fail(_ jobId: String, at now: Timestamp, code: String, message: String) -> Bool {
        let key = Self.key(jobId)
        guard jobs[key] != nil else { return false }
        jobs[key]!.fail(at: now, code: code, message: message)
        return true
    }
}
