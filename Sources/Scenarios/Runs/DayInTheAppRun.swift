import Generators
import Simulator
import SpecModel

/// A day in the app: every feature on two or more devices at once, with the backend, the metadata
/// provider and CloudKit, under the fault model (issue 37, part 4).
///
/// The run drives `WholeApp`, the model of the whole app, with the day's plan drawn from the seed: on
/// random devices and at random times the user imports files, resets the library, sends the waiting
/// books to a backend job, maps search results, edits books and series; devices crash and relaunch and
/// their clocks step. What crosses the network crosses a `Link` with the run's faults: the worker's
/// metadata requests and their answers, the reset's cancel request, the socket's opens and the job's
/// frames, the CloudKit syncs. After every event the app's global invariants are judged
/// (`WholeApp.violations`); after the day and the heal the app must settle within the bound
/// (`WholeApp.unsettled`).
package enum DayInTheAppRun {
    /// The backend (jobs, cancel endpoint, progress sockets), the provider and CloudKit's server.
    package static let backend = ProgressRun.backend
    /// The metadata provider, which answers the workers' requests.
    package static let provider = ImportAndEnrichRun.provider
    /// CloudKit's server, which every device syncs with.
    package static let cloudKit = CloudKitRun.server
    /// Device 0's node; the devices follow it, clear of the other nodes (a file names them `device0`, …).
    package static let firstDeviceNode = 11

    /// The node of device `index` (0-based).
    package static func node(ofDevice index: Int) -> NodeID { NodeID(index + firstDeviceNode) }

    /// What a day holds: the devices, how many of each activity the user does, the pace and the faults.
    package struct Configuration: Hashable, Sendable {
        /// At least 1; a day scenario uses two or more.
        package var devices: Int
        /// Imports started over the day, each of one of `WholeApp.files`, on a random device.
        package var imports: Int
        /// The most rows each import takes from its file (the files hold up to 120).
        package var rowsPerImport: Int
        /// Library Resets the user starts, each on a random device.
        package var resets: Int
        /// Times the user sends the waiting books to a backend job.
        package var jobs: Int
        /// Search results mapped, books renamed or deleted, series created or assigned.
        package var edits: Int
        /// Crashes and relaunches of a random device, before the heal.
        package var crashes: Int
        /// Steps of a device's clock, by up to an hour either way.
        package var clockSteps: Int
        /// How long the user acts; the plan's times fall in `0..<dayNanoseconds`.
        package var dayNanoseconds: UInt64
        /// 15 s for 50 rows (D-067).
        package var batchIntervalNanoseconds: UInt64
        /// How often each device syncs with CloudKit.
        package var syncIntervalNanoseconds: UInt64
        /// How often the backend's loop processes a book of each running job.
        package var itemIntervalNanoseconds: UInt64
        /// The faults on every link and the devices' offline windows, until the heal.
        package var faults: FaultOptions
        /// When the faults end, in true time.
        package var healAtNanoseconds: UInt64
        /// How long after the day and the heal the app has to settle.
        package var settleBoundNanoseconds: UInt64
        /// The most events a run may take: a bound on everything.
        package var eventsMax: Int
        /// Whether to record a trace (`Result.trace`): one event per simulation event.
        package var recordsTrace = false
        /// A planted wiring bug, for the canary; `nil` runs the model.
        package var canary: WholeApp.Canary?

        /// A day of ten minutes on two devices: three imports, a reset, two jobs, six edits, two crashes
        /// and a clock step, calm.
        package init(
            devices: Int = 2, imports: Int = 3, rowsPerImport: Int = 120, resets: Int = 1, jobs: Int = 2, edits: Int = 6, crashes: Int = 2, clockSteps: Int = 1,
            dayNanoseconds: UInt64 = 600_000 * FaultOptions.millisecond, batchIntervalNanoseconds: UInt64 = 15_000 * FaultOptions.millisecond,
            syncIntervalNanoseconds: UInt64 = 15_000 * FaultOptions.millisecond, itemIntervalNanoseconds: UInt64 = 600 * FaultOptions.millisecond,
            faults: FaultOptions = .calm, healAtNanoseconds: UInt64 = 0, settleBoundNanoseconds: UInt64 = 1_800_000 * FaultOptions.millisecond,
            eventsMax: Int = 2_000_000
        ) {
            self.devices = devices
            self.imports = imports
            self.rowsPerImport = rowsPerImport
            self.resets = resets
            self.jobs = jobs
            self.edits = edits
            self.crashes = crashes
            self.clockSteps = clockSteps
            self.dayNanoseconds = dayNanoseconds
            self.batchIntervalNanoseconds = batchIntervalNanoseconds
            self.syncIntervalNanoseconds = syncIntervalNanoseconds
            self.itemIntervalNanoseconds = itemIntervalNanoseconds
            self.faults = faults
            self.healAtNanoseconds = healAtNanoseconds
            self.settleBoundNanoseconds = settleBoundNanoseconds
            self.eventsMax = eventsMax
        }
    }

    /// What a day did.
    package struct Result: Sendable {
        /// Each property broken, once per property and actor, in the order first broken; then
        /// `app.settles` if the app did not settle in time.
        package var failures: [ScenarioFailure]
        /// What had not settled at the end, when it had not.
        package var unsettled: [String]
        /// The app's actions that did something, and those it refused (`WholeApp.Refusal`).
        package var actionsPerformed: Int
        package var actionsRefused: Int
        /// True time when the run ended.
        package var endedAtNanoseconds: UInt64
        /// The digest of every event the run took, in order: equal for equal (seed, configuration).
        package var digest: TraceDigest
        /// The number of events the run took.
        package var eventsRun: Int
        /// The trace, when the configuration asked for one.
        package var trace: [SimulationTraceEvent] = []
        /// The frames the random faults hit, as a script that does the same to them (`Link.fates`).
        package var frameFates: [FaultOptions.ScriptedFrame] = []
    }

    enum Event: Hashable, Sendable {
        /// An action of the day's plan, performed as it is.
        case planned(WholeAppAction)
        case importBatch(device: Int)
        /// The reset's next move on the device: confirm, a local step, or a retry.
        case resetMove(device: Int)
        case cancelAnswered(device: Int, number: Int)
        case cancelTimedOut(device: Int, number: Int)
        case requestArrives(device: Int, number: Int)
        case answerArrives(device: Int, number: Int, WholeAppAction.EnrichmentAnswer)
        case requestTimedOut(device: Int, number: Int)
        case openAnswered(device: Int, timesOutAt: Timestamp)
        case jobFrames
        case backendTurn
        case syncSent(device: Int)
        case syncArrives(device: Int)
        case connectivity(device: Int, online: Bool)
        case tick
        case heal
    }

    package static func run(seed: UInt64, _ configuration: Configuration) -> Result {
        var day = Day(seed: seed, configuration)
        return day.run()
    }
}

