/// A model-based test: generated command sequences run against a model and a system under test.
///
/// The model is a simple, obviously correct description of the behaviour; the system is the real
/// implementation. A *program* is a sequence of commands generated from the model's state, so every
/// command is valid when it runs. Executing a program runs each command on the system, advances the
/// model, then checks the command's postcondition (the system's response against the model) and the
/// invariants (the whole system's state against the model). A failing program shrinks like any other
/// value: the shrinker deletes commands and simplifies their arguments, and because later commands are
/// regenerated from the model, every shrunk program is still valid.
///
/// Conformance suites of the other issues are written with this protocol.
public protocol StateMachineSpecification: Sendable {
    /// The obviously correct description: a value, advanced by `nextModel(after:from:)`.
    associatedtype Model
    /// The implementation under test: a fresh one per program (`makeSystem()`), passed `inout` to `run`.
    associatedtype System
    /// One step of a program, generated from the model's state; shown in a failure's report.
    associatedtype Command
    /// What the system answers to a command, compared with the model by the postcondition.
    associatedtype Response = Void

    /// The most commands in one program.
    var commandsMax: Int { get }

    /// The model's state before any command.
    func initialModel() -> Model

    /// A fresh system under test.
    func makeSystem() -> System

    /// The commands that may run in `model`'s state.
    func commands(for model: Model) -> Gen<Command>

    /// Whether `command` may run in `model`'s state; generation retries commands that may not.
    func precondition(_ command: Command, in model: Model) -> Bool

    /// The model's state after `command`; pure, because generation runs it too.
    func nextModel(after command: Command, from model: Model) -> Model

    /// Runs `command` on the system and returns what the system answered.
    func run(_ command: Command, on system: inout System) throws -> Response

    /// Checks the system's answer against the model; throws (for example with `require`) if wrong.
    func postcondition(_ command: Command, response: Response, modelBefore: Model, modelAfter: Model) throws

    /// Checks the system's whole state against the model after every command (and before the first).
    func invariant(of system: System, model: Model) throws
}

extension StateMachineSpecification {
    /// By default a program holds at most 50 commands.
    public var commandsMax: Int { 50 }

    /// By default every generated command may run.
    public func precondition(_ command: Command, in model: Model) -> Bool { true }

    /// By default there is no whole-state invariant to check.
    public func invariant(of system: System, model: Model) throws {}
}

/// A generated sequence of commands.
public struct StateMachineProgram<Command>: CustomStringConvertible {
    /// The commands in the order they run.
    public let commands: [Command]

    /// Creates a program that runs `commands` in order.
    public init(commands: [Command]) {
        self.commands = commands
    }

    public var description: String {
        if commands.isEmpty { return "(no commands)" }
        return commands.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}

/// A failure while executing a program: the step, the command and what went wrong.
public struct StateMachineFailure: Error, CustomStringConvertible {
    /// The 1-based step that failed; 0 for the invariant before the first command.
    public let step: Int
    /// The failing command, described; empty for the invariant before the first command.
    public let command: String
    /// What went wrong: the description of the error the step threw.
    public let underlying: String

    public var description: String {
        step == 0
            ? "invariant failed before the first command: \(underlying)"
            : "step \(step) (\(command)) failed: \(underlying)"
    }
}

extension StateMachineSpecification {
    /// The most generation attempts for one command whose precondition keeps failing.
    public var commandAttemptsMax: Int { 20 }

    /// Generates programs of up to `commandsMax` commands, valid by construction.
    ///
    /// Each command is a span (flag, then the command's choices), so deleting a span deletes a
    /// command. The program ends early if no valid command can be generated in
    /// `commandAttemptsMax` attempts.
    public var programs: Gen<StateMachineProgram<Command>> {
        let spec = self
        let commandsMax = self.commandsMax
        let attemptsMax = commandAttemptsMax
        return Gen { source throws(GenerationStop) in
            let planned = source.isReplaying ? 0 : source.plannedCount(in: 0...commandsMax)
            var model = spec.initialModel()
            var commands: [Command] = []
            while true {
                let token = source.beginSpan(.command)
                let kind = commands.count < commandsMax ? ChoiceKind.flag : .forcedZero
                guard try source.drawForced(kind, generating: commands.count < planned ? 1 : 0) == 1 else {
                    source.endSpan(token)
                    break
                }
                let generator = spec.commands(for: model)
                var chosen: Command?
                for _ in 0..<attemptsMax {
                    let command = try source.withSpan(.filterAttempt) { source throws(GenerationStop) in try generator.run(&source) }
                    if spec.precondition(command, in: model) {
                        chosen = command
                        break
                    }
                }
                source.endSpan(token)
                guard let command = chosen else { break }
                model = spec.nextModel(after: command, from: model)
                commands.append(command)
            }
            return StateMachineProgram(commands: commands)
        }
    }

    /// Runs `program` against a fresh system and the model, checking after every step.
    ///
    /// - Throws: `StateMachineFailure` naming the first step whose run, postcondition or invariant failed.
    public func execute(_ program: StateMachineProgram<Command>) throws {
        var model = initialModel()
        var system = makeSystem()
        do {
            try invariant(of: system, model: model)
        } catch {
            throw StateMachineFailure(step: 0, command: "", underlying: String(describing: error))
        }
        for (index, command) in program.commands.enumerated() {
            let after = nextModel(after: command, from: model)
            do {
                let response = try run(command, on: &system)
                try postcondition(command, response: response, modelBefore: model, modelAfter: after)
                try invariant(of: system, model: after)
            } catch {
                throw StateMachineFailure(step: index + 1, command: String(describing: command), underlying: String(describing: error))
            }
            model = after
        }
    }
}
