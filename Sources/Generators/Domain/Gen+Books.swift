// Book titles and author names, tidy or hostile as a `BookTextStyle` says.
//
// Every feature a style enables is drawn as a choice whose simplest value is "absent" (an
// `optional` whose nil comes first, a `frequency` whose first entry is the plain form), and every
// vocabulary lists its shortest entry first. So whatever the style, a failing title shrinks toward
// "A" plus only the features the failure needs, and a failing name toward "A B".

extension Gen where Value == BookTitle {
    /// Generates book titles with the parts they were built from (see `BookTitle`).
    ///
    /// A title is 1–6 words in title case, then, as `style` enables them: a subtitle after a colon,
    /// an edition marker, a Goodreads series marker; within the main title commas, quotes around a
    /// word, a terminal `!`/`?`/`...`, abbreviations, apostrophes, symbols, accented and non-Latin
    /// words and emoji; around and between the words stray spaces; over the main title and
    /// subtitle lowercase, UPPERCASE or rAnDoM case. The series marker is always written the way
    /// Goodreads writes it, `(Name, #1)`, so `series` is the ground truth for a series detector.
    public static func bookTitleParts(style: BookTextStyle = .messy) -> Gen {
        let p = style.featureProbability
        let drawWords = Gen<(String, Bool)>.array(of: BookTextGenerators.titleWord(style), count: 1...6).run
        let drawQuote = Gen<(Int, Int)>.zip(Gen<Int>.int(in: 0...2), Gen<Int>.int(in: 0...5)).optional(nilProbability: 1 - p / 2).run
        let drawTerminal = Gen<String>.element(of: ["!", "?", "...", "…", "."]).optional(nilProbability: 1 - p / 2).run
        let drawSubtitle = BookTextGenerators.subtitle(style).optional(nilProbability: 1 - p).run
        let drawEdition = Gen<String>.element(of: BookVocabulary.editionMarkers).optional(nilProbability: 1 - p).run
        let drawSeries = BookTextGenerators.seriesMarker(style).optional(nilProbability: 1 - p).run
        let drawCase = BookTextGenerators.letterCase.optional(nilProbability: 1 - p).run
        let drawIrregularSpacing = Gen<Bool>.bool(probability: p).run
        let drawEdgeSpaces = Gen<Int>.int(in: 0...3).run
        let drawInnerSpaces = Gen<Int>.int(in: 1...4).run
        let drawOuterSpaces = Gen<Int>.int(in: 0...3).run

        return Gen { source throws(GenerationStop) in
            let words = try drawWords(&source)
            let quote = style.punctuation ? try drawQuote(&source) : nil
            let terminal = style.punctuation ? try drawTerminal(&source) : nil
            let subtitle = style.subtitles ? try drawSubtitle(&source) : nil
            let edition = style.editionMarkers ? try drawEdition(&source) : nil
            let series = style.seriesMarkers ? try drawSeries(&source) : nil
            let letterCase = style.randomCase ? try drawCase(&source) : nil

            // Spacing: single spaces unless irregular spacing is drawn for this title.
            var leading = 0, trailing = 0, afterColon = 1, beforeEdition = 1, beforeSeries = 1
            var gaps = [Int](repeating: 1, count: words.count - 1)
            if style.irregularSpacing, try drawIrregularSpacing(&source) {
                leading = try drawEdgeSpaces(&source)
                trailing = try drawEdgeSpaces(&source)
                for i in gaps.indices { gaps[i] = try drawInnerSpaces(&source) }
                afterColon = try drawOuterSpaces(&source)
                beforeEdition = try drawOuterSpaces(&source)
                beforeSeries = try drawOuterSpaces(&source)
            }

            var tokens = BookText.titleCased(words.map(\.0))
            for i in tokens.indices.dropLast() where words[i].1 { tokens[i] += "," }
            if let (markIndex, position) = quote {
                let marks = [("\"", "\""), ("“", "”"), ("'", "'")][markIndex]
                let i = Swift.min(position, tokens.count - 1)
                tokens[i] = marks.0 + tokens[i] + marks.1
            }
            var main = tokens[0]
            for i in gaps.indices { main += BookText.spaces(gaps[i]) + tokens[i + 1] }
            if let terminal { main += terminal }
            var sub = subtitle
            if let (mode, mask) = letterCase {
                main = BookText.applyCase(mode: mode, mask: mask, to: main)
                sub = sub.map { BookText.applyCase(mode: mode, mask: mask, to: $0) }
            }

            var text = BookText.spaces(leading) + main
            if let sub { text += ":" + BookText.spaces(afterColon) + sub }
            if let edition { text += BookText.spaces(beforeEdition) + edition }
            if let series { text += BookText.spaces(beforeSeries) + series.text }
            text += BookText.spaces(trailing)
            return BookTitle(text: text, mainTitle: main, subtitle: sub, edition: edition, series: series)
        }
    }
}

