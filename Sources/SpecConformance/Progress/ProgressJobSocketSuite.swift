import Fixtures
import Generators
import SpecModel
import Synchronization

extension ConformanceSuite where Implementation: ProgressJobSocketServing {
    /// The job socket suite: pongs, tokens and refusals, sync answers, bad frames, the throttle's
    /// properties on the socket's own messages, one ending and the close after it, the 100 s idle close
    /// on both sides, the cancel broadcast, one connection per job, and the model's conversation on
    /// generated scripts.
    public static var progressJobSocket: ConformanceSuite {
        typealias R = ProgressJobSocketRules
        typealias C = ProgressJobSocketChecks
        let scripts = C.scripts
        func onScripts(_ rule: Rule, _ law: @escaping (SocketRun) throws -> Void, from generator: Gen<SocketScript> = scripts, exercises: ((SocketScript) -> Bool)? = nil) -> ConformanceCheck<Implementation> {
            .property(rule, "generated scripts", cases: C.scriptCaseCount, generator, describe: { $0.description }, exercises: exercises) { implementation, script in
                let run = SocketDriver.run(script, &implementation)
                try C.ensureWellBehaved(run)
                do {
                    try law(run)
                } catch let violation as ConformanceViolation {
                    throw ConformanceViolation(violation.message, question: "run(\(script))", model: SocketDriver.modelRun(script).description, implementation: run.description)
                }
            }
        }
        func onStreams(_ rule: Rule, _ properties: [TraceLaw], exercises: @escaping (ProgressUpdateStream) -> Bool) -> ConformanceCheck<Implementation> {
            .property(rule, "generated report streams", label: "\(rule.id).streams", cases: C.streamCaseCount, C.streams, describe: { $0.description }, exercises: exercises) { implementation, stream in
                try C.check(properties, stream, &implementation)
            }
        }
        func pinned(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<SocketExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, example in
                try example.check(&implementation)
            }
        }
        func kept(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<SocketStreamExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: "\(rule.id).stream-examples", examples) { implementation, example in
                try C.check(example.properties, example.stream, &implementation)
            }
        }
        typealias E = ProgressStreamExercise
        return ConformanceSuite(id: "progress-job-socket", title: "Progress job socket", seam: "ProgressJobSocketServing", checks: [
            onScripts(R.pong, C.everyPingIsAnswered, exercises: C.sendsAPing),
            pinned(R.pong, "pings with and without a time, after the ending, behind a held report", C.pongExamples),
            .examples(R.pong, "the seed's test", label: "SOCKET-01.seed", [ConformanceExample("responds to ping with pong", 1_234 as Int64,
                pins: "seed: \"responds to ping with pong\"")]) { implementation, clientTime in
                try C.checkSeedPong(&implementation, clientTime: clientTime)
            },
            onScripts(R.serverTime, C.everyPongCarriesTheServersTime, exercises: C.sendsAPing),
            pinned(R.serverTime, "pongs at 30 s and behind a held report", C.serverTimeExamples),
            .property(R.token, "generated jobs and tokens", cases: C.tokenCaseCount, C.tokenCases, describe: { $0.description }, exercises: C.presentsAToken) { implementation, tokens in
                try C.checkTokens(tokens, &implementation)
            },
            pinned(R.token, "missing, wrong, near and exact tokens", C.tokenExamples),
            .property(R.refusal, "generated jobs and tokens", cases: C.tokenCaseCount, C.tokenCases, describe: { $0.description }, exercises: C.presentsAWrongToken) { implementation, tokens in
                try C.checkRefusals(tokens, &implementation)
            },
            .examples(R.refusal, "fixed jobs and tokens", label: "SOCKET-03.tokens", C.refusalTokenExamples) { implementation, tokens in
                try C.checkRefusals(tokens, &implementation)
            },
            pinned(R.refusal, "refusals while a connection is open and after the ending", C.refusalExamples),
            onScripts(R.sync, C.everySyncIsAnswered, exercises: C.asksForSync),
            pinned(R.sync, "running, held, deferred, ended, failed and canceled jobs", C.syncExamples),
            .property(R.badFrame, "generated hostile frames", cases: C.hostileCaseCount, C.hostileFrames, describe: { $0.description }, exercises: { C.isUnparsedOrUnhandled($0.bytes) }) { implementation, frame in
                try C.checkHostile(frame, &implementation)
            },
            pinned(R.badFrame, "frames that are not JSON, or of a type the server does not handle", C.badFrameExamples),
            .property(R.refusedFrame, "generated hostile frames", cases: C.hostileCaseCount, C.hostileFrames, describe: { $0.description }, exercises: { !C.isUnparsedOrUnhandled($0.bytes) }) { implementation, frame in
                try C.checkHostile(frame, &implementation)
            },
            pinned(R.refusedFrame, "pings and sync requests of another version or job, with a bad field, and 64 KiB on both sides", C.refusedFrameExamples),
            onStreams(R.rate, [.property(.rate), .spacing], exercises: E.hasReportsWithin(1_000)),
            kept(R.rate, "the seed's updates every 20 ms and milestone bursts", C.rateExamples),
            onStreams(R.burstHeld, [.burstHeld], exercises: E.hasOrdinaryReportInABurst),
            kept(R.burstHeld, "the seed's rapid updates", C.burstExamples),
            onStreams(R.monotone, [.property(.countsNeverGoBackwards)], exercises: E.hasLateCount),
            kept(R.monotone, "late lower counts", C.monotoneExamples),
            onStreams(R.firstAtOnce, [.firstAtOnce], exercises: E.hasReportBeforeFinish),
            kept(R.firstAtOnce, "first reports", C.firstExamples),
            onStreams(R.delivery, [.finalCountReached], exercises: E.finishesAfterAReport),
            kept(R.delivery, "the seed's flush test", C.deliveryExamples),
            onStreams(R.milestones, [.property(.milestoneDelivered)], exercises: E.hasMilestone),
            pinned(R.milestones, "the seed's milestone test and the last item", C.milestoneExamples),
            onStreams(R.keepAlive, [.property(.keepAlive)], exercises: E.hasReportBeforeFinish),
            pinned(R.keepAlive, "keep-alives around 10 s", C.keepAliveExamples),
            onStreams(R.ending, [.property(.nothingAfterFinish)], exercises: E.finishes),
            onScripts(R.ending, C.oneEndingAndNothingAfter, exercises: C.endsTheJob),
            pinned(R.ending, "repeated endings and late reports", C.endingExamples),
            onScripts(R.idle, C.idleConnectionsClose, exercises: C.opensAConnection),
            pinned(R.idle, "silences of 99,999 and 100,000 ms", C.idleExamples),
            onScripts(R.closeAfterEnding, C.endingClosesNormally, exercises: C.endsTheJob),
            pinned(R.closeAfterEnding, "completions, deferred completions, failures", C.closeExamples),
            onScripts(R.cancel, C.cancelsBroadcast, from: C.scriptsWithACancel, exercises: C.cancels),
            pinned(R.cancel, "the seed's cancel of 5 of 50, and a cancel while a report is held", C.cancelExamples),
            onScripts(R.afterCancel, C.nothingMoreAfterACancel, exercises: C.cancels),
            pinned(R.afterCancel, "reports after a cancel, repeated and late cancels", C.afterCancelExamples),
            onScripts(R.replace, C.oneConnectionAtATime, exercises: C.opensAConnection),
            pinned(R.replace, "a reconnect replacing the open connection", C.replaceExamples),
            .differential(R.conversation, "generated scripts", cases: C.differentialCaseCount, scripts, describe: { $0.description },
                question: { "run(\($0))" }, model: { SocketDriver.modelRun($0).wire },
                implementation: { implementation, script in SocketDriver.run(script, &implementation).wire }, show: { $0.description }),
        ])
    }
}

