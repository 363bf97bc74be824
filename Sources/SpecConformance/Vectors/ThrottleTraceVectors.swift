import Fixtures
import Generators
import SpecModel

/// The throttle trace vectors: a job's timed progress reports and its finish → the messages the
/// throttle sends and when (seed 003_…, Task 2, "Throttling Strategy"; D-071 to D-074).
///
/// A trace is what `ThrottleRun` does with the socket's throttle: timers due at or before an event
/// fire first, then the event; after the last event timers run for `horizonMilliseconds` more. The
/// streams are the throttle suite's examples (`ProgressThrottleChecks`), each tagged with the rule of its
/// list and every rule whose check its stream exercises (`exercised(by:)`), and generated ones, tagged
/// with the rules they exercise; every trace is the model's throttle (`ProgressThrottle`).
enum ThrottleTraceVectors {
    static let area = "throttle-traces"

    static func file() -> TestVectorFile {
        typealias R = ProgressThrottleRules
        typealias C = ProgressThrottleChecks
        var list = TestVectorCaseList(prefix: "throttle")
        let groups: [(Rule, [ConformanceExample<ThrottleExample>])] = [
            (R.rate, C.rateExamples),
            (R.milestones, C.milestoneExamples),
            (R.finalCount, C.finalCountExamples),
            (R.monotone, C.monotoneExamples),
            (R.afterFinish, C.afterFinishExamples),
            (R.keepAlive, C.keepAliveExamples),
            (R.first, C.firstExamples),
            (R.interval, C.intervalExamples),
            (R.burstHeld, C.burstExamples),
        ]
        for (rule, examples) in groups {
            for example in examples {
                let stream = example.input.stream
                list.add(input: input(stream), expected: expected(stream), rules: ([rule] + exercised(by: stream)).uniqued(), name: example.name, pins: example.pins)
            }
        }
        for (index, stream) in TestVectorSampling.samples(ProgressStreamFixture.generator(stepsMax: 16, totalMax: 200), 10, salt: 1).enumerated() {
            list.add("gen", input: input(stream), expected: expected(stream), rules: exercised(by: stream), note: "generated \(index + 1): bursts, silences, late counts and a finish")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    /// The rules whose checks on generated streams `stream` exercises, as the throttle suite says which
    /// streams exercise each (`ProgressStreamExercise`): a trace is every message and when, so a case
    /// names every rule its trace answers, and a reader learns which of its timings are decided (D-071 to
    /// D-074) rather than the seed's.
    static func exercised(by stream: ProgressUpdateStream) -> [Rule] {
        typealias R = ProgressThrottleRules
        typealias E = ProgressStreamExercise
        let rules: [(Rule, Bool)] = [
            (R.rate, E.hasReportsWithin(1_000)(stream)),
            (R.milestones, E.hasMilestone(stream)),
            (R.finalCount, E.finishesAfterAReport(stream)),
            (R.monotone, E.hasLateCount(stream)),
            (R.afterFinish, E.finishes(stream)),
            (R.keepAlive, E.hasReportBeforeFinish(stream)),
            (R.first, E.hasReportBeforeFinish(stream)),
            (R.interval, E.hasReportsWithin(ProgressThrottle.intervalMillisecondsDefault)(stream)),
            (R.burstHeld, E.hasOrdinaryReportInABurst(stream)),
        ]
        return rules.filter(\.1).map(\.0)
    }

    /// `{"start": ms, "totalCount": n, "events": [{"at": ms, "report": count} | {"at": ms, "finish": true}],
    /// "horizonMilliseconds": ms}`; event times are milliseconds after `start`.
    static func input(_ stream: ProgressUpdateStream) -> JSONValue {
        var at: Int64 = 0
        let events = stream.events.map { event -> JSONValue in
            at += event.gapMilliseconds
            switch event.kind {
            case let .report(count): return TestVectorValues.object([("at", .integer(at)), ("report", .integer(Int64(count)))])
            case .finish: return TestVectorValues.object([("at", .integer(at)), ("finish", true)])
            }
        }
        return TestVectorValues.object([
            ("start", .integer(stream.start.epochMilliseconds)),
            ("totalCount", .integer(Int64(stream.totalCount))),
            ("events", .array(events)),
            ("horizonMilliseconds", .integer(ThrottleRun.horizonMillisecondsDefault)),
        ])
    }

    /// `{"sent": [{"at": ms, "type": "progress", "processedCount": …, "totalCount": …, "keepAlive": …} |
    /// {"at": ms, "type": "finish"}], "observedUntil": ms}`, times after the stream's start.
    static func expected(_ stream: ProgressUpdateStream) -> JSONValue {
        let trace = ThrottleRun.run(stream, with: ProgressThrottle())
        let start = stream.start.epochMilliseconds
        let sent = trace.emissions.map { emission -> JSONValue in
            let at = JSONValue.integer(emission.at.epochMilliseconds - start)
            switch emission.kind {
            case let .progress(update):
                return TestVectorValues.object([
                    ("at", at), ("type", "progress"), ("processedCount", .integer(Int64(update.processedCount))),
                    ("totalCount", .integer(Int64(update.totalCount))), ("keepAlive", .bool(update.keepAlive)),
                ])
            case .finish:
                return TestVectorValues.object([("at", at), ("type", "finish")])
            }
        }
        return TestVectorValues.object([("sent", .array(sent)), ("observedUntil", .integer(trace.observedUntil.epochMilliseconds - start))])
    }
}
