// simrunner: runs the scenario files in Scenarios/ on the simulator, replays a run from its seed, and
// sweeps seeds in shards. Everything but reading and writing files lives in Simulator's
// `ScenarioCommand`, where it is tested; see `simrunner` without arguments.
import CommandLineParsing
import Foundation
import Scenarios

/// Reads a scenario file, its size checked first so a huge file is refused without being read.
func read(_ path: String, bytesMax: Int) -> ScenarioCommand.FileRead {
    let attributes: [FileAttributeKey: Any]
    do {
        attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
        return .unreadable(reason: FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file")
    }
    if attributes[.type] as? FileAttributeType == .typeDirectory { return .unreadable(reason: "it is a folder, not a scenario file") }
    if let size = (attributes[.size] as? NSNumber)?.intValue, size > bytesMax { return .tooLarge(bytes: size) }
    guard let data = FileManager.default.contents(atPath: path) else { return .unreadable(reason: "the file could not be read") }
    return data.count > bytesMax ? .tooLarge(bytes: data.count) : .contents(Array(data))
}

let outcome = ScenarioCommand.run(arguments: Array(CommandLine.arguments.dropFirst())) { path, bytesMax in read(path, bytesMax: bytesMax) }
for (path, contents) in outcome.files {
    do {
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    } catch {
        StandardStream.error.write(WriteFailure(probing: path).line(for: path))
        exit(2)
    }
}
if outcome.status == 2 {
    StandardStream.error.write(outcome.output)
} else {
    print(outcome.output, terminator: "")
}
exit(outcome.status)
