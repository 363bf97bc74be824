import Generators
import SpecModel

extension ConformanceSuite where Implementation: WorkCacheSession {
    /// The work cache suite: the seed's five tests, hits, evictions, misses and clears as laws over the
    /// session alone, the decisions about keys, adoption, synthetic DTOs, identifiers and relaunches,
    /// and generated programs with rollbacks and crashes, and without them compared with the model.
    public static var workCache: ConformanceSuite {
        typealias R = WorkCacheRules
        typealias P = WorkCachePrograms
        func dto(_ title: String, _ volumeIDs: [String], primary: String? = nil, synthetic: Bool = false) -> WorkDTO {
            WorkDTO(title: title, synthetic: synthetic, googleBooksVolumeID: primary, googleBooksVolumeIDs: volumeIDs)
        }
        /// The seed's `makeTestWorkDTO(title:volumeIDs:)`, `synthetic: false` as the seed writes it.
        func seedDTO(_ title: String, _ volumeIDs: [String], synthetic: Bool = false) -> WorkDTO {
            WorkDTO(title: title, originalLanguage: "en", firstPublicationYear: 2024, synthetic: synthetic, primaryProvider: "google-books",
                googleBooksVolumeID: volumeIDs.first, googleBooksVolumeIDs: volumeIDs, contributors: ["google-books"])
        }
        func needing(_ needs: WorkCacheInterruptions) -> (Implementation) -> String? {
            { needs.isSubset(of: $0.interruptions) ? nil : "the session cannot simulate \(needs.names)" }
        }
        func examples(_ rule: Rule, _ about: String, label: String? = nil, needs: WorkCacheInterruptions = [], _ list: [ConformanceExample<WorkCacheExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, list, appliesTo: needing(needs)) { session, example in
                try example.check(on: &session)
            }
        }
        let anyInterruption: (Implementation) -> String? = { $0.interruptions.isEmpty ? "the session can simulate neither a rollback nor a crash" : nil }
        let seedHit = "seed: \"Cache hit with valid Work returns existing Work\""
        return ConformanceSuite(id: "work-cache", title: "DTOMapper work cache", seam: "WorkCacheSession", checks: [
            examples(R.cacheHit, "the seed's cache-hit tests", [
                ConformanceExample("same volume ID: the first work", WorkCacheExample(
                    [.map(seedDTO("First Work", ["vol-123"])), .map(seedDTO("Second Work", ["vol-123"]))], returns: [0, 0], count: 1), pins: seedHit),
                ConformanceExample("any of three volume IDs", WorkCacheExample(
                    [.map(seedDTO("Multi-Volume Work", ["vol-1", "vol-2", "vol-3"])), .map(seedDTO("Should Find Existing", ["vol-2"])), .map(seedDTO("Third", ["vol-3"]))], returns: [0, 0, 0], count: 1),
                    pins: "seed: \"Cache hit with multiple volumeIDs returns Work on any match\""),
                ConformanceExample("an unsaved work is found, and found again once saved", WorkCacheExample(
                    [.map(dto("A", ["v"])), .map(dto("B", ["v"])), .save, .map(dto("C", ["v"]))], returns: [0, 0, 0], count: 1),
                    pins: "seed: the tests map into a context they never save"),
            ]),
            .property(R.cacheHit, "generated DTO pairs sharing one volume ID, with other maps between", cases: 20, P.hitCases(synthetic: false), describe: { $0.description }, exercises: \.lastMapHitsTheFirst) { session, hit in
                try hit.check(on: &session)
            },
            examples(R.titleKept, "the seed's first cache-hit test", [
                ConformanceExample("the first work keeps \"First Work\"", WorkCacheExample(
                    [.map(seedDTO("First Work", ["vol-123"])), .map(seedDTO("Second Work", ["vol-123"]))], titles: [0: "First Work"]), pins: "seed: \"Original title preserved\""),
                ConformanceExample("a saved work keeps its title", WorkCacheExample(
                    [.map(dto("A", ["v"])), .save, .map(dto("B", ["v"])), .map(dto("C", ["v"]))], titles: [0: "A"]), pins: "seed: \"Original title preserved\""),
            ]),
            .property(R.titleKept, "generated DTO pairs sharing one volume ID, with other maps between", cases: 20, P.hitCases(synthetic: false).map { $0.keepingTheFirstTitle(whetherOrNotItHits: true) }, describe: { $0.description },
                exercises: \.lastMapHitsTheFirst) { session, hit in
                try hit.check(on: &session)
            },
            examples(R.syntheticHit, "synthetic and real DTOs hitting each other's works", [
                ConformanceExample("a real DTO hits a synthetic DTO's work", WorkCacheExample(
                    [.map(seedDTO("Guessed Title", ["vol-ai"], synthetic: true)), .map(seedDTO("The Real Title", ["vol-ai"]))], returns: [0, 0], count: 1, titles: [0: "Guessed Title"]),
                    pins: "D-126"),
                ConformanceExample("a synthetic DTO hits a real DTO's work", WorkCacheExample(
                    [.map(seedDTO("The Real Title", ["vol-1"])), .map(seedDTO("Guessed Title", ["vol-1"], synthetic: true))], returns: [0, 0], count: 1, titles: [0: "The Real Title"]),
                    pins: "D-126"),
                ConformanceExample("a real DTO hits a saved synthetic work by another volume ID", WorkCacheExample(
                    [.map(dto("Guess", ["v1", "v2"], synthetic: true)), .save, .map(dto("Real", ["v2"])), .map(dto("Real again", ["v1"]))], returns: [0, 0, 0], count: 1, titles: [0: "Guess"]),
                    pins: "D-126"),
            ]),
            .property(R.syntheticHit, "generated pairs of a synthetic and a real DTO sharing one volume ID", cases: 20, P.hitCases(synthetic: true).map { $0.keepingTheFirstTitle(whetherOrNotItHits: false) }, describe: { $0.description },
                exercises: { $0.lastMapHitsTheFirst && $0.firstAndLastMapDifferInSynthesis }) { session, hit in
                try hit.check(on: &session)
            },
            examples(R.staleEviction, "the seed's eviction tests", [
                ConformanceExample("deleted and saved", WorkCacheExample(
                    [.map(seedDTO("Original Work", ["vol-deleted"])), .delete(0), .save, .map(seedDTO("New Work After Deletion", ["vol-deleted"]))],
                    returns: [0, 1], count: 1, titles: [1: "New Work After Deletion"], deleted: [0]),
                    pins: "seed: \"Cache automatically evicts deleted Work and creates new one\""),
                ConformanceExample("every volume ID of the deleted work", WorkCacheExample(
                    [.map(seedDTO("Multi-ID Work", ["vol-a", "vol-b", "vol-c"])), .delete(0), .save,
                     .map(seedDTO("New Work A", ["vol-a"])), .map(seedDTO("New Work B", ["vol-b"])), .map(seedDTO("New Work C", ["vol-c"]))],
                    returns: [0, 1, 2, 3], count: 3, titles: [1: "New Work A", 2: "New Work B", 3: "New Work C"], deleted: [0]),
                    pins: "seed: \"Multiple volumeIDs all evicted when Work deleted\""),
                ConformanceExample("deleted but not saved", WorkCacheExample(
                    [.map(dto("A", ["v"])), .save, .delete(0), .map(dto("B", ["v"]))], returns: [0, 1], count: 1, titles: [1: "B"], deleted: [0]), pins: "seed: \"returns `nil` if object was deleted\""),
            ]),
            .property(R.staleEviction, "generated works deleted (saved or not) and mapped again by one of their volume IDs", cases: 20, P.evictionCases, describe: { $0.description }, exercises: \.mapsAKeyOfADeletedWork) { session, eviction in
                try eviction.check(on: &session)
            },
            examples(R.cacheMiss, "the seed's cache-miss test", [
                ConformanceExample("two volume IDs, two works", WorkCacheExample(
                    [.map(seedDTO("Work 1", ["vol-1"])), .map(seedDTO("Work 2", ["vol-2"]))], returns: [0, 1], count: 2,
                    titles: [0: "Work 1", 1: "Work 2"], volumeIDs: [0: ["vol-1"], 1: ["vol-2"]]),
                    pins: "seed: \"Cache miss creates new Work\""),
            ]),
            .property(R.cacheMiss, "generated DTOs with disjoint volume IDs", cases: 20, P.missCases, describe: { $0.description }, exercises: \.mapsOnlyNewKeys) { session, example in
                try example.check(on: &session)
            },
            examples(R.clearCache, "clearing the cache", [
                ConformanceExample("the seed's clearCache test", WorkCacheExample(
                    [.map(seedDTO("Work 1", ["vol-1"])), .map(seedDTO("Work 2", ["vol-2"])), .clearCache,
                     .map(seedDTO("Work 1 Repeat", ["vol-1"])), .map(seedDTO("Work 2 Repeat", ["vol-2"]))],
                    returns: [0, 1, 2, 3], count: 4, titles: [0: "Work 1", 2: "Work 1 Repeat", 3: "Work 2 Repeat"]),
                    pins: "seed: \"clearCache() removes all entries\""),
                ConformanceExample("saved works are not found after a clear either", WorkCacheExample(
                    [.map(dto("A", ["v1", "v2"])), .save, .clearCache, .map(dto("B", ["v2"])), .map(dto("C", ["v1"]))], returns: [0, 1, 2], count: 3, titles: [0: "A"]),
                    pins: "seed: \"Next DTOs should create new Works (cache empty)\""),
            ]),
            .property(R.clearCache, "generated works cleared from the cache and mapped again", cases: 20, P.clearCases, describe: { $0.description }, exercises: \.mapsAKeyMappedBeforeAClear) { session, example in
                try example.check(on: &session)
            },
            examples(R.hitAdoptsVolumeIDs, "adopting the DTO's other volume IDs", [
                ConformanceExample("a hit adds the DTO's other volume IDs", WorkCacheExample(
                    [.map(dto("A", ["v1"])), .map(dto("A again", ["v1", "v9"])), .map(dto("By v9", ["v9"]))], returns: [0, 0, 0], count: 1,
                    volumeIDs: [0: ["v1", "v9"]]), pins: "D-017"),
                ConformanceExample("never another live work's", WorkCacheExample(
                    [.map(dto("First", ["v1"])), .map(dto("Second", ["v2"])), .map(dto("Both", ["v1", "v2"])), .map(dto("By v2", ["v2"]))], returns: [0, 1, 0, 1], count: 2,
                    volumeIDs: [0: ["v1"], 1: ["v2"]]), pins: "D-017"),
                ConformanceExample("the first key in the DTO's order wins", WorkCacheExample(
                    [.map(dto("First", ["v1"])), .map(dto("Second", ["v2"])), .map(dto("Both", ["v2", "v1"]))], returns: [0, 1, 1], count: 2), pins: "D-017"),
                ConformanceExample("a stale entry before a live hit", WorkCacheExample(
                    [.map(dto("Stale", ["v1"])), .map(dto("Live", ["v2"])), .delete(0), .map(dto("Any", ["v1", "v2"]))], returns: [0, 1, 1], count: 1, deleted: [0]), pins: "D-017"),
                ConformanceExample("a stale key is claimed by the hit's work", WorkCacheExample(
                    [.map(dto("Old", ["v1"])), .map(dto("Live", ["v2"])), .delete(0), .map(dto("Any", ["v1", "v2"])), .map(dto("By v1", ["v1"]))], returns: [0, 1, 1, 1], count: 1,
                    volumeIDs: [1: ["v2", "v1"]], deleted: [0]), pins: "D-017"),
                ConformanceExample("a new work claims the stale keys of its DTO", WorkCacheExample(
                    [.map(dto("First", ["v1"])), .delete(0), .map(dto("New", ["v1", "v3"])), .map(dto("By v1", ["v1"]))], returns: [0, 1, 1], count: 1,
                    volumeIDs: [1: ["v1", "v3"]], deleted: [0]), pins: "D-017"),
            ]),
            examples(R.keys, "the keys of a DTO", [
                ConformanceExample("empty and repeated volume IDs are dropped", WorkCacheExample(
                    [.map(dto("A", ["", "v", "v", ""], primary: "v")), .map(dto("B", ["v"]))], returns: [0, 0], count: 1, volumeIDs: [0: ["v"]]), pins: "D-018"),
                ConformanceExample("the primary volume ID is a key after the others", WorkCacheExample(
                    [.map(dto("A", ["v1"], primary: "v2")), .map(dto("B", [], primary: "v2")), .map(dto("C", ["v2"]))], returns: [0, 0, 0], count: 1, volumeIDs: [0: ["v1", "v2"]]), pins: "D-018"),
                ConformanceExample("no key: always a new work", WorkCacheExample(
                    [.map(dto("Untracked", [])), .map(dto("Untracked", [])), .map(dto("Blank", [""], primary: ""))], returns: [0, 1, 2], count: 3, volumeIDs: [0: [], 2: []]), pins: "D-018"),
            ]),
            .property(R.keys, "generated DTOs with empty, repeated and primary volume IDs", cases: 20, P.keyCases, describe: { $0.description },
                // Every DTO has keys by the rule, none included.
                exercises: { $0.commands.contains { if case .map = $0 { true } else { false } } }) { session, example in
                try example.check(on: &session)
            },
            examples(R.interruptions, "rolling back", label: "CACHE-07.rollback", needs: .rollback, [
                ConformanceExample("a rolled-back work is not returned", .live(
                    [.map(dto("A", ["v1"])), .rollback, .map(dto("B", ["v2"])), .map(dto("C", ["v1"]))]), pins: "seed: \"perfect for cache validation\""),
                ConformanceExample("a rollback that restores a work leaves no entry to the work it undid", .live(
                    [.map(dto("A", ["v"])), .save, .delete(0), .map(dto("B", ["v"])), .rollback, .map(dto("C", ["v"]))]), pins: "seed: \"perfect for cache validation\""),
            ]),
            examples(R.interruptions, "crashing", label: "CACHE-07.crash", needs: .crash, [
                ConformanceExample("an unsaved work lost in a crash is not returned", .live(
                    [.map(dto("A", ["v1"])), .save, .map(dto("B", ["v2"])), .crash, .map(dto("C", ["v3"])), .map(dto("D", ["v2"]))]), pins: "seed: \"perfect for cache validation\""),
                ConformanceExample("a deletion lost in a crash brings the work back", .live(
                    [.map(dto("A", ["v1"])), .save, .delete(0), .crash, .map(dto("B", ["v1"]))]), pins: "seed: \"perfect for cache validation\""),
            ]),
            .property(R.interruptions, "generated programs with rollbacks and crashes", label: "CACHE-07.property", cases: 30,
                P.programs(interruptions: true, pool: P.volumeIDPool), describe: P.describe, exercises: P.mapsAfterAnInterruption, appliesTo: anyInterruption) { session, program in
                try WorkCacheExample.live(program).check(on: &session)
            },
            .choices(R.relaunch, "relaunching with saved works", [
                ConformanceExample("the same volume ID", WorkCacheRelaunch([.map(dto("A", ["v"])), .save], dto("A again", ["v"]), savedWork: 0), pins: "D-150"),
                ConformanceExample("another of the saved work's volume IDs", WorkCacheRelaunch([.map(dto("A", ["v1", "v2"])), .save], dto("B", ["v2"]), savedWork: 0), pins: "D-150"),
                ConformanceExample("a deletion lost in the crash", WorkCacheRelaunch([.map(dto("A", ["v1"])), .map(dto("B", ["v2"])), .save, .delete(0)], dto("C", ["v1"]), savedWork: 0), pins: "D-150"),
            ], appliesTo: needing(.crash)) { session, relaunch in
                try relaunch.choice(on: &session)
            },
            .examples(R.identifiers, "identifiers across interruptions", [
                ConformanceExample<[WorkCacheCommand]>("a rolled-back work's identifier is not reissued",
                    [.map(dto("A", ["v1"])), .rollback, .map(dto("B", ["v2"])), .map(dto("C", ["v3"]))], pins: "D-027"),
                ConformanceExample<[WorkCacheCommand]>("an unsaved work is lost in a crash and its identifier not reissued",
                    [.map(dto("A", ["v1"])), .save, .map(dto("B", ["v2"])), .crash, .map(dto("C", ["v3"])), .map(dto("D", ["v4"]))], pins: "D-027"),
            ], appliesTo: needing([.rollback, .crash])) { session, program in
                try WorkCachePrograms.checkFreshMapsAreNew(program, on: &session)
            },
            .property(R.identifiers, "generated programs with rollbacks and crashes", label: "CACHE-11.property", cases: 30,
                P.programs(interruptions: true, pool: P.volumeIDPool), describe: P.describe, exercises: P.freshMapAfterAnInterruption, appliesTo: anyInterruption) { session, program in
                try WorkCachePrograms.checkFreshMapsAreNew(program, on: &session)
            },
            .property(R.sequences, "generated programs of maps, deletes, saves and clears", method: .differential, cases: 40,
                P.programs(interruptions: false, pool: P.volumeIDPool), describe: P.describe) { session, program in
                try WorkCacheRun.compare(program, on: session)
            },
        ])
    }
}

