import Generators

/// The shrinking challenges as a measured workload: counts, not time, against the targets.
package enum ShrinkingChallengeWorkloads {
    /// Every shrinking workload: the ten challenges as one measured workload.
    package static var all: [Workload] { [challenges] }

    /// Seeds per challenge in a full run, and in a smoke run.
    package static let seedsFull = 100
    /// Seeds per challenge in a smoke run, for CI.
    package static let seedsSmoke = 10
    /// Cases generated per attempt before the challenge counts as not found.
    package static let casesPerAttempt = 1_000

    /// The fixed seeds of the challenge runs: `index × golden ratio + 12345`.
    package static func seed(_ index: Int) -> UInt64 {
        UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 12_345
    }

    /// The ten challenges over fixed seeds: distinct results, shrink evaluations and replays, against the bounds.
    package static let challenges = Workload.measured(MeasuredWorkload(
        name: "generators.shrinking.challenges",
        summary: "the ten package shrinking challenges over fixed seeds: distinct results and shrink evaluations",
        measure: { smoke in measure(seeds: smoke ? seedsSmoke : seedsFull) }
    ))

    /// Runs every challenge over `seeds` seeds and returns the figures with their bounds.
    package static func measure(seeds: Int) -> [Metric] {
        var metrics: [Metric] = []
        var unique = 0
        for challenge in ShrinkChallenge.all {
            let summary = ShrinkChallengeSummary(challenge: challenge, seeds: seeds)
            if summary.distinctResults == 1 { unique += 1 }
            metrics += summary.metrics
        }
        metrics.append(Metric(name: "challenges with exactly one result", value: Double(unique), unit: "challenges", bound: .atLeast(9)))
        return metrics
    }
}

/// One challenge's figures over a set of seeds.
package struct ShrinkChallengeSummary: Sendable {
    /// The challenge's name in the public repository.
    package let name: String
    /// The number of seeds run, each one attempt.
    package let seeds: Int
    /// Attempts that found a counterexample within `casesPerAttempt` cases.
    package let found: Int
    /// Each shrunk counterexample and how many seeds ended there, most frequent first.
    package let results: [(counterexample: String, count: Int)]
    /// The mean number of property evaluations a shrink spent, over the attempts that found a counterexample.
    package let meanEvaluations: Double
    /// The most property evaluations any one shrink spent.
    package let maxEvaluations: Int
    /// The mean number of generator replays a shrink spent, over the attempts that found a counterexample.
    package let meanReplays: Double
    /// Attempts whose shrink stopped at a budget.
    package let partial: Int

    /// The number of distinct shrunk counterexamples; a good engine reaches one from every seed.
    package var distinctResults: Int { results.count }

    /// Runs `challenge` once per seed (`ShrinkingChallengeWorkloads.seed(_:)`) and gathers the figures.
    package init(challenge: ShrinkChallenge, seeds: Int) {
        var counts: [String: Int] = [:]
        var evaluations: [Int] = []
        var replays: [Int] = []
        var found = 0
        var partial = 0
        for index in 0..<seeds {
            let attempt = challenge.attempt(ShrinkingChallengeWorkloads.seed(index), ShrinkingChallengeWorkloads.casesPerAttempt)
            guard let counterexample = attempt.counterexample, let shrink = attempt.shrink else { continue }
            found += 1
            counts[counterexample, default: 0] += 1
            evaluations.append(shrink.evaluations)
            replays.append(shrink.replays)
            if shrink.stop != .converged { partial += 1 }
        }
        name = challenge.name
        self.seeds = seeds
        self.found = found
        results = counts.map { ($0.key, $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.counterexample < $1.counterexample }
        meanEvaluations = evaluations.isEmpty ? 0 : Double(evaluations.reduce(0, +)) / Double(evaluations.count)
        maxEvaluations = evaluations.max() ?? 0
        meanReplays = replays.isEmpty ? 0 : Double(replays.reduce(0, +)) / Double(replays.count)
        self.partial = partial
    }

    /// The figures with the bounds.
    package var metrics: [Metric] {
        [
            Metric(name: "\(name): found", value: Double(found), unit: "of \(seeds) runs", bound: .atLeast(Double(seeds))),
            Metric(name: "\(name): distinct results", value: Double(distinctResults), unit: "results", bound: .atMost(2)),
            Metric(name: "\(name): mean shrink evaluations", value: meanEvaluations, unit: "evaluations", bound: .atMost(300)),
            Metric(name: "\(name): max shrink evaluations", value: Double(maxEvaluations), unit: "evaluations", bound: .atMost(2_000)),
            Metric(name: "\(name): mean generator replays", value: meanReplays, unit: "replays"),
            Metric(name: "\(name): partially shrunk", value: Double(partial), unit: "runs", bound: .atMost(0)),
        ]
    }
}
