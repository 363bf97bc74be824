/// Each feature's actions, and the wiring where one feature's action meets another's state.
extension WholeApp {
    /// The files a user imports: Goodreads exports sharing some books, with series markers (seed 004).
    public static let files: [ImportFile] = [
        file("goodreads.csv", (0..<120).map { ("Book \($0)", "Author \($0 % 7)") }),
        file("foundation.csv", (1...7).map { ("Foundation \($0) (Foundation, #\($0))", "Isaac Asimov") } + [("Book 3", "Author 3")]),
        file("wrong.csv", (100..<160).map { ("Book \($0)", "Author \($0 % 7)") }),
        ImportFile(name: "empty.csv", bytes: []),
    ]

    /// `file` with at most `rowsMax` data rows (its header and first rows).
    static func file(_ file: ImportFile, rowsMax: Int) -> ImportFile {
        let lines = file.bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard rowsMax < lines.count - 1 else { return file }
        return ImportFile(name: file.name, bytes: Array(lines.prefix(max(0, rowsMax) + 1).joined(separator: [UInt8(ascii: "\n")])))
    }

    static func file(_ name: String, _ rows: [(title: String, author: String)]) -> ImportFile {
        let lines = ["Title,Author"] + rows.map { "\"\($0.title)\",\($0.author)" }
        return ImportFile(name: name, bytes: Array(lines.joined(separator: "\n").utf8))
    }

    /// The search results a user maps to works; the first two share a volume ID (seed 001).
    public static let searchResults: [WorkDTO] = [
        WorkDTO(title: "Dune", googleBooksVolumeID: "vol-dune", googleBooksVolumeIDs: ["vol-dune", "vol-dune-2"]),
        WorkDTO(title: "Dune (Deluxe)", googleBooksVolumeID: "vol-dune-2"),
        WorkDTO(title: "Book 3", googleBooksVolumeID: "vol-book-3"),
    ]

    /// The names of series the user creates.
    public static let seriesNames = ["Foundation", "Dune", "Favourites"]
    /// The titles the user renames books to.
    public static let titles = ["Book 5", "Renamed", "Foundation 9 (Foundation, #9)"]

    /// The device's works in the store, in a fixed order, for actions that pick a book by index.
    func book(_ index: Int, on d: Int) -> PersistentIdentifier? {
        let works = devices[d].app.store.identifiers(of: .work)
        return works.isEmpty ? nil : Self.pick(works, index)
    }

    // MARK: - Import

    mutating func startImport(on d: Int, file: Int, strategy: DuplicateStrategy) -> Refusal? {
        guard !resetIsUnderWay(d) else { return .resetInProgress }
        let chosen = Self.file(Self.pick(Self.files, file), rowsMax: importRowsMax)
        devices[d].lastFile = chosen
        switch CSVImport.prepare(chosen, library: devices[d].app.store, strategy: strategy) {
        case let .success(run):
            devices[d].imports.append(run)
            return nil
        case let .failure(error):
            return .importRefused(error)
        }
    }

    mutating func resumeImport(on d: Int) -> Refusal? {
        guard !resetIsUnderWay(d) else { return .resetInProgress }
        guard let file = devices[d].lastFile else { return .noFileToResume }
        switch CSVImport.resume(file, in: &devices[d].app) {
        case let .success(run):
            devices[d].imports.append(run)
            return nil
        case let .failure(error):
            return .resumeRefused(error)
        }
    }

    /// The oldest import imports a batch; its saved works join the ledger and wake the worker. Works
    /// Replace All deleted leave their series at once (D-193).
    mutating func importNextBatch(on d: Int) -> Refusal? {
        guard !devices[d].imports.isEmpty else { return .noImportRunning }
        let batchesBefore = devices[d].app.store.importCheckpoint.map { ($0.number, $0.batches.count) }
        let (progress, interruption) = onDevice(d) { device in
            let progress = device.imports[0].importNextBatch(into: &device.app)
            let interruption = device.imports[0].interruption
            if device.imports[0].isFinished { device.imports.removeFirst() }
            return (progress, interruption)
        }
        if let interruption { interruptedImports.append(interruption) }
        let device = devices[d]
        // Replace All's deletions, or a failed save's rollback of unsaved works, leave their series.
        _ = devices[d].app.series.removeDeletedWorks(in: devices[d].app.store, at: deviceNow(d))
        guard progress != nil, let checkpoint = device.app.store.importCheckpoint, let batch = checkpoint.batches.last,
              batchesBefore.map({ $0 != (checkpoint.number, checkpoint.batches.count) }) ?? true
        else { return nil }
        ledger.imported.formUnion(batch.queued.map { Ledger.Work(device: d, work: $0) })
        ledger.removedByChoice.formUnion(batch.replacements.map { Ledger.Work(device: d, work: $0.replaced) })
        deliver(.worksAdded(batch.queued), on: d)
        return nil
    }

