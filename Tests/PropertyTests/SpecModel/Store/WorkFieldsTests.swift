import Generators
import SpecModel
import SpecTesting
import Testing

/// A work keeps the fields enrichment fills out of line, and only while one of them is set
/// (Decision D-112). Whatever the order of writes, the fields read back as a plain record of them
/// has them, and two works with the same fields are equal and hash alike, however they got there.
@Suite struct WorkFieldsTests {
    /// One write to one of the out-of-line fields; `nil` and `[]` clear it.
    enum Write: Sendable, CustomStringConvertible {
        case subtitle(String?), workDescription(String?), originalLanguage(String?), coverURL(String?)
        case subjectTags([String]), openLibraryWorkID(String?), isbndbID(String?), goodreadsWorkIDs([String])

        var description: String {
            switch self {
            case let .subtitle(value): return "subtitle = \(String(describing: value))"
            case let .workDescription(value): return "workDescription = \(String(describing: value))"
            case let .originalLanguage(value): return "originalLanguage = \(String(describing: value))"
            case let .coverURL(value): return "coverURL = \(String(describing: value))"
            case let .subjectTags(value): return "subjectTags = \(value)"
            case let .openLibraryWorkID(value): return "openLibraryWorkID = \(String(describing: value))"
            case let .isbndbID(value): return "isbndbID = \(String(describing: value))"
            case let .goodreadsWorkIDs(value): return "goodreadsWorkIDs = \(value)"
            }
        }
    }

    /// The plain record the writes are checked against.
    struct Fields: Equatable {
        var subtitle: String?
        var workDescription: String?
        var originalLanguage: String?
        var coverURL: String?
        var subjectTags: [String] = []
        var openLibraryWorkID: String?
        var isbndbID: String?
        var goodreadsWorkIDs: [String] = []

        mutating func apply(_ write: Write) {
            switch write {
            case let .subtitle(value): subtitle = value
            case let .workDescription(value): workDescription = value
            case let .originalLanguage(value): originalLanguage = value
            case let .coverURL(value): coverURL = value
            case let .subjectTags(value): subjectTags = value
            case let .openLibraryWorkID(value): openLibraryWorkID = value
            case let .isbndbID(value): isbndbID = value
            case let .goodreadsWorkIDs(value): goodreadsWorkIDs = value
            }
        }

        init(_ work: Work) {
            subtitle = work.subtitle
            workDescription = work.workDescription
            originalLanguage = work.originalLanguage
            coverURL = work.coverURL
            subjectTags = work.subjectTags
            openLibraryWorkID = work.openLibraryWorkID
            isbndbID = work.isbndbID
            goodreadsWorkIDs = work.goodreadsWorkIDs
        }

        init() {}
    }

    static func apply(_ write: Write, to work: inout Work) {
        switch write {
        case let .subtitle(value): work.subtitle = value
        case let .workDescription(value): work.workDescription = value
        case let .originalLanguage(value): work.originalLanguage = value
        case let .coverURL(value): work.coverURL = value
        case let .subjectTags(value): work.subjectTags = value
        case let .openLibraryWorkID(value): work.openLibraryWorkID = value
        case let .isbndbID(value): work.isbndbID = value
        case let .goodreadsWorkIDs(value): work.goodreadsWorkIDs = value
        }
    }

    /// Writes that set and clear: short values from a small set, so equal values and clearing come often.
    static let write: Gen<Write> = {
        let text = Gen<String>.element(of: ["", "a", "Dune", "é", "a longer text of more than fifteen bytes"]).optional(nilProbability: 0.4)
        let list = Gen.array(of: Gen<String>.element(of: ["x", "y", "OL1W"]), count: 0...2)
        return Gen<Write>.oneOf(
            text.map(Write.subtitle), text.map(Write.workDescription), text.map(Write.originalLanguage), text.map(Write.coverURL),
            list.map(Write.subjectTags), text.map(Write.openLibraryWorkID), text.map(Write.isbndbID), list.map(Write.goodreadsWorkIDs)
        )
    }()

    @Test func fieldsReadBackAndEqualWorksAreEqual() {
        property(Gen.array(of: Self.write, count: 0...12), cases: 500) { writes in
            // One work written field by field, in the store.
            var store = LibraryStore()
            let id = store.insertWork(WorkDraft(title: "Dune"))
            var expected = Fields()
            for write in writes {
                expected.apply(write)
                try store.updateWork(id) { Self.apply(write, to: &$0) }
                try requireEqual(Fields(try #require(store.work(id))), expected, "after \(write)")
            }
            // The same fields given at once, to a work in another store with the same identifier.
            var other = LibraryStore()
            let sameID = other.insertWork(WorkDraft(
                title: "Dune", subtitle: expected.subtitle, workDescription: expected.workDescription,
                originalLanguage: expected.originalLanguage, coverURL: expected.coverURL, subjectTags: expected.subjectTags,
                openLibraryWorkID: expected.openLibraryWorkID, isbndbID: expected.isbndbID, goodreadsWorkIDs: expected.goodreadsWorkIDs
            ))
            let written = try #require(store.work(id))
            let given = try #require(other.work(sameID))
            try requireEqual(written, given, "the work written field by field and the work given them at once")
            try requireEqual(written.hashValue, given.hashValue, "their hashes")
            // And a work that differs in one field is not equal.
            var differing = given
            differing.coverURL = (given.coverURL ?? "") + "!"
            try require(differing != written, "a work with another cover URL compared equal")
        }
    }
}
