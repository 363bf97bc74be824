import Generators

/// The replay-token decoder's oracle: it accepts only what the encoder writes (a token that decodes
/// re-encodes to the same text), and everything the encoder writes decodes to the same token.
///
/// Three checks per input, since a random text almost never carries a valid checksum:
/// 1. the input as a token's text: if it decodes, the token's text is the input without its surrounding
///    ASCII whitespace;
/// 2. the input as a token's payload (the varints), wrapped as the encoder wraps it, with a valid
///    checksum: if it decodes, it re-encodes to that text, and a plain reading of the format
///    (`ReferenceReading`) agrees on what it holds and whether it is a token;
/// 3. the input read as a token's fields (name hash, seed, choices): encoded, it decodes to the same.
///
/// Issue 22: "one canonical token per case"; `ReplayToken`'s format: `p1.` then base64url (no padding)
/// of varint version, name hash, seed, count, the choices, then a 32-bit FNV-1a checksum.
public enum ReplayTokenOracle {
    /// Checks one input.
    public static func check(_ bytes: [UInt8]) throws(OracleFailure) {
        try checkText(String(decoding: bytes, as: UTF8.self))
        try checkPayload(bytes)
        try checkEncoding(bytes)
    }

    /// A text that decodes is the token's own text, apart from surrounding ASCII whitespace.
    package static func checkText(_ text: String, decode: (String) throws(ReplayTokenError) -> ReplayToken = { text throws(ReplayTokenError) in try ReplayToken(parsing: text) }) throws(OracleFailure) {
        switch Result(catching: { () throws(ReplayTokenError) in try decode(text) }) {
        case let .success(token):
            let expected = trimmed(text)
            guard token.description == expected else {
                throw OracleFailure(
                    .token, rule: "decode accepts only what encode writes",
                    "\(excerpt(text)) decoded to a token whose text is \(excerpt(token.description))"
                )
            }
        case let .failure(error):
            try ErrorMessageBound.check(error, target: .token)
        }
    }

    /// The payload wrapped with a valid checksum: the decoder and the plain reading agree, and what
    /// decodes re-encodes to the same text.
    static func checkPayload(_ payload: [UInt8], decode: (String) throws(ReplayTokenError) -> ReplayToken = { text throws(ReplayTokenError) in try ReplayToken(parsing: text) }) throws(OracleFailure) {
        let text = wrap(payload)
        let reference = ReferenceReading.read(payload)
        switch Result(catching: { () throws(ReplayTokenError) in try decode(text) }) {
        case let .success(token):
            guard token.description == text else {
                throw OracleFailure(.token, rule: "decode accepts only what encode writes", "the payload \(payload.prefix(64)) decoded to a token whose text is \(excerpt(token.description)), not \(excerpt(text))")
            }
            guard let reference, reference.hash == token.propertyHash, reference.seed == token.seed, reference.choices == token.choices else {
                throw OracleFailure(.token, rule: "a token holds what its format says", "the payload \(payload.prefix(64)) decoded to \(token.propertyHash) \(token.seed) \(token.choices.prefix(16)); read plainly: \(reference.map { "\($0)" } ?? "not a token")")
            }
        case let .failure(error):
            try ErrorMessageBound.check(error, target: .token)
            if let reference {
                throw OracleFailure(.token, rule: "every token the encoder can write decodes", "the payload \(payload.prefix(64)) is the token \(reference) read plainly, but decoding refused it: \(error)")
            }
        }
    }

