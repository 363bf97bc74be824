import SpecModel

/// One step of a program the enrichment queue suite runs on a queue and on the model beside it.
enum QueueCommand: Hashable, Sendable, CustomStringConvertible {
    /// Inserts (and saves) a new work, numbered in insertion order.
    case insert
    /// Deletes the `n`-th live work that is not in flight (modulo their number).
    case delete(Int)
    /// Adds the `n`-th live work (modulo their number).
    case add(Int)
    /// Adds these live works (each index modulo their number), repeats and all.
    case addMultiple([Int])
    case startNext
    case finish
    /// Follows job `n` of `QueueCommand.jobIds`.
    case setJob(Int)
    case jobEnded(Int, EnrichmentQueue.JobEnd)
    case clearAll

    /// The job IDs programs use: the seed's and another.
    static let jobIds = ["550e8400-e29b-41d4-a716-446655440000", "6ba7b810-9dad-41d1-80b4-00c04fd430c8"]
    static let jobNames = ["job A", "job B"]

    var description: String {
        switch self {
        case .insert: return "insert"
        case let .delete(n): return "delete(live \(n))"
        case let .add(n): return "add(live \(n))"
        case let .addMultiple(list): return "addMultiple(live \(list))"
        case .startNext: return "startNext"
        case .finish: return "finishInFlight"
        case let .setJob(n): return "setCurrentJobId(\(Self.jobNames[n]))"
        case let .jobEnded(n, end): return "jobEnded(\(Self.jobNames[n]), .\(end))"
        case .clearAll: return "clearAll"
        }
    }
}

/// Runs commands on one queue and writes each step in terms any two queues share: works numbered in
/// insertion order, the live pending works, the work in flight and the job followed.
struct QueueTracer<Queue: EnrichmentQueueing> {
    var queue: Queue
    var works: [Queue.WorkID] = []
    var live: [Bool] = []
    /// What each command returned, rendered: `#2`, `true`, `3`, `nil`, or `-` for none.
    var returns: [String] = []
    /// The works (by number, from 0) the last `add` or `addMultiple` passed, in the order passed.
    var lastPassed: [Int] = []

    init(_ queue: Queue) {
        self.queue = queue
    }

    var liveNumbers: [Int] { live.indices.filter { live[$0] } }

    func name(_ work: Queue.WorkID?) -> String {
        guard let work else { return "nil" }
        guard let number = works.firstIndex(of: work) else { return "a work never inserted" }
        return "#\(number + 1)" + (live[number] ? "" : " (deleted)")
    }

    func pick(_ n: Int, from numbers: [Int]) -> Int? {
        numbers.isEmpty ? nil : numbers[n % numbers.count]
    }

    mutating func step(_ command: QueueCommand) throws -> String {
        var answer = "-"
        switch command {
        case .insert:
            let id = try queue.insertWork(title: "Book \(works.count + 1)")
            works.append(id)
            live.append(true)
            answer = "#\(works.count)"
        case let .delete(n):
            let inFlight = queue.inFlight.flatMap { works.firstIndex(of: $0) }
            if let number = pick(n, from: liveNumbers.filter { $0 != inFlight }) {
                try queue.deleteWork(works[number])
                live[number] = false
                answer = "deleted #\(number + 1)"
            } else {
                answer = "nothing to delete"
            }
        case let .add(n):
            if let number = pick(n, from: liveNumbers) {
                lastPassed = [number]
                answer = "\(queue.add(works[number]))"
            } else {
                lastPassed = []
                answer = "nothing to add"
            }
        case let .addMultiple(list):
            let numbers = liveNumbers
            lastPassed = numbers.isEmpty ? [] : list.map { numbers[$0 % numbers.count] }
            answer = "\(queue.addMultiple(lastPassed.map { works[$0] }))"
        case .startNext:
            answer = name(queue.startNext())
        case .finish:
            queue.finishInFlight()
        case let .setJob(n):
            queue.setCurrentJobId(QueueCommand.jobIds[n])
        case let .jobEnded(n, end):
            queue.jobEnded(QueueCommand.jobIds[n], end)
        case .clearAll:
            queue.clearAll()
        }
        returns.append(answer)
        return "\(answer); " + state
    }

    /// The live pending works (by number, from 0), oldest first.
    var pendingLive: [Int] {
        queue.pending.compactMap { works.firstIndex(of: $0) }.filter { live[$0] }
    }

    /// The work in flight, by number (from 0), if the queue names one it was given.
    var inFlightNumber: Int? {
        queue.inFlight.flatMap { works.firstIndex(of: $0) }
    }

