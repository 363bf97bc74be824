import Generators
import SpecModel
import SpecTesting
import Testing

/// Manual series management and detection against a simple model: plain lists of series with their
/// keys, totals and books kept sorted by (place, order of placing). Any sequence of creations,
/// assignments, moves, reorders, renames, total changes, removals, deletions, detections and deleted
/// works must give the model's outcome for every command and leave the library showing exactly the
/// model's series, with every invariant intact (seed 002_…, User Story 3, "Manual Series
/// Management"; Decisions D-098 to D-101).
@Suite struct SeriesStateMachineTests {
    @Test func manualEditsAndDetectionAgreeWithASimpleModel() {
        stateMachine(
            SeriesSpecification(),
            cases: 300,
            coverage: [
                CoverageRequirement("reorder", atLeastPercent: 30),
                CoverageRequirement("detect", atLeastPercent: 50),
                CoverageRequirement("rename", atLeastPercent: 30),
                CoverageRequirement("delete series", atLeastPercent: 20),
                CoverageRequirement("delete work", atLeastPercent: 10),
            ],
            labels: SeriesSpecification.labels
        )
    }
}

/// A book in the model: the work's index, its place, and when it was placed (ties keep that order).
struct ModelBook: Hashable, Sendable {
    var work: Int
    var place: SeriesPlace
    var sequence: Int
}

struct ModelSeries: Hashable, Sendable {
    var id: UInt64
    var name: String
    var keys: [String]
    var total: Int?
    var source: SeriesSource
    var books: [ModelBook] = []
    var removed: Set<Int> = []

    mutating func sortBooks() {
        books.sort { ($0.place, $0.sequence) < ($1.place, $1.sequence) }
    }

    var highestCounted: Int? { books.compactMap { $0.place.countedNumbers?.upperBound }.max() }
}

struct SeriesModel: Sendable {
    var series: [ModelSeries] = []
    var issued: UInt64 = 0
    var sequence = 0
    var deletedKeys: Set<String> = []
    var liveWorks = [Bool](repeating: true, count: SeriesSpecification.workCount)
    /// What the system must answer to the command that produced this model.
    var expected: SeriesResponse?

    func index(of raw: UInt64) -> Int? { series.firstIndex { $0.id == raw } }
    func owner(of key: String) -> ModelSeries? { series.first { $0.keys.contains(key) } }

    mutating func nextSequence() -> Int {
        sequence += 1
        return sequence
    }
}

enum SeriesResponse: Hashable, Sendable {
    case edit(SeriesEdit)
    case detection([SeriesDetection.Outcome])
    case unlinked(Int)
}

enum SeriesCommand: Sendable, CustomStringConvertible {
    case create(name: Int, total: Int?)
    case assign(series: UInt64, work: Int, place: SeriesPlace?)
    case setPlace(series: UInt64, work: Int, place: SeriesPlace)
    case reorder(series: UInt64, permutation: [Int], broken: Bool)
    case move(series: UInt64, work: Int, toIndex: Int)
    case rename(series: UInt64, name: Int)
    case changeTotal(series: UInt64, total: Int?)
    case remove(series: UInt64, work: Int)
    case delete(series: UInt64)
    case detect(work: Int, name: Int, number: Int)
    case deleteWork(Int)

    var description: String {
        let names = SeriesSpecification.names
        switch self {
        case let .create(name, total): return "create(\"\(names[name].text)\", total: \(total.map(String.init) ?? "nil"))"
        case let .assign(series, work, place): return "assign(work \(work), to: Series#\(series), at: \(place.map { "#\($0)" } ?? "next"))"
        case let .setPlace(series, work, place): return "setPlace(work \(work), in: Series#\(series), to: #\(place))"
        case let .reorder(series, permutation, broken): return "reorder(Series#\(series), \(permutation)\(broken ? " broken" : ""))"
        case let .move(series, work, index): return "move(work \(work), in: Series#\(series), to: \(index))"
        case let .rename(series, name): return "rename(Series#\(series), to: \"\(names[name].text)\")"
        case let .changeTotal(series, total): return "changeTotal(Series#\(series), to: \(total.map(String.init) ?? "nil"))"
        case let .remove(series, work): return "remove(work \(work), from: Series#\(series))"
        case let .delete(series): return "delete(Series#\(series))"
        case let .detect(work, name, number): return "detect(work \(work), \"\(names[name].text) #\(number)\")"
        case let .deleteWork(work): return "delete work \(work) from the store"
        }
    }
}

