import TextFormats

/// A row of an export by its bytes: two records written alike, in the same file or another, have the
/// same fingerprint (Decision D-131).
///
/// The import remembers which work each row it imported, merged or replaced went into, so that a row
/// imported before is a duplicate of that work, whatever its tiers would say: importing a file again,
/// or a later export of the same library, adds nothing for the rows it had. The fingerprint is a
/// 64-bit hash (`ByteHash`) of the record as written, from its first byte to its last, without the
/// line break that ends it; two different rows of one library share one by accident with a chance of
/// about n²/2⁶⁵ for n rows.
public struct ImportedRowFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The hash.
    public let value: UInt64

    /// The fingerprint of the record written in `bytes[start..<end]`, where `end` is where the next
    /// record starts or the file ends (`CSVRow.byteOffset`, `CSVRowReader.byteOffset` after reading
    /// it): the line breaks before `end` are not part of it.
    ///
    /// - Precondition: `0 <= start <= end <= bytes.count`.
    public init(record start: Int, end: Int, in bytes: [UInt8]) {
        precondition(0 <= start && start <= end && end <= bytes.count, "a record at \(start)..<\(end) of \(bytes.count) bytes")
        var last = end
        while last > start, bytes[last - 1] == 0x0A || bytes[last - 1] == 0x0D { last -= 1 }
        value = bytes.withUnsafeBufferPointer { UInt64(bitPattern: Int64(ByteHash.hash(UnsafeBufferPointer(rebasing: $0[start..<last])))) }
    }

    public var description: String { "row 0x\(String(value, radix: 16))" }
}

/// A row an import handled into a work: inserted as it, merged into it, or replacing into it.
public struct ImportedRow: Hashable, Sendable {
    public let fingerprint: ImportedRowFingerprint
    /// The work it went into.
    public let work: PersistentIdentifier
}

/// A work Replace All deleted, and the work that replaced it: the rows imported into the first now
/// belong to the second (Decision D-131).
public struct WorkReplacement: Hashable, Sendable {
    /// The work deleted.
    public let replaced: PersistentIdentifier
    /// The work inserted in its place.
    public let by: PersistentIdentifier
}

/// The rows the library's earlier imports handled, and the work each belongs to now (Decision D-131).
///
/// The plain version, for `PlainImport`: a list searched from its end. A row belongs to the work it
/// went into, or, if Replace All replaced that work, to the work that replaced it, and so on; a row
/// whose work the library no longer holds (the user deleted it) belongs to none.
struct ImportedRows {
    var rows: [ImportedRow] = []
    var replacements: [WorkReplacement] = []

    /// Every row and replacement of the store's imports numbered below `number`, in order.
    init(_ store: LibraryStore, before number: Int) {
        for checkpoint in store.importHistory where checkpoint.number < number {
            for batch in checkpoint.batches {
                rows += batch.rows
                replacements += batch.replacements
            }
        }
    }

    /// The live work the row was imported into, if any.
    func work(of fingerprint: ImportedRowFingerprint, in store: LibraryStore) -> PersistentIdentifier? {
        guard var work = rows.last(where: { $0.fingerprint == fingerprint })?.work else { return nil }
        while let replacement = replacements.first(where: { $0.replaced == work }) { work = replacement.by }
        return store.contains(work) ? work : nil
    }
}
