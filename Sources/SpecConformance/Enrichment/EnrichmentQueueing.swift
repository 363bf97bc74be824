import SpecModel

/// Seam: the enrichment queue, with the store operations the suite needs to make and delete works.
///
/// Seed 004_…, "Background Enrichment Queue" (`addMultiple()` queues the imported works, one work at a
/// time, a deleted work is removed silently) and seed 000_… (`currentJobId`, `setCurrentJobId()`,
/// `clearCurrentJobId()`, `clearAll()`). Wrap the app's `EnrichmentQueue` and a `ModelContext`:
///
///     struct AppQueue: EnrichmentQueueing {
///         let context: ModelContext; var queue = EnrichmentQueue()
///         mutating func insertWork(title: String) throws -> PersistentIdentifier { let work = Work(title: title); context.insert(work); try context.save(); return work.persistentModelID }
///         mutating func startNext() -> PersistentIdentifier? { queue.next(in: context) }
///         var pending: [PersistentIdentifier] { queue.pendingIDs }
///         // add, addMultiple, finishInFlight, the job bookkeeping and clearAll forward to the queue
///     }
public protocol EnrichmentQueueing {
    /// How the app names a work (SwiftData's `PersistentIdentifier`).
    associatedtype WorkID: Hashable

    /// Store seam: inserts and saves a work with this title.
    mutating func insertWork(title: String) throws -> WorkID

    /// Store seam: deletes a live work and saves (the queue is not told).
    mutating func deleteWork(_ work: WorkID) throws

    /// Queues a work at the back unless it is already pending or in flight; returns whether it did.
    mutating func add(_ work: WorkID) -> Bool

    /// Queues works in order, skipping any already pending, in flight or earlier in `works`;
    /// returns how many it queued.
    mutating func addMultiple(_ works: [WorkID]) -> Int

    /// Takes the oldest pending live work and marks it in flight, dropping deleted works met on the
    /// way; returns it, or `nil` when none is left or a work is already in flight.
    mutating func startNext() -> WorkID?

    /// The work in flight is done (enriched or failed); the next may start.
    mutating func finishInFlight()

    /// Starts following a backend job.
    mutating func setCurrentJobId(_ jobId: String)

    /// A backend job ended; the queue stops following it if it is the current one.
    mutating func jobEnded(_ jobId: String, _ end: EnrichmentQueue.JobEnd)

    /// Empties the queue: pending works, the work in flight and the current job.
    mutating func clearAll()

    /// The pending works, oldest first (deleted ones may still be listed until `startNext` meets them).
    var pending: [WorkID] { get }

    /// The work `startNext` handed out that neither `finishInFlight` nor `clearAll` has ended; at most one.
    var inFlight: WorkID? { get }

    /// The backend job followed, if any.
    var currentJobId: String? { get }
}

/// The model's enrichment queue over a `LibraryStore`: the reference the suite compares with.
public struct ModelEnrichmentQueue: EnrichmentQueueing {
    /// The store the works live in.
    public private(set) var store = LibraryStore()
    /// The queue.
    public private(set) var queue = EnrichmentQueue()

    /// An empty store and an empty queue.
    public init() {}

    /// Inserts and saves a work.
    public mutating func insertWork(title: String) throws -> PersistentIdentifier {
        let id = store.insertWork(WorkDraft(title: title))
        try store.save()
        return id
    }

    /// Deletes and saves.
    public mutating func deleteWork(_ work: PersistentIdentifier) throws {
        try store.delete(work)
        try store.save()
    }

    /// `EnrichmentQueue.add(_:)`.
    public mutating func add(_ work: PersistentIdentifier) -> Bool {
        queue.add(work)
    }

    /// `EnrichmentQueue.addMultiple(_:)`.
    public mutating func addMultiple(_ works: [PersistentIdentifier]) -> Int {
        queue.addMultiple(works)
    }

    /// `EnrichmentQueue.startNext(in:)`'s work.
    public mutating func startNext() -> PersistentIdentifier? {
        queue.startNext(in: store).work
    }

    /// `EnrichmentQueue.finishInFlight()`.
    public mutating func finishInFlight() {
        queue.finishInFlight()
    }

    /// `EnrichmentQueue.setCurrentJobId(_:token:)`.
    public mutating func setCurrentJobId(_ jobId: String) {
        queue.setCurrentJobId(jobId)
    }

    /// `EnrichmentQueue.jobEnded(_:_:)`.
    public mutating func jobEnded(_ jobId: String, _ end: EnrichmentQueue.JobEnd) {
        queue.jobEnded(jobId, end)
    }

    /// `EnrichmentQueue.clearAll()`.
    public mutating func clearAll() {
        queue.clearAll()
    }

    /// `EnrichmentQueue.pending`.
    public var pending: [PersistentIdentifier] { queue.pending }

    /// `EnrichmentQueue.inFlight`.
    public var inFlight: PersistentIdentifier? { queue.inFlight }

    /// `EnrichmentQueue.currentJobId`.
    public var currentJobId: String? { queue.currentJobId }
}
