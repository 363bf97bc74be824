/// A one-line token that reproduces a counterexample in exactly one evaluation.
///
/// The token carries the property's name hash, the run's seed (for the report) and the shrunk choice
/// sequence. Text form: `p1.` then base64url (no padding) of: varint version, varint name hash,
/// varint seed, varint count, the choices as varints, then a 32-bit FNV-1a checksum of everything
/// before it. Varints keep typical tokens short: small choices take one byte.
public struct ReplayToken: Sendable, Hashable, CustomStringConvertible {
    /// The token format this build writes and reads.
    public static let formatVersion: UInt64 = 1
    /// The text every token starts with.
    public static let textPrefix = "p1."
    /// The longest token text accepted, in UTF-8 bytes: a guard against pasting garbage.
    public static let textLengthMax = 1_000_000

    /// The low 32 bits of the FNV-1a hash of the property's name.
    public let propertyHash: UInt32
    /// The seed of the run that found the counterexample.
    public let seed: UInt64
    /// The counterexample's choice sequence.
    public let choices: [UInt64]

    /// Creates a token for the property called `propertyName`, binding it by the name's hash.
    public init(propertyName: String, seed: UInt64, choices: [UInt64]) {
        self.init(propertyHash: ReplayToken.hash(propertyName), seed: seed, choices: choices)
    }

    /// Creates a token from an already computed name hash, as decoding does.
    public init(propertyHash: UInt32, seed: UInt64, choices: [UInt64]) {
        self.propertyHash = propertyHash
        self.seed = seed
        self.choices = choices
    }

    /// The hash that binds a token to a property name.
    public static func hash(_ propertyName: String) -> UInt32 {
        UInt32(truncatingIfNeeded: FNV1a.hash(propertyName))
    }

    /// Whether the token was made for the property called `name`.
    public func belongs(to name: String) -> Bool {
        propertyHash == ReplayToken.hash(name)
    }

    /// The token's text form.
    public var description: String {
        var bytes: [UInt8] = []
        Varint.append(Self.formatVersion, to: &bytes)
        Varint.append(UInt64(propertyHash), to: &bytes)
        Varint.append(seed, to: &bytes)
        Varint.append(UInt64(choices.count), to: &bytes)
        for choice in choices { Varint.append(choice, to: &bytes) }
        let check = UInt32(truncatingIfNeeded: FNV1a.hash(bytes: bytes))
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: check >> UInt32(shift))) }
        return Self.textPrefix + Base64URL.encode(bytes)
    }

    /// Decodes a token's text form; every malformation is a typed error saying what was expected.
    public init(parsing text: String) throws(ReplayTokenError) {
        let trimmed = text.trimmingASCIIWhitespace()
        guard trimmed.utf8.count <= Self.textLengthMax else {
            throw .tooLong(length: trimmed.utf8.count, lengthMax: Self.textLengthMax)
        }
        guard trimmed.hasPrefix(Self.textPrefix) else {
            throw .missingPrefix(found: String(String.UnicodeScalarView(trimmed.unicodeScalars.prefix(8))))
        }
        let body = trimmed.dropFirst(Self.textPrefix.count)
        let bytes: [UInt8]
        switch Base64URL.decode(body) {
        case let .success(decoded): bytes = decoded
        case let .failure(error): throw error
        }
        guard bytes.count >= 4 else { throw .truncated }
        let payload = Array(bytes[..<(bytes.count - 4)])
        var stored: UInt32 = 0
        for (n, byte) in bytes[(bytes.count - 4)...].enumerated() { stored |= UInt32(byte) << UInt32(8 * n) }
        guard stored == UInt32(truncatingIfNeeded: FNV1a.hash(bytes: payload)) else { throw .checksumMismatch }
        var reader = Varint.Reader(bytes: payload)
        // Only the encoder's own form decodes, so one case has one token: a number written in more
        // bytes than it needs (a last byte of zero after continuation bytes) is refused.
        guard !Varint.hasOverlongNumber(payload) else { throw .overlongNumber }
        guard let version = reader.next() else { throw .truncated }
        guard version == Self.formatVersion else { throw .unsupportedVersion(found: version, supported: Self.formatVersion) }
        guard let hash = reader.next(), hash <= UInt64(UInt32.max), let seed = reader.next(), let count = reader.next() else {
            throw .truncated
        }
        guard count <= UInt64(payload.count) else { throw .truncated }
        var choices: [UInt64] = []
        choices.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let choice = reader.next() else { throw .truncated }
            choices.append(choice)
        }
        guard reader.isAtEnd else { throw .trailingBytes }
        self.init(propertyHash: UInt32(hash), seed: seed, choices: choices)
    }
}

