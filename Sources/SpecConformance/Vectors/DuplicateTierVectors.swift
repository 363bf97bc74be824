import Generators
import SpecModel

/// The duplicate tier vectors: a small library of books and a candidate → the library book the
/// candidate duplicates and by which tier, or none (seed 004_…, "Duplicate Detection Algorithm";
/// D-033, D-034, D-037, D-051, D-120, D-121). Every expectation is the model's detector
/// (`ModelDuplicateDetector`), the books added in order with their index as id.
enum DuplicateTierVectors {
    static let area = "duplicate-tiers"

    typealias Example = (name: String, library: [BookIdentity], candidate: BookIdentity, pin: String)

    static func book(_ title: String, _ author: String, _ isbn: String? = nil) -> BookIdentity {
        BookIdentity(title: title, authors: [author], isbn: isbn)
    }

    static func file() -> TestVectorFile {
        typealias R = DuplicateRules
        var list = TestVectorCaseList(prefix: "dup")
        let dune = book("Dune", "Frank Herbert", "9780441013593")
        let seedTiers = "seed 004, Duplicate Detection Algorithm"
        let groups: [(Rule, [Example])] = [
            (R.tier1, [
                ("case and runs of spaces", [book("The Hobbit", "J.R.R. Tolkien")], book("the  HOBBIT", "j. r. r. tolkien"), seedTiers),
                ("an apostrophe in the title", [book("Ender's Game", "Orson Scott Card")], book("ENDER'S GAME", "orson scott card"), seedTiers),
                ("in a library of several", [book("Emma", "Jane Austen"), book("Dune", "Frank Herbert"), book("Persuasion", "Jane Austen")], book("DUNE", "FRANK HERBERT"), seedTiers),
                ("different ISBNs do not matter", [book("Dune", "Frank Herbert", "9780441013593")], book("dune", "frank herbert", "9780385550369"), "D-120"),
                ("non-ASCII letters in another case", [book("Éclair Über Alles", "Zoë Ørsted")], book("éclair über alles", "zoë ørsted"), "D-037"),
            ]),
            (R.tier2, [
                ("ISBN-10 against ISBN-13, titles differing", [book("Hunger Games", "Suzanne Collins", "0439023483")], book("The Hunger Games: Book 1", "S. Collins", "9780439023481"), seedTiers),
                ("hyphenated against Goodreads' guard", [book("Dune Messiah", "Someone Else", "978-0-441-01359-3")], book("Dune", "Frank Herbert", "=\"0441013597\""), "D-051"),
                ("no ISBN on one side", [book("Dune Messiah", "Someone Else")], dune, seedTiers),
                ("the same invalid text is no ISBN", [book("Some Title", "Someone", "12345")], book("Other Title", "Another", "12345"), "D-051"),
                ("a failed check digit is no ISBN", [book("Some Title", "Someone", "0441013598")], book("Other Title", "Another", "0441013598"), "D-051"),
                ("the empty guard is no ISBN", [book("Some Title", "Someone", "=\"\"")], book("Other Title", "Another", "=\"\""), "D-051"),
            ]),
            (R.tier3, [
                ("a series marker and initials", [book("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "J.K. Rowling")], book("Harry Potter and the Sorcerer's Stone", "JK Rowling"), seedTiers),
                ("\"Last, First\" against \"First Last\"", [book("Emma", "Austen, Jane")], book("Emma", "Jane Austen"), "D-034"),
                ("the subtitle kept when the title without its marker is short", [book("Abc: Def (Long Series Name, #2)", "Ann Lee")], book("Abc: Def", "Ann Lee"), "D-033"),
                ("90% similar", [book("Breathing Lessons", "Anne Tyler")], book("Breathing Lessons", "Anna Tyler"), "D-034"),
                ("exactly 80% similar is not a match", [book("Breathing Lessons", "Anne Tyler")], book("Breathing Lessons", "Anna Tylor"), seedTiers),
                ("another author of the same title", [book("Emma", "Jane Austen")], book("Emma", "Emma Donoghue"), "D-034"),
            ]),
            (R.bestTier, [
                ("tier 1 added last beats tiers 3 and 2 added first", [book("Dune: Deluxe Edition", "Frank Herbert"), book("Dune Messiah", "Someone Else", "0441013597"), book("DUNE", "frank herbert")], dune, "D-037"),
                ("tier 2 beats tier 3 added first", [book("Dune: Deluxe Edition", "Frank Herbert"), book("Dune Messiah", "Someone Else", "0441013597")], dune, "D-037"),
                ("within tier 3, the most similar author", [book("Dune", "Frank Herbertt"), book("Dune (Dune, #1)", "Frank Herbert")], book("Dune", "Frank Herbert"), "D-037"),
                ("equal matches: the book added first", [book("Emma", "Jane Austen"), book("EMMA", "Jane Austen")], book("emma", "jane austen"), "D-037"),
            ]),
            (R.noMatch, [
                ("an empty library", [], dune, "D-037"),
                ("other titles, other ISBNs", [book("Emma", "Jane Austen", "9780141439587"), book("The Hobbit", "J.R.R. Tolkien")], dune, "D-037"),
                ("another book by the same author", [book("Ender's Game", "Orson Scott Card")], book("Speaker for the Dead", "Orson Scott Card"), "D-037"),
                ("the primary author decides, not a co-author", [BookIdentity(title: "Good Omens", authors: ["Terry Pratchett", "Neil Gaiman"])], BookIdentity(title: "Good Omens", authors: ["Neil Gaiman", "Terry Pratchett"]), "D-034"),
            ]),
            (R.differentISBNs, [
                ("companions sharing the part before the colon, each with its ISBN-13", [book("The Lord of the Rings: The Fellowship of the Ring", "J.R.R. Tolkien", "9780547928210")], book("The Lord of the Rings: The Two Towers", "J.R.R. Tolkien", "9780547928203"), "D-120"),
                ("a series marker on one side, different ISBNs", [book("Dune (Dune, #1)", "Frank Herbert", "9780441013593")], book("Dune", "Frank Herbert", "9780593099322"), "D-120"),
                ("an ISBN-10 against another book's ISBN-13", [book("Dune: Deluxe Edition", "Frank Herbert", "0441013597")], book("Dune", "Herbert, Frank", "9780593099322"), "D-120"),
                ("no ISBN on the library's side", [book("Dune (Dune, #1)", "Frank Herbert")], book("Dune", "Frank Herbert", "9780593099322"), "D-120"),
                ("no ISBN on the candidate's side", [book("Dune (Dune, #1)", "Frank Herbert", "9780441013593")], book("Dune", "Frank Herbert"), "D-120"),
                ("an invalid ISBN is no ISBN", [book("Dune (Dune, #1)", "Frank Herbert", "9780441013593")], book("Dune", "Frank Herbert", "0441013598"), "D-120"),
                ("two editions of one work: tier 1", [book("The Hobbit", "J.R.R. Tolkien", "9780547928227")], book("THE HOBBIT", "J. R. R. Tolkien", "9780261103344"), "D-120"),
                ("the earliest book tier 3 allows, past one with another ISBN", [book("Dune (Dune, #1)", "Frank Herbert", "9780441013593"), book("Dune: Deluxe Edition", "Frank Herbert")], book("Dune", "Frank Herbert", "9780593099322"), "D-120"),
            ]),
            (R.distinctions, [
                ("different subtitles", [book("Dune: Messiah", "Frank Herbert")], book("Dune: Children", "Frank Herbert"), "D-121"),
                ("a subtitle on one side only", [book("Dune: Messiah", "Frank Herbert")], book("Dune", "Frank Herbert"), "D-121"),
                ("the same subtitle in another case, spacing and punctuation", [book("Dune: The Messiah", "Frank Herbert")], book("Dune:  THE  messiah.", "Herbert, Frank"), "D-121"),
                ("different series positions", [book("Naruto (Naruto, #1)", "Masashi Kishimoto")], book("Naruto (Naruto, #2)", "Masashi Kishimoto"), "D-121"),
                ("a series marker on one side only", [book("Naruto (Naruto, #1)", "Masashi Kishimoto")], book("Naruto", "Masashi Kishimoto"), "D-121"),
                ("the same position in another series name, a leading zero", [book("Naruto (Naruto, #01)", "Masashi Kishimoto")], book("Naruto (Naruto Manga, #1)", "Kishimoto, Masashi"), "D-121"),
                ("a title of 10 characters keeps its subtitle: not the title without it", [book("Abcd: Efgh", "Ann Lee")], book("Abcd", "Ann Lee"), "D-033"),
                ("a title of 11 characters loses its subtitle: the title without it", [book("Abcde: Efgh", "Ann Lee")], book("Abcde", "Ann Lee"), "D-033"),
                ("11 characters, different subtitles", [book("Abcde: Efgh", "Ann Lee")], book("Abcde: Ijkl", "Ann Lee"), "D-121"),
                ("the earliest book tier 3 allows, past another volume", [book("Naruto (Naruto, #2)", "Masashi Kishimoto"), book("Naruto (Naruto, #1)", "Masashi Kishimoto")], book("NARUTO (Naruto, #1)", "Kishimoto, Masashi"), "D-121"),
            ]),
        ]
        for (rule, cases) in groups {
            for example in cases {
                let isSeed = example.pin == seedTiers
                list.add(input: input(example.library, example.candidate), expected: expected(example.library, example.candidate), rules: [rule, R.agreesWithModel],
                         decisions: isSeed ? nil : [example.pin], note: isSeed ? example.name + " (" + seedTiers + ")" : example.name)
            }
        }
        // DUP-06: each pair both ways round, the same tier either way.
        let pairs: [(String, BookIdentity, BookIdentity)] = [
            ("\"Last, First\" and \"First Last\"", book("Emma", "Austen, Jane"), book("Emma", "Jane Austen")),
            ("an ISBN-10 and its ISBN-13", book("Hunger Games", "Suzanne Collins", "0439023483"), book("The Hunger Games: Book 1", "S. Collins", "9780439023481")),
            ("authors 90% similar", book("Breathing Lessons", "Anne Tyler"), book("Breathing Lessons", "Anna Tyler")),
            ("a series marker on one side", book("Naruto (Naruto, #1)", "Masashi Kishimoto"), book("Naruto", "Masashi Kishimoto")),
        ]
        for (name, first, second) in pairs {
            for (library, candidate, way) in [(first, second, "one way"), (second, first, "the other way")] {
                list.add(input: input([library], candidate), expected: expected([library], candidate), rules: [R.symmetric, R.agreesWithModel], decisions: ["D-034"],
                         note: name + ", " + way)
            }
        }
        for (index, (near, changed)) in TestVectorSampling.samples(DuplicateWorld.nearAuthors, 6, salt: 1).enumerated() {
            let library = [book("Breathing Lessons (Reissue, #1)", near)]
            let candidate = book("Breathing Lessons", changed)
            list.add("gen", input: input(library, candidate), expected: expected(library, candidate), rules: [R.tier3, R.agreesWithModel],
                     note: "generated \(index + 1): one-word authors a few edits apart, around 80% similar")
        }
        for (index, (library, candidate)) in TestVectorSampling.samples(DuplicateWorld.libraryAndCandidate, 14, salt: 2).enumerated() {
            list.add("gen", input: input(library, candidate), expected: expected(library, candidate), rules: [R.agreesWithModel],
                     note: "generated \(index + 7): a library of \(library.count) from a small world where every tier happens")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    static func bookJSON(_ book: BookIdentity) -> JSONValue {
        TestVectorValues.object([("title", .string(book.title)), ("authors", .array(book.authors.map(JSONValue.string))), ("isbn", TestVectorValues.string(book.isbn))])
    }

    static func input(_ library: [BookIdentity], _ candidate: BookIdentity) -> JSONValue {
        TestVectorValues.object([("library", .array(library.map(bookJSON))), ("candidate", bookJSON(candidate))])
    }

    /// `{"match": {"book": index, "tier": 1…3}}` or `{"match": null}`.
    static func expected(_ library: [BookIdentity], _ candidate: BookIdentity) -> JSONValue {
        var model = ModelDuplicateDetector()
        for (index, book) in library.enumerated() { model.addLibraryBook(book, id: index) }
        guard let finding = model.bestMatch(for: candidate) else { return TestVectorValues.object([("match", .null)]) }
        return TestVectorValues.object([("match", TestVectorValues.object([("book", .integer(Int64(finding.book))), ("tier", .integer(Int64(finding.tier.rawValue)))]))])
    }
}
