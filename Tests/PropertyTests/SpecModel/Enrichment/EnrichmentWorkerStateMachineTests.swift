import Generators
import SpecModel
import SpecTesting
import Testing

/// The enrichment worker under any interleaving of imports, time, backend answers, connectivity
/// changes, deletions and crashes, against a simple model and the seed's rules checked on what the
/// harness saw (Seed: 004_…, "Background Enrichment Queue", "Error Handling", User Story 3 and
/// "App restart mid-enrichment → Queue persists and resumes").
@Suite struct EnrichmentWorkerStateMachineTests {
    /// After every step: one request at most in flight, none offline; retries at most four, each at
    /// its exact delay from the failure; a 404 never retried; a deleted work never recreated, updated
    /// or asked about; requests at least 600 ms apart across crashes; every work added in exactly one
    /// of enriched, failed, needing review, deleted or still queued; and after every crash, everything
    /// queued ends enriched, exactly once, when the backend answers.
    @Test func theWorkerKeepsTheSeedsRulesUnderAnyInterleaving() {
        stateMachine(
            EnrichmentWorkerSpecification<EnrichmentWorker>(),
            cases: 300,
            coverage: [
                // Floors at about half the lowest share observed over the default seed and
                // PROPERTY_SEED=1 to 5 (13-21, 10-16, 36-44, 26-32, 27-33, 29-32, 36-45 and 19-24%).
                CoverageRequirement("retry chain to failure", atLeastPercent: 6),
                CoverageRequirement("offline during a retry wait", atLeastPercent: 4),
                CoverageRequirement("restart during a request", atLeastPercent: 15),
                CoverageRequirement("deletion during a request", atLeastPercent: 12),
                CoverageRequirement("404 failed", atLeastPercent: 12),
                CoverageRequirement("candidates kept for review", atLeastPercent: 12),
                CoverageRequirement("request abandoned offline", atLeastPercent: 15),
                CoverageRequirement("late answer ignored", atLeastPercent: 8),
            ],
            labels: EnrichmentWorkerSpecification<EnrichmentWorker>.labels
        )
    }

    /// The canary: a worker that retries a 404 as if it were a server error must be caught, with the
    /// two commands that show it. If this passes silently, the specification has gone blind.
    @Test func aWorkerThatRetriesANotFoundIsCaughtWithAMinimalProgram() throws {
        let specification = EnrichmentWorkerSpecification<RetriesNotFoundWorker>()
        let report = checkProperty(specification.programs, settings: PropertySettings(name: "enrichment worker canary", cases: 300)) { program in
            try specification.execute(program)
        }
        let failure = try #require(report.failure)
        #expect(failure.shrunk == "1. add(works: 1)\n2. answer(404)")
        #expect(failure.message == "step 2 (answer(404)) failed: the worker did [retry w0 a2 @1000, wake @1000], the model expected [failed w0: Not found]")
        #expect(failure.shrink?.stop == .converged)
    }
}

// MARK: - The worker under test

/// What the specification needs of a worker, so the canary can stand in for the real one.
protocol EnrichmentWorkerUnderTest: Sendable {
    static func make() -> Self
    mutating func handle(_ event: EnrichmentWorker.Event, at now: Timestamp, _ app: inout AppState) -> EnrichmentWorker.Step
    func relaunched() -> Self
    func checkInvariants(_ app: AppState) throws
}

extension EnrichmentWorker: EnrichmentWorkerUnderTest {
    static func make() -> EnrichmentWorker { EnrichmentWorker() }
    func checkInvariants(_ app: AppState) throws { try _checkInvariants(app) }
}

/// A deliberately wrong worker: it takes HTTP 404 for a transient server error, so it retries it.
struct RetriesNotFoundWorker: EnrichmentWorkerUnderTest {
    var base = EnrichmentWorker()

    static func make() -> RetriesNotFoundWorker { RetriesNotFoundWorker() }

    mutating func handle(_ event: EnrichmentWorker.Event, at now: Timestamp, _ app: inout AppState) -> EnrichmentWorker.Step {
        if case let .metadataResult(id, .httpError(404)) = event {
            return base.handle(.metadataResult(requestID: id, .httpError(status: 503)), at: now, &app)
        }
        return base.handle(event, at: now, &app)
    }

