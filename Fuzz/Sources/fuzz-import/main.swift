// The import fuzz target: libFuzzer's inputs through `FuzzTarget.import`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.`import`) { data, count in fuzzOne(.`import`, data, count) }
