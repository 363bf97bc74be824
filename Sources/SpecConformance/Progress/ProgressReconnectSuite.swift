import Generators
import SpecModel

extension ConformanceSuite where Implementation: ProgressSocketConnecting {
    /// The reconnect suite: the backoff and the ten-minute limit on both sides, a sync after every
    /// open and its retry, the handshake timeout, refusals and endings that are final, the heartbeat's
    /// reconnect, and the model's decisions on generated connection scripts.
    public static var progressReconnect: ConformanceSuite {
        typealias R = ProgressReconnectRules
        typealias C = ProgressReconnectChecks
        func probes(_ rule: Rule, _ about: String, _ aspect: ClientAspect, _ examples: [ConformanceExample<[ClientProbe]>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, steps in
                try C.probe(&implementation, steps, aspect: aspect)
            }
        }
        return ConformanceSuite(id: "progress-reconnect", title: "Progress socket reconnect", seam: "ProgressSocketConnecting", checks: [
            probes(R.autoReconnect, "a lost connection, a failed open, two failures in a row", .opens, C.autoReconnectExamples),
            probes(R.backoff, "failures in a row, and after a successful open", .opens, C.backoffExamples),
            probes(R.giveUp, "failures around ten minutes", .opens, C.giveUpExamples),
            .property(R.syncAfterOpen, "generated connection scripts", cases: 40, C.scripts, describe: { $0.description }, exercises: C.reopens) { implementation, script in
                let log = C.run(script, &implementation)
                if let evidence = C.openWithoutSync(log, reopens: true) {
                    throw ConformanceViolation(evidence, question: "run(\(script))", model: C.modelRun(script).description, implementation: log.description)
                }
            },
            probes(R.syncAfterOpen, "reopens after a drop and after a failed open", .syncs, C.syncAfterReopenExamples),
            .property(R.syncAfterFirstOpen, "generated connection scripts", cases: 40, C.scripts, describe: { $0.description }, exercises: C.opensAtFirst) { implementation, script in
                let log = C.run(script, &implementation)
                if let evidence = C.openWithoutSync(log, reopens: false) {
                    throw ConformanceViolation(evidence, question: "run(\(script))", model: C.modelRun(script).description, implementation: log.description)
                }
            },
            probes(R.syncAfterFirstOpen, "the first open", .syncs, C.syncAfterFirstOpenExamples),
            probes(R.syncRetry, "an unanswered sync", .syncs, C.syncRetryExamples),
            probes(R.handshakeTimeout, "hanging opens", .closes, C.handshakeExamples),
            probes(R.refusal, "refused opens", .opens, C.refusalExamples),
            probes(R.jobEnded, "endings", .opensAndCloses, C.endingExamples),
            probes(R.heartbeatReconnect, "pongs that stop", .opensAndCloses, C.heartbeatReconnectExamples),
            probes(R.deadConnection, "pongs that stop, around 95 s", .closes, C.deadConnectionExamples),
            .differential(R.schedule, "generated connection scripts", cases: 40, C.scripts, describe: { $0.description },
                question: { "run(\($0))" }, model: C.modelRun, implementation: { implementation, script in C.run(script, &implementation) },
                show: { $0.description }),
        ])
    }
}

/// One call of a client example and the actions it must return, at a time counted from the start.
enum ClientProbe: Sendable {
    case start(expected: [String])
    case opened(at: Int64, expected: [String])
    case openFailed(at: Int64, status: Int?, expected: [String])
    case lost(at: Int64, expected: [String])
    case fire(at: Int64, expected: [String])
    case frame(at: Int64, ProgressPayload, expected: [String])
    /// `deadline` must be `nil`.
    case stopped
    /// The connection is lost at `at`, whatever the client does about it then: it may reopen at once.
    case loses(at: Int64)
    /// The first open fails (the network) at `at`, whatever the client does about it then.
    case failsToOpen(at: Int64)
    /// `fire` at the client's deadlines (or an earlier failure's actions) until it opens again, which it
    /// must; the time is remembered for `.failTheOpen` and `.waitsLonger`.
    case awaitsAnOpen
    /// The open just awaited fails (the network) at once.
    case failTheOpen
    /// The server refuses the open just awaited with an HTTP `status`, 50 ms after it.
    case refuseTheOpen(status: Int)
    /// The last wait between a failure and the next open is longer than the one before it.
    case waitsLonger
    /// `fire` at the client's deadlines up to `by` ms must close the connection.
    case closesBy(Int64)
    /// `fire` at the client's deadlines: the open last awaited must be closed no sooner than `notBefore`
    /// ms after it and no later than `by` ms after it.
    case closesAfterTheLastOpen(notBefore: Int64, by: Int64)
}