/// The system: the store with its six books, the series library and a clock.
struct SeriesSystem: Sendable {
    var store: LibraryStore
    var library = SeriesLibrary()
    var now = SeriesWorld.start

    mutating func tick() -> Timestamp {
        now = now.adding(milliseconds: 1_000)
        return now
    }
}

struct SeriesSpecification: StateMachineSpecification {
    typealias Model = SeriesModel
    typealias System = SeriesSystem
    typealias Command = SeriesCommand
    typealias Response = SeriesResponse

    static let workCount = 6

    /// Names and the keys the model expects for them, written out by hand (`nil`: refused).
    static let names: [(text: String, key: String?)] = [
        ("Foundation", "foundation"), ("The Foundation", "foundation"), ("The Expanse", "expanse"), ("Expanse Series", "expanse"),
        ("Dune", "dune"), ("Dune!", "dune"), ("HP", "hp"), ("?", nil),
    ]

    /// The store every program starts from, and its works' identifiers.
    static let initial: (store: LibraryStore, works: [PersistentIdentifier]) = {
        var world = SeriesWorld()
        let works = (0..<workCount).map { index in
            // A fresh store cannot refuse these inserts.
            try! world.addBook("Book \(index)", status: index % 2 == 0 ? .read : .toRead)
        }
        return (world.store, works)
    }()

    static func work(_ index: Int) -> PersistentIdentifier { initial.works[index] }

    var commandsMax: Int { 40 }

    func initialModel() -> Model { Model() }
    func makeSystem() -> System { System(store: Self.initial.store) }

    func commands(for model: Model) -> Gen<Command> {
        let series = Gen<Int>.int(in: 1...(Int(model.issued) + 1)).map { UInt64($0) }
        let work = Gen<Int>.int(in: 0...(Self.workCount - 1))
        let name = Gen<Int>.int(in: 0...(Self.names.count - 1))
        let total = Gen<Int?>.frequency([
            (1, Gen<Int?>.constant(nil)),
            (4, Gen<Int>.int(in: 1...12).map { Optional($0) }),
            (1, Gen<Int?>.constant(0)),
        ])
        let liveSeries = model.series.isEmpty ? series : Gen<UInt64>.frequency([
            (4, Gen<ModelSeries>.element(of: model.series).map(\.id)),
            (1, series),
        ])
        var choices: [(weight: Int, generator: Gen<Command>)] = [
            (2, Gen<(Int, Int?)>.zip(name, total).map { Command.create(name: $0, total: $1) }),
            (4, Gen<(UInt64, Int, SeriesPlace?)>.zip(liveSeries, work, SeriesGen.place.optional(nilProbability: 0.5)).map { Command.assign(series: $0, work: $1, place: $2) }),
            (1, Gen<(UInt64, Int, SeriesPlace)>.zip(liveSeries, work, SeriesGen.place).map { Command.setPlace(series: $0, work: $1, place: $2) }),
            (1, Gen<(UInt64, Int, Int)>.zip(liveSeries, work, Gen<Int>.int(in: 0...4)).map { Command.move(series: $0, work: $1, toIndex: $2) }),
            (1, Gen<(UInt64, Int)>.zip(liveSeries, name).map { Command.rename(series: $0, name: $1) }),
            (1, Gen<(UInt64, Int?)>.zip(liveSeries, total).map { Command.changeTotal(series: $0, total: $1) }),
            (1, Gen<(UInt64, Int)>.zip(liveSeries, work).map { Command.remove(series: $0, work: $1) }),
            (1, liveSeries.map { Command.delete(series: $0) }),
            (4, Gen<(Int, Int, Int)>.zip(work, name, Gen<Int>.int(in: 0...12)).map { Command.detect(work: $0, name: $1, number: $2) }),
            (1, work.map { Command.deleteWork($0) }),
        ]
        if !model.series.isEmpty {
            let reorder = Gen<ModelSeries>.element(of: model.series).flatMap { target in
                Gen<([Int], Bool)>.zip(Gen<Int>.shuffled(Array(target.books.indices)), Gen<Bool>.bool(probability: 0.2)).map {
                    Command.reorder(series: target.id, permutation: $0, broken: $1)
                }
            }
            choices.append((3, reorder))
        }
        return Gen<Command>.frequency(choices)
    }

