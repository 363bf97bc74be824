/// The fuzz targets: one parser or decoder each, with its oracle and the longest input worth trying.
public enum FuzzTarget: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `CSVParser` and `CSVRowReader`: every read API and chunking agree; written records read back.
    case csv
    /// `CSVImport` against `PlainImport`: the same summary, progress and library; every row counted once.
    case `import`
    /// `JSONValue(parsing:)`: parse, encode and parse again give the same value; limits only refuse.
    case json
    /// `ProgressMessageCodec`: what decodes re-encodes canonically and decodes to the same message.
    case message
    /// `ScenarioFile(decoding:)`: a typed error or a scenario, the same twice and from the canonical text.
    case scenario
    /// `ReplayToken(parsing:)`: only what the encoder writes decodes, and all of it does.
    case token
    /// A deliberately wrong CSV reader checked by the CSV oracle: the fuzzer must catch it within seconds,
    /// so a harness that has gone blind fails loudly (`.ci/run` runs it expecting a failure).
    case canary

    /// The targets `Fuzz/run` runs when none is named: every real one.
    public static let all: [FuzzTarget] = [.csv, .import, .json, .message, .scenario, .token]

    /// The longest input the fuzzer tries (libFuzzer's `-max_len`), in bytes: room for a few dozen
    /// records, a message or a scenario file, while keeping executions fast. The import's is the
    /// smallest that still holds two batches of short rows: the plain import compares each row with
    /// every book before it, normalizing both titles each time, so its cost grows with the square of
    /// the rows (a 4 KiB file of 60 rows took 200 ms under ASan).
    public var inputBytesMax: Int {
        switch self {
        case .csv, .canary: return 16_384
        case .json, .scenario: return 8_192
        case .message, .token: return 4_096
        case .import: return 2_048
        }
    }

    /// Runs the target's oracle on one input.
    public func check(_ bytes: [UInt8]) throws(OracleFailure) {
        switch self {
        case .csv: try CSVOracle.check(bytes)
        case .import: try ImportOracle.check(bytes)
        case .json: try JSONOracle.check(bytes)
        case .message: try MessageOracle.check(bytes)
        case .scenario: try ScenarioOracle.check(bytes)
        case .token: try ReplayTokenOracle.check(bytes)
        case .canary: try CSVOracle.check(bytes, readers: CSVOracle.readers + [CSVOracle.canaryReader], target: .canary)
        }
    }

    public var description: String { rawValue }
}