/// Which of a client's actions an example's rule is about: the others are left out of both sides, so a
/// client missing a `sync_request` breaks the sync rules alone, not every rule whose example opens.
enum ClientAspect: Sendable {
    case all
    /// Opens and reopens: when the client connects.
    case opens
    /// Closes: when the client gives a connection up.
    case closes
    case opensAndCloses
    /// `sync_request`s.
    case syncs

    func keeps(_ action: String) -> Bool {
        switch self {
        case .all: return true
        case .opens: return action == "open" || action == "reopen"
        case .closes: return action == "close"
        case .opensAndCloses: return action == "open" || action == "reopen" || action == "close"
        case .syncs: return action.hasPrefix("send sync_request")
        }
    }
}

/// One way a generated open attempt turns out.
enum ConnectionAttempt: Hashable, Sendable, CustomStringConvertible {
    /// The socket opens `after` ms later and lives `lasts` ms, then ends as `ending` says.
    case opens(after: Int64, lasts: Int64, ending: ConnectionEnding)
    /// The open fails (the network) `after` ms later.
    case fails(after: Int64)
    /// The open never completes.
    case hangs
    /// The server refuses the open with `status`, `after` ms later.
    case refused(status: Int, after: Int64)

    var description: String {
        switch self {
        case let .opens(after, lasts, ending): return "opens +\(after) for \(lasts) ms, then \(ending)"
        case let .fails(after): return "fails +\(after)"
        case .hangs: return "hangs"
        case let .refused(status, after): return "refused \(status) +\(after)"
        }
    }
}

/// How a live connection ends.
enum ConnectionEnding: String, Hashable, Sendable, CustomStringConvertible {
    /// The client sees the close.
    case dropped
    /// Frames stop both ways and the client sees nothing.
    case silent
    /// The job completes and the server sends `job_complete`.
    case jobCompletes
    /// The job fails and the server sends `error`.
    case jobFails

    var description: String { rawValue }
}

/// The outcomes of successive open attempts; attempts past the end of the list fail after 100 ms.
struct ConnectionScript: Hashable, Sendable, CustomStringConvertible {
    var attempts: [ConnectionAttempt]

    var description: String { "[" + attempts.map(\.description).joined(separator: "; ") + "]" }
}

/// What a client did over a script: each call, its time from the start, and the actions it returned
/// (timer firings that returned nothing are left out, since implementations may wake at other times).
struct ClientLog: Hashable, Sendable, CustomStringConvertible {
    struct Entry: Hashable, Sendable, CustomStringConvertible {
        let at: Int64
        let input: String
        let actions: [String]

        var description: String { "+\(at) \(input)" + (actions.isEmpty ? "" : " → " + actions.joined(separator: ", ")) }
    }

    var entries: [Entry] = []

    var description: String { entries.map(\.description).joined(separator: "; ") }
}

/// The reconnect suite's driver, checks and examples.
enum ProgressReconnectChecks {
    static let ticket = ProgressJobTicket(jobId: ProgressConformance.jobId, pipeline: .csvImport, token: "token-7f3a")
    /// How long a script runs, from the start.
    static let horizonMilliseconds: Int64 = 900_000
    /// The most calls one run makes.
    static let stepsMax = 4_000
    /// The server's answer time.
    static let latencyMilliseconds: Int64 = 40
    /// The job's size.
    static let totalCount = 100

    /// Scripts of up to eight attempts.
    static var scripts: Gen<ConnectionScript> {
        let ending = Gen<ConnectionEnding>.frequency([
            (weight: 3, generator: Gen<ConnectionEnding>.constant(.dropped)),
            (weight: 3, generator: Gen<ConnectionEnding>.constant(.silent)),
            (weight: 1, generator: Gen<ConnectionEnding>.constant(.jobCompletes)),
            (weight: 1, generator: Gen<ConnectionEnding>.constant(.jobFails)),
        ])
        let attempt = Gen<ConnectionAttempt>.frequency([
            (weight: 4, generator: Gen<(Int64, Int64, ConnectionEnding)>.zip(Gen<Int64>.integer(in: 0...3_000), Gen<Int64>.integer(in: 0...200_000), ending)
                .map { ConnectionAttempt.opens(after: $0, lasts: $1, ending: $2) }),
            (weight: 3, generator: Gen<Int64>.integer(in: 0...9_999).map { ConnectionAttempt.fails(after: $0) }),
            (weight: 1, generator: Gen<ConnectionAttempt>.constant(.hangs)),
            (weight: 1, generator: Gen<(Int, Int64)>.zip(Gen<Int>.element(of: [401, 404]), Gen<Int64>.integer(in: 0...2_000)).map { ConnectionAttempt.refused(status: $0, after: $1) }),
        ])
        return Gen<ConnectionAttempt>.array(of: attempt, count: 0...8).map { ConnectionScript(attempts: $0) }
    }

