/// Why a decoded value does not have the shape a message requires, naming the field's path.
///
/// Paths are written as in JavaScript: `payload.processedCount`, `items[2].id`, and
/// `payload["odd key"]` for keys that are not identifiers; the empty path is the top-level value.
public enum JSONFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required member is absent.
    case missing(path: String)
    /// A value has the wrong kind (`expected` and `found` are `JSONValue.Kind` names, or `"integer"`).
    case wrongType(path: String, expected: String, found: String)
    /// A value has the right kind but is not allowed (an empty job id, a progress above 1).
    case invalidValue(path: String, reason: String)

    /// The path of the field at fault.
    public var path: String {
        switch self {
        case let .missing(path), let .wrongType(path, _, _), let .invalidValue(path, _): return path
        }
    }

    public var description: String {
        switch self {
        case let .missing(path):
            return path.isEmpty ? "missing the top-level value" : "missing required field \(path)"
        case let .wrongType(path, expected, found):
            return "\(Self.name(path)) should be \(Self.article(expected)) \(expected) but is \(Self.article(found)) \(found)"
        case let .invalidValue(path, reason):
            return "\(Self.name(path)) is invalid: \(reason)"
        }
    }

    private static func name(_ path: String) -> String {
        path.isEmpty ? "the top-level value" : "field " + path
    }

    private static func article(_ noun: String) -> String {
        guard let first = noun.first else { return "a" }
        return "aeio".contains(first) ? "an" : "a"
    }
}
