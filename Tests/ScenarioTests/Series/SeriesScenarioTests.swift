import SpecModel
import Testing

/// Every acceptance criterion, edge case and integration test of the Series Tracking PRD (seed 002_…),
/// end to end through the store: books are imported and saved as the app saves them, enrichment's
/// series metadata is detected, statuses change in the store, and the series views, prompts and edits
/// are read back. CloudKit sync between devices needs the simulator's devices (issue 7); wall-clock
/// targets belong to benchrunner. Each scenario ends with a quiescence check: nothing unsaved, the
/// store's invariants intact, and the series library's invariants intact against the store.
@Suite struct SeriesScenarioTests {
    /// 2026-01-05T09:00:00Z.
    static let start = Timestamp(epochMilliseconds: 1_767_603_600_000)

    /// The app, the backend and the series library, on one clock.
    struct World {
        var app = AppState()
        var backend = BackendJobRegistry()
        /// The app's series library.
        var series: SeriesLibrary {
            get { app.series }
            set { app.series = newValue }
        }
        var now = SeriesScenarioTests.start
        var authors: [String: PersistentIdentifier] = [:]

        mutating func tick() -> Timestamp {
            now = now.adding(milliseconds: 60_000)
            return now
        }

        /// Adds a book as an import does: the work with its original title, its author (shared by
        /// name), an edition and a library entry, saved.
        @discardableResult
        mutating func add(_ title: String, by author: String, status: ReadingStatus = .toRead, cover: String? = nil) throws -> PersistentIdentifier {
            let work = app.store.insertWork(WorkDraft(title: title, coverURL: cover))
            let authorID = authors[author] ?? app.store.insertAuthor(AuthorDraft(name: author))
            authors[author] = authorID
            try app.store.link(author: authorID, to: work)
            let edition = try app.store.insertEdition(EditionDraft(), of: work)
            try app.store.insertEntry(EntryDraft(readingStatus: status, dateAdded: now), for: work, edition: edition)
            try app.store.save()
            return work
        }

        /// Enrichment answered for the work: detect its series.
        mutating func enrich(_ work: PersistentIdentifier, _ metadata: SeriesMetadata = .none) -> SeriesDetection {
            series.detectSeries(for: work, metadata: metadata, in: app.store, at: tick())
        }

        /// Marks the book read in the store, then asks what to suggest.
        mutating func finish(_ work: PersistentIdentifier, reduceMotion: Bool = false) throws -> [SeriesRecommendation] {
            try setStatus(work, .read)
            return series.recommendations(afterFinishing: work, in: app.store, reduceMotion: reduceMotion)
        }

        mutating func setStatus(_ work: PersistentIdentifier, _ status: ReadingStatus) throws {
            let entries = try #require(app.store.work(work)).entryIDs
            for entry in entries {
                try app.store.updateEntry(entry) { $0.readingStatus = status; $0.dateCompleted = status == .read ? now : nil }
            }
            try app.store.save()
        }

        func progress(_ id: SeriesID) throws -> SeriesProgress {
            SeriesProgress(of: try #require(series.series(id)), in: app.store)
        }

        /// Nothing unsaved; the store and the series library consistent with each other.
        func checkQuiescent() throws {
            #expect(!app.store.hasChanges)
            try app.store._checkInvariants()
            try series._checkInvariants(against: app.store)
        }
    }

    static let harryPotter = [
        "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)",
        "Harry Potter and the Chamber of Secrets (Harry Potter, #2)",
        "Harry Potter and the Prisoner of Azkaban (Harry Potter, #3)",
        "Harry Potter and the Goblet of Fire (Harry Potter, #4)",
        "Harry Potter and the Order of the Phoenix (Harry Potter, #5)",
        "Harry Potter and the Half-Blood Prince (Harry Potter, #6)",
        "Harry Potter and the Deathly Hallows (Harry Potter, #7)",
    ]
    static let harryPotterGoogleID = "Zm9ZR_HP"

