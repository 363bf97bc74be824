/// What the whole app must keep after every action (issue 37, part 2), judged from its state and the
/// ledger of what happened.
extension WholeApp {
    /// The path that enriched a work.
    public enum EnrichmentPath: String, Hashable, Sendable {
        /// The app's worker (seed 004) or a backend job (seeds 000 and 003).
        case worker, backendJob
    }

    /// Facts about the past the state alone does not keep, by device index.
    struct Ledger: Sendable {
        struct Work: Hashable, Sendable {
            let device: Int
            let work: PersistentIdentifier
        }

        /// Every enrichment of each work, by either path.
        var enrichments: [Work: [EnrichmentPath]] = [:]
        /// The works an import saved.
        var imported: Set<Work> = []
        /// Works that left the library by a way the user chose: a completed reset, Replace All, the
        /// user's deletion on any device (arriving here by sync).
        var removedByChoice: Set<Work> = []
        /// The works each completed reset deleted: none of them may remain or come back.
        var deletedByReset: Set<Work> = []
        /// The CloudKit records of those works, until the resetting device pushes their deletion.
        var recordsDeletedByReset: Set<String> = []
        /// Those records once their deletion is pushed: no device may hold one once it has pulled the
        /// tombstone, and the server never holds one again.
        var recordsTombstonedByReset: Set<String> = []

        mutating func enriched(_ work: PersistentIdentifier, on device: Int, by path: EnrichmentPath) {
            enrichments[Work(device: device, work: work), default: []].append(path)
        }
    }

    /// A global invariant of the app (issue 37, part 2).
    public enum Property: String, CaseIterable, Hashable, Sendable {
        /// Each feature's own invariants: the store's, the worker's, the series library's.
        case features = "app.features"
        /// After a completed reset nothing of the old library remains on the device.
        case resetLeavesNothing = "app.reset-leaves-nothing"
        /// What the user is shown agrees with the store and the backend.
        case shownAgrees = "app.shown-agrees"
        /// Every queued work is enriched at most once, by one path.
        case enrichedOnce = "app.enriched-once"
        /// No work waits in the queue and in the followed job at once (D-191).
        case oneQueueOrJob = "app.queue-or-job"
        /// No imported book is lost except by a reset, Replace All or a deletion.
        case noImportLost = "app.no-import-lost"
        /// No record a reset deleted comes back, on the server or a device that pulled its deletion.
        case deletionsHold = "app.deletions-hold"
        /// No job runs unfollowed longer than its lifetime (D-195).
        case orphansEnd = "app.orphans-end"
    }

    /// One invariant broken: which, where (`device0`, `device1`, …, `backend`, `cloudkit`) and how.
    public struct Violation: Hashable, Sendable, CustomStringConvertible {
        /// The invariant broken.
        public let property: Property
        /// Where: `device0`, `device1`, …, `backend` or `cloudkit`.
        public let actor: String
        /// What was found, with the objects involved.
        public let message: String

        init(_ property: Property, _ actor: String, _ message: String) {
            self.property = property
            self.actor = actor
            self.message = message
        }

        init(_ property: Property, device: Int, _ message: String) {
            self.init(property, "device\(device)", message)
        }

        /// `property@actor: message`, the property and actor as a simulated run's failure key names them.
        public var description: String { "\(property.rawValue)@\(actor): \(message)" }
    }

    /// Every global invariant the app breaks now; empty when it keeps them all.
    public func violations() -> [Violation] {
        violations(checkingFeaturesOn: devices.indices)
    }

    /// The same, with each feature's own invariants (the costly part, O(library) per device) checked
    /// on `checked` alone: after an action on one device, the others' features are as they were.
    package func violations(checkingFeaturesOn checked: some Sequence<Int>) -> [Violation] {
        var found: [Violation] = []
        for d in checked {
            found += featureInvariantViolations(on: d).map { Violation(.features, device: d, $0) }
        }
        for d in devices.indices {
            found += resetLeftoverViolations(on: d).map { Violation(.resetLeavesNothing, device: d, $0) }
            found += shownViolations(on: d).map { Violation(.shownAgrees, device: d, $0) }
        }
        found += enrichmentViolations()
        found += lostBookViolations()
        found += cloudViolations()
        found += backendViolations()
        return found
    }

    /// Each feature's own invariants: the store's, the worker's, the series library's.
    func featureInvariantViolations(on d: Int) -> [String] {
        let device = devices[d]
        var found: [String] = []
        do { try device.app.store._checkInvariants() } catch { found.append("the store: \(error)") }
        do { try device.worker._checkInvariants(device.app) } catch { found.append("the worker: \(error)") }
        do { try device.app.series._checkInvariants() } catch { found.append("the series: \(error)") }
        // A deleted work leaves its series once the deletion is saved (D-100), so a series may hold a
        // work deleted and not yet saved, or inserted and not yet saved, or one a reset deleted before
        // its save; no other.
        let store = device.app.store
        let absent = device.app.series.allSeries.flatMap { series in
            series.workIDs.filter { !store.contains($0) && !device.deletedByReset.contains($0) }.map { (series.id, $0) }
        }
        if !absent.isEmpty {
            let saved = store.relaunchedAfterCrash()
            if let (series, gone) = absent.first(where: { !saved.contains($0.1) }) {
                found.append("\(series) holds \(gone), which the store neither holds nor has saved")
            }
        }
        return found
    }