extension DayInTheAppRun {
    /// One run's state: the app, the links, what is on the wire, and what was broken.
    struct Day {
        let configuration: Configuration
        var simulation: Simulation<Event>
        var options: FaultOptions
        var app: WholeApp
        var links: [Pair: Link] = [:]
        /// Per device, the numbers of the worker's requests on the wire, oldest first.
        var requests: [[Int]]
        var requestsNumbered = 0
        /// Per device, the cancel request under way: its number, and whether it reached the backend.
        var cancels: [(number: Int, reachedBackend: Bool)?]
        var cancelsNumbered = 0
        /// Per device, the socket open on the wire, by the client's handshake deadline.
        var openSent: [Timestamp?]
        var backendTurnScheduled = false
        var jobFramesScheduled = false
        /// The true time of the earliest tick pending, if any.
        var tickAt: UInt64?
        /// The timeouts of the requests on the wire, to cancel when an answer comes first.
        var timeouts: [Int: EventQueue<Event>.EventID] = [:]
        var failures: [ScenarioFailure] = []
        var failureKeys: Set<String> = []
        var performed = 0
        var refused = 0
        var trace: [SimulationTraceEvent] = []
        /// The app's clock at true time 0, in milliseconds since 1970.
        let startMilliseconds: Int64

        struct Pair: Hashable {
            let from: NodeID
            let to: NodeID
        }

