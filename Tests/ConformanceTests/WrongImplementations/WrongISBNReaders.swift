import Generators
import SpecConformance
import SpecModel

// Wrong ISBN readers: each reads export fields the way an app's code might get one detail wrong.

/// The model's reader with one change applied before or after it.
private struct EditedISBNReader: ISBNReading {
    let read: @Sendable (String) -> ISBNReadResult
    func readISBN(_ field: String) -> ISBNReadResult { read(field) }
}

/// The characters of an ISBN field without Goodreads' guard, spaces, tabs and hyphens.
private func isbnCharacters(_ field: String) -> [Character] {
    var text = Substring(field)
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    if text.first == "=" {
        text.removeFirst()
        if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
    }
    return text.filter { $0 != "-" && $0 != " " }.map { $0 == "x" ? "X" : $0 }
}

enum WrongISBNReaders {
    static let model = ModelISBNReader()

    static let all: [WrongImplementation] = [
        .of({ .isbnReading }, "ExcelGuardNotUnwrapped", flaw: "reads `=` as a character no ISBN has, so Goodreads' `=\"…\"` and `=\"\"` are invalid", breaks: "ISBN-01") {
            EditedISBNReader { field in field.contains("=") ? .invalid : model.readISBN(field) }
        },
        .of({ .isbnReading }, "CheckDigitNotVerified", flaw: "takes 10 or 13 characters for an ISBN without checking the check digit", breaks: "ISBN-05") {
            EditedISBNReader { field in
                let characters = isbnCharacters(field)
                guard characters.count == 10 || characters.count == 13, characters.dropLast().allSatisfy(\.isWholeNumberASCII) else {
                    return model.readISBN(field)
                }
                // The check character is replaced by the right one, so any check character passes.
                let body = String(characters.prefix(characters.count - 1))
                return model.readISBN(body + String(characters.count == 10 ? ISBNCheckDigit.isbn10(body) : ISBNCheckDigit.isbn13(body)))
            }
        },
        .of({ .isbnReading }, "XReadAsAMissingDigit", flaw: "reads an X among an ISBN-10's first nine characters as the digit its check digit implies (a 'repair')", breaks: "ISBN-06") {
            EditedISBNReader { field in
                let characters = isbnCharacters(field)
                guard characters.count == 10, let position = characters.prefix(9).firstIndex(of: "X"),
                    characters.prefix(9).filter({ $0 == "X" }).count == 1 else { return model.readISBN(field) }
                for digit in 0...9 {
                    var repaired = characters
                    repaired[position] = Character(String(digit))
                    if case .valid = model.readISBN(String(repaired)) { return model.readISBN(String(repaired)) }
                }
                return .invalid
            }
        },
        .of({ .isbnReading }, "AnyThirteenDigitPrefix", flaw: "accepts 13 digits with a correct check digit whatever their prefix (977, 000…)", breaks: "ISBN-07") {
            EditedISBNReader { field in
                let characters = isbnCharacters(field)
                let digits = String(characters)
                guard characters.count == 13, characters.allSatisfy(\.isWholeNumberASCII), !digits.hasPrefix("978"), !digits.hasPrefix("979"),
                    ISBNCheckDigit.isValidISBN13(digits) else { return model.readISBN(field) }
                return .valid(isbn13: digits, isbn10: nil)
            }
        },
        .of({ .isbnReading }, "ISBN10ForEvery13", flaw: "gives a 979 ISBN-13 an ISBN-10 too, from its nine middle digits", breaks: "ISBN-03") {
            EditedISBNReader { field in
                guard case let .valid(isbn13, nil) = model.readISBN(field) else { return model.readISBN(field) }
                let body = String(isbn13.dropFirst(3).prefix(9))
                return .valid(isbn13: isbn13, isbn10: body + String(ISBNCheckDigit.isbn10(body)))
            }
        },
        .of({ .isbnReading }, "ExtraDigitsIgnored", flaw: "reads the first 13 of 14 digits (or the first 10 of 11), ignoring the rest", breaks: "ISBN-04") {
            EditedISBNReader { field in
                let characters = isbnCharacters(field)
                guard characters.count == 14 || characters.count == 11 else { return model.readISBN(field) }
                return model.readISBN(String(characters.prefix(characters.count - 1)))
            }
        },
        .of({ .isbnReading }, "LowercaseXInvalid", flaw: "takes only an uppercase `X` for the check character, so `080442957x` is invalid", breaks: "ISBN-11") {
            EditedISBNReader { field in field.contains("x") ? .invalid : model.readISBN(field) }
        },
        .of({ .isbnReading }, "NoISBNReadAsEmpty", flaw: "reads every field that is no ISBN as empty, a failed check digit or an ASIN included", breaks: "ISBN-12") {
            EditedISBNReader { field in model.readISBN(field) == .invalid ? .empty : model.readISBN(field) }
        },
        .of({ .isbnReading }, "TabsAroundNotTrimmed", flaw: "trims spaces around a field but not tabs, so a tab-padded ISBN is invalid", breaks: "ISBN-10") {
            EditedISBNReader { field in field.contains("\t") && !field.allSatisfy({ $0 == "\t" || $0 == " " }) ? .invalid : model.readISBN(field) }
        },
    ]
}

extension Character {
    /// An ASCII digit.
    fileprivate var isWholeNumberASCII: Bool { ("0"..."9").contains(self) }
}