/// What a work cache does after a relaunch, as CACHE-10 reports it (D-150).
public enum WorkCacheRelaunchChoice {
    /// The map returned the saved work it had cached before the crash.
    public static let persisted = "the saved work (the cache persists)"
    /// The map returned a new work: the cache was lost with the crash.
    public static let inMemory = "a new work (the cache lives in memory)"
}

/// A relaunch after some commands, then a map by a volume ID of a saved work: it may return that work
/// (the app persists its cache) or a new one (the cache lives in memory), and nothing else (D-150).
struct WorkCacheRelaunch: Sendable, CustomStringConvertible {
    let before: [WorkCacheCommand]
    let after: WorkDTO
    /// The work (numbered in the order first returned) that is saved and live after the relaunch.
    let savedWork: Int

    init(_ before: [WorkCacheCommand], _ after: WorkDTO, savedWork: Int) {
        self.before = before
        self.after = after
        self.savedWork = savedWork
    }

    var description: String {
        (before + [.crash, .map(after)]).enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
    }

    /// Which allowed answer the session gave; throws when it gave neither.
    func choice<Session: WorkCacheSession>(on session: inout Session) throws -> String {
        var tracer = WorkCacheTracer(session, allowed: session.interruptions)
        for command in before + [.crash] { _ = try tracer.step(command) }
        let known = tracer.works.count
        _ = try tracer.step(.map(after))
        let returned = tracer.returned.last ?? -1
        let live = returned >= 0 && tracer.session.work(tracer.works[returned]) != nil
        try ensure(live, "the map after the relaunch returned a work that is not live", question: description,
            model: "work #\(savedWork + 1) or a new work", implementation: "work #\(returned + 1), not live", kind: "a work that is not live")
        if returned == savedWork { return WorkCacheRelaunchChoice.persisted }
        try ensure(returned >= known, "the map after the relaunch returned another earlier work", question: description,
            model: "work #\(savedWork + 1) or a new work", implementation: "work #\(returned + 1)", kind: "another earlier work")
        return WorkCacheRelaunchChoice.inMemory
    }
}

