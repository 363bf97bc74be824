import SpecConformance
import SpecModel

// Wrong progress socket clients: production's five tries, and the model with one decision changed
// the way an app's connection logic might get it wrong.

/// The model's client with its calls' answers changed by the closures.
private struct EditedClient: ProgressSocketConnecting {
    var inner: ModelProgressSocketClient
    /// Opens since the start.
    var opens = 0
    /// Reopens since the last successful open.
    var reopensFailing = 0
    var stopped = false
    var onOpened: @Sendable (inout EditedClient, [ProgressSocketClient.Action]) -> [ProgressSocketClient.Action] = { _, actions in actions }
    var onOpenFailed: @Sendable (inout EditedClient, Int?, Timestamp) -> [ProgressSocketClient.Action] = { client, status, now in client.inner.openFailed(status: status, at: now) }
    var onReceived: @Sendable (inout EditedClient, [UInt8], Timestamp) -> [ProgressSocketClient.Action] = { client, frame, now in client.inner.received(frame, at: now) }
    var hidesHandshakeTimeout = false
    /// Stops for good at the first lost connection or failed open.
    var stopsOnFailure = false

    init(_ inner: ModelProgressSocketClient = ModelProgressSocketClient()) {
        self.inner = inner
    }

    var isConnecting: Bool {
        if case .connecting? = inner.client?.state { return true }
        return false
    }

    mutating func start(_ job: ProgressJobTicket, at now: Timestamp) -> [ProgressSocketClient.Action] {
        inner.start(job, at: now)
    }

    mutating func opened(at now: Timestamp) -> [ProgressSocketClient.Action] {
        guard !stopped else { return [] }
        let actions = inner.opened(at: now)
        opens += 1
        reopensFailing = 0
        let handler = onOpened
        return handler(&self, actions)
    }

    mutating func openFailed(status: Int?, at now: Timestamp) -> [ProgressSocketClient.Action] {
        guard !stopped else { return [] }
        if stopsOnFailure {
            stopped = true
            return []
        }
        let handler = onOpenFailed
        return handler(&self, status, now)
    }

    mutating func connectionLost(at now: Timestamp) -> [ProgressSocketClient.Action] {
        if stopsOnFailure { stopped = true }
        return stopped ? [] : inner.connectionLost(at: now)
    }

    var deadline: Timestamp? {
        if stopped || (hidesHandshakeTimeout && isConnecting) { return nil }
        return inner.deadline
    }

    mutating func fire(at now: Timestamp) -> [ProgressSocketClient.Action] {
        if stopped || (hidesHandshakeTimeout && isConnecting) { return [] }
        let actions = inner.fire(at: now)
        reopensFailing += actions.filter { $0 == .open(reconnect: true) }.count
        return actions
    }

    mutating func received(_ frame: [UInt8], at now: Timestamp) -> [ProgressSocketClient.Action] {
        guard !stopped else { return [] }
        let handler = onReceived
        return handler(&self, frame, now)
    }
}

/// Whether a frame tells the job's ending.
private func isEnding(_ frame: [UInt8]) -> Bool {
    let message: ProgressMessage
    do {
        message = try ProgressMessageCodec.decode(frame, from: .server)
    } catch {
        return false
    }
    switch message.payload {
    case .complete, .error: return true
    case let .syncResponse(snapshot): return snapshot.completion != nil || snapshot.error != nil
    default: return false
    }
}

private func isSyncRequest(_ action: ProgressSocketClient.Action) -> Bool {
    if case let .send(message) = action { return message.type == .syncRequest }
    return false
}