    /// The live pending works, the work in flight and the job followed.
    var state: String {
        let pending = queue.pending.compactMap { works.firstIndex(of: $0) }.filter { live[$0] }.map { "#\($0 + 1)" }
        let job = queue.currentJobId.map { id in QueueCommand.jobIds.firstIndex(of: id).map { QueueCommand.jobNames[$0] } ?? String(reflecting: id) } ?? "nil"
        return "pending [\(pending.joined(separator: ", "))]; in flight \(name(queue.inFlight)); following \(job)"
    }
}

/// Runs a program on a queue and on the model, comparing every step.
struct QueueRun<Queue: EnrichmentQueueing> {
    var implementation: QueueTracer<Queue>
    var model = QueueTracer(ModelEnrichmentQueue())
    var lockstep = Lockstep<QueueCommand>()

    init(_ queue: Queue) {
        implementation = QueueTracer(queue)
    }

    var question: String { lockstep.question }

    mutating func step(_ command: QueueCommand) throws {
        try lockstep.step(command, model: { try model.step(command) }, implementation: { try implementation.step(command) })
    }

    static func compare(_ program: [QueueCommand], on queue: Queue) throws {
        var run = QueueRun(queue)
        for command in program { try run.step(command) }
    }
}

/// A queue program with what its commands return and where the queue ends, in the rule's own words:
/// the program runs on the queue alone and only the expectations given are checked.
struct QueueExample: Sendable, CustomStringConvertible {
    let commands: [QueueCommand]
    /// Each command's answer as `QueueTracer.returns` renders it; `*` accepts any answer.
    let returns: [String]
    /// The live pending works at the end, by number (1-based), oldest first; `nil`: not checked.
    let pending: [Int]?
    /// The work in flight at the end (1-based), `.some(nil)` for none; `nil`: not checked.
    let inFlight: Int??
    /// The job followed at the end, by index into `QueueCommand.jobIds`, `.some(nil)` for none;
    /// `nil`: not checked.
    let job: Int??

    /// Nothing in flight, or no job followed.
    static let none: Int?? = .some(nil)

    init(_ commands: [QueueCommand], returns: [String], pending: [Int]? = nil, inFlight: Int?? = nil, job: Int?? = nil) {
        precondition(commands.count == returns.count, "an example gives one answer per command")
        self.commands = commands
        self.returns = returns
        self.pending = pending
        self.inFlight = inFlight
        self.job = job
    }

    var description: String {
        commands.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
    }

    func check<Queue: EnrichmentQueueing>(on queue: Queue) throws {
        var tracer = QueueTracer(queue)
        for command in commands { _ = try tracer.step(command) }
        let shown = zip(tracer.returns, returns).map { $1 == "*" ? "*" : $0 }
        try ensureSame(shown, returns, "what the commands of \(description) return (* any)", show: { $0.joined(separator: ", ") })
        if let pending {
            try ensureSame(tracer.pendingLive.map { $0 + 1 }, pending, "the live pending works after \(description)", show: { "[" + $0.map { "#\($0)" }.joined(separator: ", ") + "]" })
        }
        if let inFlight {
            try ensureSame(tracer.inFlightNumber.map { $0 + 1 }, inFlight, "the work in flight after \(description)", show: { $0.map { "#\($0)" } ?? "none" })
        }
        if let job {
            let name = tracer.queue.currentJobId.map { id in QueueCommand.jobIds.firstIndex(of: id).map { QueueCommand.jobNames[$0] } ?? String(reflecting: id) } ?? "nil"
            try ensureSame(name, job.map { QueueCommand.jobNames[$0] } ?? "nil", "the job followed after \(description)", show: { $0 })
        }
    }
}

/// A law over a generated program, checked at each command on the queue alone.
struct QueueLaw {
    /// The queue just before a command: live pending works and the work in flight, by number.
    struct Before {
        let pending: [Int]
        let inFlight: Int?
    }

    /// Runs `program` on the queue; after each command `body` gets the command, the queue before
    /// it, the tracer after it, and the program so far for messages.
    static func check<Queue: EnrichmentQueueing>(
        _ program: [QueueCommand], on queue: Queue,
        _ body: (QueueCommand, Before, QueueTracer<Queue>, String) throws -> Void
    ) throws {
        var tracer = QueueTracer(queue)
        for (index, command) in program.enumerated() {
            let before = Before(pending: tracer.pendingLive, inFlight: tracer.inFlightNumber)
            _ = try tracer.step(command)
            let asked = program.prefix(index + 1).enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
            try body(command, before, tracer, asked)
        }
    }

    static func names(_ numbers: [Int]) -> String { "[" + numbers.map { "#\($0 + 1)" }.joined(separator: ", ") + "]" }

