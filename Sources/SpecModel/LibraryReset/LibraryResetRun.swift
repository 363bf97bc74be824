import TextFormats

/// Runs a whole reset with the backend in reach: confirm, deliver the cancel request to the backend
/// through `POST /api/enrichment/cancel`, run every step. For benchmarks and scenarios that do not
/// need to stop between steps.
public enum LibraryResetRun {
    /// The network between the app and the backend, as far as the cancel request is concerned.
    public enum Network: Hashable, Sendable {
        /// The request reaches the backend and its answer comes back.
        case online
        /// Airplane mode: the request fails at once.
        case offline
        /// The request was sent but no answer came in time; the backend may or may not have acted.
        case timedOut(requestReachedBackend: Bool)
    }

    /// Runs a confirmed reset to its end; returns the final phase.
    public static func run(_ app: inout AppState, backend: inout BackendJobRegistry, at now: Timestamp, network: Network = .online) -> LibraryReset.Phase {
        var reset = LibraryReset()
        reset.requestReset(&app)
        if case let .sendCancelRequest(jobId)? = reset.confirm(&app) {
            let token = app.enrichmentQueue.currentJobToken
            reset.receiveCancelResult(sendCancelRequest(jobId, token: token, to: &backend, at: now, network: network), &app)
        }
        reset.runSteps(&app)
        return reset.phase
    }

    /// Sends the app's cancel request over `network` and returns what the app sees.
    public static func sendCancelRequest(_ jobId: String, token: String? = nil, to backend: inout BackendJobRegistry, at now: Timestamp, network: Network = .online) -> CancelRequestResult {
        switch network {
        case .offline:
            return .failed(reason: "The Internet connection appears to be offline.")
        case let .timedOut(reached):
            if reached { _ = deliver(jobId, token: token, to: &backend, at: now) }
            return .failed(reason: "The request timed out.")
        case .online:
            let response = deliver(jobId, token: token, to: &backend, at: now)
            return .answered(status: response.status, errorCode: response.errorCode)
        }
    }

    /// The request the app sends, handled by the backend's endpoint.
    static func deliver(_ jobId: String, token: String?, to backend: inout BackendJobRegistry, at now: Timestamp) -> HTTPResponse {
        let body = JSONValue.object(["jobId": .string(jobId)]).encoded()
        return CancelEndpoint.handle(HTTPRequest(method: "POST", path: CancelEndpoint.path, body: body, authorization: token), jobs: &backend, at: now)
    }
}
