/// The rules of writing progress messages (seed 003_…, the unified message schema and Tasks 1 to 3;
/// seed 000_…'s `canceled`; D-075, D-076, D-093).
///
/// Seed 000 writes `canceled` with `data` and seed 003 every other message in its envelope (O-05), and
/// seed 003 writes a duration in seconds where every other time is in milliseconds (O-06): the envelope
/// for every type, the message set and the six error members are decided.
public enum ProgressMessageEncodingRules {
    public static let envelope = Rule(
        "CODEC-01", .must, "Every message, `canceled` included, is one JSON object with its `type`, `jobId`, `pipeline`, an integer `timestamp` in milliseconds, a `version` of 1.x.y and an object `payload`.",
        basis: .decided("D-075"))
    public static let roundTrip = Rule(
        "CODEC-02", .must, "The model decodes every message the implementation writes, of all nine types, to the very message it was given.",
        basis: .decided("D-076"), requires: ["CODEC-01", "CODEC-04"])
    public static let errorMembers = Rule(
        "CODEC-03", .must, "Every error payload has all six members, `affectedItems` as `[]` and `details` as `{}` when there are none, written by the encoder even when the message it is given leaves them out.",
        basis: .decided("D-093"))
    public static let durationMilliseconds = Rule(
        "CODEC-04", .must, "A completion's `summary.duration` is written in milliseconds, never in seconds.",
        basis: .decided("D-075"))
    public static let textLimits = Rule(
        "CODEC-05", .must, "A title or status line over 4,096 UTF-8 bytes is cut to its longest prefix of whole Unicode scalars within 4,096 bytes, and one at the limit is written whole, so whatever is written decodes.",
        basis: .decided("D-076"), requires: ["CODEC-01"])
}
