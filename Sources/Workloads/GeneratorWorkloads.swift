import Generators

/// Throughput of the PRNG and of generation.
public enum GeneratorWorkloads {
    public static var all: [Workload] {
        [prngNext]
    }

    /// Raw xoshiro256** output: a million words per iteration.
    public static let prngNext = Workload.timed(TimedWorkload(
        name: "generators.prng.next",
        summary: "xoshiro256** raw 64-bit outputs",
        unit: "words",
        iteration: {
            var rng = Xoshiro256StarStar(seed: 1)
            var fold: UInt64 = 0
            for _ in 0..<1_000_000 { fold ^= rng.next() }
            blackHole(fold)
            return 1_000_000
        }
    ))
}