    func relaunched() -> RetriesNotFoundWorker { RetriesNotFoundWorker(base: base.relaunched()) }
    func checkInvariants(_ app: AppState) throws { try base._checkInvariants(app) }
}

// MARK: - Commands

/// What the backend answers, in the specification's terms.
enum EnrichmentAnswer: Hashable, Sendable, CustomStringConvertible {
    case match
    /// This many candidates, all below the threshold.
    case lowConfidence(candidates: Int)
    case notFound
    case timeout
    case serverError(status: Int)

    var outcome: EnrichmentFetchOutcome {
        switch self {
        case .match:
            return .candidates([EnrichmentCandidate(confidencePercent: 95, title: "Match", coverURL: "https://covers.example/match.jpg", publicationYear: 2001, isbn13: "9780000000002")])
        case let .lowConfidence(count):
            return .candidates((0..<count).map { EnrichmentCandidate(confidencePercent: 30 + 10 * $0, title: "Candidate \($0)") })
        case .notFound: return .httpError(status: 404)
        case .timeout: return .timedOut
        case let .serverError(status): return .httpError(status: status)
        }
    }

    var isTransient: Bool {
        switch self {
        case .timeout, .serverError: return true
        case .match, .lowConfidence, .notFound: return false
        }
    }

    var description: String {
        switch self {
        case .match: return "match"
        case let .lowConfidence(count): return "low confidence ×\(count)"
        case .notFound: return "404"
        case .timeout: return "timeout"
        case let .serverError(status): return "HTTP \(status)"
        }
    }
}

enum EnrichmentWorkerCommand: Hashable, Sendable, CustomStringConvertible {
    /// Import this many new works (saved) and queue them.
    case add(works: Int)
    /// Let time pass; the timer fires at its own instant on the way.
    case advance(milliseconds: Int64)
    /// Let time pass exactly to the timer; nothing happens if none is set (generated only when one
    /// is, but always valid, so that shrinking can delete what set it).
    case advanceToWake
    /// The backend answers the request the worker waits for.
    case answer(EnrichmentAnswer)
    /// The answer to the request abandoned when connectivity dropped arrives after all.
    case lateAnswer(EnrichmentAnswer)
    case connectivity(online: Bool)
    /// The user deletes work `n` (the n-th added), and the deletion is saved.
    case delete(work: Int)
    /// The app crashes and is launched again this much later.
    case restart(downMilliseconds: Int64)

    var description: String {
        switch self {
        case let .add(count): return "add(works: \(count))"
        case let .advance(milliseconds): return "advance(\(milliseconds) ms)"
        case .advanceToWake: return "advanceToWake"
        case let .answer(answer): return "answer(\(answer))"
        case let .lateAnswer(answer): return "lateAnswer(\(answer))"
        case let .connectivity(online): return "connectivity(online: \(online))"
        case let .delete(work): return "delete(w\(work))"
        case let .restart(down): return "restart(down: \(down) ms)"
        }
    }
}

// MARK: - The model

/// The model: works by number, the queue as an array, the current work, times as milliseconds from
/// the start, written straight from the rules with the seed's constants.
struct EnrichmentWorkerModel: Sendable {
    static let intervalMilliseconds: Int64 = 600
    static let retryDelaysMilliseconds: [Int64] = [1_000, 2_000, 4_000, 8_000]
    static let worksMax = 24

    enum Status: Hashable, Sendable {
        case queued, enriched, failed, review, dropped
    }

    struct Current: Hashable, Sendable {
        var work: Int
        var attempt: Int
        /// The request awaited, if sent.
        var awaiting: UInt64?
        /// When the attempt may be sent (if not awaiting).
        var due: Int64
    }

    var now: Int64 = 0
    var online = true
    var status: [Status] = []
    var deleted: [Bool] = []
    var queue: [Int] = []
    var current: Current?
    var lastStart: Int64?
    var requests: UInt64 = 0
    /// The request abandoned when connectivity last dropped, whose answer may still arrive.
    var abandoned: UInt64?
    /// The timer the worker holds.
    var wake: Int64?
    /// The run's counts: enriched, failed, needing review.
    var run = [0, 0, 0]

    var liveWorks: [Int] { status.indices.filter { !deleted[$0] } }

