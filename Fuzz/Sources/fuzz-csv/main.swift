// The csv fuzz target: libFuzzer's inputs through `FuzzTarget.csv`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.csv) { data, count in fuzzOne(.csv, data, count) }
