import Fixtures
import Generators
import SpecModel

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
