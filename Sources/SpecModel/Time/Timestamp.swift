/// A wall-clock instant as the app and backend see it: milliseconds since 1970-01-01T00:00:00Z.
///
/// The model never reads a clock: every transition that needs the time takes a `Timestamp` argument,
/// supplied by a test, a scenario or the simulator's per-node clock.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z; negative before it.
    public var epochMilliseconds: Int64

    /// The instant `epochMilliseconds` after (or before) 1970-01-01T00:00:00Z.
    @inlinable
    public init(epochMilliseconds: Int64) {
        self.epochMilliseconds = epochMilliseconds
    }

    /// The instant `milliseconds` after this one.
    @inlinable
    public func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(epochMilliseconds: epochMilliseconds + milliseconds)
    }

    @inlinable
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.epochMilliseconds < rhs.epochMilliseconds
    }

    public var description: String { "\(epochMilliseconds) ms" }
}
