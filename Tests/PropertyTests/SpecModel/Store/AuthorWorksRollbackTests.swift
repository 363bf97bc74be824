import Generators
import SpecModel
import SpecTesting
import Testing

/// A saved author that gains works is not copied for the undo log: the length of its list at the save
/// is kept, and rolling back cuts the list back to it (Decision D-114). Whatever happens to the author
/// after it gains works (more works, a deleted work, its own deletion, a batch delete), a rollback or
/// a crash must give back every saved author exactly as saved, its works in their order.
@Suite struct AuthorWorksRollbackTests {
    /// A change made after the save.
    enum Step: Sendable, CustomStringConvertible {
        /// Links an author to a work (either may be saved or new).
        case link(author: Int, work: Int)
        /// Inserts a work and links an author to it.
        case newWork(author: Int)
        /// Inserts an author.
        case newAuthor
        case deleteWork(Int)
        case deleteAuthor(Int)
        case deleteAll

        var description: String {
            switch self {
            case let .link(author, work): return "link(author #\(author), work #\(work))"
            case let .newWork(author): return "newWork(by author #\(author))"
            case .newAuthor: return "newAuthor"
            case let .deleteWork(index): return "delete(work #\(index))"
            case let .deleteAuthor(index): return "delete(author #\(index))"
            case .deleteAll: return "deleteAll"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        /// The saved library: works and authors, and links by position.
        var works: Int
        var authors: Int
        var links: [Int]
        var steps: [Step]
        /// Whether the changes end in a crash (the saved snapshot) rather than a rollback.
        var crashes: Bool

        var description: String { "\(works) works, \(authors) authors, links \(links), then \(steps), \(crashes ? "crash" : "rollback")" }
    }

    static let step: Gen<Step> = Gen<Step>.frequency([
        (weight: 6, generator: Gen.zip(Gen<Int>.int(in: 0...9), Gen<Int>.int(in: 0...19)).map { Step.link(author: $0.0, work: $0.1) }),
        (weight: 6, generator: Gen<Int>.int(in: 0...9).map { Step.newWork(author: $0) }),
        (weight: 1, generator: Gen<Step>.constant(.newAuthor)),
        (weight: 2, generator: Gen<Int>.int(in: 0...19).map { Step.deleteWork($0) }),
        (weight: 1, generator: Gen<Int>.int(in: 0...9).map { Step.deleteAuthor($0) }),
        (weight: 1, generator: Gen<Step>.constant(.deleteAll)),
    ])

    static let cases: Gen<Case> = Gen.zip(
        Gen<Int>.int(in: 1...8), Gen<Int>.int(in: 1...4), Gen.array(of: Gen<Int>.int(in: 0...63), count: 0...16),
        Gen.array(of: step, count: 1...30), Gen.bool
    ).map { Case(works: $0.0, authors: $0.1, links: $0.2, steps: $0.3, crashes: $0.4) }

    @Test func savedAuthorsComeBackExactlyAsSaved() {
        property(
            Self.cases, cases: 1_000,
            coverage: [
                CoverageRequirement("a link after the save", atLeastPercent: 50),
                CoverageRequirement("then a work deleted", atLeastPercent: 10),
                CoverageRequirement("then an author deleted", atLeastPercent: 10),
                CoverageRequirement("then a batch delete", atLeastPercent: 10),
            ],
            labels: Self.labels
        ) { test in
            var store = LibraryStore()
            var works = (0..<test.works).map { store.insertWork(WorkDraft(title: "Work \($0)")) }
            var authors = (0..<test.authors).map { store.insertAuthor(AuthorDraft(name: "Author \($0)")) }
            for link in test.links {
                try store.link(author: authors[link % authors.count], to: works[(link / authors.count) % works.count])
            }
            try store.save()
            let savedAuthors = Self.sorted(store.authors())
            let savedWorks = Self.sorted(store.works())
            for step in test.steps {
                switch step {
                case let .link(author, work):
                    let (author, work) = (authors[author % authors.count], works[work % works.count])
                    if store.contains(author), store.contains(work) { try store.link(author: author, to: work) }
                case let .newWork(author):
                    let work = store.insertWork(WorkDraft(title: "New work \(works.count)"))
                    works.append(work)
                    let author = authors[author % authors.count]
                    if store.contains(author) { try store.link(author: author, to: work) }
                case .newAuthor:
                    authors.append(store.insertAuthor(AuthorDraft(name: "New author \(authors.count)")))
                case let .deleteWork(index):
                    let work = works[index % works.count]
                    if store.contains(work) { _ = try store.delete(work) }
                case let .deleteAuthor(index):
                    let author = authors[index % authors.count]
                    if store.contains(author) { _ = try store.delete(author) }
                case .deleteAll:
                    try store.deleteAllLibraryObjects()
                }
                try store._checkInvariants()
            }
            if test.crashes {
                store = store.relaunchedAfterCrash()
            } else {
                store.rollback()
            }
            try store._checkInvariants()
            try requireEqual(Self.sorted(store.authors()), savedAuthors, "the saved authors, their works in order")
            try requireEqual(Self.sorted(store.works()), savedWorks, "the saved works")
            try require(!store.hasChanges, "nothing pending after the rollback")
        }
    }

    static func sorted(_ authors: [Author]) -> [Author] { authors.sorted { $0.id.rawValue < $1.id.rawValue } }
    static func sorted(_ works: [Work]) -> [Work] { works.sorted { $0.id.rawValue < $1.id.rawValue } }

    /// What a case exercises, judged from its steps: a link after the save, and what follows it.
    static func labels(_ test: Case) -> [String] {
        guard let first = test.steps.firstIndex(where: { step in
            switch step {
            case .link, .newWork: return true
            default: return false
            }
        }) else { return [] }
        var labels: Set<String> = ["a link after the save"]
        for step in test.steps[(first + 1)...] {
            switch step {
            case .deleteWork: labels.insert("then a work deleted")
            case .deleteAuthor: labels.insert("then an author deleted")
            case .deleteAll: labels.insert("then a batch delete")
            default: break
            }
        }
        return labels.sorted()
    }
}
