extension LibraryStore {
    // MARK: - Inserting

    @discardableResult
    public mutating func insertWork(_ draft: WorkDraft) -> PersistentIdentifier {
        let id = allocate(.work)
        insertNew(Work(id: id, draft: draft))
        return id
    }

    @discardableResult
    public mutating func insertAuthor(_ draft: AuthorDraft) -> PersistentIdentifier {
        let id = allocate(.author)
        insertNew(Author(id: id, draft: draft))
        return id
    }

    /// Inserts an edition of a live work.
    @discardableResult
    public mutating func insertEdition(_ draft: EditionDraft, of workID: PersistentIdentifier) throws(StoreError) -> PersistentIdentifier {
        try requireLive(workID, .work)
        let id = allocate(.edition)
        insertNew(Edition(id: id, workID: workID, draft: draft))
        try modifyWork(workID) { $0.editionIDList.append(id) }
        return id
    }

    /// Inserts the user's entry for a live work, optionally reading one of its editions.
    @discardableResult
    public mutating func insertEntry(_ draft: EntryDraft, for workID: PersistentIdentifier, edition editionID: PersistentIdentifier? = nil) throws(StoreError) -> PersistentIdentifier {
        try requireLive(workID, .work)
        if let editionID {
            try requireLive(editionID, .edition)
            guard edition(editionID)?.workID == workID else { throw .editionOfAnotherWork(edition: editionID, work: workID) }
        }
        let id = allocate(.userLibraryEntry)
        insertNew(UserLibraryEntry(id: id, workID: workID, editionID: editionID, draft: draft))
        try modifyWork(workID) { $0.entryIDList.append(id) }
        return id
    }

    /// An author of a book inserted whole (`insertBook`): one the library has, or a new one.
    package enum BookAuthor {
        case known(PersistentIdentifier)
        case new(AuthorDraft)
    }

    /// Inserts a new work with its authors, an edition and the user's entry, as `insertWork`, then
    /// `insertAuthor` and `link` for each author in order, `insertEdition` and `insertEntry` (reading
    /// that edition) would: the same objects, identifiers and undo record. The work is built whole
    /// before it is stored, so it is written once, not once per relationship (Decision D-110), and
    /// `_objectOperations` counts each object written once.
    ///
    /// The caller builds each object from the identifiers given (`work` with its relationship lists,
    /// `edition` when `hasEdition`, `entry` reading that edition): from its own fields, with no draft
    /// in between to copy and destroy (Decision D-112).
    ///
    /// - Returns: the work's identifier; the new authors' identifiers are appended, in order, to
    ///   `newAuthors`.
    /// - Precondition: every known author is live; each object built has the identifier given.
    @inline(__always)
    package mutating func insertBook(
        authors: [BookAuthor], hasEdition: Bool, newAuthors: inout [PersistentIdentifier],
        work: (_ id: PersistentIdentifier, _ authorIDs: InlineList<PersistentIdentifier>, _ editionIDs: InlineList<PersistentIdentifier>,
            _ entryIDs: InlineList<PersistentIdentifier>) -> Work,
        edition: (_ id: PersistentIdentifier, _ workID: PersistentIdentifier) -> Edition,
        entry: (_ id: PersistentIdentifier, _ workID: PersistentIdentifier, _ editionID: PersistentIdentifier?) -> UserLibraryEntry
    ) -> PersistentIdentifier {
        // The identifiers are allocated in the order the one-by-one calls would; the work is built
        // once, with its relationships, after its authors, edition and entry.
        let id = allocate(.work)
        var authorIDs = InlineList<PersistentIdentifier>()
        for author in authors {
            switch author {
            case let .known(authorID):
                guard !authorIDs.contains(authorID) else { continue }
                authorIDs.append(authorID)
                do {
                    try appendWork(id, toAuthor: authorID)
                } catch {
                    preconditionFailure("LibraryStore.insertBook: author \(authorID) is not live")
                }
            case let .new(draft):
                let authorID = allocate(.author)
                insertNew(Author(id: authorID, draft: draft, workIDs: [id]))
                authorIDs.append(authorID)
                newAuthors.append(authorID)
            }
        }
        var editionIDs = InlineList<PersistentIdentifier>()
        var editionID: PersistentIdentifier?
        if hasEdition {
            let made = allocate(.edition)
            let built = edition(made, id)
            assert(built.id == made && built.workID == id, "LibraryStore.insertBook: the edition has another identifier or work")
            insertNew(consume built)
            editionIDs.append(made)
            editionID = made
        }
        let entryID = allocate(.userLibraryEntry)
        let builtEntry = entry(entryID, id, editionID)
        assert(builtEntry.id == entryID && builtEntry.workID == id && builtEntry.editionID == editionID, "LibraryStore.insertBook: the entry has another identifier or work")
        insertNew(builtEntry)
        var entryIDs = InlineList<PersistentIdentifier>()
        entryIDs.append(entryID)
        let builtWork = work(id, authorIDs, editionIDs, entryIDs)
        assert(builtWork.id == id && builtWork.authorIDList == authorIDs && builtWork.editionIDList == editionIDs && builtWork.entryIDList == entryIDs,
            "LibraryStore.insertBook: the work has another identifier or relationships")
        insertNew(consume builtWork)
        return id
    }

    /// Records that an author wrote a work (both sides); linking twice changes nothing.
    public mutating func link(author authorID: PersistentIdentifier, to workID: PersistentIdentifier) throws(StoreError) {
        try requireLive(authorID, .author)
        try requireLive(workID, .work)
        guard !workHasAuthor(workID, authorID) else { return }
        try modifyWork(workID) { $0.authorIDList.append(authorID) }
        try appendWork(workID, toAuthor: authorID)
    }