    /// What one delivered event does, in the harness's words: outcomes, then effects.
    struct Output {
        var outcomes: [String] = []
        var effects: [String] = []
        var lines: [String] { outcomes + effects }
    }

    /// The model after `command`, and the lines the worker must produce.
    func apply(_ command: EnrichmentWorkerCommand) -> (lines: [String], model: EnrichmentWorkerModel) {
        var model = self
        var lines: [String] = []
        switch command {
        case let .add(count):
            for _ in 0..<count {
                model.queue.append(model.status.count)
                model.status.append(.queued)
                model.deleted.append(false)
            }
            lines += model.event(nil).lines
        case let .advance(milliseconds):
            lines += model.advance(to: now + milliseconds)
        case .advanceToWake:
            if let wake { lines += model.advance(to: wake) }
        case let .answer(answer):
            var output = Output()
            model.receive(answer, &output)
            lines += model.event(output).lines
        case .lateAnswer:
            var output = Output()
            output.outcomes.append("ignored #\(abandoned!)")
            lines += model.event(output).lines
        case let .connectivity(online):
            var output = Output()
            if online != model.online {
                model.online = online
                if !online, var current = model.current, let request = current.awaiting {
                    current.awaiting = nil
                    current.due = model.now
                    model.current = current
                    model.abandoned = request
                    output.outcomes.append("abandoned #\(request)")
                }
            }
            lines += model.event(output).lines
        case let .delete(work):
            model.deleted[work] = true
        case let .restart(down):
            model.now += down
            model.wake = nil
            model.abandoned = nil
            var output = Output()
            if let current = model.current {
                model.current = Current(work: current.work, attempt: 1, awaiting: nil, due: model.now)
                output.outcomes.append("resumed w\(current.work)")
            }
            lines += model.event(output).lines
        }
        return (lines, model)
    }

    /// Fires the timer at its own instant, as often as it is set within the span.
    mutating func advance(to target: Int64) -> [String] {
        var lines: [String] = []
        while let wake, wake <= target {
            now = wake
            self.wake = nil
            lines += event(nil).lines
        }
        now = target
        return lines
    }

    mutating func receive(_ answer: EnrichmentAnswer, _ output: inout Output) {
        guard var current else { preconditionFailure("an answer with no current work") }
        let work = current.work
        if deleted[work] {
            finish(.dropped, "dropped w\(work)", &output)
            return
        }
        switch answer {
        case .match:
            finish(.enriched, "enriched w\(work)", &output)
        case let .lowConfidence(count):
            finish(.review, "review w\(work) (\(count))", &output)
        case .notFound:
            finish(.failed, "failed w\(work): Not found", &output)
        case .timeout, .serverError:
            if current.attempt == Self.retryDelaysMilliseconds.count + 1 {
                let last = if case let .serverError(status) = answer { "HTTP \(status)" } else { "timed out" }
                finish(.failed, "failed w\(work): No answer after \(current.attempt) attempts (last: \(last))", &output)
            } else {
                current.due = now + Self.retryDelaysMilliseconds[current.attempt - 1]
                current.attempt += 1
                current.awaiting = nil
                self.current = current
                output.outcomes.append("retry w\(work) a\(current.attempt) @\(current.due)")
            }
        }
    }

    mutating func finish(_ status: Status, _ line: String, _ output: inout Output) {
        self.status[current!.work] = status
        current = nil
        switch status {
        case .enriched: run[0] += 1
        case .failed: run[1] += 1
        case .review: run[2] += 1
        case .queued, .dropped: break
        }
        output.outcomes.append(line)
    }

    /// After any event: take the next work, drop deleted ones, send what the rate and connectivity
    /// allow, then set or clear the timer.
    mutating func event(_ output: Output?) -> Output {
        var output = output ?? Output()
        while true {
            if current == nil {
                guard online else { break }
                while let next = queue.first {
                    queue.removeFirst()
                    if deleted[next] {
                        status[next] = .dropped
                        output.outcomes.append("dropped w\(next)")
                    } else {
                        current = Current(work: next, attempt: 1, awaiting: nil, due: now)
                        break
                    }
                }
                guard current != nil else { break }
            }
            guard var current, current.awaiting == nil else { break }
            if deleted[current.work] {
                finish(.dropped, "dropped w\(current.work)", &output)
                continue
            }
            let earliest = max(current.due, lastStart.map { $0 + Self.intervalMilliseconds } ?? current.due)
            guard online, earliest <= now else { break }
            requests += 1
            lastStart = now
            current.awaiting = requests
            self.current = current
            output.effects.append("send #\(requests) w\(current.work) a\(current.attempt) @\(now)")
            break
        }
        if current == nil, queue.isEmpty { run = [0, 0, 0] }
        var wanted: Int64?
        if online, let current, current.awaiting == nil {
            wanted = max(current.due, lastStart.map { $0 + Self.intervalMilliseconds } ?? current.due)
        }
        if wanted != wake {
            output.effects.append(wanted.map { "wake @\($0)" } ?? "cancel wake")
            wake = wanted
        }
        return output
    }
}

