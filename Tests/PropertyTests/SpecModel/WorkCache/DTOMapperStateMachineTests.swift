import Generators
import SpecModel
import SpecTesting
import Testing

/// The property, over any sequence of maps, deletes, saves, clears and crash-relaunches:
/// `mapToWork` never returns a deleted work, and two DTOs that share a volume ID map to the same live
/// work, unless the cache was cleared (or the app relaunched) in between or that work was deleted.
@Suite struct DTOMapperStateMachineTests {
    @Test func mappingNeverReturnsADeletedWorkAndDeduplicatesLiveOnes() {
        stateMachine(
            MapperSpecification(),
            cases: 300,
            coverage: [
                CoverageRequirement("hit after a delete of another work", atLeastPercent: 10),
                CoverageRequirement("eviction", atLeastPercent: 20),
                CoverageRequirement("clear", atLeastPercent: 20),
            ],
            labels: MapperSpecification.labels
        )
    }
}

enum MapperCommand: Sendable, CustomStringConvertible {
    case map(title: String, volumeIDs: [String])
    case deleteWork(index: Int)
    case save
    case clearCache
    case crash

    var description: String {
        switch self {
        case let .map(title, volumeIDs): return "mapToWork(\"\(title)\", \(volumeIDs))"
        case let .deleteWork(index): return "delete(work #\(index))"
        case .save: return "save()"
        case .clearCache: return "clearCache()"
        case .crash: return "crash and relaunch"
        }
    }
}

/// The model: which works are live and saved, and which live work each volume ID was last mapped to
/// since the last clear (the deduplication promise).
struct MapperModel: Sendable {
    var live: Set<UInt64> = []
    var saved: Set<UInt64> = []
    var promised: [String: UInt64] = [:]
    var issued: UInt64 = 0
}

struct MapperSystem {
    var store = LibraryStore()
    var mapper = DTOMapper()
}

struct MapperSpecification: StateMachineSpecification {
    typealias Model = MapperModel
    typealias System = MapperSystem
    typealias Command = MapperCommand
    typealias Response = DTOMapper.Mapping?

    var commandsMax: Int { 40 }

    func initialModel() -> Model { Model() }
    func makeSystem() -> System { System() }

    func commands(for model: Model) -> Gen<Command> {
        let volumeIDs = Gen.array(of: Gen.element(of: ["v1", "v2", "v3", "v4", "v5"]), count: 0...3)
        var choices: [(weight: Int, generator: Gen<Command>)] = [
            (6, Gen.zip(Gen.element(of: ["A", "B", "C"]), volumeIDs).map { Command.map(title: $0, volumeIDs: $1) }),
            (2, Gen.constant(.save)),
            (1, Gen.constant(.clearCache)),
            (1, Gen.constant(.crash)),
        ]
        if !model.live.isEmpty {
            choices.append((2, Gen.int(in: 0...(model.live.count - 1)).map { Command.deleteWork(index: $0) }))
        }
        return Gen.frequency(choices)
    }

    /// The live work the model promises for these keys: the first key whose promised work is live.
    static func promised(_ keys: [String], in model: Model) -> UInt64? {
        keys.lazy.compactMap { model.promised[$0] }.first { model.live.contains($0) }
    }

    static func keys(_ volumeIDs: [String]) -> [String] {
        WorkDTO(title: "", googleBooksVolumeIDs: volumeIDs).volumeIDKeys
    }

    func nextModel(after command: Command, from model: Model) -> Model {
        var model = model
        switch command {
        case let .map(_, volumeIDs):
            let keys = Self.keys(volumeIDs)
            let work: UInt64
            if let promised = Self.promised(keys, in: model) {
                work = promised
            } else {
                model.issued += 1
                work = model.issued
                model.live.insert(work)
            }
            for key in keys where model.promised[key].map({ !model.live.contains($0) }) ?? true {
                model.promised[key] = work
            }
        case let .deleteWork(index):
            model.live.remove(model.live.sorted()[index])
        case .save:
            model.saved = model.live
        case .clearCache:
            model.promised = [:]
        case .crash:
            model.live = model.saved
            model.promised = [:]
        }
        return model
    }

    func run(_ command: Command, on system: inout System) throws -> Response {
        switch command {
        case let .map(title, volumeIDs):
            return system.mapper.mapToWork(WorkDTO(title: title, googleBooksVolumeIDs: volumeIDs), in: &system.store)
        case let .deleteWork(index):
            try system.store.delete(system.store.identifiers(of: .work)[index])
            return nil
        case .save:
            try system.store.save()
            return nil
        case .clearCache:
            system.mapper.clearCache()
            return nil
        case .crash:
            system.store = system.store.relaunchedAfterCrash()
            system.mapper = DTOMapper()
            return nil
        }
    }

    func postcondition(_ command: Command, response: Response, modelBefore: Model, modelAfter: Model) throws {
        guard case let .map(_, volumeIDs) = command, let mapping = response else { return }
        let returned = mapping.workID.rawValue
        try require(modelAfter.live.contains(returned), "mapToWork returned \(mapping.workID), which is not a live work")
        if let promised = Self.promised(Self.keys(volumeIDs), in: modelBefore) {
            try requireEqual(returned, promised, "the live work already mapped for \(volumeIDs)")
        } else {
            try requireEqual(mapping.outcome, .created, "no live work was mapped for \(volumeIDs)")
        }
    }

    func invariant(of system: System, model: Model) throws {
        try requireEqual(Set(system.store.identifiers(of: .work).map(\.rawValue)), model.live, "live works")
        do { try system.store._checkInvariants() } catch { throw PropertyViolation(error.description) }
    }

    static func labels(_ program: StateMachineProgram<MapperCommand>) -> [String] {
        var labels: Set<String> = []
        var sawDelete = false
        var model = MapperModel()
        let specification = MapperSpecification()
        for command in program.commands {
            switch command {
            case .clearCache: labels.insert("clear")
            case .deleteWork: sawDelete = true
            case let .map(_, volumeIDs):
                let keys = keys(volumeIDs)
                if keys.contains(where: { model.promised[$0].map { !model.live.contains($0) } ?? false }) { labels.insert("eviction") }
                if sawDelete, promised(keys, in: model) != nil { labels.insert("hit after a delete of another work") }
            default: break
            }
            model = specification.nextModel(after: command, from: model)
        }
        return labels.sorted()
    }
}
