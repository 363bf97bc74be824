import Generators
import SpecModel
import SpecTesting
import Testing

/// The store against a naive model: one plain graph of live objects and one of saved objects, with no
/// pending-change bookkeeping at all. Any sequence of inserts, links, deletes, batch deletes, saves,
/// rollbacks and crashes must leave the store showing exactly the model's graphs, with its invariants
/// intact and identifiers never reused.
@Suite struct LibraryStoreStateMachineTests {
    @Test func storeAgreesWithANaiveGraphModel() {
        stateMachine(
            StoreSpecification(),
            cases: 300,
            coverage: [
                CoverageRequirement("crash", atLeastPercent: 20),
                CoverageRequirement("cascading work delete", atLeastPercent: 20),
                CoverageRequirement("batch delete", atLeastPercent: 10),
                CoverageRequirement("rollback", atLeastPercent: 20),
            ],
            labels: StoreSpecification.labels
        )
    }
}

/// A node of the naive graph: the fields that identify an object, and its relationships as sets.
struct GraphNode: Hashable, Sendable {
    var title: String
    var links: Set<UInt64> = []      // works: authors; authors: works
    var owned: Set<UInt64> = []      // works: editions and entries
    var owner: UInt64? = nil         // editions and entries: their work
    var reads: UInt64? = nil         // entries: their edition
}

/// The naive model: raw identifier → node, per kind.
struct Graph: Hashable, Sendable {
    var nodes: [EntityKind: [UInt64: GraphNode]] = [:]

    subscript(kind: EntityKind) -> [UInt64: GraphNode] {
        get { nodes[kind] ?? [:] }
        // An empty kind is absent, so graphs compare by their objects alone.
        set { nodes[kind] = newValue.isEmpty ? nil : newValue }
    }

    /// The graph the store shows, in the same shape.
    init(liveObjectsOf store: LibraryStore) {
        for work in store.works() {
            self[.work][work.id.rawValue] = GraphNode(
                title: work.title, links: Set(work.authorIDs.map(\.rawValue)),
                owned: Set((work.editionIDs + work.entryIDs).map(\.rawValue))
            )
        }
        for author in store.authors() {
            self[.author][author.id.rawValue] = GraphNode(title: author.name, links: Set(author.workIDs.map(\.rawValue)))
        }
        for edition in store.editions() {
            self[.edition][edition.id.rawValue] = GraphNode(title: edition.publisher ?? "", owner: edition.workID.rawValue)
        }
        for entry in store.entries() {
            self[.userLibraryEntry][entry.id.rawValue] = GraphNode(title: entry.notes ?? "", owner: entry.workID.rawValue, reads: entry.editionID?.rawValue)
        }
    }

    init() {}

    func sortedIDs(_ kind: EntityKind) -> [UInt64] { self[kind].keys.sorted() }
}

struct StoreModel: Sendable {
    var live = Graph()
    var saved = Graph()
    var issued: UInt64 = 0  // identifiers handed out so far
}

enum StoreCommand: Sendable, CustomStringConvertible {
    case insertWork(String)
    case insertAuthor(String)
    case insertEdition(work: Int, publisher: String)
    case insertEntry(work: Int, readsEdition: Bool, notes: String)
    case link(author: Int, work: Int)
    case delete(EntityKind, index: Int)
    case deleteAll
    case save
    case rollback
    case crash

    var description: String {
        switch self {
        case let .insertWork(title): return "insertWork(\"\(title)\")"
        case let .insertAuthor(name): return "insertAuthor(\"\(name)\")"
        case let .insertEdition(work, publisher): return "insertEdition(of: work #\(work), \"\(publisher)\")"
        case let .insertEntry(work, reads, notes): return "insertEntry(for: work #\(work), readsEdition: \(reads), \"\(notes)\")"
        case let .link(author, work): return "link(author #\(author), work #\(work))"
        case let .delete(kind, index): return "delete(\(kind) #\(index))"
        case .deleteAll: return "deleteAllLibraryObjects()"
        case .save: return "save()"
        case .rollback: return "rollback()"
        case .crash: return "crash and relaunch"
        }
    }
}

struct StoreSpecification: StateMachineSpecification {
    typealias Model = StoreModel
    typealias System = LibraryStore
    typealias Command = StoreCommand
    typealias Response = [UInt64]

    var commandsMax: Int { 60 }

    func initialModel() -> Model { Model() }
    func makeSystem() -> System { LibraryStore() }

    func commands(for model: Model) -> Gen<Command> {
        let name = Gen.element(of: ["a", "b", "c", "Dune", "Emma"])
        let works = model.live[.work].count
        let authors = model.live[.author].count
        var choices: [(weight: Int, generator: Gen<Command>)] = [
            (4, name.map(Command.insertWork)),
            (2, name.map(Command.insertAuthor)),
            (2, Gen.constant(.save)),
            (1, Gen.constant(.rollback)),
            (1, Gen.constant(.crash)),
            (1, Gen.constant(.deleteAll)),
        ]
        if works > 0 {
            let work = Gen.int(in: 0...(works - 1))
            choices.append((3, Gen.zip(work, name).map { Command.insertEdition(work: $0, publisher: $1) }))
            choices.append((2, Gen.zip(work, Gen.bool, name).map { Command.insertEntry(work: $0, readsEdition: $1, notes: $2) }))
            choices.append((2, work.map { Command.delete(.work, index: $0) }))
        }
        if works > 0, authors > 0 {
            choices.append((3, Gen.zip(Gen.int(in: 0...(authors - 1)), Gen.int(in: 0...(works - 1))).map { Command.link(author: $0, work: $1) }))
        }
        for kind in [EntityKind.author, .edition, .userLibraryEntry] where model.live[kind].count > 0 {
            choices.append((1, Gen.int(in: 0...(model.live[kind].count - 1)).map { Command.delete(kind, index: $0) }))
        }
        return Gen.frequency(choices)
    }