    static func modelRun(_ script: ConnectionScript) -> ClientLog {
        var model = ModelProgressSocketClient()
        return run(script, &model)
    }

    /// An action as the logs write it.
    static func name(_ action: ProgressSocketClient.Action) -> String {
        switch action {
        case let .open(reconnect): return reconnect ? "reopen" : "open"
        case .close: return "close"
        case let .send(message):
            return "send \(message.type)" + (message.jobId == ticket.jobId ? "" : " for job \(TextExcerpt.prefix(message.jobId, utf8BytesMax: 64))")
        }
    }

    /// What the server sends, encoded.
    static func frame(_ payload: ProgressPayload, at now: Timestamp) -> [UInt8] {
        ProgressMessageCodec.encode(ProgressMessage(jobId: ticket.jobId, pipeline: ticket.pipeline, timestamp: now, payload: payload))
    }

    static let completion = JobCompletion(canceled: false, totalProcessed: totalCount, totalCount: totalCount, successCount: totalCount - 3, failureCount: 3, durationMilliseconds: 61_000)
    static let failure = StructuredError.internalError(reason: "storage write failed")

    /// What the transport does next in a run.
    enum TransportEvent {
        case openResult(attempt: Int, status: Int?, succeeded: Bool)
        case ends(connection: Int, ConnectionEnding)
        case frame(connection: Int, [UInt8], ProgressMessageType)
    }

