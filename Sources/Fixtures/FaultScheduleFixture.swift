import Generators
import Simulator

/// Fault schedules as generated values, so a failing simulated property shrinks its schedule like any
/// other counterexample (issue 7: "a failing simulated property shrinks its fault schedule to a minimal
/// one").
///
/// `FaultOptions.swarm` draws options from a run's PRNG, which is fast but shrinks only as a seed. This
/// generator draws the same kinds of options from choices: every part shrinks toward calm (fixed 40 ms,
/// no loss, duplication or reordering, no partition, no offline period), partitions and offline periods
/// are list elements the shrinker deletes, and windows shrink toward the start of the run and toward
/// short lengths.
public enum FaultScheduleFixture {
    static let ms = FaultOptions.millisecond

    /// Fault schedules for `nodes` (at least two) over a run of `horizonNanoseconds`, every part shrinking toward calm.
    public static func generator(nodes: [NodeID], horizonNanoseconds: UInt64) -> Gen<FaultOptions> {
        precondition(nodes.count >= 2 && horizonNanoseconds > 0, "a fault schedule needs two nodes and a horizon")
        let horizonMilliseconds = horizonNanoseconds / ms
        let latency = Gen<LatencyDistribution>.frequency([
            (weight: 2, generator: Gen<UInt64>.integer(in: 40...400).map { .fixed(nanoseconds: $0 * ms) }),
            (weight: 2, generator: Gen<(UInt64, UInt64)>.zip(Gen<UInt64>.integer(in: 0...200), Gen<UInt64>.integer(in: 0...800)).map {
                .uniform(minimum: $0 * ms, maximum: ($0 + $1) * ms)
            }),
            (weight: 1, generator: Gen<(UInt64, UInt64)>.zip(Gen<UInt64>.integer(in: 5...200), Gen<UInt64>.integer(in: 11...30)).map {
                .longTailed(floor: 20 * ms, scale: $0 * ms, shapeTenths: $1, cap: 20_000 * ms)
            }),
        ])
        let probability = Gen<UInt64>.frequency([
            (weight: 2, generator: Gen<UInt64>.constant(0)),
            (weight: 1, generator: Gen<UInt64>.integer(in: 1...500_000)),
        ])
        let window = Gen<(UInt64, UInt64)>.zip(Gen<UInt64>.integer(in: 0...horizonMilliseconds), Gen<UInt64>.integer(in: 1...180_000)).map { start, length in
            TimeWindow(start: start * ms, end: min(horizonMilliseconds, start + length) * ms + 1)
        }
        let node = Gen<Int>.int(in: 0...(nodes.count - 1))
        let partition = Gen<(Int, Int, TimeWindow, Bool)>.zip(node, Gen<Int>.int(in: 1...(nodes.count - 1)), window, Gen<Bool>.bool).map { from, offset, window, oneWay in
            FaultOptions.Partition(from: nodes[from], to: nodes[(from + offset) % nodes.count], window: window, oneWay: oneWay)
        }
        let offline = Gen<(Int, TimeWindow)>.zip(node, window)
        let parts = Gen<(LatencyDistribution, UInt64, UInt64, UInt64, UInt64, [FaultOptions.Partition], [(Int, TimeWindow)])>.zip(
            latency, probability, probability, probability, Gen<UInt64>.integer(in: 0...2_000),
            Gen.array(of: partition, count: 0...3), Gen.array(of: offline, count: 0...2)
        )
        return parts.map { latency, loss, duplication, reorder, reorderDelay, partitions, offlinePeriods in
            var offline: [NodeID: [TimeWindow]] = [:]
            for (index, window) in offlinePeriods { offline[nodes[index], default: []].append(window) }
            return FaultOptions(
                frameLatency: latency, requestLatency: latency, lossPartsPerMillion: loss, duplicationPartsPerMillion: duplication,
                reorderPartsPerMillion: reorder, reorderDelayMaxNanoseconds: reorderDelay * ms, partitions: partitions, offline: offline,
                idleCloseNanoseconds: 100_000 * ms, httpTimeoutNanoseconds: 30_000 * ms
            )
        }
    }
}
