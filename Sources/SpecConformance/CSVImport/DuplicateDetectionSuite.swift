import Generators
import SpecModel

/// The books of the duplicate detection suite: a small world, so that every tier happens.
enum DuplicateWorld {
    static let titles = [
        "Emma", "emma", "Emma [Annotated]", "Dune", "DUNE ", "Dune: Messiah", "Dune: Children", "Dune (Dune, #1)", "Dune (Dune, #2)", "Dune: Deluxe Edition",
        "The Hobbit", "Ender's Game", "ENDER'S  GAME", "Abc: Def", "Abc: Def (Long Series Name, #2)", "Breathing Lessons",
    ]
    static let authors: [[String]] = [
        ["Jane Austen"], ["jane  austen"], ["Austen, Jane"], ["Frank Herbert"], ["Frank Herbertt"], ["F. Herbert"], ["Emma Donoghue"],
        ["Anne Tyler"], ["Anna Tyler"], ["Anna Tylor"], ["Orson Scott Card"], ["Frank Herbert", "Brian Herbert"], ["Brian Herbert", "Frank Herbert"],
    ]
    static let isbns: [String?] = [nil, nil, nil, "9780441013593", "0441013597", "978-0-441-01359-3", "=\"0441013597\"", "9780385550369", "12345", "0441013598"]

    static let book: Gen<BookIdentity> = Gen<(String, [String], String?)>.zip(
        Gen<String>.element(of: titles), Gen<[String]>.element(of: authors), Gen<String?>.element(of: isbns)
    ).map { BookIdentity(title: $0, authors: $1, isbn: $2) }

    static let libraryAndCandidate: Gen<([BookIdentity], BookIdentity)> = Gen<([BookIdentity], BookIdentity)>.zip(Gen<BookIdentity>.array(of: book, count: 0...8), book)

    /// Author names of one word at edit distances around the 80% threshold: a word of 4 to 12 letters
    /// and a copy with one to three letters changed, added or removed.
    static let nearAuthors: Gen<(String, String)> = Gen<(String, [Int], [Int])>.zip(
        Gen<String>.string(of: Gen<Character>.element(of: Array("abcdeno")), count: 4...12),
        Gen<Int>.array(of: Gen<Int>.int(in: 0...11), count: 1...3),
        Gen<Int>.array(of: Gen<Int>.int(in: 0...2), count: 3...3)
    ).map { word, positions, kinds in
        var changed = Array(word)
        for (position, kind) in zip(positions, kinds) {
            let at = position % max(changed.count, 1)
            switch kind {
            case 0: changed[at] = changed[at] == "z" ? "y" : "z"
            case 1: changed.insert("z", at: at)
            default: if changed.count > 1 { changed.remove(at: at) }
            }
        }
        let capitalized = { (name: String) in name.prefix(1).uppercased() + name.dropFirst() }
        return ("Ann " + capitalized(word), "Ann " + capitalized(String(changed)))
    }

    static func show(_ library: [BookIdentity]) -> String {
        library.isEmpty ? "an empty library" : library.enumerated().map { "book \($0.offset): \($0.element)" }.joined(separator: "; ")
    }
}

