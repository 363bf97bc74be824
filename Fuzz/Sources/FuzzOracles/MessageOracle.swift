import SpecModel

/// The progress message decoder's oracle: a message that decodes re-encodes to canonical bytes, which
/// decode to the same message and re-encode to the same bytes; the sender check refuses exactly the
/// other side's types; the bytes and the parsed document decode alike; a refusal is a typed error with
/// a bounded message.
///
/// Seed 003, the WebSocket message protocol, and Decisions D-075 and D-076 (`ProgressMessageCodec`:
/// canonical encoding, strict decoding, "everything encoded decodes").
public enum MessageOracle {
    /// Checks one input.
    public static func check(_ bytes: [UInt8]) throws(OracleFailure) {
        let message: ProgressMessage
        do {
            message = try ProgressMessageCodec.decode(bytes)
        } catch {
            try ErrorMessageBound.check(error, target: .message)
            for sender in [ProgressSender.client, .server] {
                let refusal = Result { () throws(ProgressMessageError) in try ProgressMessageCodec.decode(bytes, from: sender) }
                guard case .failure = refusal else {
                    throw OracleFailure(.message, rule: "requiring a sender never makes a message decode", "refused as \(error), decoded from the \(sender) as \(refusal)")
                }
            }
            return
        }
        let encoded = ProgressMessageCodec.encode(message)
        let decoded: ProgressMessage
        do {
            decoded = try ProgressMessageCodec.decode(encoded)
        } catch {
            throw OracleFailure(.message, rule: "whatever decodes re-encodes to bytes that decode (D-076)", "\(message) encoded as \(excerpt(encoded)), which is refused: \(error)")
        }
        guard decoded == message else {
            throw OracleFailure(.message, rule: "decode, encode, decode gives the same message", "\(message) came back as \(decoded) from \(excerpt(encoded))")
        }
        let again = ProgressMessageCodec.encode(decoded)
        guard again == encoded else {
            throw OracleFailure(.message, rule: "the canonical encoding is a fixed point", "\(excerpt(encoded)) re-encoded as \(excerpt(again))")
        }
        guard ProgressMessageCodec.encodeString(message) == String(decoding: encoded, as: UTF8.self) else {
            throw OracleFailure(.message, rule: "the text encoding is the bytes' text", "encodeString differs from encode for \(message)")
        }
        // The sender check: the message's own side is accepted, the other refused by type.
        let sender = message.type.sender
        let other: ProgressSender = sender == .client ? .server : .client
        let fromSender = Result { () throws(ProgressMessageError) in try ProgressMessageCodec.decode(bytes, from: sender) }
        guard case let .success(same) = fromSender, same == message else {
            throw OracleFailure(.message, rule: "a message decodes from its own side", "\(message) from the \(sender): \(fromSender)")
        }
        let fromOther = Result { () throws(ProgressMessageError) in try ProgressMessageCodec.decode(bytes, from: other) }
        guard case .failure(.unexpectedSender(type: message.type, expected: other)) = fromOther else {
            throw OracleFailure(.message, rule: "a message from the wrong side is refused by its type", "\(message) from the \(other): \(fromOther)")
        }
        // The parsed document decodes as the bytes do.
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes, limits: ProgressMessageCodec.parseLimits)
        } catch {
            throw OracleFailure(.message, rule: "a message is JSON within the codec's limits", "\(message) decoded, but its bytes do not parse: \(error)")
        }
        let fromDocument = Result { () throws(ProgressMessageError) in try ProgressMessageCodec.decode(document) }
        guard case let .success(parsed) = fromDocument, parsed == message else {
            throw OracleFailure(.message, rule: "the bytes and their parsed document decode alike", "\(message) from the bytes, \(fromDocument) from the document")
        }
    }

    static func excerpt(_ bytes: [UInt8]) -> String {
        String(reflecting: String(decoding: bytes.prefix(300), as: UTF8.self)) + (bytes.count > 300 ? "… (\(bytes.count) bytes)" : "")
    }
}
