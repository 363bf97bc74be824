import Generators

/// Throughput of the PRNG, of generation and of trivial property checks.
///
/// Generation workloads make a fresh `ChoiceSource` per case, as the property runner does, and
/// generate without recording (the runner records only to regenerate a failing case).
package enum GeneratorWorkloads {
    /// Every generator workload, in the order benchrunner runs them.
    package static var all: [Workload] {
        [prngNext, integers, arrays, recordedArrays, asciiStrings, unicodeStrings, trivialPropertyChecks]
    }

    /// Raw xoshiro256** output: a million words per iteration.
    package static let prngNext = Workload.timed(TimedWorkload(
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

    /// `Gen.int` over the full range: 10,000 cases of 100 integers each.
    package static let integers = Workload.timed(TimedWorkload(
        name: "generators.gen.integers",
        summary: "Gen.int (biased, full Int range), 100 per case, fresh source per case",
        unit: "integers",
        releaseTargetPerSecond: 20_000_000,
        iteration: {
            let generator = Gen.int
            var fold = 0
            for seed in 0..<10_000 {
                var source = ChoiceSource(seed: UInt64(seed))
                for _ in 0..<100 { fold &+= (try? generator.run(&source)) ?? 0 }
            }
            blackHole(fold)
            return 1_000_000
        }
    ))

    /// Arrays of 0 to 50 integers, one per case.
    package static let arrays = Workload.timed(TimedWorkload(
        name: "generators.gen.arrays",
        summary: "Gen.array(of: Gen.int, count: 0...50), fresh source per array",
        unit: "arrays",
        releaseTargetPerSecond: 1_000_000,
        iteration: {
            let generator = Gen.array(of: Gen.int, count: 0...50)
            var elements = 0
            for seed in 0..<100_000 {
                var source = ChoiceSource(seed: UInt64(seed))
                elements &+= (try? generator.run(&source))?.count ?? 0
            }
            blackHole(elements)
            return 100_000
        }
    ))

    /// The same arrays with choices, kinds and spans recorded, as when a failing case is regenerated.
    package static let recordedArrays = Workload.timed(TimedWorkload(
        name: "generators.gen.arrays-recorded",
        summary: "Gen.array(of: Gen.int, count: 0...50) recording choices, kinds and spans",
        unit: "arrays",
        iteration: {
            let generator = Gen.array(of: Gen.int, count: 0...50)
            var choices = 0
            for seed in 0..<100_000 {
                var source = ChoiceSource(seed: UInt64(seed), recording: true)
                _ = try? generator.run(&source)
                choices &+= source.record.choices.count
            }
            blackHole(choices)
            return 100_000
        }
    ))

    /// Printable ASCII strings of 0 to 30 characters, one per case.
    package static let asciiStrings = Workload.timed(TimedWorkload(
        name: "generators.gen.strings-ascii",
        summary: "Gen.asciiString(count: 0...30), fresh source per string",
        unit: "strings",
        iteration: { strings(Gen.asciiString(count: 0...30)) }
    ))

    /// Unicode strings of 0 to 30 scalars, biased toward awkward scalars, one per case.
    package static let unicodeStrings = Workload.timed(TimedWorkload(
        name: "generators.gen.strings-unicode",
        summary: "Gen.unicodeString(count: 0...30), fresh source per string",
        unit: "strings",
        iteration: { strings(Gen.unicodeString(count: 0...30)) }
    ))

    /// Generates 100,000 strings, one per fresh source; returns the count.
    static func strings(_ generator: Gen<String>) -> Int {
        var scalars = 0
        for seed in 0..<100_000 {
            var source = ChoiceSource(seed: UInt64(seed))
            scalars &+= (try? generator.run(&source))?.unicodeScalars.count ?? 0
        }
        blackHole(scalars)
        return 100_000
    }

    /// Whole property runs of a trivial property: generation, evaluation and bookkeeping per case.
    package static let trivialPropertyChecks = Workload.timed(TimedWorkload(
        name: "generators.property.trivial-checks",
        summary: "checkProperty over Gen.int with a property that always holds, 100,000 cases",
        unit: "checks",
        releaseTargetPerSecond: 1_000_000,
        debugTargetPerSecond: 100_000,
        iteration: {
            let report = checkProperty(Gen.int, settings: PropertySettings(name: "trivial", cases: 100_000)) { value in
                if value == 42 && value != 42 { throw PropertyViolation("unreachable") }
            }
            blackHole(report.casesChecked)
            return report.casesChecked
        }
    ))
}
