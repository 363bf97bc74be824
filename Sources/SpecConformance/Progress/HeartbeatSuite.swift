import Generators
import SpecModel

extension ConformanceSuite where Implementation: HeartbeatScheduling {
    /// The heartbeat suite: pings every 30 s, the 5 s pong deadline and the 95 s reconnect on both
    /// sides, late pongs, round trips, and the model's schedule on generated pong answers.
    public static var heartbeat: ConformanceSuite {
        typealias R = HeartbeatRules
        typealias C = HeartbeatChecks
        func probes(_ rule: Rule, _ about: String, _ examples: [ConformanceExample<[HeartbeatProbe]>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, steps in
                try C.probe(&implementation, steps)
            }
        }
        return ConformanceSuite(id: "heartbeat", title: "Heartbeat", seam: "HeartbeatScheduling", checks: [
            probes(R.interval, "pings around 30 and 60 s", C.intervalExamples),
            .property(R.interval, "generated pong answers", C.scripts, describe: { $0.description }, exercises: C.pings) { implementation, script in
                let log = C.run(script, &implementation)
                for (index, ping) in log.pings.enumerated() where ping.at != Int64(index + 1) * Heartbeat.pingIntervalMilliseconds {
                    throw ConformanceViolation("ping \(index + 1) went out at +\(ping.at) ms, not at +\(Int64(index + 1) * Heartbeat.pingIntervalMilliseconds) ms", question: "run(\(script))",
                        model: C.modelRun(script).description, implementation: log.description)
                }
            },
            probes(R.clientTime, "the pings' times", C.clientTimeExamples),
            .property(R.clientTime, "generated pong answers", C.scripts, describe: { $0.description }, exercises: C.pings) { implementation, script in
                let log = C.run(script, &implementation)
                for ping in log.pings where ping.clientTime != ping.at {
                    throw ConformanceViolation("the ping sent at +\(ping.at) ms carries clientTime +\(ping.clientTime) ms", question: "run(\(script))",
                        model: C.modelRun(script).description, implementation: log.description)
                }
            },
            probes(R.pongDeadline, "pongs just inside 5 s", C.pongDeadlineExamples),
            .property(R.pongDeadline, "generated pong answers", C.scripts, describe: { $0.description }, exercises: C.pings) { implementation, script in
                let log = C.run(script, &implementation)
                if let evidence = C.answeredPingsReconnectedEvidence(log) {
                    throw ConformanceViolation(evidence, question: "run(\(script))", model: C.modelRun(script).description, implementation: log.description)
                }
            },
            .property(R.missedPongs, "generated pong answers", C.scripts, describe: { $0.description }, exercises: C.missesThreePongs) { implementation, script in
                let log = C.run(script, &implementation)
                if let evidence = C.missedPongsEvidence(log) {
                    throw ConformanceViolation(evidence.message, question: "run(\(script))", model: C.modelRun(script).description, implementation: log.description, kind: evidence.kind)
                }
            },
            probes(R.missedPongs, "no pongs, and pongs that stop", C.missedPongsExamples),
            probes(R.reconnect, "no pongs, around 95 s", C.reconnectExamples),
            probes(R.latePong, "late pongs", C.latePongExamples),
            probes(R.roundTrip, "echoes of the latest ping, in time and late", C.roundTripExamples),
            probes(R.unmeasured, "foreign, future, earlier and absent times", C.unmeasuredExamples),
            .differential(R.schedule, "generated pong answers", C.scripts, describe: { $0.description },
                question: { "run(\($0))" }, model: C.modelRun, implementation: { implementation, script in C.run(script, &implementation) },
                show: { $0.description }),
        ])
    }
}

