import SpecConformance
import SpecModel
import Testing

// Wrong progress message encoders and decoders: each gets one rule of the message schema wrong the way a
// backend's serializer or an app's `Codable` types might.

/// The model's encoder with one edit applied to the JSON it writes.
private struct EditedEncoder: ProgressMessageEncoding {
    let edit: @Sendable (ProgressMessage, inout JSONObject) -> Void

    func encode(_ message: ProgressMessage) -> [UInt8] {
        guard var object = message.json.object else { return ProgressMessageCodec.encode(message) }
        edit(message, &object)
        return JSONValue.object(object).encoded()
    }
}

/// An adapter program that only echoes the object it is handed (`ProgressMessageEncoderInput`).
private struct EchoingEncoder: ProgressMessageEncoding {
    func encode(_ message: ProgressMessage) -> [UInt8] {
        JSONValue.object(ProgressMessageEncoderInput.object(message)).encoded()
    }
}

/// The model's decoder, with the frame rewritten before it reads it, or its answer changed after.
private struct EditedDecoder: ProgressMessageDecoding {
    var rewrite: @Sendable ([UInt8], ProgressSender) -> ([UInt8], ProgressSender?) = { ($0, $1) }
    var answer: @Sendable ([UInt8], Result<ProgressMessage, ProgressMessageRejection>) -> Result<ProgressMessage, ProgressMessageRejection> = { $1 }

    func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
        let (rewritten, expected) = rewrite(bytes, sender)
        let result: Result<ProgressMessage, ProgressMessageRejection>
        do {
            result = .success(try ProgressMessageCodec.decode(rewritten, from: expected))
        } catch {
            result = .failure(ProgressMessageRejection(error))
        }
        return try answer(bytes, result).get()
    }
}

/// `bytes` as a JSON object edited by `edit`, or the bytes unchanged when they are not one or the edit
/// changes nothing (so a flaw shows only where it applies).
private func editingObject(_ bytes: [UInt8], _ edit: (inout JSONObject) -> Void) -> [UInt8] {
    let document: JSONValue
    do {
        document = try JSONValue(parsing: bytes)
    } catch {
        return bytes
    }
    guard let original = document.object else { return bytes }
    var object = original
    edit(&object)
    return object == original ? bytes : JSONValue.object(object).encoded()
}

/// `value` with the member at `path` changed by `change`, if it is there.
private func changing(_ value: JSONValue, at path: ArraySlice<String>, _ change: (JSONValue) -> JSONValue) -> JSONValue {
    guard let key = path.first else { return change(value) }
    guard var object = value.object, let member = object[key] else { return value }
    object[key] = changing(member, at: path.dropFirst(), change)
    return .object(object)
}

/// Applies `change` to the completion's duration of a `job_complete` or a `sync_response`.
private func changingDuration(_ object: inout JSONObject, _ change: (Int64) -> Int64) {
    let document = JSONValue.object(object)
    let durationChange: (JSONValue) -> JSONValue = { value in value.int64.map { .integer(change($0)) } ?? value }
    let changed = changing(changing(document, at: ["payload", "summary", "duration"], durationChange), at: ["payload", "completion", "summary", "duration"], durationChange)
    object = changed.object ?? object
}

/// Where the first top-level JSON value of `bytes` ends, counting brackets outside strings.
private func endOfFirstDocument(_ bytes: [UInt8]) -> Int? {
    var depth = 0
    var inString = false
    var escaped = false
    for (index, byte) in bytes.enumerated() {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return index + 1 }
        default: break
        }
    }
    return nil
}

enum WrongProgressMessageCodecs {
    static let all: [WrongImplementation] = encoders + decoders

