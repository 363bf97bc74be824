import Fixtures
import Generators
import SpecModel

/// What a book brings to detection: its title as imported and its enrichment metadata.
struct SeriesSources: Hashable, Sendable, CustomStringConvertible {
    var title: String
    var metadata: SeriesMetadata

    init(title: String = "Book", _ metadata: SeriesMetadata = .none) {
        self.title = title
        self.metadata = metadata
    }

    /// Only OpenLibrary strings.
    static func openLibrary(_ strings: String..., title: String = "Book") -> SeriesSources {
        SeriesSources(title: title, SeriesMetadata(openLibrary: strings))
    }

    /// One Google Books entry, and OpenLibrary strings.
    static func google(_ id: String, _ number: Int?, name: String? = nil, total: Int? = nil, title: String = "Book", openLibrary: [String] = []) -> SeriesSources {
        SeriesSources(title: title, SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: id, orderNumber: number, seriesName: name, totalBooks: total)], openLibrary: openLibrary))
    }

    var description: String {
        "title \(String(reflecting: title)), " + Self.describe(metadata)
    }

    /// `Google Books ["F" #6 "Foundation"], OpenLibrary ["Foundation #7"]`, or "no series data".
    static func describe(_ metadata: SeriesMetadata) -> String {
        var parts: [String] = []
        if !metadata.googleBooks.isEmpty {
            parts.append("Google Books [" + metadata.googleBooks.map { entry in
                "\(String(reflecting: entry.seriesID)) #\(entry.orderNumber.map(String.init) ?? "nil")" + (entry.seriesName.map { " \(String(reflecting: $0))" } ?? "")
                    + (entry.totalBooks.map { " of \($0)" } ?? "")
            }.joined(separator: ", ") + "]")
        }
        if !metadata.openLibrary.isEmpty { parts.append("OpenLibrary \(metadata.openLibrary)") }
        return parts.isEmpty ? "no series data" : parts.joined(separator: ", ")
    }

    /// The call a check makes.
    var question: String { "detectedSeries(\(self))" }
}

/// What a detection check compares, besides each series' name and place.
struct DetectionAspects: OptionSet, Sendable {
    let rawValue: Int
    static let ids = DetectionAspects(rawValue: 1)
    static let totals = DetectionAspects(rawValue: 2)
    static let warnings = DetectionAspects(rawValue: 4)
    static let all: DetectionAspects = [.ids, .totals, .warnings]
}

extension SeriesDetectionReport {
    /// The report with only `aspects` kept beside names and places, normalized.
    func keeping(_ aspects: DetectionAspects) -> SeriesDetectionReport {
        SeriesDetectionReport(
            series: series.map { DetectedSeries(name: $0.name, googleBooksSeriesIDs: aspects.contains(.ids) ? $0.googleBooksSeriesIDs : [], place: $0.place, totalBooks: aspects.contains(.totals) ? $0.totalBooks : nil) },
            warnings: aspects.contains(.warnings) ? warnings : []
        ).normalized
    }
}

