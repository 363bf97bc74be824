import Generators
import SpecModel
import SpecTesting
import Testing

/// The store keeps each kind's objects side by side in no particular order, a removal moving the last
/// object into the gap (Decision D-112). Whether two stores are observably equal must not depend on
/// that order, and must still see a difference in any one object.
@Suite struct StoreEqualityTests {
    /// Titles to insert, and which of them to delete (by position, in the order given).
    struct Case: Sendable, CustomStringConvertible {
        var titles: [String]
        var deletions: [Int]
        var changed: Int

        var description: String { "titles \(titles), deleting positions \(deletions), changing position \(changed)" }
    }

    static let cases: Gen<Case> = Gen.zip(
        Gen.array(of: Gen<String>.element(of: ["Dune", "Emma", "Ulysses", "Beloved"]), count: 1...10),
        Gen.array(of: Gen<Int>.int(in: 0...9), count: 0...10),
        Gen<Int>.int(in: 0...9)
    ).map { Case(titles: $0.0, deletions: $0.1, changed: $0.2) }

    @Test func deletionOrderDoesNotMatterButEveryObjectDoes() {
        property(Self.cases, cases: 500) { test in
            var first = LibraryStore()
            var second = LibraryStore()
            var ids: [PersistentIdentifier] = []
            for title in test.titles {
                let work = first.insertWork(WorkDraft(title: title))
                _ = try first.insertEdition(EditionDraft(isbn13: title), of: work)
                try requireEqual(second.insertWork(WorkDraft(title: title)), work, "the stores hand out the same identifiers")
                _ = try second.insertEdition(EditionDraft(isbn13: title), of: work)
                ids.append(work)
            }
            let doomed = test.deletions.map { ids[$0 % ids.count] }
            // The same deletions, in opposite orders: the tables end up laid out differently.
            for id in doomed where first.contains(id) { try first.delete(id) }
            for id in doomed.reversed() where second.contains(id) { try second.delete(id) }
            try first.save()
            try second.save()
            try require(first.isObservablyEqual(to: second), "the same objects deleted in another order compared unequal")

            let survivors = ids.filter { first.contains($0) }
            guard !survivors.isEmpty else { return }
            let changed = survivors[test.changed % survivors.count]
            try second.updateWork(changed) { $0.title += "!" }
            try second.save()
            try require(!first.isObservablyEqual(to: second), "stores whose \(changed) differs in its title compared equal")
        }
    }
}
