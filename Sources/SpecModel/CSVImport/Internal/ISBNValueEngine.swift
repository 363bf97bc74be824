import InternalChecks

/// The import's ISBN reading: `ISBNValue.parse` on a field's bytes, with the digits packed in two
/// words (`ISBNDigits`) and the usual field, thirteen valid digits, read at once (Decision D-114).
/// `PlainAgainstEngineTests` holds it to `ISBNValue.parse`.
package enum ISBNValueEngine {
    /// `ISBNValue.parse(field)`.
    package static func parse(_ field: String) -> ISBNValue.Parsed {
        var contiguous = field
        return contiguous.withUTF8 { parse(bytes: $0, field: field) }
    }

    /// `ISBNValue.isWrittenWithISBNCharacters` on a field's bytes.
    package static func isWrittenWithISBNCharacters(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { byte in
            (0x30...0x39).contains(byte) || byte == UInt8(ascii: "X") || byte == UInt8(ascii: "x") || byte == UInt8(ascii: "-")
                || byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"")
        }
    }

    /// `ISBNValue.parse` on a field's bytes, in place; `field` gives its text for a reason.
    ///
    /// - Complexity: O(length of the field); a valid ISBN makes its two forms (small strings, kept
    ///   inline) and nothing else.
    static func parse(bytes: UnsafeBufferPointer<UInt8>, field: @autoclosure () -> String) -> ISBNValue.Parsed {
        var start = 0
        var end = bytes.count
        // Trim ASCII whitespace, then an Excel wrapper `="…"` (or a bare leading `=`).
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        if start < end, bytes[start] == UInt8(ascii: "=") {
            start += 1
            if end - start >= 2, bytes[start] == UInt8(ascii: "\""), bytes[end - 1] == UInt8(ascii: "\"") {
                start += 1
                end -= 1
            }
        }
        // The usual field: thirteen digits and nothing else, a valid ISBN-13.
        if end - start == 13, let valid = validThirteenDigits(UnsafeBufferPointer(rebasing: bytes[start..<end])) { return .valid(valid) }
        // The digits (and X), at most 13, packed into a fixed buffer.
        var digits = ISBNDigits()
        for index in start..<end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(byte)
            case UInt8(ascii: "x"), UInt8(ascii: "X"): digits.append(UInt8(ascii: "X"))
            case UInt8(ascii: "-"), UInt8(ascii: " "): continue
            default:
                // Every byte before this one was ASCII, so a scalar starts here.
                return .invalid("\"\(field())\" holds \"\(TextUnits.scalar(at: index, in: bytes))\", which is not part of an ISBN")
            }
            if digits.count > 13 { return .invalid("\"\(field())\" has more than 13 digits") }
        }
        switch digits.count {
        case 0:
            return .empty
        case 10:
            guard !digits.containsX(in: 0..<9) else { return .invalid("\"\(field())\" has an X before its check digit") }
            guard digits.isbn10CheckDigit(bodyFrom: 0) == digits[9] else { return .invalid("\"\(field())\" fails the ISBN-10 check digit") }
            var thirteen = ISBNDigits.prefix978
            for index in 0..<9 { thirteen.append(digits[index]) }
            thirteen.append(thirteen.isbn13CheckDigit())
            return .valid(ISBNValue(isbn13: thirteen.string, isbn10: digits.string))
        case 13:
            guard !digits.containsX(in: 0..<13) else { return .invalid("\"\(field())\" has an X, which ISBN-13 never has") }
            guard digits[0] == UInt8(ascii: "9"), digits[1] == UInt8(ascii: "7"), digits[2] == UInt8(ascii: "8") || digits[2] == UInt8(ascii: "9") else {
                return .invalid("\"\(field())\" does not start with 978 or 979")
            }
            guard digits.isbn13CheckDigit() == digits[12] else { return .invalid("\"\(field())\" fails the ISBN-13 check digit") }
            var isbn10: String?
            if digits[2] == UInt8(ascii: "8") {
                var ten = ISBNDigits()
                for index in 3..<12 { ten.append(digits[index]) }
                ten.append(ten.isbn10CheckDigit(bodyFrom: 0))
                isbn10 = ten.string
            }
            return .valid(ISBNValue(isbn13: digits.string, isbn10: isbn10))
        default:
            return .invalid("\"\(field())\" has \(digits.count) digits; an ISBN has 10 or 13")
        }
    }

    /// The ISBN of thirteen bytes that are digits forming a valid ISBN-13, read in place; `nil` for
    /// anything else, which the general path reads (and explains).
    static func validThirteenDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> ISBNValue? {
        guard bytes.count == 13, bytes[0] == UInt8(ascii: "9"), bytes[1] == UInt8(ascii: "7"),
            bytes[2] == UInt8(ascii: "8") || bytes[2] == UInt8(ascii: "9"),
            bytes.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
            ISBNDigits.isbn13CheckDigit(of: { bytes[$0] }) == bytes[12]
        else { return nil }
        let isbn13 = String(decoding: bytes, as: UTF8.self)
        guard bytes[2] == UInt8(ascii: "8") else { return ISBNValue(isbn13: isbn13, isbn10: nil) }
        var ten = ISBNDigits()
        for index in 3..<12 { ten.append(bytes[index]) }
        ten.append(ISBNDigits.isbn10CheckDigit(of: { bytes[3 + $0] }))
        return ISBNValue(isbn13: isbn13, isbn10: ten.string)
    }
}


