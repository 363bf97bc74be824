import SpecModel

/// The vector files' JSON layout: indented, members in the order they were built, short containers on
/// one line, so that a regenerated file's diff shows the cases that changed and nothing else.
///
/// `JSONValue.encoded()` is canonical but compact (one line, keys sorted by bytes); a file of a hundred
/// cases on one line would make every diff the whole file. This writer is as deterministic: members are
/// written in the order the vector code builds them (the same on every run), scalars exactly as the
/// canonical encoder writes them (minimal escapes, shortest round-trip doubles), and whether a container
/// fits on a line depends only on its bytes.
enum TestVectorJSON {
    /// The widest line a container is kept on, in UTF-8 bytes, indentation included.
    static let lineBytesMax = 120
    /// Containers this shallow are always spread over lines: the file (0), its lists (1) and each case
    /// or rule (2), so that every case starts on a line of its own.
    static let spreadDepthMax = 2
    /// Spaces per level of indentation.
    static let indentWidth = 2

    /// `value` laid out, ending in a line break.
    static func pretty(_ value: JSONValue) -> [UInt8] {
        var output = ""
        write(value, depth: 0, prefixBytes: 0, into: &output)
        output.append("\n")
        return Array(output.utf8)
    }

    /// Writes `value` at `depth`, its first line already holding `prefixBytes` bytes (indentation and key).
    private static func write(_ value: JSONValue, depth: Int, prefixBytes: Int, into output: inout String) {
        switch value {
        case let .array(elements):
            if elements.isEmpty {
                output.append("[]")
                return
            }
            if depth > spreadDepthMax {
                let line = inline(value)
                if prefixBytes + line.utf8.count + 1 <= lineBytesMax {
                    output.append(line)
                    return
                }
            }
            let indent = String(repeating: " ", count: (depth + 1) * indentWidth)
            output.append("[\n")
            for (index, element) in elements.enumerated() {
                output.append(indent)
                write(element, depth: depth + 1, prefixBytes: indent.utf8.count, into: &output)
                output.append(index == elements.count - 1 ? "\n" : ",\n")
            }
            output.append(String(repeating: " ", count: depth * indentWidth) + "]")
        case let .object(object):
            if object.isEmpty {
                output.append("{}")
                return
            }
            if depth > spreadDepthMax {
                let line = inline(value)
                if prefixBytes + line.utf8.count + 1 <= lineBytesMax {
                    output.append(line)
                    return
                }
            }
            let indent = String(repeating: " ", count: (depth + 1) * indentWidth)
            output.append("{\n")
            for (index, member) in object.members.enumerated() {
                let key = JSONValue.string(member.key).encodedString() + ": "
                output.append(indent + key)
                write(member.value, depth: depth + 1, prefixBytes: indent.utf8.count + key.utf8.count, into: &output)
                output.append(index == object.count - 1 ? "\n" : ",\n")
            }
            output.append(String(repeating: " ", count: depth * indentWidth) + "}")
        default:
            output.append(value.encodedString())
        }
    }

    /// `value` on one line: `{"a": 1, "b": [2, 3]}`, members in their order.
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case let .array(elements):
            return "[" + elements.map(inline).joined(separator: ", ") + "]"
        case let .object(object):
            return "{" + object.members.map { JSONValue.string($0.key).encodedString() + ": " + inline($0.value) }.joined(separator: ", ") + "}"
        default:
            return value.encodedString()
        }
    }
}
