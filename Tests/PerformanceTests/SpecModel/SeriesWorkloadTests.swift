import SpecModel
import Testing
import Workloads

/// The series benchmarks' fixture does what the figures claim (seed 002, "Performance"): a library of
/// N series of seven books, every series found by detection, and 100 pending books that all link.
@Suite struct SeriesWorkloadTests {
    @Test(arguments: [50, 500])
    func theFixtureHoldsSevenBookSeriesAndItsPendingBooksAllLink(series: Int) throws {
        let fixture = SeriesWorkloads.makeFixture(series: series)
        #expect(fixture.app.series.count == series)
        let summaries = fixture.app.series.summaries(in: fixture.app.store)
        #expect(summaries.count == series)
        let detail = try #require(fixture.app.series.detail(of: fixture.largest, in: fixture.app.store))
        #expect(detail.rows.count == SeriesWorkloads.booksPerSeries)
        var library = fixture.app.series
        var linked = 0
        for (work, metadata) in fixture.pending {
            linked += library.detectSeries(for: work, metadata: metadata, in: fixture.app.store, at: Timestamp(epochMilliseconds: 1_767_571_300_000)).seriesIDs.count
        }
        #expect(linked == SeriesWorkloads.detectionsPerIteration)
        #expect(library.count == series + SeriesWorkloads.detectionsPerIteration / 2)
        #expect(Workloads.all.filter { $0.name.hasPrefix("series.") }.count == 6)
    }
}
