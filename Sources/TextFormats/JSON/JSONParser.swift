// A strict RFC 8259 parser over UTF-8 bytes.
//
// The parser is iterative: nested arrays and objects live on an explicit stack bounded by
// `JSONParseLimits.depthMax`, so no document, however deeply nested, can exhaust the thread's stack.
// Every index is checked against the end before it is read and every count against its limit before
// it grows, so no input traps.

extension JSONValue {
    /// Parses one JSON document from UTF-8 `bytes`, strictly (RFC 8259) and within `limits`.
    ///
    /// Accepted: exactly one value, surrounded only by whitespace (space, tab, LF, CR). Rejected, each
    /// with a `JSONParseError` carrying the byte offset: comments, trailing commas, single quotes,
    /// unquoted keys, leading zeros, `NaN` and `Infinity`, a byte order mark, raw control characters
    /// in strings, unknown escapes, lone surrogate escapes, ill-formed UTF-8 (overlong forms, encoded
    /// surrogates, truncated sequences), duplicate keys, integers beyond `Int64`, doubles beyond the
    /// finite range, and anything beyond `limits`. Numbers that underflow a `Double` (`1e-400`) round
    /// to zero, as IEEE 754 rounding does for every other number. `-0` is the integer 0 (an integer
    /// has no negative zero); `-0.0` is the double negative zero.
    ///
    /// - Complexity: O(*n*) in the document's size (duplicate keys are found by hashing); memory is
    ///   bounded by `limits`.
    public init(parsing bytes: some Collection<UInt8>, limits: JSONParseLimits = .default) throws(JSONParseError) {
        let count = bytes.count
        guard count <= limits.bytesMax else { throw .documentTooLarge(bytes: count, bytesMax: limits.bytesMax) }
        var parser = JSONParser(bytes: Array(bytes), limits: limits)
        self = try parser.parseDocument()
    }

    /// Parses one JSON document from the UTF-8 form of `text` (see `init(parsing:limits:)` for bytes).
    public init(parsing text: String, limits: JSONParseLimits = .default) throws(JSONParseError) {
        try self.init(parsing: text.utf8, limits: limits)
    }
}

/// The parser's state: the bytes, the read position and the stack of open containers.
struct JSONParser {
    private let bytes: [UInt8]
    private let limits: JSONParseLimits
    private var index = 0
    /// The open arrays and objects, innermost last.
    private var stack: [Frame] = []
    /// Reused for each string's decoded bytes.
    private var scratch: [UInt8] = []

    /// An open array or object. Its fields are mutated in place (`stack[top]…`), so appending does
    /// not copy the elements.
    private struct Frame {
        let isObject: Bool
        var elements: [JSONValue] = []
        var members: [JSONObject.Member] = []
        /// The keys seen so far, as UTF-8 bytes, for the duplicate check of a large object; a small one
        /// compares with its members' keys instead, which costs less than hashing (see `parseKey`).
        var keys: Set<[UInt8]>?
        /// The key of the member whose value is being parsed.
        var key = ""
    }

