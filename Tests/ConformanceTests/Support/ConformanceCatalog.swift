import Dispatch
import SpecConformance
import Synchronization

/// Every suite with the model's implementation, and every wrong implementation the tests ship.
enum ConformanceCatalog {
    static let models: [ModelImplementation] = csvImportModels + progressModels + libraryModels + seriesModels

    static let wrongImplementations: [WrongImplementation] =
        csvImportWrongImplementations + progressWrongImplementations + libraryWrongImplementations + seriesWrongImplementations

    /// Every rule of every suite, each once, in suite order, then the rules only a recording shows.
    static var allRules: [Rule] {
        var seen = Set<RuleID>()
        return (models.flatMap(\.rules) + RecordingRules.all).filter { seen.insert($0.id).inserted }
    }

    /// The settings every catalog run uses: the defaults, so the report is the same on every run.
    static let settings = ConformanceSettings()

    /// The model's results and the wrong implementations' verdicts, computed once per process on
    /// every core.
    static let run: (models: [SuiteResult], wrong: [(WrongImplementation, SuiteResult)]) = {
        let jobs = models.map { model in { @Sendable in model.run(settings) } }
            + wrongImplementations.map { wrong in { @Sendable in wrong.run(settings) } }
        let results = Mutex([SuiteResult?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let result = jobs[index]()
            results.withLock { $0[index] = result }
        }
        let all = results.withLock { $0.map { $0! } }
        return (Array(all.prefix(models.count)), Array(zip(wrongImplementations, all.dropFirst(models.count))))
    }()

    /// The full report: the model's grades, the wrong implementations' score, the seed criteria.
    static var report: ConformanceReport {
        ConformanceReport(
            results: run.models,
            wrongImplementations: run.wrong.map { wrong, result in
                WrongImplementationVerdict(name: wrong.name, flaw: wrong.flaw, suiteID: wrong.suiteID, expectedRules: wrong.breaks, rejectingRules: result.rejectingRules)
            },
            criteria: nil
        )
    }
}
