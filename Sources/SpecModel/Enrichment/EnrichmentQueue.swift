/// The app's queue of works waiting for metadata enrichment, and the backend job working on them.
///
/// Seed: 000_… ("Backend jobs tracked via `currentJobId` in EnrichmentQueue. Always call
/// `setCurrentJobId()` when starting enrichment and `clearCurrentJobId()` when complete or canceled")
/// and 004_… ("Process one work at a time (sequential)", "Stale PersistentID (work deleted) → Remove from
/// queue silently"). The queue is persisted (it survives a relaunch, as issue 4 requires).
public struct EnrichmentQueue: Hashable, Sendable {
    /// Works waiting from `head` on, in the order they were added, each at most once. Taking from the
    /// front moves `head` instead of shifting the array (`removeFirst` made draining a queue of n
    /// works cost n²/2); the taken prefix is dropped once it is half the storage.
    var storage: [PersistentIdentifier] = []
    var head = 0
    /// The works pending (membership only, never iterated), so adding is O(1) per work. Kept as the
    /// store keeps its objects' places (`IdentifierPlaces`, each place 0): the works an import queues
    /// arrive in increasing order, and are marked side by side where a set would hash each to a
    /// random slot (Decision D-115).
    var members = IdentifierPlaces()

    /// Works waiting, in the order they were added, each at most once.
    ///
    /// - Complexity: O(pending): it copies; use `pendingCount` and `isEmpty` on hot paths.
    public var pending: [PersistentIdentifier] { Array(storage[head...]) }

    /// The number of works waiting. O(1).
    public var pendingCount: Int { storage.count - head }

    public static func == (lhs: EnrichmentQueue, rhs: EnrichmentQueue) -> Bool {
        lhs.storage[lhs.head...] == rhs.storage[rhs.head...] && lhs.inFlight == rhs.inFlight && lhs.currentJobId == rhs.currentJobId && lhs.currentJobToken == rhs.currentJobToken
            && lhs.importBatchesTaken == rhs.importBatchesTaken
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pendingCount)
        hasher.combine(inFlight)
        hasher.combine(currentJobId)
    }
    /// The work being enriched now, if any: processing is sequential.
    public private(set) var inFlight: PersistentIdentifier?
    /// The backend job the app is following, if any.
    public private(set) var currentJobId: String?
    /// That job's token, sent with the cancel request (D-080).
    public private(set) var currentJobToken: String?
    /// The last import batch whose works the queue took, written with them (Decision D-130).
    public private(set) var importBatchesTaken: ImportBatchMark?

    /// An import's number and how many of its saved batches the queue has taken.
    public struct ImportBatchMark: Hashable, Sendable {
        /// The import (`ImportCheckpoint.number`).
        public let importNumber: Int
        /// Its batches taken, from the first.
        public let batches: Int

        /// A mark of `batches` batches of import `importNumber` taken.
        public init(importNumber: Int, batches: Int) {
            self.importNumber = importNumber
            self.batches = batches
        }
    }

    /// An empty queue that follows no backend job.
    public init() {}

    /// Adds a work unless it is already queued or in flight; returns whether it was added.
    @discardableResult
    public mutating func add(_ id: PersistentIdentifier) -> Bool {
        guard id.kind == .work, inFlight != id, members[id] == nil else { return false }
        storage.append(id)
        members.set(id, to: 0)
        return true
    }

    /// Makes room for `count` more works (an import about to queue them), so the queue grows once.
    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(storage.count + count)
        members.reserveCapacity(count, spacing: EntityKind.allCases.count)
    }

    /// Adds works in order, skipping repeats; returns how many were added.
    ///
    /// - Complexity: O(ids).
    @discardableResult
    public mutating func addMultiple(_ ids: [PersistentIdentifier]) -> Int {
        var added = 0
        for id in ids where id.kind == .work && id != inFlight && members[id] == nil {
            members.set(id, to: 0)
            storage.append(id)
            added += 1
        }
        return added
    }

    /// Takes a saved import batch's changes: its replaced works leave the queue, its new works join it,
    /// and the queue remembers it took batch `batch` (counted from 1) of import `number`, in the same
    /// write (Decision D-130; `ImportRecovery.catchUpQueue`).
    mutating func take(_ record: ImportBatchRecord, batch: Int, ofImport number: Int) {
        for work in record.unqueued { remove(work) }
        addMultiple(record.queued)
        importBatchesTaken = ImportBatchMark(importNumber: number, batches: batch)
    }

    /// Takes a queued work off the queue (a work the import replaced after queuing it); returns whether
    /// it was queued. The work in flight is not affected.
    ///
    /// - Complexity: O(queued works) when it was queued, O(1) otherwise.
    @discardableResult
    public mutating func remove(_ id: PersistentIdentifier) -> Bool {
        guard members.remove(id) != nil, let index = storage[head...].firstIndex(of: id) else { return false }
        storage.remove(at: index)
        return true
    }

    /// What `startNext` found.
    public struct Start: Hashable, Sendable {
        /// The work now in flight, or `nil` when nothing is left (or one is already in flight).
        public let work: PersistentIdentifier?
        /// Queued works that were deleted meanwhile, dropped silently on the way.
        public let droppedStale: [PersistentIdentifier]
    }

    /// Takes the next live work off the queue and marks it in flight; stale identifiers are dropped.
    ///
    /// Does nothing while a work is in flight (one at a time).
    public mutating func startNext(in store: LibraryStore) -> Start {
        guard inFlight == nil else { return Start(work: nil, droppedStale: []) }
        var dropped: [PersistentIdentifier] = []
        defer { compact() }
        while head < storage.count {
            let id = storage[head]
            head += 1
            members.remove(id)
            if store.work(id) != nil {
                inFlight = id
                return Start(work: id, droppedStale: dropped)
            }
            dropped.append(id)
        }
        return Start(work: nil, droppedStale: dropped)
    }

    /// Drops the taken prefix once it is at least half the storage (amortised O(1) per work taken).
    mutating func compact() {
        if head == storage.count {
            storage = []
            head = 0
        } else if head > 0, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Marks the work in flight as done (enriched or failed); the next one may start.
    public mutating func finishInFlight() {
        inFlight = nil
    }

    /// Starts following a backend job.
    public mutating func setCurrentJobId(_ jobId: String, token: String? = nil) {
        currentJobId = jobId
        currentJobToken = token
    }

    /// Stops following the backend job.
    public mutating func clearCurrentJobId() {
        currentJobId = nil
        currentJobToken = nil
    }

    /// How a backend job ended, as the app learns it.
    public enum JobEnd: Hashable, Sendable {
        /// The job completed, failed, or was canceled.
        case complete, failed, canceled
    }

    /// Records that a job ended: the queue stops following it if it was the current one.
    public mutating func jobEnded(_ jobId: String, _ end: JobEnd) {
        if currentJobId == jobId { clearCurrentJobId() }
    }

    /// Empties the queue: pending works, the work in flight and the current job (seed 000_…: "when
    /// enrichment queue cleared, then `currentJobId` set to nil").
    public mutating func clearAll() {
        storage = []
        head = 0
        members = IdentifierPlaces()
        inFlight = nil
        importBatchesTaken = nil
        clearCurrentJobId()
    }

    /// Whether nothing is queued, in flight or followed.
    public var isEmpty: Bool { pendingCount == 0 && inFlight == nil && currentJobId == nil }
}
