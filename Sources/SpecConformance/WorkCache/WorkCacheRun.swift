import SpecModel

/// One step of a program the work cache suite runs on a session and on the model beside it.
enum WorkCacheCommand: Hashable, Sendable, CustomStringConvertible {
    case map(WorkDTO)
    /// Deletes the `n`-th live work (modulo their number), works numbered in the order the program
    /// first met them; nothing when no work is live.
    case delete(Int)
    case save
    case clearCache
    case rollback
    case crash

    var description: String {
        switch self {
        case let .map(dto):
            var text = "map(\(String(reflecting: dto.title)), \(dto.googleBooksVolumeIDs)"
            if let primary = dto.googleBooksVolumeID { text += ", primary: \(String(reflecting: primary))" }
            if dto.synthetic { text += ", synthetic" }
            return text + ")"
        case let .delete(n): return "delete(live work \(n))"
        case .save: return "save"
        case .clearCache: return "clearCache"
        case .rollback: return "rollback"
        case .crash: return "crash"
        }
    }
}

/// Runs commands on one session and writes each step's result in terms any two sessions share:
/// works are numbered in the order they were first returned, so two sessions agree when their maps
/// return the same numbers and their stores hold the same numbered works.
struct WorkCacheTracer<Session: WorkCacheSession> {
    var session: Session
    /// The interruptions both sides of a comparison run; others are skipped.
    let allowed: WorkCacheInterruptions
    /// Every work returned so far, by number.
    var works: [Session.WorkID] = []
    /// The step at which each numbered work was first returned.
    var firstReturnedAt: [Int] = []
    /// The work number each map returned, in order.
    var returned: [Int] = []
    /// The number of live works after each step.
    var counts: [Int] = []

    init(_ session: Session, allowed: WorkCacheInterruptions) {
        self.session = session
        self.allowed = allowed
    }

    /// The numbers of the works now live, ascending.
    var liveNumbers: [Int] { works.indices.filter { session.work(works[$0]) != nil } }

    /// Runs one command; returns what it did and the store after it.
    mutating func step(_ command: WorkCacheCommand) throws -> String {
        let stepNumber = counts.count + 1
        var line: String
        switch command {
        case let .map(dto):
            let id = try session.mapToWork(dto)
            let number: Int
            if let known = works.firstIndex(of: id) {
                number = known
                line = "work #\(number + 1) (first returned at step \(firstReturnedAt[number]))"
            } else {
                works.append(id)
                firstReturnedAt.append(stepNumber)
                number = works.count - 1
                line = "work #\(number + 1) (new)"
            }
            returned.append(number)
            line += " " + (session.work(id)?.description ?? "which is not live")
        case let .delete(n):
            let live = liveNumbers
            if live.isEmpty {
                line = "no live work to delete"
            } else {
                let number = live[n % live.count]
                try session.deleteWork(works[number])
                line = "deleted work #\(number + 1)"
            }
        case .save:
            try session.save()
            line = "saved"
        case .clearCache:
            session.clearCache()
            line = "cache cleared"
        case .rollback:
            if allowed.contains(.rollback) {
                session.rollback()
                line = "rolled back"
            } else {
                line = "(no rollback)"
            }
        case .crash:
            if allowed.contains(.crash) {
                try session.relaunchAfterCrash()
                line = "relaunched"
            } else {
                line = "(no crash)"
            }
        }
        counts.append(session.workCount)
        return line + "; \(session.workCount) works; live: [" + liveNumbers.map { "#\($0 + 1)" }.joined(separator: ", ") + "]"
    }
}

/// Runs a program on a session and on the model, comparing every step.
struct WorkCacheRun<Session: WorkCacheSession> {
    var implementation: WorkCacheTracer<Session>
    var model: WorkCacheTracer<ModelWorkCacheSession>
    var lockstep = Lockstep<WorkCacheCommand>()

