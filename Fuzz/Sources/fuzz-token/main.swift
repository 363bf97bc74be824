// The token fuzz target: libFuzzer's inputs through `FuzzTarget.token`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.token) { data, count in fuzzOne(.token, data, count) }
