import Generators
import SpecModel

extension ConformanceSuite where Implementation: EnrichmentJobBackend {
    /// The job loop suite: the stop after a cancel, silence after the end, the check before each book,
    /// the messages of a run and their counts and durations, refused cancels, and generated
    /// interleavings compared with the model.
    public static var enrichmentJobLoop: ConformanceSuite {
        typealias R = EnrichmentJobLoopRules
        typealias G = BackendGenerators
        typealias L = JobLoopExpectation
        func examples(_ rule: Rule, _ about: String, label: String? = nil, _ list: [ConformanceExample<JobLoopExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, list) { backend, example in try example.check(on: backend) }
        }
        func law(_ rule: Rule, _ about: String, label: String? = nil, _ scenarios: Gen<BackendScenario>, exercises: ((BackendScenario) -> Bool)? = nil,
                 _ body: @escaping (inout BackendDriver<Implementation>, BackendJobSpec) throws -> Void) -> ConformanceCheck<Implementation> {
            // A running job whose every book is processed exists only in the kit's loop of one book a turn
            // (D-152): the seed's loop sends its final update after the last book, so a seed's rule is not
            // asked about that moment.
            .property(rule, about, label: label, cases: 15, scenarios, describe: { $0.description },
                exercises: rule.basis.kind == .decision ? exercises : { !BackendGenerators.isAtItsLastTurn($0.jobs[0]) && (exercises?($0) ?? true) }) { backend, scenario in
                var driver = BackendDriver(backend, scenario)
                _ = driver.setUp()
                try body(&driver, scenario.jobs[0])
            }
        }
        let five = CancelExample.seedScenario.with(turns: 0)
        let own = CancelTokenChoice.own
        let cancel = BackendLoopStep.cancel(job: 0, idCase: .asStarted, token: own)
        /// Scenarios whose first job's loop has ended: canceled (then turned once), complete or failed.
        let ended = G.scenarios.map { scenario in
            var scenario = scenario
            scenario.jobs[0].end = [BackendJobEnd.canceled, .complete, .failed][scenario.jobs[0].books % 3]
            return scenario
        }
        return ConformanceSuite(id: "enrichment-job-loop", title: "Enrichment job loop", seam: "EnrichmentJobBackend", checks: [
            examples(R.stopsAfterCancel, "canceling mid-run", [
                ConformanceExample("two books in: the next turn stops the loop", JobLoopExample(five, [
                    (.turn(job: 0, .enriched), .any), (.turn(job: 0, .notFound), .any), (cancel, .any), (.turn(job: 0, .enriched), .stops),
                ]), pins: "seed: \"Send final WebSocket update: { type: \\\"complete\\\", canceled: true }\""),
            ]),
            law(R.stopsAfterCancel, "the first job of generated scenarios, running, canceled, then turned", G.scenarios(firstJob: .running)) { driver, _ in
                _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                try L.stops.check(driver.turnMessages(0, .enriched), on: driver, "the turn after canceling job 1 of \(driver.scenario)")
            },
            examples(R.checkedBeforeEachBook, "canceling before a book", [
                ConformanceExample("before the first book", JobLoopExample(five, [(cancel, .any), (.turn(job: 0, .enriched), .asks([]))]),
                    pins: "seed: \"Before processing each book: check doStub.isCanceled()\""),
                ConformanceExample("before the third book", JobLoopExample(five, [
                    (.turn(job: 0, .enriched), .asks(["Book 1"])), (.turn(job: 0, .enriched), .asks(["Book 2"])), (cancel, .any), (.turn(job: 0, .enriched), .asks([])), (.turn(job: 0, .enriched), .asks([])),
                ]), pins: "seed: \"Before processing each book: check doStub.isCanceled()\""),
            ]),
            law(R.checkedBeforeEachBook, "the first job of generated scenarios, canceled with books left", G.scenarios(firstJob: .running, minimumBooks: 1).map { scenario in
                var scenario = scenario
                scenario.jobs[0].turns = min(scenario.jobs[0].turns, scenario.jobs[0].books - 1)
                return scenario
            }) { driver, _ in
                _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                for _ in 0..<2 {
                    try L.asks([]).check(driver.turnMessages(0, .enriched), on: driver, "turns after canceling job 1 of \(driver.scenario)")
                }
            },
            examples(R.nothingAfterTheEnd, "turns after the final complete", [
                ConformanceExample("after a complete run", JobLoopExample(five.with(books: 1), [
                    (.turn(job: 0, .enriched), .any), (.turn(job: 0, .enriched), .any), (.turn(job: 0, .enriched), .silent), (.turn(job: 0, .notFound), .silent),
                ]), pins: "seed: \"Send final WebSocket update\""),
                ConformanceExample("after a canceled run", JobLoopExample(five, [
                    (cancel, .any), (.turn(job: 0, .enriched), .any), (.turn(job: 0, .enriched), .silent), (.turn(job: 0, .enriched), .silent),
                ]), pins: "seed: \"If canceled: break loop\""),
            ]),
            law(R.nothingAfterTheEnd, "the first job of generated scenarios once its loop sent its final complete", G.scenarios.map { scenario in
                var scenario = scenario
                scenario.jobs[0].end = scenario.jobs[0].books % 2 == 0 ? .canceled : .complete
                return scenario
            }) { driver, job in
                if job.end == .canceled { _ = driver.turn(0, .enriched) }
                for outcome in [BookEnrichmentOutcome.enriched, .notFound, .enriched] {
                    try L.silent.check(driver.turnMessages(0, outcome), on: driver, "a turn after job 1's final complete in \(driver.scenario)")
                }
            },
            examples(R.runsToTheEnd, "the turn after the last book", label: "JOB-06.lastTurn", [
                ConformanceExample("canceled after the last book, before the loop's final turn", JobLoopExample(five.with(books: 1), [
                    (.turn(job: 0, .failed(reason: "provider timeout")), .any), (cancel, .any), (.turn(job: 0, .enriched), .stops),
                ]), pins: "D-152"),
            ]),
            examples(R.runsToTheEnd, "runs and their counts", [
                ConformanceExample("two books", JobLoopExample(five.with(books: 2), [
                    (.turn(job: 0, .enriched), .untimed(#"broadcasts [job 1 progress 1/2 "Book 1"]"#)),
                    (.turn(job: 0, .notFound), .untimed(#"broadcasts [job 1 progress 2/2 "Book 2"]"#)),
                    (.turn(job: 0, .enriched), .untimed("broadcasts [job 1 complete(canceled: false) 2/2, 1 enriched, 1 failed]")),
                ]), pins: "D-152"),
                ConformanceExample("no books", JobLoopExample(five.with(books: 0), [
                    (.turn(job: 0, .enriched), .untimed("broadcasts [job 1 complete(canceled: false) 0/0, 0 enriched, 0 failed]")),
                ]), pins: "D-152"),
                ConformanceExample("canceled two books in: the counts so far", JobLoopExample(five, [
                    (.turn(job: 0, .enriched), .any), (.turn(job: 0, .notFound), .any), (cancel, .any),
                    (.turn(job: 0, .enriched), .untimed("broadcasts [job 1 complete(canceled: true) 2/5, 1 enriched, 1 failed]")),
                ]), pins: "D-152"),
            ]),
            law(R.runsToTheEnd, "the first job of generated scenarios, run to its end", G.scenarios(firstJob: .running), exercises: G.firstJob(.running)) { driver, job in
                var enriched = (0..<job.processed).filter { $0 % 3 == 0 }.count
                for book in job.processed..<job.books {
                    let outcome = BackendScenario.outcome(JobBook(workRawIdentifier: UInt64(book + 1), title: ""))
                    if outcome == .enriched { enriched += 1 }
                    try L.untimed("broadcasts [job 1 progress \(book + 1)/\(job.books) \"Book \(book + 1)\"]")
                        .check(driver.turnMessages(0, outcome), on: driver, "turn \(book + 1) of job 1 in \(driver.scenario)")
                }
                try L.untimed("broadcasts [job 1 complete(canceled: false) \(job.books)/\(job.books), \(enriched) enriched, \(job.books - enriched) failed]")
                    .check(driver.turnMessages(0, .enriched), on: driver, "the last turn of job 1 in \(driver.scenario)")
            },
            law(R.runsToTheEnd, "the first job of generated scenarios, canceled, then turned", label: "JOB-06.canceled", G.scenarios(firstJob: .running), exercises: G.firstJob(.running)) { driver, job in
                _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                let enriched = (0..<job.processed).filter { $0 % 3 == 0 }.count
                try L.untimed("broadcasts [job 1 complete(canceled: true) \(job.processed)/\(job.books), \(enriched) enriched, \(job.processed - enriched) failed]")
                    .check(driver.turnMessages(0, .enriched), on: driver, "the turn after canceling job 1 of \(driver.scenario)")
            },
            examples(R.durationMilliseconds, "the final complete's duration", [
                ConformanceExample("a run of two books, ended 62 s after its start", JobLoopExample(five.with(books: 2), [
                    (.turn(job: 0, .enriched), .any), (.turn(job: 0, .notFound), .any), (.turn(job: 0, .enriched), .duration(62_000)),
                ]), pins: "D-075"),
                ConformanceExample("a canceled run, ended 61 s after its start", JobLoopExample(five, [(cancel, .any), (.turn(job: 0, .enriched), .duration(61_000))]), pins: "D-075"),
            ]),
            law(R.durationMilliseconds, "the first job of generated scenarios, canceled or run to its end", G.scenarios(firstJob: .running), exercises: G.firstJob(.running)) { driver, job in
                if job.books % 2 == 0 { _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own)) }
                for _ in 0...job.books {
                    let at = driver.now.epochMilliseconds - BackendDriver<Implementation>.start.epochMilliseconds
                    let step = driver.turnMessages(0, .enriched)
                    try L.duration(at).check(step, on: driver, "a turn of job 1 in \(driver.scenario)")
                    // The turns after the final complete are JOB-02's.
                    if step.messages.contains(where: { if case .complete = $0 { return true } else { return false } }) { break }
                }
            },
            examples(R.endedStaysEnded, "cancels and turns after the end", [
                ConformanceExample("a cancel after a complete run", JobLoopExample(five.with(books: 1), [
                    (.turn(job: 0, .enriched), .any), (.turn(job: 0, .enriched), .any), (cancel, .silent),
                ]), pins: "D-023"),
                ConformanceExample("a second cancel after a canceled run", JobLoopExample(five, [(cancel, .any), (.turn(job: 0, .enriched), .any), (cancel, .silent)]), pins: "D-023"),
                ConformanceExample("after a failure", JobLoopExample(five, [(.fail(job: 0), .any), (.turn(job: 0, .enriched), .silent), (cancel, .silent), (.turn(job: 0, .enriched), .silent)]), pins: "D-023"),
            ]),
            law(R.endedStaysEnded, "the first job of generated scenarios once it ended", ended, exercises: G.firstJob(.canceled, .complete, .failed)) { driver, job in
                if job.end == .canceled { _ = driver.turn(0, .enriched) }
                for step in [BackendLoopStep.cancel(job: 0, idCase: .asStarted, token: .own), .turn(job: 0, .enriched), .cancel(job: 0, idCase: .uppercase, token: .own)] {
                    if case .turn = step, job.end != .failed { continue }
                    try L.silent.check(driver.stepMessages(step), on: driver, "\(step) after job 1 ended (\(job.end.rawValue)) in \(driver.scenario)")
                }
            },
            examples(R.refusedCancel, "a cancel refused for want of the token", [
                ConformanceExample("the next turn processes the next book", JobLoopExample(CancelExample.tokenScenario.with(turns: 0), [
                    (.cancel(job: 0, idCase: .asStarted, token: .wrong), .silent), (.turn(job: 0, .enriched), .asks(["Book 1"])),
                ]), pins: "D-151"),
            ]),
            law(R.refusedCancel, "the first job of generated scenarios, running with a token and books left", G.scenarios(firstJob: .running, token: true, minimumBooks: 1).map { scenario in
                var scenario = scenario
                scenario.jobs[0].turns = min(scenario.jobs[0].turns, scenario.jobs[0].books - 1)
                return scenario
            }, exercises: { $0.jobs[0].end == .running && $0.jobs[0].token != nil && $0.jobs[0].processed < $0.jobs[0].books }) { driver, job in
                _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .wrong))
                try L.asks(["Book \(job.processed + 1)"]).check(driver.turnMessages(0, .enriched), on: driver, "the turn after a refused cancel of job 1 in \(driver.scenario)")
            },
            .property(R.anyInterleaving, "generated loop programs over generated jobs", method: .differential, cases: 30,
                Gen<(BackendScenario, [BackendLoopStep])>.zip(G.scenarios, Gen<BackendLoopStep>.array(of: G.loopSteps, count: 1...10)),
                describe: { "\($0.0) | " + $0.1.map(\.description).joined(separator: "; ") }) { backend, input in
                var run = try BackendRun(backend, input.0)
                for step in input.1 { try run.run(step) }
            },
        ])
    }
}