    // MARK: - Library Reset

    mutating func resetAction(_ action: WholeAppAction, on d: Int) -> Refusal? {
        let phase = devices[d].reset.phase
        if case .resetStep = action {
            resetStep(on: d)
            return nil
        }
        var cancelResult: CancelRequestResult?
        if case let .cancelRequestAnswered(_, network) = action {
            guard case let .awaitingCancelResult(jobId) = phase else { return .resetNotInThisPhase(phase) }
            cancelResult = LibraryResetRun.sendCancelRequest(
                jobId, token: devices[d].app.enrichmentQueue.currentJobToken, to: &backend, at: now, network: devices[d].online ? network : .offline)
        }
        onDevice(d) { device in
            switch action {
            case .requestReset: device.reset.requestReset(&device.app)
            case .cancelResetDialog: device.reset.cancelConfirmation(&device.app)
            case .confirmReset: _ = device.reset.confirm(&device.app)
            case .cancelRequestAnswered: if let cancelResult { device.reset.receiveCancelResult(cancelResult, &device.app) }
            case .retryReset: device.reset.retry(&device.app)
            case .dismissResetFailure: device.reset.dismissFailure(&device.app)
            default: preconditionFailure("\(action) is no reset action")  // `perform(_:on:)` sends only these here
            }
        }
        followedJobChanged(on: d)
        return devices[d].reset.phase == phase ? .resetNotInThisPhase(phase) : nil
    }

    /// One step of the reset. The works it deletes are noted at the deletion and become the ledger's
    /// when the reset succeeds; the imports under way end at their next batch (D-190).
    mutating func resetStep(on d: Int) {
        if case .running(.deleteLibrary) = devices[d].reset.phase {
            devices[d].deletedByReset = Set(devices[d].app.store.identifiers(of: .work))
        }
        let step = onDevice(d) { $0.reset.step(&$0.app) }
        guard step != nil else { return }
        followedJobChanged(on: d)
        if case .failed = devices[d].reset.phase {
            // The failure rolled the store back to its last save (D-022): the deleted works are back,
            // and works never saved are gone, so their series let go of them.
            devices[d].deletedByReset = []
            _ = devices[d].app.series.removeDeletedWorks(in: devices[d].app.store, at: deviceNow(d))
            return
        }
        let deleted = devices[d].deletedByReset.map { Ledger.Work(device: d, work: $0) }
        if step == .save, devices[d].reset.phase == .running(.clearEnrichmentQueue) {
            // The deletion is saved: the user chose it, whether or not the reset gets to its end.
            ledger.removedByChoice.formUnion(deleted)
        }
        guard devices[d].reset.phase == .succeeded else { return }
        ledger.deletedByReset.formUnion(deleted)
        ledger.recordsDeletedByReset.formUnion(devices[d].deletedByReset.compactMap { devices[d].mirror.recordByWork[$0] })
        devices[d].deletedByReset = []
    }

    // MARK: - Enrichment

    mutating func enrichmentAnswer(_ answer: WholeAppAction.EnrichmentAnswer, on d: Int) -> Refusal? {
        guard !devices[d].awaited.isEmpty else { return .noRequestOnTheWire }
        let request = devices[d].awaited.removeFirst()
        let outcome: EnrichmentFetchOutcome
        switch answer {
        case .match: outcome = .candidates([EnrichmentCandidate(confidencePercent: 90, title: request.query.title, coverURL: "https://covers.example/\(request.id).jpg", publicationYear: 1951)])
        case .lowConfidence: outcome = .candidates([EnrichmentCandidate(confidencePercent: 50, title: request.query.title)])
        case .notFound: outcome = .httpError(status: 404)
        case .unavailable: outcome = .httpError(status: 503)
        case .timedOut: outcome = .timedOut
        }
        deliver(.metadataResult(requestID: request.id, outcome), on: d)
        return nil
    }