    init(_ session: Session) {
        let allowed = session.interruptions
        implementation = WorkCacheTracer(session, allowed: allowed)
        model = WorkCacheTracer(ModelWorkCacheSession(), allowed: allowed)
    }

    var question: String { lockstep.question }

    /// Runs one command on both; throws when the session's step differs from the model's.
    mutating func step(_ command: WorkCacheCommand) throws {
        try lockstep.step(command, model: { try model.step(command) }, implementation: { try implementation.step(command) })
    }
}

/// A program with what its maps must return and what the store must hold at its end, in the rule's
/// own words: the program runs on the session alone, and only the expectations given are checked, so
/// an example of one rule never fails for another rule's aspect.
struct WorkCacheExample: Sendable, CustomStringConvertible {
    let commands: [WorkCacheCommand]
    /// The work number each map returns.
    var returns: [Int]?
    /// The number of live works at the end.
    var count: Int?
    var titles: [Int: String] = [:]
    var volumeIDs: [Int: [String]] = [:]
    var deleted: [Int] = []
    /// The last map returns the first work and inserts nothing.
    var lastIsFirst = false
    /// The first work still has the first DTO's title at the end.
    var firstTitleKept = false
    /// Every map returns a work that is live when it returns it.
    var returnsLive = false

    init(_ commands: [WorkCacheCommand], returns: [Int]? = nil, count: Int? = nil, titles: [Int: String] = [:], volumeIDs: [Int: [String]] = [:], deleted: [Int] = []) {
        self.commands = commands
        self.returns = returns
        self.count = count
        self.titles = titles
        self.volumeIDs = volumeIDs
        self.deleted = deleted
    }

    /// The last map must return the first work, inserting nothing (CACHE-01's law).
    static func hit(_ commands: [WorkCacheCommand]) -> WorkCacheExample {
        var example = WorkCacheExample(commands)
        example.lastIsFirst = true
        return example
    }

    /// The first work must keep its title to the end (CACHE-12's and CACHE-09's law); with
    /// `whetherOrNotItHits`, the hit itself is not checked (it is CACHE-01's).
    func keepingTheFirstTitle(whetherOrNotItHits: Bool) -> WorkCacheExample {
        var copy = self
        copy.firstTitleKept = true
        if whetherOrNotItHits { copy.lastIsFirst = false }
        return copy
    }

    /// Every map must return a live work (CACHE-07's law).
    static func live(_ commands: [WorkCacheCommand]) -> WorkCacheExample {
        var example = WorkCacheExample(commands)
        example.returnsLive = true
        return example
    }

    var description: String {
        commands.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
    }

    func check<Session: WorkCacheSession>(on session: inout Session) throws {
        var tracer = WorkCacheTracer(session, allowed: session.interruptions)
        let program = description
        func number(_ n: Int) -> String { "work #\(n + 1)" }
        for (index, command) in commands.enumerated() {
            let done = tracer.returned.count
            do {
                _ = try tracer.step(command)
            } catch {
                throw ConformanceViolation("step \(index + 1), \(command), threw \(error)", question: program, model: "no error", implementation: "threw \(error)", kind: "a step threw")
            }
            if returnsLive, tracer.returned.count > done, let last = tracer.returned.last {
                try ensure(tracer.session.work(tracer.works[last]) != nil, "step \(index + 1), \(command), returned a work that is not live",
                    question: program, model: "a live work", implementation: "\(number(last)), which is not live", kind: "a map returned a work that is not live")
            }
        }
        if let returns {
            try ensureSame(tracer.returned.map(number), returns.map(number), "the works the maps of \(program) return", show: { $0.joined(separator: ", ") })
        }
        if lastIsFirst {
            let last = tracer.returned.last ?? -1
            try ensure(last == 0, "the last map did not return the first work", question: program, model: number(0), implementation: number(last))
            let counts = tracer.counts
            try ensure(counts.count >= 2 && counts[counts.count - 1] == counts[counts.count - 2], "the hit inserted a work", question: program,
                model: "\(counts.dropLast().last ?? 0) works", implementation: "\(counts.last ?? 0) works")
        }
        if firstTitleKept, case let .map(first)? = commands.first {
            let title = tracer.works.first.flatMap { tracer.session.work($0)?.title }
            try ensure(title == first.title, "the first work's title changed", question: program, model: String(reflecting: first.title), implementation: String(reflecting: title))
        }
        if let count {
            try ensureSame(tracer.session.workCount, count, "the number of works after \(program)")
        }
        for (n, title) in titles.sorted(by: { $0.key < $1.key }) {
            let view = n < tracer.works.count ? tracer.session.work(tracer.works[n]) : nil
            try ensureSame(view?.title, title, "the title of \(number(n)) after \(program)")
        }
        for (n, ids) in volumeIDs.sorted(by: { $0.key < $1.key }) {
            let view = n < tracer.works.count ? tracer.session.work(tracer.works[n]) : nil
            try ensureSame(view?.volumeIDs, ids, "the volume IDs of \(number(n)) after \(program)")
        }
        for n in deleted where n < tracer.works.count {
            try ensure(tracer.session.work(tracer.works[n]) == nil, "\(number(n)) should be gone", question: program, model: "gone", implementation: "live")
        }
    }
}

