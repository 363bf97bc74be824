/// Whether the app has settled, and when it next moves by itself: what a simulator running the whole
/// app asks between events.
extension WholeApp {
    /// What still moves, each as a sentence; empty once the app has settled: no import or reset under
    /// way, no work waiting or in flight, no request on the wire, no job running, and every device
    /// holding exactly the records CloudKit holds, with their titles.
    package func unsettled() -> [String] {
        var found: [String] = []
        let live = cloud.records.filter { $0.value.title != nil }
        for (d, device) in devices.enumerated() {
            let queue = device.app.enrichmentQueue
            if device.importsUnderWay > 0 { found.append("device \(d): \(device.importsUnderWay) imports under way") }
            if resetIsUnderWay(d) { found.append("device \(d): the reset is \(device.reset.phase)") }
            if queue.pendingCount > 0 || queue.inFlight != nil || device.requestsOnTheWire > 0 {
                found.append("device \(d): \(queue.pendingCount) works wait, \(queue.inFlight == nil ? 0 : 1) in flight, \(device.requestsOnTheWire) requests on the wire")
            }
            let works = device.app.store.works()
            var unsynced: [Work] = []
            for work in works {
                guard let record = device.mirror.recordByWork[work.id], let held = live[record], held.title == work.title else {
                    unsynced.append(work)
                    continue
                }
            }
            if !unsynced.isEmpty || works.count != live.count {
                found.append("device \(d): \(works.count) books, \(unsynced.count) not as CloudKit holds them; CloudKit holds \(live.count)")
            }
            if let jobId = device.app.enrichmentQueue.currentJobId, let job = backend.job(jobId), job.status != .running {
                found.append("device \(d): follows job \(jobId), which ended \(job.status)")
            }
        }
        let running = backend.jobs.values.filter { $0.status == .running }.count
        if running > 0 { found.append("backend: \(running) jobs running") }
        return found
    }

    /// The next time, on the model's clock, that something falls due by itself: a worker's wake, a
    /// socket's timer, or the backend's cancel of an unfollowed job (D-195); `nil` when nothing is
    /// due. A simulator lets time pass to it rather than tick.
    package func nextDeadline() -> Timestamp? {
        var deadlines: [Timestamp] = []
        for device in devices {
            deadlines += [device.worker.nextWake, device.socket?.deadline].compactMap { $0 }
        }
        let followed = Set(devices.compactMap { $0.app.enrichmentQueue.currentJobId.map(BackendJobRegistry.key) })
        for job in backend.jobs.values where job.status == .running && !followed.contains(BackendJobRegistry.key(job.jobId)) {
            let since = lastFollowedAt[BackendJobRegistry.key(job.jobId)] ?? job.startedAt
            deadlines.append(since.adding(milliseconds: BackendJobRegistry.unfollowedJobLifetimeMilliseconds))
        }
        return deadlines.min()
    }
}
