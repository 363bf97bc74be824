// vectorwriter: writes the test vectors (one JSON file per area, each case's expected output computed
// by the model) into TestVectors/, or with --check says which committed files differ. Everything but
// reading and writing files lives in SpecConformance's `VectorWriterCommand`, where it is tested.
import CommandLineParsing
import Foundation
import SpecConformance

/// The `.json` files of `folder`, with their bytes.
func readFolder(_ folder: String) -> VectorWriterCommand.FolderRead {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return .missing }
    guard isFolder.boolValue else { return .unreadable(reason: "it is not a folder") }
    let names: [String]
    do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
        return .unreadable(reason: "its files cannot be listed")
    }
    var files: [(name: String, bytes: [UInt8])] = []
    for name in names.sorted() where name.hasSuffix(".json") {
        guard let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name)) else {
            return .unreadable(reason: "\(name) cannot be read")
        }
        files.append((name, Array(data)))
    }
    return .files(files)
}

/// Prints `line` on standard error and stops with the file-error status.
func fail(_ line: String) -> Never {
    StandardStream.error.write(line)
    exit(2)
}

let outcome = VectorWriterCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), readFolder: readFolder)
if !outcome.files.isEmpty, !FileManager.default.fileExists(atPath: outcome.folder) {
    do {
        try FileManager.default.createDirectory(atPath: outcome.folder, withIntermediateDirectories: false)
    } catch {
        fail(WriteFailure(probing: outcome.folder).line(forFolder: outcome.folder))
    }
}
for (path, contents) in outcome.files {
    do {
        try Data(contents).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
        fail(WriteFailure(probing: path).line(for: path))
    }
}
if outcome.status == 2 {
    StandardStream.error.write(outcome.output)
} else {
    print(outcome.output, terminator: "")
}
exit(outcome.status)
