/// How much work shrinking may do before it reports its best counterexample as partially shrunk.
///
/// `Generators` never reads the wall clock, so the time bound is a closure the caller supplies
/// (SpecTesting passes one built on `ContinuousClock`). A run that stops on the time bound is not
/// reproducible to the evaluation; the report says so, and the replay token still reproduces the
/// counterexample it reached.
public struct ShrinkBudget: Sendable {
    /// The most property evaluations shrinking may spend.
    public var evaluationsMax: Int
    /// The most generator replays (valid or not) shrinking may spend.
    public var replaysMax: Int
    /// Answers whether the caller's time allowance has run out; checked between candidates.
    public var isExpired: @Sendable () -> Bool

    /// Creates a budget; `replaysMax` defaults to 20 replays per evaluation, and no time bound by default.
    public init(evaluationsMax: Int = 10_000, replaysMax: Int? = nil, isExpired: @escaping @Sendable () -> Bool = { false }) {
        precondition(evaluationsMax > 0, "evaluationsMax must be positive, got \(evaluationsMax)")
        self.evaluationsMax = evaluationsMax
        self.replaysMax = replaysMax ?? evaluationsMax * 20
        self.isExpired = isExpired
    }
}

/// Why shrinking stopped.
public enum ShrinkStop: String, Sendable, Hashable, Codable {
    /// No pass could make the counterexample smaller: it is locally minimal.
    case converged
    /// The evaluation or replay bound was reached: the counterexample is partially shrunk.
    case evaluationBudget
    /// The caller's time bound expired: the counterexample is partially shrunk.
    case timeBudget
}

/// What shrinking reached.
public struct ShrinkOutcome<Value, Failure> {
    /// The smallest failing record found (shortlex-minimal among those tried).
    public let record: ChoiceRecord
    /// The value that record generates.
    public let value: Value
    /// How the property failed on that value.
    public let failure: Failure
    /// The number of accepted shrink steps (each made the counterexample strictly smaller).
    public let steps: Int
    /// The number of property evaluations spent.
    public let evaluations: Int
    /// The number of generator replays, including candidates that did not generate or were not smaller.
    public let replays: Int
    /// Why shrinking stopped.
    public let stop: ShrinkStop

    /// Whether a budget stopped shrinking before it converged.
    public var isPartial: Bool { stop != .converged }
}
