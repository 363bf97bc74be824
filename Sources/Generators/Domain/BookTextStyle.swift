/// Which of the irregularities of real exports the book-text generators produce.
///
/// Titles and author names in Goodreads, LibraryThing and StoryGraph exports are rarely tidy:
/// series markers, subtitles, edition markers, initials, inverted names, diacritics, stray spaces,
/// odd capitalisation and emoji. Each feature is a switch, so a test states what text it can take:
/// `.clean` for tests about something else, `.realistic` for what exports usually contain,
/// `.messy` for hostile input. Whatever the style, every generator shrinks toward its plainest form
/// (a title "A", an author "A B"): each enabled feature is a choice whose simplest value is "absent".
public struct BookTextStyle: Sendable, Hashable {
    /// Titles end with a Goodreads series marker: `(The Hunger Games, #1)`, `(Series, #0.5)`, `#1-3`.
    public var seriesMarkers: Bool
    /// Titles carry a subtitle after a colon: `Sapiens: A Brief History of Humankind`.
    public var subtitles: Bool
    /// Titles carry an edition marker: `[Special Edition]`, `(Illustrated Edition)`.
    public var editionMarkers: Bool
    /// Commas, quotes, apostrophes, `&`, terminal `!`/`?`/`...`, and abbreviations with periods
    /// (`Mr.`, `Dept.`, `U.S.`).
    public var punctuation: Bool
    /// Author names vary in form: initials (`J.R.R. Tolkien`, `J. K. Rowling`), a middle initial,
    /// `Last, First`, single names (`Homer`) and compound surnames (`Le Guin`, `Vonnegut Jr.`).
    public var nameVariants: Bool
    /// Accented and non-Latin words and names: `Gabriel García Márquez`, `Лев Толстой`, `村上 春樹`.
    public var nonASCII: Bool
    /// Leading and trailing spaces, and runs of spaces between words (`Liz    Moore`).
    public var irregularSpacing: Bool
    /// Whole titles or names in lowercase, UPPERCASE or rAnDoM case.
    public var randomCase: Bool
    /// Emoji as title words, astral-plane scalars and ZWJ sequences included.
    public var emoji: Bool
    /// How often each enabled title- or name-level feature appears, from 0 to 1.
    public var featureProbability: Double

    /// Creates a style; every feature is off unless switched on.
    public init(
        seriesMarkers: Bool = false,
        subtitles: Bool = false,
        editionMarkers: Bool = false,
        punctuation: Bool = false,
        nameVariants: Bool = false,
        nonASCII: Bool = false,
        irregularSpacing: Bool = false,
        randomCase: Bool = false,
        emoji: Bool = false,
        featureProbability: Double = 0.25
    ) {
        precondition(featureProbability >= 0 && featureProbability <= 1, "featureProbability \(featureProbability) is outside 0...1")
        self.seriesMarkers = seriesMarkers
        self.subtitles = subtitles
        self.editionMarkers = editionMarkers
        self.punctuation = punctuation
        self.nameVariants = nameVariants
        self.nonASCII = nonASCII
        self.irregularSpacing = irregularSpacing
        self.randomCase = randomCase
        self.emoji = emoji
        self.featureProbability = featureProbability
    }

    /// Title-cased ASCII words separated by single spaces; names "First Last". Nothing else.
    public static let clean = BookTextStyle()

    /// What exports usually contain: series markers, subtitles, edition markers, punctuation, name
    /// variants and non-ASCII text, but tidy spacing and case.
    public static let realistic = BookTextStyle(
        seriesMarkers: true, subtitles: true, editionMarkers: true, punctuation: true, nameVariants: true, nonASCII: true
    )

    /// Everything `realistic` has, plus stray spaces, random case and emoji.
    public static let messy = BookTextStyle(
        seriesMarkers: true, subtitles: true, editionMarkers: true, punctuation: true, nameVariants: true, nonASCII: true,
        irregularSpacing: true, randomCase: true, emoji: true
    )
}
