/// The app as one state machine: every feature on every device, the backend and CloudKit between the
/// devices, driven by one `WholeAppAction` at a time (issue 37).
///
/// Each feature is the model's own type (`CSVImport`, `LibraryReset`, `EnrichmentWorker`,
/// `BackendJobRegistry`, `ProgressSocketClient`, `DTOMapper`, `SeriesLibrary`); what this type adds is
/// the wiring where two of them meet, each meeting decided in `Docs/Interactions.md`, and a ledger of
/// what happened, from which `violations()` judges the global invariants after every action. Every
/// action is valid in every state: one the app would not offer there returns a typed `Refusal` and
/// changes nothing.
public struct WholeApp {
    /// One device: the app on it, its in-memory flows and its CloudKit mirror.
    public struct Device {
        /// What the app holds (store, queue, cache, series, screen).
        public internal(set) var app = AppState()
        /// The reset flow; in memory, so a crash ends it.
        public internal(set) var reset = LibraryReset()
        /// The enrichment worker; a relaunch replaces it (`EnrichmentWorker.relaunched()`).
        public internal(set) var worker = EnrichmentWorker()
        /// The socket following the job in `app.enrichmentQueue.currentJobId`, if the app follows one (D-196).
        public internal(set) var socket: ProgressSocketClient?
        /// Whether the device has a network: offline, it syncs nothing and its requests fail.
        public internal(set) var online = true
        /// Imports under way, oldest first; in memory, so a crash ends them (the checkpoint stays).
        var imports: [CSVImport] = []
        /// The file the user picked last, offered again to resume after a relaunch.
        var lastFile: ImportFile?
        /// The worker's requests on the wire, oldest first, answered by `enrichmentAnswer`.
        var awaited: [EnrichmentFetchRequest] = []
        var mirror = CloudMirror()
        var jobsStarted = 0
        /// How far the device's clock is from the model's, in milliseconds (a clock the user or NTP set).
        package internal(set) var clockOffsetMilliseconds: Int64 = 0
        /// The works in the store when the running reset deleted the library.
        var deletedByReset: Set<PersistentIdentifier> = []

        /// The number of imports under way.
        package var importsUnderWay: Int { imports.count }
        /// The number of the worker's requests on the wire.
        package var requestsOnTheWire: Int { awaited.count }
    }

    /// Why an action changed nothing: the app would not offer it in this state, or a feature refused it.
    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reset is past its confirmation (D-203).
        case resetInProgress
        /// Nothing to import a batch of.
        case noImportRunning
        /// The file was refused before any row was read.
        case importRefused(ImportError)
        /// The interrupted import cannot go on with the file offered.
        case resumeRefused(ImportResumeError)
        /// No file was picked since the last launch, so none can be offered again.
        case noFileToResume
        /// The reset flow ignores the action in its phase (a second confirm, a retry with no failure).
        case resetNotInThisPhase(LibraryReset.Phase)
        /// An answer with no request to answer.
        case noRequestOnTheWire
        /// No book waits in the queue to send to a job.
        case nothingToEnrich
        /// D-194: one followed job at a time.
        case aJobIsFollowed(jobId: String)
        /// A socket event with no followed job, so no socket.
        case noJobFollowed
        /// A backend action with no job to act on.
        case noRunningJob
        /// A socket event its client cannot take in its state (an open while connected).
        case socketNotInThisState(ProgressSocketClient.State)
        /// The client refused the frame with a typed error.
        case frameRejected(ProgressMessageError)
        /// The library is empty.
        case noSuchBook
        /// There is no series to act on.
        case noSuchSeries
        /// The series library refused the edit, and says why.
        case seriesEditRefused(SeriesEdit)
        /// The store failed to save; its changes were rolled back.
        case storeError(StoreError)
        /// The device is already so (online when told it is online).
        case alreadyInThisState
        /// The device has no network.
        case offline

