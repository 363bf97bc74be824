import Generators
import SpecModel

/// Series tracking against the seed's performance targets, on libraries of 50 and 5,000 series.
///
/// Seed: 002_…, "Performance": "Series detection: <100ms per book", "Series list load: <300ms for 50
/// series", "Series detail: <200ms". The targets below are the seed's, as throughputs: 10 detections, 3.3
/// lists and 5 details a second; the figures land far under them. Each library holds `series` series of
/// seven books (works in the store, every third read), detected from Google Books, OpenLibrary and
/// Goodreads title markers in turn; the detection benchmark detects 100 new books (new series and later
/// books of existing ones) into a copy prepared outside the timed part.
package enum SeriesWorkloads {
    /// The library sizes measured, in series: the seed's 50, and 100 times that.
    package static let seriesCounts = [50, 5_000]
    /// Books in each series of a fixture library.
    package static let booksPerSeries = 7
    /// Books the detection benchmark detects per iteration: book 8 of 50 existing series and book 1 of 50 new ones.
    package static let detectionsPerIteration = 100

    /// Every series workload: detection, list and detail for each library size.
    package static var all: [Workload] {
        seriesCounts.flatMap { [detection(series: $0), list(series: $0), detail(series: $0)] }
    }

    /// A library of `series` series of seven books, and the metadata of 100 books still to detect.
    package struct Fixture: Sendable {
        /// The library, its works saved and its series detected.
        package let app: AppState
        /// The works still to detect, with their metadata: `detectionsPerIteration` of them.
        package let pending: [(PersistentIdentifier, SeriesMetadata)]
        /// The series the detail benchmark opens: the last one created.
        package let largest: SeriesID
    }

    static let fixture50 = makeFixture(series: 50)
    static let fixture5000 = makeFixture(series: 5_000)

    /// The fixture of `series` series; those of 50 and 5,000 are built at first use and then shared.
    package static func fixture(series: Int) -> Fixture {
        switch series {
        case 50: return fixture50
        case 5_000: return fixture5000
        default: return makeFixture(series: series)
        }
    }

    static let start = Timestamp(epochMilliseconds: 1_767_571_200_000)

    /// The metadata for book `number` of series `index`, from one of the three sources in turn.
    static func metadata(series index: Int, number: Int) -> SeriesMetadata {
        switch (index + number) % 3 {
        case 0: return SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "gb-\(index)", orderNumber: number, seriesName: "Saga \(index)", totalBooks: booksPerSeries)])
        case 1: return SeriesMetadata(openLibrary: ["Saga \(index) #\(number)"])
        default: return SeriesMetadata()
        }
    }

    static func title(series index: Int, number: Int) -> String {
        "Volume \(number) of Saga \(index) (Saga \(index), #\(number))"
    }

    /// Builds a fresh fixture of `count` series, detecting every book as the app would.
    package static func makeFixture(series count: Int) -> Fixture {
        var app = AppState()
        var now = start
        func addWork(_ title: String, read: Bool) -> PersistentIdentifier {
            let work = app.store.insertWork(WorkDraft(title: title))
            do {
                try app.store.insertEntry(EntryDraft(readingStatus: read ? .read : .toRead), for: work)
            } catch {
                preconditionFailure("the series fixture could not add an entry: \(error)")
            }
            return work
        }
        for index in 0..<count {
            for number in 1...booksPerSeries {
                let work = addWork(title(series: index, number: number), read: (index + number) % 3 == 0)
                now = now.adding(milliseconds: 1)
                _ = app.series.detectSeries(for: work, metadata: metadata(series: index, number: number), in: app.store, at: now)
            }
        }
        // 100 books to detect: book 8 of the first 50 series (past the total: raises it) and book 1 of 50 new series.
        var pending: [(PersistentIdentifier, SeriesMetadata)] = []
        for index in 0..<(detectionsPerIteration / 2) {
            let extra = addWork(title(series: index % count, number: booksPerSeries + 1), read: false)
            pending.append((extra, metadata(series: index % count, number: booksPerSeries + 1)))
            let fresh = addWork(title(series: count + index, number: 1), read: false)
            pending.append((fresh, metadata(series: count + index, number: 1)))
        }
        do {
            try app.store.save()
        } catch {
            preconditionFailure("the series fixture could not save: \(error)")
        }
        precondition(app.series.count == count, "the fixture detected \(app.series.count) series, expected \(count)")
        return Fixture(app: app, pending: pending, largest: app.series.seriesIDs.last!)
    }

    /// `detectSeries` for 100 books into a library of `series` series (seed target: under 100 ms per book).
    package static func detection(series: Int) -> Workload {
        .timed(TimedWorkload(
            name: "series.detect.\(series)",
            summary: "detectSeries for 100 books (Google Books, OpenLibrary or title marker) into a library of \(series) series",
            unit: "books",
            releaseTargetPerSecond: 10,
            makeIteration: {
                let fixture = Self.fixture(series: series)
                var library = fixture.app.series
                // Copy the library's storage now, untimed, rather than at the first detection.
                _ = library.createSeries(named: "Warm-up \(series)", at: start)
                let prepared = Handover(library)
                return {
                    var library = prepared.take()
                    var linked = 0
                    for (index, (work, metadata)) in fixture.pending.enumerated() {
                        let detection = library.detectSeries(for: work, metadata: metadata, in: fixture.app.store, at: start.adding(milliseconds: Int64(index)))
                        linked += detection.seriesIDs.count
                    }
                    precondition(linked == fixture.pending.count, "detected \(linked) of \(fixture.pending.count) books")
                    blackHole(library.count)
                    return fixture.pending.count
                }
            }
        ))
    }

    /// The series list of `series` series, with progress, sorted (seed target: under 300 ms for 50 series).
    package static func list(series: Int) -> Workload {
        .timed(TimedWorkload(
            name: "series.list.\(series)",
            summary: "the series list (summaries with progress, sorted alphabetically) of \(series) series",
            unit: "lists",
            releaseTargetPerSecond: 1_000.0 / 300,
            makeIteration: {
                let fixture = Self.fixture(series: series)
                return {
                    let summaries = fixture.app.series.summaries(in: fixture.app.store)
                    precondition(summaries.count == series, "the list has \(summaries.count) of \(series) series")
                    blackHole(summaries.count)
                    return 1
                }
            }
        ))
    }

    /// One series' detail in a library of `series` series (seed target: under 200 ms).
    package static func detail(series: Int) -> Workload {
        .timed(TimedWorkload(
            name: "series.detail.\(series)",
            summary: "one series' detail (books in order, owned and read, gaps, progress) in a library of \(series) series",
            unit: "details",
            releaseTargetPerSecond: 1_000.0 / 200,
            makeIteration: {
                let fixture = Self.fixture(series: series)
                return {
                    guard let detail = fixture.app.series.detail(of: fixture.largest, in: fixture.app.store) else {
                        preconditionFailure("the detail of \(fixture.largest) is missing")
                    }
                    blackHole(detail.rows.count)
                    return 1
                }
            }
        ))
    }
}
