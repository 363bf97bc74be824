import Generators
import SpecModel
import Workloads

/// What the progress suites share: the seed's section names, a fixed start time, and small pure
/// helpers for reading what an implementation wrote.
enum ProgressConformance {
    /// Streams and scripts start at the seed's date, as the model's own tests do.
    static let start = ProgressUpdateStream.startDefault

    /// The instant `milliseconds` after `start`.
    static func at(_ milliseconds: Int64) -> Timestamp { start.adding(milliseconds: milliseconds) }

    /// Milliseconds from `start` to `time`, for reports.
    static func offset(_ time: Timestamp) -> Int64 { time.epochMilliseconds &- start.epochMilliseconds }

    /// A job ID as production issues them.
    static let jobId = ProgressMessageFixture.jobId

    /// The longest prefix of `text` that ends on a Unicode scalar boundary and has at most
    /// `utf8BytesMax` UTF-8 bytes: the cut D-084 and D-076 specify, written here once so the suites
    /// state their expectations without the model's internal helper.
    static func scalarPrefix(_ text: String, utf8BytesMax: Int) -> String {
        if text.utf8.count <= utf8BytesMax { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if bytes + width > utf8BytesMax { break }
            bytes += width
            kept.append(scalar)
        }
        return String(kept)
    }

    /// `bytes` parsed within the progress messages' limits, or `nil`.
    static func json(_ bytes: [UInt8]) -> JSONValue? {
        do {
            return try JSONValue(parsing: bytes, limits: ProgressMessageCodec.parseLimits)
        } catch {
            return nil
        }
    }

    /// `bytes` parsed with the parser's default (looser) limits, or `nil`: for payloads that are not
    /// whole messages.
    static func looseJSON(_ bytes: [UInt8]) -> JSONValue? {
        do {
            return try JSONValue(parsing: bytes)
        } catch {
            return nil
        }
    }

    /// Bytes as text for a report, invalid UTF-8 repaired, long text clipped.
    static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(600), as: UTF8.self)
        return String(reflecting: text) + (bytes.count > 600 ? "… (\(bytes.count) bytes)" : "")
    }

    /// The model's decoding of `bytes`, as a decoder's answer.
    static func modelDecode(_ bytes: [UInt8], from sender: ProgressSender) -> Result<ProgressMessage, ProgressMessageRejection> {
        do {
            return .success(try ProgressMessageCodec.decode(bytes, from: sender))
        } catch {
            return .failure(ProgressMessageRejection(error))
        }
    }

    /// A decoder's answer for `bytes`.
    static func answer(of decoder: some ProgressMessageDecoding, _ bytes: [UInt8], from sender: ProgressSender) -> Result<ProgressMessage, ProgressMessageRejection> {
        do {
            return .success(try decoder.decode(bytes, from: sender))
        } catch {
            return .failure(error)
        }
    }

    /// One line for a decoder's answer.
    static func show(_ answer: Result<ProgressMessage, ProgressMessageRejection>) -> String {
        switch answer {
        case let .success(message): return "decoded: \(message)"
        case let .failure(rejection): return "refused: \(rejection)"
        }
    }
}