/// One call of a heartbeat example and what it must return, at a time counted from the start.
enum HeartbeatProbe: Sendable {
    /// `fire` at `at` must return `expected` (clientTimes as offsets from the start).
    case fire(at: Int64, expected: HeartbeatAnswer)
    /// `pongReceived` at `at`, echoing `echo` (an offset from the start, or an absolute time), must
    /// return `expected`.
    case pong(at: Int64, echo: HeartbeatEcho, expected: Heartbeat.PongOutcome)
    /// `deadline` must be `nil`.
    case stopped
    /// `fire` at `at` must not ask for a reconnect (a ping or nothing: HEART-03 is not about which).
    case alive(at: Int64)
    /// `pongReceived` at `at`, echoing `echo`, whatever it measures (the rule is not about the round trip).
    case pongDelivered(at: Int64, echo: HeartbeatEcho)
    /// `fire` at the heartbeat's deadlines up to `by` must ask for a reconnect (HEART-08: by when, not
    /// exactly when), and the heartbeat must stop.
    case reconnectsBy(Int64)
    /// `fire` at the heartbeat's deadlines up to `until`, no pong coming: a reconnect, if it asks for one,
    /// must not come before the last ping's 5 s are up (HEART-03).
    case noReconnectWithin5sOfAPing(until: Int64)
}

/// A time a pong echoes.
enum HeartbeatEcho: Sendable, CustomStringConvertible {
    /// The client time of `at` ms after the start.
    case offset(Int64)
    /// A raw value.
    case absolute(Int64)
    case none

    func clientTime() -> Int64? {
        switch self {
        case let .offset(milliseconds): return ProgressConformance.at(milliseconds).epochMilliseconds
        case let .absolute(value): return value
        case .none: return nil
        }
    }

    var description: String {
        switch self {
        case let .offset(milliseconds): return "+\(milliseconds)"
        case let .absolute(value): return "\(value)"
        case .none: return "none"
        }
    }
}

/// What `fire` returns, with a ping's client time as an offset from the start (`nil` in an
/// expectation: any time, for the rules that are not about it).
enum HeartbeatAnswer: Hashable, Sendable, CustomStringConvertible {
    case nothing
    case ping(clientTime: Int64?)
    case reconnect(missedPongs: Int)

    /// Whether `self`, an answer, is what `expected` asks for.
    func matches(_ expected: HeartbeatAnswer) -> Bool {
        if case .ping = self, case .ping(nil) = expected { return true }
        return self == expected
    }

    init(_ action: Heartbeat.Action) {
        switch action {
        case .nothing: self = .nothing
        case let .sendPing(clientTime): self = .ping(clientTime: clientTime &- ProgressConformance.start.epochMilliseconds)
        case let .reconnect(missed): self = .reconnect(missedPongs: missed)
        }
    }

    var description: String {
        switch self {
        case .nothing: return "nothing"
        case let .ping(clientTime): return "ping" + (clientTime.map { " clientTime +\($0)" } ?? "")
        case let .reconnect(missed): return "reconnect after \(missed) missed pongs"
        }
    }
}

/// How the server answers one ping in a generated script.
enum PongAnswer: Hashable, Sendable, CustomStringConvertible {
    /// A pong echoing the ping's time, `after` ms later (5,000 or more is late).
    case echo(after: Int64)
    /// A pong echoing a time the client never sent, `after` ms later.
    case foreign(after: Int64)
    case lost

    var description: String {
        switch self {
        case let .echo(after): return "pong +\(after)"
        case let .foreign(after): return "foreign pong +\(after)"
        case .lost: return "lost"
        }
    }
}

/// The server's answers to successive pings; pings past the end of the list go unanswered.
struct PongScript: Hashable, Sendable, CustomStringConvertible {
    var answers: [PongAnswer]

    var description: String { "[" + answers.map(\.description).joined(separator: ", ") + "]" }
}

/// What a heartbeat did over a script, with times as offsets from the start.
struct HeartbeatLog: Hashable, Sendable, CustomStringConvertible {
    enum Event: Hashable, Sendable, CustomStringConvertible {
        case ping(at: Int64, clientTime: Int64)
        case pong(at: Int64, outcome: Heartbeat.PongOutcome)
        case reconnect(at: Int64, missedPongs: Int)
        /// After the reconnect: whether the heartbeat still had a deadline.
        case stillRunning(deadline: Int64)
        /// The heartbeat's deadline stayed due after it fired with nothing to do.
        case stuck(at: Int64)

