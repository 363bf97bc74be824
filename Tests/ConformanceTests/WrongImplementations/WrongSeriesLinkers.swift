import SpecConformance
import SpecModel
import Testing

// Wrong series libraries: each forgets one of the user's edits or links one claim the way an app's
// SwiftData code might. They share an app-like library written from the seed and the decisions,
// which passes every rule when it has no flaw (`SeriesLinkingTests.theReimplementationWithoutAFlawPasses`).

/// One flaw of the app-like library.
enum LinkingFlaw: Sendable, Hashable {
    /// Detection moves a book already in the series to the place its metadata claims.
    case movesBookToClaimedPlace
    /// Detection puts back a book the user removed.
    case forgetsRemovals
    /// Detection recreates a series the user deleted.
    case recreatesDeletedSeries
    /// A rename forgets the earlier names.
    case forgetsEarlierNames
    /// Detection looks among auto-detected series only, so a manual "Foundation" gets a detected twin.
    case ignoresManualSeries
    /// Detection finds series by name only, never by Google Books ID.
    case ignoresGoogleBooksIDs
    /// A book whose sources name no series joins a series whose name is its title.
    case guessesFromTitle
    /// Creating a series under a name another series has is allowed.
    case allowsDuplicateNames
    /// A series left without books when its books leave the library is deleted with them.
    case dropsSeriesWithoutBooks
    /// A book is appended after the series' last book, whatever its place.
    case appendsOutOfOrder
    /// Drag-to-reorder renumbers the books 1, 2, 3… in their new order (D-101's option a).
    case renumbersOnReorder
    /// Drag-to-reorder takes an order that leaves books out, dropping them from the series.
    case acceptsPartialOrders
}

/// An app-like series library: series in creation order, each with its names, Google Books IDs,
/// books and removed books, and the names and IDs of deleted series.
struct AppLikeSeriesLibrary: SeriesLinking {
    struct Entry {
        var name: String
        var nameKeys: [String]
        var googleBooksIDs: [String] = []
        var total: Int?
        var author: String?
        var source: SeriesSource
        var books: [LinkedBook] = []
        var removed: Set<String> = []
    }

    /// One series a book's sources name, merged across sources.
    struct Group {
        var target: Int?
        var key: String
        var claim: SeriesClaim
        var googleBooksIDs: [String]
        var total: Int?
    }

    let flaw: LinkingFlaw?
    var books: [String: SeriesLibraryBook] = [:]
    var series: [Entry] = []
    var deletedKeys: Set<String> = []
    var deletedGoogleBooksIDs: Set<String> = []

    init(_ flaw: LinkingFlaw? = nil) {
        self.flaw = flaw
    }

    mutating func addBook(_ book: SeriesLibraryBook) {
        books[book.key] = book
    }

    func index(ofGoogleBooksID id: String) -> Int? {
        guard flaw != .ignoresGoogleBooksIDs else { return nil }
        return series.firstIndex { $0.googleBooksIDs.contains(id) }
    }

    func index(ofKey key: String, detecting: Bool) -> Int? {
        series.firstIndex { $0.nameKeys.contains(key) && !(detecting && flaw == .ignoresManualSeries && $0.source == .manual) }
    }

    mutating func detectAndLink(_ key: String, metadata: SeriesMetadata) {
        guard let book = books[key] else { return }
        var claims: [SeriesClaim] = []
        let parses = metadata.googleBooks.prefix(32).map(SeriesClaim.parseGoogleBooks) + metadata.openLibrary.prefix(32).map(SeriesClaim.parseOpenLibrary)
            + SeriesClaim.titleMarkers(in: book.title).prefix(32)
        for parse in parses { if case let .claim(claim) = parse { claims.append(claim) } }
        if claims.isEmpty, flaw == .guessesFromTitle, let guessed = index(ofKey: SeriesName.key(book.title), detecting: true), !series[guessed].books.contains(where: { $0.book == key }) {
            let next = (series[guessed].books.compactMap { $0.place.countedNumbers?.upperBound }.max() ?? 0) + 1
            place(key, at: SeriesPlace(next), in: guessed)
            return
        }
        // Unnamed Google Books entries of unknown IDs borrow a name at the same place, or are dropped.
        var named: [SeriesClaim] = []
        for claim in claims {
            guard claim.name == nil, let id = claim.googleBooksSeriesID, index(ofGoogleBooksID: id) == nil else {
                named.append(claim)
                continue
            }
            if let donor = claims.first(where: { $0.evidence != .googleBooks && $0.name != nil && $0.place == claim.place }) {
                var adopted = claim
                adopted.name = donor.name
                named.append(adopted)
            }
        }
        var groups: [Group] = []
        for claim in named {
            let key = SeriesName.key(claim.name ?? "")
            let target = claim.googleBooksSeriesID.flatMap(index(ofGoogleBooksID:)) ?? index(ofKey: key, detecting: true)
            if let merged = groups.firstIndex(where: { $0.target == target && (target != nil || $0.key == key) }) {
                if let id = claim.googleBooksSeriesID, !groups[merged].googleBooksIDs.contains(id) { groups[merged].googleBooksIDs.append(id) }
                if groups[merged].total == nil { groups[merged].total = claim.totalBooks }
                continue
            }
            guard groups.count < SeriesLibrary.claimsPerBookMax else { continue }
            groups.append(Group(target: target, key: key, claim: claim, googleBooksIDs: claim.googleBooksSeriesID.map { [$0] } ?? [], total: claim.totalBooks))
        }
        for group in groups { link(key, book, group) }
    }