extension ConformanceSuite where Implementation: SeriesDetecting {
    /// The series detection suite: the seed's expression and its failures, the three sources, places
    /// and their limits on both sides, names as cleaned, totals, no false positives, precedence, one
    /// series per name key, every entry read, unnamed Google Books entries, and the model's answer on
    /// generated metadata.
    public static var seriesDetection: ConformanceSuite {
        typealias R = SeriesDetectionRules
        typealias S = SeriesSources
        typealias D = DetectedSeries
        typealias G = SeriesDetectionSuiteGen
        let model = ModelSeriesDetector()
        /// Examples with the report the rule gives, compared once normalized on names, places and `aspects`.
        func reports(_ rule: Rule, _ about: String, _ aspects: DetectionAspects, label: String? = nil, _ list: [ConformanceExample<(S, SeriesDetectionReport)>]) -> ConformanceCheck<Implementation> {
            .examples(rule, about, label: label, list) { implementation, example in
                let answer = implementation.detectedSeries(title: example.0.title, metadata: example.0.metadata)
                try ensureSame(answer.keeping(aspects), example.1.keeping(aspects), example.0.question, show: \.description)
            }
        }
        /// Fails unless `answer` is exactly one series of this name at this place (nothing else compared).
        func ensurePlaced(_ answer: SeriesDetectionReport, _ name: String, _ place: SeriesPlace, _ sources: S) throws(ConformanceViolation) {
            let expected = "[\(String(reflecting: name)) #\(place)]"
            let shown = "[" + answer.series.map { "\(String(reflecting: $0.name)) #\($0.place)" }.joined(separator: ", ") + "]"
            try ensure(!answer.series.isEmpty, "the entry names no series", question: sources.question, model: expected, implementation: shown, kind: "no series read")
            try ensure(answer.series.count == 1, "one entry gave several series", question: sources.question, model: expected, implementation: shown, kind: "several series read")
            try ensure(answer.series[0].name == name, "the series' name is not the text before the last #", question: sources.question, model: expected, implementation: shown, kind: "another name")
            try ensure(answer.series[0].place == place, "the book's place is not the number after the #", question: sources.question, model: expected, implementation: shown, kind: "another place")
        }
        func one(_ name: String, _ place: SeriesPlace, ids: [String] = [], total: Int? = nil, warnings: [SeriesDetectionWarning] = []) -> SeriesDetectionReport {
            SeriesDetectionReport(series: [D(name: name, googleBooksSeriesIDs: ids, place: place, totalBooks: total)], warnings: warnings)
        }
        func refused(_ source: SeriesEvidence) -> SeriesDetectionReport { SeriesDetectionReport(warnings: [.unparseable(source)]) }
        let longName = String(repeating: "n", count: SeriesName.utf8BytesMax)

        return ConformanceSuite(id: "series-detection", title: "Series detection", seam: "SeriesDetecting", checks: [
            .examples(R.openLibrary, "the seed's strings", ([
                ("the seed's parsing example", "Foundation #1", "Foundation", 1, "seed: \"Input: \"Foundation #1\"\""),
                ("the seed's metadata example", "The Lord of the Rings #2", "The Lord of the Rings", 2, "seed: \"(e.g., \"The Lord of the Rings #2\")\""),
                ("no space before #", "Foundation#1", "Foundation", 1, "seed: \"\\s*#\""),
                ("the name runs to the last #", "Book #1 Club #3", "Book #1 Club", 3, "seed: \"^(.+?)\\s*#(\\d+)$\""),
                ("two digits", "Discworld #41", "Discworld", 41, "seed: \"#(\\d+)$\""),
                ("leading zeros", "Discworld #007", "Discworld", 7, "seed: \"#(\\d+)$\", \"Position field: Integer\""),
            ] as [(String, String, String, Int, String)]).map { ConformanceExample($0.0, (S.openLibrary($0.1), $0.2, SeriesPlace($0.3)), pins: $0.4) }) { implementation, example in
                try ensurePlaced(implementation.detectedSeries(title: example.0.title, metadata: example.0.metadata), example.1, example.2, example.0)
            },
            .property(R.openLibrary, "generated strings the seed's expression matches", cases: 80, G.seedClaim, describe: { String(reflecting: $0.text) },
                // A whole number, written in digits as the seed's `#(\d+)$` reads it.
                exercises: { $0.place.description.allSatisfy(\.isNumber) }) { implementation, claim in
                let sources = S.openLibrary(claim.text)
                try ensurePlaced(implementation.detectedSeries(title: sources.title, metadata: sources.metadata), claim.name, claim.place, sources)
            },

            .examples(R.cleanedNames, "spaces, tabs and names of punctuation", [
                ConformanceExample("spaces collapsed and trimmed", (S.openLibrary("  Harry   Potter  #7  "), one("Harry Potter", SeriesPlace(7))), pins: "D-170"),
                ConformanceExample("a tab before the #", (S.openLibrary("Harry Potter\t#7"), one("Harry Potter", SeriesPlace(7))), pins: "D-170"),
                ConformanceExample("a lookup's name and ID with spaces", (S.google(" HvfeEAAAQBAJ ", 1, name: " Foundation "), one("Foundation", SeriesPlace(1), ids: ["HvfeEAAAQBAJ"])), pins: "D-170"),
                ConformanceExample("no letter or digit in the name", (S.openLibrary("!!! #1"), refused(.openLibrary)), pins: "D-170"),
                ConformanceExample("a Google Books ID of spaces", (S.google("  ", 1, name: "Foundation"), refused(.googleBooks)), pins: "D-170"),
            ]) { implementation, example in
                try ensureSame(implementation.detectedSeries(title: example.0.title, metadata: example.0.metadata).keeping([.ids, .warnings]), example.1.keeping([.ids, .warnings]), example.0.question, show: \.description)
            },
            .property(R.cleanedNames, "generated \"Name #N\" strings with stray whitespace", cases: 80, G.spacedClaim, describe: { String(reflecting: $0.text) },
                exercises: { SeriesName.cleaned($0.text) != $0.text }) { implementation, claim in
                let sources = S.openLibrary(claim.text)
                try ensurePlaced(implementation.detectedSeries(title: sources.title, metadata: sources.metadata), SeriesName.cleaned(claim.name), claim.place, sources)
            },

            reports(R.googleBooks, "entries with and without a series lookup", [.ids], [
                ConformanceExample("an ID, an order number and the lookup's name", (S.google("HvfeEAAAQBAJ", 1, name: "Foundation", total: 7), one("Foundation", SeriesPlace(1), ids: ["HvfeEAAAQBAJ"])), pins: "D-096"),
                ConformanceExample("Harry Potter and the Sorcerer's Stone", (S.google("HP", 1, name: "Harry Potter", total: 7, title: "Harry Potter and the Sorcerer's Stone"), one("Harry Potter", SeriesPlace(1), ids: ["HP"])), pins: "D-096"),
                ConformanceExample("no total from the lookup", (S.google("F", 2, name: "Foundation"), one("Foundation", SeriesPlace(2), ids: ["F"])), pins: "D-096"),
            ]),

            .examples(R.totalFromLookup, "totals from a lookup, and none", [
                ConformanceExample("the lookup's total", (S.google("HP", 1, name: "Harry Potter", total: 7), 7), pins: "seed: \"fetch from series lookup\""),
                ConformanceExample("a lookup without a total", (S.google("F", 2, name: "Foundation"), nil), pins: "seed: \"default to unknown\""),
                ConformanceExample("an OpenLibrary string: no lookup", (S.openLibrary("Foundation #1"), nil), pins: "seed: \"default to unknown\""),
                ConformanceExample("the seed's OpenLibrary example: no lookup", (S.openLibrary("The Lord of the Rings #2"), nil), pins: "seed: \"default to unknown\""),
            ] as [ConformanceExample<(S, Int?)>]) { implementation, example in
                // Whether the entry is read at all is SERIES-01's and SERIES-02's; here, every series read has the lookup's total.
                let answer = implementation.detectedSeries(title: example.0.title, metadata: example.0.metadata)
                for series in answer.series {
                    try ensure(series.totalBooks == example.1, "the series' total is not the lookup's (or unknown without one)", question: example.0.question,
                        model: example.1.map { "\($0) books" } ?? "total unknown", implementation: series.totalBooks.map { "\($0) books" } ?? "total unknown",
                        kind: example.1 == nil ? "a total without a lookup" : "another total than the lookup's")
                }
            },

            reports(R.totalRaised, "a lookup's total at the book's number and below it", .all, [
                ConformanceExample("the book at the total: kept", (S.google("F", 7, name: "Foundation", total: 7), one("Foundation", SeriesPlace(7), ids: ["F"], total: 7)), pins: "D-103"),
                ConformanceExample("the book one past the total: raised", (S.google("F", 8, name: "Foundation", total: 7), one("Foundation", SeriesPlace(8), ids: ["F"], total: 8, warnings: [.totalRaised(from: 7, to: 8)])), pins: "D-103"),
            ]),

            reports(R.titleMarker, "Goodreads markers and look-alikes", [.warnings], [
                ConformanceExample("the import's example", (S(title: "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)"), one("Harry Potter", SeriesPlace(1))), pins: "D-096"),
                ConformanceExample("a name with commas", (S(title: "Title (Sun, Moon, Stars, #2)"), one("Sun, Moon, Stars", SeriesPlace(2))), pins: "D-096"),
                ConformanceExample("no space after the comma", (S(title: "Title (Series,#3)"), one("Series", SeriesPlace(3))), pins: "D-096"),
                ConformanceExample("a parenthesis without a number", (S(title: "Emma (Penguin Classics)"), .none), pins: "D-096"),
                ConformanceExample("an edition marker", (S(title: "The Great Gatsby [Special Edition]"), .none), pins: "D-096"),
                ConformanceExample("a space after #", (S(title: "Title (Series, # 3)"), .none), pins: "D-096"),
                ConformanceExample("no comma", (S(title: "Title (Series #3)"), .none), pins: "D-096"),
                ConformanceExample("unclosed", (S(title: "Unclosed (Series, #1"), .none), pins: "D-096"),
            ]),
            .property(R.titleMarker, "generated titles with a Goodreads marker at a whole number", cases: 80, G.titleWithMarker, describe: { String(reflecting: $0.text) },
                exercises: { if case .number = $0.series?.position { true } else { false } }) { implementation, title in
                guard let marker = title.series else { throw ConformanceViolation("the generator gave a title without a marker: \(title.text)") }
                let answer = implementation.detectedSeries(title: title.text, metadata: .none).keeping([])
                try ensureSame(answer, one(SeriesName.cleaned(marker.name), G.place(of: marker.position)).keeping([]), S(title: title.text).question, show: \.description)
            },
            .property(R.titleMarker, "generated titles with look-alike markers", label: "SERIES-03.property.look-alikes", cases: 60, G.lookAlikeTitle, describe: { String(reflecting: $0) },
                // A `#`, a parenthesis or a bracket: what a marker is made of.
                exercises: { $0.contains { "#([".contains($0) } }) { implementation, title in
                let answer = implementation.detectedSeries(title: title, metadata: .none)
                try ensure(answer.series.isEmpty, "a look-alike marker was read as a series", question: S(title: title).question,
                    model: model.detectedSeries(title: title, metadata: .none).normalized.description, implementation: answer.normalized.description)
            },

            reports(R.places, "prequels, novellas and one past their limits", [.ids, .warnings], [
                ConformanceExample("a prequel", (S.openLibrary("The Wheel of Time #0"), one("The Wheel of Time", SeriesPlace(0))), pins: "D-094"),
                ConformanceExample("a prequel from Google Books", (S.google("W", 0, name: "The Wheel of Time"), one("The Wheel of Time", SeriesPlace(0), ids: ["W"])), pins: "D-094"),
                ConformanceExample("a novella", (S.openLibrary("The Twilight Saga #0.5"), one("The Twilight Saga", SeriesPlace(thousandths: 500))), pins: "D-094"),
                ConformanceExample("two decimals", (S.openLibrary("Kingkiller #2.25"), one("Kingkiller", SeriesPlace(thousandths: 2_250))), pins: "D-094"),
                ConformanceExample("a trailing zero", (S.openLibrary("Kingkiller #2.250"), one("Kingkiller", SeriesPlace(thousandths: 2_250))), pins: "D-094"),
                ConformanceExample("a novella's marker in a title", (S(title: "Twilight (The Twilight Saga, #0.5)"), one("The Twilight Saga", SeriesPlace(thousandths: 500))), pins: "D-094"),
                ConformanceExample("a point without decimals", (S.openLibrary("Foundation #1."), refused(.openLibrary)), pins: "D-094"),
            ]),
            .property(R.places, "generated \"Name #N\" strings at book 0 and novellas", cases: 60, G.uncountedClaim, describe: { String(reflecting: $0.text) },
                exercises: { $0.place.countedNumbers == nil }) { implementation, claim in
                let sources = S.openLibrary(claim.text)
                try ensurePlaced(implementation.detectedSeries(title: sources.title, metadata: sources.metadata), claim.name, claim.place, sources)
            },

            reports(R.omnibus, "ranges and ranges that are none", [.warnings], [
                ConformanceExample("an omnibus", (S.openLibrary("The Lord of the Rings #1-3"), one("The Lord of the Rings", SeriesPlace(omnibus: 1...3))), pins: "D-095"),
                ConformanceExample("an omnibus with an en dash", (S.openLibrary("The Lord of the Rings #1\u{2013}3"), one("The Lord of the Rings", SeriesPlace(omnibus: 1...3))), pins: "D-095"),
                ConformanceExample("an omnibus's marker in a title", (S(title: "Omnibus (Series, #1-3)"), one("Series", SeriesPlace(omnibus: 1...3))), pins: "D-095"),
                ConformanceExample("a backwards range", (S.openLibrary("Foundation #3-1"), refused(.openLibrary)), pins: "D-095"),
                ConformanceExample("a range of one book", (S.openLibrary("Foundation #2-2"), refused(.openLibrary)), pins: "D-095"),
                ConformanceExample("a range from 0", (S.openLibrary("Foundation #0-3"), refused(.openLibrary)), pins: "D-095"),
            ]),
            .property(R.omnibus, "generated \"Name #a-b\" strings", cases: 60, G.omnibusClaim, describe: { String(reflecting: $0.text) },
                exercises: { $0.place.isOmnibus }) { implementation, claim in
                let sources = S.openLibrary(claim.text)
                try ensurePlaced(implementation.detectedSeries(title: sources.title, metadata: sources.metadata), claim.name, claim.place, sources)
            },

            reports(R.limits, "every limit on both sides", .all, [
                ConformanceExample("book 9999, the largest", (S.openLibrary("Foundation #9999"), one("Foundation", SeriesPlace(9_999))), pins: "D-106"),
                ConformanceExample("book 10000, one past the largest", (S.openLibrary("Foundation #10000"), refused(.openLibrary)), pins: "D-106"),
                ConformanceExample("order number 9999 from Google Books", (S.google("F", 9_999, name: "Foundation"), one("Foundation", SeriesPlace(9_999), ids: ["F"])), pins: "D-106"),
                ConformanceExample("order number 10000, one past the largest", (S.google("F", 10_000, name: "Foundation"), refused(.googleBooks)), pins: "D-106"),
                ConformanceExample("order number -1", (S.google("F", -1, name: "Foundation"), refused(.googleBooks)), pins: "D-106"),
                ConformanceExample("three decimals, the most", (S.openLibrary("Kingkiller #1.125"), one("Kingkiller", SeriesPlace(thousandths: 1_125))), pins: "D-106"),
                ConformanceExample("four decimals, one past the most", (S.openLibrary("Foundation #1.2345"), refused(.openLibrary)), pins: "D-106"),
                ConformanceExample("an omnibus of 100 books, the most", (S.openLibrary("Pulp #1-100"), one("Pulp", SeriesPlace(omnibus: 1...100))), pins: "D-106"),
                ConformanceExample("an omnibus of 101 books, one past the most", (S.openLibrary("Foundation #1-101"), refused(.openLibrary)), pins: "D-106"),
                ConformanceExample("a name of 200 bytes", (S.openLibrary(longName + " #1"), one(longName, SeriesPlace(1))), pins: "D-106"),
                ConformanceExample("a name of 201 bytes", (S.openLibrary(longName + "n #1"), refused(.openLibrary)), pins: "D-106"),
                ConformanceExample("a Google Books name of 201 bytes", (S.google("F", 1, name: longName + "n"), refused(.googleBooks)), pins: "D-106"),
                ConformanceExample("a lookup's total of 1, the least", (S.google("D", 1, name: "Dune", total: 1), one("Dune", SeriesPlace(1), ids: ["D"], total: 1)), pins: "D-106"),
                ConformanceExample("a lookup's total of 0 is unknown", (S.google("D", 2, name: "Dune", total: 0), one("Dune", SeriesPlace(2), ids: ["D"])), pins: "D-106"),
                ConformanceExample("8 series, the most a book is read for",
                    (S(SeriesMetadata(openLibrary: (1...8).map { "Series \($0) #1" })), SeriesDetectionReport(series: (1...8).map { D(name: "Series \($0)", place: SeriesPlace(1)) })), pins: "D-106"),
                ConformanceExample("9 series, one past the most",
                    (S(SeriesMetadata(openLibrary: (1...9).map { "Series \($0) #1" })), SeriesDetectionReport(series: (1...8).map { D(name: "Series \($0)", place: SeriesPlace(1)) }, warnings: [.tooManySeries])), pins: "D-106"),
                ConformanceExample("32 entries of one source, the most read",
                    (S(SeriesMetadata(openLibrary: Array(repeating: "Foundation #1", count: 32))), one("Foundation", SeriesPlace(1))), pins: "D-106"),
                ConformanceExample("33 entries of one source, one past the most",
                    (S(SeriesMetadata(openLibrary: Array(repeating: "Foundation #1", count: 33))), one("Foundation", SeriesPlace(1), warnings: [.tooManySeries])), pins: "D-106"),
            ]),

            .examples(R.malformed, "entries the seed's parsing cannot read", ([
                ("the seed's failure", S.openLibrary("Foundation Book 1"), "seed: \"Foundation Book 1\" without #"),
                ("the seed's unit-test edge case", S.openLibrary("Book 1 of The Expanse"), "seed: \"Book 1 of The Expanse\""),
                ("a name without a number", S.openLibrary("Discworld"), "seed: \"If parsing fails\""),
                ("a space after #", S.openLibrary("Foundation # 1"), "seed: \"#(\\d+)$\""),
                ("no name", S.openLibrary("#1"), "seed: \"^(.+?)\""),
                ("a word for a number", S.openLibrary("Foundation #one"), "seed: \"#(\\d+)$\""),
                ("words after the number", S.openLibrary("Foundation #1 (omnibus)"), "seed: \"#(\\d+)$\""),
                ("a Google Books entry without an ID", S.google("", 1, name: "Foundation"), "seed: \"volumeSeries[0].seriesId\""),
                ("a Google Books entry without an order number", S.google("F", nil, name: "Foundation"), "seed: \"volumeSeries[0].orderNumber\""),
            ] as [(String, S, String)]).map { ConformanceExample($0.0, $0.1, pins: $0.2) }) { implementation, sources in
                let answer = implementation.detectedSeries(title: sources.title, metadata: sources.metadata)
                try ensure(answer.series.isEmpty, "an entry that cannot be parsed was assigned a series (a guess)", question: sources.question,
                    model: "no series, a warning", implementation: answer.normalized.description, kind: "a guess")
                try ensure(!answer.warnings.isEmpty, "an entry that cannot be parsed logged no warning", question: sources.question,
                    model: "no series, a warning", implementation: answer.normalized.description, kind: "no warning")
            },

            .examples(R.noSeries, "books without series data", [
                ConformanceExample("The Hobbit", S(title: "The Hobbit"), pins: "seed: \"respects Google Books classification (standalone vs series)\""),
                ConformanceExample("a title with a comma", S(title: "The Hobbit, or There and Back Again"), pins: "seed: \"no false positives\""),
                ConformanceExample("a title that names a series in words", S(title: "Foundation (Foundation Book 1)"), pins: "seed: \"no false positives\""),
                ConformanceExample("blank OpenLibrary strings", S.openLibrary("", "  \t "), pins: "seed: \"series metadata is missing\""),
                ConformanceExample("an unparseable string", S.openLibrary("Foundation Book 1", title: "Foundation"), pins: "seed: \"no false positives\""),
            ]) { implementation, sources in
                let answer = implementation.detectedSeries(title: sources.title, metadata: sources.metadata)
                try ensure(answer.series.isEmpty, "a book without series data was placed in a series (a false positive)", question: sources.question,
                    model: "no series", implementation: answer.normalized.description)
            },
            .property(R.noSeries, "generated titles without a # and entries no reading can parse", cases: 80, G.withoutSeriesData, describe: { $0.description },
                exercises: G.titleWithoutHash) { implementation, sources in
                let answer = implementation.detectedSeries(title: sources.title, metadata: sources.metadata)
                try ensure(answer.series.isEmpty, "a book without series data was placed in a series (a false positive)", question: sources.question,
                    model: model.detectedSeries(title: sources.title, metadata: sources.metadata).normalized.description, implementation: answer.normalized.description)
            },

            reports(R.precedence, "sources that disagree", [.ids, .warnings], [
                ConformanceExample("Google Books over OpenLibrary over the title",
                    (S(title: "Prelude to Foundation (Foundation, #1)", SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "F", orderNumber: 6, seriesName: "Foundation")], openLibrary: ["Foundation #7"])),
                     one("Foundation", SeriesPlace(6), ids: ["F"], warnings: [.conflictingPlaces(kept: .googleBooks, ignored: .openLibrary), .conflictingPlaces(kept: .googleBooks, ignored: .titleMarker)])),
                    pins: "D-096"),
                ConformanceExample("OpenLibrary over the title",
                    (S.openLibrary("Foundation #2", title: "Foundation and Empire (Foundation, #3)"), one("Foundation", SeriesPlace(2), warnings: [.conflictingPlaces(kept: .openLibrary, ignored: .titleMarker)])),
                    pins: "D-096"),
                ConformanceExample("over a name that shares the key",
                    (S.openLibrary("The Expanse #1", title: "Leviathan Wakes (Expanse Series, #2)"), one("The Expanse", SeriesPlace(1), warnings: [.conflictingPlaces(kept: .openLibrary, ignored: .titleMarker)])),
                    pins: "D-096"),
                ConformanceExample("sources that agree log nothing",
                    (S.google("F", 2, name: "Foundation", openLibrary: ["Foundation #2"]), one("Foundation", SeriesPlace(2), ids: ["F"])),
                    pins: "D-096"),
                ConformanceExample("an unnamed Google Books entry named by OpenLibrary keeps its place over the title's",
                    (S.google("T", 1, title: "Twilight (The Twilight Saga, #2)", openLibrary: ["The Twilight Saga #1"]), one("The Twilight Saga", SeriesPlace(1), ids: ["T"], warnings: [.conflictingPlaces(kept: .googleBooks, ignored: .titleMarker)])),
                    pins: "D-096"),
            ]),

