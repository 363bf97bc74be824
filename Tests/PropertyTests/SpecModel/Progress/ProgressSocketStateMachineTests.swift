import Generators
import SpecModel
import SpecTesting
import Testing

/// A stateful test of the client against a model server: generated programs of work, time, outages
/// (silent and seen), drops and endings (complete, fail, cancel), run on the client and the job's socket
/// joined by a link. After every command the client's view is checked against the job's truth; after
/// the program the link heals and the final count must arrive (issue 5; Seed: 003_…, Tasks 1 and 2).
@Suite struct ProgressSocketStateMachineTests {
    /// The truth the generator and the checks work from.
    struct Model {
        var processed = 0
        let total: Int
        var ended = false
        var canceled = false
        var linkUp = true
    }

    enum Command: CustomStringConvertible {
        case work(items: Int, spacing: Int64)
        case advance(Int64)
        case linkDown
        case linkUp
        case drop
        case complete
        case fail
        case cancel

        var description: String {
            switch self {
            case let .work(items, spacing): return "work \(items) items \(spacing) ms apart"
            case let .advance(milliseconds): return "advance \(milliseconds) ms"
            case .linkDown: return "link down"
            case .linkUp: return "link up"
            case .drop: return "drop the connection"
            case .complete: return "complete"
            case .fail: return "fail"
            case .cancel: return "cancel"
            }
        }
    }

    struct Specification: StateMachineSpecification {
        typealias System = ProgressSession
        let total = 60

        func initialModel() -> Model { Model(total: total) }

        func makeSystem() -> ProgressSession { ProgressSession(total: total) }

        func commands(for model: Model) -> Gen<Command> {
            var choices: [(weight: Int, generator: Gen<Command>)] = [
                (weight: 4, generator: Gen<Int64>.frequency([
                    (weight: 3, generator: Gen<Int64>.integer(in: 0...1_000)),
                    (weight: 2, generator: Gen<Int64>.integer(in: 1_001...40_000)),
                    (weight: 1, generator: Gen<Int64>.integer(in: 40_001...130_000)),
                ]).map { Command.advance($0) }),
                (weight: 1, generator: Gen<Command>.constant(model.linkUp ? .linkDown : .linkUp)),
                (weight: 1, generator: Gen<Command>.constant(.drop)),
            ]
            if !model.ended {
                if model.processed < model.total {
                    choices.append((weight: 6, generator: Gen<(Int, Int64)>.zip(Gen<Int>.int(in: 1...12), Gen<Int64>.integer(in: 0...900)).map { Command.work(items: $0, spacing: $1) }))
                }
                choices.append((weight: 1, generator: Gen<Command>.element(of: [.complete, .fail, .cancel])))
            }
            return Gen<Command>.frequency(choices)
        }

        func precondition(_ command: Command, in model: Model) -> Bool {
            switch command {
            case .work: return !model.ended && !model.canceled && model.processed < model.total
            case .complete, .fail: return !model.ended
            case .cancel: return !model.ended && !model.canceled
            default: return true
            }
        }

        func nextModel(after command: Command, from model: Model) -> Model {
            var next = model
            switch command {
            case let .work(items, _): next.processed = min(model.total, model.processed + items)
            case .linkDown: next.linkUp = false
            case .linkUp: next.linkUp = true
            case .complete, .fail: next.ended = true
            case .cancel: next.canceled = true
            case .advance, .drop: break
            }
            return next
        }

        func run(_ command: Command, on system: inout ProgressSession) throws {
            switch command {
            case let .work(items, spacing): system.work(items: items, spacing: spacing)
            case let .advance(milliseconds): system.advance(by: milliseconds)
            case .linkDown: system.linkUp = false
            case .linkUp: system.linkUp = true
            case .drop: system.dropConnection()
            case .complete: system.complete()
            case .fail: system.fail()
            case .cancel: system.cancel()
            }
        }

        func postcondition(_ command: Command, response: Void, modelBefore: Model, modelAfter: Model) throws {}

        func invariant(of system: ProgressSession, model: Model) throws {
            try ProgressSocketStateMachineTests.checkSafety(system, processed: model.processed)
        }
    }

    /// What must hold at every moment, outages or not.
    static func checkSafety(_ session: ProgressSession, processed: Int) throws {
        let view = session.client.view
        try require(view.processedCount <= processed, "the client shows \(view.processedCount), more than the \(processed) processed")
        try require(zip(session.countsSeen, session.countsSeen.dropFirst()).allSatisfy { $0 <= $1 }, "the user's count went backwards: \(session.countsSeen)")
        try require(session.client.rejectedFrameCount == 0, "the client refused frames: \(session.client.rejectedFrames)")
        try require(session.server.rejectedFrameCount == 0, "the server refused frames: \(session.server.rejectedFrames)")
        if case .refused = session.client.state { try require(false, "the client's own token was refused") }
        let times = session.progressReceivedAt
        for index in times.indices.dropFirst(2) where times[index].epochMilliseconds - times[index - 2].epochMilliseconds < 1_000 {
            try require(false, "the client received 3 progress messages within a second, at \(times[index - 2]), \(times[index - 1]), \(times[index])")
        }
        if session.client.state == .finished {
            try require(view.completion == session.server.completion && view.error == session.server.error, "the client's ending \(String(describing: view.completion)) \(String(describing: view.error?.code)) differs from the server's")
        }
    }

    /// Safety after every command of every generated program.
    @Test func theClientNeverShowsMoreThanTheJobDidOrCountsBackwards() {
        stateMachine(Specification(), cases: 150)
    }

    /// Liveness: once the link heals, the final count (and the ending, if the job ended) reaches the
    /// user within two minutes, whatever happened before. A client that gave up after ten minutes of
    /// failure is started again, as the app does when it comes back to the foreground (D-078).
    @Test func afterTheLinkHealsTheFinalCountAlwaysArrives() {
        let specification = Specification()
        property(
            specification.programs, cases: 150,
            labels: { program in
                var labels: [String] = []
                if program.commands.contains(where: { if case .linkDown = $0 { return true } else { return false } }) { labels.append("outage") }
                if program.commands.contains(where: { if case .complete = $0 { return true } else { return false } }) { labels.append("completed") }
                if program.commands.contains(where: { if case .fail = $0 { return true } else { return false } }) { labels.append("failed") }
                if program.commands.contains(where: { if case .cancel = $0 { return true } else { return false } }) { labels.append("canceled") }
                return labels
            }
        ) { program in
            var session = specification.makeSystem()
            var model = specification.initialModel()
            for command in program.commands {
                try specification.run(command, on: &session)
                model = specification.nextModel(after: command, from: model)
            }
            session.linkUp = true
            if session.client.state == .gaveUp {
                try require(session.client.failingSince.map { session.now.epochMilliseconds - $0.epochMilliseconds >= ReconnectPolicy.giveUpAfterMillisecondsDefault } == true, "the client gave up before ten minutes of failure")
                session.client = ProgressSocketClient(jobId: ProgressSession.jobId, pipeline: .batchEnrichment, token: ProgressSession.token)
                session.perform(session.client.start(at: session.now))
            }
            session.advance(by: 120_000)
            try Self.checkSafety(session, processed: model.processed)
            try requireEqual(session.client.view.processedCount, model.processed)
            if session.server.hasEnded {
                try requireEqual(session.client.state, .finished)
                try require(session.client.view.hasEnded, "the client does not know the job ended")
            }
        }
    }
}
