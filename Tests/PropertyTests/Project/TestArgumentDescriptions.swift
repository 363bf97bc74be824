import SpecModel
import Testing

// How Swift Testing names a parameterized case's arguments on its "Test case passing …" line. Without
// these a file's bytes or a Unicode table print in full, lines of thousands of characters.
//
// A conformance is the process's, not the module's: Swift Testing looks it up at run time, so this one
// also names the byte arrays of ScenarioTests' cases, which must not declare it again.

extension Array: @retroactive CustomTestStringConvertible where Element == UInt8 {
    /// The byte count and the first bytes as text, control characters and non-ASCII escaped.
    public var testDescription: String {
        let shown = prefix(Self.bytesShown).map { byte in
            (0x20..<0x7F).contains(byte) && byte != 0x5C ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
        }
        return "\(count) bytes \"\(shown.joined())\(count > Self.bytesShown ? "…" : "")\""
    }

    static var bytesShown: Int { 40 }
}

extension ScalarTable.Block: CustomTestStringConvertible {
    package var testDescription: String {
        "U+\(String(start, radix: 16, uppercase: true))..<U+\(String(start + UInt32(lowercase.count), radix: 16, uppercase: true))"
    }
}
