/// Why a generator could not produce a value. Expected outcomes, returned as values, never traps.
public enum GenerationStop: Error, Sendable, Hashable, CustomStringConvertible {
    /// The generator drew more than `choicesMax` choices (an unbounded recursion or a huge size).
    case overrun(choicesMax: Int)
    /// A `filter` rejected every one of its attempts in a row.
    case filterExhausted(label: String, attempts: Int)
    /// A generator or property discarded the case (a precondition that did not hold).
    case discarded(reason: String)

    public var description: String {
        switch self {
        case let .overrun(choicesMax):
            return "the generator drew more than \(choicesMax) choices (choicesMax); bound its sizes or recursion depth"
        case let .filterExhausted(label, attempts):
            return "filter \"\(label)\" rejected \(attempts) values in a row; generate valid values directly or loosen the filter"
        case let .discarded(reason):
            return "case discarded: \(reason)"
        }
    }
}