            reports(R.oneSeriesPerKey, "names that share a key, names that do not", [.ids], [
                ConformanceExample("The Expanse and Expanse Series are one series",
                    (S.openLibrary("The Expanse #1", title: "Leviathan Wakes (The Expanse Series, #1)"), one("The Expanse", SeriesPlace(1))), pins: "D-098"),
                ConformanceExample("Ender's and Enders are one series", (S.openLibrary("Ender's Saga #1", "Enders Saga #1"), one("Ender's Saga", SeriesPlace(1))), pins: "D-098"),
                ConformanceExample("Foundation and Foundations are two series",
                    (S.openLibrary("Foundation #1", "Foundations #1"), SeriesDetectionReport(series: [D(name: "Foundation", place: SeriesPlace(1)), D(name: "Foundations", place: SeriesPlace(1))])), pins: "D-098"),
                ConformanceExample("two Google Books IDs of one name",
                    (S(SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "A", orderNumber: 1, seriesName: "Discworld"), GoogleBooksVolumeSeries(seriesID: "B", orderNumber: 1, seriesName: "discworld")])), one("Discworld", SeriesPlace(1), ids: ["A", "B"])), pins: "D-098"),
            ]),

            reports(R.everyEntry, "second entries of each source", [.ids, .warnings], [
                ConformanceExample("a book in two series, from the second OpenLibrary string",
                    (S.openLibrary("Middle-earth #1", "Tolkien Juniors #1", title: "The Hobbit"), SeriesDetectionReport(series: [D(name: "Middle-earth", place: SeriesPlace(1)), D(name: "Tolkien Juniors", place: SeriesPlace(1))])), pins: "D-097"),
                ConformanceExample("a book in two series, from two markers",
                    (S(title: "The Hobbit (Middle-earth, #1) (Standalone, #1)"), SeriesDetectionReport(series: [D(name: "Middle-earth", place: SeriesPlace(1)), D(name: "Standalone", place: SeriesPlace(1))])), pins: "D-097"),
                ConformanceExample("a second Google Books entry, of another series",
                    (S(SeriesMetadata(googleBooks: [GoogleBooksVolumeSeries(seriesID: "A", orderNumber: 1, seriesName: "Discworld"), GoogleBooksVolumeSeries(seriesID: "B", orderNumber: 3, seriesName: "Rincewind")])),
                     SeriesDetectionReport(series: [D(name: "Discworld", googleBooksSeriesIDs: ["A"], place: SeriesPlace(1)), D(name: "Rincewind", googleBooksSeriesIDs: ["B"], place: SeriesPlace(3))])), pins: "D-097"),
                ConformanceExample("a malformed entry before a good one", (S.openLibrary("Foundation Book 1", "Foundation #1"), one("Foundation", SeriesPlace(1), warnings: [.unparseable(.openLibrary)])), pins: "D-097"),
            ]),

            reports(R.unnamedGoogleBooks, "Google Books entries no lookup named", [.ids, .warnings], [
                ConformanceExample("named by the title's marker at the same place", (S.google("DUNE", 1, title: "Dune (Dune Chronicles, #1)"), one("Dune Chronicles", SeriesPlace(1), ids: ["DUNE"])), pins: "D-096"),
                ConformanceExample("named by OpenLibrary at the same place", (S.google("DUNE", 1, openLibrary: ["Dune Chronicles #1"]), one("Dune Chronicles", SeriesPlace(1), ids: ["DUNE"])), pins: "D-096"),
                ConformanceExample("no other source: skipped", (S.google("DUNE", 1, title: "Dune"), SeriesDetectionReport(warnings: [.unnamedGoogleBooksSeries(seriesID: "DUNE")])), pins: "D-096"),
                ConformanceExample("a blank lookup name: skipped", (S.google("DUNE", 1, name: "  ", title: "Dune"), SeriesDetectionReport(warnings: [.unnamedGoogleBooksSeries(seriesID: "DUNE")])), pins: "D-096"),
                ConformanceExample("a marker at another place names nothing",
                    (S.google("DUNE", 1, title: "Dune (Dune Chronicles, #2)"), one("Dune Chronicles", SeriesPlace(2), warnings: [.unnamedGoogleBooksSeries(seriesID: "DUNE")])), pins: "D-096"),
            ]),

            .differential(R.sameAsModel, "generated titles, OpenLibrary strings and Google Books entries", cases: 120, G.sources, describe: { $0.description },
                question: \.question, model: { model.detectedSeries(title: $0.title, metadata: $0.metadata).normalized },
                implementation: { $0.detectedSeries(title: $1.title, metadata: $1.metadata).normalized }, show: \.description),
        ])
    }
}