enum WrongProgressSocketClients {
    private static func productionFiveTriesClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.onOpenFailed = { client, status, now in
            let actions = client.inner.openFailed(status: status, at: now)
            if status == nil, client.reopensFailing >= 5 { client.stopped = true }
            return client.stopped ? [] : actions
        }
        return client
    }

    private static func noSyncAfterReconnectClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.onOpened = { client, actions in client.opens > 1 ? actions.filter { !isSyncRequest($0) } : actions }
        return client
    }

    private static func millisecondDelaysClient() -> some ProgressSocketConnecting {
        ModelProgressSocketClient(policy: ReconnectPolicy(delaysMilliseconds: [1, 2, 4, 8, 16], delayCapMilliseconds: 30))
    }

    private static func uncappedBackoffClient() -> some ProgressSocketConnecting {
        ModelProgressSocketClient(policy: ReconnectPolicy(delaysMilliseconds: (0..<10).map { 1_000 << Int64($0) }, delayCapMilliseconds: 1_024_000))
    }

    private static func noHandshakeTimeoutClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.hidesHandshakeTimeout = true
        return client
    }

    private static func refusalRetriedClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.onOpenFailed = { client, _, now in client.inner.openFailed(status: nil, at: now) }
        return client
    }

    private static func endingIgnoredClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.onReceived = { client, frame, now in isEnding(frame) ? [] : client.inner.received(frame, at: now) }
        return client
    }

    private static func fourMissedPongsClient() -> some ProgressSocketConnecting {
        ModelProgressSocketClient(heartbeat: Heartbeat(missedPongsMax: 4))
    }

    private static func noReconnectClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.stopsOnFailure = true
        return client
    }

    private static func noFirstSyncClient() -> some ProgressSocketConnecting {
        var client = EditedClient()
        client.onOpened = { client, actions in client.opens == 1 ? actions.filter { !isSyncRequest($0) } : actions }
        return client
    }

    private static func syncOnceClient() -> some ProgressSocketConnecting {
        ModelProgressSocketClient(syncRetryMilliseconds: nil)
    }

    static let all: [WrongImplementation] = [
        .of({ .progressReconnect }, "ProductionFiveTriesClient", flaw: "production's policy: gives up after five failed tries, 31 s into an outage, and the final count is lost", breaks: "RECONNECT-02", "RECONNECT-01") { productionFiveTriesClient() },
        .of({ .progressReconnect }, "NoSyncAfterReconnectClient", flaw: "asks for the job's state after the first open only, so a reconnect misses what happened meanwhile", breaks: "RECONNECT-03") { noSyncAfterReconnectClient() },
        .of({ .progressReconnect }, "MillisecondDelaysClient", flaw: "the backoff's 1, 2, 4, 8, 16 and 30 given in milliseconds instead of seconds", breaks: "RECONNECT-01") { millisecondDelaysClient() },
        .of({ .progressReconnect }, "UncappedBackoffClient", flaw: "keeps doubling past 16 s (32, 64, 128 s…) instead of retrying every 30 s", breaks: "RECONNECT-01") { uncappedBackoffClient() },
        .of({ .progressReconnect }, "NoHandshakeTimeoutClient", flaw: "waits for a hanging open forever instead of giving up after 10 s", breaks: "RECONNECT-05") { noHandshakeTimeoutClient() },
        .of({ .progressReconnect }, "RefusalRetriedClient", flaw: "retries an open the server refused with 401 or 404, as if the network had failed", breaks: "RECONNECT-06") { refusalRetriedClient() },
        .of({ .progressReconnect }, "EndingIgnoredClient", flaw: "leaves job_complete and error to another layer and keeps the socket open and reconnecting", breaks: "RECONNECT-07") { endingIgnoredClient() },
        .of({ .progressReconnect }, "FourMissedPongsClient", flaw: "tolerates a fourth missed pong, closing a dead connection at 125 s", breaks: "RECONNECT-12", "RECONNECT-08") { fourMissedPongsClient() },
        .of({ .progressReconnect }, "SyncOnceClient", flaw: "asks for the job's state once per open, so a lost request or answer loses the ending", breaks: "RECONNECT-04") { syncOnceClient() },
        .of({ .progressReconnect }, "NoReconnectClient", flaw: "leaves a lost connection closed: no reconnect at all", breaks: "RECONNECT-10") { noReconnectClient() },
        .of({ .progressReconnect }, "NoFirstSyncClient", flaw: "asks for the job's state after reconnects only, not after the first open", breaks: "RECONNECT-11") { noFirstSyncClient() },
    ]

    /// The same clients, to run in the simulator in the model client's place (`ProgressRun.Seams`).
    static let clients: [(name: String, make: @Sendable () -> any ProgressSocketConnecting)] = [
        ("ProductionFiveTriesClient", { productionFiveTriesClient() }),
        ("NoSyncAfterReconnectClient", { noSyncAfterReconnectClient() }),
        ("MillisecondDelaysClient", { millisecondDelaysClient() }),
        ("UncappedBackoffClient", { uncappedBackoffClient() }),
        ("NoHandshakeTimeoutClient", { noHandshakeTimeoutClient() }),
        ("RefusalRetriedClient", { refusalRetriedClient() }),
        ("EndingIgnoredClient", { endingIgnoredClient() }),
        ("FourMissedPongsClient", { fourMissedPongsClient() }),
        ("SyncOnceClient", { syncOnceClient() }),
        ("NoReconnectClient", { noReconnectClient() }),
        ("NoFirstSyncClient", { noFirstSyncClient() }),
    ]
}
