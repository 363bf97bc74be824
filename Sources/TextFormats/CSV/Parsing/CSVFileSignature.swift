/// What the first bytes of a file say before any of it is parsed: a UTF-8 byte-order mark to skip,
/// or the signature of something that is not CSV text.
///
/// Users pick files from a document picker; the likely wrong picks are a spreadsheet saved as
/// `.xlsx` (a ZIP archive) or `.xls`, Excel's "Unicode Text" (UTF-16), a PDF, an image or a
/// compressed export. Each has a fixed signature at byte 0, and a file that starts with one is
/// rejected as `CSVParseError.notCSV` before a byte of it is parsed, rather than failing later with
/// a less helpful invalid-UTF-8 error. Files that are text but not CSV (HTML, JSON) are not
/// detected here: they parse as CSV and fail the importer's header check, which names the columns
/// it expected.
package enum CSVFileSignature {
    /// The UTF-8 byte-order mark, EF BB BF, skipped at the very start of a file.
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The most bytes any signature needs; the parser holds back this many before deciding.
    package static let prefixBytesMax = 8

    /// The signatures, each with the reason it gives. A signature matches only when the file has
    /// all of its bytes.
    static let signatures: [(bytes: [UInt8], reason: CSVParseError.NotCSVReason)] = [
        ([0xFF, 0xFE], .utf16ByteOrderMark),
        ([0xFE, 0xFF], .utf16ByteOrderMark),
        (Array("%PDF-".utf8), .pdfDocument),
        ([0x50, 0x4B, 0x03, 0x04], .zipArchive),
        ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1], .legacyExcelWorkbook),
        ([0x1F, 0x8B], .gzipArchive),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], .pngImage),
        ([0xFF, 0xD8, 0xFF], .jpegImage),
        (Array("GIF87a".utf8), .gifImage),
        (Array("GIF89a".utf8), .gifImage),
    ]

    /// The reason a file starting with `prefix` is not CSV, if a signature matches.
    ///
    /// `prefix` is the file's first `prefixBytesMax` bytes, or the whole file when it is shorter.
    package static func notCSVReason(prefix: some Collection<UInt8>) -> CSVParseError.NotCSVReason? {
        for signature in signatures where prefix.starts(with: signature.bytes) {
            return signature.reason
        }
        return nil
    }

    /// How many bytes to skip at the start: 3 for a UTF-8 byte-order mark, otherwise 0.
    package static func bytesToSkip(prefix: some Collection<UInt8>) -> Int {
        prefix.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }
}
