import Fixtures
import Generators
import SpecModel

/// The codec vectors, both ways (seed 003_…, the unified message schema and Tasks 1 to 3; seed 000_…'s
/// `canceled`; D-075, D-076, D-081, D-084, D-085, D-086, D-092, D-093):
///
/// - `encode`: a message → the text the model writes. The message is given in the wire's own shape
///   with its texts uncut, so a case shows what the encoder adds (the version) and cuts (texts past
///   4,096 bytes). Another encoder's bytes need not be the model's (member order, spacing): compare
///   them as JSON, which is what CODEC-02 asks (the model reads them back as the same message).
/// - `decode`: a frame and who sent it → the message the model reads (in the wire's shape, as the
///   model would write it back), or the typed refusal with the field at fault.
///
/// The fixed messages and frames are the codec suites' own (`ProgressEncodingChecks`,
/// `ProgressDecodingChecks`), each tagged with the rule of its list: the decisions' (every codec rule but
/// CODEC-12, RFC 8259's: bytes that are no JSON text are refused), and CODEC-15, the model's answer on
/// edited bytes (informational), for the generated edits. Every expectation is the model's codec
/// (`ModelProgressMessageCodec`).
enum CodecVectors {
    static let area = "codec"

    static func file() -> TestVectorFile {
        typealias E = ProgressMessageEncodingRules
        typealias D = ProgressMessageDecodingRules
        typealias EC = ProgressEncodingChecks
        typealias DC = ProgressDecodingChecks
        var list = TestVectorCaseList(prefix: area)
        func encode(_ group: String, _ message: ProgressMessage, _ rules: [Rule], _ name: String, _ pins: String?) {
            list.add(group, input: encodeInput(message), expected: encodeExpected(message), rules: rules, name: name, pins: pins)
        }
        func decode(_ group: String, _ examples: [ConformanceExample<ProgressDecodeExample>], _ rules: [Rule]) {
            for example in examples {
                list.add(group, input: decodeInput(example.input.bytes, example.input.sender), expected: decodeExpected(example.input.bytes, example.input.sender),
                         rules: rules, name: example.name, pins: example.pins)
            }
        }
        for example in EC.envelopeExamples { encode("encode", example.input, [E.envelope, E.roundTrip], example.name, example.pins) }
        for example in EC.errorMemberExamples { encode("encode", example.input, [E.errorMembers, E.roundTrip], example.name, example.pins) }
        for example in EC.durationExamples {
            // The suite pins the seed's seconds that D-075 overrules: the note says so instead.
            encode("encode", example.input, [E.durationMilliseconds, E.roundTrip], "a duration of " + example.name + ", written in milliseconds where the seed writes seconds", nil)
        }
        for example in EC.textLimitExamples { encode("encode", example.input, [E.textLimits], example.name, example.pins) }
        for (index, message) in TestVectorSampling.samples(ProgressMessageFixture.generator(), 8, salt: 1).enumerated() {
            encode("encode-gen", message, [E.envelope, E.roundTrip], "generated \(index + 1): a \(message.type.rawValue) message with hostile text", nil)
        }

        // The suite's lists, less the examples that repeat a neighbour's point.
        let repeated: Set<String> = [
            "version 1.1.0 is read", "version 1.0.99 is read", "version \"1.0.0.0\" is refused", "version \"1..0\" is refused",
            "the unknown type \"progress\"", "the unknown type \"Job_Progress\"",
        ]
        decode("decode", DC.versionExamples.filter { !repeated.contains($0.name) }, [D.version])
        decode("decode", DC.messageSetExamples.filter { !repeated.contains($0.name) }, [D.messageSet, D.readsTheModel])
        decode("decode", DC.strictFieldExamples, [D.strictFields])
        decode("decode", DC.unknownMemberExamples, [D.unknownMembers])
        decode("decode", DC.limitExamples, [D.limits])
        decode("decode", DC.malformedExamples, [D.malformed])
        decode("decode", DC.strictJSONExamples, [D.strictJSON])
        decode("decode", DC.durationExamples.filter { ["duration 900", "duration 1000", "duration 1001"].contains($0.name) }, [D.durationMilliseconds])
        for (index, frame) in TestVectorSampling.samples(DC.withUnknownMembers(ProgressMessageFixture.generator()), 4, salt: 2).enumerated() {
            list.add("decode-gen", input: decodeInput(frame.bytes, frame.message.type.sender), expected: decodeExpected(frame.bytes, frame.message.type.sender),
                     rules: [D.unknownMembers], note: "generated \(index + 1): a \(frame.message.type.rawValue) message with members the protocol does not define")
        }
        for (index, frame) in TestVectorSampling.samples(DC.editedMessages(ProgressMessageFixture.generator()), 6, salt: 3).enumerated() {
            list.add("decode-gen", input: decodeInput(frame.bytes, frame.sender), expected: decodeExpected(frame.bytes, frame.sender),
                     rules: [D.editedBytes], note: "generated \(index + 5): a message's bytes edited")
        }
        return TestVectorFile(area: area, generatorSeed: TestVectorSampling.seed, cases: list.cases)
    }

    // MARK: - Encoding

    /// `{"direction": "encode", "message": …}`: the message in the wire's shape, its texts as given
    /// (uncut), without the `version` the encoder adds.
    static func encodeInput(_ message: ProgressMessage) -> JSONValue {
        var envelope = ProgressMessageEncoderInput.object(message)
        envelope["version"] = nil
        return TestVectorValues.object([("direction", "encode"), ("message", .object(envelope))])
    }

    /// `{"text": …}`: the model's encoding, exactly.
    static func encodeExpected(_ message: ProgressMessage) -> JSONValue {
        TestVectorValues.object([("text", .string(ProgressMessageCodec.encodeString(message)))])
    }

    // MARK: - Decoding

    static func decodeInput(_ bytes: [UInt8], _ sender: ProgressSender) -> JSONValue {
        TestVectorValues.object([("direction", "decode"), ("sender", .string(sender.rawValue)), ("frame", TestVectorValues.bytes(bytes))])
    }

    /// `{"result": "message", "message": …}` (the message as the model writes it) or
    /// `{"result": "refused", "reason": …, "field": … or null}`.
    static func decodeExpected(_ bytes: [UInt8], _ sender: ProgressSender) -> JSONValue {
        switch ProgressConformance.modelDecode(bytes, from: sender) {
        case let .success(message):
            return TestVectorValues.object([("result", "message"), ("message", message.json)])
        case let .failure(rejection):
            return TestVectorValues.object([("result", "refused"), ("reason", .string(rejection.reason.rawValue)), ("field", TestVectorValues.string(rejection.field))])
        }
    }
}
