import SpecConformance
import SpecModel

// Wrong series detectors: each reads one source, place or name the way an app's parser might.

/// The model, given a book's sources after one edit; the edit may log warnings of its own.
private struct EditedDetector: SeriesDetecting {
    var edit: @Sendable (inout String, inout SeriesMetadata, inout [SeriesDetectionWarning]) -> Void = { _, _, _ in }
    var editReport: @Sendable (SeriesDetectionReport) -> SeriesDetectionReport = { $0 }

    func detectedSeries(title: String, metadata: SeriesMetadata) -> SeriesDetectionReport {
        var title = title
        var metadata = metadata
        var warnings: [SeriesDetectionWarning] = []
        edit(&title, &metadata, &warnings)
        var report = ModelSeriesDetector().detectedSeries(title: title, metadata: metadata)
        report.warnings += warnings
        return editReport(report)
    }
}

extension String {
    /// The text with each place written after a `#` (`#2`, `#0.5`, `#1-3`) replaced by `edit`'s
    /// answer for it, or kept when `edit` answers `nil`.
    func rewritingPlaces(_ edit: (_ whole: String, _ separator: Character?, _ rest: String) -> String?) -> String {
        let characters = Array(self)
        var result = ""
        var index = 0
        func digits(from start: Int) -> Int {
            var end = start
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            return end
        }
        while index < characters.count {
            result.append(characters[index])
            guard characters[index] == "#" else {
                index += 1
                continue
            }
            let wholeEnd = digits(from: index + 1)
            guard wholeEnd > index + 1 else {
                index += 1
                continue
            }
            var separator: Character?
            var end = wholeEnd
            if wholeEnd < characters.count, [".", "-", "\u{2013}"].contains(characters[wholeEnd]) {
                let restEnd = digits(from: wholeEnd + 1)
                if restEnd > wholeEnd + 1 {
                    separator = characters[wholeEnd]
                    end = restEnd
                }
            }
            let whole = String(characters[(index + 1)..<wholeEnd])
            let rest = separator == nil ? "" : String(characters[(wholeEnd + 1)..<end])
            result += edit(whole, separator, rest) ?? String(characters[(index + 1)..<end])
            index = end
        }
        return result
    }
}

extension SeriesMetadata {
    /// The metadata with every OpenLibrary string and the title passed through `edit`.
    func editingText(_ edit: (String) -> String) -> SeriesMetadata {
        SeriesMetadata(googleBooks: googleBooks, openLibrary: openLibrary.map(edit))
    }
}

/// Tags that make names differing in spelling differ in key, and take the tags off again.
private struct SpellingTags {
    var spellings: [String] = []

    /// `name` with a word naming its exact spelling appended.
    mutating func tagged(_ name: String) -> String {
        let cleaned = SeriesName.cleaned(name)
        let index = spellings.firstIndex(of: cleaned) ?? spellings.count
        if index == spellings.count { spellings.append(cleaned) }
        return cleaned + " qzspelling\(index)"
    }

    static func untagged(_ name: String) -> String {
        guard let range = name.firstRange(of: " qzspelling") else { return name }
        return String(name[..<range.lowerBound])
    }
}

