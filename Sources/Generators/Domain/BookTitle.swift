/// A generated book title with the parts it was built from, the ground truth for parsers.
///
/// `text` is what an export's Title column holds. The parts let a test check a series detector or
/// a title normaliser against what the generator put in, rather than against a second parser.
public struct BookTitle: Hashable, Sendable, CustomStringConvertible {
    /// The whole title as an export writes it, stray spaces included.
    public let text: String
    /// The main title as written in `text` (case and punctuation applied), without the subtitle,
    /// markers or surrounding spaces.
    public let mainTitle: String
    /// The subtitle after the colon, as written in `text`.
    public let subtitle: String?
    /// The edition marker, such as `[Special Edition]` or `(Illustrated Edition)`.
    public let edition: String?
    /// The Goodreads series marker at the end of the title.
    public let series: SeriesMarker?

    /// Creates a title from its text and the parts it was built from.
    public init(text: String, mainTitle: String, subtitle: String?, edition: String?, series: SeriesMarker?) {
        self.text = text
        self.mainTitle = mainTitle
        self.subtitle = subtitle
        self.edition = edition
        self.series = series
    }

    public var description: String { String(reflecting: text) }
}

/// A Goodreads series marker: `(The Hunger Games, #1)`.
public struct SeriesMarker: Hashable, Sendable {
    /// The series name, without the parenthesis.
    public let name: String
    /// The book's place in the series.
    public let position: SeriesPosition

    /// Creates the marker of book `position` in series `name`.
    public init(name: String, position: SeriesPosition) {
        self.name = name
        self.position = position
    }

    /// The marker as Goodreads writes it: `(name, #position)`.
    public var text: String { "(\(name), #\(position.text))" }
}

/// A book's place in a series, in the forms Goodreads uses.
public enum SeriesPosition: Hashable, Sendable {
    /// A whole number: `#3`.
    case number(Int)
    /// A novella between books: `#0.5`, `#2.1` (`whole.tenths`).
    case decimal(whole: Int, tenths: Int)
    /// An omnibus of several books: `#1-3`.
    case range(first: Int, last: Int)

    /// The position as written after the `#`.
    public var text: String {
        switch self {
        case let .number(value): return String(value)
        case let .decimal(whole, tenths): return "\(whole).\(tenths)"
        case let .range(first, last): return "\(first)-\(last)"
        }
    }
}

/// A person's name split as exports split it ("Author" is "First Last", "Author l-f" "Last, First").
public struct PersonName: Hashable, Sendable, CustomStringConvertible {
    /// Given names or initials (`J.R.R.`, `Ursula K.`); empty for a single name such as `Homer`.
    public let given: String
    /// The family name, possibly compound (`García Márquez`, `Le Guin`), or the single name.
    public let family: String

    /// Creates a name from its given and family parts; `given` is empty for a single name.
    public init(given: String, family: String) {
        self.given = given
        self.family = family
    }

    /// `Given Family`, or the family name alone for a single name.
    public var firstLast: String { given.isEmpty ? family : given + " " + family }

    /// `Family, Given`, or the family name alone for a single name.
    public var lastFirst: String { given.isEmpty ? family : family + ", " + given }

    public var description: String { firstLast }
}
