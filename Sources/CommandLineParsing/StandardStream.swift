#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output or standard error, written whole with `write(2)`: what every
/// executable of the package prints goes through here.
///
/// A stream that can no longer be written ends the process, never a trap: Foundation's
/// `FileHandle.write(_:)` traps on a failed write, which is what a closed pipe gives a process that
/// ignores SIGPIPE (adapterrun ignores it, to survive a program that dies while it writes).
package enum StandardStream: Sendable {
    case output
    case error

    /// The exit status when the stream's reader has gone (`tool | head`): 128 + SIGPIPE, the status
    /// a shell reports for a process SIGPIPE stopped, as it stops the tools that do not ignore it.
    package static let readerGoneStatus: Int32 = 141
    /// The exit status when the stream failed otherwise (a full disk under a redirection).
    package static let failedStatus: Int32 = 1

    /// Writes `text` as it is; no newline is added.
    package func write(_ text: String) {
        guard let status = Self.write(text, to: descriptor) else { return }
        if status == Self.failedStatus, self == .output {
            // Best effort: standard error may have failed as well, and there is nowhere else to say so.
            _ = Self.write("cannot write to standard output: the write failed\n", to: StandardStream.error.descriptor)
        }
        exit(status)
    }

    /// Writes `text` to `descriptor`, again after an interruption or a partial write: nil when every
    /// byte went, else the status the process ends with (`readerGoneStatus` or `failedStatus`).
    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
        guard let failure else { return nil }
        return failure == EPIPE ? readerGoneStatus : failedStatus
    }

    private var descriptor: Int32 { self == .output ? 1 : 2 }
}

/// `write(2)`, out of the reach of `StandardStream.write(_:)`'s name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