extension Gen where Value == String {
    /// Generates hostile book titles (`BookTextStyle.messy`), shrinking toward "A".
    public static var bookTitle: Gen { bookTitle(style: .messy) }

    /// Generates book titles in `style`, shrinking toward "A"; see `Gen.bookTitleParts(style:)`.
    public static func bookTitle(style: BookTextStyle) -> Gen {
        Gen<BookTitle>.bookTitleParts(style: style).map(\.text)
    }

    /// Generates hostile author names (`BookTextStyle.messy`), shrinking toward "A B".
    public static var authorName: Gen { authorName(style: .messy) }

    /// Generates one author name in `style`, shrinking toward "A B".
    ///
    /// The forms: "First Last"; with `nameVariants`, "Last, First", initials ("J.R.R. Tolkien",
    /// "J. K. Rowling"), a middle initial, single names ("Homer") and compound surnames ("Gabriel
    /// García Márquez" with `nonASCII`); with `irregularSpacing`, runs of spaces ("Liz    Moore")
    /// and spaces around the name; with `randomCase`, a lowercased, uppercased or rAnDoM-cased name.
    public static func authorName(style: BookTextStyle) -> Gen {
        BookTextGenerators.authorText(style, allowInverted: true)
    }

    /// Generates a Goodreads "Additional Authors" cell: `count` names separated by commas.
    ///
    /// Names are never in "Last, First" form here (the comma separates authors, as in the export);
    /// with `irregularSpacing` the separator is sometimes ",", " , " or ",  ". Shrinks toward "".
    public static func authorList(style: BookTextStyle = .messy, count: ClosedRange<Int> = 0...3) -> Gen {
        let p = style.featureProbability
        let drawNames = Gen<String>.array(of: BookTextGenerators.authorText(style, allowInverted: false), count: count).run
        let drawSeparator = Gen<String>.element(of: [",", " , ", ",  ", " ,"]).optional(nilProbability: 1 - p).run
        return Gen { source throws(GenerationStop) in
            let names = try drawNames(&source)
            let separator = style.irregularSpacing ? (try drawSeparator(&source) ?? ", ") : ", "
            return names.joined(separator: separator)
        }
    }
}

