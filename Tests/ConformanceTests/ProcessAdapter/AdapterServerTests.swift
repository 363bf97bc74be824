import ProcessAdapter
import Testing

/// The Swift adapter programs' side of the protocol (`AdapterServer`): what it refuses of a runner's
/// requests, as an error answer naming the field, never a crash.
@Suite struct AdapterServerTests {
    /// The model's server with a decoder instance 1, and the answer to decoding `base64`.
    static func decodeAnswer(_ base64: String) -> String {
        var server = AdapterServer.model()
        _ = server.answer(#"{"id": 1, "op": "hello", "protocol": 1, "seams": []}"#)
        _ = server.answer(#"{"id": 2, "op": "new", "seam": "progress-message-decoding", "instance": 1}"#)
        return server.answer(#"{"id": 3, "op": "call", "instance": 1, "method": "decode", "input": {"base64": "\#(base64)", "from": "server"}}"#)
    }

    /// Base64 with bits set after the last byte spells no bytes (RFC 4648, 3.5): each padded form on
    /// both sides of that line.
    @Test(arguments: [("QQ==", true), ("QR==", false), ("QUI=", true), ("QUJ=", false), ("QUJD", true), ("QQ=", false), ("Q===", false)])
    func onlyCanonicalBase64IsRead(base64: String, canonical: Bool) {
        let answer = Self.decodeAnswer(base64)
        #expect(answer.contains("not padded standard base64") != canonical, "\(base64): \(answer)")
        #expect(answer.contains(#""id":3"#), "\(answer)")
    }
}
