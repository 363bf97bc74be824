import Generators
import SpecModel

extension ConformanceSuite where Implementation: TitleNormalizing {
    /// The title normalization suite: the seed's five steps one by one where the seed's words fix the
    /// answer, the subtitle boundary on both sides, then the decisions (D-033: idempotence, what step 3
    /// measures, which periods step 4 removes; D-140: dashes), and the model's answer on generated messy
    /// titles for information.
    public static var titleNormalization: ConformanceSuite {
        typealias R = TitleNormalizationRules
        let model = ModelTitleNormalizer()
        func same(_ examples: [ConformanceExample<(String, String)>], _ rule: Rule, _ about: String, label: String? = nil) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, examples) { implementation, pair in
                try ensureSame(implementation.normalizedTitle(pair.0), pair.1, "normalizedTitle(\(String(reflecting: pair.0)))")
            }
        }
        return ConformanceSuite(id: "title-normalization", title: "Title normalization", seam: "TitleNormalizing", checks: [
            // Step 1: every example is what the seed's expression matches, leftmost first.
            same(TitleNormalizationExamples.seriesMarkers, R.seriesMarkers, "series markers"),
            .property(R.seriesMarkers, "generated titles with a numbered series marker", Gen<BookTitle>.bookTitleParts(style: .messy).filter("numbered series marker") { parts in
                if let series = parts.series, case .number = series.position { return true }
                return false
            }, describe: { String(reflecting: $0.text) },
                // A `(` with a `#` after it, which every match of the seed's expression holds.
                exercises: { parts in parts.text.firstIndex(of: "(").map { parts.text[$0...].contains("#") } ?? false }) { implementation, parts in
                let normalized = implementation.normalizedTitle(parts.text)
                let collapsed = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                let ownHashes = (parts.mainTitle + (parts.subtitle ?? "")).filter { $0 == "#" }.count
                try ensure(
                    !collapsed(normalized).contains(collapsed(parts.series?.text ?? "")) && normalized.filter({ $0 == "#" }).count <= ownHashes,
                    "the series marker survived", question: "normalizedTitle(\(String(reflecting: parts.text)))",
                    model: String(reflecting: model.normalizedTitle(parts.text)), implementation: String(reflecting: normalized))
            },
            same(TitleNormalizationExamples.editionMarkers, R.editionMarkers, "edition markers"),
            // Step 3 on titles where every reading of "title length" agrees: one colon, no markers, single spaces.
            same(TitleNormalizationExamples.subtitles, R.subtitles, "the subtitle boundary"),
            .differential(R.subtitles, "titles of 8 to 13 characters around one colon, single-spaced", label: "TITLE-03.boundary", cases: 200, boundaryTitles(spaces: 0...1),
                exercises: { $0.contains(":") },
                question: { "normalizedTitle(\(String(reflecting: $0)))" }, model: model.normalizedTitle, implementation: { $0.normalizedTitle($1) }),
            same(TitleNormalizationExamples.abbreviationPeriods, R.abbreviationPeriods, "abbreviation periods"),
            same(TitleNormalizationExamples.whitespace, R.whitespace, "whitespace"),
            .property(R.whitespace, "generated messy titles", cases: 200, Gen<String>.bookTitle(style: .messy), describe: { String(reflecting: $0) },
                exercises: { $0.contains(where: \.isWhitespace) }) { implementation, title in
                let normalized = implementation.normalizedTitle(title)
                try ensure(
                    normalized.first?.isWhitespace != true && normalized.last?.isWhitespace != true && !normalized.contains("  "),
                    "the normalized title has untidy whitespace", question: "normalizedTitle(\(String(reflecting: title)))",
                    model: String(reflecting: model.normalizedTitle(title)), implementation: String(reflecting: normalized))
            },
            .property(R.idempotent, "generated messy and hostile titles", cases: 300, anyTitle, describe: { String(reflecting: $0) },
                // The steps only remove or collapse text: an empty title stays empty in every round.
                exercises: { !$0.isEmpty }) { implementation, title in
                let once = implementation.normalizedTitle(title)
                let twice = implementation.normalizedTitle(once)
                try ensure(twice == once, "normalizing the normalized title changed it", question: "normalizedTitle(\(String(reflecting: once)))",
                    model: String(reflecting: once), implementation: String(reflecting: twice))
            },
            same(TitleNormalizationExamples.twoRounds, R.idempotent, "a title the five steps change twice", label: "TITLE-06.examples"),
            .differential(R.fiveSteps, "generated messy and hostile titles", cases: 300, anyTitle,
                question: { "normalizedTitle(\(String(reflecting: $0)))" }, model: model.normalizedTitle, implementation: { $0.normalizedTitle($1) }),
            same(TitleNormalizationExamples.subtitleMeasure, R.subtitleMeasure, "what step 3 measures and where it splits"),
            .differential(R.subtitleMeasure, "titles of 8 to 13 characters around one colon followed by a run of spaces", label: "TITLE-08.boundary", cases: 200, boundaryTitles(spaces: 2...5),
                exercises: { $0.contains(":") },
                question: { "normalizedTitle(\(String(reflecting: $0)))" }, model: model.normalizedTitle, implementation: { $0.normalizedTitle($1) }),
            same(TitleNormalizationExamples.periodsAfterLetters, R.periodsAfterLetters, "periods that follow letters"),
            same(TitleNormalizationExamples.dashes, R.dashes, "dashes"),
        ])
    }

    /// Titles whose length before and after a colon straddles the 10-character boundary, all of them
    /// the 0 to 2 spaces after the colon that the vectors sample.
    static var boundaryTitles: Gen<String> { boundaryTitles(spaces: 0...2) }

    /// Titles whose length straddles the 10-character boundary: a word, a colon, `spaces` spaces, a word.
    static func boundaryTitles(spaces: ClosedRange<Int>) -> Gen<String> {
        let word = Gen<String>.string(of: Gen<Character>.element(of: Array("abcdeXYZ")), count: 1...8)
        return Gen<(String, String, Int)>.zip(word, word, Gen<Int>.int(in: spaces)).map { head, tail, spaces in
            head + ":" + String(repeating: " ", count: spaces) + tail
        }
    }

    /// Messy book titles, any Unicode, and strings made of the characters the steps react to.
    static var anyTitle: Gen<String> {
        Gen<String>.oneOf(
            Gen<String>.bookTitle(style: .messy),
            Gen<String>.unicodeString(count: 0...30),
            Gen<String>.string(of: Gen<Character>.element(of: Array("ab (),#1:[].  -0")), count: 0...24)
        )
    }
}

