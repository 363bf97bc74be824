/// CloudKit between the devices, as the app's store mirrors it (seed 000: "CloudKit sync propagates
/// deletion to other devices"; `CloudKitRun` is the same rule under network faults).
///
/// Every saved work is a record with a name never reused. A sync pushes the device's saved changes
/// since its last sync, then pulls everyone's changes since its token. The server keeps deletions as
/// tombstones and refuses an upsert of a deleted record, so a deletion wins over a concurrent edit;
/// between two edits, the later push wins the record (D-199). Only titles sync.
extension WholeApp {
    struct CloudMirror: Sendable {
        var recordByWork: [PersistentIdentifier: String] = [:]
        var workByRecord: [String: PersistentIdentifier] = [:]
        /// Each record's title as last pushed or pulled.
        var syncedTitle: [String: String] = [:]
        /// The server's sequence this device has pulled up to.
        var token = 0
        var recordsNamed = 0

        mutating func map(_ record: String, to work: PersistentIdentifier, title: String) {
            recordByWork[work] = record
            workByRecord[record] = work
            syncedTitle[record] = title
        }

        mutating func forget(_ record: String) {
            if let work = workByRecord.removeValue(forKey: record) { recordByWork[work] = nil }
            syncedTitle[record] = nil
        }
    }

    struct CloudServer: Sendable {
        struct Record: Hashable, Sendable {
            /// `nil` for a tombstone.
            var title: String?
            var sequence: Int
        }

        var records: [String: Record] = [:]
        var sequence = 0

        /// Whether the upsert was taken: the server refuses one of a deleted record.
        mutating func upsert(_ record: String, title: String) -> Bool {
            if let held = records[record], held.title == nil { return false }
            sequence += 1
            records[record] = Record(title: title, sequence: sequence)
            return true
        }

        mutating func delete(_ record: String) {
            sequence += 1
            records[record] = Record(title: nil, sequence: sequence)
        }

        func changes(after token: Int) -> [(record: String, title: String?)] {
            records.filter { $0.value.sequence > token }.sorted { $0.value.sequence < $1.value.sequence }.map { ($0.key, $0.value.title) }
        }
    }

    mutating func sync(_ d: Int) -> Refusal? {
        guard devices[d].online else { return .offline }
        push(d)
        return pull(d)
    }

    /// Pushes the saved library's changes since the last sync: new works, edited titles, deletions.
    mutating func push(_ d: Int) {
        var mirror = devices[d].mirror
        let saved = devices[d].app.store.relaunchedAfterCrash()
        for work in saved.works() {
            if let record = mirror.recordByWork[work.id] {
                guard mirror.syncedTitle[record] != work.title else { continue }
                mirror.syncedTitle[record] = work.title
                _ = cloud.upsert(record, title: work.title)
            } else {
                mirror.recordsNamed += 1
                let record = "d\(d)-r\(mirror.recordsNamed)"
                mirror.map(record, to: work.id, title: work.title)
                _ = cloud.upsert(record, title: work.title)
            }
        }
        for (record, work) in mirror.workByRecord.sorted(by: { $0.key < $1.key }) where saved.work(work) == nil {
            cloud.delete(record)
            mirror.forget(record)
            if ledger.recordsDeletedByReset.remove(record) != nil { ledger.recordsTombstonedByReset.insert(record) }
        }
        devices[d].mirror = mirror
    }

    /// Pulls the changes since the device's token and saves them; a save that fails leaves the token
    /// where it was, so the next sync pulls them again.
    mutating func pull(_ d: Int) -> Refusal? {
        let before = devices[d]
        var deleted: [PersistentIdentifier] = []
        for (record, title) in cloud.changes(after: devices[d].mirror.token) {
            let local = devices[d].mirror.workByRecord[record]
            switch (title, local) {
            case let (title?, local?):
                guard devices[d].mirror.syncedTitle[record] != title else { continue }
                do { try devices[d].app.store.updateWork(local) { $0.title = title } } catch { return failedPull(d, restoring: before, error) }
                devices[d].mirror.syncedTitle[record] = title
            case let (title?, nil):
                let work = devices[d].app.store.insertWork(WorkDraft(title: title))
                devices[d].mirror.map(record, to: work, title: title)
            case let (nil, local?):
                do { _ = try devices[d].app.store.delete(local) } catch { return failedPull(d, restoring: before, error) }
                devices[d].mirror.forget(record)
                deleted.append(local)
            case (nil, nil):
                continue
            }
        }
        do { try devices[d].app.store.save() } catch { return failedPull(d, restoring: before, error) }
        devices[d].mirror.token = cloud.sequence
        removedFromLibrary(deleted, on: d)
        followedJobLostItsBooks(on: d)
        return nil
    }

    mutating func failedPull(_ d: Int, restoring before: Device, _ error: StoreError) -> Refusal {
        devices[d].app.store.rollback()
        devices[d].mirror = before.mirror
        // The rollback also dropped the device's own unsaved works: their series let go of them.
        _ = devices[d].app.series.removeDeletedWorks(in: devices[d].app.store, at: deviceNow(d))
        return .storeError(error)
    }

    /// D-195: when sync has taken every book of the followed job (another device reset the library),
    /// the app cancels the job and stops following it.
    mutating func followedJobLostItsBooks(on d: Int) {
        let queue = devices[d].app.enrichmentQueue
        guard let jobId = queue.currentJobId, let job = backend.job(jobId),
              job.books.allSatisfy({ devices[d].app.store.work(PersistentIdentifier(kind: .work, rawValue: $0.workRawIdentifier)) == nil })
        else { return }
        _ = LibraryResetRun.sendCancelRequest(jobId, token: queue.currentJobToken, to: &backend, at: now)
        devices[d].app.enrichmentQueue.clearCurrentJobId()
        followedJobChanged(on: d)
    }
}