    /// Runs `client` against a transport that follows `script` and a server that answers pings and
    /// syncs 40 ms later, on virtual time: timers due at or before a transport event fire first.
    static func run(_ script: ConnectionScript, _ client: inout some ProgressSocketConnecting) -> ClientLog {
        let start = ProgressConformance.start
        let horizon = start.adding(milliseconds: horizonMilliseconds)
        var log = ClientLog()
        var queue: [(at: Timestamp, sequence: Int, event: TransportEvent)] = []
        var sequence = 0
        var attemptsStarted = 0
        var pendingAttempt: Int?
        var connection: Int?
        var silent = false
        var ending: ProgressPayload?
        var now = start

        func schedule(_ event: TransportEvent, at time: Timestamp) {
            sequence += 1
            queue.append((time, sequence, event))
        }
        func snapshot() -> JobSnapshot {
            switch ending {
            case .complete?: return JobSnapshot(status: .complete, processedCount: totalCount, totalCount: totalCount, completion: completion)
            case .error?: return JobSnapshot(status: .failed, processedCount: 40, totalCount: totalCount, error: failure)
            default: return JobSnapshot(status: .running, processedCount: min(totalCount, Int(ProgressConformance.offset(now) / 6_000)), totalCount: totalCount)
            }
        }
        func carryOut(_ actions: [ProgressSocketClient.Action]) {
            for action in actions {
                switch action {
                case .open:
                    let attempt = attemptsStarted
                    attemptsStarted += 1
                    pendingAttempt = attempt
                    connection = nil
                    let outcome = attempt < script.attempts.count ? script.attempts[attempt] : .fails(after: 100)
                    switch outcome {
                    case let .opens(after, lasts, end):
                        schedule(.openResult(attempt: attempt, status: nil, succeeded: true), at: now.adding(milliseconds: after))
                        schedule(.ends(connection: attempt, end), at: now.adding(milliseconds: after + lasts))
                    case let .fails(after): schedule(.openResult(attempt: attempt, status: nil, succeeded: false), at: now.adding(milliseconds: after))
                    case .hangs: break
                    case let .refused(status, after): schedule(.openResult(attempt: attempt, status: status, succeeded: false), at: now.adding(milliseconds: after))
                    }
                case .close:
                    pendingAttempt = nil
                    connection = nil
                case let .send(message):
                    guard let live = connection, !silent else { continue }
                    switch message.payload {
                    case let .ping(ping):
                        let reply = frame(.pong(Pong(clientTime: ping.clientTime, serverTime: now.epochMilliseconds)), at: now)
                        schedule(.frame(connection: live, reply, .pong), at: now.adding(milliseconds: latencyMilliseconds))
                    case .syncRequest:
                        schedule(.frame(connection: live, frame(.syncResponse(snapshot()), at: now), .syncResponse), at: now.adding(milliseconds: latencyMilliseconds))
                    default:
                        break
                    }
                }
            }
        }
        func record(_ input: String, _ actions: [ProgressSocketClient.Action]) {
            log.entries.append(ClientLog.Entry(at: ProgressConformance.offset(now), input: input, actions: actions.map(name)))
            carryOut(actions)
        }

        record("start", client.start(ticket, at: now))
        for _ in 0..<stepsMax {
            let next = queue.indices.min { (queue[$0].at, queue[$0].sequence) < (queue[$1].at, queue[$1].sequence) }
            if let deadline = client.deadline, deadline <= horizon, next.map({ deadline <= queue[$0].at }) ?? true {
                now = max(now, deadline)
                let actions = client.fire(at: now)
                if !actions.isEmpty { record("fire", actions) }
                if actions.isEmpty, client.deadline == deadline {
                    log.entries.append(ClientLog.Entry(at: ProgressConformance.offset(now), input: "stuck: the deadline stays due", actions: []))
                    return log
                }
                continue
            }
            guard let index = next, queue[index].at <= horizon else { return log }
            let (at, _, event) = queue.remove(at: index)
            now = max(now, at)
            switch event {
            case let .openResult(attempt, status, succeeded):
                guard pendingAttempt == attempt else { continue }
                pendingAttempt = nil
                if succeeded {
                    connection = attempt
                    silent = false
                    record("opened", client.opened(at: now))
                } else {
                    record(status.map { "refused \($0)" } ?? "open failed", client.openFailed(status: status, at: now))
                }
            case let .ends(live, end):
                guard connection == live else { continue }
                switch end {
                case .dropped:
                    connection = nil
                    record("lost", client.connectionLost(at: now))
                case .silent:
                    silent = true
                    log.entries.append(ClientLog.Entry(at: ProgressConformance.offset(now), input: "the link goes silent", actions: []))
                case .jobCompletes, .jobFails:
                    let payload: ProgressPayload = end == .jobCompletes ? .complete(completion) : .error(failure)
                    ending = payload
                    if !silent { schedule(.frame(connection: live, frame(payload, at: now), payload.type), at: now) }
                }
            case let .frame(live, bytes, type):
                guard connection == live, !silent else { continue }
                record("frame \(type)", client.received(bytes, at: now))
            }
        }
        return log
    }