    func nextModel(after command: Command, from model: Model) -> Model {
        var model = model
        var graph = model.live
        func issue() -> UInt64 {
            model.issued += 1
            return model.issued
        }
        switch command {
        case let .insertWork(title):
            graph[.work][issue()] = GraphNode(title: title)
        case let .insertAuthor(name):
            graph[.author][issue()] = GraphNode(title: name)
        case let .insertEdition(index, publisher):
            let work = graph.sortedIDs(.work)[index]
            let id = issue()
            graph[.edition][id] = GraphNode(title: publisher, owner: work)
            graph[.work][work]!.owned.insert(id)
        case let .insertEntry(index, readsEdition, notes):
            let work = graph.sortedIDs(.work)[index]
            let edition = readsEdition ? graph.sortedIDs(.edition).first { graph[.edition][$0]!.owner == work } : nil
            let id = issue()
            graph[.userLibraryEntry][id] = GraphNode(title: notes, owner: work, reads: edition)
            graph[.work][work]!.owned.insert(id)
        case let .link(authorIndex, workIndex):
            let author = graph.sortedIDs(.author)[authorIndex]
            let work = graph.sortedIDs(.work)[workIndex]
            graph[.author][author]!.links.insert(work)
            graph[.work][work]!.links.insert(author)
        case let .delete(kind, index):
            let id = graph.sortedIDs(kind)[index]
            let node = graph[kind][id]!
            graph[kind][id] = nil
            switch kind {
            case .work:
                for owned in node.owned {
                    graph[.edition][owned] = nil
                    graph[.userLibraryEntry][owned] = nil
                }
                for author in node.links { graph[.author][author]!.links.remove(id) }
            case .author:
                for work in node.links { graph[.work][work]!.links.remove(id) }
            case .edition:
                graph[.work][node.owner!]!.owned.remove(id)
                for entry in graph.sortedIDs(.userLibraryEntry) where graph[.userLibraryEntry][entry]!.reads == id {
                    graph[.userLibraryEntry][entry]!.reads = nil
                }
            case .userLibraryEntry:
                graph[.work][node.owner!]!.owned.remove(id)
            }
        case .deleteAll:
            graph = Graph()
        case .save:
            model.saved = graph
        case .rollback, .crash:
            graph = model.saved
        }
        model.live = graph
        return model
    }

    func run(_ command: Command, on store: inout System) throws -> Response {
        func live(_ kind: EntityKind, _ index: Int) -> PersistentIdentifier { store.identifiers(of: kind)[index] }
        switch command {
        case let .insertWork(title):
            return [store.insertWork(WorkDraft(title: title)).rawValue]
        case let .insertAuthor(name):
            return [store.insertAuthor(AuthorDraft(name: name)).rawValue]
        case let .insertEdition(index, publisher):
            return [try store.insertEdition(EditionDraft(publisher: publisher), of: live(.work, index)).rawValue]
        case let .insertEntry(index, readsEdition, notes):
            let work = live(.work, index)
            let edition = readsEdition ? store.work(work)?.editionIDs.min() : nil
            return [try store.insertEntry(EntryDraft(notes: notes), for: work, edition: edition).rawValue]
        case let .link(author, work):
            try store.link(author: live(.author, author), to: live(.work, work))
            return []
        case let .delete(kind, index):
            let id = live(kind, index)
            let removed = try store.delete(id)
            try require(store.model(for: id) == nil, "model(for: \(id)) still answers after delete")
            return removed.map(\.rawValue)
        case .deleteAll:
            try store.deleteAllLibraryObjects()
            return []
        case .save:
            try store.save()
            return []
        case .rollback:
            store.rollback()
            return []
        case .crash:
            store = store.relaunchedAfterCrash()
            return []
        }
    }

    func postcondition(_ command: Command, response: Response, modelBefore: Model, modelAfter: Model) throws {
        switch command {
        case .insertWork, .insertAuthor, .insertEdition, .insertEntry:
            try requireEqual(response, [modelAfter.issued], "the new identifier (identifiers are never reused)")
        case .delete(.work, _):
            let removedByModel = EntityKind.allCases.flatMap { kind in Set(modelBefore.live[kind].keys).subtracting(modelAfter.live[kind].keys) }
            try requireEqual(Set(response), Set(removedByModel), "objects removed by the cascade")
        default:
            break
        }
    }

    func invariant(of store: System, model: Model) throws {
        do {
            try store._checkInvariants()
        } catch {
            throw PropertyViolation(error.description)
        }
        let shown = Graph(liveObjectsOf: store)
        for kind in EntityKind.allCases {
            try requireEqual(shown[kind], model.live[kind], "live \(kind) objects")
        }
        try require(store.nextRawIdentifier == model.issued + 1, "counter \(store.nextRawIdentifier) after issuing \(model.issued)")
        var saved = store
        saved.rollback()
        try requireEqual(Graph(liveObjectsOf: saved), model.saved, "saved objects")
    }

    static func labels(_ program: StateMachineProgram<StoreCommand>) -> [String] {
        var labels: Set<String> = []
        for command in program.commands {
            switch command {
            case .crash: labels.insert("crash")
            case .rollback: labels.insert("rollback")
            case .deleteAll: labels.insert("batch delete")
            case .delete(.work, _): labels.insert("cascading work delete")
            default: break
            }
        }
        return labels.sorted()
    }
}