    /// D-193: after enrichment applies a match, the work's series are detected, from the answer's
    /// series metadata (none in the model's answers) and the marker in its title.
    mutating func detectSeriesAfterEnrichment(of work: PersistentIdentifier, on d: Int) {
        guard devices[d].app.featureFlags.seriesTrackingEnabled else { return }
        _ = devices[d].app.series.detectSeries(for: work, metadata: .none, in: devices[d].app.store, at: deviceNow(d))
    }

    /// D-191: the books waiting in the queue go to one backend job and leave the queue, so each work
    /// has one path; the work in flight stays with the worker. D-194: one followed job at a time.
    mutating func startBackendJob(on d: Int) -> Refusal? {
        guard !resetIsUnderWay(d) else { return .resetInProgress }
        if let followed = devices[d].app.enrichmentQueue.currentJobId { return .aJobIsFollowed(jobId: followed) }
        guard devices[d].online else { return .offline }
        let works = devices[d].app.enrichmentQueue.pending.filter { devices[d].app.store.work($0) != nil }
        guard !works.isEmpty else { return .nothingToEnrich }
        devices[d].jobsStarted += 1
        let jobId = Self.jobId(device: d, number: devices[d].jobsStarted)
        let token = "token-\(jobId)"
        let books = works.map { JobBook(workRawIdentifier: $0.rawValue, title: devices[d].app.store.work($0)?.title ?? "") }
        _ = backend.startJob(jobId, books: books, at: now, token: token)
        if canary != .jobKeepsQueuedBooks {
            for work in devices[d].app.enrichmentQueue.pending { devices[d].app.enrichmentQueue.remove(work) }
        }
        devices[d].app.enrichmentQueue.setCurrentJobId(jobId, token: token)
        followedJobChanged(on: d)
        return nil
    }

    /// D-196: the socket follows exactly the job the app follows; it closes when the app stops
    /// following one and opens for a new one.
    mutating func followedJobChanged(on d: Int) {
        let followed = devices[d].app.enrichmentQueue.currentJobId
        if let socket = devices[d].socket, socket.jobId == followed { return }
        devices[d].socket = nil
        guard let jobId = followed else { return }
        var client = ProgressSocketClient(jobId: jobId, pipeline: .batchEnrichment, token: devices[d].app.enrichmentQueue.currentJobToken ?? "")
        _ = client.start(at: now)
        devices[d].socket = client
    }

    // MARK: - The backend

    mutating func backendLoopTurn() -> Refusal? {
        let running = backend.jobs.values.filter { !$0.loopFinished && $0.status != .failed }.map(\.jobId).sorted()
        guard !running.isEmpty else { return .noRunningJob }
        for jobId in running {
            let step = backend.loopStep(jobId, at: now) { _ in .enriched }
            guard case let .processed(index, .enriched)? = step, let job = backend.job(jobId), let device = Self.device(ofJob: jobId) else { continue }
            ledger.enriched(PersistentIdentifier(kind: .work, rawValue: job.books[index].workRawIdentifier), on: device, by: .backendJob)
        }
        return nil
    }

    /// The ID of the `number`th job device `d` starts: a UUID, as the cancel endpoint requires, whose
    /// first group is the device and whose last is the number.
    package static func jobId(device d: Int, number: Int) -> String {
        func hex(_ value: Int, digits: Int) -> String {
            let text = String(value, radix: 16)
            return String(repeating: "0", count: max(0, digits - text.count)) + text
        }
        return "\(hex(d, digits: 8))-0000-4000-8000-\(hex(number, digits: 12))"
    }

    /// The device that started a job, from its ID (`jobId(device:number:)`).
    static func device(ofJob jobId: String) -> Int? {
        jobId.split(separator: "-").first.flatMap { Int($0, radix: 16) }
    }