    /// After a completed reset nothing of the old library remains on the device: not in the store, the
    /// queue, the cache, the checkpoint, the followed job, the series, or the worker's hands.
    func resetLeftoverViolations(on d: Int) -> [String] {
        let device = devices[d]
        let old = Set(ledger.deletedByReset.filter { $0.device == d }.map(\.work))
        guard !old.isEmpty else { return [] }
        var found: [String] = []
        func check(_ place: String, _ works: some Sequence<PersistentIdentifier>) {
            let left = works.filter(old.contains)
            if !left.isEmpty { found.append("\(left.count) works of the library a reset deleted remain in \(place), first \(left[0])") }
        }
        let app = device.app
        check("the store", app.store.identifiers(of: .work))
        check("the queue", app.enrichmentQueue.pending + [app.enrichmentQueue.inFlight].compactMap { $0 })
        check("the worker's current work", [device.worker.current?.work].compactMap { $0 })
        check("the cache", Self.searchResults.flatMap(\.volumeIDKeys).compactMap(app.workCache.cachedIdentifier(forVolumeID:)))
        check("the import checkpoint", (app.store.importCheckpoint?.batches ?? []).flatMap(\.queued))
        check("the series", app.series.allSeries.flatMap(\.workIDs))
        if let jobId = app.enrichmentQueue.currentJobId, let job = backend.job(jobId) {
            check("the followed job", job.books.map { PersistentIdentifier(kind: .work, rawValue: $0.workRawIdentifier) })
        }
        return found
    }

    /// What the user is shown agrees with the store and the backend.
    func shownViolations(on d: Int) -> [String] {
        let device = devices[d]
        var found: [String] = []
        let followed = device.app.enrichmentQueue.currentJobId
        if let socket = device.socket, !socket.hasStopped, socket.jobId != followed {
            found.append("a socket follows job \(socket.jobId) while the app follows \(followed ?? "none")")
        }
        if let socket = device.socket, let job = backend.job(socket.jobId) {
            if socket.view.processedCount > job.processedCount {
                found.append("the socket shows \(socket.view.processedCount) books processed, the backend \(job.processedCount)")
            }
            if socket.view.hasEnded, job.status == .running { found.append("the socket shows job \(job.jobId) ended while it runs") }
        }
        if let progress = device.worker.progress(device.app), progress.pending != device.app.enrichmentQueue.pendingCount {
            found.append("the banner shows \(progress.pending) books waiting, the queue holds \(device.app.enrichmentQueue.pendingCount)")
        }
        if device.app.screen.toast == LibraryReset.successToast, device.reset.phase != .succeeded {
            found.append("the reset's success toast shows while the reset is \(device.reset.phase)")
        }
        return found
    }

    /// Every queued work is enriched at most once, by one path; no work waits in the queue and in the
    /// followed job at once.
    func enrichmentViolations() -> [Violation] {
        var found: [Violation] = []
        for (work, paths) in ledger.enrichments.sorted(by: { ($0.key.device, $0.key.work) < ($1.key.device, $1.key.work) }) where paths.count > 1 {
            found.append(Violation(.enrichedOnce, device: work.device, "\(work.work) was enriched \(paths.count) times (\(paths.map(\.rawValue).joined(separator: ", ")))"))
        }
        for (d, device) in devices.enumerated() {
            guard let jobId = device.app.enrichmentQueue.currentJobId, let job = backend.job(jobId), job.status == .running else { continue }
            let inJob = Set(job.books.map(\.workRawIdentifier))
            let both = device.app.enrichmentQueue.pending.filter { inJob.contains($0.rawValue) }
            if !both.isEmpty { found.append(Violation(.oneQueueOrJob, device: d, "\(both.count) works wait in the queue and in job \(jobId), first \(both[0])")) }
        }
        return found
    }

    /// No imported book is lost except by a way the user chose (a reset, Replace All, a deletion).
    func lostBookViolations() -> [Violation] {
        // A reset between its deletion and its save has deleted works it may still restore (D-022).
        let lost = ledger.imported.subtracting(ledger.removedByChoice).filter {
            !devices[$0.device].app.store.contains($0.work) && !devices[$0.device].deletedByReset.contains($0.work)
        }
        guard let first = lost.min(by: { ($0.device, $0.work) < ($1.device, $1.work) }) else { return [] }
        return [Violation(.noImportLost, device: first.device, "\(lost.count) imported works are gone though no reset, Replace All or deletion removed them, first \(first.work)")]
    }

    /// No device that has pulled a reset's tombstones holds a record of the library it deleted, and
    /// the server never holds one again.
    func cloudViolations() -> [Violation] {
        var found: [Violation] = []
        for record in ledger.recordsTombstonedByReset.sorted() {
            guard let held = cloud.records[record] else {
                found.append(Violation(.deletionsHold, "cloudkit", "CloudKit lost the tombstone of \(record)"))
                continue
            }
            if held.title != nil { found.append(Violation(.deletionsHold, "cloudkit", "CloudKit holds \(record) again after a reset deleted it")) }
            for (d, device) in devices.enumerated() where device.mirror.token >= held.sequence && device.mirror.workByRecord[record] != nil {
                found.append(Violation(.deletionsHold, device: d, "pulled the deletion of \(record) and still holds it"))
            }
        }
        return found
    }

    /// No job runs on longer than `BackendJobRegistry.unfollowedJobLifetimeMilliseconds` with no device
    /// following it (D-195).
    func backendViolations() -> [Violation] {
        backend.jobs.values.filter { $0.status == .running }.sorted { $0.jobId < $1.jobId }.compactMap { job in
            let since = lastFollowedAt[BackendJobRegistry.key(job.jobId)] ?? job.startedAt
            let unfollowed = now.epochMilliseconds - since.epochMilliseconds
            guard unfollowed > BackendJobRegistry.unfollowedJobLifetimeMilliseconds else { return nil }
            return Violation(.orphansEnd, "backend", "job \(job.jobId) runs unfollowed for \(unfollowed) ms")
        }
    }
}
