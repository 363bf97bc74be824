// sessioncheck: checks a recorded progress-socket session (Docs/Recordings.md) against the protocol's
// rules. Everything but opening the file and writing the terminal lives in Simulator's
// `SessionCheckCommand`, where it is tested.
import Foundation
import Simulator

/// The bytes read from the file at a time: the reader holds one chunk and one partial line.
let chunkBytes = 1 << 20

switch SessionCheckCommand.parse(Array(CommandLine.arguments.dropFirst())) {
case .help:
    print(SessionCheckCommand.usage, terminator: "")
    exit(0)
case let .usageError(message):
    FileHandle.standardError.write(Data((message + "\n\n" + SessionCheckCommand.usage).utf8))
    exit(2)
case let .check(invocation):
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: invocation.path, isDirectory: &isFolder), !isFolder.boolValue,
        let handle = FileHandle(forReadingAtPath: invocation.path)
    else {
        let reason = FileManager.default.fileExists(atPath: invocation.path) ? (isFolder.boolValue ? "it is a folder" : "it cannot be read") : "no such file"
        FileHandle.standardError.write(Data("cannot read \(invocation.path): \(reason)\n".utf8))
        exit(2)
    }
    var readFailure: String?
    let status = SessionCheckCommand.check(invocation, nextChunk: {
        do {
            guard let data = try handle.read(upToCount: chunkBytes), !data.isEmpty else { return nil }
            return [UInt8](data)
        } catch {
            readFailure = "the file could not be read to its end"
            return nil
        }
    }, write: { text in
        FileHandle.standardOutput.write(Data(text.utf8))
    }, startThread: { body in Thread.detachNewThread(body) })
    if let readFailure {
        FileHandle.standardError.write(Data("cannot read \(invocation.path): \(readFailure)\n".utf8))
        exit(2)
    }
    exit(status)
}
