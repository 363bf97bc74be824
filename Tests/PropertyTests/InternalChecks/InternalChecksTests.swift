import SpecModel
import Testing

/// The internal checks are not blind. Built with `SPEC_INTERNAL_CHECKS`, an interner whose invariants
/// were broken on purpose stops the process at its next rehash, with the check's message, while the
/// same steps on a sound interner run to the end. Built without the flag, the checks compile to
/// nothing, and the broken interner runs on unchecked. (Exit tests run the body in a child process.)
@Suite struct InternalChecksTests {
    /// Interns enough keys to grow the table a few times, breaks `corruption` if any, then makes the
    /// table grow again, which rehashes it.
    static func internRehashing(after corruption: KeyInterner._Corruption?) {
        var interner = KeyInterner()
        for number in 0..<1_000 { _ = interner.intern("title \(number)") }
        if let corruption { interner._corruptForTesting(corruption) }
        interner.reserveCapacity(10_000)
    }

    #if SPEC_INTERNAL_CHECKS
    @Test(arguments: KeyInterner._Corruption.allCases)
    func aBrokenInternerStopsAtItsNextRehash(corruption: KeyInterner._Corruption) async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) { [corruption] in
            Self.internRehashing(after: corruption)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("internal check failed: KeyInterner, after a rehash"), "\(corruption): \(message)")
    }

    @Test func aSoundInternerRunsThroughTheSameSteps() async {
        await #expect(processExitsWith: .success) {
            Self.internRehashing(after: nil)
        }
    }
    #else
    @Test func withoutTheFlagABrokenInternerIsNotChecked() async {
        await #expect(processExitsWith: .success) {
            Self.internRehashing(after: .slotTag)
        }
    }
    #endif
}