    /// Runs the probes on `client`, started at the suite's start, and fails at the first call whose
    /// actions, as far as `aspect` keeps them, differ from the expected ones.
    static func probe(_ client: inout some ProgressSocketConnecting, _ steps: [ClientProbe], aspect: ClientAspect = .all) throws {
        var done: [String] = []
        /// The times of the failures and of the opens that followed them, for `.waitsLonger`.
        var failures: [Int64] = []
        var opens: [Int64] = []
        var lastAt: Int64 = 0
        /// When the last failure's own answer opened again at once.
        var openedAtOnce: Int64?
        func failed(_ actions: [ProgressSocketClient.Action], at: Int64) {
            openedAtOnce = actions.map(name).contains { $0 == "open" || $0 == "reopen" } ? at : nil
        }
        func expect(_ actions: [ProgressSocketClient.Action], _ expected: [String], _ call: String) throws {
            done.append(call)
            try ensureSame(actions.map(name).filter(aspect.keeps), expected.filter(aspect.keeps), done.suffix(12).joined(separator: ", "), show: { "[" + $0.joined(separator: ", ") + "]" })
        }
        func fireUntil(_ limit: Int64, _ wanted: (String) -> Bool) -> Int64? {
            for _ in 0..<2_000 {
                guard let deadline = client.deadline, ProgressConformance.offset(deadline) <= limit else { return nil }
                let at = max(ProgressConformance.offset(deadline), lastAt)
                let actions = client.fire(at: ProgressConformance.at(at)).map(name)
                lastAt = at
                done.append("fire(+\(at))")
                if actions.contains(where: wanted) {
                    // A client may close a dead connection and open again in one answer.
                    if actions.contains(where: { $0 == "open" || $0 == "reopen" }) { openedAtOnce = at }
                    return at
                }
            }
            return nil
        }
        for step in steps {
            switch step {
            case let .start(expected):
                try expect(client.start(ticket, at: ProgressConformance.start), expected, "start(+0)")
            case let .opened(at, expected):
                lastAt = at
                try expect(client.opened(at: ProgressConformance.at(at)), expected, "opened(+\(at))")
            case let .openFailed(at, status, expected):
                lastAt = at
                failures.append(at)
                try expect(client.openFailed(status: status, at: ProgressConformance.at(at)), expected, "openFailed(\(status.map(String.init) ?? "nil"), +\(at))")
            case let .lost(at, expected):
                lastAt = at
                failures.append(at)
                try expect(client.connectionLost(at: ProgressConformance.at(at)), expected, "connectionLost(+\(at))")
            case let .fire(at, expected):
                lastAt = at
                try expect(client.fire(at: ProgressConformance.at(at)), expected, "fire(+\(at))")
            case let .frame(at, payload, expected):
                lastAt = at
                try expect(client.received(frame(payload, at: ProgressConformance.at(at)), at: ProgressConformance.at(at)), expected, "received(\(payload.type), +\(at))")
            case .stopped:
                let deadline = client.deadline
                try ensure(deadline == nil, "the client should have stopped", question: done.suffix(12).joined(separator: ", ") + ", deadline",
                    model: "nil", implementation: deadline.map { "+\(ProgressConformance.offset($0))" } ?? "nil")
            case let .loses(at):
                lastAt = at
                failures.append(at)
                done.append("connectionLost(+\(at))")
                failed(client.connectionLost(at: ProgressConformance.at(at)), at: at)
            case let .failsToOpen(at):
                lastAt = at
                failures.append(at)
                done.append("openFailed(nil, +\(at))")
                failed(client.openFailed(status: nil, at: ProgressConformance.at(at)), at: at)
            case .awaitsAnOpen:
                if let at = openedAtOnce {
                    openedAtOnce = nil
                    opens.append(at)
                    continue
                }
                let since = lastAt
                guard let at = fireUntil(since + 3_600_000, { $0 == "open" || $0 == "reopen" }) else {
                    throw ConformanceViolation("the client did not open again after the failure at +\(failures.last ?? since) ms", question: done.suffix(12).joined(separator: ", "),
                        model: "an open", implementation: client.deadline.map { "its next deadline +\(ProgressConformance.offset($0))" } ?? "stopped", kind: "no reconnect")
                }
                openedAtOnce = nil
                opens.append(at)
            case .failTheOpen:
                lastAt = opens.last ?? lastAt
                failures.append(lastAt)
                done.append("openFailed(nil, +\(lastAt))")
                failed(client.openFailed(status: nil, at: ProgressConformance.at(lastAt)), at: lastAt)
            case let .refuseTheOpen(status):
                lastAt = (opens.last ?? lastAt) + 50
                done.append("openFailed(\(status), +\(lastAt))")
                failed(client.openFailed(status: status, at: ProgressConformance.at(lastAt)), at: lastAt)
                try ensure(openedAtOnce == nil, "the open refused with \(status) at +\(lastAt) ms was tried again at once",
                    question: done.suffix(12).joined(separator: ", "), model: "no open", implementation: "an open", kind: "a refused open retried")
            case .waitsLonger:
                let waits = zip(failures.suffix(2), opens.suffix(2)).map { $1 - $0 }
                try ensure(waits.count == 2 && waits[1] > waits[0], "after two failures in a row the client waited \(waits.map { "\($0) ms" }.joined(separator: " then ")), not longer the second time",
                    question: done.suffix(12).joined(separator: ", "), model: "a longer wait before the second reopen", implementation: waits.map { "\($0) ms" }.joined(separator: ", "),
                    kind: "no backoff")
            case let .closesAfterTheLastOpen(notBefore, by):
                let opened = opens.last ?? lastAt
                guard let at = fireUntil(opened + by, { $0 == "close" }) else {
                    throw ConformanceViolation("the open at +\(opened) ms hung, but the client did not close it by +\(opened + by) ms",
                        question: done.suffix(12).joined(separator: ", "), model: "a close \(notBefore) ms after the open", implementation: "no close", kind: "a hanging open kept")
                }
                try ensure(at - opened >= notBefore, "the open at +\(opened) ms was closed \(at - opened) ms after it, before its \(notBefore) ms were up",
                    question: done.suffix(12).joined(separator: ", "), model: "a close \(notBefore) ms after the open", implementation: "a close at +\(at)", kind: "a hanging open closed too soon")
            case let .closesBy(limit):
                try ensure(fireUntil(limit, { $0 == "close" }) != nil, "the connection's pongs stopped, but the client did not close it by +\(limit) ms",
                    question: done.suffix(12).joined(separator: ", "), model: "a close by +\(limit)", implementation: client.deadline.map { "its next deadline +\(ProgressConformance.offset($0))" } ?? "stopped",
                    kind: "a dead connection kept")
            }
        }
    }

