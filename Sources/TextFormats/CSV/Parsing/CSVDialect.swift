/// The delimiter a CSV file separates its fields with: a comma, or a tab for tab-separated exports.
///
/// The quote is always `"` (RFC 4180) and records end at LF, CRLF or CR, in any mix.
///
/// Seed: 004_…, User Story 1 (Goodreads, LibraryThing and StoryGraph exports; LibraryThing also
/// exports tab-separated files, per the production notes).
public struct CSVDialect: Hashable, Sendable, CustomStringConvertible {
    /// The byte between fields. Never `"`, CR, LF, NUL or a byte of 0x80 or more.
    public var delimiter: UInt8

    /// Fields separated by `,` (RFC 4180; Goodreads, StoryGraph, LibraryThing's CSV export).
    public static let comma = CSVDialect(delimiter: UInt8(ascii: ","))
    /// Fields separated by a tab (LibraryThing's tab-separated export).
    public static let tab = CSVDialect(delimiter: 0x09)

    /// A dialect with `delimiter` between fields.
    ///
    /// - Precondition: `delimiter` is ASCII and not `"`, CR, LF or NUL.
    public init(delimiter: UInt8) {
        self.delimiter = delimiter
        validate()
    }

    /// Traps if the delimiter cannot separate fields unambiguously (the property is settable, so
    /// the parser and writer check again).
    func validate() {
        precondition(
            delimiter != 0 && delimiter < 0x80 && delimiter != UInt8(ascii: "\"") && delimiter != 0x0A && delimiter != 0x0D,
            "CSVDialect.delimiter must be ASCII and not '\"', CR, LF or NUL, got byte \(delimiter)"
        )
    }

    public var description: String {
        switch delimiter {
        case UInt8(ascii: ","): return "comma-separated"
        case 0x09: return "tab-separated"
        default: return "separated by \(CSVParseError.describe(delimiter))"
        }
    }
}

extension CSVDialect {
    /// The most bytes `detect` reads: a header line longer than this is judged by its first 64 KiB.
    public static let detectionBytesMax = 65_536

    /// Picks comma or tab from a file's first line: tab when the line has more tabs than commas
    /// outside quotes, comma otherwise (ties, and a line with neither, are comma).
    ///
    /// The first line ends at the first CR or LF outside quotes, at the end of `headerBytes`, or after
    /// `detectionBytesMax` bytes, so a file with no line break costs no more than its first 64 KiB. A UTF-8 byte-order mark needs no
    /// skipping: its bytes are none of these. Quotes are followed simply: every `"` toggles "inside
    /// quotes", which is exact for well-formed fields (an escaped `""` toggles twice). A header of
    /// one column (no comma, no tab) is read as comma-separated, which for one column is the same.
    ///
    /// Seed: 004_…, User Story 1 ("auto-detect the format"); production notes (LibraryThing's
    /// tab-separated export).
    ///
    /// - Complexity: O(min(*n*, `detectionBytesMax`)) in the length of the first line.
    public static func detect(in headerBytes: some Collection<UInt8>) -> CSVDialect {
        var commas = 0
        var tabs = 0
        var insideQuotes = false
        for byte in headerBytes.prefix(detectionBytesMax) {
            switch byte {
            case UInt8(ascii: "\""): insideQuotes.toggle()
            case UInt8(ascii: ","): if !insideQuotes { commas += 1 }
            case 0x09: if !insideQuotes { tabs += 1 }
            case 0x0A, 0x0D: if !insideQuotes { return tabs > commas ? .tab : .comma }
            default: break
            }
        }
        return tabs > commas ? .tab : .comma
    }
}
