/// The app's reading of an ISBN field from an export (Goodreads writes `="0525540679"`, spreadsheets
/// `978-0-385-55036-9`).
public enum ISBNParser {
    public enum Reading: Equatable {
        case blank
        case isbn(thirteen: String, ten: String?)
        case notAnISBN
    }

    /// - Parameter checkingDigits: `false` is the app's old reader, which trusted any 10 or 13 digits.
    public static func read(_ field: String, checkingDigits: Bool = true) -> Reading {
        var text = Substring(field)
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        if text.first == "=" {
            text.removeFirst()
            if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
        }
        var digits: [Character] = []
        for character in text {
            switch character {
            case "0"..."9": digits.append(character)
            case "x", "X": digits.append("X")
            case "-", " ": continue
            default: return .notAnISBN
            }
            if digits.count > 13 { return .notAnISBN }
        }
        switch digits.count {
        case 0:
            return .blank
        case 10:
            guard !digits.dropLast().contains("X"), !checkingDigits || checkDigit10(digits.prefix(9)) == digits[9] else { return .notAnISBN }
            let body = Array("978") + digits.prefix(9)
            return .isbn(thirteen: String(body + [checkDigit13(body)]), ten: String(digits))
        case 13:
            guard !digits.contains("X"), digits.starts(with: "978") || digits.starts(with: "979"),
                !checkingDigits || checkDigit13(digits.prefix(12)) == digits[12] else { return .notAnISBN }
            guard digits.starts(with: "978") else { return .isbn(thirteen: String(digits), ten: nil) }
            let body = Array(digits[3..<12])
            return .isbn(thirteen: String(digits), ten: String(body + [checkDigit10(body)]))
        default:
            return .notAnISBN
        }
    }

    static func value(_ digit: Character) -> Int { Int(String(digit)) ?? 10 }

    static func checkDigit10(_ body: some Collection<Character>) -> Character {
        let sum = body.enumerated().reduce(0) { $0 + (10 - $1.offset) * value($1.element) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? "X" : Character(String(check))
    }

    static func checkDigit13(_ body: some Collection<Character>) -> Character {
        let sum = body.enumerated().reduce(0) { $0 + ($1.offset % 2 == 0 ? 1 : 3) * value($1.element) }
        return Character(String((10 - sum % 10) % 10))
    }
}