    static let encoders: [WrongImplementation] = [
        .of({ .progressMessageEncoding }, "SecondsDurationEncoder", flaw: "writes the completion's duration in whole seconds, as the seed's `Math.floor(… / 1000)` (O-06)", breaks: "CODEC-04", "CODEC-02") {
            EditedEncoder { _, object in changingDuration(&object) { $0 / 1_000 } }
        },
        .of({ .progressMessageEncoding }, "SeedCanceledShapeEncoder", flaw: "writes `canceled` in seed 000's shape: `data`, no pipeline or version (O-05)", breaks: "CODEC-01", "CODEC-02") {
            EditedEncoder { message, object in
                guard message.type == .canceled else { return }
                object["data"] = object["payload"]
                object["payload"] = nil
                object["pipeline"] = nil
                object["version"] = nil
            }
        },
        .of({ .progressMessageEncoding }, "EmptyErrorMembersOmittedEncoder", flaw: "leaves out `affectedItems` and `details` when they are empty, as production's payload does", breaks: "CODEC-03") {
            EditedEncoder { _, object in
                let document = changing(changing(.object(object), at: ["payload"], dropEmpties), at: ["payload", "error"], dropEmpties)
                object = document.object ?? object
            }
        },
        .of({ .progressMessageEncoding }, "TimestampInSecondsEncoder", flaw: "writes `timestamp` as `Date().timeIntervalSince1970` without the × 1000", breaks: "CODEC-01", "CODEC-02") {
            EditedEncoder { message, object in object["timestamp"] = .integer(message.timestamp.epochMilliseconds / 1_000) }
        },
        .of({ .progressMessageEncoding }, "EchoingEncoder", flaw: "writes back the message as the process adapter hands it over, texts whole and empty error members left out", breaks: "CODEC-03", "CODEC-05") {
            EchoingEncoder()
        },
        .of({ .progressMessageEncoding }, "UncutTextEncoder", flaw: "writes titles and status lines whole, however long, so the reader refuses them", breaks: "CODEC-05") {
            EditedEncoder { message, object in
                guard case let .progress(update) = message.payload, var payload = object["payload"]?.object else { return }
                payload["currentTitle"] = update.currentTitle.map { .string($0) }
                payload["userMessage"] = update.userMessage.map { .string($0) }
                object["payload"] = .object(payload)
            }
        },
    ]

    static let decoders: [WrongImplementation] = [
        .of({ .progressMessageDecoding }, "ExactVersionDecoder", flaw: "reads only version 1.0.0, refusing a newer 1.x", breaks: "CODEC-07") {
            EditedDecoder(answer: { bytes, result in
                let version = ProgressMessageCodecProbe.member("version", of: bytes)
                if case .success = result, version != "1.0.0" { return .failure(ProgressMessageRejection(.unsupportedVersion, field: "version")) }
                return result
            })
        },
        .of({ .progressMessageDecoding }, "AnyVersionDecoder", flaw: "never looks at `version`, so 2.0.0 is read as 1.0.0", breaks: "CODEC-07") {
            EditedDecoder(rewrite: { bytes, sender in
                (editingObject(bytes) { object in if object["version"]?.string != nil, object["version"]?.string != "1.0.0" { object["version"] = "1.0.0" } }, sender)
            })
        },
        .of({ .progressMessageDecoding }, "EitherSideDecoder", flaw: "reads a message of either side's type, so an app accepts `ping` and a server `job_progress`", breaks: "CODEC-08") {
            EditedDecoder(rewrite: { bytes, _ in (bytes, nil) })
        },
        .of({ .progressMessageDecoding }, "ClampingCountsDecoder", flaw: "reads a processed count above the total as the total instead of refusing it", breaks: "CODEC-09") {
            EditedDecoder(rewrite: { bytes, sender in
                (editingObject(bytes) { object in
                    guard var payload = object["payload"]?.object, let processed = payload["processedCount"]?.int64, let total = payload["totalCount"]?.int64, processed > total else { return }
                    payload["processedCount"] = .integer(total)
                    object["payload"] = .object(payload)
                }, sender)
            })
        },
        .of({ .progressMessageDecoding }, "StrictUnknownMembersDecoder", flaw: "refuses members it does not know, like a `Codable` type that rejects extra keys", breaks: "CODEC-10") {
            EditedDecoder(answer: { bytes, result in
                guard case let .success(message) = result, let field = ProgressMessageCodecProbe.unknownMember(in: bytes, comparedWith: message) else { return result }
                return .failure(ProgressMessageRejection(.invalidValue, field: field))
            })
        },
        .of({ .progressMessageDecoding }, "NoSizeLimitDecoder", flaw: "reads a message of any size", breaks: "CODEC-11") {
            EditedDecoder(answer: { bytes, result in
                guard case let .failure(rejection) = result, rejection.reason == .oversized else { return result }
                do {
                    return .success(try ProgressMessageCodec.decode(JSONValue(parsing: bytes, limits: JSONParseLimits(bytesMax: 1 << 24, depthMax: 8))))
                } catch {
                    return result
                }
            })
        },
        .of({ .progressMessageDecoding }, "SizeLimitOffByOneDecoder", flaw: "refuses a message of exactly 65,536 bytes (`<` for `<=`)", breaks: "CODEC-11") {
            EditedDecoder(answer: { bytes, result in
                bytes.count >= ProgressMessageCodec.messageBytesMax ? .failure(ProgressMessageRejection(.oversized)) : result
            })
        },
        .of({ .progressMessageDecoding }, "FirstDocumentDecoder", flaw: "reads the first JSON value and ignores whatever follows it", breaks: "CODEC-12") {
            EditedDecoder(rewrite: { bytes, sender in
                guard let end = endOfFirstDocument(bytes) else { return (bytes, sender) }
                return (Array(bytes[..<end]), sender)
            })
        },
        .of({ .progressMessageDecoding }, "SecondsDurationDecoder", flaw: "reads `summary.duration` as seconds (O-06)", breaks: "CODEC-13", "CODEC-06") {
            EditedDecoder(rewrite: { bytes, sender in
                let type = ProgressMessageCodecProbe.member("type", of: bytes)
                guard type == "job_complete" || type == "sync_response" else { return (bytes, sender) }
                return (editingObject(bytes) { object in
                    changingDuration(&object) { seconds in
                        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
                        return overflow ? seconds : milliseconds
                    }
                }, sender)
            })
        },
    ]