    init(bytes: [UInt8], limits: JSONParseLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Objects with fewer members than this check a new key against each member's; larger ones hash,
    /// so the check stays linear in the object's size.
    static let linearKeyCheckMax = 16

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    // MARK: - The document

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { throw .byteOrderMark }
        var expecting = JSONParseError.Expectation.value
        while true {
            // A value starts here.
            skipWhitespace()
            guard index < bytes.count else { throw .unexpected(expected: expecting, found: .end, offset: index) }
            var value: JSONValue
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                guard stack.count < limits.depthMax else { throw .nestingTooDeep(depthMax: limits.depthMax, offset: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    expecting = .valueOrArrayEnd
                    continue
                }
            case UInt8(ascii: "{"):
                guard stack.count < limits.depthMax else { throw .nestingTooDeep(depthMax: limits.depthMax, offset: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    stack.append(Frame(isObject: true))
                    try parseKey(expected: .keyOrObjectEnd)
                    expecting = .value
                    continue
                }
            case Self.quote:
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = .null
            default:
                throw .unexpected(expected: expecting, found: .byte(byte), offset: index)
            }

            // The value is complete: add it to the open containers, closing those that end here.
            closing: while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    guard index == bytes.count else {
                        throw .unexpected(expected: .documentEnd, found: .byte(bytes[index]), offset: index)
                    }
                    return value
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append((key: stack[top].key, value: value))
                    skipWhitespace()
                    guard index < bytes.count else { throw .unexpected(expected: .objectCommaOrEnd, found: .end, offset: index) }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        guard stack[top].members.count < limits.membersMax else {
                            throw .tooManyMembers(membersMax: limits.membersMax, offset: index)
                        }
                        try parseKey(expected: .key)
                        expecting = .value
                        break closing
                    case UInt8(ascii: "}"):
                        index += 1
                        value = .object(JSONObject(uncheckedMembers: stack.removeLast().members))
                    default:
                        throw .unexpected(expected: .objectCommaOrEnd, found: .byte(bytes[index]), offset: index)
                    }
                } else {
                    stack[top].elements.append(value)
                    skipWhitespace()
                    guard index < bytes.count else { throw .unexpected(expected: .arrayCommaOrEnd, found: .end, offset: index) }
                    switch bytes[index] {
                    case UInt8(ascii: ","):
                        index += 1
                        skipWhitespace()
                        guard stack[top].elements.count < limits.membersMax else {
                            throw .tooManyMembers(membersMax: limits.membersMax, offset: index)
                        }
                        expecting = .value
                        break closing
                    case UInt8(ascii: "]"):
                        index += 1
                        value = .array(stack.removeLast().elements)
                    default:
                        throw .unexpected(expected: .arrayCommaOrEnd, found: .byte(bytes[index]), offset: index)
                    }
                }
            }
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// Reads a key and its colon into the innermost (object) frame.
    private mutating func parseKey(expected: JSONParseError.Expectation) throws(JSONParseError) {
        guard index < bytes.count else { throw .unexpected(expected: expected, found: .end, offset: index) }
        guard bytes[index] == Self.quote else { throw .unexpected(expected: expected, found: .byte(bytes[index]), offset: index) }
        let keyOffset = index
        let key = try parseString()
        let top = stack.count - 1
        if stack[top].keys == nil, stack[top].members.count < Self.linearKeyCheckMax {
            for member in stack[top].members where JSONObject.sameKey(member.key, key) {
                throw .duplicateKey(key, offset: keyOffset)
            }
        } else {
            if stack[top].keys == nil { stack[top].keys = Set(stack[top].members.map { Array($0.key.utf8) }) }
            guard stack[top].keys!.insert(Array(key.utf8)).inserted else {
                throw .duplicateKey(key, offset: keyOffset)
            }
        }
        stack[top].key = key
        skipWhitespace()
        guard index < bytes.count else { throw .unexpected(expected: .colon, found: .end, offset: index) }
        guard bytes[index] == UInt8(ascii: ":") else { throw .unexpected(expected: .colon, found: .byte(bytes[index]), offset: index) }
        index += 1
    }

    private mutating func parseLiteral(_ name: String) throws(JSONParseError) {
        for expected in name.utf8 {
            guard index < bytes.count else { throw .unexpected(expected: .literal(name), found: .end, offset: index) }
            guard bytes[index] == expected else { throw .unexpected(expected: .literal(name), found: .byte(bytes[index]), offset: index) }
            index += 1
        }
    }

    // MARK: - Strings

