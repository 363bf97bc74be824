import BenchmarkHarness
import Testing

// Median and nearest-rank percentiles on inputs whose answers are known by hand.
@Suite struct SampleStatisticsTests {
    @Test func tenSamplesGiveTheMeanOfTheMiddleTwoAndTheNinthAsP90() {
        let statistics = SampleStatistics([10, 1, 9, 2, 8, 3, 7, 4, 6, 5])
        #expect(statistics.count == 10)
        #expect(statistics.min == 1)
        #expect(statistics.median == 5.5)
        #expect(statistics.p90 == 9)
        #expect(statistics.max == 10)
    }

    @Test func anOddCountHasItsMiddleSampleAsMedian() {
        let statistics = SampleStatistics([3, 1, 2])
        #expect(statistics.median == 2)
        #expect(statistics.p90 == 3)
    }

    @Test func aSingleSampleIsEveryStatistic() {
        let statistics = SampleStatistics([0.25])
        #expect(statistics == SampleStatistics([0.25]))
        #expect(statistics.count == 1)
        #expect(statistics.min == 0.25)
        #expect(statistics.median == 0.25)
        #expect(statistics.p90 == 0.25)
        #expect(statistics.max == 0.25)
    }

    @Test func twentySamplesHaveTheEighteenthAsP90() {
        let statistics = SampleStatistics((1...20).map(Double.init))
        #expect(statistics.p90 == 18)
        #expect(statistics.median == 10.5)
    }

    @Test(arguments: [(0, 1.0), (1, 1.0), (10, 1.0), (11, 2.0), (50, 5.0), (90, 9.0), (91, 10.0), (100, 10.0)])
    func nearestRankPercentileIsAlwaysASample(percent: Int, expected: Double) {
        let sorted = (1...10).map(Double.init)
        #expect(SampleStatistics.percentile(percent, ofSorted: sorted) == expected)
    }

    @Test func p90OfFewerThanTenSamplesIsTheLargest() {
        for count in 1...9 {
            let sorted = (1...count).map(Double.init)
            #expect(SampleStatistics.percentile(90, ofSorted: sorted) == Double(count))
        }
    }

    @Test func throughputIsTheMedianOfTheSamplesRates() {
        let result = TimedResult(
            unit: "items",
            warmupIterations: 0,
            samples: [Sample(seconds: 1, items: 100), Sample(seconds: 2, items: 100), Sample(seconds: 4, items: 100)],
            targetItemsPerSecond: 40
        )
        #expect(result.medianItemsPerSecond == 50)
        #expect(result.secondsPerIteration.median == 2)
        #expect(result.itemsPerIteration == 100)
        #expect(result.meetsTarget == true)
    }

    @Test func aZeroDurationGivesAFiniteRate() {
        #expect(Sample(seconds: 0, items: 5).itemsPerSecond == 5e9)
    }

    @Test func noTargetMeansNoVerdict() {
        let result = TimedResult(unit: "items", warmupIterations: 0, samples: [Sample(seconds: 1, items: 1)], targetItemsPerSecond: nil)
        #expect(result.meetsTarget == nil)
    }
}
