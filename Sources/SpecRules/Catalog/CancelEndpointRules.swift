/// The rules of `POST /api/enrichment/cancel` (seed 000_…, "API Specification"; RFC 9110; D-014,
/// D-023, D-024, D-151).
public enum CancelEndpointRules {
    static let api = "POST /api/enrichment/cancel"
    static let architecture = "Architecture Overview"

    public static let cancelsRunningJob = Rule(
        "CANCEL-01", .must, "Canceling a running job answers a success (2xx) with the seed's body: `success: true`, `data` naming the job with `status: \"canceled\"`, and a `meta.timestamp`.",
        basis: .seed(.libraryReset, api, #""status": "canceled""#))
    public static let canceledBroadcast = Rule(
        "CANCEL-02", .must, "Canceling a running job broadcasts one `canceled` message on its socket, \"Job canceled by user\", with the books processed and the total at that moment.",
        basis: .seed(.libraryReset, architecture, #"Broadcast WebSocket message: { type: "canceled", jobId }"#))
    public static let cancelTwice = Rule(
        "CANCEL-03", .must, "Canceling a canceled job answers 200 with `alreadyCanceled: true` in `data`, and changes and broadcasts nothing.",
        basis: .decided("D-023"), requires: ["CANCEL-01"])
    public static let notFound = Rule(
        "CANCEL-04", .must, "Canceling a job no one started answers the seed's `JOB_NOT_FOUND` error (`success: false`), and broadcasts nothing.",
        basis: .seed(.libraryReset, api, #""code": "JOB_NOT_FOUND""#))
    public static let jobIdCase = Rule(
        "CANCEL-05", .must, "Job IDs match without regard to ASCII case, and the answer names the job by the ID it was started with.",
        basis: .decided("D-024"), requires: ["CANCEL-01"])
    public static let invalidJSON = Rule(
        "CANCEL-06", .must, "A body that is not JSON answers 400 `INVALID_JSON` with the byte offset where parsing stopped in `error.details.offset`.",
        basis: .decided("D-024"), requires: ["CANCEL-14"])
    public static let invalidRequest = Rule(
        "CANCEL-07", .must, "A JSON body that is not an object, or whose `jobId` is missing, null, not a string or not a UUID, answers 400 `INVALID_REQUEST`; a missing `jobId` gets production's \"Invalid request: jobId required\".",
        basis: .decided("D-024"), requires: ["CANCEL-14"])
    public static let bodyLimit = Rule(
        "CANCEL-08", .must, "A body of up to 16,384 bytes is read; one of 16,385 bytes or more answers 413 `PAYLOAD_TOO_LARGE` and changes nothing.",
        basis: .decided("D-024"))
    public static let method = Rule(
        "CANCEL-09", .should, "A request with a method the endpoint knows but does not allow (GET, HEAD, PUT, DELETE, PATCH) answers 405.",
        basis: .standard(.rfc9110, "§9.1, §15.5.6", "a method that is recognized and implemented, but not allowed for the target resource, SHOULD get 405 (Method Not Allowed)"))
    public static let token = Rule(
        "CANCEL-10", .must, "A job started with a token is canceled only by a request bearing it; without it, or with another, the answer is the unknown job's 404 and the job runs on.",
        basis: .decided("D-151"), requires: ["CANCEL-01", "CANCEL-04"])
    public static let anyRequest = Rule(
        "CANCEL-11", .must, "For any sequence of requests against any jobs, every answer (status, code, 200 body, `INVALID_JSON` offset) and every broadcast is the model's.",
        basis: .reference)
    public static let notActive = Rule(
        "CANCEL-12", .must, "A job that is not active (never started, completed or failed) answers 404 with exactly the seed's `JOB_NOT_FOUND` body, and nothing changes.",
        basis: .decided("D-023"), requires: ["CANCEL-04"])
    public static let successBody = Rule(
        "CANCEL-13", .must, "The success answer is 200 with exactly the seed's members, `data.jobId` the job as started and `meta.timestamp` the request's time as `YYYY-MM-DDTHH:MM:SSZ`, in canonical JSON.",
        basis: .decided("D-014"), requires: ["CANCEL-01"])
    public static let clientErrors = Rule(
        "CANCEL-14", .must, "A body that is not JSON, or JSON that is not a cancel request, answers a client error (4xx) and changes nothing; no request body gets a server error (5xx).",
        basis: .standard(.rfc9110, "§15.5, §15.6", "4xx (Client Error): the client seems to have erred; 5xx (Server Error): the server is aware that it has erred or cannot perform the request"))
    public static let strictJSON = Rule(
        "CANCEL-15", .must, "JSON is read strictly: a body with a byte-order mark or a repeated member answers 400 `INVALID_JSON`.",
        basis: .decided("D-014"), requires: ["CANCEL-14"])
    public static let methodFirst = Rule(
        "CANCEL-16", .must, "Any method but POST, even one not recognized (`post`, the empty method), answers 405 `METHOD_NOT_ALLOWED` whatever the body's size, and changes nothing.",
        basis: .decided("D-024"), requires: ["CANCEL-09"])
}
