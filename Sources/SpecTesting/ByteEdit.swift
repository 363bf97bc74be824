import Generators

/// One edit of a byte string: an insertion, a deletion or a replacement.
///
/// Positions are taken modulo the input's length, so any edit applies to any input and shrinks toward
/// the first byte. Hostile-input properties (JSON documents, request bodies, CSV files) mutate valid
/// inputs with a few of these.
public enum ByteEdit: Sendable, Hashable, CustomStringConvertible {
    /// Inserts the byte before the position, taken modulo the input's length plus one.
    case insert(UInt8, at: Int)
    /// Deletes the byte at the position, taken modulo the input's length; no-op on empty input.
    case delete(at: Int)
    /// Overwrites the byte at the position, taken modulo the input's length; no-op on empty input.
    case replace(at: Int, with: UInt8)

    /// `bytes` with this edit applied.
    public func apply(to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        switch self {
        case let .insert(byte, position):
            result.insert(byte, at: position % (bytes.count + 1))
        case let .delete(position):
            if !bytes.isEmpty { result.remove(at: position % bytes.count) }
        case let .replace(position, byte):
            if !bytes.isEmpty { result[position % bytes.count] = byte }
        }
        return result
    }

    /// `bytes` with every edit applied in order.
    public static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) -> [UInt8] {
        edits.reduce(bytes) { $1.apply(to: $0) }
    }

    public var description: String {
        switch self {
        case let .insert(byte, position): return "insert \(byte) at \(position)"
        case let .delete(position): return "delete at \(position)"
        case let .replace(position, byte): return "replace at \(position) with \(byte)"
        }
    }

    /// Edits whose inserted or replacing bytes are drawn from `favoured` two times in three (the
    /// format's punctuation, say) and from any byte otherwise, at positions up to `positionMax`.
    public static func generator(favouring favoured: [UInt8], positionMax: Int = 10_000) -> Gen<ByteEdit> {
        let position = Gen<Int>.int(in: 0...positionMax)
        let byte = favoured.isEmpty
            ? Gen<UInt8>.anyInteger
            : Gen<UInt8>.frequency([(1, Gen<UInt8>.anyInteger), (2, Gen<UInt8>.element(of: favoured))])
        return Gen<ByteEdit>.oneOf(
            Gen<(UInt8, Int)>.zip(byte, position).map { ByteEdit.insert($0, at: $1) },
            position.map { ByteEdit.delete(at: $0) },
            Gen<(Int, UInt8)>.zip(position, byte).map { ByteEdit.replace(at: $0, with: $1) }
        )
    }
}
