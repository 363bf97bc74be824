import Foundation
import FuzzOracles
import Testing

/// Every input the fuzzers ever failed on, and every seed of the corpus, passes its target's oracle.
///
/// `Fuzz/Regressions/<target>/` holds each crash or oracle failure a fuzz run found, committed as the
/// file libFuzzer wrote; `Fuzz/Corpus/<target>/` the seed corpus. The same oracles as the fuzz
/// executables, without libFuzzer: `Fuzz/run --replay` runs these tests under AddressSanitizer.
@Suite struct ReplayTests {
    /// The Fuzz package's folder (this file is `Fuzz/Tests/FuzzOraclesTests/ReplayTests.swift`).
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files of `Fuzz/<folder>/<target>/`, sorted by name, without dot-files and READMEs.
    static func inputs(in folder: String, of target: FuzzTarget) throws -> [URL] {
        let directory = fuzzFolder.appendingPathComponent(folder).appendingPathComponent(target.rawValue)
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    static func replay(_ folder: String, _ target: FuzzTarget) throws -> Int {
        let files = try inputs(in: folder, of: target)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                try target.check(bytes)
            } catch {
                Issue.record("""
                    Fuzz/\(folder)/\(target.rawValue)/\(file.lastPathComponent) fails: \(error)
                    replay: Fuzz/run --replay, or .build/…/fuzz-\(target.rawValue) Fuzz/\(folder)/\(target.rawValue)/\(file.lastPathComponent)
                    """)
            }
        }
        return files.count
    }

    @Test(arguments: FuzzTarget.all)
    func everyCommittedCrashInputPasses(target: FuzzTarget) throws {
        _ = try Self.replay("Regressions", target)
    }

    @Test(arguments: FuzzTarget.all)
    func everySeedOfTheCorpusPasses(target: FuzzTarget) throws {
        let count = try Self.replay("Corpus", target)
        #expect(count >= 4, "Fuzz/Corpus/\(target.rawValue)/ holds \(count) seeds; each target starts from a handful")
    }

    @Test(arguments: FuzzTarget.all)
    func theSeedsAreWithinTheTargetsInputLength(target: FuzzTarget) throws {
        for file in try Self.inputs(in: "Corpus", of: target) {
            let size = try Data(contentsOf: file).count
            #expect(size <= target.inputBytesMax, "Fuzz/Corpus/\(target.rawValue)/\(file.lastPathComponent) is \(size) bytes, more than -max_len \(target.inputBytesMax)")
        }
    }
}
