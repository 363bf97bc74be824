import SpecConformance
import SpecModel

// Wrong title normalizers: each gets one of the seed's five steps wrong the way an app's code might.

/// The model with one edit applied to its output or input.
private struct EditedNormalizer: TitleNormalizing {
    let edit: @Sendable (String) -> String
    func normalizedTitle(_ title: String) -> String { edit(title) }
}

enum WrongTitleNormalizers {
    static let all: [WrongImplementation] = [
        .of({ .titleNormalization }, "SubtitleStrippedAtTenCharacters", flaw: "strips the subtitle of a title of exactly 10 characters (>= for >)", breaks: "TITLE-03") {
            EditedNormalizer { title in
                let normalized = TitleNormalization.normalizedForSearch(title)
                guard normalized.count == 10, let colon = normalized.firstIndex(of: ":"),
                    normalized[..<colon].contains(where: { !$0.isWhitespace }) else { return normalized }
                return String(normalized[..<colon]).trimmingSpaces()
            }
        },
        .of({ .titleNormalization }, "SubtitleLengthOfTheRawTitle", flaw: "measures the title before removing its markers (the seed read literally, O-11)", breaks: "TITLE-08") {
            EditedNormalizer { title in
                let normalized = TitleNormalization.normalizedForSearch(title)
                guard title.count > 10, let colon = normalized.firstIndex(of: ":"),
                    normalized[..<colon].contains(where: { !$0.isWhitespace }) else { return normalized }
                return String(normalized[..<colon]).trimmingSpaces()
            }
        },
        .of({ .titleNormalization }, "AbbreviationPeriodsKept", flaw: "skips step 4, keeping abbreviation periods", breaks: "TITLE-04") {
            EditedNormalizer { title in
                // Protect periods after letters, normalize, then put them back.
                let marked = String(title.map { $0 == "." ? "\u{E000}" : $0 })
                return String(TitleNormalization.normalizedForSearch(marked).map { $0 == "\u{E000}" ? "." : $0 })
            }
        },
        .of({ .titleNormalization }, "DecimalSeriesPlacesRemoved", flaw: "removes `(Series, #0.5)` too: `#\\d+` read as any number", breaks: "TITLE-01") {
            EditedNormalizer { title in
                TitleNormalization.normalizedForSearch(title.replacingDecimalMarkers())
            }
        },
        .of({ .titleNormalization }, "WhitespaceNotTrimmed", flaw: "collapses runs of spaces but keeps a leading or trailing one", breaks: "TITLE-05") {
            EditedNormalizer { title in
                let normalized = TitleNormalization.normalizedForSearch(title)
                return title.first?.isWhitespace == true && !normalized.isEmpty ? " " + normalized : normalized
            }
        },
        .of({ .titleNormalization }, "EditionMarkersKept", flaw: "skips step 2, keeping `[Special Edition]`", breaks: "TITLE-02") {
            EditedNormalizer { title in
                guard title.contains("[") else { return TitleNormalization.normalizedForSearch(title) }
                let protected = String(title.map { $0 == "[" ? "\u{E001}" : ($0 == "]" ? "\u{E002}" : $0) })
                return String(TitleNormalization.normalizedForSearch(protected).map { $0 == "\u{E001}" ? "[" : ($0 == "\u{E002}" ? "]" : $0) })
            }
        },
        .of({ .titleNormalization }, "DashSubtitleStripped", flaw: "strips a subtitle after ` - ` (or an en or em dash) as after `:`, past 10 characters", breaks: "TITLE-10") {
            EditedNormalizer { title in
                let normalized = TitleNormalization.normalizedForSearch(title)
                guard normalized.count > 10 else { return normalized }
                for dash in [" - ", " \u{2013} ", " \u{2014} "] {
                    if let range = normalized.range(of: dash), !normalized[..<range.lowerBound].isEmpty {
                        return String(normalized[..<range.lowerBound]).trimmingSpaces()
                    }
                }
                return normalized
            }
        },
    ]
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }

    /// `(Name, #0.5)` written as `(Name, #0)`, so the model's step 1 removes it.
    func replacingDecimalMarkers() -> String {
        var result = ""
        var characters = Array(self)
        var index = 0
        while index < characters.count {
            if characters[index] == "#", index + 2 < characters.count, characters[index + 1].isNumber, characters[index + 2] == "." {
                var end = index + 3
                while end < characters.count, characters[end].isNumber { end += 1 }
                if end < characters.count, characters[end] == ")" {
                    result.append(contentsOf: characters[index...(index + 1)])
                    index = end
                    continue
                }
            }
            result.append(characters[index])
            index += 1
        }
        characters = []
        return result
    }
}
