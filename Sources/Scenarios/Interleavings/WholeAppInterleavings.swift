import Generators
import SpecModel

/// The whole app under random interleavings of every feature's actions on two devices, the backend and
/// CloudKit (issue 37, part 2): after every action, no crash and every global invariant of
/// `WholeApp.violations()` holds. `swift test` checks 100 programs
/// (`WholeAppStateMachineTests`); `simrunner interleave --cases N` checks more in a release build, as
/// CI does with 10,000. Both run the property under the test's name, so a failure's replay token
/// replays in either.
package enum WholeAppInterleavings {
    /// The property's name: the test's, which seeds the run and binds its replay tokens.
    package static let propertyName = "PropertyTests.WholeAppStateMachineTests/everyInterleavingKeepsTheAppsInvariants()"

    /// How often the programs must reach the deep meetings of features, in percent of the programs.
    package static let coverage = [
        CoverageRequirement("a reset succeeded", atLeastPercent: 12),
        CoverageRequirement("a reset ended an import", atLeastPercent: 3),
        CoverageRequirement("a backend job ran", atLeastPercent: 20),
        CoverageRequirement("sync deleted books a reset deleted", atLeastPercent: 1),
        CoverageRequirement("a book was enriched", atLeastPercent: 40),
        CoverageRequirement("a crash during an import", atLeastPercent: 10),
    ]

    /// Checks `cases` programs (or replays `replay` alone); the seed defaults to the name's.
    package static func check(cases: Int, seed: UInt64? = nil, replay: ReplayToken? = nil, canary: WholeApp.Canary? = nil) -> PropertyReport {
        let specification = WholeAppSpecification(canary: canary)
        let settings = PropertySettings(name: propertyName, cases: cases, seed: seed, replay: replay, coverage: coverage)
        return checkProperty(specification.programs, settings: settings, describe: { "\n" + $0.description }, labels: WholeAppSpecification.labels) { program in
            try specification.execute(program)
        }
    }
}