/// The generators of the series detection suite.
enum SeriesDetectionSuiteGen {
    /// Names that share keys in pairs ("The Expanse", "Expanse Series"), and names a letter apart.
    static let names = [
        "Foundation", "The Foundation Series", "foundation", "Foundations", "Harry Potter", "harry  potter", "The Expanse", "Expanse Series",
        "Sun, Moon, Stars", "Ender's Saga", "Enders Saga", "Dune Chronicles",
    ]
    /// What may follow a `#`: places the rules accept and a few they refuse.
    static let placeTexts = ["1", "2", "3", "7", "0", "007", "0.5", "2.25", "1.125", "1-3", "2\u{2013}4", "9999", "10000", "1.2345", "1.", "3-1", "0-3", "one", " 1"]

    /// A well-formed OpenLibrary string and what it says.
    struct OpenLibraryClaim: Sendable {
        var text: String
        var name: String
        var place: SeriesPlace
    }

    /// A name of one to three words (letters and digits in it), joined as series names are; with
    /// `spaced`, words may be joined by runs of whitespace too.
    static func name(spaced: Bool) -> Gen<String> {
        let word = Gen<String>.string(of: Gen<Character>.element(of: Array("abcXYZ019'é")), count: 1...6)
        let separators = [" ", ", ", " & ", " #"] + (spaced ? ["  ", " \t "] : [])
        return Gen<([String], String)>.zip(Gen<String>.array(of: word, count: 1...3), Gen<String>.element(of: separators)).map { words, separator in
            words.joined(separator: separator)
        }.filter("a name with a letter or digit") { !SeriesName.key($0).isEmpty }
    }