        public var description: String {
            switch self {
            case .resetInProgress: return "a reset is under way"
            case .noImportRunning: return "no import is running"
            case let .importRefused(error): return "the import was refused: \(error)"
            case let .resumeRefused(error): return "the import cannot resume: \(error)"
            case .noFileToResume: return "no file was picked since the last launch"
            case let .resetNotInThisPhase(phase): return "the reset is \(phase)"
            case .noRequestOnTheWire: return "no enrichment request is on the wire"
            case .nothingToEnrich: return "no book waits in the queue"
            case let .aJobIsFollowed(jobId): return "the app already follows job \(jobId)"
            case .noJobFollowed: return "the app follows no job"
            case .noRunningJob: return "no backend job is running"
            case let .socketNotInThisState(state): return "the socket is \(state)"
            case let .frameRejected(error): return "the frame was rejected: \(error)"
            case .noSuchBook: return "the library has no book"
            case .noSuchSeries: return "there is no series"
            case let .seriesEditRefused(edit): return "the series edit was refused: \(edit)"
            case let .storeError(error): return "the store failed: \(error)"
            case .alreadyInThisState: return "nothing to change"
            case .offline: return "the device is offline"
            }
        }
    }

    /// A deliberately wrong wiring the simulator's canary runs in the model's place.
    public enum Canary: String, CaseIterable, Hashable, Sendable {
        /// A backend job takes the books waiting in the queue and leaves them there too, so both paths
        /// enrich them (D-191 broken).
        case jobKeepsQueuedBooks = "job-keeps-queued-books"
    }

    /// The devices, by index; actions name them modulo their count.
    public internal(set) var devices: [Device]
    /// The planted wiring bug, if any.
    public let canary: Canary?
    /// The most data rows an import takes from its file: a simulator's knob for a smaller day.
    package var importRowsMax = Int.max
    /// The backend's jobs, shared by every device.
    public internal(set) var backend = BackendJobRegistry()
    var cloud = CloudServer()
    /// The one clock of the model; every device and the backend read it.
    public internal(set) var now = Timestamp(epochMilliseconds: 1_700_000_000_000)
    /// When a device last followed each job, by job key: the backend's view of who still listens (D-195).
    var lastFollowedAt: [String: Timestamp] = [:]
    /// What happened, for the invariants.
    var ledger = Ledger()
    /// The number of works enriched so far, by either path.
    package var worksEnriched: Int { ledger.enrichments.count }
    /// How each import that another feature ended was ended, in order (D-190).
    package internal(set) var interruptedImports: [ImportInterruption] = []

    /// An app on `devices` devices (at least one), fresh installs, online, the worker launched; with
    /// `canary`, a planted wiring bug.
    ///
    /// - Precondition: `count >= 1`.
    public init(devices count: Int = 2, canary: Canary? = nil) {
        precondition(count >= 1, "the app runs on at least one device")
        self.canary = canary
        devices = Array(repeating: Device(), count: count)
        for index in devices.indices { deliver(.launched(online: true), on: index) }
    }

    /// The device `action` happens on: the index it names, modulo the devices' count (any integer
    /// names one); `nil` for the backend's and the clock's actions.
    package func deviceIndex(of action: WholeAppAction) -> Int? {
        action.device.map { Self.pick(Array(devices.indices), $0) }
    }

    /// The devices whose features' own invariants `action` may break: its device, or every device for
    /// the backend's and the clock's actions.
    package func devicesTouched(by action: WholeAppAction) -> [Int] {
        deviceIndex(of: action).map { [$0] } ?? Array(devices.indices)
    }

    /// The element `index` names, modulo the count, so that every integer an action carries names one.
    static func pick<Element>(_ choices: [Element], _ index: Int) -> Element {
        choices[Int(index.magnitude % UInt(choices.count))]
    }

    /// Performs one action and returns why it changed nothing, if it did not.
    @discardableResult
    public mutating func perform(_ action: WholeAppAction) -> Refusal? {
        let refusal: Refusal?
        if let index = deviceIndex(of: action) {
            refusal = perform(action, on: index)
            afterAction(on: index)
        } else {
            refusal = performWithoutDevice(action)
            for index in devices.indices { afterAction(on: index) }
        }
        noteFollowedJobs()
        return refusal
    }

    mutating func performWithoutDevice(_ action: WholeAppAction) -> Refusal? {
        switch action {
        case .backendLoopTurn: return backendLoopTurn()
        case .backendFails: return backendFails()
        case let .timePasses(milliseconds): return timePasses(milliseconds)
        default: preconditionFailure("\(action) happens on a device")  // `perform` sends these to `perform(_:on:)`
        }
    }

    mutating func perform(_ action: WholeAppAction, on d: Int) -> Refusal? {
        if localResetStepsRun(on: d), !action.mayMeetTheResetsLocalSteps { return .resetInProgress }
        switch action {
        case let .startImport(_, file, strategy): return startImport(on: d, file: file, strategy: strategy)
        case .importNextBatch: return importNextBatch(on: d)
        case .resumeImport: return resumeImport(on: d)
        case .requestReset, .cancelResetDialog, .confirmReset, .cancelRequestAnswered, .resetStep, .retryReset, .dismissResetFailure:
            return resetAction(action, on: d)
        case let .enrichmentAnswer(_, answer): return enrichmentAnswer(answer, on: d)
        case .startBackendJob: return startBackendJob(on: d)
        case .socketOpens, .socketOpenFails, .socketDrops, .jobStateArrives: return socketAction(action, on: d)
        case let .mapSearchResult(_, result): return mapSearchResult(result, on: d)
        case .saveLibrary: return save(on: d)
        case let .createSeries(_, name): return createSeries(name, on: d)
        case let .assignToSeries(_, book, series): return assign(book: book, series: series, on: d)
        case let .deleteSeries(_, series): return deleteSeries(series, on: d)
        case let .deleteBook(_, book): return deleteBook(book, on: d)
        case let .renameBook(_, book, title): return renameBook(book, title: title, on: d)
        case .crashAndRelaunch: return crashAndRelaunch(d)
        case .storeFailsNextSave:
            devices[d].app.store.faults = StoreFaults(saveFailuresRemaining: 1)
            return nil
        case let .connectivity(_, online): return connectivity(online, on: d)
        case let .clockSteps(_, milliseconds):
            devices[d].clockOffsetMilliseconds = devices[d].clockOffsetMilliseconds.addingReportingOverflow(milliseconds).partialValue
            return nil
        case .sync: return sync(d)
        case .backendLoopTurn, .backendFails, .timePasses: preconditionFailure("\(action) happens on no device")  // see `perform`
        }
    }

    /// The time on device `d`'s clock; the backend reads the model's, `now`.
    func deviceNow(_ d: Int) -> Timestamp {
        now.adding(milliseconds: devices[d].clockOffsetMilliseconds)
    }

    /// Whether the reset's local steps are running. They run in one main-actor turn (D-203): seed
    /// 000's `performLibraryReset` has no `await` from the deletion to the toast, so nothing else on
    /// the device runs between two steps; only a crash falls between them.
    func localResetStepsRun(on d: Int) -> Bool {
        if case .running = devices[d].reset.phase { return true }
        return false
    }

    /// Whether the device's reset is past its confirmation: the app shows the reset's progress and
    /// offers nothing that writes the library until it ends.
    func resetIsUnderWay(_ d: Int) -> Bool {
        switch devices[d].reset.phase {
        case .awaitingCancelResult, .running: return true
        case .idle, .confirming, .succeeded, .failed: return false
        }
    }

    /// What every action ends with: the worker sees its queue as the action left it, so a work a reset
    /// or a deletion took away is dropped now rather than at the worker's next event.
    mutating func afterAction(on d: Int) {
        let device = devices[d]
        if let current = device.worker.current, device.app.enrichmentQueue.inFlight != current.work {
            deliver(.timeElapsed, on: d)
        }
    }

    /// Runs `body` on device `d` where it lies, so its store is changed in place rather than copied.
    @discardableResult
    mutating func onDevice<Result>(_ d: Int, _ body: (inout Device) -> Result) -> Result {
        body(&devices[d])
    }

    /// Hands `event` to the device's worker and carries out what it asks.
    mutating func deliver(_ event: EnrichmentWorker.Event, on d: Int) {
        // Timers run on the device's monotonic clock, which a clock step does not move (D-205).
        let now = self.now
        let step = onDevice(d) { $0.worker.handle(event, at: now, &$0.app) }
        for effect in step.effects {
            if case let .fetchMetadata(request) = effect { devices[d].awaited.append(request) }
            // Wakes need no timer here: every `timePasses` delivers `.timeElapsed`.
        }
        for outcome in step.outcomes {
            guard case let .enriched(work, _) = outcome else { continue }
            ledger.enriched(work, on: d, by: .worker)
            detectSeriesAfterEnrichment(of: work, on: d)
        }
    }
}
