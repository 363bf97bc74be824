import Generators
import Simulator
import SpecTesting
import Testing

/// Links and the fault options: latency distributions, loss, duplication, reordering, partitions (one-way
/// too), offline periods, and swarm mode (issue 7, "Clocks and network").
@Suite struct NetworkTests {
    static let ms = FaultOptions.millisecond
    static let app = NodeID(1)
    static let backend = NodeID(2)

    @Test(arguments: [
        LatencyDistribution.fixed(nanoseconds: 40 * ms),
        .uniform(minimum: 10 * ms, maximum: 90 * ms),
        .longTailed(floor: 20 * ms, scale: 30 * ms, shapeTenths: 15, cap: 20_000 * ms),
    ])
    func latencyDrawsStayWithinTheirBoundsAndRepeatForASeed(_ latency: LatencyDistribution) {
        var first = Xoshiro256StarStar(seed: 7)
        var second = Xoshiro256StarStar(seed: 7)
        let draws = (0..<20_000).map { _ in latency.draw(&first) }
        #expect(draws == (0..<20_000).map { _ in latency.draw(&second) })
        #expect(draws.allSatisfy { $0 >= latency.minimum })
        switch latency {
        case let .uniform(minimum, maximum):
            #expect(draws.allSatisfy { $0 <= maximum })
            #expect(draws.min() == minimum || draws.min()! < minimum + Self.ms)
        case let .longTailed(floor, scale, _, cap):
            let sorted = draws.sorted()
            let median = sorted[sorted.count / 2]
            let p99 = sorted[sorted.count * 99 / 100]
            // Pareto with shape 1.5: median extra = scale × (2^(1/1.5) − 1) ≈ 0.587 × scale.
            #expect(median > floor + scale / 2 && median < floor + scale * 7 / 10, "median \(median)")
            #expect(p99 > 10 * median, "p99 \(p99) against median \(median): the tail is long")
            #expect(sorted.last! <= cap)
        default:
            #expect(Set(draws).count == 1)
        }
    }

    @Test func theDeterministicLogarithmAndExponentialAreAccurate() {
        // Known values: ln 2, ln 10, e, e^-1, 0.5^(-1/1.5).
        #expect(abs(DeterministicMathProbe.ln(2) - 0.693_147_180_559_945_3) < 1e-15)
        #expect(abs(DeterministicMathProbe.ln(10) - 2.302_585_092_994_046) < 1e-14)
        #expect(abs(DeterministicMathProbe.exp(1) - 2.718_281_828_459_045) < 1e-14)
        #expect(abs(DeterministicMathProbe.exp(-1) - 0.367_879_441_171_442_33) < 1e-15)
        #expect(abs(DeterministicMathProbe.pow(0.5, -1 / 1.5) - 1.587_401_051_968_199_4) < 1e-14)
    }

    /// Without reordering a link is FIFO, whatever the latency draws.
    @Test func withoutReorderingFramesArriveInTheOrderSent() {
        property(Gen<(UInt64, [UInt64])>.zip(Gen<UInt64>.integer(in: 0...UInt64(Int64.max)), Gen.array(of: Gen<UInt64>.integer(in: 0...500), count: 1...200)), cases: 100) { seed, gaps in
            var random = Xoshiro256StarStar(seed: seed)
            var link = Link(from: Self.app, to: Self.backend)
            var options = FaultOptions.calm
            options.frameLatency = .longTailed(floor: 5 * Self.ms, scale: 20 * Self.ms, shapeTenths: 12, cap: 5_000 * Self.ms)
            options.duplicationPartsPerMillion = 0
            var now: UInt64 = 0
            var arrivals: [UInt64] = []
            for gap in gaps {
                now += gap * Self.ms
                arrivals += link.send(at: now, options: options, latency: options.frameLatency, random: &random).arrivals
            }
            try require(zip(arrivals, arrivals.dropFirst()).allSatisfy { $0 <= $1 }, "frames overtook each other: \(arrivals)")
        }
    }