    /// "Name #N" with a generated name and place; with `spaced`, whitespace around the string, the
    /// name and the `#`, else at most one space before the `#`.
    static func claim(_ places: Gen<SeriesPlace>, spaced: Bool) -> Gen<OpenLibraryClaim> {
        let around = Gen<String>.element(of: spaced ? ["", " ", "   ", "\t"] : [""])
        let before = Gen<String>.element(of: spaced ? ["", " ", "   ", "\t"] : ["", " "])
        return Gen<(String, SeriesPlace, String, String, String)>.zip(name(spaced: spaced), places, around, before, around).map { name, place, lead, before, trail in
            OpenLibraryClaim(text: lead + name + before + "#" + place.description + trail, name: name, place: place)
        }
    }

    /// Whole numbers the seed's `(\d+)` reads, below every limit.
    static let wholePlace: Gen<SeriesPlace> = Gen<Int>.int(in: 1...999).map { SeriesPlace($0) }

    /// Strings the seed's expression `^(.+?)\s*#(\d+)$` matches, names as written.
    static let seedClaim = claim(wholePlace, spaced: false)

    /// The seed's strings with stray whitespace around them, their names and their `#`.
    static let spacedClaim = claim(wholePlace, spaced: true)

    /// Book 0 and decimals of one to three digits, up to the largest number.
    static let uncountedClaim = claim(Gen<SeriesPlace>.frequency([
        (1, Gen<SeriesPlace>.constant(SeriesPlace(0))),
        (4, Gen<(Int, Int)>.zip(Gen<Int>.int(in: 0...SeriesPlace.numberMax), Gen<Int>.int(in: 1...999)).map { SeriesPlace(thousandths: $0 * 1_000 + $1) }),
    ]), spaced: false)

