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
                answer = "\(queue.add(works[number]))"
            } else {
                answer = "nothing to add"
            }
        case let .addMultiple(list):
            let numbers = liveNumbers
            answer = "\(queue.addMultiple(numbers.isEmpty ? [] : list.map { works[numbers[$0 % numbers.count]] }))"
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

/// A queue program with what its commands return and where the queue ends, in the suite's words.
struct QueueExample: Sendable, CustomStringConvertible {
    let commands: [QueueCommand]
    /// Each command's answer as `QueueTracer.returns` renders it.
    let returns: [String]
    /// The live pending works at the end, by number (1-based), oldest first.
    let pending: [Int]
    let inFlight: Int?
    /// The job followed at the end, by index into `QueueCommand.jobIds`.
    let job: Int?

    init(_ commands: [QueueCommand], returns: [String], pending: [Int], inFlight: Int? = nil, job: Int? = nil) {
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
        var run = QueueRun(queue)
        for command in commands { try run.step(command) }
        let tracer = run.implementation
        try ensureSame(tracer.returns, returns, "what the commands of \(description) return", show: { $0.joined(separator: ", ") })
        let expectedState = "pending [\(pending.map { "#\($0)" }.joined(separator: ", "))]; in flight \(inFlight.map { "#\($0)" } ?? "nil"); following \(job.map { QueueCommand.jobNames[$0] } ?? "nil")"
        try ensureSame(tracer.state, expectedState, "the queue after \(description)", show: { $0 })
    }
}