extension WorkCacheRun {
    /// Runs `program` on the session and on the model, comparing every step.
    static func compare(_ program: [WorkCacheCommand], on session: Session) throws {
        var run = WorkCacheRun(session)
        for command in program { try run.step(command) }
    }
}

/// What a generated case maps, for the checks' `exercises:`: each says which maps its rule is about.
extension WorkCacheExample {
    private var maps: [(index: Int, dto: WorkDTO)] {
        commands.enumerated().compactMap { if case let .map(dto) = $0.element { ($0.offset, dto) } else { nil } }
    }

    /// The last map shares a volume ID with the first, with no delete of the first work nor a clear
    /// between (CACHE-01, CACHE-12).
    var lastMapHitsTheFirst: Bool {
        guard let first = maps.first, let last = maps.last, first.index != last.index else { return false }
        let between = commands[first.index..<last.index]
        guard !between.contains(where: { if case .delete = $0 { true } else { $0 == .clearCache } }) else { return false }
        return !Set(WorkCachePrograms.named(first.dto)).isDisjoint(with: WorkCachePrograms.named(last.dto))
    }

    /// One of the first and the last DTO is synthetic and the other real (CACHE-09).
    var firstAndLastMapDifferInSynthesis: Bool {
        guard let first = maps.first, let last = maps.last else { return false }
        return first.dto.synthetic != last.dto.synthetic
    }

    /// A map after a delete names a volume ID of a work mapped before the delete (CACHE-02).
    var mapsAKeyOfADeletedWork: Bool {
        guard let delete = commands.firstIndex(where: { if case .delete = $0 { true } else { false } }) else { return false }
        let before = Set(maps.filter { $0.index < delete }.flatMap { WorkCachePrograms.named($0.dto) })
        return maps.contains { $0.index > delete && !before.isDisjoint(with: WorkCachePrograms.named($0.dto)) }
    }

    /// Every map names volume IDs no earlier map named (CACHE-03).
    var mapsOnlyNewKeys: Bool {
        var seen = Set<String>()
        for map in maps {
            let keys = WorkCachePrograms.named(map.dto)
            guard seen.isDisjoint(with: keys) else { return false }
            seen.formUnion(keys)
        }
        return !maps.isEmpty
    }

    /// A map after a clear names a volume ID mapped before it (CACHE-04).
    var mapsAKeyMappedBeforeAClear: Bool {
        guard let clear = commands.firstIndex(of: .clearCache) else { return false }
        let before = Set(maps.filter { $0.index < clear }.flatMap { WorkCachePrograms.named($0.dto) })
        return maps.contains { $0.index > clear && !before.isDisjoint(with: WorkCachePrograms.named($0.dto)) }
    }
}
