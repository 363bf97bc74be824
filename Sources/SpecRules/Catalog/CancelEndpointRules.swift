/// The rules of `POST /api/enrichment/cancel` (seed 000_…, "API Specification"; D-014, D-023, D-024, D-080).
public enum CancelEndpointRules {
    static let api = "API Specification"
    static let flow = "Backend Cancellation Flow"

    public static let cancelsRunningJob = Rule(
        "CANCEL-01", .must, "Canceling a running job answers 200 with the seed's body: `success: true`, `data` naming the job as it was started with `status: \"canceled\"`, and `meta.timestamp` the request time in ISO 8601.",
        basis: .decided("D-014"))
    public static let canceledBroadcast = Rule(
        "CANCEL-02", .must, "Canceling a running job broadcasts one `canceled` message on its socket, \"Job canceled by user\", with the books processed and the total at that moment.",
        basis: .seed(.libraryReset, flow, #"Broadcast WebSocket message: { type: "canceled", jobId }"#))
    public static let cancelTwice = Rule(
        "CANCEL-03", .must, "Canceling a canceled job answers 200 with `alreadyCanceled: true` in `data`, and changes and broadcasts nothing.",
        basis: .decided("D-023"))
    public static let notFound = Rule(
        "CANCEL-04", .must, "A job no one started, or one that completed or failed, answers 404 with the seed's `JOB_NOT_FOUND` body, and nothing changes.",
        basis: .decided("D-023"))
    public static let jobIdCase = Rule(
        "CANCEL-05", .must, "Job IDs match without regard to ASCII case, and the answer names the job by the ID it was started with.",
        basis: .decided("D-024"))
    public static let invalidJSON = Rule(
        "CANCEL-06", .must, "A body that is not strict JSON answers 400 `INVALID_JSON` with the byte offset where parsing stopped in `error.details.offset`, never a 500.",
        basis: .decided("D-014"))
    public static let invalidRequest = Rule(
        "CANCEL-07", .must, "A JSON body that is not an object, or whose `jobId` is missing, null, not a string or not a UUID, answers 400 `INVALID_REQUEST`; a missing `jobId` gets production's \"Invalid request: jobId required\".",
        basis: .decided("D-024"))
    public static let bodyLimit = Rule(
        "CANCEL-08", .must, "A body of up to 16,384 bytes is read; one of 16,385 bytes or more answers 413 `PAYLOAD_TOO_LARGE` and changes nothing.",
        basis: .decided("D-024"))
    public static let method = Rule(
        "CANCEL-09", .must, "Any method but POST answers 405 `METHOD_NOT_ALLOWED`, whatever the body, and changes nothing.",
        basis: .decided("D-024"))
    public static let token = Rule(
        "CANCEL-10", .must, "A job started with a token is canceled only by a request bearing it; without it, or with another, the answer is the unknown job's 404 and the job runs on.",
        basis: .decided("D-080"))
    public static let anyRequest = Rule(
        "CANCEL-11", .must, "For any sequence of requests against any jobs, every answer (status, code, 200 body, `INVALID_JSON` offset) and every broadcast is the model's.",
        basis: .decided("D-014"))
}
