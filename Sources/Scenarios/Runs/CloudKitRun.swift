import Generators
import Simulator
import SpecModel

/// Two or more devices whose libraries sync through CloudKit with eventual consistency, and a Library
/// Reset on one of them (Seed: 000_…: a reset deletes the library on every device once sync converges;
/// issue 7, "CloudKit").
///
/// The model is CloudKit's private database as the app's SwiftData store mirrors it: every book is a
/// record with an identifier that is never reused; the server keeps, per record, its latest change and a
/// change sequence, deletions as tombstones. A device keeps its library and the changes it has not yet
/// pushed, in order; every sync interval it pushes them, then pulls the changes since its token. The
/// server applies a push in order: an upsert of a record it holds as deleted is refused (CloudKit's
/// "unknown item"), so a deletion wins over a concurrent edit; the device then drops its copy when it
/// pulls the tombstone. Frames between devices and the server cross `Link`s with the run's faults.
public enum CloudKitRun {
    /// CloudKit's server node; the devices are nodes 1 through `devices`.
    public static let server = NodeID(100)

    /// What a run does: the devices, the books they add, when device 0 resets, the sync pace and the faults.
    public struct Configuration: Hashable, Sendable {
        /// The number of devices syncing one library; at least 2.
        public var devices: Int
        /// Books each device adds before the reset, one every `addIntervalNanoseconds`.
        public var booksPerDevice: Int
        /// True time between two books a device adds (2 s by default); the devices' first adds are staggered.
        public var addIntervalNanoseconds: UInt64
        /// When device 0 resets its library.
        public var resetAtNanoseconds: UInt64
        /// Books each device adds after the reset (they must survive it); they should be added well before
        /// the heal, so the run ends with them synced.
        public var booksAfterReset: Int
        /// True time between two syncs of a device (15 s by default): a push of its changes, then a pull.
        public var syncIntervalNanoseconds: UInt64
        /// The faults on pushes, pulls and their answers until the heal.
        public var faults: FaultOptions
        /// When the faults end, in true time; from then on the network is calm.
        public var healAtNanoseconds: UInt64
        /// How long after the heal every device must agree with the server.
        public var convergenceBoundNanoseconds: UInt64
        /// The most events a run may take: a bound on everything.
        public var eventsMax: Int
        /// Whether to record a trace (`Result.trace`): one event per simulation event.
        public var recordsTrace = false
        /// The canary: the server keeps no tombstones, so a push that re-sends an edit of a book the
        /// reset deleted (its first answer lost) brings the book back. `false` runs the model.
        public var forgetsTombstones = false

        /// Creates a configuration; by default two devices of 20 books each, a reset at 60 s and a heal at 120 s.
        public init(
            devices: Int = 2, booksPerDevice: Int = 20, addIntervalNanoseconds: UInt64 = 2_000 * FaultOptions.millisecond,
            resetAtNanoseconds: UInt64 = 60_000 * FaultOptions.millisecond, booksAfterReset: Int = 0,
            syncIntervalNanoseconds: UInt64 = 15_000 * FaultOptions.millisecond, faults: FaultOptions = .calm,
            healAtNanoseconds: UInt64 = 120_000 * FaultOptions.millisecond, convergenceBoundNanoseconds: UInt64 = 120_000 * FaultOptions.millisecond,
            eventsMax: Int = 2_000_000
        ) {
            precondition(devices >= 2, "sync needs at least two devices")
            self.devices = devices
            self.booksPerDevice = booksPerDevice
            self.addIntervalNanoseconds = addIntervalNanoseconds
            self.resetAtNanoseconds = resetAtNanoseconds
            self.booksAfterReset = booksAfterReset
            self.syncIntervalNanoseconds = syncIntervalNanoseconds
            self.faults = faults
            self.healAtNanoseconds = healAtNanoseconds
            self.convergenceBoundNanoseconds = convergenceBoundNanoseconds
            self.eventsMax = eventsMax
        }
    }

    /// A change to one record.
    public enum Change: Hashable, Sendable {
        /// The record `id` now has title `title`, whether new or edited.
        case upsert(id: UInt64, title: String)
        /// The record `id` is deleted; the server keeps a tombstone.
        case delete(id: UInt64)

        var id: UInt64 {
            switch self {
            case let .upsert(id, _), let .delete(id): return id
            }
        }
    }

