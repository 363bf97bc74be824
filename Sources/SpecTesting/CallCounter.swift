import Synchronization

/// Counts calls from closures that may be `@Sendable` (a shrink deadline, a simulated handler).
public final class CallCounter: Sendable {
    private let count = Mutex(0)

    /// Creates a counter at zero.
    public init() {}

    /// Adds one and returns the new count.
    @discardableResult
    public func increment() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }

    /// The number of calls so far.
    public var value: Int { count.withLock { $0 } }
}
