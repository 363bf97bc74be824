import SpecModel

/// A client and a job's socket joined by a link that can go down, on one virtual clock: a small,
/// exact harness for the heartbeat, reconnect and resume tests (the simulator runs the same state
/// machines with latency and faults, issue 7).
///
/// Frames cross the link instantly while it is up and are lost while it is down, with neither side
/// told; an open attempt while it is down fails as a network error. Every frame is encoded and decoded
/// with the codec, as on the wire.
struct ProgressSession {
    static let token = "token-of-job-1"
    static let jobId = "550e8400-e29b-41d4-a716-446655440000"

    var now: Timestamp
    var client: ProgressSocketClient
    var server: ProgressJobSocket
    var linkUp = true
    /// The server's connection for the client's socket, as the client's transport knows it.
    var connection: Int?
    /// What the job has really done.
    var processed = 0
    var failures = 0
    let total: Int
    /// When the client received each `job_progress`, for the rate at the client.
    var progressReceivedAt: [Timestamp] = []
    /// Every count the user saw, in order.
    var countsSeen: [Int] = []
    var framesLost = 0

    init(total: Int, start: Timestamp = ProgressUpdateStream.startDefault, heartbeat: Heartbeat = Heartbeat(), policy: ReconnectPolicy = ReconnectPolicy()) {
        self.now = start
        self.total = total
        client = ProgressSocketClient(jobId: Self.jobId, pipeline: .batchEnrichment, token: Self.token, policy: policy, heartbeat: heartbeat)
        server = ProgressJobSocket(jobId: Self.jobId, pipeline: .batchEnrichment, token: Self.token, totalCount: total, at: start)
        perform(server.start(at: now))
        perform(client.start(at: now))
    }

    var jobEnded: Bool { server.hasEnded || server.pendingTerminal != nil }

    // MARK: - The job

    /// The job processes `items` more items, `spacing` ms apart, reporting each.
    mutating func work(items: Int, spacing: Int64, failing: Bool = false) {
        for _ in 0..<items where processed < total && server.status == .running {
            advance(by: spacing)
            processed += 1
            if failing { failures += 1 }
            perform(server.report(ProgressUpdate(processedCount: processed, totalCount: total, currentTitle: "Book \(processed)"), at: now))
        }
    }

    mutating func complete() {
        let canceled = server.status == .canceled
        perform(server.complete(JobCompletion(
            canceled: canceled, totalProcessed: processed, totalCount: total, successCount: processed - failures,
            failureCount: failures, durationMilliseconds: now.epochMilliseconds - server.startedAt.epochMilliseconds
        ), at: now))
    }

    mutating func fail() {
        perform(server.fail(.enrichmentFailed(reason: "provider down", failedTitles: [], successCount: 0), successCount: processed - failures, failureCount: failures, at: now))
    }

    mutating func cancel() {
        perform(server.cancel(at: now))
    }

    // MARK: - Time and the link

    /// Runs both sides' timers, in time order, up to `milliseconds` from now.
    mutating func advance(by milliseconds: Int64) {
        let target = now.adding(milliseconds: milliseconds)
        var steps = 0
        while true {
            let next = [client.deadline, server.deadline].compactMap { $0 }.min()
            guard let next, next <= target else { break }
            steps += 1
            precondition(steps < 1_000_000, "timers did not settle before \(target)")
            now = max(now, next)
            if let due = client.deadline, due <= now { perform(client.fire(at: now)) }
            if let due = server.deadline, due <= now { perform(server.fire(at: now)) }
        }
        now = target
    }

    /// The connection breaks and both sides see it (a transport error).
    mutating func dropConnection() {
        guard let id = connection else { return }
        connection = nil
        server.disconnected(id, at: now)
        perform(client.connectionLost(at: now))
    }

    // MARK: - Carrying out actions

    mutating func perform(_ actions: [ProgressSocketClient.Action]) {
        for action in actions {
            switch action {
            case let .open(reconnect):
                _ = reconnect
                guard linkUp else {
                    perform(client.openFailed(at: now))
                    continue
                }
                switch server.connect(token: client.token, at: now) {
                case let .accepted(id, serverActions):
                    connection = id
                    perform(serverActions)
                    perform(client.opened(at: now))
                case let .refused(status, _):
                    perform(client.openFailed(status: status, at: now))
                }
            case let .send(message):
                guard linkUp, let id = connection else {
                    framesLost += 1
                    continue
                }
                perform(server.received(ProgressMessageCodec.encode(message), on: id, at: now))
            case .close:
                if let id = connection {
                    connection = nil
                    if linkUp { server.disconnected(id, at: now) }
                }
            }
        }
    }

    mutating func perform(_ actions: [ProgressJobSocket.Action]) {
        for action in actions {
            switch action {
            case let .send(id, message):
                guard linkUp, id == connection else {
                    framesLost += 1
                    continue
                }
                if message.type == .jobProgress { progressReceivedAt.append(now) }
                let before = client.view.processedCount
                if case let .applied(_, clientActions) = client.received(ProgressMessageCodec.encode(message), at: now) {
                    if client.view.processedCount != before || countsSeen.isEmpty { countsSeen.append(client.view.processedCount) }
                    perform(clientActions)
                }
            case let .close(id, _):
                guard id == connection else { continue }
                guard linkUp else {
                    // The close frame is lost; the client finds out from its heartbeat.
                    framesLost += 1
                    continue
                }
                connection = nil
                perform(client.connectionLost(at: now))
            }
        }
    }
}