/// A fixed script and what its connections must receive, or the law its run must keep.
struct SocketExample: Sendable {
    let script: SocketScript
    /// Each connection's socket events up to `until` ms from the start, as `SocketText` writes them:
    /// the messages of the types `showing` lists (all when `nil`), and the closes if `closes`, so an
    /// example shows only what its rule is about.
    let expected: [(connection: Int, transcript: String)]
    /// A law the run must keep, for examples whose point does not depend on the throttle's timing.
    let law: (@Sendable (SocketRun) throws -> Void)?
    let until: Int64?
    let showing: [ProgressMessageType]?
    let closes: Bool
    /// Whether a pong's `serverTime` is shown when it is not the time it was sent (SOCKET-15's); the
    /// other rules' examples leave it out.
    let serverTime: Bool

    /// An example whose run must keep `law`.
    init(total: Int, _ commands: [(Int64, SocketCommand)], keeps law: @escaping @Sendable (SocketRun) throws -> Void) {
        self.script = SocketScript(totalCount: total, at: commands)
        self.expected = []
        self.law = law
        self.until = nil
        self.showing = nil
        self.closes = true
        self.serverTime = false
    }

    init(total: Int, job: ProgressJobTicket = SocketScript.job, _ commands: [(Int64, SocketCommand)], until: Int64? = nil,
         showing: [ProgressMessageType]? = nil, closes: Bool = true, serverTime: Bool = false, _ expected: [(Int, String)]) {
        self.law = nil
        self.showing = showing
        self.closes = closes
        self.serverTime = serverTime
        // A run observes its timers for `SocketDriver.horizonMilliseconds` after the last step; an
        // expectation further out waits for it.
        let last = commands.last?.0 ?? 0
        let wait: [(Int64, SocketCommand)] = until.map { $0 > last + SocketDriver.horizonMilliseconds ? [($0, .wait)] : [] } ?? []
        self.script = SocketScript(job: job, totalCount: total, at: commands + wait)
        self.expected = expected.map { (connection: $0.0, transcript: $0.1) }
        self.until = until
    }

    func transcripts(of run: SocketRun) -> [String] {
        expected.map { connection, _ in
            run.transcript(connection).map { SocketText.describe($0, job: script.job, socketOnly: true, until: until, showing: showing, closes: closes, serverTime: serverTime) } ?? "never opened"
        }
    }

    func check(_ socket: inout some ProgressJobSocketServing) throws {
        if let law {
            let run = SocketDriver.run(script, &socket)
            try ProgressJobSocketChecks.ensureWellBehaved(run)
            do {
                try law(run)
            } catch let violation as ConformanceViolation {
                throw ConformanceViolation(violation.message, question: "run(\(script))", model: SocketDriver.modelRun(script).description, implementation: run.description)
            }
            return
        }
        let wanted = expected.map(\.transcript)
        let model = SocketExampleCache.modelTranscripts(of: self)
        try ensure(model == wanted, "the suite's expectation is not what the model sends", question: "run(\(script))",
            model: model.joined(separator: " | "), implementation: wanted.joined(separator: " | "))
        let run = SocketDriver.run(script, &socket)
        try ProgressJobSocketChecks.ensureWellBehaved(run)
        for (index, (connection, transcript)) in expected.enumerated() {
            let got = transcripts(of: run)[index]
            try ensure(got == transcript, "connection \(connection) received other messages than the model's" + (until.map { " up to +\($0) ms" } ?? ""),
                question: "run(\(script))", model: transcript, implementation: got)
        }
    }
}

/// The model's transcripts of each example, computed once per process: every implementation's run of
/// an example first checks that the example's expectation is the model's.
enum SocketExampleCache {
    private static let transcripts = Mutex<[String: [String]]>([:])

    static func modelTranscripts(of example: SocketExample) -> [String] {
        let key = "\(example.script) until \(example.until.map(String.init) ?? "-") showing \(example.showing.map { "\($0)" } ?? "all") closes \(example.closes) serverTime \(example.serverTime)"
        if let known = transcripts.withLock({ $0[key] }) { return known }
        let computed = example.transcripts(of: SocketDriver.modelRun(example.script))
        transcripts.withLock { $0[key] = computed }
        return computed
    }
}

/// A law the socket's progress messages keep on a report stream: one of the throttle's properties, or
/// what the throttle suite checks beside them.
enum TraceLaw: Hashable, Sendable, CustomStringConvertible {
    case property(ThrottleProperty)
    /// Progress messages are at least 500 ms apart (THROTTLE-08's spacing).
    case spacing
    /// The job's first report goes out at once (THROTTLE-07).
    case firstAtOnce
    /// No ordinary report of a burst goes out at once (THROTTLE-09).
    case burstHeld
    /// The highest count reported before the ending reaches the client before it (THROTTLE-03).
    case finalCountReached