// MARK: - The system

/// The worker, the app and what the harness saw: every request start, failure and completion, for the
/// rules checked without the model.
struct EnrichmentWorkerSystem<Worker: EnrichmentWorkerUnderTest>: Sendable {
    static var start: Timestamp { Timestamp(epochMilliseconds: 1_761_921_000_000) }

    var app = AppState()
    var worker = Worker.make()
    var now: Int64 = 0
    var online = true
    var timer: Int64?
    var awaiting: EnrichmentFetchRequest?
    var abandoned: EnrichmentFetchRequest?
    /// The works added, by number.
    var works: [PersistentIdentifier] = []
    var numbers: [PersistentIdentifier: Int] = [:]

    // Observations.
    var lastStart: Int64?
    /// Per work: the last transient failure (time, attempt) and whether the wait since was disturbed
    /// (connectivity lost or a crash), which lets the retry go later than its delay.
    var transientFailure: [Int: (at: Int64, attempt: Int, disturbed: Bool)] = [:]
    var notFound: Set<Int> = []
    var deleted: Set<Int> = []
    var completions: [Int: Int] = [:]
    var enrichments: [Int: Int] = [:]

    init() {
        _ = try? deliver(.launched(online: true))
    }

    func timestamp(_ milliseconds: Int64) -> Timestamp { Self.start.adding(milliseconds: milliseconds) }

    /// Delivers an event now, performs its effects, checks the seed's rules on them, and returns them
    /// in the model's words.
    mutating func deliver(_ event: EnrichmentWorker.Event) throws -> [String] {
        if case let .metadataResult(id, outcome) = event, let answered = awaiting, answered.id == id {
            // The awaited request is answered: the next may be sent.
            awaiting = nil
            let number = number(answered.work)
            if !deleted.contains(number) {
                switch outcome {
                case .timedOut: transientFailure[number] = (now, answered.attempt, false)
                case let .httpError(status) where status == 429 || status >= 500: transientFailure[number] = (now, answered.attempt, false)
                case .httpError(404): notFound.insert(number)
                default: break
                }
            }
        }
        let step = worker.handle(event, at: timestamp(now), &app)
        var outcomes: [String] = []
        for outcome in step.outcomes {
            outcomes.append(try observe(outcome))
        }
        var effects: [String] = []
        for effect in step.effects {
            switch effect {
            case let .fetchMetadata(request):
                try observeStart(request)
                effects.append("send #\(request.id) w\(number(request.work)) a\(request.attempt) @\(now)")
            case let .scheduleWake(at):
                timer = at.epochMilliseconds - Self.start.epochMilliseconds
                effects.append("wake @\(timer!)")
            case .cancelWake:
                timer = nil
                effects.append("cancel wake")
            }
        }
        return outcomes + effects
    }

    func number(_ work: PersistentIdentifier) -> Int { numbers[work] ?? -1 }

