/// Thrown by a property body when a check fails; its message is the failure the report shows.
public struct PropertyViolation: Error, Sendable, CustomStringConvertible {
    /// The failed check's explanation, shown in the report as the failure.
    public let message: String

    /// Creates a violation carrying `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Thrown by a property body when the case does not apply; the runner counts it, not fails it.
public struct PropertyDiscard: Error, Sendable, CustomStringConvertible {
    /// Why the case does not apply, as counted among the run's discards.
    public let reason: String

    /// Creates a discard carrying `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "discarded: \(reason)" }
}

/// Fails the property with `message` unless `condition` holds.
///
/// Property bodies run many times during shrinking, so they report failure by throwing rather than
/// through `#expect`, which would record an issue on every failing candidate.
@inlinable
public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(PropertyViolation) {
    if !condition { throw PropertyViolation(message()) }
}

/// Fails the property unless `actual == expected`, naming both values.
@inlinable
public func requireEqual<T: Equatable>(_ actual: T, _ expected: T, _ context: @autoclosure () -> String = "") throws(PropertyViolation) {
    if actual != expected {
        let prefix = context()
        throw PropertyViolation("\(prefix.isEmpty ? "" : prefix + ": ")expected \(String(reflecting: expected)), got \(String(reflecting: actual))")
    }
}

/// Discards the case unless `condition` holds (a precondition of the property, not a check).
@inlinable
public func assume(_ condition: Bool, _ reason: @autoclosure () -> String = "assumption did not hold") throws(PropertyDiscard) {
    if !condition { throw PropertyDiscard(reason()) }
}
