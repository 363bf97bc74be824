/// The rules of reading progress messages (seed 003_…, the unified message schema and Tasks 1 to 3;
/// seed 000_…'s `canceled`; D-014, D-075, D-076, D-092; RFC 8259).
///
/// A decoder reads the messages of one side or both: an app's reads the server's, a backend's the
/// client's. Each rule judges a decoder on the side it reads (it says which by reading that side's plain
/// message), and reading the other side is not asked of it.
public enum ProgressMessageDecodingRules {
    public static let readsTheModel = Rule(
        "CODEC-06", .must, "Every message the model writes, of the types of each side the decoder reads (an app's the server's seven, a backend's the client's two, or both), decodes to the very message the model was given.",
        basis: .decided("D-076"), requires: ["CODEC-13"])
    public static let version = Rule(
        "CODEC-07", .must, "A message of any version 1.x.y is read, and any other version is refused as unsupported at `version`.",
        basis: .decided("D-076"))
    public static let messageSet = Rule(
        "CODEC-08", .must, "The message types are read from the side that sends them, for each side the decoder reads; an unknown type, or a type the other side sends, is refused at `type`.",
        basis: .decided("D-076"))
    public static let strictFields = Rule(
        "CODEC-09", .must, "A known field that is missing, of the wrong kind or out of range is refused with the reason and the field's path, and `null` in an optional field counts as absent.",
        basis: .decided("D-092"), requires: ["CODEC-10"])
    public static let unknownMembers = Rule(
        "CODEC-10", .must, "Members the protocol does not define are ignored, in the envelope, the payload and every nested object.",
        basis: .decided("D-092"), requires: ["CODEC-07"])
    public static let limits = Rule(
        "CODEC-11", .must, "A message of up to 65,536 bytes and depth 8, with a job ID of 1 to 128 bytes and texts within their limits, is read, and one past any of these limits is refused.",
        basis: .decided("D-076"), requires: ["CODEC-10"])
    public static let malformed = Rule(
        "CODEC-12", .must, "Bytes that are not one JSON text are refused, never read as a message: no bytes, text that is not JSON, a message cut short, invalid UTF-8, two documents.",
        basis: .standard(.rfc8259, "§2", "A JSON text is a serialized value: ws value ws, in UTF-8 (§8.1)"))
    public static let durationMilliseconds = Rule(
        "CODEC-13", .must, "A completion's `summary.duration` is read as milliseconds.",
        basis: .decided("D-075"))
    public static let strictJSON = Rule(
        "CODEC-14", .must, "JSON the standard leaves to the reader is refused as the model's strict reader refuses it: a member name given twice.",
        basis: .decided("D-014"))
    public static let editedBytes = Rule(
        "CODEC-15", .must, "On any message's bytes edited (replaced, inserted, deleted or cut), the decoder reads exactly what the model reads and refuses what it refuses.",
        basis: .reference)
}