    mutating func observe(_ outcome: EnrichmentWorker.Outcome) throws -> String {
        func completed(_ work: PersistentIdentifier) throws -> Int {
            let number = number(work)
            completions[number, default: 0] += 1
            try require(completions[number]! == 1, "w\(number) finished \(completions[number]!) times")
            return number
        }
        switch outcome {
        case let .enriched(work, _):
            let number = try completed(work)
            try require(!deleted.contains(number), "deleted w\(number) was enriched")
            enrichments[number, default: 0] += 1
            return "enriched w\(number)"
        case let .needsReview(work, count):
            return "review w\(try completed(work)) (\(count))"
        case let .failed(work, failure):
            return "failed w\(try completed(work)): \(failure)"
        case let .dropped(work):
            let number = try completed(work)
            try require(deleted.contains(number), "w\(number) was dropped but is not deleted")
            return "dropped w\(number)"
        case let .retryScheduled(work, attempt, at):
            return "retry w\(number(work)) a\(attempt) @\(at.epochMilliseconds - Self.start.epochMilliseconds)"
        case let .requestAbandoned(request):
            try require(awaiting?.id == request.id, "abandoned request \(request.id), but \(String(describing: awaiting?.id)) was awaited")
            abandoned = request
            awaiting = nil
            return "abandoned #\(request.id)"
        case let .resumedAfterRelaunch(work):
            return "resumed w\(number(work))"
        case let .staleAnswerIgnored(id):
            return "ignored #\(id)"
        }
    }

    /// The rules on a request start.
    mutating func observeStart(_ request: EnrichmentFetchRequest) throws {
        let number = number(request.work)
        try require(awaiting == nil, "request \(request.id) sent while request \(awaiting!.id) is in flight")
        try require(online, "request \(request.id) sent while offline")
        try require(!deleted.contains(number), "request \(request.id) asks about deleted w\(number)")
        try require(!notFound.contains(number), "request \(request.id) retries w\(number) after a 404")
        try require(request.attempt <= 5, "attempt \(request.attempt) for w\(number): a timeout is retried at most 4 times")
        if let lastStart {
            try require(now - lastStart >= EnrichmentWorkerModel.intervalMilliseconds, "requests started at \(lastStart) and \(now), less than 600 ms apart")
        }
        if request.attempt > 1 {
            guard let failure = transientFailure[number], failure.attempt == request.attempt - 1 else {
                throw PropertyViolation("attempt \(request.attempt) for w\(number) follows no failed attempt \(request.attempt - 1)")
            }
            let due = failure.at + EnrichmentWorkerModel.retryDelaysMilliseconds[request.attempt - 2]
            if failure.disturbed {
                try require(now >= due, "attempt \(request.attempt) for w\(number) at \(now), before its delay ended at \(due)")
            } else {
                try requireEqual(now, due, "attempt \(request.attempt) for w\(number): the failure at \(failure.at) plus the delay")
            }
        }
        lastStart = now
        awaiting = request
    }

    mutating func disturbRetryWaits() {
        for key in transientFailure.keys { transientFailure[key]!.disturbed = true }
    }

    mutating func advance(to target: Int64) throws -> [String] {
        var lines: [String] = []
        var firings = 0
        while let timer, timer <= target {
            firings += 1
            try require(firings <= 1_000, "the timer fired 1,000 times within one advance")
            now = timer
            self.timer = nil
            lines += try deliver(.timeElapsed)
        }
        now = target
        return lines
    }

    /// Runs the app until nothing is left, the backend matching everything, online; returns the
    /// events delivered.
    mutating func drain() throws -> Int {
        var events = 0
        if !online {
            online = true
            _ = try deliver(.connectivityChanged(online: true))
        }
        while events < 10_000 {
            events += 1
            if let request = awaiting {
                _ = try deliver(.metadataResult(requestID: request.id, EnrichmentAnswer.match.outcome))
            } else if let timer {
                _ = try advance(to: timer)
            } else {
                return events
            }
        }
        throw PropertyViolation("the worker did not settle in 10,000 events")
    }
}

// MARK: - The specification

struct EnrichmentWorkerSpecification<Worker: EnrichmentWorkerUnderTest>: StateMachineSpecification {
    typealias Model = EnrichmentWorkerModel
    typealias System = EnrichmentWorkerSystem<Worker>
    typealias Command = EnrichmentWorkerCommand
    typealias Response = [String]

    var commandsMax: Int { 60 }

    func initialModel() -> Model { Model() }
    func makeSystem() -> System { System() }

    /// Answers: a chain of failures, once started, mostly goes on (nine in ten retries fail again),
    /// so that retry chains often reach their end.
    static func answer(retrying: Bool) -> Gen<EnrichmentAnswer> {
        let transient = retrying ? 20 : 2
        return Gen<EnrichmentAnswer>.frequency([
            (3, Gen<EnrichmentAnswer>.constant(.match)),
            (1, Gen<Int>.int(in: 1...3).map { EnrichmentAnswer.lowConfidence(candidates: $0) }),
            (1, Gen<EnrichmentAnswer>.constant(.notFound)),
            (transient, Gen<EnrichmentAnswer>.constant(.timeout)),
            (transient, Gen<Int>.element(of: [503, 500, 502, 429]).map { EnrichmentAnswer.serverError(status: $0) }),
        ])
    }

