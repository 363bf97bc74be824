import InternalChecks
import TextFormats

/// A row's fields as `BookRowReader` reads them: the bytes of one field at a time.
///
/// The import lends the parser's view of the file (`CSVFieldsView`), so no field becomes a `String`
/// unless the book keeps it; rows given as strings (`BookRowReaderEngine.read(fields:…)`) are read by the
/// same code through `StringRowFields`.
protocol BookRowFields {
    var count: Int { get }
    /// Gives `body` the bytes of field `column` (valid UTF-8, as written, untrimmed).
    func withBytes<Value>(of column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value
}

extension CSVFieldsView: BookRowFields {
    @inline(__always)
    func withBytes<Value>(of column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        body(self[column])
    }
}

struct StringRowFields: BookRowFields {
    let fields: [String]

    var count: Int { fields.count }

    func withBytes<Value>(of column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        var field = fields[column]
        return field.withUTF8(body)
    }
}

/// A field trimmed as `String.trimmingSpaces()` trims it (whitespace and newline characters at
/// both ends), on its bytes.
package enum TrimmedField {
    /// Gives `body` the trimmed bytes, or returns `nil` when nothing is left.
    ///
    /// ASCII whitespace bytes are trimmed in place. When an ASCII byte that is not whitespace then
    /// starts and ends the rest, that is exactly what the characters' trimming leaves: no whitespace
    /// scalar joins a character with an ASCII letter, digit or sign. The same holds at either end for a
    /// scalar that is not whitespace and never joins a character beside it
    /// (`TextUnits.isStandaloneNonSpace`), and at the start of the field for any scalar that is not
    /// whitespace (nothing was trimmed that it could have extended). Otherwise (perhaps a no-break
    /// space, perhaps a combining mark after a space) the text's characters decide, through
    /// `trimmingSpaces()`.
    @inline(__always)
    package static func with<Value>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Value) -> Value? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start].isSpace { start &+= 1 }
        while end > start, bytes[end &- 1].isSpace { end &-= 1 }
        guard start < end else { return nil }
        // Only ASCII bytes were trimmed, so `start` and `end` are on scalar boundaries of the UTF-8.
        internalCheck(bytes[start] & 0xC0 != 0x80, "TrimmedField: the field starts at \(start) inside a scalar")
        internalCheck(end == bytes.count || bytes[end] & 0xC0 != 0x80, "TrimmedField: the field ends at \(end) inside a scalar")
        let first = bytes[start], last = bytes[end &- 1]
        if first < 0x80 || Self.startsCharacterThatIsNoSpace(TextUnits.scalar(at: start, in: bytes).value, atFieldStart: start == 0),
            last < 0x80 || TextUnits.isStandaloneNonSpace(TextUnits.scalar(endingAt: end &- 1, in: bytes).value)
        {
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
        var trimmed = String(checkedUTF8: bytes).trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        return trimmed.withUTF8(body)
    }

    /// Whether the non-ASCII scalar left first by trimming ASCII whitespace starts a character that is
    /// not whitespace.
    @inline(__always)
    static func startsCharacterThatIsNoSpace(_ value: UInt32, atFieldStart: Bool) -> Bool {
        atFieldStart ? !ScalarTable.isWhitespace(value) : TextUnits.isStandaloneNonSpace(value)
    }
}

/// Numbers written in decimal, read from bytes exactly as the standard library reads them from text.
package enum DecimalText {
    /// `String(value)`, its digits written straight into the string (a small one, up to 15 digits).
    package static func string(_ value: Int) -> String {
        guard value >= 0 else { return String(value) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            var rest = value
            repeat {
                start -= 1
                internalCheck(start >= 0, "DecimalText.string: \(value) has more than 20 digits")
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            return String(checkedUTF8: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// `Int(text)`: an optional `+` or `-`, then one or more ASCII digits; `nil` on anything else or
    /// on overflow.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
            guard bytes.count > 1 else { return nil }
        }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflowA) = value.multipliedReportingOverflow(by: 10)
            // Negative values accumulate downwards, so `Int.min` is reachable.
            let (next, overflowB) = negative ? times10.subtractingReportingOverflow(Int(digit)) : times10.addingReportingOverflow(Int(digit))
            guard !overflowA, !overflowB else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// `Double(text)` for plain decimals (`4`, `3.75`: digits, an optional point and more digits, at
    /// most 15 significant digits in all), or `nil` for any other text, which the caller then gives to
    /// `Double(_:)`.
    ///
    /// Exact: the digits as an integer and the power of ten are both exactly representable, so the one
    /// division is correctly rounded, as the standard library's reading is.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var digitsBeforePoint = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard !seenPoint else { return nil }
                seenPoint = true
                digitsBeforePoint = digits
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digits += 1
            if seenPoint { fractionDigits += 1 }
            guard digits <= 15 else { return nil }
        }
        guard digits > 0, !seenPoint || (digitsBeforePoint > 0 && fractionDigits > 0) else { return nil }
        return Double(mantissa) / powersOfTen[fractionDigits]
    }

    /// 10⁰ to 10¹⁵, each exact in a `Double`.
    static let powersOfTen: [Double] = (0...15).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }
}