    /// Changes a live work's own fields (not its relationships, which `change` cannot reach).
    public mutating func updateWork(_ id: PersistentIdentifier, _ change: (inout Work) -> Void) throws(StoreError) {
        try requireLive(id, .work)
        try modifyWork(id, change)
    }

    /// Changes a live edition's own fields.
    public mutating func updateEdition(_ id: PersistentIdentifier, _ change: (inout Edition) -> Void) throws(StoreError) {
        try requireLive(id, .edition)
        try modifyEdition(id, change)
    }

    /// Changes a live entry's own fields.
    public mutating func updateEntry(_ id: PersistentIdentifier, _ change: (inout UserLibraryEntry) -> Void) throws(StoreError) {
        try requireLive(id, .userLibraryEntry)
        try modifyEntry(id, change)
    }

    /// Whether a live work lists the author, without copying the work.
    func workHasAuthor(_ workID: PersistentIdentifier, _ authorID: PersistentIdentifier) -> Bool {
        guard let slot = live.works.slot(of: workID) else { return false }
        return live.works[slot: slot].authorIDList.contains(authorID)
    }

    func requireLive(_ id: PersistentIdentifier, _ kind: EntityKind) throws(StoreError) {
        guard id.kind == kind else { throw .wrongKind(id, expected: kind) }
        guard contains(id) else { throw .notFound(id) }
    }

    // MARK: - Deleting

    /// Deletes a live object, applying the delete rules; returns every object removed.
    ///
    /// - Throws: `.notFound` for an object that is not live; `.deleteFailed` for an injected fault, in
    ///   which case nothing changes.
    @discardableResult
    public mutating func delete(_ id: PersistentIdentifier) throws(StoreError) -> [PersistentIdentifier] {
        guard contains(id) else { throw .notFound(id) }
        try consumeDeleteFault()
        switch id.kind {
        case .work: return deleteWork(id)
        case .edition: return deleteEdition(id)
        case .author: return deleteAuthor(id)
        case .userLibraryEntry: return deleteEntry(id)
        }
    }

    mutating func consumeDeleteFault() throws(StoreError) {
        if faults.deleteFailuresRemaining > 0 {
            faults.deleteFailuresRemaining -= 1
            throw .deleteFailed(reason: faults.reason)
        }
    }

    mutating func deleteWork(_ id: PersistentIdentifier) -> [PersistentIdentifier] {
        guard let work = work(id) else { return [] }
        var removed = [id]
        for entryID in work.entryIDList { forget(entryID); removed.append(entryID) }  // cascade
        for editionID in work.editionIDList { forget(editionID); removed.append(editionID) }  // cascade
        for authorID in work.authorIDList {  // nullify
            Self.related("\(id)'s author \(authorID)") { () throws(StoreError) in try modifyAuthor(authorID) { $0.workIDList.removeAll { $0 == id } } }
        }
        forget(id)
        return removed
    }

    mutating func deleteEdition(_ id: PersistentIdentifier) -> [PersistentIdentifier] {
        guard let edition = edition(id) else { return [] }
        Self.related("\(id)'s work \(edition.workID)") { () throws(StoreError) in try modifyWork(edition.workID) { $0.editionIDList.removeAll { $0 == id } } }
        if let work = work(edition.workID) {
            for entryID in work.entryIDList where entry(entryID)?.editionID == id {  // nullify
                Self.related("the entry \(entryID) reading \(id)") { () throws(StoreError) in try modifyEntry(entryID) { $0.editionID = nil } }
            }
        }
        forget(id)
        return [id]
    }

    mutating func deleteAuthor(_ id: PersistentIdentifier) -> [PersistentIdentifier] {
        guard let author = author(id) else { return [] }
        for workID in author.workIDList {  // nullify
            Self.related("\(id)'s work \(workID)") { () throws(StoreError) in try modifyWork(workID) { $0.authorIDList.removeAll { $0 == id } } }
        }
        forget(id)
        return [id]
    }

    mutating func deleteEntry(_ id: PersistentIdentifier) -> [PersistentIdentifier] {
        guard let entry = entry(id) else { return [] }
        Self.related("\(id)'s work \(entry.workID)") { () throws(StoreError) in try modifyWork(entry.workID) { $0.entryIDList.removeAll { $0 == id } } }
        forget(id)
        return [id]
    }

    /// Makes a change that cannot fail: to the object at the other end of a live object's relationship
    /// (as a delete rule does), or to an object just read live, with no fault that could refuse it.
    ///
    /// The store keeps every relationship pointing at live objects of the right kind (`_checkInvariants`),
    /// and only `save` and `delete` take injected faults, so the change cannot fail; if it does, an
    /// invariant is broken and the store stops rather than leave a dangling reference behind.
    @discardableResult
    static func related<Result>(_ what: @autoclosure () -> String, _ change: () throws(StoreError) -> Result) -> Result {
        do {
            return try change()
        } catch {
            preconditionFailure("a change to a live object failed (\(what())): \(error)")
        }
    }

    /// Deletes every Work, Edition, Author and UserLibraryEntry at once (SwiftData's batch delete), and
    /// the import checkpoint, whose import they were (D-130).
    ///
    /// No relationship leaves these four kinds, so nothing can dangle and no delete rule needs
    /// applying object by object. The live objects move whole into the undo log (a rollback restores
    /// them); the next `save()` frees them.
    ///
    /// - Complexity: O(1), independent of the library's size.
    public mutating func deleteAllLibraryObjects() throws(StoreError) {
        try consumeDeleteFault()
        batchDeletes += 1
        if undo.beforeBatchDelete == nil { undo.beforeBatchDelete = live }
        live = StoreSnapshot()
    }
}