    /// Every kind of command has a fixed place in the list, with weight 0 where it cannot run: the
    /// recorded choice is the place, so deleting one command while shrinking does not turn the next
    /// into another kind.
    func commands(for model: Model) -> Gen<Command> {
        // A retry chain needs nine uninterrupted steps to reach its end: once it has started, its
        // answers and wakes come first.
        let retrying = (model.current?.attempt ?? 1) > 1
        let awaiting = model.current?.awaiting != nil
        let live = model.liveWorks
        var targets: [(weight: Int, generator: Gen<Int>)] = [(1, Gen<Int>.element(of: live.isEmpty ? [0] : live))]
        if let current = model.current, !model.deleted[current.work] {
            targets.append((2, Gen<Int>.constant(current.work)))
        }
        let room = min(3, Model.worksMax - model.status.count)
        return Gen<Command>.frequency([
            (room < 1 ? 0 : model.status.isEmpty ? 8 : 2, Gen<Int>.int(in: 1...max(1, room)).map { Command.add(works: $0) }),
            (1, Gen<Int64>.frequency([
                (2, Gen<Int64>.integer(in: 0...599)),
                (2, Gen<Int64>.integer(in: 600...2_000)),
                (1, Gen<Int64>.integer(in: 2_001...20_000)),
            ]).map { Command.advance(milliseconds: $0) }),
            (1, Gen<Command>.constant(.connectivity(online: !model.online))),
            (1, Gen<Int64>.integer(in: 0...3_000).map { Command.restart(downMilliseconds: $0) }),
            (!awaiting ? 0 : retrying ? 16 : 8, Self.answer(retrying: retrying).map { Command.answer($0) }),
            (model.wake == nil ? 0 : retrying ? 16 : 6, Gen<Command>.constant(.advanceToWake)),
            (model.abandoned == nil ? 0 : 1, Self.answer(retrying: false).map { Command.lateAnswer($0) }),
            (live.isEmpty ? 0 : 1, Gen<Int>.frequency(targets).map { Command.delete(work: $0) }),
        ])
    }

    func precondition(_ command: Command, in model: Model) -> Bool {
        switch command {
        case let .add(count): return count >= 1 && model.status.count + count <= Model.worksMax
        case .answer: return model.current?.awaiting != nil
        case .lateAnswer: return model.abandoned != nil
        case let .delete(work): return work < model.status.count && !model.deleted[work]
        case .advance, .advanceToWake, .connectivity, .restart: return true
        }
    }

    func nextModel(after command: Command, from model: Model) -> Model {
        model.apply(command).model
    }

    func run(_ command: Command, on system: inout System) throws -> Response {
        switch command {
        case let .add(count):
            var added: [PersistentIdentifier] = []
            for _ in 0..<count {
                let number = system.works.count
                let id = system.app.store.insertWork(WorkDraft(title: "Book \(number) (Series, #\(number + 1))"))
                system.works.append(id)
                system.numbers[id] = number
                added.append(id)
            }
            try system.app.store.save()
            return try system.deliver(.worksAdded(added))
        case let .advance(milliseconds):
            return try system.advance(to: system.now + milliseconds)
        case .advanceToWake:
            guard let timer = system.timer else { return [] }
            return try system.advance(to: timer)
        case let .answer(answer):
            return try system.deliver(.metadataResult(requestID: system.awaiting!.id, answer.outcome))
        case let .lateAnswer(answer):
            return try system.deliver(.metadataResult(requestID: system.abandoned!.id, answer.outcome))
        case let .connectivity(online):
            if !online { system.disturbRetryWaits() }
            system.online = online
            return try system.deliver(.connectivityChanged(online: online))
        case let .delete(number):
            try system.app.store.delete(system.works[number])
            try system.app.store.save()
            system.deleted.insert(number)
            return []
        case let .restart(down):
            system.app = system.app.relaunchedAfterCrash()
            system.worker = system.worker.relaunched()
            system.timer = nil
            system.awaiting = nil
            system.abandoned = nil
            system.disturbRetryWaits()
            system.now += down
            let lines = try system.deliver(.launched(online: system.online))
            try checkEverythingQueuedEndsEnrichedOnce(system)
            return lines
        }
    }

