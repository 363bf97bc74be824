/// The rules only a recorded session shows (`sessioncheck`, `Docs/Recordings.md`): a recording's lines
/// are the frames of one job as each side wrote them down, so what holds between a line and its frame,
/// and between messages the kit's suites see through different seams, is checked there alone. The
/// recording's other rules are the kit's own (`THROTTLE-01`, `SOCKET-01`, `RECONNECT-03`, …).
public enum RecordingRules {
    static let resetArchitecture = "Architecture Overview"

    public static let frameJob = Rule(
        "REC-01", .must, "A frame's `jobId` names the job its line is recorded for.",
        basis: .decided("D-161"))
    public static let canceledCompletion = Rule(
        "REC-02", .must, "After a `canceled` message, the job's terminal message is its completion (`job_complete`, seed 000's \"complete\") with `canceled: true`.",
        basis: .seed(.libraryReset, resetArchitecture, #"Send final WebSocket update: { type: "complete", canceled: true }"#))
    public static let frames = Rule(
        "REC-03", .must, "Every frame recorded is one protocol message the model's codec reads: its envelope, a type its side sends, and a payload within the protocol's fields and limits.",
        basis: .decided("D-076"))

    /// Every rule of this file, in id order.
    public static let all: [Rule] = [frameJob, canceledCompletion, frames]
}
