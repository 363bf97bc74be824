import Generators
import Simulator
import SpecTesting
import Testing

/// The simulator's event queue against a model: a list of pending events that is searched for the
/// earliest (deadline, sequence) on every pop. Checked with the stateful engine, so any sequence of
/// schedules, cancellations and pops is covered and a failure shrinks to a minimal program.
@Suite struct EventQueueTests {
    @Test func queueAgreesWithASortedListModel() {
        stateMachine(
            EventQueueSpecification<EventQueue<UInt64>>(),
            cases: 300,
            coverage: [
                CoverageRequirement("cancels a pending event", atLeastPercent: 20),
                CoverageRequirement("ties on a deadline", atLeastPercent: 20),
            ],
            labels: EventQueueSpecification<EventQueue<UInt64>>.labels
        )
    }

    /// The canary: a queue that breaks deadline ties the wrong way must be caught, and the failing
    /// program must shrink to the three commands that show the bug. If this passes silently, the
    /// stateful harness has gone blind.
    @Test func aQueueThatBreaksTiesBackwardsIsCaughtWithAMinimalProgram() throws {
        let specification = EventQueueSpecification<BackwardTiesQueue>()
        let report = checkProperty(specification.programs, settings: PropertySettings(name: "canary", cases: 300)) { program in
            try specification.execute(program)
        }
        let failure = try #require(report.failure)
        #expect(failure.shrunk == "1. schedule(at: 0)\n2. schedule(at: 0)\n3. popNext()")
        #expect(failure.message.hasPrefix("step 3 (popNext()) failed: popNext() returned (0, #1), the model expected (0, #0)"))
        #expect(failure.shrink?.stop == .converged)
    }

    @Test func equalDeadlinesRunInSchedulingOrder() {
        var queue = EventQueue<String>()
        queue.schedule(at: 5, "first")
        queue.schedule(at: 1, "early")
        queue.schedule(at: 5, "second")
        let order = (0..<4).map { _ in queue.popNext()?.payload }
        #expect(order == ["early", "first", "second", nil])
    }

    @Test func cancelingTwiceIsHarmlessAndSaysSo() {
        var queue = EventQueue<Int>()
        let id = queue.schedule(at: 3, 1)
        let first = queue.cancel(id)
        let second = queue.cancel(id)
        #expect(first)
        #expect(!second)
        let next = queue.popNext()
        #expect(queue.isEmpty)
        #expect(next == nil)
    }
}

/// Commands on the event queue; `cancel` names a pending event by its position among the pending
/// ones, so shrinking a program keeps every cancellation meaningful.
enum EventQueueCommand: Sendable, CustomStringConvertible {
    case schedule(deadline: UInt64)
    case cancel(pendingIndex: Int)
    case pop

    var description: String {
        switch self {
        case let .schedule(deadline): return "schedule(at: \(deadline))"
        case let .cancel(index): return "cancel(pending #\(index))"
        case .pop: return "popNext()"
        }
    }
}

/// The model: pending events as (deadline, sequence), plus how many were ever scheduled.
struct EventQueueModel: Sendable {
    var pending: [(deadline: UInt64, sequence: UInt64)] = []
    var scheduled: UInt64 = 0

    var next: (deadline: UInt64, sequence: UInt64)? {
        pending.min { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.sequence < $1.sequence }
    }
}

/// The system: a queue and the identifiers of its pending events, in scheduling order.
struct EventQueueSystem<Queue: EventQueueLike> {
    var queue = Queue()
    var ids: [Queue.ID] = []
    /// Membership only (never iterated): which scheduled events were canceled or popped.
    var canceled: Set<UInt64> = []
    var popped: Set<UInt64> = []
}

/// What the specification needs of a queue, so the canary can stand in for the real one.
protocol EventQueueLike {
    associatedtype ID
    init()
    mutating func scheduleSequence(at deadline: UInt64, _ sequence: UInt64) -> ID
    mutating func cancel(_ id: ID) -> Bool
    mutating func popNextSequence() -> (deadline: UInt64, sequence: UInt64)?
    var count: Int { get }
    func checkInvariants() throws
}

extension EventQueue: EventQueueLike where Payload == UInt64 {
    typealias ID = EventID

    mutating func scheduleSequence(at deadline: UInt64, _ sequence: UInt64) -> EventID {
        schedule(at: deadline, sequence)
    }

    mutating func popNextSequence() -> (deadline: UInt64, sequence: UInt64)? {
        popNext().map { ($0.deadlineNanoseconds, $0.payload) }
    }

    func checkInvariants() throws { try _checkInvariants() }
}

