/// What a check throws when an implementation breaks a rule: what went wrong, and where the rule has
/// one right answer, the model's answer beside the implementation's.
public struct ConformanceViolation: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the rule's terms.
    public let message: String
    /// What was asked, as a call: `normalizedTitle("Dune: Messiah")`.
    public let question: String?
    /// The model's answer, when the rule has one right answer.
    public let modelAnswer: String?
    /// What the implementation answered.
    public let implementationAnswer: String?

    /// Builds a violation from its message and, for a comparison, the question and both answers.
    public init(_ message: String, question: String? = nil, model: String? = nil, implementation: String? = nil) {
        self.message = message
        self.question = question
        self.modelAnswer = model
        self.implementationAnswer = implementation
    }

    public var description: String {
        var text = message
        if let question { text += "\n    asked: \(question)" }
        if let modelAnswer { text += "\n    model: \(modelAnswer)" }
        if let implementationAnswer { text += "\n    implementation: \(implementationAnswer)" }
        return text
    }
}

/// Fails the check with `message` unless `condition` holds.
public func ensure(
    _ condition: Bool, _ message: @autoclosure () -> String,
    question: @autoclosure () -> String? = nil, model: @autoclosure () -> String? = nil, implementation: @autoclosure () -> String? = nil
) throws(ConformanceViolation) {
    guard !condition else { return }
    throw ConformanceViolation(message(), question: question(), model: model(), implementation: implementation())
}

/// Fails the check unless the implementation's answer equals the model's, showing both.
public func ensureSame<Answer: Equatable>(
    _ implementation: Answer, _ model: Answer, _ question: @autoclosure () -> String,
    show: (Answer) -> String = { String(reflecting: $0) }
) throws(ConformanceViolation) {
    guard implementation != model else { return }
    let asked = question()
    throw ConformanceViolation(
        "the implementation's answer to \(asked) differs from the model's",
        question: asked, model: show(model), implementation: show(implementation)
    )
}