    /// Omnibus ranges of 2 to 100 books.
    static let omnibusClaim = claim(
        Gen<(Int, Int)>.zip(Gen<Int>.int(in: 1...9_000), Gen<Int>.int(in: 1...(SeriesPlace.omnibusBooksMax - 1))).map { SeriesPlace(omnibus: $0...($0 + $1)) },
        spaced: false)

    // Shared with the other series checks: `SeriesMarkerFixture`.
    static let titleWithMarker = SeriesMarkerFixture.titleWithMarker
    static func place(of position: Generators.SeriesPosition) -> SeriesPlace { SeriesMarkerFixture.place(of: position) }

    /// A messy title without series markers and without a `#`.
    static let plainTitle: Gen<String> = {
        var style = BookTextStyle.messy
        style.seriesMarkers = false
        return Gen<String>.bookTitle(style: style).map { $0.filter { $0 != "#" } }
    }()

    /// Whether a book's title has no `#`: a book without series data has none (and no entry any reading
    /// parses, which is how `withoutSeriesData` draws every entry).
    static func titleWithoutHash(_ sources: SeriesSources) -> Bool { !sources.title.contains("#") }

    /// A title with a parenthesis or bracket that looks like a Goodreads marker and is none.
    static let lookAlikeTitle: Gen<String> = Gen<(String, String)>.zip(
        plainTitle, Gen<String>.element(of: [" (Series, # 3)", " (Series #3)", " [Series, #1]", " (#1)", " (, #2)", " Series, #4", " (Series, #1", " (Series, #one)"])
    ).map { $0 + $1 }