    // MARK: - The model

    func nextModel(after command: Command, from model: Model) -> Model {
        var model = model
        model.expected = Self.apply(command, to: &model)
        return model
    }

    static func apply(_ command: Command, to model: inout Model) -> Response {
        func notFound(_ raw: UInt64) -> Response { .edit(.seriesNotFound(SeriesID(rawValue: raw))) }
        switch command {
        case let .create(nameIndex, total):
            let (text, key) = names[nameIndex]
            guard let key else { return .edit(.invalidName(.empty)) }
            if let total, !(1...SeriesPlace.numberMax).contains(total) { return .edit(.invalidTotal(total)) }
            if let owner = model.owner(of: key) { return .edit(.duplicateName(existing: SeriesID(rawValue: owner.id))) }
            model.issued += 1
            model.series.append(ModelSeries(id: model.issued, name: text, keys: [key], total: total, source: .manual))
            model.deletedKeys.remove(key)
            return .edit(.created(SeriesID(rawValue: model.issued)))

        case let .assign(raw, work, place):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let id = SeriesID(rawValue: raw)
            guard model.liveWorks[work] else { return .edit(.workNotFound(Self.work(work))) }
            if let book = model.series[index].books.first(where: { $0.work == work }) { return .edit(.alreadyInSeries(id, Self.work(work), at: book.place)) }
            let chosen = place ?? SeriesPlace((model.series[index].books.map(\.place.reachedNumber).max() ?? 0) + 1)
            if let total = model.series[index].total, let last = chosen.countedNumbers?.upperBound, last > total {
                return .edit(.placeBeyondTotal(chosen, total: total))
            }
            model.series[index].books.append(ModelBook(work: work, place: chosen, sequence: model.nextSequence()))
            model.series[index].sortBooks()
            model.series[index].removed.remove(work)
            return .edit(.assigned(id, Self.work(work), chosen))

        case let .setPlace(raw, work, place):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let id = SeriesID(rawValue: raw)
            guard let position = model.series[index].books.firstIndex(where: { $0.work == work }) else { return .edit(.notInSeries(id, Self.work(work))) }
            if let total = model.series[index].total, let last = place.countedNumbers?.upperBound, last > total {
                return .edit(.placeBeyondTotal(place, total: total))
            }
            if model.series[index].books[position].place != place {
                model.series[index].books[position].place = place
                model.series[index].books[position].sequence = model.nextSequence()
                model.series[index].sortBooks()
            }
            return .edit(.moved(id, Self.work(work), place))

        case let .reorder(raw, permutation, broken):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let books = model.series[index].books
            guard !broken, permutation.count == books.count else { return .edit(.notAPermutation(SeriesID(rawValue: raw))) }
            model.series[index].books = zip(permutation, books.map(\.place)).map { ModelBook(work: books[$0].work, place: $1, sequence: model.nextSequence()) }
            return .edit(.reordered(SeriesID(rawValue: raw)))

        case let .move(raw, work, toIndex):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let id = SeriesID(rawValue: raw)
            let books = model.series[index].books
            guard let from = books.firstIndex(where: { $0.work == work }) else { return .edit(.notInSeries(id, Self.work(work))) }
            guard toIndex < books.count else { return .edit(.indexOutOfRange(toIndex, count: books.count)) }
            var order = books.map(\.work)
            order.remove(at: from)
            order.insert(work, at: toIndex)
            model.series[index].books = zip(order, books.map(\.place)).map { ModelBook(work: $0, place: $1, sequence: model.nextSequence()) }
            return .edit(.reordered(id))

        case let .rename(raw, nameIndex):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let (text, key) = names[nameIndex]
            guard let key else { return .edit(.invalidName(.empty)) }
            if let owner = model.owner(of: key), owner.id != raw { return .edit(.duplicateName(existing: SeriesID(rawValue: owner.id))) }
            model.series[index].name = text
            model.series[index].keys.removeAll { $0 == key }
            model.series[index].keys.insert(key, at: 0)
            model.deletedKeys.remove(key)
            return .edit(.renamed(SeriesID(rawValue: raw), to: text))

        case let .changeTotal(raw, total):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            if let total {
                guard total >= 1 else { return .edit(.invalidTotal(total)) }
                if let highest = model.series[index].highestCounted, highest > total { return .edit(.totalBelowHighestPlace(total: total, highest: highest)) }
            }
            model.series[index].total = total
            return .edit(.totalChanged(SeriesID(rawValue: raw), to: total))

        case let .remove(raw, work):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let id = SeriesID(rawValue: raw)
            guard model.series[index].books.contains(where: { $0.work == work }) else { return .edit(.notInSeries(id, Self.work(work))) }
            model.series[index].books.removeAll { $0.work == work }
            model.series[index].removed.insert(work)
            return .edit(.removed(id, Self.work(work)))

        case let .delete(raw):
            guard let index = model.index(of: raw) else { return notFound(raw) }
            let removed = model.series.remove(at: index)
            model.deletedKeys.formUnion(removed.keys)
            return .edit(.deleted(SeriesID(rawValue: raw), booksUnlinked: removed.books.count))

        case let .detect(work, nameIndex, number):
            let (text, key) = names[nameIndex]
            guard model.liveWorks[work], let key else { return .detection([]) }
            let place = SeriesPlace(number)
            if let index = model.series.firstIndex(where: { $0.keys.contains(key) }) {
                let id = SeriesID(rawValue: model.series[index].id)
                if model.series[index].removed.contains(work) { return .detection([.skippedRemovedByUser(id)]) }
                if let book = model.series[index].books.first(where: { $0.work == work }) { return .detection([.alreadyInSeries(id, book.place)]) }
                model.series[index].books.append(ModelBook(work: work, place: place, sequence: model.nextSequence()))
                model.series[index].sortBooks()
                if let total = model.series[index].total, number > total { model.series[index].total = number }
                return .detection([.linked(id, place)])
            }
            if model.deletedKeys.contains(key) { return .detection([.skippedDeletedSeries(name: text)]) }
            model.issued += 1
            var created = ModelSeries(id: model.issued, name: text, keys: [key], total: nil, source: .autoDetected)
            created.books = [ModelBook(work: work, place: place, sequence: model.nextSequence())]
            model.series.append(created)
            return .detection([.created(SeriesID(rawValue: model.issued), place)])

        case let .deleteWork(work):
            guard model.liveWorks[work] else { return .unlinked(0) }
            model.liveWorks[work] = false
            var unlinked = 0
            for index in model.series.indices {
                if model.series[index].books.contains(where: { $0.work == work }) { unlinked += 1 }
                model.series[index].books.removeAll { $0.work == work }
                model.series[index].removed.remove(work)
            }
            return .unlinked(unlinked)
        }
    }