    /// The first open (`reopens: false`) or any reopen (`true`) of `log` not followed at once by a
    /// `sync_request`, described; `nil` when there is none.
    static func openWithoutSync(_ log: ClientLog, reopens: Bool) -> String? {
        var attempts = 0
        var attemptOfOpen: Int?
        for entry in log.entries {
            if entry.input == "opened", let attempt = attemptOfOpen, (attempt > 1) == reopens, !entry.actions.contains("send sync_request") {
                return "the " + (reopens ? "reopen (attempt \(attempt))" : "first open") + " at +\(entry.at) ms was not followed by a sync_request"
            }
            for action in entry.actions where action == "open" || action == "reopen" {
                attempts += 1
                attemptOfOpen = attempts
            }
        }
        return nil
    }

    /// Whether a script's first attempt opens (RECONNECT-11's case).
    static func opensAtFirst(_ script: ConnectionScript) -> Bool {
        if case .opens? = script.attempts.first { return true }
        return false
    }

    /// Whether a script has an attempt after the first that opens (RECONNECT-03's case).
    static func reopens(_ script: ConnectionScript) -> Bool {
        script.attempts.dropFirst().contains { if case .opens = $0 { return true } else { return false } }
    }

    // MARK: - Examples

    static let sync = "send sync_request"
    static let running = ProgressPayload.syncResponse(JobSnapshot(status: .running, processedCount: 10, totalCount: totalCount))

    /// Connected at +100 ms, synced, and lost at +10,000.
    static var connectedThenLost: [ClientProbe] {
        [.start(expected: ["open"]), .opened(at: 100, expected: [sync]), .frame(at: 140, running, expected: []), .lost(at: 10_000, expected: [])]
    }

    /// Connected at +100 ms, synced, and lost at +10,000, whatever the client answers to the loss.
    static var connectedThenLoses: [ClientProbe] {
        [.start(expected: ["open"]), .opened(at: 100, expected: [sync]), .frame(at: 140, running, expected: []), .loses(at: 10_000)]
    }

    /// Reopens at each time in `times`, each failing at once.
    static func failingReopens(_ times: [Int64]) -> [ClientProbe] {
        times.flatMap { time in [.fire(at: time, expected: ["reopen"]), .openFailed(at: time, status: nil, expected: [])] as [ClientProbe] }
    }

