import Generators
import SpecModel

/// Generated progress-report streams for the throttle properties, and fixed streams for benchmarks.
///
/// The generator mixes what a job's reports look like under load (Seed: 003_…, Task 2, and issue 5):
/// bursts (gaps of 0 ms), steady reports, long silences (keep-alive), counts out of order (items run
/// concurrently and report as they end), jumps to the next quarter (milestones, also in bursts), and a
/// finish at any moment, sometimes followed by late reports. Everything shrinks toward "total 0, a few
/// reports of 0 at the same instant": each step is a span, so the shrinker deletes steps, and gaps and
/// counts shrink toward 0.
public enum ProgressStreamFixture {
    /// One generated step before folding into absolute counts.
    public enum Step: Hashable, Sendable {
        /// The job's true count moves forward by `by` (0 repeats the count) and it reports it.
        case advance(by: Int)
        /// The true count moves to the first count of the next quarter, and it reports it.
        case nextQuarter
        /// A late report, `by` below the true count (the true count does not change).
        case late(by: Int)
        /// The true count jumps to `to` (clamped to the total) if that is higher, and it reports it.
        case jump(to: Int)
        /// The job finishes (only the first finish counts).
        case finish
    }

    /// Streams of up to `stepsMax` events over jobs of up to `totalMax` items.
    public static func generator(stepsMax: Int = 150, totalMax: Int = 2_000) -> Gen<ProgressUpdateStream> {
        let gap = Gen<Int64>.frequency([
            (weight: 4, generator: Gen<Int64>.constant(0)),
            (weight: 4, generator: Gen<Int64>.integer(in: 1...120)),
            (weight: 3, generator: Gen<Int64>.integer(in: 121...1_200)),
            (weight: 1, generator: Gen<Int64>.integer(in: 1_201...15_000)),
        ])
        let step = Gen<Step>.frequency([
            (weight: 10, generator: Gen<Int>.int(in: 0...5).map { Step.advance(by: $0) }),
            (weight: 2, generator: Gen<Step>.constant(.nextQuarter)),
            (weight: 2, generator: Gen<Int>.int(in: 1...30).map { Step.late(by: $0) }),
            (weight: 1, generator: Gen<Int>.int(in: 0...totalMax).map { Step.jump(to: $0) }),
            (weight: 1, generator: Gen<Step>.constant(.finish)),
        ])
        let steps = Gen.array(of: Gen<(Int64, Step)>.zip(gap, step), count: 0...stepsMax)
        return Gen<(Int, [(Int64, Step)])>.zip(Gen<Int>.int(in: 0...totalMax), steps).map { total, steps in
            stream(totalCount: total, steps: steps)
        }
    }

    /// Folds steps into a stream of absolute counts.
    public static func stream(totalCount: Int, steps: [(Int64, Step)]) -> ProgressUpdateStream {
        var trueCount = 0
        var finished = false
        var events: [ProgressUpdateStream.Event] = []
        for (gap, step) in steps {
            let kind: ProgressUpdateStream.Kind
            switch step {
            case let .advance(by):
                trueCount = min(totalCount, trueCount + by)
                kind = .report(processedCount: trueCount)
            case .nextQuarter:
                trueCount = nextQuarterCount(after: trueCount, of: totalCount)
                kind = .report(processedCount: trueCount)
            case let .late(by):
                kind = .report(processedCount: max(0, trueCount - by))
            case let .jump(to):
                trueCount = max(trueCount, min(totalCount, to))
                kind = .report(processedCount: trueCount)
            case .finish:
                guard !finished else { continue }
                finished = true
                kind = .finish
            }
            events.append(ProgressUpdateStream.Event(gapMilliseconds: gap, kind: kind))
        }
        return ProgressUpdateStream(totalCount: totalCount, events: events)
    }

    /// The smallest count past `count` whose quarter is higher, or the total.
    static func nextQuarterCount(after count: Int, of total: Int) -> Int {
        let quarter = ProgressUpdate.quarter(count, of: total)
        guard quarter < 4 else { return total }
        // The first count c with 4c ≥ (quarter + 1) × total.
        let target = (quarter + 1) * total
        return min(total, (target + 3) / 4)
    }

    /// A job of `items` items reporting each one `spacingMilliseconds` apart, then finishing: the seed's
    /// "1000 updates" test at any size, and the throttle benchmark's input.
    public static func steady(items: Int, spacingMilliseconds: Int64) -> ProgressUpdateStream {
        var events = (0..<items).map { index in
            ProgressUpdateStream.Event(gapMilliseconds: spacingMilliseconds, kind: .report(processedCount: index + 1))
        }
        events.append(.init(gapMilliseconds: spacingMilliseconds, kind: .finish))
        return ProgressUpdateStream(totalCount: items, events: events)
    }
}