    /// After a crash: run a copy until it settles, the backend matching everything; every work still
    /// queued ends enriched, exactly once, none lost, none twice.
    func checkEverythingQueuedEndsEnrichedOnce(_ system: System) throws {
        var drained = system
        let queued = system.works.indices.filter { number in
            let id = system.works[number]
            return system.app.enrichmentQueue.pending.contains(id) || system.app.enrichmentQueue.inFlight == id
        }
        _ = try drained.drain()
        try require(drained.app.enrichmentQueue.pending.isEmpty && drained.app.enrichmentQueue.inFlight == nil, "the queue did not drain")
        for number in queued where !drained.deleted.contains(number) {
            try requireEqual(drained.enrichments[number], 1, "enrichments of w\(number), queued at the crash")
            try require(drained.app.enrichmentRecords.record(for: system.works[number]).map { if case .enriched = $0 { true } else { false } } == true, "w\(number) is not recorded enriched after draining")
        }
    }

    func postcondition(_ command: Command, response: Response, modelBefore: Model, modelAfter: Model) throws {
        let expected = modelBefore.apply(command).lines
        guard response == expected else {
            throw PropertyViolation("the worker did [\(response.joined(separator: ", "))], the model expected [\(expected.joined(separator: ", "))]")
        }
    }

    func invariant(of system: System, model: Model) throws {
        try system.worker.checkInvariants(system.app)
        try system.app.store._checkInvariants()
        let queue = system.app.enrichmentQueue
        // The model.
        try requireEqual(queue.pending.map(system.number), model.queue, "pending works")
        try requireEqual(queue.inFlight.map(system.number), model.current?.work, "the work in flight")
        try requireEqual(system.timer, model.wake, "the timer")
        try requireEqual(system.awaiting?.id, model.current?.awaiting, "the awaited request")
        try requireEqual(system.app.enrichmentRecords.run, EnrichmentRunCounts(enriched: model.run[0], failed: model.run[1], needingReview: model.run[2]), "the run's counts")
        // Every work added is in exactly one place: deleted, recorded (enriched, failed or needing
        // review), or still queued (pending or in flight).
        for (number, id) in system.works.enumerated() {
            let record = system.app.enrichmentRecords.record(for: id)
            let isQueued = queue.pending.contains(id) || queue.inFlight == id
            if system.deleted.contains(number) {
                try require(system.app.store.work(id) == nil, "deleted w\(number) is live again")
                continue
            }
            try require(system.app.store.work(id) != nil, "w\(number) was lost from the store")
            try require((record != nil) != isQueued, "w\(number) is \(isQueued ? "queued" : "not queued") with record \(String(describing: record))")
            let expected: Model.Status = switch record {
            case nil: .queued
            case .enriched?: .enriched
            case .failed?: .failed
            case .needsReview?: .review
            }
            try requireEqual(expected, model.status[number], "the status of w\(number)")
        }
    }

    static func labels(_ program: StateMachineProgram<Command>) -> [String] {
        var model = EnrichmentWorkerModel()
        var labels: Set<String> = []
        for command in program.commands {
            let (lines, next) = model.apply(command)
            switch command {
            case .connectivity(online: false) where model.online:
                if let current = model.current, current.awaiting == nil, current.attempt > 1 { labels.insert("offline during a retry wait") }
            case .restart where model.current?.awaiting != nil:
                labels.insert("restart during a request")
            case let .delete(work) where model.current?.work == work && model.current?.awaiting != nil:
                labels.insert("deletion during a request")
            case .lateAnswer:
                labels.insert("late answer ignored")
            default:
                break
            }
            for line in lines {
                if line.contains("No answer after 5 attempts") { labels.insert("retry chain to failure") }
                if line.hasSuffix(": Not found") { labels.insert("404 failed") }
                if line.hasPrefix("review ") { labels.insert("candidates kept for review") }
                if line.hasPrefix("abandoned ") { labels.insert("request abandoned offline") }
            }
            model = next
        }
        return labels.sorted()
    }
}
