// The canary fuzz target: libFuzzer's inputs through `FuzzTarget.canary`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.canary) { data, count in fuzzOne(.canary, data, count) }
