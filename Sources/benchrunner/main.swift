// benchrunner: runs the workloads in `Workloads.all` and reports them. Everything but the clock and
// the process's memory counters lives in BenchmarkHarness, where it is tested; see `--help`.
import BenchmarkHarness
import Foundation
import Workloads

#if DEBUG
let configuration = BuildConfiguration.debug
#else
let configuration = BuildConfiguration.release
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == SideBySideCommand.verb {
    let command = SideBySideCommand(console: .standard, runBuild: BuildRunner.run)
    exit(command.run(arguments: Array(arguments.dropFirst())).rawValue)
}
let command = BenchmarkCommand(
    configuration: configuration,
    workloads: Workloads.all,
    environment: SystemEnvironment(),
    console: .standard
)
exit(command.run(arguments: arguments).rawValue)
