/// The rules of reading progress messages (seed 003_…, the unified message schema and Tasks 1 to 3;
/// seed 000_…'s `canceled`; D-075, D-076, D-092).
public enum ProgressMessageDecodingRules {
    static let schema = "Dependencies"

    public static let readsTheModel = Rule(
        "CODEC-06", .must, "Every message the model writes, of all nine types, decodes to the very message the model was given.",
        basis: .decided("D-076"))
    public static let version = Rule(
        "CODEC-07", .must, "A message of any version 1.x.y is read, and any other version is refused as unsupported at `version`.",
        basis: .decided("D-076"))
    public static let messageSet = Rule(
        "CODEC-08", .must, "The nine message types are read from the side that sends them; an unknown type, or a type the other side sends, is refused at `type`.",
        basis: .decided("D-076"))
    public static let strictFields = Rule(
        "CODEC-09", .must, "A known field that is missing, of the wrong kind or out of range is refused with the reason and the field's path, and `null` in an optional field counts as absent.",
        basis: .decided("D-092"))
    public static let unknownMembers = Rule(
        "CODEC-10", .must, "Members the protocol does not define are ignored, in the envelope, the payload and every nested object.",
        basis: .decided("D-092"))
    public static let limits = Rule(
        "CODEC-11", .must, "A message of up to 65,536 bytes and depth 8, with a job ID of 1 to 128 bytes and texts within their limits, is read, and one past any of these limits is refused.",
        basis: .decided("D-076"))
    public static let malformed = Rule(
        "CODEC-12", .must, "Any bytes, however malformed, are either refused or read as the model reads them; the implementation accepts exactly what the model accepts.",
        basis: .decided("D-076"))
    public static let durationMilliseconds = Rule(
        "CODEC-13", .must, "A completion's `summary.duration` is read as milliseconds.",
        basis: .decided("D-075"))
}