    var description: String {
        switch self {
        case let .property(property): return property.description
        case .spacing: return "spacing"
        case .firstAtOnce: return "firstAtOnce"
        case .burstHeld: return "burstHeld"
        case .finalCountReached: return "finalCountReached"
        }
    }
}

/// A fixed report stream and the laws the socket's messages must keep on it.
struct SocketStreamExample: Sendable {
    let stream: ProgressUpdateStream
    let properties: [TraceLaw]

    /// A stream of `total` items with events at absolute offsets from the start.
    init(total: Int, _ events: [(Int64, ProgressUpdateStream.Kind)], _ properties: [TraceLaw]) {
        var previous: Int64 = 0
        self.stream = ProgressUpdateStream(totalCount: total, events: events.map { offset, kind in
            defer { previous = offset }
            return ProgressUpdateStream.Event(gapMilliseconds: offset - previous, kind: kind)
        })
        self.properties = properties
    }

    init(_ stream: ProgressUpdateStream, _ properties: [TraceLaw]) {
        self.stream = stream
        self.properties = properties
    }
}

/// A job, and the tokens clients present to open its socket.
struct SocketTokenCase: Hashable, Sendable, CustomStringConvertible {
    let job: ProgressJobTicket
    let presented: [SocketToken]

    var description: String {
        "job \(String(reflecting: job.jobId)) with token \(String(reflecting: job.token)), presented: " + presented.map(\.description).joined(separator: ", ")
    }
}

/// A frame a client might send, named for reports.
struct HostileFrame: Hashable, Sendable, CustomStringConvertible {
    let name: String
    let bytes: [UInt8]

    var description: String { "\(name): \(ProgressConformance.show(bytes))" }
}

/// The job socket suite's generators, laws and custom checks; its examples are in
/// `ProgressJobSocketChecks+Examples.swift`.
enum ProgressJobSocketChecks {
    static let scriptCaseCount = 12
    static let streamCaseCount = 10
    static let tokenCaseCount = 25
    static let hostileCaseCount = 15
    /// Cases of the differential, the catch-all check.
    static let differentialCaseCount = 20
    /// The server's idle close: the model's, Cloudflare's "~100 seconds".
    static let idleCloseMilliseconds = ProgressJobSocket.idleTimeoutMilliseconds
    /// The most steps of a generated script.
    static let scriptStepsMax = 10

    static var job: ProgressJobTicket { SocketScript.job }

    // MARK: - Generators

    /// Scripts of up to `scriptStepsMax` steps, most opening a connection with the job's token first;
    /// gaps mostly inside the throttle's interval, some across the keep-alive and the idle close.
    static var scripts: Gen<SocketScript> {
        let gap = Gen<Int64>.frequency([
            (weight: 6, generator: Gen<Int64>.integer(in: 0...400)),
            (weight: 3, generator: Gen<Int64>.integer(in: 401...2_500)),
            (weight: 1, generator: Gen<Int64>.integer(in: 2_501...40_000)),
            (weight: 1, generator: Gen<Int64>.integer(in: 95_000...105_000)),
        ])
        let token = Gen<SocketToken>.frequency([
            (weight: 4, generator: Gen<SocketToken>.constant(.own)),
            (weight: 1, generator: Gen<SocketToken>.element(of: [.none, .empty, .otherJobs, .ownUppercased, .ownShort, .ownLong])),
        ])
        let side = Gen<SocketSide>.frequency([
            (weight: 4, generator: Gen<SocketSide>.constant(.current)),
            (weight: 1, generator: Gen<SocketSide>.constant(.previous)),
        ])
        let clientTime = Gen<Int64?>.element(of: [nil, 0, 1_234, ProgressConformance.start.epochMilliseconds, 9_007_199_254_740_991])
        let frame = Gen<SocketFrame>.frequency([
            (weight: 4, generator: clientTime.map { SocketFrame.ping(clientTime: $0) }),
            (weight: 2, generator: Gen<Int>.int(in: 0...5).optional().map { SocketFrame.sync(lastProcessedCount: $0) }),
            (weight: 1, generator: Gen<BadClientFrame>.element(of: BadClientFrame.allCases).map { SocketFrame.bad($0) }),
        ])
        let report = Gen<SocketReport>.frequency([
            (weight: 6, generator: Gen<Int>.int(in: 0...4).map { SocketReport.advance(by: $0) }),
            (weight: 1, generator: Gen<Int>.int(in: 1...5).map { SocketReport.late(by: $0) }),
            (weight: 1, generator: Gen<Int>.int(in: 0...60).map { SocketReport.count($0) }),
        ])
        let command = Gen<SocketCommand>.frequency([
            (weight: 2, generator: token.map { SocketCommand.connect($0) }),
            (weight: 2, generator: Gen<SocketCommand>.constant(.resume)),
            (weight: 4, generator: Gen<(SocketSide, SocketFrame)>.zip(side, frame).map { SocketCommand.send($0, $1) }),
            (weight: 1, generator: Gen<SocketCommand>.constant(.disconnect)),
            (weight: 1, generator: Gen<SocketCommand>.constant(.start)),
            (weight: 6, generator: report.map { SocketCommand.report($0) }),
            (weight: 1, generator: Gen<SocketCommand>.constant(.complete)),
            (weight: 1, generator: Gen<SocketCommand>.constant(.fail)),
            (weight: 1, generator: Gen<SocketCommand>.constant(.cancel)),
            (weight: 1, generator: Gen<SocketCommand>.constant(.wait)),
        ])
        let steps = Gen<(Int64, SocketCommand)>.array(of: Gen<(Int64, SocketCommand)>.zip(gap, command), count: 0...scriptStepsMax)
        let total = Gen<Int>.frequency([
            (weight: 3, generator: Gen<Int>.int(in: 0...12)),
            (weight: 1, generator: Gen<Int>.int(in: 13...60)),
        ])
        return Gen<(Int, Bool, [(Int64, SocketCommand)])>.zip(total, Gen<Bool>.bool(probability: 0.85), steps).map { total, opens, steps in
            let first = opens ? [SocketStep(gapMilliseconds: 0, command: .connect(.own))] : []
            return SocketScript(totalCount: total, steps: first + steps.map { SocketStep(gapMilliseconds: $0, command: $1) })
        }
    }