        var description: String {
            switch self {
            case let .ping(at, clientTime): return "+\(at) ping" + (clientTime == at ? "" : " clientTime +\(clientTime)")
            case let .pong(at, outcome):
                switch outcome {
                case let .roundTrip(milliseconds): return "+\(at) pong rtt \(milliseconds)"
                case .unmeasured: return "+\(at) pong unmeasured"
                case .ignored: return "+\(at) pong ignored"
                }
            case let .reconnect(at, missed): return "+\(at) reconnect (\(missed) missed)"
            case let .stillRunning(deadline): return "still running, deadline +\(deadline)"
            case let .stuck(at): return "stuck at +\(at)"
            }
        }
    }

    var events: [Event] = []

    var pings: [(at: Int64, clientTime: Int64)] {
        events.compactMap { if case let .ping(at, clientTime) = $0 { return (at, clientTime) } else { return nil } }
    }

    var description: String { events.map(\.description).joined(separator: ", ") }
}

/// The heartbeat suite's driver, checks and examples.
enum HeartbeatChecks {
    /// How long a script runs, from the start.
    static let horizonMilliseconds: Int64 = 600_000
    /// The most calls one run makes.
    static let stepsMax = 2_000

    /// Scripts of up to 14 answers: mostly in time, some late, lost or foreign.
    static var scripts: Gen<PongScript> {
        let answer = Gen<PongAnswer>.frequency([
            (weight: 6, generator: Gen<Int64>.integer(in: 0...4_999).map { PongAnswer.echo(after: $0) }),
            (weight: 3, generator: Gen<PongAnswer>.constant(.lost)),
            (weight: 1, generator: Gen<Int64>.integer(in: 5_000...40_000).map { PongAnswer.echo(after: $0) }),
            (weight: 1, generator: Gen<Int64>.integer(in: 0...4_999).map { PongAnswer.foreign(after: $0) }),
        ])
        return Gen<PongAnswer>.array(of: answer, count: 0...14).map { PongScript(answers: $0) }
    }

    // MARK: - Which scripts exercise a rule

    /// Whether the heartbeat pings in the script's run, each ping with its time and its 5 s for a pong:
    /// every run does, since no reconnect comes before three pings.
    static func pings(_ script: PongScript) -> Bool {
        !modelRun(script).pings.isEmpty
    }

    /// Whether three pings in a row go without a pong in the script's run, so that the heartbeat must
    /// ask for a reconnect: every script's run does, the pings past its answers going unanswered.
    static func missesThreePongs(_ script: PongScript) -> Bool {
        modelRun(script).events.contains { if case .reconnect = $0 { return true } else { return false } }
    }

    static func modelRun(_ script: PongScript) -> HeartbeatLog {
        var model = ModelHeartbeat()
        return run(script, &model)
    }

    /// Starts `heartbeat` at the suite's start and runs it on virtual time: timers due at or before a
    /// pong's arrival fire first, each ping gets the script's answer, and the run ends at the
    /// reconnect, at the horizon, or when nothing is left to do.
    static func run(_ script: PongScript, _ heartbeat: inout some HeartbeatScheduling) -> HeartbeatLog {
        let start = ProgressConformance.start
        let horizon = start.adding(milliseconds: horizonMilliseconds)
        var log = HeartbeatLog()
        var pongs: [(at: Timestamp, clientTime: Int64?)] = []
        var pingsSent = 0
        var now = start
        heartbeat.start(at: start)
        for _ in 0..<stepsMax {
            let nextPong = pongs.indices.min { pongs[$0].at < pongs[$1].at }
            if let deadline = heartbeat.deadline, deadline <= horizon, nextPong.map({ deadline <= pongs[$0].at }) ?? true {
                now = max(now, deadline)
                let action = heartbeat.fire(at: now)
                switch action {
                case .nothing:
                    if heartbeat.deadline == deadline {
                        log.events.append(.stuck(at: ProgressConformance.offset(now)))
                        return log
                    }
                case let .sendPing(clientTime):
                    log.events.append(.ping(at: ProgressConformance.offset(now), clientTime: clientTime &- start.epochMilliseconds))
                    let answer = pingsSent < script.answers.count ? script.answers[pingsSent] : .lost
                    pingsSent += 1
                    switch answer {
                    case let .echo(after): pongs.append((now.adding(milliseconds: after), clientTime))
                    case let .foreign(after): pongs.append((now.adding(milliseconds: after), 12_345))
                    case .lost: break
                    }
                case let .reconnect(missed):
                    log.events.append(.reconnect(at: ProgressConformance.offset(now), missedPongs: missed))
                    if let deadline = heartbeat.deadline { log.events.append(.stillRunning(deadline: ProgressConformance.offset(deadline))) }
                    return log
                }
            } else if let index = nextPong, pongs[index].at <= horizon {
                let pong = pongs.remove(at: index)
                now = max(now, pong.at)
                log.events.append(.pong(at: ProgressConformance.offset(now), outcome: heartbeat.pongReceived(clientTime: pong.clientTime, at: now)))
            } else {
                return log
            }
        }
        return log
    }

