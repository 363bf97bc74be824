// adapterrun: runs the conformance kit's suites against a program in any language, through the
// adapter protocol (Docs/ProcessAdapter.md). Everything but the process's own streams and environment
// lives in ProcessAdapter's `AdapterRunCommand`, where it is tested.
import CommandLineParsing
import Foundation
import Generators
import ProcessAdapter
import Scenarios

switch AdapterRunCommand.parse(Array(CommandLine.arguments.dropFirst())) {
case .help:
    print(AdapterRunCommand.usage, terminator: "")
    exit(0)
case let .usageError(message):
    StandardStream.error.write("adapterrun: " + message)
    exit(2)
case let .run(invocation):
    if let path = invocation.scenarioPath {
        // A program's seams in a simulated scenario: the file read with its size checked first.
        let scenario: ScenarioFile
        do {
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
            guard size <= ScenarioFile.bytesMax, let data = FileManager.default.contents(atPath: path) else {
                StandardStream.error.write("adapterrun: cannot read \(path): \(size > ScenarioFile.bytesMax ? "it is \(size) bytes, and a scenario file holds at most \(ScenarioFile.bytesMax)" : "the file could not be read")\n")
                exit(2)
            }
            scenario = try ScenarioFile(decoding: Array(data))
        } catch let error as ScenarioFileError {
            StandardStream.error.write("adapterrun: cannot load \(path): \(error)\n")
            exit(2)
        } catch {
            StandardStream.error.write("adapterrun: cannot read \(path): \(FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file")\n")
            exit(2)
        }
        let seeds = invocation.seeds.map(Array.init) ?? scenario.seeds
        exit(AdapterScenarioRun.run(scenario, path: path, seeds: seeds, invocation: invocation) { text in
            StandardStream.output.write(text)
        })
    }
    let overrides: PropertyOverrides
    do {
        overrides = try PropertyOverrides(environment: ProcessInfo.processInfo.environment)
    } catch {
        StandardStream.error.write("adapterrun: \(error)\n")
        exit(2)
    }
    let (status, markdown) = AdapterRunCommand.run(invocation, overrides: overrides) { text in
        StandardStream.output.write(text)
    }
    if let path = invocation.reportPath {
        do {
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            StandardStream.error.write("adapterrun: " + WriteFailure(probing: path).line(for: path))
            exit(2)
        }
    }
    exit(status)
}