    /// An OpenLibrary string: mostly "Name #N" from the pools, sometimes blank or a look-alike.
    static let openLibraryString: Gen<String> = Gen<String>.frequency([
        (5, Gen<(String, String, String)>.zip(Gen<String>.element(of: names), Gen<String>.element(of: [" #", "#", "  #", " # "]), Gen<String>.element(of: placeTexts)).map { $0 + $1 + $2 }),
        (1, Gen<String>.element(of: ["", "  ", "Foundation Book 1", "Book 1 of The Expanse", "Discworld", "#1", "!!! #1"])),
    ])

    /// A Google Books entry: IDs from a small pool, order numbers near the limits, the lookup's name
    /// (one per ID, as a lookup by ID gives) and total or not.
    static let googleEntry: Gen<GoogleBooksVolumeSeries> = Gen<(Int, Int?, Bool?, Int?)>.zip(
        Gen<Int>.int(in: 0...4),
        Gen<Int?>.element(of: [nil, 0, 1, 2, 3, 7, -1, 10_000]),
        Gen<Bool?>.element(of: [nil, true, true, false]),
        Gen<Int?>.element(of: [nil, nil, 0, 3, 7])
    ).map { id, number, named, total in
        let ids = ["GB1", "GB2", "GB3", " ", ""]
        let lookupNames = ["Foundation", "The Expanse", "Dune Chronicles", "Harry Potter", "Discworld"]
        // `named`: the lookup's name, a blank one, or no lookup.
        let name = named.map { $0 ? lookupNames[id] : "  " }
        return GoogleBooksVolumeSeries(seriesID: ids[id], orderNumber: number, seriesName: name, totalBooks: total)
    }

