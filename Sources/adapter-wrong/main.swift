// A wrong implementation as an adapter program, which the runner must reject by the rule each flaw
// breaks, and (with --misbehave) a program that breaks the protocol itself, which the runner must
// report as such without hanging (Docs/ProcessAdapter.md).
//
//     adapter-wrong                      one plausible flaw per seam (listed in `flaws`)
//     adapter-wrong --misbehave MODE     timeout, exit, crash, malformed, wrong-id, wrong-shape, error,
//                                        old-protocol or flood-stderr at the first call
import CommandLineParsing
import Foundation
import ProcessAdapter
import SpecConformance
import SpecModel

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--misbehave" {
    guard arguments.count == 2, let mode = Misbehaviour(rawValue: arguments[1]) else {
        StandardStream.error.write("usage: adapter-wrong [--misbehave \(Misbehaviour.allCases.map(\.rawValue).joined(separator: "|"))]\n")
        exit(2)
    }
    mode.run()
} else if arguments.isEmpty {
    var server = AdapterServer(name: "wrong implementations (adapter-wrong)", WrongSeams.factories)
    server.serve()
} else {
    StandardStream.error.write("usage: adapter-wrong [--misbehave MODE]\n")
    exit(2)
}