/// What one step of a loop program must show, in the terms of the rule it checks.
enum JobLoopExpectation: Sendable {
    /// Not checked: a step that sets the scene.
    case any
    /// The loop stops (JOB-01): no book processed (no `progress`), and exactly one message, a
    /// `complete` with `canceled: true`.
    case stops
    /// Nothing at all: the provider is asked nothing and nothing is broadcast.
    case silent
    /// The provider is asked about exactly these books (JOB-04, JOB-08); broadcasts not checked.
    case asks([String])
    /// The step's broadcasts, their times and durations aside (JOB-06); the provider's questions are
    /// JOB-04's.
    case untimed(String)
    /// Any `complete` the step sends has this duration, in milliseconds (JOB-03).
    case duration(Int64)

    func check<Backend: EnrichmentJobBackend>(_ step: (asked: [String], messages: [JobMessage]), on driver: BackendDriver<Backend>, _ question: String) throws {
        let shown = step.messages.map(driver.render).joined(separator: ", ")
        switch self {
        case .any:
            return
        case .stops:
            let progress = step.messages.filter { if case .progress = $0 { return true } else { return false } }
            try ensure(progress.isEmpty, "the loop processed a book after the cancel", question: question, model: "no progress", implementation: shown, kind: "a book processed after the cancel")
            let completes = step.messages.compactMap { message -> JobCompleteMessage? in if case let .complete(c) = message { return c } else { return nil } }
            try ensure(completes.count == 1, "the loop sent \(completes.count) final complete messages, not one", question: question,
                model: "one complete(canceled: true)", implementation: shown.isEmpty ? "nothing" : shown, kind: "not one final complete")
            try ensure(completes[0].canceled, "the final complete does not say canceled: true", question: question, model: "complete(canceled: true)", implementation: shown, kind: "the final complete not marked canceled")
            try ensure(step.messages.count == 1, "the loop sent more than its final complete", question: question, model: "one complete(canceled: true)", implementation: shown, kind: "more than the final complete")
        case .silent:
            try ensure(step.asked.isEmpty, "the provider was asked about a book", question: question, model: "nothing asked", implementation: "asked about \(step.asked)", kind: "a book processed")
            try ensure(step.messages.isEmpty, "something was broadcast", question: question, model: "nothing broadcast", implementation: shown, kind: "a message broadcast")
        case let .asks(titles):
            try ensureSame(step.asked, titles, "the books the provider was asked about: \(question)", kind: titles.isEmpty ? "a book asked about after the cancel" : "not the next book")
        case let .untimed(line):
            let rendered = "broadcasts [" + step.messages.map(driver.renderUntimed).joined(separator: ", ") + "]"
            try ensureSame(rendered, line, question, show: { $0 })
        case let .duration(milliseconds):
            for case let .complete(complete) in step.messages {
                try ensureSame(complete.durationMilliseconds, milliseconds, "the final complete's duration in milliseconds: \(question)", kind: "the duration")
            }
        }
    }
}

/// A loop program against a scenario with what each step must show, in the rule's own words.
struct JobLoopExample: Sendable {
    let scenario: BackendScenario
    let steps: [(BackendLoopStep, JobLoopExpectation)]

    init(_ scenario: BackendScenario, _ steps: [(BackendLoopStep, JobLoopExpectation)]) {
        self.scenario = scenario
        self.steps = steps
    }

    func check<Backend: EnrichmentJobBackend>(on backend: Backend) throws {
        var driver = BackendDriver(backend, scenario)
        _ = driver.setUp()
        var done: [String] = []
        for (step, expected) in steps {
            done.append(step.description)
            try expected.check(driver.stepMessages(step), on: driver, done.joined(separator: "; ") + " in \(scenario)")
        }
    }
}

extension BackendScenario {
    /// The scenario with its first job's turns set.
    func with(turns: Int) -> BackendScenario {
        var copy = self
        copy.jobs[0].turns = turns
        return copy
    }

    /// The scenario with its first job's books set (and its turns no more than that).
    func with(books: Int) -> BackendScenario {
        var copy = self
        copy.jobs[0].books = books
        copy.jobs[0].turns = min(copy.jobs[0].turns, books)
        return copy
    }
}
