// The scenario fuzz target: libFuzzer's inputs through `FuzzTarget.scenario`'s oracle. Built and run by Fuzz/run.
import FuzzDriver
import FuzzOracles

runFuzzer(.scenario) { data, count in fuzzOne(.scenario, data, count) }