extension ConformanceSuite where Implementation: DuplicateDetecting {
    /// The duplicate detection suite: the seed's three tiers on books where every reading of them
    /// agrees, and no match; the ISBN standard's equivalences; then the decisions (tier 1's keys,
    /// ISBNs as exported, the similarity and its 80% threshold on both sides, the best tier, different
    /// ISBNs, subtitles and series positions in tier 3, symmetry), and the model's answer on generated
    /// libraries for information.
    public static var duplicateDetection: ConformanceSuite {
        typealias R = DuplicateRules
        typealias W = DuplicateWorld
        /// A library of books (ids 0, 1, …), a candidate, and the expected finding.
        typealias Case = DuplicateDetectionExamples.Case
        func answer<Detector: DuplicateDetecting>(_ implementation: inout Detector, _ library: [BookIdentity], _ candidate: BookIdentity) -> DuplicateFinding? {
            for (id, book) in library.enumerated() { implementation.addLibraryBook(book, id: id) }
            return implementation.bestMatch(for: candidate)
        }
        func modelAnswer(_ library: [BookIdentity], _ candidate: BookIdentity) -> DuplicateFinding? {
            var model = ModelDuplicateDetector()
            return answer(&model, library, candidate)
        }
        func question(_ library: [BookIdentity], _ candidate: BookIdentity) -> String {
            "bestMatch(for: \(candidate)) in \(W.show(library))"
        }
        let show: (DuplicateFinding?) -> String = { $0?.description ?? "no duplicate" }
        func finds(_ examples: [ConformanceExample<Case>], _ rule: Rule, _ about: String, label: String? = nil) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, examples) { implementation, example in
                try ensureSame(answer(&implementation, example.library, example.candidate), example.expected, question(example.library, example.candidate), show: show)
            }
        }
        func book(_ title: String, _ author: String, _ isbn: String? = nil) -> BookIdentity {
            BookIdentity(title: title, authors: [author], isbn: isbn)
        }
        return ConformanceSuite(id: "duplicate-detection", title: "Duplicate detection", seam: "DuplicateDetecting", checks: [
            finds(DuplicateDetectionExamples.tier1, R.tier1, "the same title and author"),
            finds(DuplicateDetectionExamples.tier2, R.tier2, "the same ISBN"),
            finds(DuplicateDetectionExamples.tier3, R.tier3, "the same normalized title by the same author"),
            finds(DuplicateDetectionExamples.bestTier, R.bestTier, "several matches in one library"),
            finds(DuplicateDetectionExamples.noMatch, R.noMatch, "books that duplicate nothing"),
            .propertyWithFresh(R.symmetric, "pairs of books from a small world", cases: 100, Gen<(BookIdentity, BookIdentity)>.zip(W.book, W.book), describe: { "\($0.0) and \($0.1)" },
                // A book asked about itself asks the same question both ways.
                exercises: { $0.0 != $0.1 }) { make, pair in
                var one = make()
                var other = make()
                let forward = answer(&one, [pair.0], pair.1)
                let backward = answer(&other, [pair.1], pair.0)
                try ensure(forward?.tier == backward?.tier, "the match depends on which book is in the library",
                    question: "bestMatch(for: \(pair.1)) in a library of \(pair.0), and the other way round",
                    model: "the same tier both ways (\(show(modelAnswer([pair.0], pair.1))))", implementation: "\(show(forward)) one way, \(show(backward)) the other")
            },
            .differential(R.agreesWithModel, "libraries of up to 8 books and a candidate from a small world where every tier happens", cases: 120, W.libraryAndCandidate,
                describe: { "\(W.show($0.0)); candidate \($0.1)" },
                question: { question($0.0, $0.1) }, model: { modelAnswer($0.0, $0.1) },
                implementation: { implementation, value in answer(&implementation, value.0, value.1) }, show: show),
            finds(DuplicateDetectionExamples.differentISBNs, R.differentISBNs, "books whose valid ISBNs differ"),
            finds(DuplicateDetectionExamples.distinctions, R.distinctions, "titles that normalize alike but differ in a subtitle or a series position"),
            finds(DuplicateDetectionExamples.tier1Keys, R.tier1Keys, "titles and authors as tier 1 keys them"),
            finds(DuplicateDetectionExamples.isbnStandard, R.isbnStandard, "ISBNs as the standard defines them"),
            finds(DuplicateDetectionExamples.isbnAsExported, R.isbnAsExported, "ISBNs as exports write them"),
            finds(DuplicateDetectionExamples.similarity, R.similarity, "how similar two authors are"),
            .differential(R.similarity, "one-word authors a few edits apart, around 80% similar", label: "DUP-13.boundary", cases: 100, W.nearAuthors,
                // The same author is alike on every measure of similarity.
                exercises: { $0.0 != $0.1 },
                question: { "bestMatch(for: \"Breathing Lessons\" by \($0.1)) in a library of \"Breathing Lessons (Reissue, #1)\" by \($0.0)" },
                model: { pair in modelAnswer([book("Breathing Lessons (Reissue, #1)", pair.0)], book("Breathing Lessons", pair.1)) },
                implementation: { implementation, pair in answer(&implementation, [book("Breathing Lessons (Reissue, #1)", pair.0)], book("Breathing Lessons", pair.1)) },
                show: show),
        ])
    }
}

/// The duplicate detection suite's example lists, one per check, each a library (ids 0, 1, …), a
/// candidate and the finding: the suite checks them and the test vectors (`DuplicateTierVectors`) are
/// made of them.
enum DuplicateDetectionExamples {
    /// A library of books (ids 0, 1, …), a candidate, and the expected finding.
    typealias Case = (library: [BookIdentity], candidate: BookIdentity, expected: DuplicateFinding?)

    static func book(_ title: String, _ author: String, _ isbn: String? = nil) -> BookIdentity {
        BookIdentity(title: title, authors: [author], isbn: isbn)
    }

