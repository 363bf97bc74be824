import SpecModel

/// The JSON parser's oracle: a document that parses encodes canonically, and the canonical bytes parse
/// to the same value and encode to the same bytes again; a document that does not parse gets a typed
/// error at a byte of the document, with a bounded message; tighter limits only ever refuse, never
/// change what a document means.
///
/// `JSONValue`'s documentation: equality is canonical equality, and "parsing the result gives back an
/// equal value, and encoding that value gives the same bytes". The tight limits are drawn from the input.
public enum JSONOracle {
    /// Checks one input.
    public static func check(_ bytes: [UInt8]) throws(OracleFailure) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            try checkError(error, bytes: bytes, limits: .default)
            try checkTightLimits(bytes, parsed: nil)
            return
        }
        let encoded = value.encoded()
        // The canonical form drops whitespace and escapes but may lengthen numbers (`1e5` is
        // `100000.0`), so it is read back without a size limit of its own.
        let readBack: JSONValue
        do {
            readBack = try JSONValue(parsing: encoded, limits: JSONParseLimits(bytesMax: max(encoded.count, 1)))
        } catch {
            throw OracleFailure(.json, rule: "the canonical encoding of a parsed document parses", "\(error); encoded: \(excerpt(encoded))")
        }
        guard readBack == value else {
            throw OracleFailure(.json, rule: "parse, encode, parse gives the same value", "the document \(excerpt(bytes)) read back from \(excerpt(encoded)) as \(excerpt(readBack.encoded()))")
        }
        let again = readBack.encoded()
        guard again == encoded else {
            throw OracleFailure(.json, rule: "the canonical encoding is a fixed point", "\(excerpt(encoded)) re-encoded as \(excerpt(again))")
        }
        guard value.hashValue == readBack.hashValue else {
            throw OracleFailure(.json, rule: "equal values hash alike", "\(excerpt(encoded)) hashes differently once read back")
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            let fromText = Result { () throws(JSONParseError) in try JSONValue(parsing: text) }
            guard case let .success(parsed) = fromText, parsed == value else {
                throw OracleFailure(.json, rule: "parsing text parses its UTF-8", "the bytes parse, the same text gives \(fromText)")
            }
        }
        try checkTightLimits(bytes, parsed: value)
    }

    /// An error is at a byte of the document and says so in a bounded message.
    static func checkError(_ error: JSONParseError, bytes: [UInt8], limits: JSONParseLimits) throws(OracleFailure) {
        if case .documentTooLarge = error {
            guard bytes.count > limits.bytesMax else {
                throw OracleFailure(.json, rule: "only a document over bytesMax is too large", "\(error) for \(bytes.count) bytes with bytesMax \(limits.bytesMax)")
            }
        } else {
            guard error.offset >= 0, error.offset <= bytes.count else {
                throw OracleFailure(.json, rule: "an error names a byte of the document", "\(error) in a document of \(bytes.count) bytes")
            }
        }
        try ErrorMessageBound.check(error, target: .json)
    }

    /// Limits drawn from the input: a document they accept is accepted with the defaults too, as the
    /// same value; one the defaults refuse they refuse too.
    static func checkTightLimits(_ bytes: [UInt8], parsed: JSONValue?) throws(OracleFailure) {
        var draws = FuzzDraws(bytes)
        let limits = JSONParseLimits(
            bytesMax: draws.int(in: 1...max(1, bytes.count + 8)), depthMax: draws.int(in: 0...6), stringBytesMax: draws.int(in: 1...32),
            membersMax: draws.int(in: 1...8), numberBytesMax: draws.int(in: 1...24)
        )
        switch Result(catching: { () throws(JSONParseError) in try JSONValue(parsing: bytes, limits: limits) }) {
        case let .success(tight):
            guard let parsed, tight == parsed else {
                throw OracleFailure(
                    .json, rule: "tighter limits only refuse",
                    "with \(limits) the document \(excerpt(bytes)) parses as \(excerpt(tight.encoded())); with the defaults \(parsed.map { excerpt($0.encoded()) } ?? "it is refused")"
                )
            }
        case let .failure(error):
            try checkError(error, bytes: bytes, limits: limits)
        }
    }

    /// The first 200 bytes of a document, as a Swift string literal.
    static func excerpt(_ bytes: [UInt8]) -> String {
        String(reflecting: String(decoding: bytes.prefix(200), as: UTF8.self)) + (bytes.count > 200 ? "… (\(bytes.count) bytes)" : "")
    }
}
