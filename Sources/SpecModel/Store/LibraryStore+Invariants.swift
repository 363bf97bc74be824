extension LibraryStore {
    /// Checks every invariant of the live objects and of the saved ones; for tests, after every
    /// operation.
    ///
    /// - Complexity: O(objects + relationships).
    package func _checkInvariants() throws(StoreInvariantViolation) {
        try Self.check(view: live, counter: nextRawIdentifier, label: "live")
        try Self.check(view: savedSnapshot(), counter: nextRawIdentifier, label: "saved")
    }

    static func check(view: StoreSnapshot, counter: UInt64, label: String) throws(StoreInvariantViolation) {
        func fail(_ message: String) -> StoreInvariantViolation { StoreInvariantViolation(message: "\(label) objects: \(message)") }
        // Identifiers: found where they are, of the right kind, unique across kinds, below the counter.
        var raw = Set<UInt64>()
        func checkTable<Entity>(_ table: EntityTable<Entity>, _ kind: EntityKind) throws(StoreInvariantViolation) {
            if let problem = table.inconsistency() { throw fail("the \(kind) table: \(problem)") }
            for id in table.ids {
                guard id.kind == kind else { throw fail("the \(kind) table holds \(id)") }
                guard raw.insert(id.rawValue).inserted else { throw fail("raw identifier \(id.rawValue) is used twice") }
                guard id.rawValue < counter else { throw fail("\(id) is not below the counter \(counter)") }
            }
        }
        try checkTable(view.works, .work)
        try checkTable(view.editions, .edition)
        try checkTable(view.authors, .author)
        try checkTable(view.entries, .userLibraryEntry)

        for work in view.works.values {
            guard Set(work.authorIDList).count == work.authorIDList.count else { throw fail("\(work.id) lists an author twice") }
            for authorID in work.authorIDList {
                guard let author = view.authors[authorID] else { throw fail("\(work.id) names missing author \(authorID)") }
                guard author.workIDList.contains(work.id) else { throw fail("\(authorID) does not list \(work.id) among its works") }
            }
            for editionID in work.editionIDList {
                guard let edition = view.editions[editionID] else { throw fail("\(work.id) names missing edition \(editionID)") }
                guard edition.workID == work.id else { throw fail("\(editionID) belongs to \(edition.workID), not \(work.id)") }
            }
            for entryID in work.entryIDList {
                guard let entry = view.entries[entryID] else { throw fail("\(work.id) names missing entry \(entryID)") }
                guard entry.workID == work.id else { throw fail("\(entryID) belongs to \(entry.workID), not \(work.id)") }
            }
        }
        for author in view.authors.values {
            guard Set(author.workIDList).count == author.workIDList.count else { throw fail("\(author.id) lists a work twice") }
            for workID in author.workIDList {
                guard let work = view.works[workID] else { throw fail("\(author.id) names missing work \(workID)") }
                guard work.authorIDList.contains(author.id) else { throw fail("\(workID) does not list author \(author.id)") }
            }
        }
        for edition in view.editions.values {
            guard let work = view.works[edition.workID] else { throw fail("orphan edition \(edition.id): its work \(edition.workID) is missing") }
            guard work.editionIDList.filter({ $0 == edition.id }).count == 1 else { throw fail("\(edition.workID) does not list \(edition.id) exactly once") }
        }
        for entry in view.entries.values {
            guard let work = view.works[entry.workID] else { throw fail("orphan entry \(entry.id): its work \(entry.workID) is missing") }
            guard work.entryIDList.filter({ $0 == entry.id }).count == 1 else { throw fail("\(entry.workID) does not list \(entry.id) exactly once") }
            if let editionID = entry.editionID {
                guard let edition = view.editions[editionID] else { throw fail("\(entry.id) reads missing edition \(editionID)") }
                guard edition.workID == entry.workID else { throw fail("\(entry.id) reads \(editionID), an edition of another work") }
            }
        }
    }
}

/// A broken invariant of the store: a bug in the model, reported by `_checkInvariants()`.
public struct StoreInvariantViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is broken, naming the objects involved.
    public let message: String
    public var description: String { message }
}