    static var dune: BookIdentity { book("Dune", "Frank Herbert", "9780441013593") }
    static let seedTier1 = "seed: \"Exact title + author match (case-insensitive)\""
    static let seedTier2 = "seed: \"ISBN match (if both books have ISBN)\""
    static let seedTier3 = "seed: \"Normalized title + fuzzy author match (>80% similarity score)\""
    static let seedTiers = "seed: \"Three-tier matching system to prevent duplicate entries\""

    /// DUP-01's: the same title and author.
    static var tier1: [ConformanceExample<Case>] {
        [
            ConformanceExample("an apostrophe in the title, another case", ([book("Ender's Game", "Orson Scott Card")], book("ENDER'S GAME", "orson scott card"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: seedTier1),
            ConformanceExample("in a library of several", ([book("Emma", "Jane Austen"), book("Dune", "Frank Herbert"), book("Persuasion", "Jane Austen")], book("DUNE", "FRANK HERBERT"), DuplicateFinding(book: 1, tier: .titleAndAuthor)), pins: seedTier1),
            ConformanceExample("accented letters in another case", ([book("Cien años de soledad", "Gabriel García Márquez")], book("CIEN AÑOS DE SOLEDAD", "GABRIEL GARCÍA MÁRQUEZ"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: seedTier1),
            ConformanceExample("different ISBNs do not matter", ([book("Dune", "Frank Herbert", "9780441013593")], book("dune", "frank herbert", "9780385550369"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: seedTier1),
            ConformanceExample("two editions of one work", ([book("The Hobbit", "J.R.R. Tolkien", "9780547928227")], book("THE HOBBIT", "j.r.r. tolkien", "9780261103344"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: seedTier1),
        ]
    }

    /// DUP-02's: the same ISBN.
    static var tier2: [ConformanceExample<Case>] {
        [
            ConformanceExample("the same ISBN-13, titles differing", ([book("Dune Messiah", "Someone Else", "9780441013593")], book("Dune", "Frank Herbert", "9780441013593"), DuplicateFinding(book: 0, tier: .isbn)), pins: "seed: \"Given books with ISBN match, when title differs slightly, then treat as duplicate (prefer ISBN matching)\""),
            ConformanceExample("the same ISBN-10, another title and author", ([book("Hunger Games", "Suzanne Collins", "0439023483")], book("The Hunger Games: Book 1", "S. Collins", "0439023483"), DuplicateFinding(book: 0, tier: .isbn)), pins: seedTier2),
            ConformanceExample("no ISBN on one side", ([book("Dune Messiah", "Someone Else")], dune, nil), pins: seedTier2),
            ConformanceExample("no ISBN on either side", ([book("Dune Messiah", "Someone Else")], book("Dune", "Frank Herbert"), nil), pins: seedTier2),
        ]
    }

    /// DUP-03's: the same normalized title by the same author.
    static var tier3: [ConformanceExample<Case>] {
        [
            ConformanceExample("a series marker removed, the same author", ([book("The Hunger Games (The Hunger Games, #1)", "Suzanne Collins")], book("The Hunger Games", "Suzanne Collins"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: seedTier3),
            ConformanceExample("an edition marker removed, the same author", ([book("The Great Gatsby [Special Edition]", "F. Scott Fitzgerald")], book("The Great Gatsby", "F. Scott Fitzgerald"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: seedTier3),
            ConformanceExample("another author of the same title", ([book("Emma", "Jane Austen")], book("Emma", "Emma Donoghue"), nil), pins: seedTier3),
        ]
    }

    /// DUP-04's: several matches in one library (D-037).
    static var bestTier: [ConformanceExample<Case>] {
        [
            ConformanceExample(
                "tier 1 added last beats tiers 3 and 2 added first",
                ([book("Dune: Deluxe Edition", "Frank Herbert"), book("Dune Messiah", "Someone Else", "9780441013593"), book("DUNE", "frank herbert")], dune, DuplicateFinding(book: 2, tier: .titleAndAuthor)),
                pins: "D-037"),
            ConformanceExample(
                "tier 2 beats tier 3 added first",
                ([book("Dune: Deluxe Edition", "Frank Herbert"), book("Dune Messiah", "Someone Else", "9780441013593")], dune, DuplicateFinding(book: 1, tier: .isbn)),
                pins: "D-037"),
            ConformanceExample(
                "within tier 3, the most similar author",
                ([book("Dune", "Frank Herbertt"), book("Dune (Dune, #1)", "Frank Herbert")], book("Dune", "Frank Herbert"), DuplicateFinding(book: 1, tier: .normalizedTitleAndSimilarAuthor)),
                pins: "D-037"),
            ConformanceExample("equal matches: the book added first", ([book("Emma", "Jane Austen"), book("EMMA", "Jane Austen")], book("emma", "jane austen"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: "D-037"),
        ]
    }

    /// DUP-05's: books that duplicate nothing.
    static var noMatch: [ConformanceExample<Case>] {
        [
            ConformanceExample("an empty library", ([], dune, nil), pins: seedTiers),
            ConformanceExample("other titles, other ISBNs", ([book("Emma", "Jane Austen", "9780141439587"), book("The Hobbit", "J.R.R. Tolkien")], dune, nil), pins: seedTiers),
            ConformanceExample("another book by the same author", ([book("Ender's Game", "Orson Scott Card")], book("Speaker for the Dead", "Orson Scott Card"), nil), pins: seedTiers),
        ]
    }

    /// DUP-08's: books whose valid ISBNs differ (D-120).
    static var differentISBNs: [ConformanceExample<Case>] {
        [
            ConformanceExample(
                "companions sharing the part before the colon, each with its ISBN-13",
                ([book("The Lord of the Rings: The Fellowship of the Ring", "J.R.R. Tolkien", "9780547928210")], book("The Lord of the Rings: The Two Towers", "J.R.R. Tolkien", "9780547928203"), nil),
                pins: "D-120"),
            ConformanceExample("a series marker on one side, different ISBNs", ([book("Dune (Dune, #1)", "Frank Herbert", "9780441013593")], book("Dune", "Frank Herbert", "9780593099322"), nil), pins: "D-120"),
            ConformanceExample("an ISBN-10 against another book's ISBN-13", ([book("Dune: Deluxe Edition", "Frank Herbert", "0441013597")], book("Dune", "Herbert, Frank", "9780593099322"), nil), pins: "D-120"),
            ConformanceExample("no ISBN on the library's side", ([book("Dune (Dune, #1)", "Frank Herbert")], book("Dune", "Frank Herbert", "9780593099322"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-120"),
            ConformanceExample("no ISBN on the candidate's side", ([book("Dune (Dune, #1)", "Frank Herbert", "9780441013593")], book("Dune", "Frank Herbert"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-120"),
            ConformanceExample("an invalid ISBN is no ISBN", ([book("Dune (Dune, #1)", "Frank Herbert", "9780441013593")], book("Dune", "Frank Herbert", "0441013598"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-120"),
            ConformanceExample(
                "the earliest book tier 3 allows, past one with another ISBN",
                ([book("Dune (Dune, #1)", "Frank Herbert", "9780441013593"), book("Dune [Deluxe Edition]", "Frank Herbert")], book("Dune", "Frank Herbert", "9780593099322"), DuplicateFinding(book: 1, tier: .normalizedTitleAndSimilarAuthor)),
                pins: "D-120"),
        ]
    }

    /// DUP-09's: titles that normalize alike but differ in a subtitle or a series position (D-121).
    static var distinctions: [ConformanceExample<Case>] {
        [
            ConformanceExample("the subtitle kept when the title without its marker is short", ([book("Abc: Def (Long Series Name, #2)", "Ann Lee")], book("Abc: Def", "Ann Lee"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-033"),
            ConformanceExample("different subtitles", ([book("Dune: Messiah", "Frank Herbert")], book("Dune: Children", "Frank Herbert"), nil), pins: "D-121"),
            ConformanceExample("a subtitle on one side only", ([book("Dune: Messiah", "Frank Herbert")], book("Dune", "Frank Herbert"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-121"),
            ConformanceExample("the same subtitle in another case, spacing and punctuation", ([book("Dune: The Messiah", "Frank Herbert")], book("Dune:  THE  messiah.", "Herbert, Frank"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-121"),
            ConformanceExample("different series positions", ([book("Naruto (Naruto, #1)", "Masashi Kishimoto")], book("Naruto (Naruto, #2)", "Masashi Kishimoto"), nil), pins: "D-121"),
            ConformanceExample("a series marker on one side only", ([book("Naruto (Naruto, #1)", "Masashi Kishimoto")], book("Naruto", "Masashi Kishimoto"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-121"),
            ConformanceExample("the same position in another series name, a leading zero", ([book("Naruto (Naruto, #01)", "Masashi Kishimoto")], book("Naruto (Naruto Manga, #1)", "Kishimoto, Masashi"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-121"),
            ConformanceExample("a title of 10 characters keeps its subtitle: not the title without it", ([book("Abcd: Efgh", "Ann Lee")], book("Abcd", "Ann Lee"), nil), pins: "D-033"),
            ConformanceExample("a title of 11 characters loses its subtitle: the title without it", ([book("Abcde: Efgh", "Ann Lee")], book("Abcde", "Ann Lee"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-033"),
            ConformanceExample("11 characters, different subtitles", ([book("Abcde: Efgh", "Ann Lee")], book("Abcde: Ijkl", "Ann Lee"), nil), pins: "D-121"),
            ConformanceExample(
                "the earliest book tier 3 allows, past another volume",
                ([book("Naruto (Naruto, #2)", "Masashi Kishimoto"), book("Naruto (Naruto, #1)", "Masashi Kishimoto")], book("NARUTO (Naruto, #1)", "Kishimoto, Masashi"), DuplicateFinding(book: 1, tier: .normalizedTitleAndSimilarAuthor)),
                pins: "D-121"),
        ]
    }

    /// DUP-10's: titles and authors as tier 1 keys them (D-144).
    static var tier1Keys: [ConformanceExample<Case>] {
        [
            ConformanceExample("case and runs of spaces, initials spaced", ([book("The Hobbit", "J.R.R. Tolkien")], book("the  HOBBIT", "j. r. r. tolkien"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: "D-144"),
            ConformanceExample("runs of spaces in the author", ([book("Eurydice", "Liz Moore")], book("Eurydice", "Liz    Moore"), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: "D-144"),
            ConformanceExample("a co-author added", ([book("Good Omens", "Terry Pratchett")], BookIdentity(title: "Good Omens", authors: ["Terry Pratchett", "Neil Gaiman"]), DuplicateFinding(book: 0, tier: .titleAndAuthor)), pins: "D-144"),
            ConformanceExample("the primary author decides, not a co-author", ([BookIdentity(title: "Good Omens", authors: ["Terry Pratchett", "Neil Gaiman"])], BookIdentity(title: "Good Omens", authors: ["Neil Gaiman", "Terry Pratchett"]), nil), pins: "D-144"),
        ]
    }

    /// DUP-11's: ISBNs as the standard defines them.
    static var isbnStandard: [ConformanceExample<Case>] {
        [
            ConformanceExample("ISBN-10 against ISBN-13, titles differing", ([book("Hunger Games", "Suzanne Collins", "0439023483")], book("The Hunger Games: Book 1", "S. Collins", "9780439023481"), DuplicateFinding(book: 0, tier: .isbn)), pins: "ISO 2108: conversion"),
            ConformanceExample("the same invalid text is no ISBN", ([book("Some Title", "Someone", "12345")], book("Other Title", "Another", "12345"), nil), pins: "ISO 2108: structure"),
            ConformanceExample("a failed check digit is no ISBN", ([book("Some Title", "Someone", "0441013598")], book("Other Title", "Another", "0441013598"), nil), pins: "ISO 2108: check digit"),
        ]
    }

    /// DUP-12's: ISBNs as exports write them (D-051).
    static var isbnAsExported: [ConformanceExample<Case>] {
        [
            ConformanceExample("hyphenated against Goodreads' guard", ([book("Dune Messiah", "Someone Else", "978-0-441-01359-3")], book("Dune", "Frank Herbert", "=\"9780441013593\""), DuplicateFinding(book: 0, tier: .isbn)), pins: "D-051"),
            ConformanceExample("Goodreads' empty guard is no ISBN", ([book("Some Title", "Someone", "=\"\"")], book("Other Title", "Another", "=\"\""), nil), pins: "D-051"),
        ]
    }

    /// DUP-13's: how similar two authors are (D-034).
    static var similarity: [ConformanceExample<Case>] {
        [
            ConformanceExample("a series marker and initials written apart", ([book("The Hunger Games (The Hunger Games, #1)", "J.K. Rowling")], book("The Hunger Games", "JK Rowling"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-034"),
            ConformanceExample("\"Last, First\" against \"First Last\"", ([book("Emma", "Austen, Jane")], book("Emma", "Jane Austen"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-034"),
            ConformanceExample("90% similar", ([book("Breathing Lessons", "Anne Tyler")], book("Breathing Lessons", "Anna Tyler"), DuplicateFinding(book: 0, tier: .normalizedTitleAndSimilarAuthor)), pins: "D-034"),
            ConformanceExample("exactly 80% similar is not a match", ([book("Breathing Lessons", "Anne Tyler")], book("Breathing Lessons", "Anna Tylor"), nil), pins: "D-034"),
        ]
    }
}
