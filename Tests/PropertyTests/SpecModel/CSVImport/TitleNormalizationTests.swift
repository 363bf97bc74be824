import Generators
import SpecModel
import SpecTesting
import Testing

/// Title normalization, the seed's five steps with every edge case decided (seed 004_…, "Title
/// Normalization for Better Enrichment"; Decision D-033).
@Suite struct TitleNormalizationTests {
    static let cases: [(String, String)] = [
        // The seed's examples, one per step.
        ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "Harry Potter and the Sorcerer's Stone"),
        ("The Great Gatsby [Special Edition]", "The Great Gatsby"),
        ("Thinking, Fast and Slow: A Summary", "Thinking, Fast and Slow"),
        ("Dept. of Speculation", "Dept of Speculation"),
        ("  The    Hobbit  ", "The Hobbit"),
        // Step 1: decimals and ranges are not series markers; every marker goes; leftmost match.
        ("Twilight (The Twilight Saga, #0.5)", "Twilight (The Twilight Saga, #0.5)"),
        ("Omnibus (Series, #1-3)", "Omnibus (Series, #1-3)"),
        ("A (X, #1) B (Y, #22)", "A B"),
        ("A (x (B, #1) C", "A C"),
        ("Title (Series,#3)", "Title"),
        ("Title (Series, # 3)", "Title (Series, # 3)"),
        // Step 2: every bracket; an unclosed one stays.
        ("Emma [Annotated] [Illustrated]", "Emma"),
        ("Emma [unclosed", "Emma [unclosed"),
        // Step 3: the length decides, after whitespace; the first colon splits; nothing before it keeps all.
        ("Dune: Messiah", "Dune"),
        ("Re: Zero", "Re: Zero"),
        ("A:         B", "A: B"),
        (": Untitled", ": Untitled"),
        ("Long Title: One: Two", "Long Title"),
        // Step 4: periods after letters go, decimals stay.
        ("J.R.R. Tolkien Reader", "JRR Tolkien Reader"),
        ("Wait... What?", "Wait What?"),
        ("Web 2.0 Primer", "Web 2.0 Primer"),
        ("Vol. 2", "Vol 2"),
        ("Mr. Mercedes", "Mr Mercedes"),
        // Step 5 and the rounds that make normalization idempotent.
        ("(A, [x]#1)", ""),
        ("\tTabs\nand newlines ", "Tabs and newlines"),
        ("", ""),
    ]

    @Test(arguments: cases.map { (Shown($0.0), $0.1) })
    func titlesNormalizeAsDecided(title: Shown<String>, expected: String) {
        #expect(TitleNormalization.normalizedForSearch(title.value) == expected)
    }

    @Test func normalizationIsIdempotent() {
        let titles = Gen<String>.oneOf(
            Gen<String>.bookTitle(style: .messy),
            Gen<String>.unicodeString(count: 0...30),
            Gen<String>.string(of: Gen<Character>.element(of: Array("ab (),#1:[].  -0")), count: 0...24)
        )
        property(titles, cases: 1_000) { title in
            let once = TitleNormalization.normalizedForSearch(title)
            try requireEqual(TitleNormalization.normalizedForSearch(once), once, "normalizing \(String(reflecting: title)) twice")
        }
    }

    @Test func normalizedTitlesHaveNoSeriesOrEditionMarkersAndTidySpaces() {
        property(Gen<BookTitle>.bookTitleParts(style: .messy), cases: 500) { parts in
            let normalized = TitleNormalization.normalizedForSearch(parts.text)
            try require(!normalized.hasPrefix(" ") && !normalized.hasSuffix(" ") && !normalized.contains("  "), "untidy spaces in \(normalized)")
            if let series = parts.series, case .number = series.position {
                // The marker goes; a `#` of the title's own words ("#1 Fan") stays.
                let collapsed = { (text: String) in text.split(separator: " ").joined(separator: " ") }
                let ownHashes = (parts.mainTitle + (parts.subtitle ?? "")).filter { $0 == "#" }.count
                try require(
                    !collapsed(normalized).contains(collapsed(series.text)) && normalized.filter({ $0 == "#" }).count <= ownHashes,
                    "a series marker survived in \(String(reflecting: normalized)) from \(String(reflecting: parts.text))")
            }
            if parts.edition != nil {
                try require(!normalized.contains("["), "an edition marker survived in \(normalized)")
            }
        }
    }
    /// What tier 3 compares beyond the normalized title (Decision D-121): the subtitle step 3 strips,
    /// normalized and lowercased, and the first series marker's position, leading zeros dropped.
    static let distinctionCases: [(title: String, subtitle: String?, position: String?)] = [
        ("Dune", nil, nil),
        ("Dune: Messiah", "messiah", nil),
        ("Dune:   The  MESSIAH.", "the messiah", nil),
        ("Naruto (Naruto, #1)", nil, "1"),
        ("Naruto (Naruto, #007)", nil, "7"),
        ("Naruto (Naruto, #0)", nil, "0"),
        ("Fables: Legends in Exile (Fables, #1)", "legends in exile", "1"),
        // The first marker only; markers that are not step 1's (`#0.5`, `#1-3`) are no position.
        ("A (X, #2) B (Y, #22)", nil, "2"),
        ("Twilight (The Twilight Saga, #0.5)", nil, nil),
        ("Omnibus (Series, #1-3)", nil, nil),
        // The 10-character rule: a title of 10 keeps its subtitle in the normalized title, 11 strips it.
        ("Abcd: Efgh", nil, nil),
        ("Abcde: Efgh", "efgh", nil),
        // Measured after the markers go, as step 3 measures it.
        ("Abc: Def (Long Series Name, #2)", nil, "2"),
        (": Untitled Work", nil, nil),
        ("Long Title: One: Two", "one: two", nil),
        ("Long Title: [Annotated]", nil, nil),
        ("Thinking, Fast and Slow: A Summary", "a summary", nil),
        ("Über Alles: Ein Roman (Reihe, #3)", "ein roman", "3"),
        ("Straße\u{2003}der Welt: Zweiter\u{2003}Teil", "zweiter teil", nil),
    ]

    @Test(arguments: distinctionCases)
    func distinctionsAreTheStrippedSubtitleAndTheSeriesPosition(title: String, subtitle: String?, position: String?) {
        let distinctions = TitleNormalization.distinctions(of: title)
        #expect(distinctions.subtitle == subtitle, "the subtitle of \(String(reflecting: title))")
        #expect(distinctions.seriesPosition == position, "the series position of \(String(reflecting: title))")
    }

    @Test func aTitleNormalizationLeavesAsItWasHasNoDistinctions() {
        let titles = Gen<String>.oneOf(
            Gen<String>.bookTitle(style: .messy),
            Gen<String>.string(of: Gen<Character>.element(of: Array("ab (),#1:[].  -0")), count: 0...24)
        )
        property(titles, cases: 1_000) { title in
            guard TitleNormalization.normalizedForSearch(title) == title else { return }
            try requireEqual(TitleNormalization.distinctions(of: title), .none, "the distinctions of \(String(reflecting: title))")
        }
    }

    @Test func distinctionsAreTheSameWalkingBytesOrScalars() {
        // A title with an em space is walked by scalars; the same title with ASCII spaces by bytes.
        property(Gen<BookTitle>.bookTitleParts(style: .messy), cases: 500) { parts in
            let ascii = TitleNormalization.distinctions(of: parts.text)
            let wide = TitleNormalization.distinctions(of: parts.text.replacing(" ", with: "\u{2003}"))
            try requireEqual(wide.seriesPosition, ascii.seriesPosition, "the series position of \(String(reflecting: parts.text))")
            try requireEqual(wide.subtitle, ascii.subtitle, "the subtitle of \(String(reflecting: parts.text))")
        }
    }
}