    mutating func backendFails() -> Refusal? {
        let running = backend.jobs.values.filter { $0.status == .running }.map(\.jobId).sorted()
        guard !running.isEmpty else { return .noRunningJob }
        for jobId in running { _ = backend.fail(jobId, at: now, code: "ENRICHMENT_FAILED", message: "The provider is down") }
        return nil
    }

    /// D-195: the backend cancels a job no device has followed for the lifetime.
    mutating func noteFollowedJobs() {
        for device in devices {
            if let jobId = device.app.enrichmentQueue.currentJobId { lastFollowedAt[BackendJobRegistry.key(jobId)] = now }
        }
    }

    mutating func cancelUnfollowedJobs() {
        for job in backend.jobs.values where job.status == .running {
            let since = lastFollowedAt[BackendJobRegistry.key(job.jobId)] ?? job.startedAt
            if now.epochMilliseconds - since.epochMilliseconds >= BackendJobRegistry.unfollowedJobLifetimeMilliseconds {
                _ = backend.cancel(job.jobId, at: now)
            }
        }
    }

    // MARK: - The progress socket

    mutating func socketAction(_ action: WholeAppAction, on d: Int) -> Refusal? {
        guard var socket = devices[d].socket else { return .noJobFollowed }
        let state = socket.state
        switch (action, state) {
        case (.socketOpens, .connecting): _ = socket.opened(at: now)
        case (.socketOpenFails, .connecting): _ = socket.openFailed(at: now)
        case (.socketDrops, .connected): _ = socket.connectionLost(at: now)
        case (.jobStateArrives, .connected):
            guard let job = backend.job(socket.jobId) else { return .noRunningJob }
            if case let .rejected(error) = socket.received(ProgressMessageCodec.encode(Self.frame(for: job, at: self.now)), at: now) {
                return .frameRejected(error)
            }
        default: return .socketNotInThisState(state)
        }
        devices[d].socket = socket
        if socket.view.hasEnded, let jobId = devices[d].app.enrichmentQueue.currentJobId {
            let end: EnrichmentQueue.JobEnd = socket.view.error != nil ? .failed : socket.view.completion?.canceled == true ? .canceled : .complete
            devices[d].app.enrichmentQueue.jobEnded(jobId, end)
            followedJobChanged(on: d)
        }
        return nil
    }

    /// The job's state as the server sends it: its progress while it runs, its ending once it has one.
    static func frame(for job: EnrichmentJob, at now: Timestamp) -> ProgressMessage {
        let payload: ProgressPayload
        switch job.status {
        case .running:
            payload = .progress(ProgressUpdate(processedCount: job.processedCount, totalCount: job.totalCount))
        case .complete, .canceled:
            payload = .complete(JobCompletion(
                canceled: job.status == .canceled, totalProcessed: job.processedCount, totalCount: job.totalCount,
                successCount: job.successCount, failureCount: job.failureCount,
                durationMilliseconds: max(0, now.epochMilliseconds - job.startedAt.epochMilliseconds)))
        case .failed:
            payload = .error(StructuredError(code: .enrichmentFailed, message: "The provider is down", userMessage: "Enrichment failed"))
        }
        return ProgressMessage(jobId: job.jobId, pipeline: .batchEnrichment, timestamp: now, payload: payload)
    }

    // MARK: - The work cache, series and the user's edits

    mutating func mapSearchResult(_ result: Int, on d: Int) -> Refusal? {
        guard !resetIsUnderWay(d) else { return .resetInProgress }
        let dto = Self.pick(Self.searchResults, result)
        onDevice(d) { _ = $0.app.workCache.mapToWork(dto, in: &$0.app.store) }
        return nil
    }

    mutating func save(on d: Int) -> Refusal? {
        do {
            try devices[d].app.store.save()
            return nil
        } catch {
            devices[d].app.store.rollback()
            _ = devices[d].app.series.removeDeletedWorks(in: devices[d].app.store, at: deviceNow(d))
            return .storeError(error)
        }
    }