    /// Runs the probes on `heartbeat`, started at the suite's start, and fails at the first answer that
    /// differs from the expected one.
    static func probe(_ heartbeat: inout some HeartbeatScheduling, _ steps: [HeartbeatProbe]) throws {
        heartbeat.start(at: ProgressConformance.start)
        var done: [String] = ["start(+0)"]
        for step in steps {
            switch step {
            case let .fire(at, expected):
                let answer = HeartbeatAnswer(heartbeat.fire(at: ProgressConformance.at(at)))
                done.append("fire(+\(at))")
                if !answer.matches(expected) {
                    throw ConformanceViolation("the implementation's answer to \(done.joined(separator: ", ")) differs from the model's", question: done.joined(separator: ", "),
                        model: expected.description, implementation: answer.description)
                }
            case let .pong(at, echo, expected):
                let outcome = heartbeat.pongReceived(clientTime: echo.clientTime(), at: ProgressConformance.at(at))
                done.append("pong(+\(at), clientTime: \(echo))")
                try ensureSame(outcome, expected, done.joined(separator: ", "), show: { "\($0)" })
            case .stopped:
                let deadline = heartbeat.deadline
                try ensure(deadline == nil, "the heartbeat should have stopped", question: done.joined(separator: ", ") + ", deadline",
                    model: "nil", implementation: deadline.map { "+\(ProgressConformance.offset($0))" } ?? "nil")
            case let .alive(at):
                let answer = HeartbeatAnswer(heartbeat.fire(at: ProgressConformance.at(at)))
                done.append("fire(+\(at))")
                if case .reconnect = answer {
                    throw ConformanceViolation("the heartbeat asked for a reconnect though every ping so far had its pong within 5 s", question: done.joined(separator: ", "),
                        model: "a ping or nothing", implementation: answer.description, kind: "a reconnect with pongs in time")
                }
            case let .pongDelivered(at, echo):
                _ = heartbeat.pongReceived(clientTime: echo.clientTime(), at: ProgressConformance.at(at))
                done.append("pong(+\(at), clientTime: \(echo))")
            case let .noReconnectWithin5sOfAPing(until):
                var lastPing: Int64?
                for _ in 0..<64 {
                    guard let deadline = heartbeat.deadline, ProgressConformance.offset(deadline) <= until else { break }
                    let at = ProgressConformance.offset(deadline)
                    let answer = HeartbeatAnswer(heartbeat.fire(at: deadline))
                    done.append("fire(+\(at))")
                    if case .ping = answer { lastPing = at }
                    if case .reconnect = answer {
                        if let lastPing, at - lastPing < Heartbeat.pongTimeoutMilliseconds {
                            throw ConformanceViolation("the heartbeat asked for a reconnect \(at - lastPing) ms after its ping at +\(lastPing) ms, before its 5 s for a pong were up",
                                question: done.suffix(12).joined(separator: ", "), model: "no reconnect before +\(lastPing + Heartbeat.pongTimeoutMilliseconds)", implementation: answer.description,
                                kind: "a reconnect before the pong's 5 s")
                        }
                        break
                    }
                }
            case let .reconnectsBy(limit):
                var asked = false
                for _ in 0..<64 {
                    guard let deadline = heartbeat.deadline, ProgressConformance.offset(deadline) <= limit else { break }
                    let answer = HeartbeatAnswer(heartbeat.fire(at: deadline))
                    done.append("fire(+\(ProgressConformance.offset(deadline)))")
                    if case .reconnect = answer {
                        asked = true
                        break
                    }
                }
                try ensure(asked, "three pings in a row went without a pong, but the heartbeat did not ask for a reconnect by +\(limit) ms", question: done.suffix(12).joined(separator: ", "),
                    model: "a reconnect by +\(limit)", implementation: heartbeat.deadline.map { "its next deadline +\(ProgressConformance.offset($0))" } ?? "stopped without one",
                    kind: "no reconnect after three missed pongs")
                let after = heartbeat.deadline
                try ensure(after == nil, "the heartbeat asked for a reconnect but did not stop", question: done.suffix(12).joined(separator: ", ") + ", deadline",
                    model: "nil", implementation: after.map { "+\(ProgressConformance.offset($0))" } ?? "nil", kind: "the heartbeat runs on after its reconnect")
            }
        }
    }

