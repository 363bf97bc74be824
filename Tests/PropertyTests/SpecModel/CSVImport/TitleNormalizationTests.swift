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

    @Test(arguments: cases)
    func titlesNormalizeAsDecided(title: String, expected: String) {
        #expect(TitleNormalization.normalizedForSearch(title) == expected)
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
}
