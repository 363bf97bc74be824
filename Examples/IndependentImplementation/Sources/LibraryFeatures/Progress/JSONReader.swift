// A small, strict JSON reader (RFC 8259) for the progress socket's frames.
//
// The app reads frames from the network, so it bounds what it parses (size, nesting) and reports where a
// frame went wrong. Foundation's JSONSerialization neither tells bools from numbers reliably on Linux nor
// reports duplicate members, so the socket uses this reader instead.

/// A parsed JSON value. Object members keep their order.
public indirect enum JSONNode: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, as its literal text and its value as a `Double`.
    case number(literal: String, value: Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, value: JSONNode)])

    public static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(_, a), .number(_, b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONNode? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The JSON kind, for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

/// Why bytes are not one JSON document within the reader's limits.
public enum JSONReadError: Error, Equatable, Sendable {
    case tooLarge
    case malformed(offset: Int, reason: String)
    case tooDeep
    case duplicateMember(String)
}

/// Limits the reader enforces.
public struct JSONReadLimits: Sendable {
    /// The most bytes in a document.
    public var bytesMax: Int
    /// The most nested arrays and objects (the root object is depth 1).
    public var depthMax: Int

    public init(bytesMax: Int, depthMax: Int) {
        self.bytesMax = bytesMax
        self.depthMax = depthMax
    }
}

/// Reads one JSON document from UTF-8 bytes.
public struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private let limits: JSONReadLimits

    /// Parses `bytes` as one JSON document (whitespace allowed around it).
    public static func parse(_ bytes: [UInt8], limits: JSONReadLimits) throws(JSONReadError) -> JSONNode {
        guard bytes.count <= limits.bytesMax else { throw .tooLarge }
        var reader = JSONReader(bytes: bytes, limits: limits)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.fail("trailing characters") }
        return value
    }

    private init(bytes: [UInt8], limits: JSONReadLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    private func fail(_ reason: String) -> JSONReadError { .malformed(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(JSONReadError) {
        for byte in literal.utf8 {
            guard current == byte else { throw fail("expected \(literal)") }
            index += 1
        }
    }

    private mutating func readValue(depth: Int) throws(JSONReadError) -> JSONNode {
        guard let byte = current else { throw fail("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func readObject(depth: Int) throws(JSONReadError) -> JSONNode {
        guard depth <= limits.depthMax else { throw .tooDeep }
        index += 1  // {
        var members: [(key: String, value: JSONNode)] = []
        var keys = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try readString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected :") }
            index += 1
            skipWhitespace()
            let value = try readValue(depth: depth)
            guard keys.insert(key).inserted else { throw .duplicateMember(key) }
            members.append((key, value))
            skipWhitespace()
            guard let byte = current else { throw fail("unterminated object") }
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            guard byte == UInt8(ascii: ",") else { throw fail("expected , or }") }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONReadError) -> JSONNode {
        guard depth <= limits.depthMax else { throw .tooDeep }
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            guard let byte = current else { throw fail("unterminated array") }
            index += 1
            if byte == UInt8(ascii: "]") { return .array(elements) }
            guard byte == UInt8(ascii: ",") else { throw fail("expected , or ]") }
        }
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw fail("short \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("bad hex digit")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func readString() throws(JSONReadError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ reader: JSONReader, _ end: Int, into scalars: inout String.UnicodeScalarView) throws(JSONReadError) {
            guard runStart < end else { return }
            guard let text = String(validating: reader.bytes[runStart..<end], as: UTF8.self) else {
                throw .malformed(offset: runStart, reason: "invalid UTF-8")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                try flushRun(self, index, into: &scalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw fail("control character in string") }
            if byte == UInt8(ascii: "\\") {
                try flushRun(self, index, into: &scalars)
                index += 1
                guard let escape = current else { throw fail("unterminated escape") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let first = try readHex4()
                    var code = first
                    if (0xD800...0xDBFF).contains(first) {
                        guard current == UInt8(ascii: "\\") else { throw fail("lone high surrogate") }
                        index += 1
                        guard current == UInt8(ascii: "u") else { throw fail("lone high surrogate") }
                        index += 1
                        let second = try readHex4()
                        guard (0xDC00...0xDFFF).contains(second) else { throw fail("bad low surrogate") }
                        code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(first) {
                        throw fail("lone low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("bad code point") }
                    scalars.append(scalar)
                default:
                    throw fail("unknown escape")
                }
                runStart = index
                continue
            }
            index += 1
        }
    }

    private mutating func readNumber() throws(JSONReadError) -> JSONNode {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw fail("bad number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw fail("bad fraction") }
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { throw fail("bad exponent") }
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(literal) else { throw .malformed(offset: start, reason: "bad number") }
        return .number(literal: literal, value: value)
    }
}
