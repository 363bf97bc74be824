#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzOracles

/// libFuzzer's driver (`libclang_rt.fuzzer_no_main`, linked by `Fuzz/run`): it parses libFuzzer's flags
/// from `argv` and calls `callback` with each input it tries.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Hands the process's arguments and `callback` to libFuzzer and exits with its status.
///
/// The target's input length (`-max_len`, `FuzzTarget.inputBytesMax`) is added unless the arguments
/// set one, so that every way of running the executable tries the same inputs. `callback` must not
/// capture anything (it is a C function pointer): each target's `main.swift` passes a closure that
/// calls `fuzzOne(_:_:_:)` with its target.
public func runFuzzer(_ target: FuzzTarget, _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var arguments = CommandLine.arguments
    if !arguments.contains(where: { $0.hasPrefix("-max_len=") }) {
        arguments.insert("-max_len=\(target.inputBytesMax)", at: 1)
    }
    // libFuzzer keeps pointers into argv for the whole run: these strings are never freed.
    var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var argc = CInt(arguments.count)
    let status = pointers.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress!
        return LLVMFuzzerRunDriver(&argc, &argv, callback)
    }
    exit(status)
}

/// Runs `target`'s oracle on one input; a failure prints the oracle's report and traps, so that
/// libFuzzer keeps the input as a crash and prints where it is.
public func fuzzOne(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    do {
        try target.check(bytes)
    } catch {
        fatalError("\n\(error)\n")
    }
    return 0
}