    // MARK: - The system

    func run(_ command: Command, on system: inout System) throws -> Response {
        let now = system.tick()
        let store = system.store
        func work(_ index: Int) -> PersistentIdentifier { Self.work(index) }
        func id(_ raw: UInt64) -> SeriesID { SeriesID(rawValue: raw) }
        switch command {
        case let .create(name, total):
            return .edit(system.library.createSeries(named: Self.names[name].text, totalBooks: total, at: now))
        case let .assign(series, index, place):
            return .edit(system.library.assign(work(index), to: id(series), place: place, in: store, at: now))
        case let .setPlace(series, index, place):
            return .edit(system.library.setPlace(of: work(index), in: id(series), to: place, at: now))
        case let .reorder(series, permutation, broken):
            let current = system.library.series(id(series))?.workIDs ?? []
            var order = permutation.map { $0 < current.count ? current[$0] : work(0) }
            if broken { order.append(order.first ?? work(0)) }
            return .edit(system.library.reorder(id(series), readingOrder: order, at: now))
        case let .move(series, index, toIndex):
            return .edit(system.library.moveBook(work(index), in: id(series), toIndex: toIndex, at: now))
        case let .rename(series, name):
            return .edit(system.library.rename(id(series), to: Self.names[name].text, at: now))
        case let .changeTotal(series, total):
            return .edit(system.library.changeTotal(of: id(series), to: total, at: now))
        case let .remove(series, index):
            return .edit(system.library.remove(work(index), from: id(series), at: now))
        case let .delete(series):
            return .edit(system.library.deleteSeries(id(series), at: now))
        case let .detect(index, name, number):
            let metadata = SeriesMetadata(openLibrary: ["\(Self.names[name].text) #\(number)"])
            return .detection(system.library.detectSeries(for: work(index), metadata: metadata, in: store, at: now).outcomes)
        case let .deleteWork(index):
            if system.store.work(work(index)) != nil {
                _ = try system.store.delete(work(index))
                try system.store.save()
            }
            return .unlinked(Set(system.library.removeDeletedWorks(in: system.store, at: now).map(\.seriesID)).count)
        }
    }

