/// Shrinks a failing choice record toward the shortlex-smallest record that still fails.
///
/// This is integrated shrinking over the recorded choice sequence, as in Hypothesis: every candidate is
/// a mutated *choice sequence*, replayed through the generator (so it always yields a valid value,
/// whatever combinators made it), and accepted only if the property still fails and the sequence the
/// replay actually consumed is shortlex-smaller than the current best. Acceptance is strictly
/// decreasing in a well-order, so shrinking always terminates; it stops earlier at the budget.
///
/// The passes, run in rounds until a round changes nothing:
/// - delete spans (list elements, commands, filter attempts), adaptively in sibling runs;
/// - delete short runs of choices;
/// - zero spans (replace a whole value with its simplest form);
/// - lower each choice (0 first, then binary search);
/// - lower equal choices together (`a == b` relations);
/// - lower pairs of integers by the same amount (`abs(a - b) == 1` relations);
/// - move value between pairs of integers while keeping their sum (overflow and sum properties);
/// - sort and swap sibling spans of the same label (order-independent structures);
/// - replace a span with a descendant of the same label (recursive structures);
/// - delete a span while decrementing the count that made it (size-prefixed structures from `flatMap`).
///
/// Every candidate tried is cached, so repeated rounds cost nothing where nothing changed.
public struct Shrinker<Value, Failure> {
    let generator: Gen<Value>
    let failureOf: (Value) -> Failure?
    let budget: ShrinkBudget
    let choicesMax: Int

    var best: ChoiceRecord
    var bestValue: Value
    var bestFailure: Failure
    var tried: Set<[UInt64]> = []
    var steps = 0
    var evaluations = 0
    var replays = 0
    var stop: ShrinkStop?
    /// When set, every accepted choice sequence is appended, in order; for tests.
    package var _acceptedHistory: [[UInt64]]?

    /// Creates a shrinker for a failing case.
    ///
    /// - Parameters:
    ///   - generator: the generator that made the case.
    ///   - record: the failing case's recorded choices (with kinds and spans).
    ///   - value: the value `record` generates.
    ///   - failure: how the property failed on it.
    ///   - budget: the evaluation, replay and time bounds.
    ///   - choicesMax: the most choices one replayed candidate may draw before it is rejected.
    ///   - failureOf: runs the property; returns the failure, or `nil` when the property holds.
    public init(
        generator: Gen<Value>,
        record: ChoiceRecord,
        value: Value,
        failure: Failure,
        budget: ShrinkBudget = ShrinkBudget(),
        choicesMax: Int = ChoiceSource.defaultChoicesMax,
        failureOf: @escaping (Value) -> Failure?
    ) {
        self.generator = generator
        self.failureOf = failureOf
        self.budget = budget
        self.choicesMax = choicesMax
        best = record
        bestValue = value
        bestFailure = failure
        tried.insert(record.choices)
    }

    /// Runs the passes until none makes progress or the budget runs out.
    public mutating func shrink() -> ShrinkOutcome<Value, Failure> {
        while stop == nil {
            let roundStart = best.choices
            deleteSpans()
            deleteRuns(lengths: [2, 1])
            zeroSpans()
            minimizeChoices()
            minimizeDuplicates()
            lowerPairsTogether()
            redistributePairs()
            reorderSiblings()
            replaceWithDescendants()
            if best.choices == roundStart, stop == nil {
                // Costlier structural passes, only when the cheap ones are stuck.
                deleteSpansLoweringCounts()
                deleteRuns(lengths: [8, 4, 3])
                if best.choices == roundStart, stop == nil { stop = .converged }
            }
        }
        return ShrinkOutcome(
            record: best, value: bestValue, failure: bestFailure,
            steps: steps, evaluations: evaluations, replays: replays, stop: stop ?? .converged
        )
    }

    // MARK: - Trying a candidate

    /// Whether the budget has stopped shrinking.
    var isStopped: Bool { stop != nil }

    /// Tries `candidate`; returns `true` and makes it the best when it fails and is smaller.
    @discardableResult
    mutating func consider(_ candidate: [UInt64]) -> Bool {
        if stop != nil { return false }
        if evaluations >= budget.evaluationsMax || replays >= budget.replaysMax {
            stop = .evaluationBudget
            return false
        }
        if budget.isExpired() {
            stop = .timeBudget
            return false
        }
        guard shortlexPrecedes(candidate, best.choices) || candidate.count > best.choices.count else { return false }
        guard tried.insert(candidate).inserted else { return false }
        replays += 1
        var source = ChoiceSource(replaying: candidate, recording: true, choicesMax: choicesMax)
        let value: Value
        do {
            value = try generator.run(&source)
        } catch {
            return false
        }
        let record = source.record
        guard shortlexPrecedes(record.choices, best.choices) else { return false }
        if record.choices != candidate {
            guard tried.insert(record.choices).inserted else { return false }
        }
        evaluations += 1
        guard let failure = failureOf(value) else { return false }
        best = record
        bestValue = value
        bestFailure = failure
        steps += 1
        _acceptedHistory?.append(record.choices)
        return true
    }

    /// Tries the best sequence with `replacement` written over `range`.
    @discardableResult
    mutating func consider(replacing range: Range<Int>, with replacement: [UInt64]) -> Bool {
        var candidate = best.choices
        candidate.replaceSubrange(range, with: replacement)
        return consider(candidate)
    }

    /// Tries the best sequence with choice `index` set to `value`.
    @discardableResult
    mutating func consider(setting index: Int, to value: UInt64) -> Bool {
        guard index < best.choices.count, best.choices[index] != value else { return false }
        var candidate = best.choices
        candidate[index] = value
        return consider(candidate)
    }
}