/// The generated programs and cases of the work cache suite.
enum WorkCachePrograms {
    // MARK: - Programs

    static var volumeIDPool: [String] { ["v1", "v2", "v3", "v4", "v5"] }

    static var title: Gen<String> { Gen<String>.bookTitle(style: .clean) }

    /// DTOs over `pool`: up to three volume IDs (now and then an empty one), sometimes a primary.
    static func dtos(_ pool: [String]) -> Gen<WorkDTO> {
        let volumeID = Gen<String>.frequency([(9, Gen<String>.element(of: pool)), (1, Gen<String>.constant(""))])
        return Gen<(String, [String], String?, Bool)>.zip(title, Gen<String>.array(of: volumeID, count: 0...3), Gen<String>.element(of: pool).optional(nilProbability: 0.8), Gen<Bool>.bool(probability: 0.2))
            .map { WorkDTO(title: $0, synthetic: $3, googleBooksVolumeID: $2, googleBooksVolumeIDs: $1) }
    }

    /// Programs of up to 18 commands; with `interruptions`, rollbacks and crashes too (a session that
    /// lacks one skips it, and so does the model beside it).
    static func programs(interruptions: Bool, pool: [String]) -> Gen<[WorkCacheCommand]> {
        var weighted: [(weight: Int, generator: Gen<WorkCacheCommand>)] = [
            (6, dtos(pool).map { WorkCacheCommand.map($0) }),
            (2, Gen<Int>.int(in: 0...7).map { WorkCacheCommand.delete($0) }),
            (2, Gen<WorkCacheCommand>.constant(.save)),
            (1, Gen<WorkCacheCommand>.constant(.clearCache)),
        ]
        if interruptions {
            weighted.append((1, Gen<WorkCacheCommand>.constant(.rollback)))
            weighted.append((1, Gen<WorkCacheCommand>.constant(.crash)))
        }
        return Gen<WorkCacheCommand>.array(of: Gen<WorkCacheCommand>.frequency(weighted), count: 1...18)
    }

