import SpecModel

/// How the vector files write values JSON has no plain form for: bytes that are not UTF-8, texts of
/// tens of kilobytes, doubles that are not finite, and absent values.
enum TestVectorValues {
    /// Texts longer than this many UTF-8 bytes are written as pieces (a field at the CSV limit is
    /// 64 KiB, a record 1 MiB): long enough that every ordinary case reads as plain text.
    static let plainTextBytesMax = 1_024
    /// The shortest run of one scalar written as a piece of its own.
    static let runScalarsMin = 16

    /// Bytes as the files carry them, the encoding named: `{"encoding": "utf-8", "data": "a,b\n"}`, or
    /// `{"encoding": "hex", "data": "61ff0a"}` (lowercase, two digits a byte) for bytes that are not UTF-8.
    static func bytes(_ bytes: [UInt8]) -> JSONValue {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return object([("encoding", "hex"), ("data", .string(hex(bytes)))])
        }
        return object([("encoding", "utf-8"), ("data", .string(text))])
    }

    /// `value` with every string longer than `plainTextBytesMax` UTF-8 bytes written as
    /// `{"textPieces": [["a", 65536], ["\n", 1]]}`: each piece's text repeated its count of times,
    /// concatenated. Texts at the limits (a 64 KiB field, a 1 MiB record, 4,096 bytes of emoji) take a
    /// line instead of a megabyte.
    static func compacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .string(text) where text.utf8.count > plainTextBytesMax:
            return object([("textPieces", .array(pieces(text).map { .array([.string($0.text), .integer(Int64($0.count))]) }))])
        case let .array(elements):
            return .array(elements.map(compacted))
        case let .object(object):
            return .object(JSONObject(object.members.map { ($0.key, compacted($0.value)) }))
        default:
            return value
        }
    }

    /// `text` as pieces: each run of at least `runScalarsMin` equal scalars as (scalar, run length), the
    /// text between runs as (text, 1). Concatenating each piece's text `count` times gives `text` back.
    static func pieces(_ text: String) -> [(text: String, count: Int)] {
        var pieces: [(text: String, count: Int)] = []
        var between = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            var end = index + 1
            while end < scalars.count, scalars[end] == scalars[index] { end += 1 }
            if end - index >= runScalarsMin {
                if !between.isEmpty {
                    pieces.append((String(between), 1))
                    between = String.UnicodeScalarView()
                }
                pieces.append((String(scalars[index]), end - index))
            } else {
                between.append(contentsOf: scalars[index..<end])
            }
            index = end
        }
        if !between.isEmpty { pieces.append((String(between), 1)) }
        return pieces
    }

    /// `value` with every `textPieces` object written back as its string: what a reader of the files
    /// does first (for tests and checks).
    static func expanded(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .object(object):
            if object.count == 1, let pieces = object["textPieces"]?.array {
                var text = ""
                for piece in pieces {
                    guard let part = piece[0]?.string, let count = piece[1]?.int64, count >= 0 else { return value }
                    text += String(repeating: part, count: Int(count))
                }
                return .string(text)
            }
            return .object(JSONObject(object.members.map { ($0.key, expanded($0.value)) }))
        case let .array(elements):
            return .array(elements.map(expanded))
        default:
            return value
        }
    }

    /// The bytes a `bytes` value (after `expanded`) stands for, or `nil` if it is not one.
    static func decodedBytes(_ value: JSONValue) -> [UInt8]? {
        switch (value["encoding"]?.string, value["data"]?.string) {
        case let ("utf-8"?, text?): return Array(text.utf8)
        case let ("hex"?, digits?): return unhex(digits)
        default: return nil
        }
    }

    /// A double; JSON has no infinities or NaN, so those are the strings `"Infinity"`, `"-Infinity"`
    /// and `"NaN"` (what JavaScript's `Number()` and Python's `float()` read back).
    static func double(_ value: Double) -> JSONValue {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "Infinity" : "-Infinity" }
        return .double(value)
    }

    /// An integer, or `null`.
    static func integer(_ value: Int?) -> JSONValue {
        value.map { .integer(Int64($0)) } ?? .null
    }

    /// An integer, or `null`.
    static func integer(_ value: Int64?) -> JSONValue {
        value.map { .integer($0) } ?? .null
    }

    /// A string, or `null`.
    static func string(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// An object with these members, in this order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func hex(_ bytes: [UInt8]) -> String {
        var digits: [UInt8] = []
        digits.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            digits.append(hexDigits[Int(byte >> 4)])
            digits.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: digits, as: UTF8.self)
    }

    static func unhex(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
            default: return nil
            }
        }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }
}