/// Up to 16 ISBN characters (`0`–`9`, `X`) held in two words, without an allocation.
struct ISBNDigits {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private(set) var count = 0

    init() {}

    /// `978`, the prefix an ISBN-10 takes in its ISBN-13 form.
    static var prefix978: ISBNDigits {
        var digits = ISBNDigits()
        for byte in "978".utf8 { digits.append(byte) }
        return digits
    }

    mutating func append(_ byte: UInt8) {
        // A 14th character is counted but not kept: the parser then reports "more than 13 digits".
        internalCheck(count < 14, "ISBNDigits: a character appended after \(count)")
        if count < 8 {
            low |= UInt64(byte) << (8 * UInt64(count))
        } else if count < 16 {
            high |= UInt64(byte) << (8 * UInt64(count - 8))
        }
        count += 1
    }

    subscript(index: Int) -> UInt8 {
        internalCheck(index >= 0 && index < count, "ISBNDigits: character \(index) of \(count)")
        return UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * UInt64(index)) : high >> (8 * UInt64(index - 8)))
    }

    func containsX(in range: Range<Int>) -> Bool {
        range.contains { self[$0] == UInt8(ascii: "X") }
    }

    /// The ISBN-10 check character of the nine digits from `start`.
    func isbn10CheckDigit(bodyFrom start: Int) -> UInt8 {
        Self.isbn10CheckDigit(of: { self[start + $0] })
    }

    /// The ISBN-13 check digit of the first twelve digits.
    func isbn13CheckDigit() -> UInt8 {
        Self.isbn13CheckDigit(of: { self[$0] })
    }

    /// The ISBN-10 check character of nine digits, `digit(i)` giving the `i`th as its ASCII byte.
    @inline(__always)
    static func isbn10CheckDigit(of digit: (Int) -> UInt8) -> UInt8 {
        var sum = 0
        for offset in 0..<9 { sum += (10 - offset) * Int(digit(offset) &- UInt8(ascii: "0")) }
        let check = (11 - sum % 11) % 11
        return check == 10 ? UInt8(ascii: "X") : UInt8(ascii: "0") + UInt8(check)
    }

    /// The ISBN-13 check digit of twelve digits, `digit(i)` giving the `i`th as its ASCII byte.
    @inline(__always)
    static func isbn13CheckDigit(of digit: (Int) -> UInt8) -> UInt8 {
        var sum = 0
        for index in 0..<12 { sum += (index % 2 == 0 ? 1 : 3) * Int(digit(index) &- UInt8(ascii: "0")) }
        return UInt8(ascii: "0") + UInt8((10 - sum % 10) % 10)
    }

    /// The characters as text (at most 15 bytes: a small string, stored inline).
    var string: String {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else {
            return String(decoding: (0..<count).map { self[$0] }, as: UTF8.self)
        }
        internalCheck(count <= 16, "ISBNDigits: \(count) characters, of 16 kept")
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = self[index] }
            return count
        }
    }
}