    static func describe(_ program: [WorkCacheCommand]) -> String {
        program.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
    }

    // MARK: - Rule-specific cases

    /// A work mapped, maps of other volume IDs, then a DTO sharing one of the work's volume IDs. With
    /// `synthetic`, one of the two DTOs is synthetic and the other real (D-126); otherwise both are real,
    /// as the seed's tests make them.
    static func hitCases(synthetic: Bool) -> Gen<WorkCacheExample> {
        let ids = Gen<String>.array(of: Gen<String>.element(of: ["a1", "a2", "a3"]), count: 1...3)
        let others = Gen<WorkDTO>.array(of: dtos(["b1", "b2"]), count: 0...3)
        return Gen<(String, [String], [WorkDTO], Int, String, Bool, Bool)>.zip(title, ids, others, Gen<Int>.int(in: 0...2), title, Gen<Bool>.bool, Gen<Bool>.bool).map { first, firstIDs, between, pick, second, saved, firstSynthetic in
            let shared = firstIDs[pick % firstIDs.count]
            var commands: [WorkCacheCommand] = [.map(WorkDTO(title: first, synthetic: synthetic && firstSynthetic, googleBooksVolumeIDs: firstIDs))]
            if saved { commands.append(.save) }
            commands += between.map { .map($0) }
            commands.append(.map(WorkDTO(title: second + " (again)", synthetic: synthetic && !firstSynthetic, googleBooksVolumeIDs: ["c9", shared])))
            return WorkCacheExample.hit(commands)
        }
    }