    mutating func createSeries(_ name: Int, on d: Int) -> Refusal? {
        let edit = devices[d].app.series.createSeries(named: Self.pick(Self.seriesNames, name), at: deviceNow(d))
        return edit.isApplied ? nil : .seriesEditRefused(edit)
    }

    func series(_ index: Int, on d: Int) -> SeriesID? {
        let all = devices[d].app.series.allSeries
        return all.isEmpty ? nil : Self.pick(all, index).id
    }

    mutating func assign(book: Int, series: Int, on d: Int) -> Refusal? {
        guard let work = self.book(book, on: d) else { return .noSuchBook }
        guard let id = self.series(series, on: d) else { return .noSuchSeries }
        let edit = devices[d].app.series.assign(work, to: id, in: devices[d].app.store, at: deviceNow(d))
        return edit.isApplied ? nil : .seriesEditRefused(edit)
    }

    mutating func deleteSeries(_ series: Int, on d: Int) -> Refusal? {
        guard let id = self.series(series, on: d) else { return .noSuchSeries }
        let edit = devices[d].app.series.deleteSeries(id, at: deviceNow(d))
        return edit.isApplied ? nil : .seriesEditRefused(edit)
    }

    mutating func deleteBook(_ book: Int, on d: Int) -> Refusal? {
        guard !resetIsUnderWay(d) else { return .resetInProgress }
        guard let work = self.book(book, on: d) else { return .noSuchBook }
        do {
            _ = try devices[d].app.store.delete(work)
        } catch {
            return .storeError(error)
        }
        if let refusal = save(on: d) { return refusal }
        removedFromLibrary([work], on: d)
        return nil
    }

    /// A work deleted by the user or by sync leaves everything that held it on this device; the
    /// cache drops it at its next lookup (D-017).
    mutating func removedFromLibrary(_ works: [PersistentIdentifier], on d: Int) {
        ledger.removedByChoice.formUnion(works.map { Ledger.Work(device: d, work: $0) })
        for work in works { devices[d].app.enrichmentQueue.remove(work) }
        _ = devices[d].app.series.removeDeletedWorks(in: devices[d].app.store, at: deviceNow(d))
    }

    mutating func renameBook(_ book: Int, title: Int, on d: Int) -> Refusal? {
        guard !resetIsUnderWay(d) else { return .resetInProgress }
        guard let work = self.book(book, on: d) else { return .noSuchBook }
        do {
            try devices[d].app.store.updateWork(work) { $0.title = Self.pick(Self.titles, title) }
        } catch {
            return .storeError(error)
        }
        return save(on: d)
    }

    // MARK: - The system

    /// The app dies and launches again: what was not saved is lost, and so are the flows in memory;
    /// the queue takes the saved batches it missed, the worker starts again, a followed job is followed
    /// again, and series let go of works the crash lost (D-202).
    mutating func crashAndRelaunch(_ d: Int) -> Refusal? {
        let now = deviceNow(d)
        onDevice(d) { device in
            device.app = device.app.relaunchedAfterCrash()
            device.reset = LibraryReset()
            device.deletedByReset = []
            device.imports = []
            device.awaited = []
            device.socket = nil
            device.worker = device.worker.relaunched()
            ImportRecovery.catchUpQueue(&device.app)
            _ = device.app.series.removeDeletedWorks(in: device.app.store, at: now)
        }
        deliver(.launched(online: devices[d].online), on: d)
        followedJobChanged(on: d)
        return nil
    }

    mutating func connectivity(_ online: Bool, on d: Int) -> Refusal? {
        guard devices[d].online != online else { return .alreadyInThisState }
        devices[d].online = online
        deliver(.connectivityChanged(online: online), on: d)
        return nil
    }

    /// Time passes for everyone: the workers' timers, the sockets' timers, the backend's sweep.
    mutating func timePasses(_ milliseconds: Int64) -> Refusal? {
        now = now.adding(milliseconds: max(0, milliseconds))
        for d in devices.indices where !localResetStepsRun(on: d) {
            deliver(.timeElapsed, on: d)
            if var socket = devices[d].socket, let deadline = socket.deadline, deadline <= now {
                _ = socket.fire(at: now)
                devices[d].socket = socket
            }
        }
        cancelUnfollowedJobs()
        return nil
    }
}
