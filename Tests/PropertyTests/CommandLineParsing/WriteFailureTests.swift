import CommandLineParsing
import Foundation
import Testing

/// Issue 24: a path an executable cannot write is one plain line with the path and the reason, the most
/// specific reason first; simrunner and vectorwriter print the same line (issue 38: one type, not two).
@Suite struct WriteFailureTests {
    @Test(arguments: [
        (WriteFailure(folder: "no/such", folderExists: false, folderIsWritable: false, pathIsFolder: false), "no/such/t.jsonl",
         "cannot write no/such/t.jsonl: there is no folder no/such"),
        (WriteFailure(folder: "/ro", folderExists: true, folderIsWritable: false, pathIsFolder: false), "/ro/t.jsonl",
         "cannot write /ro/t.jsonl: the folder /ro is not writable"),
        (WriteFailure(folder: ".", folderExists: true, folderIsWritable: true, pathIsFolder: true), "traces",
         "cannot write traces: it is a folder"),
        (WriteFailure(folder: ".", folderExists: true, folderIsWritable: true, pathIsFolder: false), "t.jsonl",
         "cannot write t.jsonl: the file could not be written"),
    ])
    func aFileThatCannotBeWrittenIsOnePlainLine(failure: WriteFailure, path: String, line: String) {
        #expect(failure.line(for: path) == line + "\n")
    }

    @Test func aFolderThatCannotBeCreatedIsOnePlainLine() {
        let missing = WriteFailure(folder: "a/b", folderExists: false, folderIsWritable: false, pathIsFolder: false)
        #expect(missing.line(forFolder: "a/b/TestVectors") == "cannot create the folder a/b/TestVectors: there is no folder a/b\n")
        let existing = WriteFailure(folder: "a", folderExists: true, folderIsWritable: true, pathIsFolder: true)
        #expect(existing.line(forFolder: "a/TestVectors") == "cannot create the folder a/TestVectors: it exists\n")
    }

    /// The probe reads the file system as it is: a folder given as a file, a missing parent folder.
    @Test func theProbeSeesAFolderAndAMissingParent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("write-failure-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { #expect(throws: Never.self) { try FileManager.default.removeItem(at: folder) } }
        #expect(WriteFailure(probing: folder.path).pathIsFolder)
        let inMissing = folder.appendingPathComponent("missing/t.jsonl").path
        #expect(WriteFailure(probing: inMissing).line(for: inMissing) == "cannot write \(inMissing): there is no folder \(folder.path)/missing\n")
    }
}