/// The whole app as a state machine: a program is a list of `WholeAppAction`s on two devices, run on a
/// `WholeApp`, with `WholeApp.violations` judged after each.
package struct WholeAppSpecification: StateMachineSpecification {
    package struct Violation: Error, CustomStringConvertible {
        package let description: String
    }

    package var commandsMax: Int { 120 }

    /// The model is the app itself, run alongside: it steers the generator toward the actions that
    /// move what is under way (a reset's next step, an answer to a request on the wire), so a program
    /// reaches deep states; every action stays possible in every state.
    package func initialModel() -> WholeApp { Self.start() }
    package func makeSystem() -> WholeApp { Self.start(canary: canary) }

    /// A planted wiring bug in the system under test (the model steering the generator has none).
    package var canary: WholeApp.Canary?

    package init(canary: WholeApp.Canary? = nil) {
        self.canary = canary
    }

    /// Where every program starts: two devices sharing an eight-book library, synced, the first
    /// device's worker about to enrich them, the second device one batch into a 120-book import. A
    /// fresh install is one reset away.
    package static func start(canary: WholeApp.Canary? = nil) -> WholeApp {
        var app = WholeApp(devices: 2, canary: canary)
        let prelude: [WholeAppAction] = [
            .startImport(device: 0, file: 1, strategy: .skip), .importNextBatch(device: 0), .sync(device: 0), .sync(device: 1),
            .startImport(device: 1, file: 0, strategy: .smart), .importNextBatch(device: 1),
        ]
        for action in prelude {
            if let refusal = app.perform(action) { preconditionFailure("the start's \(action) was refused: \(refusal)") }
        }
        return app
    }

    package func nextModel(after command: WholeAppAction, from model: WholeApp) -> WholeApp {
        var next = model
        next.perform(command)
        return next
    }

    /// Performs the action and judges the invariants: the features' own on the device it touched
    /// (all of them after the backend's or the clock's), the global ones everywhere.
    package func run(_ command: WholeAppAction, on system: inout WholeApp) throws {
        _ = system.perform(command)
        let broken = system.violations(checkingFeaturesOn: system.devicesTouched(by: command))
        if !broken.isEmpty { throw Violation(description: broken.map(\.description).joined(separator: "; ")) }
    }

    package func postcondition(_ command: WholeAppAction, response: Void, modelBefore: WholeApp, modelAfter: WholeApp) throws {}

    package func commands(for model: WholeApp) -> Gen<WholeAppAction> {
        let underWay = model.devices.indices.map { Self.actionsUnderWay(on: $0, in: model) }
        return Gen<Int>.int(in: 0...1).flatMap { d in Gen<WholeAppAction>.frequency(Self.anyAction + underWay[d]) }
    }

    /// Every action, each with a small weight.
    static let anyAction: [(weight: Int, generator: Gen<WholeAppAction>)] = {
        let device = Gen<Int>.int(in: 0...1)
        let small = Gen<Int>.int(in: 0...7)
        let book = Gen<Int>.int(in: 0...200)
        func on(_ make: @escaping @Sendable (Int) -> WholeAppAction) -> Gen<WholeAppAction> { device.map(make) }
        let strategy = Gen<DuplicateStrategy>.element(of: [.skip, .smart, .replaceAll])
        let answer = Gen<WholeAppAction.EnrichmentAnswer>.element(of: WholeAppAction.EnrichmentAnswer.allCases)
        return [
            (3, Gen<(Int, Int, DuplicateStrategy)>.zip(device, small, strategy).map { WholeAppAction.startImport(device: $0, file: $1, strategy: $2) }),
            (2, on { .importNextBatch(device: $0) }),
            (1, on { .resumeImport(device: $0) }),
            (2, on { .requestReset(device: $0) }),
            (1, on { .cancelResetDialog(device: $0) }),
            (1, on { .confirmReset(device: $0) }),
            (1, Gen<(Int, LibraryResetRun.Network)>.zip(device, network).map { WholeAppAction.cancelRequestAnswered(device: $0, $1) }),
            (1, on { .resetStep(device: $0) }),
            (1, on { .retryReset(device: $0) }),
            (1, on { .dismissResetFailure(device: $0) }),
            (1, Gen<(Int, WholeAppAction.EnrichmentAnswer)>.zip(device, answer).map { WholeAppAction.enrichmentAnswer(device: $0, $1) }),
            (2, on { .startBackendJob(device: $0) }),
            (1, Gen<WholeAppAction>.constant(.backendLoopTurn)),
            (1, Gen<WholeAppAction>.constant(.backendFails)),
            (1, on { .socketOpens(device: $0) }),
            (1, on { .socketOpenFails(device: $0) }),
            (1, on { .socketDrops(device: $0) }),
            (1, on { .jobStateArrives(device: $0) }),
            (2, Gen<(Int, Int)>.zip(device, small).map { WholeAppAction.mapSearchResult(device: $0, result: $1) }),
            (1, on { .saveLibrary(device: $0) }),
            (1, Gen<(Int, Int)>.zip(device, small).map { WholeAppAction.createSeries(device: $0, name: $1) }),
            (2, Gen<(Int, Int, Int)>.zip(device, book, small).map { WholeAppAction.assignToSeries(device: $0, book: $1, series: $2) }),
            (1, Gen<(Int, Int)>.zip(device, small).map { WholeAppAction.deleteSeries(device: $0, series: $1) }),
            (1, Gen<(Int, Int)>.zip(device, book).map { WholeAppAction.deleteBook(device: $0, book: $1) }),
            (1, Gen<(Int, Int, Int)>.zip(device, book, small).map { WholeAppAction.renameBook(device: $0, book: $1, title: $2) }),
            (1, on { .crashAndRelaunch(device: $0) }),
            (1, on { .storeFailsNextSave(device: $0) }),
            (2, Gen<(Int, Bool)>.zip(device, Gen<Bool>.bool(probability: 0.5)).map { WholeAppAction.connectivity(device: $0, online: $1) }),
            (1, Gen<(Int, Int64)>.zip(device, Gen<Int64>.element(of: [-3_600_000, -1_000, 1_000, 86_400_000])).map { WholeAppAction.clockSteps(device: $0, milliseconds: $1) }),
            (4, on { .sync(device: $0) }),
            (3, Gen<Int64>.element(of: [500, 5_000, 30_000, 61_000]).map { WholeAppAction.timePasses(milliseconds: $0) }),
        ]
    }()

    static let network = Gen<LibraryResetRun.Network>.element(of: [
        .online, .offline, .timedOut(requestReachedBackend: true), .timedOut(requestReachedBackend: false),
    ])

    /// The actions that move what is under way on device `d`, weighted heavily.
    static func actionsUnderWay(on d: Int, in app: WholeApp) -> [(weight: Int, generator: Gen<WholeAppAction>)] {
        let device = app.devices[d]
        var moves: [(weight: Int, generator: Gen<WholeAppAction>)] = []
        switch device.reset.phase {
        case .confirming: moves.append((12, .constant(.confirmReset(device: d))))
        case .awaitingCancelResult: moves.append((12, network.map { .cancelRequestAnswered(device: d, $0) }))
        case .running: moves.append((80, .constant(.resetStep(device: d))))
        case .failed: moves.append((6, .element(of: [.retryReset(device: d), .dismissResetFailure(device: d)])))
        case .succeeded: moves.append((12, .element(of: [.sync(device: 0), .sync(device: 1)])))
        case .idle: break
        }
        if device.importsUnderWay > 0 {
            moves.append((6, .constant(.importNextBatch(device: d))))
            moves.append((3, .element(of: [.requestReset(device: d), .requestReset(device: d), .crashAndRelaunch(device: d)])))
        }
        let queue = device.app.enrichmentQueue
        if queue.pendingCount > 0 {
            moves.append((2, .constant(.startBackendJob(device: d))))
            if device.requestsOnTheWire == 0 { moves.append((4, .constant(.timePasses(milliseconds: 5_000)))) }
        }
        if !device.app.store.isEmptyOfLibraryObjects {
            moves.append((3, .element(of: [.sync(device: 0), .sync(device: 1), .requestReset(device: d)])))
        }
        if device.requestsOnTheWire > 0 {
            moves.append((10, Gen<WholeAppAction.EnrichmentAnswer>.element(of: [.match, .match, .match, .lowConfidence, .notFound, .unavailable, .timedOut])
                .map { .enrichmentAnswer(device: d, $0) }))
        }
        if let socket = device.socket {
            switch socket.state {
            case .connecting: moves.append((4, .element(of: [.socketOpens(device: d), .socketOpens(device: d), .socketOpenFails(device: d)])))
            case .connected: moves.append((5, .element(of: [.jobStateArrives(device: d), .jobStateArrives(device: d), .socketDrops(device: d)])))
            default: break
            }
        }
        if app.backend.jobs.values.contains(where: { !$0.loopFinished }) { moves.append((5, .constant(.backendLoopTurn))) }
        return moves
    }

    /// What a program did, judged by running it again: the interactions the coverage asks for.
    package static func labels(_ program: StateMachineProgram<WholeAppAction>) -> [String] {
        // Replays the program: the labels are of what it did, not of which actions it holds.
        var app = start()
        var labels: Set<String> = []
        for command in program.commands {
            let before = app
            let refusal = app.perform(command)
            labels.formUnion(WholeAppObservation.labels(command, refusal: refusal, before: before, after: app))
        }
        return labels.sorted()
    }
}

/// The coverage labels of one action: what it did that the property must see often enough.
package enum WholeAppObservation {
    package static func labels(_ command: WholeAppAction, refusal: WholeApp.Refusal?, before: WholeApp, after: WholeApp) -> [String] {
        guard refusal == nil else { return [] }
        var labels: [String] = []
        let d = after.deviceIndex(of: command)
        if let d, after.devices[d].reset.phase == .succeeded, before.devices[d].reset.phase != .succeeded {
            labels.append("a reset succeeded")
        }
        if after.interruptedImports.count > before.interruptedImports.count, after.interruptedImports.last == .libraryReset {
            labels.append("a reset ended an import")
        }
        if case .backendLoopTurn = command { labels.append("a backend job ran") }
        if let d, case .sync = command, after.devices[d].app.store.count(of: .work) < before.devices[d].app.store.count(of: .work) {
            labels.append("sync deleted books a reset deleted")
        }
        if after.worksEnriched > before.worksEnriched { labels.append("a book was enriched") }
        if let d, case .crashAndRelaunch = command, let checkpoint = before.devices[d].app.store.importCheckpoint, !checkpoint.isFinished {
            labels.append("a crash during an import")
        }
        return labels
    }
}
