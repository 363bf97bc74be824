import Generators

/// The public shrinking challenges (github.com/jlink/shrinking-challenge), as engine workloads.
///
/// Each challenge is a generator and a property that is false; a good engine finds a counterexample
/// and shrinks it to the same small normal form from any seed. The targets: over 100 seeds,
/// at most 2 distinct final counterexamples per challenge and exactly 1 on at least 9 of the 10;
/// mean shrink evaluations at most 300 and none above 2,000; the two difference challenges found in
/// 100 of 100 runs within 1,000 cases.
package struct ShrinkChallenge: Sendable {
    /// The challenge's name in the public repository.
    package let name: String
    /// The normal form this engine reaches (documented in Docs/PropertyTesting.md).
    package let expected: String
    /// Runs the challenge once: generate up to `cases` cases from `seed`, shrink the first failure.
    package let attempt: @Sendable (_ seed: UInt64, _ cases: Int) -> ShrinkChallengeAttempt

    init<Value>(name: String, expected: String, generator: Gen<Value>, holds: @escaping @Sendable (Value) -> Bool) {
        self.name = name
        self.expected = expected
        attempt = { seed, cases in
            let settings = PropertySettings(name: "challenge.\(name)", cases: cases, seed: seed)
            let report = checkPredicate(generator, settings: settings, predicate: holds)
            return ShrinkChallengeAttempt(report: report)
        }
    }
}

/// The result of one challenge run.
package struct ShrinkChallengeAttempt: Sendable {
    /// The 0-based case at which the first counterexample was found, or `nil` if none was.
    package let foundAtCase: Int?
    /// The shrunk counterexample, described.
    package let counterexample: String?
    /// The shrink's figures, or `nil` when no generated counterexample was found or it was not shrunk.
    package let shrink: ShrinkSummary?

    init(report: PropertyReport) {
        if let failure = report.failure, case let .generated(caseIndex) = failure.origin {
            foundAtCase = caseIndex
            counterexample = failure.shrunk
            shrink = failure.shrink
        } else {
            foundAtCase = nil
            counterexample = nil
            shrink = nil
        }
    }
}

extension ShrinkChallenge {
    /// All ten challenges the issue names, in the repository's order.
    package static let all: [ShrinkChallenge] = [
        reverse, bound5, largeUnionList, nestedLists, deletion, distinct,
        differenceMustNotBeZero, differenceMustNotBeOne, coupling, lengthList,
    ]

    /// A list equals its reverse. Normal form: `[0, 1]`.
    package static let reverse = ShrinkChallenge(
        name: "reverse", expected: "[0, 1]",
        generator: Gen.array(of: Gen.int)
    ) { list in list.reversed() == list }

    /// Five lists of 16-bit integers, each summing below 256, sum below 5 × 256 (false by overflow).
    package static let bound5: ShrinkChallenge = {
        let list = Gen.array(of: Gen<Int16>.anyInteger).filter("each list sums below 256") { $0.reduce(0, &+) < 256 }
        return ShrinkChallenge(
            name: "bound5", expected: "[[], [], [], [-1], [-32768]]",
            generator: Gen.array(of: list, count: 5...5)
        ) { lists in lists.joined().reduce(Int16(0), &+) < 5 * 256 }
    }()

    /// The union of a list of lists has fewer than 5 distinct elements. Normal form: `[[0, 1, -1, 2, -2]]`.
    package static let largeUnionList = ShrinkChallenge(
        name: "large_union_list", expected: "[[0, 1, -1, 2, -2]]",
        generator: Gen.array(of: Gen.array(of: Gen.int))
    ) { lists in Set(lists.joined()).count < 5 }

    /// The lists of a list of lists have at most 10 elements in all. Normal form: one list of 11 zeros.
    package static let nestedLists = ShrinkChallenge(
        name: "nested_lists", expected: "[[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]",
        generator: Gen.array(of: Gen.array(of: Gen.int))
    ) { lists in lists.map(\.count).reduce(0, +) <= 10 }

    /// Removing an element's first occurrence removes it entirely. Normal form: `([0, 0], 0)`.
    package static let deletion = ShrinkChallenge(
        name: "deletion", expected: "([0, 0], 0)",
        generator: Gen.array(of: Gen.int, count: 1...32).flatMap { list in Gen.element(of: list).map { (list, $0) } }
    ) { pair in
        var (list, x) = pair
        list.remove(at: list.firstIndex(of: x)!)
        return !list.contains(x)
    }

    /// A list has fewer than 3 distinct elements. Normal form: `[0, 1, -1]`.
    package static let distinct = ShrinkChallenge(
        name: "distinct", expected: "[0, 1, -1]",
        generator: Gen.array(of: Gen.int)
    ) { list in Set(list).count < 3 }

    /// Two positive integers: `x < 10 || x != y`. Normal form: `(10, 10)`.
    package static let differenceMustNotBeZero = ShrinkChallenge(
        name: "difference_must_not_be_zero", expected: "(10, 10)",
        generator: Gen.zip(Gen.positiveInt, Gen.positiveInt)
    ) { pair in pair.0 < 10 || pair.0 != pair.1 }

    /// Two positive integers: `x < 10 || abs(x - y) != 1`. Normal form: `(10, 9)`.
    package static let differenceMustNotBeOne = ShrinkChallenge(
        name: "difference_must_not_be_one", expected: "(10, 9)",
        generator: Gen.zip(Gen.positiveInt, Gen.positiveInt)
    ) { pair in pair.0 < 10 || (pair.0 - pair.1).magnitude != 1 }

    /// A list of indices into itself has no 2-cycle. Normal form: `[1, 0]`.
    package static let coupling = ShrinkChallenge(
        name: "coupling", expected: "[1, 0]",
        generator: Gen.array(of: Gen.int(in: 0...10)).filter("elements index the list") { list in list.allSatisfy { $0 < list.count } }
    ) { list in
        for (i, j) in list.enumerated() where i != j && list[j] == i { return false }
        return true
    }

    /// A list whose length is drawn first (via `flatMap`) has every element below 900. Normal form: `[900]`.
    package static let lengthList = ShrinkChallenge(
        name: "length_list", expected: "[900]",
        generator: Gen.int(in: 1...100).flatMap { n in Gen.array(of: Gen.int(in: 0...1000), count: n...n) }
    ) { list in (list.max() ?? 0) < 900 }
}
