import Generators

/// Draws an area's generated cases: a few values of a kit generator from a fixed seed, the same on
/// every run and every machine (the generators draw from the engine's own PRNG, never the system's).
enum TestVectorSampling {
    /// The seed every area draws its generated cases from: the number.
    static let seed: UInt64 = 23

    /// `count` values of `generator`, drawn from seeds derived from `seed` and `salt` (one salt per
    /// generator of an area, so two generators of one area do not draw the same choices).
    ///
    /// - Precondition: the generator makes every value (a kit generator that gives up is a bug).
    static func samples<Value>(_ generator: Gen<Value>, _ count: Int, salt: UInt64) -> [Value] {
        precondition(count >= 1 && count <= 100, "an area draws 1 to 100 generated cases from one generator, not \(count)")
        return generator.samples(count, seed: seed &* 1_000 &+ salt).enumerated().map { index, result in
            switch result {
            case let .success(value): return value
            case let .failure(stop): preconditionFailure("generated vector \(index + 1) (salt \(salt)) could not be made: \(stop)")
            }
        }
    }
}
