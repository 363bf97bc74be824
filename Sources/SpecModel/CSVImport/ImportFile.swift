import TextFormats

/// An export file chosen by the user (seed 004_…, "High-Level Flow": File Picker).
public struct ImportFile: Hashable, Sendable {
    /// The file's name, whose extension decides whether it is accepted.
    public let name: String
    /// The file's bytes.
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    /// Whether the name ends in `.csv`, or `.tsv` or `.txt` as tab-separated exports do, in any case
    /// (Decision D-038).
    var hasAcceptedName: Bool {
        let lowered = name.lowercased()
        return [".csv", ".tsv", ".txt"].contains { lowered.hasSuffix($0) }
    }

    /// Whether the file holds anything but spaces, tabs and line breaks after its byte-order mark (a
    /// mark elsewhere, or a lone byte of one, is content, which the parser then judges).
    var holdsText: Bool {
        bytes[CSVFileSignature.bytesToSkip(prefix: bytes)...].contains { !" \t\n\r".utf8.contains($0) }
    }
}

/// Why a file could not be imported at all; nothing was imported (seed 004_…, Feature Specifications
/// §1, Error Handling; User Story 1's edge case; Decisions D-036, D-038).
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name does not end in `.csv` (or `.tsv`, `.txt` for tab-separated exports).
    case notCSVFile(name: String)
    /// Nothing but whitespace (or a byte-order mark).
    case emptyFile
    /// A header and no book rows.
    case noBooksFound
    /// The header has no title or no author column.
    case missingColumns(MissingColumns)
    /// The file is not readable CSV (invalid UTF-8, a binary file, an unterminated quote, a limit).
    case unreadable(CSVParseError)

    /// What the app shows.
    public var description: String {
        switch self {
        case .notCSVFile: return "Please select a .csv file"
        case .emptyFile: return "The file is empty"
        case .noBooksFound: return "No books found"
        case let .missingColumns(missing): return missing.description
        case let .unreadable(error): return "This file could not be read: \(error)"
        }
    }
}