extension Gen where Value == PersonName {
    /// Generates a person's name split into given and family parts, shrinking toward "A B".
    ///
    /// With `nameVariants`, a share `featureProbability` of names take another form: initials
    /// spaced ("J. K.") or compact ("J.R.R."), a middle initial ("Ursula K."), a single name (empty
    /// `given`), or a compound family name ("Le Guin", "García Márquez"). Only `nameVariants`,
    /// `nonASCII` and `featureProbability` matter here: spacing and case belong to the rendered text.
    public static func personName(style: BookTextStyle = .realistic) -> Gen {
        let given = BookTextGenerators.vocabulary(BookVocabulary.givenNames, BookVocabulary.nonASCIIGivenNames, style)
        let family = BookTextGenerators.vocabulary(BookVocabulary.familyNames, BookVocabulary.nonASCIIFamilyNames, style)
        let plain = given.zip(family).map { PersonName(given: $0, family: $1) }
        guard style.nameVariants else { return plain }

        let compound = BookTextGenerators.vocabulary(BookVocabulary.compoundFamilyNames, BookVocabulary.nonASCIICompoundFamilyNames, style)
        let single = BookTextGenerators.vocabulary(BookVocabulary.singleNames, BookVocabulary.nonASCIISingleNames, style)
        let initial = Gen<Character>.character(in: "A"..."Z").map { String($0) + "." }
        let spacedInitials = Gen<String>.array(of: initial, count: 1...3).zip(family).map {
            PersonName(given: $0.joined(separator: " "), family: $1)
        }
        let compactInitials = Gen<String>.array(of: initial, count: 2...3).zip(family).map {
            PersonName(given: $0.joined(), family: $1)
        }
        let middleInitial = Gen<(String, String, String)>.zip(given, initial, family).map {
            PersonName(given: $0 + " " + $1, family: $2)
        }
        let singleName = single.map { PersonName(given: "", family: $0) }
        let compoundName = given.zip(compound).map { PersonName(given: $0, family: $1) }

        // Weights in thousandths: the plain form keeps 1 - p, the five variants share p.
        let variantWeight = Int(style.featureProbability * 200)
        let plainWeight = 1_000 - 5 * variantWeight
        return Gen.frequency([
            (plainWeight, plain), (variantWeight, spacedInitials), (variantWeight, compactInitials),
            (variantWeight, middleInitial), (variantWeight, singleName), (variantWeight, compoundName),
        ])
    }
}

// MARK: - Building blocks

/// The generators titles and names are assembled from.
enum BookTextGenerators {
    /// Picks from `ascii`, and from `nonASCII` one time in six when the style allows it.
    static func vocabulary(_ ascii: [String], _ nonASCII: [String], _ style: BookTextStyle) -> Gen<String> {
        let plain = Gen<String>.element(of: ascii)
        guard style.nonASCII else { return plain }
        return Gen.frequency([(5, plain), (1, Gen<String>.element(of: nonASCII))])
    }

    /// A word for series names and subtitles: vocabulary only, no punctuation or emoji.
    static func plainWord(_ style: BookTextStyle) -> Gen<String> {
        vocabulary(BookVocabulary.titleWords, BookVocabulary.nonASCIITitleWords, style)
    }

    /// A main-title word and whether a comma follows it.
    static func titleWord(_ style: BookTextStyle) -> Gen<(String, Bool)> {
        var options: [(weight: Int, generator: Gen<String>)] = [(40, Gen<String>.element(of: BookVocabulary.titleWords))]
        if style.nonASCII { options.append((5, Gen<String>.element(of: BookVocabulary.nonASCIITitleWords))) }
        if style.punctuation {
            options.append((3, Gen<String>.element(of: BookVocabulary.apostropheWords)))
            options.append((3, Gen<String>.element(of: BookVocabulary.abbreviations)))
            options.append((1, Gen<String>.element(of: BookVocabulary.symbols)))
        }
        if style.emoji { options.append((2, Gen<String>.element(of: BookVocabulary.emoji))) }
        let word = options.count == 1 ? options[0].generator : Gen<String>.frequency(options)
        guard style.punctuation else { return word.map { ($0, false) } }
        return word.zip(Gen<Bool>.bool(probability: 0.08))
    }

    /// A subtitle: a stock phrase or a few title-cased words.
    static func subtitle(_ style: BookTextStyle) -> Gen<String> {
        Gen.frequency([
            (3, Gen<String>.array(of: plainWord(style), count: 1...4).map { BookText.titleCased($0).joined(separator: " ") }),
            (2, Gen<String>.element(of: BookVocabulary.subtitlePhrases)),
        ])
    }