    /// What enrichment returns for Harry Potter book `number`: Google Books with the lookup for book
    /// 1, Google Books' ID alone for 2 and 3, OpenLibrary alone for 4 and 5, nothing for 6 and 7
    /// (their Goodreads markers place them).
    static func harryPotterMetadata(_ number: Int) -> SeriesMetadata {
        switch number {
        case 1:
            return SeriesMetadata(
                googleBooks: [GoogleBooksVolumeSeries(seriesID: harryPotterGoogleID, orderNumber: 1, seriesName: "Harry Potter", totalBooks: 7)],
                openLibrary: ["Harry Potter #1"]
            )
        case 2, 3: return SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: harryPotterGoogleID, orderNumber: number)])
        case 4, 5: return SeriesMetadata(openLibrary: ["Harry Potter #\(number)"])
        default: return .none
        }
    }

    /// Seed: User Story 1, "Given I add 'Harry Potter and the Sorcerer's Stone,' when metadata is
    /// enriched, the book is auto-assigned to 'Harry Potter (7 books)' series"; Integration: "Add
    /// Harry Potter Book 1 → Series auto-created → Add Books 2-7 → Series shows 7/7"; User Story 2,
    /// "Given I complete all books in a series, when viewing series detail, I see 'Completed! 🎉'
    /// badge"; User Story 4, "when the last book is marked 'Read,' I see confetti + 'You finished
    /// Foundation! 🎉'".
    @Test func harryPotterBookOneCreatesTheSeriesAndBooksTwoToSevenReachSevenOfSevenThenCompleted() throws {
        var world = World()
        let strike = world.series.createSeries(named: "Cormoran Strike", author: "J.K. Rowling", at: world.tick())
        guard case let .created(strikeID) = strike else {
            Issue.record("not created: \(strike)")
            return
        }
        let first = try world.add(Self.harryPotter[0], by: "J.K. Rowling")
        let detection = world.enrich(first, Self.harryPotterMetadata(1))
        let id = try #require(detection.seriesIDs.first)
        #expect(detection.outcomes == [.created(id, SeriesPlace(1))])
        #expect(detection.warnings.isEmpty)
        let series = try #require(world.series.series(id))
        #expect(series.displayName == "Harry Potter (7 books)")
        #expect(series.source == .autoDetected)
        #expect(series.author == "J.K. Rowling")
        #expect(try world.progress(id).progressText == "1/7 books")

        var works = [first]
        for number in 2...7 {
            let work = try world.add(Self.harryPotter[number - 1], by: "J.K. Rowling")
            #expect(world.enrich(work, Self.harryPotterMetadata(number)).outcomes == [.linked(id, SeriesPlace(number))])
            works.append(work)
            #expect(try world.progress(id).progressText == "\(number)/7 books")
            #expect(try world.progress(id).percentComplete == number * 100 / 7)
        }
        #expect(world.series.count == 2)
        #expect(world.series.series(id)?.workIDs == works)
        #expect(try world.progress(id).progressText == "7/7 books")
        #expect(try world.progress(id).percentText == "100% complete")
        #expect(try world.progress(id).badge == "All Books Owned ✅")
        #expect(world.series.badges(for: works[2]).map(\.text) == ["Book 3 of 7"])

        // Reading them in order: each prompts the next, the last celebrates and suggests the author's other series.
        for number in 1...6 {
            let recommendation = try #require(try world.finish(works[number - 1]).first)
            #expect(recommendation.prompt == "Continue with Book \(number + 1)?")
            #expect(recommendation.celebration == nil)
        }
        let last = try #require(try world.finish(works[6]).first)
        #expect(last.celebration == SeriesCelebration(text: "You finished Harry Potter! 🎉", confetti: true))
        #expect(last.next == .relatedSeries([strikeID]))
        #expect(last.prompt == "More series by J.K. Rowling: Cormoran Strike")
        #expect(try world.progress(id).badge == "Completed! 🎉")
        #expect(world.series.detail(of: id, in: world.app.store)?.rows.allSatisfy { $0.icon == "✓✓" } == true)
        #expect(world.series.summaries(filter: .completed, in: world.app.store).map(\.id) == [id])
        try world.checkQuiescent()
    }

    /// Seed: User Story 1, "Given a book has series metadata from Google Books, when saved, system
    /// parses series name and position (e.g., 'Foundation #1')"; QA: "Add Foundation Book 1, verify
    /// auto-detection".
    @Test func googleBooksSeriesMetadataGivesTheSeriesNameAndPosition() throws {
        var world = World()
        let foundation = try world.add("Foundation", by: "Isaac Asimov")
        let detection = world.enrich(foundation, SeriesMetadata(
            googleBooks: [GoogleBooksVolumeSeries(seriesID: "F-ASIMOV", orderNumber: 1, seriesName: "Foundation")],
            openLibrary: ["Foundation #1"]
        ))
        let id = try #require(detection.seriesIDs.first)
        #expect(world.series.series(id)?.name == "Foundation")
        #expect(world.series.series(id)?.books == [SeriesBook(workID: foundation, place: SeriesPlace(1))])
        #expect(world.series.series(googleBooksSeriesID: "F-ASIMOV")?.id == id)
        #expect(world.series.badges(for: foundation).map(\.text) == ["Book 1"])
        try world.checkQuiescent()
    }

    /// Seed: User Story 1, "Given series metadata is missing, when enrichment fails, book remains
    /// unassigned (no false positives)"; Error Handling: "If parsing fails (e.g., 'Foundation Book 1'
    /// without #), log warning and skip auto-assignment"; QA: "Add book with no series metadata, verify
    /// no false positive".
    @Test func withoutParseableSeriesMetadataTheBookRemainsUnassigned() throws {
        var world = World()
        _ = world.series.createSeries(named: "Foundation", at: world.tick())
        let missing = try world.add("Foundation", by: "Isaac Asimov")
        #expect(world.enrich(missing).isUnassigned)
        let unparseable = world.enrich(missing, SeriesMetadata(openLibrary: ["Foundation Book 1"]))
        #expect(unparseable.isUnassigned)
        #expect(unparseable.warnings.map(\.description) == ["series: OpenLibrary series \"Foundation Book 1\" has no \"#\" and number; skipped"])
        #expect(world.series.seriesIDs(containing: missing).isEmpty)
        #expect(world.series.badges(for: missing).isEmpty)
        try world.checkQuiescent()
    }

    /// Seed: User Story 1, "Edge case: Given 'The Hobbit' (technically part of Middle-earth
    /// legendarium), system respects Google Books classification (standalone vs series)"; User Story 3,
    /// "Given I assign a book to multiple series (e.g., 'The Hobbit' in both 'Middle-earth' and
    /// 'Standalone'), system allows dual assignment".
    @Test func theHobbitStaysUnassignedUntilTheUserPutsItInTwoSeries() throws {
        var world = World()
        let hobbit = try world.add("The Hobbit", by: "J.R.R. Tolkien")
        // Google Books lists no series for it; nothing is inferred from its author or subjects.
        let detection = world.enrich(hobbit, SeriesMetadata(googleBooks: [], openLibrary: ["Middle-earth"]))
        #expect(detection.isUnassigned)
        #expect(world.series.count == 0)

        guard case let .created(middleEarth) = world.series.createSeries(named: "Middle-earth", at: world.tick()),
              case let .created(standalone) = world.series.createSeries(named: "Standalone", totalBooks: 1, at: world.tick()) else {
            Issue.record("the series were not created")
            return
        }
        #expect(world.series.assign(hobbit, to: middleEarth, in: world.app.store, at: world.tick()) == .assigned(middleEarth, hobbit, SeriesPlace(1)))
        #expect(world.series.assign(hobbit, to: standalone, in: world.app.store, at: world.tick()) == .assigned(standalone, hobbit, SeriesPlace(1)))
        #expect(world.series.seriesIDs(containing: hobbit) == [middleEarth, standalone])
        #expect(world.series.badges(for: hobbit).map(\.text) == ["Book 1", "Book 1 of 1"])
        try world.checkQuiescent()
    }

    /// Seed: User Story 2, "Given I have books from 5 series, when I tap 'Series' tab/section, I see a
    /// list showing: Series Name, Cover grid (4 books), Progress (3/7 books)"; QA: "50 series in
    /// database, Series view loads" (the time is benchrunner's).
    @Test func theSeriesListShowsEverySeriesWithItsCoversAndProgress() throws {
        var world = World()
        let shelves: [(String, String, Int, Int)] = [
            ("Foundation", "Isaac Asimov", 7, 3), ("The Expanse", "James S. A. Corey", 9, 5), ("Dune", "Frank Herbert", 6, 6),
            ("Discworld", "Terry Pratchett", 41, 12), ("Red Rising", "Pierce Brown", 6, 1),
        ]
        for (name, author, total, owned) in shelves {
            guard case let .created(id) = world.series.createSeries(named: name, totalBooks: total, author: author, at: world.tick()) else {
                Issue.record("\(name) was not created")
                return
            }
            for number in 1...owned {
                let work = try world.add("\(name) \(number)", by: author, cover: "https://covers.example/\(name)/\(number).jpg")
                #expect(world.series.assign(work, to: id, in: world.app.store, at: world.tick()).isApplied)
            }
        }
        let cards = world.series.summaries(in: world.app.store)
        #expect(cards.map(\.name) == ["Discworld", "Dune", "The Expanse", "Foundation", "Red Rising"])
        #expect(cards.map(\.progress.progressText) == ["12/41 books", "6/6 books", "5/9 books", "3/7 books", "1/6 books"])
        #expect(cards.map(\.coverURLs.count) == [4, 4, 4, 3, 1])
        #expect(cards.map(\.author) == ["Terry Pratchett", "Frank Herbert", "James S. A. Corey", "Isaac Asimov", "Pierce Brown"])

        for index in 5..<50 {
            _ = world.series.createSeries(named: "Series \(index)", totalBooks: 3, at: world.tick())
        }
        #expect(world.series.summaries(in: world.app.store).count == 50)
        try world.checkQuiescent()
    }

    /// Seed: User Story 2, "Given I tap a series, when detail view opens, I see all books in reading
    /// order with checkmarks for owned/read books"; "Status icons (Owned ✓, Read ✓✓, Missing ➕)".
    @Test func theDetailShowsEveryBookInReadingOrderWithItsCheckmarks() throws {
        var world = World()
        let books = try (1...4).map { try world.add("The Expanse \($0)", by: "James S. A. Corey", status: $0 <= 2 ? .read : .toRead) }
        for (index, work) in books.enumerated().reversed() {
            _ = world.enrich(work, SeriesMetadata(openLibrary: ["The Expanse #\(index + 1)"]))
        }
        let id = try #require(world.series.series(named: "The Expanse")?.id)
        #expect(world.series.changeTotal(of: id, to: 9, at: world.tick()) == .totalChanged(id, to: 9))
        let detail = try #require(world.series.detail(of: id, in: world.app.store))
        #expect(detail.rows.map(\.text) == [
            "Book 1 · The Expanse 1 ✓✓", "Book 2 · The Expanse 2 ✓✓", "Book 3 · The Expanse 3 ✓", "Book 4 · The Expanse 4 ✓",
            "Book 5 ➕", "Book 6 ➕", "Book 7 ➕", "Book 8 ➕", "Book 9 ➕",
        ])
        #expect(detail.header == "The Expanse · James S. A. Corey · 9 books · 44% complete")
        try world.checkQuiescent()
    }

    /// Seed: User Story 2, "Edge case: Given I own books 1, 3, 5 (missing 2, 4), series detail shows
    /// gaps with 'Add Missing Books' prompt"; User Story 5, the lowest missing book is suggested.
    @Test func owningBooksOneThreeAndFiveShowsTwoAndFourMissingAndSuggestsBookTwo() throws {
        var world = World()
        var works: [Int: PersistentIdentifier] = [:]
        for number in [1, 3, 5] {
            works[number] = try world.add("Mistborn \(number) (Mistborn, #\(number))", by: "Brandon Sanderson")
            let work = try #require(works[number])
            _ = world.enrich(work)
        }
        let id = try #require(world.series.series(named: "Mistborn")?.id)
        let detail = try #require(world.series.detail(of: id, in: world.app.store))
        #expect(detail.progress.gapsText == "books 2 and 4 missing")
        #expect(detail.actions == ["Add Missing Books"])
        #expect(detail.rows.map(\.text) == [
            "Book 1 · Mistborn 1 ✓", "Book 2 ➕", "Book 3 · Mistborn 3 ✓", "Book 4 ➕", "Book 5 · Mistborn 5 ✓",
        ])
        let first = try #require(works[1])
        let recommendation = try #require(try world.finish(first).first)
        #expect(recommendation.next == .add(number: 2, work: nil, title: nil))
        #expect(recommendation.prompt == "Add Book 2?")
        try world.checkQuiescent()
    }

    /// Seed: User Story 4, "Given I own 4/7 Foundation books, when I view series, I see '57% complete'
    /// progress bar"; "when a book is part of a series, its card shows a subtle badge (e.g., 'Book 3 of
    /// 7')"; Accessibility: "Screen reader announces series progress ('4 of 7 books complete')".
    @Test func owningFourOfSevenFoundationBooksShows57PercentComplete() throws {
        var world = World()
        var works: [PersistentIdentifier] = []
        for number in 1...4 {
            let work = try world.add("Foundation \(number)", by: "Isaac Asimov")
            _ = world.enrich(work, SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "F", orderNumber: number, seriesName: "Foundation", totalBooks: 7)]))
            works.append(work)
        }
        let id = try #require(world.series.series(googleBooksSeriesID: "F")?.id)
        let progress = try world.progress(id)
        #expect(progress.percentText == "57% complete")
        #expect(progress.progressText == "4/7 books")
        #expect(progress.accessibilityLabel == "4 of 7 books complete")
        #expect(world.series.badges(for: works[2]).map(\.text) == ["Book 3 of 7"])
        try world.checkQuiescent()
    }

    /// Seed: User Story 5, "Given I finish 'Red Rising (Book 1),' when I mark it 'Read,' I see prompt:
    /// 'Add 'Golden Son (Book 2)' to your library?'" (Golden Son is on the wishlist).
    @Test func finishingRedRisingPromptsToAddGoldenSon() throws {
        var world = World()
        let red = try world.add("Red Rising (Red Rising Saga, #1)", by: "Pierce Brown", status: .reading)
        let golden = try world.add("Golden Son (Red Rising Saga, #2)", by: "Pierce Brown", status: .wishlist)
        _ = world.enrich(red)
        _ = world.enrich(golden)
        let recommendation = try #require(try world.finish(red).first)
        #expect(recommendation.prompt == "Add 'Golden Son (Book 2)' to your library?")
        #expect(recommendation.next == .add(number: 2, work: golden, title: "Golden Son"))
        try world.checkQuiescent()
    }

    /// Seed: User Story 5, "Given the next book is already owned, when I finish book N, system prompts
    /// 'Continue with Book N+1?'"; "Given I'm missing multiple books (e.g., finished Book 1, missing
    /// Books 2-3, own Book 4), system prioritizes Book 2 recommendation".
    @Test func theNextOwnedBookIsContinuedAndAMissingOneBeforeItComesFirst() throws {
        var world = World()
        let one = try world.add("Dune", by: "Frank Herbert")
        let two = try world.add("Dune Messiah", by: "Frank Herbert")
        let four = try world.add("God Emperor of Dune", by: "Frank Herbert")
        for (work, number) in [(one, 1), (two, 2), (four, 4)] {
            _ = world.enrich(work, SeriesMetadata(openLibrary: ["Dune Chronicles #\(number)"]))
        }
        #expect(try world.finish(one).first?.prompt == "Continue with Book 2?")
        // Book 2 leaves the library: finishing book 1 again now suggests it before owned book 4.
        let id = try #require(world.series.series(named: "Dune Chronicles")?.id)
        #expect(world.series.remove(two, from: id, at: world.tick()) == .removed(id, two))
        let recommendation = try #require(try world.finish(one).first)
        #expect(recommendation.next == .add(number: 2, work: nil, title: nil))
        #expect(try world.progress(id).gapsText == "books 2-3 missing")
        try world.checkQuiescent()
    }

    /// Seed: User Story 3, "Given I tap 'Create Series,' when I enter series name, I can search my
    /// library to assign books"; "Given I manually create 'The Expanse (9 books),' when I assign books,
    /// I can drag-to-reorder reading sequence"; QA: "Manually create series, add 5 books, verify
    /// drag-to-reorder works".
    @Test func aManualExpanseIsCreatedFilledFromTheLibraryAndReorderedByDragging() throws {
        var world = World()
        let titles = ["Leviathan Wakes", "Caliban's War", "Abaddon's Gate", "Cibola Burn", "Nemesis Games"]
        let works = try titles.map { try world.add($0, by: "James S. A. Corey") }
        let other = try world.add("Dune", by: "Frank Herbert")
        guard case let .created(id) = world.series.createSeries(named: "The Expanse", totalBooks: 9, at: world.tick()) else {
            Issue.record("The Expanse was not created")
            return
        }
        #expect(world.series.series(id)?.displayName == "The Expanse (9 books)")
        #expect(world.series.assignableWorks(to: id, matching: "game", in: world.app.store) == [works[4]])
        // The user assigns them out of order: 5, 1, 2, 3, 4.
        for work in [works[4]] + works[0..<4] {
            #expect(world.series.assign(work, to: id, in: world.app.store, at: world.tick()).isApplied)
        }
        #expect(world.series.series(id)?.workIDs == [works[4]] + works[0..<4])
        // Drag Nemesis Games from the top to the bottom.
        #expect(world.series.moveBook(works[4], in: id, toIndex: 4, at: world.tick()) == .reordered(id))
        let series = try #require(world.series.series(id))
        #expect(series.workIDs == works)
        #expect(series.books.map(\.place) == (1...5).map { SeriesPlace($0) })
        #expect(series.source == .manual)
        #expect(series.updatedAt == world.now)
        #expect(world.series.badges(for: works[4]).map(\.text) == ["Book 5 of 9"])
        #expect(world.series.assignableWorks(to: id, matching: "", in: world.app.store) == [other])
        #expect(world.series.rename(id, to: "Expanse", at: world.tick()) == .renamed(id, to: "Expanse"))
        #expect(world.series.changeTotal(of: id, to: 5, at: world.tick()) == .totalChanged(id, to: 5))
        #expect(try world.progress(id).badge == "All Books Owned ✅")
        try world.checkQuiescent()
    }

    /// Seed: User Story 3, "Edge case: Given I delete a manual series, books remain in library (only
    /// series grouping removed)"; "Delete Series: Confirmation prompt: 'Delete 'Foundation' series?
    /// Books will remain in library.' Cascade: Remove series links, preserve book data".
    @Test func deletingAManualSeriesKeepsEveryBookInTheLibrary() throws {
        var world = World()
        guard case let .created(id) = world.series.createSeries(named: "Foundation", totalBooks: 7, at: world.tick()) else {
            Issue.record("Foundation was not created")
            return
        }
        let works = try (1...3).map { try world.add("Foundation \($0)", by: "Isaac Asimov") }
        for work in works { _ = world.series.assign(work, to: id, in: world.app.store, at: world.tick()) }
        let store = world.app.store
        #expect(world.series.deletionPrompt(for: id) == "Delete 'Foundation' series? Books will remain in library.")
        #expect(world.series.deleteSeries(id, at: world.tick()) == .deleted(id, booksUnlinked: 3))
        #expect(world.app.store == store)
        #expect(world.app.store.count(of: .work) == 3)
        #expect(world.app.store.count(of: .userLibraryEntry) == 3)
        #expect(works.allSatisfy { world.series.badges(for: $0).isEmpty })
        #expect(world.series.count == 0)
        try world.checkQuiescent()
    }

    /// Seed: Open Questions, "Series Merge: If user manually creates 'Foundation' but API also creates
    /// 'Foundation,' how to merge?" (Decision D-098): there is one series; whoever comes second joins it.
    @Test func aManualAndADetectedFoundationAreOneSeries() throws {
        var world = World()
        guard case let .created(manual) = world.series.createSeries(named: "Foundation", totalBooks: 7, at: world.tick()) else {
            Issue.record("Foundation was not created")
            return
        }
        let book = try world.add("Foundation (Foundation, #1)", by: "Isaac Asimov")
        #expect(world.enrich(book, SeriesMetadata(openLibrary: ["The Foundation Series #1"])).outcomes == [.linked(manual, SeriesPlace(1))])
        #expect(world.series.count == 1)
        // The other way round: a detected series first, then the user's creation is pointed to it.
        let dune = try world.add("Dune (Dune, #1)", by: "Frank Herbert")
        let detected = try #require(world.enrich(dune).seriesIDs.first)
        #expect(world.series.createSeries(named: "DUNE", at: world.tick()) == .duplicateName(existing: detected))
        #expect(world.series.series(manual)?.source == .manual)
        #expect(world.series.series(detected)?.source == .autoDetected)
        try world.checkQuiescent()
    }

    /// Seed: Reliability, "Data Integrity: Series persists across library resets (separate entity)";
    /// Integration: "Library reset: Series persist after reset (separate table)" (Decisions D-020 and
    /// D-100): the series stay with their names and totals, their books are gone, and re-imported books
    /// find their series again.
    @Test func seriesSurviveALibraryResetAndCollectTheReimportedBooks() throws {
        var world = World()
        var works: [PersistentIdentifier] = []
        for number in 1...7 {
            let work = try world.add(Self.harryPotter[number - 1], by: "J.K. Rowling", status: number <= 3 ? .read : .toRead)
            _ = world.enrich(work, Self.harryPotterMetadata(number))
            works.append(work)
        }
        let potter = try #require(world.series.series(named: "Harry Potter")?.id)
        guard case let .created(manual) = world.series.createSeries(named: "Favourites", at: world.tick()) else {
            Issue.record("Favourites was not created")
            return
        }
        _ = world.series.assign(works[0], to: manual, in: world.app.store, at: world.tick())

        let updatedBefore = try #require(world.series.series(potter)?.updatedAt)
        #expect(LibraryResetRun.run(&world.app, backend: &world.backend, at: world.tick()) == .succeeded)
        #expect(world.app.store.isEmptyOfLibraryObjects)
        // The series stay; the reset dropped their memberships of the deleted works once it had saved.
        #expect(world.series.count == 2)
        #expect(try world.progress(potter).progressText == "0/7 books")
        #expect(world.series.detail(of: potter, in: world.app.store)?.rows.allSatisfy { $0.content == .missing } == true)
        #expect(world.series.series(potter)?.updatedAt == updatedBefore, "a reset is not an edit of the series")
        #expect(world.series.series(manual)?.books.isEmpty == true)
        #expect(world.series.removeDeletedWorks(in: world.app.store, at: world.tick()).isEmpty, "nothing left to unlink")
        let kept = try #require(world.series.series(potter))
        #expect(kept.displayName == "Harry Potter (7 books)")
        #expect(kept.books.isEmpty)
        #expect(kept.author == "J.K. Rowling")
        #expect(world.series.series(manual)?.name == "Favourites")
        try world.checkQuiescent()

        // Re-importing the first book links it to the kept series by its Goodreads marker.
        world.authors = [:]
        let again = try world.add(Self.harryPotter[0], by: "J.K. Rowling")
        #expect(world.enrich(again).outcomes == [.linked(potter, SeriesPlace(1))])
        let second = try world.add(Self.harryPotter[1], by: "J.K. Rowling")
        #expect(world.enrich(second, Self.harryPotterMetadata(2)).outcomes == [.linked(potter, SeriesPlace(2))])
        #expect(try world.progress(potter).progressText == "2/7 books")
        try world.checkQuiescent()
    }

    /// A reset whose save fails restores the library, and the series keep their books with it: the
    /// memberships go only once the deletion is saved (D-100).
    @Test func aResetThatFailsToSaveKeepsTheSeriesBooks() throws {
        var world = World()
        for number in 1...3 {
            let work = try world.add(Self.harryPotter[number - 1], by: "J.K. Rowling")
            _ = world.enrich(work, Self.harryPotterMetadata(number))
        }
        let potter = try #require(world.series.series(named: "Harry Potter")?.id)
        world.app.store.faults = StoreFaults(saveFailuresRemaining: 1)
        var reset = LibraryReset()
        reset.requestReset(&world.app)
        _ = reset.confirm(&world.app)
        reset.runSteps(&world.app)
        guard case .failed = reset.phase else {
            Issue.record("the reset did not fail: \(reset.phase)")
            return
        }
        #expect(world.series.series(potter)?.books.count == 3)
        #expect(try world.progress(potter).progressText == "3/7 books")
        try world.checkQuiescent()
    }
}
