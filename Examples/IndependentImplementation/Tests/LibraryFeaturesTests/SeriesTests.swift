import LibraryFeatures
import Testing

/// Seed 002, Series Tracking.
@Suite struct SeriesTests {
    // MARK: Detection

    @Test func parsesOpenLibrarysNameAndNumber() {
        let detection = SeriesParser.parse(title: "Foundation", enrichment: EnrichmentSeriesInfo(openLibrary: ["Foundation #1"]))
        #expect(detection.series == [DetectedSeriesLink(name: "Foundation", googleBooksSeriesIDs: [], position: SeriesPosition(1), totalBooks: nil)])
        #expect(detection.warnings.isEmpty)
    }

    @Test func withoutAHashTheEntryIsSkippedWithAWarning() {
        let detection = SeriesParser.parse(title: "Foundation", enrichment: EnrichmentSeriesInfo(openLibrary: ["Foundation Book 1"]))
        #expect(detection.series.isEmpty)
        #expect(detection.warnings == [.unparseable(.openLibrary)])
    }

    @Test func noMetadataNoSeries() {
        let detection = SeriesParser.parse(title: "The Hobbit", enrichment: EnrichmentSeriesInfo())
        #expect(detection == SeriesDetection())
    }

    @Test func googleBooksWinsAndOpenLibraryNamesAnUnnamedSeries() {
        let info = EnrichmentSeriesInfo(
            googleBooks: [GoogleVolumeSeries(seriesId: "HvfeEAAAQBAJ", orderNumber: 2, totalBooks: 3)],
            openLibrary: ["The Lord of the Rings #2"]
        )
        let detection = SeriesParser.parse(title: "The Two Towers", enrichment: info)
        #expect(detection.series == [DetectedSeriesLink(name: "The Lord of the Rings", googleBooksSeriesIDs: ["HvfeEAAAQBAJ"], position: SeriesPosition(2), totalBooks: 3)])
    }

    @Test func readsTheGoodreadsMarker() {
        let detection = SeriesParser.parse(title: "Golden Son (Red Rising Saga, #2)", enrichment: EnrichmentSeriesInfo())
        #expect(detection.series.map(\.name) == ["Red Rising Saga"])
        #expect(detection.series.map(\.position) == [SeriesPosition(2)])
    }

    @Test func positions() {
        #expect(SeriesPosition.parse("0.5") == SeriesPosition(thousandths: 500))
        #expect(SeriesPosition.parse("1-3") == SeriesPosition(omnibus: 1...3))
        #expect(SeriesPosition.parse("x") == nil)
        #expect(SeriesPosition(omnibus: 1...3).countedNumbers == 1...3)
        #expect(SeriesPosition(thousandths: 1500).countedNumbers == nil)
    }

    // MARK: Progress

    func foundation(owned: Set<Int>, read: Set<Int> = [], total: Int? = 7) -> BookSeries {
        BookSeries(name: "Foundation", totalBooks: total, author: "Isaac Asimov", books: owned.sorted().map {
            SeriesBook(position: SeriesPosition($0), title: "Book \($0)", owned: true, read: read.contains($0))
        })
    }

    @Test func fourOfSevenIs57Percent() {
        let summary = SeriesProgressCalculator(foundation(owned: [1, 2, 3, 4])).summary
        #expect(summary.ownedCount == 4)
        #expect(summary.percentComplete == 57)
        #expect(summary.progressText == "4/7 books")
        #expect(summary.percentText == "57% complete")
        #expect(summary.accessibilityLabel == "4 of 7 books complete")
        #expect(summary.badge == nil)
    }

    @Test func gapsOfferAddMissingBooks() {
        let summary = SeriesProgressCalculator(foundation(owned: [1, 3, 5], total: 5)).summary
        #expect(summary.missingNumbers == [2, 4])
        #expect(summary.gapsText == "books 2 and 4 missing")
        #expect(summary.showsAddMissingBooks)
    }

    @Test func completedBadge() {
        let summary = SeriesProgressCalculator(foundation(owned: [1, 2, 3], read: [1, 2, 3], total: 3)).summary
        #expect(summary.badge == "Completed! 🎉")
    }

    // MARK: Next in series

    @Test func afterBookOneSuggestBookTwo() {
        let series = BookSeries(name: "Red Rising", totalBooks: 6, author: "Pierce Brown", books: [
            SeriesBook(position: SeriesPosition(1), title: "Red Rising", owned: true, read: true),
            SeriesBook(position: SeriesPosition(2), title: "Golden Son (Red Rising Saga, #2)", owned: false),
        ])
        let suggestion = SeriesRecommender(series: series).afterFinishing(0, reduceMotion: false)
        #expect(suggestion?.next == .add(number: 2, bookIndex: 1))
        #expect(suggestion?.prompt == "Add 'Golden Son (Book 2)' to your library?")
    }

    @Test func nextOwnedBookIsContinued() {
        let suggestion = SeriesRecommender(series: foundation(owned: [1, 2], read: [1])).afterFinishing(0, reduceMotion: false)
        #expect(suggestion?.next == .continueWith(bookIndex: 1, number: 2))
        #expect(suggestion?.prompt == "Continue with Book 2?")
    }

    @Test func theEarliestMissingBookComesFirst() {
        let suggestion = SeriesRecommender(series: foundation(owned: [1, 4], read: [1])).afterFinishing(0, reduceMotion: false)
        #expect(suggestion?.next == .add(number: 2, bookIndex: nil))
        #expect(suggestion?.prompt == "Add Book 2?")
    }

    @Test func finishingTheSeriesCelebratesAndSuggestsTheAuthorsOtherSeries() {
        let done = foundation(owned: [1, 2], read: [1, 2], total: 2)
        let robots = BookSeries(name: "Robot", totalBooks: 4, author: "Isaac Asimov", books: [])
        let suggestion = SeriesRecommender(series: done, others: [robots]).afterFinishing(1, reduceMotion: true)
        #expect(suggestion?.next == .relatedSeries(["Robot"]))
        #expect(suggestion?.prompt == "More series by Isaac Asimov: Robot")
        #expect(suggestion?.celebration == "You finished Foundation! 🎉")
        #expect(suggestion?.confetti == false)
    }
}
