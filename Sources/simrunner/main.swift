// simrunner: runs the scenario files in Scenarios/ on the simulator, replays a run from its seed, and
// sweeps seeds in shards. Everything but reading and writing files lives in Simulator's
// `ScenarioCommand`, where it is tested; see `simrunner` without arguments.
import Foundation
import Simulator

let outcome = ScenarioCommand.run(arguments: Array(CommandLine.arguments.dropFirst())) { path in
    FileManager.default.contents(atPath: path).map { Array($0) }
}
for (path, contents) in outcome.files {
    do {
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(path)")
    } catch {
        FileHandle.standardError.write(Data("cannot write \(path): \(error)\n".utf8))
        exit(2)
    }
}
print(outcome.output, terminator: "")
exit(outcome.status)
