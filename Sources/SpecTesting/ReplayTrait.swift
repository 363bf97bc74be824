import Generators
import Testing

/// A test trait that replays a counterexample: every property in the test evaluates the token once.
///
///     @Test(.replay("p1.AQKf3…")) func throttleNeverExceedsTwoPerSecond() { … }
///
/// The same as running the test with `PROPERTY_REPLAY` set, but kept in the source while a bug is
/// being fixed. A malformed token is reported as an issue naming the trait, never ignored.
public struct ReplayTrait: TestTrait, SuiteTrait, Sendable {
    /// The replay token's text, parsed when a property in the test runs.
    public let token: String
    /// Applies to every test in a suite the trait is attached to, not only the suite itself.
    public var isRecursive: Bool { true }

    public init(token: String) {
        self.token = token
    }
}

extension Trait where Self == ReplayTrait {
    /// Replays the counterexample that `token` encodes in every property of the test.
    public static func replay(_ token: String) -> Self {
        ReplayTrait(token: token)
    }
}