    /// The server's record: its latest state and the change sequence that set it.
    struct ServerRecord: Hashable, Sendable {
        var title: String?
        var sequence: UInt64
        var isDeleted: Bool { title == nil }
    }

    /// One device: its library, its unpushed changes, its server change token.
    public struct Device: Hashable, Sendable {
        /// The device's node.
        public let node: NodeID
        /// The device's copy of the library: each work's title by its raw identifier.
        public internal(set) var library: [UInt64: String] = [:]
        var pending: [Change] = []
        var token: UInt64 = 0
        var nextCounter: UInt64 = 1
        /// The push in flight (its answer not yet back), one at a time as CloudKit's operations queue:
        /// its number and when it was sent. A push unanswered for the HTTP timeout is sent again.
        var pushInFlight: (id: UInt64, count: Int, sentAt: UInt64)?
        var nextPushID: UInt64 = 1

        public static func == (lhs: Device, rhs: Device) -> Bool {
            lhs.node == rhs.node && lhs.library == rhs.library && lhs.pending == rhs.pending && lhs.token == rhs.token
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(node)
            hasher.combine(token)
        }
    }

    /// What a run did: each device's and the server's library at the end, and when they converged.
    public struct Result: Hashable, Sendable {
        /// The devices as the run left them.
        public var devices: [Device]
        /// The server's live records at the end.
        public var serverLibrary: [UInt64: String]
        /// The books device 0 held when it reset.
        public var booksAtReset: Set<UInt64>
        /// When every device last agreed with the server, if they did after the heal.
        public var convergedAtNanoseconds: UInt64?
        /// The digest of every event the run took, in order: equal for equal (seed, configuration).
        public var digest: TraceDigest
        /// The number of events the run took.
        public var eventsRun: Int
        /// The trace, when the configuration asked for one.
        public var trace: [SimulationTraceEvent] = []
        /// The frames the random faults hit, as a script that does the same to them (`Link.fates`).
        public var frameFates: [FaultOptions.ScriptedFrame] = []

        /// What the run broke: convergence, and a reset that leaves books it deleted anywhere.
        public func violations(of configuration: Configuration) -> [String] {
            failures(of: configuration).map(\.message)
        }

        /// The same as `violations(of:)`, each with its property's id and actor.
        public func failures(of configuration: Configuration) -> [ScenarioFailure] {
            var found: [ScenarioFailure] = []
            for device in devices where device.library != serverLibrary {
                found.append(ScenarioFailure("cloudkit.converges", at: "device\(device.node.rawValue - 1)", "\(device.node) holds \(device.library.count) books, the server \(serverLibrary.count): not converged"))
            }
            if convergedAtNanoseconds == nil { found.append(ScenarioFailure("cloudkit.convergence-bound", at: "run", "the devices did not converge within the bound after the heal")) }
            let survivors = booksAtReset.filter { id in serverLibrary[id] != nil || devices.contains { $0.library[id] != nil } }
            if !survivors.isEmpty { found.append(ScenarioFailure("cloudkit.reset-holds", at: "server", "\(survivors.count) books deleted by the reset are still in a library")) }
            return found
        }
    }

    enum Event: Hashable, Sendable {
        case addBook(device: Int)
        case reset
        case sync(device: Int)
        case pushArrives(device: Int, push: UInt64, changes: [Change])
        /// The push's changes are done; `refused` are upserts of records the server holds as deleted.
        case pushAnswered(device: Int, push: UInt64, refused: [UInt64])
        case pullArrives(device: Int, token: UInt64)
        case pullAnswered(device: Int, changes: [Change], token: UInt64)
        case heal
        case check
    }

