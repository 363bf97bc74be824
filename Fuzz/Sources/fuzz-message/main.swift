// The message fuzz target: libFuzzer's inputs through `FuzzTarget.message`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.message) { data, count in fuzzOne(.message, data, count) }