/// Why a replay token did not decode. Each case says what a valid token looks like.
public enum ReplayTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text does not start with the prefix; `found` is its first eight Unicode scalars.
    case missingPrefix(found: String)
    /// A Unicode scalar outside base64url, at its offset in scalars from the token's start.
    case invalidCharacter(Character, offset: Int)
    /// The data ends before the version, header or all the choices it announces.
    case truncated
    /// The trailing 32-bit checksum does not match the data: the token was altered or cut.
    case checksumMismatch
    /// The token is in a format version other than the one this build reads.
    case unsupportedVersion(found: UInt64, supported: UInt64)
    /// Data follows the last choice.
    case trailingBytes
    /// The trimmed text exceeds `ReplayToken.textLengthMax`; both lengths count UTF-8 bytes.
    case tooLong(length: Int, lengthMax: Int)
    /// A number is written in more bytes than it needs: not a token this engine wrote.
    case overlongNumber

    public var description: String {
        let form = "a replay token looks like p1.<base64url>, copied whole from a failure report"
        switch self {
        case let .missingPrefix(found):
            return "replay token must start with \"\(ReplayToken.textPrefix)\" but starts with \"\(found)\"; \(form)"
        case let .invalidCharacter(character, offset):
            return "replay token has \"\(character)\" at offset \(offset), which is not base64url (A-Z a-z 0-9 - _); \(form)"
        case .truncated:
            return "replay token is truncated (its data ends early); \(form)"
        case .checksumMismatch:
            return "replay token's checksum does not match: it was altered or cut; \(form)"
        case let .unsupportedVersion(found, supported):
            return "replay token has format version \(found) but this build reads version \(supported); re-run the failing property to get a new token"
        case .trailingBytes:
            return "replay token has extra data after its choices; \(form)"
        case let .tooLong(length, lengthMax):
            return "replay token is \(length) bytes long, more than the \(lengthMax) allowed; \(form)"
        case .overlongNumber:
            return "replay token writes a number in more bytes than it needs, so it was not made by this engine; \(form)"
        }
    }
}

/// LEB128 unsigned varints.
enum Varint {
    static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Whether any varint in `bytes` is over-long: a continuation byte followed by a final zero byte
    /// (`0x81 0x00` for 1). LEB128 writes every number in its shortest form, which never ends so.
    static func hasOverlongNumber(_ bytes: [UInt8]) -> Bool {
        var previousContinues = false
        for byte in bytes {
            if previousContinues, byte == 0 { return true }
            previousContinues = byte & 0x80 != 0
        }
        return false
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func next() -> UInt64? {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if shift == 63, byte > 1 { return nil }  // more than 64 bits
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
                if shift > 63 { return nil }
            }
            return nil
        }
    }
}

/// Base64 with the URL-safe alphabet and no padding, so tokens survive shells and URLs unquoted.
enum Base64URL {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((n >> UInt32(shift)) & 63)]) }
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out.append(alphabet[Int((n >> 18) & 63)])
            out.append(alphabet[Int((n >> 12) & 63)])
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(alphabet[Int((n >> 18) & 63)])
            out.append(alphabet[Int((n >> 12) & 63)])
            out.append(alphabet[Int((n >> 6) & 63)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decode(_ text: Substring) -> Result<[UInt8], ReplayTokenError> {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        // Scalars, not `Character`s: the error quotes what it found, and one `Character` may carry
        // any number of combining marks; a scalar is at most four bytes.
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            guard scalar.isASCII, let value = sextet(UInt8(scalar.value)) else {
                return .failure(.invalidCharacter(Character(scalar), offset: offset + ReplayToken.textPrefix.count))
            }
            values.append(value)
        }
        if values.count % 4 == 1 { return .failure(.truncated) }
        var bytes: [UInt8] = []
        var i = 0
        while i < values.count {
            let chunk = values[i..<Swift.min(i + 4, values.count)]
            var n: UInt32 = 0
            for (k, v) in chunk.enumerated() { n |= UInt32(v) << UInt32(18 - 6 * k) }
            bytes.append(UInt8(truncatingIfNeeded: n >> 16))
            if chunk.count > 2 { bytes.append(UInt8(truncatingIfNeeded: n >> 8)) }
            if chunk.count > 3 { bytes.append(UInt8(truncatingIfNeeded: n)) }
            // A final partial group carries padding bits that must be zero: otherwise two texts
            // would decode to the same token, and an altered last character would go unnoticed.
            let unusedBits: UInt32 = chunk.count == 2 ? 0xFFFF : (chunk.count == 3 ? 0xFF : 0)
            if n & unusedBits != 0 { return .failure(.checksumMismatch) }
            i += 4
        }
        return .success(bytes)
    }

    static func sextet(_ ascii: UInt8) -> UInt8? {
        switch ascii {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return ascii - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return ascii - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return ascii - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}

extension FNV1a {
    /// The 64-bit FNV-1a hash of raw bytes.
    public static func hash(bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and newlines (no Foundation).
    package func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension ReplayToken {
    /// Encodes a token from raw payload bytes (its varints as given) with a valid checksum, so tests can
    /// check what the decoder refuses beyond the checksum.
    package static func _encodeForTesting(payload: [UInt8]) -> String {
        var bytes = payload
        let check = UInt32(truncatingIfNeeded: FNV1a.hash(bytes: bytes))
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: check >> UInt32(shift))) }
        return textPrefix + Base64URL.encode(bytes)
    }

    /// Encodes a token with an arbitrary format version, so tests can check version rejection.
    package static func _encodeForTesting(version: UInt64, hash: UInt32, seed: UInt64, choices: [UInt64]) -> String {
        var bytes: [UInt8] = []
        Varint.append(version, to: &bytes)
        Varint.append(UInt64(hash), to: &bytes)
        Varint.append(seed, to: &bytes)
        Varint.append(UInt64(choices.count), to: &bytes)
        for choice in choices { Varint.append(choice, to: &bytes) }
        let check = UInt32(truncatingIfNeeded: FNV1a.hash(bytes: bytes))
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: check >> UInt32(shift))) }
        return textPrefix + Base64URL.encode(bytes)
    }
}