    /// Runs the devices through the reset and CloudKit's syncs until the run's end or `eventsMax`
    /// events. A pure function of `seed` and `configuration`: the same pair gives an equal result, its
    /// `digest` included, on every machine. `Result.violations(of:)` judges the run.
    public static func run(seed: UInt64, _ configuration: Configuration) -> Result {
        var simulation = Simulation<Event>(seed: seed)
        var options = configuration.faults
        var devices = (0..<configuration.devices).map { Device(node: NodeID($0 + 1)) }
        var records: [UInt64: ServerRecord] = [:]
        let server = CloudKitRun.server
        var sequence: UInt64 = 0
        var links: [NodeID: (up: Link, down: Link)] = [:]
        for device in devices { links[device.node] = (Link(from: device.node, to: server), Link(from: server, to: device.node)) }
        var booksAtReset: Set<UInt64> = []
        var convergedAt: UInt64?
        var added = Array(repeating: 0, count: configuration.devices)

        for index in devices.indices {
            simulation.schedule(at: configuration.addIntervalNanoseconds * UInt64(index + 1) / UInt64(configuration.devices), .addBook(device: index))
            simulation.schedule(at: configuration.syncIntervalNanoseconds * UInt64(index + 1) / UInt64(configuration.devices), .sync(device: index))
        }
        simulation.schedule(at: configuration.resetAtNanoseconds, .reset)
        simulation.schedule(at: configuration.healAtNanoseconds, .heal)

        func send(_ event: Event, from sender: NodeID, to receiver: NodeID, simulation: inout Simulation<Event>) {
            let device = sender == server ? receiver : sender
            var random = simulation.random
            let delivery: Delivery
            if sender == server {
                delivery = links[device]!.down.send(at: simulation.now, options: options, latency: options.requestLatency, random: &random, message: Self.messageName(event))
            } else {
                delivery = links[device]!.up.send(at: simulation.now, options: options, latency: options.requestLatency, random: &random, message: Self.messageName(event))
            }
            simulation.random = random
            // A request or answer is delivered at most once: CloudKit's operations are idempotent by record,
            // but a duplicated answer must not be applied twice to a device's pending list.
            if let arrival = delivery.arrivals.first { simulation.schedule(at: arrival, event) }
        }

        let end = configuration.healAtNanoseconds + configuration.convergenceBoundNanoseconds
        var trace: [SimulationTraceEvent] = []
        running: while simulation.eventsRun < configuration.eventsMax, let event = simulation.next(notAfter: end) {
            simulation.digest.record(simulation.now)
            if configuration.recordsTrace { trace.append(Self.traceEvent(event, at: simulation.now)) }
            switch event {
            case let .addBook(index):
                let limit = simulation.now < configuration.resetAtNanoseconds ? configuration.booksPerDevice : configuration.booksPerDevice + configuration.booksAfterReset
                guard added[index] < limit else {
                    // The books before the reset are in; the ones after it start once it has happened.
                    if simulation.now < configuration.resetAtNanoseconds, configuration.booksAfterReset > 0 {
                        simulation.schedule(at: configuration.resetAtNanoseconds + configuration.addIntervalNanoseconds, .addBook(device: index))
                    }
                    break
                }
                if simulation.now >= configuration.resetAtNanoseconds, added[index] < configuration.booksPerDevice { added[index] = configuration.booksPerDevice }
                let id = UInt64(index + 1) << 32 | devices[index].nextCounter
                devices[index].nextCounter += 1
                let title = "Book \(id)"
                devices[index].library[id] = title
                devices[index].pending.append(.upsert(id: id, title: title))
                added[index] += 1
                simulation.digest.record(id)
                simulation.schedule(after: configuration.addIntervalNanoseconds, .addBook(device: index))
            case .reset:
                // Library Reset on device 0: every book it holds is deleted, and the deletions sync.
                booksAtReset = Set(devices[0].library.keys)
                for id in devices[0].library.keys.sorted() { devices[0].pending.append(.delete(id: id)) }
                devices[0].library = [:]
                simulation.digest.record("reset \(booksAtReset.count)")
            case let .sync(index):
                let node = devices[index].node
                if let inFlight = devices[index].pushInFlight, simulation.now - inFlight.sentAt >= options.httpTimeoutNanoseconds {
                    devices[index].pushInFlight = nil
                }
                if !devices[index].pending.isEmpty, devices[index].pushInFlight == nil {
                    let push = devices[index].nextPushID
                    devices[index].nextPushID += 1
                    devices[index].pushInFlight = (push, devices[index].pending.count, simulation.now)
                    send(.pushArrives(device: index, push: push, changes: devices[index].pending), from: node, to: server, simulation: &simulation)
                }
                send(.pullArrives(device: index, token: devices[index].token), from: node, to: server, simulation: &simulation)
                simulation.schedule(after: configuration.syncIntervalNanoseconds, .sync(device: index))
            case let .pushArrives(index, push, changes):
                // Idempotent: a push sent again after a lost answer changes nothing the first one did.
                var refused: [UInt64] = []
                for change in changes {
                    switch change {
                    case let .upsert(id, title):
                        if records[id]?.isDeleted == true, !configuration.forgetsTombstones {
                            refused.append(id)
                            continue
                        }
                        if records[id]?.title == title { continue }
                        sequence += 1
                        records[id] = ServerRecord(title: title, sequence: sequence)
                    case let .delete(id):
                        if records[id]?.isDeleted == true { continue }
                        sequence += 1
                        records[id] = ServerRecord(title: nil, sequence: sequence)
                    }
                }
                send(.pushAnswered(device: index, push: push, refused: refused), from: server, to: devices[index].node, simulation: &simulation)
            case let .pushAnswered(index, push, refused):
                // Only the answer to the push in flight counts; the pushed prefix is done, later changes stay.
                guard let inFlight = devices[index].pushInFlight, inFlight.id == push else { break }
                devices[index].pending.removeFirst(min(inFlight.count, devices[index].pending.count))
                devices[index].pushInFlight = nil
                // An edit of a record deleted elsewhere was refused: the deletion wins here too.
                let stillPending = Set(devices[index].pending.map(\.id))
                for id in refused where !stillPending.contains(id) { devices[index].library[id] = nil }
            case let .pullArrives(index, token):
                let changes = records.filter { $0.value.sequence > token }.sorted { $0.value.sequence < $1.value.sequence }.map { entry -> Change in
                    entry.value.title.map { .upsert(id: entry.key, title: $0) } ?? .delete(id: entry.key)
                }
                send(.pullAnswered(device: index, changes: changes, token: sequence), from: server, to: devices[index].node, simulation: &simulation)
            case let .pullAnswered(index, changes, token):
                guard token > devices[index].token else { break }
                let pendingIDs = Set(devices[index].pending.map(\.id))
                for change in changes where !pendingIDs.contains(change.id) {
                    switch change {
                    case let .upsert(id, title): devices[index].library[id] = title
                    case let .delete(id): devices[index].library[id] = nil
                    }
                }
                devices[index].token = token
            case .heal:
                options = .calm
                simulation.digest.record("heal")
                simulation.schedule(after: 1_000 * FaultOptions.millisecond, .check)
            case .check:
                let live = records.compactMapValues(\.title)
                if devices.allSatisfy({ $0.library == live && $0.pending.isEmpty }) {
                    // Converged after the heal, on a calm network: nothing is left to change (pushes are
                    // idempotent and the server refuses edits of deleted books), so the run ends here.
                    convergedAt = simulation.now
                    break running
                } else {
                    convergedAt = nil
                    simulation.schedule(after: 1_000 * FaultOptions.millisecond, .check)
                }
            }
        }
        return Result(
            devices: devices, serverLibrary: records.compactMapValues(\.title), booksAtReset: booksAtReset,
            convergedAtNanoseconds: convergedAt, digest: simulation.digest, eventsRun: simulation.eventsRun, trace: trace,
            frameFates: links.values.flatMap { $0.up.fates + $0.down.fates }.sorted()
        )
    }