    /// A title: a generated one, with up to two markers from the pools and look-alikes after it.
    static let title: Gen<String> = {
        let marker = Gen<(String, String, String)>.zip(Gen<String>.element(of: names), Gen<String>.element(of: [", #", ",#", ", # ", " #"]), Gen<String>.element(of: placeTexts)).map { " (" + $0 + $1 + $2 + ")" }
        let decoy = Gen<String>.element(of: [" (Penguin Classics)", " [Special Edition]", " (Vol. 2)", " (#1)", " (, #2)"])
        return Gen<(String, [String])>.zip(Gen<String>.bookTitle(style: .clean), Gen<String>.array(of: Gen<String>.oneOf(marker, decoy), count: 0...2)).map { $0 + $1.joined() }
    }()

    /// A book's title and metadata, drawn so that sources often name one series at different places.
    static let sources: Gen<SeriesSources> = Gen<(String, [GoogleBooksVolumeSeries], [String])>.zip(
        title, Gen<GoogleBooksVolumeSeries>.array(of: googleEntry, count: 0...2), Gen<String>.array(of: openLibraryString, count: 0...3)
    ).map { SeriesSources(title: $0, SeriesMetadata(googleBooks: $1, openLibrary: $2)) }

    /// A book without series data on any reading of the seeds: a title without a `#` (look-alike
    /// parentheses in words), OpenLibrary strings without a `#` directly followed by a number at their
    /// end, and Google Books entries without an ID or an order number. Entries whose fate a decision
    /// settles (`#10000`, "!!! #1", an ID of spaces, an entry no lookup named) are left to their rules.
    static let withoutSeriesData: Gen<SeriesSources> = {
        let decoy = Gen<String>.element(of: ["", " (Foundation Book 1)", " (Vol. 2)", " (The Expanse, Book 1)", " (Penguin Classics)", " [Series, Book 1]"])
        let openLibrary = Gen<String>.frequency([
            (3, Gen<String>.element(of: [
                "", "Foundation Book 1", "Book 1 of The Expanse", "Discworld", "Foundation # 1", "#1", "Foundation #", "Harry Potter (1)",
                "Foundation #one", "Foundation #1 (omnibus)", "Foundation #1.2345", "Foundation #3-1",
            ])),
            (1, Gen<String>.asciiString(count: 0...20).map { $0.filter { $0 != "#" } }),
        ])
        let google = Gen<GoogleBooksVolumeSeries>.frequency([
            (1, Gen<Int>.int(in: 0...5).map { GoogleBooksVolumeSeries(seriesID: "GB\($0)", orderNumber: nil, seriesName: "Foundation", totalBooks: 7) }),
            (1, Gen<Int>.int(in: 0...5).map { GoogleBooksVolumeSeries(seriesID: "", orderNumber: $0, seriesName: "Foundation") }),
        ])
        return Gen<(String, String, [String], [GoogleBooksVolumeSeries])>.zip(
            plainTitle, decoy, Gen<String>.array(of: openLibrary, count: 0...3), Gen<GoogleBooksVolumeSeries>.array(of: google, count: 0...2)
        ).map { title, decoy, openLibrary, google in
            SeriesSources(title: title + decoy, SeriesMetadata(googleBooks: google, openLibrary: openLibrary))
        }
    }()
}
