import SpecModel

/// Short, bounded renderings of what a program wrote, for failure messages and the exchange log.
enum AdapterText {
    /// The most UTF-8 bytes of one line a message quotes.
    static let excerptBytesMax = 300

    /// `bytes` as text, cut to `excerptBytesMax` bytes at a scalar boundary, with its size when cut.
    static func excerpt(_ bytes: [UInt8]) -> String {
        excerpt(String(decoding: bytes, as: UTF8.self))
    }

    /// `text` cut to `excerptBytesMax` bytes at a scalar boundary, with its size when cut.
    static func excerpt(_ text: String) -> String {
        let kept = TextExcerpt.prefix(text, utf8BytesMax: excerptBytesMax)
        return kept.utf8.count == text.utf8.count ? kept : kept + "… (\(text.utf8.count) bytes)"
    }

    /// A command as a shell would show it.
    static func command(_ command: [String]) -> String {
        command.map { argument in
            argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:".contains($0) } && !argument.isEmpty
                ? argument : "'" + argument.replacingAll("'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