        init(seed: UInt64, _ configuration: Configuration) {
            self.configuration = configuration
            simulation = Simulation(seed: seed)
            options = configuration.faults
            app = WholeApp(devices: configuration.devices, canary: configuration.canary)
            app.importRowsMax = configuration.rowsPerImport
            startMilliseconds = app.now.epochMilliseconds
            requests = Array(repeating: [], count: configuration.devices)
            cancels = Array(repeating: nil, count: configuration.devices)
            openSent = Array(repeating: nil, count: configuration.devices)
        }

        var end: UInt64 { max(configuration.dayNanoseconds, configuration.healAtNanoseconds) + configuration.settleBoundNanoseconds }

        mutating func run() -> Result {
            plan()
            var settledAt: UInt64?
            while simulation.eventsRun < configuration.eventsMax, let event = simulation.next(notAfter: end) {
                simulation.digest.record(simulation.now)
                handle(event)
                let quiet = simulation.now >= max(configuration.dayNanoseconds, configuration.healAtNanoseconds)
                if quiet, app.unsettled().isEmpty {
                    settledAt = simulation.now
                    break
                }
            }
            let unsettled = settledAt == nil ? app.unsettled() : []
            if settledAt == nil {
                let what = unsettled.isEmpty ? "the event bound was reached" : unsettled.prefix(3).joined(separator: "; ")
                failures.append(ScenarioFailure("app.settles", at: "app", "the app did not settle within \(configuration.settleBoundNanoseconds / FaultOptions.millisecond) ms of the day's end and the heal: \(what)"))
            }
            let fates = links.keys.sorted { ($0.from, $0.to) < ($1.from, $1.to) }.flatMap { links[$0]!.fates }
            return Result(
                failures: failures, unsettled: unsettled, actionsPerformed: performed, actionsRefused: refused,
                endedAtNanoseconds: simulation.now, digest: simulation.digest, eventsRun: simulation.eventsRun, trace: trace, frameFates: fates.sorted()
            )
        }

        // MARK: - The plan

        /// Draws the day from the seed: when each activity happens and on which device. Each kind of
        /// activity draws from its own stream, and a time is a fraction of the day, so a day with one
        /// activity fewer, or a shorter day, keeps the others as they were (what shrinking needs).
        mutating func plan() {
            let devices = configuration.devices
            let day = configuration.dayNanoseconds
            var streamsMade: UInt64 = 0
            func stream() -> Xoshiro256StarStar {
                streamsMade += 1
                return Xoshiro256StarStar(seed: simulation.seed ^ (streamsMade &* 0x9E37_79B9_7F4A_7C15))
            }
            func at(_ random: inout Xoshiro256StarStar) -> UInt64 {
                let part = random.nextBounded(below: 1_000_000)
                return UInt64((Double(day) * Double(part) / 1_000_000).rounded(.down))
            }
            func device(_ random: inout Xoshiro256StarStar) -> Int { Int(random.nextBounded(below: UInt64(devices))) }
            func one<T>(_ choices: [T], _ random: inout Xoshiro256StarStar) -> T { choices[Int(random.nextBounded(below: UInt64(choices.count)))] }
            var imports = stream()
            for _ in 0..<configuration.imports {
                let (time, d, file) = (at(&imports), device(&imports), Int(imports.nextBounded(below: 3)))
                simulation.schedule(at: time, .planned(.startImport(device: d, file: file, strategy: one([.skip, .smart, .replaceAll], &imports))))
            }
            var resets = stream()
            for _ in 0..<configuration.resets { simulation.schedule(at: at(&resets), .planned(.requestReset(device: device(&resets)))) }
            var jobs = stream()
            for _ in 0..<configuration.jobs { simulation.schedule(at: at(&jobs), .planned(.startBackendJob(device: device(&jobs)))) }
            var edits = stream()
            for _ in 0..<configuration.edits {
                let (time, d, index) = (at(&edits), device(&edits), Int(edits.nextBounded(below: 1_000)))
                let edit = one([
                    WholeAppAction.mapSearchResult(device: d, result: index), .saveLibrary(device: d), .renameBook(device: d, book: index, title: index),
                    .deleteBook(device: d, book: index), .createSeries(device: d, name: index), .assignToSeries(device: d, book: index, series: index),
                ], &edits)
                simulation.schedule(at: time, .planned(edit))
            }
            var crashes = stream()
            for _ in 0..<configuration.crashes {
                let time = min(at(&crashes), configuration.healAtNanoseconds == 0 ? .max : configuration.healAtNanoseconds)
                simulation.schedule(at: time, .planned(.crashAndRelaunch(device: device(&crashes))))
            }
            var clocks = stream()
            for _ in 0..<configuration.clockSteps {
                let hour: Int64 = 3_600_000
                let (time, d) = (at(&clocks), device(&clocks))
                let step = Int64(clocks.nextBounded(through: UInt64(2 * hour))) - hour
                simulation.schedule(at: time, .planned(.clockSteps(device: d, milliseconds: step)))
            }
            for d in 0..<devices {
                simulation.schedule(at: simulation.random.nextBounded(below: configuration.syncIntervalNanoseconds), .syncSent(device: d))
                for window in options.offline[DayInTheAppRun.node(ofDevice: d)] ?? [] {
                    simulation.schedule(at: window.start, .connectivity(device: d, online: false))
                    simulation.schedule(at: window.end, .connectivity(device: d, online: true))
                }
            }
            simulation.schedule(at: configuration.healAtNanoseconds, .heal)
        }