    /// Whether a program has a rollback or a crash followed by a map: the maps CACHE-07 is about.
    static func mapsAfterAnInterruption(_ program: [WorkCacheCommand]) -> Bool {
        guard let first = program.firstIndex(where: { $0 == .rollback || $0 == .crash }) else { return false }
        return program[first...].contains { if case .map = $0 { return true } else { return false } }
    }

    /// The volume IDs a DTO names, empty ones aside: the keys any reading of D-018 gives it.
    static func named(_ dto: WorkDTO) -> [String] {
        (dto.googleBooksVolumeIDs + (dto.googleBooksVolumeID.map { [$0] } ?? [])).filter { !$0.isEmpty }
    }

    /// Whether a program has, after a rollback or a crash, a map of a DTO whose volume IDs no earlier
    /// DTO named: the maps CACHE-11 is about.
    static func freshMapAfterAnInterruption(_ program: [WorkCacheCommand]) -> Bool {
        var seen = Set<String>()
        var interrupted = false
        for command in program {
            switch command {
            case .rollback, .crash:
                interrupted = true
            case let .map(dto):
                let keys = named(dto)
                if interrupted, !keys.isEmpty, keys.allSatisfy({ !seen.contains($0) }) { return true }
                seen.formUnion(keys)
            default:
                break
            }
        }
        return false
    }

