import Generators
import SpecModel

/// Titles with a Goodreads series marker, shared by the series properties and the conformance kit's
/// detection suite.
public enum SeriesMarkerFixture {
    /// A messy title that always carries a series marker (`(Harry Potter, #1)`, `#0.5`, `#1-3`).
    public static let titleWithMarker: Gen<BookTitle> = {
        var style = BookTextStyle.messy
        style.featureProbability = 1
        return Gen<BookTitle>.bookTitleParts(style: style).filter("has a series marker") { $0.series != nil }
    }()

    /// The model's place for a generated series position.
    public static func place(of position: Generators.SeriesPosition) -> SeriesPlace {
        switch position {
        case let .number(value): return SeriesPlace(value)
        case let .decimal(whole, tenths): return SeriesPlace(thousandths: whole * 1_000 + tenths * 100)
        case let .range(first, last): return SeriesPlace(omnibus: first...last)
        }
    }
}