    /// An error payload without its empty `affectedItems` and `details`.
    private static func dropEmpties(_ value: JSONValue) -> JSONValue {
        guard var object = value.object, object["code"] != nil else { return value }
        if object["affectedItems"]?.array?.isEmpty == true { object["affectedItems"] = nil }
        if object["details"]?.object?.isEmpty == true { object["details"] = nil }
        return .object(object)
    }
}

/// What the wrong decoders read from a frame beside the model.
enum ProgressMessageCodecProbe {
    /// The string member `key` of the frame's top-level object, if there is one.
    static func member(_ key: String, of bytes: [UInt8]) -> String? {
        do {
            return try JSONValue(parsing: bytes)[key]?.string
        } catch {
            return nil
        }
    }

    /// The path of a member of the frame that the model does not write for `message`, if any.
    static func unknownMember(in bytes: [UInt8], comparedWith message: ProgressMessage) -> String? {
        let frame: JSONValue
        do {
            frame = try JSONValue(parsing: bytes)
        } catch {
            return nil
        }
        return extra(frame, beyond: message.json, path: "")
    }

    private static func extra(_ value: JSONValue, beyond known: JSONValue, path: String) -> String? {
        guard let object = value.object else { return nil }
        for member in object.members {
            let memberPath = path.isEmpty ? member.key : path + "." + member.key
            guard let knownMember = known[member.key] else { return memberPath }
            if let inner = extra(member.value, beyond: knownMember, path: memberPath) { return inner }
        }
        return nil
    }
}

/// A decoder of one side: an app's reads only the server's messages, a backend's only the client's.
private struct OneSideDecoder: ProgressMessageDecoding {
    let side: ProgressSender

    func decode(_ bytes: [UInt8], from sender: ProgressSender) throws(ProgressMessageRejection) -> ProgressMessage {
        guard sender == side else { throw ProgressMessageRejection(.unexpectedSender, field: "type") }
        do {
            return try ProgressMessageCodec.decode(bytes, from: sender)
        } catch {
            throw ProgressMessageRejection(error)
        }
    }
}

/// An app's decoder reads the server's frames and a backend's the client's: neither is asked to read the
/// other side's (CODEC-06, CODEC-08), and the report says which side each reads.
@Suite struct OneSideDecoderTests {
    @Test(arguments: [ProgressSender.server, .client])
    func aDecoderOfOneSidePassesEveryRule(side: ProgressSender) {
        let result = ConformanceSuite.progressMessageDecoding.run("OneSideDecoder(\(side))") { OneSideDecoder(side: side) }
        for rule in result.rules {
            #expect(rule.grade == .pass || rule.grade == .notApplicable, "\(side): graded \(rule.grade) on \(rule.rule.id)\n\(result.failureText(for: rule) { "\($0)" } ?? "")")
        }
        let choices = result.rules.flatMap(\.choices).map(\.choice)
        #expect(choices == [side == .server ? "reads the server's messages (an app's decoder)" : "reads the client's messages (a backend's decoder)"])
    }
}