    /// The works of a batch that were neither pending nor in flight, first occurrences, in order.
    static func fresh(_ passed: [Int], _ before: Before) -> [Int] {
        var fresh: [Int] = []
        for work in passed where !before.pending.contains(work) && before.inFlight != work && !fresh.contains(work) {
            fresh.append(work)
        }
        return fresh
    }

    /// QUEUE-02: every work of a batch that was neither pending nor in flight is pending after it,
    /// the batch's order kept among them.
    static func batchQueued<Queue: EnrichmentQueueing>(_ command: QueueCommand, _ before: Before, _ after: QueueTracer<Queue>, _ asked: String) throws {
        guard case .addMultiple = command else { return }
        let fresh = fresh(after.lastPassed, before)
        let queued = after.pendingLive.filter(fresh.contains)
        var firsts: [Int] = []
        for work in queued where !firsts.contains(work) { firsts.append(work) }
        try ensure(Set(firsts) == Set(fresh), "addMultiple left a new work out of the queue", question: asked,
            model: "\(names(fresh)) queued", implementation: "pending \(names(after.pendingLive))", kind: "a new work not queued")
        try ensure(firsts == fresh, "addMultiple did not keep the batch's order", question: asked,
            model: "\(names(fresh)) in this order", implementation: "pending \(names(after.pendingLive))", kind: "the batch's order not kept")
    }

    /// QUEUE-01 and QUEUE-08 (D-153): a work is pending at most once and never while in flight;
    /// `add` says whether it queued, `addMultiple` how many.
    static func eachWorkOnce<Queue: EnrichmentQueueing>(_ command: QueueCommand, _ before: Before, _ after: QueueTracer<Queue>, _ asked: String) throws {
        switch command {
        case .add:
            guard let work = after.lastPassed.first else { return }
            let fresh = fresh([work], before)
            try ensureSame(after.pendingLive, before.pending + fresh, "the live pending works after \(asked)", show: names, kind: "a work queued twice or not at the back")
            try ensureSame(after.returns.last, "\(!fresh.isEmpty)", "what add answered at the end of \(asked)", show: { $0 ?? "nothing" }, kind: "add's answer")
        case .addMultiple:
            let fresh = fresh(after.lastPassed, before)
            try ensureSame(after.pendingLive, before.pending + fresh, "the live pending works after \(asked)", show: names, kind: "a work queued twice or not at the back")
            try ensureSame(after.returns.last, "\(fresh.count)", "what addMultiple answered at the end of \(asked)", show: { $0 ?? "nothing" }, kind: "addMultiple's count")
        default:
            return
        }
    }

    /// QUEUE-03: `startNext` takes the oldest pending work, and nothing while a work is in flight.
    static func oldestFirst<Queue: EnrichmentQueueing>(_ command: QueueCommand, _ before: Before, _ after: QueueTracer<Queue>, _ asked: String) throws {
        guard command == .startNext else { return }
        let expected = before.inFlight == nil ? before.pending.first : nil
        let answer = after.returns.last ?? "nothing"
        try ensureSame(answer, expected.map { "#\($0 + 1)" } ?? "nil", "what startNext answered at the end of \(asked)", show: { $0 },
            kind: before.inFlight == nil ? "not the oldest pending work" : "started while a work was in flight")
        try ensureSame(after.inFlightNumber, before.inFlight ?? expected, "the work in flight after \(asked)", show: { $0.map { "#\($0 + 1)" } ?? "none" }, kind: "the work in flight")
    }

    /// QUEUE-04: `startNext` never starts a deleted work, and passes over deleted works to a live one.
    static func deletedNeverStarted<Queue: EnrichmentQueueing>(_ command: QueueCommand, _ before: Before, _ after: QueueTracer<Queue>, _ asked: String) throws {
        guard command == .startNext else { return }
        let answer = after.returns.last ?? "nothing"
        try ensure(!answer.contains("deleted") && answer != "a work never inserted", "startNext started a deleted work", question: asked,
            model: "a live work or nil", implementation: answer, kind: "a deleted work started")
        if answer == "nil", before.inFlight == nil {
            try ensure(before.pending.isEmpty, "startNext started nothing while a live work was pending", question: asked,
                model: "#\((before.pending.first ?? 0) + 1)", implementation: "nil", kind: "a live work passed over")
        }
    }
}

/// Programs that exercise a rule: those with the command it is about.
extension QueuePrograms {
    static func has(_ program: [QueueCommand], _ matches: (QueueCommand) -> Bool) -> Bool {
        program.contains(where: matches)
    }
}
