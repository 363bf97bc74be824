// The json fuzz target: libFuzzer's inputs through `FuzzTarget.json`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.json) { data, count in fuzzOne(.json, data, count) }