    /// A series marker: a title-cased name of 1–3 words and a position, mostly whole numbers.
    static func seriesMarker(_ style: BookTextStyle) -> Gen<SeriesMarker> {
        let name = Gen<String>.array(of: plainWord(style), count: 1...3).map { BookText.titleCased($0).joined(separator: " ") }
        let position = Gen<SeriesPosition>.frequency([
            (8, Gen<Int>.int(in: 1...30).map { SeriesPosition.number($0) }),
            (1, Gen<Int>.int(in: 0...20).zip(Gen<Int>.int(in: 1...9)).map { SeriesPosition.decimal(whole: $0, tenths: $1) }),
            (1, Gen<Int>.int(in: 1...20).zip(Gen<Int>.int(in: 1...5)).map { SeriesPosition.range(first: $0, last: $0 + $1) }),
        ])
        return name.zip(position).map { SeriesMarker(name: $0, position: $1) }
    }

    /// A case transformation: 1 lowercase, 2 UPPERCASE, 3 rAnDoM (with the mask of uppercase letters).
    static var letterCase: Gen<(Int, UInt64)> {
        Gen<Int>.int(in: 1...3).flatMap { mode in
            mode == 3 ? Gen<UInt64>.word.map { (mode, $0) } : Gen<(Int, UInt64)>.constant((mode, 0))
        }
    }

    /// An author's name as text; `allowInverted` permits the "Last, First" form.
    static func authorText(_ style: BookTextStyle, allowInverted: Bool) -> Gen<String> {
        let p = style.featureProbability
        let drawName = Gen<PersonName>.personName(style: style).run
        let drawInverted = Gen<Bool>.bool(probability: p).run
        let drawIrregularSpacing = Gen<Bool>.bool(probability: p).run
        let drawGap = Gen<Int>.int(in: 1...6).run
        let drawEdgeSpaces = Gen<Int>.int(in: 0...2).run
        let drawCase = letterCase.optional(nilProbability: 1 - p).run
        return Gen { source throws(GenerationStop) in
            let name = try drawName(&source)
            let inverted = allowInverted && style.nameVariants ? try drawInverted(&source) : false
            var gap = 1, leading = 0, trailing = 0
            if style.irregularSpacing, try drawIrregularSpacing(&source) {
                gap = try drawGap(&source)
                leading = try drawEdgeSpaces(&source)
                trailing = try drawEdgeSpaces(&source)
            }
            var text: String
            if name.given.isEmpty {
                text = name.family
            } else if inverted {
                text = name.family + "," + BookText.spaces(gap) + name.given
            } else {
                text = name.given + BookText.spaces(gap) + name.family
            }
            if style.randomCase, let (mode, mask) = try drawCase(&source) {
                text = BookText.applyCase(mode: mode, mask: mask, to: text)
            }
            return BookText.spaces(leading) + text + BookText.spaces(trailing)
        }
    }
}

/// Pure text helpers for titles and names.
enum BookText {
    /// `count` ASCII spaces.
    static func spaces(_ count: Int) -> String { String(repeating: " ", count: count) }

    /// Capitalises each word's first letter, except minor words ("of", "the") after the first.
    static func titleCased(_ words: [String]) -> [String] {
        words.enumerated().map { index, word in
            if index > 0, BookVocabulary.minorWords.contains(word) { return word }
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst()
        }
    }

    /// Applies case `mode`: 1 lowercase, 2 uppercase, 3 uppercase where `mask`'s bit for the
    /// character's position (modulo 64) is set and lowercase elsewhere; any other mode leaves `text`.
    static func applyCase(mode: Int, mask: UInt64, to text: String) -> String {
        switch mode {
        case 1: return text.lowercased()
        case 2: return text.uppercased()
        case 3:
            var result = ""
            for (index, character) in text.enumerated() {
                result += (mask >> UInt64(index % 64)) & 1 == 1 ? character.uppercased() : character.lowercased()
            }
            return result
        default: return text
        }
    }
}
