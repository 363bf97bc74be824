/// The books known so far (the library's and the file's), indexed by every tier's key, so finding a
/// book's duplicate costs the same however large the library is.
///
/// `bestMatch` answers what `DuplicateRule.bestMatch` answers scanning every indexed book
/// (`DuplicateDetectionTests.theIndexAgreesWithComparingEveryPair`, `PlainAgainstEngineTests`). Tier 3 groups the books sharing a
/// normalized title by author key, so each distinct author is compared once, and keeps each author
/// key's comparison forms once made; within a group it takes the earliest work that tier 3 allows
/// (no valid ISBN on both sides, no subtitle or series position differing: D-120, D-121).
///
/// The keys are interned (`KeyInterner`, Decision D-110): each distinct key's text is stored once,
/// and the tables are keyed by its integer identifier. The import writes a batch's keys straight into
/// a `KeyBatch` (`writeKeys`), with no `String` per key, and interns them together (D-114). The tables
/// by key are `KeyTable`s, arrays at the keys' numbers, and tier 1 goes by title, then author, so a
/// row with a title new to the interner writes at the tables' ends (D-113). Each author group keeps a
/// sketch of its key that rules most other authors out of tier 3 without reading their keys.
///
/// - Complexity: `bestMatch` O(1) for tier 2, O(distinct authors sharing the title) for tier 1 (one,
///   almost always), O(distinct authors sharing the normalized title) for tier 3; `insert` and `remove`
///   O(1) amortised, except for the same per-title scan of author groups.
package struct DuplicateIndex: Sendable {
    /// A book's keys as the index holds them.
    package struct Keys: Hashable, Sendable {
        let titleKey: KeyInterner.ID
        let authorKey: KeyInterner.ID
        let isbn13: KeyInterner.ID?
        let normalizedTitleKey: KeyInterner.ID
    }

    /// The works of one author key under one title (or normalized title).
    struct AuthorGroup: Hashable, Sendable {
        let authorKey: KeyInterner.ID
        /// The author key's sketch, which rules most other authors out without reading their keys.
        let sketch: AuthorKeySketch
        var works: WorkList
    }

    /// One or more works (never none while stored): the first inline as its raw identifier, any more
    /// (rare: a file's own duplicates under Replace All, or a library's) in an array, which allocates
    /// nothing while empty. Sixteen bytes, where an `InlineList` of identifiers is forty: the index's
    /// tables are sized for every row of the file, and their memory is new to the process (D-112).
    struct WorkList: Hashable, Sendable {
        /// The first work's raw identifier; 0 (never an identifier) when the list is empty.
        private var first: UInt64 = 0
        private var more: [UInt64] = []

        init() {}

        init(_ work: PersistentIdentifier) { append(work) }

        var isEmpty: Bool { first == 0 }

        /// - Precondition: `work` names a work: only its raw value is kept, read back as a work's.
        mutating func append(_ work: PersistentIdentifier) {
            precondition(work.kind == .work, "DuplicateIndex holds works only, not \(work)")
            if first == 0 { first = work.rawValue } else { more.append(work.rawValue) }
        }

        mutating func remove(_ work: PersistentIdentifier) {
            if first == work.rawValue {
                first = more.popLast() ?? 0
            } else if let index = more.firstIndex(of: work.rawValue) {
                more.remove(at: index)
            }
        }

        /// Every work of the list, the first first.
        var all: [PersistentIdentifier] {
            guard first != 0 else { return [] }
            return ([first] + more).map { PersistentIdentifier(kind: .work, rawValue: $0) }
        }

        /// The earliest created work.
        func min() -> PersistentIdentifier? {
            guard first != 0 else { return nil }
            return PersistentIdentifier(kind: .work, rawValue: more.reduce(first) { Swift.min($0, $1) })
        }

        /// The earliest created work that `isAllowed` accepts.
        func min(where isAllowed: (PersistentIdentifier) -> Bool) -> PersistentIdentifier? {
            guard first != 0 else { return nil }
            var earliest: UInt64 = isAllowed(PersistentIdentifier(kind: .work, rawValue: first)) ? first : 0
            for raw in more where earliest == 0 || raw < earliest {
                if isAllowed(PersistentIdentifier(kind: .work, rawValue: raw)) { earliest = raw }
            }
            return earliest == 0 ? nil : PersistentIdentifier(kind: .work, rawValue: earliest)
        }
    }

    /// The author groups under one title (or normalized title): the first inline, any more in an array.
    struct AuthorGroups: Sendable {
        private var first: AuthorGroup?
        private var more: [AuthorGroup] = []

        init() {}

        var isEmpty: Bool { first == nil }

        func works(by authorKey: KeyInterner.ID) -> WorkList? {
            guard let first else { return nil }
            if first.authorKey == authorKey { return first.works }
            return more.first { $0.authorKey == authorKey }?.works
        }

        /// Calls `body` with each group.
        func forEach(_ body: (AuthorGroup) -> Void) {
            guard let first else { return }
            body(first)
            for group in more { body(group) }
        }

        mutating func add(_ work: PersistentIdentifier, authorKey: KeyInterner.ID, sketch: AuthorKeySketch) {
            if first == nil {
                first = AuthorGroup(authorKey: authorKey, sketch: sketch, works: WorkList(work))
            } else if first?.authorKey == authorKey {
                first?.works.append(work)
            } else if let index = more.firstIndex(where: { $0.authorKey == authorKey }) {
                more[index].works.append(work)
            } else {
                more.append(AuthorGroup(authorKey: authorKey, sketch: sketch, works: WorkList(work)))
            }
        }

        mutating func remove(_ work: PersistentIdentifier, authorKey: KeyInterner.ID) {
            if first?.authorKey == authorKey {
                first?.works.remove(work)
                if first?.works.isEmpty == true { first = more.popLast() }
            } else if let index = more.firstIndex(where: { $0.authorKey == authorKey }) {
                more[index].works.remove(work)
                if more[index].works.isEmpty { more.remove(at: index) }
            }
        }
    }

    var interner = KeyInterner()
    /// Tier 1's table: by title key, then author key. (By title first, rather than by the pair, so
    /// the place of a title new to the interner is at the table's end: D-113.)
    var byTitle = KeyTable<AuthorGroups>()
    var byISBN = KeyTable<WorkList>()
    var byNormalizedTitle = KeyTable<AuthorGroups>()
    var keysByWork = IdentifierMap<Keys>()
    /// The ISBNs each work is indexed under besides its own keys' (merged editions', a library work's
    /// further editions'), so removal touches only its own entries.
    var extraISBNsByWork: [PersistentIdentifier: [KeyInterner.ID]] = [:]
    /// The comparison forms of the author keys compared so far.
    var formsByAuthorKey = KeyTable<AuthorKeyForms>()
    /// Candidates compared one by one so far (a book for tiers 1 and 2, an author group for tier 3);
    /// for tests of the per-row cost.
    package private(set) var _comparisons = 0

    package init() {}

    /// An index of every live work in `store`: its title, first author and editions' ISBNs.
    package init(store: LibraryStore) {
        for work in store.works() {
            let author = work.authorIDList.first.flatMap { store.author($0)?.name } ?? ""
            let isbns = work.editionIDList.compactMap { store.edition($0)?.isbn13 }
            let normalizedTitle = TitleNormalizationEngine.normalizedForSearch(work.title)
            insert(work.id, keys: keys(title: work.title, normalizedTitle: normalizedTitle, author: author, isbn13: isbns.first))
            for isbn in isbns.dropFirst() { addISBN(isbn, to: work.id) }
        }
    }

    /// The number of books indexed.
    package var count: Int { keysByWork.count }

    // MARK: - Keys

    /// The index's form of keys made as strings.
    package mutating func keys(_ keys: DuplicateKeys) -> Keys {
        Keys(
            titleKey: interner.intern(keys.titleKey),
            authorKey: interner.intern(keys.authorKey),
            isbn13: keys.isbn13.map { interner.intern($0) },
            normalizedTitleKey: interner.intern(keys.normalizedTitleKey)
        )
    }

    /// A book's keys, made straight into the interner: the same keys as `DuplicateKeys` makes.
    package mutating func keys(title: String, normalizedTitle: String, author: String, isbn13: String?) -> Keys {
        var batch = KeyBatch()
        let places = Self.writeKeys(title: title, normalizedTitle: normalizedTitle, author: author, isbn13: isbn13, into: &batch)
        intern(&batch)
        return places.keys(in: batch)
    }

    /// Interns a batch of keys written by `writeKeys` (`KeyInterner.intern(_:)`, Decision D-114).
    package mutating func intern(_ batch: inout KeyBatch) {
        interner.intern(&batch)
    }

    /// Where a book's keys are in a `KeyBatch`.
    package struct KeyPlaces: Sendable {
        let title: Int
        let author: Int
        let isbn13: Int?
        let normalizedTitle: Int

        /// The book's keys, once the batch is interned.
        package func keys(in batch: KeyBatch) -> Keys {
            Keys(
                titleKey: batch.ids[title], authorKey: batch.ids[author], isbn13: isbn13.map { batch.ids[$0] },
                normalizedTitleKey: batch.ids[normalizedTitle]
            )
        }
    }

    /// Writes a book's keys into a batch, for interning with other books' (`KeyInterner.intern(_:)`).
    package static func writeKeys(title: String, normalizedTitle: String, author: String, isbn13: String?, into batch: inout KeyBatch) -> KeyPlaces {
        let titleKey = batch.append(
            lowercasedKey: title,
            rule: { TitleNormalizationEngine.collapse($0) { $0.isSpace }.kept },
            key: Self.titleKey
        )
        let authorKey = writeAuthorKey(ofName: author, into: &batch)
        let isbnKey = isbn13.map { batch.append($0) }
        // A title normalization left as it was has its whitespace collapsed already (the fifth step
        // would have changed it), so both keys are its lowercase. (`==` cannot mistake a normalized
        // title for the title: the steps only remove units or turn whitespace into spaces, and either
        // changes the text's canonical decomposition. When normalization changes nothing it returns
        // the title itself, which `==` recognizes without reading it. A normalization that changed the
        // title almost always shortened it: the lengths tell at once, where `==` on two strings it
        // cannot tell are in NFC compares them by their canonical forms.)
        let isNormalized = normalizedTitle.utf8.count == title.utf8.count && normalizedTitle == title
        return KeyPlaces(
            title: titleKey, author: authorKey, isbn13: isbnKey,
            normalizedTitle: isNormalized
                ? titleKey : batch.append(lowercasedKey: normalizedTitle, rule: { $0.count }, key: { TextUnits.lowercased($0) })
        )
    }

    /// Writes an author name's key into a batch.
    package static func writeAuthorKey(ofName name: String, into batch: inout KeyBatch) -> Int {
        batch.append(lowercasedKey: name, apostropheAsASCII: true, rule: AuthorNamesEngine.makeKey, key: { AuthorNamesEngine.key($0) })
    }

    /// The identifier of an author name's key (`AuthorNames.key`).
    package mutating func authorKey(ofName name: String) -> KeyInterner.ID {
        interner.intern(lowercasedKey: name, apostropheAsASCII: true, rule: AuthorNamesEngine.makeKey, key: { AuthorNamesEngine.key($0) })
    }

    // MARK: - Changing

    /// Adds a work under its keys (and, for a library work, every further ISBN its editions have:
    /// `keys.otherISBN13s`, then `moreISBNs`).
    ///
    /// - Precondition: `work` names a work.
    package mutating func insert(_ work: PersistentIdentifier, keys: DuplicateKeys, moreISBNs: some Sequence<String> = [String]()) {
        insert(work, keys: self.keys(keys))
        for isbn in keys.otherISBN13s { addISBN(isbn, to: work) }
        for isbn in moreISBNs { addISBN(isbn, to: work) }
    }

    /// Adds a work under its keys.
    ///
    /// - Precondition: `work` names a work.
    package mutating func insert(_ work: PersistentIdentifier, keys: Keys) {
        keysByWork[work] = keys
        let sketch = sketch(of: keys.authorKey)
        byTitle[keys.titleKey, default: AuthorGroups()].add(work, authorKey: keys.authorKey, sketch: sketch)
        if let isbn = keys.isbn13 { Self.add(work, to: &byISBN, at: isbn) }
        byNormalizedTitle[keys.normalizedTitleKey, default: AuthorGroups()].add(work, authorKey: keys.authorKey, sketch: sketch)
    }

    /// Reads ahead, at stage 0 or 1, the memory `bestMatch` and `insert` read in the tables for a
    /// book's keys (`KeyTable.readAhead(_:stage:)`, Decision D-114); returns a sum of what it read.
    package func readAhead(_ keys: Keys, stage: Int) -> Int {
        var sum = byTitle.readAhead(keys.titleKey, stage: stage) &+ byNormalizedTitle.readAhead(keys.normalizedTitleKey, stage: stage)
        if let isbn = keys.isbn13 { sum &+= byISBN.readAhead(isbn, stage: stage) }
        return sum
    }

    func sketch(of authorKey: KeyInterner.ID) -> AuthorKeySketch {
        interner.withBytes(authorKey) { AuthorKeySketch(utf8: $0) }
    }

    /// Adds a work to the list at `key`, making the list if there is none.
    @inline(__always)
    static func add(_ work: PersistentIdentifier, to lists: inout KeyTable<WorkList>, at key: KeyInterner.ID) {
        lists[key, default: WorkList()].append(work)
    }

    /// Removes a work from the list at `key`, and the list once empty.
    static func remove(_ work: PersistentIdentifier, from lists: inout KeyTable<WorkList>, at key: KeyInterner.ID) {
        lists[key]?.remove(work)
        if lists[key]?.isEmpty == true { lists[key] = nil }
    }

    /// Removes a work from the author groups at `key`, and the groups once empty.
    static func remove(_ work: PersistentIdentifier, authorKey: KeyInterner.ID, from groups: inout KeyTable<AuthorGroups>, at key: KeyInterner.ID) {
        groups[key]?.remove(work, authorKey: authorKey)
        if groups[key]?.isEmpty == true { groups[key] = nil }
    }

    /// Makes room for `count` more books.
    package mutating func reserveCapacity(_ count: Int) {
        keysByWork.reserveCapacity(count, spacing: EntityKind.allCases.count)
        interner.reserveCapacity(3 * count)
        let keysBelow = keyNumbersBelow(forMoreBooks: count)
        byTitle.reserveCapacity(count, keysBelow: keysBelow)
        byISBN.reserveCapacity(count, keysBelow: keysBelow)
        byNormalizedTitle.reserveCapacity(count, keysBelow: keysBelow)
    }

    /// A bound on the interner's key numbers once `count` more books are indexed, for sizing tables by
    /// key number: each book brings at most four keys (title, author, ISBN, normalized title), and a
    /// further author's key now and then.
    func keyNumbersBelow(forMoreBooks count: Int) -> Int {
        interner.count + 4 * count
    }

    /// Adds another ISBN to a work already indexed (a merged edition).
    package mutating func addISBN(_ isbn13: String, to work: PersistentIdentifier) {
        guard let keys = keysByWork[work] else { return }
        let isbn = interner.intern(isbn13)
        guard keys.isbn13 != isbn, extraISBNsByWork[work]?.contains(isbn) != true else { return }
        Self.add(work, to: &byISBN, at: isbn)
        extraISBNsByWork[work, default: []].append(isbn)
    }

    /// Removes a work (replaced or deleted).
    package mutating func remove(_ work: PersistentIdentifier) {
        guard let keys = keysByWork.removeValue(forKey: work) else { return }
        Self.remove(work, authorKey: keys.authorKey, from: &byTitle, at: keys.titleKey)
        for isbn in [keys.isbn13].compactMap({ $0 }) + (extraISBNsByWork.removeValue(forKey: work) ?? []) {
            Self.remove(work, from: &byISBN, at: isbn)
        }
        Self.remove(work, authorKey: keys.authorKey, from: &byNormalizedTitle, at: keys.normalizedTitleKey)
    }

    // MARK: - Matching

    /// The best match for a book among the indexed works, or `nil`.
    package mutating func bestMatch(for keys: DuplicateKeys) -> DuplicateMatch? {
        bestMatch(for: self.keys(keys))
    }

    /// The best match for a book's interned keys among the indexed works, or `nil`.
    package mutating func bestMatch(for keys: Keys) -> DuplicateMatch? {
        if let work = byTitle[keys.titleKey]?.works(by: keys.authorKey)?.min() {
            _comparisons += 1
            return DuplicateMatch(workID: work, tier: .titleAndAuthor, authorSimilarity: 1)
        }
        if let isbn = keys.isbn13, let work = byISBN[isbn]?.min() {
            _comparisons += 1
            let similarity = keysByWork[work].map { AuthorSimilarityEngine.score(keys: interner.text($0.authorKey), interner.text(keys.authorKey)) } ?? 0
            return DuplicateMatch(workID: work, tier: .isbn, authorSimilarity: similarity)
        }
        guard let groups = byNormalizedTitle[keys.normalizedTitleKey], !groups.isEmpty else { return nil }
        var best: DuplicateMatch?
        var queryForms: AuthorKeyForms?
        var querySketch: AuthorKeySketch?
        var queryDistinctions: TitleDistinctions?
        groups.forEach { group in
            guard !group.works.isEmpty else { return }
            _comparisons += 1
            let similarity: Double
            if group.authorKey == keys.authorKey {
                similarity = 1
            } else {
                let sketch = querySketch ?? self.sketch(of: keys.authorKey)
                querySketch = sketch
                if group.sketch.excludes(sketch, above: AuthorSimilarity.duplicateThreshold) { return }
                let mine = queryForms ?? forms(of: keys.authorKey)
                queryForms = mine
                guard let score = AuthorSimilarityEngine.score(forms(of: group.authorKey), mine, above: AuthorSimilarity.duplicateThreshold) else { return }
                similarity = score
            }
            if let best, similarity < best.authorSimilarity { return }
            // Only a similar author's works are read further: whether tier 3 allows them (D-120, D-121).
            guard let work = group.works.min(where: { tierThreeAllows($0, keys, queryDistinctions: &queryDistinctions) }) else { return }
            if best == nil || similarity > best!.authorSimilarity || (similarity == best!.authorSimilarity && work < best!.workID) {
                best = DuplicateMatch(workID: work, tier: .normalizedTitleAndSimilarAuthor, authorSimilarity: similarity)
            }
        }
        return best
    }

    /// Whether tier 3 may take an indexed work for the same book as one with `keys`, whatever their
    /// authors: not when both have valid ISBNs (the row's is none of the work's, or tier 2 would have
    /// matched: D-120), nor when a subtitle or series position is on both and differs (D-121).
    ///
    /// The distinctions are read from the title keys only here, where a normalized title is shared,
    /// which few rows meet: no row pays for them otherwise. The query's are read once, into
    /// `queryDistinctions`.
    func tierThreeAllows(_ work: PersistentIdentifier, _ keys: Keys, queryDistinctions: inout TitleDistinctions?) -> Bool {
        guard let known = keysByWork[work] else { return false }
        if keys.isbn13 != nil, known.isbn13 != nil || extraISBNsByWork[work] != nil { return false }
        if known.titleKey == keys.titleKey { return true }
        let mine = queryDistinctions ?? distinctions(ofTitleKey: keys.titleKey)
        queryDistinctions = mine
        return mine == .none || mine.allowsSameBook(as: distinctions(ofTitleKey: known.titleKey))
    }

    /// The distinctions of an interned title key (`DuplicateKeys.distinctions`: the key's text is in
    /// NFC); a key without `(` or `:` has none, which its bytes tell without making its text.
    func distinctions(ofTitleKey key: KeyInterner.ID) -> TitleDistinctions {
        let marked = interner.withBytes(key) { bytes in bytes.contains { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ":") } }
        return marked ? TitleNormalizationEngine.distinctions(of: interner.text(key)) : .none
    }

    /// The comparison forms of an author key, made once.
    mutating func forms(of authorKey: KeyInterner.ID) -> AuthorKeyForms {
        if let known = formsByAuthorKey[authorKey] { return known }
        let made = AuthorKeyForms(canonicalKey: interner.text(authorKey))
        formsByAuthorKey[authorKey] = made
        return made
    }
}

extension DuplicateIndex {
    /// `DuplicateKeys.titleKey` of a title: lowercased, whitespace collapsed.
    static func titleKey(_ title: String) -> String {
        TextUnits.rewrite(
            title, .automatic,
            bytes: titleKeyRule,
            scalars: { scalars in
                scalars = TextUnits.lowercased(scalars, of: title)
                TitleNormalizationEngine.collapseWhitespace(&scalars)
            }
        )
    }

    /// `titleKey` on the bytes of ASCII text, in place; returns whether they changed.
    static func titleKeyRule(_ bytes: inout [UInt8]) -> Bool {
        let lowered = TextUnits.lowercaseASCII(&bytes)
        return TitleNormalizationEngine.collapseWhitespace(&bytes) || lowered
    }
}