        // MARK: - Events

        mutating func handle(_ event: Event) {
            if configuration.recordsTrace {
                trace.append(SimulationTraceEvent(timeNanoseconds: simulation.now, node: "app", name: "\(event)", details: [:]))
            }
            switch event {
            case let .planned(action):
                perform(action)
                followUp(action)
            case let .importBatch(d):
                perform(.importNextBatch(device: d))
                if app.devices[d].importsUnderWay > 0 { simulation.schedule(after: configuration.batchIntervalNanoseconds, .importBatch(device: d)) }
            case let .resetMove(d):
                resetMove(d)
            case let .cancelAnswered(d, number):
                cancelResult(d, number, .online)
            case let .cancelTimedOut(d, number):
                cancelResult(d, number, .timedOut(requestReachedBackend: cancels[d]?.reachedBackend ?? false))
            case let .requestArrives(d, number):
                answer(d, number)
            case let .answerArrives(d, number, answer):
                deliverAnswer(d, number, answer)
            case let .requestTimedOut(d, number):
                deliverAnswer(d, number, .timedOut)
            case let .openAnswered(d, deadline):
                guard openSent[d] == deadline, case .connecting(deadline)? = app.devices[d].socket?.state else { break }
                openSent[d] = nil
                perform(.socketOpens(device: d))
            case .jobFrames:
                jobFramesScheduled = false
                jobFrames()
            case .backendTurn:
                backendTurnScheduled = false
                perform(.backendLoopTurn)
            case let .syncSent(d):
                if let arrival = send(from: DayInTheAppRun.node(ofDevice: d), to: DayInTheAppRun.cloudKit, message: "sync", request: true) {
                    simulation.schedule(at: arrival, .syncArrives(device: d))
                }
                simulation.schedule(after: configuration.syncIntervalNanoseconds, .syncSent(device: d))
            case let .syncArrives(d):
                perform(.sync(device: d))
            case let .connectivity(d, online):
                guard simulation.now < configuration.healAtNanoseconds else { break }
                perform(.connectivity(device: d, online: online))
            case .tick:
                if tickAt == simulation.now { tickAt = nil }
                perform(nil)
            case .heal:
                options = .calm
                simulation.digest.record("heal")
                for d in 0..<configuration.devices where !app.devices[d].online { perform(.connectivity(device: d, online: true)) }
            }
        }

        /// The reset's cancel request is answered, or times out: the first of the two counts.
        mutating func cancelResult(_ d: Int, _ number: Int, _ network: LibraryResetRun.Network) {
            guard cancels[d]?.number == number else { return }
            cancels[d] = nil
            perform(.cancelRequestAnswered(device: d, network))
            simulation.schedule(after: 0, .resetMove(device: d))
        }

