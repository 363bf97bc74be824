// Canonical, deterministic encoding: the same value gives the same bytes in every process, on every
// platform, so traces can be compared byte for byte (Docs/Determinism.md).

extension JSONValue {
    /// The canonical UTF-8 encoding of this value.
    ///
    /// - Objects: members sorted by the UTF-8 bytes of their keys (keys are distinct, so the order is
    ///   total and does not depend on the sorting algorithm), whatever order they were parsed or added in.
    /// - No insignificant whitespace.
    /// - Strings: only `"`, `\` and the control characters U+0000–U+001F are escaped; `\b` `\f` `\n`
    ///   `\r` `\t` for those that have a short form, `\u00XX` with lowercase hex for the others. `/`,
    ///   DEL and non-ASCII text are written as they are (UTF-8).
    /// - Integers in plain decimal; doubles in Swift's shortest round-trip form (`Double.description`,
    ///   which for finite values is always valid JSON: `1.0`, `1e-05`, `1e+16`, `-0.0`). A
    ///   `JSONNumber` is never infinite or NaN, so no other form can occur.
    ///
    /// Parsing the result gives back an equal value, and encoding that value gives the same bytes.
    ///
    /// - Complexity: O(*n* log *n*) for sorting keys, O(*n*) otherwise; iterative, so any depth encodes.
    public func encoded() -> [UInt8] {
        var output: [UInt8] = []
        JSONEncoding.append(self, to: &output)
        return output
    }

    /// The canonical encoding as a `String` (see `encoded()`).
    public func encodedString() -> String {
        String(decoding: encoded(), as: UTF8.self)
    }
}

/// The encoder's state: an explicit stack of the containers being written.
enum JSONEncoding {
    private enum Frame {
        case array([JSONValue], next: Int)
        case object([JSONObject.Member], next: Int)
    }

    static func append(_ root: JSONValue, to output: inout [UInt8]) {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case let .bool(flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case let .number(number): output.append(contentsOf: number.description.utf8)
                case let .string(text): appendString(text, to: &output)
                case let .array(elements):
                    output.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                case let .object(object):
                    output.append(UInt8(ascii: "{"))
                    let sorted = object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                    stack.append(.object(sorted, next: 0))
                }
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case let .array(elements, next):
                if next == elements.count {
                    output.append(UInt8(ascii: "]"))
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                pending = elements[next]
                stack.append(.array(elements, next: next + 1))
            case let .object(members, next):
                if next == members.count {
                    output.append(UInt8(ascii: "}"))
                    continue
                }
                if next > 0 { output.append(UInt8(ascii: ",")) }
                appendString(members[next].key, to: &output)
                output.append(UInt8(ascii: ":"))
                pending = members[next].value
                stack.append(.object(members, next: next + 1))
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string with the minimal escapes.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                output.append(contentsOf: "\\u00".utf8)
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