    /// The input read as a token's fields: encoded and decoded, the same token.
    static func checkEncoding(_ bytes: [UInt8]) throws(OracleFailure) {
        var words = bytes.chunks(ofCount: 8).map { chunk in chunk.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }[...]
        // Small choices are the common case; a byte's worth of variety shifts each word's width.
        let hash = UInt32(truncatingIfNeeded: words.popFirst() ?? 0)
        let seed = words.popFirst() ?? 0
        let choices = words.enumerated().map { index, word in word >> UInt64((index * 7) % 64) }
        let token = ReplayToken(propertyHash: hash, seed: seed, choices: Array(choices))
        let text = token.description
        let decoded = Result { () throws(ReplayTokenError) in try ReplayToken(parsing: text) }
        guard case let .success(same) = decoded, same == token else {
            throw OracleFailure(.token, rule: "every token the encoder writes decodes to itself", "\(excerpt(text)) decoded as \(decoded)")
        }
        guard case .success(token) = Result(catching: { () throws(ReplayTokenError) in try ReplayToken(parsing: " \n" + text + "\r\n\t") }) else {
            throw OracleFailure(.token, rule: "surrounding whitespace is ignored", "\(excerpt(text)) with whitespace around it did not decode to the same token")
        }
    }

    /// The text the encoder writes around a payload: `p1.`, base64url of the payload and its checksum.
    static func wrap(_ payload: [UInt8]) -> String {
        var bytes = payload
        let check = UInt32(truncatingIfNeeded: FNV1a.hash(bytes: payload))
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: check >> UInt32(shift))) }
        return ReplayToken.textPrefix + base64URL(bytes)
    }

    /// Base64url without padding, written out plainly (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var text = ""
        var bits = 0
        var value: UInt32 = 0
        for byte in bytes {
            value = value << 8 | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                text.append(alphabet[Int((value >> UInt32(bits)) & 63)])
            }
        }
        if bits > 0 { text.append(alphabet[Int((value << UInt32(6 - bits)) & 63)]) }
        return text
    }

    /// `text` without leading and trailing ASCII spaces, tabs, CRs and LFs.
    static func trimmed(_ text: String) -> String {
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let utf8 = Array(text.utf8)
        guard let first = utf8.firstIndex(where: { !space.contains($0) }), let last = utf8.lastIndex(where: { !space.contains($0) }) else { return "" }
        return String(decoding: utf8[first...last], as: UTF8.self)
    }

    static func excerpt(_ text: String) -> String {
        let scalars = text.unicodeScalars
        return String(reflecting: String(scalars.prefix(120))) + (scalars.count > 120 ? "… (\(text.utf8.count) bytes)" : "")
    }

    /// The token format read plainly, as its documentation states it, for the decoder to agree with.
    struct ReferenceReading: CustomStringConvertible {
        var hash: UInt32
        var seed: UInt64
        var choices: [UInt64]

        var description: String { "hash \(hash), seed \(seed), \(choices.count) choices \(choices.prefix(16))" }

        /// The token a payload holds, or `nil` when it is not one the encoder writes: version 1, a hash
        /// of 32 bits, a seed, a count and that many choices, each an LEB128 varint in its shortest
        /// form (at most 10 bytes, at most 64 bits), and nothing after them.
        static func read(_ payload: [UInt8]) -> ReferenceReading? {
            var index = 0
            func varint() -> UInt64? {
                var value: UInt64 = 0
                for position in 0..<10 {
                    guard index < payload.count else { return nil }
                    let byte = payload[index]
                    index += 1
                    let bits = UInt64(byte & 0x7F)
                    if position == 9, bits > 1 { return nil }  // beyond 64 bits
                    value |= bits << UInt64(7 * position)
                    if byte & 0x80 == 0 {
                        if position > 0, byte == 0 { return nil }  // not the shortest form
                        return value
                    }
                }
                return nil
            }
            guard varint() == 1, let hash = varint(), hash <= UInt64(UInt32.max), let seed = varint(), let count = varint() else { return nil }
            var choices: [UInt64] = []
            var remaining = count
            while remaining > 0 {
                guard let choice = varint() else { return nil }
                choices.append(choice)
                remaining -= 1
            }
            guard index == payload.count else { return nil }
            return ReferenceReading(hash: UInt32(hash), seed: seed, choices: choices)
        }
    }
}

extension Array {
    /// The array cut into pieces of `count` elements, the last one shorter if need be.
    func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
    }
}