        /// What a planned action sets going: an import's batches, a reset's next move, a resumed import.
        mutating func followUp(_ action: WholeAppAction) {
            switch action {
            case let .startImport(d, _, _):
                simulation.schedule(after: configuration.batchIntervalNanoseconds, .importBatch(device: d))
            case let .requestReset(d):
                simulation.schedule(after: 1_000 * FaultOptions.millisecond, .resetMove(device: d))
            case let .crashAndRelaunch(d):
                // The user offers the interrupted import's file again.
                simulation.schedule(after: 5_000 * FaultOptions.millisecond, .planned(.resumeImport(device: d)))
            case let .resumeImport(d) where app.devices[d].importsUnderWay > 0:
                simulation.schedule(after: configuration.batchIntervalNanoseconds, .importBatch(device: d))
            default:
                break
            }
        }

        /// The reset's next move: the user confirms, the cancel request goes out, the local steps run
        /// one after another, a failure is retried.
        mutating func resetMove(_ d: Int) {
            switch app.devices[d].reset.phase {
            case .confirming:
                perform(.confirmReset(device: d))
                simulation.schedule(after: 0, .resetMove(device: d))
            case .awaitingCancelResult:
                guard cancels[d] == nil else { break }
                cancelsNumbered += 1
                let number = cancelsNumbered
                let node = DayInTheAppRun.node(ofDevice: d)
                simulation.schedule(after: options.httpTimeoutNanoseconds, .cancelTimedOut(device: d, number: number))
                let arrival = app.devices[d].online ? send(from: node, to: DayInTheAppRun.backend, message: "cancel", request: true) : nil
                cancels[d] = (number, arrival != nil)
                if let arrival, let back = send(from: DayInTheAppRun.backend, to: node, message: "cancel_answer", request: true, at: arrival) {
                    simulation.schedule(at: back, .cancelAnswered(device: d, number: number))
                }
            case .running:
                perform(.resetStep(device: d))
                simulation.schedule(after: 0, .resetMove(device: d))
            case .failed:
                perform(.retryReset(device: d))
                simulation.schedule(after: 2_000 * FaultOptions.millisecond, .resetMove(device: d))
            case .idle, .succeeded:
                break
            }
        }

        /// The provider answers a request: a candidate, low confidence, 404, 503, or nothing.
        mutating func answer(_ d: Int, _ number: Int) {
            let roll = simulation.random.nextBounded(below: 100)
            let answer: WholeAppAction.EnrichmentAnswer
            switch roll {
            case 0..<80: answer = .match
            case 80..<88: answer = .lowConfidence
            case 88..<94: answer = .notFound
            case 94..<98: answer = .unavailable
            default: return
            }
            if let arrival = send(from: DayInTheAppRun.provider, to: DayInTheAppRun.node(ofDevice: d), message: "metadata_answer", request: true) {
                simulation.schedule(at: arrival, .answerArrives(device: d, number: number, answer))
            }
        }

        /// An answer or a timeout reaches the app: it answers the device's oldest request on the wire.
        mutating func deliverAnswer(_ d: Int, _ number: Int, _ answer: WholeAppAction.EnrichmentAnswer) {
            guard let index = requests[d].firstIndex(of: number) else { return }
            requests[d].remove(at: index)
            if let timeout = timeouts.removeValue(forKey: number) { _ = simulation.cancel(timeout) }
            perform(.enrichmentAnswer(device: d, answer))
        }

        /// Every second the backend sends each connected device its job's state; a device the network
        /// cuts off loses its connection.
        mutating func jobFrames() {
            for d in 0..<configuration.devices {
                guard case .connected? = app.devices[d].socket?.state else { continue }
                let node = DayInTheAppRun.node(ofDevice: d)
                if !app.devices[d].online || options.partitions.contains(where: { $0.cuts(from: DayInTheAppRun.backend, to: node, at: simulation.now) }) {
                    perform(.socketDrops(device: d))
                } else if let arrival = send(from: DayInTheAppRun.backend, to: node, message: "job_state") {
                    simulation.schedule(at: arrival, .planned(.jobStateArrives(device: d)))
                }
            }
        }

