import Generators
import SpecModel

/// Generators of CSV content that breaks readers, shared by the parser's properties and the
/// conformance kit's CSV suite: fields, tables, chunkings, dialects and hostile bytes.
public enum CSVTableFixture {
    /// Text that breaks CSV readers: any Unicode scalar but NUL, the format's own punctuation,
    /// Goodreads' `="…"` guards, spaces at the edges, empty strings and byte-order-mark characters.
    ///
    /// U+0000 is left out: no export contains it, and a reader rejects NUL as not CSV.
    public static let field: Gen<String> = Gen<String>.frequency([
        (4, Gen<String>.unicodeString(count: 0...10).map { text in String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" })) }),
        (4, Gen<String>.string(ofScalars: Gen<Unicode.Scalar>.element(of: Array(",\"\r\n\t =a".unicodeScalars)), count: 0...8)),
        (3, Gen<String>.element(of: [
            "", " ", "  padded  ", "=\"\"", "=\"0525540679\"", "\"", "\"\"", "\"\"\"", "\r\n", "\r", "\n", ",",
            "\u{FEFF}", "\u{FEFF}Title", "a,b", "say \"hi\"", "%PDF-1.7", "GIF89a", "PK\u{3}\u{4}", "Café, Мир, 三体 😀",
        ])),
        (1, Gen<String>.goodreadsISBNField(Gen<String>.isbn10)),
    ])

    /// A table of `field`s: every row with the same number of columns.
    public static func table(columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> Gen<[[String]]> {
        Gen<Int>.int(in: columns).flatMap { count in
            Gen<[String]>.array(of: Gen<String>.array(of: field, count: count...count), count: rows)
        }
    }

    /// Chunk sizes for feeding a reader: often 1-byte chunks, often small ones, sometimes empty chunks
    /// or a whole page.
    public static let chunkSizes: Gen<[Int]> = Gen<Int>.array(of: Gen<Int>.frequency([
        (3, Gen.constant(1)),
        (4, Gen<Int>.int(in: 1...16)),
        (1, Gen.constant(0)),
        (1, Gen<Int>.int(in: 1...4_096)),
    ]), count: 1...6)

    /// Either delimiter.
    public static let dialect: Gen<CSVDialect> = Gen<CSVDialect>.element(of: [.comma, .tab])

    /// Bytes that reach deep into a reader, drawn as short pieces: CSV punctuation and line breaks most
    /// often, then valid multi-byte characters, byte-order-mark bytes, broken UTF-8 pieces, NUL, any byte.
    public static func hostileBytes(piecesMax: Int) -> Gen<[UInt8]> {
        Gen<[UInt8]>.array(of: Gen<[UInt8]>.frequency([
            (12, Gen<UInt8>.element(of: Array(",\"\t\r\n a=".utf8)).map { [$0] }),
            (2, Gen<[UInt8]>.element(of: ["é", "€", "😀", "\u{FEFF}", "\"\"", "\r\n", "=\"\"", "\"=\"\"\"\"\""].map { Array($0.utf8) })),
            (1, Gen<[UInt8]>.element(of: [[0xEF], [0xBB], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0x80], [0xFF], [0x00]])),
            (1, Gen<UInt8>.anyInteger.map { [$0] }),
        ]), count: 0...piecesMax).map { Array($0.joined()) }
    }

    /// One row of a real Goodreads export as written (Excel-guarded ISBNs, a runs-of-spaces author, a
    /// review with quotes and line breaks), and its fields as a reader must return them.
    public static let goodreadsRowLine = "52578297,\"The Hunger Games (The Hunger Games, #1)\",Suzanne    Collins,\"Collins, Suzanne\",,"
        + "\"=\"\"0525540679\"\"\",\"=\"\"9780525540670\"\"\",4,4.33,Scholastic Press,Hardcover,374,2008,2008,2020/03/14,2020/01/02,"
        + "\"favorites, dystopia\",\"favorites (#3), dystopia (#12)\",read,"
        + "\"Gripping, start to finish.\nThe \"\"Games\"\" themselves, though, were hard to read,\r\nand I'd read it again.\",,,1,0"
    /// The fields of `goodreadsRowLine`.
    public static let goodreadsRowFields = [
        "52578297", "The Hunger Games (The Hunger Games, #1)", "Suzanne    Collins", "Collins, Suzanne", "",
        "=\"0525540679\"", "=\"9780525540670\"", "4", "4.33", "Scholastic Press", "Hardcover", "374", "2008", "2008",
        "2020/03/14", "2020/01/02", "favorites, dystopia", "favorites (#3), dystopia (#12)", "read",
        "Gripping, start to finish.\nThe \"Games\" themselves, though, were hard to read,\r\nand I'd read it again.",
        "", "", "1", "0",
    ]
}
