// The invariants of the unsafe and speed machinery (the interner, the scanner's word-at-a-time paths,
// the tables of places, the in-place text rules), stated as checks that the compile condition
// `SPEC_INTERNAL_CHECKS` turns on:
//
//     swift test -Xswiftc -DSPEC_INTERNAL_CHECKS
//     swift test -c release -Xswiftc -DSPEC_INTERNAL_CHECKS --scratch-path .build-asan --sanitize=address
//
// Without it every check compiles to nothing: no code, no closure, no cost (swift-collections'
// `COLLECTIONS_INTERNAL_CHECKS`). An unsafe buffer's subscript is checked only in a debug build, and a
// raw pointer's load never; with the flag the indices they are given are checked in the optimised
// build too, which is where an off-by-one reads past a buffer silently. CI runs the whole suite with
// the flag on under AddressSanitizer and again under ThreadSanitizer (`.ci/run`). The checks are
// `package`, so every module's unsafe code states its invariants the same way.

/// Stops the process with `message` when `condition` is false, in builds with `SPEC_INTERNAL_CHECKS`;
/// compiles to nothing otherwise.
///
/// A `precondition` in effect, but one that keeps its message in an optimised build (where a failed
/// `precondition` reports no message), so a check that fires says which invariant and which values.
@_transparent
@usableFromInline
package func internalCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    #if SPEC_INTERNAL_CHECKS
    // Reached only if the package's own code breaks the invariant its call site states; no input
    // does, unless that code is wrong (which is what the flag's CI runs look for).
    if !condition() { fatalError("internal check failed: \(message())", file: file, line: line) }
    #endif
}

/// Stops the process when a whole-structure check finds problems, in builds with
/// `SPEC_INTERNAL_CHECKS`, naming the structure and the point it was checked at; compiles to nothing
/// otherwise.
@_transparent
@usableFromInline
package func internalCheckConsistency(
    _ problems: @autoclosure () -> [String], _ structure: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    #if SPEC_INTERNAL_CHECKS
    let found = problems()
    // As in `internalCheck`: only a bug in the structure's own code makes `problems()` find any.
    if !found.isEmpty {
        fatalError("internal check failed: \(structure()) is inconsistent: \(found.prefix(5).joined(separator: "; "))", file: file, line: line)
    }
    #endif
}

/// Whether a whole-structure check is due after a table grew to `count` entries: at every power of
/// two, so the checks of a table grown to n entries cost O(n) in all, as its growth did.
@inline(__always)
package func internalCheckIsDue(atCount count: Int) -> Bool {
    count > 0 && count & (count &- 1) == 0
}

/// Whether `bytes` are valid UTF-8, by the standard library's decoder: an oracle independent of the
/// package's own validation, for checks.
@usableFromInline
package func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    !transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
}