        // MARK: - The app and the network

        /// Brings the app's clock to now, performs the action (none: time passes alone), judges the
        /// invariants, and sends what the action put on the wire.
        mutating func perform(_ action: WholeAppAction?) {
            let elapsed = startMilliseconds + Int64(simulation.now / FaultOptions.millisecond) - app.now.epochMilliseconds
            if elapsed > 0 { app.perform(.timePasses(milliseconds: elapsed)) }
            if let action {
                if app.perform(action) == nil { performed += 1 } else { refused += 1 }
                simulation.digest.record("\(action)")
            }
            // Each feature's own invariants (O(library)) on the device the action touched; time passing
            // alone (a tick) is judged by the global invariants, the features at the device's next action.
            for violation in app.violations(checkingFeaturesOn: action.map(app.devicesTouched(by:)) ?? []) {
                let failure = ScenarioFailure(violation.property.rawValue, at: violation.actor, violation.message)
                if failureKeys.insert(failure.key).inserted { failures.append(failure) }
            }
            sendWhatIsDue()
        }

        /// The worker's new requests, the sockets' opens, and the backend's loop.
        mutating func sendWhatIsDue() {
            for d in 0..<configuration.devices {
                let device = app.devices[d]
                let node = DayInTheAppRun.node(ofDevice: d)
                if device.requestsOnTheWire < requests[d].count { requests[d] = Array(requests[d].suffix(device.requestsOnTheWire)) }
                while requests[d].count < device.requestsOnTheWire {
                    requestsNumbered += 1
                    let number = requestsNumbered
                    requests[d].append(number)
                    timeouts[number] = simulation.schedule(after: options.httpTimeoutNanoseconds, .requestTimedOut(device: d, number: number))
                    if device.online, let arrival = send(from: node, to: DayInTheAppRun.provider, message: "metadata_request", request: true) {
                        simulation.schedule(at: arrival, .requestArrives(device: d, number: number))
                    }
                }
                if case let .connecting(deadline)? = device.socket?.state, openSent[d] != deadline {
                    openSent[d] = deadline
                    if device.online, let arrival = send(from: node, to: DayInTheAppRun.backend, message: "open"),
                       let back = send(from: DayInTheAppRun.backend, to: node, message: "open_answer", at: arrival) {
                        simulation.schedule(at: back, .openAnswered(device: d, timesOutAt: deadline))
                    }
                }
            }
            if !backendTurnScheduled, app.backend.jobs.values.contains(where: { !$0.loopFinished && $0.status != .failed }) {
                backendTurnScheduled = true
                simulation.schedule(after: configuration.itemIntervalNanoseconds, .backendTurn)
            }
            if !jobFramesScheduled, app.devices.contains(where: { if case .connected? = $0.socket?.state { true } else { false } }) {
                jobFramesScheduled = true
                simulation.schedule(after: 1_000 * FaultOptions.millisecond, .jobFrames)
            }
            // Time passes to the next deadline the app has (a wake, a socket timer, an orphan's end),
            // not tick by tick.
            if let deadline = app.nextDeadline() {
                let due = UInt64(max(0, deadline.epochMilliseconds - startMilliseconds)) * FaultOptions.millisecond
                let at = max(due, simulation.now + FaultOptions.millisecond)
                if tickAt.map({ at < $0 }) ?? true {
                    tickAt = at
                    simulation.schedule(at: at, .tick)
                }
            }
        }

        /// Sends a frame over the link between two nodes at `time` (now by default); returns when it
        /// arrives, or `nil` when it is lost.
        mutating func send(from: NodeID, to: NodeID, message: String, request: Bool = false, at time: UInt64? = nil) -> UInt64? {
            let pair = Pair(from: from, to: to)
            var link = links[pair] ?? Link(from: from, to: to)
            var random = simulation.random
            let delivery = link.send(at: time ?? simulation.now, options: options, latency: request ? options.requestLatency : options.frameLatency, random: &random, message: message)
            simulation.random = random
            links[pair] = link
            return delivery.arrivals.first
        }
    }
}