    func postcondition(_ command: Command, response: Response, modelBefore: Model, modelAfter: Model) throws {
        try requireEqual(response, modelAfter.expected, "the answer")
    }

    func invariant(of system: System, model: Model) throws {
        do {
            try system.library._checkInvariants(against: system.store)
        } catch {
            throw PropertyViolation(error.description)
        }
        try requireEqual(system.library.seriesIDs.map(\.rawValue), model.series.map(\.id), "the series")
        try require(system.library.nextRawIdentifier == model.issued + 1, "counter \(system.library.nextRawIdentifier) after issuing \(model.issued)")
        for expected in model.series {
            let series = try requireSome(system.library.series(SeriesID(rawValue: expected.id)), "Series#\(expected.id) is missing")
            try requireEqual(series.name, expected.name, "\(series.id)'s name")
            try requireEqual(series.nameKeys, expected.keys, "\(series.id)'s name keys")
            try requireEqual(series.totalBooks, expected.total, "\(series.id)'s total")
            try requireEqual(series.source, expected.source, "\(series.id)'s source")
            try requireEqual(series.books, expected.books.map { SeriesBook(workID: Self.work($0.work), place: $0.place) }, "\(series.id)'s books")
            try requireEqual(series.removedWorkIDs, Set(expected.removed.map(Self.work)), "\(series.id)'s removed books")
        }
    }

    static func labels(_ program: StateMachineProgram<Command>) -> [String] {
        var labels = Set<String>()
        for command in program.commands {
            switch command {
            case .reorder, .move: labels.insert("reorder")
            case .detect: labels.insert("detect")
            case .rename: labels.insert("rename")
            case .delete: labels.insert("delete series")
            case .deleteWork: labels.insert("delete work")
            default: break
            }
        }
        return labels.sorted()
    }
}
