import Generators
import SpecModel

extension ConformanceSuite where Implementation: TitleNormalizing {
    /// The title normalization suite: the five steps one by one, the subtitle boundary on both sides,
    /// idempotence, and the model's answer on generated messy titles.
    public static var titleNormalization: ConformanceSuite {
        typealias R = TitleNormalizationRules
        let model = ModelTitleNormalizer()
        func same(_ examples: [ConformanceExample<(String, String)>], _ rule: Rule, _ about: String) -> ConformanceCheck<Implementation> {
            .examples(rule, about, examples) { implementation, pair in
                try ensureSame(implementation.normalizedTitle(pair.0), pair.1, "normalizedTitle(\(String(reflecting: pair.0)))")
            }
        }
        return ConformanceSuite(id: "title-normalization", title: "Title normalization", seam: "TitleNormalizing", checks: [
            same([
                ConformanceExample("the seed's example", ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "Harry Potter and the Sorcerer's Stone"), pins: "seed: \"(Harry Potter, #1) removed\""),
                ConformanceExample("two markers", ("A (X, #1) B (Y, #22)", "A B"), pins: "D-033"),
                ConformanceExample("no space after the comma", ("Title (Series,#3)", "Title"), pins: "D-033"),
                ConformanceExample("a decimal place is not a marker", ("Twilight (The Twilight Saga, #0.5)", "Twilight (The Twilight Saga, #0.5)"), pins: "D-033"),
                ConformanceExample("a range is not a marker", ("Omnibus (Series, #1-3)", "Omnibus (Series, #1-3)"), pins: "D-033"),
                ConformanceExample("a space after # is not a marker", ("Title (Series, # 3)", "Title (Series, # 3)"), pins: "D-033"),
                ConformanceExample("the leftmost parenthesis opens the match", ("A (x (B, #1) C", "A C"), pins: "D-033"),
            ], R.seriesMarkers, "series markers"),
            .property(R.seriesMarkers, "generated titles with a numbered series marker", Gen<BookTitle>.bookTitleParts(style: .messy).filter("numbered series marker") { parts in
                if let series = parts.series, case .number = series.position { return true }
                return false
            }, describe: { String(reflecting: $0.text) }) { implementation, parts in
                let normalized = implementation.normalizedTitle(parts.text)
                let collapsed = { (text: String) in text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
                let ownHashes = (parts.mainTitle + (parts.subtitle ?? "")).filter { $0 == "#" }.count
                try ensure(
                    !collapsed(normalized).contains(collapsed(parts.series?.text ?? "")) && normalized.filter({ $0 == "#" }).count <= ownHashes,
                    "the series marker survived", question: "normalizedTitle(\(String(reflecting: parts.text)))",
                    model: String(reflecting: model.normalizedTitle(parts.text)), implementation: String(reflecting: normalized))
            },
            same([
                ConformanceExample("the seed's example", ("The Great Gatsby [Special Edition]", "The Great Gatsby"), pins: "seed: \"[Special Edition] removed\""),
                ConformanceExample("every bracket", ("Emma [Annotated] [Illustrated]", "Emma"), pins: "D-033"),
                ConformanceExample("an unclosed bracket stays", ("Emma [unclosed", "Emma [unclosed"), pins: "D-033"),
            ], R.editionMarkers, "edition markers"),
            same([
                ConformanceExample("the seed's example", ("Thinking, Fast and Slow: A Summary", "Thinking, Fast and Slow"), pins: "seed: \"Title: Subtitle → Title\""),
                ConformanceExample("11 characters: stripped", ("Abcd: Efghi", "Abcd"), pins: "seed: \"title length > 10 chars\""),
                ConformanceExample("10 characters: kept", ("Abcd: Efgh", "Abcd: Efgh"), pins: "seed: \"title length > 10 chars\""),
                ConformanceExample("short: kept", ("Re: Zero", "Re: Zero"), pins: "D-033"),
                ConformanceExample("measured with spaces collapsed", ("A:         B", "A: B"), pins: "D-033"),
                ConformanceExample("measured after the markers go", ("Abc: Def (Long Series Name, #2)", "Abc: Def"), pins: "D-033"),
                ConformanceExample("the first colon splits", ("Long Title: One: Two", "Long Title"), pins: "D-033"),
                ConformanceExample("nothing before the colon keeps the title", (": Untitled Works", ": Untitled Works"), pins: "D-033"),
            ], R.subtitles, "the subtitle boundary"),
            .differential(R.subtitles, "titles of 8 to 13 characters around a colon", label: "TITLE-03.boundary", cases: 200, boundaryTitles,
                question: { "normalizedTitle(\(String(reflecting: $0)))" }, model: model.normalizedTitle, implementation: { $0.normalizedTitle($1) }),
            same([
                ConformanceExample("the seed's example", ("Dept. of Speculation", "Dept of Speculation"), pins: "seed: \"Dept. → Dept\""),
                ConformanceExample("initials", ("J.R.R. Tolkien Reader", "JRR Tolkien Reader"), pins: "D-033"),
                ConformanceExample("an ellipsis", ("Wait... What?", "Wait What?"), pins: "D-033"),
                ConformanceExample("a decimal keeps its period", ("Web 2.0 Primer", "Web 2.0 Primer"), pins: "D-033"),
                ConformanceExample("before a digit after a space", ("Vol. 2", "Vol 2"), pins: "D-033"),
            ], R.abbreviationPeriods, "abbreviation periods"),
            same([
                ConformanceExample("the seed's example", ("  The    Hobbit  ", "The Hobbit"), pins: "seed: \"multiple spaces → single space, trim\""),
                ConformanceExample("tabs and newlines", ("\tTabs\nand newlines ", "Tabs and newlines"), pins: "D-033"),
                ConformanceExample("empty", ("", ""), pins: "D-033"),
            ], R.whitespace, "whitespace"),
            .property(R.whitespace, "generated messy titles", cases: 200, Gen<String>.bookTitle(style: .messy), describe: { String(reflecting: $0) }) { implementation, title in
                let normalized = implementation.normalizedTitle(title)
                try ensure(
                    normalized.first?.isWhitespace != true && normalized.last?.isWhitespace != true && !normalized.contains("  "),
                    "the normalized title has untidy whitespace", question: "normalizedTitle(\(String(reflecting: title)))",
                    model: String(reflecting: model.normalizedTitle(title)), implementation: String(reflecting: normalized))
            },
            .property(R.idempotent, "generated messy and hostile titles", cases: 300, anyTitle, describe: { String(reflecting: $0) }) { implementation, title in
                let once = implementation.normalizedTitle(title)
                let twice = implementation.normalizedTitle(once)
                try ensure(twice == once, "normalizing the normalized title changed it", question: "normalizedTitle(\(String(reflecting: once)))",
                    model: String(reflecting: once), implementation: String(reflecting: twice))
            },
            .differential(R.fiveSteps, "generated messy and hostile titles", cases: 300, anyTitle,
                question: { "normalizedTitle(\(String(reflecting: $0)))" }, model: model.normalizedTitle, implementation: { $0.normalizedTitle($1) }),
        ])
    }

    /// Titles whose length before and after a colon straddles the 10-character boundary.
    static var boundaryTitles: Gen<String> {
        let word = Gen<String>.string(of: Gen<Character>.element(of: Array("abcdeXYZ")), count: 1...8)
        return Gen<(String, String, Int)>.zip(word, word, Gen<Int>.int(in: 0...2)).map { head, tail, spaces in
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