enum WrongSeriesDetectors {
    static let all: [WrongImplementation] = [
        .of({ .seriesDetection }, "SeedExpressionWholeNumbersOnly", flaw: "reads places with the seed's `#(\\d+)$`, so novellas and omnibus editions are refused (D-094, D-095 widen it)", breaks: "SERIES-04", "SERIES-26") {
            EditedDetector(edit: { title, metadata, warnings in
                var kept: [String] = []
                for text in metadata.openLibrary {
                    let trimmed = SeriesName.cleaned(text)
                    if let hash = trimmed.lastIndex(of: "#"), !trimmed[trimmed.index(after: hash)...].allSatisfy({ $0.isASCII && $0.isNumber }), case .claim = SeriesClaim.parseOpenLibrary(text) {
                        warnings.append(.unparseable(.openLibrary))
                    } else {
                        kept.append(text)
                    }
                }
                metadata.openLibrary = kept
                // A marker with a decimal or a range is no marker for `#\d+\)`: break it with a space.
                title = title.rewritingPlaces { whole, separator, rest in separator.map { " \(whole)\($0)\(rest)" } }
            })
        },
        .of({ .seriesDetection }, "DecimalPlacesRoundedDown", flaw: "rounds `#2.5` down to `#2`, putting a novella on the book before it", breaks: "SERIES-04") {
            EditedDetector(edit: { title, metadata, _ in
                let round = { (text: String) in text.rewritingPlaces { whole, separator, _ in separator == "." ? whole : nil } }
                metadata = metadata.editingText(round)
                title = round(title)
            })
        },
        .of({ .seriesDetection }, "OmnibusPlacedAtItsFirstBook", flaw: "places an omnibus `#1-3` at book 1", breaks: "SERIES-26") {
            EditedDetector(edit: { title, metadata, _ in
                let first = { (text: String) in text.rewritingPlaces { whole, separator, _ in separator == "-" || separator == "\u{2013}" ? whole : nil } }
                metadata = metadata.editingText(first)
                title = first(title)
            })
        },
        .of({ .seriesDetection }, "LargestNumberRefused", flaw: "accepts numbers below 9999 only (`<` for `<=`)", breaks: "SERIES-27") {
            EditedDetector(edit: { title, metadata, warnings in
                var kept: [String] = []
                for text in metadata.openLibrary {
                    if case let .claim(claim) = SeriesClaim.parseOpenLibrary(text), claim.place.lastThousandths >= SeriesPlace.numberMax * 1_000 {
                        warnings.append(.unparseable(.openLibrary))
                    } else {
                        kept.append(text)
                    }
                }
                metadata.openLibrary = kept
                let refused = metadata.googleBooks.filter { $0.orderNumber == SeriesPlace.numberMax }
                warnings += refused.map { _ in .unparseable(.googleBooks) }
                metadata.googleBooks.removeAll { $0.orderNumber == SeriesPlace.numberMax }
                title = title.rewritingPlaces { whole, _, _ in whole == String(SeriesPlace.numberMax) ? " " + whole : nil }
            })
        },
        .of({ .seriesDetection }, "FirstEntryOfEachSourceOnly", flaw: "reads `volumeSeries[0]` and `series[0]` only, as the seed's field paths say (D-097 reads every entry)", breaks: "SERIES-28") {
            EditedDetector(edit: { _, metadata, _ in
                metadata = SeriesMetadata(googleBooks: Array(metadata.googleBooks.prefix(1)), openLibrary: Array(metadata.openLibrary.prefix(1)))
            })
        },
        .of({ .seriesDetection }, "NamesComparedExactly", flaw: "links entries by their exact name, so \"The Expanse\" and \"Expanse Series\" are two series", breaks: "SERIES-08") {
            EditedDetector(edit: { title, metadata, _ in
                var tags = SpellingTags()
                metadata.googleBooks = metadata.googleBooks.map { entry in
                    var tagged = entry
                    if let name = entry.seriesName, !SeriesName.key(name).isEmpty { tagged.seriesName = tags.tagged(name) }
                    return tagged
                }
                metadata.openLibrary = metadata.openLibrary.map { text in
                    guard case let .claim(claim) = SeriesClaim.parseOpenLibrary(text), let name = claim.name else { return text }
                    return tags.tagged(name) + " #\(claim.place)"
                }
                let markers = SeriesClaim.titleMarkers(in: title).compactMap { parse -> String? in
                    guard case let .claim(claim) = parse, let name = claim.name else { return nil }
                    return " (\(tags.tagged(name)), #\(claim.place))"
                }
                title = SeriesClaim.titleWithoutMarkers(title) + markers.joined()
            }, editReport: { report in
                var untagged = report
                untagged.series = report.series.map { DetectedSeries(name: SpellingTags.untagged($0.name), googleBooksSeriesIDs: $0.googleBooksSeriesIDs, place: $0.place, totalBooks: $0.totalBooks) }
                return untagged
            })
        },
        .of({ .seriesDetection }, "BookNumberPhrasingGuessed", flaw: "reads \"Foundation Book 1\" as \"Foundation #1\", a guess the seed forbids", breaks: "SERIES-05", "SERIES-06") {
            EditedDetector(edit: { _, metadata, _ in
                metadata = metadata.editingText { text in
                    let words = SeriesName.cleaned(text).split(separator: " ")
                    if words.count >= 3, words[words.count - 2] == "Book", words[words.count - 1].allSatisfy(\.isNumber) {
                        return words.dropLast(2).joined(separator: " ") + " #" + String(words[words.count - 1])
                    }
                    if words.count >= 4, words[0] == "Book", words[1].allSatisfy(\.isNumber), words[2] == "of" {
                        return words.dropFirst(3).joined(separator: " ") + " #" + String(words[1])
                    }
                    return text
                }
            })
        },
        .of({ .seriesDetection }, "SpaceAfterHashAccepted", flaw: "accepts \"Foundation # 1\", which the seed's expression refuses", breaks: "SERIES-05") {
            EditedDetector(edit: { title, metadata, _ in
                metadata = metadata.editingText { $0.replacing("# ", with: "#") }
                title = title.replacing("# ", with: "#")
            })
        },
        .of({ .seriesDetection }, "OpenLibraryOverGoogleBooks", flaw: "takes OpenLibrary's place over Google Books' (the risk table's fallback read backwards)", breaks: "SERIES-07") {
            EditedDetector(edit: { _, metadata, warnings in
                let openLibrary = metadata.openLibrary.compactMap { text -> SeriesClaim? in
                    if case let .claim(claim) = SeriesClaim.parseOpenLibrary(text) { return claim }
                    return nil
                }
                metadata.googleBooks = metadata.googleBooks.map { entry in
                    guard let name = entry.seriesName, let number = entry.orderNumber, (0...SeriesPlace.numberMax).contains(number),
                        let other = openLibrary.first(where: { SeriesName.key($0.name ?? "") == SeriesName.key(name) && $0.place != SeriesPlace(number) }),
                        !other.place.isOmnibus, other.place.firstThousandths % 1_000 == 0 else { return entry }
                    var moved = entry
                    moved.orderNumber = other.place.firstThousandths / 1_000
                    warnings.append(.conflictingPlaces(kept: .openLibrary, ignored: .googleBooks))
                    return moved
                }
            })
        },
        .of({ .seriesDetection }, "UnnamedGoogleBooksEntryDropped", flaw: "skips a Google Books entry without the lookup's name, silently, instead of naming it from another source", breaks: "SERIES-09") {
            EditedDetector(edit: { _, metadata, _ in
                metadata.googleBooks.removeAll { SeriesName.key($0.seriesName ?? "").isEmpty }
            })
        },
    ]
}