    /// Reads a string starting at its opening quote and returns its decoded, validated UTF-8 bytes.
    private mutating func parseString() throws(JSONParseError) -> String {
        let start = index
        // Fast path: printable ASCII without escapes up to the closing quote (most keys and values)
        // becomes the string at once, from the bytes in place.
        var cursor = index + 1
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == Self.quote {
                guard cursor - start - 1 <= limits.stringBytesMax else {
                    throw .stringTooLong(stringBytesMax: limits.stringBytesMax, offset: start)
                }
                let text = String(decoding: bytes[(start + 1)..<cursor], as: UTF8.self)
                index = cursor + 1
                return text
            }
            guard byte >= 0x20, byte < 0x80, byte != Self.backslash else { break }
            cursor += 1
        }
        index += 1
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard index < bytes.count else { throw .unexpected(expected: .stringEnd, found: .end, offset: index) }
            let byte = bytes[index]
            switch byte {
            case Self.quote:
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            case Self.backslash:
                try parseEscape()
            case 0x00..<0x20:
                throw .controlCharacterInString(byte, offset: index)
            case 0x20..<0x80:
                scratch.append(byte)
                index += 1
            default:
                try copyUTF8Sequence()
            }
            guard scratch.count <= limits.stringBytesMax else {
                throw .stringTooLong(stringBytesMax: limits.stringBytesMax, offset: start)
            }
        }
    }

    /// Reads an escape starting at its backslash and appends what it denotes.
    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw .unexpected(expected: .escapeCharacter, found: .end, offset: index) }
        let letter = bytes[index]
        let simple: UInt8?
        switch letter {
        case Self.quote, Self.backslash, UInt8(ascii: "/"): simple = letter
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw .unexpected(expected: .escapeCharacter, found: .byte(letter), offset: index)
        }
        index += 1
        if let simple {
            scratch.append(simple)
            return
        }
        let unit = try parseHex4()
        let scalar: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed at once by a `\u` escape of a low surrogate.
            guard index + 1 < bytes.count, bytes[index] == Self.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                throw .loneSurrogate(unit, offset: escapeStart)
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw .loneSurrogate(unit, offset: escapeStart) }
            scalar = 0x1_0000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw .loneSurrogate(unit, offset: escapeStart)
        default:
            scalar = UInt32(unit)
        }
        UTF8Encoding.append(scalar, to: &scratch)
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw .unexpected(expected: .hexDigit, found: .end, offset: index) }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .unexpected(expected: .hexDigit, found: .byte(byte), offset: index)
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    /// Validates the multi-byte UTF-8 sequence starting at a byte >= 0x80 and copies it (RFC 3629, §4).
    private mutating func copyUTF8Sequence() throws(JSONParseError) {
        let start = index
        let lead: UTF8Lead
        do {
            lead = try UTF8Lead.classify(bytes[index])
        } catch {
            throw .invalidUTF8(error, offset: start)
        }
        for position in 1...lead.continuations {
            guard start + position < bytes.count else { throw .invalidUTF8(.truncatedSequence, offset: start) }
            if let defect = lead.defect(of: bytes[start + position], atPosition: position) {
                throw .invalidUTF8(defect, offset: start)
            }
        }
        scratch.append(contentsOf: bytes[start...(start + lead.continuations)])
        index = start + lead.continuations + 1
    }

    // MARK: - Numbers

    /// Reads a number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < bytes.count else { throw .unexpected(expected: .integerDigit, found: .end, offset: index) }
        let first = bytes[index]
        if first == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, Self.isDigit(bytes[index]) { throw .leadingZero(offset: index) }
        } else if Self.isDigit(first) {
            skipDigits()
        } else {
            throw .unexpected(expected: .integerDigit, found: .byte(first), offset: index)
        }
        let integerEnd = index
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try requireDigit(.fractionDigit)
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try requireDigit(.exponentDigit)
            skipDigits()
        }
        let length = index - start
        guard length <= limits.numberBytesMax else {
            throw .numberTooLong(bytes: length, numberBytesMax: limits.numberBytesMax, offset: start)
        }
        if isInteger {
            // Accumulate negatively, so that Int64.min, whose magnitude has no positive Int64, fits.
            var value: Int64 = 0
            for byte in bytes[(isNegative ? start + 1 : start)..<integerEnd] {
                let (times10, overflowMultiplying) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowSubtracting) = times10.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !overflowMultiplying, !overflowSubtracting else { throw .integerOutOfRange(offset: start) }
                value = next
            }
            if !isNegative {
                guard value != .min else { throw .integerOutOfRange(offset: start) }
                value = -value
            }
            return JSONNumber(value)
        }
        // The text matches JSON's grammar, a subset of what `Double.init?(_:)` accepts; it rounds
        // correctly, and gives an infinity on overflow and zero on underflow.
        guard let double = Double(String(decoding: bytes[start..<index], as: UTF8.self)),
            let number = JSONNumber(finite: double)
        else { throw .doubleOutOfRange(offset: start) }
        return number
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    private mutating func requireDigit(_ expected: JSONParseError.Expectation) throws(JSONParseError) {
        guard index < bytes.count else { throw .unexpected(expected: expected, found: .end, offset: index) }
        guard Self.isDigit(bytes[index]) else { throw .unexpected(expected: expected, found: .byte(bytes[index]), offset: index) }
    }
}