struct EventQueueSpecification<Queue: EventQueueLike>: StateMachineSpecification {
    typealias Model = EventQueueModel
    typealias System = EventQueueSystem<Queue>
    typealias Command = EventQueueCommand
    typealias Response = (deadline: UInt64, sequence: UInt64)?

    init() {}

    func initialModel() -> Model { Model() }

    func makeSystem() -> System { System() }

    func commands(for model: Model) -> Gen<Command> {
        // Deadlines come from a small range so that ties are common.
        var choices: [(weight: Int, generator: Gen<Command>)] = [
            (4, Gen.integer(in: UInt64(0)...20).map { Command.schedule(deadline: $0) }),
        ]
        if !model.pending.isEmpty {
            choices.append((2, Gen.constant(Command.pop)))
            choices.append((1, Gen.int(in: 0...(model.pending.count - 1)).map { Command.cancel(pendingIndex: $0) }))
        }
        return Gen.frequency(choices)
    }

    func precondition(_ command: Command, in model: Model) -> Bool {
        if case let .cancel(index) = command { return index < model.pending.count }
        return true
    }

    func nextModel(after command: Command, from model: Model) -> Model {
        var model = model
        switch command {
        case let .schedule(deadline):
            model.pending.append((deadline, model.scheduled))
            model.scheduled += 1
        case let .cancel(index):
            model.pending.remove(at: index)
        case .pop:
            if let next = model.next, let index = model.pending.firstIndex(where: { $0.sequence == next.sequence }) {
                model.pending.remove(at: index)
            }
        }
        return model
    }

    func run(_ command: Command, on system: inout System) throws -> Response {
        switch command {
        case let .schedule(deadline):
            let sequence = UInt64(system.ids.count)
            system.ids.append(system.queue.scheduleSequence(at: deadline, sequence))
            return nil
        case let .cancel(index):
            // The model's pending list is in scheduling order; map the index to that event's id.
            let pendingSequences = system.pendingSequences()
            let sequence = pendingSequences[index]
            try require(system.queue.cancel(system.ids[Int(sequence)]), "cancel of pending event \(sequence) returned false")
            system.canceled.insert(sequence)
            return nil
        case .pop:
            let popped = system.queue.popNextSequence()
            if let popped { system.popped.insert(popped.sequence) }
            return popped
        }
    }

    func postcondition(_ command: Command, response: Response, modelBefore: Model, modelAfter: Model) throws {
        guard case .pop = command else { return }
        let expected = modelBefore.next
        try require(
            response?.deadline == expected?.deadline && response?.sequence == expected?.sequence,
            "popNext() returned \(response.map { "(\($0.deadline), #\($0.sequence))" } ?? "nil"), the model expected \(expected.map { "(\($0.deadline), #\($0.sequence))" } ?? "nil")"
        )
    }

    func invariant(of system: System, model: Model) throws {
        try requireEqual(system.queue.count, model.pending.count, "pending count")
        try system.queue.checkInvariants()
    }

    static func labels(_ program: StateMachineProgram<Command>) -> [String] {
        var labels: [String] = []
        if program.commands.contains(where: { if case .cancel = $0 { return true } else { return false } }) {
            labels.append("cancels a pending event")
        }
        var deadlines: [UInt64] = []
        for case let .schedule(deadline) in program.commands { deadlines.append(deadline) }
        if Set(deadlines).count < deadlines.count { labels.append("ties on a deadline") }
        return labels
    }
}

extension EventQueueSystem {
    /// The sequences still pending, in scheduling order (tracked by the test, not the queue).
    func pendingSequences() -> [UInt64] {
        (0..<UInt64(ids.count)).filter { !canceled.contains($0) && !popped.contains($0) }
    }
}

/// A deliberately wrong queue: among equal deadlines it pops the most recently scheduled event.
struct BackwardTiesQueue: EventQueueLike {
    var entries: [(deadline: UInt64, sequence: UInt64, live: Bool)] = []

    mutating func scheduleSequence(at deadline: UInt64, _ sequence: UInt64) -> Int {
        entries.append((deadline, sequence, true))
        return entries.count - 1
    }

    mutating func cancel(_ id: Int) -> Bool {
        guard entries[id].live else { return false }
        entries[id].live = false
        return true
    }

    mutating func popNextSequence() -> (deadline: UInt64, sequence: UInt64)? {
        let live = entries.indices.filter { entries[$0].live }
        guard let best = live.min(by: { entries[$0].deadline != entries[$1].deadline ? entries[$0].deadline < entries[$1].deadline : entries[$0].sequence > entries[$1].sequence }) else { return nil }
        entries[best].live = false
        return (entries[best].deadline, entries[best].sequence)
    }

    var count: Int { entries.filter(\.live).count }

    func checkInvariants() throws {}
}
