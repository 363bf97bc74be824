// sessioncheck: checks a recorded progress-socket session (Docs/Recordings.md) against the protocol's
// rules. Everything but opening the file and writing the terminal lives in Simulator's
// `SessionCheckCommand`, where it is tested.
import CommandLineParsing
import Foundation
import SessionRecordings

/// The bytes read from the file at a time: the reader holds one chunk and one partial line.
let chunkBytes = 1 << 20

switch SessionCheckCommand.parse(Array(CommandLine.arguments.dropFirst())) {
case .help:
    print(SessionCheckCommand.usage, terminator: "")
    exit(0)
case let .usageError(message):
    StandardStream.error.write(message)
    exit(2)
case let .check(invocation):
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: invocation.path, isDirectory: &isFolder), !isFolder.boolValue,
        let handle = FileHandle(forReadingAtPath: invocation.path)
    else {
        let reason = FileManager.default.fileExists(atPath: invocation.path) ? (isFolder.boolValue ? "it is a folder" : "it cannot be read") : "no such file"
        StandardStream.error.write("cannot read \(invocation.path): \(reason)\n")
        exit(2)
    }
    var readFailure: ReadFailure?
    let status = SessionCheckCommand.check(invocation, nextChunk: {
        // A read that failed after some bytes: those bytes went out as a chunk, and the failure now.
        if let readFailure { throw readFailure }
        // Read straight into the chunk: one copy from the kernel, where `FileHandle.read(upToCount:)`
        // made a `Data` and the chunk copied it again.
        var errorNumber: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: chunkBytes) { buffer, count in
            count = 0
            while count < chunkBytes {
                let got = read(handle.fileDescriptor, buffer.baseAddress! + count, chunkBytes - count)
                if got > 0 {
                    count += got
                } else if got == 0 {
                    return
                } else if errno != EINTR {
                    errorNumber = errno
                    return
                }
            }
        }
        if errorNumber != 0 {
            let failure = ReadFailure(reason: String(cString: strerror(errorNumber)))
            readFailure = failure
            // The bytes read before the failure are checked first.
            guard !chunk.isEmpty else { throw failure }
        }
        return chunk.isEmpty ? nil : chunk
    }, write: { text in
        StandardStream.output.write(text)
    }, startThread: { body in Thread.detachNewThread(body) })
    // A --strict check may stop at a malformed line before it asks for the chunk that failed.
    if status == 2, let readFailure {
        StandardStream.error.write("cannot read \(invocation.path): \(readFailure)\n")
    }
    exit(status)
}

/// A read of the recording that failed, with the system's reason.
struct ReadFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { "the file could not be read to its end (\(reason))" }
}
