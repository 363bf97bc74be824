import SpecConformance
import SpecModel

/// A program's progress message encoder and decoder, as the kit's codec seams.
///
/// - `encode` with `{"message": Message}` → `{"text": frame}`: the frame the program would send. A
///   Message is the protocol's JSON object of the message as the model writes it (Seed 003, "Message
///   Protocol"), so an encoder that is `JSON.stringify` over its own types reads it as it reads its own,
///   except that its texts are whole (`ProgressMessageEncoderInput`): cutting them to the protocol's
///   limit is the encoder's job (CODEC-05), so the object may be one the model's reader refuses as it
///   stands.
/// - `decode` with `{"base64": bytes, "text"?: frame, "from": "client"|"server"}` → `{"kind":
///   "accepted", "message": Message}` or `{"kind": "refused", "reason": Reason, "field": path|null}`,
///   where Reason is one of `ProgressMessageRejection.Reason` (`oversized`, `notJSON`,
///   `unsupportedVersion`, `unknownType`, `unexpectedSender`, `missingField`, `wrongType`,
///   `invalidValue`). `text` is there when the bytes are UTF-8, which they are unless the suite is
///   testing bytes that are not.
public struct ProcessMessageCodec: ProgressMessageEncoding, ProgressMessageDecoding {
    private let instance: AdapterInstance

    /// A fresh codec in the program `session` talks to, for `seam` (`.progressMessageEncoding` or
    /// `.progressMessageDecoding`).
    public init(_ session: AdapterSession, seam: AdapterSeam) {
        precondition(seam == .progressMessageEncoding || seam == .progressMessageDecoding, "\(seam) is not a codec seam")
        instance = AdapterInstance(seam, in: session)
    }

    /// Asks the program to encode `message` (`encode`); no bytes once the program has failed.
    public func encode(_ message: ProgressMessage) -> [UInt8] {
        instance.call("encode", now: nil, input: .members([("message", Self.uncutObject(of: message))])) { field throws(JSONFieldError) in
            Array(try field.field("text").string().utf8)
        } ?? []
    }

    /// Asks the program to decode `bytes` sent by `sender` (`decode`); refused as `notJSON` once the program has failed.
    public func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
        var input: [(String, JSONValue?)] = [("base64", .string(Base64.encode(bytes)))]
        if let text = String(validating: bytes, as: UTF8.self) { input.append(("text", .string(text))) }
        input.append(("from", .string(sender == .client ? "client" : "server")))
        let answer = instance.call("decode", now: nil, input: .members(input)) { field throws(JSONFieldError) -> Result<ProgressMessage, ProgressMessageRejection> in
            switch try field.kind() {
            case "accepted":
                return .success(Self.message(from: try field.field("message")))
            case "refused":
                let reasonField = try field.field("reason")
                guard let reason = ProgressMessageRejection.Reason(rawValue: try reasonField.string()) else {
                    throw reasonField.invalid("expected one of \(ProgressMessageRejection.Reason.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return .failure(ProgressMessageRejection(reason, field: try field.optional("field") { field throws(JSONFieldError) in try field.string() }))
            case let other:
                throw try field.field("kind").invalid("\"\(other)\" is neither accepted nor refused")
            }
        }
        switch answer {
        case let .success(message)?: return message
        case let .failure(rejection)?: throw rejection
        case nil: throw ProgressMessageRejection(.notJSON)
        }
    }

    /// The model's JSON object of `message`.
    static func object(of message: ProgressMessage) -> JSONValue {
        do {
            return try JSONValue(parsing: ProgressMessageCodec.encode(message), limits: ProgressMessageCodec.parseLimits)
        } catch {
            preconditionFailure("the model's encoding of \(message) is JSON within its own limits (D-076): \(error)")
        }
    }

    /// The model's JSON object of `message` with its texts whole, as the encoder seam is given it.
    static func uncutObject(of message: ProgressMessage) -> JSONValue {
        .object(ProgressMessageEncoderInput.object(message))
    }

    /// The message an encoder is given, read as the model reads it once its texts are cut: the reverse
    /// of `uncutObject(of:)`, for the program side of a Swift adapter.
    static func message(fromUncut field: JSONField) throws(JSONFieldError) -> ProgressMessage {
        guard let object = field.value.object else { throw field.wrongType(expected: JSONValue.Kind.object.rawValue) }
        do {
            return try ProgressMessageEncoderInput.message(from: object)
        } catch {
            throw field.invalid("not a message the model reads: \(error)")
        }
    }

    /// The message a decoder answered, read by the model's codec.
    ///
    /// A message the model's codec cannot read is not any message the model decodes, so it stands as a
    /// message no model answer equals, whose job id says what was wrong: the suite then reports the
    /// rule it breaks, with this text as the implementation's answer.
    static func message(from field: JSONField) -> ProgressMessage {
        do {
            return try ProgressMessageCodec.decode(field.value.encoded())
        } catch {
            return ProgressMessage(
                jobId: "(the program's message, which the model does not read: \(AdapterText.excerpt(error.description)))",
                pipeline: .csvImport, timestamp: Timestamp(epochMilliseconds: 0), payload: .progress(ProgressUpdate(processedCount: 0, totalCount: 0))
            )
        }
    }
}

/// Standard base64 with padding, the form `Buffer.from(text, "base64")` and `atob` read.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let first = UInt32(bytes[index])
            let second = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let third = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let group = first << 16 | second << 8 | third
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(index + 1 < bytes.count ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            out.append(index + 2 < bytes.count ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or `nil` when it is not canonical padded standard base64.
    static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            var group: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let character = characters[index + offset]
                if character == UInt8(ascii: "=") {
                    // Padding only at the end, and only in the last two places.
                    guard index + 4 == characters.count, offset >= 2 else { return nil }
                    padding += 1
                    group <<= 6
                } else {
                    guard padding == 0, let value = alphabet.firstIndex(of: character) else { return nil }
                    group = group << 6 | UInt32(value)
                }
            }
            // The bits after the last byte must be zero: `QR==` is not a spelling of "A" (RFC 4648, 3.5).
            guard padding == 0 || group & (padding == 1 ? 0xFF : 0xFFFF) == 0 else { return nil }
            bytes.append(UInt8(group >> 16 & 0xFF))
            if padding < 2 { bytes.append(UInt8(group >> 8 & 0xFF)) }
            if padding < 1 { bytes.append(UInt8(group & 0xFF)) }
            index += 4
        }
        return bytes
    }
}