    /// Runs the program on the session alone: every map of a DTO whose volume IDs no earlier DTO
    /// named must return a work never returned before (D-027: identifiers are never reused).
    static func checkFreshMapsAreNew<Session: WorkCacheSession>(_ program: [WorkCacheCommand], on session: inout Session) throws {
        var tracer = WorkCacheTracer(session, allowed: session.interruptions)
        var seen = Set<String>()
        for (index, command) in program.enumerated() {
            let known = tracer.works.count
            _ = try tracer.step(command)
            guard case let .map(dto) = command else { continue }
            let keys = named(dto)
            defer { seen.formUnion(keys) }
            guard !keys.isEmpty, keys.allSatisfy({ !seen.contains($0) }), let returned = tracer.returned.last else { continue }
            try ensure(returned >= known, "step \(index + 1) mapped volume IDs never seen before to an identifier returned before",
                question: describe(program), model: "a work never returned before", implementation: "work #\(returned + 1), first returned at step \(tracer.firstReturnedAt[returned])",
                kind: "an identifier reissued")
        }
    }

    /// A work mapped, saved or not, deleted, saved or not, then mapped again by one of its volume IDs.
    static var evictionCases: Gen<WorkCacheExample> {
        let ids = Gen<String>.array(of: Gen<String>.element(of: ["a1", "a2", "a3"]), count: 1...3)
        return Gen<(String, [String], Bool, Bool, Int, String)>.zip(title, ids, Gen<Bool>.bool, Gen<Bool>.bool, Gen<Int>.int(in: 0...2), title).map { first, firstIDs, savedBefore, savedAfter, pick, second in
            var commands: [WorkCacheCommand] = [.map(WorkDTO(title: first, googleBooksVolumeIDs: firstIDs))]
            if savedBefore { commands.append(.save) }
            commands.append(.delete(0))
            if savedAfter { commands.append(.save) }
            let again = second + " (new)"
            commands.append(.map(WorkDTO(title: again, googleBooksVolumeIDs: [firstIDs[pick % firstIDs.count]])))
            return WorkCacheExample(commands, returns: [0, 1], count: 1, titles: [1: again], deleted: [0])
        }
    }

