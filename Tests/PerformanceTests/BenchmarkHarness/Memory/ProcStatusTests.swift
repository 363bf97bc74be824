import BenchmarkHarness
import Testing

// Reading the peak resident memory from the text of /proc/self/status.
@Suite struct ProcStatusTests {
    @Test func thePeakIsReadFromTheVmHWMLine() {
        let status = "Name:\tbenchrunner\nVmPeak:\t  230000 kB\nVmHWM:\t   19876 kB\nVmRSS:\t   18000 kB\n"
        #expect(ProcStatus.peakResidentKibibytes(in: status) == 19_876)
    }

    @Test(arguments: ["", "VmRSS:\t 1 kB\n", "VmHWM:\t lots kB\n", "VmHWM:\t 12 MB\n", "VmHWM:\n"])
    func aMissingOrMalformedLineGivesNothing(status: Shown<String>) {
        #expect(ProcStatus.peakResidentKibibytes(in: status.value) == nil)
    }
}
