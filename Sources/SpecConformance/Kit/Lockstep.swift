/// Commands run on an implementation and on the model side by side, each step's observation compared:
/// the way a stateful seam's suite checks a generated program (Quint Connect and Hypothesis's stateful
/// testing do the same).
///
/// A step the model itself cannot take is a bug in the suite, and traps; a step the implementation
/// fails, or answers differently, is a `ConformanceViolation` that lists every step so far.
struct Lockstep<Command: CustomStringConvertible> {
    private(set) var done: [Command] = []

    /// The steps so far, numbered: `1. map(v1); 2. delete(#1)`.
    var question: String {
        done.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "; ")
    }

    /// Takes one step on both sides and compares what each observed.
    mutating func step(_ command: Command, model: () throws -> String, implementation: () throws -> String) throws {
        done.append(command)
        let expected: String
        do {
            expected = try model()
        } catch {
            preconditionFailure("the model failed on \(command) after \(question): \(error)")
        }
        let answer: String
        do {
            answer = try implementation()
        } catch {
            throw ConformanceViolation("step \(done.count), \(command), threw \(error)", question: question, model: expected, implementation: "threw \(error)")
        }
        try ensureSame(answer, expected, "step \(done.count) of \(question)", show: { $0 })
    }
}
