import SpecModel
import Testing

/// "Next in Series": the next unread book, the lowest missing one first, the celebration and related
/// series (seed 002_…, User Story 5 and "SeriesRecommender"; Decision D-104).
@Suite struct NextInSeriesTests {
    /// A series of `total` books by Pierce Brown; `states[n]` is book n's status (nil: no work).
    static func redRising(total: Int, _ states: [Int: ReadingStatus]) throws -> (SeriesWorld, SeriesID, [Int: PersistentIdentifier]) {
        var world = SeriesWorld()
        let id = try world.create("Red Rising", total: total, author: "Pierce Brown")
        let titles = [1: "Red Rising", 2: "Golden Son", 3: "Morning Star", 4: "Iron Gold", 5: "Dark Age", 6: "Light Bringer"]
        var works: [Int: PersistentIdentifier] = [:]
        for number in states.keys.sorted() {
            let work = try world.addBook(titles[number] ?? "Book \(number)", by: "Pierce Brown", status: states[number])
            try world.assign(work, to: id, at: SeriesPlace(number))
            works[number] = work
        }
        return (world, id, works)
    }

    static func finish(_ number: Int, _ world: inout SeriesWorld, _ works: [Int: PersistentIdentifier]) throws -> [SeriesRecommendation] {
        let work = try #require(works[number])
        try world.mark(work, .read)
        return world.library.recommendations(afterFinishing: work, in: world.store)
    }

    /// Seed: "Given I finish 'Red Rising (Book 1),' when I mark it 'Read,' I see prompt: 'Add 'Golden
    /// Son (Book 2)' to your library?'"
    @Test func finishingBookOneSuggestsAddingTheWishlistedBookTwoByTitle() throws {
        let (initial, id, works) = try Self.redRising(total: 6, [1: .reading, 2: .wishlist])
        var world = initial
        let recommendations = try Self.finish(1, &world, works)
        #expect(recommendations == [SeriesRecommendation(
            seriesID: id, next: .add(number: 2, work: works[2], title: "Golden Son"),
            prompt: "Add 'Golden Son (Book 2)' to your library?", celebration: nil
        )])
    }

    /// The seed's flow: "Prompt: 'Add Book 5?'" when no work of that book is known.
    @Test func aMissingBookWithNoWorkIsSuggestedByNumber() throws {
        let (initial, _, works) = try Self.redRising(total: 6, [1: .read, 2: .read, 3: .read, 4: .reading])
        var world = initial
        let recommendation = try #require(try Self.finish(4, &world, works).first)
        #expect(recommendation.next == .add(number: 5, work: nil, title: nil))
        #expect(recommendation.prompt == "Add Book 5?")
    }

    /// Seed: "Given the next book is already owned, when I finish book N, system prompts 'Continue with
    /// Book N+1?'"
    @Test func whenTheNextBookIsOwnedThePromptIsContinue() throws {
        let (initial, _, works) = try Self.redRising(total: 6, [1: .reading, 2: .toRead])
        var world = initial
        let recommendation = try #require(try Self.finish(1, &world, works).first)
        let second = try #require(works[2])
        #expect(recommendation.next == .continueWith(work: second, number: 2))
        #expect(recommendation.prompt == "Continue with Book 2?")
    }

    /// Seed: "Given I'm missing multiple books (e.g., finished Book 1, missing Books 2-3, own Book 4),
    /// system prioritizes Book 2 recommendation".
    @Test func theLowestMissingBookComesBeforeAnOwnedLaterBook() throws {
        let (initial, _, works) = try Self.redRising(total: 6, [1: .reading, 4: .toRead])
        var world = initial
        let recommendation = try #require(try Self.finish(1, &world, works).first)
        #expect(recommendation.next == .add(number: 2, work: nil, title: nil))
    }

    /// A book skipped earlier is suggested once nothing after the finished book is unread.
    @Test func afterTheLastUnreadBookASkippedEarlierBookIsSuggested() throws {
        let (initial, _, works) = try Self.redRising(total: 3, [1: .read, 2: .toRead, 3: .reading])
        var world = initial
        let recommendation = try #require(try Self.finish(3, &world, works).first)
        let second = try #require(works[2])
        #expect(recommendation.next == .continueWith(work: second, number: 2))
        #expect(recommendation.celebration == nil)
    }

    /// Seed: "Given I finish the last book in a series, system suggests related series by same author",
    /// with "You finished Foundation! 🎉" and no confetti under reduced motion.
    @Test func finishingTheLastBookCelebratesAndSuggestsUnfinishedSeriesBySameAuthor() throws {
        let (initial, id, works) = try Self.redRising(total: 2, [1: .read, 2: .reading])
        var world = initial
        let lightbringer = try world.create("Red Rising Saga Extras", author: "pierce  brown")
        let stolen = try world.create("Iron Gold Cycle", author: "Pierce Brown")
        let finished = try world.create("Sons of Ares", total: 1, author: "Pierce Brown")
        let other = try world.create("Dune", author: "Frank Herbert")
        let comic = try world.addBook("Sons of Ares 1", status: .read)
        try world.assign(comic, to: finished)
        let work = try #require(works[2])
        try world.mark(work, .read)
        let recommendation = try #require(world.library.recommendations(afterFinishing: work, in: world.store, reduceMotion: true).first)
        #expect(recommendation.seriesID == id)
        #expect(recommendation.next == .relatedSeries([stolen, lightbringer]))
        #expect(recommendation.prompt == "More series by Pierce Brown: Iron Gold Cycle, Red Rising Saga Extras")
        #expect(recommendation.celebration == SeriesCelebration(text: "You finished Red Rising! 🎉", confetti: false))
        #expect(world.library.recommendations(afterFinishing: work, in: world.store).first?.celebration?.confetti == true)
        #expect(world.library.series(other) != nil)
    }

    @Test func aBookInTwoSeriesGetsARecommendationInEach() throws {
        var world = SeriesWorld()
        let middleEarth = try world.create("Middle-earth", total: 4)
        let standalone = try world.create("Standalone", total: 1)
        let hobbit = try world.addBook("The Hobbit")
        try world.assign(hobbit, to: middleEarth)
        try world.assign(hobbit, to: standalone)
        try world.mark(hobbit, .read)
        let recommendations = world.library.recommendations(afterFinishing: hobbit, in: world.store)
        #expect(recommendations.map(\.seriesID) == [middleEarth, standalone])
        #expect(recommendations.map(\.prompt) == ["Add Book 2?", nil])
        #expect(recommendations[1].next == .relatedSeries([]))
        #expect(recommendations[1].celebration?.text == "You finished Standalone! 🎉")
    }

    @Test func finishingAnOmnibusOrANovellaCountsFromWhereItEnds() throws {
        var world = SeriesWorld()
        let id = try world.create("The Lord of the Rings", total: 4)
        let omnibus = try world.addBook("The Lord of the Rings")
        let fourth = try world.addBook("Appendices")
        try world.assign(omnibus, to: id, at: SeriesPlace(omnibus: 1...3))
        try world.assign(fourth, to: id, at: SeriesPlace(4))
        try world.mark(omnibus, .read)
        #expect(world.library.recommendations(afterFinishing: omnibus, in: world.store).first?.next == .continueWith(work: fourth, number: 4))
        // A series with nothing counted has nothing to suggest.
        let saga = try world.create("Novellas")
        let novella = try world.addBook("Novella")
        try world.assign(novella, to: saga, at: SeriesPlace(thousandths: 500))
        try world.mark(novella, .read)
        #expect(world.library.recommendation(in: saga, afterReaching: 0, in: world.store) == nil)
    }
}
