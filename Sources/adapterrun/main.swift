// adapterrun: runs the conformance kit's suites against a program in any language, through the
// adapter protocol (Docs/ProcessAdapter.md). Everything but the process's own streams and environment
// lives in ProcessAdapter's `AdapterRunCommand`, where it is tested.
import Foundation
import Generators
import ProcessAdapter

switch AdapterRunCommand.parse(Array(CommandLine.arguments.dropFirst())) {
case .help:
    print(AdapterRunCommand.usage, terminator: "")
    exit(0)
case let .usageError(message):
    FileHandle.standardError.write(Data(("adapterrun: " + message + "\n\n" + AdapterRunCommand.usage).utf8))
    exit(2)
case let .run(invocation):
    let overrides: PropertyOverrides
    do {
        overrides = try PropertyOverrides(environment: ProcessInfo.processInfo.environment)
    } catch {
        FileHandle.standardError.write(Data("adapterrun: \(error)\n".utf8))
        exit(2)
    }
    let (status, markdown) = AdapterRunCommand.run(invocation, overrides: overrides) { text in
        FileHandle.standardOutput.write(Data(text.utf8))
    }
    if let path = invocation.reportPath {
        do {
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            FileHandle.standardError.write(Data("adapterrun: cannot write \(path): \((error as NSError).localizedFailureReason ?? error.localizedDescription)\n".utf8))
            exit(2)
        }
    }
    exit(status)
}
