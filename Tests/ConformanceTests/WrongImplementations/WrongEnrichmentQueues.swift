import SpecConformance
import SpecModel

// Wrong enrichment queues: each a queue an app team might write, over a plain set of live works,
// with one flaw.

/// A queue of work numbers beside the works that live, right but for its flaw.
struct FlawedEnrichmentQueue: EnrichmentQueueing {
    enum Flaw {
        /// Takes the newest pending work rather than the oldest.
        case newestFirst
        /// Starts the next work even while one is in flight, replacing it.
        case startsWhileInFlight
        /// `add` checks the pending works only, so the work in flight can be queued again.
        case inFlightQueuedAgain
        /// `addMultiple` checks the queue as it was before the call, so repeats within a batch are queued.
        case batchRepeatsQueued
        /// `startNext` never asks whether a work still lives.
        case deletedWorksStarted
        /// `clearAll` empties the works but keeps following the job.
        case clearAllKeepsJob
        /// Only `complete` and `canceled` stop the queue following a job, as the seed lists them.
        case failedJobStillFollowed
        /// Any job's end clears `currentJobId`, the followed job's or not.
        case anyJobEndClearsJob
        /// `clearAll` empties the pending works but leaves the work in flight.
        case clearAllKeepsInFlight
        /// `addMultiple` queues a batch last to first.
        case batchReversed
        /// Only a cancel stops the queue following a job; a completed job is still followed.
        case completedJobStillFollowed
    }

    let flaw: Flaw
    var live: Set<Int> = []
    var next = 1
    var queued: [Int] = []
    var inFlight: Int?
    var currentJobId: String?

    init(_ flaw: Flaw) {
        self.flaw = flaw
    }

    mutating func insertWork(title: String) -> Int {
        defer { next += 1 }
        live.insert(next)
        return next
    }

    mutating func deleteWork(_ work: Int) throws {
        guard live.remove(work) != nil else { throw StoreError.notFound(PersistentIdentifier(kind: .work, rawValue: UInt64(work))) }
    }

    mutating func add(_ work: Int) -> Bool {
        guard !queued.contains(work), flaw == .inFlightQueuedAgain || inFlight != work else { return false }
        queued.append(work)
        return true
    }

    mutating func addMultiple(_ works: [Int]) -> Int {
        if flaw == .batchReversed { return works.reversed().filter { add($0) }.count }
        guard flaw == .batchRepeatsQueued else { return works.filter { add($0) }.count }
        let before = queued
        let fresh = works.filter { !before.contains($0) && $0 != inFlight }
        queued += fresh
        return fresh.count
    }

    mutating func startNext() -> Int? {
        guard inFlight == nil || flaw == .startsWhileInFlight else { return nil }
        while !queued.isEmpty {
            let work = flaw == .newestFirst ? queued.removeLast() : queued.removeFirst()
            if live.contains(work) || flaw == .deletedWorksStarted {
                inFlight = work
                return work
            }
        }
        return nil
    }

    mutating func finishInFlight() {
        inFlight = nil
    }

    mutating func setCurrentJobId(_ jobId: String) {
        currentJobId = jobId
    }

    mutating func jobEnded(_ jobId: String, _ end: EnrichmentQueue.JobEnd) {
        if flaw == .failedJobStillFollowed, end == .failed { return }
        if flaw == .completedJobStillFollowed, end == .complete { return }
        if currentJobId == jobId || flaw == .anyJobEndClearsJob { currentJobId = nil }
    }

    mutating func clearAll() {
        queued = []
        if flaw != .clearAllKeepsInFlight { inFlight = nil }
        if flaw != .clearAllKeepsJob { currentJobId = nil }
    }

    var pending: [Int] { queued }
}

enum WrongEnrichmentQueues {
    static let all: [WrongImplementation] = [
        .of({ .enrichmentQueue }, "NewestWorkFirst", flaw: "takes the newest pending work: a stack, not a queue", breaks: "QUEUE-03") {
            FlawedEnrichmentQueue(.newestFirst)
        },
        .of({ .enrichmentQueue }, "StartsWhileAWorkIsInFlight", flaw: "startNext replaces the work in flight: two works at once", breaks: "QUEUE-03") {
            FlawedEnrichmentQueue(.startsWhileInFlight)
        },
        .of({ .enrichmentQueue }, "WorkInFlightQueuedAgain", flaw: "add checks the pending works only, so the work in flight is queued a second time", breaks: "QUEUE-01") {
            FlawedEnrichmentQueue(.inFlightQueuedAgain)
        },
        .of({ .enrichmentQueue }, "RepeatsWithinABatchQueued", flaw: "addMultiple compares with the queue before the call, so a work twice in one batch is queued twice", breaks: "QUEUE-08") {
            FlawedEnrichmentQueue(.batchRepeatsQueued)
        },
        .of({ .enrichmentQueue }, "DeletedWorkStarted", flaw: "startNext takes a deleted work instead of dropping it silently", breaks: "QUEUE-04") {
            FlawedEnrichmentQueue(.deletedWorksStarted)
        },
        .of({ .enrichmentQueue }, "ClearAllKeepsTheJob", flaw: "clearAll leaves currentJobId set", breaks: "QUEUE-05") {
            FlawedEnrichmentQueue(.clearAllKeepsJob)
        },
        .of({ .enrichmentQueue }, "FailedJobStillFollowed", flaw: "only complete and canceled clear currentJobId, as the seed's sentence lists them (D-029)", breaks: "QUEUE-06") {
            FlawedEnrichmentQueue(.failedJobStillFollowed)
        },
        .of({ .enrichmentQueue }, "AnyJobEndClearsTheJob", flaw: "another job's end clears currentJobId too (D-029)", breaks: "QUEUE-06") {
            FlawedEnrichmentQueue(.anyJobEndClearsJob)
        },
        .of({ .enrichmentQueue }, "ClearAllKeepsTheWorkInFlight", flaw: "clearAll empties the pending works but leaves the work in flight (D-029)", breaks: "QUEUE-09") {
            FlawedEnrichmentQueue(.clearAllKeepsInFlight)
        },
        .of({ .enrichmentQueue }, "BatchQueuedLastToFirst", flaw: "addMultiple queues a batch in reverse, so the import's last work is enriched first", breaks: "QUEUE-02") {
            FlawedEnrichmentQueue(.batchReversed)
        },
        .of({ .enrichmentQueue }, "CompletedJobStillFollowed", flaw: "only a cancel clears currentJobId, so a completed job is still followed", breaks: "QUEUE-10") {
            FlawedEnrichmentQueue(.completedJobStillFollowed)
        },
    ]
}