    @Test func lossDuplicationAndReorderingHappenAtTheirRates() {
        var random = Xoshiro256StarStar(seed: 11)
        var link = Link(from: Self.app, to: Self.backend)
        var options = FaultOptions.calm
        options.lossPartsPerMillion = 100_000
        options.duplicationPartsPerMillion = 50_000
        options.reorderPartsPerMillion = 200_000
        options.reorderDelayMaxNanoseconds = 500 * Self.ms
        var overtaken = 0
        var lastArrival: UInt64 = 0
        for index in 0..<100_000 as Range<UInt64> {
            let delivery = link.send(at: index * Self.ms, options: options, latency: options.frameLatency, random: &random)
            if let first = delivery.arrivals.first {
                if first < lastArrival { overtaken += 1 }
                lastArrival = max(lastArrival, first)
            }
        }
        #expect((9_000...11_000).contains(link.framesLost), "lost \(link.framesLost) of 100,000 at 10%")
        #expect((4_000...5_000).contains(link.framesDuplicated), "duplicated \(link.framesDuplicated) of 90,000 delivered at 5%")
        #expect((17_000...19_000).contains(link.framesReordered))
        #expect(overtaken > 1_000)
    }

    @Test func partitionsCutBothWaysOrOneWayAndOfflineNodesHearNothing() {
        var options = FaultOptions.calm
        options.partitions = [
            .init(from: Self.app, to: Self.backend, window: TimeWindow(start: 10 * Self.ms, end: 20 * Self.ms)),
            .init(from: Self.backend, to: Self.app, window: TimeWindow(start: 30 * Self.ms, end: 40 * Self.ms), oneWay: true),
        ]
        options.offline = [NodeID(3): [TimeWindow(start: 0, end: 5 * Self.ms)]]
        #expect(options.isCut(from: Self.app, to: Self.backend, at: 10 * Self.ms))
        #expect(options.isCut(from: Self.backend, to: Self.app, at: 19 * Self.ms))
        #expect(!options.isCut(from: Self.app, to: Self.backend, at: 20 * Self.ms))
        #expect(options.isCut(from: Self.backend, to: Self.app, at: 35 * Self.ms))
        #expect(!options.isCut(from: Self.app, to: Self.backend, at: 35 * Self.ms))
        #expect(options.isCut(from: NodeID(3), to: Self.backend, at: 4 * Self.ms))
        #expect(options.isCut(from: Self.backend, to: NodeID(3), at: 4 * Self.ms))
        #expect(!options.isCut(from: Self.backend, to: NodeID(3), at: 5 * Self.ms))
        // A frame that would land while its receiver is offline is lost.
        options.offline = [Self.backend: [TimeWindow(start: 30 * Self.ms, end: 60 * Self.ms)]]
        var random = Xoshiro256StarStar(seed: 1)
        var link = Link(from: Self.app, to: Self.backend)
        #expect(link.send(at: 0, options: options, latency: .fixed(nanoseconds: 40 * Self.ms), random: &random).lost)
        #expect(!link.send(at: 25 * Self.ms, options: options, latency: .fixed(nanoseconds: 40 * Self.ms), random: &random).lost)
    }

    /// Swarm mode draws the options from the seed: the same seed gives the same options, and a sweep
    /// covers calm, lossy, long-tailed, partitioned and offline runs.
    @Test func swarmModeDrawsVariedOptionsFromTheSeed() {
        let nodes = [Self.app, Self.backend, NodeID(3)]
        var lossy = 0, longTailed = 0, partitioned = 0, oneWay = 0, offline = 0, calm = 0
        for seed in 0..<300 as Range<UInt64> {
            var first = Xoshiro256StarStar(seed: seed)
            var second = Xoshiro256StarStar(seed: seed)
            let options = FaultOptions.swarm(&first, nodes: nodes, horizonNanoseconds: 900_000 * Self.ms)
            #expect(options == FaultOptions.swarm(&second, nodes: nodes, horizonNanoseconds: 900_000 * Self.ms))
            if options.lossPartsPerMillion > 0 { lossy += 1 }
            if case .longTailed = options.frameLatency { longTailed += 1 }
            if !options.partitions.isEmpty { partitioned += 1 }
            if options.partitions.contains(where: \.oneWay) { oneWay += 1 }
            if !options.offline.isEmpty { offline += 1 }
            if options.lossPartsPerMillion == 0 && options.partitions.isEmpty && options.offline.isEmpty { calm += 1 }
            #expect(options.partitions.allSatisfy { $0.from != $0.to && $0.window.end <= 900_000 * Self.ms })
        }
        #expect(lossy > 100 && longTailed > 60 && partitioned > 100 && oneWay > 20 && offline > 100 && calm > 10, "lossy \(lossy) long-tailed \(longTailed) partitioned \(partitioned) one-way \(oneWay) offline \(offline) calm \(calm)")
    }
}