    /// `scripts` with a cancel among their steps, anywhere but before the first, so that a cancel's rule is
    /// exercised by every case rather than by the one in five that draws a cancel.
    static var scriptsWithACancel: Gen<SocketScript> {
        scripts.flatMap { script in
            Gen<Int>.int(in: min(1, script.steps.count)...script.steps.count).map { at in
                var steps = script.steps
                steps.insert(SocketStep(gapMilliseconds: 0, command: .cancel), at: at)
                return SocketScript(job: script.job, totalCount: script.totalCount, steps: steps)
            }
        }
    }

    /// The throttle suite's report streams, shorter (every report crosses the socket's encoder).
    static var streams: Gen<ProgressUpdateStream> { ProgressStreamFixture.generator(stepsMax: 25, totalMax: 2_000) }

    /// Jobs with production-like IDs and tokens, and up to six presented tokens, near misses mostly.
    static var tokenCases: Gen<SocketTokenCase> {
        let jobId = Gen<String>.frequency([
            (weight: 3, generator: Gen<String>.uuidString),
            (weight: 1, generator: Gen<String>.uppercaseUUIDString),
            (weight: 1, generator: Gen<Int>.int(in: 1...999).map { "job-\($0)" }),
        ])
        let token = Gen<String>.frequency([
            (weight: 3, generator: Gen<String>.uuidString),
            (weight: 1, generator: Gen<String>.asciiString(count: 8...40).filter("a token with a letter") { text in
                text.unicodeScalars.contains { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
            }),
        ])
        let presented = Gen<SocketToken>.frequency([
            (weight: 2, generator: Gen<SocketToken>.constant(.own)),
            (weight: 5, generator: Gen<SocketToken>.element(of: [.none, .empty, .otherJobs, .ownUppercased, .ownShort, .ownLong, .ownWithTrailingSpace])),
            (weight: 1, generator: Gen<String>.uuidString.map { SocketToken.literal($0) }),
        ])
        return Gen<(String, ProgressPipeline, String, [SocketToken])>.zip(
            jobId, Gen<ProgressPipeline>.element(of: ProgressPipeline.allCases), token, Gen<SocketToken>.array(of: presented, count: 1...6)
        ).map { jobId, pipeline, token, presented in
            SocketTokenCase(job: ProgressJobTicket(jobId: jobId, pipeline: pipeline, token: token), presented: presented)
        }
    }

    /// Frames a client (or an attacker) might send: every kind of bad frame, and encoded messages of
    /// every type (a server's, another job's) cut short, with a byte changed, or another version.
    static var hostileFrames: Gen<HostileFrame> {
        let now = ProgressConformance.at(100)
        let bad = Gen<BadClientFrame>.element(of: BadClientFrame.allCases).map { HostileFrame(name: $0.description, bytes: $0.bytes(for: job, at: now)) }
        let damaged = Gen<(ProgressMessage, Int, Int, UInt8)>.zip(ProgressMessageFixture.generator(), Gen<Int>.int(in: 0...3), Gen<Int>.int(in: 0...4_000), Gen<UInt8>.integer(in: 0...255))
            .map { message, damage, position, byte in
                let bytes = ProgressMessageCodec.encode(message)
                let at = bytes.isEmpty ? 0 : position % bytes.count
                switch damage {
                case 0: return HostileFrame(name: "a \(message.type) for job \(TextExcerpt.prefix(message.jobId, utf8BytesMax: 40))", bytes: bytes)
                case 1: return HostileFrame(name: "a \(message.type) cut at byte \(at)", bytes: Array(bytes.prefix(at)))
                case 2:
                    var changed = bytes
                    if !changed.isEmpty { changed[at] = byte }
                    return HostileFrame(name: "a \(message.type) with byte \(at) set to \(byte)", bytes: changed)
                default:
                    let text = String(decoding: bytes, as: UTF8.self).replacing("\"version\":\"1.0.0\"", with: "\"version\":\"0.9.0\"")
                    return HostileFrame(name: "a \(message.type) of version 0.9.0", bytes: Array(text.utf8))
                }
            }
        return Gen<HostileFrame>.frequency([(weight: 1, generator: bad), (weight: 3, generator: damaged)])
    }

    // MARK: - Running

    /// Fails the check when the socket's timers never settled, or it sent bytes that are not a server's
    /// message: nothing else in the run can be judged then.
    static func ensureWellBehaved(_ run: SocketRun) throws {
        if let fault = run.fault {
            throw ConformanceViolation("the socket's timer misbehaved: \(fault)", question: "run(\(run.script))", implementation: run.description)
        }
        for transcript in run.transcripts {
            for event in transcript.events {
                if case let .sentUndecodable(bytes) = event.kind {
                    throw ConformanceViolation("the socket sent connection \(transcript.connection) a frame that is not a server's message at +\(ProgressConformance.offset(event.at)) ms: \(ProgressConformance.show(bytes))",
                        question: "run(\(run.script))", model: SocketDriver.modelRun(run.script).description, implementation: run.description)
                }
            }
        }
    }

    /// A report stream as a script: a connection with the job's token at the start, a report (or the
    /// completion) at each event, and a ping whenever 30 s have passed since the last, as the app's
    /// heartbeat would, so the idle close never interferes.
    static func script(for stream: ProgressUpdateStream) -> SocketScript {
        var steps = [SocketStep(gapMilliseconds: 0, command: .connect(.own))]
        var sincePing: Int64 = 0
        for event in stream.events {
            var gap = event.gapMilliseconds
            sincePing += gap
            if sincePing >= Heartbeat.pingIntervalMilliseconds {
                steps.append(SocketStep(gapMilliseconds: gap, command: .send(.current, .ping(clientTime: nil))))
                gap = 0
                sincePing = 0
            }
            switch event.kind {
            case let .report(count): steps.append(SocketStep(gapMilliseconds: gap, command: .report(.count(count))))
            case .finish: steps.append(SocketStep(gapMilliseconds: gap, command: .complete))
            }
        }
        return SocketScript(totalCount: stream.totalCount, steps: steps)
    }

    /// `ThrottleTrace.Emission` has no public initializer, so the suite edits a copy of one the model's
    /// throttle made (a finish) to write the socket's messages as emissions.
    static let emissionPrototype: ThrottleTrace.Emission? = ThrottleRun.run(
        ProgressUpdateStream(totalCount: 1, events: [ProgressUpdateStream.Event(gapMilliseconds: 0, kind: .finish)]), with: ProgressThrottle()
    ).emissions.first

    /// The throttle trace of what the socket sent the first connection for `stream`: the reports, the
    /// finish and the observed span as `ThrottleRun` records them, with the socket's `job_progress`
    /// messages and its ending as the emissions.
    static func trace(_ stream: ProgressUpdateStream, _ socket: inout some ProgressJobSocketServing) throws -> (ThrottleTrace, SocketRun) {
        let run = SocketDriver.run(script(for: stream), &socket)
        try ensureWellBehaved(run)
        guard let prototype = emissionPrototype else {
            throw ConformanceViolation("the suite could not make a throttle trace: the model's throttle sent no finish for a finished stream")
        }
        var trace = ThrottleRun.run(stream, with: ProgressThrottle())
        trace.emissions = (run.transcript(1)?.events ?? []).compactMap { event in
            let kind: ThrottleTrace.Emission.Kind
            switch event.message?.payload {
            case let .progress(update)?: kind = .progress(update)
            case .complete?, .error?: kind = .finish
            default: return nil
            }
            var emission = prototype
            emission.at = event.at
            emission.kind = kind
            return emission
        }
        return (trace, run)
    }

    static func check(_ laws: [TraceLaw], _ stream: ProgressUpdateStream, _ socket: inout some ProgressJobSocketServing) throws {
        let (trace, run) = try trace(stream, &socket)
        for law in laws {
            if let evidence = evidence(against: law, in: trace) {
                throw ConformanceViolation("the socket's messages break \(law): \(evidence)", question: "run(\(run.script))",
                    model: SocketDriver.modelRun(run.script).description, implementation: run.description)
            }
        }
    }

    /// What in `trace` breaks `law`, or `nil`.
    static func evidence(against law: TraceLaw, in trace: ThrottleTrace) -> String? {
        switch law {
        case let .property(property):
            return trace.violation(of: property)?.evidence
        case .spacing:
            let times = trace.progressEmissions.map(\.at)
            for (earlier, later) in zip(times, times.dropFirst()) where later.epochMilliseconds - earlier.epochMilliseconds < ProgressThrottle.intervalMillisecondsDefault {
                return "two job_progress messages only \(later.epochMilliseconds - earlier.epochMilliseconds) ms apart, at +\(ProgressConformance.offset(earlier)) and +\(ProgressConformance.offset(later)) ms"
            }
            return nil
        case .firstAtOnce:
            guard let first = trace.reports.first, !first.afterFinishRequest else { return nil }
            let sent = trace.emissions.contains { $0.at == first.at && $0.progress?.processedCount == first.processedCount }
            return sent ? nil : "the first report, \(first.processedCount) at +\(ProgressConformance.offset(first.at)) ms, was not sent at once"
        case .burstHeld:
            return ProgressThrottleChecks.burstEvidence(trace)
        case .finalCountReached:
            return ProgressThrottleChecks.finalCountEvidence(trace)
        }
    }

    // MARK: - Laws on scripts

    /// Every message of a transcript, with its time.
    static func messages(_ transcript: SocketTranscript) -> [(at: Timestamp, message: ProgressMessage)] {
        transcript.events.compactMap { event in event.message.map { (event.at, $0) } }
    }

    static func isEnding(_ message: ProgressMessage) -> Bool { message.type == .jobComplete || message.type == .error }

    static func everyPingIsAnswered(_ run: SocketRun) throws {
        for step in run.steps {
            guard case let .send(.current, .ping(clientTime)) = step.command, let connection = step.connection, step.wasOpen else { continue }
            let pongs = step.answer(on: connection).compactMap { event -> Pong? in
                if case let .pong(pong)? = event.message?.payload { return pong }
                return nil
            }
            let at = "the ping at +\(ProgressConformance.offset(step.at)) ms on connection \(connection)"
            try ensure(pongs.count == 1, "\(at) got \(pongs.count) pongs at once, not one")
            try ensure(pongs[0].clientTime == clientTime, "\(at) carried clientTime \(clientTime.map(String.init) ?? "none"), its pong \(pongs[0].clientTime.map(String.init) ?? "none")")
            for event in step.answer(on: connection) where event.message?.type == .pong {
                guard let message = event.message else { continue }
                try ensure(BackendJobRegistry.sameJob(message.jobId, run.script.job.jobId) && message.pipeline == run.script.job.pipeline,
                    "\(at) got a pong for job \(TextExcerpt.prefix(message.jobId, utf8BytesMax: 64)) in \(message.pipeline), not for the connection's job")
            }
        }
    }

    /// SOCKET-15: every pong sent at once for a ping carries the time it was answered as `serverTime`.
    static func everyPongCarriesTheServersTime(_ run: SocketRun) throws {
        for step in run.steps {
            guard case .send(.current, .ping) = step.command, let connection = step.connection, step.wasOpen else { continue }
            for event in step.answer(on: connection) {
                guard case let .pong(pong)? = event.message?.payload else { continue }
                try ensure(pong.serverTime == step.at.epochMilliseconds,
                    "the ping at +\(ProgressConformance.offset(step.at)) ms on connection \(connection) got a pong with serverTime \(pong.serverTime), not the time it was answered")
            }
        }
    }

    // MARK: - Which scripts exercise a rule

    static func sendsAPing(_ script: SocketScript) -> Bool {
        script.steps.contains { if case .send(.current, .ping) = $0.command { return true } else { return false } }
    }

    static func asksForSync(_ script: SocketScript) -> Bool {
        script.steps.contains { step in
            switch step.command {
            case .send(.current, .sync), .resume: return true
            default: return false
            }
        }
    }

    static func endsTheJob(_ script: SocketScript) -> Bool {
        script.steps.contains { $0.command == .complete || $0.command == .fail }
    }

    static func cancels(_ script: SocketScript) -> Bool {
        script.steps.contains { $0.command == .cancel }
    }

    /// Whether the script opens a connection with the job's token: from then on its silence counts toward
    /// the idle close, and the socket may close it (its own close, or one that replaces it).
    static func opensAConnection(_ script: SocketScript) -> Bool {
        script.steps.contains { $0.command == .connect(.own) || $0.command == .resume }
    }

    /// Whether a token (or none) is presented: the job's own must open the socket, any other be refused.
    static func presentsAToken(_ tokens: SocketTokenCase) -> Bool {
        !tokens.presented.isEmpty
    }

    static func presentsAWrongToken(_ tokens: SocketTokenCase) -> Bool {
        tokens.presented.contains { $0.presented(for: tokens.job) != tokens.job.token }
    }

    /// Whether the seed's `handleWebSocketMessage` gives `bytes` no answer of its own: `JSON.parse` fails,
    /// or the `type` is neither `ping` nor `sync_request` (SOCKET-05's frames; the others are SOCKET-16's).
    static func isUnparsedOrUnhandled(_ bytes: [UInt8]) -> Bool {
        guard let document = ProgressConformance.looseJSON(bytes) else { return true }
        let type = document.object?["type"]?.string
        return type != ProgressMessageType.ping.rawValue && type != ProgressMessageType.syncRequest.rawValue
    }

    static func everySyncIsAnswered(_ run: SocketRun) throws {
        for step in run.steps {
            let asks: Bool
            switch step.command {
            case .send(.current, .sync): asks = step.wasOpen
            case .resume: asks = step.connection.flatMap(run.transcript)?.openedAt != nil
            default: asks = false
            }
            guard asks, let connection = step.connection else { continue }
            let answers = step.answer(on: connection).compactMap { event -> JobSnapshot? in
                if case let .syncResponse(snapshot)? = event.message?.payload { return snapshot }
                return nil
            }
            let at = "the sync_request at +\(ProgressConformance.offset(step.at)) ms on connection \(connection)"
            try ensure(answers.count == 1, "\(at) got \(answers.count) sync_responses at once, not one")
            let expected = step.jobBefore.snapshot(totalCount: run.script.totalCount)
            try ensure(answers[0] == expected, "\(at) was answered with \(answers[0]), but the job is \(expected)")
        }
    }

    static func oneEndingAndNothingAfter(_ run: SocketRun) throws {
        let endings = run.transcripts.flatMap { transcript in
            transcript.events.indices.compactMap { index in
                transcript.events[index].message.map(isEnding) == true ? (connection: transcript.connection, index: index, at: transcript.events[index].at) : nil
            }
        }
        try ensure(endings.count <= 1, "the ending was sent \(endings.count) times: " + endings.map { "to connection \($0.connection) at +\(ProgressConformance.offset($0.at)) ms" }.joined(separator: ", "))
        if let ending = endings.first, let message = run.transcript(ending.connection)?.events[ending.index].message, let job = run.steps.last?.jobAfter {
            switch message.payload {
            case let .complete(done):
                try ensure(done == job.completion, "the job_complete sent at +\(ProgressConformance.offset(ending.at)) ms carries \(done), not the job's \(job.completion.map(\.description) ?? "ending")")
            case let .error(error):
                try ensure(error == job.error, "the error sent at +\(ProgressConformance.offset(ending.at)) ms carries \(error.details.successCount.map(String.init) ?? "no") successes and \(error.details.failureCount.map(String.init) ?? "no") failures, not the job's \(job.error?.details.successCount ?? 0) and \(job.error?.details.failureCount ?? 0)")
            default:
                break
            }
            // After the ending on its connection, and later than it on any other (the order of one
            // instant's messages on two connections is not observable).
            for transcript in run.transcripts {
                for (index, event) in transcript.events.enumerated() {
                    guard let message = event.message, message.type == .jobProgress || message.type == .canceled else { continue }
                    let after = transcript.connection == ending.connection ? index > ending.index : event.at > ending.at
                    try ensure(!after, "\(message.type) sent to connection \(transcript.connection) at +\(ProgressConformance.offset(event.at)) ms, after the ending sent to connection \(ending.connection) at +\(ProgressConformance.offset(ending.at)) ms")
                }
            }
        }
        // Calls after the job ended send no progress, cancel or ending.
        for step in run.steps where step.jobBefore.hasEnded {
            for (connection, event) in step.answer {
                guard let message = event.message, message.type == .jobProgress || message.type == .canceled || isEnding(message) else { continue }
                throw ConformanceViolation("\(step.command) at +\(ProgressConformance.offset(step.at)) ms, after the job ended, sent \(message.type) to connection \(connection)")
            }
        }
    }

    static func idleConnectionsClose(_ run: SocketRun) throws {
        for transcript in run.transcripts {
            guard let opened = transcript.openedAt else { continue }
            let endIndex = transcript.events.firstIndex { $0.closeCode != nil || $0.kind == .clientClosed }
            let lastHeard = transcript.events[..<(endIndex ?? transcript.events.endIndex)].reduce(opened) { latest, event in
                if case .heard = event.kind { return max(latest, event.at) }
                return latest
            }
            let due = lastHeard.adding(milliseconds: idleCloseMilliseconds)
            let name = "connection \(transcript.connection), last heard at +\(ProgressConformance.offset(lastHeard)) ms,"
            if let endIndex {
                let end = transcript.events[endIndex]
                if end.at <= due, isExplainedClose(end, index: endIndex, of: transcript, in: run) { continue }
                if end.at < due {
                    throw ConformanceViolation("\(name) was closed (\(end.closeCode.map(String.init) ?? "?")) at +\(ProgressConformance.offset(end.at)) ms, after only \(end.at.epochMilliseconds - lastHeard.epochMilliseconds) ms of silence")
                }
            }
            guard due <= run.endedAt else { continue }
            let closedAtDue = endIndex.map { transcript.events[$0] }.map { $0.at == due && $0.closeCode == 1001 } ?? false
            try ensure(closedAtDue, "\(name) should be closed with 1001 at +\(ProgressConformance.offset(due)) ms, 100 s later; "
                + (endIndex.map { "it was closed (\(transcript.events[$0].closeCode.map(String.init) ?? "?")) at +\(ProgressConformance.offset(transcript.events[$0].at)) ms" } ?? "it stayed open"))
        }
    }

    /// A close that is not an idle close: the client's own, the 1000 after the ending, or one a call
    /// made (a connect replacing the connection, a bad frame, a cancel; other rules judge those). An idle
    /// close comes from the socket's timer.
    static func isExplainedClose(_ event: SocketEvent, index: Int, of transcript: SocketTranscript, in run: SocketRun) -> Bool {
        switch event.kind {
        case .clientClosed:
            return true
        case .closed(1000):
            let before = transcript.events[..<index].last { $0.isSocketAction }
            if before.flatMap(\.message).map(isEnding) ?? false { return true }
        case .closed:
            break
        default:
            return false
        }
        return run.steps.contains { step in
            step.at == event.at && step.answer.contains { $0.connection == transcript.connection && $0.event == event }
        }
    }

    static func endingClosesNormally(_ run: SocketRun) throws {
        for transcript in run.transcripts {
            let actions = transcript.socketEvents
            for (index, event) in actions.enumerated() {
                guard let message = event.message, isEnding(message) else { continue }
                let next = actions.dropFirst(index + 1).first
                try ensure(next?.closeCode == 1000 && next?.at == event.at,
                    "the \(message.type) sent to connection \(transcript.connection) at +\(ProgressConformance.offset(event.at)) ms was followed by "
                        + (next.map { SocketText.describe($0, job: run.script.job) } ?? "nothing") + ", not a close with 1000 at once")
            }
        }
    }

    /// SOCKET-12 (seed 000): a cancel of a running job broadcasts seed 000's `canceled` at once to the open
    /// connection, and a `job_complete` after it says `canceled: true`.
    static func cancelsBroadcast(_ run: SocketRun) throws {
        for step in run.steps {
            guard case .cancel = step.command, step.jobBefore.status == .running, !step.jobBefore.hasEnded else { continue }
            let canceledSent = step.answer.filter { $0.event.message?.type == .canceled }
            let at = "+\(ProgressConformance.offset(step.at)) ms"
            let expected = JobCancellation(message: "Job canceled by user", processedItems: step.jobBefore.highest, totalItems: run.script.totalCount)
            for (connection, event) in canceledSent {
                guard case let .canceled(cancellation)? = event.message?.payload else { continue }
                try ensure(cancellation == expected, "the cancel at \(at) sent connection \(connection) \(String(reflecting: cancellation.message)) \(cancellation.processedItems)/\(cancellation.totalItems), not \"Job canceled by user\" \(expected.processedItems)/\(expected.totalItems)")
            }
            if let connection = step.currentBefore {
                try ensure(canceledSent.contains { $0.connection == connection },
                    "the cancel at \(at) sent no canceled message to the open connection \(connection)" + (canceledSent.isEmpty ? "" : " (it went to connections \(canceledSent.map(\.connection)))"))
            }
        }
        for transcript in run.transcripts {
            var canceledAt: Timestamp?
            for (at, message) in messages(transcript) {
                if message.type == .canceled { canceledAt = at }
                if case let .complete(done) = message.payload, canceledAt != nil {
                    try ensure(done.canceled, "the job_complete sent connection \(transcript.connection) at +\(ProgressConformance.offset(at)) ms, after canceled, does not say canceled")
                }
            }
        }
    }

    /// SOCKET-21 (D-160): one `canceled` to the open connection for a running job, no report sent after
    /// the cancel, and nothing for a cancel of a job that is not running.
    static func nothingMoreAfterACancel(_ run: SocketRun) throws {
        for step in run.steps {
            let canceledSent = step.answer.filter { $0.event.message?.type == .canceled }
            let at = "+\(ProgressConformance.offset(step.at)) ms"
            guard case .cancel = step.command else {
                if step.jobBefore.status == .canceled, case .report = step.command {
                    let progress = step.answer.filter { $0.event.message?.type == .jobProgress }
                    try ensure(progress.isEmpty, "a report at \(at), after the cancel, was sent as job_progress")
                }
                try ensure(canceledSent.isEmpty, "\(step.command) at \(at) sent canceled")
                continue
            }
            guard step.jobBefore.status == .running, !step.jobBefore.hasEnded else {
                try ensure(canceledSent.isEmpty, "a cancel at \(at) of a job that was \(step.jobBefore.status) sent canceled")
                continue
            }
            if step.currentBefore != nil {
                try ensure(canceledSent.count <= 1, "the cancel at \(at) sent \(canceledSent.count) canceled messages (to connections \(canceledSent.map(\.connection))), not one")
            }
        }
    }

    static func oneConnectionAtATime(_ run: SocketRun) throws {
        for step in run.steps {
            guard step.opens, let connection = step.connection, run.transcript(connection)?.openedAt != nil else { continue }
            for replaced in step.openBefore {
                let closes = step.answer(on: replaced).compactMap(\.closeCode)
                try ensure(closes == [1001], "connection \(connection), accepted at +\(ProgressConformance.offset(step.at)) ms, did not close the open connection \(replaced) with 1001 at once"
                    + (closes.isEmpty ? "" : " (closes: \(closes))"))
            }
        }
        for transcript in run.transcripts {
            guard let end = transcript.events.firstIndex(where: { $0.closeCode != nil || $0.kind == .clientClosed }) else { continue }
            if let late = transcript.events[(end + 1)...].first(where: \.isSocketAction) {
                throw ConformanceViolation("connection \(transcript.connection) was closed at +\(ProgressConformance.offset(transcript.events[end].at)) ms, then got "
                    + SocketText.describe(late, job: run.script.job))
            }
        }
    }

    // MARK: - Tokens and refusals

    static func checkTokens(_ tokens: SocketTokenCase, _ socket: inout some ProgressJobSocketServing) throws {
        socket.create(tokens.job, totalCount: 10, at: ProgressConformance.start)
        for (index, token) in tokens.presented.enumerated() {
            let presented = token.presented(for: tokens.job)
            let upgrade = socket.connect(index + 1, token: presented, at: ProgressConformance.at(Int64(index)))
            let question = "connect(\(index + 1), token: \(presented.map { String(reflecting: $0) } ?? "nil")) for \(tokens.description)"
            switch upgrade {
            case .accepted:
                try ensure(presented == tokens.job.token, "the socket opened with \(token), \(presented.map { String(reflecting: $0) } ?? "nil"), for a job whose token is \(String(reflecting: tokens.job.token))",
                    question: question, model: "refused 401 E_UNAUTHORIZED", implementation: "accepted")
            case let .refused(status, error):
                try ensure(presented != tokens.job.token, "the socket refused the job's own token", question: question, model: "accepted", implementation: "refused \(status) \(error.code)")
                try ensure(status == 401 && error.code == .unauthorized, "the refusal is \(status) \(error.code), not 401 E_UNAUTHORIZED", question: question,
                    model: "refused 401 E_UNAUTHORIZED", implementation: "refused \(status) \(error.code)")
            }
        }
    }

    static func checkRefusals(_ tokens: SocketTokenCase, _ socket: inout some ProgressJobSocketServing) throws {
        let start = ProgressConformance.start
        socket.create(tokens.job, totalCount: 10, at: start)
        var first: (token: SocketToken, error: StructuredError, status: Int)?
        var open: Int?
        for (index, token) in tokens.presented.enumerated() {
            let connection = index + 1
            let now = ProgressConformance.at(Int64(index))
            let question = "connect(\(connection), with \(token)) for \(tokens.description)"
            switch socket.connect(connection, token: token.presented(for: tokens.job), at: now) {
            case .accepted:
                open = connection
            case let .refused(status, error):
                let text = error.payload.encodedString()
                let lower = text.lowercased()
                try ensure(!lower.contains(tokens.job.jobId.lowercased()), "the refusal names the job", question: question, implementation: text)
                try ensure(!lower.contains(tokens.job.token.lowercased()), "the refusal shows the job's token", question: question, implementation: text)
                if let first {
                    try ensure(first.error == error && first.status == status, "the refusal for \(token) differs from the one for \(first.token)", question: question,
                        model: "\(first.status) \(first.error.payload.encodedString())", implementation: "\(status) \(text)")
                } else {
                    first = (token, error, status)
                }
            }
        }
        // The open connection and the job go on as before: a ping is answered there, a report sent
        // there, and nothing goes to a refused connection.
        guard let open else { return }
        let now = ProgressConformance.at(Int64(tokens.presented.count))
        let ping = SocketFrame.ping(clientTime: 7).bytes(for: tokens.job, at: now)
        let actions = socket.received(ping, on: open, at: now) + socket.report(ProgressUpdate(processedCount: 1, totalCount: 10), at: now)
        let question = "after \(tokens.description): a ping and a report on connection \(open)"
        let targets = actions.map { action -> Int in
            switch action {
            case let .send(connection, _), let .close(connection, _): return connection
            }
        }
        try ensure(targets.allSatisfy { $0 == open }, "the socket acted on connections \(targets), not only on the open connection \(open)", question: question)
        let types = actions.compactMap { action -> ProgressMessageType? in
            guard case let .send(_, frame) = action else { return nil }
            return decoded(frame, from: .server)?.type
        }
        try ensure(types == [.pong, .jobProgress], "the open connection got \(types) after the refusals, not a pong and the job's first progress", question: question,
            model: "[pong, job_progress]", implementation: "\(types)")
    }

    // MARK: - Bad frames

    /// The model's decoding of `frame`, or `nil` when it does not decode.
    static func decoded(_ frame: [UInt8], from sender: ProgressSender) -> ProgressMessage? {
        guard case let .success(message) = ProgressConformance.modelDecode(frame, from: sender) else { return nil }
        return message
    }

    static func checkHostile(_ frame: HostileFrame, _ socket: inout some ProgressJobSocketServing) throws {
        let raw = SocketCommand.send(.current, .raw(name: frame.name, bytes: frame.bytes))
        let script = SocketScript(totalCount: 20, at: [(0, .connect(.own)), (0, .report(.count(3))), (100, raw), (200, .send(.current, .ping(clientTime: 5))), (600, .report(.count(7)))])
        let run = SocketDriver.run(script, &socket)
        try ensureWellBehaved(run)
        let valid = decoded(frame.bytes, from: .client).map { BackendJobRegistry.sameJob($0.jobId, job.jobId) } ?? false
        // The driver records every step of a script, so the five steps are there.
        let steps = run.steps
        let model = { SocketDriver.modelRun(script).description }
        if !valid {
            try ensure(steps[2].answer.isEmpty, "the socket answered the bad frame", question: "run(\(script))", model: model(), implementation: run.description)
        }
        let closes = run.transcript(1)?.events.compactMap(\.closeCode) ?? []
        try ensure(closes.isEmpty, "the connection was closed after the frame", question: "run(\(script))", model: model(), implementation: run.description)
        try ensure(steps[3].answer(on: 1).contains { $0.message?.type == .pong }, "the connection no longer answers a ping after the frame", question: "run(\(script))",
            model: model(), implementation: run.description)
        try ensure(steps[4].answer(on: 1).contains { $0.message.map { message in
            if case let .progress(update) = message.payload { return update.processedCount == 7 }
            return false
        } ?? false }, "the connection no longer gets the job's progress after the frame", question: "run(\(script))", model: model(), implementation: run.description)
    }

    // MARK: - The seed's pong test

    /// The seed's backend test, on the seam itself: the socket answers a ping for job `test-123` with
    /// a frame containing `"type":"pong"` that echoes the client's time.
    static func checkSeedPong(_ socket: inout some ProgressJobSocketServing, clientTime: Int64) throws {
        let job = ProgressJobTicket(jobId: "test-123", pipeline: .batchEnrichment, token: "token-test-123")
        let now = ProgressConformance.at(1)
        socket.create(job, totalCount: 3, at: ProgressConformance.start)
        guard case .accepted = socket.connect(1, token: job.token, at: ProgressConformance.start) else {
            throw ConformanceViolation("the socket refused the job's own token", question: "connect(1, token: \"token-test-123\")")
        }
        let ping = SocketFrame.ping(clientTime: clientTime).bytes(for: job, at: now)
        let actions = socket.received(ping, on: 1, at: now)
        let question = "received(\(ProgressConformance.show(ping)), on: 1)"
        let frames = actions.compactMap { action -> [UInt8]? in
            if case let .send(1, frame) = action { return frame }
            return nil
        }
        try ensure(frames.count == 1, "the ping got \(frames.count) frames back, not one", question: question, implementation: "\(actions)")
        let text = String(decoding: frames[0], as: UTF8.self)
        try ensure(text.contains("\"type\":\"pong\""), "the answer does not contain \"type\":\"pong\" (the seed's expect.stringContaining)", question: question, implementation: text)
        guard case let .success(message) = ProgressConformance.modelDecode(frames[0], from: .server), case let .pong(pong) = message.payload else {
            throw ConformanceViolation("the answer is not a pong the client can read", question: question, implementation: text)
        }
        try ensure(pong.clientTime == clientTime, "the pong echoes clientTime \(pong.clientTime.map(String.init) ?? "none"), not \(clientTime)", question: question, implementation: text)
    }
}

