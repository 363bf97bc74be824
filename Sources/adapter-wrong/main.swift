// A wrong implementation as an adapter program, which the runner must reject by the rule each flaw
// breaks, and (with --misbehave) a program that breaks the protocol itself, which the runner must
// report as such without hanging (Docs/ProcessAdapter.md).
import CommandLineParsing
import Foundation
import ProcessAdapter
import SpecConformance
import SpecModel

let command = Command(
    "adapter-wrong", "Serves one plausible flaw per seam over the adapter protocol, for adapterrun to reject by the rule it breaks.",
    options: [
        .value("--misbehave", "MODE", "break the protocol itself at the first call instead: \(Misbehaviour.allCases.map(\.rawValue).joined(separator: ", "))"),
    ],
    discussion: "Run it through adapterrun: adapterrun -- adapter-wrong"
)
do throws(UsageError) {
    let parsed = try command.parse(Array(CommandLine.arguments.dropFirst()))
    if parsed.wantsHelp {
        StandardStream.output.write(command.help)
        exit(0)
    }
    if let mode = try parsed.value("--misbehave", "one of \(Misbehaviour.allCases.map(\.rawValue).joined(separator: ", "))", Misbehaviour.init(rawValue:)) {
        mode.run()
    } else {
        var server = AdapterServer(name: "wrong implementations (adapter-wrong)", WrongSeams.factories)
        server.serve()
    }
} catch {
    StandardStream.error.write("adapter-wrong: \(error)")
    exit(UsageError.exitStatus)
}
