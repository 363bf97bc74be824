
/// A property a simulated run broke: which property, at which actor, and what happened.
///
/// `property` and `actor` make up the failure's ``key``, which shrinking holds fixed: a smaller run is
/// kept only if it breaks the same property at the same actor, so shrinking never slips to another bug.
public struct ScenarioFailure: Hashable, Sendable, CustomStringConvertible {
    /// The property's id, `kind.property` (`progress.client-learns-ending`).
    public var property: String
    /// The node or part of the run the property is about (`app`, `backend`, `device1`, `run`).
    public var actor: String
    /// What happened, as a sentence with the run's own figures.
    public var message: String

    /// Creates a failure of `property` at `actor`, described by `message`.
    public init(_ property: String, at actor: String, _ message: String) {
        self.property = property
        self.actor = actor
        self.message = message
    }

    /// `property@actor`: what shrinking keeps fixed.
    public var key: String { "\(property)@\(actor)" }

    public var description: String { "[\(key)] \(message)" }
}
