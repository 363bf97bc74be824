/// Consumes a value so that the optimiser must compute it, and so must keep the work that produced it.
///
/// A timed workload whose result is never observed can be deleted whole by the optimiser, leaving
/// benchrunner to time an empty loop. Pass the fold of the work here (a checksum, a count, the last
/// value) and return the item count as usual.
///
/// The function lives in the same module as the workloads that call it, so `@inline(never)` alone is
/// not enough: whole-module optimisation could still see the empty body, specialise the call away and
/// then delete the work as dead. `@_optimize(none)` keeps the body opaque to that analysis: with
/// `@inline(never)` alone, a release build deleted the loop of `generators.prng.next` and benchrunner
/// timed 30 ns per million words. One call costs a few nanoseconds, so call it once per iteration,
/// not once per item.
@inline(never)
@_optimize(none)
package func blackHole<T>(_ value: T) {}

/// Returns its argument unchanged, through a call the optimiser cannot see into.
///
/// Use it to hide a constant input (a seed, a size) from constant folding, so that the work depending
/// on it is done at run time rather than precomputed at compile time.
@inline(never)
@_optimize(none)
package func identity<T>(_ value: T) -> T { value }

/// Holds what a timed iteration built until benchrunner has stopped its clock.
///
/// Values made inside the timed closure are freed when it returns, before the clock stops, so their
/// teardown is timed with the work. Where the result outlives the operation in the app (the library an
/// import fills stays in the app), make a keeper in the untimed preparation, capture it, and `keep`
/// the result: it is freed with the closure, after the measurement.
package final class AfterTiming<Value>: @unchecked Sendable {
    private var kept: Value?

    /// An empty keeper, for the timed part to `keep` its result in.
    package init() {}

    /// Keeps `value` until the keeper is freed.
    package func keep(_ value: Value) { kept = value }

    /// A keeper holding a value prepared before the clock starts, for the timed part to `take`.
    package init(keeping value: Value) { kept = value }

    /// Takes the value out, leaving the keeper empty: the timed part then owns the only reference and
    /// changes the value in place, where a copy captured by the closure would be copied on its first write.
    package func take() -> Value {
        guard let value = kept else { preconditionFailure("AfterTiming.take(): nothing is kept (taken twice?)") }
        kept = nil
        return value
    }
}
