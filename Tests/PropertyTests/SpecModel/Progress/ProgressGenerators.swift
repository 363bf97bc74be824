import Generators
import SpecModel

// Generators of structured errors and their payloads, for the round-trip and hostile-input
// properties of StructuredErrorTests.

enum ProgressGen {
    /// Known codes, and well-formed codes no version of the model knows (a newer server's).
    static var code: Gen<ProgressErrorCode> {
        let nameScalar = Gen<Unicode.Scalar>.element(of: Array("ABCXYZ0189_".unicodeScalars))
        return Gen<ProgressErrorCode>.frequency([
            (3, Gen<ProgressErrorCode>.element(of: ProgressErrorCode.known)),
            (1, Gen<String>.string(ofScalars: nameScalar, count: 1...ProgressErrorCode.nameBytesMax).map { name in
                // Every such name is well formed, so the initializer never returns nil here.
                ProgressErrorCode(rawValue: ProgressErrorCode.prefix + name)!
            }),
        ])
    }

    /// Hostile texts: any scalars and JSON's escapes, sometimes repeated past the payload's limits.
    static var text: Gen<String> {
        Gen<String>.frequency([
            (6, Gen<String>.jsonText),
            (1, Gen<(String, Int)>.zip(Gen<String>.jsonText, Gen<Int>.int(in: 0...1_500)).map { piece, times in
                String(repeating: piece.isEmpty ? "\u{1F600}e\u{301}" : piece, count: times)
            }),
        ])
    }

    /// Counts and sizes, small and at the edges of `Int`.
    static var count: Gen<Int> {
        Gen<Int>.frequency([(4, Gen<Int>.int(in: 0...100)), (1, Gen<Int>.int(in: 0...Int.max))])
    }

    /// Structured errors through the public initializer, with 0 to 14 affected items and any details.
    static var structuredError: Gen<StructuredError> {
        let details = Gen<(Int?, Int?, Int?, String?, Int?, String?, Int?, Int?, String?)>.zip(
            count.optional(), count.optional(), count.optional(), text.optional(), Gen<Int>.int(in: 100...599).optional(),
            text.optional(), count.optional(), count.optional(), text.optional()
        )
        return Gen<(ProgressErrorCode, String, String, [String], Bool?, (Int?, Int?, Int?, String?, Int?, String?, Int?, Int?, String?))>.zip(
            code, text, text, Gen<String>.array(of: text, count: 0...14), Gen<Bool>.bool.optional(), details
        ).map { code, message, userMessage, items, retryable, fields in
            let (success, failure, total, provider, status, fileName, fileSize, imageSize, endpoint) = fields
            // The initializer requires a given total to count at least the items it keeps.
            let keptCount = min(items.count, StructuredError.affectedItemsMax)
            return StructuredError(
                code: code, message: message, userMessage: userMessage, affectedItems: items, retryable: retryable,
                details: ErrorDetails(
                    successCount: success, failureCount: failure, affectedItemsTotal: total.map { max($0, keptCount) },
                    provider: provider, statusCode: status, fileName: fileName, fileSize: fileSize, imageSize: imageSize, apiEndpoint: endpoint
                )
            )
        }
    }

    /// Where a payload can be damaged: a member of the payload or of its details.
    static let damageSites: [(object: String?, key: String)] = [
        (nil, "code"), (nil, "message"), (nil, "userMessage"), (nil, "affectedItems"), (nil, "retryable"), (nil, "details"),
        ("details", "successCount"), ("details", "failureCount"), ("details", "affectedItemsTotal"), ("details", "provider"),
        ("details", "statusCode"), ("details", "fileName"), ("details", "fileSize"), ("details", "imageSize"), ("details", "apiEndpoint"),
        (nil, "type"), ("details", "stack"),
    ]

    /// Payloads near valid ones: a valid payload with one to three members replaced by any JSON value or
    /// removed, or any JSON value at all.
    static var payloadLike: Gen<JSONValue> {
        let damage = Gen<(Int, JSONValue?)>.zip(Gen<Int>.int(in: 0...(damageSites.count - 1)), Gen<JSONValue>.jsonValue(depthMax: 2).optional())
        return Gen<JSONValue>.frequency([
            (4, Gen<(StructuredError, [(Int, JSONValue?)])>.zip(structuredError, Gen<(Int, JSONValue?)>.array(of: damage, count: 1...3))
                .map { error, damages in
                    var payload = error.payload.object ?? JSONObject()
                    for (site, value) in damages {
                        let (object, key) = damageSites[site]
                        if let object {
                            var inner = payload[object]?.object ?? JSONObject()
                            inner[key] = value
                            payload[object] = .object(inner)
                        } else {
                            payload[key] = value
                        }
                    }
                    return JSONValue.object(payload)
                }),
            (1, Gen<JSONValue>.jsonValue(depthMax: 3)),
        ])
    }
}
