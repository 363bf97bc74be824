import Generators
import SpecModel

extension ConformanceSuite where Implementation: EnrichmentJobBackend {
    /// The job loop suite: the stop after a cancel, silence after the end, a full run's messages, the
    /// check before each book, and generated interleavings compared with the model.
    public static var enrichmentJobLoop: ConformanceSuite {
        typealias R = EnrichmentJobLoopRules
        typealias G = BackendGenerators
        func examples(_ rule: Rule, _ about: String, _ list: [ConformanceExample<JobLoopExample>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, list) { backend, example in try example.check(on: backend) }
        }
        func law(_ rule: Rule, _ about: String, _ scenarios: Gen<BackendScenario>, _ body: @escaping (inout BackendDriver<Implementation>, BackendJobSpec) throws -> Void) -> ConformanceCheck<Implementation> {
            .property(rule, about, cases: 15, scenarios, describe: { $0.description }) { backend, scenario in
                var driver = BackendDriver(backend, scenario)
                _ = driver.setUp()
                try body(&driver, scenario.jobs[0])
            }
        }
        let five = CancelExample.seedScenario.with(turns: 0)
        let own = CancelTokenChoice.own
        let nothing = "provider asked about []; broadcasts []"
        return ConformanceSuite(id: "enrichment-job-loop", title: "Enrichment job loop", seam: "EnrichmentJobBackend", checks: [
            examples(R.stopsAfterCancel, "canceling mid-run", [
                ConformanceExample("two books in: the next turn stops the loop", JobLoopExample(five, [
                    (.turn(job: 0, .enriched), #"provider asked about [Book 1]; broadcasts [job 1 progress 1/5 "Book 1" at +60000 ms]"#),
                    (.turn(job: 0, .notFound), #"provider asked about [Book 2]; broadcasts [job 1 progress 2/5 "Book 2" at +61000 ms]"#),
                    (.cancel(job: 0, idCase: .asStarted, token: own), #"broadcasts [job 1 canceled 2/5 "Job canceled by user" at +62000 ms]"#),
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: true) 2/5, 1 enriched, 1 failed, 63000 ms, at +63000 ms]"),
                ]), pins: "seed: \"Send final WebSocket update: { type: \\\"complete\\\", canceled: true }\""),
                ConformanceExample("after the last book, before the loop ended", JobLoopExample(five.with(books: 1), [
                    (.turn(job: 0, .failed(reason: "provider timeout")), #"provider asked about [Book 1]; broadcasts [job 1 progress 1/1 "Book 1" at +60000 ms]"#),
                    (.cancel(job: 0, idCase: .asStarted, token: own), #"broadcasts [job 1 canceled 1/1 "Job canceled by user" at +61000 ms]"#),
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: true) 1/1, 0 enriched, 1 failed, 62000 ms, at +62000 ms]"),
                ]), pins: "seed: \"If canceled: break loop\""),
            ]),
            law(R.stopsAfterCancel, "the first job of generated scenarios, running, canceled, then turned", G.scenarios(firstJob: .running)) { driver, job in
                _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                let at = driver.now.epochMilliseconds - BackendDriver<Implementation>.start.epochMilliseconds
                let enriched = (0..<job.processed).filter { $0 % 3 == 0 }.count
                try ensureSame(driver.turn(0, .enriched),
                    "provider asked about []; broadcasts [job 1 complete(canceled: true) \(job.processed)/\(job.books), \(enriched) enriched, \(job.processed - enriched) failed, \(at) ms, at +\(at) ms]",
                    "the turn after canceling job 1 of \(driver.scenario)", show: { $0 })
            },
            examples(R.nothingAfterTheEnd, "turns and cancels after the end", [
                ConformanceExample("after a complete run", JobLoopExample(five.with(books: 1), [
                    (.turn(job: 0, .enriched), #"provider asked about [Book 1]; broadcasts [job 1 progress 1/1 "Book 1" at +60000 ms]"#),
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: false) 1/1, 1 enriched, 0 failed, 61000 ms, at +61000 ms]"),
                    (.turn(job: 0, .enriched), nothing),
                    (.cancel(job: 0, idCase: .asStarted, token: own), "broadcasts []"),
                    (.turn(job: 0, .enriched), nothing),
                ]), pins: "seed: \"If canceled: break loop\""),
                ConformanceExample("after a canceled run", JobLoopExample(five, [
                    (.cancel(job: 0, idCase: .asStarted, token: own), #"broadcasts [job 1 canceled 0/5 "Job canceled by user" at +60000 ms]"#),
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: true) 0/5, 0 enriched, 0 failed, 61000 ms, at +61000 ms]"),
                    (.turn(job: 0, .enriched), nothing),
                    (.cancel(job: 0, idCase: .asStarted, token: own), "broadcasts []"),
                    (.turn(job: 0, .enriched), nothing),
                ]), pins: "seed: \"Send final WebSocket update\""),
                ConformanceExample("after a failure", JobLoopExample(five, [
                    (.fail(job: 0), #"broadcasts [job 1 error PROVIDER_DOWN "The metadata provider is down" 0/5 at +60000 ms]"#),
                    (.turn(job: 0, .enriched), nothing),
                    (.cancel(job: 0, idCase: .asStarted, token: own), "broadcasts []"),
                ]), pins: "D-023"),
            ]),
            law(R.nothingAfterTheEnd, "the first job of generated scenarios once its loop ended", G.scenarios.map { scenario in
                var scenario = scenario
                scenario.jobs[0].end = [BackendJobEnd.canceled, .complete, .failed][scenario.jobs[0].books % 3]
                return scenario
            }) { driver, job in
                if job.end == .canceled { _ = driver.turn(0, .enriched) }
                for step in [BackendLoopStep.turn(job: 0, .enriched), .cancel(job: 0, idCase: .asStarted, token: .own), .turn(job: 0, .notFound), .turn(job: 0, .enriched)] {
                    let expected: String
                    if case .turn = step { expected = nothing } else { expected = "broadcasts []" }
                    try ensureSame(driver.run(step), expected, "\(step) after job 1 ended in \(driver.scenario)", show: { $0 })
                }
            },
            examples(R.runsToTheEnd, "runs that are not canceled", [
                ConformanceExample("two books", JobLoopExample(five.with(books: 2), [
                    (.turn(job: 0, .enriched), #"provider asked about [Book 1]; broadcasts [job 1 progress 1/2 "Book 1" at +60000 ms]"#),
                    (.turn(job: 0, .notFound), #"provider asked about [Book 2]; broadcasts [job 1 progress 2/2 "Book 2" at +61000 ms]"#),
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: false) 2/2, 1 enriched, 1 failed, 62000 ms, at +62000 ms]"),
                ]), pins: "seed: \"Enrichment Loop (running in background)\""),
                ConformanceExample("no books", JobLoopExample(five.with(books: 0), [
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: false) 0/0, 0 enriched, 0 failed, 60000 ms, at +60000 ms]"),
                ]), pins: "seed: \"Enrichment Loop (running in background)\""),
            ]),
            law(R.runsToTheEnd, "the first job of generated scenarios, run to its end", G.scenarios(firstJob: .running)) { driver, job in
                var enriched = (0..<job.processed).filter { $0 % 3 == 0 }.count
                for book in job.processed..<job.books {
                    let outcome = BackendScenario.outcome(JobBook(workRawIdentifier: UInt64(book + 1), title: ""))
                    if outcome == .enriched { enriched += 1 }
                    let at = BackendDriver<Implementation>.time(driver.now)
                    try ensureSame(driver.turn(0, outcome), "provider asked about [Book \(book + 1)]; broadcasts [job 1 progress \(book + 1)/\(job.books) \"Book \(book + 1)\" at \(at)]",
                        "turn \(book + 1) of job 1 in \(driver.scenario)", show: { $0 })
                }
                let at = driver.now.epochMilliseconds - BackendDriver<Implementation>.start.epochMilliseconds
                try ensureSame(driver.turn(0, .enriched),
                    "provider asked about []; broadcasts [job 1 complete(canceled: false) \(job.books)/\(job.books), \(enriched) enriched, \(job.books - enriched) failed, \(at) ms, at +\(at) ms]",
                    "the last turn of job 1 in \(driver.scenario)", show: { $0 })
            },
            examples(R.checkedBeforeEachBook, "canceling before a book", [
                ConformanceExample("before the first book", JobLoopExample(five, [
                    (.cancel(job: 0, idCase: .asStarted, token: own), #"broadcasts [job 1 canceled 0/5 "Job canceled by user" at +60000 ms]"#),
                    (.turn(job: 0, .enriched), "provider asked about []; broadcasts [job 1 complete(canceled: true) 0/5, 0 enriched, 0 failed, 61000 ms, at +61000 ms]"),
                ]), pins: "seed: \"Before processing each book: check doStub.isCanceled()\""),
                ConformanceExample("a refused cancel does not stop the loop", JobLoopExample(CancelExample.tokenScenario.with(turns: 0), [
                    (.cancel(job: 0, idCase: .asStarted, token: .wrong), "broadcasts []"),
                    (.turn(job: 0, .enriched), #"provider asked about [Book 1]; broadcasts [job 1 progress 1/5 "Book 1" at +61000 ms]"#),
                ]), pins: "D-080"),
            ]),
            law(R.checkedBeforeEachBook, "the first job of generated scenarios, canceled with books left", G.scenarios(firstJob: .running, minimumBooks: 1).map { scenario in
                var scenario = scenario
                scenario.jobs[0].turns = min(scenario.jobs[0].turns, scenario.jobs[0].books - 1)
                return scenario
            }) { driver, _ in
                _ = driver.send(.cancel(job: 0, idCase: .asStarted, token: .own))
                for _ in 0..<2 {
                    let line = driver.turn(0, .enriched)
                    try ensure(line.hasPrefix("provider asked about [];"), "the provider was asked about a book after the cancel", question: "turns after canceling job 1 of \(driver.scenario)",
                        model: "provider asked about []", implementation: line)
                }
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

/// A loop program against a scenario with what each step must show, in the suite's own words.
struct JobLoopExample: Sendable {
    let scenario: BackendScenario
    /// Each step with its expected line: for a turn, the provider's questions and the broadcasts;
    /// otherwise the broadcasts.
    let steps: [(BackendLoopStep, String)]

    init(_ scenario: BackendScenario, _ steps: [(BackendLoopStep, String)]) {
        self.scenario = scenario
        self.steps = steps
    }

    func check<Backend: EnrichmentJobBackend>(on backend: Backend) throws {
        var driver = BackendDriver(backend, scenario)
        _ = driver.setUp()
        var done: [String] = []
        for (step, expected) in steps {
            done.append(step.description)
            try ensureSame(driver.run(step), expected, done.joined(separator: "; ") + " in \(scenario)", show: { $0 })
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