    mutating func link(_ key: String, _ book: SeriesLibraryBook, _ group: Group) {
        let index: Int
        if let target = group.target {
            if series[target].removed.contains(key), flaw != .forgetsRemovals { return }
            if let current = series[target].books.firstIndex(where: { $0.book == key }) {
                for id in group.googleBooksIDs { adopt(id, into: target) }
                guard flaw == .movesBookToClaimedPlace, series[target].books[current].place != group.claim.place else { return }
                series[target].books.remove(at: current)
                place(key, at: group.claim.place, in: target)
                return
            }
            guard series[target].books.count < SeriesLibrary.booksPerSeriesMax, membershipCount(key) < SeriesLibrary.seriesPerBookMax else { return }
            index = target
        } else {
            let deleted = deletedKeys.contains(group.key) || group.googleBooksIDs.contains(where: deletedGoogleBooksIDs.contains)
            if deleted, flaw != .recreatesDeletedSeries { return }
            guard membershipCount(key) < SeriesLibrary.seriesPerBookMax else { return }
            series.append(Entry(name: group.claim.name ?? "", nameKeys: [group.key], source: .autoDetected))
            index = series.count - 1
        }
        for id in group.googleBooksIDs { adopt(id, into: index) }
        place(key, at: group.claim.place, in: index)
        series[index].removed.remove(key)
        if series[index].author == nil { series[index].author = book.author.map(SeriesName.cleaned).flatMap { $0.isEmpty ? nil : $0 } }
        if series[index].total == nil { series[index].total = group.total }
        if let total = series[index].total, let highest = series[index].books.compactMap({ $0.place.countedNumbers?.upperBound }).max(), highest > total {
            series[index].total = highest
        }
    }

    mutating func adopt(_ id: String, into index: Int) {
        guard !series.contains(where: { $0.googleBooksIDs.contains(id) }) else { return }
        series[index].googleBooksIDs.append(id)
        deletedGoogleBooksIDs.remove(id)
    }

    /// Places a book after every book at its place or before (appended, with the flaw).
    mutating func place(_ key: String, at place: SeriesPlace, in index: Int) {
        let at = flaw == .appendsOutOfOrder ? series[index].books.count : (series[index].books.firstIndex { $0.place > place } ?? series[index].books.count)
        series[index].books.insert(LinkedBook(book: key, place: place), at: at)
    }

    func membershipCount(_ key: String) -> Int {
        series.count { $0.books.contains { $0.book == key } }
    }

    func index(named name: String) -> Int? {
        let cleaned = SeriesName.cleaned(name)
        return series.firstIndex { $0.name == cleaned }
    }

    mutating func apply(_ edit: SeriesUserEdit) -> Bool {
        switch edit {
        case let .create(name, total):
            guard case let .success(cleaned) = SeriesName.validated(name) else { return false }
            if let total, !(1...SeriesPlace.numberMax).contains(total) { return false }
            let key = SeriesName.key(cleaned)
            if flaw != .allowsDuplicateNames, index(ofKey: key, detecting: false) != nil { return false }
            series.append(Entry(name: cleaned, nameKeys: [key], total: total, source: .manual))
            deletedKeys.remove(key)
            return true
        case let .assign(book, name, place):
            guard let index = index(named: name), books[book] != nil, !series[index].books.contains(where: { $0.book == book }) else { return false }
            if let total = series[index].total, let last = place.countedNumbers?.upperBound, last > total { return false }
            self.place(book, at: place, in: index)
            series[index].removed.remove(book)
            return true
        case let .remove(book, name):
            guard let index = index(named: name), let at = series[index].books.firstIndex(where: { $0.book == book }) else { return false }
            series[index].books.remove(at: at)
            series[index].removed.insert(book)
            return true
        case let .rename(name, newName):
            guard let renamed = index(named: name), case let .success(cleaned) = SeriesName.validated(newName) else { return false }
            let key = SeriesName.key(cleaned)
            if let other = index(ofKey: key, detecting: false), other != renamed { return false }
            series[renamed].name = cleaned
            var keys = flaw == .forgetsEarlierNames ? [] : series[renamed].nameKeys.filter { $0 != key }
            keys.insert(key, at: 0)
            series[renamed].nameKeys = Array(keys.prefix(SeriesLibrary.nameKeysPerSeriesMax))
            deletedKeys.remove(key)
            return true
        case let .delete(name):
            guard let index = index(named: name) else { return false }
            let deleted = series.remove(at: index)
            deletedKeys.formUnion(deleted.nameKeys)
            deletedGoogleBooksIDs.formUnion(deleted.googleBooksIDs)
            return true
        case let .reorder(name, order):
            guard let index = index(named: name) else { return false }
            let current = series[index].books
            let isPermutation = order.count == current.count && Set(order).count == order.count && order.allSatisfy { key in current.contains { $0.book == key } }
            let isSubset = Set(order).count == order.count && order.allSatisfy { key in current.contains { $0.book == key } }
            guard isPermutation || (flaw == .acceptsPartialOrders && isSubset && !order.isEmpty) else { return false }
            let places = flaw == .renumbersOnReorder ? order.indices.map { SeriesPlace($0 + 1) } : Array(current.map(\.place).prefix(order.count))
            series[index].books = zip(order, places).map { LinkedBook(book: $0, place: $1) }
            return true
        }
    }