/// The title normalization suite's example lists, one per check, each a title and what it normalizes
/// to: the suite checks them and the test vectors (`TitleNormalizationVectors`) are made of them.
enum TitleNormalizationExamples {
    static let seedStep1 = "seed: \"Remove series markers: `\\s*\\([^)]*,\\s*#\\d+\\)`\""
    static let seedStep2 = "seed: \"Remove edition markers: `\\s*\\[[^\\]]*\\]`\""
    static let seedStep3 = "seed: \"Strip subtitles after `:` if title length > 10 chars\""
    static let seedStep4 = "seed: \"Remove abbreviation periods: `Dept.` → `Dept`\""
    static let seedStep5 = "seed: \"Normalize whitespace: multiple spaces → single space, trim\""

    /// TITLE-01's: series markers, each what the seed's expression matches, leftmost first.
    static var seriesMarkers: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("the seed's example", ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "Harry Potter and the Sorcerer's Stone"), pins: "seed: \"(Harry Potter, #1) removed\""),
            ConformanceExample("two markers", ("A (X, #1) B (Y, #22)", "A B"), pins: seedStep1),
            ConformanceExample("no space after the comma (`,\\s*#`)", ("Title (Series,#3)", "Title"), pins: seedStep1),
            ConformanceExample("a decimal place is not a marker (`#\\d+\\)`)", ("Twilight (The Twilight Saga, #0.5)", "Twilight (The Twilight Saga, #0.5)"), pins: seedStep1),
            ConformanceExample("a range is not a marker (`#\\d+\\)`)", ("Omnibus (Series, #1-3)", "Omnibus (Series, #1-3)"), pins: seedStep1),
            ConformanceExample("a space after # is not a marker (`#\\d`)", ("Title (Series, # 3)", "Title (Series, # 3)"), pins: seedStep1),
            ConformanceExample("the leftmost parenthesis opens the match (`\\([^)]*`)", ("A (x (B, #1) C", "A C"), pins: seedStep1),
        ]
    }

    /// TITLE-02's: edition markers.
    static var editionMarkers: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("the seed's example", ("The Great Gatsby [Special Edition]", "The Great Gatsby"), pins: "seed: \"[Special Edition] removed\""),
            ConformanceExample("every bracket", ("Emma [Annotated] [Illustrated]", "Emma"), pins: seedStep2),
            ConformanceExample("an unclosed bracket stays", ("Emma [unclosed", "Emma [unclosed"), pins: seedStep2),
        ]
    }

    /// TITLE-03's: the subtitle boundary, on titles where every reading of "title length" agrees.
    static var subtitles: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("the seed's example", ("Title: Subtitle", "Title"), pins: "seed: \"`Title: Subtitle` → `Title`\""),
            ConformanceExample("a long title", ("Thinking, Fast and Slow: A Summary", "Thinking, Fast and Slow"), pins: seedStep3),
            ConformanceExample("11 characters: stripped", ("Abcd: Efghi", "Abcd"), pins: seedStep3),
            ConformanceExample("10 characters: kept", ("Abcd: Efgh", "Abcd: Efgh"), pins: seedStep3),
            ConformanceExample("short: kept", ("Re: Zero", "Re: Zero"), pins: seedStep3),
        ]
    }

    /// TITLE-04's: abbreviation periods.
    static var abbreviationPeriods: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("the seed's example", ("Dept. of Speculation", "Dept of Speculation"), pins: "seed: \"Dept. → Dept\""),
            ConformanceExample("an abbreviation before a number", ("Vol. 2", "Vol 2"), pins: seedStep4),
            ConformanceExample("initials", ("J.R.R. Tolkien Reader", "JRR Tolkien Reader"), pins: seedStep4),
            ConformanceExample("a decimal point is no abbreviation period", ("Web 2.0 Primer", "Web 2.0 Primer"), pins: seedStep4),
        ]
    }

    /// TITLE-05's: whitespace.
    static var whitespace: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("the seed's example", ("  The    Hobbit  ", "The Hobbit"), pins: "seed: \"multiple spaces → single space, trim\""),
            ConformanceExample("tabs and newlines are whitespace", ("\tTabs\nand newlines ", "Tabs and newlines"), pins: seedStep5),
            ConformanceExample("empty", ("", ""), pins: seedStep5),
        ]
    }

    /// TITLE-06's: a title the five steps change twice (D-033).
    static var twoRounds: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("a marker exposed by step 2 is removed in another round", ("Title (A, [x]#1)", "Title"), pins: "D-033"),
        ]
    }

    /// TITLE-08's: what step 3 measures and where it splits (D-033).
    static var subtitleMeasure: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("measured with spaces collapsed", ("A:         B", "A: B"), pins: "D-033"),
            ConformanceExample("measured after the series marker goes", ("Abc: Def (Long Series Name, #2)", "Abc: Def"), pins: "D-033"),
            ConformanceExample("measured after the edition marker goes", ("Abc: Def [Collector's Edition]", "Abc: Def"), pins: "D-033"),
            ConformanceExample("the first colon splits", ("Long Title: One: Two", "Long Title"), pins: "D-033"),
            ConformanceExample("nothing before the colon keeps the title", (": Untitled Works", ": Untitled Works"), pins: "D-033"),
            ConformanceExample("only spaces before the colon keep the title", ("   : Untitled Works", ": Untitled Works"), pins: "D-033"),
        ]
    }

    /// TITLE-09's: periods that follow letters (D-033).
    static var periodsAfterLetters: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("an ellipsis", ("Wait... What?", "Wait What?"), pins: "D-033"),
            ConformanceExample("a sentence's last period", ("It Ends Here.", "It Ends Here"), pins: "D-033"),
            ConformanceExample("a period between a letter and a digit stays", ("Book A.2 Notes", "Book A.2 Notes"), pins: "D-033"),
        ]
    }

    /// TITLE-10's: dashes, which mark no subtitle (D-140).
    static var dashes: [ConformanceExample<(String, String)>] {
        [
            ConformanceExample("a hyphen between spaces", ("Title - Subtitle", "Title - Subtitle"), pins: "D-140"),
            ConformanceExample("11 characters around a hyphen", ("Abcd - Efgh", "Abcd - Efgh"), pins: "D-140"),
            ConformanceExample("a long title around a hyphen", ("Star Wars - A New Hope", "Star Wars - A New Hope"), pins: "D-140"),
            ConformanceExample("an en dash", ("Dune \u{2013} Deluxe Edition", "Dune \u{2013} Deluxe Edition"), pins: "D-140"),
            ConformanceExample("an em dash", ("The Stand \u{2014} The Complete Edition", "The Stand \u{2014} The Complete Edition"), pins: "D-140"),
            ConformanceExample("a hyphen inside a word", ("Catch-22", "Catch-22"), pins: "D-140"),
            ConformanceExample("a colon after a dash still splits", ("The Lord of the Rings - Part One: The Fellowship", "The Lord of the Rings - Part One"), pins: "D-140"),
            ConformanceExample("a dash after a colon goes with the subtitle", ("Dune Messiah: Book Two - Reissue", "Dune Messiah"), pins: "D-140"),
        ]
    }
}
