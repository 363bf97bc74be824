import CommandLineParsing
import Foundation
import ProcessAdapter
import SpecModel

/// Ways to break the protocol itself, each at the first `call` (after an honest handshake and `new`,
/// so the runner gets as far as a suite), except `old-protocol`, which breaks the handshake.
enum Misbehaviour: String, CaseIterable {
    /// Reads the call and never answers.
    case timeout
    /// Exits with status 3.
    case exit
    /// Traps, so the process dies of a signal.
    case crash
    /// Writes a line that is not JSON.
    case malformed
    /// Answers with another request's id.
    case wrongId = "wrong-id"
    /// Answers a throttle's offer with a decision the protocol does not have.
    case wrongShape = "wrong-shape"
    /// Answers with `{"error": …}`.
    case error
    /// Speaks protocol version 0.
    case oldProtocol = "old-protocol"
    /// Writes a megabyte to its error stream, then answers as the model does.
    case floodStderr = "flood-stderr"

    func run() -> Never {
        var model = AdapterServer.model(name: "adapter-wrong --misbehave \(rawValue)")
        while let line = readLine(strippingNewline: true) {
            let request: JSONValue
            do {
                request = try JSONValue(parsing: line)
            } catch {
                write(model.answer(line))  // the model's server answers a broken request with its error
                continue
            }
            let id = request["id"]?.int64 ?? -1
            if self == .oldProtocol, request["op"]?.string == "hello" {
                write(#"{"id":\#(id),"ok":{"protocol":0,"name":"old","seams":["progress-throttle"]}}"#)
                continue
            }
            guard request["op"]?.string == "call" else {
                write(model.answer(line))
                continue
            }
            switch self {
            case .timeout:
                while true { sleep(60) }
            case .exit:
                Foundation.exit(3)
            case .crash:
                fatalError("adapter-wrong --misbehave crash: a deliberate trap")
            case .malformed:
                write("this is not JSON")
            case .wrongId:
                write(#"{"id":\#(id + 1000),"ok":null}"#)
            case .wrongShape:
                write(#"{"id":\#(id),"ok":{"kind":"maybe"}}"#)
            case .error:
                write(#"{"id":\#(id),"error":"the backend's throttle threw: TypeError: cannot read properties of undefined"}"#)
            case .floodStderr:
                StandardStream.error.write(String(repeating: "noise on stderr\n", count: 65_536))
                write(model.answer(line))
            case .oldProtocol:
                write(model.answer(line))
            }
        }
        Foundation.exit(0)
    }

    private func write(_ line: String) {
        StandardStream.output.write(line + "\n")
    }
}