    /// The message type of a request or answer, for frame scripts.
    static func messageName(_ event: Event) -> String {
        switch event {
        case .pushArrives: return "push"
        case .pushAnswered: return "push_answer"
        case .pullArrives: return "pull"
        case .pullAnswered: return "pull_answer"
        default: return "other"
        }
    }

    static func traceEvent(_ event: Event, at time: UInt64) -> SimulationTraceEvent {
        let node: String
        let name: String
        switch event {
        case let .addBook(device): (node, name) = ("device \(device)", "book.added")
        case .reset: (node, name) = ("device 0", "library.reset")
        case let .sync(device): (node, name) = ("device \(device)", "sync")
        case let .pushArrives(device, _, changes): (node, name) = ("server", "push.from.device.\(device) (\(changes.count) changes)")
        case let .pushAnswered(device, _, _): (node, name) = ("device \(device)", "push.answered")
        case let .pullArrives(device, _): (node, name) = ("server", "pull.from.device.\(device)")
        case let .pullAnswered(device, changes, _): (node, name) = ("device \(device)", "pull.answered (\(changes.count) changes)")
        case .heal: (node, name) = ("network", "faults.healed")
        case .check: (node, name) = ("network", "convergence.check")
        }
        return SimulationTraceEvent(timeNanoseconds: time, node: node, name: name)
    }
}