    /// HEART-03: a reconnect before the last ping's 5 s were up, or after a pong arrived within 5 s of
    /// a ping of the 90 s before it. (A reconnect in a ping's place, the seed's "90s" read literally, and
    /// the seed code's check at its 120 s tick are neither: the pings of those 90 s had no pong.)
    static func answeredPingsReconnectedEvidence(_ log: HeartbeatLog) -> String? {
        guard let reconnectAt = log.events.compactMap({ event -> Int64? in if case let .reconnect(at, _) = event { return at } else { return nil } }).first else { return nil }
        let window = Int64(Heartbeat.missedPongsMax) * Heartbeat.pingIntervalMilliseconds
        let pings = log.pings.filter { $0.at > reconnectAt - window && $0.at <= reconnectAt }
        if let last = pings.last, reconnectAt - last.at < Heartbeat.pongTimeoutMilliseconds {
            return "the heartbeat asked for a reconnect at +\(reconnectAt) ms, \(reconnectAt - last.at) ms after the ping at +\(last.at) ms, before its 5 s for a pong were up"
        }
        let pongs = log.events.compactMap { event -> Int64? in if case let .pong(at, _) = event { return at } else { return nil } }
        for ping in pings {
            if let pong = pongs.first(where: { $0 >= ping.at && $0 - ping.at < Heartbeat.pongTimeoutMilliseconds && $0 <= reconnectAt }) {
                return "a pong arrived at +\(pong) ms, \(pong - ping.at) ms after the ping at +\(ping.at) ms, yet the heartbeat asked for a reconnect at +\(reconnectAt) ms"
            }
        }
        return nil
    }

    /// HEART-08: three pings in a row with no pong from the first until 5 s after the third, and no
    /// reconnect by the time a fourth would be due (the third's time + 30 s) unless a pong came first;
    /// or a heartbeat still running after its reconnect.
    static func missedPongsEvidence(_ log: HeartbeatLog) -> (message: String, kind: String)? {
        if log.events.contains(where: { if case .stillRunning = $0 { return true } else { return false } }) {
            return ("the heartbeat asked for a reconnect but did not stop", "the heartbeat runs on after its reconnect")
        }
        let pings = log.pings
        let pongs = log.events.compactMap { event -> Int64? in if case let .pong(at, _) = event { return at } else { return nil } }
        let reconnectAt = log.events.compactMap { event -> Int64? in if case let .reconnect(at, _) = event { return at } else { return nil } }.first
        guard pings.count >= 3 else { return nil }
        for index in 0...(pings.count - 3) {
            let first = pings[index].at
            let third = pings[index + 2].at
            guard !pongs.contains(where: { $0 >= first && $0 < third + Heartbeat.pongTimeoutMilliseconds }) else { continue }
            let due = third + Heartbeat.pingIntervalMilliseconds
            if let reconnectAt, reconnectAt <= due { return nil }
            if pongs.contains(where: { $0 >= first && $0 <= due }) { continue }
            guard due <= horizonMilliseconds else { return nil }
            return ("the pings at +\(first), +\(pings[index + 1].at) and +\(third) ms got no pong, but the heartbeat "
                + (reconnectAt.map { "asked for a reconnect only at +\($0) ms" } ?? "never asked for a reconnect") + ", after +\(due) ms, when a fourth ping was due",
                "no reconnect after three missed pongs")
        }
        return nil
    }