    static var backoffExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("1, 2, 4, 8 and 16 s, then every 30 s", connectedThenLost + [.fire(at: 10_999, expected: [])]
                + failingReopens([11_000]) + [.fire(at: 12_999, expected: [])]
                + failingReopens([13_000, 17_000, 25_000, 41_000]) + [.fire(at: 70_999, expected: [])]
                + failingReopens([71_000, 101_000, 131_000]), pins: "D-078"),
            ConformanceExample("the delays start again after a successful open", connectedThenLost + failingReopens([11_000])
                + [.fire(at: 13_000, expected: ["reopen"]), .opened(at: 13_200, expected: [sync]), .lost(at: 20_000, expected: []),
                   .fire(at: 20_999, expected: []), .fire(at: 21_000, expected: ["reopen"])], pins: "D-078"),
            ConformanceExample("a failed first open is retried after 1 s", [.start(expected: ["open"]), .openFailed(at: 500, status: nil, expected: []),
                .fire(at: 1_499, expected: []), .fire(at: 1_500, expected: ["reopen"])], pins: "D-078"),
        ]
    }

    /// Lost at +10,000 and every reopen failing, the second failure `secondSlack` ms after its open, so
    /// that the 23rd failure lands at +10,000 + `lastFailure` (D-078's ten minutes on either side).
    static func failuresUntil(lastFailure: Int64, secondSlack: Int64) -> [ClientProbe] {
        let lostAt: Int64 = 10_000
        let delays: [Int64] = [1_000, 2_000, 4_000, 8_000, 16_000]
        var steps = connectedThenLost
        var failedAt = lostAt
        for attempt in 1...23 {
            let reopenAt = failedAt + (attempt <= delays.count ? delays[attempt - 1] : 30_000)
            let slack: Int64 = attempt == 1 ? 9_999 : attempt == 2 ? secondSlack : attempt == 23 ? lostAt + lastFailure - reopenAt : 0
            steps.append(.fire(at: reopenAt, expected: ["reopen"]))
            failedAt = reopenAt + slack
            steps.append(.openFailed(at: failedAt, status: nil, expected: []))
        }
        return steps
    }

    static var giveUpExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("a failure 599,999 ms after the first is retried 30 s later", failuresUntil(lastFailure: 599_999, secondSlack: 9_001)
                + [.fire(at: 639_998, expected: []), .fire(at: 639_999, expected: ["reopen"]), .opened(at: 640_000, expected: [sync])], pins: "D-078"),
            ConformanceExample("a failure 600,000 ms after the first gives up", failuresUntil(lastFailure: 600_000, secondSlack: 9_002)
                + [.fire(at: 640_000, expected: []), .fire(at: 2_000_000, expected: []), .stopped], pins: "D-078"),
            ConformanceExample("five minutes of failure, then the network returns", connectedThenLost
                + failingReopens([11_000, 13_000, 17_000, 25_000, 41_000, 71_000, 101_000, 131_000, 161_000, 191_000, 221_000, 251_000, 281_000])
                + [.fire(at: 311_000, expected: ["reopen"]), .opened(at: 311_050, expected: [sync])], pins: "D-078"),
        ]
    }

    static var syncAfterFirstOpenExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("the first open", [.start(expected: ["open"]), .opened(at: 100, expected: [sync])], pins: "D-079"),
        ]
    }

    static var syncAfterReopenExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("a reopen after a drop", connectedThenLost + [.fire(at: 11_000, expected: ["reopen"]), .opened(at: 11_100, expected: [sync])],
                pins: "seed: \"Include the job ID in reconnect queries to resume state\""),
            ConformanceExample("a reopen after a failed first open", [.start(expected: ["open"]), .openFailed(at: 500, status: nil, expected: []), .fire(at: 1_500, expected: ["reopen"]),
                .opened(at: 1_600, expected: [sync])], pins: "seed: \"Auto-reconnect with exponential backoff and state sync.\""),
        ]
    }

    static var autoReconnectExamples: [ConformanceExample<[ClientProbe]>] {
        [
            // At once or after a delay: the seed asks for a reconnect and a backoff, not when the first one comes.
            ConformanceExample("a lost connection is opened again", connectedThenLoses + [.awaitsAnOpen],
                pins: "seed: \"Auto-reconnect with exponential backoff and state sync.\""),
            ConformanceExample("a failed first open is tried again", [.start(expected: ["open"]), .failsToOpen(at: 500), .awaitsAnOpen],
                pins: "seed: \"Implement client-side logic with exponential backoff.\""),
            ConformanceExample("after two failures in a row, a longer wait", connectedThenLoses + [.awaitsAnOpen, .failTheOpen, .awaitsAnOpen, .waitsLonger],
                pins: "seed: \"Auto-reconnect with exponential backoff and state sync.\""),
        ]
    }

    static var heartbeatReconnectExamples: [ConformanceExample<[ClientProbe]>] {
        let connected: [ClientProbe] = [.start(expected: ["open"]), .opened(at: 0, expected: [sync]), .frame(at: 40, running, expected: [])]
        return [
            ConformanceExample("no pongs after the open: closed by 120 s, then opened again", connected + [.closesBy(120_000), .awaitsAnOpen],
                pins: "seed: \"If no pong after 3 attempts (90s), trigger reconnect\""),
            ConformanceExample("a pong, then none: closed by 150 s after it, then opened again", connected + [.fire(at: 30_000, expected: ["send ping"]),
                .frame(at: 30_040, .pong(Pong(clientTime: ProgressConformance.at(30_000).epochMilliseconds, serverTime: 0)), expected: []), .closesBy(150_040), .awaitsAnOpen],
                pins: "seed: \"Verify auto-reconnect triggered\""),
        ]
    }

    static var syncRetryExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("asked again at 5 s, then answered", [.start(expected: ["open"]), .opened(at: 100, expected: [sync]), .fire(at: 5_099, expected: []),
                .fire(at: 5_100, expected: [sync]), .fire(at: 10_099, expected: []), .fire(at: 10_100, expected: [sync]), .frame(at: 10_150, running, expected: []),
                .fire(at: 15_100, expected: []), .fire(at: 20_100, expected: [])], pins: "D-079"),
            ConformanceExample("answered at once: never asked again", [.start(expected: ["open"]), .opened(at: 100, expected: [sync]), .frame(at: 140, running, expected: []),
                .fire(at: 5_100, expected: []), .fire(at: 10_100, expected: [])], pins: "D-079"),
        ]
    }

    static var handshakeExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("the first open hangs", [.start(expected: ["open"]), .fire(at: 9_999, expected: []), .fire(at: 10_000, expected: ["close"]),
                .fire(at: 10_999, expected: []), .fire(at: 11_000, expected: ["reopen"])], pins: "D-078"),
            // Whenever the reopen comes (the backoff is D-078's), it is closed 10 s after it began.
            ConformanceExample("a reopen hangs", connectedThenLoses + [.awaitsAnOpen, .closesAfterTheLastOpen(notBefore: 10_000, by: 10_000)],
                pins: "seed: \"waitForConnection(webSocket, timeout: 10.0)\""),
            ConformanceExample("an open completing at 9,999 ms stands", [.start(expected: ["open"]), .opened(at: 9_999, expected: [sync]), .fire(at: 10_000, expected: []),
                .frame(at: 10_040, running, expected: [])], pins: "D-078"),
        ]
    }

    static var refusalExamples: [ConformanceExample<[ClientProbe]>] {
        [
            ConformanceExample("401 on the first open", [.start(expected: ["open"]), .openFailed(at: 100, status: 401, expected: []),
                .fire(at: 1_100, expected: []), .fire(at: 700_000, expected: []), .stopped], pins: "D-080"),
            // Whenever the reopen comes (the backoff is D-078's), its refusal is final.
            ConformanceExample("404 on a reopen", connectedThenLoses + [.awaitsAnOpen, .refuseTheOpen(status: 404), .fire(at: 700_000, expected: []), .stopped], pins: "D-078"),
        ]
    }

    static var endingExamples: [ConformanceExample<[ClientProbe]>] {
        let connected: [ClientProbe] = [.start(expected: ["open"]), .opened(at: 100, expected: [sync]), .frame(at: 140, running, expected: [])]
        let never: [ClientProbe] = [.lost(at: 20_000, expected: []), .fire(at: 21_000, expected: []), .fire(at: 700_000, expected: []), .stopped]
        return [
            ConformanceExample("a completion", connected + [.frame(at: 15_000, .complete(completion), expected: ["close"])] + never, pins: "D-079"),
            ConformanceExample("an error", connected + [.frame(at: 15_000, .error(failure), expected: ["close"])] + never, pins: "D-079"),
            ConformanceExample("a snapshot carrying the completion", [.start(expected: ["open"]), .opened(at: 100, expected: [sync]),
                .frame(at: 140, .syncResponse(JobSnapshot(status: .complete, processedCount: totalCount, totalCount: totalCount, completion: completion)), expected: ["close"])] + never,
                pins: "D-079"),
            ConformanceExample("a snapshot carrying the error", [.start(expected: ["open"]), .opened(at: 100, expected: [sync]),
                .frame(at: 140, .syncResponse(JobSnapshot(status: .failed, processedCount: 40, totalCount: totalCount, error: failure)), expected: ["close"])] + never,
                pins: "D-079"),
        ]
    }

    static var deadConnectionExamples: [ConformanceExample<[ClientProbe]>] {
        let connected: [ClientProbe] = [.start(expected: ["open"]), .opened(at: 0, expected: [sync]), .frame(at: 40, running, expected: [])]
        return [
            ConformanceExample("no pongs after the open", connected + [.fire(at: 30_000, expected: ["send ping"]), .fire(at: 60_000, expected: ["send ping"]),
                .fire(at: 90_000, expected: ["send ping"]), .fire(at: 94_999, expected: []), .fire(at: 95_000, expected: ["close"]),
                .fire(at: 95_999, expected: []), .fire(at: 96_000, expected: ["reopen"]), .opened(at: 96_100, expected: [sync])],
                pins: "D-077"),
            ConformanceExample("pongs keep the connection", connected + [.fire(at: 30_000, expected: ["send ping"]),
                .frame(at: 30_040, .pong(Pong(clientTime: ProgressConformance.at(30_000).epochMilliseconds, serverTime: 0)), expected: []),
                .fire(at: 60_000, expected: ["send ping"]), .fire(at: 90_000, expected: ["send ping"]), .fire(at: 95_000, expected: []),
                .fire(at: 120_000, expected: ["send ping"]), .fire(at: 124_999, expected: []), .fire(at: 125_000, expected: ["close"])], pins: "D-077"),
        ]
    }
}