    /// Up to five DTOs with pairwise disjoint volume IDs: five new works.
    static var missCases: Gen<WorkCacheExample> {
        Gen<String>.array(of: title, count: 1...5).map { titles in
            let commands = titles.enumerated().map { WorkCacheCommand.map(WorkDTO(title: $0.element, googleBooksVolumeIDs: ["m\($0.offset)", "n\($0.offset)"])) }
            var views: [Int: [String]] = [:]
            var named: [Int: String] = [:]
            for index in titles.indices {
                views[index] = ["m\(index)", "n\(index)"]
                named[index] = titles[index]
            }
            return WorkCacheExample(commands, returns: Array(titles.indices), count: titles.count, titles: named, volumeIDs: views)
        }
    }

    /// Works mapped and saved or not, the cache cleared, then each mapped again: all new.
    static var clearCases: Gen<WorkCacheExample> {
        Gen<([String], Bool)>.zip(Gen<String>.array(of: title, count: 1...4), Gen<Bool>.bool).map { titles, saved in
            var commands = titles.enumerated().map { WorkCacheCommand.map(WorkDTO(title: $0.element, googleBooksVolumeIDs: ["k\($0.offset)"])) }
            if saved { commands.append(.save) }
            commands.append(.clearCache)
            commands += titles.enumerated().map { WorkCacheCommand.map(WorkDTO(title: $0.element + " Repeat", googleBooksVolumeIDs: ["k\($0.offset)"])) }
            return WorkCacheExample(commands, returns: Array(0..<(titles.count * 2)), count: titles.count * 2)
        }
    }

    /// A DTO whose keys the rule's own words give, mapped, then each key alone finds the same work.
    static var keyCases: Gen<WorkCacheExample> {
        let volumeID = Gen<String>.frequency([(3, Gen<String>.element(of: ["p", "q", "r"])), (1, Gen<String>.constant(""))])
        return Gen<([String], String?)>.zip(Gen<String>.array(of: volumeID, count: 0...5), volumeID.optional(nilProbability: 0.5)).map { volumeIDs, primary in
            // The rule's words, written out here rather than read from the model.
            var keys: [String] = []
            for id in volumeIDs + (primary.map { [$0] } ?? []) where !id.isEmpty && !keys.contains(id) {
                keys.append(id)
            }
            var commands: [WorkCacheCommand] = [.map(WorkDTO(title: "Keyed", googleBooksVolumeID: primary, googleBooksVolumeIDs: volumeIDs))]
            commands += keys.map { .map(WorkDTO(title: "By \($0)", googleBooksVolumeIDs: [$0])) }
            // Without keys the second DTO (with none either) must make another work.
            if keys.isEmpty {
                commands.append(.map(WorkDTO(title: "Keyed", googleBooksVolumeID: primary, googleBooksVolumeIDs: volumeIDs)))
                return WorkCacheExample(commands, returns: [0, 1], count: 2, volumeIDs: [0: [], 1: []])
            }
            return WorkCacheExample(commands, returns: Array(repeating: 0, count: keys.count + 1), count: 1, volumeIDs: [0: keys])
        }
    }
}

extension WorkCacheInterruptions {
    /// "rollback and crash", for reports.
    var names: String {
        var names: [String] = []
        if contains(.rollback) { names.append("rollback") }
        if contains(.crash) { names.append("crash") }
        return names.joined(separator: " and ")
    }
}
