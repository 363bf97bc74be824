/// What a check throws when an implementation breaks a rule: what went wrong, and where the rule has
/// one right answer, the model's answer beside the implementation's.
public struct ConformanceViolation: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the rule's terms.
    public let message: String
    /// What was asked, as a call: `normalizedTitle("Dune: Messiah")`.
    public let question: String?
    /// The model's answer, when the rule has one right answer.
    public let modelAnswer: String?
    public let implementationAnswer: String?
    /// The kind of failure, for grouping a check's failures and for keeping a shrink on one failure:
    /// stable across inputs (`"a 9-digit ISBN accepted"`), unlike the message. `nil` takes the message
    /// for an example and the check's law for a generated case.
    public let kind: String?

    /// A violation; `question`, `model` and `implementation` show a comparison, `kind` groups it with others of its kind.
    public init(_ message: String, question: String? = nil, model: String? = nil, implementation: String? = nil, kind: String? = nil) {
        self.message = message
        self.question = question
        self.modelAnswer = model
        self.implementationAnswer = implementation
        self.kind = kind
    }

    /// `error` as a violation: itself when it is one, otherwise its description, of the kind "threw".
    init(_ error: Error) {
        if let violation = error as? ConformanceViolation {
            self = violation
        } else {
            self.init(String(describing: error), kind: "threw an error")
        }
    }

    /// The kind of every difference `ensureSame` finds unless told another.
    public static let differentAnswer = "the answer differs from the model's"

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
    question: @autoclosure () -> String? = nil, model: @autoclosure () -> String? = nil, implementation: @autoclosure () -> String? = nil,
    kind: String? = nil
) throws(ConformanceViolation) {
    guard !condition else { return }
    throw ConformanceViolation(message(), question: question(), model: model(), implementation: implementation(), kind: kind)
}

/// Fails the check unless the implementation's answer equals the model's, showing both.
///
/// - Parameters:
///   - implementation: the implementation's answer.
///   - model: the model's answer to the same question.
///   - question: the call both answered, as the report shows it: `readISBN("=")`.
///   - show: how a report writes an answer.
///   - kind: the kind of the difference for grouping; by default every difference is one kind,
///     "the answer differs from the model's".
public func ensureSame<Answer: Equatable>(
    _ implementation: Answer, _ model: Answer, _ question: @autoclosure () -> String,
    show: (Answer) -> String = { String(reflecting: $0) }, kind: String? = nil
) throws(ConformanceViolation) {
    guard implementation != model else { return }
    let asked = question()
    throw ConformanceViolation(
        "the implementation's answer to \(asked) differs from the model's",
        question: asked, model: show(model), implementation: show(implementation), kind: kind ?? ConformanceViolation.differentAnswer
    )
}
