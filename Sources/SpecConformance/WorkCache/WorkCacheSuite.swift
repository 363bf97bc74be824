import Generators
import SpecModel

extension ConformanceSuite where Implementation: WorkCacheSession {
    /// The work cache suite: the seed's five tests, hits, evictions, misses and clears as laws, the
    /// decisions about keys and adoption, and generated programs of maps, deletes, saves, clears,
    /// rollbacks and crashes compared with the model step by step.
    public static var workCache: ConformanceSuite {
        typealias R = WorkCacheRules
        typealias C = WorkCacheCommand
        func dto(_ title: String, _ volumeIDs: [String], primary: String? = nil) -> WorkDTO {
            WorkDTO(title: title, googleBooksVolumeID: primary, googleBooksVolumeIDs: volumeIDs)
        }
        /// The seed's `makeTestWorkDTO(title:volumeIDs:)`.
        func seedDTO(_ title: String, _ volumeIDs: [String]) -> WorkDTO {
            WorkDTO(title: title, originalLanguage: "en", firstPublicationYear: 2024, primaryProvider: "google-books",
                googleBooksVolumeID: volumeIDs.first, googleBooksVolumeIDs: volumeIDs, contributors: ["google-books"])
        }
        func examples(_ rule: Rule, _ about: String, label: String? = nil, needs: WorkCacheInterruptions = [], _ list: [ConformanceExample<WorkCacheExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, list, appliesTo: { needs.isSubset(of: $0.interruptions) ? nil : "the session cannot simulate \(needs.names)" }) { session, example in
                try example.check(on: &session)
            }
        }
        return ConformanceSuite(id: "work-cache", title: "DTOMapper work cache", seam: "WorkCacheSession", checks: [
            examples(R.cacheHit, "the seed's cache-hit tests", [
                ConformanceExample("same volume ID: the first work, its title kept", WorkCacheExample(
                    [.map(seedDTO("First Work", ["vol-123"])), .map(seedDTO("Second Work", ["vol-123"]))], returns: [0, 0], count: 1, titles: [0: "First Work"]),
                    pins: "seed: \"Cache hit with valid Work returns existing Work\""),
                ConformanceExample("any of three volume IDs", WorkCacheExample(
                    [.map(seedDTO("Multi-Volume Work", ["vol-1", "vol-2", "vol-3"])), .map(seedDTO("Should Find Existing", ["vol-2"])), .map(seedDTO("Third", ["vol-3"]))], returns: [0, 0, 0], count: 1),
                    pins: "seed: \"Cache hit with multiple volumeIDs returns Work on any match\""),
                ConformanceExample("an unsaved work is found", WorkCacheExample(
                    [.map(dto("A", ["v"])), .map(dto("B", ["v"])), .save, .map(dto("C", ["v"]))], returns: [0, 0, 0], count: 1, titles: [0: "A"]), pins: "D-016"),
            ]),
            .property(R.cacheHit, "generated DTO pairs sharing one volume ID, with other maps between", cases: 20, WorkCachePrograms.hitCases, describe: { $0.description }) { session, hit in
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
                    [.map(dto("A", ["v"])), .save, .delete(0), .map(dto("B", ["v"]))], returns: [0, 1], count: 1, titles: [1: "B"], deleted: [0]), pins: "seed: \"returns nil if object was deleted\""),
                ConformanceExample("a stale entry before a live hit", WorkCacheExample(
                    [.map(dto("Stale", ["v1"])), .map(dto("Live", ["v2"])), .delete(0), .map(dto("Any", ["v1", "v2"]))], returns: [0, 1, 1], count: 1, titles: [1: "Live"], deleted: [0]), pins: "D-017"),
            ]),
            .property(R.staleEviction, "generated works deleted (saved or not) and mapped again by one of their volume IDs", cases: 20, WorkCachePrograms.evictionCases, describe: { $0.description }) { session, eviction in
                try eviction.check(on: &session)
            },
            examples(R.cacheMiss, "the seed's cache-miss test", [
                ConformanceExample("two volume IDs, two works", WorkCacheExample(
                    [.map(seedDTO("Work 1", ["vol-1"])), .map(seedDTO("Work 2", ["vol-2"]))], returns: [0, 1], count: 2,
                    titles: [0: "Work 1", 1: "Work 2"], volumeIDs: [0: ["vol-1"], 1: ["vol-2"]]),
                    pins: "seed: \"Cache miss creates new Work\""),
            ]),
            .property(R.cacheMiss, "generated DTOs with disjoint volume IDs", cases: 20, WorkCachePrograms.missCases, describe: { $0.description }) { session, example in
                try example.check(on: &session)
            },
            examples(R.onlyIndex, "clearing the cache", [
                ConformanceExample("the seed's clearCache test", WorkCacheExample(
                    [.map(seedDTO("Work 1", ["vol-1"])), .map(seedDTO("Work 2", ["vol-2"])), .clearCache,
                     .map(seedDTO("Work 1 Repeat", ["vol-1"])), .map(seedDTO("Work 2 Repeat", ["vol-2"]))],
                    returns: [0, 1, 2, 3], count: 4, titles: [0: "Work 1", 2: "Work 1 Repeat", 3: "Work 2 Repeat"]),
                    pins: "seed: \"clearCache() removes all entries\""),
                ConformanceExample("saved works are not searched after a clear", WorkCacheExample(
                    [.map(dto("A", ["v1", "v2"])), .save, .clearCache, .map(dto("B", ["v2"])), .map(dto("C", ["v1"]))], returns: [0, 1, 2], count: 3, titles: [0: "A"]), pins: "D-016"),
            ]),
            examples(R.onlyIndex, "relaunching", label: "CACHE-04.relaunch", needs: .crash, [
                ConformanceExample("after a relaunch the fresh cache makes new works", WorkCacheExample(
                    [.map(dto("A", ["v"])), .save, .crash, .map(dto("A", ["v"]))], returns: [0, 1], count: 2, titles: [0: "A", 1: "A"]), pins: "D-019"),
            ]),
            .property(R.onlyIndex, "generated works cleared from the cache and mapped again", cases: 20, WorkCachePrograms.clearCases, describe: { $0.description }) { session, example in
                try example.check(on: &session)
            },
            examples(R.hitAdoptsVolumeIDs, "adopting the DTO's other volume IDs", [
                ConformanceExample("a hit adds the DTO's other volume IDs", WorkCacheExample(
                    [.map(dto("A", ["v1"])), .map(dto("A again", ["v1", "v9"])), .map(dto("By v9", ["v9"]))], returns: [0, 0, 0], count: 1,
                    titles: [0: "A"], volumeIDs: [0: ["v1", "v9"]]), pins: "D-017"),
                ConformanceExample("never another live work's", WorkCacheExample(
                    [.map(dto("First", ["v1"])), .map(dto("Second", ["v2"])), .map(dto("Both", ["v1", "v2"])), .map(dto("By v2", ["v2"]))], returns: [0, 1, 0, 1], count: 2,
                    volumeIDs: [0: ["v1"], 1: ["v2"]]), pins: "D-017"),
                ConformanceExample("the first key in the DTO's order wins", WorkCacheExample(
                    [.map(dto("First", ["v1"])), .map(dto("Second", ["v2"])), .map(dto("Both", ["v2", "v1"]))], returns: [0, 1, 1], count: 2), pins: "D-017"),
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
            .property(R.keys, "generated DTOs with empty, repeated and primary volume IDs", cases: 20, WorkCachePrograms.keyCases, describe: { $0.description }) { session, example in
                try example.check(on: &session)
            },
            examples(R.interruptions, "rolling back", label: "CACHE-07.rollback", needs: .rollback, [
                ConformanceExample("a rolled-back work's identifier is not reissued", WorkCacheExample(
                    [.map(dto("A", ["v1"])), .rollback, .map(dto("B", ["v2"])), .map(dto("C", ["v1"]))], returns: [0, 1, 2], count: 2, titles: [1: "B", 2: "C"], deleted: [0]), pins: "D-027"),
                ConformanceExample("a rollback that restores a work leaves the cache pointing elsewhere", WorkCacheExample(
                    [.map(dto("A", ["v"])), .save, .delete(0), .map(dto("B", ["v"])), .rollback, .map(dto("C", ["v"]))], returns: [0, 1, 2], count: 2, titles: [0: "A", 2: "C"], deleted: [1]), pins: "D-016"),
            ]),
            examples(R.interruptions, "crashing", label: "CACHE-07.crash", needs: .crash, [
                ConformanceExample("an unsaved work is lost in a crash and its identifier not reissued", WorkCacheExample(
                    [.map(dto("A", ["v1"])), .save, .map(dto("B", ["v2"])), .crash, .map(dto("C", ["v3"])), .map(dto("D", ["v2"]))], returns: [0, 1, 2, 3], count: 3, deleted: [1]), pins: "D-027"),
            ]),
            .property(R.interruptions, "generated programs with rollbacks and crashes", method: .differential, label: "CACHE-07.differential", cases: 30,
                WorkCachePrograms.programs(interruptions: true, pool: WorkCachePrograms.volumeIDPool), describe: WorkCachePrograms.describe,
                appliesTo: { $0.interruptions.isEmpty ? "the session can simulate neither a rollback nor a crash" : nil }) { session, program in
                try WorkCacheRun.compare(program, on: session)
            },
            .property(R.sequences, "generated programs of maps, deletes, saves and clears", method: .differential, cases: 40,
                WorkCachePrograms.programs(interruptions: false, pool: WorkCachePrograms.volumeIDPool), describe: WorkCachePrograms.describe) { session, program in
                try WorkCacheRun.compare(program, on: session)
            },
        ])
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
        return Gen<(String, [String], String?)>.zip(title, Gen<String>.array(of: volumeID, count: 0...3), Gen<String>.element(of: pool).optional(nilProbability: 0.8))
            .map { WorkDTO(title: $0, googleBooksVolumeID: $2, googleBooksVolumeIDs: $1) }
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

    /// A work mapped, maps of other volume IDs, then a DTO sharing one of the work's volume IDs.
    static var hitCases: Gen<WorkCacheExample> {
        let ids = Gen<String>.array(of: Gen<String>.element(of: ["a1", "a2", "a3"]), count: 1...3)
        let others = Gen<WorkDTO>.array(of: dtos(["b1", "b2"]), count: 0...3)
        return Gen<(String, [String], [WorkDTO], Int, String, Bool)>.zip(title, ids, others, Gen<Int>.int(in: 0...2), title, Gen<Bool>.bool).map { first, firstIDs, between, pick, second, saved in
            let shared = firstIDs[pick % firstIDs.count]
            var commands: [WorkCacheCommand] = [.map(WorkDTO(title: first, googleBooksVolumeIDs: firstIDs))]
            if saved { commands.append(.save) }
            commands += between.map { .map($0) }
            commands.append(.map(WorkDTO(title: second + " (again)", googleBooksVolumeIDs: ["c9", shared])))
            return WorkCacheExample(commands, sameAsFirst: true)
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
