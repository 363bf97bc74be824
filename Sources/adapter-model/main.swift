// The model as an adapter program: serves every seam of the adapter protocol with the model's own
// implementation, so `adapterrun -- adapter-model` passes every suite (Docs/ProcessAdapter.md).
import CommandLineParsing
import Foundation
import ProcessAdapter

let command = Command(
    "adapter-model", "Serves every seam of the adapter protocol with the model's own implementation.",
    discussion: "Run it through adapterrun: adapterrun -- adapter-model"
)
do throws(UsageError) {
    if try command.parse(Array(CommandLine.arguments.dropFirst())).wantsHelp {
        StandardStream.output.write(command.help)
        exit(0)
    }
} catch {
    StandardStream.error.write("adapter-model: \(error)")
    exit(UsageError.exitStatus)
}
var server = AdapterServer.model(name: "the model (adapter-model)")
server.serve()
