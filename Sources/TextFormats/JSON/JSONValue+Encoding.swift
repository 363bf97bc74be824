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
        output.reserveCapacity(256)
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
                case let .number(number):
                    if let integer = number.int64 {
                        appendInteger(integer, to: &output)
                    } else {
                        output.append(contentsOf: number.description.utf8)
                    }
                case let .string(text): appendString(text, to: &output)
                case let .array(elements):
                    output.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                case let .object(object):
                    output.append(UInt8(ascii: "{"))
                    // Objects built in key order (the model's messages are) need no sort.
                    let members = object.members
                    let inOrder = members.indices.dropFirst().allSatisfy { members[$0 - 1].key.utf8.lexicographicallyPrecedes(members[$0].key.utf8) }
                    stack.append(.object(inOrder ? members : members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }, next: 0))
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

    /// Appends an integer's decimal digits (as `String(value)` writes them), without building a String.
    static func appendInteger(_ value: Int64, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        // The magnitude as UInt64, so Int64.min has one too.
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[index]) }
        }
    }

    /// Appends `text` as a JSON string with the minimal escapes.
    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most text needs no escape: copy it whole, and escape byte by byte only when a byte needs it.
        let clean = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if clean == true {
            output.append(UInt8(ascii: "\""))
            return
        }
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