    // MARK: - Examples

    static func ping(_ at: Int64) -> HeartbeatProbe { .fire(at: at, expected: .ping(clientTime: nil)) }
    static func timedPing(_ at: Int64) -> HeartbeatProbe { .fire(at: at, expected: .ping(clientTime: at)) }
    static func quiet(_ at: Int64) -> HeartbeatProbe { .fire(at: at, expected: .nothing) }
    static func answered(_ at: Int64, ping: Int64) -> HeartbeatProbe { .pong(at: at, echo: .offset(ping), expected: .roundTrip(milliseconds: at - ping)) }

    static var intervalExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("no ping at 29,999 ms, one at 30,000", [quiet(29_999), ping(30_000)], pins: "seed: \"Client sends ping: Every 30 seconds\""),
            ConformanceExample("the next 30 s after the last, with pongs", [ping(30_000), delivered(30_080, ping: 30_000), quiet(59_999), ping(60_000),
                delivered(60_100, ping: 60_000), quiet(89_999), ping(90_000)], pins: "seed: \"iOS sends ping every 30 seconds\""),
            ConformanceExample("a slow pong does not move the next ping", [ping(30_000), delivered(34_000, ping: 30_000), quiet(59_999), ping(60_000)],
                pins: "seed: \"try? await Task.sleep(for: heartbeatInterval)\""),
        ]
    }

    static var clientTimeExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("the first ping's time", [timedPing(30_000)], pins: "seed: \"Int64(Date().timeIntervalSince1970 * 1000)\""),
            ConformanceExample("the next pings' times", [timedPing(30_000), delivered(30_080, ping: 30_000), timedPing(60_000), timedPing(90_000)], pins: "seed: \"Int64(Date().timeIntervalSince1970 * 1000)\""),
            ConformanceExample("a ping sent late carries the time it was sent", [quiet(29_000), .fire(at: 31_234, expected: .ping(clientTime: 31_234))],
                pins: "seed: \"Int64(Date().timeIntervalSince1970 * 1000)\""),
        ]
    }

    static func alive(_ at: Int64) -> HeartbeatProbe { .alive(at: at) }
    static func delivered(_ at: Int64, ping: Int64) -> HeartbeatProbe { .pongDelivered(at: at, echo: .offset(ping)) }

    static var pongDeadlineExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("a pong at 4,999 ms after every ping keeps it going", [alive(30_000), delivered(34_999, ping: 30_000), alive(60_000), delivered(64_999, ping: 60_000),
                alive(90_000), delivered(94_999, ping: 90_000), alive(95_000), alive(120_000), delivered(124_999, ping: 120_000), alive(125_000), alive(150_000)],
                pins: "seed: \"Server responds pong: Within 5 seconds\""),
            ConformanceExample("pongs at once", [alive(30_000), delivered(30_000, ping: 30_000), alive(60_000), delivered(60_001, ping: 60_000), alive(90_000),
                delivered(90_040, ping: 90_000), alive(95_000), alive(120_000)], pins: "seed: \"Server responds pong: Within 5 seconds\""),
            ConformanceExample("no pongs: no reconnect before a ping's 5 s are up", [.noReconnectWithin5sOfAPing(until: 200_000)],
                pins: "seed: \"Server responds pong: Within 5 seconds\""),
        ]
    }

    static var missedPongsExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("no pongs: a reconnect by 120 s, and the heartbeat stops", [.reconnectsBy(120_000)],
                pins: "seed: \"If no pong after 3 attempts (90s), trigger reconnect\""),
            ConformanceExample("one pong, then none: a reconnect by 150 s", [ping(30_000), delivered(30_050, ping: 30_000), .reconnectsBy(150_000)],
                pins: "seed: \"iOS tracks missed pongs (max 3)\""),
        ]
    }

    static var reconnectExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("the third pong at 4,999 ms answers its ping", [ping(30_000), ping(60_000), ping(90_000), delivered(94_999, ping: 90_000),
                quiet(95_000), ping(120_000)], pins: "D-077"),
            ConformanceExample("no third pong by 5,000 ms is the third miss", [ping(30_000), ping(60_000), ping(90_000), quiet(94_999),
                .fire(at: 95_000, expected: .reconnect(missedPongs: 3))], pins: "D-077"),
            ConformanceExample("no pongs: a ping, not a reconnect, at 90 s; nothing at 94,999 ms; a reconnect at 95,000", [ping(30_000), ping(60_000), ping(90_000), quiet(94_999),
                .fire(at: 95_000, expected: .reconnect(missedPongs: 3)), .stopped], pins: "D-077"),
            ConformanceExample("no pongs, the timer run at its deadlines", [ping(30_000), quiet(35_000), ping(60_000), quiet(65_000), ping(90_000),
                .fire(at: 95_000, expected: .reconnect(missedPongs: 3)), .stopped], pins: "D-077"),
            ConformanceExample("one pong, then three misses: a reconnect at 125 s", [ping(30_000), answered(30_050, ping: 30_000), ping(60_000), ping(90_000), ping(120_000),
                quiet(124_999), .fire(at: 125_000, expected: .reconnect(missedPongs: 3)), .stopped], pins: "D-077"),
            ConformanceExample("two misses and a pong do not reconnect", [ping(30_000), ping(60_000), answered(60_200, ping: 60_000), ping(90_000), answered(90_200, ping: 90_000),
                quiet(95_000), ping(120_000)], pins: "D-077"),
        ]
    }

    static var latePongExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("a pong 7 s late clears the miss", [ping(30_000), quiet(35_000), delivered(37_000, ping: 30_000), ping(60_000), ping(90_000),
                quiet(95_000), ping(120_000), .fire(at: 125_000, expected: .reconnect(missedPongs: 3))], pins: "D-077"),
            ConformanceExample("a late pong for an older ping clears the misses too", [ping(30_000), ping(60_000), .pongDelivered(at: 61_000, echo: .offset(30_000)),
                ping(90_000), quiet(95_000), ping(120_000), quiet(125_000)], pins: "D-077"),
        ]
    }

    static var roundTripExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("an echo 80 ms later", [ping(30_000), answered(30_080, ping: 30_000)], pins: "seed: \"RTT calculation works correctly\""),
            ConformanceExample("a late echo of the latest ping", [ping(30_000), quiet(35_000), answered(37_000, ping: 30_000)],
                pins: "seed: \"let rtt = Date().timeIntervalSince1970 * 1000 - Double(clientTime)\""),
            ConformanceExample("an echo in the same millisecond", [ping(30_000), answered(30_000, ping: 30_000)], pins: "seed: \"RTT calculation works correctly\""),
        ]
    }

    static var unmeasuredExamples: [ConformanceExample<[HeartbeatProbe]>] {
        [
            ConformanceExample("a time the client never sent", [ping(30_000), .pong(at: 30_100, echo: .absolute(12), expected: .unmeasured)], pins: "D-077"),
            ConformanceExample("no time", [ping(30_000), .pong(at: 30_100, echo: .none, expected: .unmeasured)], pins: "seed: \"if let clientTime = msg.payload.clientTime\""),
            ConformanceExample("a time in the client's future", [ping(30_000), .pong(at: 30_100, echo: .offset(90_000), expected: .unmeasured)], pins: "D-077"),
            ConformanceExample("the previous ping's time", [ping(30_000), ping(60_000), .pong(at: 60_100, echo: .offset(30_000), expected: .unmeasured)], pins: "D-077"),
        ]
    }
}