    mutating func deleteBook(_ key: String) {
        guard books.removeValue(forKey: key) != nil else { return }
        for index in series.indices {
            series[index].books.removeAll { $0.book == key }
            series[index].removed.remove(key)
        }
        if flaw == .dropsSeriesWithoutBooks { series.removeAll { $0.books.isEmpty } }
    }

    func allSeries() -> [LinkedSeries] {
        series.map { LinkedSeries(name: $0.name, totalBooks: $0.total, author: $0.author, source: $0.source, books: $0.books) }
    }
}

enum WrongSeriesLinkers {
    static func of(_ name: String, _ flaw: LinkingFlaw, _ description: String, breaks: RuleID...) -> WrongImplementation {
        WrongImplementation(name: name, flaw: description, suiteID: ConformanceSuite<AppLikeSeriesLibrary>.seriesLinking.id, breaks: breaks) { settings in
            ConformanceSuite<AppLikeSeriesLibrary>.seriesLinking.run(name, settings: settings) { AppLikeSeriesLibrary(flaw) }
        }
    }

    static let all: [WrongImplementation] = [
        of("DetectionMovesTheUsersBook", .movesBookToClaimedPlace, "moves a book already in the series to the place its metadata claims", breaks: "SERIES-13"),
        of("RemovedBookPutBack", .forgetsRemovals, "puts a book the user removed back into the series on the next detection", breaks: "SERIES-14"),
        of("DeletedSeriesRecreated", .recreatesDeletedSeries, "recreates a series the user deleted when a book names it again", breaks: "SERIES-15"),
        of("RenameForgetsEarlierNames", .forgetsEarlierNames, "a renamed series no longer collects books that name it by its earlier name", breaks: "SERIES-16"),
        of("ManualSeriesGetsADetectedTwin", .ignoresManualSeries, "detection fetches auto-detected series only, so a manual \"Foundation\" gets a detected twin", breaks: "SERIES-12"),
        of("GoogleBooksIDIgnored", .ignoresGoogleBooksIDs, "links by name only, so \"Discworld (Rincewind)\" of the same Google Books ID is a new series", breaks: "SERIES-29"),
        of("SeriesGuessedFromTitle", .guessesFromTitle, "puts a book without series data into the series named like its title", breaks: "SERIES-18"),
        of("DuplicateNamesAllowed", .allowsDuplicateNames, "creates a second \"Foundation\" by hand (the seed's open question left open)", breaks: "SERIES-17"),
        of("EmptySeriesDeletedWithItsBooks", .dropsSeriesWithoutBooks, "deletes a series whose books all left the library (D-100's option b)", breaks: "SERIES-19"),
        of("BooksAppendedOutOfOrder", .appendsOutOfOrder, "appends each book after the series' last, whatever its place", breaks: "SERIES-20"),
        of("ReorderRenumbersFromOne", .renumbersOnReorder, "numbers the books 1, 2, 3 in their dragged order, closing the gaps and the novella's slot (D-101's option a)", breaks: "SERIES-22"),
        of("PartialOrderAccepted", .acceptsPartialOrders, "takes a dragged order that leaves books out and drops them from the series", breaks: "SERIES-22"),
    ]
}

/// The app-like library the wrong libraries share is faithful when it has no flaw, so each wrong
/// library is rejected for its flaw alone.
@Suite struct SeriesLinkingTests {
    @Test func theReimplementationWithoutAFlawPasses() {
        let result = ConformanceSuite.seriesLinking.run("AppLikeSeriesLibrary", settings: ConformanceCatalog.settings) { AppLikeSeriesLibrary() }
        for rule in result.rules {
            #expect(rule.grade == .pass, "\(rule.rule.id): \(result.failureText(for: rule) { "PROPERTY_REPLAY='\($0)' swift test --filter ConformanceTests" } ?? "")")
        }
    }
}
